"""The computer-player protocol shared by every game: turn checks, levels, the random bot."""

from __future__ import annotations

import random

import pytest

from lostcities import bots, card, errors, roll
from lostcities.card import ai as card_ai
from lostcities.roll import ai as roll_ai
from lostcities.ui import games


@pytest.mark.parametrize("name", sorted(games.entries()))
def test_every_level_of_every_game_makes_its_bot(name: str) -> None:
    entry = games.get(name)
    assert entry.levels.names == entry.game.bot_levels
    for level in entry.game.bot_levels:  # a game may have no computer player (yet)
        assert entry.bot(level).name == level
    with pytest.raises(errors.InvalidOptionError):
        entry.bot("grandmaster")


def test_each_ai_module_lists_the_levels_of_its_game() -> None:
    assert card.Game.bot_levels == card_ai.LEVELS
    assert roll.Game.bot_levels == roll_ai.LEVELS


def test_make_refuses_an_unknown_level() -> None:
    levels = {"only": bots.RandomBot}
    assert isinstance(bots.make(levels, "only", {}), bots.RandomBot)
    with pytest.raises(errors.InvalidOptionError, match="choose one of only"):
        bots.make(levels, "other", {})


def test_the_random_bot_plays_legal_actions_on_its_turn_only() -> None:
    rng = random.Random(5)
    state = card.Game(games=1).new_game(rng)
    bot = bots.RandomBot()
    while not state.is_terminal():
        p = state.current_player
        with pytest.raises(errors.WrongTurnError, match=f"player {p + 1} is to act"):
            bots.choose(bot, state.view(1 - p), rng)
        state.apply(bots.choose(bot, state.view(p), rng))
    with pytest.raises(errors.GameOverError):
        bots.choose(bot, state.view(0), rng)


def test_a_bot_refuses_the_view_of_another_game() -> None:
    view = roll.Game(players=2).new_game(random.Random(1)).view(0)
    with pytest.raises(TypeError, match="card"):
        bots.choose(card_ai.bot("easy"), view, random.Random(0))
    with pytest.raises(errors.WrongTurnError, match="chance is to act"):
        bots.check_turn(roll.Game(players=2).new_state().view(0))
