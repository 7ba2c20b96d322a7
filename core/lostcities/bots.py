"""The common shape of computer players.

A bot never sees a :class:`~lostcities.api.State`, only the
:class:`~lostcities.api.View` of its own seat, so it cannot cheat.

Thinking is a generator so that a browser can slice it: ``bot.think(view, rng)``
yields ``None`` after every short slice of work (a few milliseconds) and
finally *returns* the chosen action.  A user interface advances it a few
slices at a time and hands control back to the page in between; a script
simply runs it to the end with :func:`choose`.

>>> import random
>>> from lostcities import bots
>>> def thinker():
...     yield None
...     return "the move"
>>> bots.run(thinker())
'the move'
"""

from __future__ import annotations

import random
import typing

from lostcities import api

Thinking = typing.Generator[None, None, api.Action]


class Bot(typing.Protocol):
    """A computer player: ``think`` is a generator returning an action."""

    name: str

    def think(self, view: api.View, rng: random.Random) -> Thinking: ...


def run(thinking: typing.Generator[None, None, typing.Any]) -> typing.Any:
    """Run a thinking generator to the end and return its result."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value


def choose(bot: Bot, view: api.View, rng: random.Random) -> api.Action:
    """The action ``bot`` picks for ``view`` (runs its thinking to the end)."""
    return typing.cast(api.Action, run(bot.think(view, rng)))


class RandomBot:
    """Plays a uniformly random legal action (useful for tests and benchmarks)."""

    name = "random"

    def think(self, view: api.View, rng: random.Random) -> Thinking:
        actions = view.legal_actions()
        if not actions:
            raise ValueError("the viewer has no legal action in this position")
        return rng.choice(actions)
        yield  # pragma: no cover - makes this function a generator
