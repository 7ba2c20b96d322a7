"""The embed page's Python entry point (``embed.html``): the only embed module that
imports ``js``, ``pyodide`` or ``pyscript``.

It reads the URL (:meth:`lostcities.ui.embed.Config.from_query`), opens an
:class:`embed_screen.EmbeddedScreen` on a :class:`host.BrowserHost`, posts the
screen's messages to the host page (to the ``parent`` origin only, never to
``*``), and passes on the host page's messages that come from that origin
and from the parent window itself.  A bad parameter shows its reason in the
frame and is sent as an ``error`` message (when the ``parent`` is known).
"""

from __future__ import annotations

import functools
import json
import traceback
import typing

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

import catalogue
import embed_screen
import host
from lostcities import i18n
from lostcities.ui import embed
from lostcities.ui import html as lc_html


class EmbedApp:
    """Holds the screen and the page's listeners for the frame's lifetime."""

    def __init__(self) -> None:
        known = getattr(window, "__lostcitiesEmbed", None)
        self.browser_parent: str | None = str(known.parent) if known and known.parent else None
        """``parent`` as the page's script read it (the browser's URL parser): where a bad
        parameter is reported before the parameters are read."""
        self.parent = self.browser_parent
        self.ident = str(known.id) if known and known.id else ""
        self.screen: embed_screen.EmbeddedScreen | None = None
        self.host: host.BrowserHost | None = None
        self._message_proxy = create_proxy(lambda event: self.guard(lambda: self.on_message(event)))
        window.addEventListener("message", self._message_proxy)
        self._hash_proxy = create_proxy(lambda event: self.guard(self.on_hash))
        window.addEventListener("hashchange", self._hash_proxy)

    def guard(self, func: typing.Callable[[], None]) -> None:
        try:
            func()
        except Exception:  # noqa: BLE001 - the last line of defence of the frame
            js.console.error("Python error in the embed:\n" + traceback.format_exc())
            said = i18n._("Something went wrong in this frame. Reload the page to try again.")
            self.post(embed.message("error", self.ident, code="internal", message=said))

    def post(self, message: dict[str, typing.Any]) -> None:
        """Send a message to the host page: only to ``parent``, never to ``*``."""
        if self.parent and window.parent != window:
            window.parent.postMessage(js.JSON.parse(json.dumps(message)), self.parent)

    def start(self) -> None:
        query = {str(k): str(v) for k, v in js.Array.from_(js.URLSearchParams.new(window.location.search))}
        # lang=de|en, else the browser's languages; a malformed lang is refused (in English) by from_query
        if "lang" not in query or i18n.parse(query["lang"]) is not None:
            preferred = [str(tag) for tag in (window.navigator.languages or [window.navigator.language or ""])]
            code = i18n.pick(query.get("lang"), None, preferred)[0]
            i18n.activate(code)
            document.documentElement.lang = code
        try:
            config = embed.Config.from_query(query, str(window.location.hash))
            if config.parent != self.browser_parent:
                # Read once, the same way on both sides: else the frame would post to one origin
                # and listen to another.
                raise embed.EmbedError(i18n._("parent {value} is not written as an origin; write it as the browser "
                                              "does: {browser_parent}").format(
                    value=repr(query.get('parent', '')), browser_parent=self.browser_parent))
        except embed.EmbedError as err:
            self.show_problem(err)
            return
        self.parent = config.parent
        self.ident = config.ident
        playable = {game.entry.name: game for game in catalogue.GAMES}.get(config.game)
        if playable is None:
            self.show_problem(embed.EmbedError(i18n._("this build does not include {title}").format(
                title=i18n._(config.game_class.title))))
            return
        self.host = host.BrowserHost(config.seed)
        self.screen = embed_screen.EmbeddedScreen(playable.adapter(), self.host, config, self.post)
        document.documentElement.classList.toggle("lc-embed-bare", not config.controls)
        self.screen.mount()

    def show_problem(self, err: embed.EmbedError) -> None:
        document.getElementById("app").innerHTML = embed.problem(err.reason)
        self.post(embed.message("error", self.ident, code=err.code, message=lc_html.to_sentence(err.reason)))

    def on_message(self, event: typing.Any) -> None:
        # Only the host page named by `parent`, and only its own window (not another frame of it).
        if not self.parent or str(event.origin) != self.parent or event.source != window.parent:
            return
        self.handle(event.data)

    def take_queue(self) -> None:
        """Run the host page's messages that web/embed.js kept before the engine ran (it checked their
        origin and source as :meth:`on_message` does), in order; from now on this app reads them."""
        known = getattr(window, "__lostcitiesEmbed", None)
        if not known:
            return
        queued = list(known.queue)
        known.queue = js.Array.new()
        known.live = True
        for data in queued:
            self.guard(functools.partial(self.handle, data))

    def handle(self, data: typing.Any) -> None:
        """A message of the host page (from ``parent``), as the browser handed it over."""
        if self.screen is None:
            return
        try:
            text = str(js.JSON.stringify(data))
        except Exception:  # noqa: BLE001 - anything a foreign page sends (a cycle, a depth JavaScript refuses)
            self.screen.report(embed.EmbedError(i18n._("the message cannot be read as JSON"), code="bad_message"))
            return
        try:
            data = embed.message_data(text)
        except embed.EmbedError as err:
            self.screen.report(err)
            return
        self.screen.receive(data)

    def on_hash(self) -> None:
        fragment = str(window.location.hash).lstrip("#")
        pairs = dict(item.split("=", 1) for item in fragment.split("&") if "=" in item)
        step = embed.whole(pairs.get("step", ""))
        if self.screen is not None and step is not None:
            self.screen.receive({"lc": embed.PROTOCOL, "type": "goto", "step": step})
        elif self.screen is not None and "step" in pairs:
            self.screen.report(embed.EmbedError(i18n._("#step must be a whole number in the digits 0-9, "
                                                       "not {value}").format(
                value=repr(pairs['step'][:40]))))


APP = EmbedApp()
APP.guard(APP.start)
APP.take_queue()
document.documentElement.dataset.ready = "1"
