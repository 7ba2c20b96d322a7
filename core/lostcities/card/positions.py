"""Positions of the card game made to order: the one builder that tutorials,
the embed (through the tutorials) and tests share.

:func:`build` lays out game 1 from what is named (hands, columns, discard
piles, the top of the draw pile) and deals every other card: the hands are
filled up when asked, the rest forms the draw pile, and beyond ``deck_size``
the cards go to the bottom of their discard piles.  The result is checked like
any save.

>>> from lostcities import card
>>> state = build(card.Game(games=1), hands=(["Y2", "Y3"], ["B4"]), fill=True, top=["G9"])
>>> [c.id for c in state.hand(0)][:2], len(state.hand(1)), state.draw_pile()[0].id
(['Y2', 'Y3'], 8, 'G9')
>>> build(card.Game(games=1), hands=(["Y2"] * 8, []), deck_size=10)
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: card Y2 is in more than one place
"""

from __future__ import annotations

import random
import typing

from lostcities import errors, schema
from lostcities.card import rules

_Cards = typing.Sequence[str]


def build(game: rules.Game, *, hands: tuple[_Cards, _Cards] = ((), ()),
          columns: tuple[typing.Mapping[str, _Cards], typing.Mapping[str, _Cards]] = ({}, {}),
          discard_piles: typing.Mapping[str, _Cards] | None = None, top: _Cards = (), player: int = 0,
          step: str = "play", discarded: str | None = None, known: tuple[_Cards, _Cards] = ((), ()),
          shuffle: typing.Callable[[list[str]], None] | None = None, fill: bool = False,
          deck_size: int | None = None) -> rules.State:
    """A position of game 1, ``player`` to act at ``step``.  The cards not named
    are taken in the deck's order (or as ``shuffle`` orders them); with ``fill``
    each hand is filled up from their end, then they form the draw pile below
    ``top``, cut after ``deck_size`` cards (the cut cards go to the bottom of
    their discard piles, in order).  Raises ``InvalidStateError``."""
    colours = [c.value for c in game.colour_list]
    cols = [{k: list(given.get(k, [])) for k in colours} for given in columns]
    piles = {k: list((discard_piles or {}).get(k, [])) for k in colours}
    held = [list(hand) for hand in hands]
    named = {*held[0], *held[1], *top, *(i for c in cols for col in c.values() for i in col),
             *(i for pile in piles.values() for i in pile)}
    rest = [c.id for c in game.deck if c.id not in named]
    if shuffle is not None:
        shuffle(rest)
    if fill:
        for p in range(rules.NUM_PLAYERS):
            size = rules.HAND_SIZE - (1 if step == "draw" and p == player else 0)
            while len(held[p]) < size and rest:
                held[p].append(rest.pop())
    draw = [*top, *rest]
    if deck_size is not None:
        draw, piles = draw[:deck_size], _under_piles(draw[deck_size:], piles)
    return game.state_from_snapshot({
        "game_number": 1, "starter": game.first_player, "player": player, "step": step, "discarded": discarded,
        "hands": held, "known": [list(k) for k in known], "columns": cols, "discard_piles": piles,
        "draw_pile": draw, "results": [],
    })


def _under_piles(cut: _Cards, piles: dict[str, list[str]]) -> dict[str, list[str]]:
    """The discard piles with the ``cut`` cards below, each in its colour, in order."""
    bottom: dict[str, list[str]] = {k: [] for k in piles}
    for card_id in cut:
        bottom[rules.Card.from_id(card_id).colour.value].append(card_id)
    return {k: bottom[k] + piles[k] for k in piles}


def tutorial_position(game: rules.Game, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> rules.State:
    """A position of game 1 completed from a partial description (for tutorials).

    ``partial`` may give ``hands`` (a list per player; a missing or shorter
    hand is filled up), ``columns`` (a list per player of colour name -> card
    ids), ``discard_piles`` (colour name -> card ids, bottom first), ``top``
    (the top cards of the draw pile, drawn first), ``player`` (to act, the
    reader by default 0) and ``step`` (``play`` or ``draw``).  Every card
    not named is shuffled from ``rng`` and dealt to fill the hands, then
    the rest forms the draw pile below ``top``.  The position is checked
    like any snapshot (raises ``InvalidStateError``).

    >>> from lostcities import card
    >>> state = tutorial_position(card.Game(games=1), {"hands": [["Y2", "Y3"]], "top": ["G9"]}, random.Random(1))
    >>> state.hand(0)[:2], state.draw_pile_size, state.current_player
    ((Card(Colour.YELLOW, 2), Card(Colour.YELLOW, 3)), 44, 0)
    """
    schema.check_entries(partial, set(), {"hands", "columns", "discard_piles", "top", "player", "step"},
                         what="a partial card game position")
    colours = [c.value for c in game.colour_list]
    hands_raw = partial.get("hands", [])
    if not isinstance(hands_raw, list) or len(hands_raw) > rules.NUM_PLAYERS:
        schema.refuse("hands must list at most two hands")
    hands = [_ids(hands_raw[p], f"hand {p + 1}") if p < len(hands_raw) else [] for p in range(rules.NUM_PLAYERS)]
    cols_raw = partial.get("columns", [{}, {}])
    if not isinstance(cols_raw, list) or len(cols_raw) != rules.NUM_PLAYERS:
        schema.refuse("columns must list both players' columns")
    columns = []
    for p, cols in enumerate(cols_raw):
        if not isinstance(cols, dict) or not set(cols) <= set(colours):
            schema.refuse(f"columns of player {p + 1} must map colour names to card ids")
        columns.append({c: _ids(cols.get(c, []), f"player {p + 1}'s {c} column") for c in colours})
    piles_raw = partial.get("discard_piles", {})
    if not isinstance(piles_raw, dict) or not set(piles_raw) <= set(colours):
        schema.refuse("discard_piles must map colour names to card ids")
    piles = {c: _ids(piles_raw.get(c, []), f"the {c} discard pile") for c in colours}
    top = _ids(partial.get("top", []), "top")
    player = partial.get("player", 0)
    if type(player) is not int or player not in (0, 1):
        raise errors.InvalidStateError("player must be 0 or 1")
    return build(game, hands=(hands[0], hands[1]), columns=(columns[0], columns[1]), discard_piles=piles, top=top,
                 player=player, step=partial.get("step", "play"), shuffle=rng.shuffle, fill=True)


def _ids(value: typing.Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.upper() in rules._ID_INDEX for v in value):
        schema.refuse(f"{what} must be a list of card ids")
    return [v.upper() for v in value]
