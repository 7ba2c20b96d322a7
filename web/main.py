"""The app on the page's own thread: :class:`shell.Shell` with :class:`host.BrowserHost`.

The routes, the home page and the seed are :mod:`shell`'s (the same shell runs in a Web Worker
with ``web/worker_main.py``); this module is the glue to the page: the address, the top bar, the
document's clicks.  The app runs only in its own tab: in another page's frame it says so and links
to itself (``embed.html`` is the page made for frames).
"""

from __future__ import annotations

import typing

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

import host
import shell
from lostcities.ui import html as lc_html


def is_framed() -> bool:
    """True when this page is shown inside another page's frame (any error reading it counts as framed)."""
    try:
        return bool(window.self != window.top)
    except Exception:  # noqa: BLE001 - a browser that refuses to compare its windows: refuse to run
        return True


def refuse_framed() -> None:
    """The app does not run in another page's frame (a game could be clicked blindly): say so, link it.
    web/boot.js normally stops a framed app before PyScript is even added; this is the second guard."""
    document.getElementById("app").innerHTML = lc_html.framed(str(window.location.href))
    document.documentElement.dataset.route = "framed"
    document.documentElement.dataset.ready = "1"


class BrowserPage:
    """A :class:`shell.Page` on the document."""

    def set_crumb(self, html: str) -> None:
        host.set_markup(document.getElementById("topbar-crumb"), html)

    def finish(self, route: str) -> None:
        document.documentElement.dataset.route = route
        document.documentElement.dataset.ready = "1"

    def go_home(self) -> None:
        window.location.hash = ""

    def set_language(self, code: str) -> None:
        document.documentElement.lang = code
        manifest = document.querySelector('link[rel="manifest"]')  # its language's (web/page.js)
        if manifest:
            manifest.setAttribute("href", "./web/manifest" + ("" if code == "en" else f".{code}") + ".webmanifest")
        params = js.URLSearchParams.new(str(window.location.search))
        if params.has("lang"):
            params.delete("lang")
            query = str(params.toString())
            window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else "")
                                        + str(window.location.hash))


class App:
    """The shell and the page's listeners for the page's lifetime."""

    def __init__(self) -> None:
        search = str(window.location.search)
        seed, problem = shell.parse_seed(search)
        self.host = host.BrowserHost(seed)
        preferred = [str(tag) for tag in (window.navigator.languages or [window.navigator.language or ""])]
        code, language_problem = shell.choose_language(self.host, search, preferred)
        page = BrowserPage()
        document.documentElement.lang = code
        self.shell = shell.Shell(self.host, page, " ".join(filter(None, (language_problem, problem))) or None)
        self._hash_proxy = create_proxy(lambda event: self.shell.guard(self.open_route))
        window.addEventListener("hashchange", self._hash_proxy)
        self._click_proxy = create_proxy(lambda event: self.shell.guard(lambda: self._on_click(event)))
        document.addEventListener("click", self._click_proxy)

    def open_route(self) -> None:
        self.shell.open_route(str(window.location.hash))

    def _on_click(self, event: typing.Any) -> None:
        language = event.target.closest("a[data-lang]") if event.target else None
        if language:  # a language link (its href, ?lang=, is for the page before Python runs)
            event.preventDefault()
            self.shell.switch_language(str(language.dataset.lang), str(window.location.hash))
            return
        target = event.target.closest("[data-action]") if event.target else None
        if not target:  # closest() gives jsnull when nothing matches
            return
        if self.shell.on_action(str(target.dataset.action), str(window.location.hash)):
            event.preventDefault()


if is_framed():
    refuse_framed()
else:
    APP = App()
    APP.shell.guard(APP.open_route)
