"""The computer's turns and the person's suggestions on a screen: a part of :class:`screen.Screen`.

A computer's turn (:meth:`Computer.think`) asks the seat's bot for a generator and runs it in slices
of :attr:`screen_types.Host.think_slice` seconds on the screen's timers (one go in the engine's worker),
then plays what it chose (:meth:`Computer.play`: anything it cannot play becomes the first legal
action, and the console says why).  The screen is in phase ``THINKING`` meanwhile
(:mod:`screen_states`).  *Suggest a move* (:meth:`Computer.on_hint`) asks the game's strongest bot
for the person's move, from the person's own view, in the same slices; its highlights and sentence
stay until the person acts.
"""

from __future__ import annotations

import dataclasses
import math
import typing

import screen_states
from lostcities import api, errors
from lostcities.ui import html as lc_html

if typing.TYPE_CHECKING:
    from screen import Screen


@dataclasses.dataclass
class ThinkStats:
    """Timing of one computer decision, in seconds."""

    started: float
    work: float = 0.0
    longest: float = 0.0
    slices: int = 0

    def add(self, spent: float) -> None:
        self.work += spent
        self.longest = max(self.longest, spent)
        self.slices += 1


class Computer:
    """The computer players and the suggestions of one screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.log: list[tuple[float, float, float]] = []
        """The last computer decisions: wall, work and longest slice, in ms (``data-think``)."""
        self.hint: api.Action | None = None
        """The suggested move highlighted now (None: none)."""
        self.hint_text = ""
        self.hinting = False
        """The computer is looking for a suggestion."""
        self._hint_token = 0

    def think(self) -> None:
        """Work out the move of the computer to act, in slices on the screen's timers, then play it."""
        scr = self.screen
        current = scr.session
        if current is None or not current.is_computer_turn():
            if scr.thinking:
                scr.go(screen_states.Event.THOUGHT)
            return
        seat = current.current_player
        try:
            bot = scr.entry.bot(current.level(seat))
            thinking = bot.think(current.state.view(seat), scr.rng("ai"))
        except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
            self._bot_failed(f"could not start ({type(err).__name__}: {err})")
            return
        stats = ThinkStats(scr.host.clock())
        token = scr._token

        def step() -> None:
            if token != scr._token:
                thinking.close()
                return
            began = scr.host.clock()
            deadline = self.slice_end(began)
            try:
                while True:
                    next(thinking)
                    if scr.host.clock() >= deadline:
                        break
            except StopIteration as stop:
                stats.add(scr.host.clock() - began)
                self._thought(stop.value, stats)
                return
            except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
                stats.add(scr.host.clock() - began)
                self._bot_failed(f"failed ({type(err).__name__}: {err})")
                return
            stats.add(scr.host.clock() - began)
            scr.later(0, step)

        step()

    def slice_end(self, began: float) -> float:
        """When a slice of thinking begun at ``began`` yields to the page (never: thinking in one go)."""
        share = self.screen.host.think_slice
        return math.inf if share is None else began + share

    def _thought(self, action: typing.Any, stats: ThinkStats) -> None:
        scr = self.screen
        wall = scr.host.clock() - stats.started
        self.log.append((wall * 1000, stats.work * 1000, stats.longest * 1000))
        del self.log[:-50]
        if scr.root is not None:
            scr.root.set_data("think", " ".join(f"{w:.0f}/{k:.0f}/{s:.0f}" for w, k, s in self.log[-4:]))
            scr.root.set_data("think-max", f"{max(s for _, _, s in self.log):.0f}")
        self.play(action)

    def _bot_failed(self, why: str) -> None:
        self.screen.host.console("warn", f"{self.screen.game.title}: the computer player {why}; "
                                         "it plays a legal move instead.")
        self.play(None)

    def play(self, action: typing.Any) -> None:
        """Apply the computer's choice; anything it cannot play becomes ``legal_actions()[0]`` (every game)."""
        scr = self.screen
        current = scr.session
        if scr.thinking:
            scr.go(screen_states.Event.THOUGHT)
        if current is None or not current.is_computer_turn():
            return
        try:
            if action is None:
                raise errors.MalformedActionError("no action")
            event = current.apply(action)
        except (errors.GameError, TypeError, AttributeError) as err:
            if action is not None:
                scr.host.console("warn", f"{scr.game.title}: the computer chose an illegal action ({err}); "
                                          "it plays a legal one instead.")
            event = current.apply(current.state.legal_actions()[0])
        scr.after(event)

    def clear_hint(self) -> None:
        self._hint_token += 1
        self.hint, self.hint_text, self.hinting = None, "", False

    def hint_marks(self) -> tuple[typing.Mapping[str, str], ...]:
        scr = self.screen
        if self.hint is None or scr.session is None or not scr.interactive():
            return ()
        return tuple(scr.entry.renderer.hint_marks(scr.session.state, self.hint))

    def on_hint(self) -> None:
        """*Suggest a move*: the strongest computer looks for the best move from the
        person's own view (sliced like a computer's turn); a second tap stops or hides it."""
        scr = self.screen
        current = scr.session
        if self.hinting or self.hint is not None:
            self.clear_hint()
            scr.render()
            return
        if current is None or not scr.interactive() or not current.assists() or not current.game.bot_levels:
            return
        viewer = current.current_player
        moves = len(current.state.history)
        try:
            bot = scr.entry.bot(current.game.bot_levels[-1])
            thinking = bot.think(current.state.view(viewer), scr.rng("hint"))
        except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
            scr.host.console("warn", f"{scr.game.title}: no suggestion ({type(err).__name__}: {err})")
            return
        self.clear_hint()
        self.hinting = True
        token = self._hint_token

        def step() -> None:
            if token != self._hint_token:
                thinking.close()
                return
            deadline = self.slice_end(scr.host.clock())
            try:
                while scr.host.clock() < deadline:
                    next(thinking)
            except StopIteration as stop:
                self._hinted(stop.value, moves)
                return
            except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
                scr.host.console("warn", f"{scr.game.title}: no suggestion ({type(err).__name__}: {err})")
                self.clear_hint()
                scr.render()
                return
            scr.later(0, step)

        scr.render()
        scr.later(0, step)

    def _hinted(self, action: typing.Any, moves: int) -> None:
        scr = self.screen
        current = scr.session
        self.hinting = False
        if current is None or len(current.state.history) != moves or not scr.interactive():
            self.clear_hint()
            scr.render()
            return
        try:
            checked = current.state.check(action)
            why = scr.entry.why(current.state.view(current.current_player), checked)
            event = current.state.clone().apply(checked)
        except (errors.GameError, TypeError, AttributeError) as err:
            scr.host.console("warn", f"{scr.game.title}: the suggestion was not a legal move ({err})")
            self.clear_hint()
            scr.render()
            return
        names = list(current.names)
        names[event.player] = api.YOU
        text = event.secret.get("text") if not event.action else None
        said = dataclasses.replace(event, text=text) if isinstance(text, str) else event
        advice = lc_html.suggestion(said.describe(names))
        self.hint, self.hint_text = checked, f"{advice} {why}" if why else advice
        scr.render()

