"""Lost Cities: Roll & Write -- the rules core.

Every player owns a :class:`Sheet`: six expeditions of nine boxes (red,
orange, yellow, green, blue, purple), a column of nine artefacts, a column of
nine dice symbols and eight bonus bridges.  The sheet's printed values (score
tables, arrow and artefact boxes) live in :mod:`lostcities.roll.data`.

A turn
------
1. Chance rolls the six dice: ``roll red green green 3 0 9`` (three colour
   dice, then three number dice; the notation lists them sorted).
2. The active player takes one colour die and one number die and writes them
   (``take red 5``), marks a double circle with a 0 (``take red 0 circle``),
   claims a complete expedition's top artefact (``take red 7 top``) or
   refuses (``refuse``, which shades a dice symbol).
3. Whenever a number lands on an arrow box the same player chooses an
   acceleration before anything else happens: ``accelerate blue`` writes
   blue's top number again in blue's next box (a 1 to start it, or claims
   blue's top artefact when blue is complete), ``accelerate none`` declines.
   Chains (the new box is an arrow too) simply ask again.
4. Then every other player, clockwise, takes one colour and one number die
   from the four left (all six when the active player refused) or refuses.
   Several players may take the same dice.  Without ``in_sequence`` these
   choices are simultaneous: they are modelled as sequential choices that the
   views hide from the other players until everybody has chosen.
5. At the end of the turn the bridges are settled and the game ends when all
   players are exhausted or every bridge has been passed.

A solo game (``players=1``) has one sheet; the player rolls every turn and
chooses from all six dice.

Driving a game from a user interface
------------------------------------
``state.current_player`` is :data:`api.CHANCE` before each roll (apply
``state.sample_chance(rng)``), the seat to act otherwise, :data:`api.TERMINAL`
at the end.  ``state.legal_actions()`` lists exactly the legal choices of that
seat: to highlight where a chosen pair may go, use ``sheet.targets(colour,
number)`` or filter the legal :class:`Take` actions.  While
``state.sheets[p].is_accelerating()`` the same seat acts again and only
:class:`Accelerate` actions are legal.  ``state.phase`` says whether the active
player (``state.active``) or the others are choosing, ``state.taken`` which
dice the active player took and ``state.pool()`` what the seat to act may take.

The active player's choice (accelerations included) is public as soon as it
is made.  In the simultaneous mode ``state.view(p)`` shows every other
player who has chosen (or is choosing) this turn with their sheet as it was
before the turn (``view.hidden`` lists them); once the last player has chosen
the turn ends and everything is public again.  Bridges are settled at the end
of the turn: a bridge passed while still open scores at once, and everybody
who has not passed it by the end of that turn has it crossed out.

Score breakdowns: ``sheet.breakdown()`` (:class:`Breakdown`: each expedition,
the artefact column, the dice column, the bridges, the total) and
``state.breakdowns()``; ``state.winners()`` lists every player tied for the
best score.  Illegal actions raise :class:`~lostcities.errors.IllegalActionError`
with a short sentence for the player, e.g. ``red already holds 7: numbers must
not decrease``; text that is no action raises ``MalformedActionError``.

Companion mode
--------------
:class:`Sheet` works on its own, without dice, for a player who plays with
real dice and uses the app as a game sheet::

    sheet = Sheet()
    sheet.targets(Colour.RED, 0)        # [Target.BOX, Target.CIRCLE]
    sheet.mark(Colour.RED, 0, Target.CIRCLE)
    sheet.mark(Colour.RED, 3)           # raises IllegalActionError when illegal
    while sheet.is_accelerating():
        sheet.accelerate(sheet.acceleration_targets()[0])   # or None
    sheet.refuse()
    sheet.mark_bridge_taken_by_others(Column.GREEN)   # after your own entry
    sheet.breakdown().total
    sheet.is_exhausted(), sheet.open_bridges()          # to tell when the game ends

``sheet.why_not(colour, number, target)`` gives the reason a pair may not go
somewhere without raising; ``Sheet.to_dict`` / ``Sheet.from_dict`` save and
validate a lone sheet.

>>> game = Game(players=2)
>>> state = game.new_state()
>>> state.apply("roll red green green 3 0 9").kind
'roll'
>>> [a.notation() for a in state.legal_actions()][:4]
['take red 0', 'take red 0 circle', 'take red 3', 'take red 9']
>>> _ = state.apply("take green 3")
>>> state.current_player, state.pool()
(1, ((Colour.RED, Colour.GREEN), (0, 9)))
>>> _ = state.apply("take red 9")
>>> state.current_player == api.CHANCE, state.scores()
(True, [-120, -120])
"""

from __future__ import annotations

import dataclasses
import enum
import random
import typing

from lostcities import api, errors, i18n
from lostcities.roll import data as roll_data

# -- domain enums ---------------------------------------------------------------


class Colour(api.DomainEnum):
    """The six expeditions and colour-die faces, left to right on the sheet
    (``index``: red 0 .. purple 5)."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"

    @property
    def symbol(self) -> str:
        """Name of the symbol this colour carries for colour-blind players."""
        return roll_data.SYMBOLS[self.value]


COLOURS: typing.Final[tuple[Colour, ...]] = tuple(Colour)
_COLOUR_BY_NAME: typing.Final[dict[str, Colour]] = {c.value: c for c in COLOURS}


class Column(api.DomainEnum):
    """The eight columns of a sheet, each with one bonus bridge: the six
    expeditions (named as their colours), then the artefacts and the dice."""

    RED = Colour.RED.value
    ORANGE = Colour.ORANGE.value
    YELLOW = Colour.YELLOW.value
    GREEN = Colour.GREEN.value
    BLUE = Colour.BLUE.value
    PURPLE = Colour.PURPLE.value
    ARTEFACTS = "artefacts"
    DICE = "dice"

    @classmethod
    def of(cls, colour: Colour) -> Column:
        """The expedition column of ``colour``."""
        return COLUMNS[colour.index]


COLUMNS: typing.Final[tuple[Column, ...]] = tuple(Column)
_ARTEFACT_BRIDGE: typing.Final = 6
_DICE_BRIDGE: typing.Final = 7


class Target(enum.Enum):
    """Where a taken pair of dice goes in the expedition of its colour."""

    BOX = "box"
    """The next box (a 0 is written as 10)."""
    CIRCLE = "circle"
    """The double circle (a 0, before the expedition starts)."""
    TOP = "top"
    """The top artefact of a complete expedition."""


class BridgeMark(enum.Enum):
    """What a sheet shows on one bonus bridge."""

    OPEN = "open"
    """Nobody has passed it yet."""
    SCORED = "scored"
    """This sheet passed it first (or in the same turn as the first): 20 points."""
    CLOSED = "closed"
    """Somebody else passed it first: crossed out."""


class Phase(enum.Enum):
    ROLL = "roll"
    """Chance rolls the dice."""
    ACTIVE = "active"
    """The active player chooses (and accelerates)."""
    OTHERS = "others"
    """The other players choose, one after the other."""
    OVER = "over"


_OPEN: typing.Final = BridgeMark.OPEN
_SCORED: typing.Final = BridgeMark.SCORED
_CLOSED: typing.Final = BridgeMark.CLOSED

_COLOUR_NAMES: typing.Final = tuple(c.value for c in COLOURS)
_COLUMN_NAMES: typing.Final = tuple(c.value for c in COLUMNS)
_MARK_NAMES: typing.Final = {m: m.value for m in BridgeMark}
"""Enum values read once (``Sheet.to_dict`` runs for every view, save and snapshot)."""
_BOXES: typing.Final = roll_data.BOXES
_EXPEDITION_SCORES: typing.Final = roll_data.EXPEDITION_SCORES
_ARTEFACT_SCORES: typing.Final = roll_data.ARTEFACT_SCORES
_DICE_SCORES: typing.Final = roll_data.DICE_SCORES


def _box_flags(table: typing.Mapping[str, tuple[int, ...]]) -> tuple[tuple[bool, ...], ...]:
    """Per expedition, a flag for box counts 0..9: does box number ``k`` carry the feature."""
    return tuple(tuple(k in table[c.value] for k in range(_BOXES + 1)) for c in COLOURS)


ARROW: typing.Final[tuple[tuple[bool, ...], ...]] = _box_flags(roll_data.ARROW_BOXES)
"""``ARROW[e][k]``: box ``k`` (1..9) of expedition ``e`` has an acceleration arrow."""
ARTEFACT: typing.Final[tuple[tuple[bool, ...], ...]] = _box_flags(roll_data.ARTEFACT_BOXES)
"""``ARTEFACT[e][k]``: box ``k`` (1..9) of expedition ``e`` has an artefact."""


def written_value(number: int) -> int:
    """The value a number die writes in a box: 0 is read as 10.

    >>> written_value(0), written_value(7)
    (10, 7)
    """
    return number or 10


# -- actions --------------------------------------------------------------------


def _colour_index(colour: Colour) -> int:
    return colour.index


def _sorted_colours(colours: typing.Iterable[Colour]) -> tuple[Colour, ...]:
    return tuple(sorted(colours, key=_colour_index))


def _is_face(number: object) -> bool:
    return type(number) is int and 0 <= number <= 9


@dataclasses.dataclass(frozen=True)
class Roll(api.ActionValue):
    """Chance outcome: three colour dice and three number dice (stored sorted).

    >>> Roll((Colour.GREEN, Colour.RED, Colour.GREEN), (9, 0, 3)).notation()
    'roll red green green 0 3 9'
    """

    colours: tuple[Colour, ...]
    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        colours, numbers = self.colours, self.numbers
        if isinstance(colours, (tuple, list)) and all(type(c) is Colour for c in colours):
            object.__setattr__(self, "colours", _sorted_colours(colours))
        if isinstance(numbers, (tuple, list)) and all(_is_face(n) for n in numbers):
            object.__setattr__(self, "numbers", tuple(sorted(numbers)))
        super().__post_init__()

    def problem(self) -> str | None:
        colours, numbers = api.field(self, "colours"), api.field(self, "numbers")
        if (type(colours) is not tuple or len(colours) != roll_data.COLOUR_DICE
                or not all(type(c) is Colour for c in colours)):
            return f"a roll needs three colour dice, not {errors.shown(colours)}"
        if (type(numbers) is not tuple or len(numbers) != roll_data.NUMBER_DICE
                or not all(_is_face(n) for n in numbers)):
            return f"a roll needs three number dice from 0 to 9, not {errors.shown(numbers)}"
        if colours != _sorted_colours(colours) or list(numbers) != sorted(numbers):
            return "a roll lists its dice sorted"
        return None

    def notation(self) -> str:
        return " ".join(["roll", *(c.value for c in self.colours), *(str(n) for n in self.numbers)])


@dataclasses.dataclass(frozen=True)
class Take(api.ActionValue):
    """Take one colour die and one number die and use them on the colour's expedition.

    >>> Take(Colour.RED, 0, Target.CIRCLE).notation(), Take(Colour.BLUE, 4).notation()
    ('take red 0 circle', 'take blue 4')
    >>> Take(Colour.RED, 4, "top")
    Traceback (most recent call last):
    ...
    lostcities.errors.MalformedActionError: 'top' is not a target (a Target)
    """

    colour: Colour
    number: int
    target: Target = Target.BOX

    def problem(self) -> str | None:
        colour, number, target = (api.field(self, name) for name in ("colour", "number", "target"))
        if type(colour) is not Colour:
            return f"{errors.shown(colour)} is not a colour (a Colour)"
        if not _is_face(number):
            return f"{errors.shown(number)} is not a number die face (0..9)"
        if type(target) is not Target:
            return f"{errors.shown(target)} is not a target (a Target)"
        return None

    def notation(self) -> str:
        text = f"take {self.colour.value} {self.number}"
        return text if self.target is Target.BOX else f"{text} {self.target.value}"


@dataclasses.dataclass(frozen=True)
class Refuse(api.ActionValue):
    """Refuse the dice: shade a dice symbol (no effect once all nine are shaded)."""

    def notation(self) -> str:
        return "refuse"


@dataclasses.dataclass(frozen=True)
class Accelerate(api.ActionValue):
    """Use a pending acceleration on an expedition, or decline it (``colour=None``).

    >>> Accelerate(Colour.BLUE).notation(), Accelerate(None).notation()
    ('accelerate blue', 'accelerate none')
    """

    colour: Colour | None

    def problem(self) -> str | None:
        colour = api.field(self, "colour")
        if colour is None or type(colour) is Colour:
            return None
        return f"{errors.shown(colour)} is not a colour (a Colour or None)"

    def notation(self) -> str:
        return f"accelerate {'none' if self.colour is None else self.colour.value}"


Action: typing.TypeAlias = Roll | Take | Refuse | Accelerate
_KNOWN: typing.Final = api.KnownActions()
REFUSE: typing.Final = _KNOWN.add(Refuse())
_TAKE_CACHE: dict[tuple[int, int, Target], Take] = {}


def _take(e: int, n: int, target: Target) -> Take:
    key = (e, n, target)
    action = _TAKE_CACHE.get(key)
    if action is None:
        action = _TAKE_CACHE[key] = _KNOWN.add(Take(COLOURS[e], n, target))
    return action


_ACCELERATE: typing.Final[tuple[Accelerate, ...]] = tuple(_KNOWN.add(Accelerate(c)) for c in COLOURS)
_ACCELERATE_NONE: typing.Final = _KNOWN.add(Accelerate(None))


def parse_action(text: str) -> Action:
    """Parse a Roll & Write action: ``Game.parse_action`` (the options do not matter).

    >>> parse_action("Take  red 0 circle")
    Take(colour=Colour.RED, number=0, target=<Target.CIRCLE: 'circle'>)
    """
    return _PARSER.parse_action(text)


_FACES: typing.Final = {str(n): n for n in roll_data.NUMBER_FACES}
"""Number die faces by their ASCII digit (``'³'`` and ``'٣'`` are no faces)."""
_TARGETS: typing.Final = {t.value: t for t in Target}


# -- the sheet ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Breakdown:
    """One sheet's score, column by column, as the sheet's top row shows it."""

    expeditions: tuple[int, ...]
    """Points of each expedition, red .. purple (doubled when the circle is marked)."""
    artefacts: int
    dice: int
    bridges: int
    """20 per bridge scored."""
    total: int

    def to_dict(self) -> dict[str, int]:
        """``{"red": .., ..., "purple": .., "artefacts": .., "dice": .., "bridges": .., "total": ..}``"""
        data = {c.value: p for c, p in zip(COLOURS, self.expeditions, strict=True)}
        data.update(artefacts=self.artefacts, dice=self.dice, bridges=self.bridges, total=self.total)
        return data


class Sheet:
    """One player's game sheet.  Also usable alone (companion mode, see the module doc).

    The public methods taking enums validate and raise
    :class:`~lostcities.errors.IllegalActionError` with a short message; the
    ``fast_*`` methods take expedition indices, skip every check and are meant
    for simulations that only play legal moves.

    >>> sheet = Sheet()
    >>> sheet.mark(Colour.BLUE, 2); sheet.mark(Colour.BLUE, 2)   # box 2: an artefact
    >>> sheet.expedition(Colour.BLUE), sheet.artefacts
    ((2, 2), 1)
    >>> sheet.can_mark(Colour.BLUE, 1)
    False
    >>> sheet.why_not(Colour.BLUE, 1)
    'blue already holds 2: numbers must not decrease'
    >>> sheet.mark(Colour.BLUE, 3)                  # box 3: an arrow
    >>> sheet.is_accelerating(), sheet.acceleration_targets()[:2]
    (True, [Colour.RED, Colour.ORANGE])
    >>> sheet.accelerate(Colour.BLUE)               # writes 3 again in box 4
    >>> sheet.expedition(Colour.BLUE), sheet.is_accelerating()
    ((2, 2, 3, 3), False)
    >>> sheet.breakdown().to_dict()["blue"], sheet.score()
    (10, -60)
    """

    __slots__ = ("accelerating", "artefacts", "boxes", "bridges", "circles", "dice", "tops")

    boxes: list[tuple[int, ...]]
    """Numbers written in each expedition (1..10), bottom first."""
    circles: list[bool]
    """Double circle marked, per expedition."""
    tops: list[bool]
    """Top artefact claimed, per expedition."""
    artefacts: int
    """Artefacts shaded (0..9)."""
    dice: int
    """Dice symbols shaded (0..9); 9 is exhausted."""
    bridges: list[BridgeMark]
    """The eight bridges, per :class:`Column`."""
    accelerating: bool
    """An acceleration is pending: the owner must choose ``accelerate``."""

    def __init__(self) -> None:
        self.boxes = [(), (), (), (), (), ()]
        self.circles = [False] * 6
        self.tops = [False] * 6
        self.artefacts = 0
        self.dice = 0
        self.bridges = [_OPEN] * 8
        self.accelerating = False

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        other.boxes = self.boxes[:]
        other.circles = self.circles[:]
        other.tops = self.tops[:]
        other.artefacts = self.artefacts
        other.dice = self.dice
        other.bridges = self.bridges[:]
        other.accelerating = self.accelerating
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in Sheet.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<roll.Sheet {self.to_dict()}>"

    # -- questions -------------------------------------------------------
    def expedition(self, colour: Colour) -> tuple[int, ...]:
        """The numbers written in ``colour``'s expedition, bottom first."""
        return self.boxes[colour.index]

    def is_started(self, colour: Colour) -> bool:
        return bool(self.boxes[colour.index])

    def is_complete(self, colour: Colour) -> bool:
        """All nine boxes are filled."""
        return len(self.boxes[colour.index]) == _BOXES

    def is_circled(self, colour: Colour) -> bool:
        return self.circles[colour.index]

    def is_circle_crossed(self, colour: Colour) -> bool:
        """The expedition started without its circle: the circle is lost."""
        e = colour.index
        return bool(self.boxes[e]) and not self.circles[e]

    def has_top_artefact(self, colour: Colour) -> bool:
        return self.tops[colour.index]

    def is_exhausted(self) -> bool:
        """All nine dice symbols are shaded."""
        return self.dice >= roll_data.DICE_SYMBOLS

    def is_accelerating(self) -> bool:
        """An acceleration is pending (see :meth:`accelerate`)."""
        return self.accelerating

    def has_passed(self, column: Column) -> bool:
        """This sheet has filled the seventh box (or mark) of ``column``."""
        i = column.index
        if i == _ARTEFACT_BRIDGE:
            count = self.artefacts
        elif i == _DICE_BRIDGE:
            count = self.dice
        else:
            count = len(self.boxes[i])
        return count >= roll_data.BRIDGE_BOX

    def bridge(self, column: Column) -> BridgeMark:
        return self.bridges[column.index]

    def open_bridges(self) -> list[Column]:
        """Bridges nobody has passed yet (as far as this sheet knows)."""
        return [COLUMNS[i] for i, mark in enumerate(self.bridges) if mark is _OPEN]

    # -- marking -----------------------------------------------------------
    def targets(self, colour: Colour, number: int) -> list[Target]:
        """Where the pair (``colour``, ``number``) may go: empty when nowhere.

        >>> Sheet().targets(Colour.RED, 0)
        [<Target.BOX: 'box'>, <Target.CIRCLE: 'circle'>]
        """
        if self.accelerating or not _is_face(number):
            return []
        return self._targets(colour.index, number)

    def _targets(self, e: int, n: int) -> list[Target]:
        b = self.boxes[e]
        k = len(b)
        if k == 0:
            if n == 0 and not self.circles[e]:
                return [Target.BOX, Target.CIRCLE]
            return [Target.BOX]
        if (n or 10) < b[-1]:
            return []
        if k == _BOXES:
            return [] if self.tops[e] else [Target.TOP]
        return [Target.BOX]

    def why_not(self, colour: Colour, number: int, target: Target = Target.BOX) -> str | None:
        """Why the pair may not go to ``target`` (a short sentence), or None when it may."""
        if self.accelerating:
            return i18n._("choose your acceleration first")
        if not _is_face(number):
            return i18n._("{number} is not a number die face (0..9)").format(number=repr(number))
        e = colour.index
        name = api.colour_word(colour.value)
        b = self.boxes[e]
        k = len(b)
        value = number or 10
        if target is Target.CIRCLE:
            if number != 0:
                return i18n._("only a 0 can mark a double circle")
            if self.circles[e]:
                return i18n._("{colour}'s circle is already marked").format(colour=name)
            if k:
                return i18n._("{colour} has started: its circle can no longer be marked").format(colour=name)
            return None
        if target is Target.TOP:
            if k < _BOXES:
                return i18n._("{colour} is not complete: its top artefact is out of reach").format(colour=name)
            if self.tops[e]:
                return i18n._("{colour}'s top artefact is already claimed").format(colour=name)
            if value < b[-1]:
                return i18n._("{colour}'s top artefact needs at least {number}").format(colour=name, number=b[-1])
            return None
        if k == _BOXES:
            return i18n._("{colour} is complete: use the pair on its top artefact").format(colour=name)
        if k and value < b[-1]:
            return i18n._("{colour} already holds {number}: numbers must not decrease").format(colour=name,
                                                                                              number=b[-1])
        return None

    def can_mark(self, colour: Colour, number: int, target: Target = Target.BOX) -> bool:
        return self.why_not(colour, number, target) is None

    def check_mark(self, colour: Colour, number: int, target: Target = Target.BOX) -> None:
        """Raise ``IllegalActionError`` unless the pair may go to ``target``."""
        reason = self.why_not(colour, number, target)
        if reason is not None:
            raise errors.IllegalActionError(reason)

    def mark(self, colour: Colour, number: int, target: Target = Target.BOX) -> None:
        """Use the pair (``colour``, die face ``number``) on ``target``; may start an acceleration."""
        self.check_mark(colour, number, target)
        self.fast_mark(colour.index, number, target)

    def refuse(self) -> None:
        """Refuse the dice: shade the next dice symbol (nothing once exhausted)."""
        if self.accelerating:
            raise errors.IllegalActionError(i18n._("choose your acceleration first"))
        self.fast_refuse()

    def acceleration_targets(self) -> list[Colour]:
        """Expeditions a pending acceleration may go to (``accelerate(None)`` is always allowed)."""
        if not self.accelerating:
            return []
        return [COLOURS[e] for e in self.fast_acceleration_targets()]

    def why_not_accelerate(self, colour: Colour | None) -> str | None:
        if not self.accelerating:
            return i18n._("there is no acceleration to use")
        if colour is None:
            return None
        e = colour.index
        if len(self.boxes[e]) == _BOXES and self.tops[e]:
            return i18n._("{colour} is complete and its top artefact is claimed").format(
                colour=api.colour_word(colour.value))
        return None

    def accelerate(self, colour: Colour | None) -> None:
        """Use the pending acceleration on ``colour`` (None declines it)."""
        reason = self.why_not_accelerate(colour)
        if reason is not None:
            raise errors.IllegalActionError(reason)
        if colour is None:
            self.accelerating = False
        else:
            self.fast_accelerate(colour.index)

    def mark_bridge_taken_by_others(self, column: Column) -> None:
        """Companion mode: another player passed ``column``'s bridge first: cross it out.

        Enter your own choice of the turn first: a bridge you passed in the same
        turn stays scored.  Does nothing unless the bridge is still open."""
        i = column.index
        if self.bridges[i] is _OPEN:
            self.bridges[i] = _CLOSED

    # -- fast, unchecked -----------------------------------------------------
    def fast_mark(self, e: int, n: int, target: Target) -> None:
        if target is Target.BOX:
            self.fast_write(e, n or 10)
        elif target is Target.CIRCLE:
            self.circles[e] = True
        else:
            self.tops[e] = True
            self.fast_artefact()

    def fast_write(self, e: int, value: int) -> None:
        b = self.boxes[e] + (value,)
        self.boxes[e] = b
        k = len(b)
        if ARTEFACT[e][k]:
            self.fast_artefact()
        if k == 7 and self.bridges[e] is _OPEN:
            self.bridges[e] = _SCORED
        if ARROW[e][k]:
            boxes, tops = self.boxes, self.tops
            self.accelerating = any(len(boxes[i]) < _BOXES or not tops[i] for i in range(6))

    def fast_artefact(self) -> None:
        if self.artefacts < roll_data.ARTEFACTS:
            self.artefacts += 1
            if self.artefacts == 7 and self.bridges[_ARTEFACT_BRIDGE] is _OPEN:
                self.bridges[_ARTEFACT_BRIDGE] = _SCORED

    def fast_refuse(self) -> None:
        if self.dice < roll_data.DICE_SYMBOLS:
            self.dice += 1
            if self.dice == 7 and self.bridges[_DICE_BRIDGE] is _OPEN:
                self.bridges[_DICE_BRIDGE] = _SCORED

    def fast_acceleration_targets(self) -> list[int]:
        boxes, tops = self.boxes, self.tops
        return [e for e in range(6) if len(boxes[e]) < _BOXES or not tops[e]]

    def fast_accelerate(self, e: int) -> None:
        """Accelerate expedition ``e`` (assumed legal; -1 declines)."""
        self.accelerating = False
        if e < 0:
            return
        b = self.boxes[e]
        if len(b) == _BOXES:
            self.tops[e] = True
            self.fast_artefact()
        else:
            self.fast_write(e, b[-1] if b else 1)

    # -- scoring ---------------------------------------------------------
    def expedition_score(self, e: int) -> int:
        k = len(self.boxes[e])
        if self.circles[e]:
            return 2 * (_EXPEDITION_SCORES[k] if k else roll_data.CIRCLE_ONLY_SCORE)
        return _EXPEDITION_SCORES[k]

    def score(self) -> int:
        boxes, circles = self.boxes, self.circles
        total = _ARTEFACT_SCORES[self.artefacts] + _DICE_SCORES[self.dice]
        for e in range(6):
            k = len(boxes[e])
            if circles[e]:
                total += 2 * (_EXPEDITION_SCORES[k] if k else roll_data.CIRCLE_ONLY_SCORE)
            else:
                total += _EXPEDITION_SCORES[k]
        for mark in self.bridges:
            if mark is _SCORED:
                total += roll_data.BRIDGE_BONUS
        return total

    def breakdown(self) -> Breakdown:
        expeditions = tuple(self.expedition_score(e) for e in range(6))
        artefacts = _ARTEFACT_SCORES[self.artefacts]
        dice = _DICE_SCORES[self.dice]
        bridges = roll_data.BRIDGE_BONUS * sum(1 for m in self.bridges if m is _SCORED)
        return Breakdown(expeditions, artefacts, dice, bridges,
                         sum(expeditions) + artefacts + dice + bridges)

    # -- serialisation -----------------------------------------------------
    def to_dict(self) -> dict[str, typing.Any]:
        """JSON-safe form::

            {"expeditions": {"red": {"numbers": [..], "circle": bool, "top": bool}, ...},
             "artefacts": int, "dice": int, "bridges": {"red": "open", ...}, "accelerating": bool}
        """
        return {
            "expeditions": {
                name: {"numbers": list(self.boxes[e]), "circle": self.circles[e], "top": self.tops[e]}
                for e, name in enumerate(_COLOUR_NAMES)
            },
            "artefacts": self.artefacts,
            "dice": self.dice,
            "bridges": {name: _MARK_NAMES[self.bridges[i]] for i, name in enumerate(_COLUMN_NAMES)},
            "accelerating": self.accelerating,
        }

    @classmethod
    def from_dict(cls, data: typing.Any) -> Sheet:
        """Rebuild and validate a sheet; raises ``InvalidStateError``.

        >>> Sheet.from_dict(Sheet().to_dict()) == Sheet()
        True
        """
        from lostcities.roll import saves  # (imported here: the saves module reads this one)

        return saves.read_sheet(data)

    def _covers(self, earlier: Sheet) -> bool:
        """This sheet could follow ``earlier`` (marks only ever get added)."""
        for e in range(6):
            b, a = self.boxes[e], earlier.boxes[e]
            if b[: len(a)] != a or (earlier.circles[e] and not self.circles[e]):
                return False
            if earlier.tops[e] and not self.tops[e]:
                return False
        if self.artefacts < earlier.artefacts or self.dice < earlier.dice:
            return False
        return all(x is y or y is _OPEN for x, y in zip(self.bridges, earlier.bridges, strict=True))


def breakdown(sheet: Sheet) -> Breakdown:
    """Score breakdown of one sheet (same as ``sheet.breakdown()``)."""
    return sheet.breakdown()


# -- the game -------------------------------------------------------------------


@api.register
@dataclasses.dataclass(frozen=True)
class Game(api.Game):
    """Options of a Roll & Write game.

    >>> Game.from_options({"players": 3, "in_sequence": True})
    Game(players=3, in_sequence=True)
    """

    name: typing.ClassVar[str] = "roll"
    title: typing.ClassVar[str] = i18n.N_("Lost Cities: Roll & Write")
    description: typing.ClassVar[str] = i18n.N_(
        "Roll six dice, pick a colour and a number and push your expeditions upward: "
        "numbers never decrease, arrows accelerate, artefacts and bridges pay off. 1-5 players."
    )

    min_players: typing.ClassVar[int] = 1
    max_players: typing.ClassVar[int] = 5
    option_schema: typing.ClassVar[tuple[api.Option, ...]] = (
        api.Option("in_sequence", "Choosing", api.OptionKind.BOOL, False,
                   help="Off: the other players choose at the same time, hidden until all have chosen. "
                        "On: they choose one after another, seeing the earlier choices."),
    )
    bot_levels: typing.ClassVar[tuple[str, ...]] = ("easy", "hard")
    action_types: typing.ClassVar[tuple[type[api.ActionValue], ...]] = (Roll, Take, Refuse, Accelerate)
    known_actions: typing.ClassVar[api.KnownActions] = _KNOWN
    option_ranges: typing.ClassVar[dict[str, tuple[int, int]]] = {"players": (1, 5)}

    players: int = 2
    """1 (solo) to 5."""
    in_sequence: bool = False
    """False: the other players choose simultaneously (hidden until all have chosen);
    True: they choose clockwise, each seeing the earlier choices."""

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= 5:
            raise errors.InvalidOptionError(f"players must be 1 to 5, not {self.players!r}")
        if type(self.in_sequence) is not bool:
            raise errors.InvalidOptionError(f"in_sequence must be true or false, not {self.in_sequence!r}")

    @property
    def num_players(self) -> int:
        return self.players

    def new_state(self) -> State:
        return State(self)

    def new_game(self, rng: random.Random) -> State:
        return typing.cast(State, super().new_game(rng))

    def parse_action(self, text: str) -> Action:
        """Parse a Roll & Write action from its notation (case and spacing are free).

        >>> game = Game()
        >>> game.parse_action("accelerate none").notation()
        'accelerate none'
        >>> game.parse_action("take red ³")
        Traceback (most recent call last):
        ...
        lostcities.errors.MalformedActionError: 'take red ³': '³' is not a number die face (0..9)
        """
        if not isinstance(text, str):
            raise errors.MalformedActionError(f"an action is text, not {type(text).__name__}")
        words = text.lower().split()

        def bad(why: str) -> errors.MalformedActionError:
            return errors.MalformedActionError(f"{errors.shown(text.strip())}: {why}")

        def colour(word: str) -> Colour:
            found = _COLOUR_BY_NAME.get(word)
            if found is None:
                raise bad(f"{errors.shown(word)} is not a colour")
            return found

        def number(word: str) -> int:
            face = _FACES.get(word)
            if face is None:
                raise bad(f"{errors.shown(word)} is not a number die face (0..9)")
            return face

        if not words:
            raise errors.MalformedActionError("empty action; expected roll, take, refuse or accelerate")
        verb, args = words[0], words[1:]
        if verb == "refuse" and not args:
            return REFUSE
        if verb == "take" and len(args) in (2, 3):
            target = _TARGETS.get(args[2]) if len(args) == 3 else Target.BOX
            if target is None:
                raise bad(f"{errors.shown(args[2])} is not a target (box, circle or top)")
            return _take(colour(args[0]).index, number(args[1]), target)
        if verb == "accelerate" and len(args) == 1:
            return _ACCELERATE_NONE if args[0] == "none" else _ACCELERATE[colour(args[0]).index]
        if verb == "roll" and len(args) == 6:
            return Roll(tuple(colour(w) for w in args[:3]), tuple(number(w) for w in args[3:]))
        raise bad("expected 'roll C C C N N N', 'take COLOUR N [circle|top]', 'refuse' or "
                  "'accelerate COLOUR|none'")

    def options(self) -> dict[str, typing.Any]:
        return {"players": self.players, "in_sequence": self.in_sequence}

    @classmethod
    def from_options(cls, options: typing.Mapping[str, typing.Any]) -> Game:
        """The game of these options: ``in_sequence`` through the schema and
        ``players``, the seat count (1..5) that a session passes.

        >>> Game.from_options({"players": 6})
        Traceback (most recent call last):
        ...
        lostcities.errors.InvalidOptionError: option 'players' must be an integer from 1 to 5, not 6
        """
        return cls(**cls.read_options(options))  # type: ignore[arg-type]

    @classmethod
    def variants(cls) -> list[api.Game]:
        return [cls(players=1), cls(players=2), cls(players=3), cls(players=5),
                cls(players=2, in_sequence=True), cls(players=3, in_sequence=True)]

    def state_from_snapshot(self, snapshot: typing.Mapping[str, typing.Any]) -> State:
        from lostcities.roll import saves  # (imported here: the saves module reads this one)

        return saves.read(self, snapshot)

    def tutorial_position(self, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> State:
        """A position between two turns built from a partial description (for
        tutorials): :func:`lostcities.roll.positions.tutorial_position`."""
        from lostcities.roll import positions  # (imported here: the positions module reads this one)

        return positions.tutorial_position(self, partial, rng)


_PARSER: typing.Final = Game()


class State(api.State):
    """A Roll & Write position.

    Read-only properties: ``sheets`` (one :class:`Sheet` per player),
    ``turn`` (0-based; player ``turn % players`` is active), ``phase``
    (:class:`Phase`), ``roll`` (the current :class:`Roll` or None), ``taken``
    (the active player's (colour, number) this turn, or None), ``actor``,
    ``pool_colours``, ``pool_numbers`` and ``before``.  The ``fast_*`` methods
    are the unchecked steps of the AI's play-outs (on disposable copies).
    """

    game: Game

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._sheets: list[Sheet] = [Sheet() for _ in range(game.players)]
        self._turn = 0
        self._phase = Phase.ROLL
        self._actor = 0
        self._roll: Roll | None = None
        self._taken: tuple[Colour, int] | None = None
        self._pool_colours: tuple[int, ...] = ()
        self._pool_numbers: tuple[int, ...] = ()
        self._before: list[Sheet | None] = [None] * game.players
        """Each player's sheet as it was before their choice this turn (None before they act)."""

    # -- basic queries -------------------------------------------------------
    @property
    def sheets(self) -> tuple[Sheet, ...]:
        """One sheet per player, in seat order."""
        return tuple(self._sheets)

    @property
    def turn(self) -> int:
        """The turn, from 0: player ``turn % players`` rolls."""
        return self._turn

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def actor(self) -> int:
        """The player choosing now (while the phase is ``ACTIVE`` or ``OTHERS``)."""
        return self._actor

    @property
    def roll(self) -> Roll | None:
        """This turn's dice, or None before the roll."""
        return self._roll

    @property
    def taken(self) -> tuple[Colour, int] | None:
        """The active player's (colour, number) this turn, or None."""
        return self._taken

    @property
    def pool_colours(self) -> tuple[int, ...]:
        """Colour indices of the dice the player to act may take from."""
        return self._pool_colours

    @property
    def pool_numbers(self) -> tuple[int, ...]:
        """Faces of the number dice the player to act may take from."""
        return self._pool_numbers

    @property
    def before(self) -> tuple[Sheet | None, ...]:
        """Each player's sheet as it was before their choice this turn (None before they act)."""
        return tuple(self._before)

    @property
    def active(self) -> int:
        """The player who rolls this turn."""
        return self._turn % self.game.players

    @property
    def current_player(self) -> int:
        phase = self._phase
        if phase is Phase.ROLL:
            return api.CHANCE
        if phase is Phase.OVER:
            return api.TERMINAL
        return self._actor

    def pool(self) -> tuple[tuple[Colour, ...], tuple[int, ...]]:
        """The dice the player to act may take from (colours, numbers)."""
        return tuple(COLOURS[c] for c in self._pool_colours), self._pool_numbers

    def is_pending(self, player: int) -> bool:
        """``player`` chose (or is choosing) this turn as one of the simultaneous
        others, so ``view(q)`` of every other player ``q`` hides that choice."""
        if self.game.in_sequence or self._phase is not Phase.OTHERS or player == self.active:
            return False
        n = self.game.players
        return 0 < (player - self.active) % n <= (self._actor - self.active) % n

    def breakdowns(self) -> list[Breakdown]:
        return [s.breakdown() for s in self._sheets]

    def scores(self) -> list[int]:
        return [s.score() for s in self._sheets]

    def end_reason(self) -> str | None:
        """Why the game ended: ``exhausted`` (every sheet has all nine dice symbols
        shaded) or ``bridges`` (every bridge has been passed); None while it goes on."""
        if self._phase is not Phase.OVER:
            return None
        return "exhausted" if all(s.is_exhausted() for s in self._sheets) else "bridges"

    def winners(self) -> list[int]:
        """Players with the highest score (all of them win a tie)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    # -- rules ---------------------------------------------------------------
    def _legal_actions(self) -> list[api.Action]:
        sheet = self._sheets[self._actor]
        if sheet.accelerating:
            actions: list[api.Action] = [_ACCELERATE[e] for e in sheet.fast_acceleration_targets()]
            actions.append(_ACCELERATE_NONE)
            return actions
        actions = []
        numbers = sorted(set(self._pool_numbers))
        for e in sorted(set(self._pool_colours)):
            for n in numbers:
                for target in sheet._targets(e, n):
                    actions.append(_take(e, n, target))
        actions.append(REFUSE)
        return actions

    def _check(self, action: api.Action) -> None:
        if not isinstance(action, (Roll, Take, Refuse, Accelerate)):
            raise errors.MalformedActionError(f"{action!r} is not a Roll & Write action")
        if self._phase is Phase.ROLL:
            if not isinstance(action, Roll):
                raise errors.IllegalActionError(i18n._("the dice must be rolled first"))
            return
        if isinstance(action, Roll):
            raise errors.IllegalActionError(i18n._("the dice are already rolled"))
        sheet = self._sheets[self._actor]
        if isinstance(action, Accelerate):
            reason = sheet.why_not_accelerate(action.colour)
            if reason is not None:
                raise errors.IllegalActionError(reason)
            return
        if sheet.accelerating:
            raise errors.IllegalActionError(i18n._("choose your acceleration first"))
        if isinstance(action, Refuse):
            return
        if action.colour.index not in self._pool_colours:
            raise errors.IllegalActionError(i18n._("no {colour} die is available").format(
                colour=api.colour_word(action.colour.value)))
        if action.number not in self._pool_numbers:
            raise errors.IllegalActionError(i18n._("no {number} die is available").format(number=action.number))
        sheet.check_mark(action.colour, action.number, action.target)

    def _do(self, action: api.Action) -> None:
        if isinstance(action, Roll):
            self.fast_roll(tuple(c.index for c in action.colours), action.numbers, action)
            return
        actor = self._actor
        sheet = self._sheets[actor]
        if self._before[actor] is None:
            self._before[actor] = sheet.copy()
        if isinstance(action, Take):
            e = action.colour.index
            sheet.fast_mark(e, action.number, action.target)
            if self._phase is Phase.ACTIVE:
                self._taken = (action.colour, action.number)
        elif isinstance(action, Accelerate):
            sheet.fast_accelerate(-1 if action.colour is None else action.colour.index)
        else:
            sheet.fast_refuse()
        if not sheet.accelerating:
            self.fast_next()

    def _apply(self, action: api.Action) -> api.Event:
        """Perform a checked action and describe it for the log.

        ``kind`` is ``roll``, ``take``, ``refuse``, ``accelerate`` or, for a
        simultaneous choice still hidden from the others, ``choose``.
        ``details`` (public, JSON-safe):

        * ``roll`` (``player`` is ``api.CHANCE``): ``turn`` (1-based), ``active``
          (who rolled), ``colours`` and ``numbers`` (the dice, sorted);
        * ``take``: ``colour``, ``number`` (the die), ``target`` (``box``,
          ``circle`` or ``top``), ``box`` (1..9, the box written, or None),
          ``value`` (the number written, a 0 is written as 10, or None),
          ``circle`` and ``top`` (bools: the double circle marked, the top
          artefact claimed), ``artefacts`` (artefacts shaded by it, 0 or 1),
          ``arrow`` (bool: an acceleration is asked for next), ``bridges``
          (columns whose bridge this sheet reached);
        * ``accelerate``: ``colour`` (None when declined) and ``box``,
          ``value``, ``top``, ``artefacts``, ``arrow`` (the chain continues),
          ``bridges`` as for ``take``;
        * ``refuse``: ``dice`` (dice symbols now shaded), ``shaded`` (False
          once all nine were shaded already), ``exhausted``, ``bridges``.

        The action that ends the turn also carries ``turn_end``: ``turn`` and
        ``bridges`` (``[{"column": ..., "players": [...]}]``, the bridges
        passed this turn and by whom; every other sheet has them crossed out)
        and, when the game ends, ``game_over``: ``scores``, ``winners`` and
        ``reason`` (``bridges`` or ``exhausted``).

        Simultaneous choices (``is_pending``): until the last player has
        chosen, an event of the other players' choices is ``kind="choose"``
        with ``action=""``, the text ``"{pN} made a choice."`` and no details;
        its ``secret`` (the actor's only, see ``Event.for_viewer``) holds the
        real ``action``, ``kind``, ``text`` and ``details``.  The choice that
        ends the turn reveals them all: ``details["revealed"]`` lists
        ``{"player", "actions", "text"}`` for each of those players, in
        order, and the text tells every choice.

        >>> state = Game(players=2).new_state()
        >>> state.apply("roll red green green 3 0 9").text
        'Turn 1: {p0} rolled red, green and green with 0, 3 and 9.'
        >>> event = state.apply("take green 3")
        >>> event.text
        '{p0} took green and 3 and wrote 3 in box 1 of the green expedition.'
        >>> event.details["box"], event.details["arrow"]
        (1, False)
        >>> event = state.apply("take red 9")
        >>> event.text
        'Everybody has chosen. {p1} took red and 9 and wrote 9 in box 1 of the red expedition.'
        >>> [(r["player"], r["actions"]) for r in event.details["revealed"]]
        [(1, ['take red 9'])]
        """
        if type(action) is Roll:
            self._do(action)
            # the text is written when read (most events of a replay, a test or a search never are)
            return api.Event.lazy(api.CHANCE, "roll", _roll_body, (action, self.active, self._turn))
        actor = self._actor
        hidden = self.is_pending(actor)
        turn = self._turn
        started = self._before
        old = self._sheets[actor].copy()
        self._do(action)
        args: tuple[typing.Any, ...] = (action, old, self._sheets[actor].copy(), actor)
        if self._phase is not Phase.ROLL and self._phase is not Phase.OVER:
            if hidden:
                return api.Event.lazy(actor, "choose", _hidden_choice_body, args)
            return api.Event.lazy(actor, _CHOICE_KIND[type(action)], _choice_body, args)
        # The choice that ends the turn: what its text needs is taken now, the text written when read.
        n = self.game.players
        turn_actions = self._turn_actions(action) if hidden else ()
        passed = [(i, [p for p in range(n) if self._sheets[p].bridges[i] is _SCORED
                       and (started[p] or self._sheets[p]).bridges[i] is _OPEN]) for i in range(len(COLUMNS))]
        ending = None
        if self._phase is Phase.OVER:
            ending = (self.scores(), self.winners(), self.end_reason())
        return api.Event.lazy(actor, _CHOICE_KIND[type(action)], _turn_end_body,
                              (*args, n, turn, started, turn_actions, passed, ending))

    def _turn_actions(self, action: api.Action) -> tuple[api.Action, ...]:
        """The choices of the turn that ``action`` (just applied) ends, in order."""
        turn_actions: list[api.Action] = [action]
        for earlier in reversed(self._history):
            if type(earlier) is Roll:
                break
            turn_actions.append(earlier)
        turn_actions.reverse()
        return tuple(turn_actions)

    # -- fast, unchecked steps (also used by the AI's simulations) -------------
    def fast_roll(self, colours: tuple[int, ...], numbers: tuple[int, ...], roll: Roll | None = None) -> None:
        """Start the turn with these dice (colour indices and faces); ``roll``: the same dice as a
        checked :class:`Roll`, kept as it is (not built and checked again)."""
        self._roll = Roll(tuple(COLOURS[c] for c in colours), numbers) if roll is None else roll
        self._pool_colours = tuple(colours)
        self._pool_numbers = tuple(numbers)
        self._phase = Phase.ACTIVE
        self._actor = self.active

    def fast_choose(self, option: tuple[int, int, Target] | None) -> None:
        """The actor takes (expedition index, die face, target) or refuses (None),
        unchecked; then resolve any acceleration on the sheet (``fast_accelerate``)
        and call :meth:`fast_next`.  ``before`` is not kept: for play-outs."""
        sheet = self._sheets[self._actor]
        if option is None:
            sheet.fast_refuse()
            return
        sheet.fast_mark(*option)
        if self._phase is Phase.ACTIVE:
            self._taken = (COLOURS[option[0]], option[1])

    def fast_next(self) -> None:
        """The player to act has finished their choice: move on."""
        n = self.game.players
        if self._phase is Phase.ACTIVE:
            if self._taken is not None:
                colours, numbers = list(self._pool_colours), list(self._pool_numbers)
                colours.remove(self._taken[0].index)
                numbers.remove(self._taken[1])
                self._pool_colours, self._pool_numbers = tuple(colours), tuple(numbers)
            self._phase = Phase.OTHERS
        nxt = (self._actor + 1) % n
        if nxt == self.active:
            self._end_turn()
        else:
            self._actor = nxt

    def _end_turn(self) -> None:
        sheets = self._sheets
        over = True
        for i in range(8):
            if any(s.bridges[i] is _SCORED for s in sheets):
                for s in sheets:
                    if s.bridges[i] is _OPEN:
                        s.bridges[i] = _CLOSED
            else:
                over = False
        if over or all(s.dice >= roll_data.DICE_SYMBOLS for s in sheets):
            self._phase = Phase.OVER
        else:
            self._phase = Phase.ROLL
            self._turn += 1
        self._actor = self.active
        self._roll = None
        self._taken = None
        self._pool_colours = self._pool_numbers = ()
        self._before = [None] * self.game.players

    def sample_chance(self, rng: random.Random) -> Roll:
        randrange = rng.randrange
        return self._sampled(Roll((COLOURS[randrange(6)], COLOURS[randrange(6)], COLOURS[randrange(6)]),
                                  (randrange(10), randrange(10), randrange(10))))

    # -- copies, views and saves ------------------------------------------------
    def clone(self) -> State:
        other = self._shallow_copy()
        other._sheets = [s.copy() for s in self._sheets]
        other._before = [None if s is None else s.copy() for s in self._before]
        return other

    def view(self, player: int) -> View:
        if type(player) is not int or not 0 <= player < self.game.players:
            raise errors.IllegalActionError(f"there is no player {errors.shown(player)}")
        return View.of(self, player)

    def snapshot(self) -> dict[str, typing.Any]:
        return {
            "turn": self._turn,
            "phase": self._phase.value,
            "actor": self._actor,
            "roll": None if self._roll is None else {
                "colours": [c.value for c in self._roll.colours], "numbers": list(self._roll.numbers)},
            "taken": None if self._taken is None else [self._taken[0].value, self._taken[1]],
            "sheets": [s.to_dict() for s in self._sheets],
            "before": [None if s is None else s.to_dict() for s in self._before],
        }

    def can_undo(self, action: api.Action) -> bool:
        """A choice (take, refuse, accelerate) may be taken back while it reveals
        nothing: the dice stay as rolled (a roll is never undone).  Not the
        simultaneous choice that ends a turn while the other players' choices
        are still hidden: it shows them.

        >>> state = Game(players=1).new_state()
        >>> _ = state.apply("roll red green green 3 0 9")
        >>> state.can_undo(parse_action("take green 3")), state.can_undo(REFUSE)
        (True, True)
        """
        if type(action) is Roll:
            return False
        return not any(self.is_pending(p) for p in range(self.game.players) if p != self._actor)

    def hidden_tokens(self, player: int) -> set[str]:
        """The choices made this turn that ``player`` may not see yet: for each
        other player whose simultaneous choice is hidden (``is_pending``) and
        has changed their sheet, that sheet and its score breakdown as item
        ``q`` of a list (``api.item_token``): the view shows the sheet as it
        was before the choice instead.  The dice of the next roll are not
        secret: they do not exist before chance rolls them.

        >>> state = Game(players=3).new_state()
        >>> state.apply("roll red green green 3 0 9").kind, state.apply("take green 3").kind
        ('roll', 'take')
        >>> state.hidden_tokens(1)
        set()
        >>> state.apply("take red 9").kind
        'choose'
        >>> len(state.hidden_tokens(0)), len(state.hidden_tokens(2)), state.hidden_tokens(1)
        (2, 2, set())
        """
        tokens: set[str] = set()
        for other in range(self.game.players):
            earlier = self._before[other]
            if other == player or earlier is None or not self.is_pending(other):
                continue
            sheet = self._sheets[other]
            if sheet != earlier:
                tokens.add(api.item_token(other, sheet.to_dict()))
                scores = sheet.breakdown().to_dict()
                if scores != earlier.breakdown().to_dict():
                    tokens.add(api.item_token(other, scores))
        return tokens


@dataclasses.dataclass(frozen=True, eq=False)
class View(api.View):
    """What one player may know: everything but the simultaneous choices other
    players have made this turn, whose sheets are shown as before that choice.

    Built by ``state.view(player)``; the sheets are copies (changing them
    changes neither the state nor the view's equality with a fresh view).
    """

    game: Game
    player: int
    to_act: int
    """The player to act, ``api.CHANCE`` or ``api.TERMINAL`` (also ``current_player``)."""
    turn: int
    phase: Phase
    actor: int
    roll: Roll | None
    taken: tuple[Colour, int] | None
    pool_colours: tuple[int, ...]
    pool_numbers: tuple[int, ...]
    hidden: tuple[int, ...]
    """Players whose choice this turn is hidden from the viewer."""
    sheets: tuple[Sheet, ...]
    """Every sheet as the viewer may see it (a hidden player's as before their choice)."""
    before: tuple[Sheet | None, ...]
    """Earlier sheets (before this turn's choice) of the players whose choice the viewer saw."""
    legal: tuple[api.Action, ...]
    """The viewer's legal actions when it is their turn, else empty."""

    @classmethod
    def of(cls, state: State, player: int) -> View:
        """``player``'s view of ``state`` (what ``state.view(player)`` returns)."""
        hidden = tuple(p for p in range(state.game.players) if p != player and state.is_pending(p))
        sheets: list[Sheet] = []
        before: list[Sheet | None] = []
        for p, sheet in enumerate(state.sheets):
            earlier = state.before[p]
            if p in hidden:
                sheets.append((sheet if earlier is None else earlier).copy())
                before.append(None)
            else:
                sheets.append(sheet.copy())
                before.append(None if earlier is None else earlier.copy())
        legal = tuple(state.legal_actions()) if player == state.current_player else ()
        return cls(state.game, player, state.current_player, state.turn, state.phase, state.actor, state.roll,
                   state.taken, state.pool_colours, state.pool_numbers, hidden, tuple(sheets), tuple(before), legal)

    @property
    def current_player(self) -> int:
        return self.to_act

    @property
    def active(self) -> int:
        return self.turn % self.game.players

    def legal_actions(self) -> list[api.Action]:
        return list(self.legal)

    def pool(self) -> tuple[tuple[Colour, ...], tuple[int, ...]]:
        return tuple(COLOURS[c] for c in self.pool_colours), self.pool_numbers

    def breakdowns(self) -> list[Breakdown]:
        return [s.breakdown() for s in self.sheets]

    def to_dict(self) -> dict[str, typing.Any]:
        return {
            "game": self.game.name,
            "options": self.game.options(),
            "player": self.player,
            "current_player": self.to_act,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase.value,
            "roll": None if self.roll is None else {
                "colours": [c.value for c in self.roll.colours], "numbers": list(self.roll.numbers)},
            "taken": None if self.taken is None else [self.taken[0].value, self.taken[1]],
            "pool": {"colours": [COLOURS[c].value for c in self.pool_colours],
                     "numbers": list(self.pool_numbers)},
            "hidden": list(self.hidden),
            "sheets": [s.to_dict() for s in self.sheets],
            "before": [None if s is None else s.to_dict() for s in self.before],
            "scores": [s.breakdown().to_dict() for s in self.sheets],
            "legal": [a.notation() for a in self.legal],
        }

    def determinize(self, rng: random.Random) -> State:
        """A full state matching this view; hidden choices are resampled uniformly."""
        state = State(self.game)
        state._turn, state._phase, state._actor = self.turn, self.phase, self.actor
        state._roll, state._taken = self.roll, self.taken
        state._pool_colours, state._pool_numbers = self.pool_colours, self.pool_numbers
        state._sheets = [s.copy() for s in self.sheets]
        state._before = [None if s is None else s.copy() for s in self.before]
        for p in self.hidden:
            if p == self.actor:
                continue  # the actor's choice (if any yet) restarts from their earlier sheet
            sheet = state._sheets[p]
            state._before[p] = sheet.copy()
            random_choice(sheet, self.pool_colours, self.pool_numbers, rng)
        return state


def _listed(words: typing.Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in the current language)."""
    if len(words) == 1:
        return words[0]
    return i18n._("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _said(template: str, player: int, **values: typing.Any) -> str:
    """A translated log line about ``{p0}`` said of ``player`` (``{pN}``), its other fields filled in."""
    return i18n.fill(template.replace("{p0", f"{{p{player}"), **values)


BRIDGE_WORDS: typing.Final = {
    "artefacts": i18n.N_("artefacts bridge"), "dice": i18n.N_("dice bridge"),
    **{c.value: i18n.N_("{colour} bridge") for c in COLOURS}}
"""A column's bonus bridge as a log line names it (``{colour}``: the expedition's colour)."""


def bridge_word(column: Column) -> str:
    """The bonus bridge of ``column`` in the current language (``red bridge``)."""
    return i18n._(BRIDGE_WORDS[column.value]).format(colour=api.colour_word(column.value))


def _fast_choice(sheet: Sheet, action: api.Action) -> None:
    """Apply one checked take, refuse or accelerate to ``sheet``."""
    if type(action) is Take:
        sheet.fast_mark(action.colour.index, action.number, action.target)
    elif type(action) is Accelerate:
        sheet.fast_accelerate(-1 if action.colour is None else action.colour.index)
    else:
        sheet.fast_refuse()


_CHOICE_KIND: typing.Final[dict[type[api.Action], str]] = {Take: "take", Refuse: "refuse", Accelerate: "accelerate"}
"""An event's ``kind`` by the type of the choice (as :func:`_describe_choice` says it)."""


def _roll_body(action: Roll, active: int, turn: int) -> api.EventBody:
    """The event of a roll of the dice (``turn``: 0-based, before the roll)."""
    colours = [c.value for c in action.colours]
    said = i18n._("Turn {turn}: {p0} rolled {colours} with {numbers}.").replace("{p0", f"{{p{active}")
    text = i18n.fill(said, turn=turn + 1, colours=_listed([api.colour_word(c) for c in colours]),
                     numbers=_listed([str(n) for n in action.numbers]))
    return action.notation(), text, {
        "turn": turn + 1, "active": active, "colours": colours, "numbers": list(action.numbers)}, {}


def _turn_end_body(action: api.Action, old: Sheet, new: Sheet, player: int, n: int, turn: int,
                   started: list[Sheet | None], turn_actions: tuple[api.Action, ...],
                   passed: list[tuple[int, list[int]]],
                   ending: tuple[list[int], list[int], str | None] | None) -> api.EventBody:
    """The event of the choice that ends a turn: the choices it reveals (``turn_actions``, when the
    choices were simultaneous), the bridges passed this turn (``passed``: each column's players) and,
    when the game is over, ``ending`` (scores, winners, reason)."""
    _, text, details = _describe_choice(action, old, new, player)
    if turn_actions:
        revealed = _reveal(turn_actions, turn, started, n)
        details["revealed"] = revealed
        text = " ".join([i18n._("Everybody has chosen."), *(r["text"] for r in revealed)])
    text += _describe_turn_end(turn, passed, ending, n, details)
    return action.notation(), text, details, {}


def _reveal(turn_actions: tuple[api.Action, ...], turn: int, started: list[Sheet | None],
            n: int) -> list[dict[str, typing.Any]]:
    """The simultaneous choices of a turn (``turn_actions``), player by player."""
    active = turn % n
    groups: list[list[api.Action]] = []
    for a in turn_actions:
        if type(a) is not Accelerate or not groups:
            groups.append([])
        groups[-1].append(a)
    revealed = []
    for g, group in enumerate(groups):
        player = (active + g) % n
        first = started[player]
        if player == active or first is None:
            continue
        sheet = first.copy()
        texts = []
        for a in group:
            old = sheet.copy()
            _fast_choice(sheet, a)
            texts.append(_describe_choice(a, old, sheet, player)[1])
        revealed.append({"player": player, "actions": [a.notation() for a in group], "text": " ".join(texts)})
    return revealed


def _describe_turn_end(turn: int, passed: list[tuple[int, list[int]]],
                       ending: tuple[list[int], list[int], str | None] | None, n: int,
                       details: dict[str, typing.Any]) -> str:
    """Add the end of the turn (bridges, game over) to an event's details; return its sentences."""
    bridges = []
    text = ""
    for i, players in passed:
        if not players:
            continue
        column = COLUMNS[i]
        bridges.append({"column": column.value, "players": players})
        who = _listed([f"{{p{p}}}" for p in players])
        bridge = bridge_word(column)
        if len(players) > 1:
            said = (i18n._("{who} passed the {bridge} ({points} points each).") if n == len(players) else
                    i18n._("{who} passed the {bridge} ({points} points each); it is crossed out for everyone "
                           "else."))
        else:
            said = (i18n._("{p0} passed the {bridge} ({points} points).") if n == len(players) else
                    i18n._("{p0} passed the {bridge} ({points} points); it is crossed out for everyone else."))
            said = said.replace("{p0", f"{{p{players[0]}")
        text += " " + i18n.fill(said.replace("{who}", who), bridge=bridge, points=roll_data.BRIDGE_BONUS)
    details["turn_end"] = {"turn": turn + 1, "bridges": bridges}
    if ending is None:
        return text
    scores, winners, reason = ending
    details["game_over"] = {"scores": scores, "winners": winners, "reason": reason}
    why = i18n._("everybody is exhausted") if reason == "exhausted" else i18n._("every bridge has been passed")
    best = scores[winners[0]]
    if n == 1:
        said = i18n._("The game is over ({why}): {p0} {p0:scores} {points} points.")
    elif len(winners) == 1:
        said = i18n._("The game is over ({why}): {p0} {p0:wins} with {points} points.").replace(
            "{p0", f"{{p{winners[0]}")
    else:
        said = i18n._("The game is over ({why}): {names} share the win with {points} points.")
    names = _listed([f"{{p{p}}}" for p in winners])
    return text + " " + i18n.fill(said.replace("{names}", names), why=why, points=best)


def _choice_body(action: api.Action, old: Sheet, new: Sheet, player: int) -> api.EventBody:
    """The event of a choice that everybody may see at once (``new`` is a copy: it is read later)."""
    _, text, details = _describe_choice(action, old, new, player)
    return action.notation(), text, details, {}


def _hidden_choice_body(action: api.Action, old: Sheet, new: Sheet, player: int) -> api.EventBody:
    """The event of a simultaneous choice not yet revealed: the others learn only that it was made."""
    kind, text, details = _describe_choice(action, old, new, player)
    return "", _said(i18n._("{p0} made a choice."), player), {}, {
        "action": action.notation(), "kind": kind, "text": text, "details": details}


def _describe_choice(action: api.Action, old: Sheet, new: Sheet,
                     player: int) -> tuple[str, str, dict[str, typing.Any]]:
    """``(kind, text, details)`` of one take, refuse or accelerate that turned ``old`` into ``new``."""
    passed = [c.value for c in COLUMNS if new.has_passed(c) and not old.has_passed(c)]
    if type(action) is Refuse:
        return "refuse", _describe_refusal(old, new, player), {
            "dice": new.dice, "shaded": new.dice > old.dice, "exhausted": new.is_exhausted(), "bridges": passed}
    take = type(action) is Take
    colour = typing.cast("Take | Accelerate", action).colour
    details: dict[str, typing.Any] = {"colour": None if colour is None else colour.value}
    if colour is None:
        text = _said(i18n._("{p0} let the acceleration go."), player)
        e = -1
    else:
        e = colour.index
        if take:
            die = typing.cast(Take, action)
            details.update(number=die.number, target=die.target.value)
        text = _describe_mark(action, colour, old, new, player)
    grew = e >= 0 and len(new.boxes[e]) > len(old.boxes[e])
    details.update(box=len(new.boxes[e]) if grew else None, value=new.boxes[e][-1] if grew else None)
    if take:
        details["circle"] = new.circles[e] and not old.circles[e]
    details.update(top=e >= 0 and new.tops[e] and not old.tops[e], artefacts=new.artefacts - old.artefacts,
                   arrow=new.accelerating, bridges=passed)
    if grew and ARTEFACT[e][len(new.boxes[e])]:
        text += " " + (i18n._("The box holds an artefact.") if details["artefacts"] else
                       i18n._("The box holds an artefact (all nine are shaded)."))
    for column in passed:
        text += " " + _said(i18n._("{p0} reached the {bridge}."), player,
                            bridge=bridge_word(Column(column)))
    if new.accelerating:
        text += " " + _said(i18n._("{p0} may accelerate an expedition, thanks to the box's arrow."), player)
    return ("take" if take else "accelerate"), text, details


def _describe_refusal(old: Sheet, new: Sheet, player: int) -> str:
    """The log text of a refusal that turned ``old`` into ``new``."""
    if new.dice <= old.dice:
        return _said(i18n._("{p0} refused the dice (all nine dice symbols are already shaded)."), player)
    text = _said(i18n._("{p0} refused the dice and shaded dice symbol {number}."), player, number=new.dice)
    if new.is_exhausted():
        text += " " + _said(i18n._("All nine are shaded: {p0} {p0:is} exhausted."), player)
    return text


def _describe_mark(action: api.Action, colour: Colour, old: Sheet, new: Sheet, player: int) -> str:
    """The first sentence of a take, or an acceleration of ``colour``, that turned ``old`` into ``new``."""
    e = colour.index
    name = api.colour_word(colour.value)
    if type(action) is Take:
        number = action.number
        if new.tops[e] and not old.tops[e]:
            said = i18n._("{p0} took {colour} and {number} and claimed the top artefact of the {colour} expedition.")
        elif new.circles[e] and not old.circles[e]:
            said = i18n._("{p0} took {colour} and {number} and marked the double circle of the {colour} expedition.")
        else:
            said = i18n._("{p0} took {colour} and {number} and wrote {value} in box {box} of the {colour} "
                          "expedition.")
    else:
        number = 0
        if new.tops[e] and not old.tops[e]:
            said = i18n._("{p0} accelerated the {colour} expedition and claimed its top artefact.")
        else:
            said = i18n._("{p0} accelerated the {colour} expedition and wrote {value} in box {box}.")
    grew = len(new.boxes[e]) > len(old.boxes[e])
    return _said(said, player, colour=name, number=number, value=new.boxes[e][-1] if grew else 0,
                 box=len(new.boxes[e]))


def random_choice(sheet: Sheet, colours: tuple[int, ...], numbers: tuple[int, ...],
                  rng: random.Random) -> None:
    """Play a uniformly random complete choice (take or refuse, then accelerations) on ``sheet``."""
    options: list[tuple[int, int, Target] | None] = [None]
    for e in set(colours):
        for n in set(numbers):
            for target in sheet._targets(e, n):
                options.append((e, n, target))
    options.sort(key=lambda o: (-1, 0, "") if o is None else (o[0], o[1], o[2].value))
    choice = rng.choice(options)
    if choice is None:
        sheet.fast_refuse()
    else:
        sheet.fast_mark(*choice)
    while sheet.accelerating:
        targets = sheet.fast_acceleration_targets()
        targets.append(-1)
        sheet.fast_accelerate(rng.choice(targets))
