"""The card game's adapter on the generic screen, run under CPython with the in-memory host."""

from __future__ import annotations

import html
import json
import random
import re
import typing

import pytest

import card_screen
import memory_host
import screen
from lostcities import card, i18n, session
from lostcities.card import ai as card_ai
from lostcities.ui import card as card_html

SAVE = "lostcities:card:save"


def mounted(storage: dict[str, str] | None = None, seed: int = 1) -> tuple[screen.Screen, memory_host.MemoryHost]:
    host = memory_host.MemoryHost(storage={} if storage is None else storage, seed=seed)
    scr = screen.Screen(card_screen.CardAdapter(), host)
    scr.mount()
    return scr, host


def root(host: memory_host.MemoryHost) -> memory_host.MemoryRoot:
    assert host.root is not None
    return host.root


def start(host: memory_host.MemoryHost, **form: str) -> None:
    root(host).form = {"opponent": "easy", "games": "1", "pace": "quick", **form}
    root(host).click("start")


def state_of(scr: screen.Screen) -> card.State:
    assert scr.session is not None and isinstance(scr.session.state, card.State)
    return scr.session.state


def cards_shown(host: memory_host.MemoryHost, region: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', root(host).regions.get(region, "")))


def click_action(host: memory_host.MemoryHost, action: card.Play | card.Discard | card.Draw) -> None:
    """Play ``action`` the way a player does: by clicks on the table."""
    if isinstance(action, card.Draw):
        if action.colour is None:
            root(host).click(target="deck")
        else:
            root(host).click(target="pile", colour=action.colour.letter)
        return
    root(host).click(target="hand", card=action.card.id)
    where = "column" if isinstance(action, card.Play) else "discard"
    root(host).click(target=where, colour=action.card.colour.letter)


def play_person_turns(scr: screen.Screen, host: memory_host.MemoryHost, rng: random.Random, limit: int = 400) -> None:
    state = state_of(scr)
    for _ in range(limit):
        host.run()
        if state.current_player < 0:
            return
        if scr.mode == "handover":
            root(host).click("ready")
            continue
        action = rng.choice(state.legal_actions())
        assert isinstance(action, (card.Play, card.Discard, card.Draw))
        click_action(host, action)
    raise AssertionError("the game did not end")


def test_setup_then_a_full_game_against_the_computer_by_clicks() -> None:
    scr, host = mounted()
    assert root(host).data["phase"] == "setup" and 'name="opponent"' in root(host).regions["main"]
    start(host)
    assert root(host).data["phase"] == "play" and scr.session is not None
    assert scr.session.setup.seats[1] == session.Seat("Computer", "easy")
    notes: list[str] = []
    state = state_of(scr)
    rng = random.Random(2)
    for _ in range(300):
        host.run()
        if state.is_terminal():
            break
        assert state.current_player == 0
        assert cards_shown(host, "hand") == {c.id for c in state.hand(0)}
        assert not cards_shown(host, "table") & {c.id for c in state.hand(1)}
        status = root(host).regions["status"]
        if "lc-note" in status:
            notes.append(status)
        action = rng.choice(state.legal_actions())
        assert isinstance(action, (card.Play, card.Discard, card.Draw))
        click_action(host, action)
    assert state.is_terminal() and root(host).data["phase"] == "over"
    assert any("Computer " in n and " and drew " in n for n in notes)
    assert "lc-winner" in root(host).regions["results"] and 'data-action="new-match"' in root(host).regions["results"]
    assert json.loads(host.storage[SAVE])["state"] == state.to_dict()  # type: ignore[index]
    assert [w for w in host.logs if w[0] == "error"] == []
    root(host).click("new-match")
    assert root(host).data["phase"] == "setup" and SAVE not in typing.cast(dict[str, str], host.storage)


def test_an_illegal_click_is_refused_with_its_reason_and_changes_nothing() -> None:
    scr, host = mounted()
    start(host)
    state = state_of(scr)
    before, saved = len(state.history), dict(typing.cast(dict[str, str], host.storage))
    root(host).click(target="column", colour="Y")
    assert "Choose a card from your hand first." in root(host).regions["status"]
    assert 'data-target="deck"' in root(host).regions["table"]  # the deck answers a tap at the play step
    root(host).click(target="deck")
    assert "First play or discard a card from your hand" in root(host).regions["status"]
    assert len(state.history) == before and root(host).data["phase"] == "play"
    low = next(c for c in state.hand(0) if not c.is_wager)
    root(host).click(target="hand", card=low.id)
    assert "is-selected" in root(host).regions["hand"] and 'data-action="play"' in root(host).regions["actions"]
    other = next(c for c in state.game.colour_list if c is not low.colour)
    root(host).click(target="column", colour=other.letter)
    assert f"only go to your {low.colour.value} column" in root(host).regions["status"]
    assert len(state.history) == before and host.storage == saved
    root(host).click(target="discard", colour=low.colour.letter)
    assert root(host).data["phase"] == "draw"
    root(host).click(target="pile", colour=low.colour.letter)  # the card just discarded
    assert "is-error" in root(host).regions["status"] and root(host).data["phase"] == "draw"
    assert len(state.history) == before + 1


def test_pass_and_play_hands_over_and_never_shows_two_hands() -> None:
    scr, host = mounted()
    start(host, opponent="human", name1="Ann", name2="Ben")
    state = state_of(scr)
    rng = random.Random(5)
    for turn in range(8):
        host.run()
        assert scr.mode == "handover" and root(host).data["phase"] == "handover"
        expected = ["Ann", "Ben"][state.current_player]
        assert f"Pass the device to {expected}" in root(host).regions["main"]
        assert "data-card" not in root(host).html()
        if turn == 3:  # a reload shows the hand-over panel first
            scr.unmount()
            scr, host = mounted(typing.cast(dict[str, str], host.storage))
            state = state_of(scr)
            assert scr.mode == "handover"
        root(host).click("ready")
        who = state.current_player
        for _ in range(2):
            shown = cards_shown(host, "hand") | cards_shown(host, "table")
            hidden = {c.id for c in state.hand(1 - who)} - {c.id for c in state.view(who).opponent_known}
            assert not shown & hidden and cards_shown(host, "hand") == {c.id for c in state.hand(who)}
            assert f"{expected}, your turn" in root(host).regions["status"]
            action = rng.choice(state.legal_actions())
            assert isinstance(action, (card.Play, card.Discard, card.Draw))
            click_action(host, action)


def test_a_reload_restores_the_position_and_the_computer_resumes() -> None:
    scr, host = mounted()
    start(host)
    state = state_of(scr)
    action = state.legal_actions()[0]
    assert isinstance(action, (card.Play, card.Discard))
    click_action(host, action)
    table, hand = cards_shown(host, "table"), cards_shown(host, "hand")
    storage = typing.cast(dict[str, str], host.storage)
    scr.unmount()
    assert root(host).closed and not host.timers
    scr, host = mounted(storage)
    assert root(host).data["phase"] == "draw"
    assert cards_shown(host, "table") == table and cards_shown(host, "hand") == hand
    root(host).click(target="deck")
    assert root(host).data["phase"] == "ai"
    scr.unmount()
    scr, host = mounted(storage)
    assert root(host).data["phase"] == "ai"
    host.run()
    assert root(host).data["phase"] == "play" and len(state_of(scr).history) == 5


def test_a_match_of_three_games_offers_the_next_game() -> None:
    scr, host = mounted()
    start(host, games="3")
    play_person_turns(scr, host, random.Random(1))
    assert root(host).data["phase"] == "result" and 'data-action="next-game"' in root(host).regions["results"]
    root(host).click("next-game")
    state = state_of(scr)
    assert state.game_number == 2 and root(host).data["phase"] in ("play", "ai")
    assert "Game 2 of 3" in json.loads(typing.cast(dict[str, str], host.storage)[SAVE])["ui"]["note"]
    totals = state.scores()
    names = scr.current.names
    assert host.info == (f"Game 2/3 \u00b7 {names[0]} {card_html.number(totals[0])} \u00b7 "
                         f"{names[1]} {card_html.number(totals[1])}")  # whose score is whose


@pytest.mark.parametrize("opponent", ["easy", "human"])
def test_a_save_of_the_first_release_continues(opponent: str) -> None:
    game = card.Game(games=1)
    state = game.new_game(random.Random(9))
    state.apply(state.legal_actions()[0])
    legacy = {"format": "lostcities.card-ui", "version": 1,
              "setup": {"opponent": opponent, "names": ["You", "Computer"], "colours": 5, "games": 1,
                        "pace": "quick"},
              "state": state.to_dict(), "note": "Computer starts.", "marks": {"recent": ["Y3"], "source": "deck"}}
    scr, host = mounted({SAVE: json.dumps(legacy)})
    assert scr.session is not None and state_of(scr) == state
    assert root(host).data["phase"] == ("draw" if opponent == "easy" else "handover")


def test_the_setup_form_remembers_the_last_choice() -> None:
    _, host = mounted()
    start(host, opponent="human", name1="Ann", name2="Ben", colours="6", games="3")
    root(host).click("menu")
    assert root(host).data["phase"] == "menu" and "New match (abandon this one)" in root(host).html()
    root(host).click("confirm-new")  # a match is in progress: the menu asks first
    assert root(host).data["phase"] == "menu" and "Abandon this match?" in root(host).html()
    assert typing.cast(dict[str, str], host.storage).get(SAVE) is not None  # nothing is lost yet
    root(host).click("close-menu")  # keep playing
    assert root(host).data["phase"] == "handover" and typing.cast(dict[str, str], host.storage).get(SAVE) is not None
    root(host).click("menu")
    root(host).click("confirm-new")
    assert "Abandon this match?" in root(host).html()
    root(host).click("new-match")
    form = root(host).regions["main"]
    assert 'value="Ann"' in form and 'value="human" checked' in form and 'value="6" checked' in form


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_suggested_move_says_why_in_the_players_language(lang: str) -> None:
    scr, host = mounted()
    start(host)
    host.run()
    state = state_of(scr)
    assert state.current_player == 0
    with i18n.using(lang):
        root(host).click("hint")
        host.run()
        assert scr.hint is not None
        why = card_ai.explain(state.view(0), scr.hint)
    assert why and scr.computer.hint_text.endswith(" " + why), scr.computer.hint_text
    assert html.escape(why) in root(host).regions["main"] + "".join(root(host).regions.values())
