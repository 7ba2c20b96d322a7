"""Start-up time and transfer of the built site in headless Chromium, beside a bare Pyodide page.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--before OLD_DIST] [--compare NAME=DIR ...] [--no-snapshot]

Interleaved in one run, each on its own origin (its own server, so service workers
and caches never mix):

- ``site``: the built dist/, as ``python3 build.py serve`` serves it (precompressed
  files where the browser accepts them);
- ``bare``: a page that only runs ``loadPyodide()`` from the unmodified Pyodide files
  as the npm package ships them (node_modules/pyodide), served by the same server code;
- ``before`` (with ``--before``): another build's site directory, e.g. one built from
  an older commit, to measure a change;
- any number of ``--compare NAME=DIR``: more site directories, e.g. this build with one
  lever taken out, to measure what each lever gives.

For each: the time from navigation to interactive (the site's ``<html data-ready="1">``;
the bare page sets the same attribute once ``loadPyodide()`` resolves) cold (a fresh
browser context: empty caches, no service worker) and warm (a second visit in the same
context: the site's service worker active, the bare page's HTTP cache warm); the first
contentful paint; and the bytes the server sent on the cold visit (for the site, until
its service worker has precached everything, so offline play is ready).  Prints the
medians and the ratios site / bare.

Targets: warm at most 0.5x the bare page, cold at most 0.8x, the skeleton painted
within 300 ms, and (with ``--before``) a cold transfer no larger than the other build's.
"""

from __future__ import annotations

import argparse
import functools
import os
import pathlib
import statistics
import sys
import threading
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402

BARE_PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>bare</p><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.dataset.ready = "1";
</script></body></html>"""

MARK_READY = """
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "1" && window.__readyAt === undefined)
    window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


class Counter:
    """Bytes a server sent (headers and bodies), across its threads."""

    def __init__(self) -> None:
        self.sent = 0
        self.lock = threading.Lock()

    def add(self, count: int) -> None:
        with self.lock:
            self.sent += count

    def take(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


class CountingWriter:
    def __init__(self, inner: typing.Any, counter: Counter) -> None:
        self.inner = inner
        self.counter = counter

    def write(self, data: bytes) -> int:
        self.counter.add(len(data))
        return int(self.inner.write(data))

    def flush(self) -> None:
        self.inner.flush()

    def __getattr__(self, name: str) -> typing.Any:
        return getattr(self.inner, name)


class BenchHandler(build.SiteHandler):
    counter: Counter

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self.counter)  # type: ignore[assignment]

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/bare.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BARE_PAGE)))
            self.end_headers()
            self.wfile.write(BARE_PAGE)
            return
        super().do_GET()


class Contender:
    """One page under test, on its own server."""

    def __init__(self, name: str, directory: pathlib.Path, page: str, is_site: bool) -> None:
        self.name = name
        self.is_site = is_site
        self.counter = Counter()
        handler = type("Handler", (BenchHandler,), {"counter": self.counter})
        self.server = build.SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{page}"
        self.results: dict[str, list[float]] = {"cold": [], "warm": [], "paint": [], "warm paint": [], "bytes": []}


def visit(page: sync_api.Page, url: str) -> tuple[float, float | None]:
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"
    )
    return float(ready), (float(paint) if paint is not None else None)


def measure(browser: sync_api.Browser, contender: Contender) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(MARK_READY)
    results = contender.results
    try:
        contender.counter.take()
        page = context.new_page()
        cold, paint = visit(page, contender.url)
        if contender.is_site:
            page.wait_for_selector("html[data-offline='1']", state="attached", timeout=120_000)
        page.wait_for_timeout(500)  # stragglers
        results["bytes"].append(contender.counter.take())
        page.close()
        page = context.new_page()
        warm, warm_paint = visit(page, contender.url)
        results["cold"].append(cold)
        results["warm"].append(warm)
        for key, value in (("paint", paint), ("warm paint", warm_paint)):
            if value is not None:
                results[key].append(value)
        print(f"  {contender.name:10s} cold {cold:6.0f} ms  warm {warm:6.0f} ms  first paint {paint or 0:4.0f} ms  "
              f"cold transfer {results['bytes'][-1] / 1e6:5.2f} MB", flush=True)
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=pathlib.Path, help="another build's site directory to compare with")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR",
                        help="one more site directory to measure alongside (repeatable), e.g. a build without a lever")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="also measure this build with its start-up snapshot off (?snapshot=off)")
    args = parser.parse_args()
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    site = build.build()
    bare_root = build.CACHE / "bench-bare"
    if bare_root.exists():
        import shutil
        shutil.rmtree(bare_root)
    # The npm package's files, unmodified (a symbolic link: nothing copied or compressed).
    bare_root.mkdir(parents=True)
    (bare_root / "pyodide").symlink_to(build.NODE_MODULES / "pyodide", target_is_directory=True)
    contenders = [Contender("site", site, "", True), Contender("bare", bare_root, "bare.html", False)]
    if args.no_snapshot:
        contenders.append(Contender("nosnapshot", site, "?snapshot=off", True))
    if args.before:
        contenders.append(Contender("before", args.before.resolve(), "", True))
    for item in args.compare:
        name, _, directory = item.partition("=")
        contenders.append(Contender(name, pathlib.Path(directory).resolve(), "", True))
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        for run in range(args.runs):
            print(f"run {run + 1}:", flush=True)
            order = contenders if run % 2 == 0 else contenders[::-1]
            for contender in order:
                measure(browser, contender)
        browser.close()
    for contender in contenders:
        contender.server.shutdown()
    med = {c.name: {key: median(values) for key, values in c.results.items()} for c in contenders}
    print()
    print(f"medians over {args.runs} runs (navigation -> ready):")
    for c in contenders:
        m = med[c.name]
        print(f"  {c.name:10s} cold {m['cold']:6.0f} ms  warm {m['warm']:6.0f} ms  first paint {m['paint']:4.0f} ms "
              f"(warm {m['warm paint']:4.0f} ms)  cold transfer {m['bytes'] / 1e6:5.2f} MB")
    ratios = {phase: med["site"][phase] / med["bare"][phase] for phase in ("cold", "warm")}
    print(f"ratios site / bare: cold {ratios['cold']:.2f}, warm {ratios['warm']:.2f}")
    for c in contenders[2:]:
        print(f"ratios {c.name} / bare: cold {med[c.name]['cold'] / med['bare']['cold']:.2f}, "
              f"warm {med[c.name]['warm'] / med['bare']['warm']:.2f}")

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    paint = max(med["site"]["paint"], med["site"]["warm paint"])
    print(f"targets: warm <= 0.5x bare ({verdict(ratios['warm'] <= 0.5)}), "
          f"cold <= 0.8x bare ({verdict(ratios['cold'] <= 0.8)}), "
          f"skeleton painted <= 300 ms ({verdict(paint <= 300)})", end="")
    if "before" in med:
        print(f", cold transfer <= before's ({verdict(med['site']['bytes'] <= med['before']['bytes'])})")
    else:
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
