"""Search the card heuristic's correction (``card_ai.Params.correction``) by self-play.

The medium heuristic with a correction plays the plain heuristic on seat-swapped deals (every
deal twice, seats swapped; a game takes a few milliseconds).  ``search`` is a coordinate search:
every weight in turn is moved by each of ``--steps`` and the move is kept when the mean point
margin over the deals gains more than ``--keep`` points; ``check`` plays one correction on other
deals and prints its win rate and margin with their standard errors::

    PYTHONPATH=core python benchmarks/card_correction.py search --deals 1000 --seed 351 --rounds 1
    PYTHONPATH=core python benchmarks/card_correction.py check --deals 1500 --seed 7777
    PYTHONPATH=core python benchmarks/card_correction.py check --deals 1500 --seed 7777 --start '[0, ...]'

``card_ai.PLACE_CORRECTION`` came from one round of ``search`` from zero (session 35: 108 trials
on 1,000 deals, seed 351, two processes, about ten minutes); ``check`` on 1,500 fresh deals (seed
7777) gave 52.1% +- 0.8% of the games and +2.6 +- 0.6 points a game.  ``check`` starts from
``PLACE_CORRECTION`` unless ``--start`` gives other weights; ``search`` starts from zero.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import typing

from lostcities import bots, card
from lostcities.card import ai as card_ai

Weights: typing.TypeAlias = tuple[float, ...]


def margin(first: card_ai.Params, second: card_ai.Params, deal: int, swap: bool) -> int:
    """Points of ``first`` less those of ``second`` in one game of deal ``deal`` (seats swapped when ``swap``)."""
    state = card.Game(games=1).new_state()
    rng = random.Random(deal)
    seats = [card_ai.MediumBot(first), card_ai.MediumBot(second)]
    if swap:
        seats.reverse()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        p = state.current_player
        state.apply(bots.choose(seats[p], state.view(p), rng))
    scores = state.scores()
    return scores[1] - scores[0] if swap else scores[0] - scores[1]


def play(task: tuple[Weights, int, int, int]) -> list[tuple[float, float]]:
    """(win share, mean margin) of the corrected heuristic on deals ``first`` to ``last`` - 1 of ``seed``."""
    weights, seed, first, last = task
    corrected, plain = card_ai.Params(correction=weights), card_ai.Params()
    out = []
    for d in range(first, last):
        deal = seed * 100003 + d
        a, b = margin(corrected, plain, deal, False), margin(corrected, plain, deal, True)
        out.append((((a > 0) + 0.5 * (a == 0) + (b > 0) + 0.5 * (b == 0)) / 2, (a + b) / 2))
    return out


def measure(weights: Weights, deals: int, seed: int, pool: typing.Any, jobs: int) -> tuple[float, float, float, float]:
    """Win rate and margin of ``weights`` with their standard errors over ``deals`` deals."""
    tasks = [(weights, seed, i * deals // jobs, (i + 1) * deals // jobs) for i in range(jobs)]
    rows = [row for part in pool.map(play, tasks) for row in part]
    wins, margins = [w for w, _ in rows], [m for _, m in rows]
    return (statistics.fmean(wins), statistics.stdev(wins) / math.sqrt(len(wins)),
            statistics.fmean(margins), statistics.stdev(margins) / math.sqrt(len(margins)))


def search(start: Weights, deals: int, seed: int, rounds: int, steps: typing.Sequence[float], keep: float,
           pool: typing.Any, jobs: int) -> Weights:
    """A coordinate search from ``start``: the weights it ends with (printed as it goes)."""
    weights = list(start)
    best = measure(tuple(weights), deals, seed, pool, jobs)
    print(f"start: margin {best[2]:+.2f}", flush=True)
    for r in range(rounds):
        for i, name in enumerate(card_ai.PLACE_FEATURES):
            for step in steps:
                trial = weights[:]
                trial[i] += step
                found = measure(tuple(trial), deals, seed, pool, jobs)
                if found[2] > best[2] + keep:
                    weights, best = trial, found
                    print(f"round {r} {name!r} {step:+}: win {found[0]:.1%} +- {found[1]:.1%}, "
                          f"margin {found[2]:+.2f} +- {found[3]:.2f}", flush=True)
        print(f"after round {r}: {json.dumps(weights)}", flush=True)
    return tuple(weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("search", "check"))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=351)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--steps", default="-4,-2,-1,1,2,4", help="the moves tried on each weight")
    parser.add_argument("--keep", type=float, default=0.3, help="points of margin a move must gain to be kept")
    parser.add_argument("--start", help="weights to start from, JSON (default: zero for search, "
                                        "PLACE_CORRECTION for check)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.start:
        start = tuple(float(b) for b in json.loads(args.start))
    else:
        start = (0.0,) * len(card_ai.PLACE_FEATURES) if args.mode == "search" else card_ai.PLACE_CORRECTION
    card_ai.Params(correction=start)  # fail early on the wrong number of weights
    with multiprocessing.Pool(args.jobs) as pool:
        if args.mode == "search":
            steps = [float(s) for s in args.steps.split(",")]
            search(start, args.deals, args.seed, args.rounds, steps, args.keep, pool, args.jobs)
        else:
            win, win_se, gain, gain_se = measure(start, args.deals, args.seed, pool, args.jobs)
            print(f"{args.deals} deals, seed {args.seed}: win rate {win:.1%} +- {win_se:.1%}, "
                  f"margin {gain:+.2f} +- {gain_se:.2f}")


if __name__ == "__main__":
    main()
