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

    PYTHONPATH=core python benchmarks/card_inference.py --fit 300 --test 100
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import typing

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
                out.append(Position(view, secret, evidence, rows(view, secret, evidence)))
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
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="medium", help="the level that plays both sides (default medium)")
    parser.add_argument("--fit", type=int, default=300, help="games to fit on (seeds 1..)")
    parser.add_argument("--test", type=int, default=100, help="games to score on (seeds after the fit's)")
    parser.add_argument("--samples", type=int, default=10, help="samples per position for the hit counts")
    args = parser.parse_args(argv)
    train = positions(args.level, range(1, args.fit + 1))
    test = positions(args.level, range(args.fit + 1, args.fit + args.test + 1))
    rows_train = [r for p in train for r in p.rows]
    rows_test = [r for p in test for r in p.rows]
    print(f"# {args.level} against itself: {len(train)} positions ({len(rows_train)} cards) to fit, "
          f"{len(test)} positions ({len(rows_test)} cards) to score")
    beta = fit(rows_train)
    print("fitted log-odds per feature (today's HAND_ODDS in brackets):")
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
