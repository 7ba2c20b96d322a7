"""The built-in tutorials of this game (data for :mod:`lostcities.tutorial`)."""

from __future__ import annotations

import typing

TUTORIALS: typing.Final[list[dict[str, typing.Any]]] = []
