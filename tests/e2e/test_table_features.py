"""The table features every game shares, in a real browser, by clicks: the top bar's trail,
the move log, Undo, Suggest a move, the replay, statistics and the rules pages.

The tests read the page (and the save in localStorage) to decide what to click and to
check the outcome against the rules core running here under CPython."""

from __future__ import annotations

import json
import random
import typing

from playwright import sync_api

from lostcities import api, card, session
from lostcities.ui import stats
from tests.e2e import conftest

SAVE = "lostcities:card:save"
TIMEOUT_MS = 30_000


def wait_phase(page: sync_api.Page, *phases: str, screen: str = ".lc-screen") -> None:
    selector = ",".join(f"{screen}[data-phase='{p}']" for p in phases)
    page.locator(selector).first.wait_for(timeout=TIMEOUT_MS, state="attached")


def saved(page: sync_api.Page) -> dict[str, typing.Any]:
    text = page.evaluate(f"localStorage.getItem('{SAVE}')")
    assert text, "no save in localStorage"
    return typing.cast(dict[str, typing.Any], json.loads(text))


def start_card(page: sync_api.Page, site: str, opponent: str = "easy",
               visit: typing.Callable[[sync_api.Page, str], sync_api.Page] = conftest.open_site) -> None:
    """A card game against ``opponent`` by clicks, on ``page`` opened by ``visit`` (a fresh page's
    :func:`conftest.open_site`, a shared one's :func:`conftest.start_over`)."""
    visit(page, site + "?seed=11#card")
    wait_phase(page, "setup")
    page.click(f"input[name=opponent][value={opponent}]")
    page.click("input[name=games][value='1']")
    page.click("input[name=pace][value=instant]")
    page.click("[data-action=start]")
    wait_phase(page, "play")


def discard_first(page: sync_api.Page) -> str:
    """Discard the first card of the hand by clicks; returns its id."""
    cid = str(page.locator(".lc-hand [data-card]").first.get_attribute("data-card"))
    page.click(f".lc-hand [data-card='{cid}']")
    page.click(f"[data-target='discard'][data-colour='{cid[0]}']")
    wait_phase(page, "draw")
    return cid


def near_end_save(games: int = 1) -> str:
    """A match of ``games`` against the easy computer, one card left in the draw pile, you to play."""
    setup = session.Setup.create("card", [session.Seat("You"), session.Seat("Computer", "easy")], {"games": games},
                                 {"pace": "instant"})
    current = session.Session.new(setup, random.Random(5))
    rng = random.Random(5)
    state = current.state
    assert isinstance(state, card.State)
    while not (state.current_player == 0 and state.step is card.Step.PLAY and state.view(0).draw_pile_size == 1):
        current.apply(rng.choice(state.legal_actions()))
    return current.to_text()


def test_one_top_bar_names_the_page_in_every_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    assert page.locator(".topbar-trail").inner_text().strip() == "Lost Cities"
    for route, screen, title in (("card", ".lc-screen", "The card game"), ("board", ".lcb-screen", "The Board Game"),
                                 ("roll", ".rw-screen", "Roll & Write")):
        page.evaluate(f"location.hash = '#{route}'")
        wait_phase(page, "setup", screen=screen)
        trail = " ".join(page.locator(".topbar-trail").inner_text().split())
        assert trail == f"Lost Cities \u203a {title}", trail
        assert page.locator(".topbar-trail [aria-current='page']").inner_text() == title
        heading = page.locator(f"{screen} h1").inner_text()
        assert "Lost Cities" not in heading and title.lower() in heading.lower()
        box = page.locator(f"{screen} [class$='-bar-title']").bounding_box()
        assert box is None or box["width"] <= 1, "the title is said once, in the top bar (and to screen readers)"
    page.click(".topbar .brand")
    page.locator(".home").wait_for()
    assert page.locator(".topbar-trail").inner_text().strip() == "Lost Cities"


def test_the_move_log_and_undo_by_clicks(shared: sync_api.Page, site: str) -> None:
    page = shared
    start_card(page, site, visit=conftest.start_over)
    before = saved(page)["state"]
    hand = page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    cid = discard_first(page)
    # The turn's tools are on the table, one tap each (not in the menu).
    page.click("[data-action=menu]")
    assert page.locator(".lc-menu [data-action=moves], .lc-menu [data-action=undo-move]").count() == 0
    page.click("[data-action=close-menu]")
    page.click(".lc-toolbar [data-action=moves]")
    first = page.locator(".lc-moves-panel li").first.inner_text()
    assert first.startswith("You discarded") and page.locator(".lc-moves-panel li").count() == 2
    assert page.locator(".lc-table").is_visible(), "the log does not cover the table"
    assert page.locator(".lc-toolbar [data-action=moves]").get_attribute("aria-expanded") == "true"
    page.click(".lc-toolbar [data-action=undo-move]")
    wait_phase(page, "play")
    assert page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert page.locator(f".lc-pile[data-colour='{cid[0]}']").get_attribute("data-size") == "0"
    assert saved(page)["state"] == before
    assert page.locator(".lc-moves-panel li").count() == 1
    # A draw from the draw pile showed a card: it is never undone.
    discard_first(page)
    page.click("[data-target='deck']")
    wait_phase(page, "play")
    assert page.locator(".lc-toolbar [data-action=undo-move]").get_attribute("aria-disabled") == "true"
    drawn = page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.click(".lc-toolbar [data-action=undo-move]", force=True)  # nothing to take back: the hand keeps its card
    assert page.locator(".lc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == drawn


def test_suggest_a_move_highlights_a_legal_move_and_a_second_tap_clears_it(shared: sync_api.Page, site: str) -> None:
    page = shared
    start_card(page, site, visit=conftest.start_over)
    page.click(".lc-toolbar [data-action=hint]")
    page.locator(".lc-hint-text").wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".lc-toolbar [data-action=hint]").get_attribute("aria-pressed") == "true"
    assert page.locator(".lc-hint-text").inner_text().startswith("Suggested move: ")
    hinted = page.locator(".lc-hand .is-hinted")
    assert hinted.count() == 1
    cid = str(hinted.get_attribute("data-card"))
    target = page.locator(":is(.lc-col, .lc-pile).is-hinted")
    assert target.count() == 1 and target.get_attribute("data-colour") == cid[0]
    where = "play" if target.get_attribute("data-target") == "column" else "discard"
    state = api.state_from_dict(saved(page)["state"])
    assert state.is_legal(f"{where} {cid}")
    page.click("[data-action=hint]")
    assert page.locator(".is-hinted").count() == 0 and page.locator(".lc-hint-text").count() == 0


def test_replay_and_statistics_after_a_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)  # the reload below is a real one
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE, near_end_save()])
    page.evaluate("location.hash = '#card'")
    wait_phase(page, "play")
    discard_first(page)
    page.click("[data-target='deck']")
    wait_phase(page, "over")
    record = api.state_from_dict(saved(page)["state"]).record()
    page.click("[data-action=menu]")
    page.click(".lc-menu [data-action=replay]")
    wait_phase(page, "replay")
    assert page.locator(".lc-replay-count").inner_text() == "The start of the game"
    assert page.locator(".lc-replay-hand").count() == 2
    page.click("[data-action=replay-next]")
    # The engine answers each click a message later (it runs in a Web Worker): wait for its step.
    sync_api.expect(page.locator(".lc-replay-count")).to_have_text(f"Move 1 of {len(record.actions) - 1}")
    page.click("[data-action=replay-next]")
    position = api.Record(record.game, record.actions[:3], record.start).replay()
    assert isinstance(position, card.State)
    sync_api.expect(page.locator(".lc-replay-count")).to_have_text(f"Move 2 of {len(record.actions) - 1}")
    for player in (0, 1):
        shown = page.locator(f".lc-replay-hand[data-player='{player}'] [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(c.id for c in position.view(player).hand)
    # The slider: to any move, by the keyboard too, which stays on it.
    steps = len(record.actions) - 1
    slider = page.locator("#lc-replay-slider")
    slider.fill(str(steps - 1))
    page.wait_for_function(f"() => document.querySelector('.lc-replay-count').dataset.step === '{steps - 1}'")
    slider.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('.lc-replay-count').dataset.step === '{steps - 2}'")
    assert page.evaluate("document.activeElement.id") == "lc-replay-slider"
    assert page.locator(".lc-replay-game").count() == 0  # one game: no game buttons
    page.click("[data-action=replay-last]")
    sync_api.expect(page.locator("[data-action=replay-next]")).to_be_disabled()
    page.click("[data-action=close-replay]")
    wait_phase(page, "over")
    page.click("[data-action=menu]")
    page.click("[data-action=stats]")
    wait_phase(page, "stats")
    row = page.locator(".lc-stats-table tr[data-level='easy'] td")
    assert row.first.inner_text() == "1" and page.locator(".lc-stats svg.lc-chart rect").count() == 1
    page.click("[data-action=close-sheet]")
    wait_phase(page, "over")
    page.reload()  # the finished game is restored, and not counted again
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    wait_phase(page, "over")
    kept = stats.load(page.evaluate(f"localStorage.getItem('{stats.KEY}')"))
    assert kept.line("card", "easy").played == 1
    page.click(".topbar .brand")
    page.click(".home-links a[href='#stats']")
    page.locator(".lc-stats").wait_for()
    assert " ".join(page.locator(".topbar-trail").inner_text().split()) == "Lost Cities \u203a Statistics"
    assert page.locator(".lc-stats-game[data-game='card'] tr[data-level='easy'] td").first.inner_text() == "1"


def test_damaged_statistics_are_set_aside_with_plain_words(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [stats.KEY, "{damaged"])
    page.click(".home-links a[href='#stats']")
    page.locator(".lc-stats").wait_for()
    assert stats.SET_ASIDE in page.locator("#notice").inner_text()
    assert page.evaluate(f"localStorage.getItem('{stats.DAMAGED_KEY}')") == "{damaged"


def test_rules_from_the_menu_and_from_the_home_screen(shared: sync_api.Page, site: str) -> None:
    page = shared
    start_card(page, site, visit=conftest.start_over)
    page.click("[data-action=menu]")
    page.click("[data-action=rules]")
    wait_phase(page, "rules")
    assert "wager" in page.locator(".lc-rules").inner_text()
    page.click("[data-action=close-sheet]")
    wait_phase(page, "play")
    assert page.locator(".lc-hand [data-card]").count() == 8
    page.click(".topbar .brand")
    page.click(".game-tile.game-roll .tile-link[href='#rules/roll']")
    page.locator(".lc-rules[data-rules='roll']").wait_for()
    assert "bridge" in page.locator(".lc-rules").inner_text()
    page.click(".lc-rules a[href='#roll']")
    wait_phase(page, "setup", screen=".rw-screen")
