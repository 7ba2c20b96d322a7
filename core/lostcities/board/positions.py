"""Positions of the board game made to order: the builder that tutorials, the
embed (through the tutorials) and tests share.

:func:`round_snapshot` writes the snapshot of a round under way from what
each part holds; :func:`tutorial_position` completes a tutorial's partial
position (the tiles and cards not named are shuffled and dealt) and reads it
back like any save.

>>> from lostcities import board
>>> game = board.Game(rounds=1)
>>> state = tutorial_position(game, {"hands": [["Y2", "Y2", "Y5"]], "columns": [{}, {"red": ["R3"]}],
...                                  "tiles": {"yellow-2": "arrow"}, "top": ["G9"]}, random.Random(1))
>>> [c.id for c in state.hand(0)[:3]], state.piece(1, board.Colour.RED), state.tile(board.Colour.YELLOW, 2)
(['Y2', 'Y2', 'Y5'], (Kind.ADVENTURER, 1), Tile(TileKind.ARROW))
>>> state.draw_pile_size, state.current_player, state.step
(63, 0, <Step.PLAY: 'play'>)
"""

from __future__ import annotations

import random
import typing

from lostcities import schema
from lostcities.board import data, rules

_Cards = typing.Sequence[str]


def round_snapshot(game: rules.Game, *, tiles: typing.Sequence[str | None], hands: typing.Sequence[_Cards],
                   removed: _Cards, draw_pile: _Cards, discard_piles: typing.Mapping[str, _Cards],
                   columns: typing.Sequence[typing.Mapping[str, _Cards]],
                   pieces: typing.Sequence[typing.Mapping[str, typing.Any]], phase: str = "play", player: int = 0,
                   move: str | None = None, known: typing.Sequence[_Cards] | None = None,
                   found: typing.Sequence[int] | None = None, tile_points: typing.Sequence[int] | None = None,
                   points: typing.Sequence[int] | None = None,
                   results: typing.Sequence[typing.Mapping[str, typing.Any]] = ()) -> dict[str, typing.Any]:
    """The snapshot of round ``len(results) + 1`` under way, ``player`` to act:
    hands sorted, the starter and the artifact tokens those the finished
    ``results`` imply.  ``tile_points`` None leaves them unrecorded, as in
    saves of earlier releases (the totals are then only bounded by the tiles)."""
    n = game.players
    last = results[-1]["last"] if results else None
    snap: dict[str, typing.Any] = {
        "round": len(results) + 1, "phase": phase, "player": player, "move": move,
        "starter": game.first_player if last is None else (last + 1) % n, "last": last,
        "tiles": list(tiles), "hands": [sorted(h, key=rules._ID_INDEX.__getitem__) for h in hands],
        "known": [list(k) for k in known] if known is not None else [[] for _ in range(n)],
        "removed": list(removed), "draw_pile": list(draw_pile),
        "discard_piles": {c: list(discard_piles.get(c, [])) for c in rules._NAMES},
        "columns": [{c: list(cols.get(c, [])) for c in rules._NAMES} for cols in columns],
        "pieces": [dict(p) for p in pieces], "found": list(found or [0] * n),
        "tile_points": None if tile_points is None else list(tile_points),
        "artifacts": [sum(r["artifacts"][q] for r in results) for q in range(n)],
        "points": list(points or [0] * n), "results": [dict(r) for r in results],
    }
    if tile_points is None:
        del snap["tile_points"]
    return snap


def tutorial_position(game: rules.Game, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> rules.State:
    """A position of round 1, at a play step, completed from a partial description (for tutorials).

    ``partial`` may give ``hands`` (a list per player; a missing or shorter
    hand is filled up to eight cards), ``columns`` (a list per player of
    colour name -> card ids; each column puts an adventurer on the stone of
    its length), ``pieces`` (a list per player of colour name -> ``{"kind":
    "researcher", "stone": 3}``, either entry optional: the researcher, or
    a piece that an arrow moved further than its cards), ``tiles``
    (``"green-4"`` -> a tile id, or None for an artifact already taken),
    ``found`` (artifacts found so far, per player), ``points`` (victory
    points taken from tiles so far, per player), ``discard_piles`` (colour
    name -> card ids, bottom first), ``top`` (the top cards of the draw
    pile, drawn first) and ``player`` (to play; 0 by default).  The tiles
    not named are shuffled from ``rng`` onto the other spaces; every card
    not named is shuffled, the removed cards (with two players) are taken
    from it, the hands are filled up and the rest forms the draw pile
    below ``top``.  The position is checked like any snapshot (raises
    ``InvalidStateError``).

    >>> from lostcities import board
    >>> tutorial_position(board.Game(rounds=1), {"tiles": {"blue-4": "arrow"}}, random.Random(1))
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: blue stone 4 has no tile space
    """
    schema.check_entries(partial, set(), {"hands", "columns", "pieces", "tiles", "found", "points",
                                          "discard_piles", "top", "player"}, what="a partial board game position")
    n = game.players
    hands = [_ids(h, f"hand {q + 1}") for q, h in enumerate(_per_player(partial, "hands", list, n))]
    columns = [{c: _ids(cols.get(c, []), f"player {q + 1}'s {c} column") for c in rules._NAMES}
               for q, cols in enumerate(_colour_map(m, f"columns of player {q + 1}")
                                        for q, m in enumerate(_per_player(partial, "columns", dict, n)))]
    pieces = [_pieces(q, given, columns[q]) for q, given in enumerate(_per_player(partial, "pieces", dict, n))]
    piles_raw = _colour_map(partial.get("discard_piles", {}), "discard_piles")
    piles = {c: _ids(piles_raw.get(c, []), f"the {c} discard pile") for c in rules._NAMES}
    top = _ids(partial.get("top", []), "top")
    layout = _tiles(partial.get("tiles", {}), rng)
    named = [*(i for h in hands for i in h), *top, *(i for cols in columns for col in cols.values() for i in col),
             *(i for p in piles.values() for i in p)]
    rest = _rest_of_deck(named)
    rng.shuffle(rest)
    removed = [rest.pop() for _ in range(game.removed)]
    for hand in hands:
        while len(hand) < data.HAND_SIZE and rest:
            hand.append(rest.pop())
    player = partial.get("player", 0)
    if type(player) is not int or not 0 <= player < n:
        schema.refuse(f"player must be a seat from 0 to {n - 1}")
    points = partial.get("points", [0] * n)
    return game.state_from_snapshot(round_snapshot(
        game, tiles=layout, hands=hands, removed=removed, draw_pile=[*top, *rest], discard_piles=piles,
        columns=columns, pieces=pieces, player=player, found=partial.get("found", [0] * n), tile_points=points,
        points=points))


def _ids(value: typing.Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.upper() in rules._ID_INDEX for v in value):
        schema.refuse(f"{what} must be a list of card ids")
    return [v.upper() for v in value]


def _per_player(partial: typing.Mapping[str, typing.Any], key: str, default: typing.Callable[[], typing.Any],
                n: int) -> list[typing.Any]:
    value = partial.get(key, [])
    if not isinstance(value, list) or len(value) > n:
        schema.refuse(f"{key} must list at most {n} players")
    return [value[q] if q < len(value) else default() for q in range(n)]


def _colour_map(value: typing.Any, what: str) -> dict[str, typing.Any]:
    if not isinstance(value, dict) or not set(value) <= set(rules._NAMES):
        schema.refuse(f"{what} must map colour names to its entries")
    return value


def _pieces(q: int, given: typing.Any, columns: typing.Mapping[str, _Cards]) -> dict[str, typing.Any]:
    """Player ``q``'s pieces: those given, else an adventurer on the stone of each column's length."""
    given = _colour_map(given, f"pieces of player {q + 1}")
    mine: dict[str, typing.Any] = {}
    for c in rules._NAMES:
        entry = given.get(c, {})
        if not isinstance(entry, dict) or not set(entry) <= {"kind", "stone"}:
            schema.refuse(f"player {q + 1}'s {c} piece must be an object with a kind and a stone")
        stone = entry.get("stone", len(columns[c]))
        mine[c] = {"kind": entry.get("kind", "adventurer"), "stone": stone} if stone else None
    return mine


def _tiles(tiles_raw: typing.Any, rng: random.Random) -> list[str | None]:
    """The tiles on the spaces: those named, the others shuffled from ``rng``."""
    if not isinstance(tiles_raw, dict):
        schema.refuse("tiles must map spaces (green-4) to tile ids")
    layout: list[str | None] = [None] * len(rules.SPACES)
    named = [False] * len(rules.SPACES)
    left = [rules._TILE_ID[code] for code in rules.ALL_TILES]
    for where, tile in tiles_raw.items():
        name, _, number = str(where).partition("-")
        colour = rules._BY_NAME.get(name)
        space = rules._SPACE_AT[colour.index][int(number)] if colour and number.isascii() and number.isdigit() and \
            int(number) <= data.STONES else -1
        if space < 0:
            schema.refuse(f"{name} stone {number} has no tile space")
        wanted = "artifact" if tile is None else tile
        if wanted not in left:
            schema.refuse(f"the tiles have no {wanted!r} left for {where}")
        left.remove(wanted)
        layout[space], named[space] = tile, True
    rng.shuffle(left)
    for space in range(len(rules.SPACES)):
        if not named[space]:
            layout[space] = left.pop()
    return layout


def _rest_of_deck(named: typing.Iterable[str]) -> list[str]:
    """The deck's cards (in the deck's order) less those named (each card has two copies)."""
    rest = [rules._IDS[c] for c in rules.DECK]
    for card_id in named:
        if card_id not in rest:
            schema.refuse(f"card {card_id} is named more than twice")
        rest.remove(card_id)
    return rest
