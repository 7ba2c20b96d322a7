"""The embed in a rules site's page, as browsers really run it.

A host page is served from a second origin on another site (``localhost``,
while the game's site is ``127.0.0.1``), so the frame is cross-site; the
browser runs with third-party storage partitioning on (Playwright's
Chromium turns it off by default: conftest's launch gives Chromium's own
default back, for every e2e test).  The host page makes its frames with ``web/lostcities-embed.js``
and records the ``lc:*`` events they dispatch.
"""

from __future__ import annotations

import http.server
import json
import threading
import typing
import urllib.parse

import pytest
from playwright import sync_api

import embed_screen
from lostcities import api, card, i18n
from lostcities.ui import embed, games, tutorial
from tests.e2e import conftest

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A rules page</title>
<script src="SITE/web/lostcities-embed.js"></script><script src="/host.js" defer></script></head>
<body><h1>Rules of Lost Cities</h1><div id="slot"></div></body></html>"""
HOST_SCRIPT = """
window.events = [];
["ready","move","illegal","step","result","completed","state","error","resize","waiting"].forEach(function (t) {
  document.addEventListener("lc:" + t, function (e) { window.events.push(e.detail); });
});
var params = Object.fromEntries(new URLSearchParams(location.search));
var site = params.site; delete params.site;
var raw = params.raw; delete params.raw;
if (raw) {
  var frame = document.createElement("iframe");
  frame.src = site + "embed.html?" + raw; frame.style.width = "820px"; frame.style.height = "560px";
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
  document.getElementById("slot").appendChild(frame);
  window.addEventListener("message", function (e) {
    if (e.source === frame.contentWindow) window.events.push(e.data);
  });
  window.frameHandle = { send: function (m) { frame.contentWindow.postMessage(m, "*"); } };
} else {
  window.frameHandle = LostCities.embed(document.getElementById("slot"), params, { site: site, loading: "eager" });
}
"""
MANY_SCRIPT = """
// Several frames, one per entry of ?frames= (a JSON list of their parameters), made one after the other.
window.events = [];
var params = Object.fromEntries(new URLSearchParams(location.search));
window.frameHandles = JSON.parse(params.frames).map(function (wanted, index) {
  var slot = document.createElement("div");
  slot.id = "slot" + index;
  document.body.appendChild(slot);
  ["ready", "step", "move", "error"].forEach(function (t) {
    slot.addEventListener("lc:" + t, function (e) { window.events.push(e.detail); });
  });
  return LostCities.embed(slot, Object.assign({ id: "f" + index }, wanted), { site: params.site, loading: "eager" });
});
"""
BOOT = conftest.BOOT_TIMEOUT_MS


@pytest.fixture
def partitioned(browser: sync_api.Browser) -> sync_api.Browser:
    """The session's Chromium, which runs with third-party storage partitioning on (conftest)."""
    return browser


class HostHandler(http.server.BaseHTTPRequestHandler):
    """The rules site: its pages (``SITE/`` in them is the game's site) by path."""

    site = ""
    pages: typing.ClassVar[dict[str, tuple[str, str]]] = {
        "/host.html": (HOST_PAGE, "text/html"), "/host.js": (HOST_SCRIPT, "text/javascript"),
        "/many.html": (HOST_PAGE.replace("/host.js", "/many.js"), "text/html"),
        "/many.js": (MANY_SCRIPT, "text/javascript")}

    def do_GET(self) -> None:
        text, kind = self.pages.get(urllib.parse.urlsplit(self.path).path, ("", ""))
        body = text.replace("SITE/", self.site).encode()
        if not kind:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: typing.Any) -> None:
        pass


@pytest.fixture(scope="session")
def host(site: str) -> typing.Iterator[str]:
    """The rules site: another port and another site name (localhost) than the game's site."""
    handler = type("Handler", (HostHandler,), {"site": site})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


STARTED_JS: typing.Final = """() => { const html = document.documentElement;
  return html.dataset.ready === "1" && html.dataset.engineShared === "1" && html.dataset.enginePages === "1"
    ? 1 : 0; }"""
"""1 if the frame started the site's shared engine (it served the frame alone when the frame joined), else 0:
how conftest's boot log counts it (a SharedWorker fetches the interpreter out of Playwright's sight, a worker
of the frame's own in it; a frame a test replaced before its end is not counted)."""


def checked_page(page: sync_api.Page, site: str) -> typing.Iterator[sync_api.Page]:
    """``page`` for one test, then checked: no Content-Security-Policy violation in its frames of the site,
    no JavaScript or Python error (the body of the fixtures below)."""
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Python" in m.text else None)
    yield page
    for frame in page.frames:
        if frame.url.startswith(site):
            violations = frame.evaluate("window.__cspViolations || []")
            conftest.BOOTS[0] += frame.evaluate(STARTED_JS)
            assert not violations, f"the embed broke its Content-Security-Policy: {violations}"
    assert not errors, f"errors on the page: {errors[:3]}"


def rules_context(browser: sync_api.Browser, width: int = 1024, height: int = 900) -> sync_api.BrowserContext:
    """A new context (a visitor) of the rules site, its engine starts counted (conftest's boot log)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(conftest.CSP_RECORDER)
    context.on("request", conftest.count_boot)
    return context


@pytest.fixture
def rules_page(partitioned: sync_api.Browser, site: str, host: str) -> typing.Iterator[sync_api.Page]:
    """A page of the rules site in a new context: its first frame starts the site's engine (a test of
    what happens before, at or instead of that start)."""
    context = rules_context(partitioned)
    try:
        yield from checked_page(context.new_page(), site)
    finally:
        context.close()


@pytest.fixture(scope="session")
def warm(browser: sync_api.Browser, site: str, host: str) -> typing.Iterator[sync_api.Page]:
    """A visitor of the rules site with a tab kept open on a lesson in a frame: the site's engine (one
    SharedWorker per site a frame is in: test_the_frames_of_a_page_share_one_engine...) keeps running
    for this module's tests (for the test process: the suite's order, long tests first, leaves the module
    and comes back), whose frames (in :func:`warm_page`, a tab of the same visitor) each open a
    session of their own in it instead of starting an interpreter (seconds of CPU each).  Yields the
    kept tab."""
    context = rules_context(browser)  # the session's Chromium, partitioned as :func:`partitioned` says
    try:
        keeper = context.new_page()
        for page in checked_page(keeper, site):
            open_embed(page, host, site, tut="card-wagers", autoplay="1", id="keeper")
            wait_event(page, "ready")
            yield page
    finally:
        context.close()


@pytest.fixture
def warm_page(warm: sync_api.Page, site: str) -> typing.Iterator[sync_api.Page]:
    """A new tab of :func:`warm`'s visitor, 1024x900, for one test (closed after it): its frames join
    the running engine.  The frames' storage (the rules site's partition, which every tab of the visitor
    shares) is emptied first, as a first visit finds it."""
    inside = frame_of(warm, site)
    inside.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page = warm.context.new_page()
    page.set_viewport_size({"width": 1024, "height": 900})
    try:
        yield from checked_page(page, site)
    finally:
        page.close()


def open_embed(page: sync_api.Page, host: str, site: str, **params: str) -> sync_api.FrameLocator:
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, **params}))
    frame = page.frame_locator("iframe")
    frame.locator("html[data-ready='1']").wait_for(state="attached", timeout=BOOT)
    return frame


def events(page: sync_api.Page, kind: str | None = None) -> list[dict[str, typing.Any]]:
    found = typing.cast(list[dict[str, typing.Any]], page.evaluate("window.events"))
    return [e for e in found if kind is None or e.get("type") == kind]


def wait_event(page: sync_api.Page, kind: str, count: int = 1) -> list[dict[str, typing.Any]]:
    page.wait_for_function(f"window.events.filter(e => e.type === {json.dumps(kind)}).length >= {count}",
                           timeout=30_000)
    return events(page, kind)


def test_a_tutorial_step_by_clicks_in_a_cross_site_frame(warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    frame = open_embed(page, host, site, tut="card-first-expedition", step="2", autoplay="1", id="t2")
    ready = wait_event(page, "ready")[0]
    assert ready == {"lc": 1, "id": "t2", "type": "ready", "game": "card", "version": ready["version"],
                     "mode": "tutorial", "tutorial": "card-first-expedition", "steps": 5, "step": 2}
    assert wait_event(page, "step")[0]["index"] == 2
    assert page.locator("iframe").get_attribute("sandbox") == "allow-scripts allow-same-origin"
    assert page.locator("iframe").get_attribute("title")
    # the frame's height is its content's, as the frame last reported it (no floor: issue 19)
    wait_event(page, "resize")
    page.wait_for_function("(() => { const sizes = window.events.filter(e => e.type === 'resize');"
                           " return document.querySelector('iframe').style.height"
                           " === sizes[sizes.length - 1].height + 'px'; })()")
    # the yellow 3 and the column are pointed at
    assert frame.locator("[data-spot='hand:Y3'].is-spot").count() == 1
    assert frame.locator("[data-spot='column:0:Y'].is-spot").count() == 1
    # each pulses, and stops within 5 s (web/embed.css: WCAG 2.2.2, and no frame drawn for it after)
    conftest.assert_pulses_end(frame.locator("html"), ".is-spot", 2)
    # a legal move that is not the lesson's: refused, nothing played
    frame.locator("[data-target=hand][data-card=Y5]").click()
    frame.locator("[data-target=column][data-colour=Y]").click()
    result = wait_event(page, "result")[0]
    assert result == {"lc": 1, "id": "t2", "type": "result", "step": 2, "success": False, "tries": 1}
    assert frame.locator(".lc-lesson-feedback.is-failure").inner_text() == (
        "Not that one: place the yellow 3 on your yellow column.")
    assert not events(page, "move")
    # the expected move
    frame.locator("[data-target=hand][data-card=Y3]").click()
    frame.locator("[data-target=column][data-colour=Y]").click()
    move = wait_event(page, "move")[0]
    assert move["action"] == "play Y3" and move["who"] == 0 and move["event"]["kind"] == "play"
    assert wait_event(page, "result", 2)[1]["success"] is True
    # next step: an illegal draw gives the core's reason
    frame.locator("[data-action=lesson-next]").click()
    assert wait_event(page, "step", 2)[1] == {"lc": 1, "id": "t2", "type": "step", "index": 3, "total": 5,
                                              "tutorial": "card-first-expedition"}
    frame.locator("[data-target=pile][data-colour=Y]").click()
    illegal = wait_event(page, "illegal")[0]
    assert illegal == {"lc": 1, "id": "t2", "type": "illegal", "action": "draw Y", "code": "illegal_action",
                       "message": "The yellow discard pile is empty."}
    frame.locator("[data-target=deck]").click()
    moves = wait_event(page, "move", 4)
    assert [m["action"] for m in moves] == ["play Y3", "draw", "play G4", "draw"]
    assert moves[1]["event"]["secret"] and "card" in moves[1]["event"]["secret"]  # your own draw: you see it
    assert not moves[3]["event"]["secret"]  # the computer's draw stays hidden
    # a message from another origin than `parent` is ignored; from the host page it is obeyed
    frame.locator("[data-action=lesson-next]").wait_for()
    page.evaluate("window.frameHandle.goto(1)")
    assert wait_event(page, "step", 3)[2]["index"] == 1


def test_finishing_a_tutorial_sends_completed(warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    frame = open_embed(page, host, site, tut="card-first-expedition", step="5", autoplay="1", seed="3")
    wait_event(page, "ready")
    for _ in range(4):  # two turns: a card, then a draw
        frame.locator("[data-phase=play]").wait_for(timeout=30_000)
        frame.locator("[data-target=hand]").first.click()
        frame.locator("[data-action=discard], [data-target=discard].is-target").first.click()
        frame.locator("[data-phase=draw]").wait_for(timeout=30_000)
        frame.locator("[data-target=deck]").click()
        frame.locator("[data-phase=play], .lc-lesson-done").first.wait_for(timeout=30_000)
        if frame.locator(".lc-lesson-done").count():
            break
    completed = wait_event(page, "completed")[0]
    assert completed == {"lc": 1, "id": completed["id"], "type": "completed", "tutorial": "card-first-expedition",
                         "stars": 0, "tries": 0}
    assert frame.locator(".lc-lesson-done[data-stars='0']").count() == 1
    # the frame's storage is the host site's partition: the game's own site does not see it
    stored = frame.locator("html").evaluate("() => localStorage.getItem('lostcities:tutorials')")
    assert json.loads(stored) == {"card-first-expedition": 0}
    page.goto(site + "web/icon.svg")
    assert page.evaluate("() => localStorage.getItem('lostcities:tutorials')") is None


def _record() -> tuple[api.Record, card.State]:
    import random

    state = card.Game(games=1).new_game(random.Random(8))
    rng = random.Random(8)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    return state.record(), state


def test_a_record_position_steps_by_clicks(warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    record, _ = _record()
    frame = open_embed(page, host, site, rec=embed.encode(record.to_dict()), step="6", autoplay="1", id="r")
    ready = wait_event(page, "ready")[0]
    assert (ready["mode"], ready["steps"], ready["step"]) == ("view", 11, 6)
    assert frame.locator(".lc-viewer [data-step='6']").inner_text() == "After 6 of 11 actions"
    shown = typing.cast(card.State, api.Record(record.game, record.actions[:6]).replay())
    hand = frame.locator(".lc-hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(hand) == sorted(c.id for c in shown.hand(0))
    frame.locator("[data-action=view-step][data-to='7']").click()
    step = wait_event(page, "step")[0]
    assert (step["index"], step["total"]) == (7, 11)
    state = wait_event(page, "state")[-1]
    assert state["to_move"] == api.Record(record.game, record.actions[:7]).replay().current_player
    assert frame.locator("[data-target=hand]").count() == 0  # a record is watched, not played


def test_a_foreign_origin_is_ignored(warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    other = "http://localhost:9"  # a parent the host page is not
    raw = urllib.parse.urlencode({"tut": "card-wagers", "autoplay": "1", "parent": other, "id": "f"})
    frame = open_embed(page, host, site, raw=raw)
    screen = frame.locator("[data-lesson-step]")
    screen.wait_for(state="attached")
    page.evaluate("window.frameHandle.send({lc: 1, type: 'goto', step: 4})")
    page.wait_for_timeout(800)
    assert screen.get_attribute("data-lesson-step") == "1"
    # and nothing but the size was sent to a page that is not the parent
    assert {e.get("type") for e in events(page)} <= {"resize"}


def test_a_malformed_scenario_is_explained_in_the_frame(warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    frame = open_embed(page, host, site, s="not-a-position", autoplay="1", id="bad")
    error = wait_event(page, "error")[0]
    assert error["code"] == "bad_scenario" and error["id"] == "bad"
    assert "does not unpack" in error["message"] or "not readable" in error["message"]
    assert frame.locator(".lc-embed-problem").inner_text().startswith("This position cannot be shown.")


def test_the_first_paint_waits_for_play(rules_page: sync_api.Page, site: str, host: str) -> None:
    page = rules_page
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, "tut": "card-wagers"}))
    frame = page.frame_locator("iframe")
    frame.locator("#embed-title").filter(has_text="Wager cards").wait_for()
    assert frame.locator("#embed-summary").inner_text().endswith("(6 steps)")
    page.wait_for_timeout(500)
    assert not [url for url in requested if "pyodide" in url], "Python started before Play was pressed"
    frame.locator("#embed-play").click()
    frame.locator("html[data-ready='1']").wait_for(state="attached", timeout=BOOT)
    assert wait_event(page, "ready")[0]["tutorial"] == "card-wagers"


def test_learn_to_play_in_the_app(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    page.locator(".game-tile.game-card a[href='#learn/card']").click()
    page.locator("[data-tutorial=card-wagers]").wait_for()
    assert page.locator(".lc-learn-item").count() == 6
    page.locator("[data-tutorial=card-wagers]").click()
    panel = page.locator(".lc-lesson-panel")
    panel.filter(has_text="Step 1 of 6").wait_for()
    page.locator("[data-action=lesson-next]").click()
    page.locator("[data-target=hand][data-card='B$1']").click()
    page.locator("[data-target=column][data-colour=B]").click()
    panel.locator(".lc-lesson-feedback.is-success").wait_for()
    assert page.locator("[data-spot='column:0:B'] [data-card='B$1']").count() == 1
    # the way back: the game's tutorials, with the menu of a game pointing here too
    page.locator(".lc-lesson-buttons a[href='#learn/card']").click()
    page.locator("[data-tutorial=card-first-expedition]").wait_for()


def test_a_frame_without_any_storage_starts_plays_and_says_progress_is_not_kept(
        partitioned: sync_api.Browser, site: str, host: str) -> None:
    """A cross-site frame whose browser blocks third-party storage: no localStorage, IndexedDB,
    Cache Storage or service worker.  The lesson starts, plays from memory and says so in one line."""
    from tests.e2e import test_startup

    context = partitioned.new_context(viewport={"width": 1024, "height": 900})
    try:
        context.add_init_script(test_startup.NO_STORAGE)  # every frame: the embed's too
        page = context.new_page()
        frame = open_embed(page, host, site, tut="card-first-expedition", step="2", autoplay="1", id="ns")
        assert frame.locator("html").evaluate(
            "() => { try { localStorage; return 'open'; } catch (e) { return e.name; } }") == "SecurityError"
        wait_event(page, "ready")
        notice = frame.locator("#notice:not([hidden])")
        notice.wait_for(timeout=10_000)
        assert notice.inner_text().replace("\u00d7", "").strip() == embed_screen.PROGRESS_OFF
        frame.locator("[data-target=hand][data-card=Y3]").click()
        frame.locator("[data-target=column][data-colour=Y]").click()
        assert wait_event(page, "move")[0]["action"] == "play Y3"
        assert wait_event(page, "result")[0]["success"] is True
    finally:
        context.close()


FITS_JS = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  if (window.lcMotion) window.lcMotion.finishAll();
  const root = document.documentElement;
  done([root.scrollWidth, root.scrollHeight, innerWidth, innerHeight]);
})))"""
"""The frame's content size and its viewport, once the lesson panel's height has been passed on
(two animation frames) and every movement ended."""


@pytest.mark.long
def test_every_step_of_every_tutorial_fits_an_820x560_frame(warm_page: sync_api.Page, site: str,
                                                            host: str) -> None:
    """Issue 11: the table fits the frame a rules site gives it, whatever the lesson says (a long
    text, a question's answers) and whatever the position holds (a long column): nothing scrolls,
    at any step of any built-in tutorial.  The frame keeps its size (no script grows it); each
    step is opened with a ``load`` message, as a host page switching lessons does (the board
    game's first, then the others: one frame opens every game's tutorials)."""
    page = warm_page
    shipped = {entry.name for entry in games.BUILT_IN}  # not the tests' own game, registered in this process
    tutorials = sorted((t for t in tutorial.tutorials().values() if t.game in shipped), key=lambda t: t.game != "board")
    raw = urllib.parse.urlencode({"tut": tutorials[0].id, "autoplay": "1", "seed": "1", "parent": host, "id": "fit"})
    frame = open_embed(page, host, site, raw=raw)
    wait_event(page, "ready")
    html = frame.locator("html")
    problems: list[str] = []
    for tut in tutorials:
        for number in range(1, len(tut.steps) + 1):
            before = len(events(page))
            page.evaluate("m => window.frameHandle.send(m)",
                          {"lc": 1, "type": "load", "tutorial": tut.id, "step": number})
            page.wait_for_function(
                f"window.events.slice({before}).some(e => e.type === 'ready' || e.type === 'error')", timeout=30_000)
            answer = next(e for e in events(page)[before:] if e.get("type") in ("ready", "error"))
            if answer["type"] == "error":
                problems.append(f"{tut.id} step {number} does not open: {answer['message']}")
                continue
            assert (answer["tutorial"], answer["step"]) == (tut.id, number), answer
            frame.locator(f".lc-lesson-count[data-step='{number}']").wait_for(state="attached")
            width, height, view_w, view_h = html.evaluate(FITS_JS)
            assert (view_w, view_h) == (820, 560)
            if height > view_h or width > view_w:
                problems.append(f"{tut.id} step {number}: the frame's content is {width}x{height}")
    assert not problems, "\n".join(problems)


ARROW_STEPS: typing.Final = (("board", "board-lost-city", 2), ("card", "card-first-expedition", 2))
"""Steps whose lessons point with an arrow, a game each: (game, tutorial, step)."""

ARROW_ENDS_JS: typing.Final = """() => {
  const svg = document.querySelector('svg.lc-arrows'), box = svg.getBoundingClientRect();
  return Array.from(svg.querySelectorAll('line')).flatMap(line => [1, 2].map(n => {
    const x = box.left + line[`x${n}`].baseVal.value, y = box.top + line[`y${n}`].baseVal.value;
    return document.elementsFromPoint(x, y).some(el => el.closest('[data-spot]') && !el.closest('svg'));
  }));
}"""
"""For each end of each arrow: whether an element it points at (a ``data-spot``) is under it."""


def test_a_step_opened_by_its_address_fits_and_its_arrow_joins_its_ends(page: sync_api.Page, site: str) -> None:
    """The arrow layer is drawn at the first render, before the frame's lesson panel has settled the
    layout: it never makes the page taller than the frame (it did, 594 px in 560), and it follows the
    elements it joins once the layout settles.  Each of :data:`ARROW_STEPS` in a tab of its own, the
    tabs before it kept open (its engine is theirs: the site's SharedWorker, not a second start)."""
    for number, (game, tut, step) in enumerate(ARROW_STEPS):
        tab = page if number == 0 else page.context.new_page()
        case = f"{tut} step {step}"
        tab.set_viewport_size({"width": 820, "height": 560})
        conftest.open_site(tab, site + f"embed.html?game={game}&tut={tut}&step={step}&autoplay=1")
        tab.wait_for_selector("svg.lc-arrows line", state="attached")
        tab.wait_for_timeout(500)  # the layout settles; the observer redraws
        size = tab.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
        assert size == [560, 820], f"{case}: the page is {size[1]}x{size[0]}"
        ends = tab.evaluate(ARROW_ENDS_JS)
        assert ends and all(ends), f"{case}: {ends}"


@pytest.mark.parametrize("tut", ["board-lowest-card", "roll-rising-boxes", "card-wagers"])
def test_learn_to_play_in_the_app_fits_a_tablet(shared: sync_api.Page, site: str, tut: str) -> None:
    """The app's lesson panel stands above the table, which leaves it its height (--lesson-h): the
    page does not scroll at 1024x768 (it was 856-874 px tall)."""
    shared.set_viewport_size({"width": 1024, "height": 768})
    page = conftest.start_over(shared, site + f"#learn/{tut}")
    page.locator(".lc-lesson-panel").filter(has_text="Step 1 of").wait_for()
    page.wait_for_function("() => parseInt(getComputedStyle(document.documentElement)"
                           ".getPropertyValue('--lesson-h')) > 40")
    assert page.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth]") == [768, 1024]


# -- issue 23 -----------------------------------------------------------------------------------------


def test_a_parent_written_with_a_leading_zero_still_hears_its_host(warm_page: sync_api.Page, site: str,
                                                                    host: str) -> None:
    """``parent`` is read once as the browser writes the origin: the frame posts to and listens to the same one."""
    page = warm_page
    scheme_host, port = host.rsplit(":", 1)
    raw = urllib.parse.urlencode({"tut": "card-wagers", "autoplay": "1", "parent": f"{scheme_host.upper()}:0{port}/",
                                  "id": "z"})
    open_embed(page, host, site, raw=raw)
    wait_event(page, "ready")
    page.evaluate("window.frameHandle.send({lc: 1, type: 'hello'})")
    wait_event(page, "ready", 2)
    steps = len(events(page, "step"))  # the first step's event came with autoplay
    page.evaluate("window.frameHandle.send({lc: 1, type: 'goto', step: 3})")
    assert wait_event(page, "step", steps + 1)[-1]["index"] == 3


@pytest.mark.parametrize("parent, words", [("http://127.1", "four numbers"),
                                           ("http://localhost:99999", "port must be a number")])
def test_a_parent_that_is_no_origin_is_refused_in_the_frame(warm_page: sync_api.Page, site: str, host: str,
                                                             parent: str, words: str) -> None:
    page = warm_page
    raw = urllib.parse.urlencode({"tut": "card-wagers", "autoplay": "1", "parent": parent, "id": "p"})
    frame = open_embed(page, host, site, raw=raw)
    problem = frame.locator(".lc-embed-problem")
    problem.wait_for()
    said = problem.inner_text()
    assert words in said and "parent" in said.lower(), said


def test_numbers_in_other_digits_are_refused_in_plain_words(warm_page: sync_api.Page, site: str,
                                                            host: str) -> None:
    page = warm_page
    frame = open_embed(page, host, site, game="card", mode="play", seed="\u00b2", autoplay="1", id="n")
    error = wait_event(page, "error")[0]
    assert error["code"] == "bad_parameter" and "digits 0-9" in error["message"], error
    assert "digits 0-9" in frame.locator(".lc-embed-problem").inner_text()
    frame = open_embed(page, host, site, tut="card-wagers", autoplay="1", id="h")
    wait_event(page, "ready")
    page.evaluate("""() => { const f = document.querySelector('iframe');
                             f.src = f.src.split('#')[0] + '#step=' + encodeURIComponent('\u00b2'); }""")
    error = wait_event(page, "error")[-1]
    assert "digits 0-9" in error["message"] and error["id"] == "h", error
    assert frame.locator("[data-lesson-step]").get_attribute("data-lesson-step") == "1"


def test_messages_as_documented(warm_page: sync_api.Page, site: str, host: str) -> None:
    """``reset`` after a ``load`` (and after a failed one) returns to the URL's position; a message nested
    too deeply is told so; a damaged ``rec`` is a ``bad_record``."""
    page = warm_page
    frame = open_embed(page, host, site, tut="card-wagers", step="2", autoplay="1", id="m")
    wait_event(page, "ready")
    page.evaluate("window.frameHandle.load({tutorial: 'roll-choosing-dice'})")
    assert wait_event(page, "ready", 2)[-1]["tutorial"] == "roll-choosing-dice"
    page.evaluate("window.frameHandle.reset()")
    ready = wait_event(page, "ready", 3)[-1]
    assert (ready["game"], ready["tutorial"], ready["step"]) == ("card", "card-wagers", 2)
    page.evaluate("window.frameHandle.load({record: 'garbage'})")
    failed = wait_event(page, "error")[-1]
    assert failed["code"] == "bad_record", failed
    page.evaluate("window.frameHandle.load({scenario: {game: 'card', format: 'lostcities.state', version: 1, "
                  "options: {}, history: ['play Y3']}})")
    assert wait_event(page, "error", 2)[-1]["code"] == "bad_scenario"
    page.evaluate("window.frameHandle.reset()")
    ready = wait_event(page, "ready", 4)[-1]
    assert (ready["game"], ready["tutorial"], ready["step"]) == ("card", "card-wagers", 2)
    frame.locator("[data-lesson-step='2']").wait_for(state="attached")
    page.evaluate("""() => { let deep = 1; for (let i = 0; i < 300; i++) deep = [deep];
                             window.frameHandle.send({type: 'goto', step: 1, deep: deep}); }""")
    deep = wait_event(page, "error", 3)[-1]
    assert deep["code"] == "bad_message" and "nested too deeply" in deep["message"], deep
    assert frame.locator("[data-lesson-step]").get_attribute("data-lesson-step") == "2"
    frame = open_embed(page, host, site, rec="garbage", autoplay="1", id="r")
    assert wait_event(page, "error")[0]["code"] == "bad_record"


def test_the_app_cannot_be_framed_by_another_site(warm_page: sync_api.Page, site: str, host: str) -> None:
    """The server's frame-ancestors header: another site's frame never gets the app (embed.html it does)."""
    page = warm_page
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, "raw": "tut=card-wagers"}))
    page.evaluate("""(site) => { const f = document.createElement('iframe'); f.id = 'app-frame';
                                 f.src = site + 'index.html#card'; document.body.appendChild(f); }""", site)
    page.wait_for_timeout(3000)
    app = next((f for f in page.frames if f.name == "" and f.url.startswith(site + "index.html")), None)
    assert app is None or app.locator("html[data-ready]").count() == 0, "another site framed the app"
    assert page.frame_locator("iframe").first.locator("#embed-play, html[data-ready]").count() >= 1


def frame_of(page: sync_api.Page, site: str) -> sync_api.Frame:
    return next(frame for frame in page.frames if frame.url.startswith(site))


def test_before_play_a_frame_shows_its_poster_keeps_nothing_and_answers_at_once(
        rules_page: sync_api.Page, site: str, host: str) -> None:
    page = rules_page
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, "tut": "card-wagers", "id": "p1"}))
    frame = page.frame_locator("iframe")
    poster = frame.locator("#embed-poster:not([hidden]) .lc-lesson-panel")
    poster.filter(has_text="Step 1 of 6").wait_for()
    assert frame.locator("#embed-poster [data-card]").count() >= 8  # the position itself: the hand
    assert frame.locator("#embed-poster").get_attribute("inert") is not None
    page.evaluate("frameHandle.hello()")
    waiting = wait_event(page, "waiting")[0]
    assert (waiting["phase"], waiting["tutorial"], waiting["queued"], waiting["id"]) == ("idle", "card-wagers", 0, "p1")
    page.evaluate("frameHandle.goto(3)")
    assert wait_event(page, "waiting", 2)[-1]["queued"] == 1
    assert "step 3" in frame.locator("#embed-poster").inner_text()
    page.evaluate("frameHandle.send({type: 'jump'})")
    error = wait_event(page, "error")[0]
    assert error["code"] == "bad_message" and "jump" in error["message"]
    inside = frame_of(page, site)
    assert inside.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert inside.evaluate("localStorage.length") == 0
    assert not [url for url in requested if "pyodide" in url or url.endswith("sw.js")]
    assert not events(page, "ready")
    frame.locator("#embed-play").click()
    frame.locator("html[data-ready='1']").wait_for(state="attached", timeout=BOOT)
    # The queued goto ran once the engine did: the tutorial opens at step 3.
    page.wait_for_function("window.events.some(e => e.type === 'step' && e.index === 3)", timeout=30_000)
    assert inside.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0


def test_a_position_from_the_address_shows_a_neutral_picture_and_the_helper_fits_it(
        warm_page: sync_api.Page, site: str, host: str) -> None:
    page = warm_page
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, "game": "card", "id": "n1"}))
    frame = page.frame_locator("iframe")
    frame.locator("#embed-poster:not([hidden]) .lc-embed-neutral").wait_for()
    page.wait_for_function("window.events.some(e => e.type === 'resize')", timeout=10_000)
    page.wait_for_timeout(300)
    reported = events(page, "resize")[-1]["height"]
    height = page.locator("iframe").evaluate("f => f.getBoundingClientRect().height")
    assert height == reported < 400  # no 560 px floor: the frame is as tall as its content


def test_a_parent_that_is_not_the_real_one_is_said_in_the_console(warm_page: sync_api.Page, site: str,
                                                                   host: str) -> None:
    page = warm_page
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text) if message.type == "warning" else None)
    raw = urllib.parse.urlencode({"tut": "card-wagers", "parent": "https://rules.example.org", "id": "m"})
    page.goto(f"{host}/host.html?" + urllib.parse.urlencode({"site": site, "raw": raw}))
    page.frame_locator("iframe").locator("#embed-play").wait_for()
    page.wait_for_timeout(300)
    assert any("parent=https://rules.example.org" in text and f"in a page of {host}" in text for text in said), said


@pytest.mark.parametrize(("width", "tut"), [(320, "card-wagers"), (360, "card-wagers"), (768, "card-wagers"),
                                            (360, "board-lowest-card"), (390, "board-lowest-card")])
def test_the_frame_height_settles_at_its_width(partitioned: sync_api.Browser, site: str, host: str, width: int,
                                               tut: str) -> None:
    """Each width in a new visitor's context: the frame's engine starts with it (in a warm one the frame's
    height was seen to take 26 reports of a few pixels each to settle at 768 px, and at 360 and 390 px now
    and then: a start's own timing is what these cases have always measured)."""
    context = rules_context(partitioned, width + 16, 800)
    try:
        page = context.new_page()
        frame = open_embed(page, host, site, tut=tut, autoplay="1", id="h")
        wait_event(page, "ready")
        # Settled: no report for 2.5 s, within 20 s (each report is a layout of the frame at its new
        # height, and a loaded machine lays out slowly), after a bounded number of reports.
        resizes = events(page, "resize")
        for _ in range(8):
            page.wait_for_timeout(2500)
            settled, resizes = resizes, events(page, "resize")
            if len(resizes) == len(settled):
                break
        assert len(resizes) == len(settled), f"still resizing after 20 s: {[e['height'] for e in resizes]}"
        assert len(resizes) <= 10, f"too many reports before settling: {[e['height'] for e in resizes]}"
        height = page.locator("iframe").evaluate("f => f.getBoundingClientRect().height")
        assert height == resizes[-1]["height"] < 1600
        assert frame.locator("html").evaluate("h => h.scrollWidth <= h.clientWidth"), "the table overflows sideways"
        inside = frame.locator("html").evaluate("h => [h.scrollHeight, h.clientHeight]")
        assert inside[0] <= inside[1] + 1, f"the frame scrolls inside itself: {inside[0]} px of content in {inside[1]}"
    finally:
        context.close()


def test_the_frames_of_a_page_share_one_engine_each_with_its_own_game_and_language(
        rules_page: sync_api.Page, site: str, host: str) -> None:
    """Three frames of one rules page: one SharedWorker of the site, one interpreter, a session each
    (issue 19): each frame keeps its own tutorial, position and language, and the host page's
    messages to one frame move that frame only."""
    page = rules_page
    wanted = [{"tut": "card-first-expedition", "autoplay": "1", "lang": "de"},
              {"tut": "card-first-expedition", "autoplay": "1", "lang": "en"},
              {"tut": "board-lowest-card", "autoplay": "1", "lang": "en"}]
    page.goto(f"{host}/many.html?" + urllib.parse.urlencode({"site": site, "frames": json.dumps(wanted)}))
    frames = [page.frame_locator(f"#slot{index} iframe") for index in range(3)]
    for frame in frames:
        frame.locator("html[data-ready='1']").wait_for(state="attached", timeout=BOOT)
    inside = [frame.locator("html") for frame in frames]
    assert [html.get_attribute("data-engine-shared") for html in inside] == ["1", "1", "1"]
    # One engine: it served all three frames when the last joined (dedicated workers would each say 1).
    assert max(int(html.get_attribute("data-engine-pages") or 0) for html in inside) == 3
    assert [html.get_attribute("lang") for html in inside] == ["de", "en", "en"]
    assert frames[0].locator(".lc-lesson").inner_text() != frames[1].locator(".lc-lesson").inner_text()
    page.wait_for_function("window.events.filter(e => e.type === 'ready').length === 3")
    assert {e["id"]: e["game"] for e in events(page, "ready")} == {"f0": "card", "f1": "card", "f2": "board"}
    # The host page moves the second frame: the others stay where they are.
    page.evaluate("window.frameHandles[1].goto(3)")
    page.wait_for_function("window.events.some(e => e.id === 'f1' && e.type === 'step' && e.index === 3)")
    assert {e["id"] for e in events(page, "step") if e["index"] == 3} == {"f1"}
    # Each frame speaks its own language in the one interpreter: the first step's words.
    first = "Each colour is an expedition."
    with i18n.using("de"):
        german = i18n._(tutorial.tutorials()["card-first-expedition"].steps[0].text).split(".")[0]
    assert german and not german.startswith("Each")
    assert german in frames[0].locator(".lc-lesson").inner_text()
    assert first not in frames[0].locator(".lc-lesson").inner_text()
    assert frames[2].locator("html").get_attribute("lang") == "en"
    assert first not in frames[2].locator(".lc-lesson").inner_text()  # the board game's own lesson
    # ... also after the English frames have spoken: the German frame's next step is German.
    with i18n.using("de"):
        second = i18n._(tutorial.tutorials()["card-first-expedition"].steps[1].text).split(".")[0]
    frames[0].locator("[data-action=lesson-next]").click()
    frames[0].locator(".lc-lesson", has_text=second).wait_for()
    # A frame that goes leaves the engine (its session ends): a new frame joins the two left.
    page.evaluate("""() => { window.frameHandles[0].destroy();
        const slot = document.createElement("div"); slot.id = "slot3"; document.body.appendChild(slot);
        const params = Object.fromEntries(new URLSearchParams(location.search));
        LostCities.embed(slot, {tut: "card-wagers", autoplay: "1", id: "f3"},
                         {site: params.site, loading: "eager"}); }""")
    joined = page.frame_locator("#slot3 iframe").locator("html[data-ready='1']")
    joined.wait_for(state="attached", timeout=BOOT)
    assert joined.get_attribute("data-engine-pages") == "3"


WITHOUT_SHARED_WORKER: typing.Final = {
    "absent": "delete window.SharedWorker;",
    "refused": "(() => { const Real = window.SharedWorker; window.SharedWorker ="
               " function (url, options) { return new Real(String(url) + '.refused', options); }; })();",
    "silent": "window.SharedWorker = function () { this.port = new MessageChannel().port1; this.onerror = null; };",
}
"""Init scripts: a browser without SharedWorker; one that refuses it (its script never loads: an error
event, as Chromium does to a third-party frame without storage partitioning); one whose shared worker
neither answers nor reports an error (as Chromium's refused one now and then does)."""


@pytest.mark.parametrize("without", list(WITHOUT_SHARED_WORKER))
def test_without_a_shared_worker_each_frame_starts_its_own_engine(rules_page: sync_api.Page, site: str, host: str,
                                                                   without: str) -> None:
    """A browser without a working SharedWorker (:data:`WITHOUT_SHARED_WORKER`): the frame starts a
    worker of its own, says so where refused or silent, and plays."""
    page = rules_page
    page.context.add_init_script(WITHOUT_SHARED_WORKER[without])
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    frame = open_embed(page, host, site, tut="card-first-expedition", autoplay="1", id="own")
    assert frame.locator("html").get_attribute("data-engine-shared") is None
    assert frame.locator("html").get_attribute("data-engine-pages") == "1"
    assert wait_event(page, "ready")[0]["tutorial"] == "card-first-expedition"
    assert any("no shared engine here" in text for text in warnings) == (without != "absent"), warnings
    page.evaluate("window.frameHandle.goto(2)")
    assert wait_event(page, "step", 2)[-1]["index"] == 2
    frame.locator("[data-target=hand][data-card=Y3]").click()
    frame.locator("[data-target=column][data-colour=Y]").click()
    assert wait_event(page, "move")[0]["action"] == "play Y3"


# -- issue 20: the table's tools in a frame's free play -----------------------------------------------

TOOLS_FIT_JS: typing.Final = """() => {
  const W = innerWidth, bar = [...document.querySelectorAll('.lc-toolbar button')];
  return bar.map((b) => { const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2,
    r.y + r.height / 2); return [b.dataset.action, r.left >= 0 && r.right <= W && r.width >= 44 && r.height >= 44,
    !!hit && b.contains(hit)]; });
}"""
"""Each tool: its action, whether it is whole in the frame and at least 44 px, whether a tap at its centre
reaches it."""


@pytest.mark.parametrize("width", [360, 820])
def test_a_reader_can_suggest_and_undo_in_a_free_play_frame(warm_page: sync_api.Page, site: str, host: str,
                                                            width: int) -> None:
    """Free play in a frame has the turn's tools on its table, as the app has: *Suggest a move* (reached with
    the keyboard: the frame's first stops), *Undo* and *Moves*, whole and tappable at a phone's and a column's
    width; a lesson loaded into the same frame hides them (they would spoil its exercise)."""
    page = warm_page
    page.set_viewport_size({"width": width + 16, "height": 900})
    frame = open_embed(page, host, site, game="card", mode="play", autoplay="1", seed="3", id="fp")
    wait_event(page, "ready")
    frame.locator("[data-phase='play']").wait_for(state="attached")
    hand = frame.locator(".lc-hand [data-card]")
    before = sorted(hand.evaluate_all("cards => cards.map(c => c.dataset.card)"))
    fits = frame.locator("html").evaluate(TOOLS_FIT_JS)
    assert [tool[0] for tool in fits] == ["hint", "undo-move", "moves"], fits
    assert all(whole and reached for _, whole, reached in fits), f"at {width} px: {fits}"
    # The keyboard: from the frame's start, Tab reaches Suggest a move; Enter asks for it.
    page.locator("iframe").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
        if frame.locator(":focus").get_attribute("data-action") == "hint":
            break
    assert frame.locator(":focus").get_attribute("data-action") == "hint", "Tab never reaches Suggest a move"
    page.keyboard.press("Enter")
    sync_api.expect(frame.locator(".lc-tools .lc-hint-text")).to_be_visible(timeout=30_000)
    sync_api.expect(frame.locator("[data-action=hint]")).to_have_attribute("aria-pressed", "true")
    # A card discarded (the turn's first half: nothing revealed yet), then Undo: the card is back in the hand.
    undo = frame.locator("[data-action=undo-move]")
    assert undo.get_attribute("aria-disabled") == "true"
    hand.first.click()
    frame.locator("[data-target='discard'].is-target").first.click()
    frame.locator("[data-phase='draw']").wait_for(state="attached")
    assert sorted(hand.evaluate_all("cards => cards.map(c => c.dataset.card)")) != before
    sync_api.expect(frame.locator(".lc-toolbar [data-action=moves]")).to_contain_text("Moves (1)")
    assert undo.get_attribute("aria-disabled") is None
    undo.click()
    frame.locator("[data-phase='play']").wait_for(state="attached")
    sync_api.expect(frame.locator(".lc-toolbar [data-action=moves]")).to_contain_text("Moves (0)")
    assert sorted(hand.evaluate_all("cards => cards.map(c => c.dataset.card)")) == before
    # A lesson in the same frame: no tools, and the bar takes no room.
    page.evaluate("m => window.frameHandle.load(m)", {"tutorial": "card-first-expedition"})
    frame.locator(".lc-lesson-count[data-step='1']").wait_for(state="attached", timeout=30_000)
    assert frame.locator(".lc-toolbar button").count() == 0
    assert frame.locator(".lc-bar").evaluate("b => getComputedStyle(b).position") == "absolute"  # out of the flow
