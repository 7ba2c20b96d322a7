"""Computer players for the Lost Cities card game.

Three levels, all obtained with :func:`bot` and all following
:class:`lostcities.bots.Bot` (``think(view, rng)`` is a generator that yields
``None`` after every play-out and returns the action)::

    >>> import random
    >>> from lostcities import bots, card
    >>> state = card.Game(games=1).new_game(random.Random(3))
    >>> action = bots.choose(bot("medium"), state.view(0), random.Random(0))
    >>> state.is_legal(action)
    True

* ``easy``: a casual player.  Plays the lowest card that fits a column, starts
  columns and bets on a whim, discards without looking at what the opponent
  collects, nearly always draws from the draw pile, and now and then simply
  plays a random card.
* ``medium``: a sound heuristic.  It values each colour by the expected final
  column (cards held, unseen cards it may still draw, wagers, the 8-card bonus,
  the turns left), plays the card that loses the least of that value, weighs
  what a discard gives the opponent, takes discards it can use or that the
  opponent needs, and counts the turns left near the end of the deck.
* ``hard``: determinized Monte Carlo search.  It samples the opponent's hand
  and the order of the draw pile from the cards it has not seen (a card that
  fits a column the opponent started is likelier in its hand), plays the
  best few complete turns (play/discard + draw) proposed by the heuristic in
  every sample (every legal turn near the end of the deck), finishes each
  sample with play-outs of the heuristic (medium's, with corrections of its
  plays and discards and of its draws found by self-play: :data:`PLACE_CORRECTION`,
  :data:`DRAW_CORRECTION`), in which it also tries its own two best
  next turns; a play-out stops :data:`DEPTH` turns on and is scored by the
  margin the heuristic expects at the end of the game.  It replaces the
  heuristic's own choice by another turn only when that turn's point margin is
  better by a clear statistical margin.  It
  therefore weighs discard danger, denies the opponent's draws, stalls by
  drawing from discard piles when the extra turns favour it, and chases the
  8-card bonus whenever that pays.  Every decision spends a budget of
  play-out turns (:data:`BUDGET`, about 0.6 s in Pyodide; about 0.4 s on
  CPython), shared among the stages of its schedule, so that it is the same
  on any machine; ``time_budget`` seconds (0.8 s by default; read between
  play-outs) only bound it on a machine slower than planned, and
  ``iterations`` samples cap it for tests.  The search itself (sampling,
  sequential halving, time slicing, budgets) is :mod:`lostcities.search`.

The bots only ever see their :class:`lostcities.card.View`.  Internally they
work on a compact copy of the position (lists of ints, bit masks per colour).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
import typing

from lostcities import api, bots, card, errors, i18n, search

# -- compact tables ---------------------------------------------------------------
# A card is its index in card.CARDS; inside a colour its "slot" is index % 12:
# slots 0..2 are the wagers, slots 3..11 the numbers 2..10.

_N_CARDS = len(card.CARDS)
_COL = card.COLOUR_OF
_RANK = card.RANK_OF
_BIT = tuple(1 << (i % card.CARDS_PER_COLOUR) for i in range(_N_CARDS))
_NUMBERS = 0b111111111000
_WAGERS = 0b111
_RSUM = tuple(sum(s - 1 for s in range(3, 12) if m >> s & 1) for m in range(4096))
"""Sum of the number values in a 12-bit slot mask."""
_NCOUNT = tuple(bin(m & _NUMBERS).count("1") for m in range(4096))
_WCOUNT = tuple(bin(m & _WAGERS).count("1") for m in range(4096))
_COUNT = tuple(bin(m).count("1") for m in range(4096))
"""Cards in a 12-bit slot mask (``_NCOUNT[m] + _WCOUNT[m]``)."""
_ABOVE = tuple(_NUMBERS & ~((1 << (max(t, 1) + 2)) - 1) for t in range(11))
"""Number slots with a value above a column top of rank ``t`` (0 empty, 1 wagers)."""
_BELOW = tuple(_NUMBERS & ((1 << (r + 1)) - 1) for r in range(11))
"""Number slots with a value below rank ``r``."""
_STALL_LIMIT = 6
"""Play-outs stop drawing from discard piles after this many such draws in a row."""
_BOT_STALL_LIMIT = 3
"""A bot draws from the draw pile after this many discard-pile draws at one deck size."""
BUDGET: typing.Final = 12800
"""Play-out turns (calls of :func:`_turn`) a decision of the hard bot spends at most by default:
about 0.6 s in Pyodide, under its 0.8 s time cap.  ``benchmarks/ai_browser.py --rate 12 --seed 28``
(session 36, a quiet machine) measured 22,900 turns a second in Pyodide (21,400 a processor
second) and 34,500 in CPython for today's turn, whose heuristic adds :data:`PLACE_CORRECTION`
and :data:`DRAW_CORRECTION`, and 34,000 in Pyodide for the frozen hard's on the same positions:
12,800 turns are about 0.56 s.  With play-outs cut after :data:`DEPTH` turns (session 38,
a quiet machine, the same command) a turn of work cost a little less: 24,700 a second in Pyodide
(23,300 a processor second), 36,700 in CPython; the play decisions of two games against medium
(``ai_browser.py --game card --games 2 --seed 32``) took 0.50-0.53 s each, the first one of a
fresh engine 0.66 s to 0.80 s (its time cap).  The plain heuristic's turn cost about 1.35
times less in Pyodide (34,100 turns a second, session 33), the 18,000 turns of sessions 28-34
about 0.53 s; session 35's turn, with the correction of the plays and discards alone, 25,200
turns a second, its 14,400 turns 0.57 s.  The frozen hard of ``benchmarks/ai_card.py`` gets the
0.8 s of its own clock at 43 us a turn (its session-28 rate), some 18,600 turns, about 0.55 s in
today's Pyodide: both sides think for about the same time.  A budget in turns makes a decision
the same on any machine; the time cap stays as a bound on a slower one."""
DEPTH: typing.Final = 8
"""Turns a play-out of the hard bot plays after the candidate turn before it stops and scores the
position by the margin the heuristic expects at the end of the game (:func:`_outlook`), by
default (session 38).  A play-out to the end of the game costs about twice the draw pile in turns
(the look-ahead replays the rest of the game), one of 8 turns about 18: early in the game the
budget pays for about five times as many play-outs.  See :class:`HardBot` for the figures."""


class _World:
    """A compact, mutable position used for evaluation and play-outs.

    ``deck`` holds the sampled draw pile as two streams, one per player (top
    last): a player drawing from the draw pile takes the next card of its own
    stream (of the other one once its own is empty).  Every draw is still a
    uniformly random unseen card, but the cards a player receives no longer
    shift when the other player takes a discard instead, which keeps the
    samples of different candidate moves comparable (common random numbers).
    The streams are empty when only the number of cards matters
    (``deck_size``)."""

    __slots__ = (
        "cnts",
        "deck",
        "deck_size",
        "discarded",
        "hands",
        "n",
        "piles",
        "player",
        "pub",
        "stalls",
        "step",
        "sums",
        "tops",
        "wags",
        "work",
    )
    n: int
    hands: list[list[int]]
    tops: list[list[int]]
    """Rank of each column's last card per player and colour (0 empty, 1 wagers only)."""
    sums: list[list[int]]
    wags: list[list[int]]
    cnts: list[list[int]]
    piles: list[list[int]]
    deck: list[list[int]]
    pub: list[int]
    """Per colour, slot mask of the cards whose place everybody knows (columns, piles, taken discards)."""
    player: int
    step: int
    discarded: int
    deck_size: int
    stalls: int
    """Discard-pile draws in a row (play-outs stop stalling after ``_STALL_LIMIT``)."""
    work: list[int]
    """One counter shared by a world and all its copies: the turns played in them by the
    heuristic (:func:`_turn`), the search's measure of the work it has done."""

    def copy(self) -> _World:
        w = _World.__new__(_World)
        w.n = self.n
        w.hands = [self.hands[0][:], self.hands[1][:]]
        w.tops = [self.tops[0][:], self.tops[1][:]]
        w.sums = [self.sums[0][:], self.sums[1][:]]
        w.wags = [self.wags[0][:], self.wags[1][:]]
        w.cnts = [self.cnts[0][:], self.cnts[1][:]]
        w.piles = [p[:] for p in self.piles]
        w.deck = [self.deck[0][:], self.deck[1][:]]
        w.pub = self.pub[:]
        w.player = self.player
        w.step = self.step
        w.discarded = self.discarded
        w.deck_size = self.deck_size
        w.stalls = self.stalls
        w.work = self.work
        return w

    def play(self, x: int) -> None:
        p = self.player
        self.hands[p].remove(x)
        self._add(p, x)
        self.step = 1

    def _add(self, p: int, x: int) -> None:
        """Card ``x`` onto player ``p``'s column of its colour."""
        c = _COL[x]
        r = _RANK[x]
        self.tops[p][c] = r
        if r == 1:
            self.wags[p][c] += 1
        else:
            self.sums[p][c] += r
        self.cnts[p][c] += 1
        self.pub[c] |= _BIT[x]

    def discard(self, x: int) -> None:
        self.hands[self.player].remove(x)
        c = _COL[x]
        self.piles[c].append(x)
        self.pub[c] |= _BIT[x]
        self.discarded = c
        self.step = 1

    def place(self, kind: int, x: int) -> None:
        """Play (``kind`` 1) or discard (``kind`` 0) card ``x``."""
        if kind:
            self.play(x)
        else:
            self.discard(x)

    def draw(self, c: int) -> bool:
        """Draw (``c < 0``: the draw pile); True when this ended the game."""
        p = self.player
        if c < 0:
            stream = self.deck[p] or self.deck[1 - p]
            self.hands[p].append(stream.pop())
            self.deck_size -= 1
            self.stalls = 0
        else:
            self.hands[p].append(self.piles[c].pop())
            self.stalls += 1
        self.step = 0
        self.discarded = -1
        self.player = 1 - p
        return self.deck_size == 0

    def points(self, p: int) -> int:
        total = 0
        sums, wags, cnts = self.sums[p], self.wags[p], self.cnts[p]
        for c in range(self.n):
            k = cnts[c]
            if k:
                total += (sums[c] - 20) * (1 + wags[c]) + (20 if k >= 8 else 0)
        return total


def _world_from_view(view: card.View) -> _World:
    """The public part of ``view`` plus the viewer's hand; the opponent's hand
    holds only its publicly known cards and the deck is empty."""
    n = view.game.colours
    w = _World.__new__(_World)
    w.n = n
    me = view.player
    w.hands = [[], []]
    w.hands[me] = [c.index for c in view.hand]
    w.hands[1 - me] = [c.index for c in view.opponent_known]
    w.tops = [[0] * n, [0] * n]
    w.sums = [[0] * n, [0] * n]
    w.wags = [[0] * n, [0] * n]
    w.cnts = [[0] * n, [0] * n]
    w.pub = [0] * n
    for p in range(2):
        for col in view.columns[p]:
            for cd in col:
                w._add(p, cd.index)
    w.piles = [[cd.index for cd in pile] for pile in view.discard_piles]
    for c, pile in enumerate(w.piles):
        for x in pile:
            w.pub[c] |= _BIT[x]
    for cd in view.opponent_known:
        w.pub[_COL[cd.index]] |= _BIT[cd.index]
    w.deck = [[], []]
    w.deck_size = view.draw_pile_size
    w.player = view.current_player
    w.step = 1 if view.step is card.Step.DRAW else 0
    w.discarded = -1 if view.just_discarded is None else _COL[view.just_discarded.index]
    w.stalls = 0
    w.work = [0]
    return w


def _unseen(view: card.View) -> list[int]:
    return [c.index for c in view.unseen()]


def _sample(template: _World, view: card.View, unseen: list[int], rng: random.Random,
            weights: typing.Sequence[float] | None = None) -> _World:
    """A determinization: the opponent's secret cards and the deck order drawn from ``unseen``.

    Without ``weights`` every unseen card is as likely to be in the opponent's hand;
    with them (by card index, see :func:`_hand_weights`) the secret cards are drawn
    without replacement with these odds, and the deck is the rest in random order."""
    w = template.copy()
    pool = unseen[:]
    rng.shuffle(pool)
    secret = view.opponent_hand_size - len(view.opponent_known)
    if weights is not None:
        # an exponential race: the ``secret`` cards with the smallest times win
        race = sorted(range(len(pool)), key=lambda i: rng.expovariate(weights[pool[i]]))
        chosen = set(race[:secret])
        pool = [pool[i] for i in race[:secret]] + [x for i, x in enumerate(pool) if i not in chosen]
    w.hands[1 - view.player].extend(pool[:secret])
    w.deck = [pool[secret::2], pool[secret + 1::2]]
    return w


def _hand_weights(template: _World, opponent: int, odds: float) -> list[float]:
    """By card index, how much likelier a card is to be in ``opponent``'s hidden hand than
    in the draw pile: ``odds`` for a card that still fits a column the opponent has started
    (a player starts a column with cards of its colour in hand and keeps the higher ones
    for later), 1 for any other card.

    >>> w = _world_from_view(card.Game().new_state().view(0))
    >>> w._add(1, card.Card.from_id("R5").index)
    >>> weights = _hand_weights(w, 1, 2.0)
    >>> [weights[card.Card.from_id(i).index] for i in ("R4", "R6", "R$1", "Y9")]
    [1.0, 2.0, 1.0, 1.0]
    """
    weights = [1.0] * _N_CARDS
    tops, cnts = template.tops[opponent], template.cnts[opponent]
    for x in range(_N_CARDS):
        c = _COL[x]
        if c < template.n and cnts[c]:
            r, t = _RANK[x], tops[c]
            if r > t or (r == 1 and t == 1):
                weights[x] = odds
    return weights


class Evidence(typing.NamedTuple):
    """What a player saw its opponent do in the current game that the view no longer tells.

    ``live_discards[c]``: how many cards of colour ``c`` the opponent discarded that it could
    still have played on its own column then (a colour it gives up on or never meant to start)."""

    game: int
    live_discards: tuple[int, ...]


NO_EVIDENCE: typing.Final = Evidence(0, (0,) * len(card.COLOURS))
"""Evidence of a player that saw nothing (a bot asked in the middle of a game)."""


class Watcher:
    """Follows one player's views through a game and remembers what its opponent discarded.

    The discard piles are public in full, but not who discarded which card.  A player that saw
    its previous view knows: a card on a pile now that was on no pile and in no hand of its own
    then is the opponent's discard.  Views missed (another game, a bot asked mid-game) leave
    only what was seen since.

    >>> import random
    >>> from lostcities import bots
    >>> state = card.Game(games=1).new_game(random.Random(3))
    >>> watcher, medium = Watcher(), bot("medium")
    >>> for _ in range(14):  # the opponent discards the blue wager B$2 at the 11th move
    ...     if state.current_player == 0:
    ...         evidence = watcher.watch(state.view(0))
    ...     _ = state.apply(bots.choose(medium, state.view(state.current_player), random.Random(0)))
    >>> dict(zip((c.value for c in card.COLOURS), evidence.live_discards))
    {'yellow': 0, 'blue': 1, 'white': 0, 'green': 0, 'red': 0, 'purple': 0}
    """

    def __init__(self) -> None:
        self.evidence = NO_EVIDENCE
        self._seen: set[int] = set()
        """Cards on the piles or in the player's hand at its last view."""
        self._tops: tuple[int, ...] = ()
        """The opponent's column tops at the last view (rank, 0 empty)."""

    def watch(self, view: card.View) -> Evidence:
        """Take in the player's view (call it at every decision of the player); the evidence so far."""
        piles = {c.index for pile in view.discard_piles for c in pile}
        other = view.columns[1 - view.player]
        tops = tuple(_RANK[col[-1].index] if col else 0 for col in other)
        if view.game_number != self.evidence.game or not self._tops:
            self.evidence = Evidence(view.game_number, (0,) * len(card.COLOURS))
        else:
            live = list(self.evidence.live_discards)
            for x in piles - self._seen:
                t = self._tops[_COL[x]]
                if _RANK[x] > t or (_RANK[x] == 1 and t <= 1):
                    live[_COL[x]] += 1
            self.evidence = Evidence(view.game_number, tuple(live))
        self._seen = piles | {c.index for c in view.hand}
        self._tops = tops
        return self.evidence


HAND_FEATURES: typing.Final = (
    "fits its started column",
    "  x game progress",
    "  x gap above its top / 10",
    "dead for it (below its top)",
    "colour it has not started",
    "  x game progress",
    "  x (rank - 6) / 4 x progress",
    "  wager",
    "  wager x progress",
    "fits my started column",
    "  x game progress",
    "its live discards of the colour",
    "its known cards of the colour",
)
"""The features of an unseen card that :func:`_hand_features` computes, about the opponent
("it") and the viewer ("my"); game progress runs from 0 (the deal) to 1 (an empty draw pile)."""

HAND_LOG_ODDS: typing.Final = (-0.725, 0.157, 2.947, -0.490, -0.128, 0.089, 0.384, 0.081, -0.121, 0.168, 0.416,
                               -0.191, 0.263)
"""Log odds per :data:`HAND_FEATURES` that an unseen card is in the opponent's hand rather than
in the draw pile, added up (``benchmarks/card_inference.py`` fits them)."""


def _hand_features(template: _World, opponent: int, evidence: Evidence) -> list[tuple[float, ...]]:
    """By card index, the :data:`HAND_FEATURES` of every card for guessing ``opponent``'s hand
    (an empty tuple for a card of a colour not in play)."""
    n = template.n
    full = n * card.CARDS_PER_COLOUR - 2 * card.HAND_SIZE
    g = 1.0 - template.deck_size / full if full > 0 else 1.0
    me = 1 - opponent
    tops, cnts = template.tops[opponent], template.cnts[opponent]
    mtops, mcnts = template.tops[me], template.cnts[me]
    known = [0] * n
    for x in template.hands[opponent]:
        known[_COL[x]] += 1  # before the sampling the opponent's hand holds only its known cards
    out: list[tuple[float, ...]] = []
    for x in range(_N_CARDS):
        c = _COL[x]
        if c >= n:
            out.append(())
            continue
        r, t, mt = _RANK[x], tops[c], mtops[c]
        live = r > t or (r == 1 and t == 1)
        started = cnts[c] > 0
        fits = started and live
        unstarted = not started
        number = r > 1
        mine = mcnts[c] > 0 and (r > mt or (r == 1 and mt == 1))
        out.append((
            float(fits), g * fits, (r - max(t, 1)) / 10.0 if fits and number else 0.0,
            float(started and not live),
            float(unstarted), g * unstarted, (r - 6) / 4.0 * g if unstarted and number else 0.0,
            float(unstarted and not number), g * (unstarted and not number),
            float(mine), g * mine,
            float(min(2, evidence.live_discards[c])), float(min(2, known[c])),
        ))
    return out


def _model_weights(template: _World, opponent: int, evidence: Evidence,
                   log_odds: typing.Sequence[float]) -> list[float]:
    """By card index, the odds (see :func:`_sample`) of the model ``log_odds`` per :data:`HAND_FEATURES`."""
    return [math.exp(sum(b * v for b, v in zip(log_odds, f, strict=True))) if f else 1.0
            for f in _hand_features(template, opponent, evidence)]


# -- the heuristic -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Params:
    """Tunable weights of the heuristic.

    The defaults were tuned by self-play (paired deals, medium against medium
    variants); pass keyword arguments to override single weights (an unknown
    one raises ``TypeError``).

    Fitted instead to the hard level's choices (session 34: 1,613 plays and discards of hard
    against hard, a coordinate search over every weight at x0.5-x2), the weights agree with
    hard no more than the defaults do: 72% of its plays and discards on the fitted three
    quarters, 67% on the others, either way.  Where hard departs from the heuristic, no
    weight follows it: 61% of those departures are a discard where the heuristic plays, and
    they crowd the end of the deck (43% of the decisions with fewer than ten cards in the
    draw pile, 18-33% earlier)."""

    draw_share: float = 0.3
    """Share of the unseen cards of a colour expected to reach our column."""
    time_scale: float = 16.0
    """Below this many cards in the draw pile, unseen cards lose value (no time to play them)."""
    wager_unseen: float = 1.0
    """Weight of the unseen cards when deciding on a wager (wagers need cards in hand)."""
    start_margin: float = 4.0
    """Expected points a column must promise before it is started."""
    wager_margin: float = 0.0
    """Expected points (before multiplying) a column must promise for a wager."""
    danger: float = 0.85
    """Weight of what a discard gives the opponent."""
    deny: float = 0.3
    """Weight of taking a card the opponent wants from a discard pile."""
    tempo: float = 1.5
    """Cost of spending a turn on a discard instead of progress."""
    gap_weight: float = 0.5
    """Weight of the cards a play skips."""
    bonus_weight: float = 1.0
    """Weight of the 20-point bonus for eight cards in a column."""
    take_threshold: float = 0.5
    """Points a discard-pile card must be worth above a blind draw."""
    stall: float = 1.0
    """Weight of the end-of-deck race (extra turns won by drawing from piles)."""
    correction: tuple[float, ...] | None = None
    """Weights per :data:`PLACE_FEATURES` added to the score of every play and discard (None,
    the default: the heuristic alone; the hard level's are :data:`PLACE_CORRECTION`).

    >>> Params(correction=(1.0, 2.0))
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidOptionError: the correction needs 18 weights, one per feature of a play or discard, not 2
    """
    draw_correction: tuple[float, ...] | None = None
    """Weights per :data:`DRAW_FEATURES` added to the score of every draw from a discard pile
    (None, the default: the heuristic alone)."""

    def __post_init__(self) -> None:
        for name, features, what in (("correction", PLACE_FEATURES, "a play or discard"),
                                     ("draw_correction", DRAW_FEATURES, "a draw from a discard pile")):
            weights = getattr(self, name)
            if weights is None:
                continue
            if len(weights) != len(features):
                raise errors.InvalidOptionError(
                    f"the {name.replace('_', ' ')} needs {len(features)} weights, one per feature of {what}, "
                    f"not {len(weights)}")
            object.__setattr__(self, name, tuple(float(b) for b in weights))


def _share(params: Params, deck_size: int) -> float:
    """Expected share of an unseen card we draw and still manage to play."""
    if deck_size <= 0:
        return 0.0
    frac = deck_size / (deck_size + 8.0)
    time_left = min(1.0, deck_size / params.time_scale)
    return params.draw_share * frac * time_left


def _colour_value(s: int, w: int, cnt: int, t: int, held: int, unseen: int, f: float, prm: Params,
                  k: float = 1.0) -> float:
    """Expected final points of one column (``t`` is the top rank, 0 when not started), with
    ``k`` of the cards in hand that fit it played (all by default).

    A column not started is worth starting only above ``start_margin``; its
    value is then counted less that margin (starting is never free)."""
    above = _ABOVE[t]
    hmask = held & above
    umask = unseen & above
    sure: float
    if k == 1.0:  # the play-outs' case: no multiplying on their hot path
        sure = s + _RSUM[hmask]
        ncards = cnt + _NCOUNT[hmask] + f * _NCOUNT[umask]
    else:
        sure = s + k * _RSUM[hmask]
        ncards = cnt + k * _NCOUNT[hmask] + f * _NCOUNT[umask]
    u = f * _RSUM[umask]
    base = sure + u - 20.0
    m = 1 + w
    if t <= 1 and held & _WAGERS and sure + prm.wager_unseen * u - 20.0 > prm.wager_margin:
        hw = _WCOUNT[held]
        m += hw
        ncards += hw
    v = base * m
    if ncards > 6.5:
        v += prm.bonus_weight * (20.0 if ncards >= 8.5 else 10.0 * (ncards - 6.5))
    if not cnt:
        v -= prm.start_margin
        if v < 0.0:
            return 0.0
    return v


def _is_wager_wise(s: int, t: int, held: int, unseen: int, f: float, prm: Params) -> bool:
    above = _ABOVE[t]
    return s + _RSUM[held & above] + prm.wager_unseen * f * _RSUM[unseen & above] - 20.0 > prm.wager_margin


class _Eval:
    """Per-decision tables for the player to act in ``w``."""

    __slots__ = ("f", "held", "unseen", "value")
    held: list[int]
    unseen: list[int]
    value: list[float]
    f: float

    def __init__(self, w: _World, p: int, prm: Params) -> None:
        n = w.n
        held = [0] * n
        for x in w.hands[p]:
            held[_COL[x]] |= _BIT[x]
        pub = w.pub
        f = _share(prm, w.deck_size)
        tops, sums, wags, cnts = w.tops[p], w.sums[p], w.wags[p], w.cnts[p]
        self.held = held
        self.unseen = [(_NUMBERS | _WAGERS) & ~(pub[c] | held[c]) for c in range(n)]
        self.f = f
        self.value = [_colour_value(sums[c], wags[c], cnts[c], tops[c], held[c], self.unseen[c], f, prm)
                      for c in range(n)]


def _danger(w: _World, p: int, x: int, unseen_c: int, prm: Params) -> float:
    """What discarding ``x`` may give the opponent of ``p``."""
    q = 1 - p
    c = _COL[x]
    r = _RANK[x]
    ot = w.tops[q][c]
    d = w.deck_size
    if r == 1:
        if ot == 1:
            return 8.0
        if ot == 0:
            return 2.0 * min(1.0, d / 20.0)
        return 0.0
    if r <= ot:
        return 0.0
    if ot == 0:
        return r * 0.35 * min(1.0, d / 22.0)
    between = _NCOUNT[unseen_c & _ABOVE[ot] & _BELOW[r]]
    k = 1.0 if between == 0 else (0.7 if between == 1 else 0.45)
    return r * (1 + w.wags[q][c]) * k


def _place_scores(w: _World, prm: Params) -> tuple[list[tuple[float, int, int]], _Eval]:
    """Score every legal play/discard of the player to act: (score, kind, card); kind 1 play, 0 discard.

    With ``prm.correction`` every score has its weighted :data:`PLACE_FEATURES` added (the
    same sum as over :func:`_place_features`, computed from what the scoring knows already).

    The play-outs' hot spot: :func:`_danger` is inlined (the same arithmetic in the same
    order, so the scores are the same to the last bit) and every card is scored in one pass;
    the tempo, known only once every card's keep value is, is taken off the discards after it."""
    p = w.player
    ev = _Eval(w, p, prm)
    tops, sums, wags, cnts = w.tops[p], w.sums[p], w.wags[p], w.cnts[p]
    held, unseen, value, f = ev.held, ev.unseen, ev.value, ev.f
    q = 1 - p
    opp_tops, opp_wags = w.tops[q], w.wags[q]
    d = w.deck_size
    wager_danger = 2.0 * min(1.0, d / 20.0)
    open_danger = min(1.0, d / 22.0)
    danger_w = prm.danger
    colour_value = _colour_value
    # turns left for us, this one included, if everybody draws from the draw pile
    turns = (d + 1) // 2
    useful = 0
    live = 0
    smallest = 99.0
    out: list[tuple[float, int, int]] = []
    discards: list[tuple[float, int, float, float]] = []  # (score before the tempo, card, keep, danger)
    for x in w.hands[p]:
        c = _COL[x]
        r = _RANK[x]
        t = tops[c]
        ot = opp_tops[c]
        if (r <= t and r != 1) or (r == 1 and t > 1):
            keep = 0.0  # a dead card: removing it changes nothing
        else:
            live += 1
            keep = value[c] - colour_value(sums[c], wags[c], cnts[c], t, held[c] & ~_BIT[x], unseen[c], f, prm)
            if keep > 0.5:
                useful += 1
                if keep < smallest:
                    smallest = keep
        # what discarding x may give the opponent (_danger)
        if r > 1 and r <= ot:
            discards.append((-keep, x, keep, 0.0))
        else:
            if r == 1:
                danger = 8.0 if ot == 1 else (wager_danger if ot == 0 else 0.0)
            elif ot == 0:
                danger = r * 0.35 * open_danger
            else:
                between = _NCOUNT[unseen[c] & _ABOVE[ot] & _BELOW[r]]
                danger = r * (1 + opp_wags[c]) * (1.0 if between == 0 else (0.7 if between == 1 else 0.45))
            discards.append((-keep - danger_w * danger, x, keep, danger))
        if r > t or (r == 1 and t == 1):
            hc = held[c] & ~_BIT[x]
            if r == 1:
                if not _is_wager_wise(sums[c], t, held[c], unseen[c], f, prm):
                    out.append((-prm.start_margin - 5.0 - keep, 1, x))
                    continue
                after = colour_value(sums[c], wags[c] + 1, cnts[c] + 1, 1, hc, unseen[c], f, prm)
                score = after - value[c] + 0.2
            else:
                after = colour_value(sums[c] + r, wags[c], cnts[c] + 1, r, hc, unseen[c], f, prm)
                score = (after - value[c]) * prm.gap_weight
            if not cnts[c]:
                score -= prm.start_margin
            out.append((score, 1, x))
    tempo = prm.tempo
    if useful >= turns:
        tempo += smallest
    for score, x, _, _ in discards:
        out.append((score - tempo, 0, x))
    if prm.correction is not None:
        out = _corrected(w, prm.correction, out, held, live, discards)
    return out, ev


def _corrected(w: _World, corr: tuple[float, ...], scores: list[tuple[float, int, int]], held: list[int],
               live: int, discards: list[tuple[float, int, float, float]]) -> list[tuple[float, int, int]]:
    """``scores`` (of the player to act in ``w``, who holds the slot masks ``held`` and ``live``
    cards that still fit; ``discards`` gives each card's keep value and danger) with the
    correction ``corr`` added: the sum of ``corr`` times :func:`_place_features`, with every
    term that is the same for all plays or all discards summed once.  The discards come in
    ``scores`` in the order of ``discards``, which is walked alongside."""
    keeps = iter(discards)
    (b_play, b_end, b_prog, b_start, b_start_prog, b_wager, b_gap, b_slack, b_ahead, b_more, b_more_end,
     b_dead, b_dead_end, b_cold, b_cold_end, b_keep, b_danger, b_danger_end) = corr
    p = w.player
    d = w.deck_size
    full = w.n * card.CARDS_PER_COLOUR - 2 * card.HAND_SIZE
    g = 1.0 - d / full if full > 0 else 1.0
    e = 1.0 - d / 12.0 if d < 12 else 0.0
    tops, cnts = w.tops[p], w.cnts[p]
    slack = max(-1.0, min(1.0, ((d + 1) // 2 - live) / 4.0))
    ahead = max(-1.0, min(1.0, (w.points(p) - w.points(1 - p)) / 40.0)) if b_ahead else 0.0
    play = b_play + b_end * e + b_prog * g + b_slack * slack + b_ahead * ahead
    start = b_start + b_start_prog * g
    more_w = (b_more + b_more_end * e) / 4.0
    dead_w = b_dead + b_dead_end * e
    cold_w = b_cold + b_cold_end * e
    danger_w = (b_danger + b_danger_end * e) / 10.0
    keep_w = b_keep / 10.0
    out: list[tuple[float, int, int]] = []
    for score, kind, x in scores:
        c = _COL[x]
        r, t = _RANK[x], tops[c]
        if kind:
            score += play + more_w * _NCOUNT[held[c] & _ABOVE[max(r, t)]]
            if not cnts[c]:
                score += start
            if r == 1:
                score += b_wager
            else:
                score += b_gap * (r - max(t, 1)) / 10.0
        else:
            if (r <= t and r != 1) or (r == 1 and t > 1):
                score += dead_w
            elif not cnts[c]:
                score += cold_w
            _, _, keep, danger = next(keeps)
            score += keep_w * keep + danger_w * danger
        out.append((score, kind, x))
    return out


PLACE_FEATURES: typing.Final = (
    "play",
    "play x end",
    "play x progress",
    "play starts a column",
    "play starts a column x progress",
    "play a wager",
    "play: gap above the top / 10",
    "play x slack",
    "play x ahead",
    "play: higher cards of its colour in hand / 4",
    "play: higher cards of its colour in hand / 4 x end",
    "discard a dead card",
    "discard a dead card x end",
    "discard a card of a colour not started",
    "discard a card of a colour not started x end",
    "discard: keep value / 10",
    "discard: danger / 10",
    "discard: danger / 10 x end",
)
"""The features of a play or discard that :func:`_place_features` computes for a correction of
the heuristic (:attr:`Params.correction`).  "progress" runs from 0 at the deal to 1 at an empty
draw pile, "end" from 0 at 12 cards in the draw pile to 1 at none; "slack" is the turns left
less the cards that still fit, over 4 (between -1 and 1); "ahead" the point margin over 40
(between -1 and 1)."""


PLACE_CORRECTION: typing.Final = (-1.0, -2.0, 1.0, 1.0, -1.0, -1.0, 0.0, 0.0, 0.0, 2.0, -4.0, 0.0, -4.0, 0.0, 0.0,
                                   0.0, 0.0, 0.0)
"""The hard level's correction of the heuristic's plays and discards (:attr:`Params.correction`,
per :data:`PLACE_FEATURES`): a play costs 1 point more at the deal, less as the draw pile
shrinks (about a quarter of a point at 12 cards), then more again, 2 points at an empty pile;
near the end the discard of a dead card costs up to 4 points more; starting a column is worth 1
point more at the deal and nothing more at the end; a wager costs 1 point more; and a play is
worth half a point more per higher card of its colour in hand (nothing at 6 cards in the draw
pile, half a point less at none: late, the cards to follow may not all get their turn).

Found by a coordinate search (``benchmarks/card_correction.py search``: steps of 1 to 4 points on
every weight, the medium heuristic with the correction against the medium heuristic without it
on 1,000 seat-swapped deals): one round from zero (session 35, seed 351), a second from there
(session 36, seed 352: the play, its progress and a start's progress).  On 1,500 fresh deals
(``check --deals 1500 --seed 7777``) it won 53.5% +- 0.8% of the games against the plain
heuristic (+3.7 +- 0.6 points a game; the first round alone +2.6 +- 0.6).  Fitting the weights to
the points that play-outs give every choice (least squares, or the expected points of a soft
choice) changed no more than 0.1 points a decision on positions kept apart."""


def _progress(w: _World, p: int) -> tuple[float, float, float, float]:
    """The "progress", "end", "slack" and "ahead" of :data:`PLACE_FEATURES` and
    :data:`DRAW_FEATURES` for player ``p``."""
    d = w.deck_size
    full = w.n * card.CARDS_PER_COLOUR - 2 * card.HAND_SIZE
    live = 0  # cards that still fit their column
    for x in w.hands[p]:
        t = w.tops[p][_COL[x]]
        r = _RANK[x]
        if not ((r <= t and r != 1) or (r == 1 and t > 1)):
            live += 1
    return (1.0 - d / full if full > 0 else 1.0, max(0.0, 1.0 - d / 12.0),
            max(-1.0, min(1.0, ((d + 1) // 2 - live) / 4.0)),
            max(-1.0, min(1.0, (w.points(p) - w.points(1 - p)) / 40.0)))


def _place_features(w: _World, prm: Params) -> tuple[list[tuple[float, int, int]], _Eval, list[tuple[float, ...]]]:
    """The heuristic's scores of every legal play/discard, without ``prm.correction`` (as
    :func:`_place_scores`), and the :data:`PLACE_FEATURES` of each."""
    scores, ev = _place_scores(w, dataclasses.replace(prm, correction=None))
    p = w.player
    g, e, slack, ahead = _progress(w, p)
    tops, sums, wags, cnts = w.tops[p], w.sums[p], w.wags[p], w.cnts[p]
    hand = w.hands[p]
    held, unseen, value, f = ev.held, ev.unseen, ev.value, ev.f
    out: list[tuple[float, ...]] = []
    for _, kind, x in scores:
        c = _COL[x]
        r = _RANK[x]
        t = tops[c]
        if kind:
            start = 0.0 if cnts[c] else 1.0
            more = sum(1 for y in hand if y != x and _COL[y] == c and _RANK[y] > max(r, t)) / 4.0
            out.append((1.0, e, g, start, start * g, 1.0 if r == 1 else 0.0,
                        (r - max(t, 1)) / 10.0 if r > 1 else 0.0, slack, ahead, more, more * e,
                        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
        else:
            dead = (r <= t and r != 1) or (r == 1 and t > 1)
            keep = 0.0 if dead else value[c] - _colour_value(sums[c], wags[c], cnts[c], t, held[c] & ~_BIT[x],
                                                              unseen[c], f, prm)
            cold = 1.0 if not dead and not cnts[c] else 0.0
            danger = _danger(w, p, x, unseen[c], prm) / 10.0
            out.append((0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                        float(dead), e * dead, cold, cold * e, keep / 10.0, danger, danger * e))
    return scores, ev, out


def _deck_value(w: _World, p: int, ev: _Eval) -> float:
    """Rough value of a blind draw: the mean worth of an unseen card to us."""
    total = 0.0
    count = 0
    tops, wags, cnts = w.tops[p], w.wags[p], w.cnts[p]
    unseen, value = ev.unseen, ev.value
    for c in range(w.n):
        u = unseen[c]
        count += _COUNT[u]
        if cnts[c] or value[c] > 0:
            total += _RSUM[u & _ABOVE[tops[c]]] * (1 + wags[c])
    if not count:
        return 0.0
    return 0.5 * total / count


def _stall_worth(w: _World, p: int, prm: Params) -> float:
    """The end-of-deck race: what drawing from a discard pile (which keeps the draw pile as it
    is) is worth to ``p`` in extra turns, near the end of the draw pile."""
    d = w.deck_size
    if d > 8 or not prm.stall:
        return 0.0
    if d % 2:
        return -4.0 * prm.stall
    # stalling gives us one more turn
    tops, wags, cnts = w.tops[p], w.wags[p], w.cnts[p]
    vals = []
    for x in w.hands[p]:
        c = _COL[x]
        r = _RANK[x]
        t = tops[c]
        if (r > t or (r == 1 and t == 1)) and cnts[c]:
            vals.append(r * (1 + wags[c]) if r > 1 else 5.0)
    mine_after_deck = (d - 1) // 2
    if len(vals) <= mine_after_deck:
        return 0.0
    vals.sort(reverse=True)
    return vals[mine_after_deck] * prm.stall


def _draw_scores(w: _World, prm: Params, ev: _Eval | None = None) -> list[tuple[float, int]]:
    """Score every legal draw of the player to act: (score, pile colour or -1).

    ``ev`` may be passed when it already describes the player's position.  With
    ``prm.draw_correction`` every draw from a discard pile has its weighted :data:`DRAW_FEATURES`
    added (the same sum as over :func:`_draw_features`, the terms shared by every pile summed once)."""
    p = w.player
    piles = w.piles
    discarded = w.discarded
    options = [c for c in range(w.n) if piles[c] and c != discarded] if w.stalls < _STALL_LIMIT else []
    if not options:
        return [(0.0, -1)]
    if ev is None:
        ev = _Eval(w, p, prm)
    tops, sums, wags, cnts = w.tops[p], w.sums[p], w.wags[p], w.cnts[p]
    f = ev.f
    d = w.deck_size
    out = [(_deck_value(w, p, ev), -1)]
    stall = _stall_worth(w, p, prm)
    held_all, unseen_all, value = ev.held, ev.unseen, ev.value
    corr = prm.draw_correction
    if corr is not None:
        (b_take, b_end, b_prog, b_fits, b_cold, b_wager, b_dead, b_gain, b_danger, b_stall, b_ahead, b_slack,
         b_same, b_higher) = corr
        shared = b_take + (b_end * (1.0 - d / 12.0) if d < 12 else 0.0) + b_stall * stall / 10.0
        if b_prog:
            full = w.n * card.CARDS_PER_COLOUR - 2 * card.HAND_SIZE
            shared += b_prog * (1.0 - d / full if full > 0 else 1.0)
        if b_ahead:
            shared += b_ahead * max(-1.0, min(1.0, (w.points(p) - w.points(1 - p)) / 40.0))
        if b_slack:
            live = 0  # cards in hand that still fit, counted by colour from the slot masks
            for c in range(w.n):
                live += _NCOUNT[held_all[c] & _ABOVE[tops[c]]] + (_WCOUNT[held_all[c]] if tops[c] <= 1 else 0)
            shared += b_slack * max(-1.0, min(1.0, ((d + 1) // 2 - live) / 4.0))
    for c in options:
        y = piles[c][-1]
        unseen = unseen_all[c]
        gain = _colour_value(sums[c], wags[c], cnts[c], tops[c], held_all[c] | _BIT[y], unseen, f, prm) - value[c]
        danger = _danger(w, p, y, unseen, prm)
        score = gain + prm.deny * danger + stall - prm.take_threshold
        if corr is not None:
            r, t = _RANK[y], tops[c]
            score += shared + b_gain * gain / 10.0 + b_danger * danger / 10.0
            if not cnts[c]:
                score += b_cold
            elif (r <= t and r != 1) or (r == 1 and t > 1):
                score += b_dead
            else:
                score += b_fits
            if r == 1:
                score += b_wager
            score += b_same * _COUNT[held_all[c]] / 4.0 + b_higher * _NCOUNT[held_all[c] & _ABOVE[max(r, t)]] / 4.0
        out.append((score, c))
    return out


DRAW_FEATURES: typing.Final = (
    "take",
    "take x end",
    "take x progress",
    "take a card that fits a started column",
    "take a card of a colour not started",
    "take a wager",
    "take a card that no longer fits",
    "take: gain / 10",
    "take: danger / 10",
    "take: stall / 10",
    "take x ahead",
    "take x slack",
    "take: cards of its colour in hand / 4",
    "take: higher cards of its colour in hand / 4",
)
"""The features of a draw from a discard pile that :func:`_draw_features` computes for a
correction of the heuristic (:attr:`Params.draw_correction`); a draw from the draw pile has
none.  "end", "progress", "slack" and "ahead" as in :data:`PLACE_FEATURES`; "gain" is what the
card adds to its colour's expected points, "danger" what it would give the opponent, "stall"
the heuristic's worth of the extra turn near the end."""


def _draw_features(w: _World, prm: Params) -> tuple[list[tuple[float, int]], list[tuple[float, ...]]]:
    """The heuristic's scores of every legal draw, without ``prm.draw_correction`` (as
    :func:`_draw_scores`), and the :data:`DRAW_FEATURES` of each (all 0 for the draw pile)."""
    scores = _draw_scores(w, dataclasses.replace(prm, draw_correction=None))
    p = w.player
    ev = _Eval(w, p, prm)
    stall = _stall_worth(w, p, prm)
    g, e, slack, ahead = _progress(w, p)
    tops, sums, wags, cnts = w.tops[p], w.sums[p], w.wags[p], w.cnts[p]
    hand = w.hands[p]
    out: list[tuple[float, ...]] = []
    for _, c in scores:
        if c < 0:
            out.append((0.0,) * len(DRAW_FEATURES))
            continue
        y = w.piles[c][-1]
        r = _RANK[y]
        t = tops[c]
        gain = _colour_value(sums[c], wags[c], cnts[c], t, ev.held[c] | _BIT[y], ev.unseen[c], ev.f, prm) - ev.value[c]
        danger = _danger(w, p, y, ev.unseen[c], prm)
        started = cnts[c] > 0
        dead = (r <= t and r != 1) or (r == 1 and t > 1)
        same = sum(1 for x in hand if _COL[x] == c)
        higher = sum(1 for x in hand if _COL[x] == c and _RANK[x] > max(r, t))
        out.append((1.0, e, g, 1.0 if started and not dead else 0.0, 0.0 if started else 1.0,
                    1.0 if r == 1 else 0.0, 1.0 if dead else 0.0, gain / 10.0, danger / 10.0, stall / 10.0, ahead,
                    slack, same / 4.0, higher / 4.0))
    return scores, out


DRAW_CORRECTION: typing.Final = (-4.0, -4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0)
"""The hard level's correction of the heuristic's draws (:attr:`Params.draw_correction`, per
:data:`DRAW_FEATURES`): a card from a discard pile must be worth 4 points more than the heuristic
asks before it is taken instead of a blind draw, up to 8 at an empty draw pile, and a quarter of
a point less per turn the player is short of the turns its cards that still fit need (a quarter
more per turn to spare; at most a point either way).

Found by one round of the coordinate search (session 36, ``benchmarks/card_correction.py search
--part draw --place <PLACE_CORRECTION> --seed 353``: both sides play with
:data:`PLACE_CORRECTION`).  On 1,500 fresh deals (``check --part draw --deals 1500 --seed 7777``)
it won 52.8% +- 0.7% of the games against the same heuristic without it (+3.0 +- 0.5 points a
game); 6 or 8 points for a take, or 8 near the end, did no better (+2.7 to +3.1)."""

HARD_PARAMS: typing.Final = Params(correction=PLACE_CORRECTION, draw_correction=DRAW_CORRECTION)
"""The heuristic of the hard level: its candidates, its play-outs and its model of the opponent."""


def _best_place(w: _World, prm: Params) -> tuple[int, int]:
    scores, _ = _place_scores(w, prm)
    best = max(scores)
    return best[1], best[2]


def _best_draw(w: _World, prm: Params) -> int:
    return max(_draw_scores(w, prm))[1]


def _turn(w: _World, prm: Params) -> bool:
    """Play the rest of the current player's turn by the heuristic; True when the game ended."""
    w.work[0] += 1
    ev = None
    if w.step == 0:
        scores, ev = _place_scores(w, prm)
        _, kind, x = max(scores)
        p = w.player
        w.place(kind, x)
        # the draw step sees the same position but for the card just placed
        c = _COL[x]
        held = ev.held
        held[c] &= ~_BIT[x]
        ev.value[c] = _colour_value(w.sums[p][c], w.wags[p][c], w.cnts[p][c], w.tops[p][c], held[c],
                                    ev.unseen[c], ev.f, prm)
    return w.draw(max(_draw_scores(w, prm, ev))[1])


def _playout(w: _World, prms: tuple[Params, Params], limit: int = 1000) -> None:
    """Finish the game in ``w`` with both sides following the heuristic (player ``p`` with ``prms[p]``)."""
    while limit > 0 and not _turn(w, prms[w.player]):
        limit -= 1


def _outlook(w: _World, me: int, prms: tuple[Params, Params]) -> float:
    """``me``'s point margin in ``w`` as the heuristic expects the game to end: the final
    points of every column, each player's by its own :func:`_colour_value` (the cards in its
    hand and its share of the unseen ones), or the margin itself when the game is over."""
    if not w.deck_size:
        return w.points(me) - w.points(1 - me)
    return _expected_points(w, me, prms[me]) - _expected_points(w, 1 - me, prms[1 - me])


def _expected_points(w: _World, p: int, prm: Params) -> float:
    """``p``'s final points as the heuristic expects them, when ``p`` can play only as many of
    the cards in its hand that fit its columns as it has turns left."""
    ev = _Eval(w, p, prm)
    turns = (w.deck_size + (w.player == p)) // 2
    tops, cnts, held, value = w.tops[p], w.cnts[p], ev.held, ev.value
    fitting = sum(_NCOUNT[held[c] & _ABOVE[tops[c]]] for c in range(w.n) if cnts[c] or value[c] > 0)
    if fitting <= turns:
        return sum(value)
    k = turns / fitting
    sums, wags = w.sums[p], w.wags[p]
    return sum(_colour_value(sums[c], wags[c], cnts[c], tops[c], held[c], ev.unseen[c], ev.f, prm, k)
               for c in range(w.n))


def _finish_playout(w: _World, prms: tuple[Params, Params], me: int, depth: int | None) -> float:
    """Play on in ``w`` by the heuristic, to the end of the game or (``depth``) at most that many
    turns more; ``me``'s margin at the end, or as the heuristic expects it (:func:`_outlook`).

    Scoring a cut play-out counts as a turn of work (it costs about half of one): so a play-out
    of depth 0 spends some of the budget too, and the stages sized by its cost stay bounded."""
    if depth is None:
        _playout(w, prms)
        return w.points(me) - w.points(1 - me)
    if depth > 0:
        _playout(w, prms, depth)
    w.work[0] += 1
    return _outlook(w, me, prms)


def _lookahead(w: _World, prms: tuple[Params, Params], me: int, options: int, depth: int | None = None) -> float:
    """Point margin of ``me`` at the end of a play-out in which ``me`` tries
    the heuristic's ``options`` best plays/discards at its next turn (each
    with the heuristic's draw) and keeps the best one for this sample.  With ``depth``, the
    play-out stops after that many turns (the opponent's and the tried ones counted) and its
    margin is the expected one (:func:`_outlook`)."""
    while w.player != me:
        if _turn(w, prms[w.player]):
            return w.points(me) - w.points(1 - me)
        if depth is not None:
            depth -= 1
    prm = prms[me]
    scores, _ = _place_scores(w, prm)
    scores.sort(reverse=True)
    best = None
    for _, kind, x in scores[:options]:
        u = w.copy()
        u.place(kind, x)
        if _turn(u, prm):  # the heuristic's draw
            margin: float = u.points(me) - u.points(1 - me)
        else:
            margin = _finish_playout(u, prms, me, None if depth is None else max(0, depth - 1))
        if best is None or margin > best:
            best = margin
    assert best is not None
    return best


def _evaluate(world: _World, turn: tuple[int, int, int], me: int, prms: tuple[Params, Params], lookahead: int,
              depth: int | None = None) -> float:
    """One play-out: ``me``'s final point margin after playing ``turn`` in a
    copy of the sample ``world`` (with the look-ahead when ``lookahead`` > 1); with ``depth``,
    the play-out stops after that many turns after ``turn`` and its margin is the one the
    heuristic expects (:func:`_outlook`).

    A turn that ends the game (the last card of the draw pile) counts as one turn of work:
    otherwise a race of such turns spends nothing of the budget, and its stages, sized by the
    work a play-out costs, grow without bound (session 36: a decision at one card in the draw
    pile took 16 s of CPU with no time cap)."""
    kind, x, c = turn
    w = world.copy()
    if kind >= 0:
        w.place(kind, x)
    if not w.draw(c):
        if lookahead > 1:
            return _lookahead(w, prms, me, lookahead, depth)
        return _finish_playout(w, prms, me, depth)
    w.work[0] += 1
    return w.points(me) - w.points(1 - me)


# -- bots ---------------------------------------------------------------------------------------


def _to_place_action(kind: int, x: int) -> api.Action:
    return card.Play(card.CARDS[x]) if kind else card.Discard(card.CARDS[x])


def _to_draw_action(c: int) -> api.Action:
    return card.draw(None if c < 0 else card.COLOURS[c])


class _StallMemory:
    """Remembers how often this bot drew from discard piles while the draw pile
    kept its size, so that two bots can never stall forever."""

    _stall_key: tuple[int, int] = (-1, -1)
    _stall_count: int = 0

    def _stalls(self, v: card.View) -> int:
        key = (v.game_number, v.draw_pile_size)
        return self._stall_count if key == self._stall_key else 0

    def _note_draw(self, v: card.View, c: int) -> None:
        key = (v.game_number, v.draw_pile_size)
        if c < 0:
            self._stall_key, self._stall_count = (-1, -1), 0
        elif key == self._stall_key:
            self._stall_count += 1
        else:
            self._stall_key, self._stall_count = key, 1


class MediumBot(_StallMemory, bots.Instant[card.View]):
    """The ``medium`` level: one-step look-ahead with the colour-value heuristic."""

    name = "medium"
    view_type = card.View

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()

    def decide(self, v: card.View, rng: random.Random) -> api.Action:
        w = _world_from_view(v)
        if w.step == 0:
            kind, x = _best_place(w, self.params)
            return _to_place_action(kind, x)
        if self._stalls(v) >= _BOT_STALL_LIMIT:
            w.stalls = _STALL_LIMIT
        c = _best_draw(w, self.params)
        self._note_draw(v, c)
        return _to_draw_action(c)


class EasyBot(bots.Instant[card.View]):
    """The ``easy`` level: a casual player with human-like slips."""

    name = "easy"
    view_type = card.View

    def __init__(self, blunder: float = 0.15) -> None:
        self.blunder = blunder

    def decide(self, v: card.View, rng: random.Random) -> api.Action:
        w = _world_from_view(v)
        p = w.player
        tops = w.tops[p]
        hand = w.hands[p]
        if w.step == 0:
            playable = [x for x in hand if _RANK[x] > tops[_COL[x]] or (_RANK[x] == 1 and tops[_COL[x]] == 1)]
            if playable and rng.random() < self.blunder:
                return card.Play(card.CARDS[rng.choice(playable)])
            # colour strength: the sum of the values held
            strength = [0] * w.n
            count = [0] * w.n
            for x in hand:
                strength[_COL[x]] += max(_RANK[x], 3)
                count[_COL[x]] += 1
            best = None
            for x in sorted(playable, key=lambda x: _RANK[x]):
                c = _COL[x]
                started = w.cnts[p][c] > 0
                if started and _RANK[x] - max(tops[c], 1) <= 3:
                    best = x
                    break
                if not started and (strength[c] >= 14 or count[c] >= 3):
                    best = x
                    break
            if best is not None:
                return card.Play(card.CARDS[best])
            # discard the least useful card for itself (ignoring the opponent)
            def usefulness(x: int) -> float:
                c = _COL[x]
                if _RANK[x] <= tops[c] and not (_RANK[x] == 1 and tops[c] == 1):
                    return -10.0
                return strength[c] + (5 if w.cnts[p][c] else 0) + _RANK[x] * 0.1
            return card.Discard(card.CARDS[min(hand, key=usefulness)])
        # draw: take a discard that fits right now, otherwise the draw pile
        for c, pile in enumerate(w.piles):
            if pile and c != w.discarded:
                y = pile[-1]
                if w.cnts[p][c] and _RANK[y] > tops[c] and _RANK[y] - max(tops[c], 1) <= 2:
                    return card.draw(card.COLOURS[c])
        return card.draw()


class HardBot(_StallMemory):
    """The ``hard`` level: determinized Monte Carlo search over whole turns.

    The heuristic proposes its best ``candidates`` plays/discards, each with
    its best ``draws`` draws; with ``endgame`` or fewer cards left in the draw
    pile every legal turn is a candidate (the end-of-deck race is where the
    heuristic errs most and play-outs are short).  Every sample of the hidden
    cards (opponent's hand, draw pile) is played out ``depth`` turns on
    (:data:`DEPTH` by default, None: to the end of the game) once per candidate
    turn and scored by the margin the heuristic then expects: the opponent
    follows ``opponent_params``, the bot ``rollout_params`` (both the hard level's heuristic, :data:`HARD_PARAMS`: the
    medium level's with :data:`PLACE_CORRECTION` and :data:`DRAW_CORRECTION`, by default), and at its next
    turn the bot tries its ``lookahead`` best plays/discards and keeps the
    best one for that sample (a second ply of its own choices, so that a
    candidate is judged by how well the bot can follow it up, not only by
    how the heuristic would).  :class:`lostcities.search.Halving` keeps the
    heuristic's own choice and the better half of the others, each stage on
    fresh samples (sized by ``budget``, below); the best challenger left replaces the heuristic's
    choice only if it gains more than ``confidence`` standard errors of
    points.

    ``budget`` (play-out turns, None for no cap: then every stage has
    ``halving`` samples of 8 candidates) is the work a decision may do: every
    stage gets an equal share of what is left of it (the first at about
    ``lookahead`` x draw-pile size turns a play-out, the later ones at the cost
    measured so far: :class:`lostcities.search.BudgetHalving`).
    ``time_budget`` (seconds, None for no cap; ``clock`` tells the time) and
    ``iterations`` (samples, None for no cap) stop the search earlier.  Both
    the turns and the clock are read after every play-out, so a decision lasts
    at most its budgets and one play-out (with ``lookahead`` > 1 a play-out is
    the sample's game finished once per follow-up tried).  With a fixed rng seed and ``time_budget=None`` the
    choice is reproducible; the default time cap of 0.8 s only matters on a
    machine slower than the one :data:`BUDGET` was measured for.

    The settings stand because no other one gains at this budget (session 33, seat-swapped games
    on fresh seeds against today's hard, ``benchmarks/ai_card.py --pairings hard-base``):
    ``lookahead=3`` won 51.9% +- 5.4% of 80 games, ``lookahead=4`` 50.0% of 32, ``candidates=3``
    50.0% of 48, ``confidence=2`` 53.1% +- 4.0% of 142 and ``candidates=6`` only 37.5% +- 5.6% of 32 (margin -8.8
    +- 4.4 points: with more turns raced, one beats the heuristic's choice by luck more often).  A
    ply of the opponent's two best replies in every play-out (keeping the one worst for the bot)
    won 48.5% +- 3.8% of 132 games against the frozen hard, 6.1 +- 5.3 points of win rate fewer
    than today's hard on the same deals; four times the budget won 52.5% of 120 (session 32).
    Every legal turn a candidate from 20 cards in the draw pile (``endgame=20``) won 36.4% +- 9.7%
    of 22 games (margin -10.1 +- 4.6), from 6 cards 47.1% +- 4.2% of 68, never (``endgame=0``)
    42.0% +- 4.5% of 44 (session 34, seed 3401): the end game's wide race stays at 12 cards.  One
    draw a play (``draws=1``) won 55.5% +- 4.1% of 100 games (margin +2.9 +- 3.3), three 53.5% +-
    4.0% (+1.6 +- 3.7; seed 3411): within the noise of today's two.

    Play-outs cut short (``depth``, session 37; 100 seat-swapped games against today's hard,
    ``--pairings hard-base --seed 3900``, and 300 decisions judged by 64 play-outs that hold the
    opponent's real hand, ``benchmarks/card_inference.py --fit 20 --test 80 --decisions 300
    --oracle 64``): stopped after 16 turns and scored by the margin the heuristic expects with
    every card in hand counted as played, they won 47.0% +- 5.0% (-2.4 +- 3.7 points; that margin
    prefers keeping cards to playing them); with only the cards each player has turns left to play
    counted (:func:`_expected_points`), 8 turns won 55.5% +- 4.9% (+2.0 +- 4.0) and gained +0.24 +-
    0.14 points a decision, 16 turns 49.5% +- 4.9% (+3.0 +- 3.7) and +0.11 +- 0.14, 24 turns 44.0%
    +- 4.7% (+0.5 +- 3.8) and +0.06 +- 0.10; 6 and 10 turns +0.18 +- 0.22 and +0.25 +- 0.13 points a
    decision (these screens counted no work for scoring a cut play-out; it now counts one turn).
    Against session 36's hard (play-outs to the end of the game) the gain in games is not clear,
    but against the frozen hard 8 turns won 60.2% +- 3.4% (+9.9 +- 2.9 points) of the 200 games of
    seed 3800, where session 36's hard won 55.8% +- 3.6% (+3.3 +- 2.6), and 59.5% +- 3.3% (+10.8 +-
    2.6) of the 200 of seed 3700 (session 36's: 56.5%, +7.7): 59.9% and +10.4 points over the 400,
    against 56.1% and +5.5.  So play-outs stop after :data:`DEPTH` (8) turns by default (session
    38; ``depth=None``: to the end of the game).  As the default, on 400 fresh deals (``--pairings
    hard-frozen --games 400 --seed 4000``), it won 60.9% +- 2.3% of the games against the frozen
    hard, +9.9 +- 1.8 points a game.  With that default, 6 candidate plays instead of 4
    gained -0.06 +- 0.15 points a decision where the real hand is known (300 decisions,
    ``card_inference.py --fit 20 --test 80 --decisions 300 --oracle 64``), ``confidence=0.5``
    -0.05 +- 0.03, ``lookahead=3`` -0.10 +- 0.10, ``draws=3`` -0.17 +- 0.10, ``endgame=16`` -0.01 +-
    0.07, and play-outs to the end of the game from 12 cards in the draw pile on -0.01 +- 0.02,
    from 20 on -0.10 +- 0.06: none is kept.

    The heuristic it plays with on both sides is the medium level's with :data:`PLACE_CORRECTION`
    and :data:`DRAW_CORRECTION` (sessions 35-36, :data:`HARD_PARAMS`).  Against the frozen hard, on
    the same 200 seat-swapped games (``benchmarks/ai_card.py --pairings hard-frozen --seed 3700``),
    it won 56.5% +- 3.3% (+7.7 +- 2.8 points a game, at 12,800 turns); session 35's hard, with the
    first round of :data:`PLACE_CORRECTION` alone, 57.0% +- 2.9% (+4.2 +- 2.1, at 14,400 turns);
    session 34's, with the plain heuristic, 53.1% +- 3.6% (other deals).  On 200 more (seed 3800)
    today's hard won 55.8% +- 3.6% (+3.3 +- 2.6): 56.1% and +5.5 points over the 400.  Against session 34's hard
    itself (18,000 turns, seed 3501), session 35's won 63.0% +- 4.3% of 100 games at 18,000 turns
    too (+8.2 +- 3.5), but 48.1% +- 5.2% of 80 at its own 14,400 (-2.3 +- 3.4).  A third round of
    the correction of the plays and discards (session 39, ``benchmarks/card_correction.py``: +1.55
    points a game more for the heuristic alone on 3,000 fresh deals) won 56.8% +- 2.4% of 400
    games against the frozen hard (+7.5 +- 1.8 points, ``--seed 4100``), where today's hard won
    56.8% +- 3.5% (+6.1 +- 2.8) of the first 200 of those games: no gain shown, not kept.

    Scoring a play-out by a chance of winning as well as its margin (session 40: the margin ``m``
    plus ``10 * tanh(m / 5)``, on the 200 games of ``--seed 3700`` where today's hard won 59.5%
    +- 3.3%, +10.8 +- 2.6 points) trades points for wins: in every decision it won 61.5% +- 3.1%
    (+7.7 +- 2.6), only from 9 cards in the draw pile on (where every play-out reaches the end)
    59.8% +- 3.3% (+10.5 +- 2.7).  Neither raises both, so play-outs score the margin alone."""

    name = "hard"

    def __init__(self, time_budget: float | None = 0.8, iterations: int | None = None, budget: int | None = BUDGET,
                 candidates: int = 4, draws: int = 2, params: Params | None = None,
                 rollout_params: Params | None = None, opponent_params: Params | None = None,
                 confidence: float = 1.0, halving: int = 8, endgame: int = 12, lookahead: int = 2,
                 inference: float = 2.2, hand_model: typing.Sequence[float] | None = None,
                 depth: int | None = DEPTH, clock: search.Clock = time.perf_counter) -> None:
        search.check_limits(time_budget, iterations)
        search.check_work(budget)
        self.time_budget = time_budget
        self.iterations = iterations
        self.budget = budget
        """Play-out turns a decision may spend (None: no cap); see :data:`BUDGET`."""
        self.candidates = candidates
        self.draws = draws
        self.params = params or HARD_PARAMS
        """The heuristic that proposes the candidates (:data:`HARD_PARAMS` by default)."""
        self.rollout_params = rollout_params or self.params
        """The heuristic this bot follows in its own play-outs."""
        self.opponent_params = opponent_params or HARD_PARAMS
        """The heuristic the opponent follows in play-outs (the hard level's, :data:`HARD_PARAMS`,
        by default)."""
        self.clock = clock
        self.confidence = confidence
        """A candidate replaces the heuristic's choice only when its mean gain
        exceeds this many standard errors."""
        self.halving = halving
        """Samples of the first stage of sequential halving (later stages have more)."""
        self.endgame = endgame
        """At or below this many draw-pile cards every legal turn is a candidate."""
        self.lookahead = lookahead
        """Above 1: in every play-out the bot tries this many of its own next
        turns and keeps the best (a second ply of its own choices)."""
        if not inference > 0:
            raise errors.InvalidOptionError(f"the inference odds must be positive, not {inference!r}")
        self.inference = inference
        """How much likelier a card that fits a column the opponent has started is to be in
        its hand than in the draw pile, in the samples (1: every unseen card alike).  The
        default is the odds ratio measured in the medium level's games (2.2 over 60 games:
        7118 of 18521 such unseen cards were in the opponent's hand, 15561 of 70706 others).
        Only used with ``hand_model`` None."""
        if hand_model is not None and len(hand_model) != len(HAND_FEATURES):
            raise errors.InvalidOptionError(
                f"the hand model needs {len(HAND_FEATURES)} log odds, not {len(hand_model)}")
        self.hand_model = None if hand_model is None else tuple(hand_model)
        """Log odds per :data:`HAND_FEATURES` for the opponent's hand in the samples, e.g.
        :data:`HAND_LOG_ODDS` (replaces ``inference``; None, the default: ``inference`` alone).
        Off by default: the fitted odds put more of the opponent's real cards in its sampled hand
        (2.88 against 2.64 of 7.7) but no gain in play was measured (session 30: against today's
        hard 50.7% +- 4.4% of 134 seat-swapped games, +0.6 +- 3.2 points; +0.12 +- 0.19 points a
        decision where the real hand is known, ``benchmarks/card_inference.py --decisions``)."""
        if depth is not None and depth < 0:
            raise errors.InvalidOptionError(f"the play-outs' depth must be a number of turns from 0, not {depth!r}")
        self.depth = depth
        """Turns a play-out plays after the candidate before it stops and scores the position by
        the margin the heuristic expects (:func:`_outlook`); None: to the end of the game."""
        self._watcher = Watcher()
        """What the bot saw its opponent discard in this game (with ``hand_model``, it watches every view
        it is given)."""
        self._plan: tuple[tuple[typing.Any, ...], int] | None = None
        self.last_work = 0
        """Play-out turns spent by the last decision that searched (for benchmarks and tests)."""

    def _key(self, v: card.View) -> tuple[typing.Any, ...]:
        return (v.game_number, v.draw_pile_size, tuple(sorted(c.index for c in v.hand)),
                tuple(len(p) for p in v.discard_piles), v.just_discarded)

    def think(self, view: api.View, rng: random.Random) -> bots.Thinking:
        v = bots.own_view(view, card.View)
        until = search.deadline(self.time_budget, self.clock)
        # the watcher's evidence serves only the hand model: without it no decision pays for watching
        evidence = self._watcher.watch(v) if self.hand_model is not None else NO_EVIDENCE
        template = _world_from_view(v)
        if self._stalls(v) >= _BOT_STALL_LIMIT:
            template.stalls = _STALL_LIMIT
        if template.step == 1 and self._plan is not None and self._plan[0] == self._key(v):
            c = self._plan[1]
            if c < 0 or template.stalls < _STALL_LIMIT:
                self._note_draw(v, c)
                return _to_draw_action(c)
        self._plan = None
        turns = self._turns(template)
        unseen = _unseen(v)
        me = v.player
        prms = (self.rollout_params, self.opponent_params) if me == 0 else (self.opponent_params, self.rollout_params)
        lookahead = self.lookahead
        depth = self.depth

        weights = (_model_weights(template, 1 - me, evidence, self.hand_model) if self.hand_model is not None
                   else _hand_weights(template, 1 - me, self.inference) if self.inference != 1.0 else None)

        def sample(rng: random.Random) -> _World:
            return _sample(template, v, unseen, rng, weights)

        def playout(world: _World, i: int) -> float:
            return _evaluate(world, turns[i], me, prms, lookahead, depth)

        work = template.work
        stage = self._stage(template, len(turns))
        schedule = (search.Halving(anchor=0, confidence=self.confidence, stage=stage) if self.budget is None
                    else search.BudgetHalving(anchor=0, confidence=self.confidence, stage=stage,
                                              work=lambda: work[0], budget=self.budget))
        best = yield from search.run(len(turns), sample, playout, rng, schedule, until=until,
                                     samples=self.iterations, clock=self.clock, work=lambda: work[0],
                                     budget=math.inf if self.budget is None else self.budget)
        self.last_work = work[0]
        return self._finish(v, turns[best])

    def _stage(self, template: _World, candidates: int) -> int:
        """Play-outs a stage of sequential halving spends: without a budget ``halving``
        samples of the normal 4 x 2 candidates; with one, the first stage's equal share of
        it, at about ``lookahead`` x ``deck_size`` turns a play-out (the follow-ups tried
        replay the rest of the game; ``depth`` in place of ``deck_size`` when it is fewer
        turns), so that the last stage is reached early in the game too
        (:class:`lostcities.search.BudgetHalving` sizes the later stages from the work left
        and the cost of a play-out measured in the first)."""
        if self.budget is None:
            return self.halving * 8
        left = template.deck_size if self.depth is None else min(template.deck_size, self.depth)
        cost = max(1, self.lookahead) * left + 2
        return max(2, self.budget // (cost * search.halving_stages(candidates)))

    def _turns(self, template: _World) -> list[tuple[int, int, int]]:
        """Candidate turns, the heuristic's choice first: (place kind, card,
        draw colour or -1), kind -1 when only the draw is left."""
        prm = self.params
        turns: list[tuple[int, int, int]] = []
        if template.step == 0:
            scores, _ = _place_scores(template, prm)
            scores.sort(reverse=True)
            wide = template.deck_size <= self.endgame
            for _, kind, x in (scores if wide else scores[: self.candidates]):
                w = template.copy()
                w.place(kind, x)
                draws = sorted(_draw_scores(w, prm), reverse=True)
                for _, c in (draws if wide else draws[: self.draws]):
                    turns.append((kind, x, c))
        else:
            for _, c in sorted(_draw_scores(template, prm), reverse=True):
                turns.append((-1, -1, c))
        return turns

    def _finish(self, v: card.View, turn: tuple[int, int, int]) -> api.Action:
        kind, x, c = turn
        if kind < 0:
            self._note_draw(v, c)
            return _to_draw_action(c)
        hand = sorted(cd.index for cd in v.hand if cd.index != x)
        piles = [len(p) for p in v.discard_piles]
        discarded = None
        if kind == 0:
            piles[_COL[x]] += 1
            discarded = card.CARDS[x]
        self._plan = ((v.game_number, v.draw_pile_size, tuple(hand), tuple(piles), discarded), c)
        return _to_place_action(kind, x)


# -- why a move: the sentence that comes with a suggested move ----------------------------------

REASONS: typing.Final[typing.Mapping[str, str]] = {
    "wager": i18n.N_("A wager on {colour} (higher {colour} cards in hand to follow it: {count})."),
    "start": i18n.N_("It starts the {colour} expedition (higher {colour} cards in hand: {count})."),
    "start early": i18n.N_("It starts the {colour} expedition while most {colour} cards are still to come."),
    "continue": i18n.N_("It continues your {colour} expedition (higher {colour} cards in hand: {count})."),
    "add": i18n.N_("It adds {points} points to your {colour} expedition."),
    "dead": i18n.N_("The {card} can no longer go on your {colour} expedition."),
    "useless": i18n.N_("Your opponent can no longer use the {card}."),
    "least": i18n.N_("Of your cards, the {card} costs you least and gives your opponent little."),
    "take": i18n.N_("The {card} continues your {colour} expedition."),
    "deny": i18n.N_("It keeps the {card} from your opponent."),
    "stall": i18n.N_("Taking a discard keeps the draw pile as it is: you get more turns to play your cards."),
    "hurry": i18n.N_("It brings the end of the game closer while you are ahead."),
    "blind": i18n.N_("No discard is worth more to you than an unknown card."),
}
"""Every sentence :func:`explain` may return, by reason, with ``{fields}`` to fill in (in
English, marked for the catalogs: :func:`explain` tells them in the current language)."""


def _reason(kind: str, **fields: object) -> str:
    return i18n._(REASONS[kind]).format(**fields)


def explain(view: card.View, action: api.Action) -> str:
    """Why ``action`` is a sound move for the player of ``view`` (who is to act), in a
    few plain words in the current language, as the heuristic sees it: the colour it builds,
    the card's danger for the opponent, the discard it takes or denies.  Pure; raises
    ``IllegalActionError`` for a move that is not legal now.

    >>> import random
    >>> from lostcities import bots
    >>> state = card.Game(games=1).new_game(random.Random(3))
    >>> view = state.view(0)
    >>> explain(view, bots.choose(bot("medium"), view, random.Random(0)))
    'Of your cards, the green 2 costs you least and gives your opponent little.'
    >>> explain(view, card.play("B4"))
    'It starts the blue expedition (higher blue cards in hand: 2).'
    """
    bots.check_turn(view)
    v = bots.own_view(view, card.View)
    if action not in v.legal_actions():
        raise errors.IllegalActionError(f"{errors.shown(action)} is not a legal move now: there is no reason for it")
    w = _world_from_view(v)
    p = w.player
    if isinstance(action, card.Draw):
        return _explain_draw(w, p, action)
    assert isinstance(action, card.Play | card.Discard)
    x = action.card.index
    c, r = _COL[x], _RANK[x]
    colour = api.colour_word(card.COLOURS[c].value)
    more = sum(1 for y in w.hands[p] if y != x and _COL[y] == c and _RANK[y] > max(r, w.tops[p][c]))
    if isinstance(action, card.Play):
        if r == 1:
            return _reason("wager", colour=colour, count=more)
        if not w.cnts[p][c]:
            return _reason("start" if more else "start early", colour=colour, count=more)
        if more:
            return _reason("continue", colour=colour, count=more)
        return _reason("add", colour=colour, points=r * (1 + w.wags[p][c]))
    t = w.tops[p][c]
    if (r <= t and r != 1) or (r == 1 and t > 1):
        return _reason("dead", card=action.card.label, colour=colour)
    q = w.tops[1 - p][c]
    if (r != 1 and r <= q) or (r == 1 and q > 1):
        return _reason("useless", card=action.card.label)
    return _reason("least", card=action.card.label)


def _explain_draw(w: _World, p: int, action: card.Draw) -> str:
    if action.colour is None:
        if w.deck_size <= 8 and w.points(p) > w.points(1 - p):
            return _reason("hurry")
        return _reason("blind")
    c = action.colour.index
    y = w.piles[c][-1]
    colour = api.colour_word(action.colour.value)
    t = w.tops[p][c]
    if w.cnts[p][c] and (_RANK[y] > t or (_RANK[y] == 1 and t == 1)):
        return _reason("take", card=card.CARDS[y].label, colour=colour)
    q = w.tops[1 - p][c]
    if w.cnts[1 - p][c] and (_RANK[y] > q or (_RANK[y] == 1 and q == 1)):
        return _reason("deny", card=card.CARDS[y].label)
    if w.deck_size <= 8:
        return _reason("stall")
    return _reason("take", card=card.CARDS[y].label, colour=colour)


bot: typing.Final = bots.Levels(easy=EasyBot, medium=MediumBot, hard=HardBot)
"""The bot of a level, options to its constructor: ``bot("hard", time_budget=0.2)``."""
LEVELS: typing.Final = bot.names
"""The levels, weakest first (``card.Game.bot_levels``)."""
