"""Lost Cities, the two-player card game: the rules core.

A *match* of ``games`` games (three by default) is one :class:`State`.  Each
game starts with a chance action, :class:`Deal`, that lists the shuffled deck;
then the players alternate turns of two steps each:

1. ``play Y7`` (add a card to your own yellow column) or ``discard Y7`` (put
   it face up on the yellow discard pile);
2. ``draw`` (the top card of the draw pile) or ``draw Y`` (the top card of the
   yellow discard pile, never the card you have just discarded).

The game ends the moment the last card of the draw pile is drawn.  If more
games remain the next actor is chance (the next deal), otherwise the state is
terminal.  The finished games stay available as :class:`GameResult` values,
with a :class:`ColumnScore` breakdown per column, so that a user interface can
show the table of a finished game before the next deal.

Cards have short ids: ``Y2`` .. ``Y10`` for the number cards of yellow and
``Y$1``, ``Y$2``, ``Y$3`` for its three wager cards; the colour letters are
``Y B W G R`` and ``P`` for purple, the sixth colour of the expansion.

>>> import random
>>> from lostcities import card
>>> game = card.Game(games=1)
>>> state = game.new_game(random.Random(7))
>>> state.current_player, state.step, len(state.hand(0)), state.draw_pile_size
(0, <Step.PLAY: 'play'>, 8, 44)
>>> card.score_column([card.Card.from_id(i) for i in ["G$1", "G3", "G4", "G8"]]).points
-10

Driving a match from a user interface: while ``state.is_chance()`` apply
``state.sample_chance(rng)`` (the deal); otherwise the player
``state.current_player`` acts in two steps (``state.step`` is ``Step.PLAY``
then ``Step.DRAW``), each an ``apply`` of an action or its notation, which
raises a :class:`~lostcities.errors.GameError` with a short message for an
illegal move and leaves the state unchanged.  ``state.view(player)`` is all a
player (or a bot) may see; ``view.breakdown(player)`` and ``state.results``
give the scoring tables (:class:`ColumnScore` rows) of the current and the
finished games.

Rule readings where the rulebook is silent (a careful player's reading):

* The ``deal`` lists the whole shuffled deck: its first eight cards form
  player 1's hand, the next eight player 2's hand, and the remaining cards
  form the draw pile, the first of them on top (drawn first).
* Game 1 is started by ``Game.first_player``.  Every later game is started by
  the player with more points over the finished games; on a tie, by the
  player who did *not* start the game just finished (starts alternate).
* A card taken from a discard pile was seen by both players, so it stays
  public while it is in the taker's hand (``View.opponent_known``).
* ``State.scores()`` counts the finished games plus the current game as it
  stands (a column scores as if the game ended now); between games and once
  the match is over it is exactly the match total.
* Cards left in a hand when a game ends score nothing.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
import operator
import random
import typing

from lostcities import api, cards, errors, i18n

# -- domain values -------------------------------------------------------------


class Colour(api.DomainEnum):
    """The expedition colours; purple is the sixth colour of the expansion
    (``index``: yellow 0 .. purple 5, the position in :data:`COLOURS`)."""

    YELLOW = "yellow"
    BLUE = "blue"
    WHITE = "white"
    GREEN = "green"
    RED = "red"
    PURPLE = "purple"

    @property
    def letter(self) -> str:
        """One-letter code used in card ids and notation (``Y B W G R P``)."""
        return _LETTER[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """The colour of a letter (case-insensitive); raises ``KeyError``."""
        return _BY_LETTER[letter.upper()]



COLOURS: typing.Final[tuple[Colour, ...]] = tuple(Colour)
_LETTER: typing.Final = {colour: colour.name[0] for colour in Colour}
_BY_LETTER: typing.Final = {letter: colour for colour, letter in _LETTER.items()}

CARDS_PER_COLOUR: typing.Final = 12
"""Three wagers and the numbers 2..10."""
HAND_SIZE: typing.Final = 8
EXPEDITION_COST: typing.Final = 20
BONUS_CARDS: typing.Final = 8
BONUS_POINTS: typing.Final = 20
NUM_PLAYERS: typing.Final = 2


class Step(enum.Enum):
    """The two steps of a turn."""

    PLAY = "play"
    """Play a card to your own column or discard it."""
    DRAW = "draw"
    """Draw from the draw pile or the top of a discard pile."""

    def __repr__(self) -> str:
        return f"<Step.{self.name}: {self.value!r}>"


@dataclasses.dataclass(frozen=True)
class Card:
    """One card: a number card (``value`` 2..10) or a wager card (``wager`` 1..3).

    Every card of the deck is distinct: the three wager cards of a colour are
    told apart by ``wager`` (ids ``Y$1``, ``Y$2``, ``Y$3``).

    >>> Card(Colour.YELLOW, 7)
    Card(Colour.YELLOW, 7)
    >>> Card.from_id("b$2")
    Card(Colour.BLUE, 0, wager=2)
    >>> Card(Colour.RED, 10).id, Card(Colour.RED, 0, wager=1).id
    ('R10', 'R$1')
    """

    colour: Colour
    value: int
    """Face value 2..10; 0 for a wager card."""
    wager: int = 0
    """1, 2 or 3 for the wager cards of a colour; 0 for a number card."""
    index: int = dataclasses.field(init=False, repr=False, compare=False)
    """Position in :data:`CARDS` (a compact int used internally and by the AI)."""

    def __post_init__(self) -> None:
        if not isinstance(self.colour, Colour):
            raise TypeError(f"colour must be a Colour, not {self.colour!r}")
        if self.wager == 0:
            if type(self.value) is not int or not 2 <= self.value <= 10:
                raise ValueError(f"a number card has a value from 2 to 10, not {self.value!r}")
            offset = self.value + 1
        else:
            if type(self.wager) is not int or not 1 <= self.wager <= 3 or self.value != 0:
                raise ValueError("a wager card has value 0 and wager 1, 2 or 3")
            offset = self.wager - 1
        object.__setattr__(self, "index", self.colour.index * CARDS_PER_COLOUR + offset)

    @property
    def is_wager(self) -> bool:
        return self.wager != 0

    @property
    def id(self) -> str:
        """The card's short id: ``Y7``, ``Y10``, ``Y$2``."""
        return _IDS[self.index]

    @property
    def label(self) -> str:
        """Words for messages: ``yellow 7``, ``yellow wager``."""
        colour = api.colour_word(self.colour.value)
        if self.wager:
            return i18n._("{colour} wager").format(colour=colour)
        return i18n._("{colour} {value}").format(colour=colour, value=self.value)

    @classmethod
    def from_id(cls, text: str) -> Card:
        """The card of an id (case-insensitive); raises ``ValueError``."""
        index = _ID_INDEX.get(text.strip().upper())
        if index is None:
            raise ValueError(f"{text!r} is not a card id (examples: Y7, B10, W$2)")
        return CARDS[index]

    def __repr__(self) -> str:
        if self.wager:
            return f"Card({self.colour!r}, 0, wager={self.wager})"
        return f"Card({self.colour!r}, {self.value})"

    def __str__(self) -> str:
        return self.id


def _make_card(index: int) -> Card:
    colour = COLOURS[index // CARDS_PER_COLOUR]
    offset = index % CARDS_PER_COLOUR
    if offset < 3:
        return Card(colour, 0, wager=offset + 1)
    return Card(colour, offset - 1)


_IDS: list[str] = []
for _i in range(len(COLOURS) * CARDS_PER_COLOUR):
    _off = _i % CARDS_PER_COLOUR
    _IDS.append(COLOURS[_i // CARDS_PER_COLOUR].letter + (f"${_off + 1}" if _off < 3 else str(_off - 1)))
_ID_INDEX: typing.Final = {text: i for i, text in enumerate(_IDS)}

CARDS: typing.Final[tuple[Card, ...]] = tuple(_make_card(i) for i in range(len(_IDS)))
"""All 72 cards (six colours); ``CARDS[card.index] is card``."""

# Compact tables indexed by card index: colour index, rank used for ordering a
# column (1 for wagers, 2..10 for numbers) and points (0 for wagers).
COLOUR_OF: typing.Final[tuple[int, ...]] = tuple(i // CARDS_PER_COLOUR for i in range(len(CARDS)))
RANK_OF: typing.Final[tuple[int, ...]] = tuple(max(1, i % CARDS_PER_COLOUR - 1) for i in range(len(CARDS)))
POINTS_OF: typing.Final[tuple[int, ...]] = tuple(c.value for c in CARDS)


def deck_of(colours: int = 5) -> tuple[Card, ...]:
    """The cards of a game with ``colours`` colours (60 or 72), in index order."""
    return CARDS[: colours * CARDS_PER_COLOUR]


# -- scoring ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ColumnScore:
    """The score of one column, laid out as the rulebook's scoring table.

    >>> s = ColumnScore(Colour.RED, wagers=2, numbers=(2, 3, 4, 7, 9, 10))
    >>> s.cards, s.sum, s.cost, s.subtotal, s.multiplier, s.bonus, s.points
    (8, 35, -20, 15, 3, 20, 65)
    >>> ColumnScore(Colour.BLUE).points
    0
    """

    colour: Colour
    wagers: int = 0
    numbers: tuple[int, ...] = ()
    """Face values of the number cards, bottom to top (strictly rising)."""

    @property
    def cards(self) -> int:
        """Number of cards in the column, wagers included."""
        return self.wagers + len(self.numbers)

    @property
    def is_started(self) -> bool:
        return self.cards > 0

    @property
    def sum(self) -> int:
        return sum(self.numbers)

    @property
    def cost(self) -> int:
        """``-20`` for a started column, ``0`` otherwise."""
        return -EXPEDITION_COST if self.is_started else 0

    @property
    def subtotal(self) -> int:
        """Sum minus the expedition cost, before the wager multiplier."""
        return self.sum + self.cost

    @property
    def multiplier(self) -> int:
        """``1 + wagers``."""
        return 1 + self.wagers

    @property
    def bonus(self) -> int:
        """``+20`` for a column of at least eight cards (never multiplied)."""
        return BONUS_POINTS if self.cards >= BONUS_CARDS else 0

    @functools.cached_property
    def points(self) -> int:
        """The column's result: ``subtotal * multiplier + bonus``; 0 if never started
        (worked out once: a score is a frozen value)."""
        return self.subtotal * self.multiplier + self.bonus if self.is_started else 0

    @functools.cached_property
    def _table(self) -> dict[str, typing.Any]:
        return {
            "colour": self.colour.value, "wagers": self.wagers, "numbers": list(self.numbers),
            "cards": self.cards, "sum": self.sum, "cost": self.cost, "subtotal": self.subtotal,
            "multiplier": self.multiplier, "bonus": self.bonus, "points": self.points,
        }

    def to_dict(self) -> dict[str, typing.Any]:
        """Every line of the table, JSON-safe (for a user interface)."""
        return {**self._table, "numbers": list(self.numbers)}


def score_column(cards: typing.Sequence[Card]) -> ColumnScore:
    """Score a column given its cards bottom to top.

    Raises ``ValueError`` unless the cards are of one colour, wagers first and
    numbers strictly rising.

    >>> score_column([Card.from_id(i) for i in ["Y$1"]]).points
    -40
    """
    if not cards:
        raise ValueError("an empty column has no colour; use ColumnScore(colour)")
    colour = cards[0].colour
    ranks = [RANK_OF[c.index] for c in cards if c.colour is colour]
    if len(ranks) != len(cards):
        raise ValueError("a column holds cards of a single colour")
    problem = _column_problem([c.index for c in cards])
    if problem:
        raise ValueError(problem)
    return ColumnScore(colour, sum(1 for c in cards if c.wager), tuple(c.value for c in cards if not c.wager))


def _score_indices(colour: int, cards: typing.Sequence[int]) -> ColumnScore:
    return ColumnScore(
        COLOURS[colour], sum(1 for c in cards if RANK_OF[c] == 1), tuple(POINTS_OF[c] for c in cards if RANK_OF[c] > 1)
    )


def column_points(cards: typing.Sequence[int]) -> int:
    """Fast score of a column given as card indices (no validation)."""
    if not cards:
        return 0
    total = -EXPEDITION_COST
    wagers = 0
    for c in cards:
        p = POINTS_OF[c]
        if p:
            total += p
        else:
            wagers += 1
    total *= 1 + wagers
    if len(cards) >= BONUS_CARDS:
        total += BONUS_POINTS
    return total


def _column_problem(cards: typing.Sequence[int]) -> str | None:
    """A message if the column (card indices, bottom first) breaks the rules."""
    top = 0
    for c in cards:
        rank = RANK_OF[c]
        if rank == 1:
            if top > 1:
                return "wagers must come before any number card in a column"
        elif rank <= top:
            return f"{CARDS[c].label} cannot follow {COLOURS[COLOUR_OF[c]].value} {top}: cards in a column must rise"
        top = rank
    return None


@dataclasses.dataclass(frozen=True)
class PlayerScore:
    """One player's columns in a game, one :class:`ColumnScore` per colour."""

    columns: tuple[ColumnScore, ...]

    @functools.cached_property
    def points(self) -> int:
        return sum(c.points for c in self.columns)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"points": self.points, "columns": [c.to_dict() for c in self.columns]}


@dataclasses.dataclass(frozen=True)
class GameResult:
    """A finished game of the match: who started it and each player's breakdown."""

    starter: int
    players: tuple[PlayerScore, ...]

    @property
    def scores(self) -> list[int]:
        return [p.points for p in self.players]

    def to_dict(self) -> dict[str, typing.Any]:
        return {"starter": self.starter, "scores": self.scores, "players": [p.to_dict() for p in self.players]}


# -- actions ------------------------------------------------------------------------


def is_card(value: object) -> bool:
    """``value`` is one of the 72 cards, intact (not a look-alike built around
    :class:`Card`'s constructor).

    >>> is_card(Card(Colour.RED, 7)), is_card("R7")
    (True, False)
    """
    return api.is_intact(value, CARDS)


@dataclasses.dataclass(frozen=True)
class CardAction(api.ActionValue):
    """An action naming one card of the hand: :class:`Play` or :class:`Discard`."""

    verb: typing.ClassVar[str]
    card: Card

    def problem(self) -> str | None:
        value = api.field(self, "card")
        if is_card(value):
            return None
        return f"{self.verb} needs a Card, not {errors.shown(value)} (use card.{self.verb}(\"Y7\"))"

    def notation(self) -> str:
        return f"{self.verb} {self.card.id}"


@dataclasses.dataclass(frozen=True)
class Play(CardAction):
    """Add a card from your hand to your own column of its colour: ``play Y7``.

    >>> Play("Y7")
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: play needs a Card, not 'Y7' (use card.play("Y7"))
    """

    verb: typing.ClassVar[str] = "play"


@dataclasses.dataclass(frozen=True)
class Discard(CardAction):
    """Put a card from your hand on its colour's discard pile: ``discard Y$2``."""

    verb: typing.ClassVar[str] = "discard"


@dataclasses.dataclass(frozen=True)
class Draw(api.ActionValue):
    """Draw the top card of the draw pile (``draw``) or of a discard pile (``draw Y``).

    >>> Draw("Y")
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: draw needs a Colour or None, not 'Y'
    """

    colour: Colour | None = None

    def problem(self) -> str | None:
        value = api.field(self, "colour")
        if value is None or type(value) is Colour:
            return None
        return f"draw needs a Colour or None, not {errors.shown(value)}"

    @property
    def is_from_draw_pile(self) -> bool:
        return self.colour is None

    def notation(self) -> str:
        return "draw" if self.colour is None else f"draw {self.colour.letter}"


@dataclasses.dataclass(frozen=True)
class Deal(api.ActionValue):
    """Chance action starting a game: the shuffled deck, listed by card id.

    Its first 8 cards are player 1's hand, the next 8 player 2's, the rest the
    draw pile with the first of them on top.  A list of cards is stored as a tuple.

    >>> Deal(None)
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: a deal lists Cards in a tuple, not None
    """

    cards: tuple[Card, ...]
    TUPLES: typing.ClassVar[tuple[str, ...]] = ("cards",)

    def problem(self) -> str | None:
        value = api.field(self, "cards")
        if type(value) is not tuple:
            return f"a deal lists Cards in a tuple, not {errors.shown(value)}"
        for item in value:
            if not is_card(item):
                return f"a deal lists Cards, not {errors.shown(item)}"
        return None

    def notation(self) -> str:
        return "deal " + " ".join(_IDS[c.index] for c in self.cards)


Action: typing.TypeAlias = Play | Discard | Draw | Deal

_KNOWN: typing.Final = api.KnownActions()
_PLAY: typing.Final = tuple(_KNOWN.add(Play(c)) for c in CARDS)
_DISCARD: typing.Final = tuple(_KNOWN.add(Discard(c)) for c in CARDS)
_DRAW_FROM: typing.Final = tuple(_KNOWN.add(Draw(colour)) for colour in COLOURS)
_DRAW_DECK: typing.Final = _KNOWN.add(Draw())
_CHOICES: typing.Final = tuple(tuple((_PLAY[c], _DISCARD[c]) if RANK_OF[c] > top or RANK_OF[c] == top == 1
                                      else (_DISCARD[c],) for top in range(11)) for c in range(len(CARDS)))
"""``_CHOICES[card][top]``: what the holder of ``card`` may do with it when the
top of its column has rank ``top`` (0 empty, 1 wagers only, else the value)."""


def play(card_id: str) -> Play:
    """Shorthand: ``play("Y7") == Play(Card(Colour.YELLOW, 7))``."""
    return _PLAY[Card.from_id(card_id).index]


def discard(card_id: str) -> Discard:
    return _DISCARD[Card.from_id(card_id).index]


def draw(colour: Colour | None = None) -> Draw:
    return _DRAW_DECK if colour is None else _DRAW_FROM[colour.index]


# -- the game ---------------------------------------------------------------------------


@api.register
@dataclasses.dataclass(frozen=True)
class Game(api.Game):
    """Options of a Lost Cities card game match.

    ``colours``: 5 (60 cards) or 6 (the purple expansion, 72 cards);
    ``games``: games in the match, 1..5 (3 by default);
    ``first_player``: who starts game 1 (0 or 1).
    """

    name: typing.ClassVar[str] = "card"
    title: typing.ClassVar[str] = i18n.N_("Lost Cities: the card game")
    description: typing.ClassVar[str] = i18n.N_(
        "Two explorers race to fund expeditions: play cards in rising order, "
        "bet on your columns and score over a match of games."
    )
    min_players: typing.ClassVar[int] = NUM_PLAYERS
    max_players: typing.ClassVar[int] = NUM_PLAYERS
    option_schema: typing.ClassVar[tuple[api.Option, ...]] = (
        api.Option("colours", i18n.N_("Expeditions"), api.OptionKind.CHOICE, 5,
                   ((5, i18n.N_("Five (60 cards)")), (6, i18n.N_("Six, with purple (72 cards)")))),
        api.Option("games", i18n.N_("Match"), api.OptionKind.CHOICE, 3,
                   ((1, i18n.N_("One game")), (3, i18n.N_("Three games (the rulebook's match)")))),
    )
    bot_levels: typing.ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    action_types: typing.ClassVar[tuple[type[api.ActionValue], ...]] = (Play, Discard, Draw, Deal)
    known_actions: typing.ClassVar[api.KnownActions] = _KNOWN
    option_ranges: typing.ClassVar[dict[str, tuple[int, int]]] = {"games": (1, 5), "first_player": (0, 1)}

    colours: int = 5
    games: int = 3
    first_player: int = 0

    def __post_init__(self) -> None:
        for field, low, high in (("colours", 5, 6), ("games", 1, 5), ("first_player", 0, 1)):
            value = getattr(self, field)
            if type(value) is not int or not low <= value <= high:
                raise errors.InvalidOptionError(
                    f"option {field!r} must be an integer from {low} to {high}, not {errors.shown(value)}")

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck_of(self.colours)

    @property
    def colour_list(self) -> tuple[Colour, ...]:
        """The colours in play."""
        return COLOURS[: self.colours]

    def new_state(self) -> State:
        return State(self)

    def new_game(self, rng: random.Random) -> State:
        return typing.cast(State, super().new_game(rng))

    def parse_action(self, text: str) -> Action:
        """Parse ``play Y7``, ``discard Y$2``, ``draw``, ``draw Y`` or ``deal ...``.

        >>> Game().parse_action("discard y$2")
        Discard(card=Card(Colour.YELLOW, 0, wager=2))
        >>> Game().parse_action("draw P")
        Traceback (most recent call last):
        ...
        lostcities.errors.MalformedActionError: there is no purple in this game (5 colours)
        """
        if not isinstance(text, str):
            raise errors.MalformedActionError(f"an action is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise errors.MalformedActionError("empty action; expected play, discard, draw or deal")
        verb = words[0].lower()
        args = words[1:]
        if verb in ("play", "discard"):
            if len(args) != 1:
                raise errors.MalformedActionError(f"{verb} takes one card id, e.g. '{verb} Y7'")
            index = self._card_index(args[0])
            return _PLAY[index] if verb == "play" else _DISCARD[index]
        if verb == "draw":
            if not args:
                return _DRAW_DECK
            if len(args) != 1:
                raise errors.MalformedActionError("draw takes at most one colour letter, e.g. 'draw Y'")
            word = args[0].upper()
            colour = _BY_LETTER.get(word) or _BY_NAME.get(word.lower())
            if colour is None:
                letters = " ".join(_LETTER[c] for c in self.colour_list)
                raise errors.MalformedActionError(f"{errors.shown(args[0])} is not a colour; use one of {letters}")
            self._check_colour(colour)
            return _DRAW_FROM[colour.index]
        if verb == "deal":
            if not args:
                raise errors.MalformedActionError("deal lists the shuffled deck by card id")
            return Deal(tuple(CARDS[self._card_index(a)] for a in args))
        raise errors.MalformedActionError(f"unknown action {words[0]!r}; expected play, discard, draw or deal")

    def _card_index(self, word: str) -> int:
        index = _ID_INDEX.get(word.upper())
        if index is None:
            raise errors.MalformedActionError(f"{word!r} is not a card id (examples: Y7, B10, W$2)")
        self._check_colour(COLOURS[COLOUR_OF[index]])
        return index

    def _check_colour(self, colour: Colour) -> None:
        if colour.index >= self.colours:
            raise errors.MalformedActionError(f"there is no {colour.value} in this game ({self.colours} colours)")

    def options(self) -> dict[str, typing.Any]:
        return {"colours": self.colours, "games": self.games, "first_player": self.first_player}

    @classmethod
    def from_options(cls, options: typing.Mapping[str, typing.Any]) -> Game:
        """The game of these options: ``colours`` through the schema, ``games``
        (1..5, the setup form offers 1 or 3) and ``first_player`` (0 or 1).

        >>> Game.from_options({"colours": 6, "games": 2})
        Game(colours=6, games=2, first_player=0)
        >>> Game.from_options({"colours": 7})
        Traceback (most recent call last):
        ...
        lostcities.errors.InvalidOptionError: option 'colours' must be one of 5, 6, not 7
        """
        return cls(**cls.read_options(options))  # type: ignore[arg-type]

    @classmethod
    def variants(cls) -> list[api.Game]:
        return [cls(), cls(colours=6, games=1), cls(colours=5, games=2, first_player=1)]

    def state_from_snapshot(self, snapshot: typing.Mapping[str, typing.Any]) -> State:
        from lostcities.card import saves  # (imported here: the saves module reads this one)

        return saves.read(self, snapshot)

    def tutorial_position(self, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> State:
        """A position of game 1 completed from a partial description (for tutorials):
        :func:`lostcities.card.positions.tutorial_position`."""
        from lostcities.card import positions  # (imported here: the positions module reads this one)

        return positions.tutorial_position(self, partial, rng)

    def next_starter(self, results: typing.Sequence[GameResult]) -> int:
        """Who starts the game after ``results``: the leader; on a tie the player
        who did not start the last game (``first_player`` for game 1)."""
        if not results:
            return self.first_player
        totals = [sum(r.scores[p] for r in results) for p in range(NUM_PLAYERS)]
        if totals[0] != totals[1]:
            return 0 if totals[0] > totals[1] else 1
        return 1 - results[-1].starter


_BY_NAME: typing.Final = {colour.value: colour for colour in Colour}


# -- the state ---------------------------------------------------------------------------


class State(api.State, cards.Table[Card]):
    """A full match position, secrets included.

    Internally cards are ints (:attr:`Card.index`) in plain lists so that the
    AI can clone and play out millions of positions cheaply.
    """

    _cards = CARDS

    game: Game

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.colours
        self._player = api.CHANCE
        """Player to act, CHANCE or TERMINAL."""
        self._step = 0
        """0: play or discard; 1: draw."""
        self._discarded = -1
        """Colour index of the pile discarded to this turn, or -1."""
        self._starter = -1
        self._game_number = 0
        self._hands: list[list[int]] = [[], []]
        self._known: list[list[int]] = [[], []]
        """Cards in each hand that were taken from a discard pile (public)."""
        self._cols: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(NUM_PLAYERS)]
        self._tops: list[list[int]] = [[0] * n for _ in range(NUM_PLAYERS)]
        """Rank of each column's last card: 0 empty, 1 wagers only, else the value."""
        self._piles: list[list[int]] = [[] for _ in range(n)]
        self._deck: list[int] = []
        """Draw pile, top card LAST."""
        self._results: tuple[GameResult, ...] = ()
        self._totals = [0, 0]

    # -- read-only accessors ----------------------------------------------------
    current_player = property(operator.attrgetter("_player"), doc="The player to act, or ``CHANCE`` or ``TERMINAL``.")
    """(read straight from the state's field: the engine asks it on every action)"""

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def is_chance(self) -> bool:
        return self._player == _CHANCE

    @property
    def step(self) -> Step | None:
        """The step of the turn, or None at chance and terminal nodes."""
        if self._player < 0:
            return None
        return Step.DRAW if self._step else Step.PLAY

    @property
    def game_number(self) -> int:
        """1-based number of the current (or just finished) game; 0 before the first deal."""
        return self._game_number

    @property
    def starter(self) -> int | None:
        """The player who started the current game (None before the first deal)."""
        return None if self._starter < 0 else self._starter

    @property
    def just_discarded(self) -> Card | None:
        """The card discarded in the current turn (it may not be drawn back)."""
        if self._discarded < 0 or self._player < 0:
            return None
        return CARDS[self._piles[self._discarded][-1]]

    @property
    def draw_pile_size(self) -> int:
        return len(self._deck)

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The finished games of the match, with their breakdowns."""
        return self._results

    @property
    def totals(self) -> list[int]:
        """Match totals over the finished games."""
        return list(self._totals)

    def is_game_over(self) -> bool:
        """True between games (chance to deal) and once the match is over."""
        return len(self._results) == self._game_number

    def breakdown(self, player: int) -> PlayerScore:
        """``player``'s columns on the table scored as if the game ended now."""
        return PlayerScore(tuple(_score_indices(i, col) for i, col in enumerate(self._cols[player])))

    def game_scores(self) -> list[int]:
        """Each player's points in the current game as it stands."""
        return [sum(column_points(col) for col in self._cols[p]) for p in range(NUM_PLAYERS)]

    def scores(self) -> list[int]:
        if self.is_game_over():
            return list(self._totals)
        current = self.game_scores()
        return [self._totals[p] + current[p] for p in range(NUM_PLAYERS)]

    def winners(self) -> list[int]:
        """The match winner once terminal; nobody on a tie (the rulebook names no tie-break)."""
        found = self.winner()
        return [] if found is None else [found]

    def finished(self) -> tuple[api.Finished, ...]:
        """Each finished game of the match, as it ends (the match's last game included);
        a game's winner is the player with more points in it, nobody on a tie.

        >>> state = Game(games=3).new_game(random.Random(2))
        >>> state.finished()
        ()
        """
        out = []
        for result in self._results:
            a, b = result.scores
            out.append(api.Finished((a, b), () if a == b else ((0,) if a > b else (1,))))
        return tuple(out)

    def winner(self) -> int | None:
        """The match winner once terminal (None while playing or on a tie)."""
        if self._player != api.TERMINAL or self._totals[0] == self._totals[1]:
            return None
        return 0 if self._totals[0] > self._totals[1] else 1

    # -- rules ---------------------------------------------------------------
    def legal_actions(self) -> list[api.Action]:
        """Legal actions of the player to act; empty at chance and terminal nodes.

        The card game answers here itself, a call saved on every action: it keeps no
        list for ``apply``, which asks :meth:`_is_legal` instead."""
        p = self._player
        if p < 0:
            return []
        # The engine lists them before every action: as few Python steps as may be.
        if self._step == 0:  # each card's choices, _CHOICES[c][top of its column], in the hand's order
            tops, choices, colour_of = self._tops[p], _CHOICES, COLOUR_OF  # locals: read fastest
            out: list[api.Action] = []
            for c in self._hands[p]:
                out += choices[c][tops[colour_of[c]]]
            return out
        # The draw pile, then each discard pile holding a card but the one just discarded to.
        piles = self._piles
        if self._discarded < 0:
            return [_DRAW_DECK, *_compress(_DRAW_FROM, piles)]
        held: list[object] = [*piles]
        held[self._discarded] = None
        return [_DRAW_DECK, *_compress(_DRAW_FROM, held)]

    def _legal_actions(self) -> list[api.Action]:
        return self.legal_actions()

    def _check(self, action: api.Action) -> None:
        player = self._player
        if player == api.CHANCE:
            if not isinstance(action, Deal):
                raise errors.IllegalActionError(i18n._("the cards must be dealt first"))
            self._check_deal(action)
            return
        if isinstance(action, (Play, Discard)):
            if not isinstance(action.card, Card):
                raise errors.MalformedActionError(f"{action!r} does not name a card")
            if self._step:
                raise errors.IllegalActionError(i18n._("draw a card first"))
            c = action.card.index
            if COLOUR_OF[c] >= self.game.colours:
                raise errors.MalformedActionError(i18n._("there is no {colour} in this game").format(
                    colour=api.colour_word(action.card.colour.value)))
            if c not in self._hands[player]:
                raise errors.IllegalActionError(i18n._("you do not hold the {card}").format(card=action.card.label))
            if isinstance(action, Play):
                rank = RANK_OF[c]
                top = self._tops[player][COLOUR_OF[c]]
                if rank == 1:
                    if top > 1:
                        raise errors.IllegalActionError(i18n._("wagers must come before any number card in a column"))
                elif rank <= top:
                    under = i18n._("{colour} {value}").format(colour=api.colour_word(action.card.colour.value),
                                                              value=top)
                    raise errors.IllegalActionError(i18n._("{card} cannot follow {top}: cards in a column must rise"
                                                           ).format(card=action.card.label, top=under))
            return
        if isinstance(action, Draw):
            if not self._step:
                raise errors.IllegalActionError(i18n._("play or discard a card first"))
            if action.colour is None:
                return
            if not isinstance(action.colour, Colour) or action.colour.index >= self.game.colours:
                raise errors.MalformedActionError(f"{action!r} does not name a colour of this game")
            i = action.colour.index
            if not self._piles[i]:
                raise errors.IllegalActionError(i18n._("the {colour} discard pile is empty").format(
                    colour=api.colour_word(action.colour.value)))
            if i == self._discarded:
                raise errors.IllegalActionError(i18n._("you cannot draw back the card you just discarded"))
            return
        if isinstance(action, Deal):
            raise errors.IllegalActionError(i18n._("the cards are already dealt; it is a player's turn"))
        raise errors.MalformedActionError(f"{action!r} is not an action of the card game")

    def _is_legal(self, action: api.Action) -> bool:
        """Constant-time legality (see :meth:`api.State._is_legal`): a play or a discard
        at the play step of a card in the hand of the player to act -- a play on top of a
        lower card, or a wager before any number; a draw at the draw step, from the
        draw pile or from a discard pile of the game that holds a card and was not
        just discarded to.  A deal: the default (the one ``sample_chance`` just drew).

        >>> state = Game(games=1).new_game(random.Random(7))
        >>> state._is_legal(play("B3")), state._is_legal(play("W2")), state._is_legal(draw())
        (True, False, False)
        """
        act: typing.Any = action  # well-formed: one of this game's actions
        cls = type(act)
        if self._step:  # the draw step (never at chance and terminal nodes)
            if cls is not Draw:
                return False
            colour = act.colour
            if colour is None:
                return True
            i = colour.index
            return i < len(self._piles) and i != self._discarded and bool(self._piles[i])
        p = self._player
        if cls is Play or cls is Discard:
            if p < 0:
                return False
            c: int = act.card.index
            if c not in self._hands[p]:
                return False
            if cls is Discard:
                return True
            rank = RANK_OF[c]
            top = self._tops[p][COLOUR_OF[c]]
            return rank > top or rank == top == 1
        if cls is Draw:
            return False
        return super()._is_legal(action)

    def _check_deal(self, action: Deal) -> None:
        expected = len(self.game.deck)
        seen = set()
        for c in action.cards:
            if not isinstance(c, Card) or c.index >= expected:
                raise errors.IllegalActionError(f"the deal may only list cards of this game, not {c!r}")
            seen.add(c.index)
        if len(action.cards) != expected or len(seen) != expected:
            raise errors.IllegalActionError(f"the deal must list each of the {expected} cards exactly once")

    def _do(self, action: api.Action) -> None:
        act: typing.Any = action  # checked: one of this game's actions
        cls = type(act)
        if cls is Draw:
            self._draw(act.colour)
        elif cls is Play:
            self._lay(act.card.index, False)
        elif cls is Discard:
            self._lay(act.card.index, True)
        else:
            self._deal(typing.cast(Deal, action))

    def _lay(self, c: int, discard: bool) -> list[int]:
        """The player to act plays card ``c`` from their hand to its column (or discards it
        on its colour's pile), ending the first step of the turn; return that column (pile)."""
        p = self._player
        self._hands[p].remove(c)
        known = self._known[p]
        if known and c in known:
            known.remove(c)
        self._step = 1
        colour = COLOUR_OF[c]
        if discard:
            self._discarded = colour
            target = self._piles[colour]
        else:
            self._tops[p][colour] = RANK_OF[c]
            target = self._cols[p][colour]
        target.append(c)
        return target

    def _draw(self, colour: Colour | None) -> int:
        """The player to act draws (from the draw pile if ``colour`` is None); return the card."""
        p = self._player
        if colour is None:
            c = self._deck.pop()
        else:
            c = self._piles[colour.index].pop()
            self._known[p].append(c)
        self._hands[p].append(c)
        self._step = 0
        self._discarded = -1
        if self._deck:
            self._player = 1 - p
        else:
            self._end_game()
        return c

    def _apply(self, action: api.Action) -> api.Event:
        """Perform a checked action and describe it for the log.

        The event's ``kind`` is ``deal``, ``play``, ``discard`` or ``draw``;
        ``details`` (public, JSON-safe) hold:

        * ``deal``: ``game_number``, ``games``, ``starter``, ``hand_size``,
          ``draw_pile`` (cards left in it).  Nothing of the hands: the event's
          ``action`` is ``""`` (the deal's notation lists the whole deck) and it
          has no ``secret``;
        * ``play``: ``card`` (id), ``colour``, ``value`` (0 for a wager),
          ``wager`` (bool), ``column`` (the ids of the expedition, bottom
          first, after the play) and ``column_points`` (its score now);
        * ``discard``: ``card``, ``colour``, ``pile`` (the ids of that
          discard pile, bottom first, after the discard);
        * ``draw``: ``source`` (``"draw_pile"`` or a colour), ``draw_pile``
          (cards left in it) and, from a discard pile, ``card`` (public: both
          players saw it).  From the draw pile the card is in ``secret``
          (``{"card": id}``), for the drawer only.

        The draw that empties the draw pile also carries ``game_over``
        (:meth:`GameResult.to_dict` plus ``game_number``) and, after the last
        game of the match, ``match_over`` (``totals`` and ``winner``, None on a
        tie).  ``text`` is one or more sentences with ``{p0}``/``{p1}`` for the
        names.

        >>> state = Game(games=1).new_game(random.Random(7))
        >>> event = state.apply("play B3")
        >>> event.text
        '{p0} played the blue 3 on {p0:their} blue expedition, which now scores -17 points.'
        >>> event.details["column"], event.details["column_points"]
        (['B3'], -17)
        >>> event = state.apply("draw")
        >>> event.text, event.details, sorted(event.secret)
        ('{p0} drew a card from the draw pile (43 left).', {'source': 'draw_pile', 'draw_pile': 43}, ['card'])
        >>> event.for_viewer(1).secret
        {}
        """
        p = self._player
        act: typing.Any = action  # checked: one of this game's actions
        cls = type(act)
        event = _new_object(_EVENT)  # a lazy event, made inline (see api.set_lazy_event)
        # What _lay and _draw do, inline (two calls saved per turn): tests/core/test_api.py
        # checks that apply and apply_unchecked reach the same positions.
        if cls is Draw:
            colour = act.colour
            if colour is None:
                c = self._deck.pop()
            else:
                c = self._piles[colour.index].pop()
                self._known[p].append(c)
            self._hands[p].append(c)
            self._step = 0
            self._discarded = -1
            left = len(self._deck)
            if left:
                self._player = 1 - p
                _set_lazy(event, (p, "draw", _draw_body, (p, act, c, left)))
            else:
                self._end_game()
                over = self._player == api.TERMINAL
                _set_lazy(event, (p, "draw", _last_draw_body, (
                    p, act, c, left, self._game_number, self.game.games == 1, self._results[-1],
                    tuple(self._totals) if over else None)))
        elif cls is Play or cls is Discard:
            c = act.card.index
            self._hands[p].remove(c)
            known = self._known[p]
            if known and c in known:
                known.remove(c)
            self._step = 1
            colour = COLOUR_OF[c]
            if cls is Play:
                self._tops[p][colour] = RANK_OF[c]
                target = self._cols[p][colour]
                target.append(c)
                _set_lazy(event, (p, "play", _play_body, (p, act, tuple(target))))
            else:
                self._discarded = colour
                target = self._piles[colour]
                target.append(c)
                _set_lazy(event, (p, "discard", _discard_body, (p, act, tuple(target))))
        else:
            self._deal(act)  # the deal: the only other action
            _set_lazy(event, (api.CHANCE, "deal", _deal_body,
                              (self._game_number, self.game.games, self._starter, len(self._deck))))
        return event

    def _deal(self, action: Deal) -> None:
        n = self.game.colours
        order = list(map(_INDEX, action.cards))
        self._starter = self.game.next_starter(self._results)
        self._game_number += 1
        self._hands = [order[:HAND_SIZE], order[HAND_SIZE : 2 * HAND_SIZE]]
        self._known = [[], []]
        self._cols = [[[] for _ in range(n)] for _ in range(NUM_PLAYERS)]
        self._tops = [[0] * n for _ in range(NUM_PLAYERS)]
        self._piles = [[] for _ in range(n)]
        self._deck = order[2 * HAND_SIZE :]
        self._deck.reverse()
        self._step = 0
        self._discarded = -1
        self._player = self._starter

    def _end_game(self) -> None:
        result = GameResult(self._starter, (self.breakdown(0), self.breakdown(1)))
        self._results = (*self._results, result)
        for p, points in enumerate(result.scores):
            self._totals[p] += points
        self._player = api.TERMINAL if len(self._results) >= self.game.games else api.CHANCE
        self._step = 0
        self._discarded = -1

    def sample_chance(self, rng: random.Random) -> Deal:
        order = list(self.game.deck)
        rng.shuffle(order)
        return self._sampled(Deal.trusted(cards=tuple(order)))  # the game's own cards

    # -- copies, views, saves ---------------------------------------------------
    def clone(self) -> State:
        new = self._shallow_copy()
        hands, known = self._hands, self._known
        new._hands = [hands[0][:], hands[1][:]]
        new._known = [known[0][:], known[1][:]]
        new._cols = [[col[:] for col in cols] for cols in self._cols]
        new._tops = [self._tops[0][:], self._tops[1][:]]
        new._piles = [pile[:] for pile in self._piles]
        new._deck = self._deck[:]
        new._totals = self._totals[:]
        return new

    def can_undo(self, action: api.Action) -> bool:
        """A play or a discard may be taken back before the draw: it only moved a
        card the player held into plain sight.  A draw never: one from the draw
        pile showed a card nobody had seen, and either ends the turn.

        >>> state = Game().new_game(random.Random(1))
        >>> [state.can_undo(a) for a in state.legal_actions()[:1]], state.can_undo(Draw(None))
        ([True], False)
        """
        return type(action) in (Play, Discard)

    def hidden_tokens(self, player: int) -> set[str]:
        """Ids of the opponent's hand (less the cards it took from discard
        piles, seen by all) and of the draw pile."""
        other = 1 - player
        public = set(self._known[other])
        hidden = [c for c in self._hands[other] if c not in public] + self._deck
        return {_IDS[c] for c in hidden}

    def view(self, player: int) -> View:
        if type(player) is not int or not 0 <= player < NUM_PLAYERS:
            raise errors.IllegalActionError(f"there is no player {errors.shown(player)}")
        other = 1 - player
        return View(
            game=self.game,
            player=player,
            to_act=self._player,
            step=self.step,
            game_number=self._game_number,
            starter=self.starter,
            hand=self.hand(player),
            opponent_hand_size=len(self._hands[other]),
            opponent_known=tuple(CARDS[c] for c in self._known[other]),
            columns=tuple(tuple(tuple(CARDS[c] for c in col) for col in cols) for cols in self._cols),
            discard_piles=tuple(tuple(CARDS[c] for c in pile) for pile in self._piles),
            draw_pile_size=len(self._deck),
            just_discarded=self.just_discarded,
            results=self._results,
        )

    def snapshot(self) -> dict[str, typing.Any]:
        colours = self.game.colour_list
        in_play = self._player >= 0
        return {
            "game_number": self._game_number,
            "starter": self.starter,
            "player": self._player if in_play else None,
            "step": ("draw" if self._step else "play") if in_play else None,
            "discarded": COLOURS[self._discarded].value if in_play and self._discarded >= 0 else None,
            "hands": [[_IDS[c] for c in hand] for hand in self._hands],
            "known": [[_IDS[c] for c in known] for known in self._known],
            "columns": [{colour.value: [_IDS[c] for c in cols[colour.index]] for colour in colours}
                        for cols in self._cols],
            "discard_piles": {colour.value: [_IDS[c] for c in self._piles[colour.index]] for colour in colours},
            "draw_pile": [_IDS[c] for c in reversed(self._deck)],
            "results": [_result_to_snapshot(r) for r in self._results],
        }


_new_object: typing.Final = object.__new__
_TERMINAL: typing.Final = api.TERMINAL
_CHANCE: typing.Final = api.CHANCE
_compress: typing.Final = itertools.compress
_chain: typing.Final = itertools.chain.from_iterable
_EVENT: typing.Final = api.Event
_set_lazy: typing.Final = api.set_lazy_event
_INDEX: typing.Final = operator.attrgetter("index")


def _card_words(c: int) -> str:
    """``a yellow wager card`` or ``the yellow 7``, for the log."""
    card = CARDS[c]
    if card.wager:
        return i18n._("a {colour} wager card").format(colour=api.colour_word(card.colour.value))
    return i18n._("the {card}").format(card=card.label)


def _play_body(p: int, action: Play, column: tuple[int, ...]) -> api.EventBody:
    card = action.card
    colour = card.colour.value
    points = column_points(column)
    text = i18n.fill(i18n._("{p0} played {card} on {p0:their} {colour} expedition, which now scores {points} points."
                            ).replace("{p0", f"{{p{p}"), card=_card_words(card.index), colour=api.colour_word(colour),
                     points=points)
    return action.notation(), text, {"card": card.id, "colour": colour, "value": card.value, "wager": card.is_wager,
                                     "column": [_IDS[i] for i in column], "column_points": points}, {}


def _discard_body(p: int, action: Discard, pile: tuple[int, ...]) -> api.EventBody:
    c = action.card.index
    colour = CARDS[c].colour.value
    text = i18n.fill(i18n._("{p0} discarded {card} on the {colour} discard pile.").replace("{p0", f"{{p{p}"),
                     card=_card_words(c), colour=api.colour_word(colour))
    return action.notation(), text, {"card": _IDS[c], "colour": colour, "pile": [_IDS[i] for i in pile]}, {}


def _draw_body(p: int, action: Draw, c: int, left: int) -> api.EventBody:
    colour = action.colour
    if colour is None:
        said = i18n._("{p0} drew a card from the draw pile ({left} left).").replace("{p0", f"{{p{p}")
        return (action.notation(), i18n.fill(said, left=left),
                {"source": "draw_pile", "draw_pile": left}, {"card": _IDS[c]})
    text = i18n.fill(i18n._("{p0} took {card} from the {colour} discard pile.").replace("{p0", f"{{p{p}"),
                     card=_card_words(c), colour=api.colour_word(colour.value))
    return action.notation(), text, {"source": colour.value, "card": _IDS[c], "draw_pile": left}, {}


def _deal_body(number: int, games: int, starter: int, left: int) -> api.EventBody:
    if games == 1:
        said = i18n._("The cards are shuffled and dealt, {hand} to each player; {p0} {p0:starts}.")
    else:
        said = i18n._("Game {number} of {count}: the cards are shuffled and dealt, {hand} to each player; "
                      "{p0} {p0:starts}.")
    text = i18n.fill(said.replace("{p0", f"{{p{starter}"), number=number, count=games, hand=HAND_SIZE)
    return "", text, {"game_number": number, "games": games, "starter": starter, "hand_size": HAND_SIZE,
                      "draw_pile": left}, {}


def _last_draw_body(p: int, action: Draw, c: int, left: int, number: int, single: bool, result: GameResult,
                    totals: tuple[int, ...] | None) -> api.EventBody:
    """The draw that emptied the draw pile, with the end of game ``number`` (``result``) and,
    given the match's ``totals``, of the match."""
    notation, text, details, secret = _draw_body(p, action, c, left)
    details["game_over"] = {"game_number": number, **result.to_dict()}
    scores = result.scores
    text += " " + i18n.fill(
        i18n._("The draw pile is empty: the game is over, {p0} {p0:scores} {score0} and {p1} {score1}.")
        if single else
        i18n._("The draw pile is empty: game {number} is over, {p0} {p0:scores} {score0} and {p1} {score1}."),
        number=number, score0=scores[0], score1=scores[1])
    if totals is None:
        return notation, text, details, secret
    a, b = totals
    winner = None if a == b else 0 if a > b else 1
    details["match_over"] = {"totals": [a, b], "winner": winner}
    if single:
        end = i18n._("It is a tie.") if winner is None else i18n._("{p0} {p0:wins}.").replace("{p0", f"{{p{winner}")
    elif winner is None:
        end = i18n.fill(i18n._("The match ends in a tie, {points} points each."), points=a)
    else:
        won = i18n._("{p0} {p0:wins} the match, {points} points to {other}.").replace("{p0", f"{{p{winner}")
        end = i18n.fill(won, points=max(a, b), other=min(a, b))
    return notation, text + " " + end, details, secret


def _result_to_snapshot(result: GameResult) -> dict[str, typing.Any]:
    return {
        "starter": result.starter,
        "columns": [{c.colour.value: {"wagers": c.wagers, "numbers": list(c.numbers)} for c in p.columns}
                    for p in result.players],
    }


# -- the view ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class View(api.View):
    """What ``player`` knows: everything but the opponent's hand (its size and
    the cards it took from discard piles excepted) and the draw pile's order
    (its size excepted).  Discard piles are public in full."""

    game: Game
    player: int
    to_act: int
    """The player to act, ``api.CHANCE`` or ``api.TERMINAL`` (also ``current_player``)."""
    step: Step | None
    game_number: int
    starter: int | None
    hand: tuple[Card, ...]
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    """Cards in the opponent's hand that it took from discard piles."""
    columns: tuple[tuple[tuple[Card, ...], ...], ...]
    """``columns[player][colour.index]``: each player's columns, bottom first."""
    discard_piles: tuple[tuple[Card, ...], ...]
    """``discard_piles[colour.index]``, bottom card first."""
    draw_pile_size: int
    just_discarded: Card | None
    results: tuple[GameResult, ...]

    @property
    def current_player(self) -> int:
        return self.to_act

    def __eq__(self, other: object) -> bool:
        """Views are equal when their fields are (what ``to_dict`` is made of)."""
        if type(other) is not View:
            return super().__eq__(other)
        return all(getattr(self, name) == getattr(other, name) for name in _VIEW_FIELDS)

    __hash__ = None

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def totals(self) -> list[int]:
        return [sum(r.scores[p] for r in self.results) for p in range(NUM_PLAYERS)]

    def is_game_over(self) -> bool:
        return len(self.results) == self.game_number

    def breakdown(self, player: int) -> PlayerScore:
        columns = self.columns[player]
        return PlayerScore(tuple(_score_indices(i, [c.index for c in col]) for i, col in enumerate(columns)))

    def scores(self) -> list[int]:
        """Like ``State.scores()``: match totals plus the current game as it stands."""
        totals = self.totals
        if self.is_game_over():
            return totals
        return [totals[p] + self.breakdown(p).points for p in range(NUM_PLAYERS)]

    def unseen(self) -> list[Card]:
        """Cards the viewer cannot locate: the opponent's secret cards and the draw pile."""
        if self.game_number == 0:
            return []
        seen = {c.index for c in self.hand}
        seen.update(c.index for c in self.opponent_known)
        for cols in self.columns:
            for col in cols:
                seen.update(c.index for c in col)
        for pile in self.discard_piles:
            seen.update(c.index for c in pile)
        return [c for c in self.game.deck if c.index not in seen]

    def legal_actions(self) -> list[api.Action]:
        if self.current_player != self.player:
            return []
        if self.step is Step.PLAY:
            tops = [max([RANK_OF[c.index] for c in col], default=0) for col in self.columns[self.player]]
            out: list[api.Action] = []
            for card in self.hand:
                rank = RANK_OF[card.index]
                top = tops[COLOUR_OF[card.index]]
                if rank > top or (rank == 1 and top == 1):
                    out.append(_PLAY[card.index])
                out.append(_DISCARD[card.index])
            return out
        banned = -1 if self.just_discarded is None else COLOUR_OF[self.just_discarded.index]
        draws: list[api.Action] = [_DRAW_DECK]
        return draws + [_DRAW_FROM[i] for i, pile in enumerate(self.discard_piles) if pile and i != banned]

    def to_dict(self) -> dict[str, typing.Any]:
        colours = self.game.colour_list
        return {
            "game": self.game.name,
            "options": self.game.options(),
            "player": self.player,
            "current_player": self.current_player,
            "step": None if self.step is None else self.step.value,
            "game_number": self.game_number,
            "starter": self.starter,
            "hand": [c.id for c in self.hand],
            "opponent_hand_size": self.opponent_hand_size,
            "opponent_known": [c.id for c in self.opponent_known],
            "columns": [{colour.value: [c.id for c in cols[colour.index]] for colour in colours}
                        for cols in self.columns],
            "discard_piles": {colour.value: [c.id for c in self.discard_piles[colour.index]] for colour in colours},
            "draw_pile_size": self.draw_pile_size,
            "just_discarded": None if self.just_discarded is None else self.just_discarded.id,
            "breakdown": [self.breakdown(p).to_dict() for p in range(NUM_PLAYERS)],
            "results": [r.to_dict() for r in self.results],
            "totals": self.totals,
            "scores": self.scores(),
        }

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: the opponent's secret cards
        and the draw pile order are sampled uniformly from the unseen cards."""
        game = self.game
        state = State(game)
        state._player = self.current_player
        state._step = 1 if self.step is Step.DRAW else 0
        state._discarded = -1 if self.just_discarded is None else COLOUR_OF[self.just_discarded.index]
        state._starter = -1 if self.starter is None else self.starter
        state._game_number = self.game_number
        state._results = self.results
        state._totals = self.totals
        me, other = self.player, 1 - self.player
        state._cols = [[[c.index for c in col] for col in cols] for cols in self.columns]
        state._tops = [[max([RANK_OF[c] for c in col], default=0) for col in cols] for cols in state._cols]
        state._piles = [[c.index for c in pile] for pile in self.discard_piles]
        unseen = [c.index for c in self.unseen()]
        rng.shuffle(unseen)
        known = [c.index for c in self.opponent_known]
        secret = self.opponent_hand_size - len(known)
        hands: list[list[int]] = [[], []]
        hands[me] = [c.index for c in self.hand]
        hands[other] = known + unseen[:secret]
        state._hands = hands
        state._known[other] = known[:]
        state._deck = unseen[secret:]
        return state


_VIEW_FIELDS: typing.Final = tuple(f.name for f in dataclasses.fields(View))
