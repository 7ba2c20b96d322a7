"""The board game's adapter on the generic screen, run under CPython with the in-memory host."""

from __future__ import annotations

import json
import random
import re
import typing

import pytest

import board_screen
import memory_host
import screen
from lostcities import api, board
from tests.core import test_board  # its scenario builder

SAVE = "lostcities:board:save"
ADV, RES = board.Kind.ADVENTURER, board.Kind.RESEARCHER


def mounted(storage: dict[str, str] | None = None, seed: int = 1) -> tuple[screen.Screen, memory_host.MemoryHost]:
    host = memory_host.MemoryHost(storage={} if storage is None else storage, seed=seed)
    scr = screen.Screen(board_screen.BoardAdapter(), host)
    scr.mount()
    return scr, host


def root(host: memory_host.MemoryHost) -> memory_host.MemoryRoot:
    assert host.root is not None
    return host.root


def start(host: memory_host.MemoryHost, seats: typing.Sequence[str] = ("human", "human"), **form: str) -> None:
    values = {"rounds": "1", "pace": "instant", **form}
    for i, kind in enumerate(seats):
        values[f"seat{i + 1}"] = kind
        values.setdefault(f"name{i + 1}", f"P{i + 1}")
    root(host).form = values
    root(host).click("start")


def state_of(scr: screen.Screen) -> board.State:
    assert scr.session is not None and isinstance(scr.session.state, board.State)
    return scr.session.state


def cards_shown(host: memory_host.MemoryHost, region: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', root(host).regions.get(region, "")))


def inject(state: board.State, seats: typing.Sequence[str | None] = (None, None)) -> dict[str, str]:
    setup = {"seats": [{"name": f"P{i + 1}", "level": level} for i, level in enumerate(seats)],
             "options": {o.name: state.game.options()[o.name] for o in board.Game.option_schema},
             "prefs": {"pace": "instant"}}
    save = {"format": "lostcities.board-ui", "version": 1, "revision": 1, "setup": setup,
            "state": state.to_dict(), "ui": {}, "log": []}
    return {SAVE: json.dumps(save)}


def click_action(host: memory_host.MemoryHost, action: api.Action) -> None:
    """Play ``action`` the way a player does: by clicks on the table."""
    r = root(host)
    if isinstance(action, board.Draw):
        if action.colour is None:
            r.click(target="deck")
        else:
            r.click(target="pile", colour=action.colour.letter)
    elif isinstance(action, board.Move):
        if action.colour is None:
            r.click("no-move")
        elif action.kind is None:
            r.click(target="path", colour=action.colour.letter)
        else:
            r.click("enter", colour=action.colour.letter, kind=action.kind.value)
    else:
        assert isinstance(action, (board.Start, board.Advance, board.Discard))
        r.click(target="hand", card=action.card.id)
        letter = action.card.colour.letter
        r.click(target="discard" if isinstance(action, board.Discard) else "path", colour=letter)
        if isinstance(action, board.Start) and 'data-action="piece"' in r.regions["actions"]:
            r.click("piece", kind=action.kind.value)


def play_by_clicks(scr: screen.Screen, host: memory_host.MemoryHost, rng: random.Random, limit: int = 3000,
                        each: typing.Callable[[board.State], None] | None = None) -> None:
    for _ in range(limit):
        host.run()
        state = state_of(scr)
        if state.is_terminal():
            return
        if state.is_chance():
            root(host).click("next-round")
            continue
        if scr.mode == "handover":
            root(host).click("ready")
            continue
        if each is not None:
            each(state)
        before = len(state.history)
        click_action(host, rng.choice(state.legal_actions()))
        assert len(state.history) == before + 1, root(host).regions.get("status")
    raise AssertionError("the game did not end")


@pytest.mark.long
def test_pass_and_play_by_clicks_to_the_end_never_shows_two_hands() -> None:
    scr, host = mounted()
    assert root(host).data["phase"] == "setup" and 'name="seat3"' in root(host).regions["main"]
    start(host, ("human", "human", "human"))
    assert scr.mode == "handover" and "data-card" not in root(host).html()
    seen = 0

    def check(state: board.State) -> None:
        nonlocal seen
        if len(state.history) % 3:
            return
        who = state.current_player
        page = root(host).html()
        assert page.count("data-stone=") == 45
        assert cards_shown(host, "hand") == {c.id for c in state.hand(who)}
        assert page.count('class="lc-hand lcb-hand"') == 1
        public = {c.id for q in range(3) for col in state.view(who).columns[q] for c in col}
        assert cards_shown(host, "players") <= public  # the other hands are counted, never drawn
        seen += 1

    play_by_clicks(scr, host, random.Random(4), each=check)
    state = state_of(scr)
    assert seen > 10 and root(host).data["phase"] == "over"
    results = root(host).regions["results"]
    assert "lc-winner" in results and "lcb-track" in results
    for p, record in enumerate(state.results[-1].players):
        assert f'data-player="{p}" data-net="{record.net}"' in results
    assert json.loads(host.storage[SAVE])["state"] == state.to_dict()  # type: ignore[index]
    assert [w for w in host.logs if w[0] == "error"] == []


def test_starting_with_a_card_that_is_not_the_lowest_is_refused_with_its_reason() -> None:
    state = test_board.scenario(hands={0: ["G3", "G7", "B2"]})
    scr, host = mounted(inject(state))
    r = root(host)
    assert r.data["phase"] == "handover"
    r.click("ready")
    r.click(target="path", colour="G")
    assert "Choose a card from your hand first." in r.regions["status"]
    r.click(target="hand", card="G7")
    assert 'data-colour="G" data-kind="start"' not in r.regions["board"]
    r.click(target="path", colour="G")
    assert "lowest green card (green 3), not the green 7" in r.regions["status"]
    assert len(state_of(scr).history) == 0 and r.data["phase"] == "play"
    r.click(target="hand", card="G3")
    assert 'data-colour="G" data-kind="start"' in r.regions["board"]
    r.click(target="path", colour="B")
    assert "only go on the green path" in r.regions["status"]
    r.click(target="path", colour="G")
    assert 'data-action="piece" data-kind="researcher"' in r.regions["actions"]
    r.click("piece", kind="researcher")
    assert state_of(scr).piece(0, board.Colour.GREEN) == (RES, 1)
    assert r.data["phase"] == "draw" and 'data-piece="0-researcher"' in r.regions["board"]
    r.click(target="hand", card="B2")
    assert "now draw a card" in r.regions["status"]
    r.click(target="deck")
    assert r.data["phase"] == "handover"


def test_an_arrow_chain_and_a_lost_city_move_ask_which_piece_moves() -> None:
    state = test_board.scenario(hands={0: ["W4", "Y9"]}, pieces={0: {"W": (ADV, 1), "Y": (ADV, 9), "R": (RES, 2)}},
                                columns={0: {"W": ["W1"], "Y": ["Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7",
                                                                  "Y8"]}},
                                tiles={("white", 2): "arrow", ("white", 3): "arrow", ("white", 6): "5"})
    scr, host = mounted(inject(state, (None, "easy")))
    r = root(host)
    if scr.mode == "handover":
        r.click("ready")
    click_action(host, board.advance("W4"))
    assert r.data["phase"] == "move" and 'data-action="no-move"' in r.regions["actions"]
    assert "an arrow" in r.regions["status"] and 'data-colour="W" data-kind="move"' in r.regions["board"]
    r.click(target="hand", card="Y9")
    assert "First answer the move" in r.regions["status"]
    r.click(target="path", colour="W")
    assert r.data["phase"] == "move" and state_of(scr).piece(0, board.Colour.WHITE) == (ADV, 3)
    assert "is-moved" in r.regions["board"]
    r.click(target="path", colour="Y")  # the piece on the lost city moves no further: the core says so
    assert "reached the lost city" in r.regions["status"]
    r.click(target="path", colour="W")
    assert r.data["phase"] == "draw" and state_of(scr).piece(0, board.Colour.WHITE) == (ADV, 4)
    r.click(target="pile", colour="Y")  # an empty pile
    assert "is-error" in r.regions["status"]
    r.click(target="deck")
    for _ in range(4):
        host.run()
        if scr.mode == "handover":
            r.click("ready")
        elif state_of(scr).current_player == 0:
            break
        else:
            click_action(host, state_of(scr).legal_actions()[-1])
    click_action(host, board.advance("Y9"))
    assert r.data["phase"] == "move" and "lost-city move" in r.regions["status"]
    r.click("no-move")
    assert r.data["phase"] == "draw" and state_of(scr).piece(0, board.Colour.RED) == (RES, 2)
    assert scr.session is not None
    log = " ".join(str(entry["text"]) for entry in scr.session.log)
    assert "used the arrow" in log and "let the lost-city move pass" in log


def test_a_reload_restores_the_position_and_the_notes() -> None:
    scr, host = mounted()
    start(host, ("human", "human"))
    root(host).click("ready")
    state = state_of(scr)
    click_action(host, next(a for a in state.legal_actions() if isinstance(a, board.Start)))
    board_html, note = root(host).regions["board"], root(host).regions["status"]
    storage = typing.cast(dict[str, str], host.storage)
    scr.unmount()
    scr, host = mounted(storage)
    assert root(host).data["phase"] == "handover" and "data-card" not in root(host).html()  # two people
    root(host).click("ready")
    assert root(host).data["phase"] == "draw" and state_of(scr) == state
    assert root(host).regions["board"] == board_html and root(host).regions["status"] == note
    assert host.info.startswith("Short game")


def test_a_damaged_or_foreign_save_is_refused() -> None:
    _, host = mounted({SAVE: "{broken"})
    assert root(host).data["phase"] == "problem" and "damaged" in root(host).regions["main"]
    fresh = board.Game().new_state()
    _, host = mounted(inject(fresh))
    assert root(host).data["phase"] == "problem" and "never laid out" in root(host).regions["main"]


@pytest.mark.long
def test_four_seats_three_computers_to_the_end_of_a_short_game() -> None:
    scr, host = mounted()
    start(host, ("human", "easy", "medium", "easy"))
    statuses: list[str] = []
    play_by_clicks(scr, host, random.Random(2), each=lambda _: statuses.append(root(host).regions["status"]))
    state = state_of(scr)
    assert any(re.search(r"P[234] (started|added|discarded)", s) for s in statuses)  # the computers' turns told
    assert state.is_terminal() and root(host).data["phase"] == "over"
    assert [w for w in host.logs if w[0] != "log"] == []


def test_the_last_draw_ends_the_round_and_next_round_deals_again() -> None:
    state = test_board.scenario(phase="draw", deck_size=1, pieces={0: {"G": (RES, 3)}, 1: {"B": (ADV, 2)}})
    scr, host = mounted(inject(state))
    r = root(host)
    r.click("ready")
    assert r.data["phase"] == "draw" and 'data-size="1"' in r.regions["counters"]
    r.click(target="deck")
    assert r.data["phase"] == "round" and 'data-action="next-round"' in r.regions["results"]
    results = r.regions["results"]
    assert f'data-player="0" data-net="{2 * board.data.STONE_VALUES[2]}"' in results and "Round 1 of 3" in results
    assert "draw pile ran out" in results and 'data-stone="green-3"' in results
    assert results.count('<td data-row="tiles">0</td>') == 2  # no victory-point tile this round
    r.click(target="deck")  # nothing else moves the game on
    assert r.data["phase"] == "round"
    r.click("next-round")
    host.run()
    current = state_of(scr)
    assert current.round == 2 and current.current_player == 1 and scr.mode == "handover"
    r.click("ready")
    assert r.data["phase"] == "play" and host.info.startswith("Round 2/3")
    # lang: the language the note is told in
    assert set(json.loads(typing.cast(dict[str, str], host.storage)[SAVE])["ui"]) == {"note", "marks", "lang"}


def test_the_any_piece_reading_asks_which_piece_enters_a_new_path() -> None:
    game = board.Game(any_piece=True)
    state = test_board.scenario(game, hands={0: ["Y9"]}, pieces={0: {"Y": (ADV, 9)}},
                                columns={0: {"Y": ["Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]}})
    scr, host = mounted(inject(state))
    r = root(host)
    r.click("ready")
    click_action(host, board.advance("Y9"))
    assert r.data["phase"] == "move" and 'data-kind="enter"' in r.regions["board"]
    r.click(target="path", colour="G")
    assert "Which piece enters the green path?" in r.regions["status"]
    assert 'data-action="enter" data-colour="G" data-kind="researcher"' in r.regions["actions"]
    r.click("enter", colour="G", kind="researcher")
    assert state_of(scr).piece(0, board.Colour.GREEN) == (RES, 1) and r.data["phase"] == "draw"
