"""The menu and what it opens: a part of :class:`screen.Screen`.

The menu button opens and closes the menu over the table (overlay ``MENU`` of :mod:`screen_states`);
its *New match* asks first while a game is in progress (``CONFIRM``); its *Rules of the game* and
*Statistics* are pages over the game (``RULES``, ``STATS``); *Turn sound on/off* is kept by the
browser for every game.  The *Moves* toggle and *Skip to my hand* are here too, and the sound cue
of each action (``data-cue``).
"""

from __future__ import annotations

import typing

import screen_states
import screen_types
from lostcities.ui import sound
from lostcities.ui import theme as colour_theme

if typing.TYPE_CHECKING:
    from screen import Screen

StorageError = screen_types.StorageError


class Menu:
    """The menu, the pages over the game and the sound of one screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.cues = 0
        """Cues marked so far (``data-cue`` counts them: the same cue twice is still a change)."""

    def toggle(self) -> None:
        scr = self.screen
        if scr.states.allows(screen_states.Event.MENU):
            scr.go(screen_states.Event.MENU)
            scr.computer.clear_hint()
            scr.render()
            if not scr.menu_open:
                scr.settle(None)

    def close(self) -> None:
        scr = self.screen
        if scr.states.allows(screen_states.Event.CLOSE_MENU):
            scr.go(screen_states.Event.CLOSE_MENU)
        scr.settle(None)

    def new(self) -> None:
        self.screen.saves.forget()
        self.screen.show_setup()

    def confirm_new(self) -> None:
        """The menu's *New match*: while a game is in progress it asks first (the game would be lost)."""
        scr = self.screen
        current = scr.session
        in_progress = scr.document is not None or (current is not None and not current.state.is_terminal())
        if not in_progress or (scr.confirming and scr.menu_open):
            self.new()
            return
        if not scr.states.allows(screen_states.Event.CONFIRM):
            return
        scr.go(screen_states.Event.CONFIRM)
        scr.render()
        if scr.root is not None:
            scr.root.focus({"action": "close-menu"})

    def open_sheet(self, event: screen_states.Event) -> None:
        scr = self.screen
        if scr.states.allows(event):
            scr.go(event)
            scr.render()
            if scr.root is not None:
                scr.root.focus({"action": "close-sheet"})

    def rules(self) -> None:
        self.open_sheet(screen_states.Event.RULES)

    def stats(self) -> None:
        self.open_sheet(screen_states.Event.STATS)

    def close_sheet(self) -> None:
        scr = self.screen
        if scr.sheet:
            scr.go(screen_states.Event.CLOSE_SHEET)
            scr.settle(None)

    def toggle_moves(self) -> None:
        """The *Moves* toggle: the log panel under the table opens or closes."""
        scr = self.screen
        if scr.session is not None and scr.is_playing():
            scr.moves_open = not scr.moves_open
            scr.render()

    def skip(self) -> None:
        """The screen's first button, *Skip to my hand* (the dice): the keyboard goes to the table's
        first control (the frame's focus places), past the top bar and the opponents' side."""
        scr = self.screen
        if scr.root is not None:
            any(scr.root.focus(place) for place in scr.drawing.focus_places)

    def sound_on(self) -> bool:
        """Whether the page plays the cues: the menu's choice, kept by the browser (all games share it)."""
        scr = self.screen
        if scr.sound_choice is not None:
            return scr.sound_choice
        try:
            return scr.host.storage_get(sound.KEY) == "1"
        except StorageError:
            return False

    def toggle_sound(self) -> None:
        """The menu's *Turn sound on/off*; a browser that keeps nothing keeps it for this screen."""
        scr = self.screen
        chosen = not self.sound_on()
        try:
            if not scr.sound_kept:
                raise StorageError("the embed keeps no sound choice")
            scr.host.storage_set(sound.KEY, "1" if chosen else "0")
        except StorageError:
            scr.sound_choice = chosen
        scr.render()
        if scr.root is not None:
            scr.root.focus({"action": "sound"})

    def theme(self) -> colour_theme.Theme:
        """The colour theme: the menu's choice, kept by the browser (``web/theme.js`` reads it too)."""
        scr = self.screen
        if scr.theme_choice is not None:
            return scr.theme_choice
        try:
            return colour_theme.Theme.parse(scr.host.storage_get(colour_theme.KEY))
        except StorageError:
            return colour_theme.Theme.AUTO

    def choose_theme(self, chosen: colour_theme.Theme) -> None:
        """The menu's *Colours*: kept as the sound's choice is (for this screen alone where nothing is kept)."""
        scr = self.screen
        try:
            if not scr.sound_kept:
                raise StorageError("the embed keeps no colour choice")
            scr.host.storage_set(colour_theme.KEY, chosen.value)
        except StorageError:
            scr.theme_choice = chosen
        scr.render()
        if scr.root is not None:
            scr.root.focus({"action": f"theme-{chosen.value}"})

    def cue(self, found: sound.Cue | None) -> None:
        """Mark the element with a sound to play (a count makes the same cue twice a change)."""
        if found is not None and self.screen.root is not None:
            self.cues += 1
            self.screen.root.set_data("cue", f"{found.value} {self.cues}")

