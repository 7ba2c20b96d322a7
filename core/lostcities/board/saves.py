"""The board game's saves: the shapes of a snapshot (``State.snapshot()``) as
schemas, and named checks of what a shape cannot say: the phase against the
rounds played, the tiles against the game's tiles, every card twice, the
pieces against their columns, and the score each player's tables allow.

>>> from lostcities import board
>>> game = board.Game(rounds=1)
>>> snap = game.new_state().snapshot()
>>> read(game, snap) == game.new_state()
True
>>> read(game, {**snap, "round": 2})
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: round must be an integer from 0 to 1, not 2
"""

from __future__ import annotations

import typing

from lostcities import cards, schema
from lostcities.board import data, rules

_ENTRIES: typing.Final = frozenset({"round", "phase", "player", "move", "starter", "last", "tiles", "hands", "known",
                                    "removed", "draw_pile", "discard_piles", "columns", "pieces", "found",
                                    "artifacts", "points", "results"})
_RESULT_NEEDS: typing.Final = frozenset({"round", "starter", "last", "pieces", "artifacts"})
_PHASE: typing.Final = schema.Choice({ph.value: rules._PHASES.index(ph) for ph in rules.Phase},
                                     f"phase must be one of {', '.join(ph.value for ph in rules.Phase)}, "
                                     "not {value!r}")
_MOVE: typing.Final = {None: 0, "arrow": 1, "lost_city": 2}
_TILE_SUMS: typing.Final = frozenset(range(0, rules._MAX_TILE_POINTS + 1, 5))
"""What the victory point tiles (5, 5, 10, 10, 10, 15, 15) can add up to."""

_P_TILES, _P_DEAL, _P_PLAY, _P_MOVE, _P_DRAW, _P_OVER = range(6)


class _Saved(typing.NamedTuple):
    """What the checks share: the game, the raw snapshot, and the round and phase read from it."""

    game: rules.Game
    snap: typing.Mapping[str, typing.Any]
    number: int
    phase: int
    results: list[rules.RoundResult]
    recorded: bool
    """Every finished round and the snapshot recorded their tile points (saves of
    earlier releases did not: their totals are only bounded)."""

    @property
    def n(self) -> int:
        return self.game.players

    @property
    def in_turn(self) -> bool:
        return _P_PLAY <= self.phase <= _P_DRAW


def read(game: rules.Game, snap: typing.Any) -> rules.State:
    """Rebuild a state from ``State.snapshot()``, checking every invariant
    (raises :class:`~lostcities.errors.InvalidStateError`)."""
    schema.check_entries(snap, set(_ENTRIES), optional={"tile_points"}, what="a board game snapshot")
    phase = _PHASE.read(snap["phase"])
    number = schema.Integer(0, game.rounds, "round").read(snap["round"])
    results, recorded = _read_results(game, snap["results"])
    saved = _Saved(game, snap, number, phase, results, recorded and "tile_points" in snap)
    state = rules.State(game)
    state._results = tuple(results)
    _read_seats(saved, state)
    _read_tiles(saved, state)
    _read_counters(saved, state)
    _read_pieces(saved, state)
    _check_points(saved, state)
    _read_cards(saved, state)
    return state


# -- shapes ----------------------------------------------------------------------------------


def _integer(value: typing.Any, what: str, low: int, high: int) -> int:
    return schema.Integer(low, high, what).read(value)


def _per_player(n: int, value: typing.Any, what: str) -> list[typing.Any]:
    return schema.per_player(n, lambda q: schema.Anything(), what).read(value)


def _ints(n: int, value: typing.Any, what: str, high: int) -> list[int]:
    return schema.per_player(n, lambda q: schema.Integer(0, high, f"{what} of player {q + 1}"), what).read(value)


def _colour_map(value: typing.Any, what: str) -> dict[str, typing.Any]:
    return schema.KeyedBy(rules._NAMES, lambda c: schema.Anything(),
                          f"{what} must map each colour ({', '.join(rules._NAMES)}) to its entry").read(value)


def _seat_or_none(n: int, value: typing.Any, what: str) -> int:
    return -1 if value is None else _integer(value, what, 0, n - 1)


def _card_list(value: typing.Any, what: str) -> list[int]:
    return cards.card_codes(value, rules._ID_INDEX, what)


# -- finished rounds ---------------------------------------------------------------------------


def _read_results(game: rules.Game, raw_results: typing.Any) -> tuple[list[rules.RoundResult], bool]:
    """The finished rounds, and whether each recorded its tile points."""
    if not isinstance(raw_results, list):
        schema.refuse("results must be a list")
    results: list[rules.RoundResult] = []
    recorded = True
    for r, raw in enumerate(raw_results):
        last = results[-1].last if results else -1
        results.append(_read_result(game, r, raw, game.first_player if last < 0 else (last + 1) % game.players))
        recorded = recorded and "tile_points" in raw
    return results, recorded


def _read_result(game: rules.Game, r: int, raw: typing.Any, expected: int) -> rules.RoundResult:
    n = game.players
    what = f"result of round {r + 1}"
    if not isinstance(raw, typing.Mapping) or not _RESULT_NEEDS <= set(raw) <= rules._RESULT_ENTRIES:
        schema.refuse(f"{what} must have round, starter, last, pieces and artifacts (and tile_points)")
    if raw["round"] != r + 1 or type(raw["round"]) is not int:
        schema.refuse(f"{what} must be numbered {r + 1}")
    starter = _integer(raw["starter"], f"starter of round {r + 1}", 0, n - 1)
    if starter != expected:
        schema.refuse(f"round {r + 1} should have been started by player {expected + 1}")
    last = _integer(raw["last"], f"last player of round {r + 1}", 0, n - 1)
    found = _ints(n, raw["artifacts"], f"{what}: artifacts", data.ARTIFACT_TILES)
    if sum(found) > data.ARTIFACT_TILES:
        schema.refuse(f"{what}: more artifacts than tiles")
    earned = _ints(n, raw.get("tile_points", [0] * n), f"{what}: tile_points", rules._MAX_TILE_POINTS)
    _check_tile_sums(earned, f"{what}: tile_points")
    tables = []
    for q, pieces in enumerate(_per_player(n, raw["pieces"], f"{what}: pieces")):
        stones, researcher = pieces_from(pieces, f"{what}: pieces of player {q + 1}")
        tables.append(rules._player_round(stones, researcher, found[q], earned[q]))
    return rules.RoundResult(r + 1, starter, last, tuple(tables))


def _check_tile_sums(earned: typing.Sequence[int], what: str) -> None:
    for q, points in enumerate(earned):
        if points not in _TILE_SUMS:
            schema.refuse(f"{what} of player {q + 1} is {points}, which no victory point tiles "
                          f"({', '.join(map(str, data.POINT_TILES))}) add up to")


# -- phase, round and seats --------------------------------------------------------------------


def _read_seats(saved: _Saved, state: rules.State) -> None:
    game, snap, number, phase, results, n = saved.game, saved.snap, saved.number, saved.phase, saved.results, saved.n
    finished = len(results)
    state._last = _seat_or_none(n, snap["last"], "last")
    if state._last != (results[-1].last if results else -1):
        schema.refuse("last must be the last player of the latest finished round")
    state._round = number
    problem = _phase_problem(game, phase, number, finished)
    if problem:
        schema.refuse(problem)
    state._phase = phase
    player = _seat_or_none(n, snap["player"], "player")
    if saved.in_turn != (player >= 0):
        schema.refuse("player names the seat to act during a turn, and is null otherwise")
    state._player = player
    move = snap["move"]
    if move not in (None, "arrow", "lost_city") or (move is not None) != (phase == _P_MOVE):
        schema.refuse("move must be 'arrow' or 'lost_city' while a move is pending, else null")
    state._move = _MOVE[move]
    starter = _seat_or_none(n, snap["starter"], "starter")
    expected = -1 if number == 0 else (game.first_player if number == 1 else (results[number - 2].last + 1) % n)
    if starter != expected:
        schema.refuse(f"starter must be {'null' if expected < 0 else f'player {expected + 1}'}")
    state._starter = starter


def _phase_problem(game: rules.Game, phase: int, number: int, finished: int) -> str | None:
    if phase == _P_OVER and (finished != game.rounds or number != game.rounds):
        return "a game is over after its last round only"
    if phase == _P_TILES and finished != number:
        return "tiles are laid out between rounds only"
    if phase in (_P_DEAL, _P_PLAY, _P_MOVE, _P_DRAW) and (finished != number - 1 or number < 1):
        return f"round {number} cannot be under way after {finished} finished rounds"
    if phase == _P_TILES and number >= game.rounds:
        return "no round is left to lay out"
    return None


# -- tiles and counters ------------------------------------------------------------------------


def _read_tiles(saved: _Saved, state: rules.State) -> None:
    tiles = saved.snap["tiles"]
    if not isinstance(tiles, list) or len(tiles) != (0 if saved.number == 0 else len(rules.SPACES)):
        schema.refuse(f"tiles must list the {len(rules.SPACES)} spaces once a round has begun (an empty list before)")
    codes = []
    for t in tiles:
        code = rules._EMPTY if t is None else (rules._TILE_CODE.get(t) if isinstance(t, str) else None)
        if code is None:
            schema.refuse(f"tiles hold {t!r}, which is not a tile id")
        codes.append(code)
    if codes and not _tiles_fit(codes):
        schema.refuse("the tiles on the board are not the game's tiles (less the artifacts taken)")
    state._tiles = codes


def _tiles_fit(codes: typing.Sequence[int]) -> bool:
    """True if the tiles on the spaces are the game's tiles less some artifacts."""
    remaining = dict(rules._TILE_COUNTS)
    for code in codes:
        remaining[rules._ARTIFACT if code == rules._EMPTY else code] -= 1
    return all(v == 0 for v in remaining.values())


def _read_counters(saved: _Saved, state: rules.State) -> None:
    """Artifacts found and held, points and tile points, against the tiles taken."""
    snap, n, phase, results = saved.snap, saved.n, saved.phase, saved.results
    state._found = _ints(n, snap["found"], "found", data.ARTIFACT_TILES)
    state._artifacts = _ints(n, snap["artifacts"], "artifacts", data.ARTIFACT_TILES * saved.game.rounds)
    state._points = _ints(n, snap["points"], "points", 10 ** 6)
    state._tile_points = _ints(n, snap.get("tile_points", [0] * n), "tile_points", rules._MAX_TILE_POINTS)
    if saved.in_turn and any(state._points[q] < state._tile_points[q] for q in range(n)):
        schema.refuse("a player has fewer points than the victory points taken from tiles this round")
    between = phase in (_P_TILES, _P_OVER)
    current_found = state._found if not between else (
        [results[-1].players[q].artifacts for q in range(n)] if results else [0] * n)
    if between and any(state._found):
        schema.refuse("artifact tiles are exchanged for tokens at the end of a round")
    taken = state._tiles.count(rules._EMPTY)
    if sum(current_found) != taken:
        schema.refuse(f"{taken} artifact spaces are empty but {sum(current_found)} artifacts were found")
    for q in range(n):
        if state._artifacts[q] != sum(r.players[q].artifacts for r in results):
            schema.refuse(f"player {q + 1}'s artifact tokens do not match the finished rounds")


# -- pieces and columns ------------------------------------------------------------------------


def _read_pieces(saved: _Saved, state: rules.State) -> None:
    snap, n, phase, number, results = saved.snap, saved.n, saved.phase, saved.number, saved.results
    pieces = _per_player(n, snap["pieces"], "pieces")
    columns = _per_player(n, snap["columns"], "columns")
    board_cleared = phase == _P_DEAL or number == 0
    for q in range(n):
        what = f"pieces of player {q + 1}"
        stones, researcher = pieces_from(_colour_map(pieces[q], what), what)
        state._stones[q] = stones
        state._researcher[q] = researcher
        cols = _colour_map(columns[q], f"columns of player {q + 1}")
        for colour in rules.COLOURS:
            state._cols[q][colour.index] = _read_column(saved.game, q, colour, cols[colour.value], stones)
        if board_cleared and any(stones):
            schema.refuse("no piece is on a path before the deal")
        if phase == _P_TILES and number == 0 and any(stones):
            schema.refuse("no piece is on a path before the first round")
        ended = results[-1].players[q] if results and phase in (_P_TILES, _P_OVER) else None
        if ended is not None and rules._player_round(stones, researcher, ended.artifacts,
                                                     state._tile_points[q]) != ended:
            schema.refuse(f"the pieces of player {q + 1} do not match the result of round {number}")
    state._crossed = sum(1 for stones in state._stones for s in stones if s > data.BRIDGE_AFTER)
    if state._crossed > data.CROSSINGS_TO_END or (saved.in_turn and state._crossed >= data.CROSSINGS_TO_END):
        schema.refuse(f"{state._crossed} pieces are past a bridge")


def _read_column(game: rules.Game, q: int, colour: rules.Colour, value: typing.Any,
                 stones: typing.Sequence[int]) -> list[int]:
    where = f"player {q + 1}'s {colour.value} column"
    col = _card_list(value, where)
    if any(rules.COLOUR_OF[c] != colour.index for c in col):
        schema.refuse(f"{where} holds a card of another colour")
    problem = rules._column_problem(col, game.up_and_down)
    if problem:
        schema.refuse(f"{where} is illegal: {problem}")
    if col and not stones[colour.index]:
        schema.refuse(f"player {q + 1} has a {colour.value} column but no piece on that path")
    if stones[colour.index] and not col and not game.any_piece:
        schema.refuse(f"player {q + 1} has a piece on the {colour.value} path but no column")
    return col


def pieces_from(value: typing.Any, what: str) -> tuple[list[int], int]:
    """``(stones, researcher)`` from a snapshot's pieces: a colour map of
    ``{"kind", "stone"}`` or null, or (in results) a list of ``[colour, kind, stone]``.

    >>> pieces_from([["red", "researcher", 2], ["blue", "adventurer", 9]], "pieces")
    ([0, 9, 0, 0, 2], 4)
    >>> pieces_from({"red": {"kind": "adventurer", "stone": 10}}, "pieces")
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: pieces: a piece stands on a stone from 1 to 9, not 10
    """
    stones = [0] * rules.NUM_COLOURS
    researcher = -1
    for name, kind, stone in _piece_entries(value, what):
        colour = rules._BY_NAME.get(name) if isinstance(name, str) else None
        if colour is None or stones[colour.index]:
            schema.refuse(f"{what}: {name!r} is not a colour, or a path holds two pieces")
        if kind not in ("adventurer", "researcher"):
            schema.refuse(f"{what}: {kind!r} is not a piece")
        if type(stone) is not int or not 1 <= stone <= data.STONES:
            schema.refuse(f"{what}: a piece stands on a stone from 1 to {data.STONES}, not {stone!r}")
        stones[colour.index] = stone
        if kind == "researcher":
            if researcher >= 0:
                schema.refuse(f"{what}: only one researcher")
            researcher = colour.index
    if sum(1 for s in stones if s) - (researcher >= 0) > data.ADVENTURERS:
        schema.refuse(f"{what}: only {data.ADVENTURERS} adventurers")
    return stones, researcher


def _piece_entries(value: typing.Any, what: str) -> list[tuple[typing.Any, typing.Any, typing.Any]]:
    """A snapshot's or a result's pieces as ``(colour name, kind, stone)``."""
    if isinstance(value, typing.Mapping):
        entries = []
        for name, entry in value.items():
            if entry is None:
                continue
            if not isinstance(entry, typing.Mapping) or set(entry) != {"kind", "stone"}:
                schema.refuse(f"{what}: each piece is null or has kind and stone")
            entries.append((name, entry["kind"], entry["stone"]))
        return entries
    if isinstance(value, list):
        if not all(isinstance(entry, list) and len(entry) == 3 for entry in value):
            schema.refuse(f"{what}: each piece is [colour, kind, stone]")
        return [(entry[0], entry[1], entry[2]) for entry in value]
    schema.refuse(f"{what} must be a colour map or a list")


# -- points --------------------------------------------------------------------------------------


def _reached_tiles(state: rules.State, q: int) -> list[int]:
    """The victory point tiles on the spaces ``q``'s pieces have stepped on this round."""
    out = []
    for colour, stone in enumerate(state._stones[q]):
        for s in range(1, stone + 1):
            space = rules._SPACE_AT[colour][s]
            if space >= 0 and state._tiles[space] > 0:
                out.append(state._tiles[space])
    return out


def _subset_sums(values: typing.Sequence[int]) -> set[int]:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums


def _check_points(saved: _Saved, state: rules.State) -> None:
    """Tile points are a sum of the point tiles each player's pieces reached this
    round; each total is what the finished rounds' tables and this round's tile
    points pay (bounded when an earlier release did not record tile points)."""
    n, results = saved.n, saved.results
    on_board = saved.number > 0 and saved.phase != _P_DEAL
    for q in range(n):
        points = state._tile_points[q]
        if on_board and points not in _subset_sums(_reached_tiles(state, q)):
            schema.refuse(f"player {q + 1} took {points} points from tiles, but their pieces reached victory "
                          f"point tiles worth {sorted(_reached_tiles(state, q)) or 'nothing'}")
        if not on_board and points:
            schema.refuse(f"player {q + 1} took {points} points from tiles before their pieces were on the board")
    bounds = totals_allowed(saved.game, results, state._tile_points, state._artifacts, rules._PHASES[saved.phase],
                            recorded=saved.recorded)
    for q, (low, high) in enumerate(bounds):
        total = state._points[q]
        if not low <= total <= high:
            allowed = f"{low}" if low == high else f"from {low} to {high}"
            schema.refuse(f"player {q + 1} has {total} points, but the rounds' tables and tiles give {allowed}")


def totals_allowed(game: rules.Game, results: typing.Sequence[rules.RoundResult], tile_points: typing.Sequence[int],
                   artifacts: typing.Sequence[int], phase: rules.Phase, *,
                   recorded: bool = True) -> list[tuple[int, int]]:
    """Each player's lowest and highest total that the finished rounds' tables,
    this round's ``tile_points`` and (at the end) the artifact track allow at
    ``phase``: one total when every round ``recorded`` its tile points (saves of
    earlier releases did not: each round may then have paid up to all the tiles).

    >>> from lostcities import board
    >>> totals_allowed(board.Game(rounds=1), [], [15, 0], [0, 0], board.Phase.PLAY)
    [(15, 15), (0, 0)]
    """
    in_round = phase in (rules.Phase.PLAY, rules.Phase.MOVE, rules.Phase.DRAW)
    out = []
    for q, taken in enumerate(tile_points):
        low = high = 0
        for r in results:
            table = r.players[q]
            low = max(0, low + table.tile_points + table.net)
            high = max(0, high + (table.tile_points if recorded else rules._MAX_TILE_POINTS) + table.net)
        if phase is rules.Phase.OVER:
            bonus = game.artifact_points(artifacts[q])
            low, high = max(0, low + bonus), max(0, high + bonus)
        if in_round:
            low, high = low + taken, high + (taken if recorded else rules._MAX_TILE_POINTS)
        out.append((low, high))
    return out


# -- cards ---------------------------------------------------------------------------------------


def _read_cards(saved: _Saved, state: rules.State) -> None:
    snap, n = saved.snap, saved.n
    hands = [_card_list(h, f"player {q + 1}'s hand") for q, h in enumerate(_per_player(n, snap["hands"], "hands"))]
    known = [_card_list(k, f"player {q + 1}'s known cards")
             for q, k in enumerate(_per_player(n, snap["known"], "known"))]
    for q in range(n):
        _check_hand(q, hands[q], known[q])
    state._hands = hands
    state._known = known
    state._removed = _card_list(snap["removed"], "removed")
    state._deck = _card_list(snap["draw_pile"], "draw_pile")[::-1]
    piles = _colour_map(snap["discard_piles"], "discard_piles")
    for colour in rules.COLOURS:
        pile = _card_list(piles[colour.value], f"the {colour.value} discard pile")
        if any(rules.COLOUR_OF[c] != colour.index for c in pile):
            schema.refuse(f"the {colour.value} discard pile holds a card of another colour")
        state._piles[colour.index] = pile
    everything = state._removed + state._deck
    for codes in hands + state._piles + [col for cols in state._cols for col in cols]:
        everything += codes
    if saved.phase == _P_DEAL or saved.number == 0:
        if everything or any(known):
            schema.refuse("no card is dealt before the deal")
        return
    if sorted(everything) != list(rules.DECK):
        counts = {c: everything.count(c) for c in set(everything)}
        wrong = next((c for c in range(len(rules.CARDS)) if counts.get(c, 0) != data.COPIES), 0)
        schema.refuse(f"the cards must hold every card twice; {rules._IDS[wrong]} is there {counts.get(wrong, 0)} "
                      "times")
    if len(state._removed) != saved.game.removed:
        schema.refuse(f"{saved.game.removed} cards must be removed, not {len(state._removed)}")
    _check_hand_sizes(saved, state, [len(h) for h in hands])


def _check_hand(q: int, hand: list[int], known: list[int]) -> None:
    if hand != sorted(hand):
        schema.refuse(f"player {q + 1}'s hand must be sorted")
    rest = hand[:]
    for c in known:
        if c not in rest:
            schema.refuse(f"player {q + 1}'s known cards must be cards of their hand")
        rest.remove(c)


def _check_hand_sizes(saved: _Saved, state: rules.State, sizes: list[int]) -> None:
    if saved.in_turn:
        expected_sizes = [data.HAND_SIZE] * saved.n
        if saved.phase != _P_PLAY:
            expected_sizes[state._player] -= 1
        if sizes != expected_sizes:
            schema.refuse(f"at the {saved.snap['phase']} step the hands must hold {expected_sizes} cards, "
                          f"not {sizes}")
        if not state._deck:
            schema.refuse("a round under way has cards in the draw pile")
        return
    if state._crossed < data.CROSSINGS_TO_END and state._deck:
        schema.refuse("a finished round has an empty draw pile or five pieces past a bridge")
    if any(size > data.HAND_SIZE or size < data.HAND_SIZE - 1 for size in sizes):
        schema.refuse(f"after a round each hand holds {data.HAND_SIZE - 1} or {data.HAND_SIZE} cards")

