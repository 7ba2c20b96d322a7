"""Seconds per AI decision inside Pyodide, in headless Chromium.

    .venv/bin/python benchmarks/ai_browser.py [--game card|roll|board|all] [--games 2] [--seed 1]

Serves the built dist/ with one extra page that boots Pyodide, installs the
core wheel with micropip (exactly like the site) and plays whole games with
the strongest bot in seat 0 against a weaker one, timing every decision of
the strong bot as the browser runs it (the whole ``think`` generator, without
the UI's yields in between).  Prints the median, 90th percentile and maximum.

Targets: card game hard <= 1.0 s per move; Roll & Write hard <= 0.5 s per decision; board game hard
<= 1.0 s per move (two players and four, short games).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import pathlib
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402

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
            state.apply(action)
    times.sort()
    return {"decisions": len(times), "median": statistics.median(times),
            "p90": times[int(0.9 * (len(times) - 1))], "max": times[-1], "mean": statistics.fmean(times)}

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

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["card", "roll", "board", "all"], default="all")
    parser.add_argument("--games", type=int, default=2, help="games per AI (seats alternate)")
    parser.add_argument("--seed", type=int, default=1)
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
        result = json.loads(page.evaluate("code => window.runBench(code)", code))
        browser.close()
    server.shutdown()
    print(f"seconds per decision in Pyodide (headless Chromium), {args.games} games each, seed {args.seed}:")
    for name, stats in result.items():
        print(f"  {name}: {stats['decisions']} decisions, median {stats['median']:.3f} s, "
              f"mean {stats['mean']:.3f} s, p90 {stats['p90']:.3f} s, max {stats['max']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
