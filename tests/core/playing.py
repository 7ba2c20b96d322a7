"""Random play for the tests: a state moved on by random legal actions, chance included."""

from __future__ import annotations

import random
import typing

from lostcities import api

StateT = typing.TypeVar("StateT", bound=api.State)


def step(state: api.State, rng: random.Random) -> None:
    """One random step of ``state`` (not over): the chance outcome when chance acts, else one of
    the legal actions, each as likely."""
    if state.is_chance():
        state.apply(state.sample_chance(rng))
    else:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def play(state: StateT, rng: random.Random, steps: int) -> StateT:
    """``state`` after ``steps`` random steps (:func:`step`), or fewer when its game ends first."""
    for _ in range(steps):
        if state.is_terminal():
            break
        step(state, rng)
    return state
