"""Input dispatch: a part of :class:`screen.Screen`.

Every click, key and change of the screen's element arrives here as a :class:`screen_types.Input`
(one delegated listener per screen root).  In order: the problem panel's downloads and the replay's
slider (they read the input's data); the screen's hooks (:meth:`screen_hooks.Hooks.on_input`: an
embed's lesson buttons); Escape, which closes the menu, a page over the game or the replay; the
screen's own actions (:data:`ACTIONS`: the menu, the setup form's *Start*, *Ready*, the table's
tools...); then, over no overlay, the open document's or the adapter's ``on_input``, whose
:class:`screen_types.Command` the screen carries out (an action, a deal, a redraw).
"""

from __future__ import annotations

import typing

import screen_states
import screen_types
from lostcities import errors, session
from lostcities.ui import html as lc_html
from lostcities.ui import theme as colour_theme

if typing.TYPE_CHECKING:
    from screen import Screen

Event = screen_states.Event
Phase = screen_states.Phase
Overlay = screen_states.Overlay

MENU_TOOLS: typing.Final = frozenset({"hint", "undo-move", "moves", "replay"})
"""The table's tools (on the table, the replay in the menu: see :meth:`screen_draw.Drawing.tool_entries`):
chosen while the menu is open, the menu closes and the tool acts on the table."""


class Inputs:
    """Where one screen's inputs go."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def route(self, event: screen_types.Input) -> None:
        """The problem panel's downloads and the replay's slider (they read the input's data), then the
        hooks, then :meth:`dispatch`."""
        scr = self.screen
        if event.kind == "click" and event.action == "download-damaged":
            scr.saves.download_damaged(event.data.get("copy", ""))
            return
        if event.action == "replay-to" and event.kind in ("click", "change"):
            scr.replay.seek(event.value if event.kind == "change" else event.data.get("step", ""))
            return
        if scr.hooks.on_input(scr, event):
            return
        self.dispatch(event)

    def dispatch(self, event: screen_types.Input) -> None:
        scr = self.screen
        if event.kind == "key" and event.key == "Escape" and scr.menu_open:
            scr.go(Event.CLOSE_MENU)
            scr.render()
            return
        if event.kind == "key" and event.key == "Escape" and (scr.sheet or scr.states.phase is Phase.REPLAY):
            scr.menu.close_sheet() if scr.sheet else scr.replay.close()
            return
        handler = ACTIONS.get(event.action) if event.kind == "click" else None
        if handler is not None and event.action in MENU_TOOLS and scr.menu_open:
            # A tool chosen in the menu: the menu closes, the tool acts on the table.
            scr.go(Event.CLOSE_MENU)
            handler(scr)
            scr.render()
            return
        if handler is not None:
            handler(scr)
            return
        if scr.states.overlay is not Overlay.NONE or scr.states.phase is Phase.REPLAY:
            return
        if scr.states.phase is Phase.DOCUMENT and scr.document is not None:
            if scr.document.on_input(scr, event) == screen_types.REDRAW:
                scr.saves.save_document()
                scr.render()
            return
        if not scr.is_playing():
            return
        command = scr.adapter.on_input(scr, event)
        if isinstance(command, screen_types.Do):
            scr.act(command.action)
        elif command == screen_types.DEAL:
            scr.deal()
        elif command == screen_types.REDRAW:
            scr.render()

    def start(self) -> None:
        """The setup form's *Start*: a new game from the form's values (or a document it opens); a
        refused form comes back with the reason."""
        scr = self.screen
        if scr.states.phase is not Phase.SETUP or scr.root is None:
            return
        values = scr.root.values()
        try:
            setup = scr.adapter.read_setup(scr, values)
            if values.get(session.ASSIST) == "1" and len(setup.people) > 1:
                setup = session.Setup.create(setup.game, setup.seats, dict(setup.options),
                                             {**dict(setup.prefs), session.ASSIST: "1"})
            scr.new_game(setup)
        except screen_types.OpenDocument as opened:
            factory = scr.adapter.documents.get(opened.name)
            if factory is None:
                raise
            document = factory()
            try:
                document.create(scr, opened.values)
            except errors.InvalidOptionError as err:
                scr.show_setup(lc_html.to_sentence(err.reason))
                return
            scr.open_document(document)
            scr.saves.save_document()
        except errors.InvalidOptionError as err:
            scr.show_setup(lc_html.to_sentence(err.reason))


ACTIONS: typing.Final[typing.Mapping[str, typing.Callable[[Screen], None]]] = {
    "skip": lambda scr: scr.menu.skip(),
    "moves": lambda scr: scr.menu.toggle_moves(),
    "rules": lambda scr: scr.menu.rules(),
    "stats": lambda scr: scr.menu.stats(),
    "close-sheet": lambda scr: scr.menu.close_sheet(),
    "hint": lambda scr: scr.computer.on_hint(),
    "undo-move": lambda scr: scr.undo(),
    "replay": lambda scr: scr.replay.open(),
    "replay-first": lambda scr: scr.replay.to(scr.replay.first),
    "replay-prev": lambda scr: scr.replay.to(scr.replay.step - 1),
    "replay-next": lambda scr: scr.replay.to(scr.replay.step + 1),
    "replay-last": lambda scr: scr.replay.to(1 << 30),
    "close-replay": lambda scr: scr.replay.close(),
    "start": lambda scr: scr.inputs.start(),
    "ready": lambda scr: scr.ready(),
    "menu": lambda scr: scr.menu.toggle(),
    "close-menu": lambda scr: scr.menu.close(),
    "new-match": lambda scr: scr.menu.new(),
    "confirm-new": lambda scr: scr.menu.confirm_new(),
    "new-after-problem": lambda scr: scr.menu.new(),
    "load-newer": lambda scr: scr.load_newer(),
    "sound": lambda scr: scr.menu.toggle_sound(),
    "theme-light": lambda scr: scr.menu.choose_theme(colour_theme.Theme.LIGHT),
    "theme-dark": lambda scr: scr.menu.choose_theme(colour_theme.Theme.DARK),
    "theme-auto": lambda scr: scr.menu.choose_theme(colour_theme.Theme.AUTO),
}
"""The screen's own actions (``home`` and ``dismiss`` belong to the app shell)."""
