"""The printed values of the Lost Cities: Roll & Write game sheet.

Every number the rules text does not give lives here and nowhere else, so
that the values printed on a real sheet can replace the reconstructed ones
in one place.  Each value is marked:

* **confirmed** -- stated by the rulebook or by several independent public
  sources (see ``README.md`` in the shared rules folder beside the repository);
* **reconstructed** -- no public source gives it; the value is a consistent
  reconstruction chosen for this project.

Boxes are numbered from 1 (the bottom box) to 9 (the top box).  Expeditions
are listed left to right as on the sheet: red, orange, yellow, green, blue,
purple (confirmed order).

>>> len(EXPEDITION_SCORES), len(ARTEFACT_SCORES), len(DICE_SCORES)
(10, 10, 10)
>>> ARTEFACT_SCORES[8] == DICE_SCORES[8] == 70
True
>>> sorted(set(ARROW_BOXES) | set(ARTEFACT_BOXES)) == sorted(COLOURS)
True
"""

from __future__ import annotations

import typing

COLOURS: typing.Final[tuple[str, ...]] = ("red", "orange", "yellow", "green", "blue", "purple")
"""confirmed: the six expeditions (and colour-die faces), left to right."""

SYMBOLS: typing.Final[dict[str, str]] = {
    "red": "flame",
    "orange": "sun",
    "yellow": "pyramid",
    "green": "leaf",
    "blue": "wave",
    "purple": "crystal",
}
"""reconstructed: the name of the symbol each colour carries on the dice and the
sheet (confirmed that every colour has its own symbol; the pictures' names are
not public)."""

BOXES: typing.Final = 9
"""confirmed: boxes per expedition."""

ARTEFACTS: typing.Final = 9
"""confirmed: artefacts in the artefact column."""

DICE_SYMBOLS: typing.Final = 9
"""confirmed: dice symbols in the dice column; shading the ninth exhausts."""

COLOUR_DICE: typing.Final = 3
NUMBER_DICE: typing.Final = 3
"""confirmed: three six-sided colour dice and three ten-sided number dice (0..9)."""

NUMBER_FACES: typing.Final[tuple[int, ...]] = tuple(range(10))
"""confirmed: faces of a number die; 0 marks a double circle or is written as 10."""

EXPEDITION_SCORES: typing.Final[tuple[int, ...]] = (0, -40, -30, -20, 10, 20, 30, 35, 40, 50)
"""reconstructed: expedition points by boxes filled (index 0..9), before doubling.
The rulebook confirms the range -50..50 and that three or fewer numbers score
negative."""

CIRCLE_ONLY_SCORE: typing.Final = -50
"""confirmed: an expedition whose circle is marked but with no box filled scores
-50, doubled to -100."""

ARTEFACT_SCORES: typing.Final[tuple[int, ...]] = (-40, -30, -20, -10, 10, 20, 35, 50, 70, 100)
"""Artefact column points by artefacts shaded (index 0..9).  confirmed: range
-40..100, 8 -> 70 and 9 -> 100; the other steps are reconstructed."""

DICE_SCORES: typing.Final[tuple[int, ...]] = (-40, -30, -20, -10, 10, 20, 35, 50, 70, 0)
"""Dice column points by dice symbols shaded (index 0..9).  confirmed: the same as
the artefact column up to 8 marks; 9 marks (exhausted) -> 0."""

ARROW_BOXES: typing.Final[dict[str, tuple[int, ...]]] = {
    "red": (3, 6),
    "orange": (2, 7),
    "yellow": (4, 6),
    "green": (2, 5),
    "blue": (3, 7),
    "purple": (4, 8),
}
"""reconstructed: boxes with an acceleration arrow, per expedition."""

ARTEFACT_BOXES: typing.Final[dict[str, tuple[int, ...]]] = {
    "red": (5, 8),
    "orange": (4, 8),
    "yellow": (3, 7),
    "green": (6, 8),
    "blue": (2, 5),
    "purple": (3, 6),
}
"""reconstructed: boxes with an artefact, per expedition."""

BRIDGE_BOX: typing.Final = 7
"""confirmed: every column has its bonus bridge between boxes 6 and 7; filling
box 7 (or shading the 7th artefact or dice symbol) passes it."""

BRIDGE_BONUS: typing.Final = 20
"""confirmed: points for passing a bridge first (or in the same turn as the first)."""

BRIDGES: typing.Final[tuple[str, ...]] = (*COLOURS, "artefacts", "dice")
"""confirmed: the eight bridges, one per column, left to right."""
