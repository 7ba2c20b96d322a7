"""Rules core of the Lost Cities family: the card game, Roll & Write and the board game.

Pure Python, no dependencies, no DOM: it runs the same under CPython and in
Pyodide.  Importing the package registers every game with :mod:`lostcities.api`.
"""

from __future__ import annotations

__version__ = "0.1.0"

from lostcities import api, board, bots, card, errors, roll  # noqa: F401
