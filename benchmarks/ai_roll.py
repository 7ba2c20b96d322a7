"""Benchmark the Roll & Write bots: hard against easy over seeded games.

Every seed is played twice with the seats swapped (the dice come from their own
seeded generator, so both orders see the same rolls as long as the games run
alike).  Prints the hard bot's win rate (ties count half), the mean score of
each bot and the seconds per decision of each.

    PYTHONPATH=core python benchmarks/ai_roll.py --games 400 --seed 1
    PYTHONPATH=core python benchmarks/ai_roll.py --games 40 --budget 0.1 --iterations 30 --jobs 2
    PYTHONPATH=core python benchmarks/ai_roll.py --games 100 --opponent greedy

``--games`` counts games (an even number: seeds x 2 seat orders).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
import typing

from lostcities import bots, roll
from lostcities.roll import ai as roll_ai

CLOCKS: typing.Final = {"cpu": time.process_time, "wall": time.perf_counter}


def play(task: tuple[int, int, int, float, int | None, str, str]) -> dict[str, typing.Any]:
    """One game: ``(seed, hard_seat, players, budget, iterations, opponent, clock)`` -> result."""
    seed, hard_seat, players, budget, iterations, opponent, clock = task
    tick = CLOCKS[clock]
    hard = roll_ai.bot("hard", time_budget=budget, iterations=iterations, clock=tick)
    easy = roll_ai.bot("easy") if opponent == "easy" else roll_ai.EasyBot(roll_ai.Weights())
    dice = random.Random(f"roll-bench:{seed}")
    thinking = random.Random(f"roll-bench:{seed}:{hard_seat}:bots")
    state = roll.Game(players=players).new_state()
    times: dict[str, list[float]] = {"hard": [], "easy": []}
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(dice))
            continue
        player = state.current_player
        bot = hard if player == hard_seat else easy
        started = tick()
        action = bots.choose(bot, state.view(player), thinking)
        times[bot.name].append(tick() - started)
        state.apply(action)
    scores = state.scores()
    best_easy = max(s for p, s in enumerate(scores) if p != hard_seat)
    return {"hard": scores[hard_seat], "easy": best_easy, "times": times, "turns": state.turn + 1}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games in all (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--players", type=int, default=2, help="players (the hard bot is one of them)")
    parser.add_argument("--budget", type=float, default=0.15, help="hard bot's seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="hard bot's play-outs per action (cap)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="the clock of the hard bot's budget and of the seconds reported: cpu (processor "
                             "time, the default: fair on a loaded machine) or wall")
    parser.add_argument("--opponent", choices=["easy", "greedy"], default="easy",
                        help="easy (default) or greedy: the tuned greedy policy the hard bot plays out with")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + (args.games + 1) // 2)
    tasks = [(seed, seat, args.players, args.budget, args.iterations, args.opponent, args.clock)
             for seed in seeds for seat in (0, 1)]
    tasks = tasks[: args.games]
    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, tasks, chunksize=1)
    else:
        results = [play(task) for task in tasks]
    elapsed = time.perf_counter() - started
    wins = sum(1.0 if r["hard"] > r["easy"] else 0.5 if r["hard"] == r["easy"] else 0.0 for r in results)
    n = len(results)
    rate = wins / n
    error = (rate * (1 - rate) / n) ** 0.5
    print(f"Roll & Write, hard vs {args.opponent}, {args.players} players, {n} games, "
          f"seeds {seeds.start}..{seeds.stop - 1} (both seat orders), "
          f"hard budget {args.budget} s ({args.clock} clock), iterations {args.iterations}")
    print(f"  hard wins {rate:.1%} (+/- {error:.1%}); "
          f"mean score hard {statistics.fmean(r['hard'] for r in results):.1f}, "
          f"easy {statistics.fmean(r['easy'] for r in results):.1f}; "
          f"mean margin {statistics.fmean(r['hard'] - r['easy'] for r in results):+.1f}; "
          f"turns {statistics.fmean(r['turns'] for r in results):.1f}")
    for name in ("hard", "easy"):  # "easy" is the opponent, whichever it is
        times = sorted(t for r in results for t in r["times"][name])
        print(f"  {name}: {len(times)} decisions, mean {statistics.fmean(times):.4f} s, "
              f"median {statistics.median(times):.4f} s, p90 {times[int(0.9 * (len(times) - 1))]:.4f} s, "
              f"max {times[-1]:.4f} s")
    print(f"  wall time {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
