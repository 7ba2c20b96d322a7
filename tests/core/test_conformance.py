"""The generic conformance test, run over every registered game and its variants.

Thousands of seeded random games check that every game keeps the common
contract of :mod:`lostcities.api`:

* games end;
* every listed legal action applies, and ``is_legal`` agrees with the list;
* actions that are not legal (taken from other positions, or malformed) raise a
  typed ``GameError`` and leave the state exactly as it was;
* views are JSON-safe, never contain a hidden token, and a determinization of a
  view is a valid state with the same view;
* every ``apply`` returns an :class:`api.Event`: JSON-safe, with a log text, and
  what each other player may see of it holds none of their hidden tokens after
  the action (a secret that is still a secret after the action; what the
  action made public, like a card played from a hand, may be told);
* the leak check itself catches a view that shows another player's secrets;
* states and records survive a JSON round trip and replay to the same state;
* notations round-trip.
"""

from __future__ import annotations

import json
import random
import typing

import pytest

import lostcities
from lostcities import api, errors

MAX_ACTIONS = 20_000
LIGHT_GAMES = 1000  # per game, spread over its variants: contract checks at every step
LIGHT_ACTIONS = 400_000  # per variant at most: long games play fewer light games (card and roll never reach it)
DEEP_GAMES = 8  # per variant: contract checks at every step
DEEP_POSITIONS = 8_000  # per variant at most: later positions of long games are played, not checked
LEAK_ACTIONS = 400  # per variant: positions checked by the test of the leak check itself
REPLAY_RATE = 0.08  # share of those steps that also replay the whole history (costly)
DEEP_RATE = {"board": 0.03, "card": 0.5}
"""Games whose full check of a position is costly (the board game: four players' views,
each determinized, 25 tiles; the card game: long matches, whose consecutive positions
differ by one card) check a seeded sample of the positions of their deep games (every
position of the others); every event is still checked."""
LEAK_RATE = {"board": 0.25}
"""The same for the test of the leak check itself."""


def variants() -> list[api.Game]:
    found = [game for cls in api.games().values() for game in cls.variants()]
    assert found, "no game is registered"
    return found


VARIANTS = variants()


def variant_id(game: api.Game) -> str:
    return f"{game.name}-" + "-".join(f"{k}={v}" for k, v in sorted(game.options().items()))


def leaks(data: typing.Any, hidden: set[str]) -> list[str]:
    """The hidden tokens found in JSON-like ``data`` (see ``api.State.hidden_tokens``)."""
    if not hidden:
        return []
    items = any(token.startswith("[") for token in hidden)  # item tokens are costly to write
    return sorted(hidden.intersection(api.json_tokens(data, items)))


def check_event(state: api.State, action: api.Action, event: api.Event) -> None:
    """``event`` was returned by applying ``action`` to reach ``state``."""
    assert isinstance(event, api.Event)
    data = event.to_dict()
    assert roundtrip(data) == data, "an event is not JSON-safe"
    assert event.action in ("", action.notation())
    assert event.kind and event.text.strip()
    names = [f"Player{p}" for p in range(state.game.num_players)]
    assert "{" not in event.describe(names), f"unfilled placeholder in {event.text!r}"
    for player in range(state.game.num_players):
        if player == event.player:
            continue
        leaked = leaks(event.for_viewer(player).to_dict(), state.hidden_tokens(player))
        assert not leaked, f"event {event.text!r} shows player {player} hidden {leaked[:5]}"


def roundtrip(data: typing.Any) -> typing.Any:
    return json.loads(json.dumps(data))


def play_random(game: api.Game, rng: random.Random, on_step: typing.Callable[[api.State], None] | None = None,
                on_event: typing.Callable[[api.State, api.Action, api.Event], None] | None = None) -> api.State:
    state = game.new_state()
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        if on_step:
            on_step(state)
        if state.is_chance():
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            assert actions, f"no legal action for player {state.current_player}: {state.position()}"
            action = rng.choice(actions)
        event = state.apply(action)
        if on_event:
            on_event(state, action, event)
        else:
            assert type(event) is api.Event
    raise AssertionError(f"{game!r} did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize("game", VARIANTS, ids=variant_id)
def test_options_round_trip(game: api.Game) -> None:
    assert api.game_from_dict(roundtrip(game.to_dict())) == game
    module = __import__(type(game).__module__, fromlist=["Game"])
    assert eval(repr(game), vars(module)) == game  # an evaluable repr


@pytest.mark.long
@pytest.mark.parametrize("game", VARIANTS, ids=variant_id)
def test_random_games_end_and_keep_the_contract(game: api.Game) -> None:
    """Many light games: termination, legal actions apply, scores are integers."""
    count = max(50, LIGHT_GAMES // len([v for v in VARIANTS if v.name == game.name]))
    played = 0
    for seed in range(count):
        if played >= LIGHT_ACTIONS:
            break
        state = play_random(game, random.Random(f"{variant_id(game)}:{seed}"))
        played += len(state.history)
        scores = state.scores()
        assert len(scores) == game.num_players
        assert all(isinstance(s, int) for s in scores)
        assert state.legal_actions() == []
        finished = state.finished()  # the games a match was made of add up to it; the last has its winners
        assert finished and [sum(part.scores[p] for part in finished) for p in range(game.num_players)] == scores
        assert all(set(part.winners) <= set(range(game.num_players)) for part in finished)
        if len(finished) == 1:
            assert list(finished[0].winners) == state.winners()
        with pytest.raises(errors.GameOverError):
            state.apply(state.history[-1])


@pytest.mark.long
@pytest.mark.parametrize("game", VARIANTS, ids=variant_id)
def test_deep_contract_at_every_step(game: api.Game) -> None:
    """Fewer games, every check at every position."""
    seen_actions: dict[str, api.Action] = {}
    malformed = ["", "   ", "\x00", "nonsense", "play", "draw draw draw", "take", "9" * 50, "🙂"]
    checked = 0

    def check_budgeted_event(state: api.State, action: api.Action, event: api.Event) -> None:
        if checked < DEEP_POSITIONS:
            check_event(state, action, event)

    rate = DEEP_RATE.get(game.name, 1.0)
    sampler = random.Random(f"sample:{variant_id(game)}")
    for seed in range(DEEP_GAMES):
        rng = random.Random(f"deep:{variant_id(game)}:{seed}")
        replayed_at: dict[int, dict[str, typing.Any]] = {}  # snapshots by history length

        def check(state: api.State, rng: random.Random = rng,
                  replayed_at: dict[int, dict[str, typing.Any]] = replayed_at) -> None:
            nonlocal checked
            if state.history and sampler.random() >= rate:
                return
            checked += 1
            if checked > DEEP_POSITIONS:
                return
            before = state.snapshot()
            before_history = state.history
            # Legal actions: each applies on a clone; notation round-trips.
            if not state.is_chance():
                legal = state.legal_actions()
                legal_texts = {a.notation() for a in legal}
                assert len(legal_texts) == len(legal), "legal_actions() lists an action twice"
                for action in legal:
                    text = action.notation()
                    assert game.parse_action(text) == action
                    assert state.is_legal(action) and state.is_legal(text)
                    seen_actions.setdefault(text, action)
                for action in rng.sample(legal, min(3, len(legal))):
                    probe = state.clone()
                    probe.apply(action)
                    assert probe.history == (*before_history, action)
                # Actions seen elsewhere that are not legal here must raise and change nothing
                # (the history and the whole position once after all probes: a change stays;
                # comparing the history after each probe made the check quadratic in the game's length).
                candidates = [text for text in rng.sample(list(seen_actions), min(25, len(seen_actions)))
                              if text not in legal_texts]
                for text in candidates:
                    with pytest.raises(errors.GameError) as info:
                        state.apply(seen_actions[text])
                    assert isinstance(info.value, ValueError)
                    assert str(info.value).strip()
                assert state.history == before_history, f"one of the refused {candidates!r} changed the history"
            else:
                chance = state.sample_chance(random.Random(rng.random()))
                assert game.parse_action(chance.notation()) == chance
                assert state.is_legal(chance)
            for text in malformed:
                with pytest.raises(errors.GameError):
                    state.apply(text)
            assert state.history == before_history, f"one of the refused {malformed!r} changed the history"
            assert state.snapshot() == before, "a refused action changed the position"
            # Views: JSON-safe, no hidden token, determinizations agree; one player's
            # determinization (a seeded choice, so every seat in turn) also survives a save.
            saved_player = rng.randrange(game.num_players)
            for player in range(game.num_players):
                view = state.view(player)
                data = view.to_dict()
                assert roundtrip(data) == data
                leaked = leaks(data, state.hidden_tokens(player))
                assert not leaked, f"view of player {player} shows hidden {leaked[:5]}"
                assert view.current_player == state.current_player
                if state.current_player == player:
                    assert {a.notation() for a in view.legal_actions()} == {a.notation() for a in state.legal_actions()}
                else:
                    assert view.legal_actions() == []
                sample = view.determinize(random.Random(rng.random()))
                assert sample.view(player) == view
                if player == saved_player:
                    sampled = sample.snapshot()
                    assert game.state_from_snapshot(roundtrip(sampled)).snapshot() == sampled
            # Round trips: snapshot, full save, record.
            copied = roundtrip(before)
            assert copied == before  # the position, unchanged by the probes above
            assert game.state_from_snapshot(copied) == state
            if rng.random() >= REPLAY_RATE:
                return
            restored = api.state_from_dict(roundtrip(state.to_dict()))
            assert restored == state and restored.history == state.history
            replayed_at[len(state.history)] = before  # the record is replayed once, at the end
            assert state.snapshot() == before

        final = play_random(game, rng, check, check_budgeted_event)
        restored = api.state_from_dict(roundtrip(final.to_dict()))
        assert restored.is_terminal() and restored.scores() == final.scores()
        # The record replays to every position checked on the way (one replay, step by step).
        record = api.Record.from_dict(roundtrip(final.record().to_dict()))
        replay = api.Record(record.game, (), record.start).replay()
        for count, text in enumerate(record.actions):
            if count in replayed_at:
                assert replay.snapshot() == replayed_at[count], f"the record replays differently at action {count}"
            replay.apply(text)
        assert replay == final and replay.history == final.history


@pytest.mark.parametrize("game", VARIANTS, ids=variant_id)
def test_corrupted_saves_are_refused_with_a_reason(game: api.Game) -> None:
    rng = random.Random(f"corrupt:{variant_id(game)}")
    state = game.new_game(rng)
    for _ in range(15):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    good = state.to_dict()
    broken: list[typing.Any] = [
        None,
        [],
        "save",
        {**good, "format": "something.else"},
        {**good, "version": 0},
        {**good, "version": api.FORMAT_VERSION + 1},
        {**good, "game": "chess"},
        {**good, "options": "x"},
        {**good, "history": ["nonsense"]},
        {**good, "history": good["history"][:-1]},
        {**good, "history": good["history"] + ["nonsense"]},
        {**good, "history": 3},
        {**good, "state": []},
    ]
    for data in broken:
        with pytest.raises(errors.InvalidStateError) as info:
            api.state_from_dict(data)
        assert str(info.value)
    # A snapshot-only save (a scenario) whose fields are scrambled is refused too.
    snapshot = state.snapshot()
    refused = 0
    junk: typing.Any
    for key in snapshot:
        for junk in (None, -1, "x", [], {"a": 1}):
            bad = {**snapshot, key: junk}
            try:
                game.state_from_snapshot(bad)
            except errors.InvalidStateError:
                refused += 1
            except Exception as err:  # pragma: no cover - the failure we look for
                raise AssertionError(f"corrupt {key}={junk!r} raised {type(err).__name__}: {err}") from err
    assert refused, "no corrupted snapshot was refused"


@pytest.mark.long
@pytest.mark.parametrize("cls", list(api.games().values()), ids=lambda cls: cls.name)
def test_the_leak_check_catches_a_view_that_shows_secrets(cls: type[api.Game]) -> None:
    """Every game names its secrets well enough for the leak check to fail: shown
    to ``player``, the view of a player ``other`` who knows some of ``player``'s
    hidden tokens (hidden from ``player``, not from ``other``) is caught."""
    for game in cls.variants():
        caught = 0  # positions where some player knows another's secret (each one caught)

        def check(state: api.State, game: api.Game = game) -> None:
            nonlocal caught
            hidden = [state.hidden_tokens(p) for p in range(game.num_players)]
            shown: dict[int, typing.Any] = {}  # each player's view, written once for every player it is shown to
            for player in range(game.num_players):
                for other in range(game.num_players):
                    if other != player and hidden[player] - hidden[other]:
                        if other not in shown:
                            shown[other] = state.view(other).to_dict()
                        leaked = leaks(shown[other], hidden[player])
                        assert leaked, f"{state.position()}: view of {other} shown to {player} is not caught"
                        caught += 1

        rng = random.Random(f"leak:{variant_id(game)}")
        sampler = random.Random(f"sample:{variant_id(game)}")
        state = game.new_state()
        for _ in range(LEAK_ACTIONS):
            if state.is_terminal():
                break
            if sampler.random() < LEAK_RATE.get(game.name, 1.0):
                check(state)
            state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
        if game.num_players > 1 and not getattr(game, "in_sequence", False):
            assert caught, f"{variant_id(game)}: no player ever knows a secret of another"
        else:
            assert not caught, f"{variant_id(game)} has no secret to keep"


def test_every_registered_game_has_title_and_description() -> None:
    assert lostcities.__version__
    for name, cls in api.games().items():
        assert cls.name == name
        assert cls.title and cls.description
