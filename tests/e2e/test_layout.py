"""The game screens fit the screen: every game at a mid-game position, on a tablet both ways, a phone
both ways and in an 820x560 frame, without scrolling, nothing cut off, no two controls overlapping,
every control the player taps at least 44 px (the touch guideline); and cards travel, except when
the player asks for reduced motion.

The positions come from :mod:`tests.e2e.positions` (seeded games played half-way under CPython).
"""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest, positions

VIEWPORTS: typing.Final = ((1024, 768), (768, 1024), (844, 390), (390, 844))
FRAME: typing.Final = (820, 560)
TOUCH_PX: typing.Final = 44
ROLL_BOX_PX: typing.Final = {(844, 390): (22, 15), (390, 844): (30, 21), FRAME: (34, 24)}
"""Roll & Write's sheet has 14 rows of 8 boxes: where the whole sheet and the dice must fit a phone or the
frame, a box cannot reach 44 px.  Its smaller side must reach at least the first figure (measured, as
large as the screen allows), the cells of the sheet's thin rows (the artefact domes at the column tops,
0.66 of a row, and the bridges, 0.6) the second."""
COMPANION_BOX_PX: typing.Final = {(768, 1024): (41, 28), (844, 390): (22, 15), (390, 844): (21, 13)}
"""Companion mode also shows the entry pad (six colours, ten numbers, the bridge ticks, 44 px each): on
an upright tablet and on phones its sheet is smaller (measured figures as above)."""
SHEET_TOP_PX: typing.Final = 30
"""On tablets every box reaches 44 px; the cells of the thin rows (never a place to write a number: the
domes are tapped only to hear why not, the bridges ticked in companion mode also have 44 px buttons
beside the sheet) at least this."""

CASES: typing.Final[dict[str, tuple[str, dict[str, typing.Any]]]] = {
    "card": ("card", {}),
    "card6": ("card", {"options": {"colours": 6}}),
    "board": ("board", {}),
    "board4": ("board", {"players": 4}),
    "board4-long": ("board", {"players": 4, "long_column": 7}),
    "roll": ("roll", {}),
    "roll5": ("roll", {"players": 5}),
    "roll-accelerate": ("roll", {"step": "Accelerate"}),
}



def save_of(game: str, kwargs: typing.Mapping[str, typing.Any]) -> str:
    """The case's save text: a mid-game position, or (``long_column``: its length) the board game
    with one of the first seat's columns that long (its chips would need a second line)."""
    if "long_column" in kwargs:
        return positions.long_column(players=kwargs.get("players", 2), length=kwargs["long_column"])
    return positions.mid_game(game, **kwargs)


# Reads the page: what scrolls, what is cut off or covered, which controls overlap, which are small.
# Returns the problems found, in words.
MEASURE_JS = r"""
([touch, boxFloor, topFloor]) => {
  const W = window.innerWidth, H = window.innerHeight, root = document.documentElement;
  const problems = [];
  if (root.scrollHeight > H + 1) problems.push(`the page scrolls down (${root.scrollHeight} > ${H})`);
  if (root.scrollWidth > W + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${W})`);
  const name = (el) => {
    const d = el.dataset;
    const id = d.card || d.box || d.die || d.circle || d.bridge || d.action || d.target
      || el.textContent.trim().slice(0, 20);
    return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}[${id}]`;
  };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const controls = [...document.querySelectorAll('button, a[href], input, select, [data-target], [data-action]')]
    .filter(shown).filter((el) => !el.closest('[hidden]'));
  const table = [...document.querySelectorAll('.lc-card, .lcb-stone, .rw-box, .rw-die, [data-die]')]
    .filter(shown);
  for (const el of new Set([...controls, ...table])) {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
      problems.push(`${name(el)} is outside the screen (${Math.round(r.left)},${Math.round(r.top)}`
        + ` to ${Math.round(r.right)},${Math.round(r.bottom)})`);
  }
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), W - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), H - 1);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el))
      problems.push(`${name(el)} is covered by ${name(hit)}`);
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 1) problems.push(`${name(a)} overlaps ${name(b)} (${Math.round(w)}x${Math.round(h)} px)`);
    }
  }
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    // A cell of a Roll & Write sheet: a button when it is a legal target, else tapped only to hear why not.
    const isBox = !!el.closest('.rw-sheet');
    const floor = !isBox ? touch : el.matches('.rw-top, .rw-bridge') ? topFloor : boxFloor;
    if (side < floor - 0.5)
      problems.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px (under ${floor})`);
  }
  return problems;
}
"""


@pytest.fixture(scope="module")
def shared(browser: sync_api.Browser, site: str) -> typing.Iterator[sync_api.Page]:
    """One page for the module, booted once; guarded like conftest's pages."""
    yield from conftest.booted_page(browser, site, site)


def open_position(page: sync_api.Page | sync_api.Frame, game: str, save: str) -> None:
    """Home, the game's save replaced by ``save``, then the game's screen at the first seat's choice."""
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [positions.KEYS[game], save])
    page.evaluate(f"location.hash = '#{game}'")
    page.locator(", ".join(f"html[data-route='{game}'] [data-phase='{p}']" for p in ("play", "choose", "accelerate"))
                 ).first.wait_for(state="attached")


def select_a_card(page: sync_api.Page | sync_api.Frame) -> None:
    """Tap the first card of the hand (the card game and the board game); a selected card shows its buttons."""
    page.locator(".lc-hand [data-card]").first.click()
    page.locator(".lc-hand .is-selected").wait_for(state="attached")


def finish_the_turn(page: sync_api.Page | sync_api.Frame) -> None:
    """Discard the selected card and draw from the deck; the computer then plays (its turn is told)."""
    page.locator("[data-target='discard'].is-target").first.click()
    page.locator("[data-phase='draw']").wait_for(state="attached")
    page.click("[data-target='deck']")
    page.locator("[data-phase='play']").wait_for(state="attached")


def measure(page: sync_api.Page | sync_api.Frame, size: tuple[int, int], game: str, *,
            companion: bool = False) -> list[str]:
    page.evaluate("window.lcMotion && window.lcMotion.finishAll()")
    box, top = (COMPANION_BOX_PX if companion else {}).get(size) or ROLL_BOX_PX.get(size, (TOUCH_PX, SHEET_TOP_PX))
    return typing.cast(list[str], page.evaluate(MEASURE_JS, [TOUCH_PX, box, top]))


def check(page: sync_api.Page | sync_api.Frame, size: tuple[int, int], case: str, game: str, save: str) -> list[str]:
    """Every problem of ``case`` on ``page`` (mid-game, then with a card selected)."""
    open_position(page, game, save)
    found = [f"{case} {size[0]}x{size[1]}: {p}" for p in measure(page, size, game)]
    if game in ("card", "board"):
        select_a_card(page)
        found += [f"{case} {size[0]}x{size[1]} with a card selected: {p}"
                  for p in measure(page, size, game)]
        finish_the_turn(page)
        found += [f"{case} {size[0]}x{size[1]} after a turn: {p}" for p in measure(page, size, game)]
    return found


@pytest.mark.parametrize("case", list(CASES))
def test_each_game_fits_every_screen_without_scrolling_or_overlap(shared: sync_api.Page, case: str) -> None:
    page = shared
    game, kwargs = CASES[case]
    save = save_of(game, kwargs)
    problems: list[str] = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        problems += check(page, (width, height), case, game, save)
    assert not problems, "\n".join(problems)


def framed(page: sync_api.Page, site: str) -> sync_api.Frame:
    """The site in an 820x560 frame of a bigger page of the same site (as a page that embeds it)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    host = site + "frame-host.html"
    body = (f'<!doctype html><body style="margin:0"><iframe src="{site}" width="{FRAME[0]}" height="{FRAME[1]}" '
            'style="border:0"></iframe></body>')
    page.route(host, lambda route: route.fulfill(content_type="text/html", body=body))
    page.goto(host)
    frame = page.frames[1]
    frame.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    return frame


def test_each_game_and_the_companion_sheet_fit_an_820x560_frame(page: sync_api.Page, site: str) -> None:
    frame = framed(page, site)
    problems: list[str] = []
    for case, (game, kwargs) in CASES.items():
        problems += check(frame, FRAME, case, game, save_of(game, kwargs))
    open_companion(frame)
    problems += [f"companion {FRAME[0]}x{FRAME[1]}: {p}" for p in measure(frame, FRAME, "roll", companion=True)]
    assert not problems, "\n".join(problems)


def open_companion(page: sync_api.Page | sync_api.Frame) -> None:
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("localStorage.removeItem('lostcities:roll:companion')")
    page.evaluate("localStorage.removeItem('lostcities:roll:save')")
    page.evaluate("location.hash = '#roll'")
    page.locator(".rw-screen[data-phase='setup']").wait_for(state="attached")
    page.check("input[name=mode][value=companion]")
    page.click("[data-action=start]")
    page.locator(".rw-screen[data-phase='companion']").wait_for(state="attached")
    page.click("[data-pick-colour=blue]")
    page.click("[data-pick-number='5']")
    page.click("[data-box=blue-1]")
    page.click("[data-pick-colour=red]")


def test_the_companion_sheet_fits_every_screen(shared: sync_api.Page) -> None:
    page = shared
    problems: list[str] = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        open_companion(page)
        problems += [f"companion {width}x{height}: {p}"
                     for p in measure(page, (width, height), "roll", companion=True)]
    assert not problems, "\n".join(problems)


def play_a_card(page: sync_api.Page) -> None:
    """Discard the first card of the hand by clicks."""
    cid = str(page.locator(".lc-hand [data-card]").first.get_attribute("data-card"))
    page.click(f".lc-hand [data-card='{cid}']")
    page.click(f"[data-target='discard'][data-colour='{cid[0]}']")
    page.locator(".lc-screen[data-phase='draw']").wait_for(state="attached")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_played_card_travels_unless_reduced_motion_is_asked(browser: sync_api.Browser, site: str,
                                                               motion: typing.Literal["no-preference", "reduce"]
                                                               ) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion=motion)
    try:
        page = context.new_page()
        conftest.open_site(page, site)
        open_position(page, "card", positions.mid_game("card"))
        page.evaluate("window.lcMotion.duration = 600000")  # long enough to be seen running, whatever the load
        play_a_card(page)
        if motion == "reduce":
            assert page.evaluate("window.lcMotion.started()") == 0
            assert page.evaluate("document.documentElement.classList.contains('lc-motion')") is False
            return
        assert page.evaluate("window.lcMotion.started()") >= 1
        travelling = page.locator(".lc-pile .lc-travelling")
        assert travelling.count() == 1, "the discarded card does not travel to its pile"
        # A tap ends every movement at once.
        page.mouse.click(2, 300)
        assert page.evaluate("window.lcMotion.running()") == 0
        travelling.wait_for(state="detached")
        # The computer's play travels too: from its hand to its column or a pile (or, when it takes
        # a card from a pile, that card travels into its hand).
        page.click("[data-target='deck']")
        page.locator(".lc-screen[data-phase='play']").wait_for(state="attached")
        assert page.locator(".lc-them .lc-travelling, .lc-pile .lc-travelling, .lc-ghost").count() >= 1
    finally:
        context.close()


def test_a_piece_travels_from_the_camp_to_its_path(page: sync_api.Page, site: str) -> None:
    conftest.open_site(page, site)
    open_position(page, "board", positions.mid_game("board"))
    page.evaluate("window.lcMotion.duration = 600000")  # long enough to be seen running, whatever the load
    cards = page.locator(".lc-hand [data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
    for cid in cards:
        page.click(f".lc-hand [data-card='{cid}']")
        page.locator(f".lc-hand [data-card='{cid}'].is-selected").wait_for(state="attached")
        if page.locator("[data-target=path].is-target").count():
            break
    else:
        raise AssertionError("no card of the hand may start or advance an expedition")
    page.locator("[data-target=path].is-target").first.click()
    if page.locator("[data-action=begin]").count():  # a new expedition asks which piece starts it
        page.locator("[data-action=begin]").first.click()
    page.locator(".lc-screen[data-phase='draw']").wait_for(state="attached")
    # The piece waits in place, invisible, while its copy flies there; so does the card, into its column.
    assert page.locator(".lcb-path .lcb-piece.lc-travelling").count() == 1
    assert page.locator(".lcb-piece.lc-ghost").count() == 1
    assert page.locator(".lcb-mine .lcb-chip.lc-travelling").count() == 1
    page.mouse.click(2, 300)
    page.locator(".lc-travelling").first.wait_for(state="detached")
    assert page.locator(".lc-ghost").count() == 0
