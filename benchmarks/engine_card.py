"""Speed of the card-game rules core: full random games per second.

Each game is dealt and played to the end by uniformly random legal actions
through the public API (``legal_actions`` + ``apply``, which validates every
action), then the same through ``apply_unchecked`` (the sanctioned fast path
for AI play-outs: no check, no event); and ``clone``.

    PYTHONPATH=core python benchmarks/engine_card.py --seconds 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from lostcities import card


def run(seconds: float, colours: int, seed: int, checked: bool) -> tuple[int, int, float]:
    game = card.Game(colours=colours, games=1)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(rng)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if checked:
                state.apply(action)
            else:
                state.apply_unchecked(action)
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--colours", type=int, default=5, choices=(5, 6))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"# card game engine, {args.colours} colours, Python {sys.version.split()[0]}")
    for checked in (True, False):
        games, actions, elapsed = run(args.seconds, args.colours, args.seed, checked)
        label = "apply (checked)" if checked else "apply_unchecked"
        print(f"{label:<16} {games / elapsed:8.0f} random games/s {actions / elapsed:10.0f} actions/s "
              f"({actions / games:.0f} actions per game)")
    state = card.Game(colours=args.colours, games=1).new_game(random.Random(args.seed))
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < 1.0:
        state.clone()
        n += 1
    print(f"{'clone':<16} {n / (time.perf_counter() - start):8.0f} clones/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
