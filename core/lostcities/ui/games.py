"""Everything a game provides, declared in one typed place: one :class:`Entry` per game.

The rules package of a game (``lostcities.card``) knows nothing of its computer
players' registry, its renderer or its tutorials; this module pairs them.  The app
shell, the embed, the tutorial runner, the statistics and the rules pages read the
games from here, and nothing finds a game's part by its module name.  A game
outside this package (the tests' own game) is added with :func:`register`.

>>> [entry.name for entry in entries().values()][:3]
['card', 'roll', 'board']
>>> get("card").bot("easy").name
'easy'
>>> get("chess")
Traceback (most recent call last):
...
lostcities.ui.games.UnknownGameError: there is no game called 'chess'
"""

from __future__ import annotations

import dataclasses
import typing

from lostcities import api, board, bots, card, errors, roll
from lostcities.board import ai as board_ai
from lostcities.board import tutorials as board_tutorials
from lostcities.card import ai as card_ai
from lostcities.card import tutorials as card_tutorials
from lostcities.roll import ai as roll_ai
from lostcities.roll import tutorials as roll_tutorials
from lostcities.ui import board as board_ui
from lostcities.ui import card as card_ui
from lostcities.ui import roll as roll_ui
from lostcities.ui import rules_summary

S = typing.TypeVar("S", bound=api.State, contravariant=True)
StateT = typing.TypeVar("StateT", bound=api.State)


class Renderer(typing.Protocol[S]):
    """What the shared screens need of a game's renderer (a module of pure
    functions, like :mod:`lostcities.ui.card`; ``S`` is the game's state class)."""

    def position(self, state: S, names: typing.Sequence[str]) -> str:
        """A position of a finished game's replay, every hand shown."""
        ...

    def hint_marks(self, state: S, action: api.Action) -> typing.Iterable[typing.Mapping[str, str]]:
        """The ``data-*`` descriptions of the elements a suggested ``action`` highlights."""
        ...

    def revealed_hand(self, state: S, seat: int, name: str) -> str:
        """``seat``'s hidden hand face up (the embed's ``reveal=1``), or ``""`` when the
        game hides no hand."""
        ...


class UnknownGameError(errors.InvalidOptionError):
    """No game of that name is registered."""


@dataclasses.dataclass(frozen=True)
class Entry(typing.Generic[StateT]):
    """One game and everything it provides, checked as it is built: its rules
    (``game``), its computer players by level (``levels``, the levels the game's
    ``bot_levels`` name), its ``renderer``, its rules ``summary``, its built-in
    ``tutorials`` (raw data, read by :mod:`lostcities.ui.tutorial`) and, when it has
    one, ``explain``: the reason for a suggested move (see :meth:`why`)."""

    game: type[api.Game]
    levels: bots.Levels
    renderer: Renderer[StateT]
    summary: rules_summary.Summary
    tutorials: tuple[typing.Mapping[str, typing.Any], ...] = ()
    explain: typing.Callable[[typing.Any, api.Action], str] | None = None

    def __post_init__(self) -> None:
        if self.levels.names != self.game.bot_levels:
            raise ValueError(f"{self.name}: the bots' levels {self.levels.names} are not the game's "
                             f"bot_levels {self.game.bot_levels}")
        if self.summary.game != self.name:
            raise ValueError(f"{self.name}: the rules summary is the one of {self.summary.game!r}")

    @property
    def name(self) -> str:
        """The game's name (``card``, ``roll``, ``board``)."""
        return self.game.name

    def why(self, view: api.View, action: api.Action) -> str:
        """A short plain sentence saying why ``action`` is a good move for the player of
        ``view`` (who is to act), to show with a suggested move; ``""`` for a game
        without explanations.

        >>> import random
        >>> state = card.Game(games=1).new_game(random.Random(3))
        >>> get("card").why(state.view(0), card.play("B4"))
        'It starts the blue expedition (higher blue cards in hand: 2).'
        >>> get("roll").why(roll.Game().new_state().view(0), roll.parse_action("refuse"))
        ''
        """
        return "" if self.explain is None else self.explain(view, action)

    def bot(self, level: str, **options: typing.Any) -> bots.Bot:
        """A computer player of ``level`` (one of the game's ``bot_levels``);
        raises ``InvalidOptionError`` for another level."""
        if level not in self.game.bot_levels:
            raise errors.InvalidOptionError(f"{self.game.title} has no computer player {errors.shown(level)}")
        return self.levels(level, **options)


CARD: typing.Final = Entry[card.State](
    game=card.Game, levels=card_ai.bot, renderer=card_ui, summary=rules_summary.SUMMARIES["card"],
    tutorials=tuple(card_tutorials.TUTORIALS), explain=card_ai.explain)
ROLL: typing.Final = Entry[roll.State](
    game=roll.Game, levels=roll_ai.bot, renderer=roll_ui, summary=rules_summary.SUMMARIES["roll"],
    tutorials=tuple(roll_tutorials.TUTORIALS))
BOARD: typing.Final = Entry[board.State](
    game=board.Game, levels=board_ai.bot, renderer=board_ui, summary=rules_summary.SUMMARIES["board"],
    tutorials=tuple(board_tutorials.TUTORIALS))

BUILT_IN: typing.Final[tuple[Entry[typing.Any], ...]] = (CARD, ROLL, BOARD)
"""The family's games, the ones the site ships (a game added with :func:`register` is not one)."""

_ENTRIES: dict[str, Entry[typing.Any]] = {entry.name: entry for entry in BUILT_IN}


E = typing.TypeVar("E", bound=Entry[typing.Any])


def register(entry: E) -> E:
    """Add a game defined outside this package; its ``Game`` class must be
    registered with the rules (``api.register``) and its name not taken."""
    if api.games().get(entry.name) is not entry.game:
        raise ValueError(f"{entry.name}: register the Game class with api.register first")
    if _ENTRIES.get(entry.name, entry) is not entry:
        raise ValueError(f"there is already a game called {entry.name!r}")
    _ENTRIES[entry.name] = entry
    return entry


def entries() -> dict[str, Entry[typing.Any]]:
    """Every game by name, the built-in ones first."""
    return dict(_ENTRIES)


def get(name: str) -> Entry[typing.Any]:
    """The game called ``name``; raises :class:`UnknownGameError`."""
    found = _ENTRIES.get(name)
    if found is None:
        raise UnknownGameError(f"there is no game called {errors.shown(name)}")
    return found
