"""The site shell: home screen, routes, seeds, offline play, no foreign requests."""

from __future__ import annotations

import pathlib
import re
import urllib.request

import pytest
from playwright import sync_api

from tests.e2e import conftest, test_card, test_roll, test_static


def test_static_page_shows_title_and_the_home_page_before_python(site: str) -> None:
    html = urllib.request.urlopen(site).read().decode()
    assert "<title>Lost Cities</title>" in html
    # The home page itself, drawn by the build (the loader is a template, for pages that need the engine).
    assert '<main id="app"><section class="home">' in html
    assert '<template data-route="loading"><section class="loading" id="loading">' in html
    assert "data-ready" not in html  # set by Python only once interactive


def test_home_lists_the_games_and_opens_them(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    assert page.locator("html").get_attribute("data-route") == "home"
    assert page.locator(".loading").count() == 0
    tiles = page.locator(".game-tile a[data-game]")
    names = tiles.evaluate_all("els => els.map(e => e.dataset.game)")
    for name in names:
        assert page.locator(f".game-tile a[data-game='{name}'] p").inner_text().strip()
    assert page.locator(".game-tile a[data-game='board']").count() == 1  # the board game is playable
    assert page.locator(".game-tile.planned").count() == 0
    assert page.locator(".game-tile a[data-game='roll']").count() == 1  # Roll & Write is playable
    assert "card" in names and page.locator(".game-tile a[data-game='card'] h2").inner_text().strip()


def test_unknown_route_and_malformed_seed_give_clear_messages(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=12abc#nowhere")
    notice = page.locator("#notice")
    assert not notice.is_hidden()
    assert re.search(r"no game called ['\u2018\u201c]nowhere['\u2019\u201d]", notice.inner_text())
    assert page.locator(".home").count() == 1


def test_malformed_seed_is_reported(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=-3")
    assert "a seed must be a whole number" in page.locator("#notice").inner_text()


def test_board_route_opens_the_board_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "#board")
    page.locator(".lcb-screen[data-phase='setup']").wait_for(state="attached")
    assert page.locator("#notice").is_hidden()


@pytest.mark.service_worker
def test_offline_after_one_visit(context: sync_api.BrowserContext, page: sync_api.Page, site: str) -> None:
    conftest.open_site(page, site)
    page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        assert page.locator(".home h1").inner_text() == "Lost Cities"
        # Another entry URL (a seed and a route) is served from the cache too.
        page.goto(site + "?seed=7#")
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        assert "Seed 7" in page.locator(".home").inner_text()
    finally:
        context.set_offline(False)


def test_new_build_is_never_mixed_with_the_old_one(browser: sync_api.Browser, tmp_path: pathlib.Path) -> None:
    """An open page keeps its build's files; the new build comes in whole, after "Update"."""
    import shutil
    import threading

    import build

    root = tmp_path / "site"
    shutil.copytree(build.DIST, root)
    server = build.make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    guard = conftest.Guard(url)
    context = browser.new_context()
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch(page)
        conftest.open_site(page, url)
        page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
        fetch_css = "fetch('./web/style.css').then(r => r.text())"
        assert "build-two" not in page.evaluate(fetch_css)
        # A second build: one changed file, a new service worker.
        with (root / "web" / "style.css").open("a") as handle:
            handle.write("\n/* build-two */\n")
        shutil.copyfile(build.ROOT / "web" / "sw.template.js", root / "web" / "sw.template.js")
        build.write_service_worker(root)
        page.reload()
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        page.wait_for_selector("#update-now", timeout=60_000)
        # Until the player accepts, every file still comes from the first build.
        assert "build-two" not in page.evaluate(fetch_css)
        page.click("#update-now")
        page.wait_for_function(
            "() => document.documentElement.dataset.ready === '1' && !document.getElementById('update-now')",
            timeout=conftest.BOOT_TIMEOUT_MS)
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        assert "build-two" in page.evaluate(fetch_css)
        guard.check([page])
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_home_offers_continue_only_for_a_readable_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    tile = ".game-tile a[data-game='card']"
    assert page.locator(tile + " .play-button").inner_text() == "Play"
    # A visit that finds an unreadable save (started over with it in the storage, as a reload would read it).
    conftest.start_over(page, site, {"lostcities:card:save": '{"version":1,"state":{"format":"x"}}'})
    assert page.locator(tile + " .play-button").inner_text() == "Play"
    assert page.locator(tile + " .badge").count() == 0


# -- Content-Security-Policy -------------------------------------------------------


def test_both_games_play_without_a_content_security_policy_violation(shared: sync_api.Page, site: str) -> None:
    """The home screen and a few moves of each game under the page's policy (the guard also fails every
    other e2e test on a violation logged to the console).  On the test process's shared page, started
    over at each address: its start-up under the policy is checked by the first test that uses it
    (conftest's ``shared``), a fresh page's by every test of the ``page`` fixture; the recorder
    (conftest's ``CSP_RECORDER``) holds every violation since the page was loaded."""
    page = conftest.start_over(shared, site + "?seed=5")
    assert "script-src 'self'" in str(page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content"))
    conftest.start_over(page, site + "?seed=5#card")
    test_card.start(page, "easy", pace="instant")
    for _ in range(2):
        test_card.wait_phase(page, "play")
        test_card.take_turn(page)
    test_card.wait_phase(page, "play")
    conftest.start_over(page, site + "?seed=5#roll")
    test_roll.start_game(page)
    for _ in range(6):
        assert test_roll.play_decision(page)
    assert conftest.csp_violations(page) == []


def test_the_policy_is_in_force_inline_handlers_and_other_origins_are_blocked(
        browser: sync_api.Browser, site: str) -> None:
    """The control for the test above: the recorder sees what the policy blocks.  The policy is the
    built page's (a ``<meta>`` tag, which nothing can loosen later): the engine is held back (as
    tests/e2e/test_static.py does), which spares a start of the interpreter."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(conftest.CSP_RECORDER)
    try:
        page = context.new_page()
        with test_static.stalled(context):
            test_static.open_before_python(page, site)
            check_the_policy_blocks(page)
    finally:
        context.close()


def check_the_policy_blocks(page: sync_api.Page) -> None:
    """An inline handler, an inline script and a fetch from another origin: each blocked and recorded."""
    page.evaluate("""() => {
      window.__ran = 0;
      const img = document.createElement('div');
      img.innerHTML = '<img src="./web/icon.svg" onload="window.__ran = 1">';
      document.body.append(img);
      const script = document.createElement('script');
      script.textContent = 'window.__ran = 2';
      document.body.append(script);
    }""")
    refused = page.evaluate("fetch('http://192.0.2.1/x').then(() => 'fetched', () => 'refused')")
    page.wait_for_function("() => window.__cspViolations.length >= 3")
    assert refused == "refused"
    assert page.evaluate("window.__ran") == 0
    directives = " ".join(conftest.csp_violations(page))
    assert "script-src-attr" in directives and "script-src-elem" in directives and "connect-src" in directives
