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

Measured in session 31 (today's hard, the default: session 23's light play-outs in stages), four
players, 200 long games against three mediums: hard won 58.2% +/- 3.4%, margin +15.6 +/- 7.2 (the
top's ``--players 4 --rounds 3 --games 200 --pairings hard-medium --jobs 2``: 2,236 s; its slowest
move 0.455 CPU s on CPython, where Pyodide's 1.9x would give 0.86 s and the browser's 0.8 s cap
stops it first).  Two players against ``frozen``, 49 of the 200 deals (98 games) of the 400-game
command above (0-28 and 55-74), played as per-deal screens: 52.6% +/- 4.3%, margin +3.5 +/- 7.4;
on 80 fresh games (session 40, ``--players 2 --pairings hard-frozen --games 80 --seed 4001``)
43.8% +/- 4.5%, margin -9.1 +/- 7.0 (with ``'{"objective": "logistic"}'`` 42.5% +/- 4.6%).

``--games`` counts games (rounded up to a multiple of ``players``).  A deal (its
``players`` rotations) is one observation: the win rate and the margin are printed with
their standard errors over the deals.

Budgets (``--budget``): ``turns`` (the default) is the browser's budget on a deterministic
clock: ``hard`` has no time cap (its schedule of stages, or with ``--hard-options
'{"budget": 3600, "lead": 1600}'`` ``board_ai.BUDGET`` play-out turns a turn that follow the
heuristic, what 0.8 s buy in Pyodide) and ``frozen`` its 0.8 s on a clock that counts its
play-out turns at ``FROZEN_TURN_SECONDS`` each (their CPython cost times Pyodide's 1.9), so
figures do not depend on the machine's load and a seed replays them.  ``time`` caps both by
``--hard-time`` seconds of ``--clock`` as before.  ``--calibrate`` measures the play-out turns
per CPU second of both on the same positions (the numbers behind the two; hard's with
``--hard-options``).  ``--hard-options`` passes JSON keyword arguments to today's hard bot
(to screen its options)::

    PYTHONPATH=core:benchmarks python benchmarks/ai_board.py --calibrate --hard-options '{"lead": 1600}'
    PYTHONPATH=core:benchmarks python benchmarks/ai_board.py --players 4 --games 40 --pairings hard-medium \
        --hard-options '{"confidence": 0.5}'
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
import typing

import calibration
from frozen import board_hard_s23 as frozen_ai

from lostcities import board, bots
from lostcities.board import ai as board_ai

Task = tuple[str, str, int, int, int, int, float | None, int | None, str, str, str]
Outcome = tuple[float, float, list[float], list[int], list[float]]
"""A's share of the win, A's margin, then per side (A, B): seconds thinking,
moves, slowest move."""

PYODIDE_SLOWDOWN: typing.Final = 1.9
"""CPU time of a play-out in Pyodide over CPython's (issue 22, measured for the card game in headless Chromium)."""
FROZEN_TURNS_PER_SECOND: typing.Final = 82000
"""Play-out turns per CPU second of the frozen hard bot on CPython (``--calibrate``)."""
FROZEN_TURN_SECONDS: typing.Final = PYODIDE_SLOWDOWN / FROZEN_TURNS_PER_SECOND
"""What one play-out turn of the frozen hard bot costs in Pyodide: its deterministic clock's tick."""
BROWSER_SECONDS: typing.Final = 0.8
"""The hard bot's time cap in the browser."""
STAGES_ONLY: typing.Final = 1_000_000
"""The sample cap of today's hard bot on the deterministic clock, far above what its stages of about 100
play-outs ever reach (a decision of the default, session 23's schedule, takes about 300 samples)."""

_frozen_turns = [0]
_frozen_playout = frozen_ai._light_playout


def _counted_playout(w: typing.Any, lead: int = 0, prm: typing.Any = frozen_ai.DEFAULT) -> None:
    before = w.turns
    _frozen_playout(w, lead, prm)
    _frozen_turns[0] += 1 + w.turns - before  # counted as today's hard counts its play-outs


frozen_ai._light_playout = _counted_playout  # the frozen play-outs look it up at every call: now they count


def frozen_clock() -> float:
    """Seconds the frozen hard bot would have spent in Pyodide on its play-outs so far."""
    return _frozen_turns[0] * FROZEN_TURN_SECONDS


CLOCKS: typing.Final = {"cpu": time.process_time, "wall": time.perf_counter}


def make_bot(level: str, hard_time: float | None, hard_iterations: int | None, clock: str = "cpu",
             budget: str = "turns", hard_options: str = "{}") -> bots.Bot:
    """A bot of ``level``; ``budget`` ``turns`` gives the hard bots the browser's budget on a
    deterministic clock (see the module), ``time`` caps them by ``hard_time`` seconds of ``clock``."""
    if level == "random":
        return bots.RandomBot()
    if level == "hard":
        options = json.loads(hard_options)
        if budget == "turns":
            # Its stages end by themselves (budget None, the default) or at its budget of turns: the sample
            # cap is only there because a bot with neither a time nor a turn budget must be given one.
            return board_ai.bot("hard", time_budget=None, iterations=hard_iterations or STAGES_ONLY, **options)
        return board_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock],
                            **options)
    if level == "frozen":
        if budget == "turns":
            return frozen_ai.bot("hard", time_budget=BROWSER_SECONDS, iterations=hard_iterations, clock=frozen_clock)
        return frozen_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock])
    return board_ai.bot(level)


def play_one(task: Task) -> Outcome:
    """Play one game: bot ``first`` in seat ``seat``, ``second`` everywhere else."""
    first, second, players, rounds, deal_seed, seat, hard_time, hard_iterations, clock, budget, options = task
    game = board.Game(players=players, rounds=rounds)
    deal_rng = random.Random(f"board-bench:{deal_seed}")
    seats = [make_bot(first if q == seat else second, hard_time, hard_iterations, clock, budget, options)
             for q in range(players)]
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


def _standard_error(values: typing.Sequence[float]) -> float:
    """Standard error of the mean of ``values`` (infinite below two).

    >>> round(_standard_error([1.0, 0.0, 1.0, 0.0]), 3), _standard_error([1.0])
    (0.289, inf)
    """
    if len(values) < 2:
        return math.inf
    return statistics.stdev(values) / math.sqrt(len(values))


def run_pairing(first: str, second: str, players: int, rounds: int, games: int, seed: int,
                hard_time: float | None, hard_iterations: int | None, jobs: int,
                clock: str = "cpu", budget: str = "turns", options: str = "{}") -> dict[str, float]:
    deals = -(-games // players)
    tasks: list[Task] = [(first, second, players, rounds, seed * 100003 + d, seat, hard_time, hard_iterations, clock,
                          budget, options)
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
    by_deal = [results[k:k + players] for k in range(0, n, players)]
    deal_wins = [sum(r[0] for r in deal) / players for deal in by_deal]
    deal_margins = [sum(r[1] for r in deal) / players for deal in by_deal]
    return {"games": n, "win_rate": wins / n, "margin": margin / n,
            "win_se": _standard_error(deal_wins), "margin_se": _standard_error(deal_margins),
            "spm_first": secs[0] / max(1, moves[0]), "spm_second": secs[1] / max(1, moves[1]),
            "max_first": longest[0], "max_second": longest[1], "wall": time.perf_counter() - start}


def calibrate(positions: int, seed: int, hard_options: str = "{}") -> None:
    """Print the play-out turns per CPU second of today's hard (with ``hard_options``) and the
    frozen one, each with its schedule of stages of 100 play-outs and no cap, on the same
    positions (play steps of the medium level's short games, two and four players),
    alternating the two so that a change in the machine's load hits both alike."""
    views = calibration.positions(
        lambda n: board.Game(players=2 + 2 * (n % 2), rounds=1).new_state(), board_ai.bot("medium"), positions,
        seed, lambda view, rng: isinstance(view, board.View) and view.phase is board.Phase.PLAY and rng.random() < 0.1)
    options = {"time_budget": None, "iterations": 10**6, **json.loads(hard_options), "budget": None}
    calibration.report(views, {
        "hard": calibration.Timed(lambda: board_ai.HardBot(**options),
                                  lambda bot: typing.cast(board_ai.HardBot, bot).last_work),
        "frozen": calibration.Timed(lambda: frozen_ai.bot("hard", time_budget=None, iterations=10**6),
                                    lambda _: _frozen_turns[0]),
    }, seed, BROWSER_SECONDS, PYODIDE_SLOWDOWN)


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
    parser.add_argument("--budget", choices=("turns", "time"), default="turns",
                        help="turns: a deterministic clock (hard: no time cap, its schedule or budget of play-out "
                             "turns; frozen: 0.8 s of play-out turns at FROZEN_TURN_SECONDS); time: --hard-time "
                             "seconds of --clock")
    parser.add_argument("--hard-options", default="{}", help="JSON keyword arguments of today's hard bot")
    parser.add_argument("--calibrate", type=int, nargs="?", const=60, default=None, metavar="POSITIONS",
                        help="print the play-out turns per CPU second of hard and frozen instead")
    args = parser.parse_args(argv)
    if args.calibrate is not None:
        calibrate(args.calibrate, args.seed, args.hard_options)
        return 0
    if args.players is None:
        plan = [(2, 1, args.games or 400, args.pairings or "hard-medium,medium-easy"),
                (4, 3, args.games or 200, args.pairings or "hard-medium")]
    else:
        default_games = 200 if args.players == 4 else 400
        plan = [(args.players, args.rounds, args.games or default_games, args.pairings or "hard-medium,medium-easy")]
    if args.budget == "turns":
        budget = (f"deterministic clock: hard without a time cap, frozen "
                  f"{BROWSER_SECONDS} s at {FROZEN_TURN_SECONDS * 1e6:.1f} us a turn")
    else:
        budget = f"hard budget {args.hard_time}s ({args.clock} clock)"
    print(f"# board game bots: seed {args.seed}, {budget}"
          + (f" / {args.hard_iterations} samples" if args.hard_iterations else "")
          + (f", hard options {args.hard_options}" if args.hard_options != "{}" else "") + f", {args.jobs} job(s)")
    print("win A: A's share of the wins (shared wins as fractions); margin: A's score less the best other; "
          "se: standard errors over the deals; "
          f"s/move: mean seconds per move; max: slowest move ({args.clock} clock)")
    print(f"{'pairing':<13} {'seats':>5} {'rounds':>6} {'games':>5} {'win A':>6} {'se':>5} {'margin':>7} {'se':>5} "
          f"{'s/move A':>9} {'max A':>6} {'s/move B':>9} {'max B':>6} {'wall s':>7}")
    for players, rounds, games, pairings in plan:
        for pairing in pairings.split(","):
            first, second = pairing.strip().split("-")
            r = run_pairing(first, second, players, rounds, games, args.seed, args.hard_time, args.hard_iterations,
                            args.jobs, args.clock, args.budget, args.hard_options)
            print(f"{pairing:<13} {players:>5} {rounds:>6} {r['games']:>5} {r['win_rate']:>6.1%} {r['win_se']:>5.1%} "
                  f"{r['margin']:>+7.1f} {r['margin_se']:>5.1f} {r['spm_first']:>9.4f} {r['max_first']:>6.3f} "
                  f"{r['spm_second']:>9.4f} {r['max_second']:>6.3f} {r['wall']:>7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
