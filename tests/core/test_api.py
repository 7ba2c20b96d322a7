"""The common API's own behaviour, checked on every registered game."""

from __future__ import annotations

import dataclasses
import json
import random
import typing

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
    scenario = {"format": "lostcities.state", "version": api.FORMAT_VERSION, **game.to_dict(),
                "state": state.snapshot()}
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


# -- hostile input (issue 9, item 4) ------------------------------------------------------------


def deeply_nested(depth: int) -> list[object]:
    nested: list[object] = []
    for _ in range(depth):
        nested = [nested]
    return nested


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_saves_and_records_with_wrong_types_are_invalid_states(game: api.Game) -> None:
    state = game.new_state()
    advance(state, random.Random(8), 6)
    save = json.loads(json.dumps(state.to_dict()))
    record = json.loads(json.dumps(state.record().to_dict()))
    deep = deeply_nested(5_000)
    for data in (save, record):
        load: typing.Callable[[typing.Any], object] = api.state_from_dict if data is save else api.Record.from_dict
        for bad in ({**data, "game": []}, {**data, "game": {}}, {**data, "options": []}, {**data, "version": True},
                    {**data, "version": "1"}, {}, {**data, "options": {"players": deep}}, {**data, "game": deep},
                    {**data, "start": deep}, {**data, "history": deep}, {**data, "actions": deep}, deep,
                    {**data, "options": {1: 2}}, {**data, "extra": float("nan")}, {**data, "x": (1, 2)}):
            with pytest.raises(errors.InvalidStateError):
                load(bad)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_save_with_neither_history_nor_state_is_refused(game: api.Game) -> None:
    save = game.new_state().to_dict()
    del save["history"], save["state"]
    with pytest.raises(errors.InvalidStateError, match="neither"):
        api.state_from_dict(save)


@pytest.mark.parametrize("game", [g for cls in api.games().values() for g in cls.variants()], ids=repr)
def test_a_new_game_saves_and_loads_byte_identically(game: api.Game) -> None:
    save = game.new_state().to_dict()
    loaded = api.state_from_dict(json.loads(json.dumps(save)))
    assert json.dumps(loaded.to_dict()) == json.dumps(save)
    assert "start" not in loaded.to_dict() and loaded.history == ()
    snapshot_only = {k: v for k, v in save.items() if k != "history"}
    assert json.dumps(api.state_from_dict(snapshot_only).to_dict()) == json.dumps(save)


class Forged:
    """An object that claims to be an action."""

    def notation(self) -> str:
        return "refuse"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_objects_that_are_no_actions_of_the_game_are_malformed(game: api.Game) -> None:
    state = game.new_state()
    advance(state, random.Random(9), 4)
    before = state.to_dict()
    other = [cls for cls in api.games().values() if cls is not type(game)]
    foreign = [cls.variants()[0].new_game(random.Random(1)).legal_actions()[0] for cls in other]
    # actions built around their constructors (field-less ones are well-formed that way)
    unset = [object.__new__(t) for t in game.action_types if dataclasses.fields(typing.cast(typing.Any, t))]
    assert unset
    for action in [Forged(), None, 3, b"refuse", *foreign, *unset]:
        assert not state.is_legal(action)  # type: ignore[arg-type]
        with pytest.raises(errors.MalformedActionError) as info:
            state.apply(action)  # type: ignore[arg-type]
        assert game.title in str(info.value)
        assert state.to_dict() == before


@pytest.mark.parametrize("cls", list(api.games().values()), ids=lambda cls: cls.name)
def test_metadata_is_json_safe_and_every_schema_default_builds_a_game(cls: type[api.Game]) -> None:
    data = cls.metadata()
    assert json.loads(json.dumps(data)) == data
    assert data["min_players"] <= data["max_players"] and data["bot_levels"] == list(cls.bot_levels)
    defaults = {option.name: option.default for option in cls.option_schema}
    game = cls.from_options(defaults)
    assert game.new_game(random.Random(1)).legal_actions()
    for option in cls.option_schema:
        assert option.default in option.values()
        for value in option.values():
            assert getattr(cls.from_options({**defaults, option.name: value}), option.name) == value


@pytest.mark.parametrize("cls", list(api.games().values()), ids=lambda cls: cls.name)
def test_options_are_checked_through_the_schema(cls: type[api.Game]) -> None:
    bad: typing.Any
    for bad in ([], "x", None, {"nonsense": 1}, {1: 2}, {("a",): 1}, {"x" * 1000: 1}):
        with pytest.raises(errors.InvalidOptionError):
            cls.from_options(bad)
    for option in cls.option_schema:
        for bad in (None, "1", 1.5, [], {}, deeply_nested(5_000), str(option.default)):
            with pytest.raises(errors.InvalidOptionError, match=option.name):
                cls.from_options({option.name: bad})
    for name, (low, high) in cls.option_ranges.items():
        for bad in (low - 1, high + 1, True, str(low), None):
            with pytest.raises(errors.InvalidOptionError, match=name):
                cls.from_options({name: bad})


def listed_position(game: api.Game, seed: int) -> tuple[api.State, list[api.Action]]:
    """A position a few actions in (fewer in a short game), with the actions ``legal_actions()``
    just listed there."""
    for steps in (6, 3, 1):
        state = game.new_state()
        advance(state, random.Random(seed), steps)
        while state.is_chance():
            state.apply(state.sample_chance(random.Random(seed)))
        legal = state.legal_actions()
        if legal:
            return state, legal
    raise AssertionError(f"{game.name}: no position with a legal action one to six actions in")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_listed_action_tampered_with_afterwards_is_refused_and_changes_nothing(game: api.Game) -> None:
    """``apply`` trusts an action ``legal_actions()`` just listed only while it is intact."""
    state, legal = listed_position(game, 11)
    action = legal[0]
    # The family's games list actions built once and known to the game (a game that keeps no
    # such list, like the tests' own, has every action checked in full: refused all the same).
    assert game.known_actions.is_intact(action) or game.name not in ("card", "roll", "board")
    name, value = next(iter(vars(action).items()))
    before = state.to_dict()
    object.__setattr__(action, name, "forged")
    try:
        assert not game.known_actions.is_intact(action)
        with pytest.raises(errors.MalformedActionError):
            state.apply(action)
    finally:
        object.__setattr__(action, name, value)  # the game's own action object: put it back
    assert state.to_dict() == before
    assert game.known_actions.is_intact(action) or game.name not in ("card", "roll", "board")
    state.apply(action)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_an_action_listed_for_an_earlier_position_is_checked_again(game: api.Game) -> None:
    state, legal = listed_position(game, 12)
    rng = random.Random(12)
    for _ in range(40):
        action = rng.choice(legal)
        state.apply(action)
        if state.is_terminal():
            return
        stale = [a for a in legal if not state.is_legal(a)]
        for old in stale:  # listed one position earlier: no longer legal, refused
            before = state.to_dict()
            with pytest.raises(errors.GameError):
                state.apply(old)
            assert state.to_dict() == before
        while state.is_chance():
            state.apply(state.sample_chance(rng))
        legal = state.legal_actions()
    assert state.history


@pytest.mark.parametrize("game", [game for cls in api.games().values() for game in cls.variants()],
                         ids=lambda g: f"{g.name}-{sorted(g.options().items())}")
def test_apply_and_apply_unchecked_reach_the_same_positions(game: api.Game) -> None:
    """A game may perform an action in ``_apply`` (checked, with its event) apart from
    ``_do`` (the play-outs' path, e.g. the card game's, inlined for speed): both reach the same
    position after every action of a few seeded random games."""
    for seed in range(3):
        rng = random.Random(f"same:{game.name}:{seed}")
        checked, unchecked = game.new_state(), game.new_state()
        for _ in range(2000):
            if checked.is_terminal():
                break
            action = checked.sample_chance(rng) if checked.is_chance() else rng.choice(checked.legal_actions())
            checked.apply(action)
            unchecked.apply_unchecked(action)
            assert checked.snapshot() == unchecked.snapshot(), f"{checked.position()}: {action.notation()}"
        assert unchecked.is_terminal() is checked.is_terminal()
