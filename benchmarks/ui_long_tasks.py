"""Long tasks on a game's page while the computer thinks, in headless Chromium.

    .venv/bin/python benchmarks/ui_long_tasks.py [--game card|board] [--opponent hard] [--turns 4] [--seed 21]

Builds and serves dist/, opens the card game (``?seed=N#card``) or the board
game (two players, a short game), plays
``--turns`` turns by clicks against the computer and reports every long task
the browser saw meanwhile (a task of 50 ms or more: the page could not
answer the player for that long), and the computer's last decisions as the
screen records them (wall / work / longest slice, in ms).

Target: no long task of 200 ms or more (the screen hands the page back after
every 20 ms of the computer's work, and a bot yields after every play-out).
The tests count what the code controls instead (tests/core: one play-out per
slice at most; tests/e2e: the computer thinks in several slices); this figure
depends on the machine and its load, so it is measured here, never asserted.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "core"))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402
from tests.e2e import conftest, test_board, test_card  # noqa: E402

OBSERVER = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({type: 'longtask'});
}"""


def play_card(page: sync_api.Page, opponent: str, turns: int) -> None:
    test_card.wait_phase(page, "setup")
    page.evaluate(OBSERVER)
    test_card.start(page, opponent)
    for _ in range(turns):
        if test_card.wait_phase(page, "play", "over") == "over":
            break
        test_card.take_turn(page)
    test_card.wait_phase(page, "play", "over")


def play_board(page: sync_api.Page, opponent: str, turns: int) -> None:
    test_board.wait_phase(page, "setup")
    page.evaluate(OBSERVER)
    test_board.start(page, ["human", opponent])
    rng = random.Random(1)
    done = 0
    while True:  # whole turns: play (and any move), draw, then the computer's turn
        phase = test_board.wait_phase(page, "play", "move", "draw", "round", "over", timeout=120_000)
        if phase in ("round", "over") or (phase == "play" and done == turns):
            break
        done += phase == "play"
        test_board.click_action(page, test_board.choose(test_board.saved_state(page), rng))


def measure(url: str, game: str, opponent: str, turns: int) -> tuple[list[float], str]:
    """The long tasks (ms) while ``turns`` turns are played, and the screen's ``data-think``."""
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=conftest.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        conftest.open_site(page, url)
        (play_board if game == "board" else play_card)(page, opponent, turns)
        long_tasks = [float(d) for d in page.evaluate("window.__longTasks")]
        think = str(page.get_attribute(".lc-screen", "data-think"))
        browser.close()
    return long_tasks, think


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["card", "board"], default="card")
    parser.add_argument("--opponent", choices=["easy", "medium", "hard"], default="hard")
    parser.add_argument("--turns", type=int, default=4, help="turns the player takes (default 4)")
    parser.add_argument("--seed", type=int, default=21, help="the page's ?seed= (default 21)")
    parser.add_argument("--limit", type=float, default=200.0, help="long tasks at or above this many ms are counted")
    args = parser.parse_args(argv)
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    server = build.make_server(build.build(), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/?seed={args.seed}#{args.game}"
        long_tasks, think = measure(url, args.game, args.opponent, args.turns)
    finally:
        server.shutdown()
        server.server_close()
    over = [d for d in long_tasks if d >= args.limit]
    print(f"{args.game} game vs {args.opponent}, {args.turns} turns, seed {args.seed}: "
          f"{len(long_tasks)} long tasks (>= 50 ms)"
          + (f", median {statistics.median(long_tasks):.0f} ms, max {max(long_tasks):.0f} ms" if long_tasks else ""))
    shown = f" ({', '.join(f'{d:.0f}' for d in over)} ms)" if over else ""
    print(f"  at or above {args.limit:.0f} ms: {len(over)}{shown}")
    print(f"  computer's last decisions, wall/work/longest slice in ms: {think}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
