"""Colour alone never tells two expeditions apart (issue 20), for people with a colour vision deficiency.

The expedition colours are read from the palette the site ships (``web/style.css``: the cards ``--c-*``
and their columns ``--s-*``, which the board game shares, in both themes; Roll & Write's ``--rw-*``).  Each
is seen as under protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full
severity, as ColorAide computes it) and two colours *could be confused* when their simulated colours
are less than 20 apart in CIEDE2000 (Delta E 2000).  Six hues cannot all stay 20 apart for all three
deficiencies (blue and purple are 2.3 apart under deuteranopia), so the route taken is the other one:
every colour that could be confused carries its expedition's symbol on every card, column, pile, path,
sheet column and die that shows it, in every game's renderer.

Contrast (WCAG 2.2 AA, in both themes): every colour is in one palette, ``web/style.css``'s ``:root``, as a
colour or ``light-dark(<light>, <dark>)`` (with a ``prefers-contrast: more`` block over it).  The pairs of
:data:`TEXT` (words, 4.5:1) and :data:`GRAPHICS` (symbols, lines and edges, 3:1) are measured in each
theme, and the words of :data:`STRONG_TEXT` at 7:1 where more contrast is asked for.
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


THEMES: typing.Final = ("light", "dark")
PALETTE_SHEET: typing.Final = "style.css"
COLOUR: typing.Final = r"#[0-9a-fA-F]{3,8}\b|rgba?\([^()]*\)"


def split_top(text: str) -> list[str]:
    """``text``'s comma-separated parts, commas inside parentheses kept."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return [*parts, text[start:].strip()]


def declarations(block: str) -> dict[str, tuple[str, str]]:
    """The colours ``--name: value`` of a ``:root`` block, by name: (light, dark)."""
    found = {}
    for name, value in re.findall(r"--([A-Za-z0-9-]+):\s*([^;{}]+);", re.sub(r"/\*.*?\*/", "", block, flags=re.S)):
        value = value.strip()
        pair = (split_top(value[len("light-dark("):-1]) if value.startswith("light-dark(") and value.endswith(")")
                else [value, value])
        if len(pair) == 2 and all(re.fullmatch(COLOUR, part) for part in pair):
            found[name] = (pair[0], pair[1])
    return found


def root_block(text: str, start: int) -> str:
    """The body of the ``:root { ... }`` rule that begins at or after ``start``."""
    begin = text.index(":root {", start) + len(":root {")
    return text[begin:text.index("}", begin)]


def theme_palette(theme: str, *, more: bool = False) -> dict[str, str]:
    """Every colour of the palette in ``theme`` (``light`` or ``dark``), with ``more``: as where more
    contrast is asked for (``prefers-contrast: more``)."""
    text = (WEB / PALETTE_SHEET).read_text(encoding="utf-8")
    found = declarations(root_block(text, 0))
    assert found, f"no palette in web/{PALETTE_SHEET}"
    if more:
        at = text.index("@media (prefers-contrast: more)")
        found.update(declarations(root_block(text, at)))
    return {name: pair[THEMES.index(theme)] for name, pair in found.items()}


def palette(prefix: str, theme: str = "light") -> dict[str, str]:
    """The colours ``--<prefix><key>`` of the palette in ``theme``, by key (``c-`` gives ``Y``, ``B``...)."""
    found = {name[len(prefix):]: value for name, value in theme_palette(theme).items()
             if name.startswith(prefix) and re.fullmatch(r"[A-Za-z]+", name[len(prefix):])}
    assert found, f"no --{prefix}* colours in web/{PALETTE_SHEET}"
    return found


def seen(colour: str, behind: str) -> Color:
    """``colour`` as drawn over ``behind`` (a colour with alpha lets it through)."""
    return Color.layer([Color(colour), Color(behind)]).convert("srgb")


def contrast(colours: typing.Mapping[str, str], front: str, back: typing.Sequence[str]) -> float:
    """The WCAG contrast of palette colour ``front`` on ``back`` (palette names, the last the opaque ground:
    ``("stone", "s-Y")`` is a stone over the yellow path)."""
    ground = Color(colours[back[-1]])
    for layer in reversed(back[:-1]):
        ground = seen(colours[layer], ground.to_string(hex=True))
    return float(seen(colours[front], ground.to_string(hex=True)).contrast(ground, method="wcag21"))


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
    cards, columns = palette("c-"), palette("s-")
    assert set(cards) == set(columns) == {c.letter for c in card.Colour}
    assert set(palette("rw-")) == set(roll.data.COLOURS)
    assert set(palette("s-", "dark")) == set(columns) and palette("c-", "dark") == cards  # the cards keep their colours
    # The measure itself: blue and purple cards are near under deuteranopia, blue and yellow are not.
    deutan = distance(cards["B"], cards["P"], "deutan"), distance(cards["B"], cards["Y"], "deutan")
    assert deutan[0] < 5 < CONFUSABLE_BELOW < deutan[1]
    assert frozenset("BP") in confusable(cards) and frozenset("GR") in confusable(cards)


@pytest.mark.parametrize("options", [{}, {"colours": 6}])
def test_every_card_game_colour_that_could_be_confused_shows_its_symbol_everywhere(
        options: dict[str, int]) -> None:
    risky = at_risk(palette("c-"), palette("s-"), palette("s-", "dark"))
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
    risky = at_risk(*({k: v for k, v in palette(prefix, theme).items() if k != "P"}
                      for prefix in ("c-", "s-") for theme in THEMES))
    state = state_of("board")
    assert isinstance(state, board.State)
    parsed = Elements(board_html.position(state, NAMES))
    symbols = {c.letter: s for c, s in board_html.SYMBOLS.items() if c.letter in risky}
    assert symbols_shown(parsed, ("lcb-path", "lc-card", "lc-pile"), symbols) >= 15


def test_every_roll_and_write_column_and_colour_die_shows_its_symbol() -> None:
    risky = at_risk(palette("rw-"))
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


# -- contrast, in both themes ---------------------------------------------------------------------------

Pair = tuple[str, tuple[str, ...]]
"""A colour of the palette and what it is drawn on (names, the opaque ground last)."""
EXPEDITIONS: typing.Final = "YBWGRP"
RW: typing.Final = ("red", "orange", "yellow", "green", "blue", "purple")
GROUNDS: typing.Final = ("paper", "panel")

TEXT: typing.Final[tuple[Pair, ...]] = (
    *((front, (ground,)) for front in ("ink", "muted", "note", "negative", "error", "warm", "accent", "accent-2")
      for ground in GROUNDS),
    ("ink", ("table",)), ("muted", ("table",)), ("ink", ("notice",)), ("ink", ("error-bg",)), ("ink", ("hint-bg",)),
    ("ink", ("row-points",)), ("ink", ("row-total",)), ("negative", ("row-points",)), ("ink", ("field",)),
    ("on-accent", ("accent",)), ("on-accent-2", ("accent-2",)), ("on-bar", ("bar",)), ("paper", ("ink",)),
    ("success", ("success-bg",)), ("failure", ("failure-bg",)), ("muted", ("error-bg",)),
    *((f"t-{x}", (f"c-{x}",)) for x in EXPEDITIONS),                        # a card's number
    *(("camp-ink", (f"s-{x}",)) for x in EXPEDITIONS[:5]),
    *((ink, ("stone", f"s-{x}")) for ink in ("stone-ink", "negative") for x in EXPEDITIONS[:5]),  # a stone's value
    *((ink, ("city-bottom",)) for ink in ("stone-ink", "negative")),
    ("on-artifact", ("artifact",)), ("on-arrow-tile", ("arrow-tile",)), ("on-points-tile", ("points-tile",)),
    *(("pen", (ground,)) for ground in ("box", "sheet", "sheet-other", "panel", "twenty", "fresh")),
    ("scale", ("sheet",)), ("bridge-ink", ("sheet",)), ("bridge-ink", ("twenty",)), ("by-ink", ("sheet",)),
    ("muted", ("sheet",)), ("on-sheet-head", ("sheet-head",)), ("on-art-shaded", ("art-shaded",)),
    ("on-dice-shaded", ("dice-shaded",)), ("place-note", ("sheet",)), ("on-die", ("die",)),
    ("on-die-note", ("die-note",)), ("ink", ("end-head",)), ("ink", ("won",)), ("muted", ("tray",)),
)
"""Words and the ground they stand on: 4.5:1 in each theme."""

MARKS: typing.Final = ("hl", "recent")
"""The edges that say "you can play here" (a target, the chosen card, die or box: ``--hl``) and "the opponent's
last move" (``--recent``)."""
MARKED: typing.Final = ("paper", "panel", "table", "tray", "sheet", "box", *(f"s-{x}" for x in EXPEDITIONS))
"""Every ground those edges are drawn on: the page, a panel, the card table, Roll & Write's dice tray, sheet and
boxes, and each expedition's column."""

GRAPHICS: typing.Final[tuple[Pair, ...]] = (
    *(("slot-ink", (f"s-{x}",)) for x in EXPEDITIONS),                      # an empty column's symbol
    *((f"k-{x}", (f"s-{x}",)) for x in EXPEDITIONS),                        # a pile's symbol and edge
    *((f"k-{x}", ("stone", f"s-{x}")) for x in EXPEDITIONS[:5]),            # a stone's edge
    *((f"rwk-{c}", (ground,)) for c in RW for ground in ("box", "sheet")),  # a sheet's boxes and lines
    *((f"rwt-{c}", (f"rw-{c}",)) for c in RW),                              # a head's or a die's symbol
    ("accent-2", ("paper",)), ("accent-2", ("panel",)),                       # the keyboard's ring
    ("field-line", ("panel",)), ("field-line", ("field",)),                   # a text box's edge
    ("accent", ("panel",)), ("chart-last", ("panel",)), ("chart-negative-last", ("panel",)),
    ("dome-claimed", ("dome",)), ("exhaust", ("slot",)), ("art-mark", ("box",)), ("stars", ("panel",)),
    ("back-edge", ("table",)), ("hinted", ("paper",)),
    *((mark, (ground,)) for mark in MARKS for ground in MARKED),              # a target's, a last move's edge
)
"""Symbols, lines and edges that carry meaning, and their ground: 3:1 in each theme."""

STRONG_TEXT: typing.Final[tuple[Pair, ...]] = (
    *((front, (ground,)) for front in ("ink", "muted", "note", "negative", "error", "warm", "accent")
      for ground in GROUNDS),
    ("on-bar", ("bar",)), ("success", ("success-bg",)), ("failure", ("failure-bg",)),
    ("scale", ("sheet",)), ("by-ink", ("sheet",)), ("place-note", ("sheet",)),
)
"""Words held to 7:1 where more contrast is asked for (prefers-contrast: more)."""


def too_low(colours: typing.Mapping[str, str], pairs: typing.Iterable[Pair], least: float) -> list[str]:
    return [f"{front} on {'/'.join(back)}: {found:.2f}:1 < {least}:1" for front, back in pairs
            if (found := contrast(colours, front, back)) < least]


@pytest.mark.parametrize("more", [False, True], ids=["usual", "more-contrast"])
@pytest.mark.parametrize("theme", THEMES)
def test_words_and_graphics_keep_wcag_aa_contrast_in_each_theme(theme: str, more: bool) -> None:
    colours = theme_palette(theme, more=more)
    failing = too_low(colours, TEXT, 4.5) + too_low(colours, GRAPHICS, 3.0)
    if more:
        failing += too_low(colours, STRONG_TEXT, 7.0)
    assert not failing, f"{theme} theme{' (more contrast)' if more else ''}:\n  " + "\n  ".join(failing)


@pytest.mark.parametrize("more", [False, True], ids=["usual", "more-contrast"])
@pytest.mark.parametrize("theme", THEMES)
def test_a_target_and_the_last_move_are_never_confused_by_colour(theme: str, more: bool) -> None:
    """The two marks of the table stay apart for every colour vision deficiency, and the target stays an
    orange (its meaning since the first session: warm, unlike the last move's cool teal)."""
    colours = theme_palette(theme, more=more)
    near = [d for d in DEFICIENCIES if distance(colours["hl"], colours["recent"], d) < CONFUSABLE_BELOW]
    assert not near, f"{theme}: --hl and --recent could be confused under {near}"
    hue = Color(colours["hl"]).convert("oklch")["hue"]
    assert 35 <= hue <= 80, f"{theme}: --hl is no longer an orange (hue {hue:.0f})"


def test_the_dark_theme_is_dark_and_the_light_one_light() -> None:
    light, dark = theme_palette("light"), theme_palette("dark")
    assert Color(light["paper"]).luminance() > 0.7 and Color(dark["paper"]).luminance() < 0.05
    assert Color(dark["ink"]).luminance() > 0.6 and Color(light["ink"]).luminance() < 0.05
    # Each expedition's column stays its hue in the dark (a dark shade of it, not a grey).
    for x in EXPEDITIONS[:2] + EXPEDITIONS[3:]:
        card, column = Color(light[f"c-{x}"]).convert("oklch"), Color(dark[f"s-{x}"]).convert("oklch")
        assert abs((card["hue"] - column["hue"] + 180) % 360 - 180) < 30, x
    assert dark["c-Y"] == light["c-Y"], "a card keeps its colour"


# -- browsers without light-dark() --------------------------------------------------------------------

FALLBACK: typing.Final = "@supports not (color: light-dark(#000, #fff))"
"""The block of ``web/style.css`` that browsers without ``light-dark()`` read (Chromium before 123, Safari before
17.5): a custom property set to ``light-dark(...)`` is kept there as it is written and makes every colour that
uses it invalid, so each must be given again as a plain colour, for each theme."""
SYSTEM_DARK: typing.Final = "@media (prefers-color-scheme: dark)"
MORE: typing.Final = "@media (prefers-contrast: more)"


def rules(text: str, within: tuple[str, ...] = ()) -> typing.Iterator[tuple[tuple[str, ...], str, str]]:
    """Every style rule of ``text`` (comments removed) as (the at-rules around it, outermost first; its
    selector; its body)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    at = 0
    while (brace := text.find("{", at)) >= 0:
        prelude, depth, end = " ".join(text[at:brace].split()), 1, brace + 1
        while depth:
            depth += (text[end] == "{") - (text[end] == "}")
            end += 1
        body = text[brace + 1:end - 1]
        if prelude.startswith("@"):
            yield from rules(body, (*within, prelude))
        else:
            yield within, prelude, body
        at = end


def written_light_dark(block: str) -> dict[str, tuple[str, str]]:
    """The colours of a palette block written as ``light-dark(<light>, <dark>)``, by name."""
    found = declarations(block)
    return {name: found[name] for name in re.findall(r"--([A-Za-z0-9-]+):\s*light-dark\(", block)}


def test_every_light_dark_colour_has_its_fallback_in_both_themes() -> None:
    """Without ``light-dark()``, the light theme is the palette's light colours and the dark theme (the system's
    when no theme is chosen, or the menu's choice) its dark ones, with more contrast too where it is asked."""
    text = (WEB / PALETTE_SHEET).read_text(encoding="utf-8")
    usual = written_light_dark(root_block(text, 0))
    more = written_light_dark(root_block(text, text.index(MORE)))
    assert len(usual) > 90 and len(more) > 20
    given: dict[tuple[tuple[str, ...], str], dict[str, str]] = {
        (within, selector): {name: value.strip() for name, value in re.findall(r"--([A-Za-z0-9-]+):\s*([^;]+);", body)}
        for within, selector, body in rules(text) if within[:1] == (FALLBACK,)}
    wanted: dict[tuple[tuple[str, ...], str], dict[str, str]] = {}
    for extra, pairs in (((), usual), ((MORE,), more)):
        wanted[((FALLBACK, *extra), ":root")] = {name: pair[0] for name, pair in pairs.items()}
        dark = {name: pair[1] for name, pair in pairs.items()}
        wanted[((FALLBACK, *extra, SYSTEM_DARK), ':root:not([data-theme="light"])')] = dark
        wanted[((FALLBACK, *extra), ':root[data-theme="dark"]')] = dark
    missing = [f"{' '.join(place[0][1:]) or 'always'} {place[1]}: no such rule" for place in wanted
               if place not in given]
    assert not missing, f"web/{PALETTE_SHEET}'s fallback for browsers without light-dark():\n  " + "\n  ".join(missing)
    wrong = [f"{' '.join(place[0][1:]) or 'always'} {place[1]} --{name}: {given[place].get(name)} instead of {value}"
             for place, colours in wanted.items() for name, value in colours.items() if given[place].get(name) != value]
    surplus = [f"{place[1]} --{name}" for place, colours in wanted.items() for name in set(given[place]) - set(colours)]
    assert not wrong and not surplus, "the fallback differs from the palette:\n  " + "\n  ".join(wrong + surplus)
    assert set(given) == set(wanted), f"other rules in the fallback: {set(given) - set(wanted)}"


def test_light_dark_is_used_only_in_the_palette() -> None:
    """Any other ``light-dark()`` would have no fallback."""
    for sheet in sorted(WEB.glob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
        if sheet.name == PALETTE_SHEET:
            for block in (root_block(text, 0), root_block(text, text.index(MORE))):
                text = text.replace(block, "")
            text = text.replace(FALLBACK, "")
        assert "light-dark(" not in text, f"web/{sheet.name} uses light-dark() outside the palette"


NEUTRAL_SHADE: typing.Final = re.compile(r"rgba\((0, 0, 0|255, 255, 255), 0?\.\d+\)|rgba\(0, 0, 0, 0\)")
"""A black or white shade (shadows, a wager's stripes): drawn the same on any ground, in either theme."""


@pytest.mark.parametrize("sheet", sorted(p.name for p in WEB.glob("*.css")))
def test_every_colour_of_the_style_sheets_comes_from_the_palette(sheet: str) -> None:
    text = re.sub(r"/\*.*?\*/", "", (WEB / sheet).read_text(encoding="utf-8"), flags=re.S)
    if sheet == PALETTE_SHEET:  # the palette itself, and its prefers-contrast: more block
        text = text.replace(root_block(text, 0), "")
        more = text.index("@media (prefers-contrast: more)")
        text = text.replace(root_block(text, more), "")
        text = "".join(body for within, _, body in rules(text) if within[:1] != (FALLBACK,))  # its colours again
    literal = [m.group(0) for m in re.finditer(COLOUR + r"|hsla?\([^()]*\)", text)
               if not NEUTRAL_SHADE.fullmatch(m.group(0))]
    assert not literal, f"web/{sheet} has colours outside the palette: {sorted(set(literal))}"
