"""Seconds per AI decision inside Pyodide, in headless Chromium.

    .venv/bin/python benchmarks/ai_browser.py [--game card|roll|board|all] [--games 2] [--seed 1]
    .venv/bin/python benchmarks/ai_browser.py --rate 20 [--seed 1]
    .venv/bin/python benchmarks/ai_browser.py --versus b66e5a6 12 [--seed 1]


Serves the built dist/ with one extra page that boots Pyodide, installs the
core wheel with micropip (exactly like the site) and plays whole games with
the strongest bot in seat 0 against a weaker one, timing every decision of
the strong bot as the browser runs it (the whole ``think`` generator, without
the UI's yields in between).  Prints the median, 90th percentile and maximum, and
where the slowest decision was (its game, its move, the play-out turns it spent).

``--rate POSITIONS`` measures instead the card game's play-out turns per second of
today's hard and the frozen one (``benchmarks/frozen``) on the same positions, in
CPython (this process, before and after) and in Pyodide: the numbers behind the card
benchmark's deterministic clock (``ai_card.py``).  Pyodide's figures are given both on
the page's clock (wall time, which a loaded machine stretches) and on the processor
time of the browser's processes (``/proc``), the fair figure on a shared machine.

``--versus REVISION POSITIONS`` times today's card hard against the card ``ai.py`` of a git
revision (loaded next to today's, the rest of the package shared) on the same positions, each
decision at today's budget of turns and no time cap, in CPython and in Pyodide: the speed-up of a
change meant to make the play-out faster with the same results (it checks that both choose the
same moves with the same turns).  Each position is timed ``REPEATS`` times in turn, the two
alternating, and the fastest of each counts, so a burst of load on a shared machine hits
neither side's figure much.

Targets: card game hard <= 1.0 s per move; Roll & Write hard <= 0.5 s per decision; board game hard
<= 1.0 s per move (two players and four, short games).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import pathlib
import subprocess
import sys
import threading
import time
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402

sys.path.insert(0, str(ROOT / "core"))
from lostcities.card import ai as card_ai  # noqa: E402

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>AI timing</title></head><body>
<script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
await pyodide.loadPackage("micropip");
await pyodide.pyimport("micropip").install(new URL("../wheels/__WHEEL__", location.href).href);
window.runBench = (code) => pyodide.runPythonAsync(code);
document.documentElement.dataset.ready = "1";
</script></body></html>"""

BENCH = """
import json, random, statistics, time
from lostcities import api, bots, board, card, roll
from lostcities.board import ai as board_ai
from lostcities.card import ai as card_ai
from lostcities.roll import ai as roll_ai

def timed_games(make_game, strong, weak, games, seed):
    times = []
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        state = make_game().new_state()
        players = make_game().num_players
        seats = [weak] * players
        seats[g % players] = strong
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            player = state.current_player
            bot = seats[player]
            view = state.view(player)
            started = time.perf_counter()
            action = bots.choose(bot, view, rng)
            if bot is strong:
                times.append(time.perf_counter() - started)
                if times[-1] >= max(times):
                    slowest = f"game {g}, {action.notation()}, work {getattr(bot, 'last_work', '-')}, " + ", ".join(
                        f"{name} {getattr(view, name)}" for name in ("draw_pile_size", "step", "turn")
                        if hasattr(view, name))
            state.apply(action)
    times.sort()
    return {"decisions": len(times), "median": statistics.median(times),
            "p90": times[int(0.9 * (len(times) - 1))], "max": times[-1], "mean": statistics.fmean(times),
            "slowest": slowest}

result = {}
if GAME in ("card", "all"):
    result["card hard (vs medium)"] = timed_games(lambda: card.Game(games=1), card_ai.bot("hard"),
                                                  card_ai.bot("medium"), GAMES, SEED)
if GAME in ("roll", "all"):
    result["roll hard (vs easy)"] = timed_games(lambda: roll.Game(players=2), roll_ai.bot("hard"),
                                                roll_ai.bot("easy"), GAMES, SEED)
if GAME in ("board", "all"):
    result["board hard (vs medium, 2 players)"] = timed_games(
        lambda: board.Game(players=2, rounds=1), board_ai.bot("hard"), board_ai.bot("medium"), GAMES, SEED)
    result["board hard (vs 3 medium, 4 players)"] = timed_games(
        lambda: board.Game(players=4, rounds=1), board_ai.bot("hard"), board_ai.bot("medium"), GAMES, SEED)
json.dumps(result)
"""

POSITIONS_CODE = """
rng = random.Random(SEED)
views = []
medium = card_ai.bot("medium")
while len(views) < POSITIONS:
    state = card.Game(games=1).new_state()
    while not state.is_terminal() and len(views) < POSITIONS:
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(state.current_player)
        if view.step is card.Step.PLAY and rng.random() < 0.3:
            views.append(view)
        state.apply(bots.choose(medium, view, rng))
"""
"""Positions of hard's play steps: seeded medium-vs-medium card games, about one play step in three
(a snippet of the Pyodide scripts: ``SEED`` and ``POSITIONS`` set before it)."""

RATE = """
import os, random, sys, time
from lostcities import bots, card
from lostcities.card import ai as card_ai
if FROZEN:  # in Pyodide: the frozen sources written to its file system
    os.makedirs("/tmp/bench/frozen", exist_ok=True)
    for name, text in FROZEN.items():
        with open(f"/tmp/bench/frozen/{name}", "w") as f:
            f.write(text)
    sys.path.insert(0, "/tmp/bench")
from frozen import card_hard_s19 as frozen_ai

started = time.perf_counter()
counted = [0]
plain_turn = getattr(frozen_ai._turn, "plain", frozen_ai._turn)

def counted_turn(w, prm):
    counted[0] += 1
    return plain_turn(w, prm)

counted_turn.plain = plain_turn
frozen_ai._turn = counted_turn
""" + POSITIONS_CODE + """seconds = {"hard": 0.0, "frozen": 0.0}
turns = {"hard": 0, "frozen": 0}
for i, view in enumerate(views):
    hard = card_ai.HardBot(time_budget=None)
    t0 = time.perf_counter()
    bots.choose(hard, view, random.Random(i))
    seconds["hard"] += time.perf_counter() - t0
    turns["hard"] += hard.last_work
    before = counted[0]
    t0 = time.perf_counter()
    bots.choose(frozen_ai.bot("hard", time_budget=None), view, random.Random(i))
    seconds["frozen"] += time.perf_counter() - t0
    turns["frozen"] += counted[0] - before
RESULT = {"seconds": seconds, "turns": turns, "wall": time.perf_counter() - started}
"""


VERSUS = """
import random, sys, time, types
from lostcities import bots, card
from lostcities.card import ai as card_ai
baseline = types.ModuleType("lostcities.card.ai_baseline")
sys.modules[baseline.__name__] = baseline
exec(compile(BASELINE, "ai_baseline.py", "exec"), baseline.__dict__)
""" + POSITIONS_CODE + """best = {"today": 0.0, "baseline": 0.0}
turns = 0
same = True
for i, view in enumerate(views):
    fastest = {"today": float("inf"), "baseline": float("inf")}
    for repeat in range(REPEATS):
        order = ("today", "baseline") if repeat % 2 == 0 else ("baseline", "today")
        chosen = {}
        for name in order:
            bot = (card_ai if name == "today" else baseline).HardBot(time_budget=None, budget=card_ai.BUDGET)
            t0 = time.perf_counter()
            action = bots.choose(bot, view, random.Random(i))
            fastest[name] = min(fastest[name], time.perf_counter() - t0)
            chosen[name] = (action.notation(), bot.last_work)
        same = same and chosen["today"] == chosen["baseline"]
    turns += bot.last_work
    for name in best:
        best[name] += fastest[name]
RESULT = {"seconds": best, "turns": turns, "same": same}
"""

REPEATS = 3
"""Times each position is timed by ``--versus`` (the fastest counts)."""


def _descendants_cpu() -> float:
    """Processor seconds (user + system) of this process's descendants still running (the browser's)."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        ticks[int(entry.name)] = int(fields[11]) + int(fields[12])
    me, total = os.getpid(), 0
    for pid, tick in ticks.items():
        p = parents.get(pid, 0)
        while p and p != me:
            p = parents.get(p, 0)
        if p == me:
            total += tick
    return total / os.sysconf("SC_CLK_TCK")


def _cpython_rate(positions: int, seed: int) -> dict[str, typing.Any]:
    """The rate snippet run here, in CPython: its result with processor seconds."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    scope: dict[str, typing.Any] = {"FROZEN": {}, "POSITIONS": positions, "SEED": seed}
    t0 = time.process_time()
    exec(RATE, scope)
    result: dict[str, typing.Any] = scope["RESULT"]
    result["cpu"] = time.process_time() - t0
    return result


def _print_rate(name: str, result: dict[str, typing.Any], cpu: float) -> None:
    seconds, turns, wall = result["seconds"], result["turns"], result["wall"]
    for bot in ("hard", "frozen"):
        rate = turns[bot] / seconds[bot]
        print(f"  {name:<8} {bot:<7} {turns[bot]:>8} turns {seconds[bot]:>7.2f} s {rate:>8.0f} turns/s "
              f"(processor time: {turns[bot] / (seconds[bot] * cpu / wall):>6.0f} turns/s)")


def rate(page: typing.Any, positions: int, seed: int) -> None:
    """Print the play-out turns per second of hard and frozen in CPython and Pyodide, alternating."""
    frozen = {name: (ROOT / "benchmarks" / "frozen" / name).read_text()
              for name in ("__init__.py", "card_hard_s19.py", "search_s19.py")}
    code = f"FROZEN = {frozen!r}\nPOSITIONS = {positions}\nSEED = {seed}\n" + RATE + "\nimport json\njson.dumps(RESULT)"
    print(f"# card play-out turns per second on {positions} positions, seed {seed}, load {os.getloadavg()[0]:.1f}")
    print("  (wall: seconds on the clock of the search; processor time: the share of it the process ran)")
    before = _cpython_rate(positions, seed)
    cpu0 = _descendants_cpu()
    pyodide = json.loads(page.evaluate("code => window.runBench(code)", code))
    cpu = _descendants_cpu() - cpu0
    after = _cpython_rate(positions, seed)
    _print_rate("CPython", before, before["cpu"])
    _print_rate("Pyodide", pyodide, cpu)
    _print_rate("CPython", after, after["cpu"])
    for bot in ("hard", "frozen"):
        cpython = sum(r["turns"][bot] / (r["seconds"][bot] * r["cpu"] / r["wall"]) for r in (before, after)) / 2
        browser = pyodide["turns"][bot] / (pyodide["seconds"][bot] * cpu / pyodide["wall"])
        print(f"  {bot}: Pyodide is {cpython / browser:.2f}x slower than CPython (processor time); "
              f"0.8 s in Pyodide buy {0.8 * browser:.0f} turns")
    print(f"  load {os.getloadavg()[0]:.1f}")


def versus(page: typing.Any, revision: str, positions: int, seed: int) -> None:
    """Print how much faster today's card hard decides than ``revision``'s, in CPython and Pyodide."""
    baseline = subprocess.run(["git", "show", f"{revision}:core/lostcities/card/ai.py"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
    code = f"BASELINE = {baseline!r}\nPOSITIONS = {positions}\nSEED = {seed}\nREPEATS = {REPEATS}\n" + VERSUS
    print(f"# card hard: today against {revision} on {positions} positions, seed {seed}, budget "
          f"{card_ai.BUDGET} turns, fastest of {REPEATS}, load {os.getloadavg()[0]:.1f}")
    scope: dict[str, typing.Any] = {}
    exec(code, scope)
    in_browser = page.evaluate("code => window.runBench(code)", code + "\nimport json\njson.dumps(RESULT)")
    results = {"CPython": scope["RESULT"], "Pyodide": json.loads(in_browser)}
    for name, result in results.items():
        today, base = result["seconds"]["today"], result["seconds"]["baseline"]
        print(f"  {name:<8} {result['turns']:>8} turns: today {today:6.2f} s ({result['turns'] / today:6.0f} turns/s), "
              f"{revision} {base:6.2f} s ({result['turns'] / base:6.0f} turns/s): {base / today:.3f}x; "
              f"same choices and turns: {result['same']}")
    print(f"  load {os.getloadavg()[0]:.1f}")


ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["card", "roll", "board", "all"], default="all")
    parser.add_argument("--games", type=int, default=2, help="games per AI (seats alternate)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=int, default=0, metavar="POSITIONS",
                        help="measure the card game's play-out turns per second (hard and frozen) instead")
    parser.add_argument("--versus", nargs=2, metavar=("REVISION", "POSITIONS"),
                        help="time today's card hard against a git revision's on POSITIONS positions instead")
    args = parser.parse_args()
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    site = build.build()
    wheel = next((site / "wheels").glob("lostcities-*.whl")).name
    page_bytes = PAGE.replace("__WHEEL__", wheel).encode()

    class Handler(build.SiteHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0] == "/bench/ai.html":
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page_bytes)))
                self.end_headers()
                self.wfile.write(page_bytes)
                return
            super().do_GET()

    server = build.SiteServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/bench/ai.html"
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    code = f"GAME = {args.game!r}\nGAMES = {args.games}\nSEED = {args.seed}\n" + BENCH
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        page = browser.new_page()
        page.set_default_timeout(3_600_000)
        page.goto(url)
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
        if args.versus:
            versus(page, args.versus[0], int(args.versus[1]), args.seed)
            browser.close()
            server.shutdown()
            return 0
        if args.rate:
            rate(page, args.rate, args.seed)
            browser.close()
            server.shutdown()
            return 0
        result = json.loads(page.evaluate("code => window.runBench(code)", code))
        browser.close()
    server.shutdown()
    print(f"seconds per decision in Pyodide (headless Chromium), {args.games} games each, seed {args.seed}:")
    for name, stats in result.items():
        print(f"  {name}: {stats['decisions']} decisions, median {stats['median']:.3f} s, "
              f"mean {stats['mean']:.3f} s, p90 {stats['p90']:.3f} s, max {stats['max']:.3f} s "
              f"({stats['slowest']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
