"""Lost Cities, the 2-player card game: a game package.

* :mod:`lostcities.card.rules` -- the rules (its public names re-exported here, so
  ``from lostcities import card; card.State`` works);
* :mod:`lostcities.card.ai` -- the computer players (easy, medium, hard);
* :mod:`lostcities.card.tutorials` -- the built-in tutorials, as data.

Importing the package loads the rules only; its renderer is :mod:`lostcities.ui.card`
and everything the game provides is declared in :mod:`lostcities.ui.games`.
"""

from __future__ import annotations

from lostcities.card import rules
from lostcities.card.rules import (
    BONUS_CARDS,
    BONUS_POINTS,
    CARDS,
    CARDS_PER_COLOUR,
    COLOUR_OF,
    COLOURS,
    EXPEDITION_COST,
    HAND_SIZE,
    NUM_PLAYERS,
    POINTS_OF,
    RANK_OF,
    Action,
    Card,
    CardAction,
    Colour,
    ColumnScore,
    Deal,
    Discard,
    Draw,
    Game,
    GameResult,
    Play,
    PlayerScore,
    State,
    Step,
    View,
    column_points,
    deck_of,
    discard,
    draw,
    is_card,
    play,
    score_column,
)

__all__ = [
    "BONUS_CARDS",
    "BONUS_POINTS",
    "CARDS",
    "CARDS_PER_COLOUR",
    "COLOURS",
    "COLOUR_OF",
    "EXPEDITION_COST",
    "HAND_SIZE",
    "NUM_PLAYERS",
    "POINTS_OF",
    "RANK_OF",
    "Action",
    "Card",
    "CardAction",
    "Colour",
    "ColumnScore",
    "Deal",
    "Discard",
    "Draw",
    "Game",
    "GameResult",
    "Play",
    "PlayerScore",
    "State",
    "Step",
    "View",
    "column_points",
    "deck_of",
    "discard",
    "draw",
    "is_card",
    "play",
    "rules",
    "score_column",
]
