"""Pebbles' entry in :mod:`lostcities.ui.games`: everything the game provides, in one
typed record (a built-in game's entry is a constant of ``lostcities/ui/games.py``;
this one registers itself, since the game exists only in the tests)."""

from __future__ import annotations

import typing

from lostcities.ui import games
from tests.pebbles import ai, html, rules, tutorials

ENTRY: typing.Final = games.register(games.Entry[rules.State](
    game=rules.Game, levels=ai.bot, renderer=html, summary=html.SUMMARY, tutorials=tuple(tutorials.TUTORIALS)))
