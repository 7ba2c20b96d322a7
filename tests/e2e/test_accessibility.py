"""Every screen of the app and the embed passes axe-core (WCAG 2.2 A and AA rules) with no serious or
critical violation: home, each game mid-game (and with a card selected or a pair of dice picked), a
tutorial step of each game, the statistics, the rules and the embed after Play.

axe-core is the pinned npm package of package.json's devDependencies: it is read from node_modules
by this test and evaluated in the page (the DevTools protocol runs it whatever the page's
Content-Security-Policy says); build.py never copies it into the site.
"""

from __future__ import annotations

import functools
import typing

import pytest
from playwright import sync_api

import build
from tests.e2e import conftest, positions, test_layout

AXE_TAGS: typing.Final = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING: typing.Final = frozenset({"serious", "critical"})

RUN_JS = """async (tags) => {
  if (window.lcMotion) window.lcMotion.finishAll();
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary.split('\\n').slice(1, 2).join(''))}));
}"""


@functools.cache
def axe_source() -> str:
    path = build.NODE_MODULES / "axe-core" / "axe.min.js"
    assert path.exists(), "axe-core is missing from node_modules: python3 build.py installs package-lock.json"
    return path.read_text(encoding="utf-8")


def violations(page: sync_api.Page | sync_api.Frame) -> list[dict[str, typing.Any]]:
    """axe's violations on the page as it is, every impact."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    return typing.cast(list[dict[str, typing.Any]], page.evaluate(RUN_JS, AXE_TAGS))


def serious(found: list[dict[str, typing.Any]]) -> list[str]:
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['help']}\n    " + "\n    ".join(v["nodes"][:4])
            for v in found if v["impact"] in FAILING]


@pytest.fixture
def home_page(shared: sync_api.Page, site: str) -> sync_api.Page:
    """The tests' shared page (conftest's ``shared``) started over at the site's home."""
    return conftest.start_over(shared, site)


def go(page: sync_api.Page, route: str, ready: str) -> None:
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("(route) => { location.hash = route; }", route)
    page.locator(ready).first.wait_for(state="attached")


def home(page: sync_api.Page) -> None:
    go(page, "#", ".game-tile")


def mid_game(game: str, then: str = "") -> typing.Callable[[sync_api.Page], None]:
    def open_it(page: sync_api.Page) -> None:
        save = positions.mid_game(game)
        test_layout.open_position(page, game, save)
        if then == "select":
            test_layout.select_a_card(page, save)
        elif then == "pick":
            assert test_layout.pick_a_pair(page, save), "no pair of dice fits the position's sheet"
    return open_it


def lesson(name: str, step: int) -> typing.Callable[[sync_api.Page], None]:
    def open_it(page: sync_api.Page) -> None:
        go(page, f"#learn/{name}", ".lc-lesson-panel")
        for n in range(2, step + 1):
            page.locator("[data-action=lesson-next]").click()
            page.locator(".lc-lesson-panel").filter(has_text=f"Step {n} of").wait_for()
    return open_it


SCREENS: typing.Final[dict[str, typing.Callable[[sync_api.Page], None]]] = {
    "home": home,
    "card": mid_game("card"),
    "card-selected": mid_game("card", "select"),
    "board": mid_game("board"),
    "board-selected": mid_game("board", "select"),
    "roll": mid_game("roll"),
    "roll-picked": mid_game("roll", "pick"),
    "learn-card": lambda page: go(page, "#learn/card", "[data-tutorial]"),
    "tutorial-card": lesson("card-wagers", 2),
    "tutorial-board": lesson("board-lowest-card", 2),
    "tutorial-roll": lesson("roll-choosing-dice", 2),
    "stats": lambda page: go(page, "#stats", "html[data-route='stats'] h1"),
    "rules-card": lambda page: go(page, "#rules/card", "html[data-route='rules'] h1"),
    "rules-board": lambda page: go(page, "#rules/board", "html[data-route='rules'] h1"),
    "rules-roll": lambda page: go(page, "#rules/roll", "html[data-route='rules'] h1"),
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_serious_or_critical_violation(home_page: sync_api.Page, screen: str) -> None:
    SCREENS[screen](home_page)
    found = serious(violations(home_page))
    assert not found, f"axe on {screen}:\n" + "\n".join(found)


EMBEDDED: typing.Final = ("card-wagers", "roll-choosing-dice", "board-lowest-card")
"""A tutorial of each game, embedded at its second step."""


def test_the_embed_after_play_has_no_serious_or_critical_violation(context: sync_api.BrowserContext,
                                                                   site: str) -> None:
    """Each of :data:`EMBEDDED` after Play, in a page of its own kept open in one browser, as embeds on one host
    page are: their frames share one engine (web/embed.js's SharedWorker, started by the first Play)."""
    found: list[str] = []
    for tut in EMBEDDED:
        page = context.new_page()
        page.goto(f"{site}embed.html?tut={tut}&step=2")
        page.locator("#embed-play").click()
        page.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
        page.locator(".lc-lesson-panel").first.wait_for()
        found += [f"axe on the embed ({tut}): {v}" for v in serious(violations(page))]
    assert not found, "\n".join(found)
