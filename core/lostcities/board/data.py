"""The printed values of Lost Cities: The Board Game.

Every number the rules texts do not give lives here and nowhere else, so that
the values printed on a real board can replace the derived and reconstructed
ones in one place.  Each value is marked as the shared rules folder's
``README.md`` (``shared/rules/`` beside the repository) marks it:

* **confirmed** -- a rulebook text or two or more independent public sources;
* **derived** -- Keltis (the game the board game was re-themed from, whose
  printed values are public) times 5, as the publisher describes it;
* **reconstructed** -- no public source gives it; a consistent guess chosen
  for this project.

Stones are numbered 1 (the first stone after the camp) to 9 (the lost city).
Colours are listed in the project's order: yellow, blue, white, green, red.

>>> len(STONE_VALUES), STONE_VALUES[0], STONE_VALUES[LOST_CITY - 1]
(9, -20, 50)
>>> len(TILE_SPACES) == ARTIFACT_TILES + ARROW_TILES + len(POINT_TILES) == 25
True
>>> artifact_points(6, short=False), artifact_points(9, short=False), artifact_points(14, short=False)
(30, 70, 100)
>>> artifact_points(1, short=True), artifact_points(7, short=True)
(-15, 50)
"""

from __future__ import annotations

import typing

COLOURS: typing.Final[tuple[str, ...]] = ("yellow", "blue", "white", "green", "red")
"""confirmed: five colours (red, green and blue are named in the texts; the
project uses the card game's five, in the card game's order)."""

VALUES: typing.Final[tuple[int, ...]] = tuple(range(11))
"""confirmed: card values 0..10 in every colour."""

COPIES: typing.Final = 2
"""confirmed: two cards of each colour and value (110 cards)."""

HAND_SIZE: typing.Final = 8
"""confirmed: cards in hand."""

REMOVED_WITH_TWO: typing.Final = 30
"""confirmed: with two players, cards removed unseen before every round's deal
(the German text says every round; the English is silent on later rounds)."""

ADVENTURERS: typing.Final = 4
RESEARCHERS: typing.Final = 1
"""confirmed: each player's pieces: four adventurers and one researcher."""

STONES: typing.Final = 9
"""confirmed: stones per path (one path per colour)."""

LOST_CITY: typing.Final = 9
"""confirmed: stone 9 is the lost city."""

BRIDGE_AFTER: typing.Final = 6
"""confirmed: the bridge lies between stones 6 and 7 (it is not a stone); a
piece moving from stone 6 to stone 7 crosses it."""

CROSSINGS_TO_END: typing.Final = 5
"""confirmed: the round ends when the fifth piece in total crosses a bridge."""

STONE_VALUES: typing.Final[tuple[int, ...]] = (-20, -15, -10, 5, 10, 15, 30, 35, 50)
"""Points of stones 1..9 (index 0..8), the same on every path: -20 and -15
confirmed, the rest derived.  The researcher scores double."""

RESEARCHER_FACTOR: typing.Final = 2
"""confirmed: the researcher scores twice its stone (negative stones too);
victory point tiles are never doubled."""

ARTIFACT_TILES: typing.Final = 9
ARROW_TILES: typing.Final = 9
"""confirmed: nine artifact tiles and nine arrow tiles."""

POINT_TILES: typing.Final[tuple[int, ...]] = (5, 5, 10, 10, 10, 15, 15)
"""The seven victory point tiles: the count confirmed, the values derived."""

TILE_SPACES: typing.Final[tuple[tuple[str, int], ...]] = (
    ("yellow", 2), ("yellow", 4), ("yellow", 6), ("yellow", 8), ("yellow", 9),
    ("blue", 3), ("blue", 5), ("blue", 7), ("blue", 8), ("blue", 9),
    ("white", 2), ("white", 3), ("white", 6), ("white", 7), ("white", 9),
    ("green", 3), ("green", 4), ("green", 5), ("green", 8), ("green", 9),
    ("red", 2), ("red", 5), ("red", 7), ("red", 8), ("red", 9),
)
"""The 25 printed tile spaces as ``(colour, stone)``, in the order the tiles
notation lists them.  The count is confirmed; the stones are reconstructed
(keeping: some path with spaces on 3 and 5, the English example; green with
spaces on 4 and 5, the German example; spaces on stone 7)."""

ROUNDS_LONG: typing.Final = 3
ROUNDS_SHORT: typing.Final = 1
"""confirmed: the game is three rounds (expeditions); the short game is one."""

LONG_TRACK: typing.Final[tuple[int, ...]] = (-40, -30, -20, -15, -10, 0, 30, 45, 55, 70, 80, 90, 100)
"""Points for 0..12 or more artifacts on the long track (three rounds).
6 -> 30 and 9 -> 70 confirmed (German text); 5 -> 0 the only value both texts
allow (English: fewer than six cost points; German: fewer than five); the rest
reconstructed."""

SHORT_TRACK: typing.Final[tuple[int, ...]] = (-20, -15, 10, 15, 30, 50)
"""derived: points for 0..5 or more artifacts on the short track (one round)."""


def artifact_points(artifacts: int, *, short: bool) -> int:
    """Points a track pays for ``artifacts`` artifact tokens (the last entry
    of a track holds for any higher count)."""
    track = SHORT_TRACK if short else LONG_TRACK
    return track[min(artifacts, len(track) - 1)]
