"""The embedded screen: a game's generic screen in a rules site's frame.

:class:`EmbeddedScreen` is a :class:`screen.Screen` with the same adapters
(so the table looks and answers as in the app) that never saves and never
shows a setup: it opens what its :class:`lostcities.ui.embed.Config` names.

* ``tutorial`` (and ``puzzle`` with ``tut``): a :class:`lostcities.ui.tutorial.Lesson`
  judges the reader's moves, plays the scripted replies and shows its panel
  above the table (region ``lesson``); ``puzzle`` refuses every move but the
  expected ones, even where a step would let any move stand.
* ``puzzle`` with ``rec``: the reader finds the moves of their seat (``pov``)
  in the record from the position after ``step`` actions; the others' moves
  are replayed from the record.
* ``play``: free play against the computer (``bot``) from ``s``, from the
  position of ``rec`` after ``step`` actions, or from a new game.
* ``view``: step through ``rec`` (no moves).

Every change is told to the host page through ``sink`` as the messages of
:mod:`lostcities.ui.embed` (``ready``, ``move``, ``illegal``, ``step``,
``result``, ``completed``, ``state``, ``error``).  Like the rest of ``web/``
but ``main.py``, ``embed.py`` and ``host.py``, it imports no browser module
and is tested under CPython with :class:`screen.MemoryHost`.
"""

from __future__ import annotations

import typing

import screen
from lostcities import api, errors, i18n, session
from lostcities.ui import embed, tutorial
from lostcities.ui import html as lc_html

Sink = typing.Callable[[dict[str, typing.Any]], None]
LESSON_REGION: typing.Final = '<div class="lc-lesson" data-region="lesson" aria-live="polite"></div>'
PROGRESS_OFF: typing.Final = i18n.N_("This browser is not keeping data for this page, so your tutorial "
                                      "progress will not be kept.")
PROGRESS_KEY: typing.Final = "lostcities:tutorials"
"""Where finished tutorials are remembered (id -> best stars)."""
IGNORED: typing.Final = frozenset({"menu", "close-menu", "new-match", "confirm-new", "new-after-problem",
                                   "load-newer", "start"})
"""The app's own screen actions, which mean nothing in a frame."""
FREE_PLAY_TOOLS: typing.Final = frozenset({"hint", "undo-move", "moves", "replay", "replay-first", "replay-prev",
                                           "replay-next", "replay-last", "close-replay"})
"""The table's tools, offered in free play only (a lesson judges the moves itself)."""


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


class EmbeddedScreen(screen.Screen):
    """A screen that opens a configured position, lesson or record (see the module)."""

    def __init__(self, adapter: screen.Adapter, host: screen.Host, config: embed.Config, sink: Sink,
                 links: typing.Callable[[tutorial.Lesson], str] | None = None,
                 origin: embed.Config | None = None) -> None:
        super().__init__(adapter, host)
        self.config = config
        self.sound_kept = False
        self.sound_choice = config.sound
        self.theme_choice = config.theme
        self.origin = origin or config
        """What the URL opens: ``reset`` comes back to it, whatever was loaded since."""
        self.sink = sink
        self.links = links
        """Markup for the lesson panel's way on (the app's *All tutorials*, *Next tutorial*)."""
        self.lesson: tutorial.Lesson | None = None
        self.strict = False
        """Puzzle mode: only the expected moves count."""
        self.record: api.Record | None = None
        """The record being viewed (view mode)."""
        self.shown = 0
        """Actions of ``record`` played on the table (view mode)."""
        self._lesson_html = ""
        self._progress_warned = False

    # -- what to open -----------------------------------------------------------------------------
    def mount(self) -> None:
        shell = self.adapter.shell()
        opening = shell.index(">") + 1
        self.root = self.host.mount(shell[:opening] + LESSON_REGION + shell[opening:])
        self.root.set_class("lc-embedded", True)
        self.root.listen(self.on_input)
        self.restore()
        if self.lesson is not None and self.config.tutorial is not None:
            self._check_storage()

    def _check_storage(self) -> None:
        """Say at once (one line) when the browser keeps nothing for this page."""
        try:
            self.host.storage_get(PROGRESS_KEY)
        except screen.StorageError as err:
            self._progress_off(err)

    def restore(self) -> None:
        """Open what the configuration names (again: ``reset``)."""
        self._stop()
        self.lesson = None
        self.record = None
        config = self.config
        names = self._names()
        try:
            if config.tutorial is not None:
                self.strict = config.mode is embed.Mode.PUZZLE
                self.lesson = tutorial.Lesson(tutorial.get(config.tutorial), step=config.step)
                self.start(self.lesson.session)
            elif config.mode is embed.Mode.PUZZLE:
                self.strict = True
                record = self._record()
                self.lesson = tutorial.Lesson(puzzle_from_record(record, config.step, config.pov, names,
                                                                 config.bot))
                self.start(self.lesson.session)
            elif config.mode is embed.Mode.VIEW:
                self.record = self._record()
                self.shown = self._first_shown()
                self.start(self._session(self.record.game, self._replayed(self.shown)))
            else:
                self.start(self._session(*self._play_position()))
        except tutorial.TutorialError as err:
            self.fail("bad_tutorial", err.reason)
            return
        except errors.GameError as err:
            code = getattr(err, "code", "")
            self.fail(code if code in embed.ERROR_CODES else self._problem_code(), err.reason)
            return
        self.send_ready()

    def _problem_code(self) -> str:
        """The documented ``error`` code of a position that cannot be opened (what it was opened from)."""
        config = self.config
        if config.tutorial is not None:
            return "bad_tutorial"
        return "bad_scenario" if config.scenario is not None else "bad_record" if config.record is not None \
            else "bad_parameter"

    def _names(self) -> list[str]:
        players = self._players()
        return [api.YOU if seat == self.config.pov else
                (i18n._("Computer") if players == 2 else
                 i18n._("Computer {number}").format(number=seat + 1 - (seat > self.config.pov)))
                if self.config.mode is not embed.Mode.VIEW else lc_html.player_label(seat)
                for seat in range(players)]

    def _players(self) -> int:
        config = self.config
        data = config.scenario or config.record
        if config.tutorial is not None:
            return len(tutorial.get(config.tutorial).seats)
        if data is not None:
            try:
                return api.game_from_dict(data).num_players
            except errors.GameError:
                return self.game.min_players
        return self._new_game().num_players

    def _new_game(self) -> api.Game:
        """The game a new deal is played in: the default options, with seats up to ``pov``."""
        config = self.config
        return self.game.from_options({"players": config.pov + 2} if self.game.max_players > 2 and config.pov > 0
                                      else {})

    def _record(self) -> api.Record:
        try:
            return api.Record.from_dict(typing.cast(dict[str, typing.Any], self.config.record))
        except errors.GameError as err:
            raise embed.EmbedError(i18n._("the record (rec) is damaged: {reason}").format(
                reason=err.reason), code="bad_record") from None

    def _replayed(self, count: int) -> api.State:
        assert self.record is not None
        try:
            return api.Record(self.record.game, self.record.actions[:count], self.record.start).replay()
        except errors.GameError as err:
            raise embed.EmbedError(i18n._("the record (rec) cannot be replayed: {reason}").format(
                reason=err.reason), code="bad_record") from None

    def _first_shown(self) -> int:
        """The position to open: ``step`` actions, or after the opening chance actions."""
        assert self.record is not None
        total = len(self.record.actions)
        if self.config.step:
            if self.config.step > total:
                raise embed.EmbedError(i18n._("step must be from 0 to {total} for this record").format(total=total))
            return self.config.step
        state = self._replayed(0)
        count = 0
        while count < total and state.is_chance():
            state.apply(self.record.actions[count])
            count += 1
        return count

    def _play_position(self) -> tuple[api.Game, api.State]:
        config = self.config
        if config.scenario is not None:
            try:
                state = api.state_from_dict(config.scenario)
            except errors.GameError as err:
                raise embed.EmbedError(i18n._("the scenario (s) is not a position: {reason}").format(reason=err.reason),
                                       code="bad_scenario") from None
            return state.game, state
        if config.record is not None:
            self.record = self._record()
            state = self._replayed(self._first_shown())
            self.record = None
            return state.game, state
        game = self._new_game()
        state = game.new_game(self.rng("deal"))
        return game, state

    def _session(self, game: api.Game, state: api.State) -> session.Session:
        names = self._names()
        seats = [session.Seat(name, None if i == self.config.pov else self.config.bot) for i, name in enumerate(names)]
        current = session.Session(tutorial.seats_setup(game, seats), state)
        current.looking = self.config.pov
        if not 0 <= self.config.pov < game.num_players:
            raise embed.EmbedError(i18n._("pov must be a seat from 1 to {num_players}").format(
                num_players=game.num_players))
        return current

    # -- no storage, no setup ---------------------------------------------------------------------
    def save(self) -> None:
        """An embedded game is never saved: its position lives in the host page's URL."""

    def forget(self) -> None:
        """Nothing is stored to forget."""

    def last_setup(self) -> session.Setup | None:
        return None

    def fail(self, code: str, reason: str) -> None:
        """Show a problem in the frame (and tell the host page)."""
        self._stop()
        self.session = None
        self.lesson = None
        self.go(screen.Event.FAIL)
        self.problem = reason
        self.emit("error", code=code, message=lc_html.to_sentence(reason))
        if self.root is not None:
            self.root.set_data("phase", "problem")
            self.root.set_html("lesson", "")
            self._lesson_html = ""
            self.root.set_html("main", embed.problem(reason))
            self.drawing.layout, self.drawing.parts = "problem", {}

    def render(self) -> None:
        if self.states.phase is screen.Phase.PROBLEM:
            return
        super().render()
        root = self.root
        if root is None:
            return
        html = ""
        if self.lesson is not None:
            busy = bool(self.lesson.replies) or self.thinking
            html = embed.lesson_panel(self.lesson, controls=self.config.controls, busy=busy,
                                      links=self.links(self.lesson) if self.links else "")
            root.set_data("lesson-step", str(self.lesson.index + 1))
            root.set_data("lesson-outcome", "done" if self.lesson.done else self.lesson.outcome.value)
        elif self.record is not None:
            html = embed.viewer_bar(self.shown, len(self.record.actions), controls=self.config.controls)
        current = self.session
        if self.config.reveal and current is not None:
            html += embed.revealed_hands(current.state, current.names, current.viewer())
        if html != self._lesson_html:
            root.set_html("lesson", html)
            self._lesson_html = html
        lesson = self.lesson
        if lesson is not None and not lesson.done and lesson.outcome is not tutorial.Outcome.SUCCESS:
            root.spot(lesson.step.highlights, lesson.step.arrows)
        else:
            root.spot(())

    def _render_outer(self, current: session.Session | None) -> None:
        """Hints, undo and the move log belong to free play: a lesson, a puzzle and a record have their own."""
        if self.lesson is None and self.record is None:
            super()._render_outer(current)
            return
        root = self.root
        if root is not None:
            for region in ("tools", "moves"):
                if self.drawing.outer_parts.get(region):
                    root.set_html(region, "")
                    self.drawing.outer_parts[region] = ""

    def interactive(self) -> bool:
        if self.record is not None:
            return False
        lesson = self.lesson
        if lesson is not None and not lesson.may_move():
            return False
        return super().interactive()

    # -- input ------------------------------------------------------------------------------------
    def _dispatch(self, event: screen.Input) -> None:
        handler = _LESSON_ACTIONS.get(event.action) if event.kind == "click" else None
        if handler is not None:
            handler(self, event)
            return
        if event.kind == "click" and (event.action in IGNORED or (
                event.action in FREE_PLAY_TOOLS and (self.lesson is not None or self.record is not None))):
            return
        if self.states.phase is screen.Phase.PROBLEM:
            return
        super()._dispatch(event)

    def act(self, action: api.Action | str) -> bool:
        current = self.session
        if current is None or not self.is_playing() or not current.is_person_turn():
            return False
        lesson = self.lesson
        if self.record is not None:
            return False
        if lesson is not None and not lesson.may_move():
            self.error = (i18n._("Press Next to go on.") if lesson.outcome is tutorial.Outcome.SUCCESS
                          else i18n._("Read the step above first."))
            self.render()
            return False
        try:
            if lesson is None:
                event = current.apply(action)
            else:
                attempt = self._attempt(lesson, action)
                if attempt is None:
                    return False
                event = attempt
        except errors.GameError as err:
            text = action if isinstance(action, str) else action.notation()
            self.error = lc_html.to_sentence(err.reason)
            code = err.code if err.code in embed.ILLEGAL_CODES else "illegal_action"
            self.emit("illegal", action=text, code=code, message=self.error)
            self.render()
            return False
        self._after(event)
        return True

    def _attempt(self, lesson: tutorial.Lesson, action: api.Action | str) -> api.Event | None:
        step = lesson.step
        checked = lesson.state.check(action)
        if self.strict and step.kind is tutorial.StepKind.ACT and step.expected \
                and checked.notation() not in step.expected:
            result = lesson.refuse()
        else:
            result = lesson.attempt(checked)
        if step.kind is tutorial.StepKind.ACT:
            self.emit("result", step=lesson.index + 1, success=result.outcome is tutorial.Outcome.SUCCESS,
                      tries=lesson.tries + (1 if result.outcome is tutorial.Outcome.SUCCESS else 0))
        if result.event is None:
            self.error = ""
            self.render()
            self._completed_if_done()
            return None
        if result.outcome is tutorial.Outcome.SUCCESS and step.kind is tutorial.StepKind.PLAY:
            self.emit("result", step=lesson.index + 1, success=True, tries=lesson.tries + 1)
        return result.event

    def _after(self, event: api.Event) -> None:
        current = self.session
        if current is not None:
            seen = event.for_viewer(self.config.pov)
            self.emit("move", who=event.player, name=current.name(event.player), action=seen.action,
                      event={**seen.to_dict(), "text": seen.describe(current.names)})
        lesson = self.lesson
        if lesson is not None and event.player != lesson.pov and lesson.outcome is tutorial.Outcome.WAITING:
            lesson.after_other(event.action)
            if lesson.succeeded:
                self.emit("result", step=lesson.index + 1, success=True, tries=lesson.tries + 1)
        super()._after(event)
        self.send_state()
        self._completed_if_done()

    def _settle(self, event: api.Event | None) -> None:
        lesson = self.lesson
        if self.record is not None:
            self._back_to_play()
            self.render()
            return
        if lesson is not None and lesson.replies and self.is_playing():
            self.render()
            self.later(self.adapter.pause(self, event), self._reply)
            return
        if lesson is not None and (lesson.done or (lesson.step.kind is not tutorial.StepKind.PLAY
                                                   and lesson.outcome is not tutorial.Outcome.SUCCESS
                                                   and lesson.step.kind is not tutorial.StepKind.ACT)):
            self._back_to_play()
            self.render()
            return
        super()._settle(event)

    def _reply(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        event = lesson.play_reply()
        if event is not None:
            self._after(event)

    def _deal(self) -> None:
        lesson = self.lesson
        current = self.session
        if lesson is None or current is None or not current.state.is_chance():
            super()._deal()
            return
        self._after(lesson.chance())

    # -- the lesson's own buttons -----------------------------------------------------------------
    def _on_next(self, event: screen.Input) -> None:
        lesson = self.lesson
        if lesson is None or not lesson.next():
            return
        if lesson.done:
            self._completed_if_done()
            self.render()
            return
        self._entered()

    def _entered(self) -> None:
        """A step was entered (next, retry, goto): fresh view state, tell the host, let it play."""
        lesson = self.lesson
        if lesson is None:
            return
        self.session = lesson.session
        self.error = ""
        self._completed_sent = False
        self.adapter.begin(self)
        self.emit("step", index=lesson.index + 1, total=lesson.total, tutorial=lesson.tutorial.id)
        self._stop()
        self._back_to_play()
        self._settle(None)
        if self.root is not None:
            any(self.root.focus(place) for place in ({"action": "lesson-next"}, {"target": "hand"}))

    def _on_answer(self, event: screen.Input) -> None:
        lesson = self.lesson
        choice = embed.whole(event.data.get("choice", ""))
        if lesson is None or choice is None:
            return
        try:
            result = lesson.answer(choice)
        except errors.GameError as err:
            self.error = lc_html.to_sentence(err.reason)
            self.render()
            return
        self.emit("result", step=lesson.index + 1, success=result.outcome is tutorial.Outcome.SUCCESS,
                  tries=lesson.tries + (1 if result.outcome is tutorial.Outcome.SUCCESS else 0))
        self._completed_if_done()
        self.render()
        if self.root is not None:
            self.root.focus({"action": "lesson-next"})

    def _on_retry(self, event: screen.Input) -> None:
        if self.lesson is not None:
            self._stop()
            self.lesson.retry()
            self._entered()

    def _on_restart(self, event: screen.Input) -> None:
        if self.lesson is not None:
            self.goto(0)

    def goto(self, index: int) -> None:
        """Open step ``index`` (0-based) of the lesson, or the position after
        ``index`` actions of the record being viewed; raises :class:`embed.EmbedError`."""
        if self.lesson is not None:
            try:
                self.lesson.goto(index)
            except errors.GameError as err:
                raise embed.EmbedError(err.reason) from None
            self._stop()
            self._entered()
            return
        if self.record is not None:
            total = len(self.record.actions)
            if not 0 <= index <= total:
                raise embed.EmbedError(i18n._("step must be from 0 to {total} for this record").format(total=total))
            self.shown = index
            self.start(self._session(self.record.game, self._replayed(index)))
            self.emit("step", index=index, total=total, tutorial=None)
            self.send_state()
            return
        raise embed.EmbedError(i18n._("goto works in a tutorial, a puzzle or a record"))

    def _on_view_step(self, event: screen.Input) -> None:
        to = embed.whole(event.data.get("to", ""))
        if self.record is not None and to is not None:
            target = min(to, len(self.record.actions))
            if target != self.shown:
                self.goto(target)

    # -- telling the host page --------------------------------------------------------------------
    def emit(self, kind: str, **payload: typing.Any) -> None:
        self.sink(embed.message(kind, self.config.ident, **payload))

    def send_ready(self) -> None:
        lesson = self.lesson
        payload: dict[str, typing.Any] = {"game": self.game.name, "version": embed.version(),
                                          "mode": self.config.mode.value,
                                          "tutorial": lesson.tutorial.id if lesson and self.config.tutorial else None}
        if lesson is not None:
            payload.update(steps=lesson.total, step=lesson.index + 1)
        elif self.record is not None:
            payload.update(steps=len(self.record.actions), step=self.shown)
        else:
            payload.update(steps=0, step=0)
        self.emit("ready", **payload)
        if lesson is not None:
            self.emit("step", index=lesson.index + 1, total=lesson.total, tutorial=lesson.tutorial.id)
        self.send_state()

    def send_state(self) -> None:
        current = self.session
        if current is None:
            return
        state = current.state
        self.emit("state", to_move=state.current_player, scores=list(state.scores()), over=state.is_terminal())

    _completed_sent = False

    def _completed_if_done(self) -> None:
        lesson = self.lesson
        if lesson is None or not lesson.done or self._completed_sent:
            return
        self._completed_sent = True
        stars = lesson.stars()
        self.emit("completed", tutorial=lesson.tutorial.id if self.config.tutorial else "puzzle", stars=stars,
                  tries=lesson.failures)
        if self.config.tutorial is not None:
            self._remember(lesson.tutorial.id, stars)

    def _remember(self, ident: str, stars: int) -> None:
        """Keep the best stars of a finished tutorial (the home screen shows them); storage off: say so once."""
        try:
            known = progress(self.host.storage_get(PROGRESS_KEY))
            if known.get(ident, -1) < stars:
                known[ident] = stars
                self.host.storage_set(PROGRESS_KEY, embed.json_text(known))
        except screen.StorageError as err:
            self._progress_off(err)

    def _progress_off(self, err: Exception) -> None:
        self.host.console("warn", f"tutorial progress not kept: {err}")
        if not self._progress_warned:
            self._progress_warned = True
            self.host.notify(i18n._(PROGRESS_OFF), "info")

    # -- messages from the host page --------------------------------------------------------------
    def receive(self, data: typing.Any) -> None:
        """A message from the host page (already checked to come from ``parent``)."""
        try:
            kind, payload = embed.read_message(data)
            if kind == "hello":
                self.send_ready()
            elif kind == "reset":
                self._open(self.origin)
            elif kind == "goto":
                step = payload.get("step")
                if type(step) is not int:
                    raise embed.EmbedError(i18n._("goto needs a whole-number step"), code="bad_message")
                self.goto(step - 1 if self.lesson is not None else step)
            else:
                self._open(embed.load_config(self.config, payload))
        except embed.EmbedError as err:
            self.report(err)

    def report(self, err: embed.EmbedError) -> None:
        """Tell the host page that its message could not be used (nothing changes in the frame)."""
        self.emit("error", code=err.code, message=lc_html.to_sentence(err.reason))

    def _open(self, config: embed.Config) -> None:
        """Open ``config`` in this frame (``load``, ``reset``), of this game or another."""
        if config.game != self.game.name:
            self._open_other_game(config)
            return
        self.config = config
        self.restore()

    def _open_other_game(self, config: embed.Config) -> None:
        """``load`` named another game's tutorial or position: this frame becomes that game's screen."""
        factory = screen.REGISTRY.get(config.game)
        if factory is None:
            raise embed.EmbedError(i18n._("this build does not include {title}").format(
                title=i18n._(config.game_class.title)), code="bad_message")
        token, warned = self._token, self._progress_warned
        self.unmount()
        EmbeddedScreen.__init__(self, factory(), self.host, config, self.sink, self.links, self.origin)
        self._token = token + 1  # the timers of the game left behind stay abandoned
        self._progress_warned = warned
        self.mount()


def progress(text: str | None) -> dict[str, int]:
    """Finished tutorials (id -> best stars) from stored text; anything damaged reads as nothing.

    >>> progress('{"card-wagers": 3, "x": "bad"}'), progress("[")
    ({'card-wagers': 3}, {})
    """
    try:
        data = session.parse(text) if text else {}
    except session.SaveError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int and 0 <= v <= 3}


_LESSON_ACTIONS: dict[str, typing.Callable[[EmbeddedScreen, screen.Input], None]] = {
    "lesson-next": EmbeddedScreen._on_next,
    "lesson-answer": EmbeddedScreen._on_answer,
    "lesson-retry": EmbeddedScreen._on_retry,
    "lesson-restart": EmbeddedScreen._on_restart,
    "view-step": EmbeddedScreen._on_view_step,
}
