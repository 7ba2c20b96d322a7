"""Benchmark the card-game bots against each other on seat-swapped paired deals.

Every deal is played twice with the seats swapped, so both sides get the same
cards.  For each pairing it prints the win rate of the first bot, the mean
point margin (first bot minus second) and the seconds per move of each side.

    PYTHONPATH=core python benchmarks/ai_card.py --games 400 --seed 1
    PYTHONPATH=core python benchmarks/ai_card.py --pairings hard-medium --games 40 --hard-time 0.2

A "game" is one game of the card game (a match of ``--match`` games when
``--match`` is above 1: the win then goes to the higher match total).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
import typing

from lostcities import bots, card
from lostcities.card import ai as card_ai

PAIRINGS: typing.Final = ("hard-medium", "medium-easy", "easy-random")


CLOCKS: typing.Final = {"cpu": time.process_time, "wall": time.perf_counter}


def make_bot(level: str, hard_time: float | None, hard_iterations: int | None, hard_options: str = "{}",
             clock: str = "cpu") -> bots.Bot:
    """A bot of ``level``; ``hard_options`` is the JSON of ``--hard-options``; ``clock`` names the clock
    that the hard bot's time budget is measured on (processor time is fair on a loaded machine)."""
    if level == "random":
        return bots.RandomBot()
    if level == "hard":
        options = json.loads(hard_options)
        for key in ("params", "rollout_params", "opponent_params"):
            if isinstance(options.get(key), dict):
                options[key] = card_ai.Params(**options[key])
        return card_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock], **options)
    return card_ai.bot(level)


Task = tuple[str, str, int, int, int, float | None, int | None, int, str, str]
Outcome = tuple[list[int], list[float], list[int], list[float]]


def play_one(task: Task) -> Outcome:
    """Play one game (or match) of seat 0 = ``first`` against seat 1 = ``second``.

    Returns, by *level order* (first bot, second bot): the scores, the thinking
    seconds, the move counts and the longest single move of each bot."""
    first, second, deal_seed, swap, colours, hard_time, hard_iterations, match, hard_options, clock = task
    game = card.Game(colours=colours, games=match)
    deal_rng = random.Random(deal_seed)
    levels = [first, second] if not swap else [second, first]
    players = [make_bot(level, hard_time, hard_iterations, hard_options, clock) for level in levels]
    tick = CLOCKS[clock]
    rngs = [random.Random(deal_seed * 7919 + 17 * s + 1) for s in range(2)]
    state = game.new_state()
    seconds = [0.0, 0.0]
    moves = [0, 0]
    longest = [0.0, 0.0]
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(deal_rng))
            continue
        p = state.current_player
        t0 = tick()
        action = bots.choose(players[p], state.view(p), rngs[p])
        spent = tick() - t0
        seconds[p] += spent
        longest[p] = max(longest[p], spent)
        moves[p] += 1
        state.apply(action)
    scores = state.scores()
    if swap:
        return [scores[1], scores[0]], [seconds[1], seconds[0]], [moves[1], moves[0]], [longest[1], longest[0]]
    return scores, seconds, moves, longest


def run_pairing(first: str, second: str, games: int, seed: int, colours: int, hard_time: float | None,
                hard_iterations: int | None, jobs: int, match: int, hard_options: str = "{}",
                clock: str = "cpu") -> dict[str, float]:
    deals = (games + 1) // 2
    tasks: list[Task] = [(first, second, seed * 100003 + d, swap, colours, hard_time, hard_iterations, match,
                          hard_options, clock)
             for d in range(deals) for swap in (0, 1)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, tasks, chunksize=1)
    else:
        results = [play_one(t) for t in tasks]
    wins = draws = 0
    margin = 0.0
    secs = [0.0, 0.0]
    moves = [0, 0]
    longest = [0.0, 0.0]
    for scores, seconds, count, slowest in results:
        if scores[0] > scores[1]:
            wins += 1
        elif scores[0] == scores[1]:
            draws += 1
        margin += scores[0] - scores[1]
        for i in range(2):
            secs[i] += seconds[i]
            moves[i] += count[i]
            longest[i] = max(longest[i], slowest[i])
    n = len(results)
    return {
        "games": n,
        "win_rate": (wins + 0.5 * draws) / n,
        "wins": wins,
        "draws": draws,
        "margin": margin / n,
        "spm_first": secs[0] / max(1, moves[0]),
        "spm_second": secs[1] / max(1, moves[1]),
        "max_first": longest[0],
        "max_second": longest[1],
        "wall": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per pairing (rounded up to an even number)")
    parser.add_argument("--hard-time", type=float, default=0.8, help="hard bot's time cap per move in seconds")
    parser.add_argument("--hard-iterations", type=int, default=None, help="hard bot's sample cap per move")
    parser.add_argument("--hard-options", default="{}",
                        help='more options of the hard bot as JSON, e.g. \'{"candidates": 5}\'; '
                        '"params", "rollout_params" and "opponent_params" take objects of heuristic weights')
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="the clock of the hard bot's budget and of the seconds reported: cpu (processor "
                             "time, the default: fair on a loaded machine) or wall")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--colours", type=int, default=5, choices=(5, 6))
    parser.add_argument("--match", type=int, default=1, help="games per match (1 = single games)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: the machine is shared)")
    parser.add_argument("--pairings", default=",".join(PAIRINGS),
                        help=f"comma-separated pairings among {', '.join(PAIRINGS)} (any LEVEL-LEVEL works)")
    args = parser.parse_args(argv)
    json.loads(args.hard_options)  # fail early on malformed JSON
    print(f"# card game bots: {args.games} games per pairing, seed {args.seed}, {args.colours} colours, "
          f"match of {args.match}, hard budget {args.hard_time}s ({args.clock} clock)"
          + (f" / {args.hard_iterations} samples" if args.hard_iterations else "")
          + (f", hard options {args.hard_options}" if json.loads(args.hard_options) else ""))
    print("s/move: mean seconds per move (a turn is two moves: play/discard, then draw); max: slowest move")
    print(f"{'pairing':<14} {'games':>5} {'win rate':>8} {'margin':>7} {'s/move A':>9} {'max A':>7} "
          f"{'s/move B':>9} {'max B':>7} {'wall s':>7}")
    for pairing in args.pairings.split(","):
        first, second = pairing.strip().split("-")
        r = run_pairing(first, second, args.games, args.seed, args.colours, args.hard_time, args.hard_iterations,
                        args.jobs, args.match, args.hard_options, args.clock)
        print(f"{pairing:<14} {r['games']:>5} {r['win_rate']:>8.1%} {r['margin']:>+7.1f} "
              f"{r['spm_first']:>9.4f} {r['max_first']:>7.3f} {r['spm_second']:>9.4f} {r['max_second']:>7.3f} "
              f"{r['wall']:>7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
