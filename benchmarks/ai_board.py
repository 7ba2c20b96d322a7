"""Benchmark the board-game bots against each other on seat-rotated deals.

A pairing ``A-B`` seats one bot of level A and ``players - 1`` bots of level
B.  Every deal (the tiles and the cards of every round come from the deal's
own seeded generator, so every rotation meets the same tiles and cards) is
played ``players`` times, A taking each seat in turn.  For each pairing it
prints A's win rate (a shared win counts as a fraction: 1/k among k winners;
with two players a tie is half a win), A's mean margin (its final score less
the best other score), and the seconds per move of A and of the B seats (mean
and the slowest single move).

    PYTHONPATH=core python benchmarks/ai_board.py                 # the targets below, --jobs 1
    PYTHONPATH=core python benchmarks/ai_board.py --players 2 --rounds 1 --games 400 --pairings hard-medium,medium-easy
    PYTHONPATH=core python benchmarks/ai_board.py --players 4 --rounds 3 --games 200 --pairings hard-medium --jobs 2

Targets (issue 10): two players, 400 short games: hard beats medium in at
least 65%, medium beats easy in at least 75%; four players, 200 long games,
one hard against three mediums: hard wins at least 40% (25% is parity).
Issue 22: four players, 200 long games, hard against three mediums: hard wins at
least 45%; two players, hard against ``frozen`` (session 23's hard, kept in
``benchmarks/frozen``) at least 60%::

    PYTHONPATH=core python benchmarks/ai_board.py --players 2 --pairings hard-frozen --games 400

``--games`` counts games (rounded up to a multiple of ``players``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import typing

from frozen import board_hard_s23 as frozen_ai

from lostcities import board, bots
from lostcities.board import ai as board_ai

Task = tuple[str, str, int, int, int, int, float | None, int | None, str]
Outcome = tuple[float, float, list[float], list[int], list[float]]
"""A's share of the win, A's margin, then per side (A, B): seconds thinking,
moves, slowest move."""


CLOCKS: typing.Final = {"cpu": time.process_time, "wall": time.perf_counter}


def make_bot(level: str, hard_time: float | None, hard_iterations: int | None, clock: str = "cpu") -> bots.Bot:
    if level == "random":
        return bots.RandomBot()
    if level == "hard":
        return board_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock])
    if level == "frozen":
        return frozen_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock])
    return board_ai.bot(level)


def play_one(task: Task) -> Outcome:
    """Play one game: bot ``first`` in seat ``seat``, ``second`` everywhere else."""
    first, second, players, rounds, deal_seed, seat, hard_time, hard_iterations, clock = task
    game = board.Game(players=players, rounds=rounds)
    deal_rng = random.Random(f"board-bench:{deal_seed}")
    seats = [make_bot(first if q == seat else second, hard_time, hard_iterations, clock) for q in range(players)]
    tick = CLOCKS[clock]
    rngs = [random.Random(f"board-bench:{deal_seed}:{seat}:{q}") for q in range(players)]
    state = game.new_state()
    seconds = [0.0, 0.0]
    moves = [0, 0]
    longest = [0.0, 0.0]
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(deal_rng))
            continue
        p = state.current_player
        side = 0 if p == seat else 1
        t0 = tick()
        action = bots.choose(seats[p], state.view(p), rngs[p])
        spent = tick() - t0
        seconds[side] += spent
        longest[side] = max(longest[side], spent)
        moves[side] += 1
        state.apply(action)
    scores = state.scores()
    winners = state.winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    margin = scores[seat] - max(s for q, s in enumerate(scores) if q != seat)
    return share, margin, seconds, moves, longest


def run_pairing(first: str, second: str, players: int, rounds: int, games: int, seed: int,
                hard_time: float | None, hard_iterations: int | None, jobs: int,
                clock: str = "cpu") -> dict[str, float]:
    deals = -(-games // players)
    tasks: list[Task] = [(first, second, players, rounds, seed * 100003 + d, seat, hard_time, hard_iterations, clock)
                         for d in range(deals) for seat in range(players)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, tasks, chunksize=1)
    else:
        results = [play_one(t) for t in tasks]
    wins = 0.0
    margin = 0.0
    secs = [0.0, 0.0]
    moves = [0, 0]
    longest = [0.0, 0.0]
    for share, m, seconds, count, slowest in results:
        wins += share
        margin += m
        for i in range(2):
            secs[i] += seconds[i]
            moves[i] += count[i]
            longest[i] = max(longest[i], slowest[i])
    n = len(results)
    return {"games": n, "win_rate": wins / n, "margin": margin / n,
            "spm_first": secs[0] / max(1, moves[0]), "spm_second": secs[1] / max(1, moves[1]),
            "max_first": longest[0], "max_second": longest[1], "wall": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                        help="seats (default: the issue's targets, 2-player short then 4-player long)")
    parser.add_argument("--rounds", type=int, default=1, choices=(1, 3), help="1 (short game) or 3 (long game)")
    parser.add_argument("--games", type=int, default=None, help="games per pairing (default 400, 200 for 4 players)")
    parser.add_argument("--pairings", default=None,
                        help="comma-separated LEVEL-LEVEL pairings: one bot of the first level, the others of the "
                             "second (levels: easy, medium, hard, frozen, random)")
    parser.add_argument("--hard-time", type=float, default=0.8,
                        help="hard bot's time budget per move in seconds (default 0.8, the bot's own default)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="the clock of the hard bot's budget and of the move times: cpu (the process's CPU "
                             "time, the default: fair on a loaded machine) or wall")
    parser.add_argument("--hard-iterations", type=int, default=None, help="hard bot's sample cap per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: the machine is shared)")
    args = parser.parse_args(argv)
    if args.players is None:
        plan = [(2, 1, args.games or 400, args.pairings or "hard-medium,medium-easy"),
                (4, 3, args.games or 200, args.pairings or "hard-medium")]
    else:
        default_games = 200 if args.players == 4 else 400
        plan = [(args.players, args.rounds, args.games or default_games, args.pairings or "hard-medium,medium-easy")]
    print(f"# board game bots: seed {args.seed}, hard budget {args.hard_time}s ({args.clock} clock)"
          + (f" / {args.hard_iterations} samples" if args.hard_iterations else "") + f", {args.jobs} job(s)")
    print("win A: A's share of the wins (shared wins as fractions); margin: A's score less the best other; "
          f"s/move: mean seconds per move; max: slowest move ({args.clock} clock)")
    print(f"{'pairing':<13} {'seats':>5} {'rounds':>6} {'games':>5} {'win A':>6} {'margin':>7} {'s/move A':>9} "
          f"{'max A':>6} {'s/move B':>9} {'max B':>6} {'wall s':>7}")
    for players, rounds, games, pairings in plan:
        for pairing in pairings.split(","):
            first, second = pairing.strip().split("-")
            r = run_pairing(first, second, players, rounds, games, args.seed, args.hard_time, args.hard_iterations,
                            args.jobs, args.clock)
            print(f"{pairing:<13} {players:>5} {rounds:>6} {r['games']:>5} {r['win_rate']:>6.1%} "
                  f"{r['margin']:>+7.1f} {r['spm_first']:>9.4f} {r['max_first']:>6.3f} {r['spm_second']:>9.4f} "
                  f"{r['max_second']:>6.3f} {r['wall']:>7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
