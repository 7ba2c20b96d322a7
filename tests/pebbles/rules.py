"""The rules of Pebbles (the tests' own game, see :mod:`tests.pebbles`).

>>> import random
>>> state = Game().new_game(random.Random(1))
>>> state.current_player, state.heap, sorted(a.notation() for a in state.legal_actions())
(0, 9, ['take 1', 'take 2', 'take 3'])
>>> _ = state.apply("take 3")
>>> state.apply("take 4")
Traceback (most recent call last):
...
lostcities.errors.MalformedActionError: 'take 4' is not an action of Pebbles (Pebbles, action 3, player 2 to act)
"""

from __future__ import annotations

import dataclasses
import random
import typing

from lostcities import api, errors

CARDS: typing.Final = ("1a", "1b", "2a", "2b", "3a", "3b")
"""The six cards: the digit is the card's value."""
LAST_BONUS: typing.Final = 5
"""Points for taking the last pebble."""


def value(card: str | None) -> int:
    """A card's points (0 before the deal)."""
    return 0 if card is None else int(card[0])


@dataclasses.dataclass(frozen=True)
class Take(api.ActionValue):
    """Take ``count`` pebbles (one to three) from the heap: ``take 2``."""

    count: int

    def problem(self) -> str | None:
        count = api.field(self, "count")
        if type(count) is not int or not 1 <= count <= 3:
            return f"take needs 1, 2 or 3 pebbles, not {errors.shown(count)}"
        return None

    def notation(self) -> str:
        return f"take {self.count}"


@dataclasses.dataclass(frozen=True)
class Deal(api.ActionValue):
    """Chance: the two players' secret cards, player 1's first: ``deal 2a 3b``."""

    cards: tuple[str, str]
    TUPLES: typing.ClassVar[tuple[str, ...]] = ("cards",)

    def problem(self) -> str | None:
        cards = api.field(self, "cards")
        if type(cards) is not tuple or len(cards) != 2 or not all(c in CARDS for c in cards) or cards[0] == cards[1]:
            return f"a deal names two different cards, not {errors.shown(cards)}"
        return None

    def notation(self) -> str:
        return "deal " + " ".join(self.cards)


Action: typing.TypeAlias = Take | Deal


@api.register
@dataclasses.dataclass(frozen=True)
class Game(api.Game):
    """Pebbles with a heap of ``heap`` pebbles."""

    name: typing.ClassVar[str] = "pebbles"
    title: typing.ClassVar[str] = "Pebbles"
    description: typing.ClassVar[str] = "Take one to three pebbles; your secret card counts too. (A test game.)"
    min_players: typing.ClassVar[int] = 2
    max_players: typing.ClassVar[int] = 2
    option_schema: typing.ClassVar[tuple[api.Option, ...]] = (
        api.Option("heap", "Pebbles in the heap", api.OptionKind.CHOICE, 9, ((9, "nine"), (12, "twelve"))),)
    bot_levels: typing.ClassVar[tuple[str, ...]] = ("easy",)
    action_types: typing.ClassVar[tuple[type[api.ActionValue], ...]] = (Take, Deal)

    heap: int = 9

    def __post_init__(self) -> None:
        self.option_schema[0].validate(self.heap)

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self) -> State:
        return State(self)

    def parse_action(self, text: str) -> Action:
        words = text.split(" ") if isinstance(text, str) else []
        if len(words) == 2 and words[0] == "take" and words[1] in ("1", "2", "3"):
            return Take(int(words[1]))
        if len(words) == 3 and words[0] == "deal" and words[1] in CARDS and words[2] in CARDS and words[1] != words[2]:
            return Deal((words[1], words[2]))
        raise errors.MalformedActionError(f"{errors.shown(text)} is not an action of Pebbles")

    def options(self) -> dict[str, typing.Any]:
        return {"heap": self.heap}

    @classmethod
    def from_options(cls, options: typing.Mapping[str, typing.Any]) -> Game:
        heap = cls.read_options(options).get("heap", 9)
        return cls(heap=typing.cast(int, heap))

    def state_from_snapshot(self, snapshot: typing.Mapping[str, typing.Any]) -> State:
        return State.from_snapshot(self, snapshot)


class State(api.State):
    """A heap, what each player took, the secret cards, whose turn, who took the last pebble."""

    game: Game

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heap = game.heap
        self.taken = [0, 0]
        self.cards: list[str | None] = [None, None]
        self.turn = 0
        self.last: int | None = None

    @property
    def current_player(self) -> int:
        if self.cards[0] is None:
            return api.CHANCE
        return api.TERMINAL if self.heap == 0 else self.turn

    def _legal_actions(self) -> list[api.Action]:
        return [Take(n) for n in range(1, min(3, self.heap) + 1)]

    def _check(self, action: api.Action) -> None:
        if self.is_chance():
            if not isinstance(action, Deal):
                raise errors.IllegalActionError(f"the cards must be dealt first, not {action.notation()}")
            return
        if not isinstance(action, Take):
            raise errors.IllegalActionError("the cards are dealt already")
        if action.count > self.heap:
            raise errors.IllegalActionError(f"only {self.heap} pebbles are left, {action.count} cannot be taken")

    def _do(self, action: api.Action) -> None:
        if isinstance(action, Deal):
            self.cards = list(action.cards)
            return
        assert isinstance(action, Take)
        self.heap -= action.count
        self.taken[self.turn] += action.count
        if self.heap == 0:
            self.last = self.turn
        self.turn = 1 - self.turn

    def _apply(self, action: api.Action) -> api.Event:
        player = self.current_player
        self._do(action)
        if isinstance(action, Deal):
            return api.Event(api.CHANCE, "", "deal", "Each player was dealt a secret card",
                             secret={"cards": list(action.cards)})
        plural = "s" if action.notation() != "take 1" else ""
        text = f"{{p{player}}} took {action.notation().split()[1]} pebble{plural}"
        if self.is_terminal():
            return api.Event(player, action.notation(), "take", text + " and the game is over",
                             details={"cards": list(self.cards)})
        return api.Event(player, action.notation(), "take", text)

    def sample_chance(self, rng: random.Random) -> Deal:
        first, second = rng.sample(CARDS, 2)
        return Deal((first, second))

    def view(self, player: int) -> View:
        shown = [card if p == player or self.is_terminal() else None for p, card in enumerate(self.cards)]
        return View(self.game, player, self.current_player, self.heap, (self.taken[0], self.taken[1]), tuple(shown),
                    self.last,
                    self.cards[0] is not None)

    def scores(self) -> list[int]:
        return [self.taken[p] + value(self.cards[p]) + (LAST_BONUS if self.last == p else 0) for p in (0, 1)]

    def hidden_tokens(self, player: int) -> set[str]:
        other = self.cards[1 - player]
        return set() if other is None or self.is_terminal() else {other}

    def snapshot(self) -> dict[str, typing.Any]:
        return {"heap": self.heap, "taken": list(self.taken), "cards": list(self.cards), "turn": self.turn,
                "last": self.last}

    def clone(self) -> State:
        new = self._shallow_copy()
        new.taken, new.cards = list(self.taken), list(self.cards)
        return new

    @classmethod
    def from_snapshot(cls, game: Game, snapshot: typing.Mapping[str, typing.Any]) -> State:
        """The state of a snapshot, every entry and their agreement checked; raises ``InvalidStateError``."""
        api.check_entries(snapshot, {"heap", "taken", "cards", "turn", "last"})
        heap, taken, cards, turn, last = (snapshot[k] for k in ("heap", "taken", "cards", "turn", "last"))
        if type(heap) is not int or not 0 <= heap <= game.heap:
            raise errors.InvalidStateError(f"'heap' must be a whole number from 0 to {game.heap}")
        if (not isinstance(taken, list) or len(taken) != 2 or any(type(t) is not int or t < 0 for t in taken)
                or heap + sum(taken) != game.heap):
            raise errors.InvalidStateError("'taken' must be two counts that make the heap whole again")
        if cards != [None, None] and (not isinstance(cards, list) or len(cards) != 2
                                      or not all(c in CARDS for c in cards) or cards[0] == cards[1]):
            raise errors.InvalidStateError("'cards' must be two different cards, or none before the deal")
        if turn not in (0, 1) or type(turn) is not int:
            raise errors.InvalidStateError("'turn' must be 0 or 1")
        if (last is not None and type(last) is not int) or last != (None if heap else 1 - turn):
            raise errors.InvalidStateError("'last' must be the player who took the last pebble, once there is one")
        if cards == [None, None] and (heap != game.heap or turn != 0):
            raise errors.InvalidStateError("nobody takes a pebble before the deal")
        state = cls(game)
        state.heap, state.taken, state.cards, state.turn, state.last = heap, list(taken), list(cards), turn, last
        return state


@dataclasses.dataclass(eq=False)
class View(api.View):
    """What ``player`` knows: everything but the other's card (shown once the game is over)."""

    game: Game
    player: int
    to_act: int
    heap: int
    taken: tuple[int, int]
    cards: tuple[str | None, ...]
    last: int | None
    dealt: bool

    @property
    def current_player(self) -> int:
        return self.to_act

    def legal_actions(self) -> list[api.Action]:
        if self.to_act != self.player:
            return []
        return [Take(n) for n in range(1, min(3, self.heap) + 1)]

    def to_dict(self) -> dict[str, typing.Any]:
        return {"player": self.player, "current_player": self.to_act, "heap": self.heap,
                "taken": list(self.taken), "cards": list(self.cards), "last": self.last, "dealt": self.dealt}

    def determinize(self, rng: random.Random) -> State:
        state = self.game.new_state()
        if self.dealt:
            own = self.cards[self.player]
            others = [c for c in CARDS if c != own]
            other = self.cards[1 - self.player] or rng.choice(others)
            state.cards = [own, other] if self.player == 0 else [other, own]
        state.heap, state.taken, state.last = self.heap, list(self.taken), self.last
        state.turn = self.to_act if self.to_act >= 0 else (0 if self.last is None else 1 - self.last)
        return state
