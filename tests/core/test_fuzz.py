"""Property-based fuzzing of the rules core (issue 9, standing protection).

Random text and random JSON-like values go into ``parse_action``, ``apply``,
``is_legal``, ``state_from_dict``, ``Record.from_dict`` and
``Game.from_options`` of every registered game (``api.games()``, so a game
added later is fuzzed too).  Only :class:`~lostcities.errors.GameError`
subclasses may escape (``InvalidStateError`` from the loaders,
``InvalidOptionError`` from ``from_options``), and a refused call changes
nothing.

Profiles: ``ci`` (the default: deterministic, well under a minute) and
``nightly`` (many more examples, random): ``LC_FUZZ_PROFILE=nightly pytest
tests/core/test_fuzz.py``.  The number of examples each test ran is printed
at the end of the module (``fuzz examples: ...``).
"""

from __future__ import annotations

import collections
import copy
import json
import os
import random
import sys
import typing
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lostcities import api, board, errors
from lostcities.ui import embed

settings.register_profile("ci", max_examples=120, derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("nightly", max_examples=4000, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = os.environ.get("LC_FUZZ_PROFILE", "ci")
FUZZ = settings.get_profile(PROFILE)

GAMES = sorted(api.games())
COUNTS: collections.Counter[str] = collections.Counter()


@pytest.fixture(scope="module", autouse=True)
def report_counts(request: pytest.FixtureRequest) -> typing.Iterator[None]:
    """Print how many examples each property ran (to the terminal, past pytest's output capture)."""
    yield
    shown = ", ".join(f"{name}={count}" for name, count in sorted(COUNTS.items()))
    line = f"fuzz examples ({PROFILE} profile, {sum(COUNTS.values())} in all): {shown}"
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is None:  # pragma: no cover - pytest run with its capture plugin off
        print(f"\n{line}", file=sys.stderr)
        return
    with capture.global_and_fixture_disabled():
        print(f"\n{line}", file=sys.stderr)


# -- strategies ---------------------------------------------------------------------------------

DIGIT_CLASSES: typing.Final = ("Nd", "No", "Nl")
"""Unicode's number classes: decimal digits of every script (Arabic-Indic, fullwidth...), other
numbers (superscripts, circled digits...) and letter numbers (Roman numerals...)."""


def digit_twins() -> dict[str, tuple[str, ...]]:
    """Every non-ASCII character of :data:`DIGIT_CLASSES` by the ASCII digit whose value Unicode gives
    it, in code point order (one pass over Unicode: 0.2 s, where a pass per digit took 2.6 s of
    every test process's start)."""
    twins: dict[str, list[str]] = {str(value): [] for value in range(10)}
    for ch in map(chr, range(0x80, sys.maxunicode + 1)):
        value = unicodedata.digit(ch, None)
        if value is not None and unicodedata.category(ch) in DIGIT_CLASSES:
            twins[str(value)].append(ch)
    return {digit: tuple(chars) for digit, chars in twins.items()}


DIGIT_TWINS: typing.Final = digit_twins()
"""Every non-ASCII character that Unicode gives the value of an ASCII digit: ``'²'`` for ``'2'``..."""
NUMBER_TEXTS = st.text(st.characters(categories=DIGIT_CLASSES) | st.sampled_from("0123456789"), min_size=1,
                       max_size=8)
"""Numbers written with digits of every class, ASCII ones among them."""
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-3, 12)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12) | NUMBER_TEXTS)
JSON_LIKE = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
"""Random JSON-like values (NaN and infinities included: JSON-unsafe on purpose)."""
PYTHON_VALUES = JSON_LIKE | st.tuples(SCALARS, SCALARS) | st.binary(max_size=8) | st.sets(st.integers(), max_size=3)

WORDS = ("play", "discard", "draw", "deal", "take", "refuse", "accelerate", "roll", "none", "box", "circle", "top",
         "red", "orange", "yellow", "green", "blue", "purple", "white", "Y", "B", "W", "G", "R", "P",
         "Y7", "B10", "W$2", "G$1", "R2", "P5", "y$3", "0", "1", "5", "9", "10", "-1", "³", "٣", "\uff11", "🙂",
         "\x00", "move", "tile", "pass", "card", "$", "", "  ")


def twin_digits(text: str, draw: typing.Callable[[st.SearchStrategy[typing.Any]], typing.Any]) -> str:
    """``text`` with at least one ASCII digit (if it has any) written in another script's digit of the
    same value."""
    places = [i for i, ch in enumerate(text) if ch in DIGIT_TWINS]
    if not places:
        return text
    chosen = draw(st.sets(st.sampled_from(places), min_size=1))
    return "".join(draw(st.sampled_from(DIGIT_TWINS[ch])) if i in chosen else ch for i, ch in enumerate(text))


def has_twin_digit(text: str) -> bool:
    return any(not ch.isascii() and unicodedata.category(ch) in DIGIT_CLASSES for ch in text)


def twin_strings(data: typing.Any, draw: typing.Callable[[st.SearchStrategy[typing.Any]], typing.Any]) -> typing.Any:
    """``data`` (JSON-like, copied) with the digits of one to three of its strings or keys written in other
    scripts (None when no string of it holds a digit)."""
    data = copy.deepcopy(data)
    places: list[tuple[typing.Any, typing.Any, bool]] = []  # (container, key, the key itself is the text)
    stack = [data]
    while stack:
        node = stack.pop()
        items = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) \
            else []
        for key, value in items:
            if isinstance(key, str) and any(ch in DIGIT_TWINS for ch in key):
                places.append((node, key, True))
            if isinstance(value, str) and any(ch in DIGIT_TWINS for ch in value):
                places.append((node, key, False))
            stack.append(value)
    if not places:
        return None
    for index in sorted(draw(st.sets(st.integers(0, len(places) - 1), min_size=1, max_size=3)), reverse=True):
        node, key, is_key = places[index]
        if is_key and key in node:
            node[twin_digits(key, draw)] = node.pop(key)
        elif not is_key:
            node[key] = twin_digits(node[key], draw)
    return data


def action_texts(game: api.Game) -> st.SearchStrategy[str]:
    """Random text, word salads of the games' vocabularies, and real notations mutated."""
    legal = sorted({a.notation() for state in positions(game) for a in state.legal_actions()})
    salad = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join)
    mutated = st.tuples(st.sampled_from(legal or ["refuse"]), st.sampled_from(WORDS)).map(
        lambda pair: pair[0].rsplit(" ", 1)[0] + " " + pair[1])
    return st.text(max_size=30) | salad | mutated | st.sampled_from(legal or ["refuse"]).map(str.upper)


_POSITIONS: dict[str, list[api.State]] = {}


def positions(game: api.Game) -> list[api.State]:
    """Positions of a few seeded games: the start, chance nodes, mid-game and the end."""
    key = json.dumps(game.to_dict(), sort_keys=True)
    if key not in _POSITIONS:
        found = [game.new_state()]
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new_state()
            step = 0
            while not state.is_terminal():
                state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
                step += 1
                if step % 23 == 1 or state.is_chance():
                    found.append(state.clone())
            found.append(state)
        _POSITIONS[key] = found
    return _POSITIONS[key]


def default_game(name: str) -> api.Game:
    return api.games()[name].variants()[0]


def saved(state: api.State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def mutate(data: typing.Any, draw: typing.Callable[[st.SearchStrategy[typing.Any]], typing.Any]) -> typing.Any:
    """``data`` (JSON-like, copied) with one random place replaced, deleted or added to."""
    data = copy.deepcopy(data)
    if not isinstance(data, (dict, list)) or not data:
        return draw(JSON_LIKE)
    parent: typing.Any = data
    key: typing.Any = draw(st.sampled_from(sorted(parent) if isinstance(parent, dict) else range(len(parent))))
    while isinstance(parent[key], (dict, list)) and parent[key] and draw(st.booleans()):
        parent = parent[key]
        key = draw(st.sampled_from(sorted(parent) if isinstance(parent, dict) else range(len(parent))))
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "delete":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=8))] = draw(JSON_LIKE)
    elif how == "add":
        parent.insert(key, draw(JSON_LIKE))
    else:
        parent[key] = draw(PYTHON_VALUES)
    return data


# -- the properties -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_parse_action_raises_only_malformed_action_errors(name: str) -> None:
    game = default_game(name)

    @FUZZ
    @given(text=action_texts(game) | PYTHON_VALUES)
    def check(text: typing.Any) -> None:
        COUNTS[f"parse_action[{name}]"] += 1
        try:
            action = game.parse_action(text)
        except errors.MalformedActionError:
            return
        assert game.parse_action(action.notation()) == action

    check()


@pytest.mark.parametrize("name", GAMES)
def test_apply_and_is_legal_refuse_cleanly_and_change_nothing(name: str) -> None:
    game = default_game(name)
    states = positions(game)

    @FUZZ
    @given(index=st.integers(0, len(states) - 1), action=action_texts(game) | PYTHON_VALUES)
    def check(index: int, action: typing.Any) -> None:
        COUNTS[f"apply[{name}]"] += 1
        state = states[index].clone()
        before = saved(state)
        legal = state.is_legal(action)
        assert saved(state) == before, "is_legal changed the state"
        try:
            event = state.apply(action)
        except errors.GameError:
            assert not legal, "is_legal said yes, apply said no"
            assert saved(state) == before, "a refused action changed the state"
            return
        assert legal, "is_legal said no, apply said yes"
        assert isinstance(event, api.Event) and json.loads(json.dumps(event.to_dict())) == event.to_dict()

    check()


@pytest.mark.parametrize("name", GAMES)
def test_damaged_saves_are_refused_with_invalid_state_errors(name: str) -> None:
    game = default_game(name)
    states = positions(game)

    @FUZZ
    @given(index=st.integers(0, len(states) - 1), data=st.data())
    def check(index: int, data: st.DataObject) -> None:
        COUNTS[f"state_from_dict[{name}]"] += 1
        save = json.loads(saved(states[index]))
        damaged = mutate(save, data.draw) if data.draw(st.integers(0, 9)) else data.draw(PYTHON_VALUES)
        kept = copy.deepcopy(damaged)
        try:
            state = api.state_from_dict(damaged)
        except errors.InvalidStateError as err:
            assert str(err)
            return
        finally:
            # (in a list: equal by identity first, so that a NaN equals itself)
            assert [damaged] == [kept], "state_from_dict changed its argument"
        assert api.state_from_dict(json.loads(saved(state))) == state  # what loads is a consistent state

    check()


@pytest.mark.parametrize("name", GAMES)
def test_damaged_records_are_refused_with_invalid_state_errors(name: str) -> None:
    game = default_game(name)
    states = positions(game)

    @FUZZ
    @given(index=st.integers(0, len(states) - 1), data=st.data())
    def check(index: int, data: st.DataObject) -> None:
        COUNTS[f"Record.from_dict[{name}]"] += 1
        record = json.loads(json.dumps(states[index].record().to_dict()))
        damaged: typing.Any = mutate(record, data.draw) if data.draw(st.integers(0, 9)) else data.draw(PYTHON_VALUES)
        try:
            loaded = api.Record.from_dict(damaged)
            state = loaded.replay()
        except errors.InvalidStateError as err:
            assert str(err)
            return
        assert state.record().actions == loaded.actions

    check()


@pytest.mark.parametrize("name", GAMES)
def test_options_are_refused_with_invalid_option_errors(name: str) -> None:
    cls = api.games()[name]
    names = sorted({option.name for option in cls.option_schema} | set(cls.option_ranges))
    option_values = st.dictionaries(st.sampled_from(names) | st.text(max_size=6), PYTHON_VALUES, max_size=4)
    schema_values = st.fixed_dictionaries({}, optional={
        option.name: st.sampled_from(option.values()) | PYTHON_VALUES for option in cls.option_schema})

    @FUZZ
    @given(options=option_values | schema_values | PYTHON_VALUES)
    def check(options: typing.Any) -> None:
        COUNTS[f"from_options[{name}]"] += 1
        try:
            game = cls.from_options(options)
        except errors.InvalidOptionError as err:
            assert str(err)
            return
        assert cls.from_options(game.options()) == game
        assert game.new_state().snapshot()

    check()


# -- numbers in every Unicode digit class (issue 23): ASCII digits only -------------------------------


def test_every_digit_class_is_covered() -> None:
    assert all(len(DIGIT_TWINS[d]) > 30 for d in DIGIT_TWINS)
    # superscript, fullwidth, Arabic-Indic, circled
    assert {"\u00b2", "\uff12", "\u0662", "\u2461"} <= set(DIGIT_TWINS["2"])


@pytest.mark.parametrize("name", GAMES)
def test_actions_with_other_digits_are_refused(name: str) -> None:
    game = default_game(name)
    legal = sorted({a.notation() for state in positions(game) for a in state.legal_actions()
                    if any(ch.isdigit() for ch in a.notation())})

    @FUZZ
    @given(notation=st.sampled_from(legal), data=st.data())
    def check(notation: str, data: st.DataObject) -> None:
        COUNTS[f"digits:parse_action[{name}]"] += 1
        text = twin_digits(notation, data.draw)
        with pytest.raises(errors.MalformedActionError):
            game.parse_action(text)

    check()


@pytest.mark.long
@pytest.mark.parametrize("name", GAMES)
def test_saves_and_records_with_other_digits_are_refused(name: str) -> None:
    game = default_game(name)
    states = positions(game)

    @FUZZ
    @given(index=st.integers(0, len(states) - 1), data=st.data())
    def check(index: int, data: st.DataObject) -> None:
        COUNTS[f"digits:state_from_dict[{name}]"] += 1
        state = states[index]
        for what, load in (("save", api.state_from_dict), ("record", api.Record.from_dict)):
            good = json.loads(saved(state) if what == "save" else json.dumps(state.record().to_dict()))
            damaged = twin_strings(good, data.draw)
            if damaged is None or not has_twin_digit(json.dumps(damaged, ensure_ascii=False)):
                continue
            with pytest.raises(errors.InvalidStateError):
                loaded = load(damaged)
                if isinstance(loaded, api.Record):
                    loaded.replay()

    check()


@FUZZ
@given(key=st.sampled_from(["seed", "pov", "step", "#step"]), text=NUMBER_TEXTS)
def test_embed_numbers_are_ascii_digits_only(key: str, text: str) -> None:
    COUNTS["digits:embed"] += 1
    query = {"tut": "card-wagers"} if key.endswith("step") else {"game": "card"}
    fragment = f"#step={text}" if key == "#step" else ""
    if key != "#step":
        query[key] = text
    try:
        config = embed.Config.from_query(query, fragment)
    except embed.EmbedError as err:
        assert "digits 0-9" in err.reason or not has_twin_digit(text), err.reason
        return
    assert text.isascii(), f"{key}={text!r} was read as a number: {config!r}"


@FUZZ
@given(data=st.data())
def test_tutorial_positions_with_other_digits_are_refused(data: st.DataObject) -> None:
    """The board game's partial positions name tile spaces by stone number (``green-4``)."""
    COUNTS["digits:tutorial_position[board]"] += 1
    space = data.draw(st.sampled_from(["yellow-2", "blue-3", "white-6", "green-8", "red-9"]))
    with pytest.raises(errors.InvalidStateError):
        board.Game(rounds=1).tutorial_position({"tiles": {twin_digits(space, data.draw): "arrow"}},
                                               random.Random(1))
