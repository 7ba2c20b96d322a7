"""``State.apply`` trusts an action without checking it only when the game's constant-time
test says it is legal (``State._is_legal``, behind ``State.is_trusted``); these tests hold
that test to the rules, over every registered game (``tests.pebbles`` included):

* at thousands of seeded random positions, for every action of the game seen anywhere
  (the game's own action objects, copies of them built anew, actions of its other
  variants), a game's own ``_is_legal`` answers exactly ``action in legal_actions()``,
  asked before the list is made; ``is_trusted`` (what ``apply`` asks) never says yes to
  an action that is not listed, and says yes to every listed one in the family's games;
* hypothesis-fuzzed actions -- listed ones with a field replaced (by another action's
  value, or by junk), text, other objects -- the same, and ``apply`` refuses every
  illegal one with a ``GameError``, changing nothing;
* the check itself fails for a fast test with a planted bug.
"""

from __future__ import annotations

import copy
import random
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lostcities import api, card, errors

GAMES = sorted(api.games())
POSITIONS = 2500
"""Player positions checked per game (over its variants, a seeded sample of their random games)."""
RATE = {"board": 0.15}
"""Share of positions checked in games with long rounds (the others: every position)."""


def has_own_test(state: api.State) -> bool:
    """Does the game answer ``_is_legal`` itself (not the listed-action default)?"""
    return type(state)._is_legal is not api.State._is_legal


def action_pool(name: str) -> list[api.Action]:
    """Every player action listed in a few seeded random games of each variant of game
    ``name``, and a copy of each built anew (well-formed, equal, not the game's own object)."""
    seen: dict[str, api.Action] = {}
    for game in api.games()[name].variants():
        for seed in range(3):
            rng = random.Random(f"pool:{name}:{seed}")
            state = game.new_state()
            while not state.is_terminal():
                if state.is_chance():
                    state.apply(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                for action in legal:
                    seen.setdefault(action.notation(), action)
                state.apply(rng.choice(legal))
    pool = list(seen.values())
    return pool + [copy.copy(action) for action in pool]


POOLS = {name: action_pool(name) for name in GAMES}


def check_position(state: api.State, actions: typing.Iterable[object]) -> None:
    """At ``state``, the fast test agrees with ``legal_actions()`` on every one of ``actions``."""
    game = state.game
    own = has_own_test(state)
    well_formed = []
    for action in actions:
        try:
            game.check_action(action)
        except errors.MalformedActionError:
            assert not state.is_trusted(action), f"{state.position()}: malformed {action!r} is trusted"
            continue
        well_formed.append(action)
    if own:  # asked before legal_actions() lists anything
        fast = [state._is_legal(typing.cast(api.Action, action)) for action in well_formed]
    legal = state.legal_actions()
    for index, action in enumerate(well_formed):
        expected = action in legal
        if own:
            assert fast[index] is expected, (
                f"{state.position()}: _is_legal({typing.cast(api.Action, action).notation()}) is {fast[index]}")
        if state.is_trusted(action):
            assert expected, f"{state.position()}: {action!r} is trusted and not legal"
    for action in legal:  # the fast path is taken for every listed action the game knows intact
        if game.known_actions.is_intact(action):
            assert state.is_trusted(action), f"{state.position()}: listed {action.notation()} is not trusted"


def random_positions(name: str, seed: str) -> typing.Iterator[api.State]:
    """Player positions (and the chance and terminal ones on the way) of seeded random
    games of every variant of ``name``, in turn, until :data:`POSITIONS` players' positions."""
    variants = api.games()[name].variants()
    sampler = random.Random(f"sample:{seed}")
    rate = RATE.get(name, 1.0)
    count = 0
    number = 0
    while count < POSITIONS:
        game = variants[number % len(variants)]
        rng = random.Random(f"{seed}:{name}:{number}")
        number += 1
        state = game.new_state()
        while count < POSITIONS:
            if state.is_terminal() or state.is_chance() or sampler.random() < rate:
                count += not (state.is_terminal() or state.is_chance())
                yield state
            if state.is_terminal():
                break
            state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))


def check_chance_or_end(state: api.State, pool: list[api.Action], rng: random.Random) -> None:
    """At a chance node only the outcome just drawn is trusted; once over, nothing."""
    sample = rng.sample(pool, min(40, len(pool)))
    if state.is_chance():
        outcome = state.sample_chance(random.Random(rng.random()))
        # The family's games (they know their actions) draw it through State._sampled: trusted.
        assert state.is_trusted(outcome) or not state.game.known_actions.one_field
        sample.append(copy.copy(outcome))  # an equal outcome, not the one drawn: checked in full
    for action in sample:
        assert not state.is_trusted(action), f"{state.position()}: {action!r} is trusted"
        if state.is_terminal() and has_own_test(state):
            assert not state._is_legal(action)


@pytest.mark.long
@pytest.mark.parametrize("name", GAMES)
def test_the_fast_test_agrees_with_the_listed_actions(name: str) -> None:
    pool = POOLS[name]
    rng = random.Random(f"chance:{name}")
    checked = 0
    for state in random_positions(name, "agree"):
        if state.is_chance() or state.is_terminal():
            check_chance_or_end(state, pool, rng)
            continue
        check_position(state, pool)
        checked += 1
    assert checked == POSITIONS


def field_values(pool: list[api.Action]) -> list[object]:
    """Every field value of the pool's actions (to build other actions of the game from)."""
    return [value for action in pool for value in vars(action).values()]


JUNK = st.one_of(st.none(), st.integers(-3, 100), st.text(max_size=4), st.booleans(), st.just(card.CARDS[0]),
                 st.just(card.Colour.PURPLE), st.lists(st.integers(0, 5), max_size=3).map(tuple))


@st.composite
def fuzzed_action(draw: st.DrawFn, name: str) -> object:
    """A pool action, or one with a field replaced (by another action's value or junk), or something else."""
    pool = POOLS[name]
    kind = draw(st.sampled_from(["pool", "field", "junk", "text", "object"]))
    if kind == "text":
        return draw(st.one_of(st.sampled_from([a.notation() for a in pool]), st.text(max_size=8)))
    if kind == "object":
        return draw(st.one_of(JUNK, st.builds(object)))
    action = copy.copy(draw(st.sampled_from(pool)))
    if kind != "pool" and vars(action):
        fields = sorted(vars(action))
        replaced = draw(st.sampled_from(fields))
        value = draw(st.sampled_from(field_values(pool)) if kind == "field" else JUNK)
        object.__setattr__(action, replaced, value)
    return action


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_fuzzed_actions_are_trusted_only_when_legal(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    game = api.games()[name].variants()[seed % len(api.games()[name].variants())]
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    actions = data.draw(st.lists(fuzzed_action(name), min_size=1, max_size=12))
    if state.is_chance() or state.is_terminal():
        for action in actions:
            assert not state.is_trusted(action)
        return
    check_position(state, actions)
    legal = state.legal_actions()
    before = state.to_dict()
    for action in actions:
        if isinstance(action, str) or action in legal:
            continue
        with pytest.raises(errors.GameError):
            state.apply(action)  # type: ignore[arg-type]  # (fuzzed: anything)
        assert state.to_dict() == before


REAL_CARD_TEST: typing.Final = card.State._is_legal


def buggy_card_test(state: card.State, action: api.Action) -> bool:
    """The card game's fast test with a planted bug: a number card may follow a higher one."""
    p = state.current_player
    if type(action) is card.Play and state.step is card.Step.PLAY:
        c = action.card.index
        if c in state._hands[p] and 1 < card.RANK_OF[c] < state._tops[p][card.COLOUR_OF[c]]:
            return True
    return REAL_CARD_TEST(state, action)


def test_the_check_catches_a_wrong_fast_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agreement check fails for a fast test that is wrong (here in the card game:
    a number played on a higher one)."""
    pool = POOLS["card"]
    positions = random_positions("card", "planted")
    monkeypatch.setattr(card.State, "_is_legal", buggy_card_test)
    with pytest.raises(AssertionError, match="_is_legal"):
        for state in positions:
            if not (state.is_chance() or state.is_terminal()):
                check_position(state, pool)


@pytest.mark.parametrize("name", GAMES)
def test_apply_checks_exactly_the_actions_it_does_not_trust(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``apply`` inlines the usual case of ``is_trusted``: it calls ``check`` exactly when
    ``is_trusted`` says no (listed actions, copies, tampered ones, other positions' actions)."""
    checked: list[object] = []
    real_check = api.State.check

    def counting_check(state: api.State, action: api.Action | str) -> api.Action:
        checked.append(action)
        return real_check(state, action)

    monkeypatch.setattr(api.State, "check", counting_check)
    pool = POOLS[name]
    rng = random.Random(f"apply:{name}")
    for count, state in enumerate(random_positions(name, "apply")):
        if count >= 300:
            break
        legal = [] if state.is_chance() or state.is_terminal() else state.legal_actions()
        tampered = copy.copy(rng.choice(pool))
        for field_name, value in vars(rng.choice(pool)).items():
            if hasattr(tampered, field_name):
                object.__setattr__(tampered, field_name, value)
        for action in [*rng.sample(legal, min(3, len(legal))), *rng.sample(pool, 3), tampered]:
            probe = state.clone()
            trusted = probe.is_trusted(action)
            del checked[:]
            try:
                probe.apply(action)
            except errors.GameError:
                assert not trusted
            assert bool(checked) is not trusted, f"{state.position()}: {action!r} trusted {trusted}"
