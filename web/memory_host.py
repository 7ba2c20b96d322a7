"""The screen's browser in memory: :class:`MemoryHost` and :class:`MemoryRoot` run a
:class:`screen.Screen` under CPython (the tests, the build's posters) with no page at all; ``run``
fires the timers a computer's turn sets, in order.  ``screen.MemoryHost`` is this one."""

from __future__ import annotations

import typing

import screen_types
from lostcities.ui import html as lc_html

Input = screen_types.Input
StorageError = screen_types.StorageError
SLICE_SECONDS = screen_types.SLICE_SECONDS


class MemoryRoot:
    """A :class:`Root` kept in memory: regions as HTML strings, for tests and pageless runs."""

    def __init__(self, shell: str) -> None:
        self.shell = shell
        self.regions: dict[str, str] = {"main": ""}
        self.data: dict[str, str] = {}
        self.classes: set[str] = set()
        self.form: dict[str, str] = {}
        """Form values a test 'typed'."""
        self.focus_data: dict[str, str] | None = None
        self.handler: typing.Callable[[Input], None] | None = None
        self.closed = False
        self.marked: list[dict[str, str]] = []
        """The ``data-*`` descriptions highlighted last (:meth:`mark`)."""

    def set_html(self, region: str, html: str) -> None:
        if region == "main":
            # The regions inside main go with it; those of the shell around it stay.
            self.regions = {"main": html, **{k: v for k, v in self.regions.items() if k in lc_html.OUTER_REGIONS}}
        elif region in lc_html.OUTER_REGIONS and f'data-region="{region}"' not in self.shell:
            return
        else:
            self.regions[region] = html

    def spot(self, names: typing.Sequence[str], arrows: typing.Sequence[tuple[str, str]] = ()) -> None:
        page = self.html()
        self.spots = tuple(name for name in names if f'data-spot="{name}"' in page)
        self.arrows = tuple(pair for pair in arrows if all(f'data-spot="{n}"' in page for n in pair))

    def set_data(self, name: str, value: str) -> None:
        self.data[name] = value

    def set_class(self, name: str, on: bool) -> None:
        (self.classes.add if on else self.classes.discard)(name)

    def values(self) -> dict[str, str]:
        return dict(self.form)

    def focus(self, data: typing.Mapping[str, str]) -> bool:
        page = self.html()
        if not all(f'data-{key}="{value}"' in page for key, value in data.items()):
            return False
        self.focus_data = dict(data)
        return True

    def focused(self) -> dict[str, str] | None:
        return self.focus_data

    def is_focus_lost(self) -> bool:
        return self.focus_data is None

    def mark(self, places: typing.Sequence[typing.Mapping[str, str]]) -> None:
        self.marked = [dict(place) for place in places]

    def listen(self, handler: typing.Callable[[Input], None]) -> None:
        if self.handler is not None:
            raise RuntimeError("the screen listener is installed once")
        self.handler = handler

    def close(self) -> None:
        self.handler = None
        self.regions = {}
        self.closed = True

    def html(self) -> str:
        """Every region's HTML, the main one first."""
        return "".join(self.regions.values())

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        """Deliver a click to the screen's listener."""
        assert self.handler is not None, "no listener"
        self.handler(Input("click", action=action, target=target, data=data))

    def change(self, action: str, *, value: str, **data: str) -> None:
        """Deliver a changed input (a slider, a field) to the screen's listener."""
        assert self.handler is not None, "no listener"
        self.handler(Input("change", action=action, data=data, value=value))


class MemoryHost:
    """A :class:`Host` in memory: a dict for storage (None: storage off), a
    manual clock and timer queue (:meth:`run` fires them), lists of notices and
    console lines."""

    def __init__(self, *, storage: dict[str, str] | None = None, seed: int | None = 1,
                 quota: int | None = None) -> None:
        self.storage = storage
        self.quota = quota
        """Characters the storage holds in all (None: no limit), as a browser's quota."""
        self.seed = seed
        self.think_slice: float | None = SLICE_SECONDS
        self.root: MemoryRoot | None = None
        self.now = 0.0
        self.timers: dict[int, tuple[float, typing.Callable[[], None]]] = {}
        self._next = 0
        self.notices: list[tuple[str, str]] = []
        self.logs: list[tuple[str, str]] = []
        self.info = ""
        self.watchers: dict[str, list[typing.Callable[[str | None], None]]] = {}
        self.full = False
        """True: writes fail as if the storage were full."""
        self.downloads: list[tuple[str, str]] = []
        """Files offered to the player: (name, text)."""

    def mount(self, shell: str) -> MemoryRoot:
        self.root = MemoryRoot(shell)
        return self.root

    def storage_get(self, key: str) -> str | None:
        if self.storage is None:
            raise StorageError("storage is off")
        return self.storage.get(key)

    def storage_set(self, key: str, text: str) -> None:
        if self.storage is None or self.full:
            raise StorageError("storage is off or full")
        used = sum(len(k) + len(v) for k, v in self.storage.items() if k != key)
        if self.quota is not None and used + len(key) + len(text) > self.quota:
            raise StorageError("QuotaExceededError")
        self.storage[key] = text

    def storage_remove(self, key: str) -> None:
        if self.storage is not None:
            self.storage.pop(key, None)

    def watch_storage(self, key: str, func: typing.Callable[[str | None], None]) -> typing.Callable[[], None]:
        self.watchers.setdefault(key, []).append(func)
        return lambda: self.watchers[key].remove(func)

    def other_tab_writes(self, key: str, text: str | None) -> None:
        """Simulate another tab: change storage and fire the ``storage`` event."""
        if self.storage is not None:
            if text is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = text
        for func in list(self.watchers.get(key, [])):
            func(text)

    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        self._next += 1
        self.timers[self._next] = (self.now + ms / 1000, func)
        return self._next

    def cancel(self, handle: int) -> None:
        self.timers.pop(handle, None)

    def clock(self) -> float:
        return self.now

    def run(self, limit: int = 100_000) -> int:
        """Fire due timers in order (advancing the clock) until none is left; returns how many fired."""
        fired = 0
        while self.timers and fired < limit:
            handle = min(self.timers, key=lambda h: (self.timers[h][0], h))
            when, func = self.timers.pop(handle)
            self.now = max(self.now, when) + 0.001
            func()
            fired += 1
        return fired

    def notify(self, text: str, kind: str = "info") -> None:
        self.notices.append((kind, text))

    def clear_notice(self) -> None:
        self.notices.clear()

    def console(self, level: str, text: str) -> None:
        self.logs.append((level, text))

    def set_info(self, text: str) -> None:
        self.info = text

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))
