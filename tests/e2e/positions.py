"""Representative mid-game positions of every game, as save texts for localStorage.

Built under CPython with the rules core: a seeded game is played by a simple
policy (plays preferred to discards, so columns and paths grow) until it is the
first seat's turn to choose, half-way through.  Used by the layout test.
"""

from __future__ import annotations

import random
import typing

from lostcities import api, session

KEYS: typing.Final = {"card": "lostcities:card:save", "board": "lostcities:board:save",
                      "roll": "lostcities:roll:save"}


def _pick(state: api.State, rng: random.Random) -> api.Action:
    actions = state.legal_actions()
    growing = [a for a in actions if type(a).__name__ in ("Play", "Advance", "Start", "Take")]
    return rng.choice(growing if growing and rng.random() < 0.8 else actions)


def _is_ready(current: session.Session, step: str) -> bool:
    state = current.state
    if state.is_chance() or state.is_terminal() or current.current_player != 0:
        return False
    return any(type(a).__name__ in step.split("|") for a in state.legal_actions())


def mid_game(game: str, *, seed: int = 5, moves: int = 40, options: typing.Mapping[str, typing.Any] | None = None,
             players: int = 2, prefs: typing.Mapping[str, str] | None = None, step: str = "") -> str:
    """The save text of ``game`` after about ``moves`` actions, the first seat (a person) to choose
    (``step``: the names of the action types to wait for, e.g. ``Accelerate``)."""
    levels = {"card": "easy", "board": "easy", "roll": "easy"}
    seats = [session.Seat("You")] + [session.Seat("Computer" if players == 2 else f"Computer {i}", levels[game])
                                     for i in range(1, players)]
    default_prefs = {"card": {"pace": "instant"}, "board": {"pace": "instant"},
                     "roll": {"mode": "game", "pace": "instant"}}[game]
    setup = session.Setup.create(game, seats, options or {}, {**default_prefs, **(prefs or {})})
    rng = random.Random(seed)
    current = session.Session.new(setup, rng)
    step = step or {"card": "Play|Discard", "board": "Start|Advance|Discard", "roll": "Take|Refuse"}[game]
    done = 0
    while not (done >= moves and _is_ready(current, step)):
        state = current.state
        if state.is_terminal():
            raise AssertionError(f"the {game} game ended before the position was reached")
        if state.is_chance():
            current.deal(rng)
        else:
            current.apply(_pick(state, rng))
            done += 1
    return current.to_text()


def long_column(*, seed: int = 9, players: int = 4, length: int = 7) -> str:
    """The board game's save text with the first seat's longest column holding at least ``length``
    cards (its chips need more than one line at their size), that seat to play with a dozen cards
    or more left in the draw pile: the first seat plays on one colour whenever it can (its lowest
    card first), everybody else as :func:`mid_game`'s players."""
    from lostcities import board

    seats = [session.Seat("You")] + [session.Seat(f"Computer {i}", "easy") for i in range(1, players)]
    setup = session.Setup.create("board", seats, {}, {"pace": "instant"})
    rng = random.Random(seed)
    current = session.Session.new(setup, rng)
    while True:
        state = typing.cast(board.State, current.state)
        if state.is_terminal():
            raise AssertionError("the board game ended before a column was long enough")
        if state.is_chance():
            current.deal(rng)
            continue
        longest = max(board.COLOURS, key=lambda c: len(state.column(0, c)))
        if (len(state.column(0, longest)) >= length and _is_ready(current, "Start|Advance|Discard")
                and state.view(0).draw_pile_size >= 12):  # turns to play before the round ends
            return current.to_text()
        actions = state.legal_actions()
        letter = longest.letter if state.column(0, longest) else ""
        mine = [a for a in actions if current.current_player == 0 and type(a).__name__ in ("Start", "Advance")
                and a.notation().split()[1].startswith(letter)]
        mine.sort(key=lambda a: int(a.notation().split()[1][1:]))  # the lowest card first: the column climbs slowly
        current.apply(mine[0] if mine else _pick(state, rng))


def end_of(game: str, *, at: str = "game", seed: int = 5, players: int = 2) -> str:
    """The save text of ``game`` played to its end by :func:`mid_game`'s players (computers, easy, at the
    other seats): ``at`` ``"game"``, the finished game (its final scores); ``"round"`` (the board game),
    the end of its first round (its round's scores, the next round's tiles still to lay out)."""
    if at not in ("game", "round") or (at == "round" and game != "board"):
        raise ValueError(f"no {at!r} end for the {game} game: 'game', or 'round' for the board game")
    from lostcities import board

    levels = {"card": "easy", "board": "easy", "roll": "easy"}
    seats = [session.Seat("You")] + [session.Seat("Computer" if players == 2 else f"Computer {i}", levels[game])
                                     for i in range(1, players)]
    prefs = {"card": {"pace": "instant"}, "board": {"pace": "instant"}, "roll": {"mode": "game", "pace": "instant"}}
    setup = session.Setup.create(game, seats, {}, prefs[game])
    rng = random.Random(seed)
    current = session.Session.new(setup, rng)
    while not current.state.is_terminal():
        state = current.state
        if (at == "round" and isinstance(state, board.State) and state.phase is board.Phase.TILES
                and state.results):
            break
        if state.is_chance():
            current.deal(rng)
        else:
            current.apply(_pick(state, rng))
    return current.to_text()
