"""Lost Cities: Roll & Write (1-5 players, dice and a game sheet): a game package.

* :mod:`lostcities.roll.rules` -- the rules (its public names re-exported here, so
  ``from lostcities import roll; roll.State`` works);
* :mod:`lostcities.roll.data` -- every printed value of the game sheet;
* :mod:`lostcities.roll.ai` -- the computer players (easy, hard);
* :mod:`lostcities.roll.tutorials` -- the built-in tutorials, as data.

Importing the package loads the rules only; its renderer is :mod:`lostcities.ui.roll`
and everything the game provides is declared in :mod:`lostcities.ui.games`.
"""

from __future__ import annotations

from lostcities.roll import data, rules
from lostcities.roll.rules import (
    ARROW,
    ARTEFACT,
    COLOURS,
    COLUMNS,
    REFUSE,
    Accelerate,
    Action,
    Breakdown,
    BridgeMark,
    Colour,
    Column,
    Game,
    Phase,
    Refuse,
    Roll,
    Sheet,
    State,
    Take,
    Target,
    View,
    breakdown,
    parse_action,
    random_choice,
    written_value,
)

__all__ = [
    "ARROW",
    "ARTEFACT",
    "COLOURS",
    "COLUMNS",
    "REFUSE",
    "Accelerate",
    "Action",
    "Breakdown",
    "BridgeMark",
    "Colour",
    "Column",
    "Game",
    "Phase",
    "Refuse",
    "Roll",
    "Sheet",
    "State",
    "Take",
    "Target",
    "View",
    "breakdown",
    "data",
    "parse_action",
    "random_choice",
    "rules",
    "written_value",
]
