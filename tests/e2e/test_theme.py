"""The colour themes in a real browser: the dark theme follows the system (``prefers-color-scheme``) and
passes axe-core on the three games mid-game, the menu and home; the menu's choice overrides the system and
is kept across a reload; the embed takes ``theme=``; in forced colours (Windows high contrast) the cards,
stones, dice and sheet boxes keep their edges.  The palette's own figures: tests/core/test_colours.py."""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest, positions, test_accessibility, test_layout

GAMES: typing.Final = ("card", "board", "roll")
"""The three games, each opened mid-game (tests/e2e/positions.py)."""


def ground(page: sync_api.Page | sync_api.Frame) -> float:
    """The relative luminance of the page's background, <html>'s (0 black, 1 white)."""
    return float(page.evaluate("""() => {
      const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/[\\d.]+/g).map(Number);
      const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    }"""))


def is_dark(page: sync_api.Page | sync_api.Frame) -> bool:
    return ground(page) < 0.05


@pytest.fixture
def dark(shared: sync_api.Page, site: str) -> sync_api.Page:
    """The tests' shared page (conftest's ``shared``) in a dark system, started over at the site's home."""
    shared.emulate_media(color_scheme="dark")
    return conftest.start_over(shared, site)


@pytest.mark.parametrize("screen", ["home", *GAMES, "menu"])
def test_the_dark_theme_follows_the_system_and_passes_axe(dark: sync_api.Page, screen: str) -> None:
    if screen == "home":
        test_accessibility.home(dark)
    elif screen == "menu":
        test_layout.open_position(dark, "card", positions.mid_game("card"))
        dark.locator("[data-action=menu]").first.click()
        dark.locator(".lc-menu .lc-themes").wait_for()
    else:
        test_layout.open_position(dark, screen, positions.mid_game(screen))
    assert is_dark(dark), f"{screen}: the page's ground is not dark ({ground(dark):.2f})"
    found = test_accessibility.serious(test_accessibility.violations(dark))
    assert not found, f"axe on {screen} (dark):\n" + "\n".join(found)


def test_the_menus_choice_overrides_the_system_and_is_kept(shared: sync_api.Page, site: str) -> None:
    shared.emulate_media(color_scheme="dark")
    page = conftest.start_over(shared, site)  # the reload below is a real one
    assert is_dark(page) and page.evaluate("document.documentElement.dataset.theme") is None
    test_layout.open_position(page, "card", positions.mid_game("card"))
    page.locator("[data-action=menu]").first.click()
    light = page.locator("[data-action=theme-light]")
    assert light.get_attribute("aria-pressed") == "false"
    assert page.locator("[data-action=theme-auto]").get_attribute("aria-pressed") == "true"
    light.click()
    page.locator("html[data-theme='light']").wait_for(state="attached")
    assert not is_dark(page) and light.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('lostcities:theme')") == "light"
    page.reload()
    page.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    assert not is_dark(page), "the choice is lost on reload"
    page.emulate_media(color_scheme="light")
    page.locator("[data-action=menu]").first.click()
    page.locator("[data-action=theme-dark]").click()
    page.locator("html[data-theme='dark']").wait_for(state="attached")
    assert is_dark(page)
    page.locator("[data-action=theme-auto]").click()
    page.locator("html:not([data-theme])").wait_for(state="attached")
    assert not is_dark(page)


EMBED_THEMES: typing.Final[tuple[tuple[str, typing.Literal["light", "dark"], bool], ...]] = (
    ("dark", "light", True), ("light", "dark", False), ("auto", "dark", True), ("bogus", "light", False))
"""Each ``theme=`` given to the embed, the system's scheme, and whether the embed is dark."""


def test_the_embed_takes_its_theme_parameter(context: sync_api.BrowserContext, site: str) -> None:
    """Each of :data:`EMBED_THEMES` in a page of its own, before Play and after it.  The pages stay open side by
    side in one browser, as embeds on one host page do: their frames share one engine (web/embed.js's
    SharedWorker, started by the first Play), and each keeps its own theme."""
    problems: list[str] = []
    for theme, system, dark_expected in EMBED_THEMES:
        page = context.new_page()
        page.emulate_media(color_scheme=system)
        page.goto(f"{site}embed.html?tut=card-wagers&theme={theme}")
        page.locator("#embed-play").wait_for()
        case = f"theme={theme} in a {system} system"
        if is_dark(page) is not dark_expected:
            problems.append(f"{case}: before Play the embed is {'not ' * dark_expected}dark")
        page.locator("#embed-play").click()
        if theme == "bogus":
            reason = "theme must be one of light, dark, auto, not 'bogus'"
            page.locator(".lc-embed-problem").filter(has_text=reason).wait_for()
        else:
            page.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
            page.locator(".lc-lesson-panel").first.wait_for()
        if is_dark(page) is not dark_expected:
            problems.append(f"{case}: after Play the embed is {'not ' * dark_expected}dark")
    assert not problems, "\n".join(problems)


EDGED: typing.Final = {"card": ".lc-card", "board": ".lcb-stone", "roll": ".rw-box, .rw-die"}
"""What keeps an edge of its own in forced colours (their fills are gone)."""
SYMBOLS: typing.Final = {"card": ".lc-card .lc-mid", "board": ".lcb-citysym",
                         "roll": ".rw-filled .rw-mark-arrow, .rw-filled .rw-mark-art"}
"""Symbols drawn faint on a colour, whole in forced colours (on the system's ground, faint is unreadable)."""


@pytest.mark.parametrize("game", GAMES)
def test_forced_colours_keep_every_card_stone_die_and_box_edged(shared: sync_api.Page, site: str, game: str) -> None:
    shared.emulate_media(forced_colors="active")
    page = conftest.start_over(shared, site)
    test_layout.open_position(page, game, positions.mid_game(game))
    edges = page.evaluate("""(selector) => [...document.querySelectorAll(selector)].map((el) => {
      const style = getComputedStyle(el);
      return [el.className, style.borderTopStyle, parseFloat(style.borderTopWidth), style.borderTopColor,
              style.backgroundColor];
    })""", EDGED[game])
    assert len(edges) >= 8, edges
    bare = [e for e in edges if e[1] in ("none", "hidden") or e[2] < 1 or e[3] == e[4]]
    assert not bare, f"{game}: without a visible edge in forced colours: {bare[:5]}"
    faint = page.evaluate(
        "(selector) => [...document.querySelectorAll(selector)].map((el) => getComputedStyle(el).opacity)",
        SYMBOLS[game])
    assert faint and set(faint) == {"1"}, f"{game}: symbols faint in forced colours: {faint[:8]}"
