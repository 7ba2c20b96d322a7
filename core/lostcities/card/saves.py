"""The card game's saves: the shape of a snapshot (``State.snapshot()``) as one
schema (:func:`snapshot_schema`), and named checks of what a shape cannot say
(every card in one place, the starters of the games, hand sizes at each step).

>>> from lostcities import card
>>> game = card.Game(games=1)
>>> snap = game.new_state().snapshot()
>>> read(game, snap) == game.new_state()
True
>>> read(game, {**snap, "game_number": 2})
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: game_number must be an integer from 0 to 1, not 2
"""

from __future__ import annotations

import functools
import itertools
import typing

from lostcities import api, schema
from lostcities.card import rules


def read(game: rules.Game, snap: typing.Any) -> rules.State:
    """Rebuild a state from ``State.snapshot()``, checking every invariant
    (raises :class:`~lostcities.errors.InvalidStateError`)."""
    saved = snapshot_schema(game).read(snap)
    results: list[rules.GameResult] = saved["results"]
    number: int = saved["game_number"]
    state = rules.State(game)
    state._results = tuple(results)
    state._totals = [sum(r.scores[p] for r in results) for p in range(rules.NUM_PLAYERS)]
    state._game_number = number
    state._hands, state._known, state._cols = saved["hands"], saved["known"], saved["columns"]
    state._tops = [[max([rules.RANK_OF[c] for c in col], default=0) for col in cols] for cols in state._cols]
    state._piles = [saved["discard_piles"][c.value] for c in game.colour_list]
    state._deck = saved["draw_pile"][::-1]
    if number == 0:
        _check_before_the_deal(state, snap)
        return state
    _check_every_card_once(state)
    expected_starter = game.next_starter(results[: number - 1])
    if snap["starter"] != expected_starter:
        schema.refuse(f"game {number} must be started by player {expected_starter + 1}, not {snap['starter']!r}")
    state._starter = expected_starter
    if len(results) == number:
        _read_between_games(state, snap)
    else:
        _read_turn(state, snap)
    return state


# -- the shape ---------------------------------------------------------------------------------------


@functools.cache
def snapshot_schema(game: rules.Game) -> schema.Schema[dict[str, typing.Any]]:
    """The shape of a snapshot of ``game``: cards read as codes, each column and
    pile of one colour (and each column legal), the finished games as results."""
    names = tuple(c.value for c in game.colour_list)
    two = rules.NUM_PLAYERS

    def cards(what: str) -> schema.CardList:
        return schema.CardList(rules._ID_INDEX, what, len(game.deck))

    def colour_map(item: typing.Callable[[str], schema.Schema[typing.Any]], what: str) -> schema.KeyedBy[typing.Any]:
        return schema.KeyedBy(names, item, f"{what} must map each colour ({', '.join(names)}) to its cards")

    def column(p: int) -> schema.Schema[list[list[int]]]:
        columns = colour_map(lambda c: schema.Checked(cards(f"player {p + 1}'s {c} column"), (
            _one_colour(c, f"player {p + 1}'s {c} column holds a card of another colour"),
            _legal_column(f"player {p + 1}'s {c} column is illegal"))), f"player {p + 1}'s columns")
        return _Values(columns)

    piles = colour_map(lambda c: schema.Checked(cards(f"the {c} discard pile"), (
        _one_colour(c, f"the {c} discard pile holds a card of another colour"),)), "discard_piles")
    return schema.Checked(schema.Entries({
        "results": schema.Checked(schema.ListOf(functools.partial(_result_schema, game), "results must be a list"),
                                  (functools.partial(_check_results, game),)),
        "game_number": schema.Integer(0, game.games, "game_number"),
        "hands": schema.ListOf(lambda p: cards(f"player {p + 1}'s hand"), "hands must list both players' hands",
                               length=two),
        "known": schema.ListOf(lambda p: cards(f"player {p + 1}'s known cards"),
                               "known must list both players' public hand cards", length=two),
        "columns": schema.ListOf(column, "columns must list both players' columns", length=two),
        "discard_piles": piles,
        "draw_pile": cards("the draw pile"),
        # read by the named checks, once the game number says what they must be
        "starter": schema.Anything(), "player": schema.Anything(), "step": schema.Anything(),
        "discarded": schema.Anything(),
    }, what="a card game snapshot"), (_check_game_number, _check_known))


@functools.cache
def _result_schema(game: rules.Game, g: int) -> schema.Schema[rules.GameResult]:
    """A finished game ``g`` (0-based): its starter and each player's columns."""
    names = tuple(c.value for c in game.colour_list)

    def column(p: int, colour: str) -> schema.Entries:
        where = f"game {g + 1} {colour} column of player {p + 1}"
        return schema.Entries({
            "wagers": schema.Integer(0, 3, "wagers"),
            "numbers": schema.Satisfies(_rising, f"{where} must rise from 2 to 10"),
        }, message=f"{where} needs 'wagers' and 'numbers'")

    def player(p: int) -> schema.KeyedBy[dict[str, typing.Any]]:
        return schema.KeyedBy(names, functools.partial(column, p),
                              f"game {g + 1} columns of player {p + 1} must map each colour ({', '.join(names)}) "
                              "to its cards")

    return _ResultOf(game, schema.Entries({
        "starter": schema.Integer(0, 1, f"starter of game {g + 1}"),
        "columns": schema.ListOf(player, f"result of game {g + 1} must have columns for both players",
                                 length=rules.NUM_PLAYERS),
    }, message=f"result of game {g + 1} must have 'starter' and 'columns'"))


class _ResultOf(schema.Schema[rules.GameResult]):
    """A :class:`~lostcities.card.rules.GameResult` from its checked entries."""

    def __init__(self, game: rules.Game, entries: schema.Entries) -> None:
        self._colours, self._entries = game.colour_list, entries

    def read(self, value: typing.Any) -> rules.GameResult:
        raw = self._entries.read(value)
        scored = tuple(rules.PlayerScore(tuple(rules.ColumnScore(colour, cols[colour.value]["wagers"],
                                                                 tuple(cols[colour.value]["numbers"]))
                                               for colour in self._colours))
                       for cols in raw["columns"])
        return rules.GameResult(raw["starter"], scored)


class _Values(schema.Schema[list[list[int]]]):
    """A colour map's values in the order of its keys."""

    def __init__(self, inner: schema.KeyedBy[list[int]]) -> None:
        self._inner = inner

    def read(self, value: typing.Any) -> list[list[int]]:
        return list(self._inner.read(value).values())


def _rising(numbers: typing.Any) -> bool:
    return isinstance(numbers, list) and all(type(v) is int and 2 <= v <= 10 for v in numbers) and all(
        a < b for a, b in itertools.pairwise(numbers))


def _one_colour(name: str, problem: str) -> typing.Callable[[list[int]], str | None]:
    index = rules._BY_NAME[name].index
    return lambda codes: problem if any(rules.COLOUR_OF[c] != index for c in codes) else None


def _legal_column(what: str) -> typing.Callable[[list[int]], str | None]:
    def check(codes: list[int]) -> str | None:
        problem = rules._column_problem(codes)
        return f"{what}: {problem}" if problem else None
    return check


# -- named checks ------------------------------------------------------------------------------------


def _check_results(game: rules.Game, results: list[rules.GameResult]) -> str | None:
    """Each finished game was started by the right player and used each card once."""
    for g, result in enumerate(results):
        expected = game.next_starter(results[:g])
        if result.starter != expected:
            return f"game {g + 1} should have been started by player {expected + 1}"
        for i, colour in enumerate(game.colour_list):
            numbers = [v for player in result.players for v in player.columns[i].numbers]
            if len(set(numbers)) != len(numbers) or sum(p.columns[i].wagers for p in result.players) > 3:
                return f"game {g + 1} uses a {colour.value} card twice"
    return None


def _check_game_number(saved: dict[str, typing.Any]) -> str | None:
    number, finished = saved["game_number"], len(saved["results"])
    return None if finished in (number, number - 1) else f"game {number} cannot follow {finished} finished games"


def _check_known(saved: dict[str, typing.Any]) -> str | None:
    for p, (hand, known) in enumerate(zip(saved["hands"], saved["known"], strict=True)):
        if not set(known) <= set(hand) or len(set(known)) != len(known):
            return f"player {p + 1}'s known cards must be distinct cards of their hand"
    return None


def _everything(state: rules.State) -> list[int]:
    out = state._hands[0] + state._hands[1] + state._deck
    for cols in state._cols:
        for col in cols:
            out += col
    for pile in state._piles:
        out += pile
    return out


def _check_before_the_deal(state: rules.State, snap: typing.Mapping[str, typing.Any]) -> None:
    if _everything(state) or any(state._known):
        schema.refuse("before the first deal no card may be anywhere")
    for key in ("starter", "player", "step", "discarded"):
        if snap[key] is not None:
            schema.refuse(f"before the first deal {key} must be null")


def _check_every_card_once(state: rules.State) -> None:
    counts: dict[int, int] = {}
    for c in _everything(state):
        counts[c] = counts.get(c, 0) + 1
    twice = [c for c, k in counts.items() if k > 1]
    if twice:
        schema.refuse(f"card {rules._IDS[min(twice)]} is in more than one place")
    lost = [c.index for c in state.game.deck if c.index not in counts]
    if lost:
        schema.refuse(f"card {rules._IDS[lost[0]]} is missing")


def _read_between_games(state: rules.State, snap: typing.Mapping[str, typing.Any]) -> None:
    """A finished game: empty draw pile, full hands, the columns of its result."""
    if state._deck:
        schema.refuse("a finished game has an empty draw pile")
    for key in ("player", "step", "discarded"):
        if snap[key] is not None:
            schema.refuse(f"between games and after the match {key} must be null")
    if any(len(h) != rules.HAND_SIZE for h in state._hands):
        schema.refuse(f"after a game each hand holds {rules.HAND_SIZE} cards")
    last = state._results[-1]
    for p in range(rules.NUM_PLAYERS):
        if state.breakdown(p) != last.players[p]:
            schema.refuse(f"the columns on the table do not match the result of game {state._game_number}")
    state._player = api.TERMINAL if state._game_number >= state.game.games else api.CHANCE


_STEP: typing.Final = schema.Choice({"play": 0, "draw": 1}, "step must be 'play' or 'draw', not {value!r}")


def _read_turn(state: rules.State, snap: typing.Mapping[str, typing.Any]) -> None:
    """A game in progress: the player to act, the step, hand sizes, the colour just discarded."""
    player = schema.Integer(0, 1, "player").read(snap["player"])
    state._step = _STEP.read(snap["step"])
    if not state._deck:
        schema.refuse("a game in progress has cards in the draw pile")
    state._player = player
    sizes = [len(h) for h in state._hands]
    expected = [rules.HAND_SIZE, rules.HAND_SIZE]
    if state._step:
        expected[player] -= 1
    if sizes != expected:
        schema.refuse(f"at the {snap['step']} step the hands must hold {expected[0]} and {expected[1]} cards, "
                      f"not {sizes[0]} and {sizes[1]}")
    discarded = snap["discarded"]
    state._discarded = -1 if discarded is None else _discarded_pile(state, discarded)


def _discarded_pile(state: rules.State, discarded: typing.Any) -> int:
    if state._step == 0:
        schema.refuse("no card can have been discarded before the play step")
    pile_colour = rules._BY_NAME.get(discarded) if isinstance(discarded, str) else None
    if pile_colour is None or pile_colour.index >= state.game.colours:
        schema.refuse(f"discarded must be a colour of this game, not {discarded!r}")
    if not state._piles[pile_colour.index]:
        schema.refuse(f"the {pile_colour.value} discard pile cannot be empty right after a discard")
    return pile_colour.index
