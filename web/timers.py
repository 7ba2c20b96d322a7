"""The browser's timers for Python, on the page or in a Web Worker (``setTimeout`` of either global).

With ``host.py`` and ``worker_main.py``, glue that imports ``js`` and ``pyodide``.  One proxy per
pending timer, destroyed when it fires or is cancelled: nothing leaks however many timers a game
sets.
"""

from __future__ import annotations

import typing

import js
from pyodide.ffi import create_proxy


class Timers:
    """``setTimeout``/``clearTimeout`` of the global scope, with the proxies they need."""

    def __init__(self) -> None:
        self.proxies: dict[int, typing.Any] = {}

    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        """Call ``func`` after ``ms`` milliseconds, in a new task; returns the handle."""
        holder: list[int] = []

        def fire(*_: typing.Any) -> None:
            proxy = self.proxies.pop(holder[0], None)
            try:
                func()
            finally:
                if proxy is not None:
                    proxy.destroy()

        proxy = create_proxy(fire)
        handle = int(js.setTimeout(proxy, ms))
        holder.append(handle)
        self.proxies[handle] = proxy
        return handle

    def cancel(self, handle: int) -> None:
        """Cancel a pending :meth:`later` (nothing if it fired or was cancelled)."""
        proxy = self.proxies.pop(handle, None)
        if proxy is not None:
            js.clearTimeout(handle)
            proxy.destroy()

    def cancel_all(self) -> None:
        """Cancel every pending :meth:`later` (the page they were for has gone)."""
        for handle in list(self.proxies):
            self.cancel(handle)
