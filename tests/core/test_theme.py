"""The colour theme: the menu's choice (Light / Dark / System, kept for every game like the sound's), the
screen's ``data-theme`` that web/theme.js copies to ``<html>``, and the embed's ``theme`` parameter.  The
palette's contrast in each theme: tests/core/test_colours.py; in the browser: tests/e2e/test_theme.py."""

from __future__ import annotations

import pathlib
import re

import pytest

import board_screen
import card_screen
import embed_screen
import memory_host
from lostcities import i18n
from lostcities.ui import embed
from lostcities.ui import html as lc_html
from lostcities.ui import theme as colour_theme
from tests.core import test_sound
from tests.core import test_table_features as features

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"


def pressed(page: str) -> list[str]:
    """The menu's theme buttons that are pressed (their actions)."""
    return re.findall(r'data-action="(theme-\w+)" aria-pressed="true"', page)


def test_the_system_theme_until_one_is_chosen_in_the_menu_and_the_choice_is_kept_for_every_game() -> None:
    table = features.card_table()
    assert table.root.data["theme"] == "auto"
    table.click("menu")
    assert pressed(table.html()) == ["theme-auto"]
    assert 'aria-labelledby="lc-themes-title"' in table.html() and ">Colours<" in table.html()
    table.click("theme-dark")
    assert table.storage[colour_theme.KEY] == "dark" and table.root.data["theme"] == "dark"
    assert pressed(table.html()) == ["theme-dark"] and table.phase == "menu"
    assert table.root.focus_data == {"action": "theme-dark"}
    other = features.Table(board_screen.BoardAdapter(), storage=table.storage)
    assert other.root.data["theme"] == "dark"
    other.click("menu")
    other.click("theme-light")
    assert table.storage[colour_theme.KEY] == "light" and other.root.data["theme"] == "light"
    other.click("theme-auto")
    assert table.storage[colour_theme.KEY] == "auto" and other.root.data["theme"] == "auto"


def test_a_kept_value_the_site_does_not_know_is_the_systems_theme() -> None:
    table = features.Table(card_screen.CardAdapter(), storage={colour_theme.KEY: "purple"})
    assert table.root.data["theme"] == "auto"


def test_a_browser_that_keeps_nothing_keeps_the_choice_for_the_screen() -> None:
    table = test_sound.keeps_nothing(features.card_table())
    table.click("menu")
    table.click("theme-dark")
    assert table.root.data["theme"] == "dark" and colour_theme.KEY not in table.storage


@pytest.mark.parametrize(("query", "expected"), [({}, "auto"), ({"theme": "light"}, "light"),
                                                 ({"theme": "dark"}, "dark"), ({"theme": "auto"}, "auto")])
def test_the_embed_takes_its_theme_from_its_parameter_and_keeps_nothing(query: dict[str, str], expected: str) -> None:
    config = embed.Config.from_query({"game": "card", "mode": "play", **query})
    assert config.theme.value == expected
    storage = {colour_theme.KEY: "light" if expected == "dark" else "dark"}  # the site's own choice stays outside
    kept = dict(storage)
    host = memory_host.MemoryHost(storage=storage)
    shown = embed_screen.EmbeddedScreen(card_screen.CardAdapter(), host, config, lambda *a: None)
    shown.mount()
    host.run()
    assert shown.theme().value == expected
    shown.menu.choose_theme(colour_theme.Theme.DARK)
    assert shown.theme() is colour_theme.Theme.DARK and storage == kept


@pytest.mark.parametrize("value", ["Dark", "black", "", "1", "system"])
def test_a_malformed_theme_parameter_says_why(value: str) -> None:
    with pytest.raises(embed.EmbedError, match=re.escape(f"theme must be one of light, dark, auto, not {value!r}")):
        embed.Config.from_query({"game": "card", "theme": value})


def test_the_menu_speaks_german() -> None:
    with i18n.using("de"):
        switch = lc_html.theme_switch(colour_theme.Theme.AUTO)
    assert all(english not in switch for english in (">Colours<", ">Light<", ">Dark<", ">System<")), switch


def test_the_page_script_knows_the_key_and_the_themes() -> None:
    script = (WEB / "theme.js").read_text(encoding="utf-8")
    assert f'"{colour_theme.KEY}"' in script
    chosen = re.search(r"var CHOSEN = \{([^}]*)\}", script)
    assert chosen is not None and set(re.findall(r"(\w+): true", chosen.group(1))) == {"light", "dark"}
    sheet = (WEB / "style.css").read_text(encoding="utf-8")
    assert all(f':root[data-theme="{t}"]' in sheet for t in ("light", "dark"))
