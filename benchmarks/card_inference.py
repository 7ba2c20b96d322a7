"""How well the card game's hard bot guesses the opponent's hidden hand, and a fit of better odds.

The hard bot's determinizations deal the opponent's secret cards from the unseen ones, weighted
by how much likelier each card is to be in that hand than in the draw pile
(``card_ai._hand_weights``).  This script plays games of a level against itself (``--level``,
medium by default: the heuristic that proposes every move of hard and of the frozen hard), and at
every play decision of each side records, for every unseen card, a few features that the viewer
knows (the public position and what it saw the opponent discard) and whether the card is really in
the opponent's hand.  It then

* fits a logistic model of "in the opponent's hand" on those features, with the position's base
  rate (secret cards over unseen cards) as an offset, on the games of ``--fit`` seeds, and
* scores on other games (``--test`` seeds) the per-card log-loss of the base rate, of today's
  odds and of the fitted ones, and the mean number of the opponent's real secret cards that a
  sample of the bot's sampler (``card_ai._sample``) puts in its hand, for the uniform sampler,
  today's weights and the fitted ones.

    PYTHONPATH=core python benchmarks/card_inference.py --fit 400 --test 200
    PYTHONPATH=core python benchmarks/card_inference.py --decisions 300 --fit 600 --test 30 --oracle 64

(the test games follow the fit's seeds: ``--fit 600`` with ``--decisions`` keeps the screen off the
games that ``HAND_LOG_ODDS`` was fitted on).

``--decisions N`` screens the hard bot's choices instead, on N positions of the test games (a play
decision every few moves): a hard bot with ``--hard-options`` (by default the fitted model,
``{"hand_model": "fitted"}``) against one with ``--base-options`` (today's hard), each with
the browser's budget of turns and the same seed.  Where the two choose different turns (play or
discard and the planned draw), both are played out on ``--oracle`` samples that hold the
opponent's *real* hand (only the order of the draw pile is sampled, the same for both), with the
medium heuristic on both sides; the mean gain per decision in final points, with its standard
error over the positions, is what better guesses about the hand buy where the truth is known.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import sys
import typing

import ai_card

from lostcities import bots, card
from lostcities.card import ai as card_ai

FEATURES: typing.Final = card_ai.HAND_FEATURES


class Row(typing.NamedTuple):
    """One unseen card at one decision: its features, its base-rate logit and whether it is held."""

    features: tuple[float, ...]
    offset: float
    held: bool


class Position(typing.NamedTuple):
    """One decision: the viewer's view, the opponent's secret cards, the evidence and its rows."""

    view: card.View
    secret: frozenset[int]
    evidence: card_ai.Evidence
    rows: list[Row]
    watcher: card_ai.Watcher
    """A copy of the viewer's watcher after this view."""


def positions(level: str, seeds: range) -> list[Position]:
    """Every play decision of both sides in one game per seed of ``level`` against itself."""
    out: list[Position] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = card.Game(games=1).new_game(rng)
        players = [card_ai.bot(level), card_ai.bot(level)]
        watchers = [card_ai.Watcher(), card_ai.Watcher()]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            p = state.current_player
            view = state.view(p)
            evidence = watchers[p].watch(view)
            if view.step is card.Step.PLAY:
                known = {c.index for c in view.opponent_known}
                secret = frozenset(x for x in state._hands[1 - p] if x not in known)
                out.append(Position(view, secret, evidence, rows(view, secret, evidence), copy.copy(watchers[p])))
            state.apply(bots.choose(players[p], view, rng))
    return out


def rows(view: card.View, secret: frozenset[int], evidence: card_ai.Evidence) -> list[Row]:
    template = card_ai._world_from_view(view)
    unseen = card_ai._unseen(view)
    k = len(secret)
    if not 0 < k < len(unseen):
        return []
    offset = math.log(k / (len(unseen) - k))
    table = card_ai._hand_features(template, 1 - view.player, evidence)
    return [Row(table[x], offset, x in secret) for x in unseen]


def fit(data: list[Row], iterations: int = 12, ridge: float = 1.0) -> list[float]:
    """Logistic regression with offsets by Newton's method (a little ridge keeps it stable)."""
    n = len(FEATURES)
    beta = [0.0] * n
    for _ in range(iterations):
        grad = [-ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for f, off, y in data:
            z = off + sum(b * v for b, v in zip(beta, f, strict=True))
            p = 1.0 / (1.0 + math.exp(-z))
            r = (1.0 if y else 0.0) - p
            s = p * (1.0 - p)
            for i in range(n):
                fi = f[i]
                if fi:
                    grad[i] += r * fi
                    row = hess[i]
                    sfi = s * fi
                    for j in range(n):
                        if f[j]:
                            row[j] += sfi * f[j]
        step = solve(hess, grad)
        beta = [b + d for b, d in zip(beta, step, strict=True)]
    return beta


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            k = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= k * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(data: list[Row], beta: typing.Sequence[float] | None, today: float | None = None) -> float:
    """Mean per-card log-loss (nats) of the model ``beta`` (None: the base rate; ``today``: odds
    ``today`` for a card that fits a column the opponent started, the first feature)."""
    total = 0.0
    for f, off, y in data:
        z = off
        if beta is not None:
            z += sum(b * v for b, v in zip(beta, f, strict=True))
        elif today is not None and f[0]:
            z += math.log(today)
        p = 1.0 / (1.0 + math.exp(-z))
        total -= math.log(p if y else 1.0 - p)
    return total / len(data)


def hits(data: list[Position], weights_of: typing.Callable[[Position], list[float] | None], samples: int,
         seed: int) -> tuple[float, float]:
    """Mean (and its standard error over positions) of the opponent's real secret cards that one
    sample puts in its hand."""
    rng = random.Random(seed)
    per: list[float] = []
    for pos in data:
        if not pos.rows:
            continue
        template = card_ai._world_from_view(pos.view)
        unseen = card_ai._unseen(pos.view)
        weights = weights_of(pos)
        got = 0
        for _ in range(samples):
            w = card_ai._sample(template, pos.view, unseen, rng, weights)
            got += len(pos.secret.intersection(w.hands[1 - pos.view.player]))
        per.append(got / samples)
    mean = sum(per) / len(per)
    se = math.sqrt(sum((x - mean) ** 2 for x in per) / (len(per) - 1) / len(per))
    return mean, se


def turn_of(bot: card_ai.HardBot, view: card.View, seed: int) -> tuple[int, int, int]:
    """The whole turn (kind 1 play / 0 discard, card, planned draw: -1 the draw pile) of ``bot``."""
    action = bots.choose(bot, view, random.Random(seed))
    assert isinstance(action, card.Play | card.Discard) and bot._plan is not None
    return (1 if isinstance(action, card.Play) else 0), action.card.index, bot._plan[1]


def oracle_gain(pos: Position, turns: tuple[tuple[int, int, int], tuple[int, int, int]], samples: int,
                seed: int) -> float:
    """Mean final margin of ``turns[0]`` less ``turns[1]`` over ``samples`` play-outs that hold the
    opponent's real hand (the draw pile's order sampled, the same for both; medium on both sides)."""
    view = pos.view
    me = view.player
    template = card_ai._world_from_view(view)
    template.hands[1 - me].extend(sorted(pos.secret))
    rest = [x for x in card_ai._unseen(view) if x not in pos.secret]
    prms = (card_ai.Params(), card_ai.Params())
    rng = random.Random(seed)
    total = 0.0
    for _ in range(samples):
        rng.shuffle(rest)
        world = template.copy()
        world.deck = [rest[0::2], rest[1::2]]
        a, b = (card_ai._evaluate(world, t, me, prms, 1) for t in turns)
        total += a - b
    return total / samples


def decisions(test: list[Position], count: int, hard_options: str, base_options: str, samples: int) -> None:
    """Print how today's hard and the baseline choose on ``count`` positions (see the module)."""
    step = max(1, len(test) // count)
    chosen = [pos for pos in test[::step] if pos.rows and pos.view.draw_pile_size > 0][:count]
    gains: list[float] = []
    differ = 0
    for i, pos in enumerate(chosen):
        bots_ = [card_ai.HardBot(time_budget=None, **ai_card.hard_options_of(options))
                 for options in (hard_options, base_options)]
        turns = []
        for b in bots_:
            b._watcher = pos.watcher  # what the side saw of the game so far (watching a view again adds nothing)
            turns.append(turn_of(b, pos.view, i))
        if turns[0] == turns[1]:
            gains.append(0.0)
            continue
        differ += 1
        gains.append(oracle_gain(pos, (turns[0], turns[1]), samples, i))
        mean = sum(gains) / len(gains)
        print(f"  {len(gains)} positions, {differ} differ: gain {mean:+.3f} per decision", file=sys.stderr, flush=True)
    mean = sum(gains) / len(gains)
    se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    print(f"decisions: {len(gains)} positions, {differ} choose differently; gain of hard over base "
          f"{mean:+.3f} +- {se:.3f} points per decision ({samples} real-hand play-outs where they differ)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="medium", help="the level that plays both sides (default medium)")
    parser.add_argument("--fit", type=int, default=300, help="games to fit on (seeds 1..)")
    parser.add_argument("--test", type=int, default=100, help="games to score on (seeds after the fit's)")
    parser.add_argument("--samples", type=int, default=10, help="samples per position for the hit counts")
    parser.add_argument("--decisions", type=int, default=0, help="screen hard's choices on this many positions")
    parser.add_argument("--hard-options", default='{"hand_model": "fitted"}',
                        help='options of the hard bot screened by --decisions, JSON ("fitted": HAND_LOG_ODDS)')
    parser.add_argument("--base-options", default="{}", help="options of the baseline hard bot, JSON")
    parser.add_argument("--oracle", type=int, default=32, help="real-hand play-outs per differing decision")
    args = parser.parse_args(argv)
    test = positions(args.level, range(args.fit + 1, args.fit + args.test + 1))
    if args.decisions:
        decisions(test, args.decisions, args.hard_options, args.base_options, args.oracle)
        return 0
    train = positions(args.level, range(1, args.fit + 1))
    rows_train = [r for p in train for r in p.rows]
    rows_test = [r for p in test for r in p.rows]
    print(f"# {args.level} against itself: {len(train)} positions ({len(rows_train)} cards) to fit, "
          f"{len(test)} positions ({len(rows_test)} cards) to score")
    beta = fit(rows_train)
    print("fitted log-odds per feature (HAND_LOG_ODDS in brackets):")
    for name, b, old in zip(FEATURES, beta, card_ai.HAND_LOG_ODDS, strict=True):
        print(f"  {name:<28} {b:+.3f} [{old:+.3f}]")
    print(f"log-loss per card, test: base rate {log_loss(rows_test, None):.4f}, "
          f"started-column odds 2.2 {log_loss(rows_test, None, 2.2):.4f}, "
          f"today's {log_loss(rows_test, card_ai.HAND_LOG_ODDS):.4f}, fitted {log_loss(rows_test, beta):.4f}")
    secret = sum(len(p.secret) for p in test if p.rows) / sum(1 for p in test if p.rows)
    print(f"secret cards per position: {secret:.2f}; real secret cards in a sampled hand (mean +- se):")

    def started(pos: Position) -> list[float]:
        return card_ai._hand_weights(card_ai._world_from_view(pos.view), 1 - pos.view.player, 2.2)

    def model(b: typing.Sequence[float]) -> typing.Callable[[Position], list[float]]:
        def weights(pos: Position) -> list[float]:
            table = card_ai._hand_features(card_ai._world_from_view(pos.view), 1 - pos.view.player, pos.evidence)
            return [math.exp(sum(x * y for x, y in zip(b, f, strict=True))) if f else 1.0 for f in table]
        return weights

    for name, weights_of in (("uniform", lambda _: None), ("started 2.2", started),
                             ("today's HAND_LOG_ODDS", model(card_ai.HAND_LOG_ODDS)), ("fitted", model(beta))):
        mean, se = hits(test, weights_of, args.samples, 7)
        print(f"  {name:<22} {mean:.3f} +- {se:.3f}")
    print("HAND_LOG_ODDS = (" + ", ".join(f"{b:.3f}" for b in beta) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
