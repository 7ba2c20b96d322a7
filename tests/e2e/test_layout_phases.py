"""Every phase fits every size (issue 20): each game's setup and the first screen of two people on one device
(the hand-over in the card games), in English and German; the card game's round end and game end, the board
game's round end and game end and Roll & Write's game end, in English and German; and the first step of
tutorials of each game (and the steps their *Next* reaches); each at 1024x768, 768x1024, 1280x800, 390x844,
844x390 and 360x640.

On each: no text cut off (an element that hides its overflow, or the status line, holding more than
it shows: ``scrollHeight > clientHeight + 1``), no control under another (the point at a control's
centre belongs to it) and nothing beyond the screen's sides.  A form may be longer than the screen
(the page scrolls down, under its sticky Start bar); the play itself, at mid-game, is measured more
strictly by test_layout.

The test process's booted page (conftest's ``shared``, started over: a boot costs seconds of CPU) serves every
test; each screen is reached once and measured at every size in turn (:func:`test_layout.at_each_size`: the
layout is the style sheets', which follow the window's size).
"""

from __future__ import annotations

import re
import typing

import pytest
from playwright import sync_api

from tests.e2e import positions, test_layout, test_table_features

VIEWPORTS: typing.Final = ((1024, 768), (768, 1024), (1280, 800), (390, 844), (844, 390), (360, 640))
TUTORIALS: typing.Final = {"card": ("card-first-expedition", "card-wagers"),
                           "board": ("board-lowest-card", "board-event-tiles"),
                           "roll": ("roll-choosing-dice",)}
"""The tutorials walked (a step that asks for a move ends the walk: Next needs the move)."""
SAVE: typing.Final = "lostcities:card:save"

# Reads the page: cut-off text, covered controls, anything beyond the sides. Returns the problems in words.
PHASE_JS = r"""
() => {
  const W = window.innerWidth, H = window.innerHeight, problems = [];
  if (document.documentElement.scrollWidth > W + 1)
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]');
  };
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`
    + `[${(el.dataset.action || el.dataset.card || el.textContent || '').trim().slice(0, 24)}]`;
  const texts = document.querySelectorAll('main p, main li, main h2, main h3, main label, main legend, main button, '
    + 'main summary, main td, main th, main .lc-status, main [role=status], main a');
  for (const el of texts) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const cs = getComputedStyle(el);
    const hides = cs.overflowY === 'hidden' || cs.overflowY === 'clip' || cs.overflowX === 'hidden'
      || cs.textOverflow === 'ellipsis' || el.matches('.lc-status, .rw-status, [role=status]');
    if (!hides) continue;
    if (el.scrollHeight > el.clientHeight + 1)
      problems.push(`${name(el)} is cut off (${el.scrollHeight} > ${el.clientHeight} px high)`);
    else if (el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== 'auto')
      problems.push(`${name(el)} is cut off at its side (${el.scrollWidth} > ${el.clientWidth} px wide)`);
  }
  const stuck = (el) => {
    for (let e = el; e; e = e.parentElement)
      if (['sticky', 'fixed'].includes(getComputedStyle(e).position)) return true;
    return false;
  };
  const controls = [...document.querySelectorAll('main button, main a[href], main input, main select, main summary')]
    .filter(shown);
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1) problems.push(`${name(el)} is beyond the screen's side`);
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || x >= W || y < 0 || y >= H) continue;  // below the fold: the page scrolls to it
    const hit = document.elementFromPoint(x, y);
    if (hit && stuck(hit) && !stuck(el)) continue;  // a form scrolls under its sticky Start bar
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)
        && !(el.tagName === 'INPUT' && el.closest('label') && el.closest('label').contains(hit)))
      problems.push(`${name(el)} is covered by ${name(hit)}`);
  }
  return problems;
}
"""


def findings(page: sync_api.Page) -> list[str]:
    """:data:`PHASE_JS`'s findings on the page as it is, its movements finished."""
    page.evaluate("window.lcMotion && window.lcMotion.finishAll()")
    return typing.cast(list[str], page.evaluate(PHASE_JS))


def measure(page: sync_api.Page, where: str) -> list[str]:
    return [f"{where}: {p}" for p in findings(page)]


def fresh(page: sync_api.Page, game: str) -> None:
    """The game's setup, its save forgotten."""
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate(f"localStorage.removeItem('lostcities:{game}:save')")
    page.evaluate(f"location.hash = '#{game}'")
    page.locator(f"html[data-route='{game}'] [data-phase='setup']").wait_for(state="attached")


def people(page: sync_api.Page, game: str) -> None:
    """Two people at the table, then Start: the hand-over to the first of them (Roll & Write: its first
    roll, which everybody sees; its hand-overs come with the choices)."""
    if game == "card":
        page.click("input[name=opponent][value=human]")
    elif game == "board":
        page.select_option("select[name=seat2]", "human")
    else:
        page.check("input[name=mode][value=game]")
        page.select_option("select[name=count]", "2")
        page.select_option("select[name=kind1]", "human")
    page.click("[data-action=start]")
    page.locator(f"html[data-route='{game}'] .lc-in-game:not([data-phase='setup'])").wait_for(state="attached")


def to_the_end(page: sync_api.Page, save: str) -> None:
    """From ``test_table_features.near_end_save``: discard the first card, draw the last one: the game's results."""
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE, save])
    page.evaluate("location.hash = '#card'")
    page.locator(".lc-screen[data-phase='play']").wait_for(state="attached")
    page.locator(".lc-hand [data-card]").first.click()
    page.locator("[data-target='discard'].is-target").first.click()
    page.locator(".lc-screen[data-phase='draw']").wait_for(state="attached")
    page.click("[data-target='deck']")
    page.locator(".lc-results").wait_for(state="attached")


def at_each_size(page: sync_api.Page, where: str) -> list[str]:
    """:func:`measure`'s findings on the screen as it is, at each of :data:`VIEWPORTS` in turn (``where``: the
    screen's name, ``{}`` where the size goes)."""
    return test_layout.at_each_size(page, VIEWPORTS, where, lambda: findings(page))


def no_problems(problems: list[str]) -> None:
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["card", "board", "roll"])
def test_the_setup_and_the_hand_over_fit_every_size(shared: sync_api.Page, site: str, game: str, lang: str) -> None:
    page = test_layout.started(shared, site, lang)
    fresh(page, game)
    found = at_each_size(page, f"{game} {lang} setup {{}}")
    people(page, game)
    no_problems(found + at_each_size(page, f"{game} {lang} two people, the first screen {{}}"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_card_games_round_end_and_game_end_fit_every_size(shared: sync_api.Page, site: str, lang: str) -> None:
    page = test_layout.started(shared, site, lang)
    to_the_end(page, test_table_features.near_end_save(3))
    found = at_each_size(page, f"card {lang} round end {{}}")
    to_the_end(page, test_table_features.near_end_save())
    no_problems(found + at_each_size(page, f"card {lang} game end {{}}"))


ENDS: typing.Final = {"board-round": ("board", "round", ".lcb-results[data-over='0']"),
                       "board-game": ("board", "game", ".lcb-results[data-over='1']"),
                       "roll-game": ("roll", "game", ".rw-screen[data-phase='over']")}
"""The ends measured beside the card game's: the board game's round end (its round's score tables, Next round)
and its game end (the final table and the artifact track), Roll & Write's game end (the final sheets and
scores); each a seeded game played to its end under CPython (:func:`positions.end_of`)."""


def open_end(page: sync_api.Page, game: str, save: str, shown: str) -> None:
    """Home, the game's save replaced by ``save`` (a game at its end), then the game's screen at its results."""
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("localStorage.removeItem('lostcities:roll:companion')")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [positions.KEYS[game], save])
    page.evaluate(f"location.hash = '#{game}'")
    page.locator(f"html[data-route='{game}'] {shown}").wait_for(state="attached")


BEYOND: typing.Final = re.compile(r"is outside the screen \((-?\d+),(-?\d+) to (-?\d+),(-?\d+)\)")


def below_the_fold(problem: str, width: int) -> bool:
    """Whether one of :data:`test_layout.MEASURE_JS`'s findings is only that a results page is longer than the
    screen (it scrolls down to its tables and the board): the page scrolling down, or an element beyond the
    screen's bottom edge alone."""
    if problem.startswith("the page scrolls down"):
        return True
    found = BEYOND.search(problem)
    if found is None:
        return False
    left, top, right, _ = (int(n) for n in found.groups())
    return left >= -1 and top >= -1 and right <= width + 1


def beyond_the_fold(problems: list[str], width: int) -> list[str]:
    """:data:`test_layout.MEASURE_JS`'s findings on a results page but for what lies below the fold
    (:func:`below_the_fold`), and but for a control below the fold "covered" by what is at the screen's bottom edge
    (MEASURE_JS looks at the point on the screen nearest to a control's centre; :data:`PHASE_JS` measures what
    covers a control on the screen)."""
    low = {p.partition(" is outside the screen")[0] for p in problems if BEYOND.search(p) and below_the_fold(p, width)}
    return [p for p in problems if not below_the_fold(p, width) and p.partition(" is covered by ")[0] not in low]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("end", list(ENDS))
def test_the_board_games_and_roll_and_writes_ends_fit(shared: sync_api.Page, site: str, end: str, lang: str) -> None:
    """The end of a board game's round and of its game, and of a Roll & Write game, in English and German at every
    size of :data:`VIEWPORTS`: nothing cut off, covered or beyond the sides (:data:`PHASE_JS`), and
    :data:`test_layout.MEASURE_JS`'s findings (controls overlapping or under 44 px, a status's text out of its box),
    but for what lies below the fold (a results page scrolls down to its tables and the board:
    :func:`beyond_the_fold`)."""
    page = test_layout.started(shared, site, lang)
    game, at, shown = ENDS[end]
    open_end(page, game, positions.end_of(game, at=at), shown)
    problems: list[str] = []
    for width, height in VIEWPORTS:
        where = f"{end} {lang} {test_layout.resize(page, (width, height))}"
        problems += measure(page, where)
        problems += [f"{where}: {p}" for p in beyond_the_fold(test_layout.measure(page), width)]
    no_problems(problems)


@pytest.mark.parametrize("game", list(TUTORIALS))
def test_the_tutorials_fit_every_size(shared: sync_api.Page, site: str, game: str) -> None:
    """Each step of the game's tutorials that *Next* reaches, measured at every size in turn (a lesson's panel
    keeps its height in the page's style as its size changes: :func:`test_layout.resize` waits for it)."""
    page = test_layout.started(shared, site)
    found: list[str] = []
    for tut in TUTORIALS[game]:
        page.evaluate(f"location.hash = '#learn/{game}'")
        page.locator(f"[data-tutorial={tut}]").click()
        page.locator(".lc-lesson-count[data-step='1']").wait_for(state="attached")
        step = 1
        while True:
            found += at_each_size(page, f"{tut} step {step} {{}}")
            nxt = page.locator(".lc-lesson-panel [data-action=lesson-next]")
            if not nxt.count() or nxt.inner_text() != "Next":
                break
            nxt.click()
            step += 1
            page.locator(f".lc-lesson-count[data-step='{step}']").wait_for(state="attached")
    no_problems(found)


REPLAY_NAVS_JS: typing.Final = r"""
() => [...document.querySelectorAll('.lc-replay-nav')].filter((b) => {
  const r = b.getBoundingClientRect(), lines = b.getClientRects().length;
  return r.height > parseFloat(getComputedStyle(b).minHeight) + 1 || lines > 1;
}).map((b) => `the replay's button ${b.textContent.trim()} takes two lines`)
"""


def test_the_german_replay_fits_a_phone(shared: sync_api.Page, site: str) -> None:
    """The replay of a finished card game (from the menu) in German at 390x844 and 360x640: nothing cut off,
    covered or beyond the sides, and each of its step buttons on one line (the row wraps between them)."""
    page = test_layout.started(shared, site, "de")
    to_the_end(page, test_table_features.near_end_save())
    page.click("[data-action=menu]")
    page.click(".lc-menu [data-action=replay]")
    page.locator(".lc-screen[data-phase='replay']").wait_for(state="attached")
    page.click("[data-action=replay-next]")
    problems = test_layout.at_each_size(page, ((390, 844), (360, 640)), "German replay", lambda: findings(page) + [
        str(p) for p in page.evaluate(REPLAY_NAVS_JS)])
    assert not problems, "\n".join(problems)
