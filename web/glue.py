"""Glue shared by the game screens (browser-free, so it also imports under CPython)."""

from __future__ import annotations

import dataclasses
import time
import typing


@dataclasses.dataclass
class ThinkStats:
    """Timing of one computer decision, in seconds."""

    started: float
    work: float = 0.0
    longest: float = 0.0

    def add(self, spent: float) -> None:
        self.work += spent
        self.longest = max(self.longest, spent)

    @property
    def wall(self) -> float:
        return time.perf_counter() - self.started


class SaveError(ValueError):
    """A save that cannot be restored; the message is for the player."""


def check_save_header(data: typing.Any, fmt: str, version: int, what: str) -> None:
    """Raise :class:`SaveError` unless ``data`` is a save of format ``fmt``, version ``version``."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"it is not a save of {what}")
    found = data.get("version")
    if found != version:
        if type(found) is int and found < version:
            raise SaveError(f"it was saved by an older version of this site (save format {found}); "
                            f"this version reads format {version}")
        raise SaveError(f"it was saved in an unknown format ({found!r}); this version reads format {version}")
