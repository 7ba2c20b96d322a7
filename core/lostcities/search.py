"""The search shared by the hard bots: candidates compared on sampled determinizations.

A searching bot lets its game's heuristic propose a few candidate actions
(the heuristic's own choice among them: the *anchor*), then repeatedly draws
a *sample* -- a determinization of its view: the hidden cards or choices and
the chance outcomes still to come, drawn at random -- and plays every
candidate still in the race out to the end on that sample.  All candidates
are judged on the same samples (common random numbers), so every comparison
is paired.  A :class:`Schedule` decides after each complete sample which
candidates stay in the race and, at the end, which one is chosen:

* :class:`Halving` -- sequential halving: stages of about the same number of
  play-outs, each keeping the anchor and the better half of the others,
  judged on fresh samples;
* :class:`Racing` -- every candidate stays until it trails the leader clearly
  or is as good as the leader within a few points.

Both keep the anchor unless another candidate beats it by a clear
statistical margin, so a short search never plays worse than the heuristic.

:func:`run` is the loop itself, a generator in the shape of
:class:`lostcities.bots.Bot`'s ``think``: it yields after every play-out (a
user interface hands the page back to the browser between any two of them)
and reads the clock after every play-out, so a decision never runs past its
deadline by more than the play-out in progress.  The game supplies the two
game-specific parts: ``sample(rng)`` and ``playout(sample, candidate)``, the
final point margin of the candidate on that sample (see :func:`margin`).

>>> import random
>>> from lostcities import bots
>>> def sample(rng: random.Random) -> float:
...     return rng.gauss(0.0, 5.0)  # luck shared by every candidate of the sample
>>> def playout(luck: float, candidate: int) -> float:
...     return luck + 3.0 * candidate  # candidate 2 is best, by 3 points a play-out
>>> bots.run(run(3, sample, playout, random.Random(1), Halving(anchor=0, stage=12), samples=40))
2
"""

from __future__ import annotations

import abc
import math
import random
import time
import typing

from lostcities import api, errors

Clock = typing.Callable[[], float]
"""Seconds from an arbitrary start (``time.perf_counter``; tests inject their own)."""

S = typing.TypeVar("S")

Work = typing.Callable[[], float]
"""Units of work a search has done so far (play-out turns, say): a clock that does not depend on the machine."""

Search = typing.Generator[None, None, int]
"""A running search: yields ``None`` after every play-out, returns the chosen candidate."""


def check_limits(time_budget: float | None, samples: int | None, *, bounded: bool = False) -> None:
    """Raise ``InvalidOptionError`` unless the limits of a search make sense:
    a positive time budget in seconds or None (no cap), a sample cap of at
    least 1 or None, and at least one of them when ``bounded``.

    >>> check_limits(0.5, None)
    >>> check_limits(None, None, bounded=True)
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidOptionError: give a positive time budget or an iteration cap
    """
    if time_budget is not None and not time_budget > 0:
        raise errors.InvalidOptionError(f"the time budget must be positive seconds or None, not {time_budget!r}")
    if samples is not None and samples < 1:
        raise errors.InvalidOptionError(f"iterations must be at least 1, not {samples!r}")
    if bounded and time_budget is None and samples is None:
        raise errors.InvalidOptionError("give a positive time budget or an iteration cap")


def check_work(budget: int | None) -> None:
    """Raise ``InvalidOptionError`` unless a budget of work units is at least 1 or None (no cap).

    >>> check_work(5000)
    >>> check_work(0)
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidOptionError: the work budget must be at least 1 or None, not 0
    """
    if budget is not None and budget < 1:
        raise errors.InvalidOptionError(f"the work budget must be at least 1 or None, not {budget!r}")


def deadline(time_budget: float | None, clock: Clock) -> float:
    """When a decision that starts now must end, on ``clock`` (infinity without a budget)."""
    return math.inf if time_budget is None else clock() + time_budget


def margin(scores: typing.Sequence[float], player: int) -> float:
    """``player``'s score less the best other score (its own score when alone).

    >>> margin([30, 42, 35], 1), margin([30, 42, 35], 0), margin([17], 0)
    (7, -12, 17)
    """
    mine = scores[player]
    if len(scores) == 1:
        return mine
    return mine - max(s for p, s in enumerate(scores) if p != player)


def determinizations(view: api.View) -> typing.Callable[[random.Random], tuple[api.State, int]]:
    """A ``sample`` function for searches that play out on full states: each
    sample is a determinization of ``view`` with a seed for the chance
    outcomes of its play-outs (play every candidate with ``random.Random(seed)``
    so that they all meet the same future)."""

    def sample(rng: random.Random) -> tuple[api.State, int]:
        seed = rng.getrandbits(32)
        return view.determinize(random.Random(seed)), seed

    return sample


def paired(a: typing.Sequence[float], b: typing.Sequence[float]) -> tuple[float, float]:
    """Mean of ``a - b`` over the same samples and its standard error (infinite below 2 samples).

    >>> paired([2.0, 5.0], [1.0, 2.0]), paired([2.0], [1.0])
    ((2.0, 1.0), (1.0, inf))
    """
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


class Table:
    """The race so far: the candidates still in it and their margins, one per
    complete sample (since the last :meth:`restart`)."""

    def __init__(self, candidates: int, anchor: int) -> None:
        if not 0 <= anchor < candidates:
            raise ValueError(f"anchor {anchor} is not one of {candidates} candidates")
        self.anchor = anchor
        self.alive = list(range(candidates))
        """Candidates still in the race (the schedule may reorder them)."""
        self.margins: list[list[float]] = [[] for _ in range(candidates)]
        self.samples = 0
        """Complete samples since the search began."""
        self.playouts = 0
        """Play-outs run since the search began (those of an unfinished sample included)."""

    def add(self, results: typing.Sequence[float]) -> None:
        """Record a complete sample: ``results[k]`` is the margin of ``alive[k]``."""
        for i, result in zip(self.alive, results, strict=True):
            self.margins[i].append(result)
        self.samples += 1

    def restart(self) -> None:
        """Forget the margins: later comparisons use fresh samples only."""
        for row in self.margins:
            row.clear()

    def mean(self, i: int) -> float:
        row = self.margins[i]
        return sum(row) / len(row)

    def versus(self, i: int, j: int) -> tuple[float, float]:
        """How much ``i`` beats ``j`` on the same samples: mean and standard error."""
        return paired(self.margins[i], self.margins[j])


class Schedule(abc.ABC):
    """Which candidates stay in the race, when it ends, and who wins it."""

    def __init__(self, anchor: int, confidence: float) -> None:
        self.anchor = anchor
        """The heuristic's own choice: it stands unless beaten clearly."""
        self.confidence = confidence
        """Standard errors by which a candidate must beat the anchor to replace it."""

    @abc.abstractmethod
    def start(self, table: Table) -> None:
        """Prepare a race on ``table`` (called once, before the first sample)."""

    @abc.abstractmethod
    def after_sample(self, table: Table) -> bool:
        """Update ``table.alive`` after a complete sample; True ends the search."""

    @abc.abstractmethod
    def choose(self, table: Table) -> int:
        """The winner, when the race ends (possibly before any complete sample)."""


class Halving(Schedule):
    """Sequential halving around the anchor.

    Every stage spends about ``stage`` play-outs (at least 2 samples); then
    the anchor and the better half of the others (by their paired gain over
    the anchor) go on to the next stage, judged on fresh samples only (no
    winner's curse).  The race ends when a stage ends with two candidates.
    The best challenger left replaces the anchor only if its gain less
    ``confidence`` standard errors is positive (the best such bound wins)."""

    def __init__(self, anchor: int = 0, confidence: float = 1.0, stage: int = 64) -> None:
        super().__init__(anchor, confidence)
        self.stage = stage
        self._stage_end = 0

    def _stage_samples(self, table: Table) -> int:
        return max(2, self.stage // len(table.alive))

    def start(self, table: Table) -> None:
        self._stage_end = self._stage_samples(table)

    def after_sample(self, table: Table) -> bool:
        if table.samples < self._stage_end:
            return False
        if len(table.alive) <= 2:
            return True
        anchor = self.anchor
        others = sorted((i for i in table.alive if i != anchor), key=lambda i: -table.versus(i, anchor)[0])
        table.alive = [anchor, *others[: max(1, len(others) // 2)]]
        table.restart()
        self._stage_end = table.samples + self._stage_samples(table)
        return False

    def choose(self, table: Table) -> int:
        best, bound = self.anchor, 0.0
        for i in table.alive:
            if i != self.anchor and len(table.margins[i]) >= 2:
                gain, error = table.versus(i, self.anchor)
                low = gain - self.confidence * error
                if low > bound:
                    best, bound = i, low
        return best


class BudgetHalving(Halving):
    """:class:`Halving` that shares a budget of work among its stages as it goes.

    The first stage spends ``stage`` play-outs (sized from an estimate of a play-out's
    cost); every later stage gets an equal share of the work still left in ``budget``
    (read from ``work``) among the stages still to come, at the cost of a play-out
    measured so far.  A low estimate then no longer starves the last stage -- the one
    that decides, with the fewest candidates and the most samples -- and a high one
    leaves no work unspent.

    Five candidates and a budget of 1000 units, estimated at 5 a play-out (three stages of
    66 play-outs), while a play-out really costs 10: plain halving runs out of budget in
    its second stage; this one ends its third stage within the budget.

    >>> from lostcities import bots
    >>> def race(budgeted: bool) -> tuple[int, int, int]:
    ...     done = [0.0]
    ...     def playout(luck: float, candidate: int) -> float:
    ...         done[0] += 10.0
    ...         return luck + 3.0 * candidate
    ...     stage = 1000 // (5 * halving_stages(5))
    ...     schedule = (BudgetHalving(stage=stage, work=lambda: done[0], budget=1000.0) if budgeted
    ...                 else Halving(stage=stage))
    ...     table = Table(5, 0)
    ...     best = bots.run(run(5, lambda rng: rng.gauss(0.0, 5.0), playout, random.Random(1), schedule,
    ...                         table=table, work=lambda: done[0], budget=1000.0))
    ...     return best, table.playouts, len(table.alive)
    >>> race(budgeted=False), race(budgeted=True)  # (choice, play-outs, candidates left at the end)
    ((4, 100, 3), (4, 100, 2))
    """

    def __init__(self, anchor: int = 0, confidence: float = 1.0, stage: int = 64, *, work: Work,
                 budget: float) -> None:
        super().__init__(anchor, confidence, stage)
        self.work = work
        self.budget = budget

    def _stage_samples(self, table: Table) -> int:
        if not table.playouts:
            return super()._stage_samples(table)
        done = self.work()
        cost = done / table.playouts
        share = (self.budget - done) / (cost * halving_stages(len(table.alive))) if cost > 0 else self.stage
        return max(2, int(share) // len(table.alive))


def halving_stages(candidates: int) -> int:
    """How many stages :class:`Halving` runs with ``candidates`` (the anchor and
    the better half of the others go on until two are left), to share a
    budget among them.

    >>> [halving_stages(n) for n in (2, 3, 4, 8, 9, 60)]
    [1, 2, 2, 3, 4, 6]
    """
    stages = 1
    while candidates > 2:
        candidates = 1 + max(1, (candidates - 1) // 2)
        stages += 1
    return stages


class Racing(Schedule):
    """Every candidate races until it is out.

    From ``warmup`` samples on, after every sample the candidates that trail
    the leader (the best mean) clearly are dropped, and so are those that
    are as good as the leader within ``tolerance`` points either way; the
    race ends with one candidate left.  The winner is the best mean left; it
    replaces the anchor (when the anchor is still racing) only after
    ``trust`` samples and by more than ``confidence`` standard errors."""

    def __init__(self, anchor: int = 0, confidence: float = 1.0, warmup: int = 6, trust: int = 8,
                 tolerance: float = 2.0) -> None:
        super().__init__(anchor, confidence)
        self.warmup = warmup
        self.trust = trust
        self.tolerance = tolerance

    def start(self, table: Table) -> None:
        """A race needs no preparation: every candidate starts racing."""

    def after_sample(self, table: Table) -> bool:
        if table.samples >= self.warmup:
            table.alive = self._prune(table)
        return len(table.alive) <= 1

    def _prune(self, table: Table) -> list[int]:
        leader = max(table.alive, key=table.mean)
        kept = []
        for i in table.alive:
            if i != leader:
                gain, error = table.versus(i, leader)
                spread = 2.0 * error
                if gain + spread + 0.5 < 0.0:
                    continue  # clearly worse
                if spread < self.tolerance and abs(gain) < self.tolerance:
                    continue  # no better than the leader in any way that matters
            kept.append(i)
        return kept

    def choose(self, table: Table) -> int:
        if table.samples == 0:
            return self.anchor
        best = max(table.alive, key=table.mean)
        if best != self.anchor and self.anchor in table.alive:
            if table.samples < self.trust:
                return self.anchor
            gain, error = table.versus(best, self.anchor)
            if gain < self.confidence * error:
                return self.anchor
        return best


def run(candidates: int, sample: typing.Callable[[random.Random], S],
        playout: typing.Callable[[S, int], float], rng: random.Random, schedule: Schedule, *,
        until: float = math.inf, samples: int | None = None, clock: Clock = time.perf_counter,
        table: Table | None = None, work: Work | None = None, budget: float = math.inf) -> Search:
    """Race ``candidates`` (numbered from 0) and return the winner.

    Every round draws ``sample(rng)`` and calls ``playout(sample, i)`` for each
    candidate ``i`` still racing; the margins of a round count once all its
    play-outs are done.  The search yields after every play-out and reads
    ``clock`` and ``work`` after every play-out: it ends as soon as a play-out
    finishes at or after ``until`` on the clock or with ``budget`` units of
    work done (so it overruns either by one play-out at most), after
    ``samples`` complete samples, or when the schedule says so.  Only the
    clock depends on the machine: a search bounded by ``work``, ``samples``
    and the schedule is reproducible with a seeded ``rng``.  Pass a
    ``table`` to look at the race afterwards.

    >>> from lostcities import bots
    >>> done = []
    >>> def playout(luck: float, candidate: int) -> float:
    ...     done.append(candidate)
    ...     return luck + candidate
    >>> bots.run(run(3, lambda rng: rng.random(), playout, random.Random(1), Racing(), work=lambda: len(done),
    ...              budget=7))
    0
    >>> len(done)
    7
    """
    if table is None:
        table = Table(candidates, schedule.anchor)
    if candidates < 2:
        return schedule.anchor

    def spent() -> bool:
        return clock() >= until or (work is not None and work() >= budget)

    schedule.start(table)
    while (samples is None or table.samples < samples) and not spent():
        world = sample(rng)
        results = []
        for i in table.alive:
            results.append(playout(world, i))
            table.playouts += 1
            yield None
            if len(results) < len(table.alive) and spent():
                return schedule.choose(table)  # the unfinished sample does not count
        table.add(results)
        if schedule.after_sample(table):
            break
    return schedule.choose(table)
