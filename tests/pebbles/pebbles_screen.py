"""Pebbles' adapter for the generic screen (:class:`screen_types.Adapter`), paired with the
game's entry and registered (a built-in game is listed in ``web/catalogue.py``).

``data-phase`` during play: ``play``, ``over``; the save's ``ui`` holds ``note``
(what the last action did)."""

from __future__ import annotations

import typing

import screen
import screen_types
from lostcities import api, session
from lostcities.ui import html as lc_html
from tests.pebbles import entry, rules
from tests.pebbles import html as pb_html


class PebblesAdapter:
    """The ``#pebbles`` screen's game part."""

    game = rules.Game
    prefix = "lc"
    words = lc_html.Words(secret="card")
    documents: typing.ClassVar[dict[str, typing.Callable[[], screen_types.Document]]] = {}

    def __init__(self) -> None:
        self.note = ""

    def shell(self) -> str:
        return lc_html.shell(self.prefix, "Pebbles")

    def setup_form(self, scr: screen.Screen, last: session.Setup | None) -> str:
        return lc_html.setup_form(self.game, seats=last.seats if last else (),
                                  options=dict(last.options) if last else None, error=scr.error)

    def read_setup(self, scr: screen.Screen, values: typing.Mapping[str, str]) -> session.Setup:
        return session.setup_from_form(self.game.name, values)

    def check(self, scr: screen.Screen, restored: session.Session) -> None:
        if not isinstance(restored.state, rules.State) or restored.state.is_chance():
            raise session.SaveError("the cards were never dealt")

    def begin(self, scr: screen.Screen) -> None:
        note = scr.current.ui.get("note", "")
        self.note = note[:300] if isinstance(note, str) else ""

    def phase(self, scr: screen.Screen) -> str:
        return "over" if scr.state_as(rules.State).is_terminal() else "play"

    def render(self, scr: screen.Screen) -> screen_types.Frame:
        current = scr.current
        view = scr.state_as(rules.State).view(current.viewer())
        status = scr.error or self.note
        return screen_types.Frame("play", pb_html.LAYOUT, {
            "table": pb_html.table(view, current.names, interactive=scr.interactive()),
            "status": lc_html.esc(status)})

    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> screen_types.Command:
        if not scr.interactive() or event.target != "take":
            return None
        count = event.data.get("count", "")
        if count not in ("1", "2", "3") or int(count) > scr.state_as(rules.State).heap:
            return scr.refuse("There are not that many pebbles left.")
        return screen_types.Do(f"take {count}")

    def on_event(self, scr: screen.Screen, event: api.Event) -> None:
        self.note = event.describe(scr.current.names)
        scr.current.ui = {"note": self.note}

    def wants_chance(self, scr: screen.Screen) -> bool:
        return True

    def pause(self, scr: screen.Screen, event: api.Event | None) -> int:
        return 0

    def handover_note(self, scr: screen.Screen) -> str:
        return self.note

    def info(self, scr: screen.Screen) -> str:
        current = scr.current
        return lc_html.score_line(current.names, current.state.scores(), current.viewer())


PLAYABLE: typing.Final = screen_types.Playable(entry.ENTRY, PebblesAdapter)
"""The entry paired with its adapter (what ``web/catalogue.py`` lists for a built-in game)."""
screen_types.register(PLAYABLE)
