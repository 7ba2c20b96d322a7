"""The board game screen in a real browser: whole games by clicks, computers, pass-and-play,
arrows and the lost-city move, a refused start, reloads.

Every test acts on the page by clicks only; it reads the save in localStorage
(parsed by the rules core running here under CPython) to decide what to click
and to check the outcome.  Waits use locators and ``wait_for_function``, never
element handles (they keep old subtrees alive).
"""

from __future__ import annotations

import json
import random
import typing

import pytest
from playwright import sync_api

from lostcities import api, board
from lostcities.ui import html as lc_html
from tests.core import test_board  # its scenario builder
from tests.e2e import conftest

SAVE = "lostcities:board:save"
TIMEOUT_MS = 30_000
ADV, RES = board.Kind.ADVENTURER, board.Kind.RESEARCHER


@pytest.fixture
def booted(shared: sync_api.Page, site: str) -> sync_api.Page:
    """The tests' shared page (conftest's ``shared``: booted once, a boot takes many seconds on a loaded
    machine) started over at ``?seed=3``; each test opens the board screen afresh with :func:`fresh`."""
    return conftest.start_over(shared, site + "?seed=3")


def fresh(page: sync_api.Page, save: str | None = None, *, width: int = 1024, height: int = 768) -> None:
    """Back home, the board game's save replaced (or removed), then the board screen."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    if save is None:
        page.evaluate(f"localStorage.removeItem('{SAVE}')")
    else:
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE, save])
    page.evaluate("location.hash = '#board'")
    page.locator("html[data-route='board'] .lc-screen:not([data-phase='loading'])").wait_for(state="attached")


# -- reading the page ----------------------------------------------------------------------------


def phase(page: sync_api.Page) -> str:
    return str(page.get_attribute(".lc-screen", "data-phase"))


def wait_phase(page: sync_api.Page, *phases: str, timeout: int = TIMEOUT_MS) -> str:
    selector = ",".join(f".lc-screen[data-phase='{p}']" for p in phases)
    page.locator(selector).first.wait_for(timeout=timeout, state="attached")
    return phase(page)


def moves(page: sync_api.Page) -> int:
    return int(page.get_attribute(".lc-screen", "data-moves") or 0)


def saved_text(page: sync_api.Page) -> str:
    return str(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def saved_state(page: sync_api.Page) -> board.State:
    return typing.cast(board.State, api.state_from_dict(json.loads(saved_text(page))["state"]))


def wait_moves_above(page: sync_api.Page, count: int) -> None:
    page.wait_for_function("n => Number(document.querySelector('.lc-screen').dataset.moves) > n", arg=count,
                           timeout=TIMEOUT_MS)


def snapshot(page: sync_api.Page) -> dict[str, typing.Any]:
    """What a player sees of the position: pieces on their stones, hand, piles, counters, phase."""
    return typing.cast(dict[str, typing.Any], page.evaluate("""() => ({
      phase: document.querySelector('.lc-screen').dataset.phase,
      pieces: [...document.querySelectorAll('.lcb-board [data-piece]')]
        .map(e => e.closest('[data-stone]').dataset.stone + ':' + e.dataset.piece).sort(),
      hand: [...document.querySelectorAll('.lc-hand [data-card]')].map(e => e.dataset.card),
      piles: [...document.querySelectorAll('.lcb-pile')].map(e => e.dataset.size),
      counters: document.querySelector('.lcb-counters').innerText,
    })"""))


def no_scroll(page: sync_api.Page, *, sideways_only: bool = False) -> None:
    width, height, inner_w, inner_h = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight]")
    assert width <= inner_w, f"the page scrolls sideways ({width} > {inner_w})"
    assert sideways_only or height <= inner_h, f"the page scrolls ({height} > {inner_h})"


# -- acting by clicks -------------------------------------------------------------------------------


def start(page: sync_api.Page, seats: typing.Sequence[str], *, names: typing.Sequence[str] = ()) -> None:
    """Fill the setup form (seat kinds, a short game, the instant pace) and start."""
    wait_phase(page, "setup")
    for i in range(4):
        page.select_option(f"select[name=seat{i + 1}]", seats[i] if i < len(seats) else "")
        if i < len(names):
            page.fill(f"input[name=name{i + 1}]", names[i])
    page.click("input[name=rounds][value='1']")
    page.click("input[name=pace][value=instant]")
    page.click("[data-action=start]")


def choose(state: board.State, rng: random.Random) -> api.Action:
    """A sensible legal action: advance or start low, move forward, draw from the draw pile."""
    legal = state.legal_actions()
    advance = [a for a in legal if isinstance(a, board.Advance)]
    starts = [a for a in legal if isinstance(a, board.Start) and a.card.value <= 4]
    moving = [a for a in legal if isinstance(a, board.Move) and a.colour is not None]
    if state.step is board.Step.PLAY:
        if advance:
            return rng.choice(advance)
        if starts:
            return rng.choice(starts)
        return max((a for a in legal if isinstance(a, board.Discard)), key=lambda a: a.card.value)
    if state.step is board.Step.MOVE:
        return rng.choice(moving) if moving else board.Move()
    return board.Draw()


def click_action(page: sync_api.Page, action: api.Action) -> None:
    """Perform ``action`` by clicks and wait until the page has applied it."""
    before = moves(page)
    if isinstance(action, board.Draw):
        page.click("[data-target=deck]" if action.colour is None else
                   f"[data-target=pile][data-colour={action.colour.letter}]")
    elif isinstance(action, board.Move):
        if action.colour is None:
            page.click("[data-action=no-move]")
        elif action.kind is None:
            page.click(f"[data-target=path][data-colour={action.colour.letter}]")
        else:
            page.click(f"[data-action=enter][data-colour={action.colour.letter}][data-kind={action.kind.value}]")
    else:
        assert isinstance(action, (board.Start, board.Advance, board.Discard))
        card_id, letter = action.card.id, action.card.colour.letter
        page.locator(f".lc-hand [data-card='{card_id}']").first.click()
        if isinstance(action, board.Discard):
            page.click(f"[data-target=discard][data-colour={letter}]")
        else:
            page.click(f"[data-target=path][data-colour={letter}]")
            if isinstance(action, board.Start):
                # The engine answers a message later (in its Web Worker): the start is applied, or it
                # asks which piece starts the expedition.
                page.wait_for_function("""before => Number(document.querySelector('.lc-screen').dataset.moves) > before
                                          || document.querySelector('[data-action=piece]') !== null""", arg=before)
                if moves(page) == before:
                    page.click(f"[data-action=piece][data-kind={action.kind.value}]")
    wait_moves_above(page, before)


def play_to_end(page: sync_api.Page, rng: random.Random,
                on_turn: typing.Callable[[board.State], None] | None = None) -> board.State:
    for turn in range(400):
        current = wait_phase(page, "play", "move", "draw", "round", "over", "handover")
        if current == "over":
            return saved_state(page)
        if current == "handover":
            page.click("[data-action=ready]")
            continue
        state = saved_state(page)
        if on_turn is not None and turn % 4 == 0:
            on_turn(state)
        click_action(page, choose(state, rng))
    raise AssertionError("the game did not end")


def check_final_table(page: sync_api.Page, state: board.State, names: typing.Sequence[str]) -> None:
    """The round tables and the final totals on the page are the core's."""
    assert state.is_terminal()
    result = state.results[-1]
    for p, record in enumerate(result.players):
        table = page.locator(f"table.lcb-round[data-player='{p}']")
        assert table.locator("td[data-row=net]").inner_text() == lc_html.signed(record.net)
        assert table.locator("td[data-row=artifacts]").inner_text() == str(record.artifacts)
        assert table.locator("td[data-row=tiles]").inner_text() == lc_html.signed(record.tile_points)
        for piece in record.pieces:
            row = table.locator(f"tr[data-colour={piece.colour.letter}]")
            assert row.locator("td[data-col=stone]").inner_text() == str(piece.stone)
            assert row.locator("td[data-col=points]").inner_text() == lc_html.signed(piece.points)
        row = page.locator(f"table.lcb-final tr[data-player='{p}']")
        assert row.locator("td[data-col=tiles]").inner_text() == lc_html.signed(
            sum(r.players[p].tile_points for r in state.results))
        total = row.locator("td[data-col=total]").inner_text()
        assert total == lc_html.number(state.scores()[p])
    winners = state.winners()
    line = page.locator(".lc-winner").inner_text()
    assert all(names[w] in line for w in winners), (line, winners)


# -- the tests ---------------------------------------------------------------------------------------


@pytest.mark.long
def test_a_short_game_against_the_computer_by_clicks_with_a_reload(booted: sync_api.Page) -> None:
    page = booted
    fresh(page)
    start(page, ["human", "easy"])
    rng = random.Random(1)
    seen: list[str] = []

    def on_turn(state: board.State) -> None:
        no_scroll(page)
        assert page.locator(".lcb-board [data-stone]").count() == 45
        notes = page.locator(".lc-status .lc-note").all_inner_texts()
        seen.extend(n for n in notes if n.startswith("Computer"))

    for _ in range(6):  # a few turns, then a reload at the draw step
        wait_phase(page, "play")
        click_action(page, choose(saved_state(page), rng))
        if phase(page) == "move":
            click_action(page, board.Move())
        click_action(page, board.Draw())
    wait_phase(page, "play")
    click_action(page, choose(saved_state(page), rng))
    wait_phase(page, "draw", "move")
    before, state_before = snapshot(page), saved_state(page)
    page.reload()
    page.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    wait_phase(page, before["phase"])
    assert snapshot(page) == before and saved_state(page) == state_before
    state = play_to_end(page, rng, on_turn)
    assert any(" moves to " in n or "discarded" in n for n in seen), seen[:5]
    check_final_table(page, state, ["You", "Computer"])
    assert page.locator(".lcb-track li[data-count]").count() == len(board.data.SHORT_TRACK)
    no_scroll(page, sideways_only=True)


@pytest.mark.long
def test_four_seats_three_computers_to_the_end(booted: sync_api.Page) -> None:
    page = booted
    fresh(page)
    start(page, ["human", "easy", "medium", "easy"], names=["You", "Ann", "Ben", "Cleo"])
    rng = random.Random(2)
    computer_turns = 0

    def on_turn(state: board.State) -> None:
        nonlocal computer_turns
        no_scroll(page)
        assert page.locator(".lcb-player").count() == 4 and page.locator(".lc-hand").count() == 1
        notes = " ".join(page.locator(".lc-status .lc-note").all_inner_texts())
        computer_turns += any(name in notes for name in ("Ann", "Ben", "Cleo"))

    state = play_to_end(page, rng, on_turn)
    assert computer_turns >= 2  # the computers' turns were narrated
    check_final_table(page, state, ["You", "Ann", "Ben", "Cleo"])


def test_pass_and_play_never_shows_two_hands(booted: sync_api.Page) -> None:
    page = booted
    fresh(page, width=390, height=844)  # a phone
    start(page, ["human", "human"], names=["Ann", "Ben"])
    rng = random.Random(3)
    for turn in range(4):
        wait_phase(page, "handover")
        assert page.locator("[data-card]").count() == 0 and page.locator(".lc-hand, .lcb-board").count() == 0
        assert f"Pass the device to {['Ann', 'Ben'][turn % 2]}" in page.locator(".lc-handover").inner_text()
        page.click("[data-action=ready]")
        wait_phase(page, "play")
        no_scroll(page, sideways_only=True)
        state = saved_state(page)
        who = state.current_player
        shown = page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(c.id for c in state.hand(who)) and page.locator(".lc-hand").count() == 1
        public = {c.id for q in range(2) for col in state.view(who).columns[q] for c in col}
        others = page.locator(".lcb-players [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert set(others) <= public
        assert ["Ann", "Ben"][who] in page.locator(".lc-status").inner_text()
        click_action(page, choose(state, rng))
        if phase(page) == "move":
            click_action(page, board.Move())
        click_action(page, board.Draw())


def _scenario() -> board.State:
    return test_board.scenario(
        hands={0: ["W4", "Y9", "G3", "G7"]}, pieces={0: {"W": (ADV, 1), "Y": (ADV, 9), "R": (RES, 2)}},
        columns={0: {"W": ["W1"], "Y": ["Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]}},
        tiles={("white", 2): "arrow", ("white", 3): "arrow"})


def test_a_refused_start_an_arrow_chain_and_a_lost_city_move(booted: sync_api.Page) -> None:
    page = booted
    state = _scenario()
    setup = {"seats": [{"name": "You", "level": None}, {"name": "Computer", "level": "easy"}],
             "options": {"rounds": 3, "up_and_down": False, "any_piece": False, "hidden_scores": False},
             "prefs": {"pace": "instant"}}
    save = {"format": "lostcities.board-ui", "version": 1, "revision": 1, "setup": setup,
            "state": state.to_dict(), "ui": {}, "log": []}
    fresh(page, json.dumps(save))
    wait_phase(page, "play")
    # Starting green with the 7 while holding the 3: refused with the core's reason, nothing changes.
    before = saved_text(page)
    page.click(".lc-hand [data-card='G7']")
    assert page.locator("[data-target=path][data-colour=G].is-target").count() == 0
    assert page.locator("[data-target=discard][data-colour=G].is-target").count() == 1
    page.click("[data-target=path][data-colour=G]")
    error = page.locator(".lc-status .is-error")
    error.wait_for()
    assert "lowest green card (green 3), not the green 7" in error.inner_text()
    assert saved_text(page) == before and phase(page) == "play"
    # The white 4 lands on an arrow; the arrow moves the same piece onto another arrow, then on.
    click_action(page, board.advance("W4"))
    assert phase(page) == "move" and "an arrow" in page.locator(".lc-status").inner_text()
    assert page.locator("[data-action=no-move]").count() == 1
    click_action(page, board.Move(board.Colour.WHITE))
    assert phase(page) == "move" and page.locator("[data-stone=white-3] [data-piece='0-adventurer']").count() == 1
    click_action(page, board.Move(board.Colour.WHITE))
    assert phase(page) == "draw" and page.locator("[data-stone=white-4] [data-piece='0-adventurer']").count() == 1
    assert "used the arrow" in page.locator(".lc-status").inner_text()
    click_action(page, board.Draw())
    wait_phase(page, "play")
    # The yellow 9 on the lost city: another piece may move, or none; the researcher takes it.
    click_action(page, board.advance("Y9"))
    assert phase(page) == "move" and "lost-city move" in page.locator(".lc-status").inner_text()
    click_action(page, board.Move(board.Colour.RED))
    assert page.locator("[data-stone=red-3] [data-piece='0-researcher']").count() == 1
    final = saved_state(page)
    assert final.piece(0, board.Colour.RED) == (RES, 3) and final.piece(0, board.Colour.WHITE) == (ADV, 4)
    assert final.step is board.Step.DRAW
