"""The replay of a finished game (or of a match's games so far): a part of :class:`screen.Screen`.

Opened from the menu once a game is over (phase ``REPLAY`` of :mod:`screen_states`), it shows the
position after each action of the record, one step at a time or by the slider, built forward and
kept as it goes; one step forward plays the action's sound.
"""

from __future__ import annotations

import typing

import screen_states
import screen_types
from lostcities import api, session
from lostcities.ui import html as lc_html
from lostcities.ui import sound

if typing.TYPE_CHECKING:
    from screen import Screen


class Replay:
    """The replay of one screen: the step shown and the positions built so far."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.step = 0
        self.first = 0
        """The first step shown (the record's start, or the first game's)."""
        self.positions: dict[int, tuple[api.State, str, sound.Cue | None]] = {}
        self.games: list[int] = []
        """Where each game of the match replayed starts (:meth:`session.Session.game_starts`)."""

    @staticmethod
    def can_replay(state: api.State) -> bool:
        """A replay is offered once a game is over: at the end, and between the games of a match
        (waiting for the next deal)."""
        return state.is_terminal() or (state.is_chance() and bool(state.finished()))

    def open(self) -> None:
        scr = self.screen
        current = scr.session
        if (current is None or scr.menu_open or not scr.states.allows(screen_states.Event.REPLAY)
                or not self.can_replay(current.state)):
            return
        self.positions = {}
        self.games = current.game_starts()
        self.first = self.games[0] if self.games else current.replay_start()
        scr.go(screen_states.Event.REPLAY)
        scr.moves_open = False
        self.step = self.first
        self.to(self.first)

    def to(self, step: int) -> None:
        scr = self.screen
        current = scr.session
        if current is None or scr.states.phase is not screen_states.Phase.REPLAY:
            return
        before, self.step = self.step, max(self.first, min(len(current.state.history), step))
        if self.step == before + 1:  # one step forward sounds; a jump or a step back is silent
            scr.menu.cue(self.position(current, self.step)[2])
        scr.render()

    def seek(self, text: str) -> None:
        """The slider or a game's button: to the move it names (counted from the replay's start);
        anything but a plain whole number is ignored."""
        replaying = self.screen.states.phase is screen_states.Phase.REPLAY
        if replaying and text.isascii() and text.isdigit() and len(text) <= 6:
            self.to(self.first + int(text))

    def position(self, current: session.Session, step: int) -> tuple[api.State, str, sound.Cue | None]:
        """The position after ``step`` actions, what the last of them did and its sound (cached, built forward)."""
        if step in self.positions:
            return self.positions[step]
        found: tuple[api.State, str, sound.Cue | None]
        if step == self.first:
            found = (current.replay_at(step), "", None)
        else:
            previous = self.positions.get(step - 1)
            state = previous[0].clone() if previous is not None else current.replay_at(step - 1)
            event = state.apply(current.state.history[step - 1])
            found = (state, event.describe(current.names), sound.cue(event.kind, over=self.can_replay(state)))
        self.positions[step] = found
        return found

    def frame(self, current: session.Session) -> screen_types.Frame:
        state, text, _ = self.position(current, self.step)
        bar = lc_html.replay_bar(self.step, self.first, len(current.state.history), text,
                                 self.games)
        return screen_types.Frame("replay", lc_html.REPLAY_LAYOUT, {
            "replay-bar": bar, "replay-table": self.screen.entry.renderer.position(state, current.names)},
            focus=({"action": "replay-next"}, {"action": "close-replay"}))

    def close(self) -> None:
        scr = self.screen
        if scr.states.phase is screen_states.Phase.REPLAY:
            scr.go(screen_states.Event.CLOSE_REPLAY)
            self.positions = {}
            scr.render()

