"""The named points where a screen's owner adds to the flow of a turn: :class:`Hooks`.

A :class:`screen.Screen` runs the same flow for every game (:mod:`screen`'s docstring); whoever
makes a screen for another place (the embed of a rules site, :mod:`embed_screen`) plugs a
:class:`Hooks` into it instead of overriding the screen's methods.  The screen calls each hook at
one named point, in this order for a person's action::

    on_input  ->  apply  ->  (refused: illegal)  ->  event  ->  settle  ->  drawn  ->  settled

and ``shell``, ``open``, ``mounted`` when it mounts, ``deal`` when chance acts, ``problem`` and
``tools`` while it draws, ``interactive`` whenever it asks whether the table takes a click.  The
defaults are the app's own screen: a screen made with no hooks is the app's.  A hook that answers
"handled" (``True``, a value) takes over that point; any other answer lets the screen go on.
"""

from __future__ import annotations

import typing

from lostcities import api, errors, session

if typing.TYPE_CHECKING:
    import screen_types
    from screen import Screen


class Hooks:
    """The app's screen: every hook adds nothing (subclass it, or give an object of the same shape)."""

    saves: bool = True
    """Whether the screen keeps its game in the browser's storage (save, restore, other tabs, the
    setup form's last choice); an embed's position lives in its host page's URL instead."""

    def shell(self, scr: Screen, html: str) -> str:
        """The screen element's markup on mounting (the adapter's ``shell``), with any region added."""
        return html

    def open(self, scr: Screen) -> bool:
        """What the screen opens on mounting (and ``restore``): True when the hook opened it itself,
        False for the screen's own (the save, else the setup form)."""
        return False

    def mounted(self, scr: Screen) -> None:
        """The screen is mounted and shows what it opened."""

    def on_input(self, scr: Screen, event: screen_types.Input) -> bool:
        """An input before the screen's own dispatch: True when the hook took it (nothing else sees it)."""
        return False

    def apply(self, scr: Screen, current: session.Session, action: api.Action | str) -> api.Event | None:
        """Apply a person's action (raises :class:`errors.GameError` for an illegal one): the event, or
        None when the hook refused it and showed why (nothing changed)."""
        return current.apply(action)

    def illegal(self, scr: Screen, action: api.Action | str, err: errors.GameError) -> None:
        """A person's action was illegal: ``scr.error`` says why; the screen draws next."""

    def event(self, scr: Screen, event: api.Event) -> None:
        """An action (a person's, a computer's, chance's) was applied, before the screen handles it."""

    def settle(self, scr: Screen, event: api.Event | None) -> bool:
        """After a change, before the screen hands over or lets chance or a computer act: True when
        the hook settled the screen itself (drawn, and whatever comes next scheduled)."""
        return False

    def settled(self, scr: Screen, event: api.Event) -> None:
        """The screen handled ``event`` (saved, drawn, the next move scheduled)."""

    def deal(self, scr: Screen) -> api.Event | None:
        """Chance acts now: the event of the hook's own deal, or None for the screen's (at random)."""
        return None

    def drawn(self, scr: Screen) -> None:
        """The screen drew its phase: draw what the hook adds (a region of its own, highlights)."""

    def problem(self, scr: Screen) -> str:
        """The problem panel's markup (``""``: the screen's, with its damaged-save copies)."""
        return ""

    def tools(self, scr: Screen) -> bool:
        """Whether the table's tools (*Suggest a move*, *Undo*, *Moves*, the move log) are drawn."""
        return True

    def interactive(self, scr: Screen) -> bool:
        """Whether the table may take a click now, when the screen would let it."""
        return True


APP: typing.Final = Hooks()
"""The app's screen: no hook adds anything."""
