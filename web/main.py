"""Browser glue: the app shell (home screen, routes, saves, seeds).

This is the only place, with the per-game screen modules next to it, that
touches the DOM.  The rules, the AI and the HTML renderers live in the
``lostcities`` wheel, installed by micropip before this file runs.

Routes are URL hashes: ``#card``, ``#roll``, ``#board`` (empty: home).
``?seed=N`` makes every deal and roll repeatable.
"""

from __future__ import annotations

import html
import importlib
import json
import random
import time
import traceback
import typing

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

import glue
import lostcities
from lostcities import api

STORAGE_PREFIX = "lostcities:"

# Screens for the routes: module name in web/ and the game it plays.
SCREENS: dict[str, str] = {"card": "card_ui", "roll": "roll_ui"}
PLANNED: dict[str, str] = {"board": "Lost Cities: The Board Game (2-4 players) is being built and is not playable yet."}


class App:
    """Services the game screens use: storage, seeds, notices, timers, routing."""

    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.notice = document.getElementById("notice")
        self.info = document.getElementById("topbar-info")
        self.screen: typing.Any = None
        self.route = ""
        self._proxies: list[typing.Any] = []
        self._is_ready = False
        self.seed, seed_error = parse_seed(str(window.location.search))
        self._seed_counter = 0
        self._hash_proxy = create_proxy(lambda event: self.guard(self.open_route))
        window.addEventListener("hashchange", self._hash_proxy)
        self._click_proxy = create_proxy(lambda event: self.guard(self._on_global_click, event))
        document.addEventListener("click", self._click_proxy)
        self._pending_error = seed_error

    # -- infrastructure --------------------------------------------------
    def guard(self, func: typing.Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        """Run an event handler; an unexpected error becomes a notice, never a dead page."""
        try:
            return func(*args)
        except Exception as err:  # noqa: BLE001 - last line of defence in the UI
            js.console.error("Python error in the user interface:\n" + traceback.format_exc())
            self.notify(f"Something went wrong: {err}. Your game is saved; reload the page to continue.", "error")
            return None

    def rng(self, purpose: str) -> random.Random:
        """A fresh RNG: repeatable for ``?seed=N`` (per purpose and call), else random."""
        if self.seed is None:
            return random.Random()
        self._seed_counter += 1
        return random.Random(f"{self.seed}:{purpose}:{self._seed_counter}")

    def load(self, key: str) -> typing.Any:
        """The JSON value stored under ``key``, or None.  Raises ValueError if unreadable."""
        try:
            text = window.localStorage.getItem(STORAGE_PREFIX + key)
        except Exception:  # noqa: BLE001 - storage disabled by the browser
            return None
        if not isinstance(text, str):  # JS null arrives as pyodide.ffi.jsnull, not None
            return None
        return json.loads(text)

    def save(self, key: str, value: typing.Any) -> bool:
        try:
            window.localStorage.setItem(STORAGE_PREFIX + key, json.dumps(value, separators=(",", ":")))
        except Exception as err:  # noqa: BLE001 - quota exceeded or storage disabled
            self.notify(f"Could not save the game in this browser: {err}", "error")
            return False
        return True

    def forget(self, key: str) -> None:
        try:
            window.localStorage.removeItem(STORAGE_PREFIX + key)
        except Exception:  # noqa: BLE001
            pass

    def notify(self, text: str, kind: str = "info") -> None:
        self.notice.hidden = False
        self.notice.className = f"notice {kind}"
        self.notice.innerHTML = (
            f'<span>{html.escape(text)}</span> <button type="button" class="notice-close" '
            'data-action="dismiss" aria-label="Dismiss">&times;</button>'
        )

    def clear_notice(self) -> None:
        self.notice.hidden = True
        self.notice.innerHTML = ""

    def later(self, ms: int, func: typing.Callable[[], typing.Any]) -> int:
        """Call ``func`` after ``ms`` milliseconds (0: after the browser has painted)."""
        holder: list[typing.Any] = []

        def fire(*_: typing.Any) -> None:
            proxy = holder[0]
            try:
                self.guard(func)
            finally:
                proxy.destroy()

        proxy = create_proxy(fire)
        holder.append(proxy)
        return int(window.setTimeout(proxy, ms))

    def think(self, thinking: typing.Generator[None, None, typing.Any],
              done: typing.Callable[[typing.Any, glue.ThinkStats], None], *,
              alive: typing.Callable[[], bool], slice_seconds: float = 0.02) -> None:
        """Run a bot's ``think`` generator in slices of about ``slice_seconds`` of work,
        handing the page back to the browser between slices, so it stays responsive.

        ``done(action, stats)`` gets the result; ``action`` is None when the bot
        failed (the screen then plays a legal move itself).  When ``alive()``
        turns false (the player left or started a new game) thinking stops."""
        stats = glue.ThinkStats(started=time.perf_counter())

        def step() -> None:
            if not alive():
                thinking.close()
                return
            began = time.perf_counter()
            deadline = began + slice_seconds
            try:
                while True:
                    next(thinking)
                    if time.perf_counter() >= deadline:
                        break
            except StopIteration as stop:
                stats.add(time.perf_counter() - began)
                done(stop.value, stats)
                return
            except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
                js.console.warn(f"The computer player failed ({type(err).__name__}: {err}); it plays a legal move instead.")
                stats.add(time.perf_counter() - began)
                done(None, stats)
                return
            stats.add(time.perf_counter() - began)
            self.later(0, step)

        step()

    def cancel(self, timer: int) -> None:
        window.clearTimeout(timer)

    def set_info(self, text: str) -> None:
        self.info.textContent = text

    def ready(self) -> None:
        """Mark the page interactive (``<html data-ready="1">``)."""
        if not self._is_ready:
            self._is_ready = True
            document.documentElement.dataset.ready = "1"

    # -- routing ---------------------------------------------------------
    def go(self, route: str) -> None:
        if route == self.route:
            self.open_route()
        else:
            window.location.hash = f"#{route}" if route else ""

    def open_route(self) -> None:
        route = str(window.location.hash).lstrip("#").split("/")[0].lower()
        if self.screen is not None:
            self.screen.unmount()
            self.screen = None
        self.clear_notice()
        self.set_info("")
        self.route = route
        if route in SCREENS and screen_module(route) is not None:
            module = screen_module(route)
            self.screen = module.create(self)
            self.screen.mount(self.root)
        elif route in PLANNED:
            self.render_home()
            self.notify(PLANNED[route], "info")
        else:
            if route:
                self.notify(f"There is no game called {route!r} here; pick one below.", "error")
            self.render_home()
        if self._pending_error:
            error, self._pending_error = self._pending_error, None
            current = str(self.notice.textContent or "").replace("\u00d7", "").strip()
            self.notify(f"{error} {current}".strip(), "error")
        document.documentElement.dataset.route = route or "home"
        self.ready()

    def _on_global_click(self, event: typing.Any) -> None:
        target = event.target.closest("[data-action]") if event.target else None
        if not target:  # closest() gives jsnull when nothing matches
            return
        action = str(target.dataset.action)
        if action == "dismiss":
            self.clear_notice()
        elif action == "home":
            event.preventDefault()
            self.go("")

    # -- home ------------------------------------------------------------
    def render_home(self) -> None:
        tiles = []
        for name, cls in api.games().items():
            if screen_module(name) is None:
                continue
            saved = self.has_game_in_progress(name)
            resume = '<span class="badge">game in progress</span>' if saved else ""
            tiles.append(
                f'<li class="game-tile game-{name}"><a href="#{name}" data-game="{name}">'
                f'<h2>{html.escape(cls.title)}</h2><p>{html.escape(cls.description)}</p>{resume}'
                f'<span class="play-button">{"Continue" if saved else "Play"}</span></a></li>'
            )
        for name, text in PLANNED.items():
            tiles.append(f'<li class="game-tile game-{name} planned"><div><h2>{html.escape(text.split(" (")[0])}</h2>'
                         f'<p>{html.escape(text)}</p></div></li>')
        seed = f'<p class="seed-info">Seed {self.seed}: every deal and roll repeats.</p>' if self.seed is not None else ""
        self.root.innerHTML = (
            '<section class="home"><h1>Lost Cities</h1>'
            '<p class="tagline">Reiner Knizia\'s expeditions, in your browser: against the computer or a friend, '
            "online or off.</p>"
            f'<ul class="game-list">{"".join(tiles)}</ul>{seed}'
            f'<p class="version">Rules engine {html.escape(lostcities.__version__)}</p></section>'
        )

    def has_game_in_progress(self, name: str) -> bool:
        """True when a readable, unfinished game of ``name`` is saved (damaged saves do not count)."""
        try:
            saved = self.load(f"{name}:save")
            state = api.state_from_dict(saved["state"]) if isinstance(saved, dict) else None
        except (ValueError, KeyError, TypeError):
            return False
        return state is not None and not state.is_terminal()


_MODULES: dict[str, typing.Any] = {}


def screen_module(route: str) -> typing.Any:
    """The screen module of a route, or None when that game's UI is not in this build."""
    if route not in _MODULES:
        try:
            _MODULES[route] = importlib.import_module(SCREENS[route])
        except ModuleNotFoundError:
            _MODULES[route] = None
    return _MODULES[route]


def parse_seed(search: str) -> tuple[int | None, str | None]:
    """``?seed=N`` -> (N, None); a malformed seed -> (None, reason)."""
    params = js.URLSearchParams.new(search)
    raw = params.get("seed")
    if not isinstance(raw, str):  # jsnull: no seed
        return None, None
    text = str(raw).strip()
    if text.isdigit() and len(text) <= 18:
        return int(text), None
    return None, f"Ignoring ?seed={text[:40]}: a seed must be a whole number from 0 to 999999999999999999."


APP = App()
APP.open_route()
