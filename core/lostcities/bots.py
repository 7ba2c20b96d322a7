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

from lostcities import api, errors

Thinking = typing.Generator[None, None, api.Action]

V = typing.TypeVar("V", bound=api.View)


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


def play(state: api.State, seats: typing.Sequence[Bot], rng: random.Random) -> api.State:
    """Play ``state`` to its end and return it: chance outcomes drawn from
    ``rng``, player ``p`` choosing with ``seats[p]`` (on its view, with the
    same ``rng``); every action is checked as it is applied.

    >>> from lostcities import card
    >>> game = card.Game(games=1)
    >>> play(game.new_state(), [RandomBot(), RandomBot()], random.Random(2)).is_terminal()
    True
    """
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            player = state.current_player
            state.apply(choose(seats[player], state.view(player), rng))
    return state


def check_turn(view: api.View) -> None:
    """Raise ``GameOverError`` once the game is over and ``WrongTurnError`` when
    somebody other than the viewer is to act: a bot has nothing to choose then.

    >>> import random
    >>> from lostcities import card
    >>> state = card.Game(games=1).new_game(random.Random(1))
    >>> check_turn(state.view(1))
    Traceback (most recent call last):
    ...
    lostcities.errors.WrongTurnError: player 2 cannot choose: player 1 is to act
    """
    who = view.current_player
    if who == api.TERMINAL:
        raise errors.GameOverError("the game is over: there is nothing left to choose")
    if who != view.player:
        actor = "chance" if who == api.CHANCE else f"player {who + 1}"
        raise errors.WrongTurnError(f"player {view.player + 1} cannot choose: {actor} is to act")


def own_view(view: api.View, kind: type[V]) -> V:
    """``view`` as a ``kind`` (the view class of the bot's game), checked by
    :func:`check_turn`: every bot of a game calls this first.  The view of
    another game raises ``TypeError``."""
    if not isinstance(view, kind):
        raise TypeError(f"this bot plays with a {kind.__module__}.{kind.__qualname__}, not a {type(view).__name__}")
    check_turn(view)
    return view


def make(levels: typing.Mapping[str, typing.Callable[..., Bot]], level: str,
         options: typing.Mapping[str, typing.Any]) -> Bot:
    """The bot of ``level`` built by ``levels[level](**options)`` (a game's
    ``ai.bot``); an unknown level raises ``InvalidOptionError``."""
    factory = levels.get(level)
    if factory is None:
        raise errors.InvalidOptionError(f"unknown computer player level {level!r}; choose one of {', '.join(levels)}")
    return factory(**options)


class Levels:
    """A game's computer players by level, weakest first (its ``ai.bot``):
    calling it builds the bot of a level, ``options`` going to the bot's
    constructor; an unknown level raises ``InvalidOptionError``.

    >>> bot = Levels(random=RandomBot)
    >>> bot.names, bot("random").name
    (('random',), 'random')
    """

    def __init__(self, **factories: typing.Callable[..., Bot]) -> None:
        self._factories = factories
        self.names: tuple[str, ...] = tuple(factories)
        """The levels, weakest first (a game's ``Game.bot_levels``)."""

    def __call__(self, level: str, **options: typing.Any) -> Bot:
        return make(self._factories, level, options)


class Instant(typing.Generic[V]):
    """Base of the bots that decide at once (their thinking has no slices): a
    subclass sets ``view_type`` (its game's view class) and writes ``decide``."""

    name = "instant"
    view_type: type[V]

    def think(self, view: api.View, rng: random.Random) -> Thinking:
        yield from ()  # decides at once: no slices
        return self.decide(own_view(view, self.view_type), rng)

    def decide(self, view: V, rng: random.Random) -> api.Action:
        """The action to play in ``view``, an own view of the bot's game."""
        raise NotImplementedError


class RandomBot(Instant[api.View]):
    """Plays a uniformly random legal action (useful for tests and benchmarks)."""

    name = "random"
    view_type = api.View

    def decide(self, view: api.View, rng: random.Random) -> api.Action:
        return rng.choice(view.legal_actions())
