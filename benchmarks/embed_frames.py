"""Embeds on a rules page: one frame against several, in headless Chromium, from a host page on
another site.

    .venv/bin/python benchmarks/embed_frames.py [--runs 3] [--frames 6] [--before OLD_DIST]

The built dist/ is served on ``127.0.0.1`` (``build.SiteServer``, as ``python3 build.py serve``);
the host page on ``localhost`` with another port (another site: the frames are cross-site, with
Chromium's third-party storage partitioning on, as Chromium ships it; ``--unpartitioned``: off, as
Playwright launches it, where Chromium refuses third-party frames a SharedWorker).  The host page makes its frames with
``web/lostcities-embed.js`` (``autoplay=1``: each starts at once), one after the other in one
task, each a different built-in tutorial.  For each count of frames (1, then ``--frames``), in a
fresh browser each time:

- **ready**: from the first frame's creation to the last frame's ``ready`` message (the host
  page's clock);
- **memory**: the proportional set size (PSS, ``/proc/<pid>/smaps_rollup``: shared pages split
  between the processes that share them) of every Chromium process of the browser, once all the
  frames are ready and two seconds have passed, minus the same sum with the host page loaded and
  no frame (Chromium's ``performance.measureUserAgentSpecificMemory`` needs cross-origin
  isolation, which the site does not ask for);
- **CPU**: user+system time of those processes over the same span (``/proc/<pid>/stat``);
- **before Play** (once per site): the bytes the site's server sent for one frame without
  ``autoplay`` until the frame has answered ``hello``, and the service workers it registered.

Prints the medians and the ratios N frames / 1 frame.  Targets (issue 19): all N frames ready
within 2x the time of one, their extra memory within 2x one frame's; before Play under 300 KB and
no service worker.  With ``--before``, another build's site directory (e.g. one built from an
older commit) is measured the same way, interleaved.  Timings are noisy on a loaded machine: the
CPU time says more than the wall time there.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import pathlib
import statistics
import sys
import threading
import time
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "web"), str(ROOT / "core")]

import startup  # noqa: E402 - the counting server of benchmarks/startup.py
from playwright import sync_api  # noqa: E402

import build  # noqa: E402
from tests.e2e import conftest, test_embed  # noqa: E402 - Chromium's features; the rules site's server

TUTORIALS = ("card-first-expedition", "board-lowest-card", "roll-choosing-dice", "card-wagers",
             "board-researcher", "roll-refusing", "card-scoring", "board-event-tiles")
"""One tutorial per frame, in turn (a rules page shows different positions)."""

HOST_PAGE = test_embed.HOST_PAGE.replace('<div id="slot"></div>', '<div id="slots"></div>')

HOST_SCRIPT = """
window.readyAt = [];
window.waitingSeen = 0;
window.startFrames = function (site, tutorials, autoplay) {
  window.startedAt = performance.now();
  tutorials.forEach(function (tut, index) {
    var slot = document.createElement("div");
    document.getElementById("slots").appendChild(slot);
    slot.addEventListener("lc:ready", function () { window.readyAt.push(performance.now()); }, { once: true });
    slot.addEventListener("lc:waiting", function () { window.waitingSeen += 1; });
    var params = { tut: tut, id: "f" + index };
    if (autoplay) params.autoplay = "1";
    var handle = LostCities.embed(slot, params, { site: site, loading: "eager", height: 560 });
    if (!autoplay) handle.iframe.addEventListener("load", function () { setTimeout(handle.hello, 200); });
  });
};
"""

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


class HostHandler(test_embed.HostHandler):
    pages: typing.ClassVar[dict[str, tuple[str, str]]] = {
        "/host.html": (HOST_PAGE, "text/html"), "/host.js": (HOST_SCRIPT, "text/javascript")}


def serve(server: http.server.HTTPServer) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


class Contender:
    """A site directory on its own server, and a host page for it on another site."""

    def __init__(self, name: str, directory: pathlib.Path) -> None:
        self.name = name
        self.counter = startup.Counter()
        handler = type("Handler", (startup.BenchHandler,), {"counter": self.counter})
        site = build.SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
        serve(site)
        self.site = f"http://127.0.0.1:{site.server_address[1]}/"
        host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("Host", (HostHandler,), {"site": self.site}))
        serve(host)
        self.host = f"http://localhost:{host.server_address[1]}/host.html"
        self.results: dict[str, list[float]] = {}

    def add(self, key: str, value: float) -> None:
        self.results.setdefault(key, []).append(value)


# -- the browser's processes ------------------------------------------------------------------------


def descendants(root: int) -> list[int]:
    """The processes under ``root`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def chromium_processes() -> list[int]:
    """This benchmark's Chromium processes (Playwright's driver, a Node.js process, left out)."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            name = pathlib.Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if "chrom" in name.lower():
            found.append(pid)
    return found


def pss_kib(pid: int) -> int:
    try:
        for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def cpu_seconds(pid: int) -> float:
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb() -> float:
    return sum(pss_kib(pid) for pid in chromium_processes()) / 1024


def cpu_total(seen: dict[int, float]) -> float:
    """CPU seconds of the browser's processes, counting each process's last reading (a process that
    ended keeps what it had used when last seen)."""
    for pid in chromium_processes():
        seen[pid] = cpu_seconds(pid)
    return sum(seen.values())


# -- the measurements --------------------------------------------------------------------------------


def launch(playwright: sync_api.Playwright, partitioned: bool) -> sync_api.Browser:
    """Debian's Chromium; ``partitioned``: with third-party storage partitioning on, as Chromium
    ships it (Playwright turns it off; off, Chromium refuses a third-party frame a SharedWorker,
    and the frames fall back to a worker each)."""
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if not partitioned:
        return playwright.chromium.launch(executable_path=executable, args=ARGS)
    features = conftest.playwright_disabled_features()
    return playwright.chromium.launch(
        executable_path=executable, ignore_default_args=["--disable-features=" + ",".join(features)],
        args=[*ARGS, "--disable-features=" + ",".join(f for f in features if f != "ThirdPartyStoragePartitioning")])


def frames_ready(playwright: sync_api.Playwright, contender: Contender, count: int, partitioned: bool,
                 breakdown: bool = False) -> None:
    """``count`` frames started one after the other: the time until all are ready, the memory and
    CPU time they add."""
    browser = launch(playwright, partitioned)
    try:
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        page.goto(contender.host)
        page.wait_for_function("typeof window.startFrames === 'function'")
        page.wait_for_timeout(1000)
        seen: dict[int, float] = {}
        base_memory, base_cpu = memory_mb(), cpu_total(seen)
        tutorials = [TUTORIALS[index % len(TUTORIALS)] for index in range(count)]
        page.evaluate("([site, tutorials]) => startFrames(site, tutorials, true)", [contender.site, tutorials])
        page.wait_for_function(f"window.readyAt.length >= {count}", timeout=300_000, polling=50)
        ready = page.evaluate("Math.max(...window.readyAt) - window.startedAt")
        cpu = cpu_total(seen) - base_cpu
        page.wait_for_timeout(2000)
        memory = memory_mb() - base_memory
        shared = page.frames[1].evaluate("document.documentElement.dataset.engineShared || ''")
        if breakdown:
            print_breakdown(page)
    finally:
        browser.close()
    contender.add(f"ready {count}", ready)
    contender.add(f"memory {count}", memory)
    contender.add(f"cpu {count}", cpu)
    print(f"  {contender.name:8s} {count} frame{'s' if count > 1 else ' '}: all ready {ready:7.0f} ms  "
          f"extra PSS {memory:6.0f} MB  CPU {cpu:5.1f} s{'  (shared worker)' if shared else ''}", flush=True)


FRAME_TIMES = """() => {
  const at = (name) => {
    const found = performance.getEntriesByName(name);
    return found.length ? performance.timeOrigin + found[0].startTime : null;
  };
  const nav = performance.getEntriesByType("navigation")[0];
  return {created: performance.timeOrigin, loaded: nav ? performance.timeOrigin + nav.domContentLoadedEventEnd : null,
          asked: at("lostcities:engine-asked"), connected: at("lostcities:engine-connected"),
          answered: at("lostcities:engine-answered"),
          drew: at("lostcities:engine-drew"),
          applied: performance.getEntriesByName("lostcities:apply").map((m) => Math.round(m.duration)).join("+")};
}"""


def print_breakdown(page: sync_api.Page) -> None:
    """Where each frame's time went, in ms from the host page's start of the frames (web/view.js's
    marks): its document created, parsed, the engine asked (the SharedWorker connected and its boot
    posted: web/embed.js's mark with autoplay=1, else view.js's), the engine's script running (its
    ``connected``: a frame waits 10 s for it before it starts an engine of its own), its first answer
    (it had started), its first drawing, and the frame's ``ready`` on the host page."""
    origin = page.evaluate("performance.timeOrigin + window.startedAt")
    ready = sorted(page.evaluate("window.readyAt.map((t) => performance.timeOrigin + t)"))
    columns = ("created", "parsed", "asked", "running", "answered", "drew")
    print("    frame " + " ".join(f"{name:>8s}" for name in columns) + "   (ms from the start; applying: ms)")
    for index, frame in enumerate(page.frames[1:]):
        times = frame.evaluate(FRAME_TIMES)
        cells = " ".join(f"{times[key] - origin:8.0f}" if times[key] else "       -"
                         for key in ("created", "loaded", "asked", "connected", "answered", "drew"))
        print(f"    {index:5d} {cells}   {times['applied']}")
    print("    ready on the host page: " + " ".join(f"{value - origin:.0f}" for value in ready))


def before_play(playwright: sync_api.Playwright, contender: Contender, partitioned: bool) -> None:
    """One frame without autoplay: what its site sends until it has answered ``hello``."""
    browser = launch(playwright, partitioned)
    try:
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        page.goto(contender.host)
        page.wait_for_function("typeof window.startFrames === 'function'")
        contender.counter.take()
        page.evaluate("([site, tutorials]) => startFrames(site, tutorials, false)", [contender.site, [TUTORIALS[0]]])
        page.wait_for_function("window.waitingSeen >= 1", timeout=60_000)
        page.wait_for_timeout(1500)  # stragglers (the poster, its style sheets)
        sent = contender.counter.take()
        # (a browser that refuses service workers to third-party frames refuses the question too)
        workers = page.frames[1].evaluate("navigator.serviceWorker.getRegistrations()"
                                          ".then(r => String(r.length), e => 'no (refused here)')")
    finally:
        browser.close()
    contender.add("before play", sent)
    print(f"  {contender.name:8s} before Play: {sent / 1024:6.0f} KB sent, {workers} service worker(s)", flush=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--frames", type=int, default=6)
    parser.add_argument("--before", type=pathlib.Path, help="another build's site directory to compare with")
    parser.add_argument("--unpartitioned", action="store_true",
                        help="Playwright's Chromium as it comes: third-party storage partitioning off (no shared "
                             "worker for a third-party frame: each falls back to its own)")
    parser.add_argument("--site", type=pathlib.Path, help="measure this site directory as it is (no build)")
    parser.add_argument("--breakdown", action="store_true",
                        help="print where each frame's time went (web/view.js's marks)")
    args = parser.parse_args()
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    site = args.site.resolve() if args.site else build.build()
    contenders = [Contender("site", pathlib.Path(site))]
    if args.before:
        contenders.append(Contender("before", args.before.resolve()))
    started = time.monotonic()
    with sync_api.sync_playwright() as playwright:
        for contender in contenders:
            before_play(playwright, contender, not args.unpartitioned)
        for run in range(args.runs):
            print(f"run {run + 1}:", flush=True)
            for contender in contenders:
                for count in (1, args.frames):
                    frames_ready(playwright, contender, count, not args.unpartitioned, args.breakdown)
    print(f"\nmedians of {args.runs} run(s), {time.monotonic() - started:.0f} s in all:")
    report: dict[str, dict[str, float]] = {}
    for contender in contenders:
        got = {key: median(values) for key, values in contender.results.items()}
        report[contender.name] = got
        one, many = f"{1}", f"{args.frames}"
        time_ratio = got[f"ready {many}"] / got[f"ready {one}"]
        memory_ratio = got[f"memory {many}"] / got[f"memory {one}"]
        print(f"  {contender.name:8s} 1 frame ready {got['ready 1']:6.0f} ms, {got['memory 1']:5.0f} MB, "
              f"CPU {got['cpu 1']:4.1f} s | {args.frames} frames ready {got[f'ready {many}']:6.0f} ms "
              f"({time_ratio:.2f}x, target <= 2x), {got[f'memory {many}']:5.0f} MB ({memory_ratio:.2f}x, "
              f"target <= 2x), CPU {got[f'cpu {many}']:4.1f} s | before Play {got['before play'] / 1024:.0f} KB")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
