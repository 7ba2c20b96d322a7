"""Declarative shapes of stored JSON: each game's save (snapshot) is described
by one schema built from these small readers, and read by it.

A schema reads a JSON value and returns it checked and converted (card ids to
codes, names to enum members, ``null`` to a default) or raises
:class:`~lostcities.errors.InvalidStateError` with the message it was given,
in plain words naming the entry.  What a shape cannot say (a card seen twice,
counts that must add up) is left to each game's named checks, run on what the
schema returned.

>>> seat = Integer(0, 1, "player")
>>> save = Entries({"player": seat, "hands": per_player(2, lambda p: Integer(0, 8, f"hand {p + 1}"), "hands")},
...                what="a save")
>>> save.read({"player": 1, "hands": [8, 7]})
{'player': 1, 'hands': [8, 7]}
>>> save.read({"player": 1, "hands": [8, 9]})
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: hand 2 must be an integer from 0 to 8, not 9
>>> save.read({"player": 1})
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: a save lacks 'hands'
"""

from __future__ import annotations

import abc
import dataclasses
import typing

from lostcities import api, cards, errors

T = typing.TypeVar("T")
T_co = typing.TypeVar("T_co", covariant=True)


class Schema(abc.ABC, typing.Generic[T_co]):
    """Reads one JSON value: checked and converted, or an ``InvalidStateError``."""

    @abc.abstractmethod
    def read(self, value: typing.Any) -> T_co:
        """``value`` checked and converted (raises ``InvalidStateError``)."""


def refuse(message: str) -> typing.NoReturn:
    """Raise the error every schema and named check raises."""
    raise errors.InvalidStateError(message)


check_entries: typing.Final = api.check_entries
"""Refuse a value unless it is an object with the entries named (:func:`lostcities.api.check_entries`)."""


@dataclasses.dataclass(frozen=True)
class Anything(Schema[typing.Any]):
    """Any value, kept as it is (a later named check reads it)."""

    def read(self, value: typing.Any) -> typing.Any:
        return value


@dataclasses.dataclass(frozen=True)
class Integer(Schema[int]):
    """An integer (not a bool) from ``low`` to ``high``; ``message`` may use
    ``{what}``, ``{low}``, ``{high}`` and ``{value!r}``.

    >>> Integer(0, 3, "wagers").read(True)
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: wagers must be an integer from 0 to 3, not True
    """

    low: int
    high: int | None
    what: str
    message: str = "{what} must be an integer from {low} to {high}, not {value!r}"

    def read(self, value: typing.Any) -> int:
        if type(value) is not int or value < self.low or (self.high is not None and value > self.high):
            refuse(self.message.format(what=self.what, low=self.low, high=self.high, value=value))
        return value


@dataclasses.dataclass(frozen=True)
class Boolean(Schema[bool]):
    """``true`` or ``false``, else ``message``."""

    message: str

    def read(self, value: typing.Any) -> bool:
        if type(value) is not bool:
            refuse(self.message)
        return value


@dataclasses.dataclass(frozen=True)
class Choice(Schema[T]):
    """One of the keys of ``choices`` (strings, or None for null), read as its
    value; ``message`` may use ``{value!r}``.

    >>> Choice({"play": 0, "draw": 1}, "step must be 'play' or 'draw', not {value!r}").read("draw")
    1
    """

    choices: typing.Mapping[typing.Any, T]
    message: str

    def read(self, value: typing.Any) -> T:
        if not isinstance(value, str | None) or value not in self.choices:
            refuse(self.message.format(value=value))
        return self.choices[value]


@dataclasses.dataclass(frozen=True)
class Satisfies(Schema[typing.Any]):
    """A value for which ``test`` holds, else ``message``.

    >>> rising = Satisfies(lambda v: isinstance(v, list) and v == sorted(v), "numbers must rise")
    >>> rising.read([3, 2])
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: numbers must rise
    """

    test: typing.Callable[[typing.Any], bool]
    message: str

    def read(self, value: typing.Any) -> typing.Any:
        if not self.test(value):
            refuse(self.message)
        return value


@dataclasses.dataclass(frozen=True)
class Checked(Schema[T]):
    """What ``inner`` reads, then each of ``checks`` (a named check returning
    the problem in words, or None) in turn: the first problem is refused."""

    inner: Schema[T]
    checks: tuple[typing.Callable[[T], str | None], ...]

    def read(self, value: typing.Any) -> T:
        out = self.inner.read(value)
        for check in self.checks:
            problem = check(out)
            if problem is not None:
                refuse(problem)
        return out


@dataclasses.dataclass(frozen=True)
class Nullable(Schema[T | None]):
    """``null`` (read as None) or what ``inner`` reads."""

    inner: Schema[T]

    def read(self, value: typing.Any) -> T | None:
        return None if value is None else self.inner.read(value)


@dataclasses.dataclass(frozen=True)
class CardList(Schema[list[int]]):
    """A list of card ids, read as their codes (:func:`lostcities.cards.card_codes`)."""

    codes: typing.Mapping[str, int]
    what: str
    limit: int | None = None

    def read(self, value: typing.Any) -> list[int]:
        return cards.card_codes(value, self.codes, self.what, self.limit)


@dataclasses.dataclass(frozen=True)
class ListOf(Schema[list[T]]):
    """A list whose item ``i`` is read by ``item(i)``, of exactly ``length``
    items (or at most ``most``) when given; else ``message``.  ``item`` must be
    pure: its schema for each index is built once and kept."""

    item: typing.Callable[[int], Schema[T]]
    message: str
    length: int | None = None
    most: int | None = None

    _items: dict[int, Schema[T]] = dataclasses.field(default_factory=dict, init=False, repr=False, compare=False)
    """``item(i)`` by ``i``, built once: a schema is read many times (every load), and
    building the items' schemas anew cost as much as reading them."""

    def read(self, value: typing.Any) -> list[T]:
        if (not isinstance(value, list) or (self.length is not None and len(value) != self.length)
                or (self.most is not None and len(value) > self.most)):
            refuse(self.message)
        items = self._items
        out = []
        for i, v in enumerate(value):
            item = items.get(i)
            if item is None:
                item = items[i] = self.item(i)
            out.append(item.read(v))
        return out


def per_player(players: int, item: typing.Callable[[int], Schema[T]], what: str) -> ListOf[T]:
    """One entry per player, read by ``item(player)``: "``what`` must list the N players"."""
    return ListOf(item, f"{what} must list the {players} players", length=players)


@dataclasses.dataclass(frozen=True)
class Entries(Schema[dict[str, typing.Any]]):
    """An object with exactly the entries of ``fields`` (and maybe those of
    ``optional``, read as their default when absent), each read by its schema
    in order; ``what`` names the object in the messages of
    :func:`check_entries`.

    >>> Entries({"a": Integer(0, 9, "a")}, {"b": (Integer(0, 9, "b"), 0)}).read({"a": 1})
    {'a': 1, 'b': 0}
    """

    fields: typing.Mapping[str, Schema[typing.Any]]
    optional: typing.Mapping[str, tuple[Schema[typing.Any], typing.Any]] = dataclasses.field(default_factory=dict)
    what: str = "snapshot"
    message: str | None = None
    """Said instead of :func:`check_entries`'s words when given."""

    _names: frozenset[str] = dataclasses.field(init=False, repr=False, compare=False)
    _optional_names: frozenset[str] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_names", frozenset(self.fields))
        object.__setattr__(self, "_optional_names", frozenset(self.optional))

    def read(self, value: typing.Any) -> dict[str, typing.Any]:
        if self.message is None:
            check_entries(value, self._names, self._optional_names, self.what)
        elif (not isinstance(value, typing.Mapping)
              or not self._names <= set(value) <= self._names | self._optional_names):
            refuse(self.message)
        out = {key: schema.read(value[key]) for key, schema in self.fields.items()}
        for key, (schema, default) in self.optional.items():
            out[key] = schema.read(value[key]) if key in value else default
        return out


@dataclasses.dataclass(frozen=True)
class KeyedBy(Schema[dict[str, T]]):
    """An object with exactly the entries ``keys`` (a colour map), entry ``k``
    read by ``item(k)`` (pure: built once and kept); else ``message``."""

    keys: tuple[str, ...]
    item: typing.Callable[[str], Schema[T]]
    message: str

    _items: dict[str, Schema[T]] = dataclasses.field(default_factory=dict, init=False, repr=False, compare=False)
    """``item(key)`` by key, built once (as :attr:`ListOf._items`)."""

    def read(self, value: typing.Any) -> dict[str, T]:
        if not isinstance(value, typing.Mapping) or value.keys() != set(self.keys):
            refuse(self.message)
        items = self._items
        out = {}
        for key in self.keys:
            item = items.get(key)
            if item is None:
                item = items[key] = self.item(key)
            out[key] = item.read(value[key])
        return out
