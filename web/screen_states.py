"""The screen's state machine, written down: its phases, what may open over them, and the moves between.

A screen (:class:`screen.Screen`) is always in one :class:`Phase`; over the phases that show a game
(:data:`COVERED`) it may also show one :class:`Overlay` (the menu, a page over the game).  Both
change only through :meth:`Machine.go` with an :class:`Event`, looked up in :data:`PHASES` or
:data:`OVERLAYS`; an event that is not there for the phase (or overlay) the screen is in raises
:class:`TransitionError` and changes nothing.  A person's click that the phase does not take
(a second tap on *Ready*, a stale button) is ignored quietly by the screen, which asks
:meth:`Machine.allows` first; an event the screen's own code sends at the wrong time is a bug,
and the error names the phase and the event.

The phases (``mode`` is the old name the tests read, ``data-phase`` the attribute on the element)::

    (a computer thinking is stopped first: THINKING ──thought──> PLAY, then as below)
    any phase ──restored──> PLAY        a game opens: a save continued (mounting, *Load the newer
                                        game*), a new game from SETUP, an embed's position or lesson step
    any phase ──document──> DOCUMENT    a document opens (a Roll & Write companion sheet)
    any phase ──setup──> SETUP          no save, the menu's *New match*, a refused setup form
    any phase ──fail──> PROBLEM         a damaged save, an embed's position that cannot be opened
    PLAY ──think──> THINKING ──thought──> PLAY           a computer's turn, worked out on timers
    PLAY ──handover──> HANDOVER ──ready──> PLAY          pass-and-play: the next person takes the device
    PLAY ──replay──> REPLAY ──close-replay──> PLAY       only once a game is over (the screen's guard)
    PLAY, HANDOVER, REPLAY ──stale──> STALE              another tab wrote a newer save

A game over, or a match over, is not a phase of the screen: it is a position of the session (the
adapter's ``phase`` shows it in ``data-phase``); the screen's guard ``Screen.can_replay`` reads it.
The computer working out a suggestion for the person (``Screen.hinting``) is not a phase either: it
runs while the person may still act, and any action cancels it.

The overlays, over PLAY, THINKING, HANDOVER and DOCUMENT only (a computer's turn and a hand-over
happen beneath them, :data:`BENEATH`; any other change of phase closes them)::

    NONE ──menu──> MENU ──menu / close-menu──> NONE
    MENU ──confirm──> CONFIRM ──menu / close-menu──> NONE     *New match* asks before abandoning a game
    NONE / MENU ──rules──> RULES, ──stats──> STATS ──close-sheet──> NONE
    RULES / STATS ──menu──> MENU

>>> machine = Machine()
>>> machine.go(Event.RESTORED)
>>> machine.phase, machine.overlay
(<Phase.PLAY: 'play'>, <Overlay.NONE: ''>)
>>> machine.go(Event.MENU); machine.overlay
<Overlay.MENU: 'menu'>
>>> try:
...     machine.go(Event.READY)
... except TransitionError as err:
...     print(err)
the screen is playing a game with the menu open: 'ready' (a person takes the device) is not possible there
>>> machine.phase, machine.overlay
(<Phase.PLAY: 'play'>, <Overlay.MENU: 'menu'>)
"""

from __future__ import annotations

import enum
import typing


class Phase(enum.Enum):
    """What the screen shows, and so what it accepts."""

    LOADING = "loading"
    """Mounted, nothing read yet."""
    SETUP = "setup"
    """The setup form of a new game."""
    PROBLEM = "problem"
    """A save (or an embed's configuration) that cannot be read: what is wrong, and a way on."""
    PLAY = "play"
    """A game on the table, no computer working: a person's turn, a deal to come, a game over."""
    THINKING = "thinking"
    """A computer's turn, worked out on timers; the person waits."""
    HANDOVER = "handover"
    """Pass-and-play: the table is hidden until the next person says they hold the device."""
    REPLAY = "replay"
    """A finished game (or a match's games so far) step by step."""
    STALE = "stale"
    """Another tab or window continued this game: this one shows nothing of it until asked."""
    DOCUMENT = "document"
    """A document of the game (a Roll & Write companion sheet) instead of a game."""


class Overlay(enum.Enum):
    """What may cover a phase in :data:`COVERED`."""

    NONE = ""
    MENU = "menu"
    CONFIRM = "confirm"
    """The menu, asking whether to abandon the game in progress (after its *New match*)."""
    RULES = "rules"
    STATS = "stats"


class Event(enum.Enum):
    """What moves the screen from one phase (or overlay) to another."""

    RESTORED = "restored"
    """A game is on the table (a save continued, a new game begun, a step of a lesson)."""
    DOCUMENT = "document"
    """A document opened (restored, or begun from the setup form)."""
    SETUP = "setup"
    """Show the setup form (no save, *New match*, a refused form)."""
    FAIL = "fail"
    """What was to be opened cannot be read."""
    HANDOVER = "handover"
    """The next turn is another person's at the same device."""
    READY = "ready"
    """The person shown takes the device (or no hand-over is needed any more)."""
    THINK = "think"
    """A computer's turn begins."""
    THOUGHT = "thought"
    """The computer played (or its thinking was abandoned)."""
    REPLAY = "replay"
    CLOSE_REPLAY = "close-replay"
    STALE = "stale"
    """Another tab wrote the save."""
    MENU = "menu"
    """The menu button: opens the menu, or closes it."""
    CLOSE_MENU = "close-menu"
    CONFIRM = "confirm"
    """The menu's *New match* while a game is in progress."""
    RULES = "rules"
    STATS = "stats"
    CLOSE_SHEET = "close-sheet"


SCREEN_PHASES: typing.Final = frozenset({"setup", "problem", "handover", "menu", "stale", "loading", "rules",
                                        "stats", "replay"})
"""The ``data-phase`` values the screen itself shows (any other is the adapter's, or ``ai``)."""


WORDS: typing.Final[typing.Mapping[Phase | Overlay | Event, str]] = {
    Phase.LOADING: "loading", Phase.SETUP: "showing the setup form", Phase.PROBLEM: "showing a problem",
    Phase.PLAY: "playing a game", Phase.THINKING: "waiting for a computer's move",
    Phase.HANDOVER: "waiting for the next person to take the device", Phase.REPLAY: "replaying a game",
    Phase.STALE: "showing that another tab continued the game", Phase.DOCUMENT: "showing a document",
    Overlay.MENU: "the menu open", Overlay.CONFIRM: "the menu asking to abandon the game",
    Overlay.RULES: "the rules open", Overlay.STATS: "the statistics open",
    Event.RESTORED: "a game opens", Event.DOCUMENT: "a document opens", Event.SETUP: "the setup form",
    Event.FAIL: "a problem", Event.HANDOVER: "a hand-over", Event.READY: "a person takes the device",
    Event.THINK: "a computer starts its turn", Event.THOUGHT: "a computer ends its turn",
    Event.REPLAY: "the replay opens", Event.CLOSE_REPLAY: "the replay closes",
    Event.STALE: "another tab continued the game", Event.MENU: "the menu button",
    Event.CLOSE_MENU: "the menu closes", Event.CONFIRM: "the menu asks to abandon the game",
    Event.RULES: "the rules open", Event.STATS: "the statistics open", Event.CLOSE_SHEET: "a page closes",
}
"""Each phase, overlay and event in plain words, for :class:`TransitionError`."""

_GAME: typing.Final[tuple[Phase, ...]] = (Phase.PLAY, Phase.THINKING, Phase.HANDOVER)
_ANY: typing.Final = tuple(phase for phase in Phase if phase is not Phase.THINKING)
"""Every phase but THINKING: the screen stops a computer's thinking (``thought``) before it opens anything."""

PHASES: typing.Final[typing.Mapping[tuple[Phase, Event], Phase]] = {
    **{(phase, Event.RESTORED): Phase.PLAY for phase in _ANY},
    **{(phase, Event.DOCUMENT): Phase.DOCUMENT for phase in _ANY},
    **{(phase, Event.SETUP): Phase.SETUP for phase in _ANY},
    **{(phase, Event.FAIL): Phase.PROBLEM for phase in _ANY},
    (Phase.PLAY, Event.HANDOVER): Phase.HANDOVER,
    (Phase.HANDOVER, Event.READY): Phase.PLAY,
    (Phase.PLAY, Event.THINK): Phase.THINKING,
    (Phase.THINKING, Event.THOUGHT): Phase.PLAY,
    (Phase.PLAY, Event.REPLAY): Phase.REPLAY,
    (Phase.REPLAY, Event.CLOSE_REPLAY): Phase.PLAY,
    **{(phase, Event.STALE): Phase.STALE for phase in (Phase.PLAY, Phase.HANDOVER, Phase.REPLAY)},
}
"""(phase, event) -> the next phase: every change of phase the screen makes."""

COVERED: typing.Final[frozenset[Phase]] = frozenset({*_GAME, Phase.DOCUMENT})
"""The phases an overlay may open over."""

BENEATH: typing.Final = frozenset({Event.THINK, Event.THOUGHT, Event.HANDOVER, Event.READY})
"""The changes of phase that happen beneath an overlay; any other closes it."""

OVERLAYS: typing.Final[typing.Mapping[tuple[Overlay, Event], Overlay]] = {
    (Overlay.NONE, Event.MENU): Overlay.MENU,
    (Overlay.MENU, Event.MENU): Overlay.NONE,
    (Overlay.CONFIRM, Event.MENU): Overlay.NONE,
    (Overlay.RULES, Event.MENU): Overlay.MENU,
    (Overlay.STATS, Event.MENU): Overlay.MENU,
    (Overlay.MENU, Event.CLOSE_MENU): Overlay.NONE,
    (Overlay.CONFIRM, Event.CLOSE_MENU): Overlay.NONE,
    (Overlay.MENU, Event.CONFIRM): Overlay.CONFIRM,
    **{(overlay, sheet): Overlay(sheet.value) for overlay in (Overlay.NONE, Overlay.MENU)
       for sheet in (Event.RULES, Event.STATS)},
    (Overlay.RULES, Event.CLOSE_SHEET): Overlay.NONE,
    (Overlay.STATS, Event.CLOSE_SHEET): Overlay.NONE,
}
"""(overlay, event) -> the next overlay, over a phase in :data:`COVERED`."""

OVERLAY_EVENTS: typing.Final = frozenset(event for _, event in OVERLAYS)


class TransitionError(Exception):
    """An event the screen's phase (or overlay) does not take: nothing changed."""

    def __init__(self, phase: Phase, overlay: Overlay, event: Event) -> None:
        where = WORDS[phase] + (f" with {WORDS[overlay]}" if overlay is not Overlay.NONE else "")
        super().__init__(f"the screen is {where}: {event.value!r} ({WORDS[event]}) is not possible there")
        self.phase, self.overlay, self.event = phase, overlay, event


def target(phase: Phase, overlay: Overlay, event: Event) -> tuple[Phase, Overlay] | None:
    """Where ``event`` takes a screen in ``phase`` under ``overlay`` (None: it is refused).

    >>> target(Phase.PLAY, Overlay.NONE, Event.THINK)
    (<Phase.THINKING: 'thinking'>, <Overlay.NONE: ''>)
    >>> target(Phase.SETUP, Overlay.NONE, Event.MENU) is None
    True
    """
    if event in OVERLAY_EVENTS:
        found = OVERLAYS.get((overlay, event))
        return None if found is None or phase not in COVERED else (phase, found)
    after = PHASES.get((phase, event))
    if after is None:
        return None
    return after, overlay if event in BENEATH else Overlay.NONE


class Machine:
    """A screen's phase and overlay; they change only through :meth:`go`."""

    def __init__(self) -> None:
        self._phase = Phase.LOADING
        self._overlay = Overlay.NONE

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def overlay(self) -> Overlay:
        return self._overlay

    def allows(self, event: Event) -> bool:
        return target(self._phase, self._overlay, event) is not None

    def go(self, event: Event) -> None:
        """Take ``event``; raises :class:`TransitionError` (and changes nothing) when it is not declared."""
        found = target(self._phase, self._overlay, event)
        if found is None:
            raise TransitionError(self._phase, self._overlay, event)
        self._phase, self._overlay = found
