"""The games this app offers: each game's entry (:mod:`lostcities.ui.games`) paired
with its screen adapter, in one list that the app shell (``main.py``) and the embed
(``embed_main.py``) import.  Importing it registers the adapters with :mod:`screen`.

A game is added here by name (a misspelt adapter module is an ``ImportError``, a
mismatched pair a ``ValueError`` at import, and ``mypy`` checks both).
"""

from __future__ import annotations

import typing

import board_screen
import card_screen
import roll_screen
import screen_types
from lostcities import i18n
from lostcities.ui import embed, games, tutorial
from lostcities.ui import html as lc_html

GAMES: typing.Final[tuple[screen_types.Playable, ...]] = (
    screen_types.Playable(games.CARD, card_screen.CardAdapter),
    screen_types.Playable(games.ROLL, roll_screen.RollAdapter),
    screen_types.Playable(games.BOARD, board_screen.BoardAdapter),
)
"""The playable games, in the home screen's order."""

for _playable in GAMES:
    screen_types.register(_playable)


def tile_links(name: str) -> list[tuple[str, str]]:
    """The links under a game's tile: its tutorials and its rules."""
    links = [(i18n._("Learn to play"), f"#learn/{name}")] if tutorial.tutorials(name) else []
    return [*links, (i18n._("Rules"), f"#rules/{name}")]


def home_page(in_progress: typing.Callable[[str], bool], *, version: str, seed: int | None) -> str:
    """The home screen: a tile per game (*Continue* where ``in_progress(name)``), then the statistics.
    The build draws it with no game in progress as ``index.html``'s first paint (``buildtools/pages.py``)."""
    tiles = [lc_html.tile(game.entry.game, in_progress=in_progress(game.entry.name), links=tile_links(game.entry.name))
             for game in GAMES]
    return lc_html.home(tiles, version=version, seed=seed, links=[(i18n._("Your statistics"), "#stats")])


def learn_page(name: str, stars: typing.Mapping[str, int]) -> str:
    """*Learn to play*: the tutorials of the game ``name`` (``""``: of every game), with the stars earned."""
    return "".join(embed.tutorial_list(game.entry.game, list(tutorial.tutorials(game.entry.name).values()), stars,
                                       rules=True)
                   for game in GAMES if name in ("", game.entry.name))
