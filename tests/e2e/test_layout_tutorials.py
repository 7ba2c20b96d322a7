"""Every step of every tutorial fits every screen (issue 20): on the app's Learn pages, at the six sizes of
the layout test, each step's lesson panel and table show no clipped text (a text box whose content is
taller or wider than the box), no control under another, nothing off-screen, and every control keeps
44 px (:data:`tests.e2e.test_layout.MEASURE_JS`, the measure of the game screens).  German walks them too at
the two phone sizes, where its longer words break first (all six sizes would double the test's time).
The English walk also runs axe-core on every step (and on every answered question), at the size the step
ends at: alternately a tablet and a small phone (:data:`AXE_LANGS`).

The test process's shared page (conftest's ``shared``, started over in the walk's language: no boot of its
own) walks a game's tutorials once per language: a step's own way on where it has one (*Next*
after an explanation, and after a question's right answer, which is measured with its feedback shown),
else the step's address (``#learn/<tutorial>/<n>``: an exercise's move is the reader's to find).  At each
step the window is turned through the walk's sizes, as a reader turns a tablet or resizes a window, and
measured at each (a walk per size asked the engine for each step's screen once per size); the sizes go back
and forth, so that each step opens at the size the step before ended at, the first one of the list or the
last.
"""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from lostcities.ui import games, tutorial
from tests.e2e import conftest
from tests.e2e import test_accessibility as accessibility
from tests.e2e import test_layout as layout

SIZES: typing.Final = layout.SIX_VIEWPORTS
SHIPPED: typing.Final = tuple(sorted({entry.name for entry in games.BUILT_IN}))
PHONES: typing.Final = ((360, 640), (390, 844))
"""The sizes German is walked at too: its longer words break there first."""
SIZES_OF: typing.Final = {"en": SIZES, "de": PHONES}
"""The sizes each language is walked at."""
AXE_LANGS: typing.Final = ("en",)
"""The walks that run axe-core at each step (its serious and critical findings fail the walk): about 0.1-0.3 s
of the renderer's CPU a run; the German walk shows the same elements with other words."""
CASES: typing.Final = [(game, lang) for lang in SIZES_OF for game in SHIPPED]
"""Each walk: the game and the language."""

# A text box that cuts its text: an element holding text of its own whose content overflows a box that
# hides or scrolls it (the words for screen readers only, in a 1 px box, are not shown at all).
CLIPPED_JS: typing.Final = r"""
() => {
  const found = [];
  for (const el of document.querySelectorAll('main *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    // not shown: no box, or a box of 1 px or less (words for screen readers only, a button shown on focus)
    if (!own || !el.getClientRects().length || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
    const style = getComputedStyle(el);
    const ys = style.overflowY !== 'visible', xs = style.overflowX !== 'visible';
    if ((ys && el.scrollHeight > el.clientHeight + 1) || (xs && el.scrollWidth > el.clientWidth + 1))
      found.push(`the text of ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} is cut`
        + ` (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}):`
        + ` "${el.textContent.trim().slice(0, 40)}"`);
  }
  return found;
}
"""


def tutorials_of(game: str) -> list[tutorial.Tutorial]:
    return [t for t in tutorial.tutorials().values() if t.game == game]


def arrive(page: sync_api.Page, number: int) -> None:
    """Wait for step ``number``'s panel, its height passed on to the layout, and every movement ended."""
    page.locator(f".lc-lesson-count[data-step='{number}']").wait_for(state="attached")
    page.wait_for_function("() => parseInt(getComputedStyle(document.documentElement)"
                           ".getPropertyValue('--lesson-h')) > 20")
    settle(page)


SETTLED_JS: typing.Final = """() => {
  const lesson = document.querySelector('.lc-lesson');
  const passed = parseInt(getComputedStyle(document.documentElement).getPropertyValue('--lesson-h'));
  return !!lesson && passed === Math.ceil(lesson.getBoundingClientRect().height);
}"""


def settle(page: sync_api.Page) -> None:
    """Wait until the lesson panel's height has reached the layout (web/boot.js passes it on in
    ``--lesson-h`` from a ResizeObserver, a frame after the panel changes: an answer's feedback makes the
    panel taller), then for two frames."""
    page.wait_for_function(SETTLED_JS)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


# The screen's class ``has-lesson`` (web/embed_screen.py), which the style sheets select instead of a ``:has()``,
# follows its lesson region: there exactly while the region shows something.
MARKED_JS: typing.Final = r"""
() => [...document.querySelectorAll('.lc-lesson')]
  .filter((region) => region.parentElement.classList.contains('has-lesson') === region.matches(':empty'))
  .map((region) => `the screen ${region.matches(':empty') ? 'has' : 'lacks'} has-lesson`
       + ` (class "${region.parentElement.className}")`)
"""


def problems_here(page: sync_api.Page, where: str) -> list[str]:
    found = layout.measure(page) + page.evaluate(CLIPPED_JS) + page.evaluate(MARKED_JS)
    return [f"{where}: {p}" for p in found]


def problems_at_each_size(page: sync_api.Page, where: str, sizes: typing.Sequence[tuple[int, int]],
                          axe: bool) -> list[str]:
    """:func:`problems_here` at each of ``sizes`` in turn, the window resized to it and the lesson panel's
    height passed on again (:func:`settle`), and with ``axe`` axe-core's serious and critical findings at the
    last size; ``where`` names the step."""
    found: list[str] = []
    for width, height in sizes:
        if page.viewport_size != {"width": width, "height": height}:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
        found += problems_here(page, f"{where} at {width}x{height}")
    if axe:
        width, height = sizes[-1]
        found += [f"{where} at {width}x{height}: axe {finding}"
                  for finding in accessibility.serious(accessibility.violations(page))]
    return found


@pytest.mark.long
@pytest.mark.parametrize(("game", "lang"), CASES, ids=[f"{game}-{lang}" for game, lang in CASES])
def test_every_tutorial_step_fits_every_screen(shared: sync_api.Page, site: str, game: str, lang: str) -> None:
    page = conftest.start_over(shared, site + ("" if lang == "en" else f"?lang={lang}"))
    assert page.evaluate("document.documentElement.lang") == lang
    sizes = list(SIZES_OF[lang])
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    problems: list[str] = []
    walked = 0
    for tut in tutorials_of(game):
        page.evaluate("location.hash = ''")
        page.locator("html[data-route='home']").wait_for(state="attached")
        by_next = False
        for number, step in enumerate(tut.steps, start=1):
            if not by_next:
                page.evaluate("(where) => { location.hash = where; }", f"#learn/{tut.id}/{number}")
            arrive(page, number)
            where = f"{tut.id} step {number} ({lang})"
            problems += problems_at_each_size(page, where, sizes, lang in AXE_LANGS)
            walked += 1
            if step.kind is tutorial.StepKind.CHOICE:
                page.click(f"[data-action=lesson-answer][data-choice='{step.answer}']")
                page.locator(".lc-lesson-feedback.is-success").wait_for()
                settle(page)
                problems += problems_at_each_size(page, f"{where}, answered", sizes[::-1], lang in AXE_LANGS)
            else:
                sizes.reverse()  # the next step opens at the size this one ends at, and starts there
            following = page.locator("[data-action=lesson-next]")
            by_next = number < len(tut.steps) and following.count() > 0
            if by_next:
                following.click()
    assert walked == sum(len(t.steps) for t in tutorials_of(game)) > 0
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
