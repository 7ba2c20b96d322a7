"""Pebbles, a tiny game that exists only in the tests: it proves that a game plugs in
by the recipe of CONTRIBUTING.md ("Adding a game") with nothing but its own files.

Two players take one to three pebbles from a heap in turn; each holds a secret
card (a chance deal) whose value counts at the end, and whoever takes the last
pebble scores a bonus.  The modules follow a game's layout:

* :mod:`tests.pebbles.rules` -- the rules (``api.register`` adds them to the rules' registry);
* :mod:`tests.pebbles.ai` -- the computer player, by level;
* :mod:`tests.pebbles.tutorials` -- one built-in tutorial, as data;
* :mod:`tests.pebbles.html` -- the renderer (a :class:`lostcities.ui.games.Renderer`) and the rules summary;
* :mod:`tests.pebbles.entry` -- the game's entry (``games.register``: a built-in game is
  listed in ``lostcities/ui/games.py`` instead);
* :mod:`tests.pebbles.pebbles_screen` -- the screen adapter, paired with the entry
  (``screen_types.register``: a built-in game is listed in ``web/catalogue.py`` instead).

Importing the package loads the rules only; ``tests/core/conftest.py`` imports the
adapter, which registers the whole game for the core tests.
"""

from __future__ import annotations

from tests.pebbles import rules
from tests.pebbles.rules import CARDS, Deal, Game, State, Take, View

__all__ = ["CARDS", "Deal", "Game", "State", "Take", "View", "rules"]
