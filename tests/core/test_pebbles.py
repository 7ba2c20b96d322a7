"""Pebbles, the tests' own game (:mod:`tests.pebbles`), plugs in by CONTRIBUTING's recipe
with nothing but its own files: the registries, the generic screen in a ``MemoryHost``,
the embed (a position and a lesson) and the tutorial runner take it like a built-in game.
(The conformance and fuzz tests run over it too: they take every registered game.)"""

from __future__ import annotations

import random
import re

import pytest

import embed_screen
import memory_host
import screen
import screen_types
from lostcities import api, session
from lostcities.ui import embed, games, tutorial
from tests.pebbles import entry, pebbles_screen, rules


def test_the_game_is_registered_everywhere_from_its_own_files() -> None:
    assert api.games()["pebbles"] is rules.Game
    assert games.get("pebbles") is entry.ENTRY and entry.ENTRY.game is rules.Game
    assert screen_types.REGISTRY["pebbles"] is pebbles_screen.PebblesAdapter
    assert list(tutorial.tutorials("pebbles")) == ["pebbles-first-take"]
    assert entry.ENTRY.bot("easy").name == "easy"


def test_registries_refuse_a_second_game_of_the_same_name_or_a_mismatched_pair() -> None:
    twin = games.Entry[rules.State](rules.Game, entry.ENTRY.levels, entry.ENTRY.renderer, entry.ENTRY.summary)
    with pytest.raises(ValueError, match="already a game called 'pebbles'"):
        games.register(twin)
    with pytest.raises(ValueError, match="bot_levels"):
        games.Entry[rules.State](rules.Game, games.CARD.levels, entry.ENTRY.renderer, entry.ENTRY.summary)
    with pytest.raises(ValueError, match="adapter plays pebbles"):
        screen_types.register(screen_types.Playable(games.CARD, pebbles_screen.PebblesAdapter))
    assert games.get("pebbles") is entry.ENTRY and screen_types.REGISTRY["card"] is not pebbles_screen.PebblesAdapter


class Table:
    def __init__(self, storage: dict[str, str]) -> None:
        self.host = memory_host.MemoryHost(storage=storage, seed=4)
        self.screen = screen.Screen(pebbles_screen.PebblesAdapter(), self.host)
        self.screen.mount()
        self.host.run()
        assert self.host.root is not None
        self.root = self.host.root

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        self.root.click(action, target, **data)
        self.host.run()

    def state(self) -> rules.State:
        assert self.screen.session is not None and isinstance(self.screen.session.state, rules.State)
        return self.screen.session.state


def test_a_whole_game_on_the_generic_screen_with_saves_hints_rules_and_replay() -> None:
    storage: dict[str, str] = {}
    table = Table(storage)
    assert table.root.data["phase"] == "setup" and 'name="heap"' in table.root.html()
    table.root.form = {"opponent": "easy", "heap": "12"}
    table.click("start")
    state = table.state()
    assert table.root.data["phase"] == "play" and state.heap == 12 and state.current_player == 0
    assert 'data-spot="pick:3"' in table.root.html()
    table.click(target="take", count="3")  # the easy computer answers at once: it takes 1 (8 % 4 == 0)
    assert (state.heap, state.taken) == (8, [3, 1])
    assert "lostcities:pebbles:save" in storage
    again = Table(storage)  # a reload restores the game from its save
    assert again.state().snapshot() == state.snapshot()
    table.click("hint")  # the entry's strongest computer suggests, the renderer highlights it
    assert table.screen.hint == rules.Take(1) and table.root.marked == [{"target": "take", "count": "1"}]
    table.click("menu")
    table.click("rules")
    assert 'data-rules="pebbles"' in table.root.html() and "secret card" in table.root.html()
    table.click("close-sheet")
    while not state.is_terminal():
        table.click(target="take", count=str(min(3, state.heap)))
    assert table.root.data["phase"] == "over" and state.winners()
    table.click("replay")
    table.click("replay-last")
    assert table.root.data["phase"] == "replay"
    assert all(f'data-card="{card}"' in table.root.html() for card in state.cards)  # every card shown


def test_the_embed_shows_a_position_with_the_hidden_card_revealed_for_teaching() -> None:
    state = rules.Game().new_state()
    state.apply(state.sample_chance(random.Random(5)))
    state.apply("take 2")
    state.apply("take 1")  # the reader (player 1) is to act: the position stands as given
    config = embed.Config.from_query({"s": embed.encode(state.to_dict()), "reveal": "1", "id": "p"})
    host = memory_host.MemoryHost(storage={}, seed=None)
    sent: list[dict[str, object]] = []
    scr = embed_screen.EmbeddedScreen(pebbles_screen.PebblesAdapter(), host, config, sent.append)
    scr.mount()
    host.run()
    assert [m["type"] for m in sent if m["type"] in ("ready", "error")] == ["ready"]
    assert scr.session is not None and scr.session.state.snapshot() == state.snapshot()
    assert host.root is not None
    revealed = re.findall(r'class="lc-reveal".*', host.root.html())
    hidden = state.cards[1 - scr.session.viewer()]
    assert hidden is not None
    assert revealed and f'data-card="{hidden}"' in revealed[0]


def test_the_embed_runs_the_lesson_by_clicks() -> None:
    config = embed.Config.from_query({"tut": "pebbles-first-take", "id": "t"})
    host = memory_host.MemoryHost(storage={}, seed=None)
    sent: list[dict[str, object]] = []
    scr = embed_screen.EmbeddedScreen(pebbles_screen.PebblesAdapter(), host, config, sent.append)
    scr.mount()
    host.run()
    assert scr.lesson is not None and scr.lesson.index == 0 and host.root is not None
    assert set(host.root.spots) == {"pick:1", "pick:2", "pick:3"}
    host.root.click("lesson-next")
    host.run()
    host.root.click("", "take", count="2")  # not the move the step asks for: refused, nothing played
    host.run()
    lesson_state = scr.lesson.state
    assert isinstance(lesson_state, rules.State) and scr.lesson.index == 1 and lesson_state.heap == 9
    host.root.click("", "take", count="1")
    host.run()
    lesson_state = scr.lesson.state
    assert isinstance(lesson_state, rules.State) and lesson_state.heap == 5  # the move, then the scripted reply
    assert any(m["type"] == "move" for m in sent)


def test_a_new_game_setup_lists_its_computer_from_the_game_metadata() -> None:
    setup = session.setup_from_form("pebbles", {"opponent": "easy", "heap": "9"})
    assert setup.seats[1] == session.Seat("Computer", "easy") and setup.option("heap") == 9
