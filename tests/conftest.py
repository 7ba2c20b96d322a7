"""The suite's order: what runs longest first, so that the test processes (pytest-xdist) end
together instead of one of them finishing a long test alone.

Tests marked ``long`` go first, then the browser tests (each starts a page: seconds apiece), then
the rest (mostly milliseconds apiece) in their own order.  Under pytest-xdist's ``worksteal``
scheduling (``build.py test``) each process is first given a contiguous share of that list, and
an idle one takes work from the end of another's share; so the long tests are dealt out in turn,
one share beginning with every other long test (:func:`deal`), instead of all of them waiting in
the first process's share while the second one runs out of work."""

from __future__ import annotations

import typing

import pytest

from buildtools import catalogs

T = typing.TypeVar("T")


def pytest_configure(config: pytest.Config) -> None:
    """The compiled catalogs the core reads (the build makes them too; pytest alone may run first)."""
    if not hasattr(config, "workerinput"):  # once, in the main process, before the workers start
        catalogs.compile_all()


def rank(item: pytest.Item) -> int:
    if item.get_closest_marker("long"):
        return 0
    return 1 if "e2e" in item.path.parts else 2


def deal(first: list[T], rest: list[T], shares: int) -> list[T]:
    """``first`` dealt out in turn to ``shares`` contiguous shares of the whole list (as
    pytest-xdist's ``worksteal`` splits it: each share is the remaining count divided by the
    remaining processes), each share beginning with its part of ``first`` and filled up from
    ``rest`` in order.

    >>> deal(["A", "B", "C"], list("abcdefg"), 2)
    ['A', 'C', 'a', 'b', 'c', 'B', 'd', 'e', 'f', 'g']
    >>> deal(["A", "B"], list("ab"), 1), deal([], list("abc"), 2), deal(list("ABCD"), ["a"], 2)
    (['A', 'B', 'a', 'b'], ['a', 'b', 'c'], ['A', 'C', 'B', 'D', 'a'])
    """
    if shares <= 1:
        return [*first, *rest]
    dealt: list[T] = []
    left = rest[:]
    remaining = len(first) + len(rest)
    for share in range(shares):
        size = remaining // (shares - share)
        mine = first[share::shares]
        take = max(0, size - len(mine))
        dealt += [*mine, *left[:take]]
        del left[:take]
        remaining -= len(mine) + take
    return [*dealt, *left]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=rank)  # stable: each group keeps its order
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))  # in a pytest-xdist process
    if workers > 1:
        first = [item for item in items if rank(item) == 0]
        items[:] = deal(first, items[len(first):], workers)
