"""The embed's frame in the engine's worker: one :class:`EmbedSession` per frame (``embed.html``).

``web/worker_main.py`` makes a session when a frame's ``web/view.js`` sends its ``start``
(what the frame's page knows: its address's parameters and fragment, the ``parent`` origin as the
browser's URL parser read it, its ``id``, the browser's languages).  The session reads the
parameters (:meth:`lostcities.ui.embed.Config.from_query`), opens an
:class:`embed_screen.EmbeddedScreen` on the frame's :class:`channel.ChannelHost`, and hands the
screen's messages for the host page to the frame as ``post`` operations (the frame posts them to
the ``parent`` origin only, never to ``*``).  The frame passes on the host page's messages
(``host``: their JSON text; the frame checked that they come from ``parent`` and from the parent
window itself) and the changes of its fragment (``route``, for ``#step=N``).  A bad parameter shows
its reason in the frame and is sent as an ``error`` message (when the ``parent`` is known).

It imports nothing of the browser: the same session runs in the worker and in tests.

>>> sent = []
>>> host = channel.ChannelHost(sent.append, seed=None)
>>> session = EmbedSession(host)
>>> session.start({"query": [["tut", "card-wagers"], ["parent", "https://rules.example.org"], ["id", "w"]],
...                "hash": "", "parent": "https://rules.example.org", "id": "w", "languages": ["en-GB"]})
>>> host.flush()
>>> ops = sent[0]["ops"]
>>> [op["message"]["type"] for op in ops if op["op"] == "post"][:2]
['ready', 'step']
>>> ops[-1]
{'op': 'route', 'route': 'embed'}
"""

from __future__ import annotations

import traceback
import typing

import catalogue
import channel
import embed_screen
from lostcities import i18n
from lostcities.ui import embed
from lostcities.ui import html as lc_html

ROUTE: typing.Final = "embed"
"""The frame's ``<html data-route>`` once the session has drawn it (and ``data-ready``)."""


def query_of(value: typing.Any) -> dict[str, str]:
    """The address's parameters from the frame's list of pairs (``URLSearchParams``' order: a name
    given twice keeps its last value, as the browser's reading into a mapping does).

    >>> query_of([["tut", "a"], ["tut", "b"], ["x"], ["n", 3]])
    {'tut': 'b'}
    """
    if not isinstance(value, list):
        return {}
    return {pair[0]: pair[1] for pair in value
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], str)}


class EmbedSession:
    """One frame's screen and what it knows of its host page, for the frame's lifetime."""

    def __init__(self, host: channel.ChannelHost) -> None:
        self.host = host
        self.browser_parent: str | None = None
        """``parent`` as the frame's script read it (the browser's URL parser): where a bad
        parameter is reported before the parameters are read."""
        self.parent: str | None = None
        self.ident = ""
        self.screen: embed_screen.EmbeddedScreen | None = None

    def guard(self, func: typing.Callable[[], None]) -> None:
        """Run a handler: an unexpected error goes to the frame's console and, as an ``internal``
        error, to the host page."""
        try:
            func()
        except Exception:  # noqa: BLE001 - the last line of defence of the frame
            self.host.console("error", "Python error in the embed:\n" + traceback.format_exc())
            said = i18n._("Something went wrong in this frame. Reload the page to try again.")
            self.post(embed.message("error", self.ident, code="internal", message=said))

    def post(self, message: dict[str, typing.Any]) -> None:
        """A message to the host page: only to ``parent`` (the frame sends it there, never to ``*``)."""
        if self.parent:
            self.host.op("post", message=message)

    def start(self, message: typing.Mapping[str, typing.Any]) -> None:
        """Open what the frame's address names (the frame's ``start`` message), then say it is drawn."""
        known = message.get("parent")
        self.browser_parent = known if isinstance(known, str) and known else None
        self.parent = self.browser_parent
        ident = message.get("id")
        self.ident = ident[:64] if isinstance(ident, str) else ""
        try:
            self.guard(lambda: self._open(message))
        finally:
            self.host.op("route", route=ROUTE)

    def _open(self, message: typing.Mapping[str, typing.Any]) -> None:
        query = query_of(message.get("query"))
        fragment = str(message.get("hash") or "")
        # lang=de|en, else the browser's languages; a malformed lang is refused (in English) by from_query
        if "lang" not in query or i18n.parse(query["lang"]) is not None:
            languages = message.get("languages")
            preferred = [str(tag) for tag in languages] if isinstance(languages, list) else []
            code = i18n.pick(query.get("lang"), None, preferred)[0]
            i18n.activate(code)
            self.host.op("lang", lang=code)
        try:
            config = embed.Config.from_query(query, fragment)
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
        self.screen = embed_screen.EmbeddedScreen(playable.adapter(), self.host, config, self.post)
        self.host.op("page-class", name="lc-embed-bare", on=not config.controls)
        self.screen.mount()

    def show_problem(self, err: embed.EmbedError) -> None:
        self.host.show(embed.problem(err.reason))
        self.post(embed.message("error", self.ident, code=err.code, message=lc_html.to_sentence(err.reason)))

    def receive(self, message: typing.Mapping[str, typing.Any]) -> None:
        """A message of the frame after its ``start``: the host page's (``host``), a new fragment
        (``route``), the notice's button (``action``), or the page's own reports and inputs
        (:meth:`channel.ChannelHost.receive`)."""
        kind = message.get("type")
        if kind == "host":
            text = message.get("text")
            self.guard(lambda: self.handle(text if isinstance(text, str) else None))
        elif kind == "action":
            if message.get("action") == "dismiss":  # the notice's button
                self.host.clear_notice()
        elif kind == "route":
            self.host.receive(message)
            self.guard(lambda: self.on_hash(str(message.get("hash") or "")))
        else:
            self.host.receive(message)

    def handle(self, text: str | None) -> None:
        """A message of the host page (from ``parent``) as its JSON text (None: the frame could not
        write it as JSON: a cycle, a depth JavaScript refuses, a value JSON has not)."""
        if self.screen is None:
            return
        if text is None:
            self.screen.report(embed.EmbedError(i18n._("the message cannot be read as JSON"), code="bad_message"))
            return
        try:
            data = embed.message_data(text)
        except embed.EmbedError as err:
            self.screen.report(err)
            return
        self.screen.receive(data)

    def on_hash(self, fragment: str) -> None:
        """The frame's fragment changed: ``#step=N`` opens that step."""
        pairs = dict(item.split("=", 1) for item in fragment.lstrip("#").split("&") if "=" in item)
        step = embed.whole(pairs.get("step", ""))
        if self.screen is not None and step is not None:
            self.screen.receive({"lc": embed.PROTOCOL, "type": "goto", "step": step})
        elif self.screen is not None and "step" in pairs:
            self.screen.report(embed.EmbedError(i18n._("#step must be a whole number in the digits 0-9, "
                                                       "not {value}").format(
                value=repr(pairs['step'][:40]))))
