"""The game screens fit the screen: every game at a mid-game position, on a tablet both ways, a phone
both ways, a laptop (1280x800) and in an 820x560 frame, without scrolling, nothing cut off, no two controls overlapping,
every control the player taps at least 44 px (the touch guideline); and cards travel, except when
the player asks for reduced motion.

The positions come from :mod:`tests.e2e.positions` (seeded games played half-way under CPython).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import random
import typing

import pytest
from playwright import sync_api

from lostcities import api, roll
from lostcities.ui import roll as roll_html
from tests.e2e import conftest, positions

VIEWPORTS: typing.Final = ((1024, 768), (768, 1024), (1280, 800), (844, 390), (390, 844))
FRAME: typing.Final = (820, 560)
"""The size of an 820x560 frame.  The app no longer runs in another page's frame (it says so and links to
itself: test_robust), so the size a rules page would give it is a viewport."""
TOUCH_PX: typing.Final = 44
"""Every control the player taps, Roll & Write's sheet cells included: where a cell of the sheet is smaller
(its 14 rows on a phone, the thin rows of the domes and bridges everywhere), it is a display only, neither
tapped nor focused, and the player writes with the big buttons beside the sheet."""

CASES: typing.Final[dict[str, tuple[str, dict[str, typing.Any]]]] = {
    "card": ("card", {}),
    "card6": ("card", {"options": {"colours": 6}}),
    "board": ("board", {}),
    "board4": ("board", {"players": 4}),
    "board4-long": ("board", {"players": 4, "long_column": 7}),
    "roll": ("roll", {}),
    "roll5": ("roll", {"players": 5}),
    "roll-accelerate": ("roll", {"step": "Accelerate"}),
    "card-hint": ("card", {}),
    "card-known": ("card", {"seed": 11}),
}
"""``card-hint``: the card game with a suggested move shown (its sentence under the table); ``card-known``:
the computer holds four cards it took from the discards (their names beside its hand)."""



def save_of(game: str, kwargs: typing.Mapping[str, typing.Any]) -> str:
    """The case's save text: a mid-game position, or (``long_column``: its length) the board game
    with one of the first seat's columns that long (its chips would need a second line)."""
    if "long_column" in kwargs:
        return positions.long_column(players=kwargs.get("players", 2), length=kwargs["long_column"])
    return positions.mid_game(game, **kwargs)


# Reads the page: what scrolls, what is cut off or covered, which controls overlap, which are small.
# Returns the problems found, in words.
MEASURE_JS = r"""
(touch) => {
  const W = window.innerWidth, H = window.innerHeight, root = document.documentElement;
  const problems = [];
  if (root.scrollHeight > H + 1) problems.push(`the page scrolls down (${root.scrollHeight} > ${H})`);
  if (root.scrollWidth > W + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${W})`);
  const name = (el) => {
    const d = el.dataset;
    const id = d.card || d.box || d.die || d.circle || d.top || d.bridge || d.action || d.target
      || el.textContent.trim().slice(0, 20);
    return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}[${id}]`;
  };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [Math.min(Math.max(r.left + r.width / 2, 0), W - 1), Math.min(Math.max(r.top + r.height / 2, 0), H - 1)];
  };
  const hits = (el) => {
    const h = document.elementFromPoint(...centre(el));
    return !!h && (h === el || el.contains(h));
  };
  const focusable = (el) => el.tabIndex >= 0 && !el.disabled;
  const all = [...document.querySelectorAll('button, a[href], input, select, [data-target], [data-action]')]
    .filter(shown).filter((el) => !el.closest('[hidden]'));
  // A cell of a Roll & Write sheet is a touch target where it is at least 44 px each way; smaller, it must be
  // a display only: not focusable, not tapped anywhere (taps pass through it), nothing in it tapped.
  const cells = all.filter((el) => el.closest('.rw-sheet')), shy = new Set();
  for (const el of cells) {
    const r = el.getBoundingClientRect();
    const big = Math.min(r.width, r.height) >= touch - 0.5;
    const live = focusable(el) || hits(el) || getComputedStyle(el).pointerEvents !== 'none'
      || [...el.querySelectorAll('*')].some((c) => shown(c) && getComputedStyle(c).pointerEvents !== 'none'
                                                    && getComputedStyle(c).visibility !== 'hidden');
    if (big && !hits(el))
      problems.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px but cannot be tapped`);
    if (!live) shy.add(el);
  }
  const controls = all.filter((el) => !shy.has(el));  // the touch targets
  const table = [...document.querySelectorAll('.lc-card, .lcb-stone, .rw-box, .rw-die, [data-die]')]
    .filter(shown);
  for (const el of new Set([...all, ...table])) {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
      problems.push(`${name(el)} is outside the screen (${Math.round(r.left)},${Math.round(r.top)}`
        + ` to ${Math.round(r.right)},${Math.round(r.bottom)})`);
  }
  for (const el of controls) {
    const hit = document.elementFromPoint(...centre(el));
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
  // The status (the card game's, the board game's) shows all it says inside its box, and the card game's side
  // panel holds all it holds.
  for (const el of document.querySelectorAll('.lc-play .lc-status, .lcb-play .lc-status')) {
    const text = document.createRange();
    text.selectNodeContents(el);
    const t = text.getBoundingClientRect(), b = el.getBoundingClientRect();
    if (t.bottom > b.bottom + 1 || t.right > b.right + 1)
      problems.push(`the status's text runs out of its box (text to ${Math.round(t.right)},${Math.round(t.bottom)},`
        + ` box to ${Math.round(b.right)},${Math.round(b.bottom)}): "${el.textContent.trim().slice(0, 60)}"`);
  }
  for (const dock of document.querySelectorAll('.lc-play .lc-dock')) {
    const d = dock.getBoundingClientRect();
    for (const el of dock.querySelectorAll('button, .lc-status')) {
      const r = el.getBoundingClientRect();
      if (shown(el) && (r.left < d.left - 1 || r.right > d.right + 1))
        problems.push(`${name(el)} runs out of the side of its panel (${Math.round(r.left)} to ${Math.round(r.right)},`
          + ` the panel ${Math.round(d.left)} to ${Math.round(d.right)})`);
    }
  }
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (Math.min(r.width, r.height) < touch - 0.5)
      problems.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px (under ${touch})`);
  }
  return problems;
}
"""


def started(shared: sync_api.Page, site: str, lang: str = "en") -> sync_api.Page:
    """The test process's booted page (conftest's ``shared``) started over at the site's home, in ``lang``
    (German: ``?lang=de``, as a visit with that address would show it)."""
    return conftest.start_over(shared, site + ("?lang=de" if lang == "de" else ""))


FRAMES_JS: typing.Final = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames later: what the page does when its size changes (its resize observers: a lesson panel's height,
the arrows of a tutorial) is done and drawn."""


def resize(page: sync_api.Page, size: tuple[int, int]) -> str:
    """``page`` at ``size`` (a screen that size, or a frame: the layout is the style sheets', which follow the
    window's size), once it has drawn itself at that size; returns the size in words, ``"390x844"``."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate(FRAMES_JS)
    return f"{size[0]}x{size[1]}"


def at_each_size(page: sync_api.Page, sizes: typing.Iterable[tuple[int, int]], where: str,
                 probe: typing.Callable[[], list[str]]) -> list[str]:
    """``probe``'s findings on the screen as it is at each of ``sizes`` in turn (one position resized, as a
    player turns a tablet or a phone: the same screen as one opened at that size), each named
    ``"{where} {size}"``.  ``where`` may end in ``{}``: the size goes there instead."""
    found: list[str] = []
    for size in sizes:
        words = resize(page, size)
        named = where.format(words) if "{}" in where else f"{where} {words}"
        found += [f"{named}: {p}" for p in probe()]
    return found


def open_position(page: sync_api.Page | sync_api.Frame, game: str, save: str) -> None:
    """Home, the game's save replaced by ``save``, then the game's screen at the first seat's choice."""
    page.evaluate("location.hash = ''")
    page.locator("html[data-route='home']").wait_for(state="attached")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [positions.KEYS[game], save])
    page.evaluate(f"location.hash = '#{game}'")
    page.locator(", ".join(f"html[data-route='{game}'] [data-phase='{p}']" for p in ("play", "choose", "accelerate"))
                 ).first.wait_for(state="attached")


PLAYABLE_JS: typing.Final = """() => document.querySelectorAll(
  '.lc-screen:not(.lcb-screen) .lc-actions button').length >= 3"""
"""A card game's chosen card that can be played: its three buttons (play, discard, cancel) and the longest
sentence in the status."""


def playable_card(save: str, hand: typing.Sequence[str]) -> str | None:
    """The first card of ``hand`` (the ids in the page's order) that the card game's position ``save`` lets the
    player play on an expedition (its three buttons and the status's longest sentence), or None."""
    state = api.state_from_dict(json.loads(save)["state"])
    return next((cid for cid in hand if state.is_legal(f"play {cid}")), None)


def select_a_card(page: sync_api.Page | sync_api.Frame, save: str | None = None) -> None:
    """Tap the first card of the hand (the card game and the board game); a selected card shows its buttons.
    In the card game, the first card that can be played instead (the most buttons, the longest status), else
    the last card: read from ``save`` (the position on the page) under CPython and tapped at once, the page
    then showing its three buttons; without ``save``, the next cards in turn until one shows them."""
    hand = page.locator(".lc-hand [data-card]")
    if save is not None and not page.locator(".lcb-screen").count():
        ids = [str(cid) for cid in hand.evaluate_all("els => els.map((e) => e.dataset.card)")]
        cid = playable_card(save, ids)
        page.click(f".lc-hand [data-card='{cid or ids[-1]}']")
        page.locator(f".lc-hand [data-card='{cid or ids[-1]}'].is-selected").wait_for(state="attached")
        if cid is not None:
            page.wait_for_function(PLAYABLE_JS)
        return
    hand.first.click()
    page.locator(".lc-hand .is-selected").wait_for(state="attached")
    if page.locator(".lcb-screen").count():
        return
    for i in range(1, hand.count()):
        if page.evaluate(PLAYABLE_JS):
            return
        hand.nth(i).click()
        page.wait_for_function("(i) => document.querySelectorAll('.lc-hand [data-card]')[i]"
                               ".classList.contains('is-selected')", arg=i)


def finish_the_turn(page: sync_api.Page | sync_api.Frame) -> None:
    """Discard the selected card and draw from the deck; the computer then plays (its turn is told)."""
    page.locator("[data-target='discard'].is-target").first.click()
    page.locator("[data-phase='draw']").wait_for(state="attached")
    page.click("[data-target='deck']")
    page.locator("[data-phase='play']").wait_for(state="attached")


def measure(page: sync_api.Page | sync_api.Frame) -> list[str]:
    page.evaluate("window.lcMotion && window.lcMotion.finishAll()")
    return typing.cast(list[str], page.evaluate(MEASURE_JS, TOUCH_PX))


def moves(page: sync_api.Page | sync_api.Frame) -> int:
    return int(page.get_attribute(".rw-screen", "data-moves") or 0)


def pick_a_pair(page: sync_api.Page | sync_api.Frame, save: str) -> bool:
    """Tap a colour die and a number die whose pair fits the sheet of the player to choose (False: none fits)."""
    state = api.state_from_dict(json.loads(save)["state"])
    assert isinstance(state, roll.State) and state.roll is not None
    sheet, r = state.sheets[state.current_player], state.roll
    taken = roll_html.taken_dice(r, state.taken) if state.phase is roll.Phase.OTHERS else frozenset()
    for (c, colour), (n, number) in itertools.product(enumerate(r.colours), enumerate(r.numbers)):
        if sheet.targets(colour, number) and not {f"colour-{c}", f"number-{n}"} & taken:
            page.click(f"[data-die='colour-{c}']")
            page.click(f"[data-die='number-{n}']")
            page.locator(".rw-places .rw-place").first.wait_for()
            return True
    return False


HINT_CLEAR_JS = """() => {
  // The suggestion's sentence lies over no control and no card (its box may stand beside the tools).
  const box = document.querySelector('.lc-hint-text').getBoundingClientRect();
  const problems = [];
  for (const el of document.querySelectorAll('button, a[href], [data-card], [data-target]')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('.lc-tools')) continue;
    const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
    const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
    const what = el.dataset.action || el.dataset.card || el.dataset.target || el.textContent.trim().slice(0, 20);
    if (w > 1 && h > 1) problems.push(`the sentence lies over ${what} (${Math.round(w)}x${Math.round(h)} px)`);
  }
  return problems;
}"""


def suggest(page: sync_api.Page | sync_api.Frame) -> None:
    """Ask for a suggested move (the tools on the table) and wait for its sentence under the table."""
    page.click(".lc-toolbar [data-action=hint]")
    page.locator(".lc-hint-text").wait_for(timeout=60_000)


def check(page: sync_api.Page, sizes: typing.Sequence[tuple[int, int]], case: str, game: str, save: str
          ) -> list[str]:
    """Every problem of ``case`` on ``page`` at each of ``sizes``: mid-game, then with a card selected and after
    a turn (the card games), with a suggestion shown (``card-hint``), with a pair of dice picked and after
    writing it with its big button (Roll & Write).  The position is opened once and each of its moments
    measured at every size in turn (:func:`at_each_size`)."""
    open_position(page, game, save)
    where = case + " {}"
    if case == "card-hint":
        suggest(page)
        return at_each_size(page, sizes, where + " with a suggestion shown",
                            lambda: measure(page) + typing.cast(list[str], page.evaluate(HINT_CLEAR_JS)))
    found = at_each_size(page, sizes, where, lambda: measure(page))
    if game in ("card", "board"):
        select_a_card(page, save)
        found += at_each_size(page, sizes, where + " with a card selected", lambda: measure(page))
        finish_the_turn(page)
        found += at_each_size(page, sizes, where + " after a turn", lambda: measure(page))
    elif game == "roll" and page.locator(".rw-screen[data-phase='choose']").count() and pick_a_pair(page, save):
        found += at_each_size(page, sizes, where + " with a pair picked", lambda: measure(page))
        before = moves(page)
        page.locator(".rw-places .rw-place").first.click()
        page.wait_for_function(f"() => parseInt(document.querySelector('.rw-screen').dataset.moves) > {before}")
        found += at_each_size(page, sizes, where + " after writing it", lambda: measure(page))
    return found


def fits(page: sync_api.Page, case: str, sizes: typing.Sequence[tuple[int, int]]) -> None:
    game, kwargs = CASES[case]
    problems = check(page, sizes, case, game, save_of(game, kwargs))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", list(CASES))
def test_each_game_fits_every_screen_without_scrolling_or_overlap(shared: sync_api.Page, site: str, case: str) -> None:
    """Each case at each of :data:`VIEWPORTS` and in an 820x560 frame (:data:`FRAME`)."""
    fits(started(shared, site), case, (*VIEWPORTS, FRAME))


GERMAN: typing.Final = ("card", "card6", "card-hint", "board", "board4", "board4-long", "roll", "roll5",
                         "roll-accelerate")
"""The cases measured in German as well: every game speaks German (German words are longer)."""


@pytest.mark.parametrize("case", GERMAN)
def test_every_game_fits_every_screen_in_german(shared: sync_api.Page, site: str, case: str) -> None:
    page = started(shared, site, "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    fits(page, case, VIEWPORTS)
    assert page.locator("[data-action=menu]").first.inner_text() == "Menü"


SIDEWAYS_JS: typing.Final = r"""
(selector) => {
  const W = window.innerWidth, wide = document.documentElement.scrollWidth, problems = [];
  if (wide > W + 1) problems.push(`the page scrolls sideways (${wide} > ${W})`);
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect(), form = el.closest('fieldset').getBoundingClientRect();
    if (r.right > form.right + 1 || r.left < form.left - 1) problems.push(`${el.name} runs out of its fieldset`);
  }
  return problems;
}
"""


def test_the_board_setup_and_a_board_lesson_fit_in_german(shared: sync_api.Page, site: str) -> None:
    """German words are longer: the board game's setup (a seat's choice: a computer level in words) stays
    inside its form on every screen, and on an upright phone a board lesson's taller panel never pushes
    the paths' stones under the discard piles (the page scrolls instead)."""
    page = started(shared, site, "de")
    page.evaluate("location.hash = '#board'")
    page.locator("html[data-route='board'] [data-phase='setup']").wait_for(state="attached")
    page.select_option("select[name=seat2]", "medium")
    problems = at_each_size(page, VIEWPORTS, "setup",
                            lambda: typing.cast(list[str], page.evaluate(SIDEWAYS_JS, ".lc-seat select")))
    resize(page, (390, 844))
    page.evaluate("location.hash = '#learn/board'")
    page.locator("[data-tutorial=board-event-tiles]").click()
    page.locator("[data-action=lesson-next]").click()
    page.locator(".lc-lesson-count[data-step='2']").wait_for(state="attached")
    lowest, piles = page.evaluate("""() => [
      Math.max(...[...document.querySelectorAll('.lcb-paths .lcb-stone, .lcb-paths .lcb-camp')]
               .map(e => e.getBoundingClientRect().bottom)),
      document.querySelector('.lcb-piles').getBoundingClientRect().top]""")
    if lowest > piles + 1:
        problems.append(f"a lesson at 390x844: the paths run under the discard piles ({lowest} > {piles})")
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
    page.click(".rw-places [data-box=blue-1]")
    page.click("[data-pick-colour=red]")
    page.click("[data-pick-number='4']")  # a pair entered: its big buttons show
    page.locator(".rw-places .rw-place").wait_for()


def test_the_companion_sheet_fits_every_screen(shared: sync_api.Page, site: str) -> None:
    """The companion sheet, a pair entered, at each of :data:`VIEWPORTS` and in an 820x560 frame."""
    page = started(shared, site)
    open_companion(page)
    problems = at_each_size(page, (*VIEWPORTS, FRAME), "companion", lambda: measure(page))
    assert not problems, "\n".join(problems)


def play_a_card(page: sync_api.Page) -> None:
    """Discard the first card of the hand by clicks."""
    cid = str(page.locator(".lc-hand [data-card]").first.get_attribute("data-card"))
    page.click(f".lc-hand [data-card='{cid}']")
    page.click(f"[data-target='discard'][data-colour='{cid[0]}']")
    page.locator(".lc-screen[data-phase='draw']").wait_for(state="attached")


@contextlib.contextmanager
def slow_motion(page: sync_api.Page) -> typing.Iterator[None]:
    """Every movement long enough to be seen running, whatever the load; afterwards (the page serves the
    tests after this one) the movements still running finished and their length given back."""
    duration = page.evaluate("window.lcMotion.duration")
    page.evaluate("window.lcMotion.duration = 600000")
    try:
        yield
    finally:
        page.evaluate("(duration) => { window.lcMotion.finishAll(); window.lcMotion.duration = duration; }", duration)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_played_card_travels_unless_reduced_motion_is_asked(shared: sync_api.Page, site: str,
                                                               motion: typing.Literal["no-preference", "reduce"]
                                                               ) -> None:
    """The player's wish (``prefers-reduced-motion``) is asked before the page starts over: the play that
    follows starts no movement (the count of movements since the page opened stays as it was)."""
    shared.emulate_media(reduced_motion=motion)
    page = started(shared, site)
    open_position(page, "card", positions.mid_game("card"))
    with slow_motion(page):
        before = page.evaluate("window.lcMotion.started()")
        play_a_card(page)
        if motion == "reduce":
            assert page.evaluate("window.lcMotion.started()") == before
            assert page.evaluate("document.documentElement.classList.contains('lc-motion')") is False
            return
        assert page.evaluate("window.lcMotion.started()") >= before + 1
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


def test_a_piece_travels_from_the_camp_to_its_path(shared: sync_api.Page, site: str) -> None:
    page = started(shared, site)
    open_position(page, "board", positions.mid_game("board"))
    with slow_motion(page):
        cards = page.locator(".lc-hand [data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
        for cid in cards:
            page.click(f".lc-hand [data-card='{cid}']")
            page.locator(f".lc-hand [data-card='{cid}'].is-selected").wait_for(state="attached")
            if page.locator("[data-target=path].is-target").count():
                break
        else:
            raise AssertionError("no card of the hand may start or advance an expedition")
        page.locator("[data-target=path].is-target").first.click()
        # The engine answers a message later (in its Web Worker): the play is applied, or a new expedition
        # asks which piece starts it.
        page.locator(".lc-screen[data-phase='draw'], [data-action=begin]").first.wait_for(state="attached")
        if page.locator("[data-action=begin]").count():
            page.locator("[data-action=begin]").first.click()
        page.locator(".lc-screen[data-phase='draw']").wait_for(state="attached")
        # The piece waits in place, invisible, while its copy flies there; so does the card, into its column.
        assert page.locator(".lcb-path .lcb-piece.lc-travelling").count() == 1
        assert page.locator(".lcb-piece.lc-ghost").count() == 1
        assert page.locator(".lcb-mine .lcb-chip.lc-travelling").count() == 1
        page.mouse.click(2, 300)
        page.locator(".lc-travelling").first.wait_for(state="detached")
        assert page.locator(".lc-ghost").count() == 0


SIX_VIEWPORTS: typing.Final = ((1024, 768), (768, 1024), (1280, 800), (390, 844), (844, 390), (360, 640))
"""The sizes issue 20 names: tablets both ways, a laptop, phones both ways and a small phone."""


TOOLS_JS: typing.Final = """(game) => [...document.querySelectorAll(`html[data-route='${game}'] .lc-toolbar .lc-tool`)]
  .filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.querySelector('.lc-tool-word').textContent)"""
"""The words of the tools shown on the table's bar."""


def mid_game_at_six_sizes(page: sync_api.Page, game: str, probe: typing.Callable[[], list[str]]) -> list[str]:
    """``game`` mid-game (a companion sheet, which comes first, forgotten), ``probe``'s findings at each of
    :data:`SIX_VIEWPORTS`, each named by the game and the size."""
    page.evaluate("localStorage.removeItem('lostcities:roll:companion')")  # a companion sheet comes first
    open_position(page, game, positions.mid_game(game))
    return at_each_size(page, SIX_VIEWPORTS, game, probe)


def test_the_turns_tools_are_on_the_table_at_every_size(shared: sync_api.Page, site: str) -> None:
    """Every game mid-game at the six sizes: Suggest a move, Undo and Moves stand on the table, one
    tap each (in the screen's bar beside Menu), each named by its words, on the screen, at least 44 px,
    under no other control and over none (:data:`MEASURE_JS`'s findings about the bar's buttons; the
    whole screen at four of these sizes is :func:`test_each_game_fits_every_screen_without_scrolling_or_overlap`'s)."""
    page = started(shared, site)
    problems: list[str] = []
    for game in ("card", "board", "roll"):
        def tools(game: str = game) -> list[str]:
            names = [str(name) for name in page.evaluate(TOOLS_JS, game)]
            found = [] if len(names) == 3 and names[0].startswith("Suggest") and names[1] == "Undo" and (
                names[2].startswith("Moves (")) else [f"the tools on the table are {names}"]
            return found + [p for p in measure(page) if "lc-tool[" in p or "lc-menu-button[" in p
                            or "rw-menu-button[" in p]
        problems += mid_game_at_six_sizes(page, game, tools)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", ["card", "board", "roll"])
def test_each_games_table_fits_the_six_sizes(shared: sync_api.Page, site: str, game: str) -> None:
    """Every game mid-game at each of the six sizes, 1280x800 and 360x640 included: the whole screen fits
    (no page scrolling either way, nothing beyond the screen's edges, no control covered, overlapping or
    under 44 px: :data:`MEASURE_JS`)."""
    page = started(shared, site)
    problems = mid_game_at_six_sizes(page, game, lambda: measure(page))
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_games_status_shows_all_it_says_at_every_size(shared: sync_api.Page, site: str, players: int,
                                                                 lang: str) -> None:
    """After a turn the board game's status tells the last computer's turn (its card played and its card drawn)
    and the prompt (German's are longer): at each of the six sizes it shows every line of it, neither clipped nor
    a region to scroll (its content no taller than its box, its text inside its box), and the page does not
    scroll."""
    page = started(shared, site, lang)
    open_position(page, "board", positions.mid_game("board", players=players))
    select_a_card(page)
    finish_the_turn(page)

    def status() -> list[str]:
        full, shown = page.locator(".lcb-screen .lc-status").evaluate("(e) => [e.scrollHeight, e.clientHeight]")
        return ([f"the status shows {shown} px of its {full} px"] if full > shown + 1 else []) + [
            p for p in measure(page) if "status" in p or "page scrolls" in p]
    problems = at_each_size(page, SIX_VIEWPORTS, "{}", status)
    assert not problems, "\n".join(problems)


@functools.cache
def longest_reports(lang: str) -> dict[str, str]:
    """The board status's longest contents in ``lang`` (its HTML, by :func:`lostcities.ui.board.status`), whatever
    the computers do: the longest sentences of each kind told in ten seeded four-player games (played under
    CPython), put together as the status puts them (:func:`lostcities.ui.board.told`) with each of the longest
    prompts.  ``after others``: a computer's card played and its card drawn (the arrows' steps between them are
    not shown), then your prompt; ``card chosen``: the same with a card that cannot go on its path;
    ``your move``: your latest step and the lost-city move's prompt; ``your draw``: your card played and the
    draw's prompt; ``round start``: the tiles laid and the deal.  Computed once per language (the tests only
    read it)."""
    from lostcities import board, i18n, session
    from lostcities.ui import board as bhtml

    with i18n.using(lang):
        longest: dict[str, str] = {}
        names = ["You", "Computer 1", "Computer 2", "Computer 3"]
        for seed in range(10):
            setup = session.Setup.create("board", [session.Seat(names[0])] + [session.Seat(n, "easy")
                                                                              for n in names[1:]], {}, {})
            rng = random.Random(seed)
            current = session.Session.new(setup, rng)
            while not current.state.is_terminal():
                state = current.state
                event = current.deal(rng) if state.is_chance() else current.apply(positions._pick(state, rng))
                after = typing.cast(board.State, current.state)
                if after.is_terminal() or (event.kind == "draw" and after.phase is board.Phase.TILES):
                    continue  # a round's last draw: told on the round's results, not in the status
                kind = "play" if event.kind in ("start", "advance", "discard") else event.kind
                text = event.describe(names)
                if len(text) > len(longest.get(kind, "")):
                    longest[kind] = text
        colour = bhtml.colour_word(board.Colour.WHITE)
        card = board.Card.from_id("W10").label
        play, move, draw = longest["play"], longest["move"], longest["draw"]
        return {
            "after others": bhtml.status([play, move, draw], i18n._(
                "Your turn: choose a card to start an expedition, advance or discard."), "is-play"),
            "card chosen": bhtml.status([play, move, draw], i18n._(
                "The {card} cannot go on the {colour} path now: tap its discard pile, or choose another card."
            ).format(card=card, colour=colour), "is-selected"),
            "your move": bhtml.status([play, move], i18n._(
                "Your turn: the lost-city move lets you move one of your pieces one stone. Tap a highlighted path "
                "or choose below (or no move)."), "is-move"),
            "your draw": bhtml.status([play], i18n._(
                "Your turn: draw a card from the draw pile or a highlighted discard pile."), "is-draw"),
            "round start": bhtml.status([longest["tiles"], longest["deal"]], i18n._(
                "Your turn: choose a card to start an expedition, advance or discard."), "is-play"),
        }


STATUS_HOLDS_JS: typing.Final = r"""
(html) => {
  // The status's box before and with ``html`` in it: its height, its content's, where its text ends; then what
  // it said before is given back (the next report is measured against the position's own status).
  const el = document.querySelector('.lcb-play .lc-status'), box = () => el.getBoundingClientRect();
  const kept = el.innerHTML, before = box().height;
  el.innerHTML = html;
  const text = document.createRange();
  text.selectNodeContents(el);
  const style = getComputedStyle(el);
  const found = {before, after: box().height, full: el.scrollHeight, shown: el.clientHeight, overflow: style.overflowY,
                 textBottom: text.getBoundingClientRect().bottom, boxBottom: box().bottom,
                 page: document.documentElement.scrollHeight, screen: window.innerHeight,
                 buttons: Math.max(0, -parseFloat(getComputedStyle(document.querySelector('.lcb-play .lc-actions'))
                   .marginTop))};
  el.innerHTML = kept;
  return found;
}
"""
BESIDE_BUTTONS: typing.Final = ("card chosen", "your move")
"""The longest reports said while a step's buttons are shown (a chosen card's, the lost-city move's choices)."""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_games_status_holds_its_longest_report_at_one_height(
        shared: sync_api.Page, site: str, players: int, lang: str) -> None:
    """The board status's height does not depend on what it says (so the table's layout does not depend on the
    computers' moves): at each of the six sizes, mid-game, each of its longest contents (:func:`longest_reports`)
    leaves its box as high as it was, shows every line (no taller than its box, its text inside it, never a
    region to scroll) and the page does not scroll.  Where a step's buttons stand in the status's last pixels
    (a short phone: web/board.css), what it says beside them (a card chosen, the lost-city move) ends above
    them."""
    page = started(shared, site, lang)
    open_position(page, "board", positions.mid_game("board", players=players))
    reports = longest_reports(lang)
    problems: list[str] = []
    for size in SIX_VIEWPORTS:
        words = resize(page, size)
        for what, html in reports.items():
            m = page.evaluate(STATUS_HOLDS_JS, html)
            where = f"{words} {what}"
            if abs(m["after"] - m["before"]) > 0.5:
                problems.append(f"{where}: the status's box grows from {m['before']:.0f} to {m['after']:.0f} px")
            if m["full"] > m["shown"] + 1 or m["textBottom"] > m["boxBottom"] + 1:
                problems.append(f"{where}: the status shows {m['shown']} px of its {m['full']} px")
            if m["overflow"] in ("auto", "scroll"):
                problems.append(f"{where}: the status is a region to scroll ({m['overflow']})")
            if what in BESIDE_BUTTONS and m["textBottom"] > m["boxBottom"] - m["buttons"] + 1:
                problems.append(f"{where}: the status's text ends {m['boxBottom'] - m['textBottom']:.0f} px above its "
                                f"bottom, under the {m['buttons']:.0f} px of the buttons that stand there")
            if m["page"] > m["screen"] + 1:
                problems.append(f"{where}: the page scrolls down ({m['page']} > {m['screen']})")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


WORDS_AND_BUTTONS_JS: typing.Final = r"""
() => {
  // Where the status's words end, where the step's buttons begin.
  const words = document.createRange();
  words.selectNodeContents(document.querySelector('.lcb-play .lc-status'));
  return [words.getBoundingClientRect().bottom,
          document.querySelector('.lcb-play .lc-actions').getBoundingClientRect().top];
}
"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_game_fits_a_short_phone(shared: sync_api.Page, site: str, players: int, lang: str) -> None:
    """Two and four players at 360x640, mid-game, a card chosen and after a turn: the whole screen fits
    (:data:`MEASURE_JS`), and with a card chosen the status's words end above its buttons (they stand in the
    status's last 44 px there: web/board.css)."""
    page = started(shared, site, lang)
    page.set_viewport_size({"width": 360, "height": 640})
    open_position(page, "board", positions.mid_game("board", players=players))
    problems = measure(page)
    select_a_card(page)
    problems += [f"a card chosen: {p}" for p in measure(page)]
    text, buttons = page.evaluate(WORDS_AND_BUTTONS_JS)
    if text > buttons + 1:
        problems.append(f"a card chosen: the status's words end at {text:.0f} px, under its buttons "
                        f"(from {buttons:.0f})")
    finish_the_turn(page)
    problems += [f"after a turn: {p}" for p in measure(page)]
    assert not problems, "\n".join(problems)


def board_at_six_sizes(page: sync_api.Page, players: int, script: str) -> None:
    """The board game mid-game (``players`` seats) at each of the six sizes: ``script``'s findings, none."""
    open_position(page, "board", positions.mid_game("board", players=players))
    problems = at_each_size(page, SIX_VIEWPORTS, "{}", lambda: typing.cast(list[str], page.evaluate(script)))
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


# The board's printed words: each path's name (its camp) whole, each stone's value beside its tile, not under it.
BOARD_TEXT_JS = r"""
() => {
  const problems = [], shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const camp of document.querySelectorAll('.lcb-board .lcb-camp')) {
    if (!shown(camp)) continue;
    if (camp.scrollHeight > camp.clientHeight + 1 || camp.scrollWidth > camp.clientWidth + 1)
      problems.push(`the path name "${camp.textContent.trim()}" is cut (${camp.scrollWidth}x${camp.scrollHeight} px`
        + ` in ${camp.clientWidth}x${camp.clientHeight})`);
  }
  for (const stone of document.querySelectorAll('.lcb-board .lcb-stone')) {
    const value = stone.querySelector('.lcb-value'), tile = stone.querySelector('.lcb-tile');
    if (!value || !tile || !shown(value) || !shown(tile)) continue;
    const p = value.getBoundingClientRect(), q = tile.getBoundingClientRect();
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1)
      problems.push(`the value ${value.dataset.paint} of a ${stone.closest('.lcb-path').className} stone`
        + ` is under its tile (${Math.round(w)}x${Math.round(h)} px)`);
  }
  return problems;
}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_the_boards_path_names_and_stone_values_are_whole_at_every_size(shared: sync_api.Page, site: str,
                                                                        players: int) -> None:
    """At each of the six sizes (a phone on its side too, where the paths run across): every path's name is
    whole in its camp and no tile covers its stone's printed value ("-15", not "-")."""
    board_at_six_sizes(started(shared, site), players, BOARD_TEXT_JS)


# Each piece on the board: its centre inside the box of the stone it stands on (which stone it is on is plain).
PIECES_JS = r"""
() => [...document.querySelectorAll('.lcb-board .lcb-stone .lcb-piece')].flatMap((piece) => {
  const p = piece.getBoundingClientRect(), s = piece.closest('.lcb-stone').getBoundingClientRect();
  if (p.width === 0) return [];
  const x = p.left + p.width / 2, y = p.top + p.height / 2;
  return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom ? []
    : [`${piece.getAttribute('aria-label') || piece.textContent} has its centre (${Math.round(x)},${Math.round(y)})`
       + ` outside its stone (${Math.round(s.left)},${Math.round(s.top)}`
       + ` to ${Math.round(s.right)},${Math.round(s.bottom)})`];
})
"""


@pytest.mark.parametrize("players", [2, 4])
def test_each_piece_sits_on_its_stone_at_every_size(shared: sync_api.Page, site: str, players: int) -> None:
    """At each of the six sizes (a tablet held upright with four players among them, where stones are
    shortest), every piece stands within the stone it is on, not across its border."""
    board_at_six_sizes(started(shared, site), players, PIECES_JS)


# Each card chip in a column (the viewer's under the paths, every other player's in its panel): its number whole
# in the part of it that shows (a newer chip overlaps an older one where the column's width is short).
CHIPS_JS = r"""
() => {
  const problems = [];
  for (const col of document.querySelectorAll('.lcb-col')) {
    const chips = [...col.querySelectorAll(':scope > .lcb-chip')];
    chips.forEach((chip, i) => {
      const box = chip.getBoundingClientRect();
      if (box.width === 0) return;
      const range = document.createRange();
      range.selectNodeContents(chip);
      const text = range.getBoundingClientRect();
      const edge = i + 1 < chips.length ? chips[i + 1].getBoundingClientRect().left : box.right;
      if (text.left < box.left - 0.5 || text.right > edge + 0.5)
        problems.push(`${col.title} (player ${col.dataset.player}): its ${chip.textContent.trim()} shows`
          + ` ${Math.max(0, Math.round(edge - text.left))} of its ${Math.round(text.width)} px`);
    });
  }
  return problems;
}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_every_card_in_a_column_shows_its_number_at_every_size(shared: sync_api.Page, site: str, players: int) -> None:
    """At each of the six sizes, every card chip in every column (the viewer's and, in their panels, the
    other players') shows its whole number where newer chips overlap it: on a phone a panel of four players
    is narrow, and a colour with two cards must not shrink to a sliver beside empty ones."""
    board_at_six_sizes(started(shared, site), players, CHIPS_JS)
