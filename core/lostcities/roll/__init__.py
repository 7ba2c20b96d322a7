"""Lost Cities: Roll & Write (1-5 players, dice and a game sheet): a game package.

* :mod:`lostcities.roll.rules` -- the rules core (re-exported here, so
  ``from lostcities import roll; roll.State`` works);
* :mod:`lostcities.roll.data` -- every printed value of the game sheet;
* :mod:`lostcities.roll.ai` -- the computer players (easy, hard);
* :mod:`lostcities.roll.html` -- the pure HTML renderers.
"""

from __future__ import annotations

# isort: skip_file
# (order matters: the modules below read the rules from the package as they load)

from lostcities.roll.rules import *  # noqa: F403
from lostcities.roll import ai, data, html, rules

__all__ = ["ai", "data", "html", "rules"]
