"""Lost Cities: The Board Game (2-4 players): a game package.

* :mod:`lostcities.board.rules` -- the rules (its public names re-exported here, so
  ``from lostcities import board; board.State`` works);
* :mod:`lostcities.board.data` -- every printed value of the board;
* :mod:`lostcities.board.ai` -- the computer players (easy, medium, hard);
* :mod:`lostcities.board.tutorials` -- the built-in tutorials, as data.

Importing the package loads the rules only; its renderer is :mod:`lostcities.ui.board`
and everything the game provides is declared in :mod:`lostcities.ui.games`.
"""

from __future__ import annotations

from lostcities.board import data, rules
from lostcities.board.rules import (
    ALL_TILES,
    CARDS,
    COLOUR_OF,
    COLOURS,
    DECK,
    NUM_COLOURS,
    NUM_VALUES,
    SPACES,
    VALUE_OF,
    Action,
    Advance,
    Card,
    Colour,
    Deal,
    Discard,
    Draw,
    Game,
    Kind,
    Move,
    MoveReason,
    Phase,
    PieceScore,
    PlayerRound,
    RoundResult,
    Start,
    State,
    Step,
    Tile,
    TileKind,
    Tiles,
    View,
    advance,
    discard,
    is_card,
    is_tile,
    parse_action,
    start,
    stone_points,
)

__all__ = [
    "ALL_TILES",
    "CARDS",
    "COLOURS",
    "COLOUR_OF",
    "DECK",
    "NUM_COLOURS",
    "NUM_VALUES",
    "SPACES",
    "VALUE_OF",
    "Action",
    "Advance",
    "Card",
    "Colour",
    "Deal",
    "Discard",
    "Draw",
    "Game",
    "Kind",
    "Move",
    "MoveReason",
    "Phase",
    "PieceScore",
    "PlayerRound",
    "RoundResult",
    "Start",
    "State",
    "Step",
    "Tile",
    "TileKind",
    "Tiles",
    "View",
    "advance",
    "data",
    "discard",
    "is_card",
    "is_tile",
    "parse_action",
    "rules",
    "start",
    "stone_points",
]
