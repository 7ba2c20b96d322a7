"""Start-up as a player meets it: under a path prefix, without any storage, installed as an app.

The speed of the start is measured by ``benchmarks/startup.py``, never asserted here.
"""

from __future__ import annotations

import json
import os
import pathlib
import threading
import typing

import pytest
from playwright import sync_api

import build
from tests.e2e import conftest, test_card, test_robust


@pytest.fixture
def prefixed_site(site: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> typing.Iterator[str]:
    """dist/ (built once for the test process by conftest's ``site``) served under ``/some/prefix/`` of a
    server whose root holds nothing else."""
    monkeypatch.setenv("LOSTCITIES_QUIET_SERVER", "1")
    root = tmp_path / "root"
    (root / "some").mkdir(parents=True)
    (root / "some" / "prefix").symlink_to(build.DIST, target_is_directory=True)
    server = build.make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/some/prefix/"
    server.shutdown()
    server.server_close()


def play_a_turn(page: sync_api.Page) -> None:
    """Start a card game against the easy computer and play one whole turn by clicks (at the instant
    pace: how long the computer waits has no bearing on a start)."""
    test_card.start(page, "easy", pace="instant")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"  # the computer answered


def test_the_site_plays_under_a_path_prefix_online_and_offline(
        browser: sync_api.Browser, prefixed_site: str) -> None:
    origin = prefixed_site.split("/some/")[0] + "/"
    guard = conftest.Guard(origin)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(conftest.CSP_RECORDER)
    guard.watch_context(context)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        page = context.new_page()
        guard.watch(page)
        conftest.open_site(page, prefixed_site + "?seed=4#card")
        play_a_turn(page)
        outside = [url for url in requested if not url.startswith(prefixed_site)]
        assert not outside, f"requests outside the site's folder: {outside[:5]}"
        page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
        context.set_offline(True)
        page.goto(prefixed_site + "#card")  # the game in progress comes back, and goes on
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        test_card.wait_phase(page, "play")
        test_card.take_turn(page)
        assert test_card.wait_phase(page, "play") == "play"
        # The embed, from the same folder, offline: it starts on Play.
        page.goto(prefixed_site + "embed.html?game=card&seed=4")
        page.click("#embed-play")
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        guard.check([page])
    finally:
        context.set_offline(False)
        context.close()
    outside = [url for url in requested if not url.startswith(prefixed_site)]
    assert not outside, f"requests outside the site's folder: {outside[:5]}"


NO_STORAGE = """
(() => {
  const refuse = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  Object.defineProperty(window, 'localStorage', { configurable: true, get: refuse });
  Object.defineProperty(window, 'sessionStorage', { configurable: true, get: refuse });
  Object.defineProperty(window, 'indexedDB', { configurable: true, get: refuse });
  Object.defineProperty(window, 'caches', { configurable: true, get: refuse });
  if (navigator.serviceWorker) {
    navigator.serviceWorker.register = () => Promise.reject(new DOMException("Storage is blocked.", "SecurityError"));
  }
  window.__storageTouched = 0;
})();
"""


FAILING_INDEXEDDB = """
(() => {
  // IndexedDB is there, but opening a database fails (as some browsers do in private windows).
  const failing = () => {
    const request = {};
    setTimeout(() => {
      request.error = new DOMException("The user denied permission to access the database.", "UnknownError");
      if (request.onerror) request.onerror({ target: request, preventDefault() {} });
    });
    return request;
  };
  Object.defineProperty(window, 'indexedDB', { configurable: true, value: { open: failing } });
})();
"""


@pytest.mark.parametrize("refusal", ["refused", "failing"])
def test_without_storage_indexeddb_or_a_service_worker_the_app_starts_plays_and_says_so(
        page: sync_api.Page, site: str, refusal: str) -> None:
    """As in a cross-site frame with third-party storage blocked, or with site data blocked: IndexedDB
    refused outright, or there but failing to open a database."""
    page.add_init_script(NO_STORAGE)
    if refusal == "failing":
        page.add_init_script(FAILING_INDEXEDDB)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    conftest.open_site(page, site + "?seed=4#card")
    # The start's files are each downloaded once, by the engine's worker (a preload of the page's
    # would not serve the worker's requests: the page announces none).
    assert page.locator("link[rel='preload'][href$='pyodide.asm.wasm']").count() == 0
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "web/pyscript.json"):
        assert requested.count(site + name) == 1, (name, [url for url in requested if url.endswith(name)])
    # The control: storage really is refused on this page (PyScript's packages cache was given one
    # in memory by web/boot.js instead of the refused IndexedDB).
    assert page.evaluate("(() => { try { localStorage; return 'open'; } catch (e) { return e.name; } })()") \
        == "SecurityError"
    if refusal == "refused" or page.get_attribute("html", "data-engine") == "page":
        assert page.get_attribute("html", "data-storage") == "memory"
    # (With the engine in its worker nothing on the page opens a database: a failing one is never met.)
    play_a_turn(page)
    page.wait_for_selector("#notice:not([hidden])", timeout=10_000)
    said = test_robust.messages(page)
    test_robust.assert_plain_words(said)
    assert test_robust.NOT_KEPT.search(said), said
    notice = page.locator("#notice").inner_text().replace("\u00d7", "").strip()
    assert len(notice.splitlines()) == 1, notice  # one line says it
    assert page.locator("html[data-offline]").count() == 0


def cdp_send(page: sync_api.Page, method: str, params: dict[str, typing.Any] | None = None) -> typing.Any:
    session = page.context.new_cdp_session(page)
    try:
        return session.send(method, params or {})
    finally:
        session.detach()


ICON_SIZE_JS = """async (src) => {
  const img = new Image();
  img.src = src;
  await img.decode();
  return [img.naturalWidth, img.naturalHeight];
}"""


@pytest.fixture
def profile_page(browser: sync_api.Browser, tmp_path: pathlib.Path,
                 site: str) -> typing.Iterator[tuple[sync_api.BrowserContext, sync_api.Page]]:
    """A page in a browser profile of its own (installability is refused in incognito contexts)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=os.environ.get("CHROMIUM") or None, args=conftest.CHROMIUM_ARGS,
        viewport={"width": 1024, "height": 768})
    context.add_init_script(conftest.CSP_RECORDER)
    guard = conftest.Guard(site)
    guard.watch_context(context)
    context.on("page", guard.watch)
    page = context.pages[0] if context.pages else context.new_page()
    guard.watch(page)
    try:
        yield context, page
        guard.check([page])
    finally:
        context.close()


def test_the_site_is_installable_and_offers_install(profile_page: tuple[sync_api.BrowserContext, sync_api.Page],
                                                    site: str) -> None:
    context, page = profile_page
    conftest.open_site(page, site)
    page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
    manifest = cdp_send(page, "Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"] == site + "web/manifest.webmanifest"
    data = json.loads(manifest["data"])
    for field in ("name", "short_name", "start_url", "scope", "display", "background_color", "theme_color",
                  "description", "categories"):
        assert data.get(field), f"the manifest has no {field}"
    assert data["display"] == "standalone"
    assert "games" in data["categories"]
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon["src"] for icon in data["icons"]}
    for key in (("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")):
        assert key in icons, f"no {key} icon"
        width, height = page.evaluate(ICON_SIZE_JS, page.url.split("#")[0].rsplit("/", 1)[0] + "/web/" + icons[key])
        assert f"{width}x{height}" == key[0]
    touch = page.get_attribute("link[rel='apple-touch-icon']", "href")
    assert touch and page.evaluate(ICON_SIZE_JS, touch) == [180, 180]
    errors = cdp_send(page, "Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    # The browser offers installation: the app shows its "Install" button, which prompts.
    install = page.locator("#install")
    install.wait_for(state="visible", timeout=30_000)
    # The same offer again, with a prompt that records its call instead of opening a dialog.
    page.evaluate("""() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      event.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; return Promise.resolve(); };
      window.dispatchEvent(event);
    }""")
    install.wait_for(state="visible")
    assert install.inner_text().strip() == "Install"
    install.click()
    assert page.evaluate("window.__prompted") == 1
    assert install.is_hidden()  # a prompt is used once
    # Offline play still works.
    context.set_offline(True)
    try:
        page.goto(site + "?seed=4#card")
        page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
        play_a_turn(page)
    finally:
        context.set_offline(False)


def snapshot_name() -> str:
    return (build.DIST / "web" / "interpreter.mjs").read_text().split('const SNAPSHOT = "./', 1)[1].split('"', 1)[0]


def hand_of(page: sync_api.Page) -> list[str]:
    test_card.start(page, "easy")
    test_card.wait_phase(page, "play")
    return sorted(page.locator("[data-region='hand'] [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"))


def test_a_start_restores_the_builds_snapshot_and_still_deals_at_random(browser: sync_api.Browser, site: str) -> None:
    """The snapshot (an interpreter with the rules imported, made by build.py) is what a start
    restores, cold and warm, and what it froze does not repeat: two starts deal two games.  Two
    browsers, each with a cold start that deals; the first's later visit (from the service worker)
    is the warm start (a second one would prove the same again)."""
    hands = []
    for warm in (True, False):
        # Only the warm start needs the service worker (which downloads the site once more on a first visit).
        context = browser.new_context(viewport={"width": 1024, "height": 768},
                                      service_workers="allow" if warm else "block")
        try:
            page = context.new_page()
            conftest.open_site(page, site + "#card")
            assert page.get_attribute("html", "data-snapshot") == "restored"
            # The core wheel's files (sources for tracebacks, metadata) follow once the page is ready.
            page.wait_for_selector("html[data-snapshot-files='installed']", state="attached", timeout=30_000)
            hands.append(hand_of(page))
            if warm:
                page.wait_for_selector("html[data-offline='1']", timeout=60_000, state="attached")
                page.reload()  # a later visit, from the service worker
                page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
                assert page.get_attribute("html", "data-snapshot") == "restored"
                test_card.wait_phase(page, "play")
        finally:
            context.close()
    assert len(hands[0]) == 8 and hands[0] != hands[1]


@pytest.mark.parametrize("answer", ["damaged", "missing"])
def test_a_snapshot_that_cannot_be_restored_means_a_normal_start(page: sync_api.Page, site: str,
                                                                 answer: str) -> None:
    name = snapshot_name()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if name in request.url else None)

    def damaged(route: sync_api.Route) -> None:
        if answer == "missing":
            route.fulfill(status=404, body="not here")
        else:
            route.fulfill(status=200, body=b"\0" * 4096 + b"not a snapshot", content_type="application/octet-stream")

    page.route(f"**/{name}", damaged)
    conftest.open_site(page, site + "?seed=4#card")
    assert page.get_attribute("html", "data-snapshot") == "failed"
    play_a_turn(page)
    # This browser does not try that snapshot again: the next start is a normal one at once.
    fetched.clear()
    page.reload()
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    assert page.get_attribute("html", "data-snapshot") is None
    assert fetched == []
    test_card.wait_phase(page, "play")


def test_snapshot_off_in_the_address_starts_normally(page: sync_api.Page, site: str) -> None:
    name = snapshot_name()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if name in request.url else None)
    conftest.open_site(page, site + "?snapshot=off&seed=4#card")
    assert page.get_attribute("html", "data-snapshot") is None
    assert fetched == []  # neither preloaded nor fetched
    play_a_turn(page)
