"""Lost Cities: The Board Game (2-4 players): the rules core.

Each player leads four adventurers and one researcher along five paths (one
per colour) of nine stones; stone 9 is the lost city and a bridge lies between
stones 6 and 7.  The printed values (stones, tiles, tracks) live in
:mod:`lostcities.board.data`.

A game of ``rounds`` rounds (3, or 1 for the short game) is one :class:`State`.
Every round starts with two chance actions:

1. ``tiles artifact arrow 10 ...`` -- the 25 event tiles shuffled onto the 25
   printed spaces (listed in the order of ``data.TILE_SPACES``); this also
   returns every piece to the camp and collects every card;
2. ``deal Y3 B10 ...`` -- the shuffled deck, all 110 cards: with two players
   its first 30 cards are removed unseen; then eight cards for each player in
   seat order; the rest is the draw pile, the first of them on top.

Then the players take turns, starting with ``state.starter``:

* play one card (``Step.PLAY``): ``start G3 adventurer`` (or ``researcher``)
  begins your green expedition with your LOWEST green card and puts that piece
  on green stone 1; ``advance G5`` adds a card of equal or higher value to your
  green column and moves your green piece one stone; ``discard G5`` puts it on
  the green discard pile;
* optional moves (``Step.MOVE``): after landing on an arrow tile, or after an
  ``advance`` on a path whose piece already stands on the lost city, the same
  player may move one piece one stone: ``move B`` (the piece on the blue path)
  or ``move none``;
* draw (``Step.DRAW``): ``draw`` (the draw pile) or ``draw G`` (the top of the
  green discard pile; the card just discarded may be drawn back).

A piece landing on a tile space triggers its tile: an artifact is taken (the
space stays empty), victory points are paid at once (never doubled; the tile
stays), an arrow asks for a move (the tile stays; a move landing on a tile
triggers that one too).  The round ends at once when the fifth piece in total
crosses a bridge (that piece triggers nothing) or when the last card of the
draw pile is drawn.  Round scoring, per player: each piece scores its stone
(the researcher double), the sum is paid or paid back, and a total never drops
below 0; artifact tiles become artifact tokens.  After the last round the
artifact track (long or short) pays or costs points.  Most points wins, then
most artifacts; still tied, all tied players win (``state.winners()``).

Options (:class:`Game`): ``players`` (2-4), ``rounds`` (3 or 1, the short game),
``up_and_down`` (the variant: an expedition may start with the lowest or the
highest card of that colour in hand; the first card of another value fixes
the direction), ``any_piece`` (a house variant of the lost-city move, below:
neither rulebook's rule), ``hidden_scores`` (the English rule: the others' totals are not shown
until the game ends) and ``first_player``.  ``players`` and ``first_player``
are not in the option schema (as in the other games, a session passes the seat
count); the four others are.

Rule readings where the texts and the README are silent (a careful player's
reading):

* A piece is chosen by kind only (``adventurer`` or ``researcher``): the four
  adventurers are interchangeable.  A piece is named by the path it stands on
  (``move B``), since a player has at most one piece per path.
* Moves granted by an arrow tile or by the lost-city rule are optional
  (``may`` in both texts): ``move none`` declines.  When no piece could move,
  no question is asked.  An arrow may move the piece that just landed on it
  (the English example does).  A piece on the lost city never moves again.
* A valid card may be added to a column whose piece stands on the lost city
  even when no other piece can move (the card is simply played).
* ``any_piece`` is a house variant, not an edition's reading: the lost-city
  move may also bring a piece from the camp onto stone 1 of a path where you
  have no piece yet (``move Y adventurer``).  The English text ("move any one
  of your explorer pieces one step forward on its path") covers only pieces
  already on a path (a piece in the camp has no path to step forward on), and
  the German names your other pieces on a path; so the default follows both.
  The variant also needs a rule of its own, which no text has: a path with a
  piece but no cards takes as its first card one that obeys the starting rule
  (the lowest, or with ``up_and_down`` the lowest or highest, of that colour
  in hand), and that card moves the piece like any ``advance``.  Arrow tiles
  keep the texts' restriction (pieces already on a path).
* The piece whose move ends the round triggers nothing, and the player who
  moved it does not draw; the next round is started by the player after
  them.  Round 1 is started by ``first_player`` (the texts leave it to the
  players).
* Cards taken from a discard pile stay public while in the taker's hand
  (everybody saw them); all discard piles are public in full (everybody saw
  every discard).  The tiles and every piece are public.
* Victory point and artifact supplies are unlimited (the 64 and 27 printed
  tokens never run short in practice).  The artifact track is paid after the
  last round and, like round scoring, never leaves a total below 0.
* ``State.scores()`` is each total as it stands (tokens paid so far; the final
  scores once the game is over); ``state.breakdown(p)`` scores the pieces on
  the board as if the round ended now.
* With ``hidden_scores`` the views and events show only the viewer's own total
  until the game ends; every score-relevant fact stays public (pieces, tiles,
  round tables without totals).  A determinization sets the unseen totals to
  the viewer's own total (never below the victory points that player took
  from tiles this round, which everybody saw).
* A round's table records, beside the pieces' net, the victory points each
  player took from tiles during the round (already paid when taken).
* Between rounds and after the game the board keeps the final position of the
  round (for the round table) until the next ``tiles`` clears it.
* The two copies of a card are identical: they share an id (``G7``) and an
  action names the card, not the copy.  The deal gives each seat eight cards
  in one block (the order of dealing one by one changes nothing).
* Up and down: while every card of a column has the same value the column
  may still go either way; the first card of another value fixes it.

>>> import random
>>> from lostcities import board
>>> state = board.Game(players=3).new_game(random.Random(3))
>>> state.current_player, state.step, [len(state.hand(p)) for p in range(3)], state.draw_pile_size
(0, <Step.PLAY: 'play'>, [8, 8, 8], 86)
>>> board.Game().parse_action("start g3 researcher").notation()
'start G3 researcher'
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import random
import typing

from lostcities import api, cards, errors, i18n
from lostcities.board import data

# -- domain values ---------------------------------------------------------------


class Colour(api.DomainEnum):
    """The five colours of cards and paths (``index``: yellow 0 .. red 4, the
    position in :data:`COLOURS`)."""

    YELLOW = "yellow"
    BLUE = "blue"
    WHITE = "white"
    GREEN = "green"
    RED = "red"

    @property
    def letter(self) -> str:
        """One-letter code used in card ids and notation (``Y B W G R``)."""
        return self.name[0]



COLOURS: typing.Final[tuple[Colour, ...]] = tuple(Colour)
"""In the printed order (``data.COLOURS``), which is the declaration order."""
_BY_LETTER: typing.Final = {colour.letter: colour for colour in COLOURS}
_BY_NAME: typing.Final = {colour.value: colour for colour in COLOURS}
NUM_COLOURS: typing.Final = len(COLOURS)
_NAMES: typing.Final = tuple(colour.value for colour in COLOURS)
NUM_VALUES: typing.Final = len(data.VALUES)


class Kind(enum.Enum):
    """The two kinds of pieces."""

    ADVENTURER = "adventurer"
    RESEARCHER = "researcher"

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


class Step(enum.Enum):
    """The steps of a turn."""

    PLAY = "play"
    """Start an expedition, advance or discard."""
    MOVE = "move"
    """Answer an arrow tile or a lost-city move: ``move B`` or ``move none``."""
    DRAW = "draw"
    """Draw from the draw pile or the top of a discard pile."""

    def __repr__(self) -> str:
        return f"<Step.{self.name}: {self.value!r}>"


class Phase(enum.Enum):
    """Where the game stands (``Step`` covers the three player phases)."""

    TILES = "tiles"
    """Chance lays out the tiles (starting a round)."""
    DEAL = "deal"
    """Chance deals the cards."""
    PLAY = "play"
    MOVE = "move"
    DRAW = "draw"
    OVER = "over"
    """The game is over."""


class MoveReason(enum.Enum):
    """Why a player is asked for a move."""

    ARROW = "arrow"
    LOST_CITY = "lost_city"


class TileKind(enum.Enum):
    ARTIFACT = "artifact"
    ARROW = "arrow"
    POINTS = "points"


@dataclasses.dataclass(frozen=True)
class Tile:
    """An event tile: an artifact, an arrow or ``points`` victory points.

    >>> Tile.from_id("10"), Tile.from_id("arrow").id
    (Tile(TileKind.POINTS, 10), 'arrow')
    """

    kind: TileKind
    points: int = 0

    @property
    def id(self) -> str:
        """``artifact``, ``arrow`` or the points (``10``)."""
        return str(self.points) if self.kind is TileKind.POINTS else self.kind.value

    @classmethod
    def from_id(cls, text: str) -> Tile:
        """The tile of an id; raises ``ValueError``."""
        code = _TILE_CODE.get(text.strip().lower())
        if code is None:
            raise ValueError(f"{text!r} is not a tile (artifact, arrow or {', '.join(map(str, _POINT_VALUES))})")
        return _TILE_OF[code]

    def __repr__(self) -> str:
        if self.kind is TileKind.POINTS:
            return f"Tile(TileKind.POINTS, {self.points})"
        return f"Tile(TileKind.{self.kind.name})"


# Internal tile codes: 0 an empty space, -1 artifact, -2 arrow, n > 0 points.
_EMPTY: typing.Final = 0
_ARTIFACT: typing.Final = -1
_ARROW: typing.Final = -2
_POINT_VALUES: typing.Final = tuple(sorted(set(data.POINT_TILES)))
_TILE_OF: typing.Final[dict[int, Tile]] = {
    _ARTIFACT: Tile(TileKind.ARTIFACT), _ARROW: Tile(TileKind.ARROW),
    **{v: Tile(TileKind.POINTS, v) for v in _POINT_VALUES}}
_TILE_CODE: typing.Final = {tile.id: code for code, tile in _TILE_OF.items()}
_TILE_ID: typing.Final[dict[int, str | None]] = {_EMPTY: None, **{code: tile.id for code, tile in _TILE_OF.items()}}
ALL_TILES: typing.Final[tuple[int, ...]] = tuple(
    sorted([_ARTIFACT] * data.ARTIFACT_TILES + [_ARROW] * data.ARROW_TILES + list(data.POINT_TILES)))
"""The 25 tile codes (sorted)."""
_MAX_TILE_POINTS: typing.Final = sum(data.POINT_TILES)
_TILE_COUNTS: typing.Final = {code: ALL_TILES.count(code) for code in set(ALL_TILES)}
SPACES: typing.Final[tuple[tuple[Colour, int], ...]] = tuple((_BY_NAME[c], s) for c, s in data.TILE_SPACES)
"""The 25 tile spaces as ``(colour, stone)``."""
_SPACE_AT: typing.Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(next((i for i, (c, s) in enumerate(SPACES) if c is colour and s == stone), -1)
          for stone in range(data.STONES + 1)) for colour in COLOURS)
"""``_SPACE_AT[colour][stone]``: the space index, or -1."""


@dataclasses.dataclass(frozen=True)
class Card:
    """A card: a colour and a value 0..10.  The two copies of a card are
    identical and share one id (``G7``).

    >>> Card(Colour.GREEN, 7), Card.from_id("y10").id
    (Card(Colour.GREEN, 7), 'Y10')
    """

    colour: Colour
    value: int
    index: int = dataclasses.field(init=False, repr=False, compare=False)
    """Compact code ``colour.index * 11 + value`` (shared by both copies)."""
    id: str = dataclasses.field(init=False, repr=False, compare=False)
    """The short id: ``G7``."""

    def __post_init__(self) -> None:
        if not isinstance(self.colour, Colour):
            raise TypeError(f"colour must be a Colour, not {self.colour!r}")
        if type(self.value) is not int or not 0 <= self.value < NUM_VALUES:
            raise ValueError(f"a card has a value from 0 to 10, not {self.value!r}")
        object.__setattr__(self, "index", self.colour.index * NUM_VALUES + self.value)
        object.__setattr__(self, "id", f"{self.colour.letter}{self.value}")

    @property
    def label(self) -> str:
        """Words for messages: ``green 7``."""
        return i18n._("{colour} {value}").format(colour=api.colour_word(self.colour.value), value=self.value)

    @classmethod
    def from_id(cls, text: str) -> Card:
        """The card of an id (case-insensitive); raises ``ValueError``."""
        index = _ID_INDEX.get(text.strip().upper())
        if index is None:
            raise ValueError(f"{text!r} is not a card id (examples: Y0, G7, R10)")
        return CARDS[index]

    def __repr__(self) -> str:
        return f"Card({self.colour!r}, {self.value})"

    def __str__(self) -> str:
        return self.id


CARDS: typing.Final[tuple[Card, ...]] = tuple(Card(c, v) for c in COLOURS for v in data.VALUES)
"""The 55 distinct cards; ``CARDS[card.index] == card``."""
_IDS: typing.Final[tuple[str, ...]] = tuple(card.id for card in CARDS)
_ID_INDEX: typing.Final = {text: i for i, text in enumerate(_IDS)}
COLOUR_OF: typing.Final[tuple[int, ...]] = tuple(i // NUM_VALUES for i in range(len(CARDS)))
VALUE_OF: typing.Final[tuple[int, ...]] = tuple(i % NUM_VALUES for i in range(len(CARDS)))
DECK: typing.Final[tuple[int, ...]] = tuple(i for i in range(len(CARDS)) for _ in range(data.COPIES))
"""All 110 cards as compact codes."""


def is_card(value: object) -> bool:
    """``value`` is one of the 55 cards, intact (not a look-alike built around
    :class:`Card`'s constructor).

    >>> is_card(Card(Colour.RED, 7)), is_card("R7")
    (True, False)
    """
    return api.is_intact(value, CARDS)


def is_tile(value: object) -> bool:
    """``value`` is an intact :class:`Tile` of the game."""
    if type(value) is not Tile:
        return False
    fields = vars(value)
    kind, points = fields.get("kind"), fields.get("points")
    if type(points) is not int or not isinstance(kind, TileKind):
        return False
    if kind is TileKind.POINTS:
        return points in _POINT_VALUES
    return points == 0


def _problem_of(action: object, name: str, accepts: typing.Callable[[object], bool], what: str) -> str | None:
    value = api.field(action, name)
    return None if accepts(value) else f"{type(action).__name__.lower()} needs {what}, not {errors.shown(value)}"


def _is_colour_or_none(value: object) -> bool:
    return value is None or type(value) is Colour


def _is_kind_or_none(value: object) -> bool:
    return value is None or type(value) is Kind


def stone_points(stone: int, kind: Kind) -> int:
    """What a piece on ``stone`` (1..9) scores.

    >>> stone_points(1, Kind.RESEARCHER), stone_points(9, Kind.ADVENTURER)
    (-40, 50)
    """
    value = data.STONE_VALUES[stone - 1]
    return value * data.RESEARCHER_FACTOR if kind is Kind.RESEARCHER else value


# -- scoring records ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PieceScore:
    """One piece on the board at a round's end."""

    colour: Colour
    kind: Kind
    stone: int

    @property
    def points(self) -> int:
        return stone_points(self.stone, self.kind)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"colour": self.colour.value, "kind": self.kind.value, "stone": self.stone, "points": self.points}


@dataclasses.dataclass(frozen=True)
class PlayerRound:
    """One player's round table: the pieces, their net, the artifacts found and the
    victory points taken from tiles.

    >>> PlayerRound((PieceScore(Colour.RED, Kind.RESEARCHER, 2), PieceScore(Colour.BLUE, Kind.ADVENTURER, 9)), 1).net
    20
    """

    pieces: tuple[PieceScore, ...]
    artifacts: int
    """Artifact tiles found this round (exchanged for tokens)."""
    tile_points: int = 0
    """Victory points taken from tiles this round (paid at once, when a piece
    landed on them: they are not part of :attr:`net`).  A save written before
    this was recorded reads 0."""

    @property
    def net(self) -> int:
        return sum(p.points for p in self.pieces)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"pieces": [p.to_dict() for p in self.pieces], "net": self.net, "artifacts": self.artifacts,
                "tile_points": self.tile_points}


@dataclasses.dataclass(frozen=True)
class RoundResult:
    """A finished round: who started it, who played last, each player's table."""

    number: int
    starter: int
    last: int
    players: tuple[PlayerRound, ...]

    def to_dict(self) -> dict[str, typing.Any]:
        return {"round": self.number, "starter": self.starter, "last": self.last,
                "players": [p.to_dict() for p in self.players]}


# -- actions ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Start(api.ActionValue):
    """Begin an expedition with ``card`` and put a piece of ``kind`` on stone 1.

    >>> Start("G3", Kind.RESEARCHER)
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: start needs a Card, not 'G3'
    """

    card: Card
    kind: Kind

    def problem(self) -> str | None:
        return (_problem_of(self, "card", is_card, "a Card")
                or _problem_of(self, "kind", lambda v: type(v) is Kind, "a Kind"))

    def notation(self) -> str:
        return f"start {self.card.id} {self.kind.value}"


@dataclasses.dataclass(frozen=True)
class Advance(api.ActionValue):
    """Add ``card`` to your column of its colour and move that path's piece."""

    card: Card

    def problem(self) -> str | None:
        return _problem_of(self, "card", is_card, "a Card")

    def notation(self) -> str:
        return f"advance {self.card.id}"


@dataclasses.dataclass(frozen=True)
class Discard(api.ActionValue):
    """Put ``card`` on its colour's discard pile."""

    card: Card

    def problem(self) -> str | None:
        return _problem_of(self, "card", is_card, "a Card")

    def notation(self) -> str:
        return f"discard {self.card.id}"


@dataclasses.dataclass(frozen=True)
class Move(api.ActionValue):
    """Answer an arrow or a lost-city move: the piece on ``colour``'s path moves
    one stone (``colour`` None: no move).  ``kind`` is set only for a piece
    entering from the camp (the ``any_piece`` house variant)."""

    colour: Colour | None = None
    kind: Kind | None = None

    def problem(self) -> str | None:
        problem = (_problem_of(self, "colour", _is_colour_or_none, "a Colour or None")
                   or _problem_of(self, "kind", _is_kind_or_none, "a Kind or None"))
        if problem is None and api.field(self, "colour") is None and api.field(self, "kind") is not None:
            return "move names a piece but no path"
        return problem

    def notation(self) -> str:
        if self.colour is None:
            return "move none"
        if self.kind is None:
            return f"move {self.colour.letter}"
        return f"move {self.colour.letter} {self.kind.value}"


@dataclasses.dataclass(frozen=True)
class Draw(api.ActionValue):
    """Draw the top card of the draw pile (``draw``) or of a discard pile (``draw G``)."""

    colour: Colour | None = None

    def problem(self) -> str | None:
        return _problem_of(self, "colour", _is_colour_or_none, "a Colour or None")

    def notation(self) -> str:
        return "draw" if self.colour is None else f"draw {self.colour.letter}"


@dataclasses.dataclass(frozen=True)
class Tiles(api.ActionValue):
    """Chance: the 25 tiles laid on the spaces, in ``SPACES`` order (starts a
    round).  A list of tiles is stored as a tuple."""

    tiles: tuple[Tile, ...]
    TUPLES: typing.ClassVar[tuple[str, ...]] = ("tiles",)

    def problem(self) -> str | None:
        value = api.field(self, "tiles")
        if type(value) is not tuple or len(value) != len(SPACES) or not all(is_tile(t) for t in value):
            return f"a layout lists {len(SPACES)} Tiles in a tuple, not {errors.shown(value)}"
        return None

    def notation(self) -> str:
        return "tiles " + " ".join(t.id for t in self.tiles)


@dataclasses.dataclass(frozen=True)
class Deal(api.ActionValue):
    """Chance: the shuffled deck, all 110 cards (removed cards first with two
    players, then the hands in seat order, then the draw pile top first).  A
    list of cards is stored as a tuple."""

    cards: tuple[Card, ...]
    TUPLES: typing.ClassVar[tuple[str, ...]] = ("cards",)

    def problem(self) -> str | None:
        value = api.field(self, "cards")
        if type(value) is not tuple or len(value) != len(DECK) or not all(is_card(c) for c in value):
            return f"a deal lists the {len(DECK)} Cards in a tuple, not {errors.shown(value)}"
        return None

    def notation(self) -> str:
        return "deal " + " ".join(c.id for c in self.cards)


Action = Start | Advance | Discard | Move | Draw | Tiles | Deal

_KNOWN: typing.Final = api.KnownActions()
_START: typing.Final = tuple((_KNOWN.add(Start(c, Kind.ADVENTURER)), _KNOWN.add(Start(c, Kind.RESEARCHER)))
                             for c in CARDS)
_ADVANCE: typing.Final = tuple(_KNOWN.add(Advance(c)) for c in CARDS)
_DISCARD: typing.Final = tuple(_KNOWN.add(Discard(c)) for c in CARDS)
_MOVE: typing.Final = tuple(_KNOWN.add(Move(c)) for c in COLOURS)
_ENTER: typing.Final = tuple((_KNOWN.add(Move(c, Kind.ADVENTURER)), _KNOWN.add(Move(c, Kind.RESEARCHER)))
                             for c in COLOURS)
_NO_MOVE: typing.Final = _KNOWN.add(Move())
_DRAW_FROM: typing.Final = tuple(_KNOWN.add(Draw(c)) for c in COLOURS)
_DRAW_DECK: typing.Final = _KNOWN.add(Draw())
_KINDS: typing.Final = (Kind.ADVENTURER, Kind.RESEARCHER)


def parse_action(text: str) -> Action:
    """Parse an action's notation; raises ``MalformedActionError``.

    >>> parse_action("advance b5"), parse_action("move none")
    (Advance(card=Card(Colour.BLUE, 5)), Move(colour=None, kind=None))
    >>> parse_action("start B5")
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: start takes a card and a piece, e.g. 'start G3 adventurer'
    """
    bad = errors.MalformedActionError
    if not isinstance(text, str):
        raise bad(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise bad("empty action; expected start, advance, discard, move, draw, tiles or deal")
    verb, args = words[0].lower(), words[1:]

    def card(word: str) -> int:
        index = _ID_INDEX.get(word.upper())
        if index is None:
            raise bad(f"{word!r} is not a card id (examples: Y0, G7, R10)")
        return index

    def colour(word: str) -> Colour:
        found = _BY_LETTER.get(word.upper()) or _BY_NAME.get(word.lower())
        if found is None:
            raise bad(f"{word!r} is not a colour; use one of Y B W G R")
        return found

    def kind(word: str) -> Kind:
        for k in _KINDS:
            if word.lower() == k.value:
                return k
        raise bad(f"{word!r} is not a piece; use adventurer or researcher")

    if verb == "start":
        if len(args) != 2:
            raise bad("start takes a card and a piece, e.g. 'start G3 adventurer'")
        return _START[card(args[0])][_KINDS.index(kind(args[1]))]
    if verb in ("advance", "discard"):
        if len(args) != 1:
            raise bad(f"{verb} takes one card id, e.g. '{verb} G7'")
        return (_ADVANCE if verb == "advance" else _DISCARD)[card(args[0])]
    if verb == "move":
        if len(args) == 1 and args[0].lower() == "none":
            return _NO_MOVE
        if len(args) == 1:
            return _MOVE[colour(args[0]).index]
        if len(args) == 2:
            return _ENTER[colour(args[0]).index][_KINDS.index(kind(args[1]))]
        raise bad("move takes a path's colour letter or 'none', e.g. 'move G'")
    if verb == "draw":
        if not args:
            return _DRAW_DECK
        if len(args) != 1:
            raise bad("draw takes at most one colour letter, e.g. 'draw G'")
        return _DRAW_FROM[colour(args[0]).index]
    if verb == "tiles":
        if len(args) != len(SPACES):
            raise bad(f"tiles lists the {len(SPACES)} tiles, not {len(args)}")
        try:
            return Tiles(tuple(Tile.from_id(a) for a in args))
        except ValueError as err:
            raise bad(str(err)) from None
    if verb == "deal":
        if len(args) != len(DECK):
            raise bad(f"deal lists the {len(DECK)} cards of the shuffled deck, not {len(args)}")
        return Deal(tuple(CARDS[card(a)] for a in args))
    raise bad(f"unknown action {words[0]!r}; expected start, advance, discard, move, draw, tiles or deal")


def start(card_id: str, kind: Kind = Kind.ADVENTURER) -> Start:
    """Shorthand: ``start("G3") == Start(Card(Colour.GREEN, 3), Kind.ADVENTURER)``."""
    return _START[Card.from_id(card_id).index][_KINDS.index(kind)]


def advance(card_id: str) -> Advance:
    return _ADVANCE[Card.from_id(card_id).index]


def discard(card_id: str) -> Discard:
    return _DISCARD[Card.from_id(card_id).index]


# -- the game -------------------------------------------------------------------------


@api.register
@dataclasses.dataclass(frozen=True)
class Game(api.Game):
    """Options of a board game.

    >>> Game.from_options({"players": 4, "rounds": 1})
    Game(players=4, rounds=1, up_and_down=False, any_piece=False, hidden_scores=False, first_player=0)
    """

    name: typing.ClassVar[str] = "board"
    title: typing.ClassVar[str] = i18n.N_("Lost Cities: The Board Game")
    description: typing.ClassVar[str] = i18n.N_(
        "Lead four adventurers and a researcher down five paths to the lost cities: play cards in "
        "rising order, pick up artifacts and points on the way, and cross the bridges first. 2-4 players."
    )
    min_players: typing.ClassVar[int] = 2
    max_players: typing.ClassVar[int] = 4
    option_schema: typing.ClassVar[tuple[api.Option, ...]] = (
        api.Option("rounds", i18n.N_("Game"), api.OptionKind.CHOICE, data.ROUNDS_LONG,
                   ((data.ROUNDS_LONG, i18n.N_("Three rounds (long artifact track)")),
                    (data.ROUNDS_SHORT, i18n.N_("Short game: one round (short artifact track)")))),
        api.Option("up_and_down", i18n.N_("Up and down"), api.OptionKind.BOOL, False,
                   help=i18n.N_("An expedition may start with the lowest or the highest card of its colour in "
                                "hand; the first card of another value fixes the direction.")),
        api.Option("any_piece", i18n.N_("House variant: the lost-city move may bring a new piece"),
                   api.OptionKind.BOOL, False,
                   help=i18n.N_("Not in either rulebook: a card on a path whose piece reached the lost city may "
                                "also bring a piece from the camp onto stone 1 of a new path; the first card "
                                "played on that path must then follow the starting rule.")),
        api.Option("hidden_scores", i18n.N_("Hidden scores"), api.OptionKind.BOOL, False,
                   help=i18n.N_("The English rule: the others' totals are not shown until the game ends.")),
    )
    bot_levels: typing.ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    action_types: typing.ClassVar[tuple[type[api.ActionValue], ...]] = (Start, Advance, Discard, Move, Draw,
                                                                        Tiles, Deal)
    known_actions: typing.ClassVar[api.KnownActions] = _KNOWN
    option_ranges: typing.ClassVar[dict[str, tuple[int, int]]] = {"players": (2, 4), "first_player": (0, 3)}

    players: int = 2
    rounds: int = data.ROUNDS_LONG
    up_and_down: bool = False
    any_piece: bool = False
    hidden_scores: bool = False
    first_player: int = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not self.min_players <= self.players <= self.max_players:
            raise errors.InvalidOptionError(f"players must be 2 to 4, not {self.players!r}")
        if self.rounds not in (data.ROUNDS_LONG, data.ROUNDS_SHORT) or type(self.rounds) is not int:
            raise errors.InvalidOptionError(f"rounds must be 3 or 1 (the short game), not {self.rounds!r}")
        for name in ("up_and_down", "any_piece", "hidden_scores"):
            if type(getattr(self, name)) is not bool:
                raise errors.InvalidOptionError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if type(self.first_player) is not int or not 0 <= self.first_player < self.players:
            raise errors.InvalidOptionError(f"first_player must be a seat from 0 to {self.players - 1}, "
                                            f"not {self.first_player!r}")

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_short(self) -> bool:
        return self.rounds == data.ROUNDS_SHORT

    @property
    def removed(self) -> int:
        """Cards removed unseen before every deal (30 with two players)."""
        return data.REMOVED_WITH_TWO if self.players == 2 else 0

    def new_state(self) -> State:
        return State(self)

    def new_game(self, rng: random.Random) -> State:
        return typing.cast(State, super().new_game(rng))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def options(self) -> dict[str, typing.Any]:
        return {"players": self.players, "rounds": self.rounds, "up_and_down": self.up_and_down,
                "any_piece": self.any_piece, "hidden_scores": self.hidden_scores, "first_player": self.first_player}

    @classmethod
    def from_options(cls, options: typing.Mapping[str, typing.Any]) -> Game:
        """The game of these options: the schema's, ``players`` (2..4) and
        ``first_player`` (a seat).

        >>> Game.from_options({"rounds": 2})
        Traceback (most recent call last):
        ...
        lostcities.errors.InvalidOptionError: option 'rounds' must be one of 3, 1, not 2
        """
        return cls(**cls.read_options(options))  # type: ignore[arg-type]

    @classmethod
    def variants(cls) -> list[api.Game]:
        """2, 3 and 4 players, the long and the short game, every option (long
        games are few: a random long game runs to some 2,000 actions)."""
        return [cls(), cls(players=3, rounds=1), cls(players=4, rounds=1), cls(rounds=1, up_and_down=True),
                cls(players=3, any_piece=True, hidden_scores=True, first_player=2),
                cls(players=4, rounds=1, up_and_down=True, any_piece=True, hidden_scores=True, first_player=1)]

    def state_from_snapshot(self, snapshot: typing.Mapping[str, typing.Any]) -> State:
        from lostcities.board import saves  # (imported here: the saves module reads this one)

        return saves.read(self, snapshot)

    def artifact_points(self, artifacts: int) -> int:
        """What this game's artifact track pays for ``artifacts`` tokens."""
        return data.artifact_points(artifacts, short=self.is_short)

    def tutorial_position(self, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> State:
        """A position of round 1, at a play step, completed from a partial description
        (for tutorials): :func:`lostcities.board.positions.tutorial_position`."""
        from lostcities.board import positions  # (imported here: the positions module reads this one)

        return positions.tutorial_position(self, partial, rng)


_PHASES: typing.Final = tuple(Phase)
_P_TILES, _P_DEAL, _P_PLAY, _P_MOVE, _P_DRAW, _P_OVER = range(6)
_REASONS: typing.Final = (None, MoveReason.ARROW, MoveReason.LOST_CITY)


def _direction(column: typing.Sequence[int]) -> int:
    """+1 rising, -1 falling, 0 not fixed yet (every card of the same value)."""
    if not column:
        return 0
    first = VALUE_OF[column[0]]
    for c in column:
        v = VALUE_OF[c]
        if v != first:
            return 1 if v > first else -1
    return 0


def _column_problem(column: typing.Sequence[int], up_and_down: bool) -> str | None:
    """A message if a column (bottom first) breaks the rules."""
    direction = 0
    for a, b in itertools.pairwise(column):
        va, vb = VALUE_OF[a], VALUE_OF[b]
        if vb == va:
            continue
        step = 1 if vb > va else -1
        if direction == 0:
            if step < 0 and not up_and_down:
                return f"{CARDS[b].label} cannot follow {CARDS[a].label}: values must not fall"
            direction = step
        elif step != direction:
            return f"{CARDS[b].label} cannot follow {CARDS[a].label} in a column going {_WAY[direction]}"
    return None


_WAY: typing.Final = {1: "up", -1: "down"}


# -- the state ------------------------------------------------------------------------


class State(api.State, cards.Table[Card]):
    """A full position, secrets included.

    Cards are compact ints (:attr:`Card.index`, both copies share one) in
    plain lists; hands are kept sorted.
    """

    _cards = CARDS

    game: Game

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        self._phase = _P_TILES
        self._player = -1
        self._round = 0
        self._starter = -1
        self._last = -1
        """Who played last in the latest finished round (-1: none yet)."""
        self._move = 0
        """Reason of the pending move: 0 none, 1 arrow, 2 lost city."""
        self._tiles: list[int] = []
        """Tile code per space (empty before the first layout)."""
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._known: list[list[int]] = [[] for _ in range(n)]
        """Cards in each hand taken from a discard pile (public)."""
        self._removed: list[int] = []
        self._deck: list[int] = []
        """Draw pile, top card LAST."""
        self._piles: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
        self._cols: list[list[list[int]]] = [[[] for _ in range(NUM_COLOURS)] for _ in range(n)]
        self._stones: list[list[int]] = [[0] * NUM_COLOURS for _ in range(n)]
        """Stone of each player's piece per path (0: no piece there)."""
        self._researcher = [-1] * n
        """Colour index of each player's researcher, -1 in the camp."""
        self._crossed = 0
        self._found = [0] * n
        self._tile_points = [0] * n
        """Victory points taken from tiles in the current (or the latest) round."""
        self._artifacts = [0] * n
        self._points = [0] * n
        self._results: tuple[RoundResult, ...] = ()
        self._effects: list[dict[str, typing.Any]] | None = None
        """Collects what moves did while ``_apply`` describes an action."""

    # -- read-only accessors ------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self._phase >= _P_PLAY:
            return api.TERMINAL if self._phase == _P_OVER else self._player
        return api.CHANCE

    @property
    def phase(self) -> Phase:
        return _PHASES[self._phase]

    @property
    def step(self) -> Step | None:
        """The step of the turn, or None at chance and terminal nodes."""
        if _P_PLAY <= self._phase <= _P_DRAW:
            return Step(_PHASES[self._phase].value)
        return None

    @property
    def move_reason(self) -> MoveReason | None:
        return _REASONS[self._move]

    @property
    def round(self) -> int:
        """1-based number of the current (or just finished) round; 0 before the first."""
        return self._round

    @property
    def starter(self) -> int | None:
        return None if self._starter < 0 else self._starter

    @property
    def draw_pile_size(self) -> int:
        return len(self._deck)

    @property
    def bridges_crossed(self) -> int:
        """Pieces past a bridge this round (the round ends at 5)."""
        return self._crossed

    @property
    def results(self) -> tuple[RoundResult, ...]:
        return self._results

    def piece(self, player: int, colour: Colour) -> tuple[Kind, int] | None:
        """``(kind, stone)`` of ``player``'s piece on ``colour``'s path, or None."""
        return _piece(self._stones[player], self._researcher[player], colour.index)

    def tile(self, colour: Colour, stone: int) -> Tile | None:
        """The tile on a stone, or None (no space, an artifact taken, no layout yet)."""
        space = _SPACE_AT[colour.index][stone]
        if space < 0 or not self._tiles or self._tiles[space] == _EMPTY:
            return None
        return _TILE_OF[self._tiles[space]]

    def artifacts(self, player: int) -> int:
        """Artifact tokens of finished rounds plus the tiles found this round."""
        return self._artifacts[player] + self._found[player]

    def breakdown(self, player: int) -> PlayerRound:
        """``player``'s pieces scored as if the round ended now."""
        return _player_round(self._stones[player], self._researcher[player], self._found[player],
                             self._tile_points[player])

    def scores(self) -> list[int]:
        return list(self._points)

    def winners(self) -> list[int]:
        """Every player tied for the win once the game is over (most points, then
        most artifacts); ``[]`` while it is being played."""
        if self._phase != _P_OVER:
            return []
        return _winners(self._points, self._artifacts)

    # -- rules -------------------------------------------------------------------------
    def _legal_actions(self) -> list[api.Action]:
        return _legal(self.game, self._phase, self._player, self._move, self._hands[self._player] if self._player >= 0
                      else [], self._cols, self._stones, self._researcher, self._piles)

    def _check(self, action: api.Action) -> None:
        phase = self._phase
        cls = type(action)
        if phase <= _P_DEAL:
            self._check_chance(phase, action)
        elif cls in (Tiles, Deal):
            raise errors.IllegalActionError(i18n._("the round is under way; it is a player's turn"))
        elif cls in (Start, Advance, Discard):
            self._check_card(phase, typing.cast(Start | Advance | Discard, action))
        elif cls is Move:
            self._check_move(phase, typing.cast(Move, action))
        elif cls is Draw:
            self._check_draw(phase, typing.cast(Draw, action))
        else:
            raise errors.MalformedActionError(f"{action!r} is not an action of the board game")

    def _check_chance(self, phase: int, action: api.Action) -> None:
        """Check an action while chance lays out the tiles or deals."""
        cls = type(action)
        if phase == _P_TILES and cls is Tiles:
            self._check_tiles(typing.cast(Tiles, action))
            return
        if phase == _P_DEAL and cls is Deal:
            self._check_deal(typing.cast(Deal, action))
            return
        if cls not in (Tiles, Deal):
            raise errors.IllegalActionError(i18n._("the tiles must be laid out first") if phase == _P_TILES
                                            else i18n._("the cards must be dealt first"))
        raise errors.IllegalActionError(i18n._("the tiles must be laid out before the deal") if phase == _P_TILES
                                        else i18n._("the tiles are already laid out"))

    def _check_card(self, phase: int, action: Start | Advance | Discard) -> None:
        """Check a start, an advance or a discard of the player to act."""
        p = self._player
        card = action.card
        if not isinstance(card, Card):
            raise errors.MalformedActionError(f"{action!r} does not name a card")
        if phase == _P_MOVE:
            raise errors.IllegalActionError(i18n._("first answer the move: a piece to move or 'move none'"))
        if phase == _P_DRAW:
            raise errors.IllegalActionError(i18n._("draw a card first"))
        c = card.index
        if c not in self._hands[p]:
            raise errors.IllegalActionError(i18n._("you do not hold the {card}").format(card=card.label))
        if type(action) is Discard:
            return
        colour = card.colour
        stone = self._stones[p][colour.index]
        if type(action) is Start:
            kind = action.kind
            if not isinstance(kind, Kind):
                raise errors.MalformedActionError(f"{action!r} does not name a piece")
            if stone:
                raise errors.IllegalActionError(i18n._("you already have a piece on the {colour} path: advance "
                                                       "there instead").format(colour=api.colour_word(colour.value)))
            problem = self._start_problem(p, c) or _piece_problem(self._stones[p], self._researcher[p], kind)
        elif not stone:
            raise errors.IllegalActionError(i18n._("you have no expedition on the {colour} path: start it "
                                                   "first").format(colour=api.colour_word(colour.value)))
        else:
            column = self._cols[p][colour.index]
            problem = _advance_problem(column, c, self.game.up_and_down) if column else self._start_problem(p, c)
        if problem:
            raise errors.IllegalActionError(problem)

    def _check_move(self, phase: int, move: Move) -> None:
        """Check the answer to a pending move (an arrow or the lost city)."""
        if phase != _P_MOVE:
            raise errors.IllegalActionError(i18n._("no move is pending: play a card first") if phase == _P_PLAY
                                            else i18n._("no move is pending: draw a card"))
        if move.colour is None:
            if move.kind is not None:
                raise errors.MalformedActionError(f"{move!r} names a piece but no path")
            return
        if not isinstance(move.colour, Colour) or (move.kind is not None and not isinstance(move.kind, Kind)):
            raise errors.MalformedActionError(f"{move!r} does not name a path and a piece")
        problem = self._move_problem(self._player, move.colour.index, move.kind)
        if problem:
            raise errors.IllegalActionError(problem)

    def _check_draw(self, phase: int, action: Draw) -> None:
        """Check a draw: from the draw pile, or from a discard pile that holds a card."""
        if phase != _P_DRAW:
            raise errors.IllegalActionError(i18n._("play a card first") if phase == _P_PLAY
                                            else i18n._("first answer the move: a piece or 'move none'"))
        colour_drawn = action.colour
        if colour_drawn is None:
            return
        if not isinstance(colour_drawn, Colour):
            raise errors.MalformedActionError(f"{action!r} does not name a colour")
        if not self._piles[colour_drawn.index]:
            raise errors.IllegalActionError(i18n._("the {colour} discard pile is empty").format(
                colour=api.colour_word(colour_drawn.value)))

    def _start_problem(self, p: int, c: int) -> str | None:
        return _start_problem(self._hands[p], c, self.game.up_and_down)

    def _move_problem(self, p: int, colour: int, kind: Kind | None) -> str | None:
        stones = self._stones[p]
        name = api.colour_word(COLOURS[colour].value)
        if kind is not None:
            if self._move != 2 or not self.game.any_piece:
                return (i18n._("only a piece already on a path may move (an arrow moves a piece already on a path)")
                        if self.game.any_piece else i18n._("only a piece already on a path may move"))
            if stones[colour]:
                return i18n._("you already have a piece on the {colour} path").format(colour=name)
            return _piece_problem(stones, self._researcher[p], kind)
        stone = stones[colour]
        if not stone:
            return i18n._("you have no piece on the {colour} path").format(colour=name)
        if stone >= data.LOST_CITY:
            return i18n._("your piece on the {colour} path has reached the lost city and moves no "
                          "further").format(colour=name)
        return None

    def _check_tiles(self, action: Tiles) -> None:
        codes = []
        for tile in action.tiles:
            if not isinstance(tile, Tile) or tile.id not in _TILE_CODE:
                raise errors.IllegalActionError(i18n._("the layout may only list the game's tiles, not {tile}").format(
                    tile=repr(tile)))
            codes.append(_TILE_CODE[tile.id])
        if tuple(sorted(codes)) != ALL_TILES:
            raise errors.IllegalActionError(i18n._(
                "the layout must place each of the {count} tiles once: {artifacts} artifacts, {arrows} arrows and "
                "the points {points}").format(count=len(ALL_TILES), artifacts=data.ARTIFACT_TILES,
                                              arrows=data.ARROW_TILES, points=", ".join(map(str, data.POINT_TILES))))

    def _check_deal(self, action: Deal) -> None:
        codes = []
        for card in action.cards:
            if not isinstance(card, Card):
                raise errors.IllegalActionError(
                    i18n._("the deal may only list cards, not {card}").format(card=repr(card)))
            codes.append(card.index)
        if tuple(sorted(codes)) != DECK:
            raise errors.IllegalActionError(i18n._("the deal must list the {count} cards, each value twice per "
                                                   "colour").format(count=len(DECK)))

    def _do(self, action: api.Action) -> None:
        cls = type(action)
        p = self._player
        if cls is Advance:
            c = typing.cast(Advance, action).card.index
            self._take_from_hand(p, c)
            colour = COLOUR_OF[c]
            self._cols[p][colour].append(c)
            self._phase = _P_DRAW
            if self._stones[p][colour] >= data.LOST_CITY:
                self._offer_move(p, 2)
            else:
                self._step_piece(p, colour)
        elif cls is Discard:
            c = typing.cast(Discard, action).card.index
            self._take_from_hand(p, c)
            self._piles[COLOUR_OF[c]].append(c)
            self._phase = _P_DRAW
        elif cls is Draw:
            colour_drawn = typing.cast(Draw, action).colour
            if colour_drawn is None:
                c = self._deck.pop()
            else:
                c = self._piles[colour_drawn.index].pop()
                self._known[p].append(c)
            hand = self._hands[p]
            hand.append(c)
            hand.sort()
            if self._deck:
                self._phase = _P_PLAY
                self._player = (p + 1) % self.game.players
            else:
                self._end_round()
        elif cls is Start:
            start_action = typing.cast(Start, action)
            c = start_action.card.index
            self._take_from_hand(p, c)
            colour = COLOUR_OF[c]
            self._cols[p][colour].append(c)
            if start_action.kind is Kind.RESEARCHER:
                self._researcher[p] = colour
            self._phase = _P_DRAW
            self._step_piece(p, colour)
        elif cls is Move:
            move = typing.cast(Move, action)
            self._move = 0
            self._phase = _P_DRAW
            if move.colour is not None:
                colour = move.colour.index
                if move.kind is Kind.RESEARCHER:
                    self._researcher[p] = colour
                self._step_piece(p, colour)
        elif cls is Tiles:
            self._lay_tiles(typing.cast(Tiles, action))
        else:
            self._deal(typing.cast(Deal, action))

    def _take_from_hand(self, p: int, c: int) -> None:
        self._hands[p].remove(c)
        known = self._known[p]
        if known and c in known:
            known.remove(c)

    def _step_piece(self, p: int, colour: int) -> None:
        """Move ``p``'s piece on ``colour``'s path one stone (from the camp onto
        stone 1 when it has none) and trigger what it lands on."""
        stones = self._stones[p]
        stone = stones[colour] + 1
        stones[colour] = stone
        effects = self._effects
        record: dict[str, typing.Any] | None = None
        if effects is not None:
            kind = Kind.RESEARCHER if self._researcher[p] == colour else Kind.ADVENTURER
            record = {"colour": COLOURS[colour].value, "kind": kind.value, "from": stone - 1, "to": stone,
                      "tile": None, "effect": None}
            effects.append(record)
        if stone == data.BRIDGE_AFTER + 1:
            self._crossed += 1
            if self._crossed >= data.CROSSINGS_TO_END:
                if record is not None:
                    record["effect"] = "round_end"
                    space = _SPACE_AT[colour][stone]
                    if space >= 0 and self._tiles[space] != _EMPTY:
                        record["tile"] = _TILE_OF[self._tiles[space]].id
                self._end_round()
                return
        space = _SPACE_AT[colour][stone]
        if space < 0:
            return
        tile = self._tiles[space]
        if tile == _EMPTY:
            return
        if record is not None:
            record["tile"] = _TILE_OF[tile].id
        if tile == _ARTIFACT:
            self._tiles[space] = _EMPTY
            self._found[p] += 1
            if record is not None:
                record["effect"] = "artifact"
        elif tile == _ARROW:
            offered = self._offer_move(p, 1)
            if record is not None:
                record["effect"] = "arrow" if offered else "arrow_unused"
        else:
            self._points[p] += tile
            self._tile_points[p] += tile
            if record is not None:
                record["effect"] = "points"

    def _offer_move(self, p: int, reason: int) -> bool:
        """Ask ``p`` for a move if any piece could make it; True if asked."""
        stones = self._stones[p]
        possible = any(0 < s < data.LOST_CITY for s in stones)
        if not possible and reason == 2 and self.game.any_piece:
            possible = any(s == 0 for s in stones)
        if possible:
            self._phase = _P_MOVE
            self._move = reason
        return possible

    def _end_round(self) -> None:
        n = self.game.players
        result = RoundResult(self._round, self._starter, self._player, tuple(
            _player_round(self._stones[p], self._researcher[p], self._found[p], self._tile_points[p])
            for p in range(n)))
        self._results = (*self._results, result)
        self._last = self._player
        for p in range(n):
            self._points[p] = max(0, self._points[p] + result.players[p].net)
            self._artifacts[p] += self._found[p]
            self._found[p] = 0
        self._move = 0
        if self._round >= self.game.rounds:
            for p in range(n):
                self._points[p] = max(0, self._points[p] + self.game.artifact_points(self._artifacts[p]))
            self._phase = _P_OVER
        else:
            self._phase = _P_TILES
        self._player = -1

    def _lay_tiles(self, action: Tiles) -> None:
        n = self.game.players
        self._round += 1
        self._starter = self.game.first_player if self._last < 0 else (self._last + 1) % n
        self._tiles = [_TILE_CODE[t.id] for t in action.tiles]
        self._hands = [[] for _ in range(n)]
        self._known = [[] for _ in range(n)]
        self._removed = []
        self._deck = []
        self._piles = [[] for _ in range(NUM_COLOURS)]
        self._cols = [[[] for _ in range(NUM_COLOURS)] for _ in range(n)]
        self._stones = [[0] * NUM_COLOURS for _ in range(n)]
        self._researcher = [-1] * n
        self._crossed = 0
        self._found = [0] * n
        self._tile_points = [0] * n
        self._phase = _P_DEAL

    def _deal(self, action: Deal) -> None:
        order = [c.index for c in action.cards]
        at = self.game.removed
        self._removed = order[:at]
        for p in range(self.game.players):
            self._hands[p] = sorted(order[at: at + data.HAND_SIZE])
            at += data.HAND_SIZE
        self._deck = order[at:]
        self._deck.reverse()
        self._phase = _P_PLAY
        self._player = self._starter

    def sample_chance(self, rng: random.Random) -> Tiles | Deal:
        if self._phase == _P_TILES:
            codes = list(ALL_TILES)
            rng.shuffle(codes)
            return self._sampled(Tiles(tuple(_TILE_OF[c] for c in codes)))
        order = list(DECK)
        rng.shuffle(order)
        return self._sampled(Deal(tuple(CARDS[c] for c in order)))

    # -- events ------------------------------------------------------------------------
    def _apply(self, action: api.Action) -> api.Event:
        """Perform a checked action and describe it for the log.

        ``kind`` is ``tiles``, ``deal``, ``start``, ``advance``, ``discard``,
        ``move`` or ``draw``.  ``details`` (public, JSON-safe):

        * ``tiles``: ``round``, ``rounds``, ``starter`` and ``tiles`` (the tile
          id per space, in ``SPACES`` order);
        * ``deal``: ``round``, ``hand_size``, ``removed`` and ``draw_pile``
          (counts).  The event's ``action`` is ``""``: the notation lists the
          whole deck;
        * ``start``, ``advance``, ``discard``: ``card``, ``colour`` and, for the
          first two, ``column`` (the ids, bottom first) and ``moves``;
          ``discard`` gives ``pile`` (the ids, bottom first);
        * ``move``: ``moves`` (empty when declined);
        * ``draw``: ``source`` (``draw_pile`` or a colour), ``draw_pile`` (cards
          left) and, from a discard pile, ``card``; from the draw pile the card
          is in ``secret`` for the drawer only.

        ``moves`` lists ``{"colour", "kind", "from", "to", "tile", "effect"}``
        per piece moved: ``tile`` is the tile id on the stone reached (or
        None), ``effect`` is ``artifact``, ``points``, ``arrow`` (a move is asked
        for next), ``arrow_unused`` (no piece could move), ``round_end`` (the
        fifth bridge crossing: the tile is not triggered) or None.  A
        ``pending_move`` entry (``arrow`` or ``lost_city``) tells that the same
        player is asked for a move next.  The action that ends a round adds
        ``round_over`` (:meth:`RoundResult.to_dict`, plus ``totals`` unless the
        scores are hidden) and, at the end of the game, ``game_over``
        (``totals``, ``artifacts``, ``artifact_points``, ``winners``).

        >>> import random
        >>> state = Game().new_game(random.Random(3))
        >>> event = state.apply("start B1 researcher")
        >>> event.text
        '{p0} started the blue expedition with the blue 1: {p0:their} researcher moves to blue stone 1 (-40 points).'
        >>> event.details["moves"]
        [{'colour': 'blue', 'kind': 'researcher', 'from': 0, 'to': 1, 'tile': None, 'effect': None}]
        >>> state.apply("draw").secret.keys() == {"card"}
        True
        """
        p = self._player
        cls = type(action)
        notation = action.notation()
        if cls is Tiles:
            self._do(action)
            rounds = self.game.rounds
            laid = (i18n._("The {count} event tiles are shuffled and laid out face up; {p0} will start.")
                    if rounds == 1 else
                    i18n._("The {count} event tiles are shuffled and laid out face up for round {number} of {rounds}; "
                           "{p0} will start."))
            text = i18n.fill(_seat(laid, self._starter), count=len(SPACES), number=self._round, rounds=rounds)
            return api.Event(api.CHANCE, notation, "tiles", text, {
                "round": self._round, "rounds": rounds, "starter": self._starter,
                "tiles": [_TILE_OF[t].id for t in self._tiles]})
        if cls is Deal:
            self._do(action)
            dealt = (i18n._("The cards are shuffled and dealt ({removed} cards are first removed unseen), {hand} to "
                            "each player; {p0} {p0:starts}.") if self._removed else
                     i18n._("The cards are shuffled and dealt, {hand} to each player; {p0} {p0:starts}."))
            text = i18n.fill(_seat(dealt, self._starter), removed=len(self._removed), hand=data.HAND_SIZE)
            return api.Event(api.CHANCE, "", "deal", text, {
                "round": self._round, "hand_size": data.HAND_SIZE, "removed": len(self._removed),
                "draw_pile": len(self._deck)})
        results_before = len(self._results)
        self._effects = []
        try:
            if cls is Draw:
                colour_drawn = typing.cast(Draw, action).colour
                top = self._deck[-1]
                self._do(action)
                details: dict[str, typing.Any]
                secret: dict[str, typing.Any] = {}
                left = len(self._deck)
                if colour_drawn is None:
                    details = {"source": "draw_pile", "draw_pile": left}
                    secret = {"card": _IDS[top]}
                    text = i18n.fill(_seat(i18n._("{p0} drew a card from the draw pile ({left} left)."), p), left=left)
                    if not left:
                        text = _seat(i18n._("{p0} drew the last card of the draw pile."), p)
                else:
                    taken = CARDS[self._known[p][-1]]
                    details = {"source": colour_drawn.value, "card": taken.id, "draw_pile": left}
                    text = i18n.fill(_seat(i18n._("{p0} took the {card} from the {colour} discard pile."), p),
                                     card=taken.label, colour=api.colour_word(colour_drawn.value))
                kind = "draw"
            else:
                card = typing.cast(Start, action).card if cls in (Start, Advance, Discard) else None
                stone_before = self._stones[p][card.colour.index] if card is not None else 0
                reason = self._move
                self._do(action)
                moves = self._effects
                details = {"moves": moves}
                secret = {}
                if card is not None:
                    colour = card.colour
                    details["card"] = card.id
                    details["colour"] = colour.value
                if cls is Discard:
                    assert card is not None
                    kind = "discard"
                    details = {"card": card.id, "colour": card.colour.value,
                               "pile": [_IDS[c] for c in self._piles[card.colour.index]]}
                    text = i18n.fill(_seat(i18n._("{p0} discarded the {card} on the {colour} discard pile."), p),
                                     card=card.label, colour=api.colour_word(card.colour.value))
                elif cls is Move:
                    kind = "move"
                    text = _describe_move(moves, p, arrow=reason == 1)
                else:
                    assert card is not None
                    kind = "start" if cls is Start else "advance"
                    details["column"] = [_IDS[c] for c in self._cols[p][card.colour.index]]
                    text = _describe_card(card, moves, p, start=cls is Start, past=stone_before >= data.LOST_CITY)
                if self._phase == _P_MOVE:
                    details["pending_move"] = _REASONS[self._move].value  # type: ignore[union-attr]
        finally:
            self._effects = None
        if len(self._results) > results_before:
            text += self._describe_round_end(details)
        return api.Event(p, notation, kind, text, details, secret)

    def _describe_round_end(self, details: dict[str, typing.Any]) -> str:
        result = self._results[-1]
        over = self._phase == _P_OVER
        table = result.to_dict()
        if not self.game.hidden_scores and not over:
            table["totals"] = list(self._points)
        details["round_over"] = table
        nets = ", ".join(f"{{p{q}}} {r.net:+d}" for q, r in enumerate(result.players))
        bridge = self._crossed >= data.CROSSINGS_TO_END
        if self.game.rounds == 1:
            said = (i18n._("The round is over (the fifth piece crossed a bridge); the pieces score {nets}.") if bridge
                    else i18n._("The round is over (the draw pile is empty); the pieces score {nets}."))
        else:
            said = (i18n._("Round {number} of {rounds} is over (the fifth piece crossed a bridge); the pieces score "
                           "{nets}.") if bridge else
                    i18n._("Round {number} of {rounds} is over (the draw pile is empty); the pieces score {nets}."))
        text = " " + i18n.fill(said, number=result.number, rounds=self.game.rounds).replace("{nets}", nets)
        if not over:
            return text
        artifacts = list(self._artifacts)
        bonus = [self.game.artifact_points(a) for a in artifacts]
        winners = self.winners()
        details["game_over"] = {"totals": list(self._points), "artifacts": artifacts,
                                "artifact_points": bonus, "winners": winners}
        pay = ", ".join(f"{{p{q}}} {b:+d}" for q, b in enumerate(bonus))
        if len(winners) == 1:
            won = _seat(i18n._("{p0} {p0:wins}."), winners[0])
        else:
            together = i18n._("{first} and {second}").replace(
                "{first}", ", ".join(f"{{p{w}}}" for w in winners[:-1])).replace("{second}", f"{{p{winners[-1]}}}")
            won = i18n._("{names} share the win.").replace("{names}", together)
        return text + " " + i18n._("Artifacts pay {amounts}.").replace("{amounts}", pay) + " " + won

    # -- copies, views, saves ------------------------------------------------------------
    def clone(self) -> State:
        new = object.__new__(State)
        new.game = self.game
        new._history = self._history[:]
        new._start = self._start
        new._phase = self._phase
        new._player = self._player
        new._round = self._round
        new._starter = self._starter
        new._last = self._last
        new._move = self._move
        new._tiles = self._tiles[:]
        new._hands = [h[:] for h in self._hands]
        new._known = [k[:] for k in self._known]
        new._removed = self._removed[:]
        new._deck = self._deck[:]
        new._piles = [pile[:] for pile in self._piles]
        new._cols = [[col[:] for col in cols] for cols in self._cols]
        new._stones = [s[:] for s in self._stones]
        new._researcher = self._researcher[:]
        new._crossed = self._crossed
        new._found = self._found[:]
        new._tile_points = self._tile_points[:]
        new._artifacts = self._artifacts[:]
        new._points = self._points[:]
        new._results = self._results
        new._effects = None
        return new

    def can_undo(self, action: api.Action) -> bool:
        """Starting or advancing an expedition, a discard and the answer to a move
        may be taken back before the draw: the board, its tiles and the cards
        played are in plain sight, so they reveal nothing -- unless the action
        ends the round (the fifth piece across a bridge), which scores it (hidden
        totals are shown) and deals again.  A draw never: one from the draw pile
        showed a card nobody had seen, and either ends the turn.
        """
        if type(action) not in (Start, Advance, Discard, Move):
            return False
        after = self.clone()
        after.apply_unchecked(action)
        return len(after._results) == len(self._results) and after.current_player == self.current_player

    def hidden_tokens(self, player: int) -> set[str]:
        """What ``player`` may not see: for every other player ``q`` with cards,
        ``q``'s hand as item ``q`` of a list (``api.item_token``: views list each
        hand at its seat); the ids of the cards in other hands (less those taken
        from discard piles), in the draw pile and among the removed cards, unless
        a copy of that card is in plain sight of ``player``; with hidden scores
        (until the game ends) each other total as ``item_token(q, {"points": total})``."""
        tokens: set[str] = set()
        hidden = [0] * len(CARDS)
        for c in self._deck:
            hidden[c] = 1
        for c in self._removed:
            hidden[c] = 1
        for q, hand in enumerate(self._hands):
            if q == player or not hand:
                continue
            tokens.add(api.item_token(q, [_IDS[c] for c in hand]))
            for c in hand:
                hidden[c] += 1
            for c in self._known[q]:
                hidden[c] -= 1
        if any(hidden):
            for c in self._hands[player]:
                hidden[c] = 0
            for known in self._known:
                for c in known:
                    hidden[c] = 0
            for pile in self._piles:
                for c in pile:
                    hidden[c] = 0
            for cols in self._cols:
                for col in cols:
                    for c in col:
                        hidden[c] = 0
            tokens.update(_IDS[c] for c, h in enumerate(hidden) if h > 0)
        if self.game.hidden_scores and self._phase != _P_OVER:
            tokens.update(api.item_token(q, {"points": t}) for q, t in enumerate(self._points) if q != player)
        return tokens

    def view(self, player: int) -> View:
        if type(player) is not int or not 0 <= player < self.game.players:
            raise ValueError(f"no player {player!r} in a {self.game.players}-player game")
        hidden = self.game.hidden_scores and self._phase != _P_OVER
        return View(
            game=self.game,
            player=player,
            to_act=self.current_player,
            phase=self.phase,
            round=self._round,
            starter=self.starter,
            move_reason=self.move_reason,
            hand=self.hand(player),
            hand_sizes=tuple(len(h) for h in self._hands),
            known=tuple(tuple(CARDS[c] for c in k) for k in self._known),
            removed=len(self._removed),
            draw_pile_size=len(self._deck),
            discard_piles=tuple(tuple(CARDS[c] for c in pile) for pile in self._piles),
            columns=tuple(tuple(tuple(CARDS[c] for c in col) for col in cols) for cols in self._cols),
            stones=tuple(tuple(s) for s in self._stones),
            researcher=tuple(self._researcher),
            tiles=tuple(None if t == _EMPTY else _TILE_OF[t] for t in self._tiles),
            found=tuple(self._found),
            tile_points=tuple(self._tile_points),
            artifact_tokens=tuple(self._artifacts),
            totals=tuple(t if q == player or not hidden else None for q, t in enumerate(self._points)),
            results=self._results,
            legal=tuple(self.legal_actions()) if player == self.current_player else (),
        )

    def snapshot(self) -> dict[str, typing.Any]:
        in_turn = _P_PLAY <= self._phase <= _P_DRAW
        return {
            "round": self._round,
            "phase": _PHASES[self._phase].value,
            "player": self._player if in_turn else None,
            "move": None if not self._move else _REASONS[self._move].value,  # type: ignore[union-attr]
            "starter": self.starter,
            "last": None if self._last < 0 else self._last,
            "tiles": [_TILE_ID[t] for t in self._tiles],
            "hands": [[_IDS[c] for c in hand] for hand in self._hands],
            "known": [[_IDS[c] for c in known] for known in self._known],
            "removed": [_IDS[c] for c in self._removed],
            "draw_pile": [_IDS[c] for c in reversed(self._deck)],
            "discard_piles": {_NAMES[i]: [_IDS[c] for c in pile] for i, pile in enumerate(self._piles)},
            "columns": [{_NAMES[i]: [_IDS[c] for c in col] for i, col in enumerate(cols)} for cols in self._cols],
            "pieces": [_pieces_dict(stones, researcher) for stones, researcher in zip(
                self._stones, self._researcher, strict=True)],
            "found": list(self._found),
            "tile_points": list(self._tile_points),
            "artifacts": list(self._artifacts),
            "points": list(self._points),
            "results": [_result_snapshot(r) for r in self._results],
        }


# -- helpers shared by the state and the view --------------------------------------------


def _piece(stones: typing.Sequence[int], researcher: int, colour: int) -> tuple[Kind, int] | None:
    stone = stones[colour]
    if not stone:
        return None
    return (Kind.RESEARCHER if researcher == colour else Kind.ADVENTURER), stone


def _pieces_dict(stones: typing.Sequence[int], researcher: int) -> dict[str, dict[str, typing.Any] | None]:
    """A player's pieces by colour name: ``{"kind", "stone"}`` or None."""
    return {_NAMES[i]: None if not stone else {"kind": "researcher" if i == researcher else "adventurer",
                                               "stone": stone} for i, stone in enumerate(stones)}


def _player_round(stones: typing.Sequence[int], researcher: int, found: int, tile_points: int) -> PlayerRound:
    return PlayerRound(tuple(
        PieceScore(COLOURS[c], Kind.RESEARCHER if researcher == c else Kind.ADVENTURER, s)
        for c, s in enumerate(stones) if s), found, tile_points)


def _winners(points: typing.Sequence[int], artifacts: typing.Sequence[int]) -> list[int]:
    best = max(zip(points, artifacts, strict=True))
    return [p for p in range(len(points)) if (points[p], artifacts[p]) == best]


def _piece_problem(stones: typing.Sequence[int], researcher: int, kind: Kind) -> str | None:
    """Why no piece of ``kind`` is left in the camp (None if one is)."""
    if kind is Kind.RESEARCHER:
        return None if researcher < 0 else i18n._("your researcher is already on a path")
    adventurers = sum(1 for c, s in enumerate(stones) if s and c != researcher)
    if adventurers < data.ADVENTURERS:
        return None
    return i18n._("all {count} of your adventurers are already on paths").format(count=data.ADVENTURERS)


def _start_problem(hand: typing.Sequence[int], c: int, up_and_down: bool) -> str | None:
    colour = COLOUR_OF[c]
    values = [VALUE_OF[x] for x in hand if COLOUR_OF[x] == colour]
    low, high = min(values), max(values)
    v = VALUE_OF[c]
    if v == low or (up_and_down and v == high):
        return None
    name = api.colour_word(COLOURS[colour].value)
    if up_and_down:
        return i18n._("an expedition starts with your lowest or highest {colour} card ({low} or {high}), not the "
                      "{card}").format(colour=name, low=CARDS[colour * NUM_VALUES + low].label,
                                       high=CARDS[colour * NUM_VALUES + high].label, card=CARDS[c].label)
    return i18n._("an expedition starts with your lowest {colour} card ({low}), not the {card}").format(
        colour=name, low=CARDS[colour * NUM_VALUES + low].label, card=CARDS[c].label)


def _can_advance(column: typing.Sequence[int], c: int, up_and_down: bool) -> bool:
    """Whether card ``c`` may go on top of ``column`` (not empty): :func:`_advance_problem`
    without building its message (legal-action lists ask this of every card in hand)."""
    last = VALUE_OF[column[-1]]
    v = VALUE_OF[c]
    if v == last:
        return True
    direction = _direction(column) if up_and_down else 1
    return not ((direction > 0 and v < last) or (direction < 0 and v > last))


def _advance_problem(column: typing.Sequence[int], c: int, up_and_down: bool) -> str | None:
    if _can_advance(column, c, up_and_down):
        return None
    last = VALUE_OF[column[-1]]
    v = VALUE_OF[c]
    direction = _direction(column) if up_and_down else 1
    if direction > 0 and v < last:
        return i18n._("the {card} is lower than the {top} on top of your column").format(
            card=CARDS[c].label, top=CARDS[column[-1]].label)
    if direction < 0 and v > last:
        return i18n._("the {card} is higher than the {top} on top of your column, which goes down").format(
            card=CARDS[c].label, top=CARDS[column[-1]].label)
    return None


_Grid = typing.Sequence[typing.Sequence[int]]


def _legal(game: Game, phase: int, p: int, move: int, hand: typing.Sequence[int],
           cols: typing.Sequence[_Grid], all_stones: _Grid,
           researchers: typing.Sequence[int], piles: typing.Sequence[typing.Sequence[int]]) -> list[api.Action]:
    """The legal actions of ``p`` (used by the state and by the view)."""
    if phase == _P_PLAY:
        return _legal_plays(game.up_and_down, hand, cols[p], all_stones[p], researchers[p])
    if phase == _P_MOVE:
        return _legal_moves(move == 2 and game.any_piece, all_stones[p], researchers[p])
    if phase == _P_DRAW:
        return [_DRAW_DECK, *(_DRAW_FROM[i] for i, pile in enumerate(piles) if pile)]
    return []


def _legal_plays(up_down: bool, hand: typing.Sequence[int], cols: _Grid, stones: typing.Sequence[int],
                 researcher: int) -> list[api.Action]:
    """The starts, advances and discards of a player holding ``hand`` (sorted)."""
    out: list[api.Action] = []
    lows = [99] * NUM_COLOURS
    highs = [-1] * NUM_COLOURS
    for c in hand:
        colour, v = COLOUR_OF[c], VALUE_OF[c]
        if v < lows[colour]:
            lows[colour] = v
        if v > highs[colour]:
            highs[colour] = v
    adventurer_free = _piece_problem(stones, researcher, Kind.ADVENTURER) is None
    previous = -1
    for c in hand:
        if c == previous:
            continue
        previous = c
        colour, v = COLOUR_OF[c], VALUE_OF[c]
        opens = v == lows[colour] or (up_down and v == highs[colour])
        if not stones[colour]:
            if opens:
                if adventurer_free:
                    out.append(_START[c][0])
                if researcher < 0:
                    out.append(_START[c][1])
        else:
            column = cols[colour]
            if (opens if not column else _can_advance(column, c, up_down)):
                out.append(_ADVANCE[c])
        out.append(_DISCARD[c])
    return out


def _legal_moves(enter: bool, stones: typing.Sequence[int], researcher: int) -> list[api.Action]:
    """The answers to a pending move: none, a piece on a path short of the lost city,
    or (``enter``: the lost city's move with any piece) a piece from the camp."""
    out: list[api.Action] = [_NO_MOVE]
    for colour, stone in enumerate(stones):
        if 0 < stone < data.LOST_CITY:
            out.append(_MOVE[colour])
    if enter:
        adventurer_free = _piece_problem(stones, researcher, Kind.ADVENTURER) is None
        for colour, stone in enumerate(stones):
            if not stone:
                if adventurer_free:
                    out.append(_ENTER[colour][0])
                if researcher < 0:
                    out.append(_ENTER[colour][1])
    return out


_MOVE_WORDS: typing.Final = {
    (Kind.ADVENTURER, None): i18n.N_("{p0:their} adventurer moves to {colour} stone {stone} ({points} points)"),
    (Kind.RESEARCHER, None): i18n.N_("{p0:their} researcher moves to {colour} stone {stone} ({points} points)"),
    (Kind.ADVENTURER, "artifact"): i18n.N_(
        "{p0:their} adventurer moves to {colour} stone {stone} ({points} points) and finds an artifact"),
    (Kind.RESEARCHER, "artifact"): i18n.N_(
        "{p0:their} researcher moves to {colour} stone {stone} ({points} points) and finds an artifact"),
    (Kind.ADVENTURER, "points"): i18n.N_(
        "{p0:their} adventurer moves to {colour} stone {stone} ({points} points) and earns {tile} victory points"),
    (Kind.RESEARCHER, "points"): i18n.N_(
        "{p0:their} researcher moves to {colour} stone {stone} ({points} points) and earns {tile} victory points"),
    (Kind.ADVENTURER, "arrow"): i18n.N_(
        "{p0:their} adventurer moves to {colour} stone {stone} ({points} points): an arrow, another step may follow"),
    (Kind.RESEARCHER, "arrow"): i18n.N_(
        "{p0:their} researcher moves to {colour} stone {stone} ({points} points): an arrow, another step may follow"),
    (Kind.ADVENTURER, "arrow_unused"): i18n.N_(
        "{p0:their} adventurer moves to {colour} stone {stone} ({points} points): an arrow, but no piece can use it"),
    (Kind.RESEARCHER, "arrow_unused"): i18n.N_(
        "{p0:their} researcher moves to {colour} stone {stone} ({points} points): an arrow, but no piece can use it"),
    (Kind.ADVENTURER, "round_end"): i18n.N_(
        "{p0:their} adventurer moves to {colour} stone {stone} ({points} points), the fifth piece across a bridge"),
    (Kind.RESEARCHER, "round_end"): i18n.N_(
        "{p0:their} researcher moves to {colour} stone {stone} ({points} points), the fifth piece across a bridge"),
}
"""A piece's move in a log line, per kind of piece and effect (a language's words for the piece may
differ in gender, so each kind is a sentence of its own)."""


def _seat(template: str, player: int) -> str:
    """A log line's template about ``{p0}`` made about seat ``player`` (``{p2}``, ``{p2:their}``)."""
    return template.replace("{p0", f"{{p{player}")


def _describe_move(moves: typing.Sequence[typing.Mapping[str, typing.Any]], player: int, *, arrow: bool) -> str:
    """The log line of ``player``'s answer to an arrow (``arrow``) or to the lost-city move."""
    if not moves:
        return _seat(i18n._("{p0} let the arrow pass.") if arrow else i18n._("{p0} let the lost-city move pass."),
                     player)
    return _seat(i18n._("{p0} used the arrow: {moves}") if arrow else i18n._("{p0} used the lost-city move: {moves}"),
                 player).replace("{moves}", _describe_moves(moves, player))


def _describe_card(card: Card, moves: typing.Sequence[typing.Mapping[str, typing.Any]], player: int, *,
                   start: bool, past: bool) -> str:
    """The log line of ``player``'s start (``start``) or advance with ``card``; ``past``: the piece of that
    path already stood on the lost city."""
    named = {"card": card.label, "colour": api.colour_word(card.colour.value)}
    if start:
        said = i18n._("{p0} started the {colour} expedition with the {card}: {moves}")
    elif past:
        said = i18n._("{p0} added the {card} to {p0:their} {colour} column; {p0:their} piece there has reached the "
                      "lost city, so another piece may move.")
    else:
        said = i18n._("{p0} added the {card} to {p0:their} {colour} column: {moves}")
    return i18n.fill(_seat(said, player), **named).replace("{moves}", _describe_moves(moves, player))


def _describe_moves(moves: typing.Sequence[typing.Mapping[str, typing.Any]], player: int) -> str:
    """Sentences telling what each move of ``player``'s pieces did (a log line's template: braces kept)."""
    parts = []
    for m in moves:
        kind = Kind(m["kind"])
        effect = m["effect"] if m["effect"] in ("artifact", "points", "arrow", "arrow_unused", "round_end") else None
        parts.append(i18n.fill(_seat(i18n._(_MOVE_WORDS[kind, effect]), player),
                               colour=api.colour_word(str(m["colour"])), stone=m["to"],
                               points=stone_points(m["to"], kind), tile=m["tile"]))
    return "; ".join(parts) + "."


_RESULT_ENTRIES: typing.Final = frozenset({"round", "starter", "last", "pieces", "artifacts", "tile_points"})
"""A result's entries in a snapshot (``tile_points`` is absent from saves written before it was recorded)."""


def _result_snapshot(result: RoundResult) -> dict[str, typing.Any]:
    return {"round": result.number, "starter": result.starter, "last": result.last,
            "pieces": [[[pc.colour.value, pc.kind.value, pc.stone] for pc in pr.pieces] for pr in result.players],
            "artifacts": [pr.artifacts for pr in result.players],
            "tile_points": [pr.tile_points for pr in result.players]}


# -- the view ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class View(api.View):
    """What ``player`` knows: everything but the other hands (their sizes and
    the cards taken from discard piles excepted), the draw pile's order and the
    removed cards (their counts excepted) and, with hidden scores, the others'
    totals (None) until the game ends."""

    game: Game
    player: int
    to_act: int
    """``current_player``: a seat, ``api.CHANCE`` or ``api.TERMINAL``."""
    phase: Phase
    round: int
    starter: int | None
    move_reason: MoveReason | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    """Per player, the cards in hand taken from discard piles (public)."""
    removed: int
    draw_pile_size: int
    discard_piles: tuple[tuple[Card, ...], ...]
    columns: tuple[tuple[tuple[Card, ...], ...], ...]
    """``columns[player][colour.index]``, bottom first."""
    stones: tuple[tuple[int, ...], ...]
    """``stones[player][colour.index]``: the stone of that piece, 0 for none."""
    researcher: tuple[int, ...]
    """Colour index of each researcher on a path, -1 in the camp."""
    tiles: tuple[Tile | None, ...]
    """Per space (``SPACES``), the tile or None; empty before the first layout."""
    found: tuple[int, ...]
    """Artifact tiles each player found this round."""
    tile_points: tuple[int, ...]
    """Victory points each player took from tiles this round (public: the tiles stay)."""
    artifact_tokens: tuple[int, ...]
    totals: tuple[int | None, ...]
    results: tuple[RoundResult, ...]
    legal: tuple[api.Action, ...]

    @property
    def current_player(self) -> int:
        return self.to_act

    @property
    def step(self) -> Step | None:
        return Step(self.phase.value) if self.phase in (Phase.PLAY, Phase.MOVE, Phase.DRAW) else None

    def legal_actions(self) -> list[api.Action]:
        return list(self.legal)

    def piece(self, player: int, colour: Colour) -> tuple[Kind, int] | None:
        return _piece(self.stones[player], self.researcher[player], colour.index)

    def breakdown(self, player: int) -> PlayerRound:
        return _player_round(self.stones[player], self.researcher[player], self.found[player],
                             self.tile_points[player])

    @property
    def bridges_crossed(self) -> int:
        return sum(1 for stones in self.stones for s in stones if s > data.BRIDGE_AFTER)

    def unseen(self) -> list[int]:
        """Card codes the viewer cannot locate (other hands' secret cards, the
        draw pile, the removed cards), as a sorted multiset."""
        if not any(self.hand_sizes) and not self.draw_pile_size and not self.removed:
            return []
        counts = {c: data.COPIES for c in range(len(CARDS))}
        seen: list[Card] = list(self.hand)
        for q, known in enumerate(self.known):
            if q != self.player:
                seen.extend(known)
        for pile in self.discard_piles:
            seen.extend(pile)
        for cols in self.columns:
            for col in cols:
                seen.extend(col)
        for card in seen:
            counts[card.index] -= 1
        return [c for c in range(len(CARDS)) for _ in range(counts[c])]

    def to_dict(self) -> dict[str, typing.Any]:
        return {
            "game": self.game.name,
            "options": self.game.options(),
            "player": self.player,
            "current_player": self.to_act,
            "phase": self.phase.value,
            "round": self.round,
            "starter": self.starter,
            "move": None if self.move_reason is None else self.move_reason.value,
            "hands": [[c.id for c in self.hand] if q == self.player else None for q in range(len(self.hand_sizes))],
            "hand_sizes": list(self.hand_sizes),
            "known": [[c.id for c in k] for k in self.known],
            "removed": self.removed,
            "draw_pile_size": self.draw_pile_size,
            "discard_piles": {_NAMES[i]: [c.id for c in pile] for i, pile in enumerate(self.discard_piles)},
            "columns": [{_NAMES[i]: [c.id for c in col] for i, col in enumerate(cols)} for cols in self.columns],
            "pieces": [_pieces_dict(stones, researcher) for stones, researcher in zip(
                self.stones, self.researcher, strict=True)],
            "bridges_crossed": self.bridges_crossed,
            "tiles": [{"colour": colour.value, "stone": stone, "tile": None if t is None else t.id}
                      for (colour, stone), t in zip(SPACES, self.tiles, strict=False)],
            "found": list(self.found),
            "artifacts": list(self.artifact_tokens),
            "totals": [None if t is None else {"points": t} for t in self.totals],
            "breakdown": [self.breakdown(p).to_dict() for p in range(len(self.stones))],
            "results": [r.to_dict() for r in self.results],
            "legal": [a.notation() for a in self.legal],
        }

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen cards are shuffled
        into the other hands, the removed cards and the draw pile; hidden totals
        are those the public round tables and tile points give."""
        game = self.game
        state = State(game)
        state._phase = _PHASES.index(self.phase)
        state._player = self.to_act if self.to_act >= 0 else -1
        state._round = self.round
        state._starter = -1 if self.starter is None else self.starter
        state._last = self.results[-1].last if self.results else -1
        state._move = _REASONS.index(self.move_reason)
        state._tiles = [_EMPTY if t is None else _TILE_CODE[t.id] for t in self.tiles]
        unseen = self.unseen()
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for q, size in enumerate(self.hand_sizes):
            if q == self.player:
                hands.append([c.index for c in self.hand])
                continue
            known = [c.index for c in self.known[q]]
            secret = size - len(known)
            hands.append(sorted(known + unseen[:secret]))
            del unseen[:secret]
        state._hands = hands
        state._known = [[c.index for c in k] for k in self.known]
        state._removed = unseen[:self.removed]
        state._deck = unseen[self.removed:]
        state._piles = [[c.index for c in pile] for pile in self.discard_piles]
        state._cols = [[[c.index for c in col] for col in cols] for cols in self.columns]
        state._stones = [list(s) for s in self.stones]
        state._researcher = list(self.researcher)
        state._crossed = self.bridges_crossed
        state._found = list(self.found)
        state._tile_points = list(self.tile_points)
        state._artifacts = list(self.artifact_tokens)
        from lostcities.board import saves  # (imported here: the saves module reads this one)

        # A hidden total is the one the public round tables and tile points give (the only one a save may hold).
        allowed = saves.totals_allowed(game, self.results, self.tile_points, self.artifact_tokens, self.phase)
        state._points = [allowed[q][0] if t is None else t for q, t in enumerate(self.totals)]
        state._results = self.results
        return state
