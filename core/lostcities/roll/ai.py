"""Computer players for Lost Cities: Roll & Write.

Two levels, both obtained with :func:`bot` and both following
:class:`lostcities.bots.Bot` (``think(view, rng)`` is a generator that yields
``None`` after every play-out or value table it computes, and returns the
action)::

    >>> import random
    >>> from lostcities import bots, roll
    >>> game = roll.Game(players=2)
    >>> state = game.new_game(random.Random(3))
    >>> picks = [bots.choose(bot(level), state.view(0), random.Random(0)) for level in LEVELS]
    >>> all(state.is_legal(action) for action in picks)
    True

* ``easy``: greedy.  It scores every choice it has now (each pair of dice and
  where it goes, refusing, each acceleration) with a value estimate of the
  sheet and takes the best, without looking at what may come.  It plays with
  :data:`EASY_WEIGHTS`, a beginner's habit of spending its refusals too soon.
* ``hard``: Monte Carlo search over future rolls.  It shortlists the legal
  actions the tuned greedy estimate likes best (``candidates``, 6 by default,
  refusing always included), then plays the rest of the game from each of
  them many times with sampled future rolls (the same rolls for every action,
  so that the comparison is fair; hidden choices of other players are
  resampled too), every player following the tuned greedy policy, and picks
  the action with the best mean final margin over the best opponent (its own
  score in a solo game).  Actions that trail the leader clearly, or are as good
  as it within 2 points, are dropped early (:class:`lostcities.search.Racing`).
  The greedy's own choice stands unless at least 8 play-outs per action show
  another one better by more than ``confidence`` standard errors, so a short
  search never plays worse than the greedy policy.  A decision spends a
  budget of play-out turns (:data:`BUDGET`, what 0.15 s buy in Pyodide), so
  that it is the same on any machine and reproducible with a seed;
  ``time_budget`` seconds (0.15 s by default; the clock is read after every
  play-out, so a decision lasts at most its budgets and one play-out) only
  bound it on a slower machine, and ``iterations`` samples cap it for tests.
  Alone on its sheet it plays with :data:`SOLO_WEIGHTS` (:func:`hard_weights`), and
  a play-out lasts :data:`SOLO_DEPTH` turns, after which the value estimate of the
  sheet (:meth:`Policy.value`) stands for the rest of the game.

Running a bot in slices: ``thinking = bot.think(view, rng)``, then call
``next(thinking)`` until it raises ``StopIteration``, whose ``value`` is the
action (:func:`lostcities.bots.run` does exactly this).  A slice is at most
one play-out, or one of the value tables the first decision computes.

How the value estimate works
----------------------------
Each expedition is valued on its own by a small dynamic programme computed
once: with ``T`` turns left, every turn the player sees the colour with the
probability the dice give and the lowest usable number the number dice give;
writing costs the turn (a fixed price) and earns the next box (its share of
artefacts and arrows, the bridge when still open).  The value of a sheet is the
sum of its expeditions' values plus the artefact and dice columns, the
bridges already scored and what the refusals still to take are worth kept
(:meth:`Policy.value`); a choice is worth the change it makes.  ``T`` is
estimated from how close the open bridges are to being passed.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
import typing

from lostcities import api, bots, roll, search

_BOXES: typing.Final = roll.data.BOXES
_STRIDE: typing.Final = 11  # table index: k * 11 + t (t = top number, 0 when not started)
_EXP: typing.Final = roll.data.EXPEDITION_SCORES
_ART: typing.Final = roll.data.ARTEFACT_SCORES
_DICE: typing.Final = roll.data.DICE_SCORES
_BONUS: typing.Final = roll.data.BRIDGE_BONUS
_ARROW: typing.Final = roll.ARROW
_ARTEFACT: typing.Final = roll.ARTEFACT
_OPEN: typing.Final = roll.BridgeMark.OPEN
_SCORED: typing.Final = roll.BridgeMark.SCORED
_CLOSED: typing.Final = roll.BridgeMark.CLOSED
_BOX: typing.Final = roll.Target.BOX
_CIRCLE: typing.Final = roll.Target.CIRCLE
_TOP: typing.Final = roll.Target.TOP
_MAX_T: typing.Final = 80

Option: typing.TypeAlias = tuple[int, int, roll.Target] | None
"""A choice of dice: (expedition index, die face, target), or None to refuse."""


@dataclasses.dataclass(frozen=True)
class Weights:
    """The tunable constants of the value estimate."""

    turn_cost: float = 9.0
    """Price of spending a turn on an expedition (what the turn could earn elsewhere)."""
    arrow: float = 10.0
    """Expected value of one acceleration."""
    artefact: float = 15.0
    """Expected value of one artefact (for boxes not reached yet)."""
    keep_refusal: float = 16.0
    """Option value of a refusal kept for a worse roll."""
    refusal_slack: float = 1.0
    """A refusal is kept at full value while more than ``refusal_slack`` turns per
    unused refusal are left; then its keeping value shrinks to nothing."""
    length: float = 30.0
    """Turns a game lasts when nobody hurries (caps the estimate of turns left)."""
    pace: float = 0.6
    """Marks per player and turn assumed when estimating how soon bridges fall."""


class Evaluator:
    """Value tables for one player count and set of weights (computed lazily, cached)."""

    def __init__(self, players: int, weights: Weights) -> None:
        self.players = players
        self.weights = weights
        # modes: (weight, probability my colour shows, number dice I may use)
        modes = [(1.0, 3)] if players == 1 else [(1.0 / players, 3), (1.0 - 1.0 / players, 2)]
        self._modes = [(w, 1.0 - (5.0 / 6.0) ** m, m, _lowest_usable(m)) for w, m in modes]
        self._zero = [(w, 1.0 - 0.9 ** m) for w, _, m, _ in self._modes]
        bonus = (len(roll.data.ARROW_BOXES["red"]) * weights.arrow
                 + len(roll.data.ARTEFACT_BOXES["red"]) * weights.artefact) / _BOXES
        self._box_bonus = bonus
        self._tables: list[tuple[tuple[list[float], list[float]], tuple[list[float], list[float]]]] = []
        # tables[T][bridge_open][circle][k * 11 + t]
        base = []
        for _bridge_open in (0, 1):
            pair = []
            for c in (0, 1):
                row = [0.0] * (10 * _STRIDE)
                for k in range(10):
                    s = (_EXP[k] if k else (roll.data.CIRCLE_ONLY_SCORE if c else 0)) * (2 if c else 1)
                    for t in range(_STRIDE):
                        row[k * _STRIDE + t] = float(s)
                pair.append(row)
            base.append((pair[0], pair[1]))
        self._tables.append((base[0], base[1]))

    def table(self, turns_left: int) -> tuple[tuple[list[float], list[float]], tuple[list[float], list[float]]]:
        """``table(T)[bridge_open][circle][k * 11 + t]``: value of an expedition with
        ``k`` boxes and top number ``t`` when ``T`` turns are left."""
        turns_left = max(0, min(_MAX_T, turns_left))
        while len(self._tables) <= turns_left:
            self._extend()
        return self._tables[turns_left]

    def build(self, turns_left: int) -> typing.Iterator[None]:
        """Compute the tables up to ``table(turns_left)``, yielding after each
        one, so that a first decision can be sliced.

        >>> ev = Evaluator(2, Weights())
        >>> sum(1 for _ in ev.build(4)), sum(1 for _ in ev.build(4))
        (4, 0)
        """
        turns_left = max(0, min(_MAX_T, turns_left))
        while len(self._tables) <= turns_left:
            self._extend()
            yield None

    def _extend(self) -> None:
        prev = self._tables[-1]
        w = self.weights
        cost = w.turn_cost
        modes = [(weight, p, lowest, p_zero)
                 for (weight, p, _m, lowest), (_w, p_zero) in zip(self._modes, self._zero, strict=True)]
        new = []
        for bo in (0, 1):
            pair = []
            for c in (0, 1):
                old = prev[bo][c]
                circled = prev[bo][1][0] - cost  # marking the circle of an unstarted expedition
                claim = _EXP[_BOXES] * (2 if c else 1) + w.artefact - cost
                row = old[:]
                for k in range(10):
                    gain = self._box_bonus + (_BONUS if bo and k + 1 == roll.data.BRIDGE_BOX else 0)
                    up = (k + 1) * _STRIDE
                    for t in (range(1, _STRIDE) if k else (0,)):
                        stay = old[k * _STRIDE + t]
                        total = 0.0
                        for weight, p, lowest, p_zero in modes:
                            dist = lowest[t or 1]
                            if k == _BOXES:
                                hit = sum(pv for _v, pv in dist)
                                best = claim if claim > stay else stay
                                expect = hit * best + (1.0 - hit) * stay
                            else:
                                expect = 0.0
                                miss = 1.0
                                for v, pv in dist:
                                    write = old[up + v] + gain - cost
                                    best = stay if stay > write else write
                                    if k == 0 and not c:
                                        with_zero = best if best > circled else circled
                                        best = p_zero * with_zero + (1.0 - p_zero) * best
                                    expect += pv * best
                                    miss -= pv
                                expect += miss * stay
                            total += weight * ((1.0 - p) * stay + p * expect)
                        row[k * _STRIDE + t] = total
                pair.append(row)
            new.append(pair)
        self._tables.append(((new[0][0], new[0][1]), (new[1][0], new[1][1])))


def _lowest_usable(m: int) -> list[list[tuple[int, float]]]:
    """``result[t]``: distribution of the lowest written value >= t among ``m`` number dice
    (0 read as 10), as (value, probability) pairs; missing mass means no die fits."""
    result: list[list[tuple[int, float]]] = [[]]
    for t in range(1, 11):
        below = (t - 1) / 10.0
        # P(no die in [t, v - 1]) for v = t .. 11
        none_below = [(below + (11 - v) / 10.0) ** m for v in range(t, 12)]
        result.append([(v, none_below[v - t] - none_below[v + 1 - t]) for v in range(t, 11)])
    return result


_EVALUATORS: dict[tuple[int, float, float, float], Evaluator] = {}


def evaluator(players: int, weights: Weights | None = None) -> Evaluator:
    """The (cached) value tables for ``players`` and the weights that shape them
    (``turn_cost``, ``arrow``, ``artefact``): the easy and hard bots share them.

    >>> evaluator(2) is evaluator(2, EASY_WEIGHTS)
    True
    """
    weights = weights or Weights()
    key = (players, weights.turn_cost, weights.arrow, weights.artefact)
    ev = _EVALUATORS.get(key)
    if ev is None:
        ev = _EVALUATORS[key] = Evaluator(players, weights)
    return ev


# -- turns left -------------------------------------------------------------------


def horizon(weights: Weights) -> int:
    """The most turns :func:`turns_left` ever estimates."""
    return max(1, int(weights.length + 0.5))


def turns_left(sheets: typing.Sequence[roll.Sheet], weights: Weights, turn: int) -> int:
    """Estimate how many more turns the game lasts (the current one included).

    The game ends once every bridge is passed: each open bridge needs the
    marks its closest player still lacks, and all players together add about
    ``pace`` marks each per turn."""
    exhausted = True
    have = [0] * 8  # the most marks any player has in each column (99: bridge passed)
    for s in sheets:
        if s.dice < roll.data.DICE_SYMBOLS:
            exhausted = False
        bridges = s.bridges
        boxes = s.boxes
        for i in range(6):
            if bridges[i] is not _OPEN:
                have[i] = 99
            elif len(boxes[i]) > have[i]:
                have[i] = len(boxes[i])
        if bridges[6] is not _OPEN:
            have[6] = 99
        elif s.artefacts > have[6]:
            have[6] = s.artefacts
        if bridges[7] is not _OPEN:
            have[7] = 99
        elif s.dice > have[7]:
            have[7] = s.dice
    if exhausted:
        return 1
    need_total = 0
    need_max = 0
    for count in have:
        if count < 7:
            need_total += 7 - count
            if 7 - count > need_max:
                need_max = 7 - count
    if need_total == 0:
        return 1
    estimate = max(need_max, need_total / (weights.pace * len(sheets)))
    return min(horizon(weights), max(1, int(estimate + 0.5)))


# -- the greedy policy ---------------------------------------------------------------


class Policy:
    """Greedy choices for one sheet at a time (call :meth:`prepare` first)."""

    def __init__(self, ev: Evaluator, weights: Weights | None = None) -> None:
        self.ev = ev
        self.weights = weights or ev.weights
        self.tab = ev.table(int(self.weights.length))
        self.turns = int(self.weights.length)

    def prepare(self, sheets: typing.Sequence[roll.Sheet], turn: int) -> None:
        self.look_ahead(turns_left(sheets, self.weights, turn))

    def look_ahead(self, turns: int) -> None:
        """Value sheets as if ``turns`` turns were left (:meth:`prepare` estimates them)."""
        self.turns = turns
        self.tab = self.ev.table(turns)

    # gains ------------------------------------------------------------------
    @staticmethod
    def artefact_gain(sheet: roll.Sheet) -> float:
        a = sheet.artefacts
        if a >= roll.data.ARTEFACTS:
            return 0.0
        g = _ART[a + 1] - _ART[a]
        if a + 1 == 7 and sheet.bridges[6] is _OPEN:
            g += _BONUS
        return g

    def write_gain(self, sheet: roll.Sheet, e: int, k: int, t: int, v: int, chain: bool) -> float:
        """Gain of writing ``v`` in box ``k + 1`` of expedition ``e`` (top ``t``)."""
        bo = sheet.bridges[e] is _OPEN
        tab = self.tab[bo][sheet.circles[e]]
        k1 = k + 1
        g = tab[k1 * _STRIDE + v] - tab[k * _STRIDE + t]
        if _ARTEFACT[e][k1]:
            g += self.artefact_gain(sheet)
        if bo and k1 == 7:
            g += _BONUS
        if _ARROW[e][k1]:
            if chain:
                g += self.best_acceleration(sheet, e, k1, v)[1]
            else:
                g += self.weights.arrow
        return g

    def top_gain(self, sheet: roll.Sheet, e: int) -> float:
        tab = self.tab[sheet.bridges[e] is _OPEN][sheet.circles[e]]
        s9 = _EXP[_BOXES] * (2 if sheet.circles[e] else 1)
        return self.artefact_gain(sheet) + s9 - tab[_BOXES * _STRIDE + sheet.boxes[e][-1]]

    def circle_gain(self, sheet: roll.Sheet, e: int) -> float:
        tab = self.tab[sheet.bridges[e] is _OPEN]
        return tab[1][0] - tab[0][0]

    def refuse_gain(self, sheet: roll.Sheet) -> float:
        d = sheet.dice
        if d >= roll.data.DICE_SYMBOLS:
            return 0.0
        g: float = _DICE[d + 1] - _DICE[d]
        if d + 1 == 7 and sheet.bridges[7] is _OPEN:
            g += _BONUS
        if d + 1 < roll.data.DICE_SYMBOLS:
            w = self.weights
            left = roll.data.DICE_SYMBOLS - 1 - d
            g -= w.keep_refusal * min(1.0, self.turns / (w.refusal_slack * left))
        return g

    def best_acceleration(self, sheet: roll.Sheet, e0: int = -1, k0: int = 0, t0: int = 0) -> tuple[int, float]:
        """Best expedition to accelerate (-1: none) and its gain; expedition ``e0``
        may be taken as holding ``k0`` boxes with top ``t0`` (a write not yet made)."""
        best, best_gain = -1, 0.0
        boxes = sheet.boxes
        for f in range(6):
            if f == e0:
                k, t = k0, t0
            else:
                b = boxes[f]
                k = len(b)
                t = b[-1] if k else 0
            if k == _BOXES:
                if sheet.tops[f]:
                    continue
                g = self.top_gain(sheet, f)
            else:
                g = self.write_gain(sheet, f, k, t, t or 1, False)
            if g > best_gain:
                best, best_gain = f, g
        return best, best_gain

    def options(self, sheet: roll.Sheet, colours: typing.Iterable[int],
                numbers: typing.Iterable[int]) -> list[tuple[float, Option]]:
        """Every choice with its gain (refusing included)."""
        scored: list[tuple[float, Option]] = [(self.refuse_gain(sheet), None)]
        nums = set(numbers)
        boxes = sheet.boxes
        for e in set(colours):
            b = boxes[e]
            k = len(b)
            t = b[-1] if k else 0
            for n in nums:
                v = n or 10
                if v < t:
                    continue
                if k == _BOXES:
                    if not sheet.tops[e]:
                        scored.append((self.top_gain(sheet, e), (e, n, _TOP)))
                    continue
                scored.append((self.write_gain(sheet, e, k, t, v, True), (e, n, _BOX)))
                if n == 0 and k == 0 and not sheet.circles[e]:
                    scored.append((self.circle_gain(sheet, e), (e, n, _CIRCLE)))
        return scored

    def value(self, sheet: roll.Sheet) -> float:
        """Estimated final score of ``sheet`` less the price of the turns it still needs
        (call :meth:`prepare` or :meth:`look_ahead` first): each expedition's table value,
        the artefact and dice columns, the bonuses scored, and every refusal left before
        the exhausting one at the price :meth:`refuse_gain` puts on spending it.  With no
        turn left it is the score.

        >>> policy = Policy(evaluator(1))
        >>> policy.look_ahead(0)
        >>> policy.value(roll.Sheet())
        -80.0
        """
        tab = self.tab
        boxes, circles, tops, bridges = sheet.boxes, sheet.circles, sheet.tops, sheet.bridges
        total = float(_ART[sheet.artefacts])
        for e in range(6):
            b = boxes[e]
            k = len(b)
            c = circles[e]
            if k == _BOXES and tops[e]:
                total += _EXP[_BOXES] * (2 if c else 1)
            else:
                total += tab[bridges[e] is _OPEN][c][k * _STRIDE + (b[-1] if k else 0)]
        for mark in bridges:
            if mark is _SCORED:
                total += _BONUS
        d = sheet.dice
        total += _DICE[d]
        w = self.weights
        for j in range(d, roll.data.DICE_SYMBOLS - 1):
            total += w.keep_refusal * min(1.0, self.turns / (w.refusal_slack * (roll.data.DICE_SYMBOLS - 1 - j)))
        return total

    def choose(self, sheet: roll.Sheet, colours: typing.Iterable[int], numbers: typing.Iterable[int]) -> Option:
        best_gain, best = -math.inf, None
        for g, option in self.options(sheet, colours, numbers):
            if g > best_gain:
                best_gain, best = g, option
        return best

    def play(self, sheet: roll.Sheet, colours: typing.Iterable[int], numbers: typing.Iterable[int]) -> Option:
        """Choose and apply a complete choice (accelerations included); return the dice taken."""
        option = self.choose(sheet, colours, numbers)
        if option is None:
            sheet.fast_refuse()
        else:
            sheet.fast_mark(*option)
            while sheet.accelerating:
                sheet.fast_accelerate(self.best_acceleration(sheet)[0])
        return option


# -- play-outs ---------------------------------------------------------------------------


WHOLE_GAME: typing.Final = 1000
"""Play-out turns that take any game to its end (a game lasts fewer than 100 turns)."""


def finish_turn(state: roll.State, policy: Policy) -> None:
    """Let every player still to choose this turn play greedily (fast, unchecked)."""
    policy.prepare(state.sheets, state.turn)
    while state.phase is roll.Phase.ACTIVE or state.phase is roll.Phase.OTHERS:
        sheet = state.sheets[state.actor]
        if not sheet.accelerating:
            state.fast_choose(policy.choose(sheet, state.pool_colours, state.pool_numbers))
        while sheet.accelerating:
            sheet.fast_accelerate(policy.best_acceleration(sheet)[0])
        state.fast_next()


def playout(state: roll.State, policy: Policy, rng: random.Random, max_turns: int = WHOLE_GAME,
            work: list[int] | None = None) -> list[float]:
    """Play ``state`` (a disposable copy) greedily for ``max_turns`` turns at most (after the
    current one); return the final scores, or when the game goes on, the value estimates of
    the sheets then (:meth:`Policy.value`).  ``work[0]``, when given, counts the turns played
    (the current one included).

    ``state.before`` is not maintained: the state is only good for scoring afterwards."""
    finish_turn(state, policy)
    sheets = state.sheets
    n = len(sheets)
    turn = state.turn
    rand = rng.random
    limit = turn + max_turns
    over = state.phase is not roll.Phase.ROLL
    if not over:
        while turn < limit:
            colours = [int(rand() * 6), int(rand() * 6), int(rand() * 6)]
            numbers = [int(rand() * 10), int(rand() * 10), int(rand() * 10)]
            policy.prepare(sheets, turn)
            active = turn % n
            taken = policy.play(sheets[active], colours, numbers)
            if n > 1:
                if taken is not None:
                    colours.remove(taken[0])
                    numbers.remove(taken[1])
                for k in range(1, n):
                    policy.play(sheets[(active + k) % n], colours, numbers)
            if _end_of_turn(sheets):
                over = True
                break
            turn += 1
    if work is not None:
        work[0] += turn - state.turn + 1
    if not over:
        policy.prepare(sheets, turn)
        return [policy.value(s) for s in sheets]
    return [s.score() for s in sheets]


def _end_of_turn(sheets: typing.Sequence[roll.Sheet]) -> bool:
    """Settle the bridges; True when the game is over."""
    over = True
    for i in range(8):
        scored = False
        for s in sheets:
            if s.bridges[i] is _SCORED:
                scored = True
                break
        if scored:
            for s in sheets:
                if s.bridges[i] is _OPEN:
                    s.bridges[i] = _CLOSED
        else:
            over = False
    return over or all(s.dice >= roll.data.DICE_SYMBOLS for s in sheets)


# -- bots --------------------------------------------------------------------------------


def _to_action(option: Option) -> api.Action:
    if option is None:
        return roll.REFUSE
    e, n, target = option
    return roll.Take(roll.COLOURS[e], n, target)


def _greedy_action(view: roll.View, policy: Policy) -> api.Action:
    sheet = view.sheets[view.player]
    policy.prepare(view.sheets, view.turn)
    if sheet.accelerating:
        f = policy.best_acceleration(sheet)[0]
        return roll.Accelerate(None if f < 0 else roll.COLOURS[f])
    return _to_action(policy.choose(sheet, view.pool_colours, view.pool_numbers))


BUDGET: typing.Final = 3800
"""Play-out turns (of every sheet together) a decision of the hard bot spends at most by
default: what its 0.15 s buy in Pyodide, where a turn costs about 1.9 times its CPU time on
CPython (``benchmarks/ai_roll.py --calibrate`` measures the turns per CPU second on CPython).
A budget in turns makes a decision the same on any machine; the time cap stays as a bound.
Three times this budget (about 0.45 s in Pyodide, within the 0.5 s a decision may take) gained
4.4 +- 3.3 points a solo game (+0.57% +- 0.43%) over 225 fresh seeds (5001-5225, paired with
today's hard; session 33): alone on its sheet the search is not short of play-outs, so the
budget stays."""

EASY_WEIGHTS: typing.Final = Weights(keep_refusal=8.0)
"""The easy bot's habits: it spends its refusals too readily."""
SOLO_WEIGHTS: typing.Final = Weights(turn_cost=6.0, arrow=13.0, artefact=17.0, keep_refusal=22.0)
"""The hard bot's weights alone on its sheet: a turn costs less (no rival takes the bridges)
and refusals are kept longer.  Tuned by the greedy policy's mean over 500 seeded solo games
(728 with :class:`Weights`' defaults, 746 with these).  A coordinate search over all seven
weights (session 31, 5,000 solo games a step) found ``turn_cost=5.1, keep_refusal=25.3``: the
greedy policy gained 4.1 +- 2.1 points on fresh seeds, but the hard bot that plays out with it
none (-1.3 +- 3.7 over 225 paired games), so these stay."""


SOLO_DEPTH: typing.Final = 10
"""Alone, the hard bot plays a play-out this many turns after the current one and values the
sheet then (:meth:`Policy.value`) instead of playing on to the end: a solo game's end is
far and its luck large, so a short play-out and the estimate compare actions with far less
noise, and the budget buys about five times as many play-outs early in a game.  A turn of a
short play-out costs about 12% more (its start and its estimate are shared by fewer turns),
but the race ends sooner: over two solo games a decision took 0.053 CPU s on average and
0.155 s at most on CPython, against 0.068 s and 0.179 s with whole-game play-outs."""

SOLO_CONFIDENCE: typing.Final = 2.0
"""Alone, the hard bot leaves the greedy's choice only for an action better by this many standard
errors: a solo score varies a lot from one play-out to the next, and with several challengers one
of them beats the greedy's choice by one standard error by chance alone more often than not."""


def hard_weights(players: int) -> Weights:
    """The weights the hard bot plays and plays out with in a game of ``players``.

    >>> hard_weights(1) is SOLO_WEIGHTS, hard_weights(2) == Weights()
    (True, True)
    """
    return SOLO_WEIGHTS if players == 1 else Weights()


def _policy(view: api.View, weights: Weights | None) -> typing.Generator[None, None, tuple[roll.View, Policy]]:
    """Check that ``view`` is a Roll & Write view on its viewer's turn, then
    make the greedy policy (with ``weights``, the hard bot's :func:`hard_weights` when
    None), computing its value tables in slices when needed."""
    v = bots.own_view(view, roll.View)
    weights = weights or hard_weights(v.game.players)
    ev = evaluator(v.game.players, weights)
    yield from ev.build(horizon(weights))
    return v, Policy(ev, weights)


class EasyBot:
    """Greedy: the choice with the best immediate value estimate (by default with
    :data:`EASY_WEIGHTS`; ``EasyBot(Weights())`` is the hard bot's play-out policy)."""

    name = "easy"

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or EASY_WEIGHTS

    def think(self, view: api.View, rng: random.Random) -> bots.Thinking:
        v, policy = yield from _policy(view, self.weights)
        return _greedy_action(v, policy)


class HardBot:
    """Monte Carlo search: every promising legal action is followed by greedy
    play-outs over sampled future rolls (the same rolls for every action; alone,
    :data:`SOLO_DEPTH` turns and then the value estimate of the sheet), and
    the action with the best mean final margin wins if it beats the greedy's
    own choice clearly.  Actions that trail the leader clearly (paired
    comparison over the same rolls) are dropped early.  ``clock`` tells the
    time of the ``time_budget``."""

    name = "hard"

    def __init__(self, time_budget: float | None = 0.15, iterations: int | None = None, budget: int | None = BUDGET,
                 weights: Weights | None = None, candidates: int = 6, confidence: float | None = None,
                 depth: int | None = None, clock: search.Clock = time.perf_counter) -> None:
        search.check_limits(time_budget, iterations, bounded=budget is None)
        search.check_work(budget)
        self.time_budget = time_budget
        self.iterations = iterations
        self.budget = budget
        """Play-out turns a decision may spend (None: no cap); see :data:`BUDGET`."""
        self.weights = weights
        """The value estimate's weights (None: :func:`hard_weights` of the game's players)."""
        self.candidates = candidates
        self.confidence = confidence
        """Standard errors by which an action must beat the greedy's choice to replace it (None:
        :data:`SOLO_CONFIDENCE` alone on the sheet, 1 with other players)."""
        if depth is not None and depth < 1:
            raise ValueError(f"a play-out needs at least one turn, not depth={depth}")
        self.depth = depth
        """Turns a play-out lasts at most after the current one, then the value estimate of the
        sheets stands for the rest of the game (None: :data:`SOLO_DEPTH` alone on the sheet, the
        whole game with other players; :data:`WHOLE_GAME` plays every play-out to its end)."""
        self.clock = clock
        self.last_work = 0
        """Play-out turns spent by the last decision (for benchmarks and tests)."""

    def think(self, view: api.View, rng: random.Random) -> bots.Thinking:
        until = search.deadline(self.time_budget, self.clock)
        v, policy = yield from _policy(view, self.weights)
        anchor = _greedy_action(v, policy)
        legal = self._shortlist(v, v.legal_actions(), policy, anchor)
        me = v.player

        work = [0]
        depth = self.depth or (SOLO_DEPTH if v.game.players == 1 else WHOLE_GAME)

        def play(sample: tuple[api.State, int], i: int) -> float:
            base, seed = sample
            state = typing.cast(roll.State, base.clone())
            state.apply_unchecked(legal[i])
            return search.margin(playout(state, policy, random.Random(seed), depth, work), me)

        confidence = self.confidence or (SOLO_CONFIDENCE if v.game.players == 1 else 1.0)
        schedule = search.Racing(anchor=legal.index(anchor), confidence=confidence)
        best = yield from search.run(len(legal), search.determinizations(v), play, rng, schedule, until=until,
                                     samples=self.iterations, clock=self.clock, work=lambda: work[0],
                                     budget=math.inf if self.budget is None else self.budget)
        self.last_work = work[0]
        return legal[best]

    def _shortlist(self, view: roll.View, legal: list[api.Action], policy: Policy,
                   anchor: api.Action) -> list[api.Action]:
        """The actions worth simulating: the greedy's favourites, its choice ``anchor``
        and refusing."""
        if len(legal) <= self.candidates:
            return legal
        sheet = view.sheets[view.player]
        policy.prepare(view.sheets, view.turn)
        scored: list[tuple[float, int]] = []
        for index, action in enumerate(legal):
            if isinstance(action, roll.Take):
                e, n = action.colour.index, action.number
                if action.target is _CIRCLE:
                    g = policy.circle_gain(sheet, e)
                elif action.target is _TOP:
                    g = policy.top_gain(sheet, e)
                else:
                    b = sheet.boxes[e]
                    g = policy.write_gain(sheet, e, len(b), b[-1] if b else 0, n or 10, True)
            elif isinstance(action, roll.Refuse):
                g = math.inf  # always compared
            else:
                return legal  # accelerations: few, all simulated
            if action == anchor:
                g = math.inf
            scored.append((g, index))
        scored.sort(key=lambda item: -item[0])
        keep = sorted(index for _g, index in scored[: self.candidates])
        return [legal[i] for i in keep]


bot: typing.Final = bots.Levels(easy=EasyBot, hard=HardBot)
"""The bot of a level, options to its constructor: ``bot("hard", time_budget=0.2)``."""
LEVELS: typing.Final = bot.names
"""The levels, weakest first (``roll.Game.bot_levels``)."""
