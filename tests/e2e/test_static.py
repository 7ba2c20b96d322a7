"""Static first: the pages the build draws are readable and usable before Python runs.

The engine's script (the Web Worker's ``web/engine.mjs``; PyScript's module ``pyscript/core.js``
with ``?engine=page``) is held back by routing it to a stall, so the page is exactly what a slow
phone shows while the interpreter still downloads; releasing it lets Python take over, and a tap
made meanwhile must carry on by itself.
"""

from __future__ import annotations

import contextlib
import json
import re
import typing
import urllib.request

from playwright import sync_api

from tests.e2e import conftest

ENGINE = re.compile(r".*/(pyscript/core\.js|web/engine\.mjs)$")


class Stall:
    """Holds every request for the engine's script until :meth:`release`."""

    def __init__(self) -> None:
        self.held: list[sync_api.Route] = []
        self.released = False

    def __call__(self, route: sync_api.Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


@contextlib.contextmanager
def stalled(context: sync_api.BrowserContext) -> typing.Iterator[Stall]:
    stall = Stall()
    context.route(ENGINE, stall)
    try:
        yield stall
    finally:
        stall.release()


def open_before_python(page: sync_api.Page, url: str) -> None:
    page.goto(url, wait_until="commit")
    page.locator("#app > *").first.wait_for()
    # web/page.js has shown the page of the address (its tiles' Continue filled in from storage).
    page.locator("html[data-page]").wait_for(state="attached")


def test_the_built_page_holds_the_home_page_and_the_other_pages(site: str) -> None:
    html = urllib.request.urlopen(site).read().decode()
    app = html.split('<main id="app">', 1)[1].split("</main>", 1)[0]
    assert '<section class="home">' in app and "Loading the game engine" not in app
    for game in ("card", "roll", "board"):
        assert f'data-game="{game}"' in app and f'href="#rules/{game}"' in app
        for route in (game, f"rules/{game}", f"learn/{game}"):
            assert f'<template data-route="{route}"' in html
    assert "data-ready" not in html  # set by Python only once interactive


def test_the_home_page_and_its_pages_are_usable_before_python(context: sync_api.BrowserContext,
                                                              page: sync_api.Page, site: str) -> None:
    with stalled(context):
        open_before_python(page, site)
        assert page.locator("html").get_attribute("data-ready") is None
        tiles = page.locator(".game-tile a[data-game]")
        assert tiles.evaluate_all("els => els.map(e => e.dataset.game)") == ["card", "roll", "board"]
        assert page.locator(".game-tile.game-card .play-button").inner_text() == "Play"
        page.locator(".game-tile.game-card a[href='#rules/card']").click()
        page.locator(".lc-rules").wait_for()
        assert page.locator("#topbar-crumb").inner_text().endswith("Rules: The card game")
        page.go_back(wait_until="commit")
        page.locator(".game-tile.game-roll a[href='#learn/roll']").click()
        assert page.locator(".lc-learn-item").count() >= 5
        page.locator(".lc-learn-links a[href='#roll']").click()
        page.locator(".rw-screen[data-phase='setup'] [data-action='start']").wait_for()
        page.goto(site + "#board", wait_until="commit")
        page.locator(".lcb-screen[data-phase='setup'] [data-action='start']").wait_for()
        assert page.locator("html").get_attribute("data-ready") is None


def test_python_draws_the_same_page_over_the_built_one(context: sync_api.BrowserContext, page: sync_api.Page,
                                                     site: str) -> None:
    for route in ("", "#rules/board", "#card", "#learn/card"):
        with stalled(context) as stall:
            page.goto("about:blank")  # each page from the build, as a visit to its address
            open_before_python(page, site + route)
            page.wait_for_timeout(200)
            built = page.locator("#app").inner_html()
            crumb = page.locator("#topbar-crumb").inner_html()
            page.evaluate("document.querySelector('#app > *').lcBuilt = true")  # a property: not in the markup
            stall.release()
            page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
            # Python took the page over as it stood: the same elements (nothing drawn anew, so the
            # browser paints nothing new), the same markup.
            assert page.evaluate("document.querySelector('#app > *').lcBuilt === true"), route
            assert page.locator("#app").inner_html() == built, route
            assert page.locator("#topbar-crumb").inner_html() == crumb, route
        context.unroute(ENGINE)


def test_continue_is_filled_from_storage_before_python(context: sync_api.BrowserContext, page: sync_api.Page,
                                                       site: str) -> None:
    with stalled(context):
        open_before_python(page, site)
        page.evaluate("""() => {
            localStorage.setItem('lostcities:card:save', JSON.stringify({format: 'lostcities.card-ui', state: {}}));
            localStorage.setItem('lostcities:roll:save', JSON.stringify({format: 'lostcities.card-ui', state: {}}));
            localStorage.setItem('lostcities:board:save', '{damaged');
        }""")
        open_before_python(page, site)
        card = page.locator(".game-tile.game-card")
        assert card.locator(".play-button").inner_text() == "Continue"
        assert card.locator(".badge").inner_text() == "game in progress"
        for other in ("roll", "board"):  # a save of another game, a damaged one: no Continue
            assert page.locator(f".game-tile.game-{other} .play-button").inner_text() == "Play"
            assert page.locator(f".game-tile.game-{other} .badge").count() == 0
        # A game with a save opens only with the engine: the tile's tap says so meanwhile.
        card.locator("a[data-game]").click()
        page.locator("#loading-text").wait_for()
        assert page.locator(".lc-setup").count() == 0


def test_a_start_tapped_before_python_carries_on_by_itself(context: sync_api.BrowserContext, page: sync_api.Page,
                                                            site: str) -> None:
    with stalled(context) as stall:
        open_before_python(page, site + "?seed=5#card")
        page.locator(".lc-setup input[name='colours'][value='6']").check()
        page.locator(".lc-setup [data-action='start']").click()
        pending = page.locator(".lc-pending")
        assert pending.inner_text().startswith("Starting the game engine")
        assert page.locator("[data-action='start']").get_attribute("aria-busy") == "true"
        assert page.locator("html").get_attribute("data-ready") is None
        stall.release()
        page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
        page.locator(".lc-screen.lc-in-game").wait_for(timeout=30_000)
        prefs = json.loads(page.evaluate("localStorage.getItem('lostcities:card:prefs')"))
        assert prefs["options"]["colours"] == 6  # the choice made before Python, kept
        assert page.locator(".lc-pending").count() == 0


def test_a_tutorial_opened_before_python_shows_progress_then_opens(context: sync_api.BrowserContext,
                                                                   page: sync_api.Page, site: str) -> None:
    with stalled(context) as stall:
        open_before_python(page, site + "#learn/card")
        page.locator("[data-tutorial=card-wagers]").click()
        page.locator("#loading #loading-text").wait_for()
        stall.release()
        page.locator(".lc-lesson-panel").filter(has_text="Step 1 of 6").wait_for(timeout=conftest.BOOT_TIMEOUT_MS)
