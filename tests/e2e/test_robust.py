"""Nothing a player does or stores can break the site or lose a move (issue 9).

Damaged saves of every kind for every game, two tabs on one game, storage off
or full, and a long session whose DOM node count must stay flat.  The screens
are driven by clicks; storage is prepared through ``localStorage`` (or
replaced by an init script that runs before the page's own scripts).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import re
import sys
import time
import typing
import urllib.request

import pytest
from playwright import sync_api

from lostcities import session
from tests.e2e import conftest, test_card

# Where each document lives, and the route whose screen reads it.
KEYS: typing.Final = {
    "card": "lostcities:card:save",
    "board": "lostcities:board:save",
    "roll": "lostcities:roll:save",
    "companion": "lostcities:roll:companion",
}
ROUTES: typing.Final = {"card": "card", "board": "board", "roll": "roll", "companion": "roll"}
LAST_KEY: typing.Final = "lostcities:roll:last"
"""The Roll & Write screen reopens the document named here (``companion``) instead of the game."""
FORBIDDEN: typing.Final = ("Error:", "Exception", "TypeError", "Traceback", "DOMException", "[object", "{")
NOT_KEPT = re.compile(r"\bnot\b.*\b(kept|keep|keeping|saved|survive)", re.I | re.S)
MESSAGES_JS = """() => [...document.querySelectorAll('#app [role=alert], #notice:not([hidden])')]
  .map(e => e.innerText.trim()).filter(Boolean).join('\\n')"""


def damaged_key(document: str) -> str:
    """Where the newest damaged copy of ``document`` is kept: each document has its own (issue 23)."""
    return f"{KEYS[document]}:damaged" if document == "companion" else f"lostcities:{ROUTES[document]}:damaged"


# -- saves ----------------------------------------------------------------------------------------


def real_save(game: str, seed: int = 3) -> dict[str, typing.Any]:
    """A save of a new game against the easy computer, as the site writes it."""
    prefs = {"pace": "quick", "mode": "game"} if game == "roll" else {"pace": "quick"}
    setup = session.Setup.create(game, [session.Seat("You"), session.Seat("Computer", "easy")], prefs=prefs)
    return session.Session.new(setup, random.Random(seed)).to_dict()


def text_of(data: typing.Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def own_save(document: str) -> dict[str, typing.Any]:
    """A readable save of the document's game (the companion's stands in as the roll game's)."""
    return real_save("roll" if document == "companion" else document)


def damage(kind: str, document: str) -> str:
    """The stored text of one kind of damaged save for ``document``."""
    good = own_save(document)
    if kind == "truncated":
        text = text_of(good)
        return text[: len(text) // 2]
    if kind == "wrong-types":
        return text_of({**good, "revision": "7", "setup": [], "state": {"game": [], "history": 5}, "log": {}})
    if kind == "deep-reload":
        return "[" * 100_000 + "]" * 100_000
    if kind == "deep-route":
        return "[" * 5000 + "]" * 5000
    if kind == "5mb":
        return text_of({**good, "ui": {"pad": "x" * 5_000_000}})
    if kind == "other-game":
        return text_of(real_save("card" if document == "board" else "roll" if document == "card" else "card"))
    if kind == "older-format":
        return text_of({**good, "version": 0})
    raise AssertionError(kind)


KINDS: typing.Final = ("truncated", "wrong-types", "5mb", "other-game", "older-format", "deep-route", "deep-reload")
"""In the order tried: the deep ones last (before the fix, depth 5000 killed the interpreter on a route change;
the last one reloads the page)."""


def others(document: str) -> dict[str, str]:
    """Readable saves of the other documents, which must stay byte-identical."""
    texts = {"card": text_of(real_save("card", 5)), "board": text_of(real_save("board", 5)),
             "roll": text_of(real_save("roll", 5)),
             "companion": text_of({"format": "lostcities.roll-companion", "version": 1, "kept": "as it is"})}
    return {KEYS[name]: text for name, text in texts.items() if name != document}


def storage_items(page: sync_api.Page) -> dict[str, str]:
    return typing.cast(dict[str, str], page.evaluate("() => Object.fromEntries(Object.entries(localStorage))"))


RUN: typing.Final = re.compile(r"(.)\1{999,}", re.S)
"""A run of one character long enough to cross to the page as the character and its count."""
Piece = str | tuple[str, int]
PUT_JS: typing.Final = """items => {
  for (const [key, pieces] of Object.entries(items)) {
    localStorage.setItem(key, pieces.map(p => typeof p === 'string' ? p : p[0].repeat(p[1])).join(''));
  }
}"""
DIGESTS_JS: typing.Final = """async () => {
  const digests = {};
  for (const [key, text] of Object.entries(localStorage)) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    digests[key] = [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, '0')).join('');
  }
  return digests;
}"""


def pieces(text: str) -> list[Piece]:
    """``text`` as the page joins it again (:data:`PUT_JS`): each :data:`RUN` as its character and count.
    A 5 MB save crosses to the page in a few hundred bytes, where Playwright takes about 5 s (on a loaded
    machine) for the text itself.

    >>> pieces("ab" + "x" * 1000 + "c"), pieces("x" * 999) == ["x" * 999]
    (['ab', ('x', 1000), 'c'], True)
    """
    found: list[Piece] = []
    at = 0
    for match in RUN.finditer(text):
        found += [text[at:match.start()], (match.group(1), len(match.group(0)))]
        at = match.end()
    return [*found, text[at:]]


def put_items(page: sync_api.Page, items: typing.Mapping[str, str]) -> None:
    """Store ``items`` in the page's ``localStorage`` as they are (:func:`pieces`)."""
    page.evaluate(PUT_JS, {key: pieces(text) for key, text in items.items()})


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def storage_digests(page: sync_api.Page) -> dict[str, str]:
    """Each key of the page's ``localStorage`` and the SHA-256 of its text (:func:`digest`): what is
    stored, compared without bringing megabytes back from the page."""
    return typing.cast(dict[str, str], page.evaluate(DIGESTS_JS))


def messages(page: sync_api.Page) -> str:
    return typing.cast(str, page.evaluate(MESSAGES_JS))


def assert_plain_words(text: str) -> None:
    assert text.strip(), "the player is told nothing"
    for word in FORBIDDEN:
        assert word not in text, f"the player reads {word!r}: {text!r}"


def wait_for_message(page: sync_api.Page) -> str:
    page.wait_for_function(f"() => ({MESSAGES_JS})().length > 0", timeout=10_000)
    return messages(page)


# -- damaged saves -------------------------------------------------------------------------------


def try_damaged_save(page: sync_api.Page, site: str, document: str, kind: str) -> None:
    """Store one kind of damaged save for ``document`` (the other documents hold readable saves),
    open its screen and check what the player gets and what is kept."""
    route = ROUTES[document]
    text = damage(kind, document)
    page.evaluate("location.hash = ''")
    page.wait_for_selector(".home", state="attached")
    page.evaluate("localStorage.clear()")
    kept = others(document)
    items = {**kept, KEYS[document]: text}
    if document == "companion":
        items[LAST_KEY] = "companion"
    put_items(page, items)
    if kind == "deep-reload":
        # A fresh start of the interpreter with the save waiting for it (as on every later visit).
        page.goto(f"{site}?reload={document}#{route}")
    else:
        page.evaluate("route => { location.hash = '#' + route; }", route)
    page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    page.wait_for_selector(f"html[data-route='{route}']", state="attached")
    try:
        page.wait_for_function("key => localStorage.getItem(key) !== null", arg=damaged_key(document),
                               timeout=10_000)
    except sync_api.TimeoutError:
        raise AssertionError("the damaged save was not kept") from None
    said = wait_for_message(page)
    assert_plain_words(said)
    stored = storage_digests(page)
    assert stored.get(damaged_key(document)) == digest(text), "the damaged save was not kept as it was"
    for key, before in kept.items():
        assert stored.get(key) == digest(before), f"{key} was changed"


@pytest.mark.parametrize("document", KEYS)
def test_damaged_saves_are_set_aside_with_plain_words_and_the_others_are_untouched(
        shared: sync_api.Page, site: str, document: str) -> None:
    """Every kind of damage in turn on one page (a boot per kind would cost minutes); every kind is
    tried and the failures are reported together.  The page is the test process's shared one
    (tests/e2e/conftest.py ``shared``), started over at the home screen (as a fresh visit shows it,
    tests/e2e/test_start_over.py): its engine is the one already running, so a document costs one
    boot only, the one its "deep-reload" kind asks for."""
    page = conftest.start_over(shared, site)
    failures = []
    for kind in KINDS:
        try:
            try_damaged_save(page, site, document, kind)
        except (AssertionError, sync_api.Error) as err:
            failures.append(f"{kind}: {str(err).splitlines()[0][:300]}")
            page.evaluate("localStorage.clear()")  # a fresh page for the next kind
            page.goto(f"{site}?after={kind}")
            page.wait_for_selector(conftest.READY, timeout=conftest.BOOT_TIMEOUT_MS, state="attached")
    assert not failures, f"{document}: " + "; ".join(failures)


# -- two tabs ----------------------------------------------------------------------------------------


def act_blindly(page: sync_api.Page) -> None:
    """What a player does in a tab that still shows an old position: a discard and a draw, by clicks."""
    page.evaluate("""async () => {
      const pause = () => new Promise(r => setTimeout(r, 300));
      const card = document.querySelector('.lc-hand [data-card]');
      if (!card) return;
      const colour = card.dataset.card[0];
      card.click(); await pause();
      const pile = document.querySelector(`[data-target='discard'][data-colour='${colour}']`);
      if (pile) { pile.click(); await pause(); }
      const deck = document.querySelector("[data-target='deck']");
      if (deck) { deck.click(); await pause(); }
    }""")


def engine(page: sync_api.Page) -> str:
    """Where the page's engine runs: "worker" on the default page (tests/e2e/test_worker.py)."""
    return str(page.get_attribute("html", "data-engine"))


@pytest.mark.long
def test_a_stale_tab_never_overwrites_the_newer_game_and_offers_to_load_it(shared: sync_api.Page, site: str) -> None:
    """Tab A is the test process's shared page started over (conftest's ``shared``), tab B a new tab of
    its browser; the computer plays at the instant pace (how long it waits has no bearing on a stale
    tab)."""
    key = KEYS["card"]
    tab_a = conftest.start_over(shared, site + "?seed=21#card")
    test_card.start(tab_a, "easy", pace="instant")
    test_card.wait_phase(tab_a, "play")
    test_card.take_turn(tab_a)
    test_card.wait_phase(tab_a, "play")
    tab_b = shared.context.new_page()
    conftest.open_site(tab_b, site + "#card")
    test_card.wait_phase(tab_b, "play")
    assert [engine(tab_a), engine(tab_b)] == ["worker", "worker"]
    for _ in range(2):
        test_card.take_turn(tab_a)
        test_card.wait_phase(tab_a, "play")
    newer = tab_a.evaluate("key => localStorage.getItem(key)", key)
    act_blindly(tab_b)
    tab_b.wait_for_selector("[data-action='load-newer']", timeout=10_000)
    assert "continued in another tab" in tab_b.locator("#app").inner_text()
    assert tab_a.evaluate("key => localStorage.getItem(key)", key) == newer, "the stale tab overwrote the save"
    tab_b.click("[data-action='load-newer']")
    test_card.wait_phase(tab_b, "play")
    seen_a, seen_b = test_card.table_snapshot(tab_a), test_card.table_snapshot(tab_b)
    assert (seen_b["hand"], seen_b["mine"], seen_b["theirs"]) == (seen_a["hand"], seen_a["mine"], seen_a["theirs"])
    after = json.loads(tab_a.evaluate("key => localStorage.getItem(key)", key))
    assert after["state"] == json.loads(newer)["state"], "tab A's game was changed"


# -- storage off or full -------------------------------------------------------------------------------

STORAGE_OFF = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""


@pytest.mark.parametrize("script", [STORAGE_OFF, STORAGE_FULL], ids=["storage-off", "storage-full"])
def test_without_storage_the_game_plays_and_says_progress_is_not_kept(
        page: sync_api.Page, site: str, script: str) -> None:
    """A fresh page each: the script replaces storage before the page's own scripts run.  The engine is
    the default page's, in its worker (tests/e2e/test_worker.py)."""
    page.add_init_script(script)
    conftest.open_site(page, site + "?seed=4#card")
    assert engine(page) == "worker"
    test_card.start(page, "easy", pace="instant")
    test_card.wait_phase(page, "play")
    test_card.take_turn(page)
    assert test_card.wait_phase(page, "play") == "play"  # the computer answered: the game goes on
    page.wait_for_selector("#notice:not([hidden])", timeout=10_000)
    said = messages(page)
    assert_plain_words(said)
    assert NOT_KEPT.search(said), said
    assert "DOMException" not in page.locator("body").inner_text()


# -- a long session ----------------------------------------------------------------------------------

MATCHES = 10
"""Single-game card matches at the instant pace, played by mouse clicks (issue 9 asks for
10).  Before the generic screen the count went 784 after the first turn, then 5,003 /
8,865 / 12,394 / 15,781 / 19,285 after each match (about 3,600 nodes more per match)."""

PHASE = "(document.querySelector('.lc-screen') || {dataset: {}}).dataset.phase"
CHOOSE_JS = """() => {
  // As test_card.choose: the card that extends one of the player's expeditions by the
  // smallest step (at most 4), else a discard.
  const rank = (id) => id.includes('$') ? 1 : parseInt(id.slice(1));
  const hand = [...document.querySelectorAll('.lc-hand [data-card]')].map(e => e.dataset.card);
  let best = null;
  for (const id of hand) {
    const column = [...document.querySelectorAll(`.lc-col.lc-mine[data-colour='${id[0]}'] [data-card]`)];
    const top = Math.max(0, ...column.map(e => rank(e.dataset.card)));
    if (!(rank(id) > top || (rank(id) === 1 && top <= 1))) continue;
    const gap = rank(id) - Math.max(top, 1) + (column.length ? 0 : 3);
    if (!best || gap < best.gap) best = {gap, id};
  }
  return best && best.gap <= 4 ? [best.id, 'column'] : [hand[0], 'discard'];
}"""
CENTRE_JS = """(selector) => {
  const el = document.querySelector(selector);
  el.scrollIntoView({block: 'nearest'});
  const box = el.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def click(page: sync_api.Page, selector: str) -> None:
    """A real mouse click (move, press, release) on the element, without Playwright's waits."""
    x, y = page.evaluate(CENTRE_JS, selector)
    page.mouse.click(x, y)


def human_turn(page: sync_api.Page) -> str:
    """One turn of the player by mouse clicks; returns the phase that follows."""
    page.wait_for_function(f"() => ['play', 'over', 'result', 'handover'].includes({PHASE})", timeout=30_000,
                           polling=15)
    phase = str(page.evaluate(PHASE))
    if phase != "play":
        return phase
    card, target = page.evaluate(CHOOSE_JS)
    click(page, f".lc-hand [data-card='{card}']")
    page.locator(f".lc-hand [data-card='{card}'].is-selected").wait_for(state="attached")
    click(page, f"[data-target='{target}'][data-colour='{card[0]}']")
    page.wait_for_function(f"() => {PHASE} === 'draw'", timeout=30_000, polling=15)
    click(page, "[data-target='deck']")
    page.wait_for_function(f"() => {PHASE} !== 'draw'", timeout=30_000, polling=15)
    return str(page.evaluate(PHASE))


def dom_nodes(cdp: sync_api.CDPSession) -> int:
    """Nodes the renderer holds (live and detached) after a forced garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    return int(cdp.send("Memory.getDOMCounters")["nodes"])


def play_match_by_clicks(page: sync_api.Page) -> None:
    """The player's turns until the game ends."""
    for _ in range(60):
        if human_turn(page) in ("over", "result"):
            return
    raise AssertionError("the game did not end")


@pytest.mark.long
def test_a_long_session_keeps_the_dom_node_count_flat(
        context: sync_api.BrowserContext, page: sync_api.Page, site: str) -> None:
    """Counted at the same two points of every match: after the player's first turn (the
    play screen) and at the end (the result screen, which holds the score breakdown).
    Both must stay within 2x of their value in the first match.  The test waits with
    locators and ``wait_for_function`` only: an element handle would keep its subtree
    alive until the page closes, and the test would count its own leak.

    Every match plays with motion on (web/motion.js: about 480 card movements a match, each
    a copy of the card that flies and is removed), so that the count also covers the copies
    and whatever holds them (their animations, the snapshot of the table before a render).
    Measured in issue 24 (Chromium CPU, summed from /proc, 2 matches on a loaded 2-core
    machine): 15 s with motion, 10.6 s with reduced motion, after motion.js stopped
    restyling the page once per moving card (18.4 s before).  Playing this test with
    reduced motion plus a shorter separate test with motion on would save about a tenth of
    its time (10 x 5.3 s + 2 x 7.5 s against 10 x 7.5 s), and leave the copies counted over
    2 matches instead of 10: not worth it, so every match keeps its motion.

    A fresh page, not the test process's shared one: the element handles earlier tests took on that one
    stay alive until it closes, and would raise the first match's count (and so the limit)."""
    cdp = context.new_cdp_session(page)
    conftest.open_site(page, site + "?seed=9#card")
    at_first_turn: list[int] = []
    at_end: list[int] = []
    started = time.monotonic()
    for match in range(MATCHES):
        if match:
            page.click("[data-action=new-match]")
        test_card.start(page, "easy", games="1", pace="instant")
        human_turn(page)
        test_card.wait_phase(page, "play")
        at_first_turn.append(dom_nodes(cdp))
        play_match_by_clicks(page)
        at_end.append(dom_nodes(cdp))
    print(f"DOM nodes over {MATCHES} matches ({time.monotonic() - started:.0f} s): "
          f"after the first turn {at_first_turn}; at the end {at_end}")
    assert max(at_first_turn) <= 2 * at_first_turn[0], f"nodes pile up after the first turn: {at_first_turn}"
    assert max(at_end) <= 2 * at_end[0], f"nodes pile up at the end of a match: {at_end}"


# -- issue 23 -----------------------------------------------------------------------------------------

# Two tabs moving at the same moment (item 2).

RACE_TRIALS = 10
CLICK_AT_JS = """([selector, at]) => {
  // Click at the wall-clock millisecond `at` (both tabs share the clock): a timer wakes shortly
  // before and a spin waits for the exact millisecond, so that both tabs click in the same one.
  window.__clickedAt = null;
  setTimeout(() => {
    while (Date.now() < at) { /* the same millisecond in both tabs */ }
    window.__clickedAt = Date.now();
    const el = document.querySelector(selector);
    if (el) el.click();
  }, Math.max(0, at - Date.now() - 150));
}"""
SHOWN_JS = """() => {
  const screen = document.querySelector('.lc-screen');
  const ids = (root) => root ? [...root.querySelectorAll('[data-card]')].map(e => e.dataset.card) : [];
  return {phase: screen ? screen.dataset.phase : '', moves: screen ? Number(screen.dataset.moves) : -1,
          hand: ids(document.querySelector('.lc-hand')),
          table: ids(document.querySelector('.lc-table')).sort(),
          notice: (document.querySelector('#notice:not([hidden])') || {innerText: ''}).innerText};
}"""


def stored_history(page: sync_api.Page) -> list[str]:
    text = page.evaluate("key => localStorage.getItem(key)", KEYS["card"])
    return list(json.loads(text)["state"]["history"])


def shown(page: sync_api.Page) -> dict[str, typing.Any]:
    return typing.cast(dict[str, typing.Any], page.evaluate(SHOWN_JS))


def click_together(tabs: list[sync_api.Page], selectors: list[str]) -> int:
    """Click ``selectors[i]`` in ``tabs[i]`` at the same wall-clock millisecond; returns the spread (ms)."""
    at = int(time.time() * 1000) + 400
    for tab, selector in zip(tabs, selectors, strict=True):
        tab.evaluate(CLICK_AT_JS, [selector, at])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        clicked = [tab.evaluate("window.__clickedAt") for tab in tabs]
        if all(clicked):
            return int(max(clicked) - min(clicked))
        time.sleep(0.05)
    raise AssertionError("the clicks did not happen")


def settle(tabs: list[sync_api.Page], phases: tuple[str, ...],
           stale: list[int]) -> list[dict[str, typing.Any]]:
    """Wait until every tab shows the stored game in one of ``phases`` (a stale tab loads the newer one,
    counted in ``stale``)."""
    deadline = time.monotonic() + 30
    seen: list[dict[str, typing.Any]] = []
    while time.monotonic() < deadline:
        for tab in tabs:
            if tab.locator("[data-action='load-newer']").count():
                stale.append(1)
                tab.click("[data-action='load-newer']")
        moves = len(stored_history(tabs[0]))
        seen = [shown(tab) for tab in tabs]
        if all(s["phase"] in phases and s["moves"] == moves for s in seen):
            time.sleep(0.6)  # any storage event still on its way arrives, and must change nothing
            again = [shown(tab) for tab in tabs]
            if [(s["moves"], s["hand"], s["table"]) for s in again] == [(s["moves"], s["hand"], s["table"])
                                                                       for s in seen]:
                return again
        time.sleep(0.1)
    raise AssertionError(f"the tabs did not settle on the stored game ({len(stored_history(tabs[0]))} moves): "
                         f"{[(s['phase'], s['moves']) for s in seen]}")


@pytest.mark.long
def test_two_tabs_moving_in_the_same_millisecond_never_diverge_or_lose_a_kept_move(
        shared: sync_api.Page, site: str) -> None:
    """Both tabs discard a different card in the same millisecond, then draw in the same
    millisecond, then both run the computer's turn: the save each tab started from decides (compare
    and set), so one write stands, the other tab shows that game, and nothing stored is erased.  Tab A is
    the test process's shared page started over (conftest's ``shared``), tab B a new tab of its browser."""
    tab_a = conftest.start_over(shared, site + "?seed=31#card")
    test_card.start(tab_a, "easy", pace="instant")
    test_card.wait_phase(tab_a, "play")
    tab_b = shared.context.new_page()
    conftest.open_site(tab_b, site + "#card")
    test_card.wait_phase(tab_b, "play")
    tabs = [tab_a, tab_b]
    spreads: list[int] = []
    conflicts = 0
    stale: list[int] = []
    for trial in range(RACE_TRIALS):
        before = stored_history(tab_a)
        hands = [shown(tab)["hand"] for tab in tabs]
        assert hands[0] == hands[1], f"trial {trial}: the tabs start from different hands"
        colours = sorted({card[0] for card in hands[0]})
        if len(colours) < 2:
            break
        picks = [next(c for c in hands[0] if c[0] == colour) for colour in colours[:2]]
        for tab, pick in zip(tabs, picks, strict=True):
            tab.click(f".lc-hand [data-card='{pick}']")
            tab.locator(f".lc-hand [data-card='{pick}'].is-selected").wait_for(state="attached")
        spreads.append(click_together(tabs, [f"[data-target='discard'][data-colour='{p[0]}']" for p in picks]))
        after_discard = settle(tabs, ("draw",), stale)
        spreads.append(click_together(tabs, ["[data-target='deck']"] * 2))
        after = settle(tabs, ("play", "over", "result"), stale)
        conflicts += sum("same moment" in s["notice"] for s in after_discard + after)
        history = stored_history(tab_a)
        assert history[:len(before)] == before, f"trial {trial}: a stored move was erased"
        assert len(history) >= len(before) + 2, f"trial {trial}: the discard or the draw was lost"
        assert after[0]["hand"] == after[1]["hand"] and after[0]["table"] == after[1]["table"], \
            f"trial {trial}: the tabs diverged"
        if after[0]["phase"] != "play":
            break
    figures = f"click spreads (ms): {spreads}; races lost and shown: {conflicts}; stale tabs: {len(stale)}"
    print(figures, file=sys.__stderr__)
    # On a loaded machine a timer may wake late (CI saw spreads of 0-249 ms on two cores): at least one
    # pair of clicks must share a millisecond, and some writes must have met (else this tested nothing).
    assert any(spread <= 1 for spread in spreads), f"the clicks were never simultaneous: {figures}"
    assert conflicts + len(stale) > 0, f"no two writes met: {figures}"


# Numbers in other digits (item 1).


@pytest.mark.parametrize("seed", ["%C2%B2", "%C2%B3", "%EF%BC%91%EF%BC%92", "%D9%A3"],
                         ids=["superscript-2", "superscript-3", "fullwidth-12", "arabic-indic-3"])
def test_a_seed_in_other_digits_is_ignored_with_plain_words(shared: sync_api.Page, site: str, seed: str) -> None:
    page = conftest.start_over(shared, f"{site}?seed={seed}#card")
    test_card.wait_phase(page, "setup")
    said = wait_for_message(page)
    assert_plain_words(said)
    assert "digits 0-9" in said and "Ignoring ?seed=" in said, said


# The app in a frame (item 6).

FRAMED_CASES: typing.Final = [("index.html#card", "en", "opens in its own tab", "Open Lost Cities in its own tab"),
                               ("engine-page.html?lang=de#board", "de", "öffnet sich in einem eigenen Tab",
                                "Lost Cities in einem eigenen Tab öffnen")]
ENGINE_FILES: typing.Final = ("/pyodide/", "/pyscript/", "/web/engine.mjs", "/web/interpreter.mjs", ".whl")
"""What an engine's start asks for (the interpreter, PyScript, the worker's script, the wheel)."""


@pytest.mark.service_worker
@pytest.mark.parametrize(("address", "lang", "title", "link_text"), FRAMED_CASES, ids=["index", "engine-page-de"])
def test_the_app_refuses_to_run_in_a_frame_and_links_to_itself(page: sync_api.Page, site: str, address: str, lang: str,
                                                               title: str, link_text: str) -> None:
    """Framed by its own site (the headers let only that through): the app says why in its language and
    links to a tab, and starts no engine (nothing of one is even downloaded: a static host sends no
    headers, and every visit of a page that frames the app would start one) and no service worker
    (which would keep the whole site for offline play)."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    framer = f'<!doctype html><title>framer</title><iframe src="./{address}" width="800" height="600"></iframe>'
    page.route(f"{site}framer.html", lambda route: route.fulfill(body=framer, content_type="text/html"))
    page.goto(f"{site}framer.html")
    frame = page.frame_locator("iframe")
    frame.locator("html[data-route='framed']").wait_for(state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
    assert frame.locator("html").get_attribute("lang") == lang
    text = frame.locator("#app").inner_text()
    assert title in text and link_text in text, text
    headings = frame.locator("h1").all_inner_texts()
    assert len(headings) == 1 and title in headings[0], f"the framed page's title is its one h1: {headings}"
    link = frame.locator("#app a[target=_blank]")
    assert link.get_attribute("href") == f"{site}{address}"
    page.wait_for_timeout(1500)  # an engine asked for late would be asked by now (a worker starts at once)
    assert frame.locator(".lc-screen, .home, .game-tile").count() == 0, "the app ran in the frame"
    assert frame.locator("html[data-ready]").count() == 0
    started = [url for url in asked if any(part in url for part in ENGINE_FILES)]
    assert not started, f"a framed app asked for an engine: {started}"
    inner = next(frame for frame in page.frames if frame is not page.main_frame)
    assert inner.evaluate("navigator.serviceWorker.getRegistrations().then((found) => found.length)") == 0


def test_serve_sends_frame_headers_for_the_app_pages_only(site: str) -> None:
    for path, framed in (("", False), ("index.html", False), ("embed-demo.html", False), ("embed.html", True)):
        with urllib.request.urlopen(site + path) as response:
            headers = response.headers
        if framed:
            assert headers.get("X-Frame-Options") is None and headers.get("Content-Security-Policy") is None, path
        else:
            assert headers.get("X-Frame-Options") == "SAMEORIGIN", path
            assert headers.get("Content-Security-Policy") == "frame-ancestors 'self'", path


# Damaged saves (item 7).


def test_damaged_saves_are_kept_apart_bounded_and_downloadable(shared: sync_api.Page, site: str) -> None:
    page = conftest.start_over(shared, site)
    game_key, doc_key = "lostcities:roll:damaged", "lostcities:roll:companion:damaged"
    texts = [f"{{damaged game {n}" for n in range(5)]
    for n, text in enumerate(texts):
        page.evaluate("location.hash = ''")
        page.wait_for_selector(".home", state="attached")
        page.evaluate("""([key, text]) => { localStorage.setItem(key, text);
                                             localStorage.removeItem('lostcities:roll:last'); }""",
                      [KEYS["roll"], text])
        page.evaluate("location.hash = '#roll'")
        page.wait_for_selector(".lc-problem [data-action='download-damaged']", state="attached")
        page.wait_for_function("() => !localStorage.getItem('lostcities:roll:save')")
        if n == 1:  # the companion's damaged sheet goes to its own copies
            page.evaluate("location.hash = ''")
            page.wait_for_selector(".home", state="attached")
            page.evaluate("""([key, text]) => { localStorage.setItem(key, text);
                                                 localStorage.setItem('lostcities:roll:last', 'companion'); }""",
                          [KEYS["companion"], "{damaged sheet"])
            page.evaluate("location.hash = '#roll'")
            page.wait_for_function("() => localStorage.getItem('lostcities:roll:companion:damaged') !== null")
    stored = storage_items(page)
    assert [stored.get(k) for k in (game_key, f"{game_key}:2", f"{game_key}:3")] == texts[::-1][:3]
    assert f"{game_key}:4" not in stored, "more than three damaged copies are kept"
    assert stored.get(doc_key) == "{damaged sheet", "the companion's damaged sheet was overwritten"
    buttons = page.locator(".lc-problem [data-action='download-damaged']")
    assert buttons.count() == 3
    for copy, expected in ((1, texts[4]), (3, texts[2])):
        with page.expect_download() as caught:
            page.click(f".lc-problem [data-action='download-damaged'][data-copy='{copy}']")
        download = caught.value
        assert download.suggested_filename == f"lostcities-roll-damaged-save-{copy}.txt"
        assert pathlib.Path(download.path()).read_text(encoding="utf-8") == expected


# The rules of no game (item 8).


@pytest.mark.parametrize("route, words", [("#rules/", "Which game\u2019s rules?"),
                                          ("#rules/chess", "no rules here for a game called \u201cchess\u201d")])
def test_rules_of_no_game_say_so(shared: sync_api.Page, site: str, route: str, words: str) -> None:
    page = conftest.start_over(shared, site + route)
    said = wait_for_message(page)
    assert words in said and "called \u201crules\u201d" not in said, said
    assert page.locator(".home").count() == 1
