"""Benchmark the card-game bots against each other on seat-swapped paired deals.

Every deal is played twice with the seats swapped, so both sides get the same
cards.  For each pairing it prints the win rate of the first bot, the mean
point margin (first bot minus second), both with their standard errors over
the deals (a deal's two games are one observation), and the seconds per move
of each side.

    PYTHONPATH=core python benchmarks/ai_card.py --games 400 --seed 1
    PYTHONPATH=core python benchmarks/ai_card.py --pairings hard-frozen --games 400
    PYTHONPATH=core python benchmarks/ai_card.py --pairings hard-medium --games 40 --budget time --hard-time 0.2
    PYTHONPATH=core python benchmarks/ai_card.py --calibrate

Levels: ``easy``, ``medium``, ``hard`` (today's), ``base`` (today's hard with ``--base-options``
instead of ``--hard-options``: paired screens of a variant, e.g. ``--pairings hard-base
--hard-options '{"hand_model": "fitted"}'``), ``frozen`` (session 19's hard, kept in
``benchmarks/frozen``: the baseline of issue 22) and ``random``.  In the options of hard or base,
``"hand_model": "fitted"`` stands for ``card_ai.HAND_LOG_ODDS``.

Budgets (``--budget``): ``turns`` (the default) is the browser's budget on a
deterministic clock: ``hard`` spends its budget of play-out turns
(``card_ai.BUDGET``, about 0.6 s in Pyodide) and ``frozen`` its 0.8 s on a
clock that counts its play-out turns at ``FROZEN_TURN_SECONDS`` each (its
cost per turn in Pyodide, measured by ``ai_browser.py --rate``), so figures do not depend on the
machine's load and a seed replays them.  ``time`` caps both by ``--hard-time``
seconds of ``--clock`` as before.  ``--calibrate`` measures the play-out turns
per CPU second of both on the same positions (the numbers behind the two).

A "game" is one game of the card game (a match of ``--match`` games when
``--match`` is above 1: the win then goes to the higher match total).
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
from frozen import card_hard_s19 as frozen_ai

from lostcities import bots, card
from lostcities.card import ai as card_ai

PAIRINGS: typing.Final = ("hard-medium", "medium-easy", "easy-random")

PYODIDE_SLOWDOWN: typing.Final = 1.55
"""Processor time of a play-out in Pyodide over CPython's (``ai_browser.py --rate 12 --seed 28``,
session 28: 1.56 for hard, 1.52 for frozen, headless Chromium; session 19 had guessed 1.9)."""
FROZEN_PYODIDE_TURNS_PER_SECOND: typing.Final = 23400
"""Play-out turns per processor second of the frozen hard bot in Pyodide (``ai_browser.py --rate``:
23,375 on 12 positions; the browser's processes all counted, so if anything too few)."""
FROZEN_TURN_SECONDS: typing.Final = 1.0 / FROZEN_PYODIDE_TURNS_PER_SECOND
"""What one play-out turn of the frozen hard bot costs in Pyodide: its deterministic clock's tick."""
BROWSER_SECONDS: typing.Final = 0.8
"""The hard bot's time cap in the browser."""

_frozen_turns = [0]
_frozen_turn = frozen_ai._turn


def _counted_turn(w: typing.Any, prm: typing.Any) -> bool:
    _frozen_turns[0] += 1
    result: bool = _frozen_turn(w, prm)
    return result


frozen_ai._turn = _counted_turn  # the frozen play-outs look _turn up at every call: now they count


def frozen_clock() -> float:
    """Seconds the frozen hard bot would have spent in Pyodide on its play-outs so far."""
    return _frozen_turns[0] * FROZEN_TURN_SECONDS


CLOCKS: typing.Final = {"cpu": time.process_time, "wall": time.perf_counter}


def hard_options_of(text: str) -> dict[str, typing.Any]:
    """The hard bot's options from JSON: a dict under ``params``, ``rollout_params`` or
    ``opponent_params`` is a :class:`card_ai.Params`, ``"hand_model": "fitted"`` stands for
    ``card_ai.HAND_LOG_ODDS``.

    >>> hard_options_of('{"hand_model": "fitted", "params": {}}') == {
    ...     "hand_model": card_ai.HAND_LOG_ODDS, "params": card_ai.Params()}
    True
    """
    options: dict[str, typing.Any] = json.loads(text)
    for key in ("params", "rollout_params", "opponent_params"):
        if isinstance(options.get(key), dict):
            options[key] = card_ai.Params(**options[key])
    if options.get("hand_model") == "fitted":
        options["hand_model"] = card_ai.HAND_LOG_ODDS
    return options


def make_bot(level: str, hard_time: float | None, hard_iterations: int | None, hard_options: str = "{}",
             clock: str = "cpu", budget: str = "time") -> bots.Bot:
    """A bot of ``level``; ``hard_options`` is the JSON of ``--hard-options``; ``clock`` names the clock
    that the hard bot's time budget is measured on (processor time is fair on a loaded machine);
    ``budget`` is ``turns`` for the browser's budget on a deterministic clock (see the module)."""
    if level == "random":
        return bots.RandomBot()
    if level == "frozen":
        if budget == "turns":
            return frozen_ai.bot("hard", time_budget=BROWSER_SECONDS, iterations=hard_iterations, clock=frozen_clock)
        return frozen_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock])
    if level in ("hard", "base"):
        options = hard_options_of(hard_options)
        if budget == "turns":
            return card_ai.bot("hard", time_budget=None, iterations=hard_iterations, **options)
        return card_ai.bot("hard", time_budget=hard_time, iterations=hard_iterations, clock=CLOCKS[clock],
                           **({"budget": None} | options))
    return card_ai.bot(level)


Task = tuple[str, str, int, int, int, float | None, int | None, int, str, str, str, str]
Outcome = tuple[list[int], list[float], list[int], list[float]]


def play_one(task: Task) -> Outcome:
    """Play one game (or match) of seat 0 = ``first`` against seat 1 = ``second``.

    Returns, by *level order* (first bot, second bot): the scores, the thinking
    seconds, the move counts and the longest single move of each bot."""
    (first, second, deal_seed, swap, colours, hard_time, hard_iterations, match, hard_options, clock, budget,
     base_options) = task
    game = card.Game(colours=colours, games=match)
    deal_rng = random.Random(deal_seed)
    levels = [first, second] if not swap else [second, first]
    players = [make_bot(level, hard_time, hard_iterations, base_options if level == "base" else hard_options, clock,
                        budget) for level in levels]
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
                clock: str = "cpu", budget: str = "time", base_options: str = "{}") -> dict[str, float]:
    deals = (games + 1) // 2
    tasks: list[Task] = [(first, second, seed * 100003 + d, swap, colours, hard_time, hard_iterations, match,
                          hard_options, clock, budget, base_options)
             for d in range(deals) for swap in (0, 1)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, tasks, chunksize=1)
    else:
        results = []
        for task in tasks:
            results.append(play_one(task))
            if len(results) % 2 == 0:  # a deal done: the running figures, to stderr
                wins, margins = _by_deal([s for s, *_ in results])
                print(f"  {first}-{second} after {len(results)} games: win rate {statistics.fmean(wins):.1%} +- "
                      f"{_standard_error(wins):.1%}, margin {statistics.fmean(margins):+.1f} +- "
                      f"{_standard_error(margins):.1f}", file=sys.stderr, flush=True)
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
    deal_wins, deal_margins = _by_deal([s for s, *_ in results])
    return {
        "win_se": _standard_error(deal_wins),
        "margin_se": _standard_error(deal_margins),
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


def _win(scores: typing.Sequence[int]) -> float:
    return 1.0 if scores[0] > scores[1] else (0.5 if scores[0] == scores[1] else 0.0)


def _by_deal(scores: typing.Sequence[typing.Sequence[int]]) -> tuple[list[float], list[float]]:
    """A deal's two games (seats swapped) are one observation: the first bot's mean win share
    and mean margin in each deal, from the games' scores in deal order."""
    pairs = [scores[k:k + 2] for k in range(0, len(scores) - 1, 2)]
    return ([sum(_win(s) for s in pair) / 2 for pair in pairs],
            [sum(s[0] - s[1] for s in pair) / 2 for pair in pairs])


def _standard_error(values: typing.Sequence[float]) -> float:
    """Standard error of the mean of ``values`` (infinite below two)."""
    if len(values) < 2:
        return math.inf
    return statistics.stdev(values) / math.sqrt(len(values))


def calibrate(positions: int, seed: int) -> None:
    """Print the play-out turns per CPU second of today's hard and the frozen one, each with its
    full schedule and no cap, on the same positions (the medium level's games, a position to play
    now and then), alternating the two so that a change in the machine's load hits both alike."""
    views = calibration.positions(
        lambda _: card.Game(games=1).new_state(), card_ai.bot("medium"), positions, seed,
        lambda view, rng: isinstance(view, card.View) and view.step is card.Step.PLAY and rng.random() < 0.3)
    calibration.report(views, {
        "hard": calibration.Timed(lambda: card_ai.HardBot(time_budget=None, budget=None),
                                  lambda bot: typing.cast(card_ai.HardBot, bot).last_work),
        "frozen": calibration.Timed(lambda: frozen_ai.bot("hard", time_budget=None), lambda _: _frozen_turns[0]),
    }, seed, BROWSER_SECONDS, PYODIDE_SLOWDOWN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per pairing (rounded up to an even number)")
    parser.add_argument("--hard-time", type=float, default=0.8, help="hard bot's time cap per move in seconds")
    parser.add_argument("--hard-iterations", type=int, default=None, help="hard bot's sample cap per move")
    parser.add_argument("--hard-options", default="{}",
                        help='more options of the hard bot as JSON, e.g. \'{"candidates": 5}\'; '
                        '"params", "rollout_params" and "opponent_params" take objects of heuristic weights')
    parser.add_argument("--base-options", default="{}",
                        help="options of the level base (today's hard with these instead of --hard-options), JSON")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="the clock of the hard bot's budget and of the seconds reported: cpu (processor "
                             "time, the default: fair on a loaded machine) or wall")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--colours", type=int, default=5, choices=(5, 6))
    parser.add_argument("--match", type=int, default=1, help="games per match (1 = single games)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: the machine is shared)")
    parser.add_argument("--budget", choices=("turns", "time"), default="turns",
                        help="turns: the browser's budget on a deterministic clock (hard: card_ai.BUDGET play-out "
                             "turns; frozen: 0.8 s of modeled Pyodide time), the default; time: --hard-time "
                             "seconds of --clock for both")
    parser.add_argument("--calibrate", type=int, nargs="?", const=40, default=0, metavar="POSITIONS",
                        help="measure the play-out turns per CPU second of hard and frozen instead (40 positions)")
    parser.add_argument("--pairings", default=",".join(PAIRINGS),
                        help=f"comma-separated pairings among {', '.join(PAIRINGS)} (any LEVEL-LEVEL works)")
    args = parser.parse_args(argv)
    json.loads(args.hard_options)  # fail early on malformed JSON
    json.loads(args.base_options)
    if args.calibrate:
        calibrate(args.calibrate, args.seed)
        return 0
    budget = (f"browser budget on a deterministic clock: hard {card_ai.BUDGET} play-out turns, frozen "
              f"{BROWSER_SECONDS}s at {FROZEN_TURN_SECONDS * 1e6:.0f} us a turn" if args.budget == "turns"
              else f"hard budget {args.hard_time}s ({args.clock} clock)")
    print(f"# card game bots: {args.games} games per pairing, seed {args.seed}, {args.colours} colours, "
          f"match of {args.match}, {budget}"
          + (f" / {args.hard_iterations} samples" if args.hard_iterations else "")
          + (f", hard options {args.hard_options}" if json.loads(args.hard_options) else "")
          + (f", base options {args.base_options}" if json.loads(args.base_options) else ""))
    print("s/move: mean seconds per move (a turn is two moves: play/discard, then draw); max: slowest move")
    print("win rate and margin of A (the first bot) with their standard errors over the deals")
    print(f"{'pairing':<14} {'games':>5} {'win rate':>14} {'margin':>13} {'s/move A':>9} {'max A':>7} "
          f"{'s/move B':>9} {'max B':>7} {'wall s':>7}")
    for pairing in args.pairings.split(","):
        first, second = pairing.strip().split("-")
        r = run_pairing(first, second, args.games, args.seed, args.colours, args.hard_time, args.hard_iterations,
                        args.jobs, args.match, args.hard_options, args.clock, args.budget, args.base_options)
        win = f"{r['win_rate']:.1%} +- {r['win_se']:.1%}"
        margin = f"{r['margin']:+.1f} +- {r['margin_se']:.1f}"
        print(f"{pairing:<14} {r['games']:>5} {win:>14} {margin:>13} "
              f"{r['spm_first']:>9.4f} {r['max_first']:>7.3f} {r['spm_second']:>9.4f} {r['max_second']:>7.3f} "
              f"{r['wall']:>7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
