"""The app in a Web Worker: :class:`shell.Shell` on a :class:`channel.ChannelHost`.

``web/engine.mjs`` starts Pyodide in the worker, imports this module and hands every message of
the page to :func:`receive` (a JSON text); what the screens draw goes back to the page as batches
of operations (``web/view.js`` applies them).  With ``web/engine.mjs`` and ``web/timers.py``, the only
code of the worker that touches ``js`` or ``pyodide``.
"""

from __future__ import annotations

import json
import traceback
import typing

import js

import channel
import shell
import timers
from lostcities.ui import html as lc_html


def send(message: dict[str, typing.Any]) -> None:
    """Post a message to the page (as JSON text: plain data only)."""
    js.postMessage(json.dumps(message, separators=(",", ":")))


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


class Engine:
    """The shell and its host for the worker's lifetime (created by the page's ``start``)."""

    def __init__(self) -> None:
        self.timers = timers.Timers()
        self.host: channel.ChannelHost | None = None
        self.shell: shell.Shell | None = None

    def receive(self, text: str) -> None:
        """Handle one message of the page, send what it drew, then say it is done (with the
        message's ``seq``: the page marks itself pending until the worker has answered all)."""
        seq: object = None
        try:
            message = json.loads(text)
            seq = message.get("seq")
            self.dispatch(message)
        except Exception:  # noqa: BLE001 - the last line of defence of the worker
            send({"type": "ops", "ops": [
                {"op": "console", "level": "error", "text": "Python error in the engine:\n" + traceback.format_exc()},
                {"op": "notify", "kind": "error",
                 "text": "Something went wrong. Your games are saved: reload the page to go on."}]})
        finally:
            if self.host is not None:
                self.host.flush()
            if isinstance(seq, int):
                send({"type": "done", "seq": seq})

    def dispatch(self, message: dict[str, typing.Any]) -> None:
        kind = message.get("type")
        if kind == "start":
            self.start(message)
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
        seed, problem = shell.parse_seed(str(message.get("search") or ""))
        host = channel.ChannelHost(send, seed, schedule=self.timers.later, unschedule=self.timers.cancel)
        self.host = host
        host.receive({**message, "type": "report"})
        if message.get("framed"):
            # The app does not run in another page's frame (a game could be clicked blindly).
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


ENGINE = Engine()


def receive(text: str) -> None:
    """A message of the page (``web/engine.mjs`` calls it)."""
    ENGINE.receive(text)
