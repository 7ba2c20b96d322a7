"""What an embed opens, and its problem when it cannot: a part of :class:`embed_screen.EmbedHooks`.

The configuration (:class:`lostcities.ui.embed.Config`) names a tutorial (a lesson), a puzzle (a
tutorial's, or the moves of a seat in a record: :func:`puzzle_from_record`), a record to view, or a
position to play freely (``s``, ``rec`` after ``step`` actions, or a new deal).  The seats are named
from the reader's (``pov``); a position that cannot be opened shows its reason in the frame and is
told to the host page as an ``error`` with its documented code.
"""

from __future__ import annotations

import typing

import screen_states
from lostcities import api, errors, i18n, session
from lostcities.ui import embed, tutorial
from lostcities.ui import html as lc_html

if typing.TYPE_CHECKING:
    from embed_screen import EmbedHooks


def puzzle_from_record(record: api.Record, start: int, pov: int, names: typing.Sequence[str],
                       bot: str) -> tutorial.Tutorial:
    """A tutorial whose steps are the moves of seat ``pov`` in ``record`` after its
    first ``start`` actions (at most :data:`tutorial.MAX_STEPS`); the other seats'
    actions and chance are each step's replies.  Raises :class:`embed.EmbedError`."""
    actions = record.actions
    if not 0 <= start <= len(actions):
        raise embed.EmbedError(i18n._("step must be from 0 to {count} for this record").format(count=len(actions)))
    prefix = api.Record(record.game, actions[:start], record.start)
    try:
        state = prefix.replay()
        whole = record.replay()
    except errors.GameError as err:
        raise embed.EmbedError(i18n._("the record cannot be replayed: {reason}").format(
            reason=err.reason), code="bad_record") from None
    del whole
    steps: list[dict[str, typing.Any]] = []
    probe = state.clone()
    for text in actions[start:]:
        mover = probe.current_player
        probe.apply(text)
        if mover == pov:
            if len(steps) == tutorial.MAX_STEPS:
                break
            steps.append({"kind": "act",
                          "text": i18n._("Find the move that was played here ({number}).").format(
                              number=len(steps) + 1),
                          "expected": [text], "replies": [],
                          "success": i18n._("Yes: that is the move that was played."),
                          "failure": i18n._("That move is legal, but it is not the one played here. Try again.")})
        elif steps:
            steps[-1]["replies"].append(text)
    if not steps:
        raise embed.EmbedError(i18n._("seat {number} makes no move in this record after action {start}").format(
            number=pov + 1, start=start),
                               code="bad_record")
    options = dict(record.game.options())
    options.pop("players", None)
    return tutorial.parse({
        "id": "puzzle", "game": record.game.name, "title": i18n._("Find the moves"),
        "summary": i18n._("Play the moves of the record, one by one."), "options": options, "seats": list(names),
        "pov": pov, "bot": bot, "setup": {"scenario": state.to_dict()}, "steps": steps,
    })


class Opening:
    """Opens what one embed's configuration names on its screen."""

    def __init__(self, embed_hooks: EmbedHooks) -> None:
        self.embed = embed_hooks

    def open(self) -> None:
        """Open what the configuration names (again: ``reset``, ``load``), then say ``ready``; a
        position that cannot be opened fails (:meth:`fail`)."""
        hooks = self.embed
        scr = hooks.screen
        hooks.lesson = None
        hooks.record = None
        config = hooks.config
        names = self.names()
        try:
            if config.tutorial is not None:
                hooks.strict = config.mode is embed.Mode.PUZZLE
                hooks.lesson = tutorial.Lesson(tutorial.get(config.tutorial), step=config.step)
                scr.start(hooks.lesson.session)
            elif config.mode is embed.Mode.PUZZLE:
                hooks.strict = True
                record = self.record()
                hooks.lesson = tutorial.Lesson(puzzle_from_record(record, config.step, config.pov, names,
                                                                  config.bot))
                scr.start(hooks.lesson.session)
            elif config.mode is embed.Mode.VIEW:
                hooks.record = self.record()
                hooks.shown = self.first_shown()
                scr.start(self.session(hooks.record.game, self.replayed(hooks.shown)))
            else:
                scr.start(self.session(*self.play_position()))
        except tutorial.TutorialError as err:
            self.fail("bad_tutorial", err.reason)
            return
        except errors.GameError as err:
            code = getattr(err, "code", "")
            self.fail(code if code in embed.ERROR_CODES else self.problem_code(), err.reason)
            return
        hooks.messages.send_ready()

    def fail(self, code: str, reason: str) -> None:
        """Show a problem in the frame (and tell the host page)."""
        hooks = self.embed
        scr = hooks.screen
        scr.stop()
        scr.session = None
        hooks.lesson = None
        hooks.record = None
        scr.go(screen_states.Event.FAIL)
        scr.problem = reason
        hooks.messages.emit("error", code=code, message=lc_html.to_sentence(reason))
        scr.render()

    def problem_code(self) -> str:
        """The documented ``error`` code of a position that cannot be opened (what it was opened from)."""
        config = self.embed.config
        if config.tutorial is not None:
            return "bad_tutorial"
        return "bad_scenario" if config.scenario is not None else "bad_record" if config.record is not None \
            else "bad_parameter"

    def names(self) -> list[str]:
        config = self.embed.config
        players = self.players()
        return [api.YOU if seat == config.pov else
                (i18n._("Computer") if players == 2 else
                 i18n._("Computer {number}").format(number=seat + 1 - (seat > config.pov)))
                if config.mode is not embed.Mode.VIEW else lc_html.player_label(seat)
                for seat in range(players)]

    def players(self) -> int:
        config = self.embed.config
        data = config.scenario or config.record
        if config.tutorial is not None:
            return len(tutorial.get(config.tutorial).seats)
        if data is not None:
            try:
                return api.game_from_dict(data).num_players
            except errors.GameError:
                return self.embed.screen.game.min_players
        return self.new_game().num_players

    def new_game(self) -> api.Game:
        """The game a new deal is played in: the default options, with seats up to ``pov``."""
        config = self.embed.config
        game = self.embed.screen.game
        return game.from_options({"players": config.pov + 2} if game.max_players > 2 and config.pov > 0 else {})

    def record(self) -> api.Record:
        try:
            return api.Record.from_dict(typing.cast(dict[str, typing.Any], self.embed.config.record))
        except errors.GameError as err:
            raise embed.EmbedError(i18n._("the record (rec) is damaged: {reason}").format(
                reason=err.reason), code="bad_record") from None

    def replayed(self, count: int) -> api.State:
        """The position of the record being viewed after ``count`` actions."""
        record = self.embed.record
        assert record is not None
        try:
            return api.Record(record.game, record.actions[:count], record.start).replay()
        except errors.GameError as err:
            raise embed.EmbedError(i18n._("the record (rec) cannot be replayed: {reason}").format(
                reason=err.reason), code="bad_record") from None

    def first_shown(self) -> int:
        """The position to open: ``step`` actions, or after the opening chance actions."""
        record, config = self.embed.record, self.embed.config
        assert record is not None
        total = len(record.actions)
        if config.step:
            if config.step > total:
                raise embed.EmbedError(i18n._("step must be from 0 to {total} for this record").format(total=total))
            return config.step
        state = self.replayed(0)
        count = 0
        while count < total and state.is_chance():
            state.apply(record.actions[count])
            count += 1
        return count

    def play_position(self) -> tuple[api.Game, api.State]:
        hooks = self.embed
        config = hooks.config
        if config.scenario is not None:
            try:
                state = api.state_from_dict(config.scenario)
            except errors.GameError as err:
                raise embed.EmbedError(i18n._("the scenario (s) is not a position: {reason}").format(reason=err.reason),
                                       code="bad_scenario") from None
            return state.game, state
        if config.record is not None:
            hooks.record = self.record()
            state = self.replayed(self.first_shown())
            hooks.record = None
            return state.game, state
        game = self.new_game()
        state = game.new_game(hooks.screen.rng("deal"))
        return game, state

    def session(self, game: api.Game, state: api.State) -> session.Session:
        config = self.embed.config
        names = self.names()
        seats = [session.Seat(name, None if i == config.pov else config.bot) for i, name in enumerate(names)]
        current = session.Session(tutorial.seats_setup(game, seats), state)
        current.looking = config.pov
        if not 0 <= config.pov < game.num_players:
            raise embed.EmbedError(i18n._("pov must be a seat from 1 to {num_players}").format(
                num_players=game.num_players))
        return current
