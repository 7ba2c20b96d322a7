"""The common API's own behaviour, checked on every registered game."""

from __future__ import annotations

import json
import random

import pytest

from lostcities import api, errors

GAMES = [cls.variants()[0] for cls in api.games().values()]


def advance(state: api.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_scenario_save_keeps_working_after_more_moves(game: api.Game) -> None:
    """A save made of a snapshot only (an injected scenario) still saves and reloads after more play."""
    rng = random.Random(7)
    state = game.new_state()
    advance(state, rng, 12)
    scenario = {"format": "lostcities.state", "version": api.FORMAT_VERSION, **game.to_dict(), "state": state.snapshot()}
    loaded = api.state_from_dict(json.loads(json.dumps(scenario)))
    assert loaded == state and loaded.history == ()
    advance(loaded, rng, 9)
    again = api.state_from_dict(json.loads(json.dumps(loaded.to_dict())))
    assert again == loaded and again.history == loaded.history
    assert again.record().replay() == loaded


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_save_whose_snapshot_disagrees_with_its_history_is_refused(game: api.Game) -> None:
    rng = random.Random(3)
    state = game.new_state()
    advance(state, rng, 10)
    other = game.new_state()
    advance(other, random.Random(4), 10)
    data = {**state.to_dict(), "state": other.snapshot()}
    with pytest.raises(errors.InvalidStateError, match="does not match its own history"):
        api.state_from_dict(data)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_errors_name_the_position_and_change_nothing(game: api.Game) -> None:
    state = game.new_state()
    advance(state, random.Random(5), 5)
    before = state.to_dict()
    with pytest.raises(errors.MalformedActionError) as info:
        state.apply("fly to the moon")
    assert game.title in str(info.value) and "action 6" in str(info.value)
    assert state.to_dict() == before
    with pytest.raises(errors.MalformedActionError):
        state.apply(42)  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_new_game_draws_the_opening_chance_from_the_rng() -> None:
    for game in GAMES:
        one = game.new_game(random.Random(11))
        two = game.new_game(random.Random(11))
        assert one == two and not one.is_chance()
