"""The generic game screen: one controller for every game, a small adapter per game.

The screen owns everything that is the same in every game: mounting and
unmounting, click and key dispatch (one delegated listener per screen root),
the overlays (menu, problem with a save, hand-over between people, the
"continued in another tab" notice), the setup form, saving after every action
and restoring, and the sliced computer-player driver.  A game plugs in an
:class:`Adapter` (at most 300 lines) that draws its table, turns its clicks
into actions and narrates :class:`lostcities.api.Event` s.

The screen never imports ``js``, ``pyodide`` or ``pyscript``: it talks to the
browser only through a :class:`Host` (``web/host.py`` in the page,
:class:`MemoryHost` in tests and wherever there is no page), and to its
element only through a :class:`Root`.  A screen runs with no routes and no
storage (the embed mode): a host without storage raises
:class:`StorageError`, and the screen goes on without saving.

Data attributes on the screen element, for tests and CSS: ``data-phase``
(``setup``, ``problem``, ``handover``, ``menu``, ``stale``, ``rules`` and
``stats`` (pages over the game), ``replay`` or the adapter's phase during
play, ``ai`` while a computer thinks), ``data-moves`` (actions so far),
``data-think`` (the last computer decisions: wall/work/longest slice in ms), ``data-sound`` (``on``
or ``off``, the menu's choice) and ``data-cue`` (the sound of the last action applied, person's,
computer's or chance's, or of a replay's step forward: a :class:`lostcities.ui.sound.Cue` and a
count, ``card 12``; ``web/sound.js`` plays it when sound is on).

The table features every game gets from the screen, none from its adapter:
in the screen's bar the ``toolbar`` region (*Suggest a move*, *Undo*, *Moves*, one tap each; after
a game the menu offers *Replay*), under the table the ``tools`` region (a suggestion's sentence) and
the ``moves`` region (the move log from
``Session.log``, newest first); the menu's :attr:`Screen.menu_entries` (the
rules summary of :mod:`lostcities.ui.rules_summary` and the statistics of
:mod:`lostcities.ui.stats`, as pages over the game); the replay of a finished
game from its record; the statistics counted once per finished game (by
``Session.id``).  A suggestion asks the game's strongest computer for the
person's move from their own view only, sliced like a computer's turn; its
highlights come from ``lostcities.<game>.html.hint_marks`` and a replay
position from ``lostcities.<game>.html.position``.  Undo is
``Session.undo`` (the game's ``State.can_undo`` decides).  Hints and undo
are on against computers; with several people only when all agreed in the
setup (the ``assist`` preference).

Screens are registered, not loaded by module name: ``catalogue.py`` pairs each
game's entry (:mod:`lostcities.ui.games`) with its adapter and calls
:func:`register` (``REGISTRY`` maps a game name to its adapter's factory); the
screen finds the game's computer players, renderer and rules summary in its entry.

The flow of a turn: a click arrives as an :class:`Input`; the screen handles
its own actions (``menu``, ``start``, ``ready``...), else asks
``adapter.on_input``, which returns a :class:`Command`: an action to apply
(:class:`Do`), ``REDRAW`` (the adapter changed its own view state, e.g. a
selection), ``DEAL`` (draw the pending chance outcome now) or None.  The
screen applies the action once (``Session.apply``: no separate check), shows
a refusal's reason, hands the event to ``adapter.on_event`` (narration,
highlights), saves, renders, and lets a computer play if it is its turn.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import typing

import memory_host
import screen_states
import screen_types
from lostcities import api, errors, i18n, session
from lostcities.ui import games, rules_summary, sound, stats
from lostcities.ui import html as lc_html

STORAGE_OFF: typing.Final = i18n.N_("This browser is not keeping saved games (storage is off or full), "
                                     "so this game will not survive a reload.")
STALE: typing.Final = i18n.N_("This game was continued in another tab or window.")
RACE_LOST: typing.Final = i18n.N_("This game was played in another tab at the same moment: that move was kept and "
                                  "this tab\u2019s last move was not. Here is the game as it stands now.")
Phase = screen_states.Phase
Overlay = screen_states.Overlay
Event = screen_states.Event
SCREEN_PHASES: typing.Final = frozenset({"setup", "problem", "handover", "menu", "stale", "loading", "rules",
                                        "stats", "replay"})



# The screen's vocabulary (screen_types) and its browser in memory (memory_host), under their old names too.
CARD_FOCUS = screen_types.CARD_FOCUS
DEAL: typing.Final[typing.Literal["deal"]] = screen_types.DEAL
DRAW_FOCUS = screen_types.DRAW_FOCUS
REDRAW: typing.Final[typing.Literal["redraw"]] = screen_types.REDRAW
REGISTRY = screen_types.REGISTRY
ROVING_KEYS = screen_types.ROVING_KEYS
SLICE_SECONDS = screen_types.SLICE_SECONDS
Adapter = screen_types.Adapter
Do = screen_types.Do
Document = screen_types.Document
Factory = screen_types.Factory
Frame = screen_types.Frame
Host = screen_types.Host
Input = screen_types.Input
OpenDocument = screen_types.OpenDocument
Playable = screen_types.Playable
Root = screen_types.Root
StorageError = screen_types.StorageError
read_stats = screen_types.read_stats
register = screen_types.register
roving_index = screen_types.roving_index
Command: typing.TypeAlias = screen_types.Command
MemoryHost = memory_host.MemoryHost
MemoryRoot = memory_host.MemoryRoot
StateT = typing.TypeVar("StateT", bound=api.State)


# -- the screen -------------------------------------------------------------------------------------


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


class Screen:
    """The controller of one game's screen: mount it, it restores or sets up a game."""

    def __init__(self, adapter: Adapter, host: Host) -> None:
        self.adapter = adapter
        self.host = host
        self.game = adapter.game
        self.key = f"lostcities:{self.game.name}:save"
        self.damaged_key = f"lostcities:{self.game.name}:damaged"
        self.prefs_key = f"lostcities:{self.game.name}:prefs"
        self.last_key = f"lostcities:{self.game.name}:last"
        """The name of the document open last (absent: the game)."""
        self.root: Root | None = None
        self.session: session.Session | None = None
        self.document: Document | None = None
        self.states = screen_states.Machine()
        """The screen's phase and overlay (:mod:`screen_states`): changed only by :meth:`go`."""
        self.error = ""
        """The reason the last input was refused (shown by the adapter)."""
        self.problem = ""
        self.think_log: list[tuple[float, float, float]] = []
        self._token = 0
        """Bumped to abandon timers and thinking in flight."""
        self._timers: set[int] = set()
        self._layout = ""
        self._parts: dict[str, str] = {}
        self._unwatch: typing.Callable[[], None] | None = None
        self._storage_warned = False
        self._seed_counter = 0
        self._seen: str | None = None
        """The save text this tab last read or wrote: any other text stored means another tab wrote."""
        self.damaged_copies: list[str] = []
        """Where the damaged copies of the save shown as a problem are kept (newest first)."""
        self.menu_entries: list[lc_html.Entry] = [lc_html.Entry(i18n._("Rules of the game"), "rules"),
                                                  lc_html.Entry(i18n._("Statistics"), "stats")]
        """The menu's own entries, in order (a screen feature appends one here)."""
        self.moves_open = False
        self.hint: api.Action | None = None
        """The suggested move highlighted now (None: none)."""
        self.hint_text = ""
        self.hinting = False
        """The computer is looking for a suggestion."""
        self._hint_token = 0
        self._ui_before: tuple[int, str] | None = None
        """The adapter's notes before the person's last action (history length, JSON): undo restores them."""
        self.replay_step = 0
        self._replay_first = 0
        self._replay: dict[int, tuple[api.State, str, sound.Cue | None]] = {}
        self._replay_games: list[int] = []
        """Where each game of the match replayed starts (:meth:`session.Session.game_starts`)."""
        self._outer: dict[str, str] = {}
        self._marked: tuple[typing.Mapping[str, str], ...] = ()
        self._focus_places: tuple[typing.Mapping[str, str], ...] = ()
        self.focus_next: tuple[typing.Mapping[str, str], ...] = ()
        """Where the keyboard goes at the next frame (set by an adapter answering an input: after
        choosing a card, its Play button), before the element it was on; the first that matches."""
        self._had_focus = False
        """Whether the keyboard was on the table after the last frame (a focus lost since is put back;
        a page just opened keeps its focus where it is)."""
        self._counted: set[str] = set()
        """Ids of finished games this screen has counted in the statistics (not read again)."""
        self.sound_kept = True
        """The menu's sound choice is kept by the browser for every game (not in the embed: a frame
        in another site's page makes sound only when that page asks, with its ``sound`` parameter)."""
        self.sound_choice: bool | None = None
        """The choice for this screen alone (None: the browser's, else off: a page that starts making
        noises surprises)."""
        self._cues = 0

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

    def _back_to_play(self) -> None:
        """From a computer's turn or a hand-over back to the table (an embed's lesson step)."""
        if self.states.phase is Phase.THINKING:
            self.go(Event.THOUGHT)
        elif self.states.phase is Phase.HANDOVER:
            self.go(Event.READY)

    # -- lifecycle -----------------------------------------------------------------------------------
    def mount(self) -> None:
        self.root = self.host.mount(self.adapter.shell())
        self.root.listen(self.on_input)
        try:
            self._unwatch = self.host.watch_storage(self.key, self._on_storage)
        except StorageError:
            self._unwatch = None
        self.restore()

    def unmount(self) -> None:
        self._stop()
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        if self.root is not None:
            self.root.close()
            self.root = None
        self.host.set_info("")

    def _stop(self) -> None:
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

    # -- storage -------------------------------------------------------------------------------------
    def _read(self, key: str) -> str | None:
        try:
            return self.host.storage_get(key)
        except StorageError as err:
            self._storage_off(err)
            return None

    def _write(self, key: str, text: str) -> bool:
        try:
            self.host.storage_set(key, text)
        except StorageError as err:
            self._storage_off(err)
            return False
        return True

    def _storage_off(self, err: Exception) -> None:
        self.host.console("warn", f"storage refused: {err}")
        if not self._storage_warned:
            self._storage_warned = True
            self.host.notify(i18n._(STORAGE_OFF), "error")

    def restore(self) -> None:
        """Continue the saved game, or show the setup (a damaged save is set aside)."""
        self._stop()
        last = self._read(self.last_key) or ""
        factory = self.adapter.documents.get(last)
        stored = self._read(self.doc_key(last)) if factory is not None else None
        if factory is not None and stored is not None:
            document = factory()
            try:
                document.load(self, stored)
            except session.SaveError as err:
                self._set_aside(stored, err, self.doc_key(last))
                return
            self.open_document(document)
            return
        text = self._read(self.key)
        self._seen = text
        if text is None:
            self.show_setup()
            return
        try:
            restored = session.load(text, self.game.name)
            self.adapter.check(self, restored)
        except session.SaveError as err:
            self._set_aside(text, err, self.key)
            return
        self.start(restored)

    def doc_key(self, name: str) -> str:
        return f"lostcities:{self.game.name}:{name}"

    def damaged_keys(self, key: str) -> list[str]:
        """Where the damaged copies of the save under ``key`` are kept, newest first: each saved
        document has its own (the game's under ``damaged_key``), at most ``lc_html.MAX_DAMAGED``."""
        base = self.damaged_key if key == self.key else f"{key}:damaged"
        return [base] + [f"{base}:{n}" for n in range(2, lc_html.MAX_DAMAGED + 1)]

    def _set_aside(self, text: str, err: session.SaveError, key: str) -> None:
        self.host.console("warn", f"{self.game.title}: the save was set aside ({err.reason}: {err.detail[:500]})")
        # Remove first: a save near the quota leaves room for its copy only once it is gone.
        self.host.storage_remove(key)
        keys = self.damaged_keys(key)
        try:
            self._keep_damaged(text, keys)
        except StorageError as refused:
            self.host.console("warn", f"{self.game.title}: the damaged save is dropped: no room to keep it ({refused})")
        self.damaged_copies = [k for k in keys if self._read(k) is not None]
        self.problem = err.reason
        self.session = None
        self.go(Event.FAIL)
        self.render()

    def _keep_damaged(self, text: str, keys: list[str]) -> None:
        """Keep ``text`` as the newest damaged copy; the older ones move down, the oldest goes.  Each
        move removes before it writes (it never needs more room than the copy takes); when the new
        copy does not fit, the older ones give way to it, oldest first."""
        self.host.storage_remove(keys[-1])
        for older, newer in zip(reversed(keys[1:]), reversed(keys[:-1]), strict=True):
            moved = self.host.storage_get(newer)
            if moved is not None:
                self.host.storage_remove(newer)
                self.host.storage_set(older, moved)
        for dropped in [None, *reversed(keys[1:])]:
            if dropped is not None:
                self.host.console("warn", f"{self.game.title}: an older damaged save gives way to the new one")
                self.host.storage_remove(dropped)
            try:
                self.host.storage_set(keys[0], text)
                return
            except StorageError:
                if dropped == keys[1]:
                    raise

    def _on_download_damaged(self, copy: str) -> None:
        """The problem panel's download of a kept damaged copy (``copy``: 1 is the newest)."""
        numbers = [str(n) for n in range(1, len(self.damaged_copies) + 1)]
        if self.states.phase is not Phase.PROBLEM or copy not in numbers:
            return
        index = numbers.index(copy)
        text = self._read(self.damaged_copies[index])
        if text is None:
            self.host.notify(i18n._("That damaged save is no longer kept in this browser."), "error")
            return
        self.host.download(f"lostcities-{self.game.name}-damaged-save-{index + 1}.txt", text)

    def save(self) -> None:
        """Write the session if the save is still the one this tab started from (compare and
        set): another tab's newer revision stops this tab (stale); another tab's write of the
        same revision (both moved at once) wins, and this tab shows that game instead."""
        current = self.session
        if current is None or self.states.phase is Phase.STALE:
            return
        stored = self._read(self.key)
        if stored is not None and stored != self._seen and self._other_tab_wrote(stored):
            return
        current.revision += 1
        text = current.to_text()
        if self._write(self.key, text):
            self._seen = text
        else:
            current.revision -= 1

    def _other_tab_wrote(self, stored: str) -> bool:
        """Another tab stored ``stored`` since this tab's last read or write: True when this tab
        must stop (a newer revision) or show that game (the same revision: a race it lost)."""
        current = self.session
        if current is None:
            return False
        revision = session.revision_of(stored)
        if revision > current.revision:
            self._go_stale()
            return True
        if revision == current.revision:
            self.host.console("warn", f"{self.game.title}: another tab saved revision {revision} at the same moment")
            self.restore()
            if self.is_playing():
                self.host.notify(i18n._(RACE_LOST), "info")
            return True
        return False

    def _on_storage(self, text: str | None) -> None:
        """Another tab changed the save: read it again (the event's text may be older than what is
        stored now, and this tab's own write may be the one that stands)."""
        current = self.session
        if current is None or self.states.phase is Phase.STALE or text is None:
            return
        stored = self._read(self.key)
        if stored is not None and stored != self._seen:
            self._other_tab_wrote(stored)

    def _go_stale(self) -> None:
        self._stop()
        self.go(Event.STALE)
        self.render()

    def forget(self) -> None:
        """Remove the save (or the open document's) and the memory of the last document."""
        if self.document is not None:
            self.host.storage_remove(self.doc_key(self.document.name))
        else:
            self.host.storage_remove(self.key)
        self.host.storage_remove(self.last_key)

    def open_document(self, document: Document) -> None:
        self._stop()
        self.session = None
        self.document = document
        self.go(Event.DOCUMENT)
        self.error = ""
        self._write(self.last_key, document.name)
        self.render()

    def save_document(self) -> None:
        if self.document is not None:
            self._write(self.doc_key(self.document.name), self.document.dump())

    # -- modes ---------------------------------------------------------------------------------------
    def show_setup(self, error: str = "") -> None:
        self._stop()
        self.session = None
        self.document = None
        self.go(Event.SETUP)
        self.error = error
        self.render()

    def last_setup(self) -> session.Setup | None:
        text = self._read(self.prefs_key)
        if text is None:
            return None
        try:
            return session.Setup.from_dict(self.game.name, session.parse(text))
        except session.SaveError:
            return None

    def new_game(self, setup: session.Setup) -> None:
        self._write(self.prefs_key, json.dumps(setup.to_dict(), separators=(",", ":")))
        self._seen = self._read(self.key)
        revision = session.revision_of(self._seen)
        self.host.storage_remove(self.last_key)
        fresh = session.Session.new(setup, self.rng("deal"), deal=False, revision=revision)
        self.session = fresh
        while fresh.state.is_chance() and self.adapter.wants_chance(self):
            self.adapter.on_event(self, fresh.deal(self.rng("deal")))
        self.start(fresh, resumed=False)

    def start(self, current: session.Session, *, resumed: bool = True) -> None:
        self._stop()
        self.session = current
        self.error = ""
        self.go(Event.RESTORED)
        self._clear_hint()
        self._ui_before = None
        self.adapter.begin(self)
        if not resumed:
            self.save()
        self.record_stats()
        self._settle(None)

    def _settle(self, event: api.Event | None) -> None:
        """After a change: hand-over if needed, render, and let chance or a computer move."""
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
            self.later(self.adapter.pause(self, event), self._deal)
        elif current.is_computer_turn():
            self.go(Event.THINK)
            self.render()
            self.later(self.adapter.pause(self, event), self._think)

    # -- input ---------------------------------------------------------------------------------------
    def on_input(self, event: Input) -> None:
        self.guard(lambda: self._route(event))

    def _route(self, event: Input) -> None:
        """The problem panel's downloads (they read the button's data), else :meth:`_dispatch`."""
        if event.kind == "click" and event.action == "download-damaged":
            self._on_download_damaged(event.data.get("copy", ""))
            return
        if event.action == "replay-to" and event.kind in ("click", "change"):
            self._replay_seek(event.value if event.kind == "change" else event.data.get("step", ""))
            return
        self._dispatch(event)

    def _dispatch(self, event: Input) -> None:
        if event.kind == "key" and event.key == "Escape" and self.menu_open:
            self.go(Event.CLOSE_MENU)
            self.render()
            return
        if event.kind == "key" and event.key == "Escape" and (self.sheet or self.states.phase is Phase.REPLAY):
            self._on_close_sheet() if self.sheet else self._on_close_replay()
            return
        handler = _ACTIONS.get(event.action) if event.kind == "click" else None
        if handler is not None and event.action in MENU_TOOLS and self.menu_open:
            # A tool chosen in the menu: the menu closes, the tool acts on the table.
            self.go(Event.CLOSE_MENU)
            handler(self)
            self.render()
            return
        if handler is not None:
            handler(self)
            return
        if self.states.overlay is not Overlay.NONE or self.states.phase is Phase.REPLAY:
            return
        if self.states.phase is Phase.DOCUMENT and self.document is not None:
            if self.document.on_input(self, event) == REDRAW:
                self.save_document()
                self.render()
            return
        if not self.is_playing():
            return
        command = self.adapter.on_input(self, event)
        if isinstance(command, Do):
            self.act(command.action)
        elif command == DEAL:
            self._deal()
        elif command == REDRAW:
            self.render()

    def _on_start(self) -> None:
        if self.states.phase is not Phase.SETUP or self.root is None:
            return
        values = self.root.values()
        try:
            setup = self.adapter.read_setup(self, values)
            if values.get(session.ASSIST) == "1" and len(setup.people) > 1:
                setup = session.Setup.create(setup.game, setup.seats, dict(setup.options),
                                             {**dict(setup.prefs), session.ASSIST: "1"})
            self.new_game(setup)
        except OpenDocument as opened:
            factory = self.adapter.documents.get(opened.name)
            if factory is None:
                raise
            document = factory()
            try:
                document.create(self, opened.values)
            except errors.InvalidOptionError as err:
                self.show_setup(lc_html.to_sentence(err.reason))
                return
            self.open_document(document)
            self.save_document()
        except errors.InvalidOptionError as err:
            self.show_setup(lc_html.to_sentence(err.reason))

    def _on_ready(self) -> None:
        if self.states.phase is Phase.HANDOVER and self.session is not None:
            self.session.reveal()
            self.go(Event.READY)
            self._settle(None)
            if self.root is not None:
                self.root.focus({"target": "hand"})

    def _on_menu(self) -> None:
        if self.states.allows(Event.MENU):
            self.go(Event.MENU)
            self._clear_hint()
            self.render()
            if not self.menu_open:
                self._settle(None)

    def _on_close_menu(self) -> None:
        if self.states.allows(Event.CLOSE_MENU):
            self.go(Event.CLOSE_MENU)
        self._settle(None)

    def _on_new(self) -> None:
        self.forget()
        self.show_setup()

    def _on_confirm_new(self) -> None:
        """The menu's *New match*: while a game is in progress it asks first (the game would be lost)."""
        current = self.session
        in_progress = self.document is not None or (current is not None and not current.state.is_terminal())
        if not in_progress or (self.confirming and self.menu_open):
            self._on_new()
            return
        if not self.states.allows(Event.CONFIRM):
            return
        self.go(Event.CONFIRM)
        self.render()
        if self.root is not None:
            self.root.focus({"action": "close-menu"})

    def _on_load_newer(self) -> None:
        if self.states.phase is Phase.STALE:
            self.restore()

    def act(self, action: api.Action | str) -> bool:
        """Apply a person's action (checked once, by ``apply``); a refusal shows its reason."""
        current = self.session
        if current is None or not current.is_person_turn() or not self.is_playing() or self.menu_open:
            return False
        before = (len(current.state.history), json.dumps(current.ui))
        try:
            event = current.apply(action)
        except errors.GameError as err:
            self.error = err.reason[:1].upper() + err.reason[1:] + "."
            self.render()
            return False
        self._ui_before = before
        self._after(event)
        return True

    def _after(self, event: api.Event) -> None:
        self.error = ""
        self._clear_hint()
        self.adapter.on_event(self, event)
        current = self.session
        self._cue(sound.cue(event.kind, over=current is not None and self.can_replay(current.state)))
        self.save()
        if self.states.phase is Phase.STALE:
            return
        self.record_stats()
        self._settle(event)

    def _deal(self) -> None:
        current = self.session
        if current is None or not current.state.is_chance():
            return
        self._after(current.deal(self.rng("deal")))

    # -- the computer players ------------------------------------------------------------------------
    def _think(self) -> None:
        current = self.session
        if current is None or not current.is_computer_turn():
            if self.thinking:
                self.go(Event.THOUGHT)
            return
        seat = current.current_player
        try:
            bot = self.entry.bot(current.level(seat))
            thinking = bot.think(current.state.view(seat), self.rng("ai"))
        except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
            self._bot_failed(f"could not start ({type(err).__name__}: {err})")
            return
        stats = ThinkStats(self.host.clock())
        token = self._token

        def step() -> None:
            if token != self._token:
                thinking.close()
                return
            began = self.host.clock()
            deadline = self._slice_end(began)
            try:
                while True:
                    next(thinking)
                    if self.host.clock() >= deadline:
                        break
            except StopIteration as stop:
                stats.add(self.host.clock() - began)
                self._thought(stop.value, stats)
                return
            except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
                stats.add(self.host.clock() - began)
                self._bot_failed(f"failed ({type(err).__name__}: {err})")
                return
            stats.add(self.host.clock() - began)
            self.later(0, step)

        step()

    # -- sound -----------------------------------------------------------------------------------------
    def sound_on(self) -> bool:
        """Whether the page plays the cues: the menu's choice, kept by the browser (all games share it)."""
        if self.sound_choice is not None:
            return self.sound_choice
        try:
            return self.host.storage_get(sound.KEY) == "1"
        except StorageError:
            return False

    def _on_sound(self) -> None:
        """The menu's *Turn sound on/off*; a browser that keeps nothing keeps it for this screen."""
        chosen = not self.sound_on()
        try:
            if not self.sound_kept:
                raise StorageError("the embed keeps no sound choice")
            self.host.storage_set(sound.KEY, "1" if chosen else "0")
        except StorageError:
            self.sound_choice = chosen
        self.render()
        if self.root is not None:
            self.root.focus({"action": "sound"})

    def _cue(self, found: sound.Cue | None) -> None:
        """Mark the element with a sound to play (a count makes the same cue twice a change)."""
        if found is not None and self.root is not None:
            self._cues += 1
            self.root.set_data("cue", f"{found.value} {self._cues}")

    def _slice_end(self, began: float) -> float:
        """When a slice of thinking begun at ``began`` yields to the page (never: thinking in one go)."""
        share = self.host.think_slice
        return math.inf if share is None else began + share

    def _thought(self, action: typing.Any, stats: ThinkStats) -> None:
        wall = self.host.clock() - stats.started
        self.think_log.append((wall * 1000, stats.work * 1000, stats.longest * 1000))
        del self.think_log[:-50]
        if self.root is not None:
            self.root.set_data("think", " ".join(f"{w:.0f}/{k:.0f}/{s:.0f}" for w, k, s in self.think_log[-4:]))
            self.root.set_data("think-max", f"{max(s for _, _, s in self.think_log):.0f}")
        self._computer_act(action)

    def _bot_failed(self, why: str) -> None:
        self.host.console("warn", f"{self.game.title}: the computer player {why}; it plays a legal move instead.")
        self._computer_act(None)

    def _computer_act(self, action: typing.Any) -> None:
        """Apply the computer's choice; anything it cannot play becomes ``legal_actions()[0]`` (every game)."""
        current = self.session
        if self.thinking:
            self.go(Event.THOUGHT)
        if current is None or not current.is_computer_turn():
            return
        try:
            if action is None:
                raise errors.MalformedActionError("no action")
            event = current.apply(action)
        except (errors.GameError, TypeError, AttributeError) as err:
            if action is not None:
                self.host.console("warn", f"{self.game.title}: the computer chose an illegal action ({err}); "
                                          "it plays a legal one instead.")
            event = current.apply(current.state.legal_actions()[0])
        self._after(event)

    def _on_skip(self) -> None:
        """The screen's first button, *Skip to my hand* (the dice): the keyboard goes to the table's
        first control (the frame's focus places), past the top bar and the opponents' side."""
        if self.root is not None:
            any(self.root.focus(place) for place in self._focus_places)

    # -- history, help, statistics ------------------------------------------------------------------
    def _on_moves(self) -> None:
        """The *Moves* toggle: the log panel under the table opens or closes."""
        if self.session is not None and self.is_playing():
            self.moves_open = not self.moves_open
            self.render()

    def _open_sheet(self, event: screen_states.Event) -> None:
        if self.states.allows(event):
            self.go(event)
            self.render()
            if self.root is not None:
                self.root.focus({"action": "close-sheet"})

    def _on_rules(self) -> None:
        self._open_sheet(Event.RULES)

    def _on_stats(self) -> None:
        self._open_sheet(Event.STATS)

    def _on_close_sheet(self) -> None:
        if self.sheet:
            self.go(Event.CLOSE_SHEET)
            self._settle(None)

    def read_stats(self) -> stats.Stats:
        return read_stats(self.host)

    def record_stats(self) -> None:
        """Count each finished game in the statistics, once (:func:`stats.outcomes`)."""
        current = self.session
        found = {game_id for game_id, *_ in stats.outcomes(current)} if current is not None else set()
        if current is None or found <= self._counted:
            return
        old = self.read_stats()
        new = stats.add_outcomes(old, current)
        if new != old:
            self._write(stats.KEY, new.to_text())  # refused: said once (_storage_off), not retried
        self._counted |= found

    # -- hints and undo ------------------------------------------------------------------------------
    @property
    def entry(self) -> games.Entry[typing.Any]:
        """Everything the game provides (:mod:`lostcities.ui.games`): its computer players,
        its renderer (replay positions, hint highlights), its rules summary."""
        return games.get(self.game.name)

    def _clear_hint(self) -> None:
        self._hint_token += 1
        self.hint, self.hint_text, self.hinting = None, "", False

    def _hint_marks(self) -> tuple[typing.Mapping[str, str], ...]:
        if self.hint is None or self.session is None or not self.interactive():
            return ()
        return tuple(self.entry.renderer.hint_marks(self.session.state, self.hint))

    def _on_hint(self) -> None:
        """*Suggest a move*: the strongest computer looks for the best move from the
        person's own view (sliced like a computer's turn); a second tap stops or hides it."""
        current = self.session
        if self.hinting or self.hint is not None:
            self._clear_hint()
            self.render()
            return
        if current is None or not self.interactive() or not current.assists() or not current.game.bot_levels:
            return
        viewer = current.current_player
        moves = len(current.state.history)
        try:
            bot = self.entry.bot(current.game.bot_levels[-1])
            thinking = bot.think(current.state.view(viewer), self.rng("hint"))
        except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
            self.host.console("warn", f"{self.game.title}: no suggestion ({type(err).__name__}: {err})")
            return
        self._clear_hint()
        self.hinting = True
        token = self._hint_token

        def step() -> None:
            if token != self._hint_token:
                thinking.close()
                return
            deadline = self._slice_end(self.host.clock())
            try:
                while self.host.clock() < deadline:
                    next(thinking)
            except StopIteration as stop:
                self._hinted(stop.value, moves)
                return
            except Exception as err:  # noqa: BLE001 - a computer player's bug must not stop the game
                self.host.console("warn", f"{self.game.title}: no suggestion ({type(err).__name__}: {err})")
                self._clear_hint()
                self.render()
                return
            self.later(0, step)

        self.render()
        self.later(0, step)

    def _hinted(self, action: typing.Any, moves: int) -> None:
        current = self.session
        self.hinting = False
        if current is None or len(current.state.history) != moves or not self.interactive():
            self._clear_hint()
            self.render()
            return
        try:
            checked = current.state.check(action)
            why = self.entry.why(current.state.view(current.current_player), checked)
            event = current.state.clone().apply(checked)
        except (errors.GameError, TypeError, AttributeError) as err:
            self.host.console("warn", f"{self.game.title}: the suggestion was not a legal move ({err})")
            self._clear_hint()
            self.render()
            return
        names = list(current.names)
        names[event.player] = api.YOU
        text = event.secret.get("text") if not event.action else None
        said = dataclasses.replace(event, text=text) if isinstance(text, str) else event
        advice = lc_html.suggestion(said.describe(names))
        self.hint, self.hint_text = checked, f"{advice} {why}" if why else advice
        self.render()

    def _on_undo(self) -> None:
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
        self._clear_hint()
        self.error = ""
        self.adapter.begin(self)
        self.save()
        self._settle(None)

    # -- replay --------------------------------------------------------------------------------------
    @staticmethod
    def can_replay(state: api.State) -> bool:
        """A replay is offered once a game is over: at the end, and between the games of a match
        (waiting for the next deal)."""
        return state.is_terminal() or (state.is_chance() and bool(state.finished()))

    def _on_replay(self) -> None:
        current = self.session
        if (current is None or self.menu_open or not self.states.allows(Event.REPLAY)
                or not self.can_replay(current.state)):
            return
        self._replay = {}
        self._replay_games = current.game_starts()
        self._replay_first = self._replay_games[0] if self._replay_games else current.replay_start()
        self.go(Event.REPLAY)
        self.moves_open = False
        self.replay_step = self._replay_first
        self._replay_to(self._replay_first)

    def _replay_to(self, step: int) -> None:
        current = self.session
        if current is None or self.states.phase is not Phase.REPLAY:
            return
        before, self.replay_step = self.replay_step, max(self._replay_first, min(len(current.state.history), step))
        if self.replay_step == before + 1:  # one step forward sounds; a jump or a step back is silent
            self._cue(self._replay_position(current, self.replay_step)[2])
        self.render()

    def _replay_seek(self, text: str) -> None:
        """The slider or a game's button: to the move it names (counted from the replay's start);
        anything but a plain whole number is ignored."""
        if self.states.phase is Phase.REPLAY and text.isascii() and text.isdigit() and len(text) <= 6:
            self._replay_to(self._replay_first + int(text))

    def _replay_position(self, current: session.Session, step: int) -> tuple[api.State, str, sound.Cue | None]:
        """The position after ``step`` actions, what the last of them did and its sound (cached, built forward)."""
        if step in self._replay:
            return self._replay[step]
        found: tuple[api.State, str, sound.Cue | None]
        if step == self._replay_first:
            found = (current.replay_at(step), "", None)
        else:
            previous = self._replay.get(step - 1)
            state = previous[0].clone() if previous is not None else current.replay_at(step - 1)
            event = state.apply(current.state.history[step - 1])
            found = (state, event.describe(current.names), sound.cue(event.kind, over=self.can_replay(state)))
        self._replay[step] = found
        return found

    def _replay_frame(self, current: session.Session) -> Frame:
        state, text, _ = self._replay_position(current, self.replay_step)
        bar = lc_html.replay_bar(self.replay_step, self._replay_first, len(current.state.history), text,
                                 self._replay_games)
        return Frame("replay", lc_html.REPLAY_LAYOUT, {
            "replay-bar": bar, "replay-table": self.entry.renderer.position(state, current.names)},
            focus=({"action": "replay-next"}, {"action": "close-replay"}))

    def _on_close_replay(self) -> None:
        if self.states.phase is Phase.REPLAY:
            self.go(Event.CLOSE_REPLAY)
            self._replay = {}
            self.render()

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

    def refuse(self, reason: str) -> Command:
        """Refuse the last input: ``reason`` is shown (by the adapter's prompt) until the next input."""
        self.error = reason
        return REDRAW

    # -- drawing -------------------------------------------------------------------------------------
    def interactive(self) -> bool:
        """True when the person to act may click the table now."""
        current = self.session
        return (current is not None and self.states.phase is Phase.PLAY and self.states.overlay is Overlay.NONE
                and current.is_person_turn())

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

    def render(self) -> None:
        root = self.root
        if root is None:
            return
        current = self.session
        root.set_data("phase", self.phase())
        root.set_data("moves", str(len(current.state.history)) if current is not None else "0")
        root.set_data("sound", "on" if self.sound_on() else "off")
        root.set_class("lc-in-game", current is not None)
        if self.document is not None:
            self.host.set_info(self.document.info(self))
        else:
            self.host.set_info(self.adapter.info(self) if current is not None and self.is_playing() else "")
        title = i18n._(self.game.title)
        if self.menu_open:
            words = self.document.words if self.document is not None else self.adapter.words
            learn = f'<p class="lc-menu-learn">{lc_html.learn_link(self.game.name)}</p>'
            entries = [*self._tool_entries(current), *self.menu_entries,
                       lc_html.Entry(i18n._("Turn sound off") if self.sound_on() else i18n._("Turn sound on"), "sound")]
            self._panel("menu", lc_html.menu(learn + lc_html.language_switch(), words=words, confirm=self.confirming,
                                             entries=entries))
        elif self.sheet == "rules":
            self._panel("rules", rules_summary.page(self.entry.summary, overlay=True))
        elif self.sheet == "stats":
            self._panel("stats", stats.page(self.read_stats(), [self.game], overlay=True))
        elif self.states.phase is Phase.REPLAY and current is not None:
            self._frame(self._replay_frame(current))
        elif self.states.phase is Phase.SETUP:
            last = self.last_setup()
            assist = last is not None and last.pref(session.ASSIST) == "1"
            self._panel("setup", lc_html.with_assist(self.adapter.setup_form(self, last), assist))
        elif self.states.phase is Phase.PROBLEM:
            self._panel("problem", lc_html.problem(title, self.problem, prefix=self.adapter.prefix,
                                                   kept=len(self.damaged_copies)))
        elif self.states.phase is Phase.STALE:
            self._panel("stale", lc_html.stale(i18n._(STALE)))
        elif self.states.phase is Phase.HANDOVER and current is not None:
            who = current.name(current.current_player)
            self._panel("handover", lc_html.handover(who, self.adapter.handover_note(self), self.adapter.words))
        elif self.states.phase is Phase.DOCUMENT and self.document is not None:
            self._frame(self.document.render(self))
        elif current is not None:
            self._frame(self.adapter.render(self))
        self._render_outer(current)

    def _tool_entries(self, current: session.Session | None) -> list[lc_html.Entry]:
        """The menu's entry for the table, as the game stands: after a game (or between the games of
        a match), its replay.  The turn's tools are on the table (:meth:`_toolbar`)."""
        if current is None or not self.is_playing() or self.document is not None or not self.can_replay(current.state):
            return []
        return [lc_html.Entry(i18n._("Replay the game") if current.state.is_terminal() else
                              i18n._("Replay the games so far"), "replay")]

    def _toolbar(self, current: session.Session) -> str:
        """The turn's tools on the table, one tap each (``lostcities.ui.html.toolbar``): *Suggest a
        move* while it is the person's turn, *Undo* while their last action may be taken back, *Moves*."""
        hint = "thinking" if self.hinting else ("shown" if self.hint is not None else "")
        can_hint = self.interactive() and bool(current.game.bot_levels) and not current.state.is_terminal()
        return lc_html.toolbar(moves=len(current.log), moves_open=self.moves_open, assists=current.assists(),
                               can_hint=can_hint, hint=hint, can_undo=not self.thinking and current.can_undo())

    def _render_outer(self, current: session.Session | None) -> None:
        """The tools row and the move log under the table, and the suggestion's highlights."""
        root = self.root
        if root is None:
            return
        playing = current is not None and self.is_playing() and self.states.overlay is Overlay.NONE
        toolbar = tools = moves = ""
        if playing and current is not None:
            # The turn's tools stand in the screen's bar, beside the menu button; a suggestion's
            # sentence and the move log under the table.
            toolbar = self._toolbar(current)
            tools = lc_html.hint_note(self.hint_text) if self.hint is not None else ""
            if self.moves_open and current.log:
                moves = lc_html.move_log([str(entry["text"]) for entry in current.log])
        focus = root.focused()
        for region, html in (("toolbar", toolbar), ("tools", tools), ("moves", moves)):
            if self._outer.get(region) != html:
                root.set_html(region, html)
                self._outer[region] = html
        if focus and not root.focus(focus):  # a tool that went (Undo, once used): back to the table
            any(root.focus(place) for place in self._focus_places)
        root.set_class("lc-moves-open", bool(moves))
        marks = self._hint_marks() if playing else ()
        if marks or self._marked:
            root.mark(marks)
        self._marked = marks

    def _panel(self, name: str, html: str) -> None:
        """A whole-area panel (menu, setup...): replaces the main region."""
        if self.root is not None and (self._layout != name or self._parts.get("main") != html):
            self.root.set_html("main", html)
        self._layout = name
        self._parts = {"main": html}

    def _frame(self, frame: Frame) -> None:
        root = self.root
        if root is None:
            return
        focus = root.focused()
        lost = focus is None and self._had_focus and root.is_focus_lost()
        if self._layout != frame.layout:
            root.set_html("main", frame.skeleton)
            self._layout = frame.layout
            self._parts = {}
        for region, html in frame.parts.items():
            if self._parts.get(region) != html:
                root.set_html(region, html)
                self._parts[region] = html
        self._focus_places = frame.focus
        wanted, self.focus_next = self.focus_next, ()
        if not ((focus or lost) and any(root.focus(place) for place in wanted)) and (
                (focus and not root.focus(focus)) or lost):  # never left on the page's body
            any(root.focus(place) for place in frame.focus)
        self._had_focus = root.focused() is not None


MENU_TOOLS: typing.Final = frozenset({"hint", "undo-move", "moves", "replay"})
"""The table's tools (on the table, the replay in the menu: see ``Screen._tool_entries``): chosen while the
menu is open, the menu closes and the tool acts on the table."""
_ACTIONS: dict[str, typing.Callable[[Screen], None]] = {
    "skip": Screen._on_skip,
    "moves": Screen._on_moves,
    "rules": Screen._on_rules,
    "stats": Screen._on_stats,
    "close-sheet": Screen._on_close_sheet,
    "hint": Screen._on_hint,
    "undo-move": Screen._on_undo,
    "replay": Screen._on_replay,
    "replay-first": lambda scr: scr._replay_to(scr._replay_first),
    "replay-prev": lambda scr: scr._replay_to(scr.replay_step - 1),
    "replay-next": lambda scr: scr._replay_to(scr.replay_step + 1),
    "replay-last": lambda scr: scr._replay_to(1 << 30),
    "close-replay": Screen._on_close_replay,
    "start": Screen._on_start,
    "ready": Screen._on_ready,
    "menu": Screen._on_menu,
    "close-menu": Screen._on_close_menu,
    "new-match": Screen._on_new,
    "confirm-new": Screen._on_confirm_new,
    "new-after-problem": Screen._on_new,
    "load-newer": Screen._on_load_newer,
    "sound": Screen._on_sound,
}
"""The screen's own actions (``home`` and ``dismiss`` belong to the app shell)."""
