"""Lost Cities: The Board Game (2-4 players): a game package.

* :mod:`lostcities.board.rules` -- the rules core (re-exported here, so
  ``from lostcities import board; board.State`` works);
* :mod:`lostcities.board.data` -- every printed value of the board;
* :mod:`lostcities.board.ai` -- the computer players (easy, medium, hard).
"""

from __future__ import annotations

from lostcities.board import ai, data, rules
from lostcities.board.rules import *  # noqa: F403

__all__ = ["ai", "data", "rules"]
