"""Companion mode (a Roll & Write sheet for a game with real dice) on the generic screen, under CPython."""

from __future__ import annotations

import json

import companion_screen
import memory_host
import roll_screen
import screen
from lostcities import roll
from lostcities.ui import roll as roll_html

KEY = "lostcities:roll:companion"


class Host(memory_host.MemoryHost):
    """A :class:`memory_host.MemoryHost` whose storage is on (a dict, never None)."""

    storage: dict[str, str]


class Sheet:
    """The ``#roll`` screen with its companion document open, on a :class:`memory_host.MemoryHost`."""

    def __init__(self, storage: dict[str, str] | None = None) -> None:
        self.host = Host(storage={} if storage is None else storage)
        self.screen = screen.Screen(roll_screen.RollAdapter(), self.host)
        self.screen.mount()
        assert self.host.root is not None
        self.root = self.host.root

    @property
    def phase(self) -> str:
        return self.root.data["phase"]

    @property
    def doc(self) -> companion_screen.CompanionSheet:
        assert isinstance(self.screen.document, companion_screen.CompanionSheet)
        return self.screen.document

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        self.root.click(action, target, **data)

    def enter(self, colour: str, number: int, **where: str) -> None:
        self.click(target="pick", **{"pick-colour": colour})
        self.click(target="pick", **{"pick-number": str(number)})
        self.click(target="sheet", **where)

    def stored(self) -> roll.Sheet:
        return roll.Sheet.from_dict(json.loads(self.host.storage[KEY])["sheet"])


def opened(name: str = "Mia") -> Sheet:
    table = Sheet()
    assert table.phase == "setup"
    table.root.form = {"mode": "companion", "companion_name": name}
    table.click("start")
    assert table.phase == "companion"
    return table


def test_entries_refusals_bridges_undo_and_the_final_score() -> None:
    table = opened()
    table.enter("blue", 5, box="blue-1")
    table.enter("yellow", 0, circle="yellow")
    table.click("refuse")
    table.click(target="tick", bridge="green")
    sheet = table.stored()
    assert sheet.expedition(roll.Colour.BLUE) == (5,) and sheet.is_circled(roll.Colour.YELLOW) and sheet.dice == 1
    assert sheet.bridge(roll.Column.GREEN) is roll.BridgeMark.CLOSED
    assert table.doc.entries == 3
    assert table.host.info == f"Mia \u00b7 turn 4 \u00b7 {roll_html.number(sheet.score())} points"
    assert "Turn 3: refused the dice" in table.root.html()
    table.click("undo")
    assert table.stored().bridge(roll.Column.GREEN) is roll.BridgeMark.OPEN
    table.click("finish")
    assert f'data-col="total">{roll_html.number(table.stored().score())}<' in table.root.html()
    table.click("finish")
    assert "rw-pad" in table.root.html()


def test_an_entry_is_refused_with_its_reason_and_nothing_is_written() -> None:
    table = opened()
    table.enter("blue", 5, box="blue-1")
    table.enter("blue", 3, box="blue-2")
    assert table.doc.error == "Blue already holds 5: numbers must not decrease."
    assert "Blue already holds 5: numbers must not decrease." in table.root.html()
    assert table.stored().expedition(roll.Colour.BLUE) == (5,) and table.doc.entries == 1
    table.click(target="sheet", box="red-1")
    assert table.doc.error == "The blue 3 can only go in the blue expedition."
    table.click("clear")
    table.click(target="sheet", box="red-1")
    assert table.doc.error == "First enter the pair you chose: its colour and its number."
    table.click(target="tick", bridge="blue")
    table.click(target="tick", bridge="blue")
    assert table.doc.error == "The blue bridge is already crossed out."


def test_an_acceleration_chain_by_taps_and_buttons() -> None:
    table = opened()
    table.enter("orange", 1, box="orange-1")
    table.enter("red", 1, box="red-1")
    table.enter("red", 1, box="red-2")
    table.enter("red", 2, box="red-3")  # red box 3 carries an arrow
    assert table.doc.sheet.is_accelerating() and "red 2 in box 3: an arrow!" in table.root.html()
    table.click(target="pick", **{"pick-colour": "blue"})
    assert table.doc.error == "Choose your acceleration first (or decline it)."
    table.click(target="sheet", box="orange-2")  # orange box 2 carries an arrow too
    assert table.doc.chain == ["red 2 in box 3: an arrow!", "accelerated orange 1 in box 2: an arrow again!"]
    table.click(target="accelerate", accelerate="blue")
    assert table.stored().expedition(roll.Colour.BLUE) == (1,) and not table.stored().is_accelerating()
    assert table.doc.chain == [] and "\u2192 accelerated orange" in table.root.html()
    assert {"box:red-3", "box:orange-2", "box:blue-1"} <= table.doc.fresh


def test_the_sheet_is_restored_after_a_reload_and_a_damaged_one_is_set_aside() -> None:
    table = opened("Zoe")
    table.enter("green", 4, box="green-1")
    again = Sheet(table.host.storage)
    assert again.phase == "companion" and again.doc.player == "Zoe"
    assert again.stored().expedition(roll.Colour.GREEN) == (4,) and again.doc.entries == 1
    storage = dict(table.host.storage)
    storage[KEY] = json.dumps({"format": "lostcities.roll-companion", "version": 1, "name": "Zoe",
                               "sheet": {"expeditions": "nonsense"}})
    broken = Sheet(storage)
    assert broken.phase == "problem" and "the sheet is damaged" in broken.root.html()
    assert KEY not in storage and "lostcities:roll:companion:damaged" in storage  # its own copies
    storage[KEY] = json.dumps({"format": "lostcities.roll-companion", "version": 2, "name": "Zoe", "sheet": {}})
    storage["lostcities:roll:last"] = "companion"
    assert "another format" in Sheet(storage).root.html()


def test_a_new_sheet_from_the_menu() -> None:
    table = opened()
    table.enter("green", 4, box="green-1")
    table.click("menu")
    assert table.phase == "menu" and "New sheet (abandon this one)" in table.root.html()
    table.click("confirm-new")
    assert table.phase == "menu" and "Abandon this sheet?" in table.root.html() and KEY in table.host.storage
    table.click("new-match")
    assert table.phase == "setup" and KEY not in table.host.storage


def test_a_sheet_saved_by_the_first_release_continues() -> None:
    """The first release kept no ``lostcities:roll:last``: #roll shows the form, and choosing
    companion mode continues the stored sheet instead of replacing it."""
    sheet = roll.Sheet()
    sheet.mark(roll.Colour.RED, 3)
    first = {"format": "lostcities.roll-companion", "version": 1, "name": "Ida", "sheet": sheet.to_dict(),
             "undo": [], "entries": 1, "log": ["Turn 1: wrote 3 in red"], "chain": [], "finished": False}
    storage = {KEY: json.dumps(first), "lostcities:roll:prefs": json.dumps({"last": "companion"})}
    table = Sheet(storage)
    assert table.phase == "setup"
    table.root.form = {"mode": "companion", "companion_name": "Someone"}
    table.click("start")
    assert table.phase == "companion" and table.doc.player == "Ida" and table.doc.entries == 1
    assert table.stored().expedition(roll.Colour.RED) == (3,)
    assert "Turn 1: wrote 3 in red" in table.root.html()
