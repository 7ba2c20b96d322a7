"""Lost Cities: The Board Game (2-4 players): a game package.

* :mod:`lostcities.board.rules` -- the rules core (re-exported here, so
  ``from lostcities import board; board.State`` works);
* :mod:`lostcities.board.data` -- every printed value of the board;
* :mod:`lostcities.board.ai` -- the computer players (easy, medium, hard);
* :mod:`lostcities.board.html` -- the pure HTML renderers.
"""

from __future__ import annotations

# isort: skip_file
# (order matters: the modules below read the rules from the package as they load)

from lostcities.board.rules import *  # noqa: F403
from lostcities.board import ai, data, html, rules

__all__ = ["ai", "data", "html", "rules"]
