"""The generic screen under CPython with the in-memory host: damaged saves, two tabs,
storage off, the bot driver and its fallback, the lifecycle.  The card adapter
stands in for any game."""

from __future__ import annotations

import json
import random
import typing

import pytest

import card_screen
import memory_host
import screen
import screen_draw
import screen_saves
import screen_types
from lostcities import api, bots, card, errors
from lostcities.ui import games

SAVE = "lostcities:card:save"
DAMAGED = "lostcities:card:damaged"
PLAIN_FORBIDDEN = ("DOMException", "[object", "TypeError", "Error:", "Traceback")


def mounted(storage: dict[str, str] | None, seed: int = 1) -> tuple[screen.Screen, memory_host.MemoryHost]:
    host = memory_host.MemoryHost(storage=storage, seed=seed)
    scr = screen.Screen(card_screen.CardAdapter(), host)
    scr.mount()
    return scr, host


def root(host: memory_host.MemoryHost) -> memory_host.MemoryRoot:
    assert host.root is not None
    return host.root


def start(host: memory_host.MemoryHost, opponent: str = "easy") -> None:
    root(host).form = {"opponent": opponent, "games": "1", "pace": "quick"}
    root(host).click("start")


def person_move(scr: screen.Screen, host: memory_host.MemoryHost) -> None:
    """One legal move of the person by clicks."""
    assert scr.session is not None
    action = scr.session.state.legal_actions()[0]
    if isinstance(action, card.Draw):
        root(host).click(target="deck")
    else:
        assert isinstance(action, (card.Play, card.Discard))
        root(host).click(target="hand", card=action.card.id)
        root(host).click(target="discard", colour=action.card.colour.letter)


def plain(text: str) -> bool:
    return not any(word in text for word in PLAIN_FORBIDDEN)


@pytest.mark.parametrize("stored", [
    "{truncated",
    "[" * 100_000 + "]" * 100_000,
    json.dumps({"pad": "x" * 5_000_000}),
    json.dumps({"format": "lostcities.roll-ui", "version": 1, "setup": {}, "state": {}}),
    json.dumps({"format": "lostcities.card-ui", "version": 0}),
    json.dumps({"format": "lostcities.card-ui", "version": 1, "setup": {"opponent": [], "names": 3},
                "state": {"game": []}}),
])
def test_a_save_that_cannot_be_read_is_set_aside_with_plain_words(stored: str) -> None:
    other = {"lostcities:roll:save": "roll game", "lostcities:card:prefs": "{}"}
    storage = {SAVE: stored, DAMAGED: "an older copy", **other}
    _, host = mounted(storage)
    assert root(host).data["phase"] == "problem"
    message = root(host).regions["main"]
    assert "could not be read, so it was set aside" in message and "Your other games are safe." in message
    assert 'data-action="new-after-problem"' in message and plain(message)
    assert storage[DAMAGED] == stored and SAVE not in storage
    assert all(storage[k] == v for k, v in other.items())
    assert any("set aside" in text for _, text in host.logs)  # the technical detail goes to the console
    root(host).click("new-after-problem")
    assert root(host).data["phase"] == "setup"


def test_a_save_near_the_quota_is_still_set_aside() -> None:
    stored = json.dumps({"pad": "x" * 5_000_000})
    storage = {SAVE: stored, DAMAGED: "older"}
    host = memory_host.MemoryHost(storage=storage, quota=len(stored) + 100)
    screen.Screen(card_screen.CardAdapter(), host).mount()
    assert storage == {DAMAGED: stored, f"{DAMAGED}:2": "older"} and root(host).data["phase"] == "problem"
    host = memory_host.MemoryHost(storage={SAVE: stored, DAMAGED: "x" * 200}, quota=len(stored) + 100)
    screen.Screen(card_screen.CardAdapter(), host).mount()  # the older copy gives way to the new one
    assert host.storage == {DAMAGED: stored} and root(host).data["phase"] == "problem"
    host = memory_host.MemoryHost(storage={SAVE: stored}, quota=len(stored) // 2)  # no room for a copy at all
    screen.Screen(card_screen.CardAdapter(), host).mount()
    assert root(host).data["phase"] == "problem" and "set aside" in root(host).regions["main"]


def test_storage_off_gives_one_plain_line_and_the_game_goes_on() -> None:
    scr, host = mounted(None)
    assert root(host).data["phase"] == "setup"
    start(host)
    person_move(scr, host)
    host.run()
    assert root(host).data["phase"] in ("play", "draw", "ai")
    assert host.notices == [("error", screen_saves.STORAGE_OFF)]
    assert plain(screen_saves.STORAGE_OFF)


def test_a_full_storage_warns_once() -> None:
    scr, host = mounted({})
    start(host)
    host.full = True
    for _ in range(4):
        person_move(scr, host)
        host.run()
    assert host.notices == [("error", screen_saves.STORAGE_OFF)]


def test_a_stale_tab_stops_before_writing_and_loads_the_newer_game() -> None:
    storage: dict[str, str] = {}
    tab_a, host_a = mounted(storage)
    start(host_a)
    tab_b, host_b = mounted(storage)  # the same game, opened in a second tab
    assert tab_b.session is not None and tab_b.mode == "play"
    for _ in range(3):
        person_move(tab_a, host_a)
        host_a.run()
    newer = storage[SAVE]
    person_move(tab_b, host_b)  # B still shows the old position
    assert tab_b.mode == "stale" and root(host_b).data["phase"] == "stale"
    assert storage[SAVE] == newer, "the stale tab overwrote the newer game"
    panel = root(host_b).regions["main"]
    assert screen_draw.STALE in panel and 'data-action="load-newer"' in panel
    root(host_b).click("load-newer")
    assert tab_b.session is not None and tab_a.session is not None
    assert tab_b.session.state == tab_a.session.state and tab_b.mode == "play"


def test_the_storage_event_of_another_tab_stops_play_at_once() -> None:
    storage: dict[str, str] = {}
    scr, host = mounted(storage)
    start(host)
    assert scr.session is not None
    data = json.loads(storage[SAVE])
    host.other_tab_writes(SAVE, json.dumps({**data, "revision": data["revision"] + 5}))
    assert scr.mode == "stale" and screen_draw.STALE in root(host).regions["main"]
    host.other_tab_writes(SAVE, None)  # a removal elsewhere changes nothing here
    assert scr.mode == "stale"


def test_a_failing_bot_plays_the_first_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def think(self, view: api.View, rng: random.Random) -> typing.Generator[None, None, api.Action]:
            yield None
            raise RuntimeError("bug in the bot")

    class Illegal:
        name = "illegal"

        def think(self, view: api.View, rng: random.Random) -> typing.Generator[None, None, api.Action]:
            yield None
            return typing.cast(api.Action, "fly to the moon")

    for bot in (Broken(), Illegal()):
        monkeypatch.setattr(games.Entry, "bot", lambda self, level, bot=bot: bot)
        scr, host = mounted({})
        start(host)
        assert scr.session is not None
        state = scr.session.state
        person_move(scr, host)
        person_move(scr, host)
        expected = state.clone()
        expected.apply(expected.legal_actions()[0])
        host.run()
        assert state.history[len(expected.history) - 1] == expected.history[-1]
        assert any(level == "warn" and "plays a legal" in text for level, text in host.logs)


def test_thinking_runs_in_slices_between_tasks() -> None:
    class Slow:
        name = "slow"

        def __init__(self, host: memory_host.MemoryHost) -> None:
            self.host = host

        def think(self, view: api.View, rng: random.Random) -> typing.Generator[None, None, api.Action]:
            for _ in range(10):
                self.host.now += 0.015  # each step "takes" 15 ms
                yield None
            return view.legal_actions()[0]

    storage: dict[str, str] = {}
    host = memory_host.MemoryHost(storage=storage)
    slow = Slow(host)
    original = games.Entry.bot

    def always_slow(self: games.Entry[typing.Any], level: str, **options: typing.Any) -> bots.Bot:
        return typing.cast(bots.Bot, slow)

    games.Entry.bot = always_slow  # type: ignore[method-assign]
    try:
        scr = screen.Screen(card_screen.CardAdapter(), host)
        scr.mount()
        start(host)
        person_move(scr, host)
        person_move(scr, host)
        fired = host.run()
    finally:
        games.Entry.bot = original  # type: ignore[method-assign]
    assert fired >= 4, "thinking did not hand control back to the page"
    think = root(host).data["think"].split()
    assert len(think) == 2 and all(int(t.split("/")[2]) <= 35 for t in think)
    assert int(root(host).data["think-max"]) <= 35


def test_unmount_cancels_timers_and_closes_the_root() -> None:
    scr, host = mounted({})
    start(host)
    person_move(scr, host)
    person_move(scr, host)
    assert host.timers  # the computer's turn is pending
    moves = len(scr.session.state.history) if scr.session is not None else -1
    scr.unmount()
    assert not host.timers and root(host).closed and root(host).handler is None
    assert not any(host.watchers.values())
    host.run()
    assert scr.session is not None and len(scr.session.state.history) == moves


def test_a_refusal_changes_nothing_and_the_listener_is_installed_once() -> None:
    scr, host = mounted({})
    start(host)
    with pytest.raises(RuntimeError):
        root(host).listen(lambda event: None)
    assert scr.session is not None
    before = scr.session.state.clone()
    assert not scr.act("play Y99")
    assert scr.session.state == before and scr.error
    root(host).click("menu")
    assert scr.menu_open and root(host).data["phase"] == "menu"
    assert not scr.act(scr.session.state.legal_actions()[0])  # no play under the menu
    root(host).handler(screen_types.Input("key", key="Escape"))  # type: ignore[misc]
    assert not scr.menu_open


def test_a_screen_runs_without_storage_or_routes() -> None:
    host = memory_host.MemoryHost(storage=None, seed=None)
    scr = screen.Screen(card_screen.CardAdapter(), host)
    scr.mount()
    start(host, opponent="human")
    assert scr.mode == "handover"
    root(host).click("ready")
    assert root(host).data["phase"] == "play"
    with pytest.raises(errors.InvalidOptionError):
        card_screen.CardAdapter().read_setup(scr, {"opponent": "wizard"})


# -- issue 23: two tabs writing at once, damaged copies kept apart -----------------------------------------


def two_tabs_at_one_save() -> tuple[screen.Screen, memory_host.MemoryHost, screen.Screen, memory_host.MemoryHost]:
    """Two tabs of one game, each with its own copy of the storage (as each browser tab reads its own
    cache of ``localStorage`` until the other's change reaches it)."""
    storage_a: dict[str, str] = {}
    tab_a, host_a = mounted(storage_a)
    start(host_a)
    tab_b, host_b = mounted(dict(storage_a))
    assert tab_a.session is not None and tab_b.session is not None
    assert tab_a.session.state == tab_b.session.state
    return tab_a, host_a, tab_b, host_b


def stored(host: memory_host.MemoryHost) -> str:
    assert host.storage is not None
    return host.storage[SAVE]


def discard(scr: screen.Screen, host: memory_host.MemoryHost, index: int) -> None:
    assert scr.session is not None
    action = [a for a in scr.session.state.legal_actions() if isinstance(a, card.Discard)][index]
    root(host).click(target="hand", card=action.card.id)
    root(host).click(target="discard", colour=action.card.colour.letter)


def test_two_tabs_moving_at_once_end_on_the_game_that_was_stored() -> None:
    """Both tabs discard (a different card) from the same revision; the browser applies A's write, then
    B's.  A hears of B's write and finds B's game stored: it shows it and says so; B, whose write stood,
    hears of A's earlier one, finds its own game stored and goes on."""
    tab_a, host_a, tab_b, host_b = two_tabs_at_one_save()
    discard(tab_a, host_a, 0)
    discard(tab_b, host_b, 1)
    a_text, b_text = stored(host_a), stored(host_b)
    assert a_text != b_text and json.loads(a_text)["revision"] == json.loads(b_text)["revision"]
    for func in list(host_b.watchers[SAVE]):
        func(a_text)  # B's own write is still pending in its cache: it reads its own text
    host_a.other_tab_writes(SAVE, b_text)
    assert tab_a.session is not None and tab_b.session is not None
    assert tab_a.session.state == tab_b.session.state == api.state_from_dict(json.loads(b_text)["state"])
    assert tab_a.mode == tab_b.mode == "play"
    assert host_a.notices == [("info", screen_saves.RACE_LOST)] and not host_b.notices
    assert stored(host_a) == b_text, "the tab that lost wrote again"


def test_a_tab_that_lost_a_race_never_overwrites_the_stored_game() -> None:
    """The other tab's write of the same revision arrives before this tab's next write (no event yet):
    the compare-and-set finds it and this tab shows the stored game instead of writing."""
    tab_a, host_a, tab_b, host_b = two_tabs_at_one_save()
    discard(tab_a, host_a, 0)
    discard(tab_b, host_b, 1)
    b_text = stored(host_b)
    assert host_a.storage is not None
    host_a.storage[SAVE] = b_text
    root(host_a).click(target="deck")  # A draws on top of its own discard
    assert stored(host_a) == b_text
    assert tab_a.session is not None and tab_b.session is not None
    assert tab_a.session.state == tab_b.session.state and host_a.notices == [("info", screen_saves.RACE_LOST)]


def test_damaged_copies_are_kept_per_document_bounded_and_downloadable() -> None:
    storage: dict[str, str] = {}
    for n in range(5):
        storage[SAVE] = f"{{damaged {n}"
        scr, host = mounted(storage)
        assert scr.mode == "problem"
    assert [storage.get(k) for k in (DAMAGED, f"{DAMAGED}:2", f"{DAMAGED}:3")] == ["{damaged 4", "{damaged 3",
                                                                                 "{damaged 2"]
    assert not any(key.startswith(f"{DAMAGED}:4") for key in storage)
    html = root(host).regions["main"]
    assert html.count('data-action="download-damaged"') == 3 and plain(html)
    root(host).click("download-damaged", copy="3")
    root(host).click("download-damaged", copy="9")  # no such copy: nothing
    assert host.downloads == [("lostcities-card-damaged-save-3.txt", "{damaged 2")]
    assert scr.saves.damaged_keys("lostcities:card:companion") == ["lostcities:card:companion:damaged",
                                                              "lostcities:card:companion:damaged:2",
                                                              "lostcities:card:companion:damaged:3"]
