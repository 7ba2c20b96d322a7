"""Lost Cities, the 2-player card game: a game package.

* :mod:`lostcities.card.rules` -- the rules core (re-exported here, so
  ``from lostcities import card; card.State`` works);
* :mod:`lostcities.card.ai` -- the computer players (easy, medium, hard);
* :mod:`lostcities.card.html` -- the pure HTML renderers.
"""

from __future__ import annotations

# isort: skip_file
# (order matters: the modules below read the rules from the package as they load)

from lostcities.card.rules import *  # noqa: F403
from lostcities.card import ai, html, rules

__all__ = ["ai", "html", "rules"]
