"""The one API shape shared by every game of the family.

A game is described by three kinds of object:

* :class:`Game` -- immutable options (player count, variants). It creates
  states, parses actions from their text notation, and (de)serialises itself.
* :class:`State` -- the full position, secrets included. ``legal_actions()``
  lists what the player to act may do, ``apply(action)`` validates and
  performs one action (or raises a :class:`~lostcities.errors.GameError`
  subclass and leaves the state exactly as it was).
* :class:`View` -- what one player may know of a state: hidden cards and the
  order of the draw pile are stripped.  AIs only ever see a view.

Chance is an explicit actor: when ``state.current_player == CHANCE`` the
next action is a chance outcome (a shuffle, a roll) that
``state.sample_chance(rng)`` draws from a seedable :class:`random.Random` and
that is then applied and recorded like any other action, so a game record
replays to the same state without any RNG.

Simultaneous choices are modelled as sequential ones whose results are hidden
from the other players until everybody has chosen (the views strip them), so
there is always exactly one actor.

Every action has a round-trip text notation: ``game.parse_action(a.notation()) == a``.
Actions are small frozen values (:class:`ActionValue`) checked when built and
again by ``State.check``.

``State.apply`` returns an :class:`Event`: what happened and what it revealed,
JSON-safe, with a log text; ``event.for_viewer(p)`` is what player ``p`` may
see of it.  A user interface narrates and animates from events only.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import json
import operator
import random
import types
import typing

from lostcities import errors, i18n, safejson

CHANCE: typing.Final = -1
"""``State.current_player`` when the next action is a chance outcome."""

TERMINAL: typing.Final = -2
"""``State.current_player`` once the game is over."""

FORMAT_VERSION: typing.Final = 1
"""Version of the dictionaries written by ``to_dict``; older ones are refused."""


@typing.runtime_checkable
class Action(typing.Protocol):
    """An action is a small frozen value with a text notation."""

    def notation(self) -> str:
        """The action's text, parsed back by ``Game.parse_action``."""
        ...


class ActionValue:
    """Base class of a game's actions (frozen dataclasses): the values are checked
    when the action is built, and again by ``State.check`` -- an object made
    without its constructor (``object.__new__``, ``object.__setattr__``) is
    refused there, so nothing malformed reaches a state's ``_do``."""

    TUPLES: typing.ClassVar[tuple[str, ...]] = ()
    """Fields whose value, given as a list, is stored as a tuple (actions stay hashable)."""

    def problem(self) -> str | None:
        """Why this is not a well-formed action (None when it is).  Read the fields
        with :func:`field`: an object made without its constructor may lack them."""
        return None

    @classmethod
    def trusted(cls, **fields: typing.Any) -> typing.Self:
        """An action of fields taken from the game's own tables (the cards of its
        deck, say), built without the constructor's checks: what a game's
        ``sample_chance`` returns many times over, each value of which is known
        good.  Anything from outside goes through the constructor.

        >>> import dataclasses
        >>> @dataclasses.dataclass(frozen=True)
        ... class Go(ActionValue):
        ...     steps: int
        >>> Go.trusted(steps=2) == Go(2)
        True
        """
        action = _new_object(cls)
        action.__dict__.update(fields)
        return action

    def __post_init__(self) -> None:
        for name in self.TUPLES:
            value: object = field(self, name)
            if type(value) is list:
                object.__setattr__(self, name, tuple(value))
        problem = self.problem()
        if problem is not None:
            raise errors.MalformedActionError(problem)


def is_intact(value: object, table: typing.Sequence[object]) -> bool:
    """``value`` is an item of ``table`` (a game's list of its cards, say), intact:
    of the items' own type, and every field, ``index`` first (its position in
    the table), of the same type and value as the real item's -- not a
    look-alike built around the constructor with ``object.__setattr__``.

    >>> import dataclasses
    >>> @dataclasses.dataclass(frozen=True)
    ... class Face:
    ...     value: int
    ...     index: int = 0
    >>> FACES = (Face(0, 0), Face(1, 1))
    >>> fake = Face(1, 1)
    >>> object.__setattr__(fake, "value", True)
    >>> is_intact(Face(1, 1), FACES), is_intact(fake, FACES), is_intact(Face(1, 0), FACES), is_intact(1, FACES)
    (True, False, False, False)
    """
    if not table or type(value) is not type(table[0]):
        return False
    fields = vars(value)
    index = fields.get("index")
    if type(index) is not int or not 0 <= index < len(table):
        return False
    if table[index] is value:
        return True  # the table's own item
    real = vars(table[index])
    return fields.keys() == real.keys() and all(
        type(fields[name]) is type(item) and fields[name] == item for name, item in real.items())


class KnownActions:
    """A game's action values built once by their constructors (the ones its
    ``legal_actions()`` lists and its ``parse_action`` returns): ``is_intact``
    recognises them by identity, each field still the very object it was built
    with, so a state need not examine their fields again.  Anything else -- a
    look-alike, or a known action whose fields were replaced with
    ``object.__setattr__`` -- is not recognised and gets the full check.

    >>> import dataclasses
    >>> @dataclasses.dataclass(frozen=True)
    ... class Go(ActionValue):
    ...     steps: int
    >>> known = KnownActions()
    >>> one = known.add(Go(1))
    >>> tampered = known.add(Go(2))
    >>> object.__setattr__(tampered, "steps", "2")
    >>> known.is_intact(one), known.is_intact(Go(1)), known.is_intact(tampered), known.is_intact("go 1")
    (True, False, False, False)
    """

    __slots__ = ("_known", "one_field")

    def __init__(self) -> None:
        self._known: dict[int, tuple[object, tuple[tuple[str, object], ...]]] = {}
        self.one_field: dict[int, tuple[object, str, object]] = {}
        """The known actions of one field, by ``id``: (the action, the field's
        name, its value) -- ``State.apply`` checks these itself, a call saved."""

    def add(self, action: _A) -> _A:
        """Remember ``action`` (built by its constructor, so checked) and return it."""
        items = tuple(vars(action).items())
        self._known[id(action)] = (action, items)
        if len(items) == 1:
            self.one_field[id(action)] = (action, *items[0])
        return action

    def is_intact(self, action: object) -> bool:
        entry = self._known.get(id(action))
        if entry is None or entry[0] is not action:
            return False
        fields = vars(action)
        if len(fields) != len(entry[1]):
            return False
        for name, value in entry[1]:  # noqa: SIM110 (a loop: faster than all() on one field)
            if fields.get(name, MISSING) is not value:
                return False
        return True


_A = typing.TypeVar("_A", bound=ActionValue)


def check_entries(snapshot: typing.Any, keys: typing.AbstractSet[str],
                  optional: typing.AbstractSet[str] = frozenset(), what: str = "snapshot") -> None:
    """Raise :class:`~lostcities.errors.InvalidStateError` unless ``snapshot`` (called
    ``what`` in the message) is an object with the entries ``keys`` and no others
    but ``optional`` ones (entries that saves written by an earlier release lack);
    it names the first one missing or unknown.

    >>> check_entries({"round": 1, "extra": 2}, {"round"})
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: snapshot has an unknown entry 'extra'
    >>> check_entries(["round"], {"round"}, what="a sheet")
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: a sheet must be an object
    """
    if type(snapshot) is not dict and not isinstance(snapshot, typing.Mapping):  # a dict: the usual case, fast
        raise errors.InvalidStateError(f"{what} must be an object")
    if snapshot.keys() == keys:  # exactly the entries named: the usual case
        return
    missing = sorted(keys - set(snapshot))
    if missing:
        raise errors.InvalidStateError(f"{what} lacks {missing[0]!r}")
    extra = sorted(set(snapshot) - keys - optional)
    if extra:
        raise errors.InvalidStateError(f"{what} has an unknown entry {extra[0]!r}")


MISSING: typing.Final = object()
"""What :func:`field` returns for a field that was never set."""


def field(action: object, name: str) -> typing.Any:
    """``action.name`` as stored, or :data:`MISSING` (never runs a property)."""
    return vars(action).get(name, MISSING) if hasattr(action, "__dict__") else MISSING


class DomainEnum(enum.Enum):
    """Base of the games' domain enums (colours, columns): ``index``, the position
    in declaration order, and a short evaluable repr.

    >>> class Suit(DomainEnum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> Suit.BLUE.index, Suit("red")
    (1, Suit.RED)
    """

    _index: int

    def __init__(self, *_: object) -> None:
        self._index = len(type(self)._member_names_)

    if typing.TYPE_CHECKING:
        @property
        def index(self) -> int:
            """Position in declaration order (0 for the first member)."""
            return self._index
    else:  # read straight from the field, no Python call: the engines ask it on every action
        index = property(operator.attrgetter("_index"), doc="Position in declaration order (0 for the first member).")

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class OptionKind(enum.Enum):
    """How an option's value is chosen."""

    CHOICE = "choice"
    """One of ``Option.choices``."""
    BOOL = "bool"
    """On or off."""


OptionValue = bool | int | str


@dataclasses.dataclass(frozen=True)
class Option:
    """One entry of a game's option schema: enough for a user interface to build
    the setup form, validate it and explain each choice.

    >>> o = Option("games", "Games in the match", OptionKind.CHOICE, 3, ((1, "one game"), (3, "three games")))
    >>> o.validate(3)
    3
    >>> o.validate("3")
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidOptionError: option 'games' must be one of 1, 3, not '3'
    """

    name: str
    label: str
    kind: OptionKind
    default: OptionValue
    choices: tuple[tuple[OptionValue, str], ...] = ()
    """``(value, label)`` pairs, for ``CHOICE`` options."""
    help: str = ""

    def values(self) -> tuple[OptionValue, ...]:
        if self.kind is OptionKind.BOOL:
            return (False, True)
        return tuple(value for value, _ in self.choices)

    def validate(self, value: typing.Any) -> OptionValue:
        """``value`` if it is allowed (same type, not just equal), else ``InvalidOptionError``."""
        for allowed in self.values():
            if type(value) is type(allowed) and value == allowed:
                return allowed
        shown = ", ".join(json.dumps(v) for v in self.values())
        raise errors.InvalidOptionError(f"option {self.name!r} must be one of {shown}, not {errors.shown(value)}")

    def to_dict(self) -> dict[str, typing.Any]:
        return {"name": self.name, "label": self.label, "kind": self.kind.value, "default": self.default,
                "choices": [[value, label] for value, label in self.choices], "help": self.help}


YOU: typing.Final = "You"
"""The name that reads as the second person in log lines (the default name of
the one person playing against computers).  Stored as it is; shown in the
current language (:func:`shown_name`)."""


COLOUR_WORDS: typing.Final = {
    "yellow": i18n.N_("yellow"), "blue": i18n.N_("blue"), "white": i18n.N_("white"), "green": i18n.N_("green"),
    "red": i18n.N_("red"), "purple": i18n.N_("purple"), "orange": i18n.N_("orange")}
"""The expeditions' colours (every game's ``Colour`` values) as the catalogs translate them."""


def colour_word(value: str) -> str:
    """An expedition's colour (a ``Colour`` value) in the current language, as it stands in a
    card's name (``yellow 7``); a value without words is shown as it is.

    >>> colour_word("yellow"), colour_word("teal")
    ('yellow', 'teal')
    """
    return i18n._(COLOUR_WORDS[value]) if value in COLOUR_WORDS else value


def shown_name(name: str) -> str:
    """A player's name as a person reads it: :data:`YOU` in the current language, any other as it is.

    >>> shown_name("You"), shown_name("Ann")
    ('You', 'Ann')
    """
    return i18n._("You") if name == YOU else name


class PlayerName(str):
    """A player's name in a log line: formatted with a spec it gives the word
    that agrees with the name (``their`` or ``your``, ``wins`` or ``win``); a
    translated line writes both forms, the second person's first (``{p0:spielst|spielt}``).
    The name itself is shown in the current language (:func:`shown_name`).

    >>> f"{PlayerName('Ann'):has} {PlayerName('You'):has} {PlayerName('You'):is} {PlayerName('You'):their}"
    'has have are your'
    >>> f"{PlayerName('You'):spielst|spielt} {PlayerName('Ann'):spielst|spielt}"
    'spielst spielt'
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if not spec:
            return shown_name(str(self))
        you = str(self) == YOU
        if "|" in spec:
            second, third = spec.split("|", 1)
            return second if you else third
        if spec == "their":
            return "your" if you else "their"
        if spec in _SECOND_PERSON:
            return _SECOND_PERSON[spec] if you else spec
        if spec.isalpha() and spec.endswith("s"):
            return spec[:-1] if you else spec
        raise ValueError(f"unknown name form {spec!r} (their, or a verb ending in s)")


_SECOND_PERSON: typing.Final = {"has": "have", "is": "are", "does": "do", "was": "were"}


@dataclasses.dataclass(frozen=True, init=False)
class Event:
    """What one applied action did, in a JSON-safe form: returned by ``State.apply``.

    ``text`` is the log line in the rulebook's words; ``{p0}``, ``{p1}``, ...
    stand for the players' names (:meth:`describe` fills them in), and
    ``{p0:their}``, ``{p0:wins}`` (any verb ending in ``s``) for the words that
    agree with a name: ``your`` and ``win`` for the player named ``You``.  ``details``
    are public facts (the card taken from a discard pile, the dice rolled, the
    boxes an acceleration chain wrote); ``secret`` holds what only ``player``
    may learn (the card drawn from the draw pile): :meth:`for_viewer` strips it
    for everybody else.

    >>> e = Event(0, "draw", "draw", "{p0} drew from the draw pile", secret={"card": "Y7"})
    >>> e.describe(["Ann", "Bob"])
    'Ann drew from the draw pile'
    >>> e.for_viewer(1).to_dict()["secret"]
    {}
    >>> Event(0, "", "over", "{p0} {p0:wins}: {p0:their} best game.").describe(["You", "Bob"])
    'You win: your best game.'
    """

    # Slots rather than a __dict__: a play-out makes one event per action, and a lazy
    # event (see :meth:`lazy`) fills them on the first read of a field.
    __slots__ = ("_lazy", "action", "details", "kind", "player", "secret", "text")

    player: int
    """Who acted (``CHANCE`` for a chance outcome)."""
    action: str
    """The action's notation, or ``""`` when the notation itself would tell a
    secret (a deal listing the shuffled deck, a simultaneous choice not yet
    revealed): ``secret`` then holds what the actor may see."""
    kind: str
    """What happened, one word (``play``, ``draw``, ``roll``, ...)."""
    text: str
    details: dict[str, typing.Any]
    secret: dict[str, typing.Any]

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, player: int, action: str, kind: str, text: str,
                 details: dict[str, typing.Any] | None = None, secret: dict[str, typing.Any] | None = None) -> None:
        _set_field(self, "player", player)
        _set_field(self, "action", action)
        _set_field(self, "kind", kind)
        _set_field(self, "text", text)
        _set_field(self, "details", {} if details is None else details)
        _set_field(self, "secret", {} if secret is None else secret)

    def __reduce__(self) -> tuple[type[Event], tuple[typing.Any, ...]]:
        # Copies and pickles rebuild the event through __init__ (a frozen class with
        # slots has no __dict__ to restore, and a lazy event's builder is not data).
        return type(self), (self.player, self.action, self.kind, self.text, self.details, self.secret)

    @classmethod
    def lazy(cls, player: int, kind: str, build: typing.Callable[..., EventBody],
             args: tuple[typing.Any, ...]) -> Event:
        """An event whose ``action``, ``text``, ``details`` and ``secret`` are made by
        ``build(*args)`` when one of them is first read (most events of a replay, a
        test or a tutorial are never read).  ``build`` must not read the state:
        ``args`` hold the values taken when the action was applied.

        >>> e = Event.lazy(0, "draw", lambda n: ("draw", "{p0} drew", {"draw_pile": n}, {}), (3,))
        >>> e.details, e == Event(0, "draw", "draw", "{p0} drew", {"draw_pile": 3})
        ({'draw_pile': 3}, True)
        >>> type(e) is Event, hasattr(e, "__dict__")
        (True, False)
        >>> import copy, pickle
        >>> late = Event.lazy(1, "play", lambda: ("play G5", "{p1} played", {}, {}), ())
        >>> pickle.loads(pickle.dumps(late)) == copy.copy(late) == Event(1, "play G5", "play", "{p1} played")
        True
        >>> late.text = "forged"
        Traceback (most recent call last):
        dataclasses.FrozenInstanceError: cannot assign to field 'text'
        >>> e
        Event(player=0, action='draw', kind='draw', text='{p0} drew', details={'draw_pile': 3}, secret={})
        """
        event = _new_object(cls)
        # One slot until a field is read: every store saved counts on a play-out.
        _set_lazy(event, (player, kind, build, args))
        return event

    if not typing.TYPE_CHECKING:
        def __getattr__(self, name: str) -> typing.Any:
            # Only reached for the fields a lazy event has not made yet (empty slots).
            if name not in _FIELD_NAMES:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            try:
                player, kind, build, args = _get_lazy(self)
            except AttributeError:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}") from None
            action, text, details, secret = build(*args)
            for field, value in (("player", player), ("action", action), ("kind", kind), ("text", text),
                                 ("details", details), ("secret", secret)):
                _set_field(self, field, value)
            _delete_field(self, "_lazy")
            return _get_field(self, name)

    def describe(self, names: typing.Sequence[str]) -> str:
        """The log line with the players' names filled in."""
        return self.text.format_map({f"p{i}": PlayerName(name) for i, name in enumerate(names)})

    def for_viewer(self, viewer: int) -> Event:
        """The event as ``viewer`` may see it (``secret`` kept only for the actor)."""
        if viewer == self.player or not self.secret:
            return self
        return dataclasses.replace(self, secret={})

    def to_dict(self) -> dict[str, typing.Any]:
        return {"player": self.player, "action": self.action, "kind": self.kind, "text": self.text,
                "details": self.details, "secret": self.secret}


EventBody: typing.TypeAlias = tuple[str, str, dict[str, typing.Any], dict[str, typing.Any]]
"""What :meth:`Event.lazy` builds: the ``action``, ``text``, ``details`` and ``secret`` of an event."""
_FIELD_NAMES: typing.Final = frozenset({"player", "action", "kind", "text", "details", "secret"})
_new_object: typing.Final = object.__new__
_set_field: typing.Final = object.__setattr__
_get_field: typing.Final = object.__getattribute__
_delete_field: typing.Final = object.__delattr__
_set_lazy: typing.Final = Event.__dict__["_lazy"].__set__
set_lazy_event: typing.Final = _set_lazy
"""What :meth:`Event.lazy` does after making the bare event: a game's hot path may make
a lazy event inline, a call saved per action (``build`` and ``args`` as for ``Event.lazy``):

>>> event = object.__new__(Event)
>>> set_lazy_event(event, (1, "pass", lambda: ("pass", "{p1} passed", {}, {}), ()))
>>> event == Event.lazy(1, "pass", lambda: ("pass", "{p1} passed", {}, {}), ())
True
"""
_get_lazy: typing.Final = Event.__dict__["_lazy"].__get__


class Game(abc.ABC):
    """Immutable options of one game; subclasses are frozen dataclasses.

    A game describes itself as data (class attributes, see :meth:`metadata`):
    its player range, its option schema and its computer-player levels, so
    that setup forms, their validation and the home screen are generated
    rather than written per game."""

    name: typing.ClassVar[str]
    """Short identifier used in routes and saves: ``card``, ``roll``, ``board``."""
    title: typing.ClassVar[str]
    description: typing.ClassVar[str]
    min_players: typing.ClassVar[int]
    max_players: typing.ClassVar[int]
    option_schema: typing.ClassVar[tuple[Option, ...]] = ()
    """The options a player chooses (the seat count is not one of them: a
    session passes it as ``players`` when the game has more than one size)."""
    bot_levels: typing.ClassVar[tuple[str, ...]] = ()
    """Computer-player levels, weakest first (the game's entry in :mod:`lostcities.ui.games`
    makes them)."""
    action_types: typing.ClassVar[tuple[type[ActionValue], ...]] = ()
    """The game's action classes: ``check_action`` accepts only their instances."""
    known_actions: typing.ClassVar[KnownActions] = KnownActions()
    """The actions the game builds once and lists in ``legal_actions()``: ``State.check``
    recognises them intact by identity instead of examining their fields again.  A game
    that declares none gets an empty table of its own (every action checked in full)."""

    def __init_subclass__(cls, **kwargs: typing.Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.known_actions is Game.known_actions:
            cls.known_actions = KnownActions()  # never a table shared with another game
    option_ranges: typing.ClassVar[dict[str, tuple[int, int]]] = {}
    """Integer options checked by range, lowest and highest value: options outside
    the schema (e.g. ``players``, the seat count) or schema options whose form
    offers only some of the values a game accepts (``read_options`` checks them)."""

    @classmethod
    def metadata(cls) -> dict[str, typing.Any]:
        """The game's description as JSON-safe data."""
        return {"name": cls.name, "title": cls.title, "description": cls.description,
                "min_players": cls.min_players, "max_players": cls.max_players,
                "options": [option.to_dict() for option in cls.option_schema],
                "bot_levels": list(cls.bot_levels)}

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """Number of seats (players are numbered ``0 .. num_players - 1``)."""

    @abc.abstractmethod
    def new_state(self) -> State:
        """The state before the first chance outcome (the shuffle or first roll)."""

    def new_game(self, rng: random.Random) -> State:
        """A state with the opening chance outcomes already drawn from ``rng``."""
        state = self.new_state()
        while state.is_chance():
            state.apply(state.sample_chance(rng))
        return state

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse an action's notation; raises ``MalformedActionError``."""

    @abc.abstractmethod
    def options(self) -> dict[str, typing.Any]:
        """The JSON-safe options (without the game's name)."""

    @classmethod
    @abc.abstractmethod
    def from_options(cls, options: typing.Mapping[str, typing.Any]) -> Game:
        """Inverse of ``options``; raises ``InvalidOptionError``."""

    @classmethod
    def read_options(cls, options: typing.Any) -> dict[str, OptionValue]:
        """Check an options mapping: only known names, each schema option through
        :meth:`Option.validate`, each of ``option_ranges`` an integer in its range.
        Raises ``InvalidOptionError``; ``from_options`` builds the game from it."""
        if not isinstance(options, typing.Mapping):
            raise errors.InvalidOptionError(f"options must be an object, not {type(options).__name__}")
        schema = {option.name: option for option in cls.option_schema}
        read: dict[str, OptionValue] = {}
        for name, value in options.items():
            if isinstance(name, str) and name in cls.option_ranges:
                low, high = cls.option_ranges[name]
                if type(value) is not int or not low <= value <= high:
                    raise errors.InvalidOptionError(
                        f"option {name!r} must be an integer from {low} to {high}, not {errors.shown(value)}")
                read[name] = value
            elif name in schema:
                read[name] = schema[name].validate(value)
            else:
                raise errors.InvalidOptionError(f"unknown option {errors.shown(name)}")
        return read

    def check_action(self, action: object) -> Action:
        """``action`` if it is a well-formed action of this game (one of
        ``action_types``, its fields of the right types), else ``MalformedActionError``."""
        if not self.action_types:
            if not callable(getattr(action, "notation", None)):
                raise errors.MalformedActionError(f"{errors.shown(action)} is not an action")
            return typing.cast(Action, action)
        if type(action) not in self.action_types:
            raise errors.MalformedActionError(f"{errors.shown(action)} is not an action of {self.title}")
        problem = typing.cast(ActionValue, action).problem()
        if problem is not None:
            raise errors.MalformedActionError(problem)
        return typing.cast(Action, action)

    @abc.abstractmethod
    def state_from_snapshot(self, snapshot: typing.Mapping[str, typing.Any]) -> State:
        """Rebuild and validate a state from ``State.snapshot()``; raises ``InvalidStateError``."""

    @classmethod
    def variants(cls) -> list[Game]:
        """Representative option sets, each covered by the conformance test."""
        return [cls.from_options({})]

    def to_dict(self) -> dict[str, typing.Any]:
        return {"game": self.name, "options": self.options()}

    def state_from_dict(self, data: typing.Mapping[str, typing.Any]) -> State:
        return state_from_dict(data, game=self)


@dataclasses.dataclass(frozen=True)
class Finished:
    """One finished game (:meth:`State.finished`): each player's points, and the players who
    won it (several on a shared win, none on a tie the rules leave open)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


class State(abc.ABC):
    """A full position.  Subclasses implement the underscored hooks."""

    game: Game

    _listed: tuple[int, tuple[Action, ...], KnownActions] | None = None
    """The history's length, the actions ``legal_actions()`` (or ``sample_chance``) listed
    then and the table that tells them intact (see ``apply``)."""

    _lists_legal: typing.ClassVar[bool] = True
    """Does ``legal_actions()`` remember what it listed (for the default :meth:`_is_legal`)?
    Set for each subclass: only where the game keeps that default."""

    def __init_subclass__(cls, **kwargs: typing.Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._lists_legal = cls._is_legal is State._is_legal

    _history_tuple: tuple[Action, ...] = ()
    """The history as :attr:`history` last returned it (see there)."""

    _one_field: typing.Mapping[int, tuple[object, str, object]] = types.MappingProxyType({})
    """The game's ``known_actions.one_field``, read by ``apply`` (a state made without
    ``__init__`` has none: ``apply`` then finds nothing here and asks :meth:`is_trusted`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._one_field = game.known_actions.one_field
        self._history: list[Action] = []
        self._start: dict[str, typing.Any] | None = None

    # -- hooks ---------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The player to act, or ``CHANCE`` or ``TERMINAL``."""

    @abc.abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the player to act (never called at chance or terminal nodes)."""

    @abc.abstractmethod
    def _check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` (or ``MalformedActionError``) unless ``action`` is legal.

        Never called at terminal nodes.  Must not change the state."""

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Perform an action already checked by ``_check`` (fast: no event)."""

    def _apply(self, action: Action) -> Event:
        """Perform an action already checked by ``_check`` and describe it.

        Games override this to report what the action revealed (read the
        state before and after ``_do``); the default names the action only."""
        player = self.current_player
        self._do(action)
        text = action.notation()
        who = "Chance" if player == CHANCE else f"{{p{player}}}"
        return Event(player, text, text.split()[0] if text else "", f"{who}: {text}")

    @abc.abstractmethod
    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the next chance outcome (only when ``is_chance()``); a game may
        return it through :meth:`_sampled`."""

    def _sampled(self, outcome: _A) -> _A:
        """Return ``outcome``, a chance outcome ``sample_chance`` just drew for this
        position (legal here by construction), remembered like the actions of
        ``legal_actions()``: ``apply`` does not check it again while it is intact
        (a look-alike, or the outcome with a field replaced, is checked in full)."""
        if self.current_player == CHANCE:
            known = KnownActions()
            self._listed = (len(self._history), (typing.cast(Action, known.add(outcome)),), known)
        return outcome

    @abc.abstractmethod
    def view(self, player: int) -> View:
        """What ``player`` may know of this state."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Each player's score as it stands (final scores once terminal)."""

    @abc.abstractmethod
    def snapshot(self) -> dict[str, typing.Any]:
        """JSON-safe dictionary of the whole position (secrets included), without history."""

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy (history included)."""

    def _shallow_copy(self) -> typing.Self:
        """A new state of the same class sharing every field but the history (copied):
        a ``clone`` then replaces the mutable fields by copies."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._history = self._history[:]
        return new

    def hidden_tokens(self, player: int) -> set[str]:
        """Tokens naming the secrets of this state that neither ``view(player)`` nor an
        event shown to ``player`` may contain (e.g. the ids of the cards in the
        opponent's hand and in the draw pile).

        A token is a string of :func:`json_tokens`: a string found anywhere in
        the JSON, or an item of a list as :func:`item_token` writes it (e.g. a
        game sheet after a choice still hidden: ``item_token(2, sheet_dict)``
        must not be item 2 of any list).  The conformance test checks every
        view and every event against them."""
        return set()

    def winners(self) -> list[int]:
        """The players who won a finished game (all those with the most points,
        unless a game breaks ties its own way); empty while it is not over."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [p for p, score in enumerate(scores) if score == max(scores)]

    def finished(self) -> tuple[Finished, ...]:
        """The games finished so far, in order, each with its scores and winners: a game of
        one part is listed once it is over; a match of several games (the card game's) lists
        each game as it ends, so that statistics count games, not matches."""
        if not self.is_terminal():
            return ()
        return (Finished(tuple(self.scores()), tuple(self.winners())),)

    def can_undo(self, action: Action) -> bool:
        """May the player to act here take ``action`` back once it is applied?

        Only when it tells them nothing they could not see before and draws no
        chance outcome: undo never reveals a hidden card or rolls a die again.
        ``action`` is legal here; games that allow an undo say when (the
        default: never).  A session rebuilds the state from the record
        without the action (:meth:`lostcities.session.Session.undo`)."""
        return False

    # -- generic behaviour ---------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to act; empty at chance and terminal nodes."""
        if self.current_player < 0:
            return []
        actions = self._legal_actions()
        if self._lists_legal:
            self._listed = (len(self._history), tuple(actions), self.game.known_actions)
        return actions

    def position(self) -> str:
        """Short description of where the game stands, used in error messages."""
        who = self.current_player
        if who == TERMINAL:
            actor = "game over"
        elif who == CHANCE:
            actor = "chance to act"
        else:
            actor = f"player {who + 1} to act"
        return f"{self.game.title}, action {len(self._history) + 1}, {actor}"

    def is_legal(self, action: Action | str) -> bool:
        try:
            self.check(action)
        except errors.GameError:
            return False
        return True

    def check(self, action: Action | str) -> Action:
        """Parse (if text) and validate ``action``; return it or raise."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except errors.GameError as err:
                if err.position is None:
                    raise type(err)(err.reason, position=self.position()) from None
                raise
        if not self.game.known_actions.is_intact(action):
            try:
                action = self.game.check_action(action)
            except errors.MalformedActionError as err:
                raise errors.MalformedActionError(err.reason, position=self.position()) from None
        if self.current_player == TERMINAL:
            raise errors.GameOverError(
                f"the game is over; {action.notation()} cannot be played",
                position=self.position())
        try:
            self._check(action)
        except errors.GameError as err:
            if err.position is None:
                raise type(err)(err.reason, position=self.position()) from None
            raise
        return action

    def apply(self, action: Action | str) -> Event:
        """Validate and perform ``action`` and return what happened; on error nothing changes.

        An intact action (:meth:`is_trusted`) that the game's constant-time test
        (:meth:`_is_legal`) finds legal here is not checked again; anything else
        goes through :meth:`check`, which raises naming the position."""
        entry = self._one_field.get(id(action))
        if entry is not None and entry[0] is action:  # is_trusted's usual case, inlined: a call saved
            fields = action.__dict__
            trusted = len(fields) == 1 and fields.get(entry[1], MISSING) is entry[2] \
                and self._is_legal(action)  # type: ignore[arg-type]  # (intact)
        else:
            trusted = self.is_trusted(action)
        if not trusted:
            action = self.check(action)
        event = self._apply(action)  # type: ignore[arg-type]  # (checked, or intact and legal)
        self._history.append(action)  # type: ignore[arg-type]
        return event

    def is_trusted(self, action: object) -> bool:
        """May ``apply`` perform ``action`` without checking it?  Only an intact action
        (one the game built once, :class:`KnownActions`, every field its own, or the
        chance outcome ``sample_chance`` just drew) that :meth:`_is_legal` finds legal
        here: never a look-alike, a tampered action, text, or an illegal one.

        >>> import lostcities
        >>> state = lostcities.card.Game(games=1).new_game(random.Random(1))
        >>> action = state.legal_actions()[0]
        >>> state.is_trusted(action), state.is_trusted(action.notation()), state.is_trusted(lostcities.card.draw())
        (True, False, False)
        """
        known = self.game.known_actions
        entry = known.one_field.get(id(action))
        if entry is not None and entry[0] is action:
            # KnownActions.is_intact, inlined for an action of one field
            fields = action.__dict__
            return len(fields) == 1 and fields.get(entry[1], MISSING) is entry[2] \
                and self._is_legal(action)  # type: ignore[arg-type]  # (intact)
        listed = self._listed
        return (known.is_intact(action) or (listed is not None and listed[2].is_intact(action))) \
            and self._is_legal(action)  # type: ignore[arg-type]  # (intact)

    def _is_legal(self, action: Action) -> bool:
        """Is ``action``, an intact action of this game (see :meth:`is_trusted`), legal here?

        ``apply`` asks this of every intact action before it trusts it, so a
        game answers in constant time from its own rules.  The default finds
        ``action`` among the very objects that ``legal_actions()`` (or
        ``sample_chance``) last listed, if they were listed for this position
        (the history's length tells it: only ``apply`` and ``apply_unchecked``
        change a state); it may say False for a legal action (one not listed
        just now), which ``check`` then accepts the slow way.

        A game's own test must answer exactly ``action in self.legal_actions()``
        at a player's turn, for every well-formed action of the game
        (:meth:`Game.check_action` accepts it), and False when the game is over;
        at a chance node it may leave the outcome to this default
        (``super()._is_legal(action)``).  The conformance test checks it over
        thousands of positions.  A game that overrides it lists nothing for
        ``apply`` in ``legal_actions()`` (:attr:`_lists_legal`)."""
        listed = self._listed
        if listed is None or listed[0] != len(self._history):
            return False
        for item in listed[1]:  # noqa: SIM110 (a loop: faster than any() on a few items)
            if item is action:
                return True
        return False

    def apply_unchecked(self, action: Action) -> None:
        """Perform ``action`` without checking it or describing it: the fast path
        for AI play-outs.  Only for an action taken from ``legal_actions()`` (or a
        chance outcome from ``sample_chance``) of this very state; anything else
        may corrupt the state."""
        self._do(action)
        self._history.append(action)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start (chance outcomes included).

        One tuple, kept until the history grows (a read does not copy the list again):

        >>> import lostcities
        >>> state = lostcities.card.Game(games=1).new_game(random.Random(1))
        >>> state.history is state.history, len(state.history)
        (True, 1)
        >>> before = state.history
        >>> _ = state.apply(state.legal_actions()[0])
        >>> len(state.history), state.history is state.history, state.history[:1] == before
        (2, True, True)
        """
        cached = self._history_tuple
        if len(cached) != len(self._history):  # the history only grows: same length, same actions
            cached = self._history_tuple = tuple(self._history)
        return cached

    def record(self) -> Record:
        return Record(self.game, tuple(a.notation() for a in self._history), self._start)

    def to_dict(self) -> dict[str, typing.Any]:
        """JSON-safe save: the game, the snapshot and the history that leads to it."""
        data: dict[str, typing.Any] = {
            "format": "lostcities.state",
            "version": FORMAT_VERSION,
            **self.game.to_dict(),
            "history": [a.notation() for a in self._history],
            "state": self.snapshot(),
        }
        if self._start is not None:
            data["start"] = self._start
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game == other.game and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.State {self.position()}>"


class View(abc.ABC):
    """One player's knowledge of a state."""

    game: Game
    player: int

    @property
    @abc.abstractmethod
    def current_player(self) -> int: ...

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions when it is their turn, else ``[]``."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, typing.Any]:
        """JSON-safe dictionary; contains nothing hidden from ``player``."""

    @abc.abstractmethod
    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view, hidden parts sampled from ``rng``."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


@dataclasses.dataclass(frozen=True)
class Record:
    """A game record: the options and every action's notation, in order.

    ``start`` is a snapshot when the game was set up from an injected position
    rather than from the beginning."""

    game: Game
    actions: tuple[str, ...]
    start: dict[str, typing.Any] | None = None

    def replay(self) -> State:
        """Apply every action again; raises ``InvalidStateError`` naming the bad action."""
        state = self.game.new_state() if self.start is None else self.game.state_from_snapshot(self.start)
        if self.start is not None:
            state._start = self.start
        for index, text in enumerate(self.actions):
            try:
                state.apply(text)
            except errors.GameError as err:
                raise errors.InvalidStateError(
                    f"record action {index + 1} ({text!r}) cannot be replayed: {err}"
                ) from None
        return state

    def to_dict(self) -> dict[str, typing.Any]:
        data = {"format": "lostcities.record", "version": FORMAT_VERSION, **self.game.to_dict(),
                "actions": list(self.actions)}
        if self.start is not None:
            data["start"] = self.start
        return data

    @classmethod
    def from_dict(cls, data: typing.Mapping[str, typing.Any]) -> Record:
        """Read a record written by :meth:`to_dict`; raises ``InvalidStateError``."""
        _check_header(data, "lostcities.record")
        game = game_from_dict(data)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise errors.InvalidStateError("record 'actions' must be a list of strings")
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise errors.InvalidStateError("record 'start' must be an object")
        return cls(game, tuple(actions), start)


# -- registry and (de)serialisation ------------------------------------------

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator adding a game to the registry (keyed by ``cls.name``)."""
    _GAMES[cls.name] = cls
    return cls


def games() -> dict[str, type[Game]]:
    """Every registered game class by name (importing ``lostcities`` registers all)."""
    return dict(_GAMES)


def _check_header(data: typing.Any, fmt: str) -> None:
    if not isinstance(data, dict):
        raise errors.InvalidStateError(f"expected an object, got {type(data).__name__}")
    safejson.check_value(data)
    found = data.get("format")
    if found != fmt:
        raise errors.InvalidStateError(f"not a {fmt} (format is {errors.shown(found)})")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise errors.InvalidStateError(
            f"saved with format version {errors.shown(version)}; this version reads version {FORMAT_VERSION}"
        )


def game_from_dict(data: typing.Mapping[str, typing.Any]) -> Game:
    """The game of a save or record (its ``game`` and ``options``); raises ``InvalidStateError``."""
    name = data.get("game")
    if not isinstance(name, str) or name not in _GAMES:
        raise errors.InvalidStateError(f"unknown game {errors.shown(name)}")
    options = data.get("options")
    if not isinstance(options, typing.Mapping):
        raise errors.InvalidStateError("'options' must be an object")
    try:
        return _GAMES[name].from_options(options)
    except errors.InvalidOptionError as err:
        raise errors.InvalidStateError(f"bad options: {err}") from None


def state_from_dict(data: typing.Any, game: Game | None = None) -> State:
    """Rebuild a state saved by ``State.to_dict``, validating everything.

    The history is replayed and must lead exactly to the saved snapshot; a
    dictionary with a snapshot and no history (a scenario) is validated by the
    game's own consistency checks.  Any problem raises ``InvalidStateError``.
    """
    _check_header(data, "lostcities.state")
    found = game_from_dict(data)
    if game is not None and found != game:
        raise errors.InvalidStateError(f"saved game is {found!r}, expected {game!r}")
    if "history" not in data and "state" not in data:
        raise errors.InvalidStateError("a save holds a 'history', a 'state' or both; this one has neither")
    history = data.get("history", [])
    snapshot = data.get("state")
    start = data.get("start")
    if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
        raise errors.InvalidStateError("'history' must be a list of strings")
    if snapshot is not None and not isinstance(snapshot, typing.Mapping):
        raise errors.InvalidStateError("'state' must be an object")
    if start is not None and not isinstance(start, dict):
        raise errors.InvalidStateError("'start' must be an object")
    if history or start is not None or snapshot is None:
        state = Record(found, tuple(history), start).replay()
        if snapshot is not None and _canonical(state.snapshot()) != _canonical(snapshot):
            raise errors.InvalidStateError("the saved position does not match its own history")
        return state
    fresh = found.new_state()
    if _canonical(snapshot) == _canonical(fresh.snapshot()):
        return fresh  # a new game, saved before its first action: no scenario
    state = found.state_from_snapshot(snapshot)
    # Later saves of this state replay from here: remember where it started.
    state._start = _plain(snapshot)
    return state


def _plain(data: typing.Any) -> dict[str, typing.Any]:
    return typing.cast(dict[str, typing.Any], json.loads(json.dumps(data)))


def canonical_json(data: typing.Any) -> str:
    """Compact JSON with sorted keys: equal data give equal text.

    >>> canonical_json({"b": [1, 2], "a": None})
    '{"a":null,"b":[1,2]}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


_canonical = canonical_json


def item_token(index: int, value: typing.Any) -> str:
    """The token of a JSON object or array found as item ``index`` of a list.

    >>> item_token(1, {"dice": 3})
    '[1]{"dice":3}'
    """
    return f"[{index}]{canonical_json(value)}"


def json_tokens(data: typing.Any, items: bool = True) -> typing.Iterator[str]:
    """Every token of JSON-like ``data`` that :meth:`State.hidden_tokens` is matched
    against: each string (keys included) and, for each object or array that is an
    item of a list, its :func:`item_token` (unless ``items`` is false: a caller
    whose secrets hold no item token skips writing them).  Iterative (no recursion).

    >>> sorted(json_tokens({"hand": ["Y7"], "sheets": [{"dice": 3}]}))
    ['Y7', '[0]{"dice":3}', 'dice', 'hand', 'sheets']
    >>> sorted(json_tokens({"hand": ["Y7"], "sheets": [{"dice": 3}]}, items=False))
    ['Y7', 'dice', 'hand', 'sheets']
    """
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for key, value in item.items():
                yield str(key)
                stack.append(value)
        elif isinstance(item, (list, tuple)):
            for index, value in enumerate(item):
                if items and isinstance(value, (dict, list, tuple)):
                    yield item_token(index, value)
                stack.append(value)
