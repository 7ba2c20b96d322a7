"""German beside English in a real browser: ``?lang=de`` (a card game, a board game and a Roll & Write
turn), the remembered language switch (a board game switched mid-turn), the built pages in German before
Python runs, and the embed's ``lang`` (an embedded Roll & Write tutorial, its poster and its refusal of a
parameter)."""

from __future__ import annotations

import json
import random

import pytest
from playwright import sync_api

from lostcities import board
from tests.e2e import conftest
from tests.e2e import test_board as board_page
from tests.e2e import test_card as card_page
from tests.e2e import test_roll as roll_page

SAVE = "lostcities:card:save"


def html_lang(page: sync_api.Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def test_lang_de_plays_a_card_game_move_in_german(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?lang=de&seed=5#card")
    assert html_lang(page) == "de"
    card_page.wait_phase(page, "setup")
    assert page.locator("#lc-setup-title").inner_text() == "Das Kartenspiel"
    assert page.locator(".lc-setup legend").first.inner_text() == "Gegner"
    card_page.start(page, "easy")
    card_page.wait_phase(page, "play")
    assert page.locator(".lc-status .lc-prompt").inner_text().startswith("Du bist dran")
    card_page.take_turn(page)
    card_page.wait_phase(page, "play")
    note = page.locator(".lc-status .lc-note")
    assert note.inner_text().startswith("Computer: ") and " und " in note.inner_text(), note.inner_text()
    assert str(page.locator(".lc-toolbar [data-action=moves]").get_attribute("title")).startswith("Züge (")
    page.click(".lc-toolbar [data-action=moves]")  # one tap, on the table
    page.locator(".lc-moves-panel li").first.wait_for()  # drawn a message later (the engine's worker)
    lines = page.locator(".lc-moves-panel li").all_inner_texts()
    assert any(line.startswith("Du legst ") for line in lines), lines
    assert any("Nachziehstapel" in line for line in lines), lines
    assert page.locator("[data-action=menu]").inner_text() == "Menü"


def test_the_menu_switch_changes_the_language_of_a_game_in_progress(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=6#card")  # the reload below is a real one
    assert html_lang(page) == "en"  # the test browser speaks English
    card_page.start(page, "easy")
    card_page.wait_phase(page, "play")  # the engine answers a message later (in its worker)
    card_page.take_turn(page)
    card_page.wait_phase(page, "play")
    before = json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["state"]
    page.click("[data-action=menu]")
    page.click(".lc-menu a[data-lang=de]")
    card_page.wait_phase(page, "play")
    assert html_lang(page) == "de"
    assert page.locator(".lc-status .lc-prompt").inner_text().startswith("Du bist dran")
    told = page.locator(".lc-status").inner_text()  # what the last turn did was told in English: not shown
    assert not any(word in told for word in (" played ", " discarded ", " drew ")), told
    assert json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["state"] == before, "the game went on as it was"
    assert page.evaluate("localStorage.getItem('lostcities:lang')") == "de"
    page.reload()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    card_page.wait_phase(page, "play")
    assert html_lang(page) == "de" and page.locator("[data-action=menu]").inner_text() == "Menü", "remembered"
    page.click("[data-action=menu]")
    page.click(".lc-menu a[data-lang=en]")
    card_page.wait_phase(page, "play")
    assert html_lang(page) == "en" and page.locator("[data-action=menu]").inner_text() == "Menu"
    assert json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["state"] == before


def test_the_built_pages_are_german_before_python_runs(page: sync_api.Page, site: str) -> None:
    """web/page.js shows the build's German pages at the first paint, with no Python at all."""
    page.route("**/pyscript/core.js", lambda route: route.abort())
    page.goto(site + "?lang=de")
    assert html_lang(page) == "de"
    assert page.locator(".home .tagline").inner_text().startswith("Reiner Knizias Expeditionen")
    assert page.locator(".game-tile .play-button").first.inner_text() == "Spielen"
    page.evaluate("location.hash = '#card'")
    page.locator("#app .lc-setup").wait_for()
    assert page.locator("#lc-setup-title").inner_text() == "Das Kartenspiel"
    assert page.locator("#topbar-crumb").inner_text().strip().endswith("Das Kartenspiel")


def test_a_malformed_lang_is_answered_in_plain_words_and_english(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?lang=klingon")
    assert html_lang(page) == "en"
    assert "Ignoring lang=klingon: the site speaks de or en." in page.locator("#notice").inner_text()


def test_the_embed_speaks_its_lang(page: sync_api.Page, site: str) -> None:
    conftest.open_site(page, site + "embed.html?game=card&lang=de&seed=3&autoplay=1")
    assert html_lang(page) == "de"
    page.locator("#app .lc-status .lc-prompt").wait_for()
    assert page.locator("#app .lc-status .lc-prompt").inner_text().startswith("Du bist dran")
    conftest.open_site(page, site + "embed.html?game=card&lang=xx&autoplay=1")
    assert html_lang(page) == "en"
    assert "Lang must be one of en, de, not 'xx'." in page.locator(".lc-embed-problem").inner_text()


# -- the board game ----------------------------------------------------------------------------------

BOARD_SAVE = "lostcities:board:save"


@pytest.mark.long
def test_lang_de_plays_a_board_game_round_in_german(shared: sync_api.Page, site: str) -> None:
    """A whole short board game (one round) by clicks with ``?lang=de``: the setup, the prompts, a
    refusal, the computer's log lines, the round's end and the winner in the German rulebook's words."""
    page = conftest.start_over(shared, site + "?lang=de&seed=4#board")
    assert html_lang(page) == "de"
    board_page.wait_phase(page, "setup")
    assert page.locator("#lc-setup-title").inner_text() == "Das Brettspiel"
    assert "Verdeckte Punkte" in page.locator(".lc-setup").inner_text()
    board_page.start(page, ["human", "easy"])
    board_page.wait_phase(page, "play")
    assert page.locator(".lc-status .lc-prompt").inner_text().startswith("Du bist dran: Wähle eine Karte")
    assert "Nachziehstapel" in page.locator(".lcb-counters").inner_text()
    page.click("[data-target=path][data-colour=Y]")  # no card chosen: refused in German
    sync_api.expect(page.locator(".lc-status .is-error")).to_have_text("Wähle zuerst eine Karte von deiner Hand.")
    seen: list[str] = []

    def on_turn(state: board.State) -> None:
        seen.extend(page.locator(".lc-status .lc-note").all_inner_texts())

    state = board_page.play_to_end(page, random.Random(4), on_turn)
    assert state.is_terminal()
    assert any(line.startswith("Computer ") and (" zieht " in line or " wirft " in line or " beginnt " in line
                                                  or " legt " in line or " nimmt " in line) for line in seen), seen
    results = page.locator(".lcb-results")
    assert results.locator("h2").inner_text().startswith("Die Runde ist vorbei: ")
    assert "gewinn" in page.locator(".lc-winner").inner_text()
    assert results.locator(".lcb-track h3").inner_text() == "Wertungsleiste (kurz)"
    assert page.locator("[data-action=new-match]").inner_text() == "Neues Spiel"
    page.click(".lc-toolbar [data-action=moves]")  # one tap, on the table
    page.locator(".lc-moves-panel li").first.wait_for()  # drawn a message later (the engine's worker)
    lines = page.locator(".lc-moves-panel li").all_inner_texts()
    assert any(line.startswith("Du ") for line in lines), lines
    assert any("Die Runde ist vorbei (" in line for line in lines), lines


def test_the_menu_switch_changes_the_language_of_a_board_game_in_progress(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?seed=8#board")
    assert html_lang(page) == "en"
    board_page.start(page, ["human", "easy", "medium"])
    board_page.wait_phase(page, "play")
    rng = random.Random(8)
    board_page.click_action(page, board_page.choose(board_page.saved_state(page), rng))
    board_page.wait_phase(page, "move", "draw")
    before = json.loads(page.evaluate(f"localStorage.getItem('{BOARD_SAVE}')"))["state"]
    assert page.locator(".lc-status .lc-prompt").inner_text().startswith("Your turn")
    page.click("[data-action=menu]")
    page.click(".lc-menu a[data-lang=de]")
    board_page.wait_phase(page, "move", "draw")
    assert html_lang(page) == "de"
    sync_api.expect(page.locator(".lc-status .lc-prompt")).to_contain_text("Du bist dran")
    assert "Brücken" in page.locator(".lcb-counters").inner_text()
    assert json.loads(page.evaluate(f"localStorage.getItem('{BOARD_SAVE}')"))["state"] == before, "the same game"
    board_page.click_action(page, board.Draw() if board_page.phase(page) == "draw" else board.Move())
    if board_page.phase(page) == "draw":
        board_page.click_action(page, board.Draw())
    board_page.wait_phase(page, "play")  # the computers' turns, narrated in German
    notes = page.locator(".lc-status .lc-note").all_inner_texts()
    assert any(note.startswith("Computer") and (" zieht " in note or " nimmt " in note) for note in notes), notes
    page.click("[data-action=menu]")
    page.click(".lc-menu a[data-lang=en]")
    board_page.wait_phase(page, "play")
    assert html_lang(page) == "en"
    sync_api.expect(page.locator(".lc-status .lc-prompt")).to_contain_text("Your turn")


def test_lang_de_plays_a_roll_and_write_turn_in_german(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site + "?lang=de&seed=5#roll")
    assert html_lang(page) == "de"
    roll_page.wait_phase(page, "setup")
    assert page.locator(".rw-intro").inner_text().startswith("Wirf drei Farbwürfel")
    assert page.get_attribute('link[rel="manifest"]', "href") == "./web/manifest.de.webmanifest"
    page.check("input[name=mode][value=solo]")
    page.click("[data-action=start]")
    roll_page.wait_phase(page, "roll")
    assert page.locator(".rw-status").inner_text() == "Würfle."
    assert page.locator("[data-action=roll]").inner_text() == "Würfeln"
    roll_page.click_for_move(page, "[data-action=roll]")
    roll_page.wait_phase(page, "choose")
    assert page.locator(".rw-status").inner_text() == "Wähle Farb- und Zahlenwürfel oder verzichte."
    page.locator(".rw-main-sheet [data-box='purple-9']").click()  # no pair picked yet: refused in German
    assert page.locator(".rw-status.rw-is-error").inner_text() == (
        "Wähle zuerst einen Farbwürfel und einen Zahlenwürfel, dann tippe, wohin sie kommen.")
    assert page.locator("[data-action=refuse]").inner_text() == "Verzichten: Würfelsymbol schraffieren"
    page.click("[data-die='colour-0']")
    page.click("[data-die='number-0']")
    place = page.locator(".rw-places .rw-place").first
    assert place.locator(".rw-place-text").inner_text().endswith(" 1"), place.inner_text()
    roll_page.click_for_move(page, place)
    roll_page.wait_phase(page, "roll", "accelerate")
    line = page.locator(".lc-last-move").inner_text()
    assert line.startswith("Du nimmst ") and " in Kästchen 1 der Expedition " in line, line


def test_an_embedded_roll_tutorial_runs_in_german(page: sync_api.Page, site: str) -> None:
    page.goto(site + "embed.html?tut=roll-choosing-dice&lang=de")
    page.locator("#embed-poster:not([hidden]) .lc-lesson-panel").filter(has_text="Schritt 1 von 5").wait_for()
    assert html_lang(page) == "de"
    assert page.locator("#embed-title").inner_text() == "Würfel wählen"
    assert page.locator("#embed-summary").inner_text().endswith("(5 Schritte)")
    assert page.locator("#embed-kicker").text_content() == "Lost Cities \u00b7 Roll & Write \u00b7 Lektion"
    page.locator("#embed-play").click()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    panel = page.locator("#app .lc-lesson-panel")
    panel.filter(has_text="Schritt 1 von 5").wait_for()
    assert page.locator("#app .lc-lesson-title").inner_text() == "Würfel wählen"
    page.click("[data-action=lesson-next]")
    panel.filter(has_text="Schritt 2 von 5").wait_for()
    page.click("[data-die='colour-1']")  # orange: not the lesson's move
    page.click("[data-die='number-1']")
    page.locator(".rw-places .rw-place").first.click()
    feedback = page.locator(".lc-lesson-feedback")
    feedback.filter(has_text="Nimm diesmal den roten Würfel und die 2.").wait_for()
    page.click("[data-die='colour-0']")
    page.click("[data-die='number-0']")
    page.locator(".rw-places .rw-place").first.click()
    feedback.filter(has_text="Rot beginnt mit einer 2.").wait_for()
    page.goto(site + "embed.html?tut=roll-choosing-dice&lang=de&step=99&autoplay=1")
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    assert page.locator(".lc-embed-problem").inner_text().endswith(
        "Step muss für diese Lektion zwischen 1 und 5 liegen.")
