"""Typed errors shared by every game.

Every error is a :class:`ValueError` (bad input is a bad value) and carries a
stable machine-readable ``code`` so that a user interface can react to the kind
of error without parsing the message, while the message itself is written for a
person and names the position it happened in.

>>> err = IllegalActionError("yellow 5 is lower than yellow 7", position="card game, turn 3")
>>> isinstance(err, ValueError), err.code
(True, 'illegal_action')
>>> str(err)
'yellow 5 is lower than yellow 7 (card game, turn 3)'
"""

from __future__ import annotations

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6
_SHORT.maxlong = 40


def shown(value: object) -> str:
    """A short ``repr`` of a value for an error message: long or deeply nested
    values are cut (``...``), and it never recurses deeply.

    >>> shown("Y7"), shown([[[[[1]]]]]), shown("x" * 100)
    ("'Y7'", '[[[[...]]]]', "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'")
    """
    return _SHORT.repr(value)


class GameError(ValueError):
    """Base class of every error raised by the rules core."""

    code: str = "game_error"

    def __init__(self, reason: str, *, position: str | None = None) -> None:
        self.reason = reason
        self.position = position
        super().__init__(f"{reason} ({position})" if position else reason)


class MalformedActionError(GameError):
    """The text or value given as an action is not an action of this game at all."""

    code = "malformed_action"


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow in this position."""

    code = "illegal_action"


class WrongTurnError(IllegalActionError):
    """An action submitted for a player who is not the one to act."""

    code = "wrong_turn"


class GameOverError(IllegalActionError):
    """An action submitted after the game has ended."""

    code = "game_over"


class InvalidStateError(GameError):
    """A saved state or record that is corrupted, inconsistent or from another version."""

    code = "invalid_state"


class InvalidOptionError(GameError):
    """Game options (player count, variants, ...) that the game does not support."""

    code = "invalid_option"
