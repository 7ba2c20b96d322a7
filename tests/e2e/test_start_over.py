"""A page started over (tests/e2e/conftest.py ``start_over``) is the page a fresh visit shows.

The shared pages of the e2e tests rest on it: a page booted once is handed from test to test, started
over by web/view.js's test hook instead of a new start of the interpreter (seconds of CPU each).
Each check here compares a started-over page, first used for something else, with a fresh one.
"""

from __future__ import annotations

import re
import typing

from playwright import sync_api

from tests.e2e import conftest, test_card

UNSTABLE: typing.Final = re.compile(r' data-snapshot-files="installed"| data-think(-max)?="[^"]*"')
"""Said by the engine once it has kept its files, a while after its start (on a fresh page it may come
before or after the moment compared), and the computer's thinking times in milliseconds."""
GAME_ID: typing.Final = re.compile(r'"id":"[0-9a-f]{16}"')
"""A saved game's name, random on every page (lostcities/session.py: never from ``?seed``)."""


MARKUP: typing.Final = """() => {
  const html = document.documentElement;
  const tag = '<html' + [...html.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('') + '>';
  return tag + html.innerHTML + '</html>';
}"""
"""The document as markup, <html>'s attributes in the order of their names: the order in which they come
is which of the page's scripts set each first, which a started-over page cannot repeat and nothing reads."""


def picture(page: sync_api.Page) -> tuple[str, dict[str, str], dict[str, str]]:
    """The whole document as markup, the local storage and the session storage, once every card that
    travels has arrived (web/motion.js: its ghosts and travels run for their own time after a move)."""
    conftest.settle(page)
    page.wait_for_function("() => !window.lcMotion"
                           " || (lcMotion.running() === 0 && !document.querySelector('.lc-ghost'))")
    markup = UNSTABLE.sub("", typing.cast(str, page.evaluate(MARKUP)))
    local = {key: GAME_ID.sub('"id":"?"', text) for key, text in typing.cast(
        dict[str, str], page.evaluate("Object.fromEntries(Object.entries(localStorage))")).items()}
    session = typing.cast(dict[str, str], page.evaluate("Object.fromEntries(Object.entries(sessionStorage))"))
    return markup, local, session


def difference(seen: str, wanted: str) -> str:
    """Where two markups part: 200 characters of each from a little before."""
    at = next((n for n, (a, b) in enumerate(zip(seen, wanted, strict=False)) if a != b), min(len(seen), len(wanted)))
    return f"\n  started over: {seen[max(0, at - 60):at + 200]!r}\n  fresh:        {wanted[max(0, at - 60):at + 200]!r}"


SCRIPTS: typing.Final = """() => ({
  sounds: window.lcSounds.slice(), contexts: window.lcSoundContexts,
  motion: {duration: lcMotion.duration, running: lcMotion.running()},
  ghosts: document.querySelectorAll('.lc-ghost').length,
})"""
"""What the page's other scripts keep for the tests to read: web/sound.js's cues and AudioContexts,
web/motion.js's travels (its count since the page opened excepted: web/view.js's hook says why)."""


def scripts(page: sync_api.Page) -> dict[str, typing.Any]:
    return typing.cast(dict[str, typing.Any], page.evaluate(SCRIPTS))


def used(page: sync_api.Page, site: str) -> None:
    """A game in progress with a move played, a menu open, sound on and heard, the travels slowed and a
    choice stored: what a reset must undo."""
    conftest.start_over(page, site + "?seed=77&lang=de#card", {"lostcities:sound": "1"})
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    test_card.wait_phase(page, "play")
    assert scripts(page)["contexts"] == 1 and any(cue["audible"] for cue in scripts(page)["sounds"])
    page.evaluate("localStorage.setItem('lostcities:theme', 'dark'); sessionStorage.setItem('x', '1');"
                  " window.lcMotion.duration = 301")


def test_a_page_started_over_at_home_is_a_fresh_home_page(
        browser: sync_api.Browser, page: sync_api.Page, site: str) -> None:
    fresh = picture(conftest.open_site(page, site))
    assert fresh[1] == {} and fresh[2] == {}, "a fresh page stores nothing"
    for shared in conftest.startable_page(browser, site):
        used(shared, site)
        assert picture(shared) != fresh, "the page was not used"
        again = picture(conftest.start_over(shared, site))
        assert again[1:] == fresh[1:], "the storage differs"
        assert again[0] == fresh[0], "the page differs" + difference(again[0], fresh[0])
        assert scripts(shared) == scripts(page), "the page's other scripts differ"


def test_a_page_started_over_with_a_stored_theme_and_reduced_motion_is_a_fresh_one(
        browser: sync_api.Browser, page: sync_api.Page, site: str) -> None:
    """The theme a visit finds in the storage is shown at once (web/theme.js), and the motion follows
    the system's preference as it is when the page starts over (conftest's ``shared`` gives it back)."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(site + "web/icon.svg")  # the site's origin, no engine: the storage a visit will find
    page.evaluate("localStorage.setItem('lostcities:theme', 'dark')")
    fresh = picture(conftest.open_site(page, site))
    assert 'data-theme="dark"' in fresh[0] and "lc-motion" not in fresh[0].split(">", 1)[0]
    for shared in conftest.startable_page(browser, site):
        used(shared, site)
        shared.emulate_media(reduced_motion="reduce")
        again = picture(conftest.start_over(shared, site, {"lostcities:theme": "dark"}))
        assert again[1:] == fresh[1:], "the storage differs"
        assert again[0] == fresh[0], "the page differs" + difference(again[0], fresh[0])
        assert scripts(shared) == scripts(page), "the page's other scripts differ"


def test_a_page_started_over_at_a_seeded_game_deals_and_plays_as_a_fresh_one(
        browser: sync_api.Browser, page: sync_api.Page, site: str) -> None:
    """The same seed deals the same cards and the computer answers the same move: the engine's
    session (its seed counter, its game) is new, not only the page."""
    url = site + "?seed=5#card"

    def play(tab: sync_api.Page) -> list[tuple[str, dict[str, str], dict[str, str]]]:
        pictures = [picture(tab)]
        test_card.start(tab, "easy")
        test_card.wait_phase(tab, "play")
        pictures.append(picture(tab))
        test_card.take_turn(tab)
        test_card.wait_phase(tab, "play")
        pictures.append(picture(tab))
        return pictures

    fresh = play(conftest.open_site(page, url))
    for shared in conftest.startable_page(browser, site):
        used(shared, site)
        again = play(conftest.start_over(shared, url))
        for step, (seen, wanted) in enumerate(zip(again, fresh, strict=True)):
            assert seen[1:] == wanted[1:], f"step {step}: the storage differs"
            assert seen[0] == wanted[0], f"step {step}: the page differs" + difference(seen[0], wanted[0])
        assert scripts(shared) == scripts(page), "the page's other scripts differ"
