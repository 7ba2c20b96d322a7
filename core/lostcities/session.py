"""The session layer: everything about a game in progress that is not the rules.

Pure Python, no DOM: a user interface (the browser screen, a test, the future
embed mode) keeps one :class:`Session` per game in progress and asks it

* who sits where (:class:`Seat`: a person or a computer of some level, names),
  whose turn it is and whether a computer plays it;
* who may look at the table (:meth:`Session.viewer`, :meth:`Session.needs_handover`):
  with several people on one device (pass and play) nobody sees a hand before
  tapping "ready", so two hands are never shown at once;
* what happened (:attr:`Session.log`, built from the :class:`~lostcities.api.Event`
  of every action, secrets stripped);
* how the match stands (:meth:`Session.progress`);
* how to save and restore it: the versioned save envelope (:meth:`Session.to_dict`,
  :func:`load`), validated here so that nothing in a user interface parses a save.

The save envelope of game ``name`` is an object with ``format``
``"lostcities.<name>-ui"``, ``version`` 1, ``revision`` (incremented on every
write, so that two tabs notice each other), ``setup`` (:meth:`Setup.to_dict`),
``state`` (:meth:`lostcities.api.State.to_dict`), ``ui`` (the screen's own small
notes), ``log`` and ``id`` (a random name of this game, so that its end is
counted once in the statistics).  Saves written by the first release of the screens (the
same format and version, with a per-game ``setup`` and the notes at the top
level) still load.  Stored text is parsed by :func:`lostcities.safejson.loads`
(size and nesting limits, no recursion).

>>> from lostcities import session
>>> setup = session.Setup.create("card", [session.Seat("You"), session.Seat("Computer", "easy")], {"games": 1})
>>> s = session.Session.new(setup, random.Random(1))
>>> s.current_player, s.is_computer_turn(), s.needs_handover()
(0, False, False)
>>> event = s.apply(s.state.legal_actions()[0])
>>> s.log[-1]["text"].startswith("You")
True
>>> restored = session.load(json.dumps(s.to_dict()), "card")
>>> restored.state == s.state and restored.revision == s.revision
True
>>> session.is_in_progress(json.dumps(s.to_dict()), "card")
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import random
import typing

from lostcities import api, errors, i18n, safejson

FORMAT_VERSION: typing.Final = 1
"""Version of the save envelope (the state inside has its own version)."""
MAX_NAME: typing.Final = 20
"""Longest player name, in characters (the same for every game)."""
MAX_LOG: typing.Final = 60
"""Log lines kept in a save."""
MAX_PREF: typing.Final = 40
"""Longest value of a screen preference (``pace``, ``mode``...)."""
HUMAN: typing.Final = "human"
"""The word older saves and setup forms use for a person's seat."""
ENVELOPE_KEYS: typing.Final = frozenset({"format", "version", "revision", "setup", "state", "ui", "log", "id"})
MAX_ID: typing.Final = 40
"""Longest game id (:attr:`Session.id`), in characters."""
ASSIST: typing.Final = "assist"
"""The preference that allows hints and undo with several people on one device (``"1"``: all agreed)."""


class SaveError(errors.InvalidStateError):
    """A save that cannot be restored.  ``reason`` is in plain words for the
    player (``it was saved by an older version of this site``); ``detail`` is
    the technical cause, for the console."""

    code = "invalid_save"

    def __init__(self, reason: str, *, detail: str = "") -> None:
        super().__init__(reason)
        self.detail = detail or reason


def save_format(game: str) -> str:
    """The save envelope's ``format`` for the game named ``game``.

    >>> save_format("card")
    'lostcities.card-ui'
    """
    return f"lostcities.{game}-ui"


def game_class(name: str) -> type[api.Game]:
    """The registered game called ``name``; raises ``InvalidStateError``."""
    found = api.games().get(name)
    if found is None:
        raise errors.InvalidStateError(f"there is no game called {name!r}")
    return found


# -- seats and setup ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Seat:
    """One seat at the table: a person (``level`` None) or a computer of ``level``.

    >>> Seat("Ann"), Seat("Computer", "hard").is_computer
    (Seat(name='Ann', level=None), True)
    """

    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    def to_dict(self) -> dict[str, typing.Any]:
        return {"name": self.name, "level": self.level}


def unique_names(names: typing.Sequence[str], blanks: typing.Sequence[str] = ()) -> list[str]:
    """Tidy names typed into a form: spaces collapsed, at most ``MAX_NAME``
    characters, a blank one becomes ``blanks[N]`` (default ``Player N``), a
    repeated one gets ``(2)``.

    >>> unique_names(["  Ann ", "", "ann"])
    ['Ann', 'Player 2', 'ann (2)']
    >>> unique_names(["", ""], ["Computer", "Computer"])
    ['Computer', 'Computer (2)']

    The word the current language shows for :data:`lostcities.api.YOU` (German *Du*, as the setup
    form shows it) is that seat: ``api.YOU``.
    """
    result: list[str] = []
    for index, raw in enumerate(names):
        blank = blanks[index] if index < len(blanks) else i18n._("Player {number}").format(number=index + 1)
        name = " ".join(str(raw).split())[:MAX_NAME] or blank
        name = api.YOU if name == api.shown_name(api.YOU) else name
        taken = {n.casefold() for n in result}
        count = 2
        base = name
        while name.casefold() in taken:
            suffix = f" ({count})"
            name = base[: MAX_NAME - len(suffix)] + suffix
            count += 1
        result.append(name)
    return result


OptionItems = tuple[tuple[str, api.OptionValue], ...]


@dataclasses.dataclass(frozen=True)
class Setup:
    """What was chosen before a game: the game, its seats, its options (from
    the game's ``option_schema``) and the screen's preferences (``pace``...).
    Build one with :meth:`create`, which validates everything."""

    game: str
    seats: tuple[Seat, ...]
    options: OptionItems = ()
    prefs: tuple[tuple[str, str], ...] = ()

    @classmethod
    def create(cls, game: str, seats: typing.Sequence[Seat], options: typing.Mapping[str, typing.Any] | None = None,
               prefs: typing.Mapping[str, str] | None = None) -> Setup:
        """A validated setup; raises ``InvalidOptionError`` naming the problem.

        >>> Setup.create("card", [Seat("You"), Seat("Computer", "wizard")])
        Traceback (most recent call last):
        ...
        lostcities.errors.InvalidOptionError: there is no computer player 'wizard' in Lost Cities: the card game
        """
        cls_ = api.games().get(game)
        if cls_ is None:
            raise errors.InvalidOptionError(f"there is no game called {game!r}")
        if not cls_.min_players <= len(seats) <= cls_.max_players:
            raise errors.InvalidOptionError(
                f"{cls_.title} is for {cls_.min_players} to {cls_.max_players} players, not {len(seats)}")
        for seat in seats:
            if not isinstance(seat.name, str) or not 0 < len(seat.name) <= MAX_NAME:
                raise errors.InvalidOptionError(f"a player's name must have 1 to {MAX_NAME} characters")
            if seat.level is not None and seat.level not in cls_.bot_levels:
                raise errors.InvalidOptionError(f"there is no computer player {seat.level!r} in {cls_.title}")
        given = dict(options or {})
        unknown = set(given) - {o.name for o in cls_.option_schema}
        if unknown:
            raise errors.InvalidOptionError(f"{cls_.title} has no option {sorted(unknown)[0]!r}")
        chosen = tuple((o.name, o.validate(given.get(o.name, o.default))) for o in cls_.option_schema)
        kept = tuple(sorted((str(k), str(v)[:MAX_PREF]) for k, v in (prefs or {}).items()))
        return cls(game, tuple(seats), chosen, kept)

    @property
    def game_class(self) -> type[api.Game]:
        return game_class(self.game)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of people (not computers)."""
        return tuple(i for i, seat in enumerate(self.seats) if not seat.is_computer)

    def option(self, name: str) -> api.OptionValue:
        return dict(self.options)[name]

    def pref(self, name: str, default: str = "") -> str:
        return dict(self.prefs).get(name, default)

    def make_game(self) -> api.Game:
        """The game these options describe (with the seat count when the game has several sizes)."""
        cls_ = self.game_class
        options: dict[str, typing.Any] = dict(self.options)
        if cls_.min_players != cls_.max_players:
            options["players"] = len(self.seats)
        return cls_.from_options(options)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"seats": [seat.to_dict() for seat in self.seats], "options": dict(self.options),
                "prefs": dict(self.prefs)}

    @classmethod
    def from_dict(cls, game: str, data: typing.Any) -> Setup:
        """Read a saved setup (this release's shape or the first release's
        per-game shapes); raises :class:`SaveError` in plain words."""
        if not isinstance(data, dict):
            raise SaveError(i18n._("its setup is missing"))
        if "seats" in data and "options" in data:
            seats, options, prefs = _read_seats(data.get("seats"), "level"), data.get("options"), data.get("prefs", {})
        elif "opponent" in data:
            seats, options, prefs = _read_two_seats(data, game), _rest(data, game, option=True), _rest(data, game)
        elif "seats" in data:
            seats, options, prefs = _read_seats(data.get("seats"), "kind"), _rest(data, game, option=True), _rest(
                data, game)
        else:
            raise SaveError(i18n._("its setup is damaged"))
        if not isinstance(options, dict) or not isinstance(prefs, dict):
            raise SaveError(i18n._("its options are damaged"))
        if not all(isinstance(v, str) for v in prefs.values()):
            raise SaveError(i18n._("its preferences are damaged"))
        try:
            return cls.create(game, seats, options, prefs)
        except errors.InvalidOptionError as err:
            raise SaveError(i18n._("its setup is damaged"), detail=err.reason) from None


def _read_seats(raw: typing.Any, key: str) -> list[Seat]:
    if not isinstance(raw, list) or not raw:
        raise SaveError(i18n._("its players are damaged"))
    seats = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise SaveError(i18n._("its players are damaged"))
        level = item.get(key)
        if level is not None and not isinstance(level, str):
            raise SaveError(i18n._("its players are damaged"))
        seats.append(Seat(item["name"], None if level in (None, HUMAN) else level))
    return seats


def _read_two_seats(data: typing.Mapping[str, typing.Any], game: str) -> list[Seat]:
    """The first release's two-player setup: ``opponent`` (a level or ``human``) and ``names``."""
    opponent, names = data.get("opponent"), data.get("names")
    if opponent not in (*game_class(game).bot_levels, HUMAN):
        raise SaveError(i18n._("its opponent {name} is unknown").format(name=repr(str(opponent)[:20])))
    if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise SaveError(i18n._("its player names are damaged"))
    return [Seat(names[0]), Seat(names[1], None if opponent == HUMAN else opponent)]


def _rest(data: typing.Mapping[str, typing.Any], game: str, *, option: bool = False) -> dict[str, typing.Any]:
    """The first release's options (``option``) or preferences (the other plain keys)."""
    names = {o.name for o in game_class(game).option_schema}
    seat_keys = {"opponent", "names", "seats"}
    if option:
        return {k: v for k, v in data.items() if k in names}
    return {k: v for k, v in data.items() if k not in names and k not in seat_keys and isinstance(v, str)}


# -- the setup form ---------------------------------------------------------------------------

OPPONENT_FIELD: typing.Final = "opponent"
"""The form field of a two-player game's opponent: a computer level or ``human``."""


def name_field(index: int) -> str:
    """The form field of seat ``index``'s name: ``name1``, ``name2``..."""
    return f"name{index + 1}"


def seat_field(index: int) -> str:
    """The form field of seat ``index``'s kind (games for more than two): ``""``, ``human`` or a level."""
    return f"seat{index + 1}"


def form_value(value: api.OptionValue) -> str:
    """An option value as a form field writes it.

    >>> form_value(6), form_value(True), form_value("x")
    ('6', '1', 'x')
    """
    if isinstance(value, bool):
        return "1" if value else ""
    return str(value)


def _form_two_seats(cls_: type[api.Game], values: typing.Mapping[str, str]) -> list[Seat]:
    """The seats of a two-player form: two named people, or You against a computer level."""
    opponent = values.get(OPPONENT_FIELD, cls_.bot_levels[0] if cls_.bot_levels else HUMAN)
    if opponent != HUMAN:
        return [Seat(api.YOU), Seat(i18n._("Computer"), opponent)]
    first, second = unique_names([values.get(name_field(0), ""), values.get(name_field(1), "")])
    return [Seat(first), Seat(second)]


def _form_seats(cls_: type[api.Game], values: typing.Mapping[str, str]) -> list[Seat]:
    """The seats of a form with a kind (person or computer level) and a name per seat."""
    kinds = [(i, values.get(seat_field(i), HUMAN if i < cls_.min_players else ""))
             for i in range(cls_.max_players)]
    taken = [(i, kind) for i, kind in kinds if kind]
    # A blank name: "Player N" for a person, "Computer" for a computer (numbered when there are several).
    computers = [i for i, kind in taken if kind != HUMAN]
    blanks = [i18n._("Player {number}").format(number=n + 1) if kind == HUMAN else
              i18n._("Computer") if len(computers) == 1 else
              i18n._("Computer {number}").format(number=computers.index(i) + 1)
              for n, (i, kind) in enumerate(taken)]
    names = unique_names([values.get(name_field(i), "") for i, _ in taken], blanks)
    return [Seat(name, None if kind == HUMAN else kind) for name, (_, kind) in zip(names, taken, strict=True)]


def setup_from_form(game: str, values: typing.Mapping[str, str],
                    prefs: typing.Mapping[str, typing.Sequence[str]] | None = None) -> Setup:
    """Read the form of :func:`lostcities.ui.html.setup_form` back into a validated
    :class:`Setup`; ``prefs`` maps each screen preference to its allowed values
    (the first is the default).  Raises ``InvalidOptionError``.

    >>> s = setup_from_form("card", {"opponent": "human", "name1": " Ann ", "name2": "", "games": "1"})
    >>> s.names, s.option("games"), s.option("colours")
    (('Ann', 'Player 2'), 1, 5)
    >>> setup_from_form("card", {"opponent": "hard", "pace": "fast"}, {"pace": ["normal", "quick"]}).prefs
    (('pace', 'normal'),)
    """
    cls_ = api.games().get(game)
    if cls_ is None:
        raise errors.InvalidOptionError(f"there is no game called {game!r}")
    seats = _form_two_seats(cls_, values) if cls_.min_players == cls_.max_players == 2 else _form_seats(cls_, values)
    options: dict[str, api.OptionValue] = {}
    for option in cls_.option_schema:
        raw = values.get(option.name)
        if option.kind is api.OptionKind.BOOL:
            options[option.name] = bool(raw)
        else:
            options[option.name] = next((v for v in option.values() if form_value(v) == raw), option.default)
    chosen = {name: (values.get(name) if values.get(name) in allowed else allowed[0])
              for name, allowed in (prefs or {}).items() if allowed}
    return Setup.create(game, seats, options, {k: str(v) for k, v in chosen.items()})


# -- the session --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Progress:
    """How a game stands, for a status line or a home-screen tile."""

    moves: int
    scores: tuple[int, ...]
    is_over: bool
    to_act: int
    """``current_player`` of the state (a seat, ``CHANCE`` or ``TERMINAL``)."""


class Session:
    """A game in progress: its setup, its state, the log and the save revision."""

    def __init__(self, setup: Setup, state: api.State, *, revision: int = 0,
                 log: typing.Iterable[typing.Mapping[str, typing.Any]] = (),
                 ui: typing.Mapping[str, typing.Any] | None = None, id: str = "") -> None:
        self.setup = setup
        self.id = id or f"{random.SystemRandom().getrandbits(64):016x}"
        """This game's name, random (never from ``?seed``): the statistics count a finished game once."""
        self.state = state
        self.revision = revision
        """The revision of the save this session was loaded from or last wrote."""
        self.log: list[dict[str, typing.Any]] = [dict(entry) for entry in log][-MAX_LOG:]
        self.ui: dict[str, typing.Any] = dict(ui or {})
        """The screen's own notes (what the last turn did, highlights), saved as they are."""
        self.looking: int | None = None
        """The person who may look at the table now (pass and play), or None."""
        self._undo_cache: tuple[int, api.State | None] = (-1, None)
        self._before: tuple[int, api.State] | None = None
        """A copy of the state before a person's last action (its history length): what the record
        without that action rebuilds, kept so that the screen need not replay the record after every move."""

    @classmethod
    def new(cls, setup: Setup, rng: random.Random, *, deal: bool = True, revision: int = 0) -> Session:
        """A new game of ``setup``; ``deal`` draws the opening chance outcomes from ``rng``."""
        game = setup.make_game()
        state = game.new_game(rng) if deal else game.new_state()
        session = cls(setup, state, revision=revision)
        if len(setup.people) == 1:
            session.looking = setup.people[0]
        return session

    # -- seats and turns ------------------------------------------------------------------------
    @property
    def game(self) -> api.Game:
        return self.state.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.names

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def name(self, player: int) -> str:
        return self.names[player] if 0 <= player < len(self.names) else "Chance"

    def is_computer(self, player: int) -> bool:
        return 0 <= player < len(self.setup.seats) and self.setup.seats[player].is_computer

    def is_computer_turn(self) -> bool:
        return self.is_computer(self.current_player)

    def is_person_turn(self) -> bool:
        player = self.current_player
        return player >= 0 and not self.is_computer(player)

    def level(self, player: int) -> str:
        """The computer level of ``player``'s seat (``""`` for a person)."""
        return self.setup.seats[player].level or ""

    def needs_handover(self) -> bool:
        """True when a person is to act who has not yet said they hold the device
        (only with two or more people: one person never needs a hand-over)."""
        return len(self.setup.people) > 1 and self.is_person_turn() and self.looking != self.current_player

    def reveal(self) -> None:
        """The person to act has the device: they may look now."""
        if self.is_person_turn():
            self.looking = self.current_player

    def viewer(self) -> int:
        """Whose eyes the table is drawn for: the person looking, else the first person, else seat 0."""
        if self.looking is not None:
            return self.looking
        people = self.setup.people
        return people[0] if len(people) == 1 else 0

    # -- acting ---------------------------------------------------------------------------------
    def apply(self, action: api.Action | str) -> api.Event:
        """Validate and perform ``action`` (once), log it and return its event."""
        person = self.is_person_turn()
        before = (len(self.state.history), self.state.clone()) if person else None
        event = self.state.apply(action)
        self._before = before
        self.log.append(self._told(event))
        del self.log[:-MAX_LOG]
        return event

    def _told(self, event: api.Event) -> dict[str, typing.Any]:
        """The log's line of ``event``, in the current language (``lang``: the language it is told in)."""
        return {"player": event.player, "kind": event.kind, "text": event.describe(self.names), "lang": i18n.current()}

    def is_told_in_another_language(self) -> bool:
        """Some line of the log was told in another language than the current one (the player switched
        language since; a line of a save older than this knows no language and counts as current)."""
        here = i18n.current()
        return any(entry.get("lang", here) != here for entry in self.log)

    def retell(self) -> None:
        """Tell the log again in the current language: the record replayed from its start, each event
        described as the current language says it (the events themselves are the same).  The log keeps
        its window: a line for each of the last actions it told (not the opening deal a new game draws
        untold, :meth:`new`; an undo takes back an action and its line together)."""
        if not self.log:
            return
        record = self.state.record()
        replay = api.Record(record.game, (), record.start).replay()
        told = [self._told(replay.apply(action)) for action in record.actions]
        self.log = told[-len(self.log):]

    def deal(self, rng: random.Random) -> api.Event:
        """Apply the pending chance outcome (a shuffle, a roll) drawn from ``rng``."""
        return self.apply(self.state.sample_chance(rng))

    # -- hints and undo -------------------------------------------------------------------------
    def assists(self) -> bool:
        """Hints and undo are on: one person against computers (or alone), or
        several people who all agreed in the setup (the ``assist`` preference)."""
        return len(self.setup.people) == 1 or (len(self.setup.people) > 1 and self.setup.pref(ASSIST) == "1")

    def undo_state(self) -> api.State | None:
        """The state before the last action, when its person may take it back:
        the last action was a person's, the game allows it
        (:meth:`lostcities.api.State.can_undo`: it revealed nothing, drew no
        chance outcome), and that person is still the one to act (or the game
        waits for them to roll).  Rebuilt from the record without that action
        (or the copy :meth:`apply` kept of it, equal to it);
        None when no undo is offered.  A computer's move is never undone."""
        history = self.state.history
        if not history:
            return None
        cached_at, cached = self._undo_cache
        if cached_at == len(history):
            return cached
        found: api.State | None = None
        last = self.log[-1] if self.log else None
        if last is not None and not (0 <= last["player"] < len(self.setup.seats) and not self.is_computer(
                last["player"])):
            self._undo_cache = (len(history), None)  # the log says chance or a computer moved last
            return None
        before: api.State | None
        if self._before is not None and self._before[0] == len(history) - 1:
            before = self._before[1].clone()
        else:
            record = self.state.record()
            try:
                before = api.Record(record.game, record.actions[:-1], record.start).replay()
            except errors.GameError:
                before = None
        if before is not None:
            actor = before.current_player
            now = self.state.current_player
            # Still theirs to act -- or a chance outcome waits (Roll & Write's next roll): it is not drawn
            # yet, so taking the action back reveals nothing and draws nothing again.
            still = now == actor or self.state.is_chance()
            if actor >= 0 and not self.is_computer(actor) and still and before.can_undo(history[-1]):
                found = before
        self._undo_cache = (len(history), found)
        return found

    def can_undo(self) -> bool:
        return self.assists() and self.undo_state() is not None

    def undo(self) -> None:
        """Take back the last action of the person to act (see :meth:`undo_state`);
        raises ``IllegalActionError`` when none may be.  The log loses its line."""
        before = self.undo_state() if self.assists() else None
        if before is None:
            raise errors.IllegalActionError(i18n._("there is no move of yours to take back"))
        player = before.current_player
        self.state = before
        if self.log and self.log[-1].get("player") == player:
            self.log.pop()
        self._undo_cache = (-1, None)
        self._before = None

    # -- replay ---------------------------------------------------------------------------------
    def replay_start(self) -> int:
        """How many actions of the record come before the first player's action
        (the opening deal): a replay starts there."""
        history = self.state.history
        record = self.state.record()
        state = api.Record(record.game, (), record.start).replay()
        count = 0
        while count < len(history) and state.is_chance():
            state.apply(history[count])
            count += 1
        return count

    def game_starts(self) -> list[int]:
        """Where each game of the record starts for a replay: the first position a player acts
        in after each deal (the first is :meth:`replay_start`; a match of several games has one
        per game dealt so far).  Replays the record once."""
        history = self.state.history
        record = self.state.record()
        state = api.Record(record.game, (), record.start).replay()
        starts: list[int] = []
        done, waiting = 0, True
        for count, action in enumerate(history):
            if waiting and not state.is_chance():
                starts.append(count)
                waiting = False
            state.apply(action)
            if len(state.finished()) > done:
                done, waiting = len(state.finished()), True
        if waiting and not state.is_chance() and not state.is_terminal():
            starts.append(len(history))
        return starts

    def replay_at(self, step: int) -> api.State:
        """The position after the first ``step`` actions of the record (raises
        ``InvalidStateError`` when the record cannot be replayed)."""
        record = self.state.record()
        step = max(0, min(step, len(record.actions)))
        return api.Record(record.game, record.actions[:step], record.start).replay()

    def progress(self) -> Progress:
        return Progress(len(self.state.history), tuple(self.state.scores()), self.state.is_terminal(),
                        self.current_player)

    # -- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, typing.Any]:
        """The save envelope (``revision`` as it stands: bump it before writing)."""
        return {"format": save_format(self.setup.game), "version": FORMAT_VERSION, "revision": self.revision,
                "setup": self.setup.to_dict(), "state": self.state.to_dict(), "ui": self.ui, "log": self.log,
                "id": self.id}

    def to_text(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))


def parse(text_or_data: typing.Any) -> typing.Any:
    """Stored text parsed with the limits of :func:`lostcities.safejson.loads`
    (data passes through); raises :class:`SaveError`."""
    if not isinstance(text_or_data, str):
        return text_or_data
    try:
        return safejson.loads(text_or_data)
    except errors.InvalidStateError as err:
        raise SaveError(i18n._("it is damaged and cannot be read"), detail=err.reason) from None


def check_header(data: typing.Any, game: str) -> None:
    """Raise :class:`SaveError` unless ``data`` is a save envelope of ``game`` that this version reads."""
    title = i18n._(game_class(game).title)
    if not isinstance(data, dict):
        raise SaveError(i18n._("it is not a save of {title}").format(title=title))
    found = data.get("format")
    if found != save_format(game):
        other = [i18n._(cls.title) for name, cls in api.games().items() if save_format(name) == found]
        if other:
            raise SaveError(i18n._("it holds a save of another game ({title})").format(title=other[0]))
        raise SaveError(i18n._("it is not a save of {title}").format(title=title))
    version = data.get("version")
    if version != FORMAT_VERSION:
        if type(version) is int and version < FORMAT_VERSION:
            raise SaveError(i18n._("it was saved by an older version of this site (save format {version}); "
                                   "this version reads format {current}").format(version=version,
                                                                               current=FORMAT_VERSION))
        raise SaveError(i18n._("it was saved in an unknown format ({version}); this version reads format {current}"
                               ).format(version=str(version)[:20], current=FORMAT_VERSION))


def revision_of(text_or_data: typing.Any) -> int:
    """The ``revision`` of a stored save (0 when absent, unreadable or from the first release).

    >>> revision_of('{"revision": 7}'), revision_of("[1"), revision_of(None)
    (7, 0, 0)
    """
    if text_or_data is None:
        return 0
    try:
        data = parse(text_or_data)
    except SaveError:
        return 0
    revision = data.get("revision") if isinstance(data, dict) else None
    return revision if type(revision) is int and revision >= 0 else 0


def load(text_or_data: typing.Any, game: str) -> Session:
    """Restore the session saved as ``text_or_data`` (stored text or parsed data)
    for the game named ``game``, validating everything; raises :class:`SaveError`
    with a reason in plain words (and the technical ``detail``)."""
    data = parse(text_or_data)
    check_header(data, game)
    setup = Setup.from_dict(game, data.get("setup"))
    try:
        state = api.state_from_dict(data.get("state"))
    except errors.GameError as err:
        raise SaveError(i18n._("its position is damaged"), detail=err.reason) from None
    except Exception as err:  # noqa: BLE001 - a damaged save must never escape as another error
        raise SaveError(i18n._("its position is damaged"), detail=f"{type(err).__name__}: {err}") from None
    try:
        expected = setup.make_game()
    except errors.GameError as err:
        raise SaveError(i18n._("its setup is damaged"), detail=err.reason) from None
    if state.game != expected:
        raise SaveError(i18n._("its setup does not match its position"),
                        detail=f"setup {expected!r}, position {state.game!r}")
    revision = revision_of(data)
    ui = data.get("ui")
    if not isinstance(ui, dict):
        ui = {k: v for k, v in data.items() if k not in ENVELOPE_KEYS}
    raw_log = data.get("log")
    log = [e for e in raw_log if _is_log_entry(e)] if isinstance(raw_log, list) else []
    raw_id = data.get("id")
    game_id = raw_id if isinstance(raw_id, str) and 0 < len(raw_id) <= MAX_ID else _derived_id(state)
    session = Session(setup, state, revision=revision, log=log, ui=ui, id=game_id)
    if len(setup.people) == 1:
        session.looking = setup.people[0]
    if session.is_told_in_another_language():
        with contextlib.suppress(errors.GameError):  # a record that no longer replays keeps its lines
            session.retell()
    return session


def _derived_id(state: api.State) -> str:
    """The id of a save written before games had one: from its record (the shuffle makes it unique)."""
    return "r" + hashlib.sha256(api.canonical_json(state.record().to_dict()).encode()).hexdigest()[:16]


def _is_log_entry(entry: typing.Any) -> bool:
    return (isinstance(entry, dict) and type(entry.get("player")) is int and isinstance(entry.get("text"), str)
            and isinstance(entry.get("kind"), str))


def is_in_progress(text_or_data: typing.Any, game: str) -> bool:
    """True when ``text_or_data`` is a readable save of an unfinished game of ``game``
    (a damaged or finished one does not count): the home screen's *Continue*."""
    if text_or_data is None:
        return False
    try:
        return not load(text_or_data, game).state.is_terminal()
    except SaveError:
        return False
