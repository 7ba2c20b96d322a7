"""The card game screen in a real browser: play by clicks, saves, pass-and-play, errors, responsiveness.

Every test acts on the page by clicks only; it may read the DOM (and the save
in localStorage) to decide what to click and to check the outcome, which is
compared with the rules core running here under CPython.
"""

from __future__ import annotations

import json
import random
import typing

import pytest
from playwright import sync_api

from lostcities import api, card
from tests.e2e import conftest

SAVE = "lostcities:card:save"
MINUS = "\u2212"
TURN_TIMEOUT_MS = 30_000


# -- reading the page -----------------------------------------------------------


def phase(page: sync_api.Page) -> str:
    return str(page.get_attribute(".lc-screen", "data-phase"))


def wait_phase(page: sync_api.Page, *phases: str, timeout: int = TURN_TIMEOUT_MS) -> str:
    selector = ",".join(f".lc-screen[data-phase='{p}']" for p in phases)
    # A locator, not wait_for_selector: an element handle stays alive until the page closes,
    # and with it the subtree it belongs to (the long-session test counts those nodes).
    page.locator(selector).first.wait_for(timeout=timeout, state="attached")
    return phase(page)


def number(text: str) -> int:
    return int(text.strip().replace(MINUS, "-").replace("+", ""))


def saved(page: sync_api.Page) -> dict[str, typing.Any]:
    text = page.evaluate(f"localStorage.getItem('{SAVE}')")
    assert text, "no save in localStorage"
    return typing.cast(dict[str, typing.Any], json.loads(text))


def saved_state(page: sync_api.Page) -> card.State:
    return typing.cast(card.State, api.state_from_dict(saved(page)["state"]))


def table_snapshot(page: sync_api.Page) -> dict[str, typing.Any]:
    """Everything a player sees of the position (hand, columns, piles, deck, step)."""
    return typing.cast(dict[str, typing.Any], page.evaluate("""() => {
      const ids = (root) => root ? [...root.querySelectorAll('[data-card]')].map(e => e.dataset.card) : [];
      const cols = (cls) => Object.fromEntries([...document.querySelectorAll('.lc-col.' + cls)]
        .map(c => [c.dataset.colour, ids(c)]));
      return {
        phase: document.querySelector('.lc-screen').dataset.phase,
        step: document.querySelector('.lc-table') && document.querySelector('.lc-table').dataset.step,
        hand: ids(document.querySelector('.lc-hand')),
        mine: cols('lc-mine'),
        theirs: cols('lc-theirs'),
        piles: Object.fromEntries([...document.querySelectorAll('.lc-pile')]
          .map(p => [p.dataset.colour, [p.dataset.size, ids(p)]])),
        deck: document.querySelector('.lc-deck .lc-count').textContent,
        opponent_hand: document.querySelector('.lc-opp-hand').dataset.size,
      };
    }"""))


def assert_no_sideways_scroll(page: sync_api.Page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways ({width} > {inner})"


def rank(card_id: str) -> int:
    return 1 if "$" in card_id else int(card_id[1:])


def choose(page: sync_api.Page) -> tuple[str, str]:
    """A sensible legal move read from the DOM: (card id, 'column' or 'discard')."""
    snap = table_snapshot(page)
    best: tuple[int, str] | None = None
    tops = {colour: max([rank(c) for c in cards], default=0) for colour, cards in snap["mine"].items()}
    for cid in snap["hand"]:
        top = tops[cid[0]]
        if not (rank(cid) > top or (rank(cid) == 1 and top <= 1)):
            continue
        gap = rank(cid) - max(top, 1) + (0 if snap["mine"][cid[0]] else 3)
        if best is None or gap < best[0]:
            best = (gap, cid)
    if best is not None and best[0] <= 4:
        return best[1], "column"
    for cid in snap["hand"]:
        top = tops[cid[0]]
        if rank(cid) <= top and not (rank(cid) == 1 and top == 1):
            return cid, "discard"
    return max(snap["hand"], key=rank), "discard"


def start(page: sync_api.Page, opponent: str, *, games: str = "1", pace: str = "quick", six: bool = False) -> None:
    wait_phase(page, "setup")
    page.click(f"input[name=opponent][value={opponent}]")
    page.click(f"input[name=games][value='{games}']")
    if opponent != "human":
        page.click(f"input[name=pace][value={pace}]")
    if six:
        page.click("input[name=colours]")
    page.click("[data-action=start]")


def place(page: sync_api.Page) -> str:
    """Play or discard a card by clicks; returns the card id."""
    cid, where = choose(page)
    page.click(f".lc-hand [data-card='{cid}']")
    page.locator(f".lc-hand [data-card='{cid}'].is-selected").wait_for()
    target = "column" if where == "column" else "discard"
    page.click(f"[data-target='{target}'][data-colour='{cid[0]}']")
    wait_phase(page, "draw")
    return cid


def take_turn(page: sync_api.Page) -> None:
    place(page)
    page.click("[data-target='deck']")


def play_to_end(page: sync_api.Page, on_turn: typing.Callable[[sync_api.Page], None] | None = None) -> str:
    for _ in range(200):
        current = wait_phase(page, "play", "result", "over", "handover")
        if current in ("result", "over"):
            return current
        if current == "handover":
            page.click("[data-action=ready]")
            continue
        if on_turn is not None:
            on_turn(page)
        take_turn(page)
    raise AssertionError("the game did not end")


def inject_save(page: sync_api.Page, site: str, data: typing.Any) -> None:
    """Put a save into localStorage from the home screen, then open the card screen."""
    text = data if isinstance(data, str) else json.dumps(data)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE, text])
    page.evaluate("location.hash = '#card'")
    page.wait_for_selector("html[data-route='card'] .lc-screen:not([data-phase='loading'])", state="attached")


def ui_save(state: card.State, opponent: str = "easy",
            names: tuple[str, str] = ("You", "Computer")) -> dict[str, typing.Any]:
    return {
        "format": "lostcities.card-ui",
        "version": 1,
        "setup": {"opponent": opponent, "names": list(names), "colours": state.game.colours,
                  "games": state.game.games, "pace": "quick"},
        "state": state.to_dict(),
        "note": "",
        "marks": {"recent": [], "source": None},
    }


# -- the tests ------------------------------------------------------------------------


@pytest.mark.long
def test_full_game_against_the_easy_computer_by_clicks(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=11#card")
    # The instant pace, as the other games' whole games: the quick one pauses about 0.5 s a turn for the eye
    # (web/card_screen.py PAUSES), some 20 s of this game; a pause's own waits are the reload test's.
    start(page, "easy", pace="instant")
    seen_computer_moves: list[str] = []

    def check_turn(page: sync_api.Page) -> None:
        assert_no_sideways_scroll(page)
        note = page.locator(".lc-status .lc-note")
        if note.count():
            seen_computer_moves.append(note.inner_text())
        assert page.locator(".lc-opp-hand [data-card]").count() == 0

    assert play_to_end(page, check_turn) == "over"
    assert any(m.startswith("Computer ") and " and drew " in m for m in seen_computer_moves), seen_computer_moves
    state = saved_state(page)
    assert state.is_terminal() and len(state.results) == 1
    result = state.results[0]
    for player, score in enumerate(result.players):
        table = page.locator(f"table.lc-breakdown[data-player='{player}']")
        for column in score.columns:
            cell = table.locator(f"td[data-colour='{column.colour.letter}'][data-row='points']")
            assert number(cell.inner_text()) == column.points, (player, column)
            if column.is_started:
                cards = table.locator(f"td[data-colour='{column.colour.letter}'][data-row='cards']")
                total = table.locator(f"td[data-colour='{column.colour.letter}'][data-row='sum']")
                assert number(cards.inner_text()) == column.cards
                assert number(total.inner_text()) == column.sum
        assert number(table.locator("td.lc-total[data-row='points']").inner_text()) == score.points
    # The columns on the final table are the ones the core scored.
    assert page.locator(".lc-winner").count() == 1
    totals = state.totals
    winner = page.locator(".lc-winner").inner_text()
    if totals[0] != totals[1]:
        assert ("You win" if totals[0] > totals[1] else "Computer wins") in winner
    # A new match clears the save.
    page.click("[data-action=new-match]")
    wait_phase(page, "setup")
    assert page.evaluate(f"localStorage.getItem('{SAVE}')") is None


RELOADED = "lostcities-test:reloaded"
"""Where :data:`DRAW_THEN_RELOAD` keeps the save the page held as it reloaded (a tab's session storage
outlives a reload)."""
DRAW_THEN_RELOAD = """([save, kept]) => {
  const html = document.documentElement;
  document.querySelector("[data-target='deck']").click();
  const reloadWhenAnswered = () => {
    if (html.hasAttribute("data-pending")) { setTimeout(reloadWhenAnswered, 1); return; }
    sessionStorage.setItem(kept, localStorage.getItem(save));
    location.reload();
  };
  reloadWhenAnswered();
}"""
"""Click the draw pile, and reload the page as soon as the engine has answered the click (web/view.js's
``data-pending``: the draw applied, drawn and saved), keeping the save of that moment in :data:`RELOADED`."""


def test_reload_restores_the_position_mid_turn_and_the_computer_resumes(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=4#card")  # the reloads below are real ones
    start(page, "easy", games="3", pace="relaxed")
    wait_phase(page, "play")
    take_turn(page)
    wait_phase(page, "play")
    # Mid-turn: after the play, before the draw.
    place(page)
    before = table_snapshot(page)
    state_before = saved_state(page)
    assert before["phase"] == "draw" and state_before.step is card.Step.DRAW
    page.reload()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    wait_phase(page, "draw")
    assert table_snapshot(page) == before
    assert saved_state(page) == state_before
    # Draw, then reload while it is the computer's turn: it resumes thinking and plays.  The page itself
    # draws and reloads as soon as the engine has answered the draw (and saved it): the relaxed pace
    # waits at least 0.45 s before the computer's move, and Playwright's round trips between a click
    # and a reload took longer than that on a loaded machine (the reload came after the computer's turn).
    moves = len(state_before.history) + 1  # the person's draw
    with page.expect_navigation(wait_until="load", timeout=conftest.BOOT_TIMEOUT_MS):
        page.evaluate(DRAW_THEN_RELOAD, [SAVE, RELOADED])
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    at_reload = api.state_from_dict(json.loads(page.evaluate(f"sessionStorage.getItem('{RELOADED}')"))["state"])
    assert len(at_reload.history) == moves and at_reload.current_player == 1, "the reload came after the computer moved"
    wait_phase(page, "play")
    state = saved_state(page)
    assert len(state.history) >= moves + 2 and state.current_player == 0 and state.step is card.Step.PLAY
    assert sorted(table_snapshot(page)["hand"]) == sorted(c.id for c in state.hand(0))


@pytest.mark.long
def test_pass_and_play_never_shows_both_hands(shared: sync_api.Page, site: str) -> None:
    shared.set_viewport_size({"width": 390, "height": 844})  # a phone
    page = conftest.start_over(shared, site + "?seed=8#card")  # the reload below is a real one
    wait_phase(page, "setup")
    page.click("input[name=opponent][value=human]")
    page.fill("input[name=name1]", "Ann")
    page.fill("input[name=name2]", "Ben")
    page.click("input[name=games][value='1']")
    page.click("[data-action=start]")

    def check_hidden() -> None:
        assert page.locator("[data-card]").count() == 0, "the hand-over screen shows cards"
        assert page.locator(".lc-hand, .lc-table").count() == 0

    def check_one_hand() -> None:
        state = saved_state(page)
        who = state.current_player
        assert page.locator(".lc-hand").count() == 1
        assert page.locator(".lc-opp-hand [data-card]").count() == 0
        shown = sorted(page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert shown == sorted(c.id for c in state.hand(who))
        other = {c.id for c in state.hand(1 - who)} - {c.id for c in state.view(who).opponent_known}
        on_page = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert not other & on_page, f"the other player's cards are on the page: {other & on_page}"
        name = ["Ann", "Ben"][who]
        assert name in page.locator(".lc-status").inner_text()

    for turn in range(6):
        wait_phase(page, "handover")
        check_hidden()
        expected = ["Ann", "Ben"][turn % 2]
        assert f"Pass the device to {expected}" in page.locator(".lc-handover").inner_text()
        if turn == 3:
            # A reload in pass-and-play shows the hand-over screen first.
            page.reload()
            page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
            wait_phase(page, "handover")
            check_hidden()
        page.click("[data-action=ready]")
        wait_phase(page, "play")
        check_one_hand()
        assert_no_sideways_scroll(page)
        place(page)
        check_one_hand()  # mid-turn: still the same player's hand
        page.click("[data-target='deck']")
    wait_phase(page, "handover")
    check_hidden()


def _position_with_a_lower_card() -> card.State:
    """Player 1 (you) holds yellow 5 with yellow 7 on their column."""
    game = card.Game(games=1)
    deck = list(game.deck)
    rng = random.Random(5)
    rng.shuffle(deck)
    first = [card.Card.from_id(i) for i in ("Y7", "Y5", "B3", "B4", "W2", "G9", "R$1", "R6")]
    rest = [c for c in deck if c not in first]
    state = game.new_state()
    state.apply(card.Deal(tuple(first + rest)))
    state.apply("play Y7")
    state.apply("draw")
    opponent_card = state.hand(1)[0]
    state.apply(f"discard {opponent_card.id}")
    state.apply("draw")
    return state


def test_an_illegal_play_is_refused_with_its_reason(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    inject_save(page, site, ui_save(_position_with_a_lower_card()))
    wait_phase(page, "play")
    before_text = page.evaluate(f"localStorage.getItem('{SAVE}')")
    before = table_snapshot(page)
    assert before["mine"]["Y"] == ["Y7"] and "Y5" in before["hand"]
    page.click(".lc-hand [data-card='Y5']")
    # The engine answers a message later (it runs in a Web Worker): the card is shown chosen first.
    page.locator(".lc-hand [data-card='Y5'].is-selected").wait_for(state="attached")
    assert page.locator("[data-target='column'][data-colour='Y'].is-target").count() == 0  # not highlighted
    assert page.locator("[data-target='discard'][data-colour='Y'].is-target").count() == 1
    conftest.assert_pulses_end(page, ".is-target", 1)  # the discard pile's ring
    page.click("[data-target='column'][data-colour='Y']")
    status = page.locator(".lc-status .is-error")
    status.wait_for()
    assert "yellow 5 cannot follow yellow 7" in status.inner_text().lower()
    assert page.get_attribute(".lc-status", "aria-live") == "polite"
    after = table_snapshot(page)
    assert after == before and phase(page) == "play"
    assert page.evaluate(f"localStorage.getItem('{SAVE}')") == before_text
    # A card on the wrong colour's column is refused too.
    page.click("[data-target='column'][data-colour='B']")
    sync_api.expect(status).to_contain_text("only go to your yellow column")  # a message later (the worker)
    # Discarding it, then trying to draw it straight back.
    page.click("[data-target='discard'][data-colour='Y']")
    wait_phase(page, "draw")
    moves = page.get_attribute(".lc-screen", "data-moves")
    page.click("[data-target='pile'][data-colour='Y']")
    status.wait_for()
    assert "cannot draw back the card you just discarded" in status.inner_text()
    assert phase(page) == "draw" and page.get_attribute(".lc-screen", "data-moves") == moves
    assert saved_state(page).step is card.Step.DRAW


def test_a_damaged_save_shows_a_message_and_offers_a_new_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    good = ui_save(_position_with_a_lower_card())
    tampered = json.loads(json.dumps(good))
    tampered["state"]["history"][1] = "play Y5"
    cases: list[tuple[typing.Any, str]] = [
        ("{this is not json", "damaged"),
        ({**good, "version": 0}, "older version"),
        ({**good, "version": 99}, "unknown format"),
        (tampered, "position is damaged"),
        ({**good, "setup": {"opponent": "wizard"}}, "opponent"),
        ([1, 2, 3], "not a save"),
    ]
    for data, words in cases:
        page.evaluate("location.hash = ''")
        page.wait_for_selector(".home", state="attached")
        inject_save(page, site, data)
        wait_phase(page, "problem")
        message = page.locator(".lc-problem").inner_text()
        assert "cannot be continued" in message and words in message, (words, message)
        assert page.locator("[data-action='new-after-problem']").is_visible()
    page.click("[data-action='new-after-problem']")
    wait_phase(page, "setup")
    assert page.evaluate(f"localStorage.getItem('{SAVE}')") is None
    start(page, "easy")
    wait_phase(page, "play")
    assert saved(page)["version"] == 1


@pytest.mark.long
def test_the_page_stays_responsive_while_the_hard_computer_thinks(shared: sync_api.Page, site: str) -> None:
    # What the code controls, not how fast this machine is: the hard computer's moves arrive,
    # it thinks in the engine's Web Worker in one go (no slices: the page's thread never runs
    # it), and the page answers while it thinks (the long-task figures in milliseconds are
    # measured by benchmarks/ui_long_tasks.py).
    page = conftest.start_over(shared, site + "?seed=21#card")
    assert page.get_attribute("html", "data-engine") == "worker"
    start(page, "hard")
    answered_while_thinking = False
    moves = 0
    for _ in range(4):
        wait_phase(page, "play")
        moves = int(str(page.get_attribute(".lc-screen", "data-moves")))
        take_turn(page)
        if wait_phase(page, "ai", "play", "over") == "ai":
            # A task of the page's own, while the computer still thinks: its phase is still "ai".
            seen = page.evaluate("""() => new Promise(done => setTimeout(() =>
                done(document.querySelector('.lc-screen').dataset.phase), 0))""")
            answered_while_thinking = answered_while_thinking or seen == "ai"
    assert wait_phase(page, "play", "over") == "play"
    assert answered_while_thinking
    # my play and draw, then the computer's play and draw have all arrived
    assert int(str(page.get_attribute(".lc-screen", "data-moves"))) == moves + 4
    decisions = [[int(figure) for figure in entry.split("/")]
                 for entry in str(page.get_attribute(".lc-screen", "data-think")).split()]
    assert len(decisions) == 4  # the last four decisions of the computer, wall/work/longest slice in ms
    # each search in one go (one slice: its longest is its whole work), bounded by its budget
    assert all(longest == work for _wall, work, longest in decisions), decisions
