"""Playwright fixtures: the built site served on a free port, a real headless Chromium.

Every test using ``page`` fails when the page requests anything outside the
test server, throws a JavaScript error, shows a Python error, or breaks its
Content-Security-Policy.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import shutil
import threading
import typing
import urllib.parse

import pytest
from playwright import sync_api

import build

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY = "html[data-ready='1']"
BOOT_TIMEOUT_MS = 90_000
SETTLE_TIMEOUT_MS = 60_000

# After an input: a task later (a link's hashchange is queued, not dispatched in the click), until
# the engine's worker has answered every message the page sent it (web/view.js's data-pending);
# at once before the engine is ready (a page without Python answers by itself, web/page.js).
SETTLE = """async (limit) => {
  const html = document.documentElement;
  const until = Date.now() + limit;
  await new Promise((done) => setTimeout(done, 0));
  while (html.hasAttribute("data-pending") && html.hasAttribute("data-ready")) {
    if (Date.now() > until) return false;
    await new Promise((done) => setTimeout(done, 5));
  }
  return true;
}"""

# Runs before the page's own scripts: records every Content-Security-Policy violation
# (the browser also logs each one to the console, which the Guard reads across reloads).
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`
    + ` (${event.sourceFile || 'page'}:${event.lineNumber}) ${event.sample || ''}`);
}, true);
"""


def csp_violations(page: sync_api.Page) -> list[str]:
    """The violations recorded on the page since it was loaded."""
    return typing.cast(list[str], page.evaluate("window.__cspViolations || []"))


@pytest.fixture(scope="session")
def site() -> typing.Iterator[str]:
    """Build dist/ once and serve it on a free port; yields the base URL."""
    os.environ.setdefault("LOSTCITIES_QUIET_SERVER", "1")
    directory = build.build()  # one at a time: parallel workers wait for the build lock
    server = build.make_server(directory, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def playwright_disabled_features() -> list[str]:
    """Playwright's own list of Chromium features it turns off (read from the installed driver)."""
    import playwright

    bundle = pathlib.Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8", errors="replace")
    block = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.S)
    assert block, "Playwright's list of disabled Chromium features was not found"
    return re.findall(r'^\s*"([A-Za-z0-9]+)",?\s*$', block.group(1), re.M)


SHARED_MEMORY_NEEDED: typing.Final = 2 << 30
"""Free bytes in ``/dev/shm`` for Chromium to keep its shared memory there (a tmpfs in RAM)."""


def is_shared_memory_roomy(path: str = "/dev/shm") -> bool:
    """Whether ``path`` has room for Chromium's shared memory.  Playwright tells Chromium to put it
    in the temporary directory instead (``--disable-dev-shm-usage``, for containers whose
    ``/dev/shm`` is tiny), which is on a disk that other work on the machine may fill for a
    moment; a renderer that cannot get shared memory crashes ("Target crashed")."""
    try:
        return shutil.disk_usage(path).free >= SHARED_MEMORY_NEEDED
    except OSError:
        return False


def settle(page: sync_api.Page) -> None:
    """Wait until the engine has drawn what the page's last input asked for, in the page and in each
    of its frames (an embedded game).  The engine runs in a Web Worker and answers a message later;
    a test reads the page as a player sees it once the answer has come (a page whose engine runs on
    its own thread is settled at once)."""
    if page.is_closed():
        return
    for frame in page.frames:  # the page, then its frames: an embedded game's engine answers its frame
        try:
            settled = frame.evaluate(SETTLE, SETTLE_TIMEOUT_MS)
        except sync_api.Error as error:
            if any(word in str(error) for word in ("context was destroyed", "navigat", "closed", "detached")):
                continue  # the input loaded another page (or took a frame away): the test waits for it
            raise
        assert settled, f"the engine did not answer the input within {SETTLE_TIMEOUT_MS} ms ({frame.url})"


INPUTS: typing.Final = ("click", "dblclick", "press", "fill", "check", "uncheck", "set_checked", "select_option",
                        "dispatch_event", "tap", "type", "press_sequentially")
"""The actions of ``Page`` and ``Locator`` after which :func:`settle` waits."""


def settling(method: typing.Callable[..., typing.Any], page_of: typing.Callable[[typing.Any], sync_api.Page]
             ) -> typing.Callable[..., typing.Any]:
    def run(self: typing.Any, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result

    return run


@pytest.fixture(scope="session", autouse=True)
def settled_inputs() -> typing.Iterator[None]:
    """Every input a test gives (a click, a key, a form value) returns once the engine has answered
    it (:func:`settle`), as a player's next look at the screen would."""
    with pytest.MonkeyPatch.context() as patch:
        for name in INPUTS:
            if hasattr(sync_api.Page, name):
                patch.setattr(sync_api.Page, name, settling(getattr(sync_api.Page, name), lambda page: page))
            if hasattr(sync_api.Locator, name):
                patch.setattr(sync_api.Locator, name,
                              settling(getattr(sync_api.Locator, name), lambda locator: locator.page))
        keyboard = sync_api.Page.keyboard
        mouse = sync_api.Page.mouse

        def keyboard_of(page: sync_api.Page) -> sync_api.Keyboard:
            found = keyboard.fget(page)  # type: ignore[attr-defined]
            found.lc_page = page
            return typing.cast(sync_api.Keyboard, found)

        def mouse_of(page: sync_api.Page) -> sync_api.Mouse:
            found = mouse.fget(page)  # type: ignore[attr-defined]
            found.lc_page = page
            return typing.cast(sync_api.Mouse, found)

        patch.setattr(sync_api.Page, "keyboard", property(keyboard_of))
        patch.setattr(sync_api.Page, "mouse", property(mouse_of))
        for name in ("press", "type", "insert_text"):
            patch.setattr(sync_api.Keyboard, name,
                          settling(getattr(sync_api.Keyboard, name), lambda keys: keys.lc_page))
        for name in ("click", "dblclick", "up"):
            patch.setattr(sync_api.Mouse, name, settling(getattr(sync_api.Mouse, name), lambda mouse: mouse.lc_page))
        yield


BROWSER_UI_FEATURES: typing.Final = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
"""Chromium features turned off for the tests: the address bar's drop-down, which Chromium draws as
a web page of its own (a renderer started with every new window, so with every browser context)
that a headless test never opens; about 1.3 s of CPU per fresh page measured here."""


@pytest.fixture(scope="session")
def browser() -> typing.Iterator[sync_api.Browser]:
    """Debian's Chromium as real browsers run: Playwright turns third-party storage partitioning
    off by default, so its list of disabled features is given back without that one (and with
    :data:`BROWSER_UI_FEATURES`); its shared memory stays in ``/dev/shm`` where that has room
    (:func:`is_shared_memory_roomy`)."""
    executable = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    features = playwright_disabled_features()
    assert "ThirdPartyStoragePartitioning" in features
    ignored = ["--disable-features=" + ",".join(features)]
    if is_shared_memory_roomy():
        ignored.append("--disable-dev-shm-usage")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable,
            ignore_default_args=ignored,
            args=[*CHROMIUM_ARGS, "--disable-features=" + ",".join(
                [f for f in features if f != "ThirdPartyStoragePartitioning"] + list(BROWSER_UI_FEATURES))])
        yield browser
        browser.close()


INTERPRETER: typing.Final = "/pyodide/pyodide.asm.wasm"
"""The interpreter's code, which every start of an engine (a page's worker, a frame's shared worker,
PyScript on the page) asks for once: its requests count the boots."""
BOOTS: list[int] = [0, 0]
"""Engines started in this test process so far (:data:`INTERPRETER`'s requests), and how many of
them the tests before the running one have been given."""
BOOT_LOG: typing.Final = "LOSTCITIES_BOOT_LOG"
"""An environment variable naming a file to which each test appends its test id and the engines it
started (a shared page counts in the first test that uses it): how the suite's boots are measured."""


@pytest.fixture(autouse=True)
def counted_boots(request: pytest.FixtureRequest) -> typing.Iterator[None]:
    """Appends the test's engine starts to the file named by :data:`BOOT_LOG`, when it is set (counted
    from the end of the test before: a module's page, made before this fixture, counts too)."""
    yield
    started, BOOTS[1] = BOOTS[0] - BOOTS[1], BOOTS[0]
    log = os.environ.get(BOOT_LOG)
    if log:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"{started}\t{request.node.nodeid}\n")


def count_boot(request: sync_api.Request) -> None:
    if request.url.endswith(INTERPRETER):
        BOOTS[0] += 1


class Guard:
    """Collects what a page must never do."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.external: list[str] = []
        self.errors: list[str] = []

    def watch(self, page: sync_api.Page) -> None:
        page.on("request", self._on_request)
        page.on("pageerror", lambda err: self.errors.append(f"page error: {err}"))
        page.on("console", self._on_console)

    def watch_context(self, context: sync_api.BrowserContext) -> None:
        # Service-worker traffic too.
        context.on("request", self._on_request)
        context.on("request", count_boot)

    def _on_request(self, request: sync_api.Request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")):
            return
        parts = urllib.parse.urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}/" != self.origin:
            self.external.append(url)

    def _on_console(self, message: sync_api.ConsoleMessage) -> None:
        text = message.text
        if message.type == "error" and ("Python" in text or "Traceback" in text or "Error" in text):
            self.errors.append(f"console error: {text[:2000]}")
        elif "Content Security Policy" in text:
            self.errors.append(f"CSP violation: {text[:2000]}")

    def check(self, pages: typing.Iterable[sync_api.Page]) -> None:
        assert not self.external, f"the page requested other origins: {self.external[:5]}"
        assert not self.errors, "errors on the page:\n" + "\n".join(self.errors[:5])
        for page in pages:
            if page.is_closed():
                continue
            shown = page.locator(".py-error, .mpy-error").all_inner_texts()
            assert not shown, f"a Python error is shown on the page: {shown[:2]}"
            violations = csp_violations(page)
            assert not violations, f"the page broke its Content-Security-Policy: {violations[:5]}"


VIEWPORT: typing.Final[sync_api.ViewportSize] = {"width": 1024, "height": 768}
"""Every context's window size (:func:`guarded_context`): a shared page's is given back after each test."""


ServiceWorkers = typing.Literal["allow", "block"]


@contextlib.contextmanager
def guarded_context(browser: sync_api.Browser, guard: Guard, service_workers: ServiceWorkers = "block"
                    ) -> typing.Iterator[sync_api.BrowserContext]:
    """A 1024x768 context whose pages the guard watches and checks when it closes.  The site's
    service worker is blocked unless asked for (a test marked ``service_worker``): it downloads
    the whole site once more into its cache (about 40% of a page's start in CPU), which only the
    tests of offline play and of the site's updates need; a blocked one is a browser without
    service workers, which the site also serves (web/boot.js: "Offline play is unavailable")."""
    context = browser.new_context(viewport=VIEWPORT, service_workers=service_workers)
    context.add_init_script(CSP_RECORDER)
    guard.watch_context(context)
    context.on("page", guard.watch)
    try:
        yield context
        guard.check(list(context.pages))
    finally:
        context.close()


def booted_page(browser: sync_api.Browser, site: str, url: str) -> typing.Iterator[sync_api.Page]:
    """One page booted once at ``url`` (for a module's tests: a boot takes many seconds on a
    loaded machine), guarded like the ``page`` fixture's; use it as a fixture's body."""
    with guarded_context(browser, Guard(site)) as context:
        page = context.new_page()
        page.goto(url)
        page.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        yield page


TEST_HOOKS: typing.Final = "window.__lostcitiesTestHooks = true;"
"""An init script that gives the page web/view.js's test hook ``__lostcitiesStartOver``."""
START_OVER: typing.Final = """([url, stored]) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  history.replaceState(null, "", url);
  window.__lostcitiesStartOver();
}"""


def startable_page(browser: sync_api.Browser, site: str) -> typing.Iterator[sync_api.Page]:
    """A page booted once at the site's home that :func:`start_over` can give to test after test
    (use it as a module fixture's body); guarded like the ``page`` fixture's."""
    with guarded_context(browser, Guard(site)) as context:
        context.add_init_script(TEST_HOOKS)
        page = context.new_page()
        page.goto(site)
        page.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        yield page


class Startable(typing.NamedTuple):
    """The test process's page booted once (:func:`startable`), with the guard that watches it."""

    page: sync_api.Page
    guard: Guard


@pytest.fixture(scope="session")
def startable(browser: sync_api.Browser, site: str) -> typing.Iterator[Startable]:
    """One page per test process, booted once at the site's home, for :func:`shared` to hand to test
    after test of every module (a module's page would boot again each time the suite's order, long
    tests first, comes back to its module)."""
    guard = Guard(site)
    with guarded_context(browser, guard) as context:
        context.add_init_script(TEST_HOOKS)
        page = context.new_page()
        page.goto(site)
        page.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        yield Startable(page, guard)


def check_shared(startable: Startable) -> None:
    """The guard's check of a shared page, emptied after it: a finding fails the test that caused it
    (in its teardown, as the ``page`` fixture's check does), not the tests after it."""
    page, guard = startable
    pages = [page, *(other for other in page.context.pages if other is not page)]
    try:
        guard.check(pages)
    finally:
        guard.external.clear()
        guard.errors.clear()
        for each in pages:
            if not each.is_closed():
                each.evaluate("window.__cspViolations = []")


@pytest.fixture
def shared(startable: Startable) -> typing.Iterator[sync_api.Page]:
    """The test process's booted page (:func:`startable`) for one test, which starts it over at its
    address (:func:`start_over`) instead of booting a fresh page.  After the test the page is checked as a fresh
    page is (other origins, JavaScript and Python errors, CSP violations), its other tabs are closed and
    its window size and media are given back."""
    check_shared(startable)  # what the boot or an earlier test's teardown left fails here, not later
    yield startable.page
    try:
        check_shared(startable)
    finally:
        for other in startable.page.context.pages:
            if other is not startable.page:
                other.close()
        if startable.page.viewport_size != VIEWPORT:
            startable.page.set_viewport_size(VIEWPORT)
        # A context's own media (Playwright's defaults), whatever the test emulated.
        startable.page.emulate_media(media="null", color_scheme="light", reduced_motion="no-preference",
                                     forced_colors="none")


def start_over(page: sync_api.Page, url: str, stored: typing.Mapping[str, str] | None = None) -> sync_api.Page:
    """``page`` (from :func:`startable_page` or :func:`shared`) as a fresh visit to ``url`` would show it
    (the site's own page, any query and route), with its engine already running: storage emptied (then
    given ``stored``'s items, as a visit finds a player's earlier saves), the page's session in the
    engine ended and a new one started from ``url`` (tests/e2e/test_start_over.py proves it)."""
    page.evaluate(START_OVER, [url, dict(stored or {})])
    page.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    return page


@pytest.fixture
def guard(site: str) -> Guard:
    return Guard(site)


@pytest.fixture
def context(browser: sync_api.Browser, guard: Guard, request: pytest.FixtureRequest
            ) -> typing.Iterator[sync_api.BrowserContext]:
    allowed = request.node.get_closest_marker("service_worker") is not None
    with guarded_context(browser, guard, "allow" if allowed else "block") as context:
        yield context


@pytest.fixture
def page(context: sync_api.BrowserContext) -> sync_api.Page:
    return context.new_page()


PULSE_ENDS_JS: typing.Final = """(selector) => [...document.querySelectorAll(selector)]
  .flatMap((el) => [...el.getAnimations(), ...document.getAnimations().filter((a) => a.effect.target === el)])
  .filter((a, i, all) => all.indexOf(a) === i).map((a) => a.effect.getComputedTiming().endTime)"""


def pulse_ends(page: sync_api.Page | sync_api.Locator, selector: str) -> list[float]:
    """When each animation of the elements ``selector`` finds (their ``::after`` rings too) ends, in
    milliseconds from its start (``inf``: never).  The highlights of what to tap pulse at most 5 s (WCAG
    2.2.2: blinking past 5 s needs a way to stop it) and then stay still, with no frame drawn for them."""
    if isinstance(page, sync_api.Locator):  # an element of a frame: its document's
        return typing.cast(list[float], page.evaluate(f"(_, selector) => ({PULSE_ENDS_JS})(selector)", selector))
    return typing.cast(list[float], page.evaluate(PULSE_ENDS_JS, selector))


def assert_pulses_end(page: sync_api.Page | sync_api.Locator, selector: str, count: int) -> None:
    ends = pulse_ends(page, selector)
    assert len(ends) == count and all(0 < end <= 5000 for end in ends), f"the pulses of {selector}: {ends} ms"


def open_site(page: sync_api.Page, url: str) -> sync_api.Page:
    """Navigate and wait until the page is interactive."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS, state="attached")
    return page
