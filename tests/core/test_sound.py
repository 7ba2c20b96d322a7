"""Sound: the cue of every event kind, the screen's data-cue for people, computers, the end of a
game and the replay, the menu's choice (off until turned on, kept for every game) and the embed's
``sound`` parameter.  The page plays the cues (web/sound.js, tests/e2e/test_sound.py)."""

from __future__ import annotations

import pathlib
import random
import re
import typing

import pytest

import board_screen
import card_screen
import embed_screen
import memory_host
import screen_types
from lostcities import api, card
from lostcities.ui import embed, sound
from tests.core import test_table_features as features


def cues(table: features.Table) -> list[str]:
    """Every ``data-cue`` the screen sets from now on (names only, in order)."""
    heard: list[str] = []
    original = table.root.set_data

    def set_data(name: str, value: str) -> None:
        if name == "cue":
            heard.append(value.split()[0])
        original(name, value)

    table.root.set_data = set_data  # type: ignore[method-assign]
    return heard


@pytest.mark.parametrize("name", ["board", "card", "roll"])  # the site's games (not the tests' pebbles)
def test_every_event_kind_of_every_game_has_its_cue(name: str) -> None:
    kinds: set[str] = set()
    game = api.games()[name].from_options({})
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
            kinds.add(state.apply(action).kind)
    assert kinds - set(sound.BY_KIND) <= {"tiles"}  # the board's tiles laid out before the game: silent
    assert {sound.BY_KIND[k] for k in kinds if k in sound.BY_KIND} == {
        "card": {sound.Cue.CARD}, "board": {sound.Cue.CARD, sound.Cue.PIECE},
        "roll": {sound.Cue.DICE, sound.Cue.MARK}}[name]


@pytest.mark.parametrize(("adapter", "form", "heard_first"), [
    (card_screen.CardAdapter(), {"opponent": "easy", "games": "1", "pace": "instant"}, ["card"]),
    (board_screen.BoardAdapter(), {"seat1": "human", "seat2": "easy", "pace": "instant"}, ["card"]),
])
def test_a_new_games_first_deal_sounds(adapter: typing.Any, form: dict[str, str], heard_first: list[str]) -> None:
    """The deal that starts a new game from its form sounds like the later deals (it is dealt before the
    table is drawn, not as a move on it)."""
    table = features.Table(adapter)
    heard = cues(table)
    table.start(**form)
    assert heard[:1] == heard_first


def test_the_person_and_the_computer_sound_and_the_end_of_a_game_sounds_once() -> None:
    table = features.card_table()
    heard = cues(table)
    state = table.session.state
    table.card_move(next(a for a in state.legal_actions() if isinstance(a, card.Play)))
    table.card_move(card.Draw(None))
    assert heard == ["card"] * 4  # the person's play and draw, then the computer's (pace: instant)
    assert re.fullmatch(r"card \d+", table.root.data["cue"])
    table = features.Table(storage={features.SAVE: features.near_end_save()})
    heard = cues(table)
    assert heard == []  # a restored game makes no sound
    features.finish_card_game(table)
    assert heard == ["card", "end"]


def test_sound_is_off_until_turned_on_in_the_menu_and_the_choice_is_kept_for_every_game() -> None:
    table = features.card_table()
    assert table.root.data["sound"] == "off"
    table.click("menu")
    assert 'data-action="sound">Turn sound on<' in table.html()
    table.click("sound")
    assert table.storage[sound.KEY] == "1" and table.root.data["sound"] == "on"
    assert 'data-action="sound">Turn sound off<' in table.html() and table.phase == "menu"
    other = features.Table(board_screen.BoardAdapter(), storage=table.storage)
    assert other.root.data["sound"] == "on"
    other.click("menu")
    other.click("sound")
    assert table.storage[sound.KEY] == "0" and other.root.data["sound"] == "off"


def keeps_nothing(table: features.Table) -> features.Table:
    """``table`` in a browser whose storage refuses every write (full, or private browsing)."""

    def refuse(key: str, text: str) -> None:
        raise screen_types.StorageError("full")

    table.host.storage_set = refuse  # type: ignore[method-assign]
    return table


def test_a_browser_that_keeps_nothing_keeps_the_choice_for_the_screen() -> None:
    table = keeps_nothing(features.card_table())
    table.click("menu")
    table.click("sound")
    assert table.root.data["sound"] == "on" and sound.KEY not in table.storage


def test_a_replay_sounds_once_per_step_forward_and_never_for_a_jump() -> None:
    table = features.Table(storage={features.SAVE: features.near_end_save()})
    features.finish_card_game(table)
    table.click("menu")
    heard = cues(table)
    table.click("replay")
    assert heard == []
    table.click("replay-next")
    table.click("replay-next")
    assert heard == ["card", "card"]
    table.click("replay-last")
    table.click("replay-prev")
    table.click("replay-first")
    assert heard == ["card", "card"]


@pytest.mark.parametrize(("query", "expected"), [({}, False), ({"sound": "0"}, False), ({"sound": "1"}, True)])
def test_the_embed_sounds_only_when_its_host_asks(query: dict[str, str], expected: bool) -> None:
    config = embed.Config.from_query({"game": "card", "mode": "play", **query})
    assert config.sound is expected
    storage = {sound.KEY: "1"}  # the site's own choice does not reach a frame in another site's page
    host = memory_host.MemoryHost(storage=storage)
    shown = embed_screen.EmbeddedScreen(card_screen.CardAdapter(), host, config, lambda *a: None)
    assert shown.menu.sound_on() is expected
    shown.mount()
    host.run()
    shown.menu.toggle_sound()
    assert shown.menu.sound_on() is not expected and storage == {sound.KEY: "1"}


@pytest.mark.parametrize("value", ["yes", "2", "", "on"])
def test_a_malformed_sound_parameter_says_why(value: str) -> None:
    with pytest.raises(embed.EmbedError, match=re.escape(f"sound must be 0 or 1, not {value!r}")):
        embed.Config.from_query({"game": "card", "sound": value})


def test_cue_names_are_what_the_page_plays() -> None:
    script = (pathlib.Path(__file__).parents[2] / "web" / "sound.js").read_text()
    played = set(re.findall(r"^    (\w+): function", script, re.M))
    assert played == {cue.value for cue in sound.Cue}
