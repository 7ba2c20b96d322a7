"""Speed of the rules engine through its public API, against the unchecked hook.

Uniformly random games, dealt and played to the end in one process, measured in
CPU time (``time.process_time``), with the same seeded deals and choices for
each mode:

* ``validated``: ``legal_actions()`` then ``apply(action)`` (checked, returns
  its event with the log text) -- what tests, replays, tutorials and the embed pay;
* ``unchecked``: ``legal_actions()`` then ``apply_unchecked(action)`` (the
  ``_do`` hook: no check, no event) -- the AI's play-outs.

Then ``Record.replay`` of records of growing length (a long match or game):
the CPU time per replayed action stays flat when replaying is linear; and
``clone`` (what the AI's play-outs start from).

    PYTHONPATH=core python benchmarks/engine.py              # the card game
    PYTHONPATH=core python benchmarks/engine.py --game board --games 20
    PYTHONPATH=core python benchmarks/engine.py --compare /tmp/base/core
    PYTHONPATH=core python benchmarks/engine.py --digest 120
    PYTHONPATH=core python benchmarks/engine.py --instructions /tmp/base/core

``--digest N`` prints one hash of what ``N`` seeded validated games show: every
event's ``to_dict()``, ``describe()`` and ``for_viewer()`` for each seat, and the
final state's ``to_dict()``; a change that only makes the engine faster keeps it.

``--instructions [CORE]`` counts the instructions (valgrind's callgrind, so
independent of load) per validated and per unchecked game: a run of ``--games``
games minus a run of none, the same seeds for each build; with ``CORE`` the
other build as well.

Figures are CPU time of this process only, the best of ``--rounds`` (the modes
alternate); on a loaded machine they still move by some per cent between
runs, so compare modes of the same run.

``--compare CORE`` measures the games against another build of the core as
well (``CORE`` is the directory holding its ``lostcities``, e.g. the ``core``
of a worktree of an earlier commit): each round runs one child process per
build, alternating, so a change of load hits both; the ratios of this build to
the other are of the same run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pathlib
import random
import subprocess
import sys
import time
import typing

import lostcities
from lostcities import api

DEFAULT_GAMES = {"card": 400, "roll": 60, "board": 30}
"""Games per mode (about two seconds each on an unloaded core)."""


def variant(name: str) -> api.Game:
    cls = api.games()[name]
    if name == "card":
        return cls.from_options({"games": 1})
    return cls.variants()[0]


def play(game: api.Game, count: int, seed: int, validated: bool,
         seen: typing.Callable[[api.State, api.Event], None] | None = None) -> tuple[int, int, float]:
    """Play ``count`` random games; return (games, player actions, CPU seconds).
    ``seen`` (validated games only) is given the state and the event after each action."""
    turns = 0
    start = time.process_time()
    for number in range(count):
        rng = random.Random(seed * 1_000_003 + number)
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                turns += 1
            if validated:
                event = state.apply(action)
                if seen is not None:
                    seen(state, event)
            else:
                state.apply_unchecked(action)
    return count, turns, time.process_time() - start


def digest(game: api.Game, count: int, seed: int) -> str:
    """A hash of everything ``count`` seeded validated games show (see ``--digest``)."""
    names = [f"P{seat}" for seat in range(game.num_players)]
    sha = hashlib.sha256()

    def seen(state: api.State, event: api.Event) -> None:
        shown = [event.to_dict(), event.describe(names)]
        shown += [event.for_viewer(seat).to_dict() for seat in range(len(names))]
        if state.is_terminal():
            shown.append(state.to_dict())
        sha.update(json.dumps(shown, sort_keys=True).encode())

    play(game, count, seed, True, seen)
    return sha.hexdigest()


def instructions(core: pathlib.Path, args: argparse.Namespace, validated: bool) -> float:
    """Instructions per game of ``core`` under callgrind: ``args.games`` games minus none."""
    counts: list[int] = []
    # One uncounted run first: it writes the build's bytecode caches, which the counted
    # runs then both read (else the run of none pays for compiling and the difference is off).
    subprocess.run([sys.executable, __file__, "--child-play", "validated", "--game", args.game, "--games", "0"],
                   env={**os.environ, "PYTHONPATH": str(core)}, capture_output=True, check=True)
    for games in (0, args.games):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
                   "--child-play", "validated" if validated else "unchecked", "--game", args.game,
                   "--games", str(games), "--seed", str(args.seed)]
        env = {**os.environ, "PYTHONPATH": str(core)}
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        counts += [int(line.rsplit(" ", 1)[1].replace(",", "")) for line in done.stderr.splitlines()
                   if "Collected :" in line]
    return (counts[1] - counts[0]) / int(args.games)


def long_record(game: api.Game, seed: int) -> api.Record:
    """The record of one random game (for the card game: a match of three)."""
    if game.name == "card":
        game = type(game).from_options({"games": 3})
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_terminal():
        state.apply_unchecked(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    return state.record()


def replay_rate(record: api.Record, length: int, repeat: int) -> float:
    """CPU microseconds per action to replay the first ``length`` actions of ``record``."""
    prefix = api.Record(record.game, record.actions[:length], record.start)
    start = time.process_time()
    for _ in range(repeat):
        prefix.replay()
    return (time.process_time() - start) / (repeat * length) * 1e6


Figures = dict[str, tuple[int, int, float]]
"""Per mode, the best measurement: (games, player actions, CPU seconds)."""

MODES: typing.Final = (("validated", True), ("unchecked", False))


def measure(game: api.Game, count: int, seed: int, rounds: int) -> Figures:
    """The best of ``rounds`` measurements of each mode (the modes alternate: a
    change of load hits both)."""
    best: Figures = {}
    for _ in range(rounds):
        for label, validated in MODES:
            games, turns, seconds = play(game, count, seed, validated)
            if label not in best or seconds < best[label][2]:
                best[label] = (games, turns, seconds)
    return best


def show(best: Figures, rounds: int, build: str = "") -> dict[str, float]:
    """Print the figures of one build; return its games per second by mode."""
    rates = {}
    for label, (games, turns, seconds) in best.items():
        rates[label] = games / seconds
        print(f"{build}{label:<10} {games / seconds:9.1f} games/s {turns / seconds:11.0f} actions/s "
              f"({turns / games:.0f} player actions per game, best of {rounds}: {seconds:.2f} s)")
    print(f"{build}validated / unchecked: {rates['validated'] / rates['unchecked']:.2f}")
    return rates


def measure_in_child(core: pathlib.Path, args: argparse.Namespace) -> Figures:
    """One round of :func:`measure` in a child process importing ``lostcities`` from ``core``."""
    command = [sys.executable, __file__, "--child", "--game", args.game, "--games", str(args.games),
               "--seed", str(args.seed), "--rounds", "1"]
    env = {**os.environ, "PYTHONPATH": str(core)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return {label: (games, turns, seconds) for label, (games, turns, seconds) in json.loads(done.stdout).items()}


def compare(other: pathlib.Path, args: argparse.Namespace) -> None:
    """Measure this build and ``other`` in alternating child processes; print both and the ratios."""
    builds = {"this": pathlib.Path(lostcities.__file__).resolve().parent.parent, "other": other.resolve()}
    best: dict[str, Figures] = {name: {} for name in builds}
    for _ in range(args.rounds):
        for name, core in builds.items():
            for label, figures in measure_in_child(core, args).items():
                if label not in best[name] or figures[2] < best[name][label][2]:
                    best[name][label] = figures
    rates = {}
    for name, core in builds.items():
        print(f"# {name}: {core}")
        rates[name] = show(best[name], args.rounds, f"{name:<6}")
    for label, _ in MODES:
        print(f"{label} this / other: {rates['this'][label] / rates['other'][label]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="card", choices=sorted(api.games()))
    parser.add_argument("--games", type=int, default=0, help="random games per mode (default: per game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="measurements per mode (the best is shown)")
    parser.add_argument("--compare", type=pathlib.Path, metavar="CORE",
                        help="also measure the lostcities package under CORE, in the same run")
    parser.add_argument("--digest", type=int, metavar="N", help="print the hash of N seeded games (see above)")
    parser.add_argument("--instructions", nargs="?", const=True, type=pathlib.Path, metavar="CORE",
                        help="instructions per game under callgrind (and of the build under CORE)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-play", choices=[label for label, _ in MODES], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    game = variant(args.game)
    if args.digest is not None:
        print(digest(game, args.digest, args.seed))
        return 0
    if args.child_play:  # one run for --instructions
        if args.games:
            play(game, args.games, args.seed, args.child_play == "validated")
        return 0
    if args.instructions is not None:
        args.games = args.games or 20
        builds = {"this": pathlib.Path(lostcities.__file__).resolve().parent.parent}
        if isinstance(args.instructions, pathlib.Path):
            builds["other"] = args.instructions.resolve()
        for name, core in builds.items():
            counts = {label: instructions(core, args, validated) for label, validated in MODES}
            print(f"{name:<6}" + ", ".join(f"{label} {count / 1e6:.3f} M" for label, count in counts.items())
                  + f" instructions per game ({args.games} games minus none; {core})")
        return 0
    args.games = args.games or DEFAULT_GAMES[args.game]
    if args.child:  # one round for --compare: the figures as JSON
        print(json.dumps(measure(game, args.games, args.seed, args.rounds)))
        return 0
    print(f"# {game!r}: lostcities {lostcities.__version__}, Python {sys.version.split()[0]}, "
          f"{args.games} seeded random games per mode, CPU time")
    if args.compare is not None:
        if not (args.compare / "lostcities").is_dir():
            parser.error(f"--compare {args.compare}: no lostcities package there")
        compare(args.compare, args)
        return 0
    show(measure(game, args.games, args.seed, args.rounds), args.rounds)
    record = long_record(game, args.seed)
    total = len(record.actions)
    lengths = sorted({max(1, total * share // 4) for share in (1, 2, 4)})
    rates = [replay_rate(record, length, max(1, 4000 // length)) for length in lengths]
    shown = ", ".join(f"{length} actions {rate:.1f} us" for length, rate in zip(lengths, rates, strict=True))
    print(f"replay     per action: {shown} (longest / shortest: {rates[-1] / rates[0]:.2f})")
    state = game.new_game(random.Random(args.seed))
    start = time.process_time()
    for _ in range(2000):
        state.clone()
    print(f"clone      {2000 / (time.process_time() - start):9.0f} clones/s (an opening position)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
