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
import screen
from lostcities.ui import games

GAMES: typing.Final[tuple[screen.Playable, ...]] = (
    screen.Playable(games.CARD, card_screen.CardAdapter),
    screen.Playable(games.ROLL, roll_screen.RollAdapter),
    screen.Playable(games.BOARD, board_screen.BoardAdapter),
)
"""The playable games, in the home screen's order."""

for _playable in GAMES:
    screen.register(_playable)
