"""The card game's adapter for the generic screen (route ``#card``).

The rules are :mod:`lostcities.card`, the markup :mod:`lostcities.ui.card`;
:mod:`screen` does the rest (overlays, saves, the computer's thinking).  This
adapter keeps the view state of the table (the selected card, what the last
turn did), turns clicks into actions and narrates the events.

``data-phase`` during play: ``play`` (choose a card), ``draw`` (draw one),
``result`` (a game of the match is over), ``over`` (the match is over); the
screen adds ``ai``, ``handover``, ``setup``, ``problem``, ``menu``, ``stale``.
The save's ``ui`` holds ``note`` (what the last turn did) and ``marks`` (the
cards of the opponent's last turn and where its draw came from).
"""

from __future__ import annotations

import typing

import screen
import screen_types
from lostcities import api, card, i18n, session
from lostcities.ui import card as card_html
from lostcities.ui import html as lc_html

PAUSES: typing.Final[dict[str, tuple[int, int]]] = {"relaxed": (450, 1000), "quick": (120, 350), "instant": (0, 0)}
"""Per pace, in ms: the pause before the computer's play appears (the player sees
their own draw land) and the pause between its play and its draw (the player
can follow it)."""
DRAW_FIRST: typing.Final = i18n.N_("You have played this turn: now draw a card from the draw pile or a discard pile.")
PLAY_FIRST: typing.Final = i18n.N_("First play or discard a card from your hand; then you draw.")


class CardAdapter:
    """The ``#card`` screen's game part (see :class:`screen_types.Adapter`)."""

    game = card.Game
    prefix = "lc"
    words = lc_html.Words()
    documents: typing.ClassVar[dict[str, typing.Callable[[], screen_types.Document]]] = {}

    def __init__(self) -> None:
        self.selected: str | None = None
        self.note = ""
        """What the last turn did (shown in the status line and on the hand-over panel)."""
        self.marks = card_html.Marks()
        self.place: card.Play | card.Discard | None = None
        """The play or discard of the turn in progress (the draw completes the sentence)."""

    def shell(self) -> str:
        return lc_html.shell(self.prefix, lc_html.short_title(card.Game))

    # -- setup and restore -------------------------------------------------------------------------
    def setup_form(self, scr: screen.Screen, last: session.Setup | None) -> str:
        if last is None:
            return card_html.setup_form(error=scr.error)
        level = last.seats[1].level or session.HUMAN
        names = last.names if level == session.HUMAN else (lc_html.player_label(0), lc_html.player_label(1))
        return card_html.setup_form(opponent=level, colours=int(last.option("colours")),
                                    games=int(last.option("games")), names=names,
                                    pace=last.pref("pace", "relaxed"), error=scr.error)

    def read_setup(self, scr: screen.Screen, values: typing.Mapping[str, str]) -> session.Setup:
        return session.setup_from_form(self.game.name, values, {"pace": tuple(PAUSES)})

    def check(self, scr: screen.Screen, restored: session.Session) -> None:
        state = restored.state
        if not isinstance(state, card.State) or state.game_number == 0:
            raise session.SaveError(i18n._("the cards were never dealt"))

    def begin(self, scr: screen.Screen) -> None:
        ui = scr.current.ui
        note, raw = ui.get("note", ""), ui.get("marks")
        self.note = note[:300] if isinstance(note, str) else ""
        if ui.get("lang", i18n.current()) != i18n.current():
            self.note = ""  # told in another language (the player switched since): the log tells it again
        self.selected = None
        self.place = None
        self.marks = card_html.Marks()
        if isinstance(raw, dict):
            recent, source = raw.get("recent", []), raw.get("source")
            if isinstance(recent, list) and all(isinstance(r, str) for r in recent):
                self.marks = card_html.Marks(recent=tuple(recent)[:4],
                                             source=source if isinstance(source, str) else None)

    # -- helpers -----------------------------------------------------------------------------------
    @staticmethod
    def _state(scr: screen.Screen) -> card.State:
        return scr.state_as(card.State)

    @staticmethod
    def _vs_computer(scr: screen.Screen) -> bool:
        return len(scr.current.setup.people) == 1

    def _remember(self, scr: screen.Screen) -> None:
        scr.current.ui = {"note": self.note, "lang": i18n.current(),
                          "marks": {"recent": list(self.marks.recent), "source": self.marks.source}}

    # -- drawing -----------------------------------------------------------------------------------
    def phase(self, scr: screen.Screen) -> str:
        state = self._state(scr)
        if state.is_terminal():
            return "over"
        if state.is_chance():
            return "result"
        return "draw" if state.step is card.Step.DRAW else "play"

    def render(self, scr: screen.Screen) -> screen_types.Frame:
        current = scr.current
        state = self._state(scr)
        names = current.names
        if state.is_terminal() or state.is_chance():
            html = card_html.results(state.view(0), names, note=self.note, marks=self.marks)
            return screen_types.Frame("result", card_html.RESULT_LAYOUT, {"results": html})
        view = state.view(current.viewer())
        interactive = scr.interactive()
        selected = self.selected if interactive else None
        mine = None if self._vs_computer(scr) else names[view.player]
        if scr.error:
            text, kind = scr.error, "is-error"
        elif current.is_computer_turn():
            text, kind = i18n._("{name} is thinking\u2026").format(
                name=api.shown_name(current.name(state.current_player))), "is-waiting"
        else:
            text, kind = card_html.prompt(view, selected=selected, name=mine)
        show_actions = interactive and view.step is card.Step.PLAY
        focus = screen_types.DRAW_FOCUS if interactive and view.step is card.Step.DRAW else screen_types.CARD_FOCUS
        return screen_types.Frame("play", card_html.PLAY_LAYOUT, focus=focus, parts={
            "table": card_html.table(view, names=names, selected=selected, marks=self.marks, interactive=interactive),
            "hand": card_html.hand(view, selected=selected, interactive=interactive, name=mine),
            "status": card_html.status(self.note, text, kind),
            "actions": card_html.actions(view, selected if show_actions else None),
        })

    def handover_note(self, scr: screen.Screen) -> str:
        return self.note

    def info(self, scr: screen.Screen) -> str:
        state = self._state(scr)
        if state.game_number == 0:
            return ""
        current = scr.current
        return (i18n._("Game {number}/{count}").format(number=state.game_number, count=state.game.games) + " \u00b7 "
                + lc_html.score_line(current.names, state.scores(), current.viewer()))

    # -- input -------------------------------------------------------------------------------------
    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> screen_types.Command:
        if event.action == "next-game":
            return screen_types.DEAL
        if not scr.interactive():
            return None
        drawing = self._state(scr).step is card.Step.DRAW
        if event.action in ("play", "discard"):
            return scr.refuse(i18n._("Choose a card from your hand first.")) if self.selected is None else (
                screen_types.Do(f"{event.action} {self.selected}"))
        if event.action == "deselect":
            scr.focus_next = ({"card": self.selected, "target": "hand"},) if self.selected else ()
            self.selected = None
            scr.error = ""
            return screen_types.REDRAW
        target, colour = event.target, event.data.get("colour", "")
        if target in ("hand", "column", "discard") and drawing:
            return scr.refuse(i18n._(DRAW_FIRST))
        if target == "hand":
            chosen = event.data.get("card")
            self.selected = None if chosen == self.selected else chosen
            scr.error = ""
            # the keyboard goes on to the card's buttons: Play (when it can be played), else Discard
            scr.focus_next = ({"action": "play"}, {"action": "discard"}) if self.selected else ()
            return screen_types.REDRAW
        if target in ("column", "discard"):
            if self.selected is None:
                return scr.refuse(i18n._("Choose a card from your hand first."))
            chosen_card = card.Card.from_id(self.selected)
            if target == "column" and colour != chosen_card.colour.letter:
                return scr.refuse(i18n._("The {card} can only go to your {colour} column.").format(
                    card=chosen_card.label, colour=api.colour_word(chosen_card.colour.value)))
            return screen_types.Do(f"{'play' if target == 'column' else 'discard'} {self.selected}")
        if target == "pile":
            return screen_types.Do(f"draw {colour}")
        if target == "deck":
            return screen_types.Do("draw") if drawing else scr.refuse(i18n._(PLAY_FIRST))
        return None

    # -- narration ---------------------------------------------------------------------------------
    def on_event(self, scr: screen.Screen, event: api.Event) -> None:
        current = scr.current
        state = self._state(scr)
        name = current.name(event.player)
        self.selected = None
        action = state.game.parse_action(event.action) if event.action else None
        if action is None or isinstance(action, card.Deal):
            self._dealt(scr, state)
        elif isinstance(action, (card.Play, card.Discard)):
            self.place = action
            self.marks = card_html.Marks(fresh=(action.card.id,))
            if current.is_computer(event.player):
                self.note = i18n._("{name} {did}\u2026").format(name=api.shown_name(name),
                                                                 did=card_html.action_text(action))
        elif isinstance(action, card.Draw):
            drawn = event.details.get("card")
            known = card.Card.from_id(drawn) if isinstance(drawn, str) and action.colour is not None else None
            self.note = card_html.turn_text(name, self.place, action, known, last=state.is_game_over())
            self.marks = card_html.Marks(
                recent=(self.place.card.id,) if self.place is not None else (),
                source="deck" if action.colour is None else action.colour.letter)
            self.place = None
            if self._vs_computer(scr) and not current.is_computer(event.player) and not state.is_game_over():
                self.note, self.marks = "", card_html.Marks()
        self._remember(scr)

    def _dealt(self, scr: screen.Screen, state: card.State) -> None:
        current = scr.current
        starter = current.name(state.current_player)
        values = {"number": state.game_number, "count": state.game.games}
        if state.game_number == 1:
            self.note = lc_html.owned(starter, i18n._("You start."), i18n._("{name} starts."))
        elif state.totals[0] != state.totals[1]:
            self.note = lc_html.owned(starter, i18n._("Game {number} of {count}: You start (more points so far)."),
                                      i18n._("Game {number} of {count}: {name} starts (more points so far)."),
                                      **values)
        else:
            self.note = lc_html.owned(
                starter, i18n._("Game {number} of {count}: You start (a tie, so starts alternate)."),
                i18n._("Game {number} of {count}: {name} starts (a tie, so starts alternate)."), **values)
        self.marks = card_html.Marks()
        self.place = None

    def wants_chance(self, scr: screen.Screen) -> bool:
        """Only the first deal of a match is automatic: later ones wait for *Next game*."""
        return self._state(scr).game_number == 0

    def pause(self, scr: screen.Screen, event: api.Event | None) -> int:
        pace = PAUSES.get(scr.current.setup.pref("pace", "relaxed"), PAUSES["relaxed"])
        between = (event is not None and event.action.split(" ")[0] in ("play", "discard")
                   and scr.current.is_computer(event.player))
        return pace[1] if between else pace[0]
