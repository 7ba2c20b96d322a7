"""Speed of the pure renderers: milliseconds per screen, for every game.

Pyodide runs Python about two to three times slower than CPython: a screen
should take a few milliseconds here so that a redraw stays well under one
frame budget in the browser (target: card table under 10 ms, a five-player
Roll & Write screen under 20 ms, a four-player board under 20 ms, here).

    PYTHONPATH=core python benchmarks/render.py --repeat 50

``--replay`` draws every position of three seeded records per game (a finished game of random
legal moves, the replay screen's :func:`position`) in English and in German, and prints one
SHA-256 per game and language over all that HTML with the milliseconds of CPU per position (the
machine's load inflates them less than the clock's): a change
that speeds the renderers must leave the six hashes as they were.

    PYTHONPATH=core python benchmarks/render.py --replay
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
import typing

from lostcities import api, board, card, i18n, roll
from lostcities.ui import board as board_html
from lostcities.ui import card as card_html
from lostcities.ui import roll as roll_html


def timed(render: typing.Callable[[], object], repeat: int) -> float:
    """Median milliseconds of one call of ``render``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        render()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def mid_game(state: typing.Any, rng: random.Random, actions: int) -> typing.Any:
    """``state`` after ``actions`` random actions (chance included), stopped before the end."""
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state


def card_screen(rng: random.Random) -> typing.Callable[[], object]:
    state = mid_game(card.Game(games=1).new_state(), rng, 30)
    view = state.view(max(state.current_player, 0))
    names = ("You", "Computer")

    def render() -> object:
        return (card_html.table(view, names=names, selected=view.hand[0].id if view.hand else None),
                card_html.hand(view))
    return render


def roll_screen(rng: random.Random) -> typing.Callable[[], object]:
    state = roll.Game(players=5).new_game(rng)
    names = [f"P{i}" for i in range(5)]
    scorers = roll_html.passed_by(state.sheets, names)

    def render() -> object:
        parts = [roll_html.sheet(state.sheets[0], name="P0", scorers=scorers, targets={"box:red-1"},
                                 interactive=True)]
        parts += [roll_html.sheet_thumb(state.sheets[p], name=names[p], player=p) for p in range(5)]
        parts.append(roll_html.dice_tray(state.roll, interactive=True))
        return parts
    return render


def board_screen(rng: random.Random) -> typing.Callable[[], object]:
    state = mid_game(board.Game(players=4).new_state(), rng, 80)
    view = state.view(max(state.current_player, 0))
    names = ("You", "Ann", "Ben", "Cy")

    def render() -> object:
        return (board_html.board_html(view, names=names), board_html.players(view, names, ("", "", "", "")),
                board_html.hand(view))
    return render


Replayed = tuple[str, typing.Callable[[], api.Game], typing.Callable[[typing.Any, typing.Sequence[str]], str],
                 tuple[str, ...]]
REPLAY_GAMES: typing.Final[tuple[Replayed, ...]] = (
    ("card", lambda: card.Game(games=1), card_html.position, ("You", "Computer")),
    ("board", lambda: board.Game(players=4), board_html.position, ("You", "Ann", "Ben", "Cy")),
    ("roll", lambda: roll.Game(players=3), roll_html.position, ("You", "Ann", "Ben")),
)
"""The replayed games: a name, a new game, its renderer's replay position and the seats' names."""
REPLAY_SEEDS: typing.Final = (1, 2, 3)


def record(game: api.Game, seed: int) -> api.Record:
    """A finished game of random legal moves (chance included), seeded."""
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state.record()


def positions(rec: api.Record) -> list[api.State]:
    """Every position of ``rec`` where a player acts or the game is over (a replay's steps)."""
    start = api.Record(rec.game, (), rec.start).replay()
    found = []
    for action in rec.actions:
        if not start.is_chance():
            found.append(start.clone())
        start.apply(action)
    found.append(start.clone())
    return found


def replay(lang: str) -> None:
    """Hash and time every replay position of the seeded records of each game, in ``lang``."""
    for name, make, render, names in REPLAY_GAMES:
        states = [s for seed in REPLAY_SEEDS for s in positions(record(make(), seed))]
        digest = hashlib.sha256()
        with i18n.using(lang):
            started = time.process_time()
            pages = [render(state, names) for state in states]
            spent = time.process_time() - started
        for page in pages:
            digest.update(page.encode())
            digest.update(b"\0")
        print(f"{name:6} {lang}  {len(states):5} positions  {spent / len(states) * 1000:6.2f} ms CPU per position  "
              f"sha256 {digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replay", action="store_true",
                        help="hash and time every replay position of seeded records, in English and German")
    args = parser.parse_args()
    if args.replay:
        for lang in ("en", "de"):
            replay(lang)
        return
    for name, make, target in (("card table", card_screen, 10.0), ("roll, 5 players", roll_screen, 20.0),
                               ("board, 4 players", board_screen, 20.0)):
        ms = timed(make(random.Random(args.seed)), args.repeat)
        print(f"{name:18} {ms:6.2f} ms per screen (target < {target:.0f} ms: {'met' if ms < target else 'MISSED'})")


if __name__ == "__main__":
    main()
