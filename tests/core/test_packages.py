"""The package layout: the rules load alone, the game packages import in any order
(no star imports, no order-sensitive ``__init__``), the UI lives in ``lostcities.ui``."""

from __future__ import annotations

import itertools
import json
import pathlib
import subprocess
import sys

import pytest

CORE = pathlib.Path(__file__).resolve().parents[2] / "core"


def loaded_after(*imports: str) -> list[str]:
    """The ``lostcities`` modules a fresh interpreter holds after ``imports``, in that order."""
    code = "".join(f"import {name}\n" for name in imports) + (
        "import json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('lostcities'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=CORE, capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(CORE), "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


@pytest.mark.parametrize("game", ["card", "roll", "board"])
def test_a_game_package_loads_its_rules_alone(game: str) -> None:
    loaded = loaded_after(f"lostcities.{game}")
    assert f"lostcities.{game}.rules" in loaded
    assert not [name for name in loaded if name.startswith("lostcities.ui")], "the rules import the UI"
    assert not [name for name in loaded if name.endswith((".ai", ".tutorials", ".search"))], loaded


@pytest.mark.long
def test_the_game_packages_and_the_ui_import_in_any_order() -> None:
    modules = ["lostcities.board.ai", "lostcities.card.ai", "lostcities.roll", "lostcities.ui.card",
               "lostcities.ui.games", "lostcities.ui.embed"]
    orders = [list(order) for order in itertools.permutations(modules[:3])] + [modules[::-1], modules[3:]]
    for order in orders:
        assert "lostcities.ui.games" in loaded_after(*order, "lostcities.ui.games"), order


def test_no_module_of_the_core_uses_a_star_import() -> None:
    starred = [str(path.relative_to(CORE)) for path in CORE.rglob("*.py") if "import *" in path.read_text()]
    assert starred == []
