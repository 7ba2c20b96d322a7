"""The browser host of the generic screen: ``screen_types.Host`` and ``screen_types.Root`` on the real page.

With ``main.py``, the only module that imports ``js``, ``pyodide`` or
``pyscript``.  JavaScript objects are typed ``typing.Any``.

Leaks are avoided by construction: a screen root has ONE delegated listener
proxy (clicks, changes and key presses), created at ``listen`` and destroyed
at ``close``; rendering only sets ``innerHTML`` (no proxy per render); a timer
proxy is destroyed when it fires or is cancelled; the ``storage`` listener is
destroyed when its screen stops watching.
"""

from __future__ import annotations

import time
import typing

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import screen_types
import timers
from lostcities.ui import html as lc_html

EVENTS: typing.Final = ("click", "change", "keydown")


def data_of(el: typing.Any) -> dict[str, str]:
    """The ``data-*`` attributes of a DOM element, without the prefix."""
    found: dict[str, str] = {}
    for name in el.getAttributeNames():
        text = str(name)
        if text.startswith("data-"):
            found[text[5:]] = str(el.getAttribute(text) or "")
    return found


def css_string(value: str) -> str:
    """``value`` quoted for a CSS attribute selector."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def arrows_svg(root: typing.Any, arrows: typing.Sequence[tuple[str, str]]) -> str:
    """An SVG laid over ``root`` with an arrow between the centres of each pair of named elements."""
    box = root.getBoundingClientRect()
    lines = []
    for start, end in arrows:
        one = root.querySelector(f"[data-spot={css_string(start)}]")
        two = root.querySelector(f"[data-spot={css_string(end)}]")
        if not one or not two:
            continue
        a, b = one.getBoundingClientRect(), two.getBoundingClientRect()
        x1, y1 = a.left + a.width / 2 - box.left, a.top + a.height / 2 - box.top
        x2, y2 = b.left + b.width / 2 - box.left, b.top + b.height / 2 - box.top
        lines.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" marker-end="url(#lc-arrowhead)"/>')
    if not lines:
        return ""
    # As large as the root, whatever it becomes (never a scroll of its own: the lines may run past it).
    return ('<svg class="lc-arrows" aria-hidden="true" width="100%" height="100%">'
            '<defs><marker id="lc-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
            'markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>'
            f'{"".join(lines)}</svg>')


def same_markup(el: typing.Any, html: str) -> bool:
    """True when ``el`` holds ``html`` already (both compared as the browser writes them back)."""
    probe = document.createElement("template")
    probe.innerHTML = html
    return bool(probe.innerHTML == el.innerHTML)


def set_markup(el: typing.Any, html: str) -> None:
    """``el``'s content becomes ``html``, untouched when it holds that already: a page the build drew
    (web/page.js showed it) stays as it is, with what the person chose in its forms, its focus and
    its scroll, and the browser paints nothing new."""
    if not same_markup(el, html):
        el.innerHTML = html


class BrowserRoot:
    """A :class:`screen_types.Root` on a DOM element."""

    def __init__(self, el: typing.Any, container: typing.Any, *, adopted: bool = False) -> None:
        self.el = el
        self.container = container
        self.adopted = adopted
        """The element is the build's drawing of this screen (web/page.js showed it): until a region
        changes, a region drawn as it stands is left alone."""
        self._proxy: typing.Any = None
        self._arrows: tuple[tuple[str, str], ...] = ()
        self._resized: typing.Any = None  # redraws the arrows when the root's size changes
        self._watch: typing.Any = None

    def set_html(self, region: str, html: str) -> None:
        target = self.el.querySelector(f"[data-region={css_string(region)}]")
        if target and self.adopted:
            if same_markup(target, html):
                return
            self.adopted = False
        if target:
            motion = getattr(window, "lcMotion", None)  # web/motion.js: cards travel (FLIP)
            if motion:
                motion.before(self.el)
            target.innerHTML = html

    def set_data(self, name: str, value: str) -> None:
        self.el.setAttribute(f"data-{name}", value)

    def set_class(self, name: str, on: bool) -> None:
        self.el.classList.toggle(name, on)

    def values(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for field in self.el.querySelectorAll("input[name], select[name], textarea[name]"):
            kind = str(field.type or "")
            if kind in ("radio", "checkbox") and not field.checked:
                continue
            found[str(field.name)] = str(field.value)
        return found

    def focus(self, data: typing.Mapping[str, str]) -> bool:
        # not a copy of a card in flight (web/motion.js: aria-hidden, gone when it lands)
        selector = "".join(f"[data-{key}={css_string(value)}]" for key, value in data.items())
        target = self.el.querySelector(selector + ':not([aria-hidden="true"])') if selector else None
        if not target:
            return False
        target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        return bool(target.matches(":focus"))  # False for what cannot hold the focus (a cell)

    def focused(self) -> dict[str, str] | None:
        active = document.activeElement
        if not active or active == document.body or not self.el.contains(active):
            return None
        return data_of(active) or None

    def is_focus_lost(self) -> bool:
        # A focused element just replaced may stay document.activeElement, detached, until the
        # browser's next rendering update (its focus fix-up): that focus is lost too.
        active = document.activeElement
        return not active or active == document.body or not active.isConnected

    def spot(self, names: typing.Sequence[str], arrows: typing.Sequence[tuple[str, str]] = ()) -> None:
        wanted = set(names)
        for el in self.el.querySelectorAll("[data-spot]"):
            el.classList.toggle("is-spot", str(el.getAttribute("data-spot")) in wanted)
        self._arrows = tuple(arrows)
        self._draw_arrows()
        if self._arrows and self._watch is None and hasattr(js, "ResizeObserver"):
            # The layout settles after a render (the frame's lesson panel, a turned phone): the
            # arrows follow the elements they join.
            self._resized = create_proxy(lambda *_: self._draw_arrows())
            self._watch = js.ResizeObserver.new(self._resized)
            self._watch.observe(self.el)

    def _draw_arrows(self) -> None:
        old = self.el.querySelector(":scope > svg.lc-arrows")
        if old:
            old.remove()
        if self._arrows:
            self.el.insertAdjacentHTML("beforeend", arrows_svg(self.el, self._arrows))

    def mark(self, places: typing.Sequence[typing.Mapping[str, str]]) -> None:
        for el in self.el.querySelectorAll(".is-hinted"):
            el.classList.remove("is-hinted")
        for place in places:
            selector = "".join(f"[data-{key}={css_string(value)}]" for key, value in place.items())
            for el in self.el.querySelectorAll(selector) if selector else ():
                el.classList.add("is-hinted")

    def listen(self, handler: typing.Callable[[screen_types.Input], None]) -> None:
        if self._proxy is not None:
            raise RuntimeError("the screen listener is installed once")

        def on_event(event: typing.Any) -> None:
            if str(event.type) == "keydown" and rove(event):
                return
            handler(read_input(event))

        self._proxy = create_proxy(on_event)
        for name in EVENTS:
            self.el.addEventListener(name, self._proxy)

    def close(self) -> None:
        if self._proxy is not None:
            for name in EVENTS:
                self.el.removeEventListener(name, self._proxy)
            self._proxy.destroy()
            self._proxy = None
        if self._watch is not None:
            self._watch.disconnect()
            self._resized.destroy()
            self._watch = self._resized = None
        self.el.remove()


def rove(event: typing.Any) -> bool:
    """An arrow key (Home, End) inside a ``data-roving`` group of buttons moves the focus and the
    group's one Tab stop (``tabindex="0"``) to the next button (:func:`screen_types.roving_index`)."""
    target = event.target
    group = target.closest("[data-roving]") if target and hasattr(target, "closest") else None
    if not group:
        return False
    buttons = [b for b in group.querySelectorAll("button") if not b.hidden]
    index = next((i for i, b in enumerate(buttons) if b == target), -1)
    to = screen_types.roving_index(str(event.key or ""), index, len(buttons)) if index >= 0 else None
    if to is None:
        return False
    event.preventDefault()
    for i, b in enumerate(buttons):
        b.setAttribute("tabindex", "0" if i == to else "-1")
    buttons[to].focus()
    return True


def read_input(event: typing.Any) -> screen_types.Input:
    """A DOM event as a :class:`screen_types.Input` (plain Python values only)."""
    kind = str(event.type)
    if kind == "keydown":
        return screen_types.Input("key", key=str(event.key or ""))
    target = event.target
    el = target.closest("[data-action], [data-target]") if target and hasattr(target, "closest") else None
    if not el:  # JS null arrives as jsnull (falsy), not None
        value = str(target.value) if kind == "change" and target and hasattr(target, "value") else ""
        return screen_types.Input(kind, value=value)
    return screen_types.Input(kind, action=str(el.getAttribute("data-action") or ""),
                              target=str(el.getAttribute("data-target") or ""), data=data_of(el),
                        value=str(getattr(target, "value", "") or "") if kind == "change" else "")


class BrowserHost:
    """A :class:`screen_types.Host` on the page: ``localStorage``, ``setTimeout``, the notice bar."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self.think_slice: float | None = screen_types.SLICE_SECONDS
        """On the page's thread: a computer thinks in slices, the page answers between them."""
        self.app = document.getElementById("app")
        self.notice = document.getElementById("notice")
        self.info = document.getElementById("topbar-info")
        self._timers = timers.Timers()

    def mount(self, shell: str) -> BrowserRoot:
        built = self.app.firstElementChild if self.app.hasAttribute("data-built") else None
        self.app.removeAttribute("data-built")
        if built:
            # The build drew this screen's first panel (its new-game form): the screen takes that element
            # over when it is the same screen (its shell's element and classes).
            probe = document.createElement("template")
            probe.innerHTML = shell
            element = probe.content.firstElementChild
            if element and element.tagName == built.tagName and all(
                    built.classList.contains(name) for name in element.classList):
                return BrowserRoot(built, self.app, adopted=True)
        self.app.innerHTML = shell
        return BrowserRoot(self.app.firstElementChild, self.app)

    def show(self, html: str) -> None:
        """A page of the app that is not a screen (home, rules, Learn to play, statistics)."""
        self.app.removeAttribute("data-built")
        set_markup(self.app, html)

    # -- storage ---------------------------------------------------------------------------------
    def storage_get(self, key: str) -> str | None:
        try:
            text = window.localStorage.getItem(key)
        except Exception as err:  # noqa: BLE001 - storage disabled: a DOMException of any kind
            raise screen_types.StorageError(f"localStorage.getItem failed: {err}") from None
        return text if isinstance(text, str) else None  # JS null arrives as jsnull

    def storage_set(self, key: str, text: str) -> None:
        try:
            window.localStorage.setItem(key, text)
        except Exception as err:  # noqa: BLE001 - storage disabled or full
            raise screen_types.StorageError(f"localStorage.setItem failed: {err}") from None

    def storage_remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception as err:  # noqa: BLE001 - storage disabled: nothing to remove
            self.console("warn", f"localStorage.removeItem failed: {err}")

    def watch_storage(self, key: str, func: typing.Callable[[str | None], None]) -> typing.Callable[[], None]:
        def on_storage(event: typing.Any) -> None:
            if str(event.key or "") == key:
                value = event.newValue
                func(value if isinstance(value, str) else None)

        proxy = create_proxy(on_storage)
        window.addEventListener("storage", proxy)

        def stop() -> None:
            window.removeEventListener("storage", proxy)
            proxy.destroy()

        return stop

    # -- time --------------------------------------------------------------------------------------
    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        return self._timers.later(ms, func)

    def cancel(self, handle: int) -> None:
        self._timers.cancel(handle)

    def clock(self) -> float:
        return time.perf_counter()

    # -- words -------------------------------------------------------------------------------------
    def notify(self, text: str, kind: str = "info") -> None:
        self.notice.hidden = False
        self.notice.className = f"notice {kind}"
        self.notice.innerHTML = lc_html.notice(text)

    def clear_notice(self) -> None:
        self.notice.hidden = True
        self.notice.innerHTML = ""

    def notice_text(self) -> str:
        return str(self.notice.textContent or "").replace("\u00d7", "").strip()

    def console(self, level: str, text: str) -> None:
        writer = {"error": js.console.error, "warn": js.console.warn}.get(level, js.console.log)
        writer(text)

    def set_info(self, text: str) -> None:
        self.info.textContent = text

    def download(self, name: str, text: str) -> None:
        """A file the browser saves: a link to a blob of ``text``, clicked once, then let go."""
        blob = js.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"},
                                                dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        # The browser has read the blob once the click's download started.
        self.later(60_000, lambda: js.URL.revokeObjectURL(url))
