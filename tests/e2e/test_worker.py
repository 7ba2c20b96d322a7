"""The engine in a Web Worker (index.html's default: web/view.js, web/engine.mjs,
web/worker_main.py): Python never runs on the page's thread, the page applies what the screens
draw, and the game plays, saves and goes offline as on the page's own thread; ``?engine=page``
keeps PyScript on the page."""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest, test_card, test_robust


def open_worker(page: sync_api.Page, site: str, query: str = "", route: str = "") -> sync_api.Page:
    return conftest.open_site(page, f"{site}{query}{route}")


def test_python_runs_in_a_worker_and_the_card_game_plays_against_the_computer(
        page: sync_api.Page, site: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_worker(page, site, "?seed=7", "#card")
    assert page.evaluate("document.documentElement.dataset.engine") == "worker"
    assert page.evaluate("typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
    assert not [url for url in requested if url.endswith("web/interpreter.mjs")], "the page loads Python too"
    assert page.evaluate("performance.getEntriesByName('lostcities:interpreter-start').length") == 0
    assert [url for url in requested if url.endswith("web/engine.mjs")]
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    before = test_card.saved(page)["revision"]
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"  # the computer answered
    assert test_card.saved(page)["revision"] > before, "the worker's save did not reach localStorage"
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'restored'")
    # Pyodide without WebAssembly stack switching (web/engine.mjs: it crashes Chromium now and then)
    assert [worker.evaluate("'Suspending' in WebAssembly") for worker in page.workers] == [False]


def test_a_reload_continues_the_saved_game_from_the_worker(page: sync_api.Page, site: str) -> None:
    open_worker(page, site, "?seed=8", "#card")
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    test_card.wait_phase(page, "play")
    hand = test_card.table_snapshot(page)["hand"]
    page.reload()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    test_card.wait_phase(page, "play")
    assert test_card.table_snapshot(page)["hand"] == hand


@pytest.mark.service_worker
def test_offline_the_worker_starts_again_and_plays(context: sync_api.BrowserContext, page: sync_api.Page,
                                                    site: str) -> None:
    open_worker(page, site, "", "#card")
    page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
    page.reload()  # now controlled by the service worker
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        test_card.start(page, "easy")
        test_card.wait_phase(page, "play")
        test_card.take_turn(page)
        assert test_card.wait_phase(page, "play") == "play"
    finally:
        context.set_offline(False)


def test_without_storage_the_worker_plays_and_says_progress_is_not_kept(page: sync_api.Page, site: str) -> None:
    for script in (test_robust.STORAGE_OFF, test_robust.STORAGE_FULL):
        fresh = page.context.new_page()
        fresh.add_init_script(script)
        open_worker(fresh, site, "?seed=4", "#card")
        test_card.start(fresh, "easy")
        test_card.wait_phase(fresh, "play")
        test_card.take_turn(fresh)
        assert test_card.wait_phase(fresh, "play") == "play"
        fresh.wait_for_selector("#notice:not([hidden])", timeout=10_000)
        said = test_robust.messages(fresh)
        test_robust.assert_plain_words(said)
        assert test_robust.NOT_KEPT.search(said), said
        fresh.close()


def test_a_stale_tab_in_the_worker_never_overwrites_the_newer_game(
        context: sync_api.BrowserContext, page: sync_api.Page, site: str) -> None:
    key = test_robust.KEYS["card"]
    tab_a = open_worker(page, site, "?seed=21", "#card")
    test_card.start(tab_a, "easy")
    test_card.wait_phase(tab_a, "play")
    test_card.take_turn(tab_a)
    test_card.wait_phase(tab_a, "play")
    tab_b = open_worker(context.new_page(), site, "", "#card")
    test_card.wait_phase(tab_b, "play")
    for _ in range(2):
        test_card.take_turn(tab_a)
        test_card.wait_phase(tab_a, "play")
    newer = tab_a.evaluate("key => localStorage.getItem(key)", key)
    test_robust.act_blindly(tab_b)
    tab_b.wait_for_selector("[data-action='load-newer']", timeout=10_000)
    assert tab_a.evaluate("key => localStorage.getItem(key)", key) == newer, "the stale tab overwrote the save"


def test_the_keyboard_moves_along_the_hand_and_plays(page: sync_api.Page, site: str) -> None:
    open_worker(page, site, "?seed=5", "#card")
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    page.locator(".lc-hand [data-card]").first.focus()
    first = typing.cast(str, page.evaluate("document.activeElement.dataset.card"))
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") != first
    page.keyboard.press("Enter")
    page.wait_for_selector(".lc-hand .is-selected", state="attached")


CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "") + " " + (event.sample || ""));
});
"""


def script_src(page: sync_api.Page) -> list[str]:
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    found = [part.split()[1:] for part in policy.split(";") if part.split()[:1] == ["script-src"]]
    assert len(found) == 1, policy
    return found[0]


def test_the_default_page_allows_no_eval_and_the_game_starts_and_plays(page: sync_api.Page, site: str) -> None:
    page.add_init_script(CSP_VIOLATIONS)
    open_worker(page, site, "?seed=5", "#card")
    assert page.evaluate("document.documentElement.dataset.engine") == "worker"
    assert script_src(page) == ["'self'", "'wasm-unsafe-eval'"]  # no 'unsafe-eval': the engine is a worker
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"  # the computer answered
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"
    assert page.evaluate("window.cspViolations") == []


def test_engine_page_in_the_address_keeps_python_on_the_page(page: sync_api.Page, site: str) -> None:
    page.add_init_script(CSP_VIOLATIONS)
    conftest.open_site(page, f"{site}?engine=page&seed=9#card")
    # engine-page.html, the page built for PyScript: its policy allows the Function() it needs
    assert page.url == f"{site}engine-page.html?engine=page&seed=9#card"
    assert script_src(page) == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert page.evaluate("document.documentElement.dataset.engine") == "page"
    assert page.evaluate("performance.getEntriesByName('lostcities:interpreter-start').length") == 1
    assert page.evaluate("'Suspending' in WebAssembly") is False  # web/interpreter.mjs: no stack switching
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"
    assert page.evaluate("window.cspViolations") == []
