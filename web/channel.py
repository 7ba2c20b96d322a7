"""The screen's page as messages: :class:`screen_types.Host` and :class:`screen_types.Root` for a screen that
runs away from the page (in a Web Worker), talking to it in plain data only.

The worker side (``web/worker_main.py``) sends the page *operations* (:data:`OPS`): dicts of
strings, numbers and lists, in batches (:meth:`ChannelHost.flush`), which ``web/view.js`` applies
to the DOM.  The page sends the worker what happened (:meth:`ChannelHost.receive`): an input with
what the screen may ask of the page at that moment (the form's values, where the keyboard is,
the site's stored texts), a change of another tab's storage, a write the browser refused.

Nothing here reads the page synchronously: the screen's questions are answered from what the
page reported last (:meth:`ChannelRoot.values`, :meth:`ChannelRoot.focused`) and from a copy of
the site's storage that each report refreshes (the writes the page has not yet confirmed are laid
over it again).  A focus is asked for as an operation; consecutive focus operations form one chain
that the page tries in order until one element takes the focus (the screen's fallbacks,
``any(root.focus(place) for place in places)``, arrive whole because :meth:`ChannelRoot.focus`
answers False).

>>> sent = []
>>> host = ChannelHost(sent.append, seed=None)
>>> host.receive({"type": "start", "storage": {"lostcities:card:prefs": "{}"}, "acked": 0})
>>> host.storage_get("lostcities:card:prefs")
'{}'
>>> root = host.mount('<section class="lc-screen"><div data-region="main"></div></section>')
>>> root.set_data("phase", "setup")
>>> host.flush()
>>> [op["op"] for op in sent[0]["ops"]]
['mount', 'data']
"""

from __future__ import annotations

import time
import typing

import screen_saves
import screen_types
from lostcities.ui import html as lc_html

SEND = typing.Callable[[dict[str, typing.Any]], None]
"""Posts one message (plain data) to the page."""
SCHEDULE = typing.Callable[[int, typing.Callable[[], None]], int]
"""Calls a function after some milliseconds in a new task of the worker; returns a handle."""

OPS: typing.Final = frozenset({
    "mount", "html", "data", "class", "focus", "mark", "spot", "close", "show", "notify", "clear-notice",
    "info", "console", "download", "store", "unstore", "crumb", "route", "home", "lang", "post", "page-class"})
"""What the page is asked to do (``web/view.js`` applies each)."""
PREFIX: typing.Final = "lostcities:"
"""The storage keys the page copies to the worker: the site's own."""


class ChannelError(ValueError):
    """A message from the page that is not one of :meth:`ChannelHost.receive`'s kinds."""


def text_map(value: typing.Any) -> dict[str, str]:
    """A mapping of strings from a message (anything else in it is dropped)."""
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def put(texts: dict[str, str] | None, key: str, text: str | None) -> None:
    """Set ``key`` to ``text`` in a copy of the storage (None: remove it; no copy: nothing).

    >>> texts = {"a": "1"}
    >>> put(texts, "b", "2"); put(texts, "a", None); put(None, "c", "3"); texts
    {'b': '2'}
    """
    if texts is None:
        return
    if text is None:
        texts.pop(key, None)
    else:
        texts[key] = text


def read_input(message: typing.Mapping[str, typing.Any]) -> screen_types.Input:
    """The :class:`screen_types.Input` an ``input`` message carries.

    >>> read_input({"kind": "click", "action": "start", "data": {"action": "start", "n": 3}})
    Input(kind='click', action='start', target='', data={'action': 'start'}, key='', value='')
    """
    kind = message.get("kind")
    if kind not in ("click", "change", "key"):
        raise ChannelError(f"an input's kind is click, change or key, not {kind!r}")
    return screen_types.Input(str(kind), action=str(message.get("action") or ""),
                              target=str(message.get("target") or ""), data=text_map(message.get("data")),
                              key=str(message.get("key") or ""), value=str(message.get("value") or ""))


class ChannelRoot:
    """A :class:`screen_types.Root` whose element lives in the page: every call becomes an operation."""

    def __init__(self, host: ChannelHost, ident: int) -> None:
        self.host = host
        self.ident = ident
        self.handler: typing.Callable[[screen_types.Input], None] | None = None
        self.form: dict[str, str] = {}
        """The form fields as the page reported them with the last input."""
        self.focus_data: dict[str, str] | None = None
        """The ``data-*`` of the focused element inside the root, as the page reported it last."""
        self.lost = False
        """The page's last report found the keyboard focus nowhere (the page's body)."""

    def _op(self, op: str, **fields: typing.Any) -> None:
        self.host.op(op, root=self.ident, **fields)

    def set_html(self, region: str, html: str) -> None:
        self._op("html", region=region, html=html)

    def set_data(self, name: str, value: str) -> None:
        self._op("data", name=name, value=value)

    def set_class(self, name: str, on: bool) -> None:
        self._op("class", name=name, on=on)

    def values(self) -> dict[str, str]:
        return dict(self.form)

    def focus(self, data: typing.Mapping[str, str]) -> bool:
        self._op("focus", data=dict(data))
        return False  # the page decides: the chain goes on to the screen's next choice

    def focused(self) -> dict[str, str] | None:
        return self.focus_data

    def is_focus_lost(self) -> bool:
        return self.lost

    def mark(self, places: typing.Sequence[typing.Mapping[str, str]]) -> None:
        self._op("mark", places=[dict(place) for place in places])

    def spot(self, names: typing.Sequence[str], arrows: typing.Sequence[tuple[str, str]] = ()) -> None:
        self._op("spot", names=list(names), arrows=[list(pair) for pair in arrows])

    def listen(self, handler: typing.Callable[[screen_types.Input], None]) -> None:
        if self.handler is not None:
            raise RuntimeError("the screen listener is installed once")
        self.handler = handler

    def close(self) -> None:
        self.handler = None
        self._op("close")
        self.host.roots.pop(self.ident, None)

    def report(self, message: typing.Mapping[str, typing.Any]) -> None:
        """What the page says of the root: its form, where the keyboard is."""
        if "values" in message:
            self.form = text_map(message.get("values"))
        if "focus" in message:
            found = message.get("focus")
            self.focus_data = (text_map(found) or None) if isinstance(found, dict) else None
            self.lost = bool(message.get("lost"))


class ChannelHost:
    """A :class:`screen_types.Host` whose page is reached by messages.

    ``send`` posts a message to the page; ``schedule``/``unschedule`` are the worker's timers
    (None: a queue kept here, fired by :meth:`run`, for tests)."""

    think_slice: float | None = None
    """A computer thinks in one go: the worker has no page to keep responsive."""

    def __init__(self, send: SEND, seed: int | None, *, schedule: SCHEDULE | None = None,
                 unschedule: typing.Callable[[int], None] | None = None) -> None:
        self.send = send
        self.seed = seed
        self.schedule = schedule
        self.unschedule = unschedule
        self.queue: dict[int, typing.Callable[[], None]] = {}
        """The timers when there is no ``schedule`` (fired in order by :meth:`run`)."""
        self._next_timer = 0
        self.roots: dict[int, ChannelRoot] = {}
        self._next_root = 0
        self.ops: list[dict[str, typing.Any]] = []
        self.storage: dict[str, str] | None = {}
        """The site's stored texts as the page reported them, with this side's unconfirmed writes
        over them (None: the page has no storage)."""
        self.page_copy: dict[str, str] | None = {}
        """The site's stored texts as the page reported them last (None: the page has no storage)."""
        self.pending: list[tuple[int, str, str | None]] = []
        """Writes sent and not yet confirmed by the page: (number, key, text or None for a removal)."""
        self._writes = 0
        self.refused = False
        """The page's storage refused a write (full): every later write fails here at once."""
        self.watchers: dict[str, list[typing.Callable[[str | None], None]]] = {}
        self.notice = ""

    # -- the page's operations -----------------------------------------------------------------------
    def op(self, op: str, **fields: typing.Any) -> None:
        if op not in OPS:
            raise ValueError(f"{op!r} is not an operation of the page")
        self.ops.append({"op": op, **fields})

    def flush(self) -> None:
        """Send the operations gathered since the last flush, as one batch (the page applies it whole)."""
        if self.ops:
            ops, self.ops = self.ops, []
            self.send({"type": "ops", "ops": ops})

    def mount(self, shell: str) -> ChannelRoot:
        self._next_root += 1
        root = ChannelRoot(self, self._next_root)
        self.roots[root.ident] = root
        self.op("mount", root=root.ident, shell=shell)
        return root

    def show(self, html: str) -> None:
        """A page of the app that is not a screen (home, rules, Learn to play, statistics)."""
        self.op("show", html=html)

    # -- what the page says ----------------------------------------------------------------------------
    def receive(self, message: typing.Mapping[str, typing.Any]) -> None:
        """Take in a message of the page: a report refreshes the copies kept here; an ``input`` goes
        to its root's listener (after the root's report), as a :class:`screen_types.Input`."""
        kind = message.get("type")
        if "storage" in message:
            self.refresh(message.get("storage"), int(message.get("acked") or 0))
        elif "changes" in message:
            self.update(message.get("changes"), int(message.get("acked") or 0))
        root = self.roots.get(int(message.get("root") or 0))
        if kind in ("start", "route", "report"):
            if root is not None:
                root.report(message)
        elif kind == "input":
            event = read_input(message)
            if root is not None and root.handler is not None:  # else a click on a screen closed meanwhile
                root.report(message)
                root.handler(event)
        elif kind == "storage-event":
            value = message.get("value")
            # With the page's copy (refreshed above), the copy holds what is stored NOW: the event's
            # text may be older (this tab's own later write may be the one that stands).
            self.changed(str(message.get("key") or ""), value if isinstance(value, str) else None,
                         keep_copy="storage" in message or "changes" in message)
        elif kind == "storage-refused":
            self.on_refused(str(message.get("key") or ""), str(message.get("error") or ""), message.get("value"))
        else:
            raise ChannelError(f"{kind!r} is not a message the page sends")

    def refresh(self, stored: typing.Any, acked: int) -> None:
        """The page's copy of the site's storage (None: no storage), with every write numbered up
        to ``acked`` applied; the later ones are laid over it again."""
        self.page_copy = None if stored is None else text_map(stored)
        self._overlay(acked)

    def update(self, changes: typing.Any, acked: int) -> None:
        """What changed in the page's storage since its last message (``web/view.js`` sends its whole
        copy once, then only the keys that changed: a text, or None for a key removed).  The writes
        numbered up to ``acked`` are in the page's storage now (the page does not send them back:
        a write it could not make comes back as its own text, or a refusal); the later ones are laid
        over the copy again.

        >>> host = ChannelHost(lambda message: None, seed=None)
        >>> host.receive({"type": "report", "storage": {"lostcities:a": "1", "lostcities:b": "2"}, "acked": 0})
        >>> host.storage_set("lostcities:d", "4")
        >>> host.receive({"type": "report", "changes": {"lostcities:a": None, "lostcities:c": "3"}, "acked": 1})
        >>> sorted(host.storage.items())
        [('lostcities:b', '2'), ('lostcities:c', '3'), ('lostcities:d', '4')]
        """
        for number, key, text in self.pending:
            if number <= acked:
                put(self.page_copy, key, text)
        if isinstance(changes, dict):
            for key, text in changes.items():
                if isinstance(key, str):
                    put(self.page_copy, key, text if isinstance(text, str) else None)
        self._overlay(acked)

    def _overlay(self, acked: int) -> None:
        self.pending = [entry for entry in self.pending if entry[0] > acked]
        if self.page_copy is None:
            self.storage = None
            return
        self.storage = dict(self.page_copy)
        for _, key, text in self.pending:
            self._put(key, text)

    def changed(self, key: str, text: str | None, *, keep_copy: bool = False) -> None:
        """Another tab changed ``key`` (the browser's ``storage`` event): the screens watching it are
        told; the copy takes the event's text unless the page sent its copy with the event (``keep_copy``)."""
        if self.storage is not None and key.startswith(PREFIX) and not keep_copy:
            self._put(key, text)
            put(self.page_copy, key, text)
        for func in list(self.watchers.get(key, [])):
            func(text)

    def on_refused(self, key: str, error: str, value: typing.Any) -> None:
        """The page could not store a write (the storage is full): the copy takes the text the page
        still holds, every later write fails at once, and the player is told."""
        self.refused = True
        if self.storage is not None:
            self._put(key, value if isinstance(value, str) else None)
            put(self.page_copy, key, value if isinstance(value, str) else None)
        self.console("warn", f"storage refused: {error}")
        self.notify(screen_saves.STORAGE_OFF, "error")

    def _put(self, key: str, text: str | None) -> None:
        put(self.storage, key, text)

    # -- storage ---------------------------------------------------------------------------------------
    def storage_get(self, key: str) -> str | None:
        if self.storage is None:
            raise screen_types.StorageError("the page has no localStorage")
        return self.storage.get(key)

    def storage_set(self, key: str, text: str) -> None:
        if self.storage is None:
            raise screen_types.StorageError("the page has no localStorage")
        if self.refused:
            raise screen_types.StorageError("the page's localStorage refused a write (full)")
        self._write(key, text)

    def storage_remove(self, key: str) -> None:
        if self.storage is not None:
            self._write(key, None)

    def _write(self, key: str, text: str | None) -> None:
        self._writes += 1
        self.pending.append((self._writes, key, text))
        self._put(key, text)
        if text is None:
            self.op("unstore", key=key, seq=self._writes)
        else:
            self.op("store", key=key, text=text, seq=self._writes)

    def watch_storage(self, key: str, func: typing.Callable[[str | None], None]) -> typing.Callable[[], None]:
        if self.storage is None:
            raise screen_types.StorageError("the page has no localStorage")
        self.watchers.setdefault(key, []).append(func)
        return lambda: self.watchers[key].remove(func)

    # -- time ------------------------------------------------------------------------------------------
    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        def fire() -> None:
            try:
                func()
            finally:
                self.flush()

        if self.schedule is None:
            self._next_timer += 1
            self.queue[self._next_timer] = fire
            return self._next_timer
        return self.schedule(ms, fire)

    def cancel(self, handle: int) -> None:
        if self.unschedule is None:
            self.queue.pop(handle, None)
        else:
            self.unschedule(handle)

    def run(self, limit: int = 100_000) -> int:
        """Fire the queued timers in order until none is left (without ``schedule``); returns how many."""
        fired = 0
        while self.queue and fired < limit:
            handle = min(self.queue)
            self.queue.pop(handle)()
            fired += 1
        return fired

    def clock(self) -> float:
        return time.perf_counter()

    # -- words -----------------------------------------------------------------------------------------
    def notify(self, text: str, kind: str = "info") -> None:
        self.notice = text
        self.op("notify", html=lc_html.notice(text), kind=kind)

    def clear_notice(self) -> None:
        self.notice = ""
        self.op("clear-notice")

    def notice_text(self) -> str:
        return self.notice

    def console(self, level: str, text: str) -> None:
        self.op("console", level=level, text=text)

    def set_info(self, text: str) -> None:
        self.op("info", text=text)

    def download(self, name: str, text: str) -> None:
        self.op("download", name=name, text=text)
