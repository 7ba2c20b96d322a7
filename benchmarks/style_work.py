"""The page's style and layout work over one card match played by clicks, in headless Chromium.

    .venv/bin/python benchmarks/style_work.py [--seed 9] [--runs 1] [--without-has [--containing TEXT]]

Builds and serves dist/, opens ``?seed=N#card`` at the tests' viewport (conftest.VIEWPORT), and plays one
single-game match against the easy computer at the instant pace with motion on, as
tests/e2e/test_robust.py's long session plays each of its ten matches.  A Chromium trace of the
match gives the page's main thread: its busy time, its style recalculations (how many, the
elements they restyled, their time) and its layouts.  ``--without-has`` first deletes every style
rule whose selector holds ``:has(`` (through the CSSOM; ``--containing TEXT``: only those whose
selector also holds TEXT): how much of the restyling those rules cause.  The element count does
not depend on the machine's load; the times do.

Measured in session 27 (a 2-core machine at load 16-21): about 109,000 elements restyled per
match with the style sheets as built, about 37,000 without their 130 ``:has()`` rules, and about
40,000 without only the three of web/embed.css whose selector is
``.lc-lesson-panel:has(> .lc-lesson-body > .lc-lesson-choices)`` (``--without-has --containing
":has(> .lc-lesson-body"``; removing those of any other file alone changes nothing); main-thread busy
9.65 -> 8.05 s, style 2.73 -> 1.89 s in the quietest interleaved pair.  The focus step of
web/view.js's apply() is where the first recalculation after a render is forced: moving the
motion's reads before it (tried) only moved the work, 109,000 against 112,000 elements.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import threading
import time
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "core"))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402
from tests.e2e import conftest, test_card, test_robust  # noqa: E402

WITHOUT_HAS = """(containing) => {
  let removed = 0;
  const prune = (list, remove) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const rule = list[i];
      const text = rule.selectorText || '';
      if (text.includes(':has(') && text.includes(containing)) { remove(i); removed += 1; }
      else if (rule.cssRules) prune(rule.cssRules, (at) => rule.deleteRule(at));
    }
  };
  for (const sheet of document.styleSheets) {
    let rules = null;
    try { rules = sheet.cssRules; } catch (err) { continue; }
    prune(rules, (at) => sheet.deleteRule(at));
  }
  return removed;
}"""
"""Deletes the style rules whose selector holds ``:has(`` and the given text; returns how many."""

CATEGORIES: typing.Final = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


def main_thread(trace: pathlib.Path) -> dict[str, float]:
    """The renderer main thread's totals in a trace file."""
    loaded = json.loads(trace.read_text())
    events = loaded["traceEvents"] if isinstance(loaded, dict) else loaded
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = [e for e in events if e.get("ph") == "X" and threads.get((e["pid"], e["tid"])) == "CrRendererMain"]
    styles = [e for e in main if e["name"] == "UpdateLayoutTree"]
    layouts = [e for e in main if e["name"] == "Layout"]
    return {
        "busy_s": sum(e["dur"] for e in main if e["name"] == "RunTask") / 1e6,
        "recalcs": len(styles),
        "elements": sum(int(e.get("args", {}).get("elementCount", 0)) for e in styles),
        "style_s": sum(e["dur"] for e in styles) / 1e6,
        "layouts": len(layouts),
        "layout_s": sum(e["dur"] for e in layouts) / 1e6,
    }


def measure(url: str, without_has: bool, containing: str) -> tuple[int, float, dict[str, float]]:
    """Plays one match; returns the rules removed, the match's wall seconds and the main thread's totals."""
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    with sync_api.sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path=executable, args=conftest.CHROMIUM_ARGS)
        page = browser.new_context(viewport=conftest.VIEWPORT).new_page()
        conftest.open_site(page, url)
        removed = int(page.evaluate(WITHOUT_HAS, containing)) if without_has else 0
        trace = pathlib.Path(folder) / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
        started = time.monotonic()
        test_card.start(page, "easy", games="1", pace="instant")
        test_robust.play_match_by_clicks(page)
        wall = time.monotonic() - started
        browser.stop_tracing()
        browser.close()
        return removed, wall, main_thread(trace)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=9, help="the page's ?seed= (default 9, as the long session)")
    parser.add_argument("--runs", type=int, default=1, help="matches, each in a fresh browser (default 1)")
    parser.add_argument("--without-has", action="store_true", help="delete the :has() rules first")
    parser.add_argument("--containing", default="", help="with --without-has: only the rules whose selector holds this")
    args = parser.parse_args(argv)
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    server = build.make_server(build.build(), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/?seed={args.seed}#card"
        for run in range(args.runs):
            removed, wall, found = measure(url, args.without_has, args.containing)
            print(f"run {run + 1}: {removed} :has() rules removed; match {wall:.1f} s wall; main thread busy "
                  f"{found['busy_s']:.2f} s; {found['recalcs']:.0f} style recalcs, {found['elements']:.0f} elements, "
                  f"{found['style_s']:.2f} s; {found['layouts']:.0f} layouts, {found['layout_s']:.2f} s", flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
