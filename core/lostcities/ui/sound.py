"""Which sound a game event makes: one table for every game, as data.

The screen marks its element with the cue of each action it applies (``data-cue``, see
``web/screen.py``) and whether sound is on (``data-sound``); ``web/sound.js`` on the page plays
the cue with WebAudio.  The cue comes from the event's ``kind`` (:attr:`lostcities.api.Event.kind`)
alone, so a new game's events sound as soon as their kinds are in :data:`BY_KIND`; the end of a
game sounds instead of its last action.

>>> cue("play", over=False), cue("roll", over=False), cue("draw", over=True)
(<Cue.CARD: 'card'>, <Cue.DICE: 'dice'>, <Cue.END: 'end'>)
>>> cue("tiles", over=False) is None
True
"""

from __future__ import annotations

import enum
import typing

KEY: typing.Final = "lostcities:sound"
"""Where the browser keeps the choice: ``1`` (on) or ``0`` (off); absent: off."""


class Cue(enum.Enum):
    """A sound ``web/sound.js`` can make (its value is the name the page reads)."""

    CARD = "card"
    """A card played, discarded, drawn or dealt."""
    PIECE = "piece"
    """A piece moving on the board."""
    DICE = "dice"
    """The dice rolled."""
    MARK = "mark"
    """A box written on a Roll & Write sheet."""
    END = "end"
    """The end of a game."""

    def __repr__(self) -> str:
        return f"<Cue.{self.name}: {self.value!r}>"


BY_KIND: typing.Final[typing.Mapping[str, Cue]] = {
    "play": Cue.CARD, "discard": Cue.CARD, "draw": Cue.CARD, "deal": Cue.CARD,
    "start": Cue.PIECE, "advance": Cue.PIECE, "move": Cue.PIECE,
    "roll": Cue.DICE,
    "take": Cue.MARK, "refuse": Cue.MARK, "accelerate": Cue.MARK, "choose": Cue.MARK,
}
"""The cue of each event kind of the three games (a kind not listed, like the board's ``tiles``, is silent)."""


def cue(kind: str, *, over: bool) -> Cue | None:
    """The cue of an event of ``kind``; ``over``: the event ended a game (:attr:`Cue.END`)."""
    return Cue.END if over else BY_KIND.get(kind)
