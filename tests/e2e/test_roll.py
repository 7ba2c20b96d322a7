"""Roll & Write in the browser: a whole game by clicks, an acceleration chain, companion mode, saves."""

from __future__ import annotations

import json
import typing

import pytest
from playwright import sync_api

from lostcities import api, roll
from lostcities.ui import roll as roll_html
from tests.e2e import conftest

SCREEN = ".rw-screen"
PERSON_PHASES = ("roll", "choose", "accelerate", "over", "handover")

# Picks, from the DOM alone, the pair of free dice that fits the shown sheet with the smallest jump
# (or null: refuse).  Only reads what a player sees; the clicks are made by Playwright.
PICK_JS = r"""
() => {
  const sheet = document.querySelector('.rw-main-sheet');
  const top = {};
  for (const c of ['red', 'orange', 'yellow', 'green', 'blue', 'purple']) {
    let t = 0, k = 0;
    for (let i = 1; i <= 9; i++) {
      const b = sheet.querySelector(`[data-box="${c}-${i}"] .rw-hand`);
      if (b) { t = parseInt(b.textContent); k = i; }
    }
    top[c] = {t, k, done: k === 9 && !!sheet.querySelector(`[data-top="${c}"].rw-claimed`)};
  }
  const dice = [...document.querySelectorAll('.rw-tray button[data-die]')];
  let best = null;
  for (const c of dice.filter(d => d.dataset.die.startsWith('colour')))
    for (const n of dice.filter(d => d.dataset.die.startsWith('number'))) {
      const info = top[c.dataset.face];
      const v = parseInt(n.dataset.face) || 10;
      if (info.done || v < info.t) continue;
      const gap = info.k === 0 ? (v === 10 ? 9 : v - 1) : v - info.t;
      if (!best || gap < best.gap) best = {gap, c: c.dataset.die, n: n.dataset.die};
    }
  return best && best.gap <= 3 ? [best.c, best.n] : null;
}
"""


def phase(page: sync_api.Page) -> str:
    return str(page.get_attribute(SCREEN, "data-phase"))


def moves(page: sync_api.Page) -> int:
    return int(page.get_attribute(SCREEN, "data-moves") or 0)


def wait_phase(page: sync_api.Page, *phases: str, timeout: int = 60_000) -> str:
    page.wait_for_function(
        "phases => { const s = document.querySelector('.rw-screen'); return s && phases.includes(s.dataset.phase); }",
        arg=list(phases), timeout=timeout)
    return phase(page)


def click_for_move(page: sync_api.Page, target: str | sync_api.Locator) -> None:
    """Click and wait until the game has taken the action."""
    before = moves(page)
    (page.locator(target) if isinstance(target, str) else target).click()
    page.wait_for_function(f"() => parseInt(document.querySelector('.rw-screen').dataset.moves) > {before}")


def play_decision(page: sync_api.Page) -> bool:
    """One decision of the person to act, by clicks; False once the game is over."""
    current = wait_phase(page, *PERSON_PHASES)
    if current == "over":
        return False
    if current == "handover":
        page.click("[data-action=ready]")
    elif current == "roll":
        click_for_move(page, "[data-action=roll]")
    elif current == "accelerate":
        click_for_move(page, page.locator("[data-accelerate]").first)  # the first legal expedition
    else:
        pick = page.evaluate(PICK_JS)
        if pick is None:
            click_for_move(page, "[data-action=refuse]")
        else:
            page.click(f"[data-die='{pick[0]}']")
            page.click(f"[data-die='{pick[1]}']")
            # a highlighted box is tapped on the sheet (44 px on this screen); a double circle or a top
            # artefact (a thin row) is written with its big button
            boxes = page.locator(".rw-main-sheet .rw-box.rw-target")
            click_for_move(page, boxes.first if boxes.count() else page.locator(".rw-places .rw-place").first)
    return True


def storage(page: sync_api.Page, key: str) -> typing.Any:
    text = page.evaluate("key => localStorage.getItem(key)", f"lostcities:{key}")
    return None if text is None else json.loads(text)


def put(page: sync_api.Page, key: str, value: typing.Any) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [f"lostcities:{key}", text])


def start_game(page: sync_api.Page, *, pace: str = "instant", kinds: tuple[str, ...] = ("human", "easy")) -> None:
    wait_phase(page, "setup")
    page.check("input[name=mode][value=game]")
    page.select_option("select[name=count]", str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.fill(f"input[name=name{i}]", "You" if i == 0 else f"Bot {i}" if kind != "human" else f"P{i + 1}")
        page.select_option(f"select[name=kind{i}]", kind)
    page.check(f"input[name=pace][value={pace}]")
    page.click("[data-action=start]")


def save_with(state: roll.State, kinds: tuple[str, ...] = ("human", "easy"),
              pace: str = "instant") -> dict[str, typing.Any]:
    seats = [{"name": "You" if k == "human" else f"Bot {i}", "kind": k} for i, k in enumerate(kinds)]
    return {"format": "lostcities.roll-ui", "version": 1,
            "setup": {"mode": "game", "seats": seats, "in_sequence": False, "pace": pace},
            "state": state.to_dict(), "ui": {"viewer": 0}}


# -- (a) a whole game ----------------------------------------------------------------------


@pytest.mark.long
def test_a_whole_game_against_the_easy_computer_by_clicks(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=7#roll")
    start_game(page)
    decisions = 0
    while play_decision(page):
        decisions += 1
        assert decisions < 400
    # The final scores shown are those of the core's own state, rebuilt from the save.
    state = api.state_from_dict(storage(page, "roll:save")["state"])
    assert isinstance(state, roll.State) and state.is_terminal()
    assert moves(page) == len(state.history)
    for player, breakdown in enumerate(state.breakdowns()):
        for column, value in breakdown.to_dict().items():
            cell = page.locator(f".rw-end-table td[data-player='{player}'][data-col='{column}']")
            assert cell.inner_text().strip() == roll_html.number(value), (player, column)
    winner = page.locator(".rw-result").inner_text()
    assert ("You" if 0 in state.winners() else "Bot 1") in winner


# -- (b) an acceleration chain ----------------------------------------------------------------


def test_an_acceleration_chain_through_the_ui(shared: sync_api.Page, site: str) -> None:
    state = roll.Game(players=2).new_state()
    for action in ("roll red red red 1 1 1", "take red 1", "refuse",
                   "roll red orange orange 1 1 2", "take orange 1", "take red 1",
                   "roll orange red blue 1 2 5", "take orange 1", "refuse",
                   "roll green green green 3 3 3", "take green 3", "take green 3",
                   "roll red blue green 2 4 6"):
        state.apply(action)
    page = conftest.start_over(shared, site)
    put(page, "roll:save", save_with(state))
    page.goto(site + "#roll")
    assert wait_phase(page, "choose") == "choose"
    # red 2 goes in red box 3, which carries an arrow
    page.click("[data-die=colour-0]")
    page.click("[data-die=number-0]")
    # The engine answers each click a message later (it runs in a Web Worker).
    sync_api.expect(page.locator(".rw-main-sheet .rw-target")).to_have_count(1)
    conftest.assert_pulses_end(page, ".rw-main-sheet .rw-target", 1)
    click_for_move(page, ".rw-main-sheet [data-box='red-3'].rw-target")
    assert phase(page) == "accelerate"
    assert page.locator(".rw-main-sheet .rw-target").count() == 6  # every expedition's next box
    assert "red 2 in box 3" in page.locator(".rw-chain").inner_text()
    # accelerate orange: its 1 is written again in box 2, another arrow
    click_for_move(page, ".rw-main-sheet [data-box='orange-2'].rw-target")
    assert phase(page) == "accelerate"
    assert page.locator(".rw-main-sheet [data-box='orange-2'] .rw-hand").inner_text() == "1"
    assert "orange 1 in box 2" in page.locator(".rw-chain").inner_text()
    # then green with the button: 3 again in box 2, a third arrow; then decline
    click_for_move(page, "[data-accelerate=green]")
    assert page.locator(".rw-chain li").count() == 3
    for key in ("red-3", "orange-2", "green-2"):  # this turn's marks stand out
        assert "rw-fresh" in (page.locator(f".rw-main-sheet [data-box='{key}']").get_attribute("class") or "")
    click_for_move(page, "[data-accelerate=none]")
    wait_phase(page, "roll", "choose", "ai")
    saved = typing.cast(roll.State, api.state_from_dict(storage(page, "roll:save")["state"]))
    sheet = saved.sheets[0]
    assert sheet.expedition(roll.Colour.RED) == (1, 1, 2)
    assert sheet.expedition(roll.Colour.ORANGE) == (1, 1)
    assert sheet.expedition(roll.Colour.GREEN) == (3, 3)
    assert not sheet.is_accelerating()
    notations = [a.notation() for a in saved.history]
    first = notations.index("take red 2")
    assert notations[first:first + 4] == ["take red 2", "accelerate orange", "accelerate green", "accelerate none"]


# -- (c) companion mode ----------------------------------------------------------------------


def test_companion_mode_entries_refusals_and_bridges(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "#roll")  # the reload below is a real one
    page.check("input[name=mode][value=companion]")
    page.fill("input[name=companion_name]", "Mia")
    page.click("[data-action=start]")
    assert wait_phase(page, "companion") == "companion"

    def enter(colour: str, number: int, where: str) -> None:
        page.click(f"[data-pick-colour={colour}]")
        page.click(f"[data-pick-number='{number}']")
        page.click(where)

    enter("blue", 5, "[data-box=blue-1]")
    enter("yellow", 0, "[data-circle=yellow]")
    # an illegal entry: refused with the core's reason, nothing written
    enter("blue", 3, "[data-box=blue-2]")
    assert page.locator(".rw-status").inner_text() == "Blue already holds 5: numbers must not decrease."
    assert page.locator("[data-box=blue-2] .rw-hand").count() == 0
    page.click("[data-action=clear]")
    page.click("[data-action=refuse]")
    # another player passed the green bridge first
    page.click(".rw-ticks [data-bridge=green]")
    sync_api.expect(page.locator(".rw-main-sheet [data-bridge=green]")).to_have_attribute("data-mark", "closed")
    data = storage(page, "roll:companion")
    sheet = roll.Sheet.from_dict(data["sheet"])
    assert sheet.expedition(roll.Colour.BLUE) == (5,)
    assert sheet.is_circled(roll.Colour.YELLOW) and sheet.dice == 1
    assert sheet.bridge(roll.Column.GREEN) is roll.BridgeMark.CLOSED
    assert page.locator(".rw-main-sheet [data-total]").get_attribute("data-total") == str(sheet.score())
    # the sheet survives a reload; undo takes back the last entry
    page.reload()
    page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    assert wait_phase(page, "companion") == "companion"
    assert page.locator("[data-box=blue-1] .rw-hand").inner_text() == "5"
    page.click("[data-action=undo]")
    # The engine answers a message later (it runs in a Web Worker).
    sync_api.expect(page.locator(".rw-main-sheet [data-bridge=green]")).to_have_attribute("data-mark", "open")
    page.click("[data-action=finish]")
    page.locator(".rw-end-table td[data-col=total]").wait_for()
    assert page.locator(".rw-end-table td[data-col=total]").inner_text() == roll_html.number(
        roll.Sheet.from_dict(storage(page, "roll:companion")["sheet"]).score())


# -- (d) reload ---------------------------------------------------------------------------------


def test_reload_restores_the_position_and_the_computer_resumes(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=11#roll")  # the reloads below are real ones
    start_game(page)
    for _ in range(5):
        play_decision(page)
    wait_phase(page, "choose", "roll")
    sheet_before = page.locator(".rw-main-sheet").inner_html()
    roll_before = page.locator(".rw-tray").inner_html().replace(" rw-rolling", "")
    count = moves(page)
    page.reload()
    page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    wait_phase(page, "choose", "roll")
    assert moves(page) == count
    assert page.locator(".rw-main-sheet").inner_html() == sheet_before
    assert page.locator(".rw-tray").inner_html().replace(" rw-rolling", "") == roll_before
    # A game left while the computer was to choose: it carries on by itself after the reload.
    saved = roll.Game(players=2).new_state()
    for action in ("roll red red blue 1 4 7", "take red 1"):
        saved.apply(action)
    assert saved.current_player == 1
    put(page, "roll:save", save_with(saved, pace="relaxed"))
    page.reload()
    page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    assert phase(page) == "ai"
    # The restored position: the person's red expedition tops at 1.  Read on their sheet's tab, which
    # is always there: at the relaxed pace the table may already show the computer's sheet as it chooses.
    # the tab's numbers are drawn by the style sheet (its name says the words it shows: issue 20)
    assert page.locator(".rw-thumb[data-sheet='0'] .rw-bar.rw-red b").get_attribute("data-paint") == "1"
    page.wait_for_function("() => parseInt(document.querySelector('.rw-screen').dataset.moves) > 2")
    after = typing.cast(roll.State, api.state_from_dict(storage(page, "roll:save")["state"]))
    assert [a.notation() for a in after.history[:2]] == ["roll red red blue 1 4 7", "take red 1"]
    assert after.sheets[1] != saved.sheets[1] or after.history[2].notation() == "refuse"


# -- (e) damaged saves --------------------------------------------------------------------------


def test_a_damaged_or_old_save_offers_a_new_game(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)  # each later goto(site) from #roll is a real load
    put(page, "roll:save", "{this is not json")
    page.goto(site + "#roll")
    assert wait_phase(page, "problem") == "problem"
    assert "damaged" in page.locator(".rw-problem-text").inner_text()
    page.click("[data-action=new-after-problem]")
    assert wait_phase(page, "setup") == "setup"
    assert storage(page, "roll:save") is None
    # an old version, then a position that does not follow the rules
    put(page, "roll:save", {"format": "lostcities.roll-ui", "version": 0})
    page.goto(site)
    page.goto(site + "#roll")
    assert wait_phase(page, "problem") == "problem"
    assert "older version" in page.locator(".rw-problem-text").inner_text()
    state = roll.Game(players=2).new_state()
    data = save_with(state)
    data["state"]["history"] = ["roll red red red 1 1 1", "take blue 1"]
    put(page, "roll:save", data)
    page.goto(site)
    page.goto(site + "#roll")
    assert wait_phase(page, "problem") == "problem"
    assert "damaged" in page.locator(".rw-problem-text").inner_text()
    page.click("[data-action=new-after-problem]")
    start_game(page)
    assert wait_phase(page, "roll") == "roll"


# -- (d) a phone: the sheet is a display only, the big buttons play -------------------------------

# What on the sheet can be focused, or reports taps and takes them (a display only has nothing).
SHEET_LIVE_JS = r"""
() => [...document.querySelectorAll('.rw-sheet *')].filter((el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  return el.tabIndex >= 0 || (!!el.closest('[data-target]') && getComputedStyle(el).pointerEvents !== 'none');
}).map((el) => el.dataset.box || el.dataset.circle || el.dataset.top || el.className)
"""


def big_click(page: sync_api.Page, target: str | sync_api.Locator) -> None:
    """Click a control after checking that it is at least 44 px each way; wait for the game to take it."""
    locator = page.locator(target).first if isinstance(target, str) else target
    box = locator.bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= 43.5, (target, box)
    click_for_move(page, locator)


def written_pair(page: sync_api.Page) -> tuple[str, str] | None:
    """Die keys of a pair that fits the sheet of the player to choose, from the saved game (None: none)."""
    state = api.state_from_dict(storage(page, "roll:save")["state"])
    assert isinstance(state, roll.State) and state.roll is not None
    sheet, r = state.sheets[state.current_player], state.roll
    taken = roll_html.taken_dice(r, state.taken) if state.phase is roll.Phase.OTHERS else frozenset()
    for c, colour in enumerate(r.colours):
        for n, number in enumerate(r.numbers):
            if sheet.targets(colour, number) and not {f"colour-{c}", f"number-{n}"} & taken:
                return f"colour-{c}", f"number-{n}"
    return None


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["390x844", "844x390"])
def test_a_whole_turn_on_a_phone_with_the_big_buttons_alone(shared: sync_api.Page, site: str,
                                                            size: tuple[int, int]) -> None:
    shared.set_viewport_size({"width": size[0], "height": size[1]})
    page = conftest.start_over(shared, site + "?seed=7#roll")
    start_game(page)
    written = 0
    while written < 2:  # a turn of each kind: the player's own roll, then the computer's roll
        current = wait_phase(page, "roll", "choose", "accelerate")
        assert page.evaluate(SHEET_LIVE_JS) == [], "the sheet is a display only on a phone"
        if current == "roll":
            big_click(page, "[data-action=roll]")
        elif current == "accelerate":
            big_click(page, "[data-accelerate]")
        else:
            pair = written_pair(page)
            if pair is None:
                big_click(page, "[data-action=refuse]")
                continue
            for die in pair:
                page.click(f"[data-die='{die}']")
            place = page.locator(".rw-places .rw-place").first
            label = str(place.get_attribute("aria-label"))
            assert label.startswith(("Write ", "Mark the ", "Claim the ")) and label.endswith("."), label
            # a tap on the highlighted cell writes nothing (it passes through the sheet)
            before = moves(page)
            cell = page.locator(".rw-main-sheet .rw-target").first.bounding_box()
            assert cell is not None and min(cell["width"], cell["height"]) < 44
            page.mouse.click(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
            assert moves(page) == before and phase(page) == "choose"
            assert page.locator(".rw-places .rw-place").count() >= 1
            # the big button writes it; the first time with the keyboard
            key = next(str(place.get_attribute(f"data-{k}")) for k in ("box", "circle", "top")
                       if place.get_attribute(f"data-{k}") is not None)
            if "-" in key:  # a box: it stands out on the sheet while its button is pointed at
                target = page.locator(f".rw-main-sheet [data-box='{key}']")
                width = "el => getComputedStyle(el).outlineWidth"
                assert target.evaluate(width) == "3px"
                place.hover()
                assert target.evaluate(width) == "4px"
            if written == 0:
                place.focus()
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"() => parseInt(document.querySelector('.rw-screen').dataset.moves) > {before}")
            else:
                big_click(page, place)
            if "-" in key:  # a box (red-4): its number is written there
                assert page.locator(f".rw-main-sheet [data-box='{key}'] .rw-hand").count() == 1
            written += 1
    assert page.evaluate("document.documentElement.scrollHeight") <= size[1] + 1
