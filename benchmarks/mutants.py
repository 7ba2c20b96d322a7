"""Mutation check: do the core tests catch planted rule bugs?

Each mutant is one small edit of a game's rules (an off-by-one in scoring, a
wrong ascending check, a draw from the wrong end of the pile, the wrong
player's turn...).  One at a time, the script copies ``core/`` to a temporary
directory, plants the bug there and runs that game's core tests against the
copy (``pytest -x``: the first failure kills the mutant); then it prints each
mutant's fate and the kill rate.

    python3 benchmarks/mutants.py                     # every mutant, this worktree
    python3 benchmarks/mutants.py --game card -k wager
    python3 benchmarks/mutants.py --root /tmp/old     # another tree (its core/ and tests/)

A mutant's edit lists alternatives (the same bug written against successive
versions of the code): the first whose text occurs exactly once is planted; a
mutant none of whose texts is found is reported as "n/a", not counted.  The
card game's deep conformance test is left out (``--deep`` adds it): it costs
minutes of CPU per mutant and catches nothing the others miss.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True)
class Mutant:
    name: str
    game: str
    path: str
    """The file under ``core/lostcities/``."""
    edits: tuple[tuple[str, str], ...]
    """Alternatives ``(text, replacement)``: the first found exactly once is planted."""


CARD, BOARD, ROLL = "card/rules.py", "board/rules.py", "roll/rules.py"

MUTANTS: tuple[Mutant, ...] = (
    # -- the card game --------------------------------------------------------------------
    Mutant("card: expedition cost off by one", "card", CARD, (
        ("    total = -EXPEDITION_COST\n", "    total = 1 - EXPEDITION_COST\n"),)),
    Mutant("card: table's expedition cost off by one", "card", CARD, (
        ("return -EXPEDITION_COST if self.is_started else 0",
         "return 1 - EXPEDITION_COST if self.is_started else 0"),)),
    Mutant("card: bonus from nine cards", "card", CARD, (
        ("    if len(cards) >= BONUS_CARDS:", "    if len(cards) > BONUS_CARDS:"),)),
    Mutant("card: table's bonus from nine cards", "card", CARD, (
        ("return BONUS_POINTS if self.cards >= BONUS_CARDS else 0",
         "return BONUS_POINTS if self.cards > BONUS_CARDS else 0"),)),
    Mutant("card: wagers double once too often", "card", CARD, (
        ("    total *= 1 + wagers\n", "    total *= 2 + wagers\n"),)),
    Mutant("card: a lower card may follow (check)", "card", CARD, (
        ("                elif rank <= top:\n", "                elif rank < top - 1:\n"),)),
    # (A card equal to its column's top cannot be in a hand: one card of each number a colour, and a wager
    # may follow a wager. So "> top - 1" or a check letting an equal card pass plant no bug: one lower is
    # "> top - 2".)
    Mutant("card: legal plays allow one lower", "card", CARD, (
        ("if RANK_OF[c] > top or RANK_OF[c] == top == 1", "if RANK_OF[c] > top - 2 or RANK_OF[c] == top == 1"),
        ("                if rank > top or (rank == 1 and top == 1):\n                    out.append(_PLAY[c])",
         "                if rank > top - 2 or (rank == 1 and top == 1):\n                    out.append(_PLAY[c])"))),
    Mutant("card: wager after a number card (check)", "card", CARD, (
        ("                    if top > 1:\n                        raise errors.IllegalActionError(\"wagers must",
         "                    if top > 10:\n                        raise errors.IllegalActionError(\"wagers must"),)),
    Mutant("card: wager after a number card (legal list)", "card", CARD, (
        ("RANK_OF[c] == top == 1", "RANK_OF[c] == 1"),
        ("(rank == 1 and top == 1):\n                    out.append(_PLAY[c])",
         "rank == 1:\n                    out.append(_PLAY[c])"))),
    Mutant("card: draw back the card just discarded", "card", CARD, (
        ("            if i == self._discarded:\n                raise",
         "            if i == -5:\n                raise"),)),
    Mutant("card: draw from the bottom of the draw pile", "card", CARD, (
        ("            c = self._deck.pop()\n", "            c = self._deck.pop(0)\n"),
        ("self._hands[p].append(self._deck.pop())", "self._hands[p].append(self._deck.pop(0))"))),
    Mutant("card: hands of seven", "card", CARD, (
        ("HAND_SIZE: typing.Final = 8", "HAND_SIZE: typing.Final = 7"),)),
    Mutant("card: the same player plays again", "card", CARD, (
        ("            self._player = 1 - p\n", "            self._player = p\n"),)),
    Mutant("card: the game ends one card early", "card", CARD, (
        ("        if self._deck:\n            self._player = 1 - p",
         "        if len(self._deck) > 1:\n            self._player = 1 - p"),
        ("            if self._deck:\n                self._player = 1 - p",
         "            if len(self._deck) > 1:\n                self._player = 1 - p"))),
    Mutant("card: the loser starts the next game", "card", CARD, (
        ("            return 0 if totals[0] > totals[1] else 1\n",
         "            return 1 if totals[0] > totals[1] else 0\n"),)),
    Mutant("card: the view shows the opponent's hand", "card", CARD, (
        ("            hand=self.hand(player),\n", "            hand=self.hand(other),\n"),)),
    Mutant("card: hidden_tokens forgets the draw pile", "card", CARD, (
        ("if c not in public] + self._deck", "if c not in public]"),
        ("+ self._deck\n", "\n"))),
    # -- the board game -------------------------------------------------------------------
    Mutant("board: a round ends on one crossing fewer", "board", BOARD, (
        ("            if self._crossed >= data.CROSSINGS_TO_END:",
         "            if self._crossed >= data.CROSSINGS_TO_END - 1:"),)),
    Mutant("board: the bridge is one stone later", "board", BOARD, (
        ("        if stone == data.BRIDGE_AFTER + 1:", "        if stone == data.BRIDGE_AFTER + 2:"),)),
    Mutant("board: artifact tiles are not taken", "board", BOARD, (
        ("            self._tiles[space] = _EMPTY\n            self._found[p] += 1",
         "            self._found[p] += 1"),)),
    Mutant("board: point tiles score double", "board", BOARD, (
        ("            self._points[p] += tile\n", "            self._points[p] += 2 * tile\n"),)),
    Mutant("board: pieces move beyond the lost city", "board", BOARD, (
        ("        if stone >= data.LOST_CITY:\n            return f\"your piece",
         "        if stone > data.LOST_CITY:\n            return f\"your piece"),)),
    Mutant("board: an expedition may start with a middle card", "board", BOARD, (
        ("    if v == low or (up_and_down and v == high):", "    if v <= low + 1 or (up_and_down and v == high):"),)),
    Mutant("board: a lower card may advance a rising column", "board", BOARD, (
        ("    if direction > 0 and v < last:", "    if direction > 0 and v < last - 1:"),)),
    Mutant("board: a fourth adventurer", "board", BOARD, (
        ("    if adventurers < data.ADVENTURERS:", "    if adventurers <= data.ADVENTURERS:"),)),
    Mutant("board: the next round's starter", "board", BOARD, (
        ("(self._last + 1) % n", "(self._last + 2) % n"),)),
    Mutant("board: hidden_tokens forgets the removed cards", "board", BOARD, (
        ("        for c in self._removed:\n            hidden[c] = 1\n", ""),)),
    Mutant("board: hidden_tokens forgets the hands as list items", "board", BOARD, (
        ("            tokens.add(api.item_token(q, [_IDS[c] for c in hand]))\n", ""),)),
    # -- Roll & Write ---------------------------------------------------------------------
    Mutant("roll: a lower number may follow (targets)", "roll", ROLL, (
        ("        if (n or 10) < b[-1]:\n            return []",
         "        if (n or 10) < b[-1] - 1:\n            return []"),)),
    Mutant("roll: a lower number may follow (check)", "roll", ROLL, (
        ("        if k and value < b[-1]:", "        if k and value < b[-1] - 1:"),)),
    Mutant("roll: a 0 is worth 0, not 10", "roll", ROLL, (
        ("        if (n or 10) < b[-1]:", "        if n < b[-1]:"),)),
    Mutant("roll: the circle after a start", "roll", ROLL, (
        ("            if k:\n                return f\"{name} has started",
         "            if k > 1:\n                return f\"{name} has started"),)),
    Mutant("roll: the circle doubles nothing", "roll", ROLL, (
        ("                total += 2 * (_EXPEDITION_SCORES[k] if k else roll_data.CIRCLE_ONLY_SCORE)",
         "                total += _EXPEDITION_SCORES[k] if k else roll_data.CIRCLE_ONLY_SCORE"),)),
    Mutant("roll: refusals stop one symbol early", "roll", ROLL, (
        ("        if self.dice < roll_data.DICE_SYMBOLS:", "        if self.dice < roll_data.DICE_SYMBOLS - 1:"),)),
    Mutant("roll: hidden_tokens forgets the scores of a hidden choice", "roll", ROLL, (
        ("                    tokens.add(api.item_token(other, scores))\n", "                    pass\n"),)),
    Mutant("roll: a complete column's top may be claimed twice", "roll", ROLL, (
        ("            return [] if self.tops[e] else [Target.TOP]", "            return [Target.TOP]"),)),
)

TESTS: dict[str, tuple[str, ...]] = {
    "card": ("tests/core/test_card.py", "tests/core/test_api.py", "tests/core/test_conformance.py",
             "tests/core/test_hidden_tokens.py"),
    "board": ("tests/core/test_board.py", "tests/core/test_api.py", "tests/core/test_conformance.py",
              "tests/core/test_hidden_tokens.py"),
    "roll": ("tests/core/test_roll.py", "tests/core/test_api.py", "tests/core/test_conformance.py",
             "tests/core/test_hidden_tokens.py"),
}


def plant(source: str, mutant: Mutant) -> str | None:
    for text, replacement in mutant.edits:
        if source.count(text) == 1:
            return source.replace(text, replacement)
    return None


def run(mutant: Mutant, root: pathlib.Path, deep: bool, timeout: float) -> tuple[str, float]:
    """Plant ``mutant`` in a copy of ``root``'s core and run its game's tests: (fate, CPU seconds)."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        core = pathlib.Path(tmp) / "core"
        shutil.copytree(root / "core", core, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        target = core / "lostcities" / mutant.path
        if mutant.edits:  # the control mutant changes nothing
            planted = plant(target.read_text(), mutant)
            if planted is None:
                return "n/a", 0.0
            target.write_text(planted)
        tests = [t for t in TESTS[mutant.game] if (root / t).exists()]
        selection = f"{mutant.game} or not (card or board or roll)"
        if not deep:
            selection = f"({selection}) and not deep"
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider",
                   "--no-header", "-o", "addopts=--import-mode=importlib", "-o", f"pythonpath={core} . web",
                   "-k", selection, *tests]
        env = {**os.environ, "PYTHONPATH": str(core), "PYTHONDONTWRITEBYTECODE": "1"}
        start = os.times()
        try:
            result = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout,
                                    check=False)
        except subprocess.TimeoutExpired:
            return "timeout", timeout
        end = os.times()
        cpu = end.children_user + end.children_system - start.children_user - start.children_system
        if result.returncode == 0:
            return "SURVIVED", cpu
        if result.returncode in (1, 2):  # a failing test, or one that cannot even be collected
            return "killed", cpu
        return f"error {result.returncode}: {result.stdout[-300:]}{result.stderr[-300:]}", cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the tree whose core/ and tests/ are used")
    parser.add_argument("--game", choices=sorted(TESTS), help="only this game's mutants")
    parser.add_argument("-k", dest="words", default="", help="only mutants whose name contains this")
    parser.add_argument("--deep", action="store_true", help="also run the deep conformance tests")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per mutant (a timeout kills it)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at the same time")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if (args.game is None or m.game == args.game) and args.words in m.name]
    print(f"# {len(chosen)} mutants, tests of {args.root}{' (deep included)' if args.deep else ''}", flush=True)
    killed = counted = 0
    survivors = []
    began = time.monotonic()
    games = sorted({m.game for m in chosen})
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:  # the tests pass unchanged
        controls = pool.map(lambda game: run(Mutant("control", game, CARD, ()), args.root, args.deep, args.timeout),
                            games)
        for game, (fate, cpu) in zip(games, controls, strict=True):
            print(f"{fate:<9} {cpu:6.1f} s CPU  control: {game}'s tests on the unchanged core", flush=True)
            if fate != "SURVIVED":
                print("the tests fail without any mutant: no kill rate")
                return 2
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        fates = pool.map(lambda mutant: run(mutant, args.root, args.deep, args.timeout), chosen)
        for mutant, (fate, cpu) in zip(chosen, fates, strict=True):
            print(f"{fate:<9} {cpu:6.1f} s CPU  {mutant.name}", flush=True)
            if fate == "n/a":
                continue
            counted += 1
            if fate in ("killed", "timeout"):
                killed += 1
            else:
                survivors.append(mutant.name)
    rate = killed / counted if counted else 0.0
    print(f"kill rate: {killed}/{counted} = {rate:.0%} ({time.monotonic() - began:.0f} s wall)")
    for name in survivors:
        print(f"  survived: {name}")
    return 0 if not survivors else 1


if __name__ == "__main__":
    sys.exit(main())
