"""The generic game screen: one controller for every game, a small adapter per game.

The screen owns everything that is the same in every game: mounting and unmounting, input, the
overlays, the setup form, saving and restoring, the computer players, and the table's own features.
A game plugs in an :class:`screen_types.Adapter` (at most 300 lines) that draws its table, turns
its clicks into actions and narrates :class:`lostcities.api.Event` s.  This module is the
composition and the flow of a turn; each part is a module of its own, held by the screen:

- ``screen_states.py`` (:attr:`Screen.states`, changed only by :meth:`Screen.go`): the phases and
  overlays as data, with every change allowed between them;
- ``screen_input.py`` (:attr:`Screen.inputs`): input dispatch, the screen's own actions;
- ``screen_hooks.py`` (:attr:`Screen.hooks`): where the screen's owner adds to the flow (the embed);
- ``screen_saves.py`` (:attr:`Screen.saves`): saving, restoring, damaged saves, other tabs, statistics;
- ``screen_computer.py`` (:attr:`Screen.computer`): the computer's turns and *Suggest a move*;
- ``screen_replay.py`` (:attr:`Screen.replay`): the replay of a finished game;
- ``screen_draw.py`` (:attr:`Screen.drawing`): drawing into the root's regions, the data attributes
  and the table's features;
- ``screen_menu.py`` (:attr:`Screen.menu`): the menu, the pages over the game, sound and colours;
- ``screen_types.py``: the :class:`screen_types.Host`, ``Root``, ``Adapter`` and ``Document``
  protocols, the values they exchange and the registry; ``memory_host.py``: ``MemoryHost`` for tests.

The screen never imports ``js``, ``pyodide`` or ``pyscript``: it talks to the browser only through
a ``Host`` (``web/host.py`` in the page, ``web/channel.py`` in the engine's worker, ``MemoryHost``
in tests), and to its element only through a ``Root``.  A host without storage raises
:class:`screen_types.StorageError`, and the screen goes on without saving (the embed).

The flow of a turn: a click arrives as an :class:`screen_types.Input`; the screen handles
its own actions (``menu``, ``start``, ``ready``...), else asks
``adapter.on_input``, which returns a :class:`screen_types.Command`: an action to apply
(:class:`screen_types.Do`), ``REDRAW`` (the adapter changed its own view state, e.g. a
selection), ``DEAL`` (draw the pending chance outcome now) or None.  The
screen applies the action once (``Session.apply``: no separate check), shows
a refusal's reason, hands the event to ``adapter.on_event`` (narration,
highlights), saves, renders, and lets a computer play if it is its turn.

"""

from __future__ import annotations

import json
import random
import typing

import screen_computer
import screen_draw
import screen_hooks
import screen_input
import screen_menu
import screen_replay
import screen_saves
import screen_states
import screen_types
from lostcities import api, errors, i18n, session
from lostcities.ui import games, sound
from lostcities.ui import html as lc_html
from lostcities.ui import theme as colour_theme

Phase = screen_states.Phase
Overlay = screen_states.Overlay
Event = screen_states.Event
StateT = typing.TypeVar("StateT", bound=api.State)


class Screen:
    """The controller of one game's screen: mount it, it restores or sets up a game."""

    def __init__(self, adapter: screen_types.Adapter, host: screen_types.Host,
                 hooks: screen_hooks.Hooks = screen_hooks.APP) -> None:
        self.adapter = adapter
        self.host = host
        self.hooks = hooks
        """What the screen's owner adds at the named points of the flow (:mod:`screen_hooks`; the
        app adds nothing, the embed its lessons, records and messages to the host page)."""
        self.game = adapter.game
        self.key = f"lostcities:{self.game.name}:save"
        self.damaged_key = f"lostcities:{self.game.name}:damaged"
        self.prefs_key = f"lostcities:{self.game.name}:prefs"
        self.last_key = f"lostcities:{self.game.name}:last"
        """The name of the document open last (absent: the game)."""
        self.root: screen_types.Root | None = None
        self.session: session.Session | None = None
        self.document: screen_types.Document | None = None
        self.states = screen_states.Machine()
        """The screen's phase and overlay (:mod:`screen_states`): changed only by :meth:`go`."""
        self.error = ""
        """The reason the last input was refused (shown by the adapter)."""
        self.problem = ""
        self._token = 0
        """Bumped to abandon timers and thinking in flight."""
        self._timers: set[int] = set()
        self._unwatch: typing.Callable[[], None] | None = None
        self._seed_counter = 0
        self.menu_entries: list[lc_html.Entry] = [lc_html.Entry(i18n._("Rules of the game"), "rules"),
                                                  lc_html.Entry(i18n._("Statistics"), "stats")]
        """The menu's own entries, in order (a screen feature appends one here)."""
        self.moves_open = False
        self._ui_before: tuple[int, str] | None = None
        """The adapter's notes before the person's last action (history length, JSON): undo restores them."""
        self.focus_next: tuple[typing.Mapping[str, str], ...] = ()
        """Where the keyboard goes at the next frame (set by an adapter answering an input: after
        choosing a card, its Play button), before the element it was on; the first that matches."""
        self.sound_kept = True
        """The menu's sound choice is kept by the browser for every game (not in the embed: a frame
        in another site's page makes sound only when that page asks, with its ``sound`` parameter)."""
        self.sound_choice: bool | None = None
        """The choice for this screen alone (None: the browser's, else off: a page that starts making
        noises surprises)."""
        self.theme_choice: colour_theme.Theme | None = None
        """The colour theme for this screen alone (the embed's ``theme``; None: the browser's choice)."""
        self.saves: screen_saves.Saves = screen_saves.Saves(self)
        self.computer: screen_computer.Computer = screen_computer.Computer(self)
        self.replay: screen_replay.Replay = screen_replay.Replay(self)
        self.drawing: screen_draw.Drawing = screen_draw.Drawing(self)
        self.menu: screen_menu.Menu = screen_menu.Menu(self)
        self.inputs: screen_input.Inputs = screen_input.Inputs(self)

    # -- the phase -----------------------------------------------------------------------------------
    def go(self, event: screen_states.Event) -> None:
        """Change phase or overlay by ``event``; raises :class:`screen_states.TransitionError` (nothing
        changes) when the table does not take it in the current phase."""
        self.states.go(event)

    @property
    def mode(self) -> str:
        """The phase's old name: ``loading``, ``setup``, ``problem``, ``handover``, ``play`` (a
        computer's turn too), ``replay``, ``stale``, ``document``."""
        phase = self.states.phase
        return Phase.PLAY.value if phase is Phase.THINKING else phase.value

    def is_playing(self) -> bool:
        """A game is on the table (a person's turn, a computer's, a deal to come, a game over)."""
        return self.states.phase in (Phase.PLAY, Phase.THINKING)

    @property
    def thinking(self) -> bool:
        """A computer is working out its move."""
        return self.states.phase is Phase.THINKING

    @property
    def menu_open(self) -> bool:
        return self.states.overlay in (Overlay.MENU, Overlay.CONFIRM)

    @property
    def confirming(self) -> bool:
        """The menu asks whether to abandon the game in progress (after its *New match*)."""
        return self.states.overlay is Overlay.CONFIRM

    @property
    def sheet(self) -> str:
        """A page over the game opened from the menu: ``rules`` or ``stats`` (``""``: none)."""
        overlay = self.states.overlay
        return overlay.value if overlay in (Overlay.RULES, Overlay.STATS) else ""

    def back_to_play(self) -> None:
        """From a computer's turn or a hand-over back to the table (an embed's lesson step)."""
        if self.states.phase is Phase.THINKING:
            self.go(Event.THOUGHT)
        elif self.states.phase is Phase.HANDOVER:
            self.go(Event.READY)

    # -- lifecycle -----------------------------------------------------------------------------------
    def mount(self) -> None:
        self.root = self.host.mount(self.hooks.shell(self, self.adapter.shell()))
        self.root.listen(self.on_input)
        self._unwatch = None
        if self.hooks.saves:
            try:
                self._unwatch = self.host.watch_storage(self.key, self.saves.on_storage)
            except screen_types.StorageError:
                self._unwatch = None
        self.restore()
        self.hooks.mounted(self)

    def unmount(self) -> None:
        self.stop()
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        if self.root is not None:
            self.root.close()
            self.root = None
        self.host.set_info("")

    def stop(self) -> None:
        """Abandon every pending timer and any thinking in flight."""
        self._token += 1
        for handle in self._timers:
            self.host.cancel(handle)
        self._timers.clear()
        if self.states.phase is Phase.THINKING:
            self.go(Event.THOUGHT)

    def later(self, ms: int, func: typing.Callable[[], None]) -> None:
        """Run ``func`` after ``ms`` unless the screen moved on meanwhile (new game, unmount)."""
        token = self._token
        holder: list[int] = []

        def fire() -> None:
            if holder:
                self._timers.discard(holder[0])
            if token == self._token and self.root is not None:
                self.guard(func)

        holder.append(self.host.later(ms, fire))
        self._timers.add(holder[0])

    def guard(self, func: typing.Callable[[], None]) -> None:
        """Run a handler: an unexpected error goes to the console, the player reads plain words."""
        try:
            func()
        except Exception as err:  # noqa: BLE001 - the last line of defence of the screen
            self.host.console("error", f"{self.game.title}: {type(err).__name__}: {err}")
            self.host.notify(i18n._("Something went wrong on this screen. Your game is saved: reload the page to "
                                    "go on."),
                             "error")

    def rng(self, purpose: str) -> random.Random:
        """A fresh RNG: repeatable for ``?seed=N`` (per purpose and call), else random."""
        if self.host.seed is None:
            return random.Random()
        self._seed_counter += 1
        return random.Random(f"{self.host.seed}:{self.game.name}-{purpose}:{self._seed_counter}")

    # -- what opens: a save, a document, the setup form, a game ------------------------------------
    def restore(self) -> None:
        """Open what opens on mounting (:meth:`screen_saves.Saves.restore`)."""
        self.saves.restore()

    def doc_key(self, name: str) -> str:
        return f"lostcities:{self.game.name}:{name}"

    def open_document(self, document: screen_types.Document) -> None:
        self.stop()
        self.session = None
        self.document = document
        self.go(Event.DOCUMENT)
        self.error = ""
        self.saves.write(self.last_key, document.name)
        self.render()

    # -- the flow of a game --------------------------------------------------------------------------
    def show_setup(self, error: str = "") -> None:
        self.stop()
        self.session = None
        self.document = None
        self.go(Event.SETUP)
        self.error = error
        self.render()

    def new_game(self, setup: session.Setup) -> None:
        self.saves.write(self.prefs_key, json.dumps(setup.to_dict(), separators=(",", ":")))
        self.saves.seen = self.saves.read(self.key)
        revision = session.revision_of(self.saves.seen)
        self.host.storage_remove(self.last_key)
        fresh = session.Session.new(setup, self.rng("deal"), deal=False, revision=revision)
        self.session = fresh
        dealt: api.Event | None = None
        while fresh.state.is_chance() and self.adapter.wants_chance(self):
            dealt = fresh.deal(self.rng("deal"))
            self.adapter.on_event(self, dealt)
        self.start(fresh, resumed=False)
        if dealt is not None:  # the new game's first deal sounds like any later one
            self.menu.cue(sound.cue(dealt.kind, over=False))

    def start(self, current: session.Session, *, resumed: bool = True) -> None:
        self.stop()
        self.session = current
        self.error = ""
        self.go(Event.RESTORED)
        self.computer.clear_hint()
        self._ui_before = None
        self.adapter.begin(self)
        if not resumed:
            self.save()
        self.saves.record_stats()
        self.settle(None)

    def settle(self, event: api.Event | None) -> None:
        """After a change: hand-over if needed, render, and let chance or a computer move (unless the
        hooks settle it: an embed's lesson plays its own replies)."""
        if self.hooks.settle(self, event):
            return
        current = self.session
        phase = self.states.phase
        if current is None or phase not in (Phase.PLAY, Phase.HANDOVER):
            self.render()  # a computer already thinking goes on
            return
        if current.needs_handover() != (phase is Phase.HANDOVER):
            self.go(Event.READY if phase is Phase.HANDOVER else Event.HANDOVER)
        self.render()
        if self.states.phase is not Phase.PLAY or self.states.overlay is not Overlay.NONE:
            return
        if current.state.is_chance() and self.adapter.wants_chance(self):
            self.later(self.adapter.pause(self, event), self.deal)
        elif current.is_computer_turn():
            self.go(Event.THINK)
            self.render()
            self.later(self.adapter.pause(self, event), self.computer.think)

    # -- input (screen_input) ----------------------------------------------------------------------
    def on_input(self, event: screen_types.Input) -> None:
        """An input of the screen's element (:meth:`screen_input.Inputs.route`), guarded."""
        self.guard(lambda: self.inputs.route(event))

    def ready(self) -> None:
        """*Ready*: the person shown at a hand-over holds the device."""
        if self.states.phase is Phase.HANDOVER and self.session is not None:
            self.session.reveal()
            self.go(Event.READY)
            self.settle(None)
            if self.root is not None:
                self.root.focus({"target": "hand"})

    def load_newer(self) -> None:
        """*Load the newer game* (stale): the save another tab wrote."""
        if self.states.phase is Phase.STALE:
            self.restore()

    def act(self, action: api.Action | str) -> bool:
        """Apply a person's action (checked once, by ``apply``, or judged by the hooks); a refusal
        shows its reason."""
        current = self.session
        if current is None or not current.is_person_turn() or not self.is_playing() or self.menu_open:
            return False
        before = (len(current.state.history), json.dumps(current.ui))
        try:
            event = self.hooks.apply(self, current, action)
        except errors.GameError as err:
            self.error = err.reason[:1].upper() + err.reason[1:] + "."
            self.hooks.illegal(self, action, err)
            self.render()
            return False
        if event is None:
            return False
        self._ui_before = before
        self.after(event)
        return True

    def after(self, event: api.Event) -> None:
        """An action was applied (a person's, a computer's, chance's): narrate, save, draw, go on."""
        self.hooks.event(self, event)
        self.error = ""
        self.computer.clear_hint()
        self.adapter.on_event(self, event)
        current = self.session
        self.menu.cue(sound.cue(event.kind, over=current is not None and self.can_replay(current.state)))
        self.save()
        if self.states.phase is Phase.STALE:
            return
        self.saves.record_stats()
        self.settle(event)
        self.hooks.settled(self, event)

    def deal(self) -> None:
        """Chance acts now: the hooks' deal (a lesson's scripted one), else at random."""
        current = self.session
        if current is None or not current.state.is_chance():
            return
        self.after(self.hooks.deal(self) or current.deal(self.rng("deal")))

    # -- undo ----------------------------------------------------------------------------------------
    @property
    def entry(self) -> games.Entry[typing.Any]:
        """Everything the game provides (:mod:`lostcities.ui.games`): its computer players,
        its renderer (replay positions, hint highlights), its rules summary."""
        return games.get(self.game.name)

    def undo(self) -> None:
        """Take back the person's own last action (see ``Session.undo``): the state is
        rebuilt from the record without it; the adapter's notes come back too."""
        current = self.session
        if current is None or self.states.phase is not Phase.PLAY or self.menu_open or not current.can_undo():
            return
        current.undo()
        kept = self._ui_before
        if kept is not None and kept[0] == len(current.state.history):
            current.ui = json.loads(kept[1])
        self._ui_before = None
        self.computer.clear_hint()
        self.error = ""
        self.adapter.begin(self)
        self.save()
        self.settle(None)

    # -- the parts, for the embed and the tests ----------------------------------------------------
    def render(self) -> None:
        """Draw the screen as its phase stands (:meth:`screen_draw.Drawing.draw`), then what the hooks add."""
        self.drawing.draw()
        self.hooks.drawn(self)

    def save(self) -> None:
        """Save the game after a change (:meth:`screen_saves.Saves.save`; the embed saves nothing)."""
        if self.hooks.saves:
            self.saves.save()

    def theme(self) -> colour_theme.Theme:
        """The colour theme (:meth:`screen_menu.Menu.theme`)."""
        return self.menu.theme()

    can_replay = staticmethod(screen_replay.Replay.can_replay)

    @property
    def hint(self) -> api.Action | None:
        return self.computer.hint

    @property
    def hinting(self) -> bool:
        return self.computer.hinting

    # -- for adapters --------------------------------------------------------------------------------
    @property
    def current(self) -> session.Session:
        """The session in play (the screen calls an adapter's game methods only while one is)."""
        if self.session is None:
            raise RuntimeError(f"{self.game.title}: no game is open")
        return self.session

    def state_as(self, kind: type[StateT]) -> StateT:
        """The state in play, which must be a ``kind`` (the adapter's own game)."""
        state = self.current.state
        if not isinstance(state, kind):
            raise TypeError(f"{self.game.title}: the game open is not a {kind.__name__}")
        return state

    def refuse(self, reason: str) -> screen_types.Command:
        """Refuse the last input: ``reason`` is shown (by the adapter's prompt) until the next input."""
        self.error = reason
        return screen_types.REDRAW

    # -- drawing -------------------------------------------------------------------------------------
    def interactive(self) -> bool:
        """True when the person to act may click the table now."""
        current = self.session
        return (current is not None and self.states.phase is Phase.PLAY and self.states.overlay is Overlay.NONE
                and current.is_person_turn() and self.hooks.interactive(self))

    def phase(self) -> str:
        if self.menu_open:
            return "menu"
        if self.sheet:
            return self.sheet
        if self.states.phase is Phase.DOCUMENT and self.document is not None:
            return self.document.phase(self)
        if not self.is_playing() or self.session is None:
            return self.mode
        if self.thinking or (self.session.is_computer_turn() and not self.session.state.is_terminal()):
            return "ai"
        return self.adapter.phase(self)

