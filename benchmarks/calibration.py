"""Play-out turns per CPU second of a game's hard bot and its frozen copy, on the same positions:
what ``ai_card.py --calibrate`` and ``ai_board.py --calibrate`` print (their own positions, bots and
browser figures given here)."""

from __future__ import annotations

import random
import time
import typing

from lostcities import api, bots


def positions(new_state: typing.Callable[[int], api.State], medium: bots.Bot, count: int, seed: int,
              is_kept: typing.Callable[[api.View, random.Random], bool]) -> list[api.View]:
    """``count`` views of the medium level's games (``new_state(n)`` starts game n's state, ``n``
    the number of views kept so far) that ``is_kept`` keeps, in play order."""
    rng = random.Random(seed)
    views: list[api.View] = []
    while len(views) < count:
        state = new_state(len(views))
        while not state.is_terminal() and len(views) < count:
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.current_player)
            if is_kept(view, rng):
                views.append(view)
            state.apply(bots.choose(medium, view, rng))
    return views


class Timed(typing.NamedTuple):
    """A bot to time: a new one for each position, and a count of play-out turns that grows by the
    turns it runs (its own ``last_work``, or a count kept for the frozen copy)."""

    make: typing.Callable[[], bots.Bot]
    turns: typing.Callable[[bots.Bot], int]


def report(views: typing.Sequence[api.View], timed: typing.Mapping[str, Timed], seed: int,
           browser_seconds: float, pyodide_slowdown: float) -> None:
    """Time each of ``timed`` on every view, alternating them (a change in the machine's load hits
    all alike), and print the turns per CPU second and what ``browser_seconds`` buy in Pyodide."""
    seconds = dict.fromkeys(timed, 0.0)
    turns = dict.fromkeys(timed, 0)
    for i, view in enumerate(views):
        for name, (make, count) in timed.items():
            bot = make()
            before = count(bot)
            t0 = time.process_time()
            bots.choose(bot, view, random.Random(i))
            seconds[name] += time.process_time() - t0
            turns[name] += count(bot) - before
    print(f"# play-out turns per CPU second on CPython, {len(views)} positions, seed {seed}")
    for name in timed:
        rate = turns[name] / seconds[name]
        print(f"{name:<7} {turns[name]:>8} turns {seconds[name]:>7.2f} s {rate:>8.0f} turns/s "
              f"-> {browser_seconds} s in Pyodide = {rate * browser_seconds / pyodide_slowdown:.0f} turns")
