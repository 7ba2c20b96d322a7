"""What the games played with cards share: a state's card accessors over compact
codes, and the reading of card lists in snapshots.

The card game and the board game keep their cards as small ints (a card's
``index`` in the game's table of cards) in plain lists, so that copying a
state for a search is cheap; :class:`Table` turns those codes back into the
game's card objects for everyone else.
"""

from __future__ import annotations

import typing

from lostcities import api, errors

CardT = typing.TypeVar("CardT")


class Table(typing.Generic[CardT]):
    """Card accessors of a state: a subclass sets ``_cards`` (its game's table of
    cards, by code) and keeps ``_hands`` (per player), ``_cols`` (per player, per
    colour), ``_piles`` (per colour, bottom first) and ``_deck`` (top last).

    >>> class Suit(api.DomainEnum):
    ...     YELLOW = "yellow"
    ...     BLUE = "blue"
    >>> class Tiny(Table[str]):
    ...     _cards = ("Y1", "Y2", "B1")
    ...     def __init__(self) -> None:
    ...         self._hands, self._cols = [[0, 2]], [[[1], []]]
    ...         self._piles, self._deck = [[], [2]], [0, 1]
    >>> t = Tiny()
    >>> t.hand(0), t.column(0, Suit.YELLOW), t.draw_pile()
    (('Y1', 'B1'), ('Y2',), ('Y2', 'Y1'))
    """

    _cards: typing.Sequence[CardT]
    _hands: list[list[int]]
    _cols: list[list[list[int]]]
    _piles: list[list[int]]
    _deck: list[int]

    def hand(self, player: int) -> tuple[CardT, ...]:
        """``player``'s hand, in the order the cards came (secret to the others)."""
        return tuple(self._cards[c] for c in self._hands[player])

    def column(self, player: int, colour: api.DomainEnum) -> tuple[CardT, ...]:
        """``player``'s cards played in ``colour``, first played first."""
        return tuple(self._cards[c] for c in self._cols[player][colour.index])

    def discard_pile(self, colour: api.DomainEnum) -> tuple[CardT, ...]:
        """A discard pile, bottom card first."""
        return tuple(self._cards[c] for c in self._piles[colour.index])

    def draw_pile(self) -> tuple[CardT, ...]:
        """The draw pile, top card first (secret!)."""
        return tuple(self._cards[c] for c in reversed(self._deck))


def card_codes(value: typing.Any, codes: typing.Mapping[str, int], what: str, limit: int | None = None) -> list[int]:
    """The codes of a snapshot's list of card ids; :class:`~lostcities.errors.InvalidStateError`
    names ``what`` unless ``value`` is a list of ids of ``codes`` (below ``limit``, the
    size of a smaller deck, when given).

    >>> card_codes(["Y1", "B1"], {"Y1": 0, "B1": 1}, "a hand")
    [0, 1]
    >>> card_codes(["Y1", "B1"], {"Y1": 0, "B1": 1}, "a hand", limit=1)
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: a hand holds 'B1', which is not a card of this game
    """
    if not isinstance(value, list):
        raise errors.InvalidStateError(f"{what} must be a list of card ids")
    out = []
    for text in value:
        code = codes.get(text) if isinstance(text, str) else None
        if code is None or (limit is not None and code >= limit):
            raise errors.InvalidStateError(f"{what} holds {text!r}, which is not a card of this game")
        out.append(code)
    return out
