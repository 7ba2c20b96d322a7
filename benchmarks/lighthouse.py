"""Lighthouse 12 on the built site, and what an embed costs before Play.

    .venv/bin/python benchmarks/lighthouse.py [--runs 3] [--site DIR] [--before OLD_DIST] [--pages home,card]
                                              [--presets mobile,desktop] [--no-embed] [--json OUT]

Lighthouse is the pinned ``lighthouse`` of ``benchmarks/npm/package-lock.json``, installed on first use
into ``.cache/benchmark-npm/`` by ``npm ci`` (the build and the tests never install it).  It runs
Debian's Chromium (``$CHROME_PATH``, else ``/usr/bin/chromium``) headless against each site served as
``python3 build.py serve`` serves it (precompressed files, each site on its own port), with its
mobile preset (the default: a slow phone, simulated throttling) and its desktop preset, on the home
page and ``#card``.  Per run: the performance score, largest contentful paint, total blocking time,
cumulative layout shift and the bytes transferred during Lighthouse's load (``total-byte-weight``).
Then, with Playwright on the same Chromium, per site: the bytes the server sent for a cold visit
of the home page until Python is ready (``html[data-ready]``), and for an embed before Play
(``embed.html?tut=card-wagers`` in a page of another origin, five seconds after its first paint),
with the service workers that embed registered.

Targets (issue 19): mobile home >= 90 with TBT <= 200 ms and CLS <= 0.1, desktop home >= 95, ``#card``
>= 80; an embed before Play < 300 KB and no service worker.  Timings are noisy on a loaded machine:
compare runs made together (``--before``), and read the medians.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import typing
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import startup  # noqa: E402 - the counting server of benchmarks/startup.py
from playwright import sync_api  # noqa: E402

import build  # noqa: E402
from buildtools import machine  # noqa: E402
from tests.e2e import conftest  # noqa: E402

TOOLS = ROOT / "benchmarks" / "npm"
INSTALLED = ROOT / ".cache" / "benchmark-npm"
PAGES: typing.Final = {"home": "", "card": "#card"}
AUDITS: typing.Final = {"lcp_ms": "largest-contentful-paint", "tbt_ms": "total-blocking-time",
                        "cls": "cumulative-layout-shift", "bytes": "total-byte-weight"}


def lighthouse_cli() -> pathlib.Path:
    """The pinned Lighthouse's command line, installed by ``npm ci`` when missing or out of date."""
    stamp = INSTALLED / "package-lock.json"
    cli = INSTALLED / "node_modules" / "lighthouse" / "cli" / "index.js"
    wanted = (TOOLS / "package-lock.json").read_text()
    if not (cli.exists() and stamp.exists() and stamp.read_text() == wanted):
        shutil.rmtree(INSTALLED, ignore_errors=True)
        INSTALLED.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(TOOLS / name, INSTALLED / name)
        print("installing the pinned Lighthouse (npm ci, once)", flush=True)
        subprocess.run([machine.ensure_npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                        "--loglevel=error"], cwd=INSTALLED, check=True)
    return cli


def chrome_path() -> str:
    path = os.environ.get("CHROME_PATH") or "/usr/bin/chromium"
    if not pathlib.Path(path).exists():
        raise SystemExit(f"no Chromium at {path}: set CHROME_PATH")
    return path


class Site:
    """A built site on its own server, counting the bytes it sends."""

    def __init__(self, name: str, directory: pathlib.Path) -> None:
        self.name = name
        self.counter = startup.Counter()
        handler = type("Handler", (startup.BenchHandler,), {"counter": self.counter})
        self.server = build.SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.runs: dict[str, list[dict[str, float]]] = {}
        self.extra: dict[str, float] = {}


def run_lighthouse(cli: pathlib.Path, url: str, preset: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "report.json"
        cmd = ["node", str(cli), url, "--output=json", f"--output-path={out}", "--only-categories=performance",
               "--quiet", "--max-wait-for-load=120000",
               "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run"]
        if preset == "desktop":
            cmd.append("--preset=desktop")
        subprocess.run(cmd, check=True, env={**os.environ, "CHROME_PATH": chrome_path()},
                       stdout=subprocess.DEVNULL, timeout=600)
        report = json.loads(out.read_text())
    score = report["categories"]["performance"]["score"]
    found = {"score": round(100 * score) if score is not None else float("nan")}
    for key, audit in AUDITS.items():
        value = report["audits"].get(audit, {}).get("numericValue")
        found[key] = float(value) if value is not None else float("nan")
    return found


# -- bytes with Playwright -------------------------------------------------------------------------

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>rules</title></head><body>
<h1>Rules</h1><iframe id="f" src="SRC" style="width:820px;height:560px;border:0"
sandbox="allow-scripts allow-same-origin"></iframe></body></html>"""


def host_server(src: str) -> http.server.ThreadingHTTPServer:
    body = HOST_PAGE.replace("SRC", src).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: typing.Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def bytes_until_ready(browser: sync_api.Browser, site: Site) -> int:
    """What the server sends for a cold visit of the home page until Python is ready."""
    context = browser.new_context()
    try:
        page = context.new_page()
        site.counter.take()
        page.goto(site.url)
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=180_000)
        return site.counter.take()
    finally:
        context.close()


def embed_before_play(browser: sync_api.Browser, site: Site) -> tuple[int, int]:
    """The bytes an embed costs before Play (its frame in a page of another site, 5 s after it
    loaded) and the service workers it registered."""
    host = host_server("")
    origin = f"http://localhost:{host.server_address[1]}"
    src = site.url + "embed.html?" + urllib.parse.urlencode({"tut": "card-wagers", "parent": origin, "id": "b"})
    host.shutdown()
    host.server_close()
    host = host_server(src)
    context = browser.new_context()
    try:
        page = context.new_page()
        site.counter.take()
        page.goto(f"http://localhost:{host.server_address[1]}/")
        frame = page.frame_locator("#f")
        frame.locator("#embed-play").wait_for(timeout=60_000)
        time.sleep(5)
        sent = site.counter.take()
        workers = page.frames[1].evaluate(
            "navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then(r => r.length) : 0")
        return sent, int(typing.cast(int, workers))
    finally:
        context.close()
        host.shutdown()
        host.server_close()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(sites: list[Site], presets: list[str], pages: list[str]) -> None:
    print(f"\n{'site':8} {'preset':8} {'page':5} {'score':>12} {'LCP s':>16} {'TBT ms':>18} {'CLS':>14} {'MB':>14}")
    for site in sites:
        for preset in presets:
            for page in pages:
                runs = site.runs.get(f"{preset}/{page}", [])

                def col(key: str, scale: float, digits: int, runs: list[dict[str, float]] = runs) -> str:
                    values = [r[key] / scale for r in runs]
                    return f"{median(values):.{digits}f} ({'/'.join(f'{v:.{digits}f}' for v in values)})"

                print(f"{site.name:8} {preset:8} {page:5} {col('score', 1, 0):>12} {col('lcp_ms', 1000, 1):>16} "
                      f"{col('tbt_ms', 1, 0):>18} {col('cls', 1, 3):>14} {col('bytes', 1e6, 2):>14}")
    for site in sites:
        for key, value in site.extra.items():
            print(f"{site.name:8} {key}: {value:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=pathlib.Path, default=None, help="a built site (default: build dist/)")
    parser.add_argument("--before", type=pathlib.Path, default=None, help="another build's site, measured alike")
    parser.add_argument("--pages", default="home,card")
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--no-embed", action="store_true", help="skip the Playwright byte counts")
    parser.add_argument("--json", type=pathlib.Path, default=None, help="write every run's figures here")
    args = parser.parse_args()
    pages = [p for p in args.pages.split(",") if p]
    presets = [p for p in args.presets.split(",") if p]
    unknown = [p for p in pages if p not in PAGES] + [p for p in presets if p not in ("mobile", "desktop")]
    if unknown:
        raise SystemExit(f"unknown page or preset: {', '.join(unknown)}")
    sites = [Site("after", args.site or build.build())]
    if args.before:
        sites.insert(0, Site("before", args.before))
    lighthouse_runs(sites, args.runs, presets, pages, args.json)
    if not args.no_embed:
        byte_counts(sites, args.runs)
    report(sites, presets, pages)
    if args.json:
        args.json.write_text(json.dumps({s.name: {"runs": s.runs, **s.extra} for s in sites}, indent=1))


def lighthouse_runs(sites: list[Site], runs: int, presets: list[str], pages: list[str],
                    out: pathlib.Path | None) -> None:
    cli = lighthouse_cli()
    for run in range(runs):
        for preset in presets:
            for page in pages:
                for site in sites:  # interleaved: the machine's load falls on both alike
                    found = run_lighthouse(cli, site.url + PAGES[page], preset)
                    site.runs.setdefault(f"{preset}/{page}", []).append(found)
                    print(f"run {run + 1} {site.name} {preset} {page}: {found}", flush=True)
                    if out:
                        out.write_text(json.dumps({s.name: {"runs": s.runs} for s in sites}, indent=1))


def byte_counts(sites: list[Site], runs: int) -> None:
    with sync_api.sync_playwright() as playwright:
        # As browsers run (the e2e tests' launch): Playwright turns third-party storage partitioning
        # off, which refuses a framed page's service worker instead of registering it.
        features = conftest.playwright_disabled_features()
        browser = playwright.chromium.launch(
            executable_path=chrome_path(), ignore_default_args=["--disable-features=" + ",".join(features)],
            args=[*startup.ARGS, "--disable-features=" + ",".join(
                f for f in features if f != "ThirdPartyStoragePartitioning")])
        try:
            for site in sites:
                values = [bytes_until_ready(browser, site) for _ in range(runs)]
                site.extra["home bytes until ready (median)"] = median([float(v) for v in values])
                sent, workers = embed_before_play(browser, site)
                site.extra["embed bytes before Play"] = sent
                site.extra["embed service workers before Play"] = workers
        finally:
            browser.close()


if __name__ == "__main__":
    main()
