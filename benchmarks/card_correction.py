"""Search the card heuristic's corrections (``card_ai.Params.correction``, ``draw_correction``) by self-play.

The medium heuristic with a correction plays the heuristic without it on seat-swapped deals (every
deal twice, seats swapped; a game takes a few milliseconds).  ``search`` is a coordinate search:
every weight in turn is moved by each of ``--steps`` and the move is kept when the mean point
margin over the deals gains more than ``--keep`` points; ``check`` plays one correction on other
deals and prints its win rate and margin with their standard errors.  ``--part place`` (the
default) corrects the plays and discards, against the plain heuristic; ``--part draw`` corrects
the draws, both sides playing with ``--place`` (``PLACE_CORRECTION`` by default) as the
correction of their plays and discards; ``--draw`` gives both sides a correction of their draws
under ``--part place``::

    PYTHONPATH=core python benchmarks/card_correction.py search --deals 1000 --seed 351 --rounds 1
    PYTHONPATH=core python benchmarks/card_correction.py check --deals 1500 --seed 7777
    PYTHONPATH=core python benchmarks/card_correction.py check --deals 1500 --seed 7777 --start '[0, ...]'
    PYTHONPATH=core python benchmarks/card_correction.py search --part draw --seed 353
    PYTHONPATH=core python benchmarks/card_correction.py check --part draw --deals 1500 --seed 7777

``card_ai.PLACE_CORRECTION`` came from two rounds of ``search`` on 1,000 deals (108 trials each,
two processes, about ten minutes a round): from zero (session 35, seed 351), then from there
(session 36, ``--seed 352 --start <the first round's>``); ``check`` on 1,500 fresh deals (seed
7777) gave 53.5% +- 0.8% of the games and +3.7 +- 0.6 points a game (the first round alone 52.1%
+- 0.8%, +2.6 +- 0.6).  ``card_ai.DRAW_CORRECTION`` came from one round of ``search --part draw``
from zero (session 36, seed 353, both sides with today's ``PLACE_CORRECTION``); ``check --part
draw`` gave 52.8% +- 0.7% and +3.0 +- 0.5.  ``check`` starts from today's correction of the part
unless ``--start`` gives other weights; ``search`` starts from zero.

Session 39 tried a third round of ``search`` from ``PLACE_CORRECTION`` with the correction of the
draws on both sides (``--seed 391 --start <PLACE_CORRECTION> --draw <DRAW_CORRECTION>``), which
ended at ``[-2, -2, 2, 1, -1, -1, -1, 0, 0, 2, -8, 0, -4, 0, 0, 0, 0, 0]``: on 3,000 fresh deals
(``check --deals 3000 --seed 7778 --draw <DRAW_CORRECTION>``) it won 53.9% +- 0.6% of the games
and +4.07 +- 0.41 points against the heuristic without a correction of its plays, where today's
won 51.5% +- 0.5% and +2.52 +- 0.38.  The hard bot with it on both sides won 56.8%
+- 2.4% of 400 games against the frozen hard (+7.5 +- 1.8 points; ``ai_card.py --pairings
hard-frozen --games 400 --seed 4100``; today's hard won 56.8% +- 3.5% and +6.1 +- 2.8 of the first
200 of those games): no gain shown, so it was not kept.  A second round of the draws' from
``DRAW_CORRECTION`` with that correction of the plays (seed 392) gained on its own deals (+4.58 to
+5.75) but not on fresh ones (``check --part draw --deals 3000 --seed 7778``: 53.7% +- 0.6%, +4.00
+- 0.44, against 54.5% +- 0.6%, +4.62 +- 0.42 for ``DRAW_CORRECTION``).
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


PLACE: list[float] = list(card_ai.PLACE_CORRECTION)
"""The correction of the plays and discards under a search of the draws' (``--place``)."""
DRAW: list[float] = []
"""The correction of the draws under a search of the plays and discards' (``--draw``; none when empty)."""


def params(part: str, weights: Weights, other: Weights) -> tuple[card_ai.Params, card_ai.Params]:
    """The heuristic with ``weights`` as its correction of ``part`` and the heuristic it plays:
    for "place" (the plays and discards) the heuristic without it, both sides with ``other`` as
    the correction of their draws (none when empty); for "draw" (the draws from the discard
    piles) both play with ``other`` as the correction of their plays and discards."""
    if part == "place":
        draw = other or None
        return card_ai.Params(correction=weights, draw_correction=draw), card_ai.Params(draw_correction=draw)
    return card_ai.Params(correction=other, draw_correction=weights), card_ai.Params(correction=other)


def play(task: tuple[str, Weights, Weights, int, int, int]) -> list[tuple[float, float]]:
    """(win share, mean margin) of the corrected heuristic on deals ``first`` to ``last`` - 1 of ``seed``
    (:func:`params`)."""
    part, weights, other, seed, first, last = task
    corrected, base = params(part, weights, other)
    out = []
    for d in range(first, last):
        deal = seed * 100003 + d
        a, b = margin(corrected, base, deal, False), margin(corrected, base, deal, True)
        out.append((((a > 0) + 0.5 * (a == 0) + (b > 0) + 0.5 * (b == 0)) / 2, (a + b) / 2))
    return out


def measure(part: str, weights: Weights, deals: int, seed: int, pool: typing.Any,
            jobs: int) -> tuple[float, float, float, float]:
    """Win rate and margin of ``weights`` with their standard errors over ``deals`` deals."""
    other = tuple(PLACE if part == "draw" else DRAW)
    tasks = [(part, weights, other, seed, i * deals // jobs, (i + 1) * deals // jobs) for i in range(jobs)]
    rows = [row for chunk in pool.map(play, tasks) for row in chunk]
    wins, margins = [w for w, _ in rows], [m for _, m in rows]
    return (statistics.fmean(wins), statistics.stdev(wins) / math.sqrt(len(wins)),
            statistics.fmean(margins), statistics.stdev(margins) / math.sqrt(len(margins)))


def search(part: str, start: Weights, deals: int, seed: int, rounds: int, steps: typing.Sequence[float], keep: float,
           pool: typing.Any, jobs: int) -> Weights:
    """A coordinate search from ``start``: the weights it ends with (printed as it goes)."""
    weights = list(start)
    best = measure(part, tuple(weights), deals, seed, pool, jobs)
    print(f"start: margin {best[2]:+.2f}", flush=True)
    for r in range(rounds):
        for i, name in enumerate(card_ai.PLACE_FEATURES if part == "place" else card_ai.DRAW_FEATURES):
            for step in steps:
                trial = weights[:]
                trial[i] += step
                found = measure(part, tuple(trial), deals, seed, pool, jobs)
                if found[2] > best[2] + keep:
                    weights, best = trial, found
                    print(f"round {r} {name!r} {step:+}: win {found[0]:.1%} +- {found[1]:.1%}, "
                          f"margin {found[2]:+.2f} +- {found[3]:.2f}", flush=True)
        print(f"after round {r}: {json.dumps(weights)}", flush=True)
    return tuple(weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("search", "check"))
    parser.add_argument("--part", choices=("place", "draw"), default="place",
                        help="the correction searched or checked: of the plays and discards, or of the draws")
    parser.add_argument("--place", help="with --part draw: the correction of the plays and discards, JSON "
                                        "(default: PLACE_CORRECTION)")
    parser.add_argument("--draw", help="with --part place: the correction of the draws of both sides, JSON "
                                       "(default: none)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=351)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--steps", default="-4,-2,-1,1,2,4", help="the moves tried on each weight")
    parser.add_argument("--keep", type=float, default=0.3, help="points of margin a move must gain to be kept")
    parser.add_argument("--start", help="weights to start from, JSON (default: zero for search, "
                                        "today's correction of the part for check)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    features = card_ai.PLACE_FEATURES if args.part == "place" else card_ai.DRAW_FEATURES
    if args.start:
        start = tuple(float(b) for b in json.loads(args.start))
    elif args.mode == "search":
        start = (0.0,) * len(features)
    else:
        start = card_ai.PLACE_CORRECTION if args.part == "place" else card_ai.DRAW_CORRECTION
    if args.place:
        PLACE[:] = [float(b) for b in json.loads(args.place)]
    if args.draw:
        DRAW[:] = [float(b) for b in json.loads(args.draw)]
    params(args.part, start, tuple(PLACE if args.part == "draw" else DRAW))  # fail early on wrong lengths
    with multiprocessing.Pool(args.jobs) as pool:
        if args.mode == "search":
            steps = [float(s) for s in args.steps.split(",")]
            search(args.part, start, args.deals, args.seed, args.rounds, steps, args.keep, pool, args.jobs)
        else:
            win, win_se, gain, gain_se = measure(args.part, start, args.deals, args.seed, pool, args.jobs)
            print(f"{args.deals} deals, seed {args.seed}: win rate {win:.1%} +- {win_se:.1%}, "
                  f"margin {gain:+.2f} +- {gain_se:.2f}")

if __name__ == "__main__":
    main()
