"""The app shell: the home screen, the routes, the seed.  Runs in the page.

The rules, the AI and every piece of HTML live in the ``lostcities`` wheel,
installed by micropip before this file runs; the game screens are
:class:`screen.Screen` s with an adapter each (``catalogue.GAMES`` pairs every
game's entry with its adapter), talking to the page through :class:`host.BrowserHost`.

Routes are URL hashes: ``#card``, ``#roll``, ``#board`` (empty: home);
``#learn/<game>`` lists a game's tutorials and ``#learn/<tutorial id>`` opens
one (an :class:`embed_screen.EmbeddedScreen`, as in a rules site's frame).
``?seed=N`` makes every deal and roll repeatable; ``?lang=de|en`` chooses the language (else the one
chosen before, remembered in the browser, else the browser's own: :func:`lostcities.i18n.pick`), and
the language links of the home page and the menu switch it (the screen is drawn again from its save:
a game in progress goes on).  The app runs only in its own
tab: in another page's frame it says so and links to itself (``embed.html`` is
the page made for frames).
"""

from __future__ import annotations

import contextlib
import traceback
import typing

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

import catalogue
import embed_screen
import host
import lostcities
import screen
from lostcities import i18n, session
from lostcities.ui import embed, rules_summary, stats, tutorial
from lostcities.ui import html as lc_html

PLAYABLE: typing.Final = {game.entry.name: game for game in catalogue.GAMES}
"""The games of ``catalogue.GAMES`` by name (their routes)."""
LANG_KEY: typing.Final = "lostcities:lang"
"""Where the browser remembers the language chosen with a language link."""


def parse_seed(search: str) -> tuple[int | None, str | None]:
    """``?seed=N`` -> (N, None); a malformed seed -> (None, reason)."""
    raw = js.URLSearchParams.new(search).get("seed")
    if not isinstance(raw, str):  # jsnull: no seed
        return None, None
    text = str(raw).strip()
    seed = embed.whole(text) if len(text) <= 18 else None
    if seed is not None:
        return seed, None
    return None, i18n._("Ignoring ?seed={seed}: a seed must be a whole number from 0 to 999999999999999999, "
                        "written in the digits 0-9.").format(seed=text[:40])


def rules_problem(sub: str) -> str:
    """What ``#rules/<sub>`` says when ``sub`` names no game with a rules summary."""
    if not sub:
        return i18n._("Which game\u2019s rules? Add a game to the address, like #rules/card, "
                      "or pick a game\u2019s Rules below.")
    return i18n._("There are no rules here for a game called \u201c{name}\u201d; pick a game\u2019s Rules below."
                  ).format(name=sub[:40])


def is_framed() -> bool:
    """True when this page is shown inside another page's frame (any error reading it counts as framed)."""
    try:
        return bool(window.self != window.top)
    except Exception:  # noqa: BLE001 - a browser that refuses to compare its windows: refuse to run
        return True


def refuse_framed() -> None:
    """The app does not run in another page's frame (a game could be clicked blindly): say so, link it."""
    document.getElementById("app").innerHTML = lc_html.framed(str(window.location.href))
    document.documentElement.dataset.route = "framed"
    document.documentElement.dataset.ready = "1"


class App:
    """Routes between the home screen and the game screens."""

    def __init__(self) -> None:
        self.choose_language()
        seed, seed_error = parse_seed(str(window.location.search))
        self._pending_error = " ".join(filter(None, (self._language_error, seed_error))) or None
        self.host = host.BrowserHost(seed)
        self.screen: screen.Screen | None = None
        self.route = ""
        self._hash_proxy = create_proxy(lambda event: self.guard(self.open_route))
        window.addEventListener("hashchange", self._hash_proxy)
        self._click_proxy = create_proxy(lambda event: self.guard(lambda: self._on_click(event)))
        document.addEventListener("click", self._click_proxy)

    def guard(self, func: typing.Callable[[], None]) -> None:
        """Run an event handler: an unexpected error goes to the console, the player reads plain words."""
        try:
            func()
        except Exception:  # noqa: BLE001 - the last line of defence of the page
            self.host.console("error", "Python error in the app shell:\n" + traceback.format_exc())
            self.host.notify(i18n._("Something went wrong. Your games are saved: reload the page to go on."), "error")

    def open_route(self) -> None:
        parts = str(window.location.hash).lstrip("#").lower().split("/")
        route, sub = parts[0], (parts[1] if len(parts) > 1 else "")
        if self.screen is not None:
            self.screen.unmount()
            self.screen = None
        self.host.clear_notice()
        self.host.set_info("")
        self.route = route
        self.set_crumb()
        try:
            playable = PLAYABLE.get(route)
            if route == "learn":
                self.set_crumb(i18n._("Learn to play"))
                self.open_learn(sub)
            elif playable is not None:
                self.screen = screen.Screen(playable.adapter(), self.host)
                self.set_crumb(lc_html.short_title(self.screen.game))
                self.screen.mount()
            elif route == "rules" and sub in PLAYABLE:
                self.host.show(rules_summary.page(PLAYABLE[sub].entry.summary))
                self.set_crumb(i18n._("Rules: {game}").format(game=lc_html.short_title(PLAYABLE[sub].entry.game)))
            elif route == "rules":
                self.render_home()
                self.host.notify(rules_problem(sub), "error")
            elif route == "stats":
                games = [playable.entry.game for playable in catalogue.GAMES]
                self.host.show(stats.page(screen.read_stats(self.host), games))
                self.set_crumb(i18n._("Statistics"))
            else:
                if route:
                    self.host.notify(i18n._("There is no game called \u201c{name}\u201d here; pick one below.").format(
                        name=route[:40]), "error")
                self.render_home()
        finally:
            if self._pending_error:
                error, self._pending_error = self._pending_error, None
                self.host.notify(f"{error} {self.host.notice_text()}".strip(), "error")
            document.documentElement.dataset.route = route or "home"
            document.documentElement.dataset.ready = "1"

    def _on_click(self, event: typing.Any) -> None:
        language = event.target.closest("a[data-lang]") if event.target else None
        if language:  # a language link (its href, ?lang=, is for the page before Python runs)
            event.preventDefault()
            self.switch_language(str(language.dataset.lang))
            return
        target = event.target.closest("[data-action]") if event.target else None
        if not target:  # closest() gives jsnull when nothing matches
            return
        action = str(target.dataset.action)
        if action == "dismiss":
            self.host.clear_notice()
        elif action == "home":
            event.preventDefault()
            if self.route:
                window.location.hash = ""
            else:
                self.open_route()

    def open_learn(self, name: str) -> None:
        """``#learn/<game>``: the game's tutorials; ``#learn/<id>``: one of them."""
        found = tutorial.tutorials().get(name)
        if found is not None and found.game in PLAYABLE:
            config = embed.Config.from_query({"tut": found.id})
            self.screen = embed_screen.EmbeddedScreen(PLAYABLE[found.game].adapter(), self.host, config,
                                                      lambda message: None, links=self.lesson_links)
            self.screen.mount()
            return
        if name and name not in PLAYABLE:
            self.host.notify(i18n._("There is no tutorial called \u201c{name}\u201d here; pick one below.").format(
                name=name[:40]), "error")
        self.host.show(catalogue.learn_page(name if name in PLAYABLE else "", self.tutorial_stars()))

    def lesson_links(self, lesson: tutorial.Lesson) -> str:
        """The lesson panel's way on: the game's tutorials, and the next one once this one is done."""
        return embed.lesson_links(lesson.tutorial, done=lesson.done)

    def choose_language(self) -> None:
        """The language of the address, else the remembered one, else the browser's (before anything is drawn)."""
        asked = js.URLSearchParams.new(str(window.location.search)).get("lang")
        try:
            stored = window.localStorage.getItem(LANG_KEY)
        except Exception:  # noqa: BLE001 - storage refused (a privacy setting): nothing remembered
            stored = None
        preferred = [str(tag) for tag in (window.navigator.languages or [window.navigator.language or ""])]
        code, self._language_error = i18n.pick(asked if isinstance(asked, str) else None,
                                               stored if isinstance(stored, str) else None, preferred)
        self.set_language(code)

    def set_language(self, code: str) -> None:
        i18n.activate(code)
        document.documentElement.lang = code

    def switch_language(self, code: str) -> None:
        """A language link: speak ``code`` from now on, remember it, and draw the page again (a game
        goes on from its save).  The address loses its ``lang``, which would override the choice."""
        if i18n.parse(code) is None:
            return
        self.set_language(code)
        with contextlib.suppress(screen.StorageError):  # not remembered: this page still speaks it
            self.host.storage_set(LANG_KEY, code)
        params = js.URLSearchParams.new(str(window.location.search))
        if params.has("lang"):
            params.delete("lang")
            query = str(params.toString())
            window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else "")
                                        + str(window.location.hash))
        self.open_route()

    def tutorial_stars(self) -> dict[str, int]:
        try:
            return embed_screen.progress(self.host.storage_get(embed_screen.PROGRESS_KEY))
        except screen.StorageError:
            return {}

    def set_crumb(self, *names: str) -> None:
        """The top bar's trail after *Lost Cities* (nothing on the home screen)."""
        host.set_markup(document.getElementById("topbar-crumb"), lc_html.crumb(*names))

    def render_home(self) -> None:
        self.host.show(catalogue.home_page(self.in_progress, version=lostcities.__version__, seed=self.host.seed))

    def in_progress(self, name: str) -> bool:
        """True when a readable, unfinished game of ``name`` is saved (damaged saves do not count)."""
        try:
            text = self.host.storage_get(f"lostcities:{name}:save")
        except screen.StorageError:
            return False
        return session.is_in_progress(text, name)


if is_framed():
    refuse_framed()
else:
    APP = App()
    APP.guard(APP.open_route)
