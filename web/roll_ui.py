"""The Roll & Write screen (route ``#roll``): setup, the dice tray, the sheets, saves, companion mode.

Glue only: the rules are :mod:`lostcities.roll`, the computer players
:mod:`lostcities.roll.ai`, and every piece of HTML comes from the pure
renderers of :mod:`lostcities.roll.html`.  This module keeps the screen's
state, turns clicks (one delegated listener reading ``data-*`` attributes)
into actions, drives the computer players in short slices so that the page
stays responsive, and saves after every action.

Modes: ``setup`` (the new-game form), ``problem`` (a save that cannot be
restored), ``handover`` (several people on one device choosing at once:
nothing is shown until the next person taps), ``play`` (the sheet and the
dice), ``over`` (every sheet's scores) and ``companion`` (this device is one
player's sheet in a game with real dice); the menu is an overlay.  The
screen element carries ``data-phase`` (``setup``, ``problem``, ``handover``,
``roll``, ``choose``, ``accelerate``, ``ai``, ``over``, ``companion``,
``menu``), ``data-moves`` (actions so far), ``data-viewer`` (whose eyes the
table is drawn for) and, after each computer decision, ``data-think``
(wall / work / longest slice, in ms) for tests.

Saves: ``roll:save`` (a game: setup, the state's ``to_dict()``, the screen's
own notes), ``roll:companion`` (the companion sheet), ``roll:best`` (the
best solo score), ``roll:prefs`` (the last setup, to fill the form).
"""

from __future__ import annotations

import dataclasses
import time
import typing

import glue
import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from lostcities import api, errors, roll

SAVE_KEY: typing.Final = "roll:save"
COMPANION_KEY: typing.Final = "roll:companion"
BEST_KEY: typing.Final = "roll:best"
PREFS_KEY: typing.Final = "roll:prefs"
SAVE_FORMAT: typing.Final = "lostcities.roll-ui"
SAVE_VERSION: typing.Final = 1
"""Version of the screen's save (the state inside has its own version)."""
COMPANION_FORMAT: typing.Final = "lostcities.roll-companion"
COMPANION_VERSION: typing.Final = 1

HUMAN: typing.Final = "human"
LEVELS: typing.Final = ("easy", "hard")
KINDS: typing.Final = (HUMAN, *LEVELS)
MODES: typing.Final = ("solo", "game")
PACE_MS: typing.Final[dict[str, int]] = {"relaxed": 900, "quick": 350, "instant": 0}
"""Pause after each visible computer action (and before its roll)."""
MAX_NAME: typing.Final = 16
MAX_UNDO: typing.Final = 60
MAX_LOG: typing.Final = 40
SLICE_SECONDS: typing.Final = 0.025
"""Work done in one browser task while a computer thinks (the bot yields every few ms)."""
ROLL_ANIMATION_MS: typing.Final = 650


def create(app: typing.Any) -> RollScreen:
    return RollScreen(app)


SaveError = glue.SaveError


# -- setup ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Seat:
    name: str
    kind: str
    """``human`` or a computer level (``easy``, ``hard``)."""

    @property
    def is_computer(self) -> bool:
        return self.kind != HUMAN


@dataclasses.dataclass(frozen=True)
class Setup:
    """The game chosen on the setup screen."""

    mode: str
    """``solo`` or ``game``."""
    seats: tuple[Seat, ...]
    in_sequence: bool = False
    pace: str = "quick"

    def game(self) -> roll.Game:
        return roll.Game(players=len(self.seats), in_sequence=self.in_sequence and len(self.seats) > 1)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_computer)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"mode": self.mode, "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "in_sequence": self.in_sequence, "pace": self.pace}

    @classmethod
    def from_dict(cls, data: typing.Any) -> Setup:
        if not isinstance(data, dict):
            raise SaveError("its setup is missing")
        mode, seats, in_sequence, pace = data.get("mode"), data.get("seats"), data.get("in_sequence"), data.get("pace")
        if mode not in MODES:
            raise SaveError(f"its mode {mode!r} is unknown")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 5 or (mode == "solo") != (len(seats) == 1):
            raise SaveError("its players are damaged")
        parsed = []
        for seat in seats:
            if not isinstance(seat, dict):
                raise SaveError("its players are damaged")
            name, kind = seat.get("name"), seat.get("kind")
            if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or kind not in KINDS:
                raise SaveError("its players are damaged")
            parsed.append(Seat(name, kind))
        if type(in_sequence) is not bool:
            raise SaveError("its options are damaged")
        if pace not in PACE_MS:
            pace = "quick"
        return cls(mode, tuple(parsed), in_sequence, pace)


def solo_setup(pace: str = "quick") -> Setup:
    return Setup("solo", (Seat("You", HUMAN),), False, pace)


def default_setup() -> Setup:
    return Setup("game", (Seat("You", HUMAN), Seat("Computer", "easy")), False, "quick")


def unique_names(names: typing.Sequence[str]) -> list[str]:
    """Names made distinct (``Anna``, ``Anna (2)``) and never empty."""
    result: list[str] = []
    for i, raw in enumerate(names):
        name = " ".join(raw.split())[:MAX_NAME] or f"Player {i + 1}"
        base, n = name, 2
        while name.casefold() in (r.casefold() for r in result):
            suffix = f" ({n})"
            name = base[: MAX_NAME - len(suffix)] + suffix
            n += 1
        result.append(name)
    return result


def parse_save(data: typing.Any) -> tuple[Setup, roll.State, dict[str, typing.Any]]:
    """Check a game save and rebuild its state; raises :class:`SaveError` with the reason."""
    glue.check_save_header(data, SAVE_FORMAT, SAVE_VERSION, "Roll & Write")
    setup = Setup.from_dict(data.get("setup"))
    saved = data.get("state")
    if isinstance(saved, dict) and not saved.get("history") and saved.get("start") is None and saved.get("state"):
        # A position without a history (a prepared scenario): keep it as the start of the record.
        saved = {**saved, "start": saved["state"]}
    try:
        state = api.state_from_dict(saved)
    except errors.GameError as err:
        raise SaveError(f"the position is damaged: {err.reason}") from None
    if not isinstance(state, roll.State):
        raise SaveError("it holds another game")
    if state.game != setup.game():
        raise SaveError("its players do not match its position")
    ui = data.get("ui")
    return setup, state, ui if isinstance(ui, dict) else {}


# -- companion -----------------------------------------------------------------------------


class Companion:
    """One player's sheet in a game played with real dice."""

    def __init__(self, name: str, sheet: roll.Sheet | None = None) -> None:
        self.name = name
        self.sheet = sheet or roll.Sheet()
        self.undo: list[dict[str, typing.Any]] = []
        self.entries = 0
        self.log: list[str] = []
        self.colour: roll.Colour | None = None
        self.face: int | None = None
        self.chain: list[str] = []
        self.error = ""
        self.fresh: frozenset[str] = frozenset()
        self.finished = False

    def to_dict(self) -> dict[str, typing.Any]:
        return {"format": COMPANION_FORMAT, "version": COMPANION_VERSION, "name": self.name,
                "sheet": self.sheet.to_dict(), "undo": self.undo[-MAX_UNDO:], "entries": self.entries,
                "log": self.log[-MAX_LOG:], "chain": self.chain, "finished": self.finished}

    @classmethod
    def from_dict(cls, data: typing.Any) -> Companion:
        if not isinstance(data, dict) or data.get("format") != COMPANION_FORMAT:
            raise SaveError("it is not a companion sheet")
        version = data.get("version")
        if version != COMPANION_VERSION:
            raise SaveError(f"it was saved in another format ({version!r}); this version reads format "
                            f"{COMPANION_VERSION}")
        name = data.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise SaveError("its name is damaged")
        try:
            sheet = roll.Sheet.from_dict(data.get("sheet"))
        except errors.GameError as err:
            raise SaveError(f"the sheet is damaged: {err.reason}") from None
        companion = cls(name, sheet)
        undo = data.get("undo")
        if isinstance(undo, list):
            companion.undo = [u for u in undo if isinstance(u, dict)][-MAX_UNDO:]
        entries = data.get("entries")
        companion.entries = entries if type(entries) is int and entries >= 0 else 0
        log = data.get("log")
        if isinstance(log, list):
            companion.log = [str(x) for x in log if isinstance(x, str)][-MAX_LOG:]
        chain = data.get("chain")
        if isinstance(chain, list) and sheet.is_accelerating():
            companion.chain = [str(x) for x in chain if isinstance(x, str)]
        companion.finished = data.get("finished") is True
        return companion


def arrow_step(sheet: roll.Sheet, colour: roll.Colour, how: str) -> str:
    """One link of an acceleration chain: ``red 3 in box 3: an arrow!``."""
    numbers = sheet.expedition(colour)
    lead = "accelerated " if how == "accelerated" else ""
    return f"{lead}{colour.value} {numbers[-1]} in box {len(numbers)}: an arrow{' again' if lead else ''}!"


# -- the screen ----------------------------------------------------------------------------


class RollScreen:
    """The ``#roll`` screen: mounted by the app shell, unmounted on leaving."""

    def __init__(self, app: typing.Any) -> None:
        self.app = app
        self.root: typing.Any = None
        self.el: typing.Any = None
        self.main: typing.Any = None
        self._click: typing.Any = None
        self._change: typing.Any = None
        self._alive = False
        self.mode = "setup"
        self.menu_open = False
        self.problem = ""
        self.setup_error = ""
        self.setup: Setup | None = None
        self.state: roll.State | None = None
        self.viewer = 0
        """Whose eyes the table is drawn for (the person at the device)."""
        self.focus: int | None = None
        """The sheet shown in full (None: the viewer's)."""
        self.focus_auto = False
        """``focus`` follows a computer's visible moves (relaxed pace), not the player's choice."""
        self.picked: set[str] = set()
        """Die keys the person choosing has picked (a colour die and a number die)."""
        self.chosen_dice: frozenset[str] = frozenset()
        """Dice of the last choice (the computer's pick), shown unless that choice is hidden."""
        self.chooser = -1
        """Whose choice ``chosen_dice`` and ``chain`` belong to."""
        self.chain: list[str] = []
        """The acceleration chain in progress (texts)."""
        self.error = ""
        self.log: list[dict[str, typing.Any]] = []
        self.turn_start: list[roll.Sheet] | None = None
        """Every sheet at the start of the latest turn: what changed since is fresh."""
        self.rolling = False
        self.new_best = False
        self.companion: Companion | None = None
        self._token = 0
        """Bumped to abandon any computer thinking or pause in flight."""
        self.busy = False
        """A computer is thinking or a pause is running: clicks on the table wait."""
        self.think_log: list[tuple[str, float, float, float]] = []
        """Per computer decision: (level, wall ms, work ms, longest slice ms)."""
        self._handover_pending = False
        """A restored save was showing the hand-over prompt."""
        self._warm: set[int] = set()
        """Player counts whose computer value tables are built."""

    # -- lifecycle ---------------------------------------------------------
    def mount(self, root: typing.Any) -> None:
        self.root = root
        root.innerHTML = roll.html.frame()
        self.el = root.querySelector(".rw-screen")
        self.main = self.el.querySelector(".rw-main")
        self._click = create_proxy(lambda event: self.app.guard(self._on_click, event))
        self._change = create_proxy(lambda event: self.app.guard(self._on_change, event))
        self.el.addEventListener("click", self._click)
        self.el.addEventListener("change", self._change)
        self._alive = True
        self.restore()

    def unmount(self) -> None:
        self._alive = False
        self._token += 1
        if self.el is not None:
            for kind, proxy in (("click", self._click), ("change", self._change)):
                if proxy is not None:
                    self.el.removeEventListener(kind, proxy)
                    proxy.destroy()
        self._click = self._change = None
        if self.root is not None:
            self.root.innerHTML = ""
        self.el = self.main = None

    # -- saves -------------------------------------------------------------
    def _prefs(self) -> dict[str, typing.Any]:
        try:
            prefs = self.app.load(PREFS_KEY)
        except ValueError:
            return {}
        return prefs if isinstance(prefs, dict) else {}

    def restore(self) -> None:
        """Continue the saved game (or companion sheet), or show the setup, or the problem with a save."""
        prefs = self._prefs()
        order = (COMPANION_KEY, SAVE_KEY) if prefs.get("last") == "companion" else (SAVE_KEY, COMPANION_KEY)
        for key in order:
            try:
                data = self.app.load(key)
            except ValueError as err:
                what = "game" if key == SAVE_KEY else "companion sheet"
                self.show_problem(f"The saved {what} in this browser is damaged and cannot be read ({err}).", key)
                return
            if data is None:
                continue
            try:
                if key == SAVE_KEY:
                    setup, state, ui = parse_save(data)
                    self.start(setup, state, ui=ui)
                else:
                    self.start_companion(Companion.from_dict(data), save=False)
            except SaveError as err:
                what = "game" if key == SAVE_KEY else "companion sheet"
                self.show_problem(f"The saved {what} in this browser cannot be used: {err}.", key)
            except Exception as err:  # noqa: BLE001 - a damaged save must never break the page
                self.show_problem(f"The save in this browser cannot be used ({type(err).__name__}: {err}).", key)
            return
        self.show_setup()

    def save(self) -> None:
        state, setup = self.state, self.setup
        if state is None or setup is None:
            return
        self.app.save(SAVE_KEY, {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "setup": setup.to_dict(),
            "state": state.to_dict(),
            "ui": {
                "viewer": self.viewer,
                "turn_start": None if self.turn_start is None else [s.to_dict() for s in self.turn_start],
                "log": self.log[-MAX_LOG:],
                "chain": self.chain,
                "chooser": self.chooser,
                "chosen": sorted(self.chosen_dice),
                "new_best": self.new_best,
                "handover": self.mode == "handover",
            },
        })

    def save_companion(self) -> None:
        if self.companion is not None:
            self.app.save(COMPANION_KEY, self.companion.to_dict())

    # -- modes -------------------------------------------------------------
    def show_setup(self, error: str = "") -> None:
        self._token += 1
        self.busy = False
        self.mode = "setup"
        self.menu_open = False
        self.state = None
        self.setup = None
        self.companion = None
        self.setup_error = error
        self.render()

    def show_problem(self, message: str, key: str = SAVE_KEY) -> None:
        self._token += 1
        self.mode = "problem"
        self.problem = message
        self._problem_key = key
        self.render()

    def start(self, setup: Setup, state: roll.State, *, ui: dict[str, typing.Any] | None = None) -> None:
        self._token += 1
        self.busy = False
        self.setup, self.state, self.companion = setup, state, None
        self.menu_open = False
        self.picked = set()
        self.error = ""
        self.rolling = False
        self.focus = None
        ui = ui or {}
        self._restore_ui(ui)
        if not ui:
            self.save()
        if any(seat.is_computer for seat in setup.seats):
            self._warm_up(len(setup.seats), 1, self._token)
        self._advance()

    def _warm_up(self, players: int, turns: int, token: int) -> None:
        """Build the computer's value tables a few at a time, so that no browser task runs long.

        (The first decision of a bot would otherwise build them all in one step.)"""
        if players in self._warm or token != self._token or not self._alive:
            return
        evaluator = roll.ai.evaluator(players)
        last = int(roll.ai.Weights().length)
        deadline = time.perf_counter() + SLICE_SECONDS * 0.6
        while turns <= last and time.perf_counter() < deadline:
            evaluator.table(turns)
            turns += 1
        if turns > last:
            self._warm.add(players)
        else:
            self.app.later(0, lambda: self._warm_up(players, turns, token))

    def _restore_ui(self, ui: dict[str, typing.Any]) -> None:
        state, setup = self.state, self.setup
        assert state is not None and setup is not None
        n = len(setup.seats)
        viewer = ui.get("viewer")
        self.viewer = viewer if type(viewer) is int and 0 <= viewer < n else (setup.people or (0,))[0]
        self.turn_start = None
        raw = ui.get("turn_start")
        if isinstance(raw, list) and len(raw) == n:
            try:
                self.turn_start = [roll.Sheet.from_dict(s) for s in raw]
            except errors.GameError:
                self.turn_start = None
        if self.turn_start is None and state.roll is not None:
            self.turn_start = [(state.before[p] or state.sheets[p]).copy() for p in range(n)]
        log = ui.get("log")
        self.log = [e for e in log if isinstance(e, dict) and isinstance(e.get("text"), str)
                    and type(e.get("t")) is int and type(e.get("p")) is int] if isinstance(log, list) else []
        chain = ui.get("chain")
        self.chain = [str(x) for x in chain if isinstance(x, str)] if isinstance(chain, list) else []
        chooser = ui.get("chooser")
        self.chooser = chooser if type(chooser) is int else -1
        chosen = ui.get("chosen")
        self.chosen_dice = frozenset(str(x) for x in chosen if isinstance(x, str)) if isinstance(chosen, list) \
            else frozenset()
        self.new_best = ui.get("new_best") is True
        self._handover_pending = ui.get("handover") is True

    def new_game(self, setup: Setup) -> None:
        prefs = self._prefs()
        prefs.update(setup=setup.to_dict(), last=setup.mode)
        self.app.save(PREFS_KEY, prefs)
        self.app.forget(SAVE_KEY)
        self.log, self.chain, self.chosen_dice, self.new_best = [], [], frozenset(), False
        self.turn_start = None
        self.viewer = (setup.people or (0,))[0]
        self.start(setup, setup.game().new_state())

    def start_companion(self, companion: Companion, *, save: bool = True) -> None:
        self._token += 1
        self.busy = False
        self.state = None
        self.setup = None
        self.companion = companion
        self.mode = "companion"
        self.menu_open = False
        if save:
            prefs = self._prefs()
            prefs.update(last="companion", companion_name=companion.name)
            self.app.save(PREFS_KEY, prefs)
            self.save_companion()
        self.render()

    # -- helpers -----------------------------------------------------------
    def name(self, player: int) -> str:
        if self.setup is not None and 0 <= player < len(self.setup.seats):
            return self.setup.seats[player].name
        return f"Player {player + 1}"

    def is_computer(self, player: int) -> bool:
        return self.setup is not None and 0 <= player < len(self.setup.seats) and \
            self.setup.seats[player].is_computer

    def pace(self) -> int:
        return PACE_MS.get(self.setup.pace if self.setup is not None else "quick", 350)

    def _later(self, ms: int, func: typing.Callable[[], None]) -> None:
        token = self._token

        def fire() -> None:
            if self._alive and token == self._token:
                func()

        self.app.later(ms, fire)

    def _log(self, player: int, text: str, turn: int) -> None:
        if self.log and self.log[-1]["t"] == turn and self.log[-1]["p"] == player:
            self.log[-1]["text"] += " \u2192 " + text
        else:
            self.log.append({"t": turn, "p": player, "text": text})
        del self.log[:-MAX_LOG]

    # -- the game loop -----------------------------------------------------
    def _advance(self) -> None:
        """Move on until a person must act: the computers roll and choose, with pauses."""
        state, setup = self.state, self.setup
        if state is None or setup is None or not self._alive:
            return
        self.busy = False
        if state.is_terminal():
            self._finish()
            return
        self.mode = "play"
        if state.is_chance():
            active = state.active
            if self.is_computer(active):
                self.busy = True
                self.render()
                self._later(self.pace(), self._computer_roll)
                return
            self.viewer = active
            self.focus = None
            self.focus_auto = False
            self.render()
            return
        actor = state.current_player
        if self.is_computer(actor):
            self.busy = True
            self.render()
            token = self._token
            self._later(self.pace() // 2, lambda: self._think_begin(token))
            return
        hidden = state.phase is roll.Phase.OTHERS and not state.game.in_sequence and len(setup.people) > 1
        if self.focus_auto:
            self.focus, self.focus_auto = None, False
        if actor != self.viewer or (self._handover_pending and hidden):
            self.viewer = actor
            self.focus = None
            self.picked = set()
            if hidden:
                self.mode = "handover"
                self.save()
        self._handover_pending = False
        self.render()

    def _finish(self) -> None:
        state, setup = self.state, self.setup
        assert state is not None and setup is not None
        self.mode = "over"
        self.focus, self.focus_auto = None, False
        self.picked = set()
        if setup.mode == "solo":
            total = state.sheets[0].score()
            best = self.best()
            if best is None or total > best:
                self.app.save(BEST_KEY, {"best": total})
                self.new_best = True
        self.save()
        self.render()

    def best(self) -> int | None:
        try:
            data = self.app.load(BEST_KEY)
        except ValueError:
            return None
        value = data.get("best") if isinstance(data, dict) else None
        return value if type(value) is int else None

    def roll_dice(self, roller: int) -> None:
        state = self.state
        assert state is not None
        self.turn_start = [s.copy() for s in state.sheets]
        action = state.sample_chance(self.app.rng("roll-dice"))
        state.apply(action)
        self.chosen_dice = frozenset()
        self.picked = set()
        self.chain = []
        self.error = ""
        if len(state.sheets) > 1:
            self._log(roller, roll.html.action_text(action), state.turn)
        self.rolling = True
        self.save()

    def _computer_roll(self) -> None:
        state = self.state
        if state is None or not state.is_chance() or not self.is_computer(state.active):
            self._advance()
            return
        self.roll_dice(state.active)
        self._follow(state.active)
        self.render()
        self.rolling = False
        self._later(max(self.pace(), ROLL_ANIMATION_MS if self.pace() else 0), self._advance)

    def _follow(self, seat: int) -> None:
        """At the relaxed pace, show the sheet of the computer that acts (unless the player chose one)."""
        if self.setup is not None and self.setup.pace == "relaxed" and (self.focus is None or self.focus_auto):
            self.focus = None if seat == self.viewer else seat
            self.focus_auto = True

    def _think_begin(self, token: int) -> None:
        state = self.state
        if state is None or token != self._token or state.current_player < 0 or \
                not self.is_computer(state.current_player):
            self._advance()
            return
        seat = state.current_player
        if state.game.players not in self._warm:
            self._later(10, lambda: self._think_begin(token))
            return
        level = self.setup.seats[seat].kind if self.setup is not None else "easy"
        thinking = roll.ai.bot(level).think(state.view(seat), self.app.rng("roll-ai"))
        self.app.think(thinking, lambda action, stats: self._thought(action, stats, level),
                       alive=lambda: token == self._token and self._alive, slice_seconds=SLICE_SECONDS)

    def _thought(self, action: typing.Any, stats: glue.ThinkStats, level: str) -> None:
        entry = (level, round(stats.wall * 1000, 1), round(stats.work * 1000, 1), round(stats.longest * 1000, 1))
        self.think_log.append(entry)
        del self.think_log[:-100]
        if self.el is not None:
            self.el.dataset.think = f"{entry[1]:.0f}/{entry[2]:.0f}/{entry[3]:.0f}"
            walls = [e[1] for e in self.think_log]
            longest = max(e[3] for e in self.think_log)
            self.el.dataset.thinkStats = (f"{len(walls)} decisions, mean {sum(walls) / len(walls):.0f} ms, "
                                          f"max {max(walls):.0f} ms, longest slice {longest:.0f} ms")
            self.el.dataset.thinkMax = f"{longest:.0f}"
        self.computer_act(action)

    def computer_act(self, action: typing.Any) -> None:
        state = self.state
        if state is None or state.current_player < 0:
            return
        seat = state.current_player
        try:
            checked = state.check(action)
        except (errors.GameError, TypeError) as err:
            # A computer player's bug must not stop the game: play a legal move instead.
            js.console.warn(f"The computer chose an illegal action ({err}); playing a legal one instead.")
            checked = state.legal_actions()[-1]
        self._perform(seat, checked)
        visible = seat not in state.view(self.viewer).hidden
        if visible:
            self._follow(seat)
        self.render()
        self._later(self.pace() if visible else min(self.pace(), 150), self._advance)

    def _perform(self, seat: int, action: api.Action) -> None:
        """Apply an action of the player to act, note it, pick out its dice, save."""
        state = self.state
        assert state is not None
        phase, turn = state.phase, state.turn
        state.apply(action)
        sheet = state.sheets[seat]
        text = roll.html.action_text(action, sheet)
        r = state.roll
        if isinstance(action, roll.Take):
            if r is not None:
                avoid = roll.html.taken_dice(r, state.taken) if phase is roll.Phase.OTHERS else frozenset()
                keys = [roll.html.find_die(r.colours, action.colour, "colour", avoid),
                        roll.html.find_die(r.numbers, action.number, "number", avoid)]
                self.chosen_dice = frozenset(k for k in keys if k is not None)
            self.chain = [arrow_step(sheet, action.colour, "wrote")] if sheet.is_accelerating() else []
        elif isinstance(action, roll.Accelerate):
            if action.colour is not None and sheet.is_accelerating():
                self.chain.append(arrow_step(sheet, action.colour, "accelerated"))
            else:
                self.chain = []
        else:
            self.chosen_dice = frozenset()
            self.chain = []
        self.chooser = seat
        self._log(seat, text, turn)
        self.picked = set()
        self.error = ""
        self.save()

    # -- a person's choices ------------------------------------------------
    def person_turn(self) -> bool:
        state = self.state
        return (state is not None and self.mode == "play" and not self.menu_open and not self.busy
                and state.current_player >= 0 and not self.is_computer(state.current_player)
                and state.current_player == self.viewer)

    def picked_pair(self) -> tuple[roll.Colour, int] | None:
        state = self.state
        if state is None or state.roll is None:
            return None
        colour = number = None
        for key in self.picked:
            kind, _, index = key.partition("-")
            i = int(index)
            if kind == "colour":
                colour = state.roll.colours[i]
            elif kind == "number":
                number = state.roll.numbers[i]
        if colour is None or number is None:
            return None
        return colour, number

    def free_dice(self) -> frozenset[str]:
        state = self.state
        if state is None or state.roll is None:
            return frozenset()
        taken = roll.html.taken_dice(state.roll, state.taken) if state.phase is roll.Phase.OTHERS else frozenset()
        every = {f"colour-{i}" for i in range(3)} | {f"number-{i}" for i in range(3)}
        return frozenset(every - taken)

    def on_die(self, key: str) -> None:
        state = self.state
        if state is None or not self.person_turn():
            return
        if state.sheets[state.current_player].is_accelerating():
            self.fail("Choose your acceleration first (or decline it).")
            return
        if key not in self.free_dice():
            self.fail("The active player took that die: choose from the dice left.")
            return
        kind = key.partition("-")[0]
        if key in self.picked:
            self.picked.discard(key)
        else:
            self.picked = {k for k in self.picked if not k.startswith(kind)} | {key}
        self.error = ""
        self.chosen_dice = frozenset()
        pair = self.picked_pair()
        if pair is not None and not state.sheets[state.current_player].targets(*pair):
            sheet = state.sheets[state.current_player]
            target = roll.Target.TOP if sheet.is_complete(pair[0]) else roll.Target.BOX
            self.error = roll.html.reason_text(sheet.why_not(pair[0], pair[1], target) or "")
        self.render()

    def on_sheet_element(self, key: str) -> None:
        """A tap on a box, circle or top artefact of the sheet shown."""
        state = self.state
        if state is None or not self.person_turn():
            return
        seat = state.current_player
        if self.focus is not None and self.focus != seat:
            self.focus = None
            self.render()
            return
        sheet = state.sheets[seat]
        if sheet.is_accelerating():
            targets = roll.html.acceleration_targets(sheet)
            if key in targets:
                self.act(roll.Accelerate(targets[key]))
            else:
                self.fail("Tap a highlighted space (the next box of an expedition), or choose below.")
            return
        pair = self.picked_pair()
        if pair is None:
            self.fail("Pick a colour die and a number die first, then tap where they go.")
            return
        colour, face = pair
        target = roll.html.target_at(sheet, colour, key)
        if target is None:
            self.fail(f"The {colour.value} {face} can only go in the {colour.value} expedition.")
            return
        reason = sheet.why_not(colour, face, target)
        if reason is None and target is roll.Target.BOX and key != roll.html.next_key(sheet, colour):
            reason = f"write in the next free {colour.value} box, from the bottom up"
        if reason is not None:
            self.fail(roll.html.reason_text(reason))
            return
        self.act(roll.Take(colour, face, target))

    def act(self, action: api.Action) -> None:
        state = self.state
        if state is None or not self.person_turn():
            return
        seat = state.current_player
        try:
            checked = state.check(action)
        except errors.GameError as err:
            self.fail(roll.html.reason_text(err.reason))
            return
        self._perform(seat, checked)
        if state.current_player == seat and state.sheets[seat].is_accelerating():
            self.render()
            return
        self._advance()

    def fail(self, reason: str) -> None:
        self.error = reason
        self.render()

    # -- companion ---------------------------------------------------------
    def companion_pick(self, colour: str | None = None, face: str | None = None) -> None:
        comp = self.companion
        if comp is None:
            return
        if comp.sheet.is_accelerating():
            comp.error = "Choose your acceleration first (or decline it)."
            self.render()
            return
        if colour is not None:
            picked = next((c for c in roll.COLOURS if c.value == colour), None)
            comp.colour = None if picked is comp.colour else picked
        if face is not None and face.isdigit():
            value = int(face)
            comp.face = None if value == comp.face else value
        comp.error = ""
        if comp.colour is not None and comp.face is not None and not comp.sheet.targets(comp.colour, comp.face):
            target = roll.Target.TOP if comp.sheet.is_complete(comp.colour) else roll.Target.BOX
            comp.error = roll.html.reason_text(comp.sheet.why_not(comp.colour, comp.face, target) or "")
        self.render()

    def _companion_snapshot(self) -> None:
        comp = self.companion
        assert comp is not None
        comp.undo.append({"sheet": comp.sheet.to_dict(), "entries": comp.entries, "log": len(comp.log),
                          "chain": list(comp.chain)})
        del comp.undo[:-MAX_UNDO]

    def companion_element(self, key: str) -> None:
        comp = self.companion
        if comp is None:
            return
        sheet = comp.sheet
        before = sheet.copy()
        if sheet.is_accelerating():
            targets = roll.html.acceleration_targets(sheet)
            if key not in targets:
                comp.error = "Tap a highlighted space (the next box of an expedition), or choose on the right."
                self.render()
                return
            self.companion_accelerate(targets[key].value)
            return
        if comp.colour is None or comp.face is None:
            comp.error = "First enter the pair you chose: its colour and its number."
            self.render()
            return
        colour, face = comp.colour, comp.face
        target = roll.html.target_at(sheet, colour, key)
        if target is None:
            comp.error = f"The {colour.value} {face} can only go in the {colour.value} expedition."
            self.render()
            return
        if target is roll.Target.BOX and sheet.why_not(colour, face, target) is None \
                and key != roll.html.next_key(sheet, colour):
            comp.error = f"Numbers go in the next free {colour.value} box, from the bottom up."
            self.render()
            return
        self._companion_snapshot()
        try:
            sheet.mark(colour, face, target)
        except errors.IllegalActionError as err:
            comp.undo.pop()
            comp.error = roll.html.reason_text(err.reason)
            self.render()
            return
        comp.entries += 1
        comp.colour = comp.face = None
        comp.error = ""
        text = roll.html.action_text(roll.Take(colour, face, target), sheet)
        comp.log.append(f"Turn {comp.entries}: {text}")
        comp.chain = [arrow_step(sheet, colour, "wrote")] if sheet.is_accelerating() else []
        comp.fresh = roll.html.fresh_marks(before, sheet)
        self.save_companion()
        self.render()

    def companion_accelerate(self, value: str) -> None:
        comp = self.companion
        if comp is None:
            return
        sheet = comp.sheet
        before = sheet.copy()
        colour = None if value == "none" else next((c for c in roll.COLOURS if c.value == value), None)
        if value != "none" and colour is None:
            return
        self._companion_snapshot()
        try:
            sheet.accelerate(colour)
        except errors.IllegalActionError as err:
            comp.undo.pop()
            comp.error = roll.html.reason_text(err.reason)
            self.render()
            return
        text = roll.html.action_text(roll.Accelerate(colour), sheet)
        if comp.log:
            comp.log[-1] += f" \u2192 {text}"
        if colour is not None and sheet.is_accelerating():
            comp.chain.append(arrow_step(sheet, colour, "accelerated"))
        else:
            comp.chain = []
        comp.error = ""
        comp.fresh = comp.fresh | roll.html.fresh_marks(before, sheet)
        self.save_companion()
        self.render()

    def companion_refuse(self) -> None:
        comp = self.companion
        if comp is None:
            return
        before = comp.sheet.copy()
        self._companion_snapshot()
        try:
            comp.sheet.refuse()
        except errors.IllegalActionError as err:
            comp.undo.pop()
            comp.error = roll.html.reason_text(err.reason)
            self.render()
            return
        comp.entries += 1
        comp.colour = comp.face = None
        comp.error = ""
        comp.log.append(f"Turn {comp.entries}: refused the dice"
                        + (" (exhausted)" if comp.sheet.is_exhausted() else ""))
        comp.fresh = roll.html.fresh_marks(before, comp.sheet)
        self.save_companion()
        self.render()

    def companion_bridge(self, key: str) -> None:
        comp = self.companion
        column = roll.html.column_of_bridge(key)
        if comp is None or column is None:
            return
        if comp.sheet.bridge(column) is not roll.BridgeMark.OPEN:
            comp.error = (f"You passed the {key} bridge first: it stays yours." if
                          comp.sheet.bridge(column) is roll.BridgeMark.SCORED else
                          f"The {key} bridge is already crossed out.")
            self.render()
            return
        before = comp.sheet.copy()
        self._companion_snapshot()
        comp.sheet.mark_bridge_taken_by_others(column)
        comp.log.append(f"Another player passed the {key} bridge first: crossed out")
        comp.error = ""
        comp.fresh = roll.html.fresh_marks(before, comp.sheet)
        self.save_companion()
        self.render()

    def companion_undo(self) -> None:
        comp = self.companion
        if comp is None or not comp.undo:
            return
        last = comp.undo.pop()
        try:
            comp.sheet = roll.Sheet.from_dict(last.get("sheet"))
        except errors.GameError:
            comp.undo.clear()
            comp.error = "Nothing more to undo."
            self.render()
            return
        entries, count = last.get("entries"), last.get("log")
        comp.entries = entries if type(entries) is int else comp.entries
        if type(count) is int:
            del comp.log[count:]
        chain = last.get("chain")
        comp.chain = [str(x) for x in chain] if isinstance(chain, list) else []
        comp.colour = comp.face = None
        comp.error = ""
        comp.fresh = frozenset()
        comp.finished = False
        self.save_companion()
        self.render()

    # -- events --------------------------------------------------------------
    def _on_click(self, event: typing.Any) -> None:
        target = event.target
        if not target or not hasattr(target, "closest"):
            return
        el = target.closest("[data-action], [data-die], [data-box], [data-circle], [data-top], [data-bridge], "
                            "[data-accelerate], [data-sheet], [data-pick-colour], [data-pick-number]")
        if not el:  # JS null arrives as jsnull (falsy), not None
            return

        def attr(name: str) -> str | None:
            value = el.getAttribute(name)
            return str(value) if value else None

        action = attr("data-action")
        if action:
            self._on_action(action)
            return
        if self.menu_open:
            return
        if self.mode == "companion":
            self._on_companion_click(attr)
            return
        if self.mode not in ("play", "over"):
            return
        if attr("data-accelerate"):
            value = attr("data-accelerate") or "none"
            colour = None if value == "none" else next((c for c in roll.COLOURS if c.value == value), None)
            self.act(roll.Accelerate(colour))
        elif attr("data-die"):
            self.on_die(attr("data-die") or "")
        elif el.closest(".rw-thumb") and attr("data-sheet") is not None:
            seat = int(attr("data-sheet") or "0")
            self.focus = None if seat == self.viewer else seat
            self.focus_auto = False
            self.render()
        elif attr("data-box"):
            self.on_sheet_element(f"box:{attr('data-box')}")
        elif attr("data-circle"):
            self.on_sheet_element(f"circle:{attr('data-circle')}")
        elif attr("data-top"):
            self.on_sheet_element(f"top:{attr('data-top')}")

    def _on_companion_click(self, attr: typing.Callable[[str], str | None]) -> None:
        if attr("data-pick-colour"):
            self.companion_pick(colour=attr("data-pick-colour"))
        elif attr("data-pick-number") is not None:
            self.companion_pick(face=attr("data-pick-number"))
        elif attr("data-accelerate"):
            self.companion_accelerate(attr("data-accelerate") or "none")
        elif attr("data-bridge"):
            self.companion_bridge(attr("data-bridge") or "")
        elif attr("data-box"):
            self.companion_element(f"box:{attr('data-box')}")
        elif attr("data-circle"):
            self.companion_element(f"circle:{attr('data-circle')}")
        elif attr("data-top"):
            self.companion_element(f"top:{attr('data-top')}")

    def _on_action(self, action: str) -> None:
        state = self.state
        if action == "start":
            self._start_from_form()
        elif action == "ready":
            if self.mode == "handover":
                self.mode = "play"
                self.save()
                self.render()
        elif action == "roll":
            if state is not None and self.mode == "play" and not self.busy and not self.menu_open \
                    and state.is_chance() and not self.is_computer(state.active):
                self.roll_dice(state.active)
                self._advance()
                self.rolling = False
        elif action == "refuse":
            if self.mode == "companion":
                self.companion_refuse()
            elif state is not None and self.person_turn():
                self.act(roll.REFUSE)
        elif action == "clear":
            self.picked = set()
            self.error = ""
            if self.companion is not None:
                self.companion.colour = self.companion.face = None
                self.companion.error = ""
            self.render()
        elif action == "undo":
            self.companion_undo()
        elif action == "finish":
            if self.companion is not None:
                self.companion.finished = not self.companion.finished
                self.save_companion()
                self.render()
        elif action == "menu":
            if self.mode in ("play", "handover", "over", "companion"):
                self.menu_open = not self.menu_open
                self.render()
        elif action == "close-menu":
            self.menu_open = False
            self.render()
        elif action in ("new-game", "confirm-new"):
            if self.mode == "companion":
                self.app.forget(COMPANION_KEY)
            else:
                self.app.forget(SAVE_KEY)
            self.show_setup()
        elif action == "new-after-problem":
            self.app.forget(getattr(self, "_problem_key", SAVE_KEY))
            self.show_setup()
        # "home" and "dismiss" belong to the app shell's own listener.

    def _on_change(self, event: typing.Any) -> None:
        if self.mode != "setup" or self.el is None:
            return
        target = event.target
        name = str(target.getAttribute("name") or "") if target else ""
        form = self.el.querySelector(".rw-setup")
        if not form:
            return
        if name == "mode":
            form.dataset.mode = str(target.value)
        elif name == "count":
            count = int(str(target.value) or "2")
            for i in range(5):
                row = form.querySelector(f'[data-seat="{i}"]')
                if row:
                    row.hidden = i >= count

    def _start_from_form(self) -> None:
        el = self.el

        def value(selector: str, default: str) -> str:
            found = el.querySelector(selector)
            return str(found.value) if found else default

        mode = value('input[name="mode"]:checked', "game")
        pace = value('input[name="pace"]:checked', "quick")
        pace = pace if pace in PACE_MS else "quick"
        if mode == "companion":
            name = unique_names([value('input[name="companion_name"]', "")])[0]
            if name == "Player 1":
                name = "You"
            self.start_companion(Companion(name))
            return
        if mode == "solo":
            self.new_game(solo_setup(pace))
            return
        raw = value('select[name="count"]', "2")
        count = int(raw) if raw.isdigit() and 2 <= int(raw) <= 5 else 2
        names = unique_names([value(f'input[name="name{i}"]', "") for i in range(count)])
        kinds = [value(f'select[name="kind{i}"]', HUMAN) for i in range(count)]
        seats = tuple(Seat(n, k if k in KINDS else HUMAN) for n, k in zip(names, kinds))
        sequence = el.querySelector('input[name="in_sequence"]')
        self.new_game(Setup("game", seats, bool(sequence and sequence.checked), pace))

    # -- rendering -------------------------------------------------------------
    def phase(self) -> str:
        state = self.state
        if self.menu_open:
            return "menu"
        if self.mode in ("setup", "problem", "handover", "over", "companion"):
            return self.mode
        if state is None:
            return "setup"
        if self.busy:
            return "ai"
        if state.is_chance():
            return "ai" if self.is_computer(state.active) else "roll"
        actor = state.current_player
        if self.is_computer(actor):
            return "ai"
        return "accelerate" if state.sheets[actor].is_accelerating() else "choose"

    def render(self) -> None:
        if self.el is None:
            return
        phase = self.phase()
        self.el.dataset.phase = phase
        state = self.state
        self.el.dataset.moves = str(len(state.history)) if state is not None else "0"
        self.el.dataset.viewer = str(self.viewer)
        self.el.classList.toggle("rw-in-game", state is not None or self.companion is not None)
        self._update_info()
        if self.menu_open:
            self.main.innerHTML = self._menu_html()
        elif self.mode == "setup":
            self.main.innerHTML = self._setup_html()
        elif self.mode == "problem":
            self.main.innerHTML = roll.html.problem(self.problem)
        elif self.mode == "handover":
            state = self.state
            who = self.name(state.current_player) if state is not None and state.current_player >= 0 else ""
            self.main.innerHTML = roll.html.handover(who)
        elif self.mode == "companion":
            self.main.innerHTML = self._companion_html()
        else:
            self.main.innerHTML = self._play_html()

    def _setup_html(self) -> str:
        prefs = self._prefs()
        try:
            setup = Setup.from_dict(prefs.get("setup"))
        except SaveError:
            setup = default_setup()
        if setup.mode == "solo":
            seats = default_setup().seats
            mode = "solo"
        else:
            seats, mode = setup.seats, "game"
        if prefs.get("last") == "companion":
            mode = "companion"
        name = prefs.get("companion_name")
        return roll.html.setup_form(
            mode=mode, seats=[(s.name, s.kind) for s in seats], in_sequence=setup.in_sequence, pace=setup.pace,
            best=self.best(), companion_name=name if isinstance(name, str) else "You", error=self.setup_error)

    def _update_info(self) -> None:
        state = self.state
        if self.companion is not None:
            comp = self.companion
            self.app.set_info(f"{comp.name} \u00b7 turn {comp.entries + 1} \u00b7 {comp.sheet.score()} points")
            return
        if state is None or self.mode in ("setup", "problem"):
            self.app.set_info("")
            return
        view = state.view(self.viewer)
        scores = [s.score() for s in view.sheets]
        if len(scores) <= 2:
            text = " \u00b7 ".join(f"{self.name(p)} {score}" for p, score in enumerate(scores))
        else:
            lead = max(range(len(scores)), key=lambda p: scores[p])
            text = f"{self.name(self.viewer)} {scores[self.viewer]}"
            if scores[lead] > scores[self.viewer]:
                text += f" \u00b7 lead: {self.name(lead)} {scores[lead]}"
        self.app.set_info(f"Turn {state.turn + 1} \u00b7 {text}")

    def _fresh(self, view: roll.View, player: int) -> frozenset[str]:
        if self.turn_start is None or player >= len(self.turn_start) or player in view.hidden:
            return frozenset()
        return roll.html.fresh_marks(self.turn_start[player], view.sheets[player])

    def _play_html(self) -> str:
        state, setup = self.state, self.setup
        assert state is not None and setup is not None
        view = state.view(self.viewer)
        names = setup.names
        actor = state.current_player
        person = self.person_turn()
        focus = self.focus if self.focus is not None else self.viewer
        shown = view.sheets[focus]
        targets: typing.Collection[str] = ()
        if person and focus == actor:
            if shown.is_accelerating():
                targets = roll.html.acceleration_targets(shown)
            else:
                pair = self.picked_pair()
                if pair is not None:
                    targets = roll.html.pair_targets(shown, *pair)
        scorers = roll.html.passed_by(view.sheets, names)
        kind = "" if not setup.seats[focus].is_computer else f"computer, {setup.seats[focus].kind}"
        caption = ""
        if focus in view.hidden:
            caption = "has chosen (hidden until everybody has)"
        elif kind:
            caption = kind
        sheet_html = roll.html.sheet(
            shown, name=names[focus], player=focus, targets=targets, fresh=self._fresh(view, focus),
            scorers=scorers, interactive=person and focus == actor, caption=caption,
            classes="rw-main-sheet" + (" rw-other" if focus != self.viewer and self.mode != "over" else ""))
        side = self._over_side(view) if self.mode == "over" else self._side_html(view, person)
        thumbs = roll.html.thumbs([roll.html.sheet_thumb(
            view.sheets[p], name=names[p], player=p, kind=setup.seats[p].kind if setup.seats[p].is_computer else "",
            current=p == actor and self.mode == "play", focused=p == focus, hidden=p in view.hidden,
            fresh=self._fresh(view, p)) for p in range(len(names))])
        return roll.html.table(sheet_html, side + thumbs, layout=f"rw-players-{len(names)}")

    def _side_html(self, view: roll.View, person: bool) -> str:
        state, setup = self.state, self.setup
        assert state is not None and setup is not None
        status = roll.html.play_status(view, setup.names, computers=[p for p, s in enumerate(setup.seats)
                                                                     if s.is_computer],
                                       busy=self.busy, picked=self.picked, error=self.error)
        shown_choice = self.chooser >= 0 and self.chooser not in view.hidden
        marks = roll.html.DiceMarks(
            taken=roll.html.taken_dice(state.roll, state.taken) if state.roll is not None
            and state.phase is roll.Phase.OTHERS else frozenset(),
            selected=frozenset(self.picked) if person else frozenset(),
            chosen=self.chosen_dice if shown_choice and not self.picked else frozenset())
        tray = roll.html.dice_tray(state.roll, marks=marks, interactive=person and state.roll is not None
                                   and not state.sheets[state.current_player].is_accelerating(),
                                   rolling=self.rolling)
        controls = ""
        if state.is_chance() and not self.is_computer(state.active) and not self.busy:
            controls = roll.html.roll_button()
        elif person:
            sheet = state.sheets[state.current_player]
            if sheet.is_accelerating():
                controls = roll.html.acceleration_panel(sheet, self.chain)
            else:
                controls = roll.html.choice_controls(exhausted=sheet.is_exhausted(), clear=bool(self.picked))
        elif shown_choice:
            controls = roll.html.chain_list(self.chain)
        return roll.html.side(status, tray=tray, controls=controls, log=self._log_html(view))

    def _log_html(self, view: roll.View) -> str:
        state = self.state
        assert state is not None
        if len(view.sheets) == 1 and not self.log:
            return ""
        lines: list[tuple[int, str, str]] = []
        for entry in self.log[-6:]:
            p, t = entry["p"], entry["t"]
            if not 0 <= p < len(view.sheets):
                continue
            text = entry["text"]
            if t == state.turn and p in view.hidden:
                text = "has chosen (hidden until everybody has)"
            lines.append((t, self.name(p), text))
        return roll.html.move_log(lines)

    def _over_side(self, view: roll.View) -> str:
        state, setup = self.state, self.setup
        assert state is not None and setup is not None
        note = roll.html.best_note(self.best(), self.new_best) if setup.mode == "solo" else ""
        return roll.html.game_over(setup.names, state.breakdowns(), winners=state.winners(), note=note)

    def _companion_html(self) -> str:
        comp = self.companion
        assert comp is not None
        sheet = comp.sheet
        targets: typing.Collection[str] = ()
        if sheet.is_accelerating():
            targets = roll.html.acceleration_targets(sheet)
        elif comp.colour is not None and comp.face is not None:
            targets = roll.html.pair_targets(sheet, comp.colour, comp.face)
        sheet_html = roll.html.sheet(sheet, name=comp.name, targets=targets, fresh=comp.fresh, interactive=True,
                                     tick_bridges=not sheet.is_accelerating(), caption="companion sheet",
                                     classes="rw-main-sheet rw-companion-sheet")
        if comp.finished:
            side = roll.html.companion_over(comp.name, sheet.breakdown())
        else:
            status = roll.html.companion_status(sheet, comp.colour, comp.face, entries=comp.entries, error=comp.error)
            side = roll.html.companion_side(
                status, roll.html.companion_controls(sheet, comp.colour, comp.face, comp.chain),
                can_undo=bool(comp.undo), log=comp.log[-5:])
        return roll.html.table(sheet_html, side, layout="rw-companion")

    def _menu_html(self) -> str:
        return roll.html.menu("sheet" if self.mode == "companion" else "game")
