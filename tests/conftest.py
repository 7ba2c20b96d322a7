"""The suite's order: what runs longest first, so that the two test processes (pytest-xdist) end
together instead of one of them finishing a long test alone.

Tests marked ``long`` go first, then the browser tests (each starts a page: seconds apiece), then
the rest (mostly milliseconds apiece) in their own order."""

from __future__ import annotations

import pytest

from buildtools import catalogs


def pytest_configure(config: pytest.Config) -> None:
    """The compiled catalogs the core reads (the build makes them too; pytest alone may run first)."""
    if not hasattr(config, "workerinput"):  # once, in the main process, before the workers start
        catalogs.compile_all()


def rank(item: pytest.Item) -> int:
    if item.get_closest_marker("long"):
        return 0
    return 1 if "e2e" in item.path.parts else 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=rank)  # stable: each group keeps its order
