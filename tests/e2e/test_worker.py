"""The engine in a Web Worker (index.html's default: web/view.js, web/engine.mjs,
web/worker_main.py): Python never runs on the page's thread, the page applies what the screens
draw, and the game plays, saves and goes offline as on the page's own thread; ``?engine=page``
keeps PyScript on the page.  The worker being the default engine, the other tests of the default
page prove it too: without storage and with a stale tab (tests/e2e/test_robust.py, which checks that
their pages' engine is the worker)."""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest, test_card


def open_worker(page: sync_api.Page, site: str, query: str = "", route: str = "") -> sync_api.Page:
    return conftest.open_site(page, f"{site}{query}{route}")


def test_python_runs_in_a_worker_the_card_game_plays_and_a_reload_continues_it(page: sync_api.Page,
                                                                                  site: str) -> None:
    """One page for both: the worker's first start (what the page loads), a game against the computer
    saved from the worker, then a reload (a second start of the worker) that continues that game."""
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
    # A reload continues the saved game from the worker.
    hand = test_card.table_snapshot(page)["hand"]
    page.reload()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    assert page.evaluate("document.documentElement.dataset.engine") == "worker"
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


def test_the_keyboard_moves_along_the_hand_and_plays(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, f"{site}?seed=5#card")
    assert page.evaluate("document.documentElement.dataset.engine") == "worker"
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


def test_the_default_page_allows_no_eval_and_the_game_starts_and_plays(shared: sync_api.Page, site: str) -> None:
    """On the test process's shared page (its start under this policy is checked by the first test that
    uses it, conftest's ``shared``; every fresh page's by the ``page`` fixture's guard), which records
    every violation since it was loaded (conftest's ``CSP_RECORDER``)."""
    page = conftest.start_over(shared, f"{site}?seed=5#card")
    assert page.evaluate("document.documentElement.dataset.engine") == "worker"
    assert script_src(page) == ["'self'", "'wasm-unsafe-eval'"]  # no 'unsafe-eval': the engine is a worker
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"  # the computer answered
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"
    assert conftest.csp_violations(page) == []


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
