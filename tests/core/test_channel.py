"""The screen behind messages (``web/channel.py``): the same :class:`screen.Screen` as in the page,
driven as ``web/worker_main.py`` drives it in the engine's Web Worker, with the page's side played
by this test (it applies the storage operations, answers with reports)."""

from __future__ import annotations

import json
import typing

import pytest

import card_screen
import channel
import screen
import screen_types
import shell
from lostcities import session

SAVE = "lostcities:card:save"
SHELL = '<section class="lc-screen"><div data-region="main"></div></section>'


class Page:
    """The page's side: a localStorage (None: refused), the operations received, the writes applied."""

    def __init__(self, storage: dict[str, str] | None = None, *, full: bool = False) -> None:
        self.storage = storage
        self.full = full
        self.ops: list[dict[str, typing.Any]] = []
        self.acked = 0
        self.host = channel.ChannelHost(self.receive, seed=3)

    def receive(self, message: dict[str, typing.Any]) -> None:
        json.dumps(message)  # plain data only
        assert message["type"] == "ops"
        for op in message["ops"]:
            self.ops.append(op)
            if op["op"] in ("store", "unstore"):
                self.acked = op["seq"]
                if self.storage is None or (self.full and op["op"] == "store"):
                    self.host.receive({"type": "storage-refused", "key": op["key"], "error": "QuotaExceededError",
                                       "value": None if self.storage is None else self.storage.get(op["key"])})
                elif op["op"] == "store":
                    self.storage[op["key"]] = op["text"]
                else:
                    self.storage.pop(op["key"], None)

    def send(self, message: dict[str, typing.Any]) -> None:
        """A message of the page, with its copy of the storage, as web/view.js sends it."""
        self.host.receive({**message, "storage": None if self.storage is None else dict(self.storage),
                           "acked": self.acked})
        self.host.flush()

    def click(self, root: int, action: str = "", target: str = "", values: dict[str, str] | None = None,
              **data: str) -> None:
        self.send({"type": "input", "root": root, "kind": "click", "action": action, "target": target,
                   "data": data, "values": values or {}, "focus": None, "lost": False})

    def kinds(self) -> list[str]:
        return [op["op"] for op in self.ops]

    def last(self, op: str, **where: str) -> dict[str, typing.Any]:
        found = [o for o in self.ops if o["op"] == op and all(o.get(k) == v for k, v in where.items())]
        assert found, f"no {op} operation {where}"
        return found[-1]


def started(page: Page, level: str = "easy") -> screen.Screen:
    page.send({"type": "start"})
    scr = screen.Screen(card_screen.CardAdapter(), page.host)
    scr.mount()
    page.host.flush()
    page.click(1, "start", values={"opponent": level, "games": "1", "pace": "instant"})
    return scr


def play_one_turn(page: Page, scr: screen.Screen) -> None:
    """The person's discard and draw, by clicks (as a player would), then the computer's turn."""
    assert scr.session is not None
    card = scr.session.state.legal_actions()[0].card  # type: ignore[attr-defined]
    page.click(1, target="hand", card=card.id)
    page.click(1, target="discard", colour=card.colour.letter)
    page.click(1, target="deck")
    page.host.run()


def test_a_game_against_the_computer_is_played_through_plain_messages() -> None:
    page = Page({})
    scr = started(page)
    assert page.kinds()[:1] == ["mount"]
    assert page.last("data", name="phase")["value"] in ("play", "ai")
    play_one_turn(page, scr)
    assert scr.session is not None and scr.session.is_person_turn()
    assert len(scr.session.state.history) >= 4, "the computer answered"
    assert page.storage is not None and session.load(page.storage[SAVE], "card").state == scr.session.state


def test_the_computer_thinks_in_one_go_behind_the_channel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock where every reading is 30 ms later: a sliced search would yield after each step
    (its longest slice far shorter than its work); behind the channel it is one slice."""
    page = Page({})
    ticks = iter(range(10**9))
    monkeypatch.setattr(page.host, "clock", lambda: next(ticks) * 0.03)
    scr = started(page, "hard")
    play_one_turn(page, scr)
    slices = [part.split("/") for part in page.last("data", name="think")["value"].split()]
    assert slices and all(float(work) > 30 for _, work, _ in slices), slices
    assert all(float(longest) == pytest.approx(float(work)) for _, work, longest in slices), slices


def test_writes_not_yet_confirmed_stay_over_an_older_copy_of_the_page() -> None:
    page = Page({})
    page.host.receive({"type": "start", "storage": {}, "acked": 0})
    page.host.storage_set("lostcities:a", "1")
    page.host.receive({"type": "report", "storage": {"lostcities:b": "2"}, "acked": 0})
    assert page.host.storage_get("lostcities:a") == "1", "the write in flight was lost"
    page.host.receive({"type": "report", "storage": {"lostcities:b": "2"}, "acked": 1})
    assert page.host.storage_get("lostcities:a") is None, "a confirmed write the page no longer holds came back"


def test_after_its_first_copy_the_page_sends_only_what_changed() -> None:
    """web/view.js sends its storage whole once, then the keys that changed (not the worker's own
    writes it applied): the copy here follows the page all the same."""
    page = Page({})
    host = page.host
    host.receive({"type": "start", "storage": {"lostcities:a": "1", "lostcities:b": "2"}, "acked": 0})
    host.storage_set("lostcities:c", "3")   # write 1, applied by the page: not sent back
    host.storage_remove("lostcities:a")     # write 2, applied
    host.storage_set("lostcities:d", "4")   # write 3, still in flight
    host.receive({"type": "report", "changes": {"lostcities:b": None, "lostcities:e": "5"}, "acked": 2})
    assert host.storage == {"lostcities:c": "3", "lostcities:d": "4", "lostcities:e": "5"}
    # write 3 was refused by the page (full): its copy takes what the page still holds
    host.receive({"type": "storage-refused", "key": "lostcities:d", "error": "QuotaExceededError", "value": None,
                  "changes": {}, "acked": 3})
    assert host.storage == {"lostcities:c": "3", "lostcities:e": "5"}
    # another tab's change comes with the page's changes: the copy does not take the event's older text
    host.receive({"type": "storage-event", "key": "lostcities:c", "value": "old", "changes": {}, "acked": 3})
    assert host.storage_get("lostcities:c") == "3"
    host.receive({"type": "report", "changes": {"lostcities:c": "9"}, "acked": 3})
    assert host.storage_get("lostcities:c") == "9"


def test_a_full_storage_is_said_in_plain_words_and_the_game_goes_on() -> None:
    page = Page({}, full=True)
    scr = started(page)
    play_one_turn(page, scr)
    assert page.last("notify")["html"].count("not keeping saved games") == 1
    assert scr.session is not None and scr.session.is_person_turn()
    with pytest.raises(screen_types.StorageError):
        page.host.storage_set(SAVE, "x")


def test_without_storage_reads_fail_at_once_and_the_game_plays() -> None:
    page = Page(None)
    scr = started(page)
    with pytest.raises(screen_types.StorageError):
        page.host.storage_get(SAVE)
    assert "not keeping saved games" in page.last("notify")["html"]
    play_one_turn(page, scr)
    assert scr.session is not None and scr.session.is_person_turn()


def test_another_tabs_newer_save_makes_this_tab_stale() -> None:
    page = Page({})
    scr = started(page)
    play_one_turn(page, scr)
    assert scr.session is not None and page.storage is not None
    newer = json.loads(page.storage[SAVE])
    newer["revision"] = scr.session.revision + 5
    text = json.dumps(newer)
    page.storage[SAVE] = text
    page.send({"type": "storage-event", "key": SAVE, "value": text})
    assert scr.mode == "stale"
    assert page.last("data", name="phase")["value"] == "stale"


def test_focus_is_asked_as_one_chain_in_the_screens_order() -> None:
    page = Page({})
    scr = started(page)
    page.ops.clear()
    page.send({"type": "input", "root": 1, "kind": "click", "action": "menu", "focus": {"action": "menu"},
               "lost": False, "values": {}})
    focus = [op["data"] for op in page.ops if op["op"] == "focus"]
    assert focus and focus[0] == {"action": "menu"}, focus
    assert scr.menu_open


def test_a_message_the_page_never_sends_is_refused() -> None:
    page = Page({})
    with pytest.raises(channel.ChannelError, match="not a message"):
        page.host.receive({"type": "poke"})
    with pytest.raises(channel.ChannelError, match="kind"):
        channel.read_input({"kind": "hover"})


def test_the_shell_draws_home_and_a_game_through_the_channel() -> None:
    page = Page({})

    class Finished:
        routes: typing.ClassVar[list[str]] = []

        def set_crumb(self, html: str) -> None:
            page.host.op("crumb", html=html)

        def finish(self, route: str) -> None:
            self.routes.append(route)

        def go_home(self) -> None:
            page.host.op("home")

        def set_language(self, code: str) -> None:
            page.host.op("lang", lang=code)

    app = shell.Shell(page.host, Finished(), "Ignoring ?seed=x: bad.")
    app.open_route("")
    page.host.flush()
    assert "game-tile" in page.last("show")["html"]
    assert "Ignoring ?seed=x" in page.last("notify")["html"]
    app.open_route("#card")
    page.host.flush()
    assert page.last("mount")["shell"].startswith("<")
    assert Finished.routes == ["home", "card"]


def test_a_storage_event_older_than_this_tabs_own_later_write_does_not_replace_it() -> None:
    """Tab A's write arrives as an event after this tab wrote over it: the page's copy (sent with the
    event) holds this tab's text, and the screen keeps its game."""
    page = Page({})
    scr = started(page)
    play_one_turn(page, scr)
    assert page.storage is not None and scr.session is not None
    mine = page.storage[SAVE]
    theirs = json.loads(mine)
    theirs["revision"] = scr.session.revision  # the same revision: a race, if it were what is stored
    page.send({"type": "storage-event", "key": SAVE, "value": json.dumps(theirs)})
    assert page.host.storage_get(SAVE) == mine
    assert scr.mode == "play" and not [op for op in page.ops if op["op"] == "notify"]
