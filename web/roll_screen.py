"""Roll & Write's adapter for the generic screen (route ``#roll``); markup from :mod:`lostcities.ui.roll`.

It keeps the table's view state (dice picked, sheet in focus), turns clicks into
actions and narrates events (the dice of the last choice, the acceleration chain,
the turn's fresh marks, the best solo score).  Companion mode is the document
:mod:`companion_screen`.  ``data-phase``: ``roll``, ``choose``, ``accelerate``,
``ai``, ``over``.  The save's ``ui``: ``turn_start`` (the sheets when the dice were
rolled), ``chain``, ``chooser``, ``chosen`` (the last choice), ``new_best``."""

from __future__ import annotations

import json
import typing

import companion_screen
import screen
import screen_types
from lostcities import api, errors, i18n, roll, session
from lostcities.ui import html as lc_html
from lostcities.ui import roll as roll_html

PACE_MS: typing.Final[dict[str, int]] = {"relaxed": 900, "quick": 350, "instant": 0}
"""Pause after each visible computer action (and before its roll), in ms."""
ROLL_ANIMATION_MS: typing.Final = 650
BEST_KEY: typing.Final = "lostcities:roll:best"
FOCUS: typing.Final = ({"action": "roll"}, {"target": "die", "state": "free"}, {"action": "refuse"},
                       {"action": "confirm-new"}, {"target": "thumb"}, {"action": "menu"})
"""Where the keyboard goes when its element is gone (after Start, after a roll, after writing): while the
others choose, the sheets' tabs."""


def read_setup(values: typing.Mapping[str, str]) -> session.Setup:
    """The setup of :func:`lostcities.ui.roll.setup_form`'s values; raises ``InvalidOptionError``."""
    pace = values.get("pace", "quick")
    prefs = {"mode": "game", "pace": pace if pace in PACE_MS else "quick"}
    if values.get("mode") == "solo":
        return session.Setup.create("roll", [session.Seat("You")], {}, {**prefs, "mode": "solo"})
    raw = values.get("count", "2")
    count = int(raw) if raw in ("2", "3", "4", "5") else 2
    you = api.shown_name(api.YOU)  # the form shows the name You in the page's language: it stays You
    names = session.unique_names([api.YOU if " ".join(values.get(f"name{i}", "").split()) == you else
                                  values.get(f"name{i}", "") for i in range(count)])
    kinds = [values.get(f"kind{i}", session.HUMAN) for i in range(count)]
    seats = [session.Seat(name, None if kind == session.HUMAN else kind)
             for name, kind in zip(names, kinds, strict=True)]
    return session.Setup.create("roll", seats, {"in_sequence": "in_sequence" in values}, prefs)


class RollAdapter:
    """The ``#roll`` screen's game part (see :class:`screen_types.Adapter`)."""

    game = roll.Game
    prefix = "rw"
    words = lc_html.Words(secret="sheet", match="game")
    documents: typing.ClassVar[dict[str, typing.Callable[[], screen_types.Document]]] = {
        companion_screen.CompanionSheet.name: companion_screen.CompanionSheet}

    def __init__(self) -> None:
        self.picked: set[str] = set()  # die keys picked by the person choosing (a colour die, a number die)
        self.focus: int | None = None  # the sheet shown in full (None: the viewer's)
        self.focus_auto = False  # focus follows a computer's visible moves (relaxed pace), not the player
        self.rolling = False
        self.turn_start: list[roll.Sheet] | None = None

    def shell(self) -> str:
        return roll_html.frame()

    # -- setup and restore -------------------------------------------------------------------------
    def setup_form(self, scr: screen.Screen, last: session.Setup | None) -> str:
        seats: typing.Sequence[tuple[str, str]] = ((api.YOU, session.HUMAN), (i18n._("Computer"), "easy"))
        mode, in_sequence, pace = "game", False, "quick"
        if last is not None:
            mode, pace = last.pref("mode", "game"), last.pref("pace", "quick")
            if len(last.seats) > 1:
                seats = [(seat.name, seat.level or session.HUMAN) for seat in last.seats]
                in_sequence = last.option("in_sequence") is True
        return roll_html.setup_form(mode=mode, seats=seats, in_sequence=in_sequence, pace=pace,
                                    best=self.best(scr), companion_name="You", error=scr.error)

    def read_setup(self, scr: screen.Screen, values: typing.Mapping[str, str]) -> session.Setup:
        if values.get("mode") == companion_screen.CompanionSheet.name:
            raise screen_types.OpenDocument(companion_screen.CompanionSheet.name, values)
        return read_setup(values)

    def check(self, scr: screen.Screen, restored: session.Session) -> None:
        if not isinstance(restored.state, roll.State):
            raise session.SaveError(i18n._("it holds another game"))

    def begin(self, scr: screen.Screen) -> None:
        state = self._at(scr)[1]
        self.picked, self.focus, self.focus_auto, self.rolling = set(), None, False, False
        raw = self._note(scr, "turn_start", [])
        try:
            self.turn_start = [roll.Sheet.from_dict(s) for s in raw] if len(raw) == len(state.sheets) else None
        except errors.GameError:
            self.turn_start = None
        if self.turn_start is None and state.roll is not None:  # a save without it: this turn's earlier sheets
            self.turn_start = [(b or s).copy() for b, s in zip(state.before, state.sheets, strict=True)]

    def best(self, scr: screen.Screen) -> int | None:
        try:
            data = session.parse(scr.host.storage_get(BEST_KEY) or "null")
        except (screen_types.StorageError, session.SaveError):
            return None
        value = data.get("best") if isinstance(data, dict) else None
        return value if type(value) is int else None

    # -- helpers -----------------------------------------------------------------------------------
    @staticmethod
    def _at(scr: screen.Screen) -> tuple[session.Session, roll.State]:
        """The session and its state (the screen calls an adapter only while a game is open)."""
        return scr.current, scr.state_as(roll.State)

    @staticmethod
    def _note(scr: screen.Screen, name: str, default: typing.Any) -> typing.Any:
        value = RollAdapter._at(scr)[0].ui.get(name, default)
        return value if isinstance(value, type(default)) else default

    def _fresh(self, view: roll.View, player: int) -> frozenset[str]:
        if self.turn_start is None or player in view.hidden:
            return frozenset()
        return roll_html.fresh_marks(self.turn_start[player], view.sheets[player])

    # -- drawing -----------------------------------------------------------------------------------
    def phase(self, scr: screen.Screen) -> str:
        current, state = self._at(scr)
        if state.is_terminal():
            return "over"
        if state.is_chance():
            return "ai" if current.is_computer(state.active) else "roll"
        return "accelerate" if state.sheets[state.current_player].is_accelerating() else "choose"

    def render(self, scr: screen.Screen) -> screen_types.Frame:
        current, state = self._at(scr)
        viewer, names, over = current.viewer(), current.names, state.is_terminal()
        view, n, person = state.view(viewer), len(names), scr.interactive()
        focus = self.focus if self.focus is not None and self.focus < n else viewer
        shown, mine = view.sheets[focus], person and focus == state.current_player
        targets: typing.Collection[str] = ()
        pair = roll_html.picked_pair(view.roll, self.picked)
        if mine and shown.is_accelerating():
            targets = roll_html.acceleration_targets(shown)
        elif mine and pair is not None:
            targets = roll_html.pair_targets(shown, *pair)
        level = (i18n._("computer, {level}").format(level=lc_html.level_word(current.level(focus)))
                 if current.is_computer(focus) else "")
        caption = i18n._("has chosen (hidden until everybody has)") if focus in view.hidden else level
        sheet = roll_html.sheet(
            shown, name=names[focus], player=focus, targets=targets, fresh=self._fresh(view, focus),
            scorers=roll_html.passed_by(view.sheets, names), interactive=mine, caption=caption,
            classes="rw-main-sheet" + (" rw-other" if focus != viewer and not over else ""))
        thumbs = roll_html.thumbs([roll_html.sheet_thumb(
            view.sheets[p], name=names[p], player=p, kind=lc_html.level_word(current.level(p)),
            focused=p == focus,
            current=p == state.current_player and not over, hidden=p in view.hidden, fresh=self._fresh(view, p))
            for p in range(n)])
        side = self._over(scr) if over else self._side(scr, view, person)
        return screen_types.Frame(f"play-{n}-{viewer}", roll_html.play_area(f"rw-players-{n}", viewer=viewer),
                                  {"sheet": sheet, "side": side + thumbs}, FOCUS)

    def _side(self, scr: screen.Screen, view: roll.View, person: bool) -> str:
        current, state = self._at(scr)
        computers = [p for p in range(len(current.names)) if current.is_computer(p)]
        status = roll_html.play_status(view, current.names, computers=computers, busy=scr.thinking,
                                       picked=self.picked, error=scr.error)
        chooser, r = self._note(scr, "chooser", -1), view.roll
        shown_choice = chooser >= 0 and chooser not in view.hidden
        chosen = frozenset(self._note(scr, "chosen", [])) if shown_choice and not self.picked else frozenset()
        taken = roll_html.taken_dice(r, view.taken) if r is not None and view.phase is roll.Phase.OTHERS else None
        marks = roll_html.DiceMarks(taken=taken or frozenset(), chosen=chosen,
                                    selected=frozenset(self.picked) if person else frozenset())
        sheet = view.sheets[state.current_player] if person else None
        accelerating = sheet is not None and sheet.is_accelerating()
        tray = roll_html.dice_tray(r, marks=marks, interactive=person and r is not None and not accelerating,
                                   rolling=self.rolling)
        chain = [str(s) for s in self._note(scr, "chain", [])]
        controls = ""
        if state.is_chance() and not current.is_computer(state.active) and not scr.thinking:
            controls = roll_html.roll_button()
        elif sheet is not None:
            pair = roll_html.picked_pair(r, self.picked)
            places = roll_html.placements(sheet, *pair) if pair is not None else ""
            controls = roll_html.acceleration_panel(sheet, chain) if accelerating else roll_html.choice_controls(
                exhausted=sheet.is_exhausted(), clear=bool(self.picked), places=places)
        elif shown_choice:
            controls = roll_html.chain_list(chain)
        last = lc_html.last_move(str(current.log[-1]["text"])) if current.log else ""  # the newest log line
        return roll_html.side(status, tray=tray, controls=controls, log=last)

    def _over(self, scr: screen.Screen) -> str:
        current, state = self._at(scr)
        solo = len(current.names) == 1
        note = roll_html.best_note(self.best(scr), self._note(scr, "new_best", False)) if solo else ""
        return roll_html.game_over(current.names, state.breakdowns(), winners=state.winners(), note=note,
                                   reason=state.end_reason())

    def handover_note(self, scr: screen.Screen) -> str:
        log = self._at(scr)[0].log
        return str(log[-1]["text"]) if log else ""

    def info(self, scr: screen.Screen) -> str:
        current, state = self._at(scr)
        scores = [s.score() for s in state.view(current.viewer()).sheets]
        return (i18n._("Turn {number}").format(number=state.turn + 1) + " \u00b7 "
                + lc_html.score_line(current.names, scores, current.viewer()))

    # -- input -------------------------------------------------------------------------------------
    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> screen_types.Command:
        if event.kind != "click":
            return None
        current, state = self._at(scr)
        self.rolling = False
        if event.action == "roll":
            ready = state.is_chance() and not current.is_computer(state.active) and not scr.thinking
            return screen_types.DEAL if ready else None
        if event.target == "thumb":
            seat = event.data.get("sheet", "")
            self.focus = int(seat) if seat.isdecimal() and int(seat) != current.viewer() else None
            self.focus_auto = False
            return screen_types.REDRAW
        if not scr.interactive():
            return None
        if event.action == "refuse":
            return screen_types.Do(roll.REFUSE)
        if event.action == "clear":
            self.picked = set()
            scr.error = ""
            return screen_types.REDRAW
        if event.target == "accelerate":
            return screen_types.Do(f"accelerate {event.data.get('accelerate', 'none')}")
        if event.target == "die":
            return self._on_die(scr, event.data.get("die", ""))
        for kind in ("box", "circle", "top"):
            if event.target == "sheet" and kind in event.data:
                return self._on_sheet(scr, f"{kind}:{event.data[kind]}")
        return None

    def _on_die(self, scr: screen.Screen, key: str) -> screen_types.Command:
        state = self._at(scr)[1]
        sheet, r = state.sheets[state.current_player], state.roll
        if sheet.is_accelerating():
            return scr.refuse(i18n._("Choose your acceleration first (or decline it)."))
        taken = roll_html.taken_dice(r, state.taken) if r is not None and state.phase is roll.Phase.OTHERS else ()
        if key in taken or key not in roll_html.DIE_KEYS:
            return scr.refuse(i18n._("The active player took that die: choose from the dice left."))
        kind = key.partition("-")[0]
        self.picked = set() if key in self.picked else {k for k in self.picked if not k.startswith(kind)} | {key}
        scr.error = roll_html.pair_problem(sheet, roll_html.picked_pair(r, self.picked))
        scr.focus_next = self._next_focus(key, kind)
        return screen_types.REDRAW

    def _next_focus(self, key: str, kind: str) -> tuple[dict[str, str], ...]:
        """Where the keyboard goes after a die is picked: to the other kind's free dice, then (the
        pair complete) to the first place to write it; it stays on the die when there is none."""
        if key not in self.picked:
            return ({"die": key},)
        other = "number" if kind == "colour" else "colour"
        if any(k.startswith(other) for k in self.picked):
            return ({"place": "write"}, {"die": key})
        return (*({"die": f"{other}-{i}", "state": "free"} for i in range(3)), {"die": key})

    def _on_sheet(self, scr: screen.Screen, key: str) -> screen_types.Command:
        """A tap on a box, circle or top artefact of the sheet of the person to act."""
        state = self._at(scr)[1]
        meant = roll_html.tap(state.sheets[state.current_player], roll_html.picked_pair(state.roll, self.picked), key)
        return scr.refuse(meant) if isinstance(meant, str) else screen_types.Do(meant)

    # -- narration ---------------------------------------------------------------------------------
    def on_event(self, scr: screen.Screen, event: api.Event) -> None:
        current, state = self._at(scr)
        ui = current.ui
        self.picked = set()
        if event.kind == "roll":
            self.rolling = True
            self.turn_start = [s.copy() for s in state.sheets]
            ui.update(turn_start=[s.to_dict() for s in self.turn_start], chain=[], chooser=-1, chosen=[])
        else:  # a choice; one still hidden from the others says what it was in its secret (the screen's notes)
            kind = str(event.secret.get("kind", event.kind))
            details = {**event.secret.get("details", event.details), "kind": kind}
            ui.update(chooser=event.player, chain=roll_html.arrow_step(details, self._note(scr, "chain", [])))
            ui["chosen"] = self._note(scr, "chosen", []) if kind == "accelerate" else []
            if kind == "take" and state.roll is not None:
                ui["chosen"] = roll_html.take_dice(state.roll, details["colour"], details["number"],
                                                   taken=state.taken if event.player != state.active else None)
            self._follow(scr, event.player, event.kind != "choose")
        if state.is_terminal() and len(current.names) == 1:
            best, total = self.best(scr), state.sheets[0].score()
            if best is None or total > best:
                ui["new_best"] = True
                try:
                    scr.host.storage_set(BEST_KEY, json.dumps({"best": total}))
                except screen_types.StorageError as err:
                    scr.host.console("warn", f"Roll & Write: the best score was not kept ({err})")

    def _follow(self, scr: screen.Screen, seat: int, visible: bool) -> None:
        """At the relaxed pace, show the sheet of the computer that acts (unless the player chose one)."""
        current = self._at(scr)[0]
        if self.focus is not None and not self.focus_auto:
            return
        relaxed = current.setup.pref("pace") == "relaxed"
        if relaxed and visible and current.is_computer(seat):
            self.focus, self.focus_auto = (None if seat == current.viewer() else seat), True
        elif not current.is_computer(current.current_player):
            self.focus, self.focus_auto = None, False

    def wants_chance(self, scr: screen.Screen) -> bool:
        current, state = self._at(scr)
        return state.is_chance() and current.is_computer(state.active)

    def pause(self, scr: screen.Screen, event: api.Event | None) -> int:
        pace = PACE_MS.get(self._at(scr)[0].setup.pref("pace", "quick"), PACE_MS["quick"])
        if event is None:
            return pace // 2
        if event.kind == "roll":
            return max(pace, ROLL_ANIMATION_MS if pace else 0)
        return min(pace, 150) if event.kind == "choose" else pace
