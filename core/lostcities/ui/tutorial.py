"""Tutorials as data: lessons that teach a rule in a live position, and their runner.

A tutorial is plain data (dictionaries and lists, as JSON would hold them)
validated by :func:`parse` into a frozen :class:`Tutorial`:

* ``id``, ``game`` (``card``, ``roll``, ``board``), ``title``, ``summary``;
* ``options``: the game's options (as ``Game.from_options`` reads them);
* ``seats``: the names of the seats (the reader is ``pov``, the others are
  computers of level ``bot``);
* ``setup``: where the lesson starts, one of

  - ``{"scenario": <state dict>}``: a whole position (``State.to_dict``);
  - ``{"seed": N, "position": {...}, "actions": [...]}``: a partial position
    that the game's ``tutorial_position(partial, rng)`` completes
    deterministically from ``seed`` (the card game: the hands, columns and
    discard piles given, the top of the draw pile; every card not named is
    shuffled into the opponent's hand and the draw pile), or without
    ``position`` a new game dealt from the seed; then ``actions`` (notations;
    ``"chance"`` draws a chance outcome from the seed);

* ``steps``: 1 to 12 :class:`Step` s of four kinds (:class:`StepKind`):

  - ``info``: text, highlights; the reader presses *Next*;
  - ``act``: the reader makes a move.  ``expected`` lists the notations that
    succeed, ``checks`` conditions on the resulting position (a :class:`Check`
    vocabulary: the last action, the contents of a place in the position, a
    score, the game being over); ``allow`` is ``expected`` (any other move is
    refused before it is played) or ``any`` (any legal move is played, and if
    it does not succeed the position goes back to the step's start).
    ``replies`` are the other players' and chance's scripted answers, played
    after a success (``"chance"``: drawn from the seed);
  - ``choice``: a question with ``options`` and one right ``answer``;
  - ``play``: free play against the computer (``bot``) until every ``until``
    check holds (at most ``turns`` of the reader's actions when given).

Every step may say which sentence of its text is its ask (``ask``: ``last``, the default, or ``first``): what
to do or what is asked, the sentence a small screen shows alone until the reader asks for the whole text.

Highlights and arrows name elements of the table (``hand:Y7``, ``column:0:Y``,
``pile:Y``, ``deck``, ``box:red:3``, ``die:2``, ``path:0:Y``...): every
element a tutorial may point at carries that name as its ``data-spot``
attribute (the renderers write it; ``data-target`` stays the kind of click).

:class:`Lesson` runs a tutorial on a real position: it judges the reader's
attempts (the rules core still refuses every illegal move with its reason),
plays the scripted replies, counts the tries and gives the stars.  It never
touches a page; the embed screen drives it.

>>> import lostcities
>>> lesson = Lesson(get("card-first-expedition"))
>>> lesson.step.kind, lesson.index
(<StepKind.INFO: 'info'>, 0)
"""

from __future__ import annotations

import dataclasses
import enum
import random
import typing

from lostcities import api, errors, i18n, session
from lostcities.ui import games

THAT_WORKS: typing.Final = i18n.N_("That works too.")
WELL_DONE: typing.Final = i18n.N_("Well done.")
NOT_QUITE: typing.Final = i18n.N_("Not quite: try again.")
COMPLETE: typing.Final = i18n.N_("Tutorial complete.")
"""The lesson's own words where a step says none (marked for the catalogs; the lesson panel translates
every message it shows, the tutorials' texts as well)."""
MAX_STEPS: typing.Final = 12
MAX_TEXT: typing.Final = 600
SPOT_KINDS: typing.Final = frozenset({
    "hand", "column", "pile", "deck", "score", "box", "die", "dice", "circle", "artefact", "bridge", "refuse",
    "accelerate", "path", "stone", "tile", "camp", "piece", "track", "bar", "next", "sheet", "pick", "roll",
    "researcher", "adventurer", "space", "city", "expedition", "row", "artifact",
})
"""The first word of a highlight name (``hand`` in ``hand:Y7``)."""


class TutorialError(errors.GameError):
    """A tutorial that does not follow the schema, or that its own position refutes."""

    code = "invalid_tutorial"


class UnknownTutorialError(TutorialError):
    """No built-in tutorial has this id."""

    code = "unknown_tutorial"


class StepKind(enum.Enum):
    """What a step asks of the reader."""

    INFO = "info"
    ACT = "act"
    CHOICE = "choice"
    PLAY = "play"

    def __repr__(self) -> str:
        return f"<StepKind.{self.name}: {self.value!r}>"


class Ask(enum.Enum):
    """Which sentence of a step's text (out of brackets) asks the reader something: a small screen shows it alone."""

    LAST = "last"
    FIRST = "first"


class Allow(enum.Enum):
    """Which moves an ``act`` step lets the reader play."""

    EXPECTED = "expected"
    """Only the expected moves (or moves passing the checks) are played; others are refused first."""
    ANY = "any"
    """Any legal move stands; one that does not meet the step is explained and costs a star."""


class Outcome(enum.Enum):
    """How the current step stands."""

    WAITING = "waiting"
    SUCCESS = "success"
    FAILURE = "failure"


# -- checks --------------------------------------------------------------------------------------------


class CheckKind(enum.Enum):
    LAST = "last"
    """The last action of the reader is one of ``value`` (notations)."""
    AT = "at"
    """The place ``path`` of the position (``state.snapshot()``, dot-separated,
    ``{pov}`` for the reader's seat) compares with ``value`` by ``op``."""
    SCORE = "score"
    """The score of ``player`` (default: the reader) compares with ``value`` by ``op``."""
    OVER = "over"
    """The game is over (``value`` true) or not."""
    TURN = "turn"
    """It is ``player``'s turn (default: the reader)."""


OPS: typing.Final[dict[str, typing.Callable[[typing.Any, typing.Any], bool]]] = {
    "equals": lambda found, value: bool(found == value),
    "contains": lambda found, value: isinstance(found, (list, tuple, str, dict)) and value in found,
    "lacks": lambda found, value: isinstance(found, (list, tuple, str, dict)) and value not in found,
    "length": lambda found, value: isinstance(found, (list, tuple, str, dict)) and len(found) == value,
    "at_least": lambda found, value: _number(found) is not None and _number(found) >= value,
    "at_most": lambda found, value: _number(found) is not None and _number(found) <= value,
}


def _number(found: typing.Any) -> int | None:
    if type(found) is int:
        return found
    if isinstance(found, (list, tuple)):
        return len(found)
    return None


@dataclasses.dataclass(frozen=True)
class Check:
    """One condition on a position (see :class:`CheckKind`).

    >>> Check(CheckKind.AT, "columns.{pov}.yellow", "contains", "Y3").describe()
    'columns.{pov}.yellow contains Y3'
    """

    kind: CheckKind
    path: str = ""
    op: str = "equals"
    value: typing.Any = None
    player: int | None = None

    def describe(self) -> str:
        if self.kind is CheckKind.AT:
            return f"{self.path} {self.op} {self.value}"
        return f"{self.kind.value} {self.op} {self.value}"

    def holds(self, state: api.State, pov: int, last: str | None) -> bool:
        """True when the condition is met in ``state`` (``last``: the reader's last action)."""
        who = pov if self.player is None else self.player
        if self.kind is CheckKind.LAST:
            return last is not None and last in self.value
        if self.kind is CheckKind.OVER:
            return state.is_terminal() is bool(self.value)
        if self.kind is CheckKind.TURN:
            return state.current_player == who
        if self.kind is CheckKind.SCORE:
            scores = state.scores()
            return 0 <= who < len(scores) and OPS[self.op](scores[who], self.value)
        found = lookup(state.snapshot(), self.path.replace("{pov}", str(pov)))
        return found is not _ABSENT and OPS[self.op](found, self.value)


_ABSENT: typing.Final = object()


def lookup(data: typing.Any, path: str) -> typing.Any:
    """The item at a dot-separated ``path`` of JSON-like ``data`` (list items by
    number), or an absent marker that no check accepts.

    >>> lookup({"columns": [{"yellow": ["Y3"]}]}, "columns.0.yellow")
    ['Y3']
    >>> lookup({"a": 1}, "a.b") is _ABSENT
    True
    """
    found = data
    for part in path.split("."):
        if isinstance(found, dict) and part in found:
            found = found[part]
        elif isinstance(found, list) and part.isascii() and part.isdigit() and int(part) < len(found):
            found = found[int(part)]
        else:
            return _ABSENT
    return found


# -- the schema ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module's documentation for the kinds)."""

    kind: StepKind
    text: str
    highlights: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    expected: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    allow: Allow = Allow.EXPECTED
    replies: tuple[str, ...] = ()
    success: str = ""
    failure: str = ""
    options: tuple[str, ...] = ()
    answer: int = 0
    until: tuple[Check, ...] = ()
    turns: int = 0
    """A ``play`` step's limit of the reader's actions (0: until the checks hold)."""
    ask: Ask = Ask.LAST
    """Which sentence of the text is the step's ask (:class:`Ask`)."""


@dataclasses.dataclass(frozen=True)
class Tutorial:
    """A validated tutorial (build it with :func:`parse`)."""

    id: str
    game: str
    title: str
    summary: str
    options: typing.Mapping[str, typing.Any]
    seats: tuple[str, ...]
    pov: int
    bot: str
    setup: typing.Mapping[str, typing.Any]
    steps: tuple[Step, ...]

    def __repr__(self) -> str:
        return f"<Tutorial {self.id!r}: {len(self.steps)} steps>"

    def make_game(self) -> api.Game:
        """The game of the options, seated for ``seats`` when the game has several sizes."""
        cls = session.game_class(self.game)
        options = dict(self.options)
        if cls.min_players != cls.max_players:
            options["players"] = len(self.seats)
        return cls.from_options(options)

    def make_setup(self) -> session.Setup:
        """The session setup: the reader at ``pov``, computers of level ``bot`` elsewhere (their names in the
        current language: a name the catalogs hold, like *Computer*, is translated)."""
        seats = [session.Seat(name if name == api.YOU else i18n._(name), None if i == self.pov else self.bot)
                 for i, name in enumerate(self.seats)]
        return seats_setup(self.make_game(), seats)

    def start_state(self) -> api.State:
        """The position of the first step (raises :class:`TutorialError`)."""
        game = self.make_game()
        setup = self.setup
        try:
            if "scenario" in setup:
                return api.state_from_dict(setup["scenario"], game)
            rng = random.Random(f"tutorial:{self.id}:{setup.get('seed', 0)}")
            state = game.new_state()
            if "position" in setup:
                complete = getattr(game, "tutorial_position", None)
                if complete is None:
                    raise TutorialError(f"{self.game} has no partial positions; give a scenario")
                state = complete(setup["position"], rng)
            for text in setup.get("actions", ()):
                state.apply(state.sample_chance(rng) if text == "chance" else text)
            while state.is_chance():
                state.apply(state.sample_chance(rng))
            return state
        except TutorialError:
            raise
        except errors.GameError as err:
            raise TutorialError(f"tutorial {self.id!r}: its setup is not a position: {err}") from None


def seats_setup(game: api.Game, seats: typing.Sequence[session.Seat]) -> session.Setup:
    """A session setup for a position of ``game`` that was not chosen on a setup
    form (a tutorial, an embedded position): the seats, and those of the game's
    options that the form offers (the state holds the game itself).

    >>> from lostcities import card
    >>> seats_setup(card.Game(games=2), [session.Seat("You"), session.Seat("Computer", "easy")]).options
    (('colours', 5), ('games', 3))
    """
    chosen = game.options()
    kept: dict[str, typing.Any] = {}
    for option in type(game).option_schema:
        try:
            kept[option.name] = option.validate(chosen.get(option.name, option.default))
        except errors.InvalidOptionError:
            continue
    return session.Setup.create(game.name, seats, kept, {"pace": "quick"})


def _text(raw: typing.Mapping[str, typing.Any], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > MAX_TEXT:
        raise TutorialError(f"{where}: {key!r} must be a text of 1 to {MAX_TEXT} characters")
    return value


def _texts(raw: typing.Any, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(item, str) and 0 < len(item) <= 200 for item in raw):
        raise TutorialError(f"{where}: {key!r} must be a list of short texts")
    return tuple(raw)


def spot_problem(name: str) -> str | None:
    """Why ``name`` is not a highlight name (None when it is one).

    >>> spot_problem("hand:Y7"), spot_problem("nowhere:1")
    (None, "unknown kind 'nowhere'")
    """
    kind = name.split(":")[0]
    if kind not in SPOT_KINDS:
        return f"unknown kind {kind!r}"
    if not all(part and part.replace("-", "").replace("$", "").isalnum() for part in name.split(":")):
        return "each part must be letters or digits"
    return None


def _check(raw: typing.Any, where: str) -> Check:
    if not isinstance(raw, dict) or len(raw) < 1:
        raise TutorialError(f"{where}: a check must be an object")
    kinds = [kind for kind in CheckKind if kind.value in raw]
    if len(kinds) != 1:
        raise TutorialError(f"{where}: a check names one of {', '.join(k.value for k in CheckKind)}")
    kind = kinds[0]
    extra = set(raw) - {kind.value, "op", "value", "player"}
    if extra:
        raise TutorialError(f"{where}: a check has an unknown entry {sorted(extra)[0]!r}")
    op = raw.get("op", "equals")
    if op not in OPS:
        raise TutorialError(f"{where}: unknown comparison {op!r} (one of {', '.join(OPS)})")
    player = raw.get("player")
    if player is not None and (type(player) is not int or not 0 <= player < 5):
        raise TutorialError(f"{where}: 'player' must be a seat number")
    subject = raw[kind.value]
    if kind is CheckKind.LAST:
        return Check(kind, value=_texts(subject if isinstance(subject, list) else [subject], "last", where))
    if kind is CheckKind.AT:
        if not isinstance(subject, str) or not subject:
            raise TutorialError(f"{where}: 'at' must be a path")
        if "value" not in raw:
            raise TutorialError(f"{where}: 'at' needs a 'value'")
        return Check(kind, subject, op, raw["value"], player)
    if kind is CheckKind.SCORE:
        if type(raw.get("value")) is not int:
            raise TutorialError(f"{where}: 'score' needs a whole-number 'value'")
        return Check(kind, op=op, value=raw["value"], player=player if player is not None else
                     (subject if type(subject) is int else None))
    if kind is CheckKind.TURN:
        return Check(kind, player=subject if type(subject) is int else player)
    return Check(kind, value=bool(subject))


STEP_KEYS: typing.Final = frozenset({
    "kind", "text", "highlights", "arrows", "expected", "checks", "allow", "replies", "success", "failure",
    "options", "answer", "until", "turns", "ask",
})


def _step(raw: typing.Any, where: str) -> Step:
    if not isinstance(raw, dict):
        raise TutorialError(f"{where} must be an object")
    extra = set(raw) - STEP_KEYS
    if extra:
        raise TutorialError(f"{where} has an unknown entry {sorted(extra)[0]!r}")
    try:
        kind = StepKind(raw.get("kind"))
    except ValueError:
        raise TutorialError(f"{where}: 'kind' must be one of {', '.join(k.value for k in StepKind)}") from None
    highlights, arrows = _spots(raw, where)
    checks = tuple(_check(c, where) for c in _list(raw.get("checks", []), "checks", where))
    until = tuple(_check(c, where) for c in _list(raw.get("until", []), "until", where))
    try:
        allow = Allow(raw.get("allow", "expected"))
    except ValueError:
        raise TutorialError(f"{where}: 'allow' must be 'expected' or 'any'") from None
    try:
        ask = Ask(raw.get("ask", "last"))
    except ValueError:
        raise TutorialError(f"{where}: 'ask' must be 'last' or 'first'") from None
    step = Step(kind, _text(raw, "text", where), highlights, arrows,
                expected=_texts(raw.get("expected", []), "expected", where), checks=checks, allow=allow,
                replies=_texts(raw.get("replies", []), "replies", where),
                success=_text(raw, "success", where, required=False), failure=_text(raw, "failure", where,
                                                                                    required=False),
                options=_texts(raw.get("options", []), "options", where), answer=raw.get("answer", 0),
                until=until, turns=raw.get("turns", 0), ask=ask)
    problem = _step_problem(step)
    if problem:
        raise TutorialError(f"{where}: {problem}")
    return step


def _spots(raw: typing.Mapping[str, typing.Any], where: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A step's ``highlights`` and ``arrows``, every name checked by :func:`spot_problem`."""
    highlights = _texts(raw.get("highlights", []), "highlights", where)
    arrows_raw = raw.get("arrows", [])
    if not isinstance(arrows_raw, list) or not all(isinstance(a, list) and len(a) == 2 for a in arrows_raw):
        raise TutorialError(f"{where}: 'arrows' must be a list of [from, to] pairs")
    arrows = tuple((str(a), str(b)) for a, b in arrows_raw)
    for name in (*highlights, *(n for pair in arrows for n in pair)):
        problem = spot_problem(name)
        if problem:
            raise TutorialError(f"{where}: highlight {name!r}: {problem}")
    return highlights, arrows


def _step_problem(step: Step) -> str | None:
    """What a step of its kind lacks (None when it has what its kind needs)."""
    if step.kind is StepKind.ACT and not (step.expected or step.checks or step.allow is Allow.ANY):
        return "an act step needs 'expected' moves, 'checks' or 'allow': 'any'"
    if step.kind is StepKind.CHOICE and (len(step.options) < 2 or type(step.answer) is not int
                                         or not 0 <= step.answer < len(step.options)):
        return "a choice needs two or more 'options' and the index of the right 'answer'"
    if step.kind is StepKind.PLAY and (type(step.turns) is not int or not 0 <= step.turns <= 60
                                       or not (step.until or step.turns)):
        return "a play step needs 'until' checks or a number of 'turns' (1 to 60)"
    return None


def _list(raw: typing.Any, key: str, where: str) -> list[typing.Any]:
    if not isinstance(raw, list):
        raise TutorialError(f"{where}: {key!r} must be a list")
    return raw


TUTORIAL_KEYS: typing.Final = frozenset({"id", "game", "title", "summary", "options", "seats", "pov", "bot",
                                         "setup", "steps"})


def parse(raw: typing.Any) -> Tutorial:
    """Validate tutorial data; raises :class:`TutorialError` naming the first problem.

    >>> parse({"id": "x", "colour": "red"})
    Traceback (most recent call last):
    ...
    lostcities.ui.tutorial.TutorialError: tutorial 'x' has an unknown entry 'colour'
    """
    if not isinstance(raw, dict):
        raise TutorialError("a tutorial must be an object")
    ident = raw.get("id")
    if not isinstance(ident, str) or not 0 < len(ident) <= 60 or not ident.replace("-", "").isalnum():
        raise TutorialError("a tutorial's 'id' must be letters, digits and dashes")
    where = f"tutorial {ident!r}"
    extra = set(raw) - TUTORIAL_KEYS
    if extra:
        raise TutorialError(f"{where} has an unknown entry {sorted(extra)[0]!r}")
    game_name = raw.get("game")
    if not isinstance(game_name, str) or game_name not in api.games():
        raise TutorialError(f"{where}: 'game' must be one of {', '.join(sorted(api.games()))}")
    game_cls = api.games()[game_name]
    options = raw.get("options", {})
    seats = raw.get("seats", [api.YOU, i18n.N_("Computer")])
    if not isinstance(options, dict):
        raise TutorialError(f"{where}: 'options' must be an object")
    seats = _texts(seats, "seats", where)
    if not game_cls.min_players <= len(seats) <= game_cls.max_players:
        raise TutorialError(f"{where}: {game_cls.title} seats {game_cls.min_players} to {game_cls.max_players}")
    if "players" in options and options["players"] != len(seats):
        raise TutorialError(f"{where}: 'options' seats {options['players']!r} players but 'seats' names {len(seats)}")
    pov = raw.get("pov", 0)
    if type(pov) is not int or not 0 <= pov < len(seats):
        raise TutorialError(f"{where}: 'pov' must be a seat number")
    bot = raw.get("bot", game_cls.bot_levels[0] if game_cls.bot_levels else "")
    if not isinstance(bot, str) or bot not in game_cls.bot_levels:
        raise TutorialError(f"{where}: 'bot' must be one of {', '.join(game_cls.bot_levels)}")
    setup = raw.get("setup")
    if not isinstance(setup, dict) or not ({"scenario", "seed", "position", "actions"} >= set(setup)) or not setup:
        raise TutorialError(f"{where}: 'setup' must be a scenario, or a seed with a position and actions")
    steps_raw = _list(raw.get("steps"), "steps", where)
    if not 1 <= len(steps_raw) <= MAX_STEPS:
        raise TutorialError(f"{where}: a tutorial has 1 to {MAX_STEPS} steps")
    steps = tuple(_step(s, f"{where}, step {i + 1}") for i, s in enumerate(steps_raw))
    return Tutorial(ident, game_name, _text(raw, "title", where), _text(raw, "summary", where), dict(options),
                    seats, pov, bot, dict(setup), steps)


# -- the built-in tutorials ----------------------------------------------------------------------------

_BUILT_IN: dict[str, Tutorial] = {}
_READ: set[str] = set()
"""The games whose tutorials are in ``_BUILT_IN``."""


def tutorials(game: str | None = None) -> dict[str, Tutorial]:
    """The tutorials of every registered game (:mod:`lostcities.ui.games`) by id, in
    teaching order (of ``game`` only when given); each is read once, when first asked for."""
    for name, entry in games.entries().items():
        if name in _READ:
            continue
        for raw in entry.tutorials:
            parsed = parse(raw)
            if parsed.game != name or parsed.id in _BUILT_IN:
                raise TutorialError(f"tutorial {parsed.id!r} is misplaced or twice")
            _BUILT_IN[parsed.id] = parsed
        _READ.add(name)
    return {key: t for key, t in _BUILT_IN.items() if game is None or t.game == game}


def get(ident: str) -> Tutorial:
    """The built-in tutorial ``ident``; raises :class:`UnknownTutorialError`."""
    found = tutorials().get(ident)
    if found is None:
        raise UnknownTutorialError(i18n._("there is no tutorial called {value}").format(value=errors.shown(ident)))
    return found


# -- running one ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Attempt:
    """What became of one attempt: ``played`` when the move stands on the table."""

    outcome: Outcome
    message: str
    played: bool
    event: api.Event | None = None


class Lesson:
    """A tutorial being taken: the session in play, the step, the tries.

    The reader's moves go through :meth:`attempt` (or :meth:`answer` for a
    choice, :meth:`next` for an info step or after a success); the screen
    plays :meth:`pending` replies one by one with :meth:`play_reply`.
    """

    def __init__(self, tutorial: Tutorial, *, step: int = 0) -> None:
        self.tutorial = tutorial
        self.pov = tutorial.pov
        self.index = 0
        self.session = session.Session(tutorial.make_setup(), tutorial.start_state())
        self.session.looking = self.pov
        self.outcome = Outcome.WAITING
        self.message = ""
        self.tries = 0
        """Failed attempts at the current step."""
        self.failures = 0
        """Failed attempts over the whole tutorial."""
        self.skipped = False
        self.done = False
        self.replies: list[str] = []
        self._mark: api.State = self.session.state.clone()
        self._log_mark = 0
        self._rng = random.Random(f"tutorial:{tutorial.id}:replies")
        self._turns = 0
        if step:
            self.goto(step)

    # -- where it stands ---------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.tutorial.steps)

    @property
    def state(self) -> api.State:
        return self.session.state

    def stars(self) -> int:
        """0 (steps skipped) to 3 (no failed attempt)."""
        if self.skipped:
            return 0
        return 3 if self.failures == 0 else 2 if self.failures <= 2 else 1

    @property
    def succeeded(self) -> bool:
        """The current step is met (the reader may go on)."""
        return self.outcome is Outcome.SUCCESS

    def may_move(self) -> bool:
        """The reader may move on the table now (an unfinished act or play step, no reply pending)."""
        return (not self.done and not self.replies and self.outcome is not Outcome.SUCCESS
                and self.step.kind in (StepKind.ACT, StepKind.PLAY) and self.state.current_player == self.pov)

    # -- the reader --------------------------------------------------------------------------------
    def attempt(self, action: api.Action | str) -> Attempt:
        """Judge and (when allowed) play the reader's move.  An illegal move raises
        the core's ``GameError`` and changes nothing."""
        step = self.step
        if self.done or step.kind not in (StepKind.ACT, StepKind.PLAY) or self.outcome is Outcome.SUCCESS:
            raise errors.IllegalActionError("this step is not a move: read it, then press Next")
        checked = self.state.check(action)
        text = checked.notation()
        if step.kind is StepKind.PLAY:
            event = self.session.apply(checked)
            self._turns += 1
            if self._play_finished(text):
                return self._succeed(event)
            return Attempt(Outcome.WAITING, "", True, event)
        if self._would_pass(step, checked):
            return self._succeed(self.session.apply(checked))
        if step.allow is Allow.EXPECTED:
            return self._fail()
        # Any legal move stands: the failure text explains what the expected move would have done.
        event = self.session.apply(checked)
        self.failures += 1
        self.outcome = Outcome.SUCCESS
        self.message = step.failure or THAT_WORKS
        self.replies = []
        if self.index + 1 >= self.total:
            self.done = True
        return Attempt(Outcome.SUCCESS, self.message, True, event)

    def answer(self, choice: int) -> Attempt:
        """Answer a choice step (``choice``: the option's index)."""
        step = self.step
        if self.done or step.kind is not StepKind.CHOICE or self.outcome is Outcome.SUCCESS:
            raise errors.IllegalActionError("there is no question to answer now")
        if type(choice) is not int or not 0 <= choice < len(step.options):
            raise errors.MalformedActionError(f"choose one of the {len(step.options)} answers")
        if choice == step.answer:
            return self._succeed(None)
        return self._fail()

    def next(self) -> bool:
        """Go on to the next step (after an info step, or a success); True when it moved."""
        step = self.step
        if self.done or self.replies:
            return False
        if step.kind is not StepKind.INFO and self.outcome is not Outcome.SUCCESS:
            return False
        if self.index + 1 >= self.total:
            self.done = True
            return True
        self._enter(self.index + 1)
        return True

    def retry(self) -> None:
        """Back to the start of the current step (the position as the step found it)."""
        self.session.state = self._mark.clone()
        del self.session.log[self._log_mark:]
        self.replies = []
        self.outcome = Outcome.WAITING
        self.message = ""
        self._turns = 0
        self.done = False

    def goto(self, index: int) -> None:
        """Jump to step ``index`` (0-based): the scripted path is played to get there
        (expected moves and replies); jumping ahead counts as skipping."""
        if type(index) is not int or not 0 <= index < self.total:
            raise errors.MalformedActionError(f"there is no step {index + 1} (this tutorial has {self.total})")
        if index > self.index:
            self.skipped = True
        fresh = Lesson(self.tutorial)
        for _ in range(index):
            fresh._walk()
        self.session = fresh.session
        self._rng = fresh._rng
        self.done = False
        self._enter(index)

    def _walk(self) -> None:
        """Play the current step the scripted way and move on (for :meth:`goto`)."""
        step = self.step
        if step.kind is StepKind.ACT:
            passing = [step.expected[0]] if step.expected else [
                a for a in self.state.legal_actions() if self._would_pass(step, a)][:1]
            for action in passing:
                self.session.apply(action)
        for reply in step.replies:
            self._apply_reply(reply)
        while self.state.is_chance():
            self.session.apply(self.state.sample_chance(self._rng))
        self._enter(self.index + 1)

    def _enter(self, index: int) -> None:
        self.index = index
        self.outcome = Outcome.WAITING
        self.message = ""
        self.tries = 0
        self.replies = []
        self._turns = 0
        self._mark = self.state.clone()
        self._log_mark = len(self.session.log)

    def _would_pass(self, step: Step, action: api.Action) -> bool:
        """The move meets the step's expected moves and checks (judged on a copy)."""
        text = action.notation()
        if step.expected and text not in step.expected:
            return False
        if not step.checks:
            return True
        trial = self.state.clone()
        trial.apply(action)
        return all(check.holds(trial, self.pov, text) for check in step.checks)

    def _play_finished(self, text: str) -> bool:
        step = self.step
        if self.state.is_terminal():
            return True
        if step.until and all(check.holds(self.state, self.pov, text) for check in step.until):
            return True
        return bool(step.turns) and self._turns >= step.turns and self.state.current_player != self.pov

    def _succeed(self, event: api.Event | None) -> Attempt:
        self.outcome = Outcome.SUCCESS
        self.message = self.step.success or WELL_DONE
        self.replies = list(self.step.replies) if self.step.kind is StepKind.ACT else []
        if self.index + 1 >= self.total and not self.replies:
            self.done = True
        return Attempt(Outcome.SUCCESS, self.message, event is not None, event)

    def refuse(self) -> Attempt:
        """Count a failed attempt that was not played (a puzzle's strict judge)."""
        return self._fail()

    def _fail(self) -> Attempt:
        self.tries += 1
        self.failures += 1
        self.outcome = Outcome.FAILURE
        self.message = self.step.failure or NOT_QUITE
        return Attempt(Outcome.FAILURE, self.message, False)

    # -- the others --------------------------------------------------------------------------------
    def play_reply(self) -> api.Event | None:
        """Play the next scripted reply (None when there is none)."""
        if not self.replies:
            return None
        event = self._apply_reply(self.replies.pop(0))
        if not self.replies and self.outcome is Outcome.SUCCESS and self.index + 1 >= self.total:
            self.done = True
        return event

    def _apply_reply(self, text: str) -> api.Event:
        if text == "chance":
            return self.session.apply(self.state.sample_chance(self._rng))
        return self.session.apply(text)

    def chance(self) -> api.Event:
        """Draw a chance outcome not scripted (in free play) from the lesson's seed."""
        return self.session.apply(self.state.sample_chance(self._rng))

    def after_other(self, text: str) -> None:
        """A computer moved during a play step: the step may be finished by it."""
        if not self.done and self.step.kind is StepKind.PLAY and self.outcome is Outcome.WAITING \
                and self._play_finished(text):
            self._succeed(None)
