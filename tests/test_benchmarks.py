"""The strength benchmarks (benchmarks/ai_card.py, benchmarks/ai_board.py) make every level they name
and each of them decides, on both budgets: the issue's commands must run.  (Session 31 found that
``ai_board.py``'s default budget had refused to make today's hard bot since its default budget became
None: every run of the four-player target's command stopped before its first game.)"""

from __future__ import annotations

import importlib
import pathlib
import random
import sys
import types
import typing

import pytest

from lostcities import api, board, bots, card

BENCHMARKS: typing.Final = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"
LEVELS: typing.Final = {
    "ai_card": ("random", "easy", "medium", "hard", "base", "frozen"),
    "ai_board": ("random", "easy", "medium", "hard", "frozen"),
}
POSITIONS: typing.Final[dict[str, typing.Callable[[], api.State]]] = {
    "ai_card": lambda: card.Game().new_game(random.Random(5)),
    "ai_board": lambda: board.Game(players=2, rounds=1).new_game(random.Random(5)),
}


def benchmark(name: str) -> types.ModuleType:
    """The benchmark script ``name``, imported as its command line runs it (``benchmarks/`` on the path:
    it imports ``calibration`` and the frozen bots by their own names)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    return importlib.import_module(name)


@pytest.mark.parametrize(("name", "level", "budget"),
                         [(name, level, budget) for name, levels in LEVELS.items() for level in levels
                          for budget in ("turns", "time")])
def test_every_level_of_a_benchmark_is_made_and_decides(name: str, level: str, budget: str) -> None:
    module = benchmark(name)
    bot = module.make_bot(level, 0.05, None, budget=budget)
    state = POSITIONS[name]()
    player = state.current_player
    action = bots.choose(bot, state.view(player), random.Random(1))
    assert state.is_legal(action), f"{name} {level} ({budget}) chose {action!r}, not a legal action"
