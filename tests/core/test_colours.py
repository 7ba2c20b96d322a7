"""Colour alone never tells two expeditions apart (issue 20), for people with a colour vision deficiency.

The expedition colours are read from the style sheets the site ships (``web/card.css``: the cards
``--c-*`` and their columns ``--s-*``, which the board game shares; ``web/roll.css``: ``--rw-*``).  Each
is seen as under protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full
severity, as ColorAide computes it) and two colours *could be confused* when their simulated colours
are less than 20 apart in CIEDE2000 (Delta E 2000).  Six hues cannot all stay 20 apart for all three
deficiencies (blue and purple are 2.3 apart under deuteranopia), so the route taken is the other one:
every colour that could be confused carries its expedition's symbol on every card, column, pile, path,
sheet column and die that shows it, in every game's renderer.
"""

from __future__ import annotations

import html.parser
import itertools
import json
import pathlib
import re
import typing

import pytest
from coloraide import Color

from lostcities import api, board, card, roll
from lostcities.ui import board as board_html
from lostcities.ui import card as card_html
from lostcities.ui import roll as roll_html
from tests.e2e import positions

WEB: typing.Final = pathlib.Path(__file__).resolve().parents[2] / "web"
DEFICIENCIES: typing.Final = ("protan", "deutan", "tritan")
CONFUSABLE_BELOW: typing.Final = 20.0
"""CIEDE2000 distance under which two simulated colours could be confused."""
NAMES: typing.Final = ("You", "Computer")


def palette(sheet: str, prefix: str) -> dict[str, str]:
    """The colours ``--<prefix><key>: #rrggbb`` a style sheet of ``web/`` declares, by key."""
    text = (WEB / sheet).read_text(encoding="utf-8")
    found = dict(re.findall(rf"--{re.escape(prefix)}([A-Za-z]+):\s*(#[0-9a-fA-F]{{6}})\b", text))
    assert found, f"no --{prefix}* colours in web/{sheet}"
    return found


def distance(a: str, b: str, deficiency: str) -> float:
    """CIEDE2000 between ``a`` and ``b`` as seen with ``deficiency`` (Machado 2009, full severity)."""
    seen_a = Color(a).filter(deficiency, method="machado").convert("srgb").clip()
    seen_b = Color(b).filter(deficiency, method="machado").convert("srgb").clip()
    return float(seen_a.delta_e(seen_b, method="2000"))


def confusable(colours: typing.Mapping[str, str]) -> set[frozenset[str]]:
    """The pairs of keys whose colours could be confused under some deficiency."""
    return {frozenset((a, b)) for a, b in itertools.combinations(sorted(colours), 2)
            if min(distance(colours[a], colours[b], d) for d in DEFICIENCIES) < CONFUSABLE_BELOW}


def at_risk(*palettes: typing.Mapping[str, str]) -> set[str]:
    """The keys that could be confused with another in any of ``palettes`` (sharing keys)."""
    return {key for colours in palettes for pair in confusable(colours) for key in pair}


class Element(typing.NamedTuple):
    classes: frozenset[str]
    text: str
    uses: frozenset[str]


class Elements(html.parser.HTMLParser):
    """Every element of a piece of markup with all the text and the ``<use href>`` s inside it."""

    VOID: typing.ClassVar[frozenset[str]] = frozenset({"br", "img", "input", "hr", "meta", "link", "source"})

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, frozenset[str], list[str], set[str]]] = []
        self.done: list[Element] = []
        self.feed(markup)
        self.close()
        assert not self.open, "unclosed elements"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "use":
            for _, _, _, uses in self.open:
                uses.add(str(values.get("href") or values.get("xlink:href") or ""))
        if tag in self.VOID or tag == "use":
            return
        self.open.append((tag, frozenset(str(values.get("class") or "").split()), [], set()))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID or tag == "use":
            return
        name, classes, text, uses = self.open.pop()
        assert name == tag, f"<{name}> closed by </{tag}>"
        self.done.append(Element(classes, "".join(text), frozenset(uses)))

    def handle_data(self, data: str) -> None:
        for _, _, text, _ in self.open:
            text.append(data)

    def having(self, *classes: str) -> list[Element]:
        return [e for e in self.done if set(classes) <= e.classes]


def symbols_shown(parsed: Elements, kinds: typing.Sequence[str], symbols: typing.Mapping[str, str]) -> int:
    """How many elements of ``kinds`` of a colour (class ``lc-<letter>``, ``symbols``' keys) were seen, each
    holding that colour's symbol (an assertion fails on the first that does not)."""
    shown = 0
    for (letter, symbol), kind in itertools.product(symbols.items(), kinds):
        for element in parsed.having(kind, f"lc-{letter}"):
            assert symbol in element.text, f"a {kind} of {letter} without its symbol {symbol!r}"
            shown += 1
    return shown


def state_of(game: str, **kwargs: typing.Any) -> api.State:
    return api.state_from_dict(json.loads(positions.mid_game(game, **kwargs))["state"])


def test_the_palettes_read_from_the_style_sheets_are_whole_and_the_known_confusions_are_found() -> None:
    cards, columns = palette("card.css", "c-"), palette("card.css", "s-")
    assert set(cards) == set(columns) == {c.letter for c in card.Colour}
    assert set(palette("roll.css", "rw-")) == set(roll.data.COLOURS)
    # The measure itself: blue and purple cards are near under deuteranopia, blue and yellow are not.
    deutan = distance(cards["B"], cards["P"], "deutan"), distance(cards["B"], cards["Y"], "deutan")
    assert deutan[0] < 5 < CONFUSABLE_BELOW < deutan[1]
    assert frozenset("BP") in confusable(cards) and frozenset("GR") in confusable(cards)


@pytest.mark.parametrize("options", [{}, {"colours": 6}])
def test_every_card_game_colour_that_could_be_confused_shows_its_symbol_everywhere(
        options: dict[str, int]) -> None:
    risky = at_risk(palette("card.css", "c-"), palette("card.css", "s-"))
    assert risky, "no colour could be confused: the symbols would be a choice, not a need"
    state = state_of("card", options=options)
    assert isinstance(state, card.State)
    parsed = Elements(card_html.position(state, NAMES) + card_html.hand(state.view(0)))
    symbols = {c.letter: s for c, s in card_html.SYMBOLS.items() if c.letter in risky}
    assert symbols_shown(parsed, ("lc-card", "lc-col", "lc-pile"), symbols) >= 30
    deck = card.deck_of(6)
    every_card = Elements("".join(card_html.card_face(c) for c in deck))
    assert all(card_html.SYMBOLS[c.colour] in e.text
               for c, e in zip(deck, every_card.having("lc-card"), strict=True)), "a wager or card without it"


def test_every_board_game_path_card_and_pile_shows_its_symbol() -> None:
    risky = at_risk({k: v for k, v in palette("card.css", "c-").items() if k != "P"},
                    {k: v for k, v in palette("card.css", "s-").items() if k != "P"})
    state = state_of("board")
    assert isinstance(state, board.State)
    parsed = Elements(board_html.position(state, NAMES))
    symbols = {c.letter: s for c, s in board_html.SYMBOLS.items() if c.letter in risky}
    assert symbols_shown(parsed, ("lcb-path", "lc-card", "lc-pile"), symbols) >= 15


def test_every_roll_and_write_column_and_colour_die_shows_its_symbol() -> None:
    risky = at_risk(palette("roll.css", "rw-"))
    assert {"blue", "purple"} <= risky
    state = state_of("roll")
    assert isinstance(state, roll.State) and state.roll is not None
    parsed = Elements(roll_html.position(state, NAMES))
    dice = Elements("".join(roll_html.die("colour", i, face) for i, face in enumerate(state.roll.colours)))
    shown = 0
    for colour in roll.Colour:
        if colour.value not in risky:
            continue
        href = f"#rw-i-{colour.symbol}"
        for element in parsed.having("rw-head", f"rw-{colour.value}") + dice.having(f"rw-{colour.value}"):
            assert href in element.uses, f"a column head or die of {colour.value} without its symbol"
            shown += 1
    assert shown >= 6
