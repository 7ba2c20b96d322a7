"""The screen's state machine (``web/screen_states.py``) against a real screen: every transition the
table declares is made by a real :class:`screen.Screen` on a :class:`memory_host.MemoryHost` and lands
where this file says it must (written here, not read from the table), every phase has a way out,
and an event the table refuses leaves the screen exactly as it was.  The Roll & Write screen stands
in for any game: it has computer players, pass-and-play, replays and a document."""

from __future__ import annotations

import dataclasses
import doctest
import json
import random
import typing

import pytest

import memory_host
import roll_screen
import screen
import screen_states
from lostcities import session

Phase = screen_states.Phase
Overlay = screen_states.Overlay
Event = screen_states.Event
SAVE = "lostcities:roll:save"
LAST = "lostcities:roll:last"
SHEET = "lostcities:roll:companion"
YOU = session.Seat("You")
COMPUTER = session.Seat("Computer", "easy")


def save_text(seats: list[session.Seat], *, finished: bool = False, revision: int = 0) -> str:
    setup = session.Setup.create("roll", seats, {}, {"pace": "instant"})
    current = session.Session.new(setup, random.Random(3), revision=revision)
    rng = random.Random(3)
    while finished and not current.state.is_terminal():
        if current.state.is_chance():
            current.deal(rng)
        else:
            current.apply(rng.choice(current.state.legal_actions()))
    return current.to_text()


def sheet_text() -> str:
    """A companion sheet as the screen stores it (opened by the setup form)."""
    storage: dict[str, str] = {}
    host = memory_host.MemoryHost(storage=storage)
    screen.Screen(roll_screen.RollAdapter(), host).mount()
    assert host.root is not None
    host.root.form = {"mode": "companion", "companion_name": "Mia"}
    host.root.click("start")
    return storage[SHEET]


@dataclasses.dataclass
class Table:
    """A real ``#roll`` screen in memory, recording every event its table is asked for."""

    storage: dict[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        self.host = memory_host.MemoryHost(storage=self.storage, seed=1)
        self.screen = screen.Screen(roll_screen.RollAdapter(), self.host)
        self.seen: list[tuple[Phase, Overlay, Event]] = []
        machine = self.screen.states
        go = machine.go

        def recording(event: screen_states.Event) -> None:
            self.seen.append((machine.phase, machine.overlay, event))
            go(event)

        machine.go = recording  # type: ignore[method-assign]

    @property
    def root(self) -> memory_host.MemoryRoot:
        assert self.host.root is not None
        return self.host.root

    @property
    def phase(self) -> Phase:
        return self.screen.states.phase

    @property
    def overlay(self) -> Overlay:
        return self.screen.states.overlay

    def click(self, action: str) -> None:
        self.root.click(action)

    def looks(self) -> tuple[object, ...]:
        """Everything a person or the storage could tell apart."""
        root = self.host.root
        shown = (root.html(), dict(root.data), sorted(root.classes)) if root is not None else ()
        return (self.phase, self.overlay, shown, dict(self.storage), self.screen.session is None,
                len(self.host.timers))


def in_phase(phase: Phase) -> Table:
    """A real screen brought to ``phase`` by what a person does (or the page: mounting, another tab)."""
    table = Table()
    if phase is Phase.LOADING:
        return table
    if phase is Phase.PROBLEM:
        table.storage[SAVE] = "{damaged"
    elif phase is Phase.DOCUMENT:
        table.storage.update({SHEET: sheet_text(), LAST: "companion"})
    elif phase is Phase.THINKING:
        table.storage[SAVE] = save_text([COMPUTER, YOU])
    elif phase is Phase.HANDOVER:
        table.storage[SAVE] = save_text([session.Seat("Ann"), session.Seat("Ben")])
    elif phase in (Phase.PLAY, Phase.STALE):
        table.storage[SAVE] = save_text([YOU, COMPUTER])
    elif phase is Phase.REPLAY:
        table.storage[SAVE] = save_text([YOU, COMPUTER], finished=True)
    table.screen.mount()
    if phase is Phase.REPLAY:
        table.click("replay")
    elif phase is Phase.STALE:
        newer = session.load(table.storage[SAVE], "roll")
        newer.revision += 5
        table.host.other_tab_writes(SAVE, newer.to_text())
    assert table.phase is phase
    table.seen.clear()
    return table


def restore_game(table: Table) -> None:
    table.storage.pop(LAST, None)
    table.storage[SAVE] = save_text([YOU, COMPUTER])
    table.screen.mount() if table.host.root is None else table.screen.restore()


def restore_document(table: Table) -> None:
    table.storage.update({SHEET: sheet_text(), LAST: "companion"})
    table.screen.mount() if table.host.root is None else table.screen.restore()


def restore_damaged(table: Table) -> None:
    table.storage.pop(LAST, None)
    table.storage[SAVE] = "{damaged"
    table.screen.mount() if table.host.root is None else table.screen.restore()


def show_setup(table: Table) -> None:
    if table.host.root is None:
        table.storage.clear()
        table.screen.mount()
    elif table.phase is Phase.PROBLEM:
        table.click("new-after-problem")
    elif table.phase is not Phase.STALE and (table.screen.session is not None or table.screen.document is not None):
        table.click("menu")
        table.click("confirm-new")
        if table.phase is not Phase.SETUP:
            table.click("confirm-new")
    else:
        table.screen.show_setup()


def other_tab_saves(table: Table) -> None:
    newer = session.load(table.storage[SAVE], "roll")
    newer.revision += 5
    table.host.other_tab_writes(SAVE, newer.to_text())


def mount_computer_first(table: Table) -> None:
    table.storage[SAVE] = save_text([COMPUTER, YOU])
    table.screen.mount()


def replay_again(table: Table) -> None:
    table.click("close-replay")
    table.click("replay")


def computer_plays(table: Table) -> None:
    table.host.run(limit=1_000)


def mount_two_people(table: Table) -> None:
    table.storage[SAVE] = save_text([session.Seat("Ann"), session.Seat("Ben")])
    table.screen.mount()


Trigger = typing.Callable[[Table], None]
ANYWHERE: typing.Final = (Phase.LOADING, Phase.SETUP, Phase.PROBLEM, Phase.PLAY, Phase.HANDOVER, Phase.REPLAY,
                          Phase.STALE, Phase.DOCUMENT)
"""Where a game, a document, the setup form or a problem may open (a computer thinking is stopped first)."""

TRANSITIONS: typing.Final[list[tuple[Phase, Event, Phase, Phase, Trigger]]] = [
    *[(phase, Event.RESTORED, Phase.PLAY, phase, restore_game) for phase in ANYWHERE],
    *[(phase, Event.DOCUMENT, Phase.DOCUMENT, phase, restore_document) for phase in ANYWHERE],
    *[(phase, Event.SETUP, Phase.SETUP, phase, show_setup) for phase in ANYWHERE],
    *[(phase, Event.FAIL, Phase.PROBLEM, phase, restore_damaged) for phase in ANYWHERE],
    (Phase.PLAY, Event.THINK, Phase.THINKING, Phase.LOADING, mount_computer_first),
    (Phase.THINKING, Event.THOUGHT, Phase.PLAY, Phase.THINKING, computer_plays),
    (Phase.PLAY, Event.HANDOVER, Phase.HANDOVER, Phase.LOADING, mount_two_people),
    (Phase.HANDOVER, Event.READY, Phase.PLAY, Phase.HANDOVER, lambda table: table.click("ready")),
    (Phase.PLAY, Event.REPLAY, Phase.REPLAY, Phase.REPLAY, replay_again),
    (Phase.REPLAY, Event.CLOSE_REPLAY, Phase.PLAY, Phase.REPLAY, lambda table: table.click("close-replay")),
    *[(phase, Event.STALE, Phase.STALE, phase, other_tab_saves)
      for phase in (Phase.PLAY, Phase.HANDOVER, Phase.REPLAY)],
]
"""(from, event, to, the phase the screen starts in, what a person or the page does): ``to`` is what
this file expects, independent of the table."""


def test_the_doctests_of_the_state_machine() -> None:
    assert doctest.testmod(screen_states).failed == 0


def test_every_declared_phase_change_is_tested_here_and_no_other() -> None:
    tested = {(before, event) for before, event, *_ in TRANSITIONS}
    assert tested == set(screen_states.PHASES), "a transition of the table without a test here, or the reverse"


@pytest.mark.parametrize(("before", "event", "after", "start", "trigger"), TRANSITIONS,
                         ids=[f"{b.value}-{e.value}-{s.value}" for b, e, _, s, _ in TRANSITIONS])
def test_a_real_screen_makes_each_declared_phase_change(before: Phase, event: Event, after: Phase, start: Phase,
                                                        trigger: Trigger) -> None:
    table = in_phase(start)
    trigger(table)
    made = [(phase, e) for phase, _, e in table.seen]
    assert (before, event) in made, f"the screen never took {event.value!r} in {before.value!r}: {made}"
    index = made.index((before, event))
    landed = table.seen[index + 1][0] if index + 1 < len(table.seen) else table.phase
    assert landed is after, f"{event.value!r} in {before.value!r} led to {landed.value!r}, not {after.value!r}"
    assert table.host.notices == [] or all(kind != "error" for _, kind in table.host.notices)


SHOWN: typing.Final = {Phase.SETUP: "setup", Phase.PROBLEM: "problem", Phase.HANDOVER: "handover",
                       Phase.REPLAY: "replay", Phase.STALE: "stale", Phase.THINKING: "ai", Phase.DOCUMENT: "companion"}


@pytest.mark.parametrize("phase", [phase for phase in Phase if phase is not Phase.LOADING])
def test_each_phase_shows_itself_on_the_element(phase: Phase) -> None:
    shown = in_phase(phase).root.data["phase"]
    assert shown == SHOWN[phase] if phase in SHOWN else shown not in screen_states.SCREEN_PHASES | {"ai", "companion"}


def test_every_phase_is_reached_from_loading_and_has_a_way_out() -> None:
    reached, todo = {Phase.LOADING}, [Phase.LOADING]
    while todo:
        here = todo.pop()
        for (before, _), after in screen_states.PHASES.items():
            if before is here and after not in reached:
                reached.add(after)
                todo.append(after)
    assert reached == set(Phase)
    for phase in Phase:
        assert any(before is phase and after is not phase for (before, _), after in screen_states.PHASES.items()), (
            f"{phase.value} has no way out")
    for overlay in Overlay:
        if overlay is not Overlay.NONE:
            assert (overlay, Event.MENU) in screen_states.OVERLAYS or (overlay, Event.CLOSE_SHEET) in \
                screen_states.OVERLAYS, f"{overlay.value} cannot be closed"


OVERLAID: typing.Final[list[tuple[Overlay, Event, Overlay, tuple[str, ...]]]] = [
    (Overlay.NONE, Event.MENU, Overlay.MENU, ("menu",)),
    (Overlay.MENU, Event.MENU, Overlay.NONE, ("menu", "menu")),
    (Overlay.CONFIRM, Event.MENU, Overlay.NONE, ("menu", "confirm-new", "menu")),
    (Overlay.RULES, Event.MENU, Overlay.MENU, ("rules", "menu")),
    (Overlay.STATS, Event.MENU, Overlay.MENU, ("stats", "menu")),
    (Overlay.MENU, Event.CLOSE_MENU, Overlay.NONE, ("menu", "close-menu")),
    (Overlay.CONFIRM, Event.CLOSE_MENU, Overlay.NONE, ("menu", "confirm-new", "close-menu")),
    (Overlay.MENU, Event.CONFIRM, Overlay.CONFIRM, ("menu", "confirm-new")),
    (Overlay.NONE, Event.RULES, Overlay.RULES, ("rules",)),
    (Overlay.NONE, Event.STATS, Overlay.STATS, ("stats",)),
    (Overlay.MENU, Event.RULES, Overlay.RULES, ("menu", "rules")),
    (Overlay.MENU, Event.STATS, Overlay.STATS, ("menu", "stats")),
    (Overlay.RULES, Event.CLOSE_SHEET, Overlay.NONE, ("rules", "close-sheet")),
    (Overlay.STATS, Event.CLOSE_SHEET, Overlay.NONE, ("stats", "close-sheet")),
]
"""(from, event, to, the clicks from no overlay): ``to`` as this file expects it."""
SHOWN_OVER: typing.Final = {Overlay.MENU: "menu", Overlay.CONFIRM: "menu", Overlay.RULES: "rules",
                            Overlay.STATS: "stats"}


def test_every_declared_overlay_change_is_tested_here() -> None:
    assert {(before, event) for before, event, *_ in OVERLAID} == set(screen_states.OVERLAYS)


@pytest.mark.parametrize("beneath", [phase for phase in Phase if phase in screen_states.COVERED])
@pytest.mark.parametrize(("before", "event", "after", "clicks"), OVERLAID,
                         ids=[f"{b.value or 'none'}-{e.value}" for b, e, _, _ in OVERLAID])
def test_a_real_screen_opens_and_closes_each_overlay_over_each_phase(
        beneath: Phase, before: Overlay, event: Event, after: Overlay, clicks: tuple[str, ...]) -> None:
    table = in_phase(beneath)
    for action in clicks:
        table.click(action)
    assert (beneath, before, event) in table.seen
    assert table.overlay is after and table.phase is beneath, "an overlay never changes the phase beneath it"
    expected = SHOWN_OVER.get(after, SHOWN.get(beneath))
    shown = table.root.data["phase"]
    assert shown == expected if expected is not None else shown not in screen_states.SCREEN_PHASES


def test_the_computer_plays_and_the_next_person_waits_beneath_the_menu() -> None:
    table = in_phase(Phase.THINKING)
    table.click("menu")
    table.host.run(limit=1_000)
    assert (Phase.THINKING, Overlay.MENU, Event.THOUGHT) in table.seen
    assert table.screen.menu_open and table.root.data["phase"] == "menu"
    table.click("close-menu")
    assert not table.screen.menu_open and table.phase in (Phase.PLAY, Phase.THINKING)


def reachable() -> list[tuple[Phase, Overlay]]:
    return [(phase, Overlay.NONE) for phase in Phase] + [
        (phase, overlay) for phase in Phase if phase in screen_states.COVERED
        for overlay in Overlay if overlay is not Overlay.NONE]


OPENS: typing.Final = {Overlay.MENU: ("menu",), Overlay.CONFIRM: ("menu", "confirm-new"), Overlay.RULES: ("rules",),
                       Overlay.STATS: ("stats",)}


@pytest.mark.parametrize(("phase", "overlay"), reachable(),
                         ids=[f"{p.value}-{o.value or 'none'}" for p, o in reachable()])
def test_an_event_the_table_refuses_is_refused_in_plain_words_and_changes_nothing(phase: Phase,
                                                                               overlay: Overlay) -> None:
    table = in_phase(phase)
    for action in OPENS.get(overlay, ()):
        table.click(action)
    assert table.overlay is overlay
    refused = [event for event in Event if screen_states.target(phase, overlay, event) is None]
    assert refused, "every phase refuses something"
    for event in refused:
        before = table.looks()
        with pytest.raises(screen_states.TransitionError) as caught:
            table.screen.go(event)
        assert table.looks() == before
        words = str(caught.value)
        assert words.startswith(f"the screen is {screen_states.WORDS[phase]}") and repr(event.value) in words
        assert "not possible there" in words and "Phase." not in words and "Event." not in words


@pytest.mark.parametrize("phase", [Phase.SETUP, Phase.PROBLEM, Phase.STALE, Phase.REPLAY])
def test_a_button_of_another_phase_changes_nothing(phase: Phase) -> None:
    """A click the phase does not take (a stale button, a second tap) is ignored quietly."""
    table = in_phase(phase)
    others = ["ready", "close-menu", "close-sheet", "load-newer", "undo-move", "hint", "start"]
    others += ["menu", "rules", "stats", "replay"] if phase is not Phase.REPLAY else ["replay"]
    others += ["close-replay"] if phase is not Phase.REPLAY else []
    for action in others:
        if (phase, action) in ((Phase.STALE, "load-newer"), (Phase.SETUP, "start")):
            continue
        before = table.looks()
        table.click(action)
        assert table.looks() == before, action
    assert table.host.notices == [] or all(kind != "error" for _, kind in table.host.notices)
    assert json.dumps(table.host.logs).count("error") == 0


@pytest.mark.parametrize("page", ["menu", "rules"])
def test_closing_the_menu_or_a_page_while_the_computer_thinks_does_not_start_it_twice(page: str) -> None:
    """One turn, one thinking: coming back to the table while the computer works lets it go on (before
    the phases were data, closing the menu started a second computer on the same turn)."""
    table = in_phase(Phase.THINKING)
    assert len(table.host.timers) == 1
    table.click(page)
    table.click("close-menu" if page == "menu" else "close-sheet")
    assert table.phase is Phase.THINKING and len(table.host.timers) == 1
    table.host.run(limit=1_000)
    assert not any("illegal" in text for _, text in table.host.logs)
