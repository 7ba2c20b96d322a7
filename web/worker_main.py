"""The engine in a Web Worker: a session per page, each on its own :class:`channel.ChannelHost`:
the app's :class:`shell.Shell` (index.html) or an embed's frame (:class:`embed_main.EmbedSession`).

``web/engine.mjs`` starts Pyodide in the worker, imports this module and hands every message of
a page to :func:`receive` (its number and a JSON text); what the screens draw goes back to that
page as batches of operations (``web/view.js`` applies them).  The app's worker serves one page;
the embeds' shared worker serves every frame of a host page, each in its own session, in one
interpreter.  With ``web/engine.mjs`` and ``web/timers.py``, the only
code of the worker that touches ``js`` or ``pyodide``.
"""

from __future__ import annotations

import json
import traceback
import typing

import js

import channel
import embed_main
import shell
import timers
from lostcities import i18n
from lostcities.ui import html as lc_html

SEND: typing.Final = "lostcitiesSend"
"""The worker's function (``web/engine.mjs``) that posts a text to one of its pages."""


class Session:
    """One page of the engine: the app's tab (its :class:`shell.Shell`) or an embed's frame (its
    :class:`embed_main.EmbedSession`), with its own host, timers and language.

    Every call into the session (:meth:`run`) speaks the session's language: the language one page
    chose (:func:`lostcities.i18n.activate`) is never the one another page of the same worker speaks.
    """

    def __init__(self, client: int) -> None:
        self.client = client
        self.language = i18n.SOURCE
        """The page's language, as its last call left it."""
        self.timers = timers.Timers()
        self.host: channel.ChannelHost | None = None
        self.shell: shell.Shell | None = None
        self.embed: embed_main.EmbedSession | None = None

    def send(self, message: dict[str, typing.Any]) -> None:
        """Post a message to this session's page (as JSON text: plain data only)."""
        getattr(js, SEND)(self.client, json.dumps(message, separators=(",", ":")))

    def run(self, func: typing.Callable[[], None]) -> None:
        """Call ``func`` in this page's language, and keep the language it leaves (a switch, a start).
        The worker runs one call at a time, to its end: nothing else speaks meanwhile."""
        i18n.activate(self.language)
        try:
            func()
        finally:
            self.language = i18n.current()

    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        return self.timers.later(ms, lambda: self.run(func))

    def close(self) -> None:
        """The page has gone: its timers stop (nothing more is drawn for it)."""
        self.timers.cancel_all()
        self.host = None
        self.shell = None
        self.embed = None

    def receive(self, text: str) -> None:
        """Handle one message of the page, send what it drew, then say it is done (with the
        message's ``seq``: the page marks itself pending until the worker has answered all)."""
        seq: object = None
        try:
            message = json.loads(text)
            seq = message.get("seq")
            self.run(lambda: self.dispatch(message))
        except Exception:  # noqa: BLE001 - the last line of defence of the worker
            self.send({"type": "ops", "ops": [
                {"op": "console", "level": "error", "text": "Python error in the engine:\n" + traceback.format_exc()},
                {"op": "notify", "kind": "error",
                 "text": "Something went wrong. Your games are saved: reload the page to go on."}]})
        finally:
            if self.host is not None:
                self.host.flush()
            if isinstance(seq, int):
                self.send({"type": "done", "seq": seq})

    def dispatch(self, message: dict[str, typing.Any]) -> None:
        kind = message.get("type")
        if kind == "start":
            self.start(message)
            return
        if self.embed is not None:
            self.embed.receive(message)
            return
        if self.host is None or self.shell is None:
            raise channel.ChannelError(f"a {kind!r} message before the start")
        if kind == "route":
            self.host.receive(message)
            found = self.shell
            found.guard(lambda: found.open_route(str(message.get("hash") or "")))
        elif kind == "action":
            self.shell.on_action(str(message.get("action") or ""), str(message.get("hash") or ""))
        elif kind == "language":
            found = self.shell
            found.guard(lambda: found.switch_language(str(message.get("lang") or ""), str(message.get("hash") or "")))
        else:
            self.host.receive(message)

    def start(self, message: dict[str, typing.Any]) -> None:
        if self.host is not None:
            raise channel.ChannelError("a second start of one page")
        if message.get("kind") == "embed":
            host = channel.ChannelHost(self.send, None, schedule=self.later, unschedule=self.timers.cancel)
            self.host = host
            host.receive({**message, "type": "report"})
            self.embed = embed_main.EmbedSession(host)
            self.embed.start(message)
            return
        seed, problem = shell.parse_seed(str(message.get("search") or ""))
        host = channel.ChannelHost(self.send, seed, schedule=self.later, unschedule=self.timers.cancel)
        self.host = host
        host.receive({**message, "type": "report"})
        if message.get("framed"):
            # The app does not run in another page's frame (a game could be clicked blindly).  web/boot.js
            # normally stops a framed app before any engine starts; this is the second guard.
            host.show(lc_html.framed(str(message.get("href") or "")))
            host.op("route", route="framed")
            return
        preferred = [str(tag) for tag in (js.navigator.languages or [js.navigator.language or ""])]
        code, language_problem = shell.choose_language(host, str(message.get("search") or ""), preferred)
        page = WorkerPage(host)
        host.op("lang", lang=code)
        found = shell.Shell(host, page, " ".join(filter(None, (language_problem, problem))) or None)
        self.shell = found
        found.guard(lambda: found.open_route(str(message.get("hash") or "")))


class WorkerPage:
    """A :class:`shell.Page` reached by the host's operations."""

    def __init__(self, host: channel.ChannelHost) -> None:
        self.host = host

    def set_crumb(self, html: str) -> None:
        self.host.op("crumb", html=html)

    def finish(self, route: str) -> None:
        self.host.op("route", route=route)

    def go_home(self) -> None:
        self.host.op("home")

    def set_language(self, code: str) -> None:
        self.host.op("lang", lang=code)


SESSIONS: dict[int, Session] = {}
"""The pages of this worker by the number ``web/engine.mjs`` gave each (a dedicated worker: one;
the embeds' shared worker: every frame of the host page)."""


def receive(client: int, text: str) -> None:
    """A message (JSON text) of page ``client`` (``web/engine.mjs`` calls it)."""
    found = SESSIONS.get(client)
    if found is None:
        found = SESSIONS[client] = Session(client)
    found.receive(text)


def close(client: int) -> None:
    """Page ``client`` has gone (closed, reloaded, navigated away): its session ends."""
    found = SESSIONS.pop(client, None)
    if found is not None:
        found.close()
