"""Rules core of the Lost Cities family: the card game, Roll & Write and the board game.

Pure Python, no dependencies, no DOM: it runs the same under CPython and in
Pyodide.  Importing the package registers every game's rules with
:mod:`lostcities.api` (rules only: the computer players are each game's ``ai``
module, the user interface is :mod:`lostcities.ui`, and everything a game
provides is declared in :mod:`lostcities.ui.games`).
"""

from __future__ import annotations

__version__ = "0.1.0"

from lostcities import api, board, bots, card, errors, roll  # noqa: F401
