"""The positions the tutorials (and the embed's tutorial links) start from are
pinned: built by each game's ``positions`` module, they must stay the same
position for the same tutorial (an embed's ``step=N`` and its recorded moves
depend on it).  A deliberate change of a tutorial updates its digest here."""

from __future__ import annotations

import hashlib

import pytest

from lostcities import api
from lostcities.ui import games, tutorial

START_DIGESTS = {
    "board-event-tiles": "e057506cd79fea0f",
    "board-lost-city": "e56eda3d141cca02",
    "board-lowest-card": "5aa4f14a8c9e84df",
    "board-researcher": "d9c0b582638eaa41",
    "board-round-end": "e5f68c2d5a963bfb",
    "card-ascending": "51c85d672ad56796",
    "card-discard-draw": "20b243c8682438d0",
    "card-end-of-deck": "7cabb2ad302621fd",
    "card-first-expedition": "febdd2cfac6bb817",
    "card-scoring": "44616e3bf9014a20",
    "card-wagers": "a92e83b9d4d2dcb1",
    "roll-accelerations": "1798bbb2b86c13f1",
    "roll-artefacts-bridges": "4944f06e4d10e617",
    "roll-choosing-dice": "7cb14376b3e0cef3",
    "roll-companion": "ee9f46e91a2d769e",
    "roll-refusing": "74dd20a285524bb4",
    "roll-rising-boxes": "6b62e4e98b0a14a6",
    "roll-scoring": "260a1d1ad574200b",
}


def digest(state: api.State) -> str:
    return hashlib.sha256(api.canonical_json(state.snapshot()).encode()).hexdigest()[:16]


def test_every_tutorial_is_pinned() -> None:
    """Every tutorial of the family's games (the tests' own game, Pebbles, is not shipped)."""
    built_in = {entry.name for entry in games.BUILT_IN}
    shipped = [ident for ident, tut in tutorial.tutorials().items() if tut.game in built_in]
    assert sorted(shipped) == sorted(START_DIGESTS)


@pytest.mark.parametrize("ident", sorted(START_DIGESTS))
def test_a_tutorial_starts_from_the_same_position(ident: str) -> None:
    assert digest(tutorial.get(ident).start_state()) == START_DIGESTS[ident]
