"""The board game's adapter for the generic screen (route ``#board``).

The rules are :mod:`lostcities.board`, the markup :mod:`lostcities.ui.board`;
:mod:`screen` does the rest (overlays, hand-over, saves, the computers' thinking).
This adapter keeps the view state of the table (the selected card, a pending
choice of piece, what the last turn did), turns clicks into actions and
narrates the events.

``data-phase`` during play: ``play``, ``move`` (an arrow or the lost-city
move), ``draw``, ``round`` (a round is over, *Next round* waits), ``over``;
the screen adds ``ai``, ``handover``, ``setup``, ``problem``, ``menu``, ``stale``.
The save's ``ui`` holds ``note`` (the lines of the last turn), ``marks`` (the
pieces that just moved, the cards just placed, the last draw's source); the
victory points taken from tiles are in the core's round results.
"""

from __future__ import annotations

import typing

import screen
import screen_types
from lostcities import api, board, i18n, session
from lostcities.ui import board as bhtml
from lostcities.ui import html as lc_html

PAUSES: typing.Final[dict[str, tuple[int, int]]] = {"relaxed": (600, 1100), "quick": (150, 500), "instant": (0, 0)}
"""Per pace, in ms: the pause before a computer's first action of a turn, and
between its actions (so that a piece's slide and the tile's effect can be followed)."""
DRAW_FIRST: typing.Final = i18n.N_("You have played this turn: now draw a card from the draw pile or a discard pile.")
MOVE_FIRST: typing.Final = i18n.N_("First answer the move: tap a highlighted path, or choose \u201cNo move\u201d.")
PICK_FIRST: typing.Final = i18n.N_("Choose a card from your hand first.")
"""The screen's refusals, marked for the catalogs (translated when shown)."""
CHOICE_FOCUS: typing.Final[tuple[typing.Mapping[str, str], ...]] = (
    {"action": "piece"}, {"action": "begin"}, {"action": "advance"}, {"action": "throw"})
"""Where the keyboard goes once a card is chosen: its first button."""
MOVE_FOCUS: typing.Final[tuple[typing.Mapping[str, str], ...]] = (
    {"action": "move"}, {"action": "enter"}, {"action": "no-move"}, *screen_types.CARD_FOCUS)
"""Where the keyboard goes at the move step (after a card that lets a piece move): its first button."""


class BoardAdapter:
    """The ``#board`` screen's game part (see :class:`screen_types.Adapter`)."""

    game = board.Game
    prefix = "lc"
    documents: typing.ClassVar[dict[str, typing.Callable[[], screen_types.Document]]] = {}
    words = lc_html.Words(match="game")

    def __init__(self) -> None:
        self.selected: str | None = None
        self.choosing = ""
        """A pending choice of piece: ``start`` (the selected card) or ``enter:Y`` (a lost-city move)."""
        self.note: list[str] = []
        self.marks = bhtml.Marks()

    def shell(self) -> str:
        return bhtml.shell()

    # -- setup and restore -------------------------------------------------------------------------
    def setup_form(self, scr: screen.Screen, last: session.Setup | None) -> str:
        if last is None:
            return bhtml.setup_form(error=scr.error)
        return bhtml.setup_form(seats=last.seats, options=dict(last.options), pace=last.pref("pace", "quick"),
                                error=scr.error)

    def read_setup(self, scr: screen.Screen, values: typing.Mapping[str, str]) -> session.Setup:
        return session.setup_from_form(self.game.name, values, {"pace": ("quick", "relaxed", "instant")})

    def check(self, scr: screen.Screen, restored: session.Session) -> None:
        state = restored.state
        if not isinstance(state, board.State) or state.round == 0:
            raise session.SaveError(i18n._("the tiles were never laid out"))

    def begin(self, scr: screen.Screen) -> None:
        ui = scr.current.ui
        note = ui.get("note", [])
        self.note = [str(line)[:300] for line in note][-6:] if isinstance(note, list) else []
        if self.note and ui.get("lang", i18n.current()) != i18n.current():
            # Told in another language (the player switched since): the same last lines of the log, which
            # the session told again in this one.
            self.note = [str(entry["text"])[:300] for entry in scr.current.log[-len(self.note):]]
        self.marks = bhtml.Marks.from_dict(ui.get("marks"))
        self.selected, self.choosing = None, ""

    # -- helpers -----------------------------------------------------------------------------------
    @staticmethod
    def _state(scr: screen.Screen) -> board.State:
        return scr.state_as(board.State)

    def _remember(self, scr: screen.Screen) -> None:
        scr.current.ui = {"note": self.note, "marks": self.marks.to_dict(), "lang": i18n.current()}

    # -- drawing -----------------------------------------------------------------------------------
    def phase(self, scr: screen.Screen) -> str:
        state = self._state(scr)
        if state.is_terminal():
            return "over"
        if state.is_chance():
            return "round"
        return state.step.value if state.step is not None else "play"

    def render(self, scr: screen.Screen) -> screen_types.Frame:
        current = scr.current
        state = self._state(scr)
        names = current.names
        view = state.view(current.viewer())
        if state.is_terminal() or state.phase is board.Phase.TILES:
            html = bhtml.results(view, names, note=self.note)
            return screen_types.Frame("result", bhtml.RESULT_LAYOUT, {"results": html})
        interactive = scr.interactive()
        selected = self.selected if interactive else None
        mine = None if len(current.setup.people) == 1 else names[view.player]
        if scr.error:
            text, kind = scr.error, "is-error"
        elif state.is_chance():
            text, kind = i18n._("Dealing the cards\u2026"), "is-waiting"
        elif current.is_computer_turn():
            text, kind = i18n._("{name} is thinking\u2026").format(
                name=api.shown_name(current.name(state.current_player))), "is-waiting"
        elif not interactive:
            text, kind = "", ""
        else:
            text, kind = bhtml.prompt(view, selected=selected, choosing=self.choosing, name=mine)
        levels = [i18n._("computer, {level}").format(level=lc_html.level_word(current.level(p)))
                  if current.is_computer(p) else "" for p in range(len(names))]
        targets = bhtml.legal_targets(view, selected) if interactive else bhtml.Targets()
        focus = (MOVE_FOCUS if view.step is board.Step.MOVE else screen_types.DRAW_FOCUS if view.step is board.Step.DRAW
                 else screen_types.CARD_FOCUS) if interactive else screen_types.CARD_FOCUS
        return screen_types.Frame(f"play-{view.player}", bhtml.PLAY_LAYOUT, focus=focus, parts={
            "counters": bhtml.counters(view, targets=targets, interactive=interactive, marks=self.marks),
            "board": bhtml.board_html(view, names=names, selected=selected, marks=self.marks, interactive=interactive,
                                      with_counters=False),
            "players": bhtml.players(view, names, levels),
            "status": bhtml.status(self.note, text, kind),
            "actions": bhtml.choices(view, selected=selected, choosing=self.choosing) if interactive else "",
            "hand": bhtml.hand(view, selected=selected, interactive=interactive, name=mine),
        })

    def handover_note(self, scr: screen.Screen) -> str:
        return " ".join(self.note)

    def info(self, scr: screen.Screen) -> str:
        state = self._state(scr)
        if state.round == 0:
            return ""
        rounds = state.game.rounds
        where = i18n._("Short game") if rounds == 1 else i18n._("Round {number}/{count}").format(
            number=state.round, count=rounds)
        return where + " \u00b7 " + i18n._("bridges {crossed}/{count}").format(
            crossed=state.bridges_crossed, count=board.data.CROSSINGS_TO_END)

    # -- input -------------------------------------------------------------------------------------
    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> screen_types.Command:
        if event.action == "next-round":
            state = self._state(scr)
            return screen_types.DEAL if state.is_chance() and state.results and not state.is_terminal() else None
        if event.kind != "click" or not scr.interactive():
            return None
        view = self._state(scr).view(scr.current.current_player)
        step, action, target = view.step, event.action, event.target
        colour = event.data.get("colour", "")
        if action == "deselect":
            scr.focus_next = ({"card": self.selected, "target": "hand"},) if self.selected else ()
            self.selected, self.choosing, scr.error = None, "", ""
            return screen_types.REDRAW
        if step is board.Step.MOVE:
            return self._on_move(scr, view, action, target, colour, event.data.get("kind", ""))
        if step is board.Step.DRAW:
            return self._on_draw(scr, action, target, colour)
        if target == "hand":
            chosen = event.data.get("card")
            self.selected = None if chosen == self.selected else chosen
            self.choosing, scr.error = "", ""
            # the keyboard goes on to the card's buttons (start, advance, else discard)
            scr.focus_next = CHOICE_FOCUS if self.selected else ()
            self.marks = bhtml.Marks(fresh=self.marks.fresh, source=self.marks.source)  # the slides are over
            return screen_types.REDRAW
        if not (target or action):
            return None
        if self.selected is None:
            return scr.refuse(i18n._(PICK_FIRST))
        return self._on_card(scr, view, event, board.Card.from_id(self.selected))

    @staticmethod
    def _on_draw(scr: screen.Screen, action: str, target: str, colour: str) -> screen_types.Command:
        """A click in the draw step: the deck or a discard pile draws; anything else is refused."""
        if target == "deck":
            return screen_types.Do("draw")
        if target == "pile":
            return screen_types.Do(f"draw {colour}")
        return scr.refuse(i18n._(DRAW_FIRST)) if target or action else None

    def _on_card(self, scr: screen.Screen, view: board.View, event: screen_types.Input,
                 card: board.Card) -> screen_types.Command:
        """A click on the table with ``card`` selected: discard it, start or advance its expedition."""
        action, target, colour = event.action, event.target, event.data.get("colour", "")
        if target == "discard" or action == "throw":
            if target == "discard" and colour != card.colour.letter:
                return scr.refuse(i18n._("The {card} can only go on the {colour} discard pile.").format(
                    card=card.label, colour=bhtml.colour_word(card.colour)))
            return screen_types.Do(board.discard(card.id))
        if action == "piece":
            return screen_types.Do(board.start(card.id, board.Kind(event.data.get("kind", "adventurer"))))
        if target == "path" and colour != card.colour.letter:
            return scr.refuse(i18n._("The {card} can only go on the {colour} path.").format(
                card=card.label, colour=bhtml.colour_word(card.colour)))
        if target == "path" or action in ("begin", "advance"):
            return self._play(scr, view, card)
        return None

    def _play(self, scr: screen.Screen, view: board.View, card: board.Card) -> screen_types.Command:
        """Advance, or start (asking for the piece when both kinds may go); a
        card that may do neither is tried anyway, so that the core says why."""
        if view.piece(view.player, card.colour) is not None or view.columns[view.player][card.colour.index]:
            return screen_types.Do(board.advance(card.id))
        kinds = bhtml.kinds_to_start(view, card.id)
        if len(kinds) > 1:
            self.choosing, scr.error = "start", ""
            return screen_types.REDRAW
        if kinds:
            return screen_types.Do(board.start(card.id, kinds[0]))
        free = board.Kind.RESEARCHER if view.researcher[view.player] < 0 else board.Kind.ADVENTURER
        return screen_types.Do(board.start(card.id, free))

    def _on_move(self, scr: screen.Screen, view: board.View, action: str, target: str, colour: str,
                 kind: str) -> screen_types.Command:
        if action == "no-move":
            return screen_types.Do(board.Move())
        if target in ("hand", "discard", "pile", "deck"):
            return scr.refuse(i18n._(MOVE_FIRST))
        if not colour or (target != "path" and action not in ("move", "enter")):
            return None
        chosen = bhtml.colour_of(colour)
        if action == "enter" and kind:
            return screen_types.Do(board.Move(chosen, board.Kind(kind)))
        if action != "enter" and view.piece(view.player, chosen) is not None:
            return screen_types.Do(board.Move(chosen))
        kinds = bhtml.kinds_to_enter(view, chosen)
        if len(kinds) > 1:
            self.choosing, scr.error = f"enter:{colour}", ""
            return screen_types.REDRAW
        return screen_types.Do(board.Move(chosen, kinds[0]) if kinds else board.Move(chosen))

    # -- narration ---------------------------------------------------------------------------------
    def on_event(self, scr: screen.Screen, event: api.Event) -> None:
        current = scr.current
        state = self._state(scr)
        text = event.describe(current.names)
        self.selected, self.choosing = None, ""
        if event.kind == "tiles":
            self.note, self.marks = [text], bhtml.Marks()
        elif event.kind == "deal":
            self.note = [*self.note[-1:], text] if state.round > 1 else [text]
        else:
            moves = event.details.get("moves", [])
            moved = tuple((event.player, str(m["colour"])[0].upper(), int(m["to"]) - int(m["from"]))
                          for m in moves if isinstance(m, dict))
            card = event.details.get("card")
            if event.kind in ("start", "advance", "discard"):
                self.note = [text]
                self.marks = bhtml.Marks(moved=moved, fresh=(str(card),) if card else ())
            elif event.kind == "move":
                self.note = [*self.note[-3:], text]
                self.marks = bhtml.Marks(moved=moved, fresh=self.marks.fresh)
            else:
                self.note = [*self.note[-3:], text]
                source = event.details.get("source")
                self.marks = bhtml.Marks(moved=self.marks.moved, fresh=self.marks.fresh,
                                         source="deck" if source == "draw_pile" else str(source)[0].upper())
        self._remember(scr)

    def wants_chance(self, scr: screen.Screen) -> bool:
        """The first layout and every deal are automatic; a later round waits for *Next round*."""
        state = self._state(scr)
        return state.round == 0 or state.phase is board.Phase.DEAL

    def pause(self, scr: screen.Screen, event: api.Event | None) -> int:
        current = scr.current
        pace = PAUSES.get(current.setup.pref("pace", "quick"), PAUSES["quick"])
        within = (event is not None and event.kind in ("start", "advance", "discard", "move")
                  and current.is_computer(event.player))
        return pace[1] if within else pace[0]
