"""The standing check on the size of the browser side: every Python module of ``web/`` (the screen,
its parts, the adapters, the hosts, the embed) stays under :data:`LIMIT` lines, so a reader can
hold one; a module that grows past it is split into parts (as ``screen.py`` is: ``screen_*.py``)."""

from __future__ import annotations

import pathlib

import pytest

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
LIMIT = 500
MODULES = sorted(WEB.glob("*.py"))


def test_the_screen_and_its_parts_are_all_checked() -> None:
    names = {path.name for path in MODULES}
    assert {"screen.py", "screen_types.py", "screen_states.py", "memory_host.py", "embed_screen.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=[path.name for path in MODULES])
def test_a_web_module_is_under_500_lines(path: pathlib.Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines < LIMIT, f"web/{path.name} has {lines} lines: split it into parts under {LIMIT}"
