"""The app shell without the page: the routes, the home page, the seed.

:class:`Shell` opens the page of an address's hash (``#card``, ``#learn/card``, ``#rules/roll``,
``#stats``; empty: home) through a :class:`Page` and a :class:`ShellHost`, wherever they are: on
the page's own thread (``web/main.py``, with ``web/host.py``) or in a Web Worker
(``web/worker_main.py``, with ``web/channel.py``).  It never imports ``js``, ``pyodide`` or
``pyscript``.

``#learn/<game>`` lists a game's tutorials and ``#learn/<tutorial id>`` opens one (an
:class:`embed_screen.EmbeddedScreen`, as in a rules site's frame; ``#learn/<tutorial id>/<n>`` at its
step n).  ``?seed=N`` makes every deal and roll repeatable; ``?lang=de|en`` chooses the language (and is
remembered), else the one chosen before, else the browser's own (:func:`choose_language`); the language
links of the home page and the menu switch it (:meth:`Shell.switch_language`: the screen is drawn again
from its save, a game in progress goes on).
"""

from __future__ import annotations

import contextlib
import traceback
import typing
import urllib.parse

import catalogue
import embed_screen
import lostcities
import screen
import screen_types
from lostcities import i18n, session
from lostcities.ui import embed, rules_summary, stats, tutorial
from lostcities.ui import html as lc_html

PLAYABLE: typing.Final = {game.entry.name: game for game in catalogue.GAMES}
"""The games of ``catalogue.GAMES`` by name (their routes)."""
LANG_KEY: typing.Final = "lostcities:lang"
"""Where the browser remembers the language chosen (``web/page.js`` reads it too)."""


class ShellHost(screen_types.Host, typing.Protocol):
    """A :class:`screen_types.Host` that also shows the app's pages that are not screens."""

    def show(self, html: str) -> None:
        """A page of the app that is not a screen (home, rules, Learn to play, statistics)."""

    def notice_text(self) -> str:
        """The notice shown now, in plain words (empty: none)."""


class Page(typing.Protocol):
    """What the shell does to the page around the screens."""

    def set_crumb(self, html: str) -> None:
        """The top bar's trail after *Lost Cities*."""

    def finish(self, route: str) -> None:
        """The page of ``route`` is drawn (``html[data-route]``, ``html[data-ready]``)."""

    def go_home(self) -> None:
        """Show the home page through the address (its hash emptied: the browser's history keeps it)."""

    def set_language(self, code: str) -> None:
        """The page speaks ``code`` (``<html lang>``; the address loses its ``lang``, which would
        otherwise override a later choice)."""


def parse_seed(search: str) -> tuple[int | None, str | None]:
    """``?seed=N`` -> (N, None); a malformed seed -> (None, reason).

    >>> parse_seed("?seed=42&x=1")
    (42, None)
    >>> parse_seed("")
    (None, None)
    >>> parse_seed("?seed=4x")[1][:16]
    'Ignoring ?seed=4'
    """
    found = urllib.parse.parse_qs(search.removeprefix("?"), keep_blank_values=True).get("seed")
    if not found:
        return None, None
    text = found[0].strip()
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


def choose_language(host: screen_types.Host, search: str, preferred: typing.Sequence[str]) -> tuple[str, str]:
    """Speak the language of the address (``?lang=``, then remembered), else the one remembered in the
    browser, else the browser's (:func:`lostcities.i18n.pick`); return it and what is wrong with
    the address's choice (``""``: nothing).  Before anything is drawn.

    >>> host = memory_host.MemoryHost(storage={})
    >>> choose_language(host, "?lang=de", ["en"]), host.storage[LANG_KEY]
    (('de', ''), 'de')
    >>> choose_language(host, "", ["en"])[0], choose_language(host, "?lang=xx", ["en"])[0]
    ('de', 'de')
    >>> i18n.activate("en")
    """
    found = urllib.parse.parse_qs(search.removeprefix("?"), keep_blank_values=True).get("lang")
    asked = found[0] if found else None
    try:
        stored = host.storage_get(LANG_KEY)
    except screen_types.StorageError:  # storage refused (a privacy setting): nothing remembered
        stored = None
    code, problem = i18n.pick(asked, stored, preferred)
    i18n.activate(code)
    if asked is not None and not problem and stored != code:
        with contextlib.suppress(screen_types.StorageError):  # not remembered: this page still speaks it
            host.storage_set(LANG_KEY, code)
    return code, problem


class Shell:
    """Routes between the home screen and the game screens."""

    def __init__(self, host: ShellHost, page: Page, pending_error: str | None = None) -> None:
        self.host = host
        self.page = page
        self._pending_error = pending_error
        """A problem with the address (a malformed seed), said once the first page is drawn."""
        self.screen: screen.Screen | None = None
        self.route = ""

    def guard(self, func: typing.Callable[[], None]) -> None:
        """Run an event handler: an unexpected error goes to the console, the player reads plain words."""
        try:
            func()
        except Exception:  # noqa: BLE001 - the last line of defence of the page
            self.host.console("error", "Python error in the app shell:\n" + traceback.format_exc())
            self.host.notify(i18n._("Something went wrong. Your games are saved: reload the page to go on."), "error")

    def open_route(self, hash_text: str) -> None:
        """Open the page of the address's hash (``#card/...``)."""
        parts = hash_text.lstrip("#").lower().split("/")
        route, sub = parts[0], (parts[1] if len(parts) > 1 else "")
        step = parts[2] if len(parts) > 2 else ""
        if self.screen is not None:
            self.screen.unmount()
            self.screen = None
        self.host.clear_notice()
        self.host.set_info("")
        self.route = route
        self.set_crumb()
        try:
            self._open(route, sub, step)
        finally:
            if self._pending_error:
                error, self._pending_error = self._pending_error, None
                self.host.notify(f"{error} {self.host.notice_text()}".strip(), "error")
            self.page.finish(route or "home")

    def _open(self, route: str, sub: str, step: str = "") -> None:
        playable = PLAYABLE.get(route)
        if route == "learn":
            self.set_crumb(i18n._("Learn to play"))
            self.open_learn(sub, step)
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
            self.host.show(stats.page(screen_types.read_stats(self.host), games))
            self.set_crumb(i18n._("Statistics"))
        else:
            if route:
                self.host.notify(i18n._("There is no game called \u201c{name}\u201d here; pick one below.").format(
                    name=route[:40]), "error")
            self.render_home()

    def on_action(self, action: str, hash_text: str) -> bool:
        """The shell's own actions (``dismiss``, ``home``); True when it took the action."""
        if action == "dismiss":
            self.host.clear_notice()
            return False
        if action == "home":
            if self.route:
                self.page.go_home()
            else:
                self.open_route(hash_text)
            return True
        return False

    def switch_language(self, code: str, hash_text: str) -> None:
        """A language link: speak ``code`` from now on, remember it, and draw the page again (a game
        goes on from its save); an unknown code changes nothing."""
        if i18n.parse(code) is None:
            return
        i18n.activate(code)
        self.page.set_language(code)
        with contextlib.suppress(screen_types.StorageError):  # not remembered: this page still speaks it
            self.host.storage_set(LANG_KEY, code)
        self.open_route(hash_text)

    def open_learn(self, name: str, step: str = "") -> None:
        """``#learn/<game>``: the game's tutorials; ``#learn/<id>``: one of them; ``#learn/<id>/<n>``: its step
        ``n`` (a step it does not have is said, and the tutorial opens at its start)."""
        found = tutorial.tutorials().get(name)
        if found is not None and found.game in PLAYABLE:
            try:
                config = embed.Config.from_query({"tut": found.id, **({"step": step} if step else {})})
            except embed.EmbedError as err:
                self.host.notify(lc_html.to_sentence(err.reason), "error")
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

    def tutorial_stars(self) -> dict[str, int]:
        try:
            return embed_screen.progress(self.host.storage_get(embed_screen.PROGRESS_KEY))
        except screen_types.StorageError:
            return {}

    def set_crumb(self, *names: str) -> None:
        """The top bar's trail after *Lost Cities* (nothing on the home screen)."""
        self.page.set_crumb(lc_html.crumb(*names))

    def render_home(self) -> None:
        self.host.show(catalogue.home_page(self.in_progress, version=lostcities.__version__, seed=self.host.seed))

    def in_progress(self, name: str) -> bool:
        """True when a readable, unfinished game of ``name`` is saved (damaged saves do not count)."""
        try:
            text = self.host.storage_get(f"lostcities:{name}:save")
        except screen_types.StorageError:
            return False
        return session.is_in_progress(text, name)
