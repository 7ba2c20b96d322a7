"""Sound in a real browser (headless: nothing is heard): web/sound.js records every cue it is given
in ``window.lcSounds`` (name, and whether it was audible) and counts its AudioContexts in
``window.lcSoundContexts``.  Sound is off until the player turns it on in the menu, the choice is kept
across a reload, an AudioContext is made only after an input and only while sound is on, and a
computer's moves sound too; the embed is silent unless its host page asks (``sound=1``)."""

from __future__ import annotations

import typing

import pytest
from playwright import sync_api

from tests.e2e import conftest
from tests.e2e import test_table_features as features

TIMEOUT_MS = 30_000


def heard(page: sync_api.Page) -> list[dict[str, typing.Any]]:
    return typing.cast(list[dict[str, typing.Any]], page.evaluate("window.lcSounds.slice()"))


def contexts(page: sync_api.Page) -> int:
    return int(page.evaluate("window.lcSoundContexts"))


def draw_from_deck(page: sync_api.Page) -> None:
    page.click("[data-target='deck']")


def test_sound_is_off_until_turned_on_in_the_menu_and_the_choice_is_kept(page: sync_api.Page, site: str) -> None:
    """A fresh page: that no AudioContext is made before an input and while sound is off cannot be seen
    on a started-over one (web/sound.js keeps its AudioContext and the browser its mark of an input)."""
    features.start_card(page, site)
    assert page.locator(".lc-screen").get_attribute("data-sound") == "off"
    features.discard_first(page)
    # The new game's deal, then the discard: both cued, neither heard.
    assert heard(page) == [{"name": "card", "audible": False}] * 2 and contexts(page) == 0
    page.click("[data-action='menu']")
    toggle = page.locator("[data-action='sound']")
    assert toggle.inner_text() == "Turn sound on"
    toggle.click()
    page.locator(".lc-screen[data-sound='on']").wait_for(state="attached")
    assert toggle.inner_text() == "Turn sound off"
    assert page.evaluate("localStorage.getItem('lostcities:sound')") == "1"
    assert contexts(page) == 1  # made when sound came on, after the click
    page.click("[data-action='close-menu']")
    draw_from_deck(page)
    # The person's draw, then the computer's play (or discard) and draw, each when it is drawn.
    page.wait_for_function("window.lcSounds.filter(s => s.audible).length >= 3", timeout=TIMEOUT_MS)
    assert [s["name"] for s in heard(page)][2:5] == ["card"] * 3 and contexts(page) == 1
    page.reload()
    page.wait_for_selector(conftest.READY, state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    page.locator(".lc-screen[data-sound='on']").wait_for(state="attached", timeout=TIMEOUT_MS)
    assert heard(page) == [] and contexts(page) == 0  # a restored game is silent; no input yet: no audio
    features.discard_first(page)
    assert heard(page) == [{"name": "card", "audible": True}] and contexts(page) == 1


def test_reduced_motion_and_a_new_player_hear_nothing(shared: sync_api.Page, site: str) -> None:
    page = shared
    page.emulate_media(reduced_motion="reduce")
    features.start_card(page, site, visit=conftest.start_over)
    features.discard_first(page)
    draw_from_deck(page)
    page.wait_for_function("() => window.lcSounds.length >= 4", timeout=TIMEOUT_MS)  # the computer's too
    assert not any(s["audible"] for s in heard(page)) and contexts(page) == 0
    assert page.evaluate("localStorage.getItem('lostcities:sound')") is None


@pytest.mark.parametrize("query, audible", [("", False), ("&sound=1", True)])
def test_the_embed_is_silent_unless_its_host_asks(page: sync_api.Page, site: str, query: str, audible: bool) -> None:
    conftest.open_site(page, site + f"embed.html?game=card&mode=play&seed=3&autoplay=1{query}")
    screen = page.locator(".lc-screen[data-phase='play']")
    screen.wait_for(state="attached", timeout=TIMEOUT_MS)
    assert screen.get_attribute("data-sound") == ("on" if audible else "off")
    assert contexts(page) == 0
    features.discard_first(page)
    assert heard(page) == [{"name": "card", "audible": audible}] and contexts(page) == int(audible)


def test_a_malformed_sound_parameter_is_refused_in_plain_words(page: sync_api.Page, site: str) -> None:
    conftest.open_site(page, site + "embed.html?game=card&mode=play&autoplay=1&sound=yes")
    problem = page.locator(".lc-embed-problem")
    problem.wait_for(timeout=TIMEOUT_MS)
    assert "Sound must be 0 or 1, not 'yes'." in problem.inner_text()
