"""Roll & Write's companion mode: this device is one player's sheet in a game played with real dice.

A :class:`screen_types.Document` of the ``#roll`` screen (there is no ``api.State``:
the dice are rolled on the table).  The player enters the pair they chose
(colour and number) and taps where it goes, refuses, answers accelerations and
ticks the bridges other players passed first; :class:`lostcities.roll.Sheet`
checks every entry and scores.  ``data-phase`` is ``companion``.  The screen
saves it under ``lostcities:roll:companion`` after every change (format
``lostcities.roll-companion``, version 1, with the entries to undo).
"""

from __future__ import annotations

import json
import typing

import screen
import screen_types
from lostcities import api, errors, i18n, roll, session
from lostcities.ui import html as lc_html
from lostcities.ui import roll as roll_html

FORMAT: typing.Final = "lostcities.roll-companion"
VERSION: typing.Final = 1
MAX_UNDO: typing.Final = 60
MAX_LOG: typing.Final = 40


def colour_named(value: str | None) -> roll.Colour | None:
    return next((c for c in roll.COLOURS if c.value == value), None)


class CompanionSheet:
    """One player's sheet (see :class:`screen_types.Document`)."""

    name = "companion"
    words = lc_html.Words(match="sheet")

    def __init__(self) -> None:
        self.player = "You"
        self.sheet = roll.Sheet()
        self.undo: list[dict[str, typing.Any]] = []
        """Snapshots before each change: ``sheet``, ``entries``, ``log`` (its length), ``chain``."""
        self.entries = 0
        """Turns entered (a pair or a refusal)."""
        self.log: list[str] = []
        self.chain: list[str] = []
        """The acceleration chain in progress."""
        self.colour: roll.Colour | None = None
        self.face: int | None = None
        self.error = ""
        self.fresh: frozenset[str] = frozenset()
        self.finished = False
        """The final score is shown."""

    # -- saving --------------------------------------------------------------------------------------
    def create(self, scr: screen.Screen, values: typing.Mapping[str, str]) -> None:
        """A new sheet, or the sheet still stored (the site's first release did not remember
        that a sheet was open last, so #roll shows the form: choosing companion continues it)."""
        try:
            stored = scr.host.storage_get(scr.doc_key(self.name))
            if stored is not None:
                self.load(scr, stored)
                return
        except (screen_types.StorageError, session.SaveError):
            pass
        name = session.unique_names([values.get("companion_name", "")])[0]
        self.player = "You" if name == "Player 1" else name

    def load(self, scr: screen.Screen, text: str) -> None:
        data = session.parse(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise session.SaveError(i18n._("it is not a companion sheet"))
        if data.get("version") != VERSION:
            raise session.SaveError(i18n._("it was saved in another format ({version}); this version reads format "
                                           "{current}").format(version=str(data.get("version"))[:20], current=VERSION))
        name = data.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= session.MAX_NAME:
            raise session.SaveError(i18n._("its name is damaged"))
        try:
            self.sheet = roll.Sheet.from_dict(data.get("sheet"))
        except errors.GameError as err:
            raise session.SaveError(i18n._("the sheet is damaged"), detail=err.reason) from None
        self.player = name
        undo, entries, log, chain = data.get("undo"), data.get("entries"), data.get("log"), data.get("chain")
        self.undo = [u for u in undo if isinstance(u, dict)][-MAX_UNDO:] if isinstance(undo, list) else []
        self.entries = entries if type(entries) is int and entries >= 0 else 0
        self.log = [x for x in log if isinstance(x, str)][-MAX_LOG:] if isinstance(log, list) else []
        keep = isinstance(chain, list) and self.sheet.is_accelerating()
        self.chain = [x for x in chain if isinstance(x, str)] if isinstance(chain, list) and keep else []
        self.finished = data.get("finished") is True
        if data.get("lang", i18n.current()) != i18n.current():
            # Told in another language (the player switched since): the sheet stays, its lines are not shown.
            self.log, self.chain = [], []

    def dump(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "name": self.player, "sheet": self.sheet.to_dict(),
                           "undo": self.undo, "entries": self.entries, "log": self.log, "chain": self.chain,
                           "finished": self.finished, "lang": i18n.current()}, separators=(",", ":"))

    # -- drawing -------------------------------------------------------------------------------------
    def phase(self, scr: screen.Screen) -> str:
        return "companion"

    def info(self, scr: screen.Screen) -> str:
        return i18n._("{name} \u00b7 turn {number} \u00b7 {points}").format(
            name=api.shown_name(self.player), number=self.entries + 1, points=lc_html.points(self.sheet.score()))

    def _pair(self) -> tuple[roll.Colour, int] | None:
        return None if self.colour is None or self.face is None else (self.colour, self.face)

    def render(self, scr: screen.Screen) -> screen_types.Frame:
        sheet, pair = self.sheet, self._pair()
        targets: typing.Collection[str] = ()
        if sheet.is_accelerating():
            targets = roll_html.acceleration_targets(sheet)
        elif pair is not None:
            targets = roll_html.pair_targets(sheet, *pair)
        page = roll_html.sheet(sheet, name=self.player, targets=targets, fresh=self.fresh, interactive=True,
                               tick_bridges=not sheet.is_accelerating(), caption=i18n._("companion sheet"),
                               classes="rw-main-sheet rw-companion-sheet")
        if self.finished:
            side = roll_html.companion_over(self.player, sheet.breakdown())
        else:
            status = roll_html.companion_status(sheet, self.colour, self.face, entries=self.entries, error=self.error)
            side = roll_html.companion_side(status, roll_html.companion_controls(sheet, self.colour, self.face,
                                                                                 self.chain),
                                            can_undo=bool(self.undo), log=self.log[-5:])
        return screen_types.Frame("companion", roll_html.play_area("rw-companion"), {"sheet": page, "side": side})

    # -- input ---------------------------------------------------------------------------------------
    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> screen_types.Command:
        if event.kind != "click":
            return None
        data = event.data
        if event.action == "undo":
            return self._undo()
        if event.action == "finish":
            self.finished = not self.finished
        elif event.action == "clear":
            self.colour = self.face = None
            self.error = ""
        elif event.action == "refuse":
            if self._change(roll.Sheet.refuse):
                self._entry(i18n._("refused the dice (exhausted)") if self.sheet.is_exhausted() else
                            i18n._("refused the dice"))
        elif event.target == "pick":
            self._pick(data.get("pick-colour"), data.get("pick-number"))
        elif event.target == "accelerate":
            value = data.get("accelerate", "none")
            if value != "none" and colour_named(value) is None:
                return None
            self._accelerate(colour_named(value))
        elif event.target == "tick":
            self._tick(data.get("bridge", ""))
        elif event.target == "sheet":
            keys = [f"{kind}:{data[kind]}" for kind in ("box", "circle", "top") if kind in data]
            if not keys:
                return None
            self._tap(keys[0])
        else:
            return None
        return screen_types.REDRAW

    def _change(self, step: typing.Callable[[roll.Sheet], None], *, more: bool = False) -> bool:
        """Apply ``step`` to a copy of the sheet; keep it (with an undo snapshot) unless the rules refuse it.
        ``more``: it continues the last entry (its fresh marks stay)."""
        sheet = self.sheet.copy()
        try:
            step(sheet)
        except errors.IllegalActionError as err:
            self.error = roll_html.reason_text(err.reason)
            return False
        snapshot = {"sheet": self.sheet.to_dict(), "entries": self.entries, "log": len(self.log),
                    "chain": list(self.chain)}
        self.undo = [*self.undo, snapshot][-MAX_UNDO:]
        self.fresh = (self.fresh if more else frozenset()) | roll_html.fresh_marks(self.sheet, sheet)
        self.sheet, self.error = sheet, ""
        return True

    def _entry(self, text: str) -> None:
        self.entries += 1
        self.colour = self.face = None
        self.log = [*self.log, i18n._("Turn {number}: {entry}").format(number=self.entries, entry=text)][-MAX_LOG:]

    def _arrow(self, kind: str, colour: roll.Colour | None) -> None:
        numbers = self.sheet.expedition(colour) if colour is not None else ()
        details = {"kind": kind, "colour": colour.value if colour is not None else None, "box": len(numbers),
                   "value": numbers[-1] if numbers else None, "arrow": self.sheet.is_accelerating()}
        self.chain = roll_html.arrow_step(details, self.chain)

    def _pick(self, colour: str | None, face: str | None) -> None:
        if self.sheet.is_accelerating():
            self.error = i18n._("Choose your acceleration first (or decline it).")
            return
        if colour is not None:
            picked = colour_named(colour)
            self.colour = None if picked is self.colour else picked
        if face is not None and face in tuple(str(n) for n in roll.data.NUMBER_FACES):
            self.face = None if int(face) == self.face else int(face)
        self.error = roll_html.pair_problem(self.sheet, self._pair())

    def _tap(self, key: str) -> None:
        meant = roll_html.tap(self.sheet, self._pair(), key,
                              missing=i18n._("First enter the pair you chose: its colour and its number."))
        if isinstance(meant, str):
            self.error = meant
        elif isinstance(meant, roll.Accelerate):
            self._accelerate(meant.colour)
        elif isinstance(meant, roll.Take):
            take = meant
            if self._change(lambda s: s.mark(take.colour, take.number, take.target)):
                self._entry(roll_html.action_text(take, self.sheet))
                self._arrow("take", take.colour)

    def _accelerate(self, colour: roll.Colour | None) -> None:
        if self._change(lambda s: s.accelerate(colour), more=True):
            text = roll_html.action_text(roll.Accelerate(colour), self.sheet)
            self.log = [*self.log[:-1], f"{self.log[-1]} \u2192 {text}"] if self.log else [text]
            self._arrow("accelerate", colour)

    def _tick(self, key: str) -> None:
        column = roll_html.column_of_bridge(key)
        if column is None:
            return
        mark = self.sheet.bridge(column)
        colour = api.colour_word(key)
        if mark is roll.BridgeMark.SCORED:
            self.error = i18n._("You passed the {colour} bridge first: it stays yours.").format(colour=colour)
        elif mark is roll.BridgeMark.CLOSED:
            self.error = i18n._("The {colour} bridge is already crossed out.").format(colour=colour)
        elif self._change(lambda s: s.mark_bridge_taken_by_others(column)):
            said = i18n._("Another player passed the {colour} bridge first: crossed out").format(colour=colour)
            self.log = [*self.log, said][-MAX_LOG:]

    def _undo(self) -> screen_types.Command:
        if not self.undo:
            return None
        last = self.undo.pop()
        try:
            self.sheet = roll.Sheet.from_dict(last.get("sheet"))
        except errors.GameError:
            self.undo.clear()
            self.error = i18n._("Nothing more to undo.")
            return screen_types.REDRAW
        entries, count, chain = last.get("entries"), last.get("log"), last.get("chain")
        self.entries = entries if type(entries) is int and entries >= 0 else self.entries
        self.log = self.log[:count] if type(count) is int and count >= 0 else self.log
        self.chain = [str(x) for x in chain] if isinstance(chain, list) else []
        self.colour = self.face = None
        self.error, self.fresh, self.finished = "", frozenset(), False
        return screen_types.REDRAW
