"""The style recalculation one DOM change costs on a Learn page, with a lesson shown, in headless Chromium.

    .venv/bin/python benchmarks/lesson_restyle.py [--dist DIR ...] [--changes 200] [--rounds 3]

Serves each ``--dist`` (default: builds and serves dist/; give two built sites, say one of the commit
before, to compare them A/B, measured in turn round after round: the machine's load falls on both) and
opens the first step of each game's first tutorial (``#learn/<id>/1``) at 390x844 and 1280x800.  There it
appends an empty ``<div>`` to the screen (``.lc-screen``/``.rw-screen``, the lesson region's parent), forces
the style recalculation (``getComputedStyle(...).color``: style, no layout), removes it and forces it
again, ``--changes`` times, and reports per DOM change the mean wall time (``performance.now()``) and
Chromium's own figure (the DevTools Protocol's ``RecalcStyleDuration`` over the changes); the same for a
``<div>`` appended to ``<body>`` (outside the screen: the floor).

Session 27 replaced the style sheets' 38 ``.lc-screen:has(> .lc-lesson:not(:empty))`` with the class
``has-lesson`` (web/embed_screen.py): a ``:has()`` over the screen's children made the browser restyle
the whole screen at each change of any of them.  The figures depend on the machine and its load, so they
are measured here, never asserted.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import threading
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "core"))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402
from tests.e2e import conftest  # noqa: E402

TUTORIALS: typing.Final = ("card-wagers", "board-lowest-card", "roll-choosing-dice")
SIZES: typing.Final = ((390, 844), (1280, 800))

CHANGES_JS: typing.Final = """([inside, count]) => {
  const region = document.querySelector('.lc-lesson');
  const parent = inside ? region.parentElement : document.body;
  const probe = region.parentElement.lastElementChild;
  getComputedStyle(probe).color;
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const extra = document.createElement('div');
    parent.appendChild(extra);
    getComputedStyle(probe).color;
    extra.remove();
    getComputedStyle(probe).color;
    times.push((performance.now() - start) / 2);
  }
  return times;
}"""


def recalc_ms(cdp: sync_api.CDPSession) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return 1000 * float(next(m["value"] for m in metrics if m["name"] == "RecalcStyleDuration"))


def measure(page: sync_api.Page, cdp: sync_api.CDPSession, inside: bool, count: int) -> tuple[float, float]:
    """The mean wall time of a change (ms) and Chromium's style time per change (ms)."""
    before = recalc_ms(cdp)
    times = page.evaluate(CHANGES_JS, [inside, count])
    return statistics.fmean(times), (recalc_ms(cdp) - before) / (2 * count)


def serve(directory: pathlib.Path) -> str:
    server = build.make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", action="append", type=pathlib.Path, help="a built site (repeat to compare)")
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("LOSTCITIES_QUIET_SERVER", "1")
    sites = [(str(d), serve(d)) for d in (args.dist or [build.build()])]
    results: dict[tuple[str, str, str, bool], list[tuple[float, float]]] = {}
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=list(conftest.CHROMIUM_ARGS))
        for _ in range(args.rounds):
            for name, url in sites:
                page = browser.new_page()
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                page.goto(url)
                page.locator(conftest.READY).wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
                for width, height in SIZES:
                    page.set_viewport_size({"width": width, "height": height})
                    for tut in TUTORIALS:
                        page.evaluate("(where) => { location.hash = where; }", f"#learn/{tut}/1")
                        page.locator(".lc-lesson-count[data-step='1']").wait_for(state="attached")
                        page.wait_for_timeout(300)
                        for inside in (True, False):
                            key = (name, f"{width}x{height}", tut, inside)
                            results.setdefault(key, []).append(measure(page, cdp, inside, args.changes))
                        page.evaluate("location.hash = ''")
                page.close()
        browser.close()
    print(f"{'site':40} {'size':9} {'tutorial':24} {'where':7} {'wall ms':>8} {'style ms':>8}")
    for (name, size, tut, inside), values in results.items():
        wall = statistics.median(v[0] for v in values)
        style = statistics.median(v[1] for v in values)
        print(f"{name[-40:]:40} {size:9} {tut:24} {'screen' if inside else 'body':7} {wall:8.3f} {style:8.3f}")


if __name__ == "__main__":
    main()
