"""The shared search of the hard bots: schedules, slicing, the time budget, counted not timed."""

from __future__ import annotations

import random
import typing

import pytest

from lostcities import bots, errors, search

F = typing.TypeVar("F", bound=typing.Callable[..., typing.Any])


class Meter:
    """A fake clock that only moves when a function it wraps runs (one unit
    per call); it logs when each call began and with which arguments."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now
        self.started: list[float] = []
        self.calls: list[tuple[typing.Any, ...]] = []

    def __call__(self) -> float:
        return self.now

    def wrap(self, func: F) -> F:
        def metered(*args: typing.Any, **kwargs: typing.Any) -> typing.Any:
            self.started.append(self.now)
            self.calls.append(args)
            self.now += 1.0
            return func(*args, **kwargs)

        return typing.cast(F, metered)


class Ticker:
    """A fake clock that moves ``step`` seconds at every reading."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def luck(rng: random.Random) -> float:
    return rng.gauss(0.0, 10.0)


def noisy(gains: typing.Sequence[float], noise: float = 4.0) -> typing.Callable[[float], typing.Callable[..., float]]:
    """Play-outs worth the sample's luck, the candidate's gain and some noise of their own."""

    def make(seed: float) -> typing.Callable[..., float]:
        rng = random.Random(seed)

        def playout(shared: float, i: int) -> float:
            return shared + gains[i] + rng.gauss(0.0, noise)

        return playout

    return make


def slices(thinking: typing.Generator[None, None, typing.Any],
           work: typing.Callable[[], int] = lambda: 0) -> tuple[list[int], typing.Any]:
    """Drive ``thinking`` to the end: the work counted in each slice (one more
    slice than yields: the last one runs from the last yield to the end), and
    the result.  Every yield must be ``None``."""
    counts = []
    before = work()
    while True:
        try:
            assert next(thinking) is None
        except StopIteration as stop:
            counts.append(work() - before)
            return counts, stop.value
        counts.append(work() - before)
        before = work()


def test_margin_and_limits() -> None:
    assert search.margin([10, 25, 7], 1) == 15
    assert search.margin([10, 25, 7], 2) == -18
    assert search.margin([12], 0) == 12
    search.check_limits(None, None)
    search.check_limits(0.1, 3, bounded=True)
    for budget, samples, bounded in ((0.0, None, False), (-1.0, 5, False), (None, 0, False), (None, None, True)):
        with pytest.raises(errors.InvalidOptionError):
            search.check_limits(budget, samples, bounded=bounded)


@pytest.mark.parametrize("schedule", [search.Halving(anchor=1, stage=24), search.Racing(anchor=1)])
def test_a_clearly_better_candidate_wins(schedule: search.Schedule) -> None:
    playout = noisy([0.0, 0.0, 6.0, -3.0])(1)
    chosen = bots.run(search.run(4, luck, playout, random.Random(2), schedule, samples=200))
    assert chosen == 2


def test_halving_keeps_the_anchor_against_noise() -> None:
    # every candidate is worth the same: the noise never looks like 3 standard errors
    for seed in range(10):
        playout = noisy([0.0, 0.0, 0.0, 0.0], noise=6.0)(seed)
        schedule = search.Halving(anchor=1, confidence=3.0, stage=24)
        chosen = bots.run(search.run(4, luck, playout, random.Random(seed), schedule, samples=200))
        assert chosen == 1, seed
    # a real gain below the bar does not replace the anchor either; above it, it does
    playout = noisy([0.0, 0.0, 0.8, 0.0], noise=6.0)(1)
    assert bots.run(search.run(4, luck, playout, random.Random(1), search.Halving(anchor=1, confidence=3.0))) == 1
    playout = noisy([0.0, 0.0, 8.0, 0.0], noise=6.0)(1)
    assert bots.run(search.run(4, luck, playout, random.Random(1), search.Halving(anchor=1, confidence=3.0))) == 2


def test_racing_drops_candidates_as_good_as_the_leader() -> None:
    table = search.Table(3, 0)
    playout = noisy([0.0, 0.5, 10.0], noise=1.0)(2)
    assert bots.run(search.run(3, luck, playout, random.Random(2), search.Racing(anchor=0), table=table)) == 2
    assert table.alive == [2] and table.samples < 20


def test_racing_keeps_the_anchor_until_it_trusts_the_figures() -> None:
    playout = noisy([0.0, 50.0])(3)  # candidate 1 is far better, but seven samples are too few
    table = search.Table(2, 0)
    chosen = bots.run(search.run(2, luck, playout, random.Random(3), search.Racing(anchor=0, warmup=99),
                                 samples=7, table=table))
    assert table.samples == 7 and chosen == 0
    chosen = bots.run(search.run(2, luck, playout, random.Random(3), search.Racing(anchor=0, warmup=99), samples=8))
    assert chosen == 1


def test_halving_halves_the_challengers_and_restarts_on_fresh_samples() -> None:
    clock = Meter()
    record = clock.wrap(noisy([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], noise=0.5)(4))
    table = search.Table(9, 0)
    chosen = bots.run(search.run(9, luck, record, random.Random(4), search.Halving(anchor=0, stage=36),
                                 clock=clock, table=table))
    assert chosen == 8
    # stages: 9 candidates x 4 samples, 5 x 7, 3 x 12, 2 x 18; then the race ends
    assert table.samples == 4 + 7 + 12 + 18
    assert len(clock.started) == 9 * 4 + 5 * 7 + 3 * 12 + 2 * 18
    assert sorted(table.alive) == [0, 8]
    assert len(table.margins[8]) == 18  # the last stage's samples only
    late = {args[1] for args in clock.calls[-2 * 18:]}
    assert late == {0, 8}


@pytest.mark.parametrize("cost", [0.5, 1.0, 2.0, 3.0])
def test_budget_halving_sizes_later_stages_from_the_work_left(cost: float) -> None:
    # 9 candidates, a budget of 360 units estimated at 1 a play-out: four stages of 90
    # play-outs.  Whatever a play-out really costs, the first stage keeps its estimate and
    # every later stage gets an equal share of the work left at the cost measured so far,
    # so the search reaches its last stage, ends by its schedule and spends most of the budget.
    work = Meter()
    record = work.wrap(noisy([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], noise=0.5)(4))

    def spent() -> float:
        return work.now * cost

    budget = 360.0
    schedule = search.BudgetHalving(anchor=0, stage=90, work=spent, budget=budget)
    table = search.Table(9, 0)
    chosen = bots.run(search.run(9, luck, record, random.Random(4), schedule, table=table, work=spent,
                                 budget=budget))
    assert chosen == 8 and sorted(table.alive) == [0, 8]  # the last stage was reached ...
    assert table.samples >= 4 * 2  # ... every stage ran whole samples ...
    assert 0.8 * budget < spent() <= budget  # ... and most of the budget, never more, was spent
    # a plain Halving with the same estimate runs out of budget before its last stage when a
    # play-out costs more than estimated
    if cost > 1.0:
        work.now = 0.0
        plain = search.Table(9, 0)
        bots.run(search.run(9, luck, record, random.Random(4), search.Halving(anchor=0, stage=90), table=plain,
                            work=spent, budget=budget))
        assert len(plain.alive) > 2


def test_one_candidate_needs_no_search() -> None:
    clock = Meter()
    record = clock.wrap(noisy([0.0])(5))
    thinking = search.run(1, luck, record, random.Random(5), search.Halving(), clock=clock)
    assert slices(thinking, lambda: len(clock.started)) == ([0], 0)


@pytest.mark.parametrize("schedule", [search.Halving(anchor=0, stage=60), search.Racing(anchor=0)])
def test_the_search_yields_after_every_playout(schedule: search.Schedule) -> None:
    clock = Meter()
    record = clock.wrap(noisy([0.0, 1.0, 0.5, 2.0, 1.5, 0.2])(6))
    counts, chosen = slices(search.run(6, luck, record, random.Random(6), schedule, samples=40, clock=clock),
                            lambda: len(clock.started))
    assert len(clock.started) > 20
    assert max(counts) == 1 and sum(counts) == len(clock.started)
    assert 0 <= chosen < 6


@pytest.mark.parametrize("budget", [1.0, 7.0, 30.0, 31.5, 59.5])
@pytest.mark.parametrize("schedule", [search.Halving(anchor=0, stage=60), search.Racing(anchor=0, warmup=999)])
def test_a_decision_ends_within_its_budget_and_one_playout(budget: float, schedule: search.Schedule) -> None:
    # 12 candidates: a sample is 12 play-outs, so a budget check between samples
    # only would overrun by up to 11 play-outs.
    clock = Meter(50.0)
    record = clock.wrap(noisy([float(i % 3) for i in range(12)])(7))
    table = search.Table(12, 0)
    until = search.deadline(budget, clock)
    chosen = bots.run(search.run(12, luck, record, random.Random(7), schedule, until=until, clock=clock,
                                 table=table))
    assert all(start < until for start in clock.started)
    assert clock.now >= until  # the budget, not the schedule, ended the search ...
    assert clock.now < until + 1.0  # ... and at most one play-out ran past it
    assert len(clock.started) == table.playouts == int(budget + 0.999)
    assert table.samples == table.playouts // 12  # an unfinished sample does not count
    assert 0 <= chosen < 12


def test_without_a_complete_sample_the_anchor_stands() -> None:
    clock = Meter()
    record = clock.wrap(noisy([0.0, 9.0, 9.0])(8))
    for schedule in (search.Halving(anchor=2), search.Racing(anchor=2)):
        until = search.deadline(2.0, clock)
        assert bots.run(search.run(3, luck, record, random.Random(8), schedule, until=until, clock=clock)) == 2


def test_determinizations_share_one_seed_per_sample() -> None:
    from lostcities import card

    state = card.Game(games=1).new_game(random.Random(9))
    view = state.view(0)
    sample = search.determinizations(view)
    first, seed = sample(random.Random(10))
    again, same = sample(random.Random(10))
    assert seed == same and first == again and first.view(0) == view
    other, _ = sample(random.Random(11))
    assert other.view(0) == view and other != first
