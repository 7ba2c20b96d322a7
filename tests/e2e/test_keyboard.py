"""A whole turn of each game by keyboard alone (issue 20), asserting where the focus is after every
action: never on the page's body, always on the control used or the next one to use.

Card game: *Skip to my hand*, an arrow to the next card, Enter (the focus goes to the card's
buttons), Enter on Discard (to the draw pile), Enter to draw (back to the hand once the computer
has played).  Board game: a card, its first button, the move step's answer if there is one, the
draw pile, back to the hand.  Roll & Write: *Skip to the dice*, arrows to a colour die, Enter (on to
the number dice), arrows to a number die, Enter (on to the first place to write it), Enter.
"""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest, positions, test_layout, test_roll

ACTIVE_JS = """() => { const a = document.activeElement;
  return a === document.body || !a ? null : {tag: a.tagName, cls: a.className, data: {...a.dataset}}; }"""


@pytest.fixture
def home(shared: sync_api.Page, site: str) -> sync_api.Page:
    """The tests' shared page (conftest's ``shared``) started over at the site's home."""
    return conftest.start_over(shared, site)


def active(page: sync_api.Page) -> dict[str, typing.Any]:
    found = page.evaluate(ACTIVE_JS)
    assert found is not None, "the focus fell back to the page's body"
    return typing.cast(dict[str, typing.Any], found)


def wait_focus(page: sync_api.Page, selector: str, timeout: int = 30_000) -> dict[str, typing.Any]:
    """Wait until the focused element matches ``selector``; its description."""
    try:
        page.wait_for_function("(s) => document.activeElement && document.activeElement.matches(s)",
                               arg=selector, timeout=timeout)
    except sync_api.TimeoutError:
        raise AssertionError(f"the focus is not on {selector} but on {page.evaluate(ACTIVE_JS)}") from None
    return active(page)


def skip_in(page: sync_api.Page, words: str) -> None:
    """From the top of the page, Tab to the screen's first button (*Skip to ...*) and press it."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.lc-skip')"):
            break
    skip = wait_focus(page, ".lc-skip")
    assert skip["tag"] == "BUTTON" and page.locator(".lc-skip").inner_text() == words
    box = page.locator(".lc-skip").bounding_box()
    assert box is not None and box["width"] > 40, "the skip button shows when it has the focus"
    page.keyboard.press("Enter")


def test_a_card_game_turn_by_keyboard(home: sync_api.Page) -> None:
    page = home
    test_layout.open_position(page, "card", positions.mid_game("card"))
    skip_in(page, "Skip to my hand")
    first = wait_focus(page, ".lc-hand [data-target=hand]")["data"]["card"]
    page.keyboard.press("ArrowRight")
    second = wait_focus(page, ".lc-hand [data-target=hand]")["data"]["card"]
    assert second != first, "the right arrow moves to the next card of the hand"
    page.keyboard.press("ArrowLeft")
    assert wait_focus(page, ".lc-hand [data-target=hand]")["data"]["card"] == first
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # choose it: on to its buttons (Play when it can be played)
    page.locator(f".lc-hand [data-card='{second}'][aria-pressed='true']").wait_for()
    wait_focus(page, "[data-action=play], [data-action=discard]")
    if page.evaluate("document.activeElement.dataset.action") == "play":
        page.keyboard.press("Tab")  # Play, then Discard
    wait_focus(page, "[data-action=discard]")
    page.keyboard.press("Enter")
    page.locator("[data-phase='draw']").wait_for(state="attached")
    wait_focus(page, "[data-target=deck]")  # the draw completes the turn
    hand = page.locator(".lc-hand .lc-card").count()
    page.keyboard.press("Enter")
    page.locator(".lc-screen[data-phase='play'] .lc-hand [data-target=hand]").first.wait_for()
    wait_focus(page, ".lc-hand [data-target=hand]")  # the computer has played: the hand again
    assert page.locator(".lc-hand .lc-card").count() == hand + 1


def test_a_board_game_turn_by_keyboard(home: sync_api.Page) -> None:
    page = home
    test_layout.open_position(page, "board", positions.mid_game("board"))
    skip_in(page, "Skip to my hand")
    wait_focus(page, ".lc-hand [data-target=hand]")
    page.keyboard.press("End")
    page.keyboard.press("Enter")  # the last card: on to its first button
    wait_focus(page, "[data-action=piece], [data-action=begin], [data-action=advance], [data-action=throw]")
    page.keyboard.press("Enter")
    page.locator("[data-phase='draw'], [data-phase='move']").first.wait_for(state="attached")
    if page.locator("[data-phase='move']").count():  # an arrow or a tile: the move's buttons
        wait_focus(page, "[data-action=move], [data-action=enter], [data-action=no-move]")
        page.keyboard.press("Enter")
        page.locator("[data-phase='draw']").wait_for(state="attached")
    wait_focus(page, "[data-target=deck]")
    page.keyboard.press("Enter")
    page.locator(".lc-screen[data-phase='play'] .lc-hand [data-target=hand]").first.wait_for()
    wait_focus(page, ".lc-hand [data-target=hand]")


def arrow_to(page: sync_api.Page, die: str) -> None:
    """Arrow keys along the dice until ``die`` has the focus (the group goes round)."""
    for _ in range(6):
        if page.evaluate("document.activeElement.dataset.die") == die:
            return
        page.keyboard.press("ArrowRight")
    wait_focus(page, f"[data-die='{die}']", timeout=1_000)


def test_a_roll_and_write_turn_by_keyboard(home: sync_api.Page) -> None:
    page = home
    test_layout.open_position(page, "roll", positions.mid_game("roll"))
    pair = test_roll.written_pair(page)  # a pair of free dice that fits the sheet
    assert pair is not None, "no pair of dice fits the position's sheet"
    colour, number = pair
    skip_in(page, "Skip to the dice")
    wait_focus(page, ".rw-dice [data-die]")
    assert page.locator(".rw-dice [data-die][tabindex='0']").count() == 1, "the dice are one stop of the Tab key"
    arrow_to(page, colour)
    page.keyboard.press("Enter")  # picked: on to the number dice
    page.locator(f"[data-die='{colour}'][data-state='selected']").wait_for(state="attached")
    assert wait_focus(page, ".rw-dice [data-die]")["data"]["die"].startswith("number-")
    arrow_to(page, number)
    page.keyboard.press("Enter")  # the pair: on to the first place to write it
    place = wait_focus(page, ".rw-places [data-place=write]")
    before = test_layout.moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => parseInt(document.querySelector('.rw-screen').dataset.moves) > {before}")
    written = next(k for k in ("box", "circle", "top") if k in place["data"])
    cell = f"[data-{written}='{place['data'][written]}']"
    assert page.locator(f".rw-main-sheet {cell}").get_attribute("aria-label"), "the sheet names what was written"
    page.wait_for_timeout(300)
    after = active(page)  # never the body: the next control of the turn (the dice, Roll, Refuse, Next)
    assert page.evaluate("() => document.querySelector('.rw-screen').contains(document.activeElement)"), after
