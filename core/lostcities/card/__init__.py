"""Lost Cities, the 2-player card game: a game package.

* :mod:`lostcities.card.rules` -- the rules core (re-exported here, so
  ``from lostcities import card; card.State`` works);
* :mod:`lostcities.card.ai` -- the computer players (easy, medium, hard);
* :mod:`lostcities.card.html` -- the pure HTML renderers.
"""

from __future__ import annotations

from lostcities.card.rules import *  # noqa: F403
from lostcities.card import ai, html, rules  # noqa: E402

__all__ = ["ai", "html", "rules"]
