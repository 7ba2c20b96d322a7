"""Start-up time of the built site in headless Chromium, beside a bare Pyodide page.

    .venv/bin/python benchmarks/startup.py [--runs 5]

For each of the site and a bare page that only runs ``loadPyodide()`` from the
same dist/, measures the time from navigation to interactive (the site's
``<html data-ready="1">``; the bare page sets the same attribute once
``loadPyodide()`` resolves), cold (a fresh browser context: empty caches, no
service worker) and warm (a second visit in the same context, the service
worker active), and the first paint of the site's static skeleton.  Prints
the medians and the ratios site/bare.

Targets: warm ratio at most 1.2, skeleton painted within 300 ms.
"""

from __future__ import annotations

import argparse
import functools
import os
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright import sync_api  # noqa: E402

import build  # noqa: E402

BARE_PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>bare</p><script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
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


class BenchHandler(build.SiteHandler):
    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/bench/bare.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BARE_PAGE)))
            self.end_headers()
            self.wfile.write(BARE_PAGE)
            return
        super().do_GET()


def visit(page: sync_api.Page, url: str) -> tuple[float, float | None]:
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"
    )
    return float(ready), (float(paint) if paint is not None else None)


def measure(browser: sync_api.Browser, url: str, wait_offline: bool) -> tuple[float, float, float | None]:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(MARK_READY)
    try:
        page = context.new_page()
        cold, paint = visit(page, url)
        if wait_offline:
            page.wait_for_selector("html[data-offline='1']", state="attached", timeout=120_000)
        else:
            page.wait_for_timeout(500)
        page.close()
        page = context.new_page()
        warm, _ = visit(page, url)
        return cold, warm, paint
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    os.environ["LOSTCITIES_QUIET_SERVER"] = "1"
    site = build.build()
    server = build.SiteServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    results: dict[str, dict[str, list[float]]] = {
        "site": {"cold": [], "warm": [], "paint": []},
        "bare": {"cold": [], "warm": []},
    }
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        for run in range(args.runs):
            for name, url, offline in (("site", f"{base}/", True), ("bare", f"{base}/bench/bare.html", False)):
                cold, warm, paint = measure(browser, url, offline)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                if name == "site" and paint is not None:
                    results[name]["paint"].append(paint)
                print(f"run {run + 1}: {name:4s} cold {cold:7.0f} ms  warm {warm:7.0f} ms", flush=True)
        browser.close()
    server.shutdown()
    med = {name: {k: statistics.median(v) for k, v in parts.items() if v} for name, parts in results.items()}
    print()
    print(f"medians over {args.runs} runs (navigation -> data-ready):")
    for phase in ("cold", "warm"):
        ratio = med["site"][phase] / med["bare"][phase]
        print(f"  {phase}: site {med['site'][phase]:.0f} ms, bare loadPyodide {med['bare'][phase]:.0f} ms, "
              f"ratio {ratio:.2f}")
    if "paint" in med["site"]:
        print(f"  static skeleton first contentful paint: {med['site']['paint']:.0f} ms")
    warm_ratio = med["site"]["warm"] / med["bare"]["warm"]
    print(f"targets: warm ratio <= 1.2 ({'met' if warm_ratio <= 1.2 else 'NOT met'}), "
          f"skeleton <= 300 ms ({'met' if med['site'].get('paint', 1e9) <= 300 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
