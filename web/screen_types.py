"""What the generic screen (:mod:`screen`) needs from the browser and what a game gives it.

:class:`Host` and :class:`Root` are the browser seen from the screen (``web/host.py`` in the page,
``web/channel.py`` in the engine's worker, :class:`memory_host.MemoryHost` in tests); an
:class:`Adapter` per game draws its table and turns its clicks into :class:`Do` commands; a
:class:`Document` is something a screen shows that is not a game (Roll & Write's companion sheet).
Adapters, hosts and tests name these values here (``screen_types.Input``, ``screen_types.Adapter``).

Screens are registered, not loaded by module name: ``catalogue.py`` pairs each
game's entry (:mod:`lostcities.ui.games`) with its adapter and calls
:func:`register` (``REGISTRY`` maps a game name to its adapter's factory); the
screen finds the game's computer players, renderer and rules summary in its entry.
"""

from __future__ import annotations

import dataclasses
import typing

from lostcities import api, i18n, session
from lostcities.ui import games, stats
from lostcities.ui import html as lc_html

if typing.TYPE_CHECKING:
    from screen import Screen

SLICE_SECONDS: typing.Final = 0.02
"""Work done in one browser task while a computer thinks on the page's own thread (bots yield every
few ms): :attr:`Host.think_slice` of a host that shares its thread with the page."""


# -- what the screen needs from the browser ---------------------------------------------------------


class StorageError(Exception):
    """Storage is disabled, full or absent; the message is technical (for the console)."""


@dataclasses.dataclass(frozen=True)
class Input:
    """One user input, as the delegated listener read it from the page.

    ``kind`` is ``click``, ``change`` or ``key``.  ``action`` is the
    ``data-action`` and ``target`` the ``data-target`` of the nearest element
    carrying either (clicks and changes); ``data`` holds every ``data-*``
    attribute of that element without the prefix (``{"colour": "Y", "card":
    "Y7"}``); ``key`` is the key name of a key press; ``value`` the value of a
    changed input."""

    kind: str
    action: str = ""
    target: str = ""
    data: typing.Mapping[str, str] = dataclasses.field(default_factory=dict)
    key: str = ""
    value: str = ""


class Root(typing.Protocol):
    """The screen's element in the page (the outer element of ``Adapter.shell()``).

    Regions are elements carrying ``data-region="<name>"`` inside it
    (``main`` always exists; an adapter's play layout adds its own)."""

    def set_html(self, region: str, html: str) -> None:
        """Replace the content of a region (nothing happens if it does not exist)."""

    def set_data(self, name: str, value: str) -> None:
        """Set ``data-<name>`` on the screen element."""

    def set_class(self, name: str, on: bool) -> None:
        """Add or remove a class on the screen element."""

    def values(self) -> dict[str, str]:
        """The form fields inside the screen: text inputs by name, the checked
        radio of each group, checked checkboxes (their value)."""

    def focus(self, data: typing.Mapping[str, str]) -> bool:
        """Focus the first element whose ``data-*`` attributes include ``data``
        (a CSS-free description: ``{"action": "ready"}``); False if none."""

    def focused(self) -> dict[str, str] | None:
        """The ``data-*`` attributes of the focused element if it is inside the screen."""

    def is_focus_lost(self) -> bool:
        """True when the keyboard focus is nowhere (on the page's body): the element it was on
        has been replaced.  Focus elsewhere (the top bar, another frame) is not lost."""

    def mark(self, places: typing.Sequence[typing.Mapping[str, str]]) -> None:
        """Highlight (class ``is-hinted``) every element matching one of these
        ``data-*`` descriptions, and no other."""

    def listen(self, handler: typing.Callable[[Input], None]) -> None:
        """Install the one delegated listener (clicks, changes, key presses) on the element."""

    def spot(self, names: typing.Sequence[str], arrows: typing.Sequence[tuple[str, str]] = ()) -> None:
        """Point at elements (a tutorial's highlights): the class ``is-spot`` on every
        element whose ``data-spot`` is one of ``names`` (and off everywhere else), and an
        arrow drawn from each first element of ``arrows`` to its second."""

    def close(self) -> None:
        """Remove the listener, free what it holds, and empty the element."""


class Host(typing.Protocol):
    """Everything the screen asks of the page.  ``web/host.py`` implements it
    in the browser; :class:`MemoryHost` in memory."""

    seed: int | None
    """``?seed=N``: every deal and roll repeats; None: random."""

    think_slice: float | None
    """Seconds of a computer's thinking per task (:data:`SLICE_SECONDS` where the screen shares the
    page's thread: the page stays responsive between slices); None: in one go, the computer's own
    budget bounding it (a host in a Web Worker, where the page never waits for it)."""

    def mount(self, shell: str) -> Root:
        """Show ``shell`` (one element) in the app's area and return it as a :class:`Root`."""

    def storage_get(self, key: str) -> str | None:
        """The text stored under ``key`` (None if nothing); raises :class:`StorageError`."""

    def storage_set(self, key: str, text: str) -> None:
        """Store ``text``; raises :class:`StorageError` (disabled, full)."""

    def storage_remove(self, key: str) -> None:
        """Remove ``key`` (silently nothing when storage is off)."""

    def watch_storage(self, key: str, func: typing.Callable[[str | None], None]) -> typing.Callable[[], None]:
        """Call ``func(new_text)`` when another tab changes ``key``; returns the function that stops watching."""

    def later(self, ms: int, func: typing.Callable[[], None]) -> int:
        """Call ``func`` after ``ms`` milliseconds, in a new browser task; returns a handle."""

    def cancel(self, handle: int) -> None:
        """Cancel a pending ``later``."""

    def clock(self) -> float:
        """A monotonic clock, in seconds."""

    def notify(self, text: str, kind: str = "info") -> None:
        """Show a one-line notice (plain words) above the app."""

    def clear_notice(self) -> None: ...

    def console(self, level: str, text: str) -> None:
        """Technical detail for developers (``log``, ``warn``, ``error``)."""

    def set_info(self, text: str) -> None:
        """The short text in the top bar (the score)."""

    def download(self, name: str, text: str) -> None:
        """Offer ``text`` to the player as a file called ``name`` (a damaged save)."""


# -- what a game provides ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Do:
    """Apply this action for the person to act."""

    action: api.Action | str


REDRAW: typing.Final = "redraw"
"""The adapter changed its own view state: render again."""
DEAL: typing.Final = "deal"
"""Draw the pending chance outcome (deal the next game, roll the dice) now."""
Command = Do | typing.Literal["redraw", "deal"] | None


@dataclasses.dataclass(frozen=True)
class Frame:
    """What an adapter draws during play: ``layout`` names the skeleton
    (``skeleton`` goes into the ``main`` region when the layout changes), and
    ``parts`` maps region names inside it to their HTML; only the parts that
    changed since the last frame are replaced.  ``focus``: where the keyboard
    goes when the element it was on is gone (after *Start*, after a roll, after a
    play) or when it was lost while nothing could hold it (the computer's turn), the
    first of these ``data-*`` descriptions that matches an element; an adapter
    sends it elsewhere after an action with :attr:`Screen.focus_next`."""

    layout: str
    skeleton: str
    parts: typing.Mapping[str, str]
    focus: tuple[typing.Mapping[str, str], ...] = ()


CARD_FOCUS: typing.Final[tuple[typing.Mapping[str, str], ...]] = (
    {"target": "hand"}, {"target": "deck"}, {"hand": "wait"}, {"action": "menu"})
"""A card table's :attr:`Frame.focus`: the hand, else the draw pile, else the hand waiting for its turn."""
DRAW_FOCUS: typing.Final[tuple[typing.Mapping[str, str], ...]] = (
    {"target": "deck"}, {"target": "pile"}, *CARD_FOCUS)
"""A card table's :attr:`Frame.focus` at the draw step: the draw pile first."""

ROVING_KEYS: typing.Final[dict[str, int]] = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


def roving_index(key: str, index: int, count: int) -> int | None:
    """Where a key moves the focus within a group of ``count`` controls that is one stop of the Tab
    key (a hand, the dice, the places to write): the arrows to the previous or next (round the
    end), Home and End to the first and last; None for any other key or an empty group.

    >>> roving_index("ArrowRight", 2, 3), roving_index("ArrowLeft", 0, 3), roving_index("End", 0, 3)
    (0, 2, 2)
    >>> roving_index("Enter", 0, 3) is None
    True
    """
    if count <= 0:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = ROVING_KEYS.get(key)
    return None if step is None else (index + step) % count


class OpenDocument(Exception):
    """Raised by ``Adapter.read_setup`` to open one of the adapter's documents
    (e.g. Roll & Write's companion sheet) instead of starting a game."""

    def __init__(self, name: str, values: typing.Mapping[str, str]) -> None:
        super().__init__(name)
        self.name = name
        self.values = dict(values)


class Document(typing.Protocol):
    """Something a screen shows and saves that is not a game with an
    ``api.State`` (Roll & Write's companion sheet).  Saved under
    ``lostcities:<game>:<name>`` after every change; restored first when it was
    the last thing open."""

    @property
    def name(self) -> str:
        """Its name and storage key suffix (``companion``)."""

    def create(self, screen: Screen, values: typing.Mapping[str, str]) -> None:
        """A new document from the setup form's values; raises ``InvalidOptionError``."""

    def load(self, screen: Screen, text: str) -> None:
        """Restore from stored text (read it with ``session.parse``); raises ``session.SaveError``."""

    def dump(self) -> str:
        """The text to store."""

    def phase(self, screen: Screen) -> str:
        """``data-phase`` while it is open."""

    @property
    def words(self) -> lc_html.Words:
        """How the shared panels name it (the menu's *New sheet*)."""

    def render(self, screen: Screen) -> Frame: ...

    def on_input(self, screen: Screen, event: Input) -> Command:
        """``REDRAW``: it changed (the screen saves and draws it)."""

    def info(self, screen: Screen) -> str: ...


class Adapter(typing.Protocol):
    """A game's part of its screen (see ``web/card_screen.py`` for an example).

    Every method gets the :class:`Screen` (``screen.session``,
    ``screen.error``, ``screen.interactive()``, ``screen.thinking``...) and
    returns values; none touches the page."""

    @property
    def game(self) -> type[api.Game]:
        """The game class: name, title, option schema, seats, bot levels."""

    @property
    def prefix(self) -> str:
        """The class prefix of the shell (``lc``, ``rw``): ``<prefix>-problem-text`` marks a problem's reason."""

    @property
    def documents(self) -> typing.Mapping[str, typing.Callable[[], Document]]:
        """The adapter's documents by name (usually none)."""

    @property
    def words(self) -> lc_html.Words:
        """How the shared panels (menu, hand-over) name the game's things."""

    def shell(self) -> str:
        """The screen element's markup (one element, with a ``data-region="main"`` inside)."""

    def setup_form(self, screen: Screen, last: session.Setup | None) -> str:
        """The new-game form (from :func:`lostcities.ui.html.setup_form`), filled with the last setup."""

    def read_setup(self, screen: Screen, values: typing.Mapping[str, str]) -> session.Setup:
        """The setup from the form's values; raises ``InvalidOptionError`` (shown on the form)
        or :class:`OpenDocument`."""

    def begin(self, screen: Screen) -> None:
        """A session started or was restored (``screen.session.ui`` holds the saved notes): reset the view."""

    def check(self, screen: Screen, restored: session.Session) -> None:
        """Refuse a restored session that this screen cannot continue: raise ``session.SaveError``."""

    def phase(self, screen: Screen) -> str:
        """``data-phase`` during play (the screen says ``ai`` itself while a computer thinks)."""

    def render(self, screen: Screen) -> Frame:
        """The play area (table, hand, status; the results when a game is over)."""

    def on_input(self, screen: Screen, event: Input) -> Command:
        """A click or key press the screen did not handle itself."""

    def on_event(self, screen: Screen, event: api.Event) -> None:
        """Narrate an applied action (``screen.session.ui`` notes, highlights)."""

    def wants_chance(self, screen: Screen) -> bool:
        """At a chance node: draw the outcome without waiting for a click (a new
        game deals while this is true)."""

    def pause(self, screen: Screen, event: api.Event | None) -> int:
        """Milliseconds before the computer's next step (``event``: what just happened)."""

    def handover_note(self, screen: Screen) -> str:
        """What the last turn did, shown on the hand-over panel."""

    def info(self, screen: Screen) -> str:
        """The top bar's text (the score), or ``""``."""


def read_stats(host: Host) -> stats.Stats:
    """The statistics kept in this browser (none when storage is off); damaged
    ones are set aside under ``stats.DAMAGED_KEY``, with a notice in plain words."""
    try:
        text = host.storage_get(stats.KEY)
    except StorageError:
        return stats.Stats()
    try:
        return stats.load(text)
    except stats.StatsError as err:
        host.console("warn", f"the statistics were set aside ({err.reason})")
        host.storage_remove(stats.KEY)
        try:
            host.storage_set(stats.DAMAGED_KEY, text or "")
        except StorageError:
            host.console("warn", "the damaged statistics could not be kept aside")
        host.notify(i18n._(stats.SET_ASIDE), "error")
        return stats.Stats()


Factory = typing.Callable[[], Adapter]
REGISTRY: dict[str, Factory] = {}
"""Game name -> adapter factory, filled by :func:`register` (``catalogue.py`` registers the app's games)."""


@dataclasses.dataclass(frozen=True)
class Playable:
    """A game's entry (:mod:`lostcities.ui.games`) paired with its screen adapter."""

    entry: games.Entry[typing.Any]
    adapter: Factory


def register(playable: Playable) -> None:
    """Offer a game on the screens: its adapter under the game's name in ``REGISTRY``.
    Raises ``ValueError`` when the entry is not the registered one of its game or
    the adapter plays another game."""
    name = playable.entry.name
    if games.entries().get(name) is not playable.entry:
        raise ValueError(f"{name}: the entry is not the one registered in lostcities.ui.games")
    if playable.adapter().game is not playable.entry.game:
        raise ValueError(f"{name}: the adapter plays {playable.adapter().game.name}")
    REGISTRY[name] = playable.adapter
