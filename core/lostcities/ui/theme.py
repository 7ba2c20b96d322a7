"""The colour theme: light, dark, or the system's choice (issue 20).

Every colour of the site is in one palette (``web/style.css``'s ``:root``), each as
``light-dark(<light>, <dark>)``: the page shows the system's theme (``prefers-color-scheme``) unless
``<html data-theme>`` says ``light`` or ``dark``.  The menu's choice is kept by the browser under
:data:`KEY`; the screen marks its element with it (``data-theme``) and ``web/theme.js`` copies that to
``<html>`` (and reads the key before the page is drawn, so that it never flashes the other theme).
The embed takes it from its ``theme`` parameter and keeps nothing.

>>> Theme.parse("dark"), Theme.parse(None), Theme.parse("blue")
(<Theme.DARK: 'dark'>, <Theme.AUTO: 'auto'>, <Theme.AUTO: 'auto'>)
>>> [str(choice.label) for choice in Theme]
['Light', 'Dark', 'System']
"""

from __future__ import annotations

import enum
import typing

from lostcities import i18n

KEY: typing.Final = "lostcities:theme"
"""Where the browser keeps the choice: ``light`` or ``dark`` (absent, or ``auto``: the system's)."""


class Theme(enum.Enum):
    """A colour theme the menu offers (its value is what ``<html data-theme>`` and the embed's ``theme`` say)."""

    LIGHT = "light"
    DARK = "dark"
    AUTO = "auto"
    """The system's: dark where it asks for dark colours (``prefers-color-scheme: dark``)."""

    def __repr__(self) -> str:
        return f"<Theme.{self.name}: {self.value!r}>"

    @property
    def label(self) -> str:
        """The menu's word for it, in the current language."""
        return i18n._(_LABELS[self])

    @classmethod
    def parse(cls, kept: str | None) -> Theme:
        """The theme a browser kept (anything else, or nothing: :attr:`AUTO`)."""
        return next((choice for choice in cls if choice.value == kept), cls.AUTO)


_LABELS: typing.Final = {
    Theme.LIGHT: i18n.N_("Light"),
    Theme.DARK: i18n.N_("Dark"),
    Theme.AUTO: i18n.N_("System"),
}
