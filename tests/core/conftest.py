"""The core tests run over every registered game: the built-in ones and Pebbles, the
tests' own game (:mod:`tests.pebbles`), registered here with its screen."""

from __future__ import annotations

import catalogue  # noqa: F401 - registers the built-in games' screens
from tests.pebbles import pebbles_screen  # noqa: F401 - registers the test game, its entry and its screen
