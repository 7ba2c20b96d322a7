"""Computer players for Lost Cities: The Board Game (2-4 players, any seat).

Three levels, all obtained with :func:`bot` (the board game's entry in
:mod:`lostcities.ui.games` offers them by level) and all
following :class:`lostcities.bots.Bot` (``think(view, rng)`` is a generator
that yields ``None`` between slices of work and returns the action)::

    >>> import random
    >>> from lostcities import bots, board
    >>> state = board.Game(players=3).new_game(random.Random(3))
    >>> players = [bot("easy"), bot("medium"), bot("hard", iterations=4)]
    >>> picks = [bots.choose(player, state.view(0), random.Random(0)) for player in players]
    >>> all(state.is_legal(action) for action in picks)
    True

* ``easy``: a casual player.  It advances where the next card fits closely,
  starts an expedition once it holds three cards of a colour (the researcher
  on a colour of four or more), discards what it holds least of, nearly
  always draws from the draw pile, never thinks about the round's end, and
  now and then plays a random legal action.
* ``medium``: a sound heuristic.  Each path is valued by where its piece is
  expected to end the round: the cards in hand that still fit, a share of the
  unseen cards that may still be drawn and played, the turns left (the draw
  pile and how close the fifth bridge crossing is), the stones' points (the
  researcher's doubled) and the tiles on the way (an artifact is worth what
  one more token is worth on the artifact track, an arrow a free step).
  Progress made now counts in full, progress expected later only in part, so
  it prefers the big steps (onto stone 4, across the bridge, into the lost
  city) and tiles within reach; a step is worth more than a turn spent on a
  discard, and a card that skips values costs the unseen cards it makes
  useless.  It starts an expedition only when its piece is expected to end
  well in the plus (a piece on the board costs a little: one fewer for
  later), puts the researcher where the prospects are best, discards what it
  cannot use, weighs what a discard gives the next players, draws a discard
  when it is worth more than a blind draw (never the card it just
  discarded), and at the fourth crossing it crosses (ending the round) only
  when that leaves it in the lead.
* ``hard``: determinized Monte Carlo search (:mod:`lostcities.search`).  The
  heuristic proposes a few candidates (its own choice, the anchor, first);
  every sample deals the unseen cards anew into the other hands, the removed
  cards and the draw pile, and every candidate is played out on it to the
  end of the round on a compact copy of the position, every player following
  a light sketch of the heuristic (a round in 2-4 ms on CPython; play-outs
  that follow the heuristic itself are an option).  The result of a play-out
  is the candidate's margin over the best other player (the totals after the
  round plus the artifact track's expected value).  Sequential halving
  (:class:`lostcities.search.Halving`) keeps the heuristic's choice unless
  another candidate beats it by a clear statistical margin.  A decision is
  about 300 play-outs (some 10,000 play-out turns, 0.1-0.4 s on CPython), or
  its share of a turn's ``budget`` play-out turns when given one; it yields
  after every play-out and stops at its share of ``time_budget`` seconds a
  turn (0.8 s by default, for slow machines and the browser) or after
  ``iterations`` samples.

The bots only ever see their :class:`lostcities.board.View`.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import math
import random
import time
import typing

from lostcities import api, bots, search
from lostcities.board import data, rules

# -- compact tables -----------------------------------------------------------------------
# A card is its code in rules.CARDS: colour * 11 + value.

_NC = rules.NUM_COLOURS
_NV = rules.NUM_VALUES
_N_CARDS = len(rules.CARDS)
_COL = rules.COLOUR_OF
_VAL = rules.VALUE_OF
_LC = data.LOST_CITY
_CROSS = data.BRIDGE_AFTER + 1
"""The stone beyond the bridge: reaching it is a crossing."""
_ENDING = data.CROSSINGS_TO_END
_STONE = (0, *data.STONE_VALUES)
"""Points of a piece (adventurer) on stone 0 (camp, no piece) .. 9."""
_ART, _ARROW = -1, -2
_TILE_CODE = {"artifact": _ART, "arrow": _ARROW}
_SPACE = [[-1] * (_LC + 1) for _ in range(_NC)]
for _i, (_colour, _stone) in enumerate(rules.SPACES):
    _SPACE[_colour.index][_stone] = _i
_KINDS = (rules.Kind.ADVENTURER, rules.Kind.RESEARCHER)

# action codes inside the compact world
_DISCARD, _ADVANCE, _START_ADV, _START_RES = 0, 1, 2, 3
_PLAY, _MOVE, _DRAW = 0, 1, 2


def _track(artifacts: float, short: bool) -> float:
    """The artifact track, linear between whole counts."""
    track = data.SHORT_TRACK if short else data.LONG_TRACK
    top = len(track) - 1
    if artifacts >= top:
        return float(track[top])
    lo = int(artifacts)
    return track[lo] + (artifacts - lo) * (track[lo + 1] - track[lo])


class _World:
    """A compact, mutable position for evaluation and play-outs.

    ``deck`` holds the sampled draw pile as one stream per player (top last):
    a player drawing from the draw pile takes the next card of its own stream
    (of another one once its own is empty), so that the cards a player
    receives do not shift when somebody takes a discard instead (the samples
    of different candidates stay comparable).  The streams are empty in a
    world built from a view (only ``deck_size`` matters there)."""

    __slots__ = ("any_piece", "crossed", "deck", "deck_size", "dirs", "discarded", "found", "hands", "memo",
                 "n", "nearest", "over", "phase", "piles", "player", "pts", "pub", "res", "rounds_left", "short",
                 "stones", "tiles", "tokens", "tops", "turns", "up_down")
    n: int
    up_down: bool
    any_piece: bool
    short: bool
    rounds_left: int
    """Rounds still to come after this one."""
    hands: list[list[int]]
    tops: list[list[int]]
    """Value of the last card of each column, -1 for an empty column."""
    dirs: list[list[int]]
    """Direction of each column: 1 up, -1 down, 0 not fixed yet."""
    stones: list[list[int]]
    res: list[int]
    """Colour of each researcher on a path, -1 in the camp."""
    tiles: list[list[int]]
    """Tile code per colour and stone (0 none, -1 artifact, -2 arrow, n points)."""
    crossed: int
    found: list[int]
    pts: list[int]
    tokens: list[int]
    deck: list[list[int]]
    deck_size: int
    piles: list[list[int]]
    pub: list[int]
    """Copies of each card in columns and discard piles."""
    player: int
    phase: int
    over: bool
    discarded: int
    """Colour discarded this turn (-1 none): the heuristic does not draw it back."""
    turns: int
    """Player turns played in this world (a play-out cap)."""
    nearest: int
    """The bridges' part of :func:`_turns_left` (-1: not known since the last step of a piece)."""
    memo: dict[float, tuple[list[list[float]], list[list[float]]]]
    """The heuristic's tables of the tiles' worth by an artifact's worth (see :meth:`_Eval.tile_tables`):
    shared by copies while their tiles are the same, replaced when a tile is taken."""

    def copy(self) -> _World:
        w = _World.__new__(_World)
        w.n = self.n
        w.up_down = self.up_down
        w.any_piece = self.any_piece
        w.short = self.short
        w.rounds_left = self.rounds_left
        w.hands = [h[:] for h in self.hands]
        w.tops = [t[:] for t in self.tops]
        w.dirs = [d[:] for d in self.dirs]
        w.stones = [s[:] for s in self.stones]
        w.res = self.res[:]
        w.tiles = [t[:] for t in self.tiles]
        w.crossed = self.crossed
        w.found = self.found[:]
        w.pts = self.pts[:]
        w.tokens = self.tokens
        w.deck = [d[:] for d in self.deck]
        w.deck_size = self.deck_size
        w.piles = [p[:] for p in self.piles]
        w.pub = self.pub[:]
        w.player = self.player
        w.phase = self.phase
        w.over = self.over
        w.discarded = self.discarded
        w.turns = self.turns
        w.nearest = self.nearest
        w.memo = self.memo
        return w

    # -- rules (the subset the bots use) ---------------------------------------------
    def can_move(self, p: int) -> bool:
        return any(0 < s < _LC for s in self.stones[p])

    def play(self, kind: int, x: int) -> None:
        """Discard, advance or start with card ``x`` for the player to act."""
        p = self.player
        self.hands[p].remove(x)
        self.pub[x] += 1
        c = _COL[x]
        self.phase = _DRAW
        if kind == _DISCARD:
            self.piles[c].append(x)
            self.discarded = c
            return
        v = _VAL[x]
        top = self.tops[p][c]
        if top >= 0 and self.dirs[p][c] == 0 and v != top:
            self.dirs[p][c] = 1 if v > top else -1
        self.tops[p][c] = v
        if kind == _START_RES:
            self.res[p] = c
        if self.stones[p][c] >= _LC:
            if self.can_move(p):
                self.phase = _MOVE
            return
        self.step(p, c)

    def move(self, c: int) -> None:
        """Answer a pending move: the piece on path ``c`` (-1: none)."""
        self.phase = _DRAW
        if c >= 0:
            self.step(self.player, c)

    def step(self, p: int, c: int) -> None:
        stones = self.stones[p]
        s = stones[c] + 1
        stones[c] = s
        self.nearest = -1
        if s == _CROSS:
            self.crossed += 1
            if self.crossed >= _ENDING:
                self.over = True
                return
        tile = self.tiles[c][s]
        if tile == 0:
            return
        if tile == _ART:
            self.tiles[c][s] = 0
            self.memo = {}
            self.found[p] += 1
        elif tile == _ARROW:
            if self.can_move(p):
                self.phase = _MOVE
        else:
            self.pts[p] += tile

    def draw(self, c: int) -> None:
        """Draw (``c`` < 0: the draw pile) and end the turn."""
        p = self.player
        if c < 0:
            stream = self.deck[p]
            if not stream:
                stream = next(d for d in self.deck if d)
            self.hands[p].append(stream.pop())
            self.deck_size -= 1
        else:
            x = self.piles[c].pop()
            self.pub[x] -= 1
            self.hands[p].append(x)
        self.discarded = -1
        self.turns += 1
        if self.deck_size <= 0:
            self.over = True
            return
        self.player = (p + 1) % self.n
        self.phase = _PLAY

    def fits(self, p: int, x: int) -> bool:
        """Card ``x`` may be added to ``p``'s column of its colour (a piece is there)."""
        c = _COL[x]
        v = _VAL[x]
        top = self.tops[p][c]
        if top < 0:
            return _opens(self.hands[p], x, self.up_down)
        d = self.dirs[p][c]
        if d > 0 or not self.up_down:
            return v >= top
        if d < 0:
            return v <= top
        return True

    def plays(self, p: int) -> list[tuple[int, int]]:
        """The legal plays of ``p``: (kind, card)."""
        out: list[tuple[int, int]] = []
        stones = self.stones[p]
        res = self.res[p]
        adventurers = _adventurers(stones, res)
        hand = self.hands[p]
        previous = -1
        for x in hand:
            if x == previous:
                continue
            previous = x
            c = _COL[x]
            if stones[c]:
                if self.fits(p, x):
                    out.append((_ADVANCE, x))
            elif _opens(hand, x, self.up_down):
                if adventurers < data.ADVENTURERS:
                    out.append((_START_ADV, x))
                if res < 0:
                    out.append((_START_RES, x))
            out.append((_DISCARD, x))
        return out

    def net(self, p: int) -> int:
        stones = self.stones[p]
        res = self.res[p]
        return sum(_STONE[s] * (2 if c == res else 1) for c, s in enumerate(stones))

    def worth(self, p: int) -> float:
        """What ``p`` would have if the round ended now: the total after the
        round's scoring plus the artifact track's expected value."""
        total = max(0, self.pts[p] + self.net(p))
        return total + _artifact_worth(self.tokens[p] + self.found[p], self.rounds_left, self.n, self.short)


def _opens(hand: typing.Sequence[int], x: int, up_down: bool) -> bool:
    """``x`` is the lowest card of its colour in ``hand`` (or the highest with up and down)."""
    c = _COL[x]
    v = _VAL[x]
    values = [_VAL[y] for y in hand if _COL[y] == c]
    return v == min(values) or (up_down and v == max(values))


_FUTURE_SHARE = 0.55
"""Share of a round's nine artifacts expected to be found, per round to come."""


def _artifact_worth(count: float, rounds_left: int, n: int, short: bool) -> float:
    """The expected track points of ``count`` artifacts, with the rounds to come."""
    return _track(count + rounds_left * data.ARTIFACT_TILES * _FUTURE_SHARE / n, short)


def _read_columns(w: _World, v: rules.View) -> None:
    """Each column's top value and direction, and the cards it shows (``w.pub``)."""
    w.tops = [[-1] * _NC for _ in range(w.n)]
    w.dirs = [[0] * _NC for _ in range(w.n)]
    w.pub = [0] * _N_CARDS
    for q in range(w.n):
        for c, col in enumerate(v.columns[q]):
            if col:
                values = [card.value for card in col]
                w.tops[q][c] = values[-1]
                w.dirs[q][c] = next((1 if u > values[0] else -1 for u in values if u != values[0]), 0)
                for card in col:
                    w.pub[card.index] += 1


def _tile_grid(v: rules.View) -> list[list[int]]:
    """The tiles by path and stone (0 where there is none)."""
    tiles = [[0] * (_LC + 1) for _ in range(_NC)]
    for i, tile in enumerate(v.tiles):
        if tile is not None:
            colour, stone = rules.SPACES[i]
            tiles[colour.index][stone] = _TILE_CODE.get(tile.id) or tile.points
    return tiles


def _world_from_view(v: rules.View) -> _World:
    """The public position plus the viewer's hand; the others' hands hold
    only their publicly known cards and the draw pile is empty."""
    game = v.game
    n = game.players
    w = _World.__new__(_World)
    w.n = n
    w.up_down = game.up_and_down
    w.any_piece = game.any_piece
    w.short = game.is_short
    w.rounds_left = game.rounds - max(1, v.round)
    me = v.player
    w.hands = [[c.index for c in v.known[q]] if q != me else [c.index for c in v.hand] for q in range(n)]
    _read_columns(w, v)
    w.piles = [[card.index for card in pile] for pile in v.discard_piles]
    for pile in w.piles:
        for x in pile:
            w.pub[x] += 1
    w.stones = [list(s) for s in v.stones]
    w.res = list(v.researcher)
    w.tiles = _tile_grid(v)
    w.crossed = v.bridges_crossed
    w.found = list(v.found)
    own = v.totals[me]
    w.pts = [own if t is None else t for t in v.totals]  # type: ignore[misc]
    w.tokens = list(v.artifact_tokens)
    w.deck = [[] for _ in range(n)]
    w.deck_size = v.draw_pile_size
    w.player = v.current_player
    w.phase = {rules.Phase.PLAY: _PLAY, rules.Phase.MOVE: _MOVE}.get(v.phase, _DRAW)
    w.over = False
    w.discarded = -1
    w.turns = 0
    w.nearest = -1
    w.memo = {}
    return w


def _sample(template: _World, v: rules.View, unseen: list[int], rng: random.Random) -> _World:
    """A determinization: the unseen cards dealt at random into the other
    hands (their secret part), the removed cards and the draw pile."""
    w = template.copy()
    pool = unseen[:]
    rng.shuffle(pool)
    at = 0
    for q in range(w.n):
        if q != v.player:
            secret = v.hand_sizes[q] - len(v.known[q])
            w.hands[q].extend(pool[at:at + secret])
            at += secret
    at += v.removed
    rest = pool[at:]
    w.deck = [rest[q::w.n] for q in range(w.n)]
    return w


# -- the heuristic --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Params:
    """Weights of the medium heuristic (pass keyword arguments to override single
    weights; an unknown one raises ``TypeError``)."""

    gamma: float = 0.7
    """Weight of progress expected later against progress made now."""
    playable_share: float = 0.6
    """Share of the unseen cards drawn in time that is still played."""
    start_margin: float = 10.0
    """Points a new expedition's piece must be expected to end above."""
    researcher_option: float = 0.5
    """Share of the researcher's doubling counted while it waits in the camp."""
    arrow: float = 6.0
    """Worth of an arrow tile (a free step)."""
    bridge_rate: float = 0.5
    """Steps per player turn towards the next bridge crossings."""
    danger: float = 0.6
    """Weight of what a discard gives the next player (half that for the others)."""
    deny: float = 0.2
    """Weight of taking a card the next player could use."""
    blind: float = 2.0
    """Expected worth of a blind draw from the draw pile."""
    tempo: float = 4.0
    """Worth of a step made now rather than a turn spent on a discard."""
    piece_cost: float = 4.0
    """Cost of putting one more piece on the board (one fewer for later)."""
    option_draws: float = 0.5
    """Weight of the unseen cards for an expedition not started yet."""


DEFAULT = Params()


def _turns_left(w: _World, prm: Params) -> float:
    """Turns the player to act is expected to get after this one."""
    n = w.n
    by_deck = w.deck_size / n
    nearest = w.nearest
    if nearest < 0:
        # the ``need`` nearest pieces' distances, a piece not yet placed counting _CROSS + 1
        need = _ENDING - w.crossed
        distances = [_CROSS - s for stones in w.stones for s in stones if 0 < s < _CROSS]
        if need <= 0:
            nearest = 0
        elif len(distances) > need:
            distances.sort()
            nearest = sum(distances[:need])
        else:
            nearest = sum(distances) + (_CROSS + 1) * (need - len(distances))
        w.nearest = nearest
    return min(by_deck, nearest / (prm.bridge_rate * n))


class _Eval:
    """The heuristic's tables for player ``p`` in ``w``."""

    __slots__ = ("art", "cum", "f", "held", "m", "p", "pieces", "pre", "prm", "suf", "turns", "tv", "w")

    def __init__(self, w: _World, p: int, prm: Params) -> None:
        self.w = w
        self.pieces: dict[tuple[int, int, int, float], float] = {}
        self.p = p
        self.prm = prm
        hand = w.hands[p]
        unseen = [2 - k for k in w.pub]
        for x in hand:
            unseen[x] -= 1
        total = 0
        suf: list[list[int]] = []
        pre: list[list[int]] = []
        for c in range(_NC):
            row = [k if k > 0 else 0 for k in unseen[c * _NV:(c + 1) * _NV]]
            pre.append(list(itertools.accumulate(row)))
            above = list(itertools.accumulate(reversed(row)))
            above.reverse()
            above.append(0)
            total += above[0]
            suf.append(above)
        self.suf = suf
        self.pre = pre
        turns = _turns_left(w, prm)
        self.turns = turns
        self.f = min(0.8, prm.playable_share * turns / max(1, total))
        count = w.tokens[p] + w.found[p]
        here = _artifact_worth(count, w.rounds_left, w.n, w.short)
        art = max(3.0, (_artifact_worth(count + 2, w.rounds_left, w.n, w.short) - here) / 2)
        self.art = art
        self.tv, self.cum = self.tile_tables(art)
        held: list[list[int]] = [[] for _ in range(_NC)]
        for x in hand:
            held[_COL[x]].append(_VAL[x])
        self.held = held
        self.m = [self.moves(c, held[c], w.tops[p][c], w.dirs[p][c], w.stones[p][c] > 0) for c in range(_NC)]

    def tile_tables(self, art: float) -> tuple[list[list[float]], list[list[float]]]:
        """The worth of the tile on each path and stone (an artifact's ``art``) and its sums
        along the path (kept in the world's memo while its tiles stay the same)."""
        w = self.w
        tables = w.memo.get(art)
        if tables is not None:
            return tables
        prm = self.prm
        tv = []
        cum = []
        for c in range(_NC):
            row = [0.0] * (_LC + 2)
            acc_row = [0.0] * (_LC + 2)
            acc = 0.0
            for s in range(1, _LC + 1):
                t = w.tiles[c][s]
                val = 0.0 if t == 0 else (art if t == _ART else (prm.arrow if t == _ARROW else float(t)))
                row[s] = val
                acc += val
                acc_row[s] = acc
            acc_row[_LC + 1] = acc
            tv.append(row)
            cum.append(acc_row)
        w.memo[art] = tv, cum
        return tv, cum

    def moves(self, c: int, values: list[int], top: int, d: int, placed: bool) -> float:
        """Expected steps still to come on path ``c`` (from the cards ``values``
        held in that colour and a share of the unseen ones)."""
        f = self.f
        w = self.w
        if top < 0:
            if not values:
                return 0.0
            if not placed:
                f *= self.prm.option_draws
            low = min(values)
            m = len(values) + f * self.suf[c][low]
            if w.up_down:
                m = max(m, len(values) + f * self.pre[c][max(values)])
            return m
        if d > 0 or not w.up_down:
            return sum(1 for v in values if v >= top) + f * self.suf[c][top]
        if d < 0:
            return sum(1 for v in values if v <= top) + f * self.pre[c][top]
        return max(sum(1 for v in values if v >= top) + f * self.suf[c][top],
                   sum(1 for v in values if v <= top) + f * self.pre[c][top])

    def piece(self, c: int, s: int, factor: int, m: float) -> float:
        """Worth of a piece on stone ``s`` of path ``c`` expected to make ``m``
        more steps: its points now plus ``gamma`` of what the steps add (remembered: the
        candidates of a decision value the same pieces again and again)."""
        key = (c, s, factor, m)
        known = self.pieces.get(key)
        if known is not None:
            return known
        cur = _STONE[s] * factor
        if m <= 0.0:
            self.pieces[key] = float(cur)
            return float(cur)
        e = s + m
        if e >= _LC:
            end = _STONE[_LC] * factor + self.cum[c][_LC] - self.cum[c][s]
        else:
            lo = int(e)
            fr = e - lo
            stone = _STONE[lo] + fr * (_STONE[lo + 1] - _STONE[lo])
            end = stone * factor + self.cum[c][lo] - self.cum[c][s] + fr * self.tv[c][lo + 1]
        worth = cur + self.prm.gamma * (end - cur)
        self.pieces[key] = worth
        return worth

    def option(self, c: int, m: float) -> tuple[float, float]:
        """An expedition not started: (its worth, the stone part of its
        expected end) or (0, 0) when not worth starting."""
        if m < 1.0:
            return 0.0, 0.0
        e = min(float(_LC), m)
        lo = int(e)
        fr = e - lo
        stone = _STONE[lo] + (fr * (_STONE[lo + 1] - _STONE[lo]) if lo < _LC else 0.0)
        end = stone + self.cum[c][lo] + (fr * self.tv[c][lo + 1] if lo < _LC else 0.0)
        if end <= self.prm.start_margin:
            return 0.0, 0.0
        return self.prm.gamma * (end - self.prm.start_margin), stone

    def total(self, stones: typing.Sequence[int], res: int, m: typing.Sequence[float], adventurers: int) -> float:
        """Worth of the position: every piece and every expedition that may still start."""
        turns = self.turns
        wanted = 0.0
        opts = []
        for c in range(_NC):
            if stones[c]:
                if stones[c] < _LC:
                    wanted += m[c]
            elif m[c] >= 1.0:
                opts.append(c)
        free = data.ADVENTURERS - adventurers + (1 if res < 0 else 0)
        scale = 1.0 if wanted <= turns or wanted <= 0 else turns / wanted
        value = 0.0
        for c in range(_NC):
            if stones[c]:
                value += self.piece(c, stones[c], 2 if c == res else 1, m[c] * scale)
        if opts and free > 0 and turns >= 1.0:
            best: list[tuple[float, float]] = []
            for c in opts:
                worth, stone = self.option(c, min(m[c], turns) * scale)
                if worth > 0.0:
                    best.append((worth, stone))
            best.sort(reverse=True)
            for worth, _ in best[:free]:
                value += worth
            if res < 0 and best:
                value += self.prm.researcher_option * self.prm.gamma * max(0.0, max(s for _, s in best))
        return value

    def base(self) -> float:
        w, p = self.w, self.p
        stones = w.stones[p]
        res = w.res[p]
        return self.total(stones, res, self.m, _adventurers(stones, res))

    def after_play(self, kind: int, x: int) -> float:
        """Worth of the position after ``p`` plays ``kind`` with card ``x``,
        the tile reached included; a fifth crossing is judged by the lead."""
        w, p = self.w, self.p
        c = _COL[x]
        v = _VAL[x]
        values = self.held[c][:]
        values.remove(v)
        stones = list(w.stones[p])
        res = w.res[p]
        m = list(self.m)
        gain = 0.0
        if kind == _DISCARD:
            m[c] = self.moves(c, values, w.tops[p][c], w.dirs[p][c], stones[c] > 0)
            gain -= self.danger(x)
        else:
            top = w.tops[p][c]
            d = w.dirs[p][c]
            if top >= 0 and d == 0 and v != top:
                d = 1 if v > top else -1
            if kind == _START_RES:
                res = c
            if kind != _ADVANCE:
                gain -= self.prm.piece_cost
            else:
                gain += self.prm.tempo
            m[c] = self.moves(c, values, v, d, True)
            s = stones[c]
            if s < _LC:
                stones[c] = s + 1
                if s + 1 == _CROSS and w.crossed + 1 >= _ENDING:
                    return self.ending(c)
                gain += self.tv[c][s + 1]
            else:
                gain += self.extra_step(stones, res)
        return gain + self.total(stones, res, m, _adventurers(stones, res))

    def extra_step(self, stones: list[int], res: int) -> float:
        """A free step (a lost-city move): the best immediate gain."""
        best = 0.0
        for c in range(_NC):
            s = stones[c]
            if 0 < s < _LC:
                best = max(best, (_STONE[s + 1] - _STONE[s]) * (2 if c == res else 1) + self.tv[c][s + 1])
        return best

    def after_move(self, c: int) -> float:
        """Worth after moving the piece on path ``c`` one stone (-1: none)."""
        w, p = self.w, self.p
        stones = list(w.stones[p])
        res = w.res[p]
        gain = 0.0
        if c >= 0:
            s = stones[c]
            stones[c] = s + 1
            if s + 1 == _CROSS and w.crossed + 1 >= _ENDING:
                return self.ending(c)
            gain = self.tv[c][s + 1]
        return gain + self.total(stones, res, self.m, _adventurers(stones, res))

    def ending(self, c: int) -> float:
        """Worth of ending the round by a fifth crossing on path ``c``: very
        good when it leaves ``p`` in the lead, very bad otherwise."""
        w, p = self.w, self.p
        w.stones[p][c] += 1
        try:
            worths = [w.worth(q) for q in range(w.n)]
        finally:
            w.stones[p][c] -= 1
        margin = search.margin(worths, p)
        return (1000.0 if margin > 0 else -1000.0) + margin

    def danger(self, x: int) -> float:
        """What discarding ``x`` may give the next players."""
        w, p = self.w, self.p
        c = _COL[x]
        v = _VAL[x]
        out = 0.0
        for k in range(1, w.n):
            q = (p + k) % w.n
            s = w.stones[q][c]
            if not s or s >= _LC:
                continue
            top = w.tops[q][c]
            d = w.dirs[q][c]
            if top < 0 or (v >= top if (d > 0 or not w.up_down) else (v <= top if d < 0 else True)):
                weight = self.prm.danger if k == 1 else self.prm.danger / 2
                out += weight * ((_STONE[s + 1] - _STONE[s]) * (2 if w.res[q] == c else 1) + self.tv[c][s + 1])
        return out

    def take(self, y: int) -> float:
        """Gain of holding ``y`` (a discard pile's top) besides the hand."""
        w, p = self.w, self.p
        c = _COL[y]
        values = [*self.held[c], _VAL[y]]
        m = list(self.m)
        m[c] = self.moves(c, values, w.tops[p][c], w.dirs[p][c], w.stones[p][c] > 0)
        stones = w.stones[p]
        res = w.res[p]
        adv = _adventurers(stones, res)
        return self.total(stones, res, m, adv) - self.total(stones, res, self.m, adv)


def _adventurers(stones: typing.Sequence[int], res: int) -> int:
    return len([c for c in range(_NC) if stones[c] and c != res])


def _play_scores(w: _World, prm: Params, plays: list[tuple[int, int]]) -> list[float]:
    ev = _Eval(w, w.player, prm)
    return [ev.after_play(kind, x) for kind, x in plays]


def _best_play(w: _World, prm: Params) -> tuple[int, int]:
    plays = w.plays(w.player)
    scores = _play_scores(w, prm, plays)
    return plays[max(range(len(plays)), key=scores.__getitem__)]


def _move_scores(w: _World, prm: Params, options: list[int]) -> list[float]:
    ev = _Eval(w, w.player, prm)
    return [ev.after_move(c) for c in options]


def _move_options(w: _World) -> list[int]:
    return [-1, *(c for c, s in enumerate(w.stones[w.player]) if 0 < s < _LC)]


def _best_move(w: _World, prm: Params) -> int:
    options = _move_options(w)
    scores = _move_scores(w, prm, options)
    return options[max(range(len(options)), key=scores.__getitem__)]


def _draw_scores(w: _World, prm: Params, options: list[int]) -> list[float]:
    """Worth of each draw (-1: the draw pile)."""
    ev: _Eval | None = None
    out = []
    for c in options:
        if c < 0:
            out.append(prm.blind)
            continue
        if c == w.discarded:
            out.append(-1.0)
            continue
        if ev is None:
            ev = _Eval(w, w.player, prm)
        y = w.piles[c][-1]
        out.append(ev.take(y) + prm.deny * ev.danger(y))
    return out


def _draw_options(w: _World) -> list[int]:
    return [-1, *(c for c in range(_NC) if w.piles[c])]


def _best_draw(w: _World, prm: Params) -> int:
    options = _draw_options(w)
    scores = _draw_scores(w, prm, options)
    return options[max(range(len(options)), key=scores.__getitem__)]


def _projected(w: _World, q: int, prm: Params) -> float:
    """``q``'s worth with the heuristic's projection of the rest of the round."""
    ev = _Eval(w, q, prm)
    total = max(0.0, w.pts[q] + ev.base())
    return total + _artifact_worth(w.tokens[q] + w.found[q], w.rounds_left, w.n, w.short)


_TURN_CAP = 400
"""Player turns after which a play-out stops (a round has at most 80 draws;
taking discards keeps the draw pile as it is)."""


def _act(w: _World, prm: Params) -> None:
    """One decision of the player to act by the heuristic."""
    if w.phase == _PLAY:
        kind, x = _best_play(w, prm)
        w.play(kind, x)
    elif w.phase == _MOVE:
        w.move(_best_move(w, prm))
    else:
        c = _best_draw(w, prm)
        if c >= 0 and w.turns > _TURN_CAP // 2:
            c = -1
        w.draw(c)


def _playout(w: _World, prm: Params) -> None:
    """Finish the round in ``w``, every player following the heuristic."""
    while not w.over and w.turns < _TURN_CAP:
        _act(w, prm)


# -- the light policy of play-outs --------------------------------------------------------
# The heuristic above costs about a millisecond a decision; play-outs follow
# this cheaper sketch of it (the same ideas, counted roughly), so that a
# round is played out in a few milliseconds.


def _tile_worth(w: _World, p: int, c: int, s: int) -> float:
    t = w.tiles[c][s]
    if t == 0:
        return 0.0
    if t == _ART:
        return 8.0
    if t == _ARROW:
        return DEFAULT.arrow
    return float(t)


def _ends_well(w: _World, p: int, c: int) -> bool:
    """Whether the fifth crossing by ``p``'s piece on path ``c`` leaves ``p`` in the lead."""
    w.stones[p][c] += 1
    try:
        return search.margin([w.worth(q) for q in range(w.n)], p) > 0
    finally:
        w.stones[p][c] -= 1


def _light_play(w: _World) -> tuple[int, int]:
    """The light policy's play: the best advance or start, or the cheapest discard if it loses less.

    One pass over the hand finds, per colour, how many cards it holds, its lowest and the fitting
    card closest to the column's top (the first in hand order on a tie); whether a card fits is
    asked once per card, and the discards reuse it."""
    p = w.player
    n = w.n
    hand = w.hands[p]
    stones = w.stones[p]
    tops = w.tops[p]
    dirs = w.dirs[p]
    up_down = w.up_down
    res = w.res[p]
    count = [0] * _NC
    lowest = [99] * _NC
    pick = [-1] * _NC
    gaps = [99] * _NC
    fitting: set[int] = set()
    for x in hand:
        c = _COL[x]
        count[c] += 1
        if x < lowest[c]:
            lowest[c] = x
        if not stones[c]:
            continue
        top = tops[c]  # whether x fits (as _World.fits, inlined: the play-outs' hottest loop)
        if top < 0:
            if not _opens(hand, x, up_down):
                continue
            g = 0
        else:
            v = _VAL[x]
            d = dirs[c]
            if d > 0 or not up_down:
                if v < top:
                    continue
                g = v - top
            elif d < 0:
                if v > top:
                    continue
                g = top - v
            else:
                g = abs(v - top)
        fitting.add(x)
        if g < gaps[c]:
            pick[c], gaps[c] = x, g
    turns = _turns_left(w, DEFAULT)
    pool = w.deck_size + (data.HAND_SIZE * (n - 1)) + (data.REMOVED_WITH_TWO if n == 2 else 0)
    f = min(0.8, 0.6 * turns / pool)
    gap_cost = 0.7 * 7.0 * f * 2.0
    best = -1e9
    choice = (_DISCARD, hand[0])
    adventurers = -1  # counted when a start is first scored
    for c in range(_NC):
        if not count[c]:
            continue
        if stones[c]:
            if pick[c] >= 0:
                score = _light_advance(w, p, c, pick[c], gaps[c], gap_cost)
                if score > best:
                    best, choice = score, (_ADVANCE, pick[c])
        elif turns >= 4.0:
            if adventurers < 0:
                adventurers = _adventurers(stones, res)
            start = _light_start(w, p, c, count[c], lowest[c], f, adventurers)
            if start is not None and start[0] > best:
                best, choice = start[0], (start[1], lowest[c])
    return _light_discard(w, p, count, fitting, best, choice)


def _light_advance(w: _World, p: int, c: int, pick: int, gap: int, gap_cost: float) -> float:
    """The light policy's score of advancing on path ``c`` with ``pick``, the fitting card
    ``gap`` values from the top of the column."""
    stones, res = w.stones[p], w.res[p]
    s = stones[c]
    if s >= _LC:
        step = 0.0
        for d in range(_NC):
            t = stones[d]
            if 0 < t < _LC:
                step = max(step, (_STONE[t + 1] - _STONE[t]) * (2 if d == res else 1))
        return 0.3 * step - gap_cost * gap
    if s + 1 == _CROSS and w.crossed + 1 >= _ENDING:
        return 1000.0 if _ends_well(w, p, c) else -1000.0
    delta = (_STONE[s + 1] - _STONE[s]) * (2 if c == res else 1)
    return 0.3 * (delta + _tile_worth(w, p, c, s + 1)) - gap_cost * gap


def _light_start(w: _World, p: int, c: int, count: int, lowest: int, f: float,
                 adventurers: int) -> tuple[float, int] | None:
    """The light policy's score and piece kind for starting path ``c`` with
    ``lowest``, or None when not worth it or not possible."""
    e = min(float(_LC), count + f * 2.0 * (_NV - _VAL[lowest]))
    lo = int(e)
    end = _STONE[lo] + (e - lo) * (_STONE[lo + 1] - _STONE[lo]) if lo < _LC else float(_STONE[_LC])
    for t in range(2, lo + 1):
        end += _tile_worth(w, p, c, t)
    if end <= DEFAULT.start_margin:
        return None
    score = 1.0 + 0.02 * (end - DEFAULT.start_margin)
    if w.res[p] < 0 and (end >= 25.0 or adventurers >= data.ADVENTURERS):
        kind = _START_RES
    elif adventurers < data.ADVENTURERS:
        kind = _START_ADV
    else:
        return None
    return (score, kind) if _opens(w.hands[p], lowest, w.up_down) else None


def _light_discard(w: _World, p: int, count: typing.Sequence[int], fitting: typing.Container[int], best: float,
                   choice: tuple[int, int]) -> tuple[int, int]:
    """``choice`` (scored ``best``), or the cheapest discard if it loses less (``fitting``: the
    cards of the hand that fit their columns)."""
    stones = w.stones[p]
    q = (p + 1) % w.n
    next_stones, next_tops = w.stones[q], w.tops[q]
    danger = DEFAULT.danger
    for x in w.hands[p]:
        c = _COL[x]
        s = stones[c]
        if s:
            loss = 5.0 if s < _LC and x in fitting else 0.0
        else:
            loss = 0.5 + 0.05 * (_NV - _VAL[x]) + (2.0 if count[c] >= 3 else 0.0)
        t = next_stones[c]
        if 0 < t < _LC and next_tops[c] >= 0 and _VAL[x] >= next_tops[c]:
            loss += danger * (_STONE[t + 1] - _STONE[t])
        if -loss > best:
            best, choice = -loss, (_DISCARD, x)
    return choice


def _light_move(w: _World) -> int:
    p = w.player
    stones = w.stones[p]
    best, choice = 0.0, -1
    for c in range(_NC):
        s = stones[c]
        if 0 < s < _LC:
            if s + 1 == _CROSS and w.crossed + 1 >= _ENDING:
                score = 1000.0 if _ends_well(w, p, c) else -1000.0
            else:
                score = (_STONE[s + 1] - _STONE[s]) * (2 if c == w.res[p] else 1) + _tile_worth(w, p, c, s + 1)
            if score > best:
                best, choice = score, c
    return choice


def _light_draw(w: _World) -> int:
    """The light policy's draw: the first discard pile (by colour) whose top card has the value of the
    top of the player's column of that colour, on a path still short of its lost city (such a card fits
    whatever the column's direction); else the draw pile."""
    p = w.player
    if w.turns > _TURN_CAP // 2:
        return -1
    stones, tops, piles, discarded = w.stones[p], w.tops[p], w.piles, w.discarded
    for c in range(_NC):
        pile = piles[c]
        if pile and c != discarded and 0 < stones[c] < _LC and _VAL[pile[-1]] == tops[c]:
            return c
    return -1


def _light_playout(w: _World, lead: int = 0, prm: Params = DEFAULT) -> None:
    """Finish the round in ``w``, every player following the light policy
    (the full heuristic for the first ``lead`` decisions)."""
    while lead > 0 and not w.over and w.turns < _TURN_CAP:
        _act(w, prm)
        lead -= 1
    while not w.over and w.turns < _TURN_CAP:
        phase = w.phase
        if phase == _PLAY:
            kind, x = _light_play(w)
            w.play(kind, x)
        elif phase == _MOVE:
            w.move(_light_move(w))
        else:
            w.draw(_light_draw(w))


# -- bots ---------------------------------------------------------------------------------------


def _to_action(w: _World, step: int, kind: int, x: int) -> api.Action:
    if step == _PLAY:
        card = rules.CARDS[x]
        if kind == _DISCARD:
            return rules.Discard(card)
        if kind == _ADVANCE:
            return rules.Advance(card)
        return rules.Start(card, _KINDS[kind - _START_ADV])
    if step == _MOVE:
        return rules.Move(None if x < 0 else rules.COLOURS[x])
    return rules.Draw(None if x < 0 else rules.COLOURS[x])


def _code(action: api.Action) -> tuple[int, int] | None:
    """An action as ``(kind, card)`` (a play), ``(-1, colour)`` (a move or a
    draw, -1 for none or the draw pile); None for a move from the camp."""
    if isinstance(action, rules.Discard):
        return _DISCARD, action.card.index
    if isinstance(action, rules.Advance):
        return _ADVANCE, action.card.index
    if isinstance(action, rules.Start):
        return _START_ADV + _KINDS.index(action.kind), action.card.index
    if isinstance(action, rules.Move):
        if action.kind is not None:
            return None
        return -1, -1 if action.colour is None else action.colour.index
    if isinstance(action, rules.Draw):
        return -1, -1 if action.colour is None else action.colour.index
    return None


def _scored(v: rules.View, w: _World, prm: Params) -> list[tuple[float, api.Action]]:
    """Every legal action of the view with the heuristic's score, best first
    (a move from the camp, the ``any_piece`` reading, is never chosen)."""
    legal = v.legal_actions()
    coded = [(a, _code(a)) for a in legal]
    usable = [(a, code) for a, code in coded if code is not None]
    if w.phase == _PLAY:
        scores = _play_scores(w, prm, [code for _, code in usable])
    elif w.phase == _MOVE:
        scores = _move_scores(w, prm, [code[1] for _, code in usable])
    else:
        scores = _draw_scores(w, prm, [code[1] for _, code in usable])
    ranked = sorted(zip(scores, range(len(usable)), strict=True), reverse=True)
    return [(score, usable[i][0]) for score, i in ranked]


_STALL_LIMIT = 3
"""A bot draws from the draw pile after this many discard-pile draws while
the draw pile kept its size (so that bots never take discards forever)."""


class _Memory:
    """What a bot remembers of its own last actions: the colour it has just
    discarded (it does not draw that card back) and how often in a row it
    drew from a discard pile while the draw pile kept its size."""

    _key: tuple[int, int] = (-1, -1)
    _discarded: int = -1
    _stall_key: tuple[int, int] = (-1, -1)
    _stalls: int = 0

    def _world(self, v: rules.View) -> tuple[_World, bool]:
        """The compact world of ``v`` and whether the bot must draw from the draw pile."""
        w = _world_from_view(v)
        key = (v.round, v.draw_pile_size)
        if w.phase == _DRAW and key == self._key:
            w.discarded = self._discarded
        return w, w.phase == _DRAW and key == self._stall_key and self._stalls >= _STALL_LIMIT

    def _remember(self, v: rules.View, action: api.Action) -> api.Action:
        key = (v.round, v.draw_pile_size)
        if isinstance(action, rules.Discard):
            self._key, self._discarded = key, action.card.colour.index
        elif isinstance(action, rules.Draw):
            self._key, self._discarded = (-1, -1), -1
            if action.colour is None:
                self._stall_key, self._stalls = (-1, -1), 0
            elif key == self._stall_key:
                self._stalls += 1
            else:
                self._stall_key, self._stalls = key, 1
        return action


class MediumBot(_Memory, bots.Instant[rules.View]):
    """The ``medium`` level: the path-value heuristic, one decision at a time."""

    name = "medium"
    view_type = rules.View

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()

    def decide(self, v: rules.View, rng: random.Random) -> api.Action:
        w, stalled = self._world(v)
        if stalled:
            return self._remember(v, rules.Draw())
        return self._remember(v, _scored(v, w, self.params)[0][1])


class EasyBot(bots.Instant[rules.View]):
    """The ``easy`` level: a casual player with slips."""

    name = "easy"
    view_type = rules.View

    def __init__(self, blunder: float = 0.25) -> None:
        self.blunder = blunder

    def decide(self, v: rules.View, rng: random.Random) -> api.Action:
        legal = v.legal_actions()
        if v.phase is rules.Phase.DRAW:
            return _easy_draw(v, legal)
        if rng.random() < self.blunder:
            return rng.choice(legal)
        if v.phase is rules.Phase.MOVE:
            return _easy_move(v, legal)
        return _easy_play(v, legal)


def _easy_draw(v: rules.View, legal: typing.Sequence[api.Action]) -> api.Action:
    """A discard that fits a started column closely (0 or 1 above its top), else the draw pile."""
    for action in legal:
        if isinstance(action, rules.Draw) and action.colour is not None:
            card = v.discard_piles[action.colour.index][-1]
            column = v.columns[v.player][action.colour.index]
            if column and 0 <= card.value - column[-1].value <= 1 and v.piece(v.player, card.colour):
                return action
    return rules.Draw()


def _easy_move(v: rules.View, legal: typing.Sequence[api.Action]) -> api.Action:
    """The piece furthest along moves (none if no piece can)."""
    moves = [a for a in legal if isinstance(a, rules.Move) and a.colour is not None and a.kind is None]
    if not moves:
        return rules.Move()
    return max(moves, key=lambda a: v.stones[v.player][a.colour.index] if a.colour else 0)


def _easy_play(v: rules.View, legal: typing.Sequence[api.Action]) -> api.Action:
    """A close advance, else a start with three cards of a colour, else the lowest
    advance, else the discard of the least useful card."""
    counts = [0] * _NC
    for card in v.hand:
        counts[card.colour.index] += 1
    advances = [a for a in legal if isinstance(a, rules.Advance)]
    close = []
    for a in advances:
        column = v.columns[v.player][a.card.colour.index]
        gap = a.card.value - column[-1].value if column else 0
        if abs(gap) <= 2:
            close.append((abs(gap), a.card.value, a))
    if close:
        return min(close, key=lambda t: (t[0], t[1]))[2]
    starts = [a for a in legal if isinstance(a, rules.Start) and counts[a.card.colour.index] >= 3]
    if starts:
        best = max(counts[a.card.colour.index] for a in starts)
        wanted = rules.Kind.RESEARCHER if best >= 4 else rules.Kind.ADVENTURER
        pick = [a for a in starts if counts[a.card.colour.index] == best]
        return next((a for a in pick if a.kind is wanted), pick[0])
    if advances:
        return min(advances, key=lambda a: a.card.value)
    discards = [a for a in legal if isinstance(a, rules.Discard)]
    started = [s > 0 for s in v.stones[v.player]]
    return min(discards, key=lambda a: (started[a.card.colour.index], counts[a.card.colour.index], -a.card.value))


BUDGET: typing.Final = 3600
"""Play-out turns a turn of the hard bot may spend with play-outs that follow the heuristic
(``HardBot(budget=BUDGET, lead=WHOLE)``; a play-out counts one for the candidate's step and
one for every player's turn after it; the play step gets three quarters): what 0.8 s buy in
Pyodide, where a turn costs about 1.9 times its CPU time on CPython
(``benchmarks/ai_board.py --calibrate --hard-options '{"lead": 1600}'`` measured 8,885
turns per CPU second on CPython: 3,741 in 0.8 s of Pyodide).  A budget in turns makes a
decision the same on any machine; the time cap stays as a bound.  Light play-outs run ten
times as many turns a second (about 32,000 in the same time) but favour the wrong
candidates (discarding a low card scored +10 points over the heuristic's advance where
heuristic play-outs scored +0.1; session 28).  Not the default: against three mediums in
four-player short games it did not win more than session 23's schedule (session 29, paired
deals: 33.3% against 39.6% over 12 deals, margins -26.8 against -27.6 points; with
``confidence=2`` 31.3% against 37.5% over 8 deals, margins equal)."""

WHOLE: typing.Final = 4 * _TURN_CAP
"""A ``lead`` that covers every decision of a play-out: the heuristic plays it all."""


class Objective(enum.Enum):
    """What a play-out of the hard bot scores: its margin over the best other player
    (``worth``: the total after the round plus the artifact track's expected value) or a
    win-probability version of it, which counts a few points won where the lead is close
    more than many points where the game is already decided."""

    MARGIN = "margin"
    """The margin in points."""
    WIN = "win"
    """1 for a lead, 0 for a deficit, 1/2 for a tie with the best other player."""
    LOGISTIC = "logistic"
    """A logistic of the margin, 1/2 at a tie (see :func:`_objective_score`).

    Not the default: with ``scale=8`` against three mediums in four-player short games it
    won 44.1% against the margin's 39.6% (session 30, 89 paired deals of four seat
    rotations: +4.5 +- 2.7 points, margins +1.4 +- 3.9; on the 79 deals after the screen
    +3.6 +- 2.8), not yet a clear gain.  ``WIN`` lost 2.5 +- 10.8 points in the screen (10 deals).
    In long games, where issue 22 measures, the margin already won 58.2% of 200 (session 31); the
    logistic there won 50.0% of 8 paired deals against the margin's 56.3%.  Two players against
    the frozen hard (session 40, 80 games of ``--players 2 --pairings hard-frozen --seed 4001``):
    the logistic won 42.5% +- 4.6% (margin -22.7 +- 6.8), the margin 43.8% +- 4.5% (-9.1 +- 7.0)."""


def _objective_score(objective: Objective, margin: float, scale: float, rounds_left: int) -> float:
    """The score of a play-out whose margin is ``margin`` points.

    The logistic's ``scale`` (points of margin that move the chance of a win from 1/2 to
    about 73%) grows with the rounds still to come: a lead after the first round of three
    says less about who wins than the same lead at the end of the game.

    >>> [_objective_score(Objective.WIN, m, 8.0, 0) for m in (-3.0, 0.0, 2.0)]
    [0.0, 0.5, 1.0]
    >>> [round(_objective_score(Objective.LOGISTIC, 8.0, 8.0, rounds), 3) for rounds in (0, 1)]
    [0.731, 0.622]
    >>> _objective_score(Objective.MARGIN, -12.5, 8.0, 2)
    -12.5
    """
    if objective is Objective.MARGIN:
        return margin
    if objective is Objective.WIN:
        return 1.0 if margin > 0 else (0.0 if margin < 0 else 0.5)
    z = margin / (scale * (1 + rounds_left))
    return 1.0 / (1.0 + math.exp(-z)) if z > -60.0 else 0.0


PRIOR_CAP: typing.Final = 20.0
"""The most heuristic points a candidate is handicapped for (a round-ending step scores 1000)."""


class HardBot(_Memory):
    """The ``hard`` level: determinized Monte Carlo search over the heuristic's candidates.

    At a play step the heuristic's ``candidates`` best plays are raced, at a
    move step every move, at a draw step the draws the heuristic rates within
    ``draw_window`` points of its choice (a single candidate is played at
    once).  Each sample deals the unseen cards anew; each candidate is played
    out on it to the end of the round, the first ``lead`` decisions of the
    play-out by the heuristic (none by default, all with :data:`WHOLE`), the
    rest by its light sketch; the result is the
    candidate's margin of ``worth`` (total after the round plus the artifact
    track's expected value) over the best other player (or a chance of winning
    made of it: ``objective`` and ``scale``, see :class:`Objective`).
    :class:`lostcities.search.Halving` keeps the heuristic's choice unless
    another beats it by ``confidence`` standard errors; its stages share
    its share of the turn's ``budget`` play-out turns (see :meth:`_allowance`
    and :meth:`_stage`), or have about ``stage`` play-outs each when ``budget``
    is None (session 23's hard, light play-outs: about 300 play-outs, some
    10,000 turns, a decision).  Twice the play-outs (``stage=200``: at most about
    39,000 turns a decision, some 0.8 s in Pyodide) won 50.6% +- 3.2% of 88
    seat-swapped two-player deals against the frozen hard (session 34), where the
    default won 52.6% +- 4.3% of 49 (session 31; on 40 of the same deals the
    paired gain was +1.9 +- 7.7 points of win rate): more play-outs do not pay, so 100 stays.
    On 80 fresh two-player games (session 40, ``--seed 4001``) the default won 43.8% +- 4.5%
    against the frozen hard (margin -9.1 +- 7.0): over the 178 games of both screens 48.6%.

    ``budget`` (play-out turns a turn, None for no cap), ``time_budget``
    (seconds a turn, None for no cap; ``clock`` tells the time, read after
    every play-out) and ``iterations`` (samples, None for no cap) bound the
    search; with ``time_budget=None`` and a fixed rng seed the choice is
    reproducible.  The default time cap of 0.8 s only matters on slow
    machines and in the browser (Pyodide runs play-outs about 1.9 times
    slower than CPython): a turn never lasts longer than its budgets and one
    play-out a decision."""

    name = "hard"

    def __init__(self, time_budget: float | None = 0.8, iterations: int | None = None, budget: int | None = None,
                 candidates: int = 5, draw_window: float = 6.0, confidence: float = 1.0, stage: int = 100,
                 lead: int = 0, horizon: int = 0, prior: float = 0.0, play_share: float = 0.75,
                 params: Params | None = None, clock: search.Clock = time.perf_counter,
                 objective: Objective | str = Objective.MARGIN, scale: float = 8.0) -> None:
        search.check_limits(time_budget, iterations, bounded=budget is None)
        search.check_work(budget)
        self.time_budget = time_budget
        self.iterations = iterations
        self.budget = budget
        """Play-out turns a turn may spend (None: no cap, stages of ``stage`` play-outs); see :data:`BUDGET`."""
        self.last_work = 0
        """Play-out turns spent by the last decision that searched (for benchmarks and tests)."""
        self.candidates = candidates
        self.draw_window = draw_window
        self.confidence = confidence
        self.stage = stage
        self.lead = lead
        self.horizon = horizon
        self.prior = prior
        self.play_share = play_share
        """Share of a turn's budgets its play step may spend (see :meth:`_allowance`)."""
        self._turn: tuple[int, int] = (-1, -1)
        self._turn_work = 0
        self._turn_seconds = 0.0
        """Play-out turns and seconds spent by this turn's steps so far."""
        self.prior = prior
        """Points a candidate's play-outs lose per point the heuristic rates it below its own
        choice (at most ``PRIOR_CAP`` points of the heuristic): 0 judges by the play-outs alone."""
        self.params = params or Params()
        self.clock = clock
        self.objective = Objective(objective)
        """What a play-out scores (its margin by default)."""
        self.scale = scale
        """Points of margin of :attr:`Objective.LOGISTIC` (see :func:`_objective_score`)."""

    def think(self, view: api.View, rng: random.Random) -> bots.Thinking:
        v = bots.own_view(view, rules.View)
        start = self.clock()
        template, stalled = self._world(v)
        if stalled:
            return self._remember(v, rules.Draw())
        ranked = _scored(v, template, self.params)
        step = template.phase
        seconds, budget = self._allowance(v, step)
        until = search.deadline(seconds, self.clock) if seconds is None or seconds > 0 else start
        if step == _PLAY:
            chosen = ranked[: self.candidates]
        elif step == _MOVE:
            chosen = ranked
        else:
            chosen = [r for r in ranked if r[0] >= ranked[0][0] - self.draw_window]
        if len(chosen) < 2:
            return self._remember(v, ranked[0][1])
        codes = [typing.cast(tuple[int, int], _code(a)) for _, a in chosen]
        handicap = [self.prior * min(PRIOR_CAP, ranked[0][0] - score) for score, _ in chosen]
        unseen = v.unseen()
        me = v.player
        prm = self.params

        def sample(r: random.Random) -> _World:
            return _sample(template, v, unseen, r)

        done = [0]
        objective, scale, rounds_left = self.objective, self.scale, template.rounds_left

        def score(margin: float) -> float:
            return _objective_score(objective, margin, scale, rounds_left)

        def playout(world: _World, i: int) -> float:
            w = world.copy()
            done[0] += 1 - w.turns  # the candidate's own step, then every turn the play-out plays
            kind, x = codes[i]
            if step == _PLAY:
                w.play(kind, x)
            elif step == _MOVE:
                w.move(x)
            else:
                w.draw(x)
            if self.horizon:
                for _ in range(self.horizon):
                    if w.over:
                        break
                    _act(w, prm)
                if not w.over:
                    done[0] += w.turns
                    return score(search.margin([_projected(w, q, prm) for q in range(w.n)], me) - handicap[i])
            else:
                _light_playout(w, self.lead, prm)
            done[0] += w.turns
            return score(search.margin([w.worth(q) for q in range(w.n)], me) - handicap[i])

        schedule = search.Halving(anchor=0, confidence=self.confidence, stage=self._stage(template, len(codes), budget))
        best = yield from search.run(len(codes), sample, playout, rng, schedule, until=until,
                                     samples=self.iterations, clock=self.clock, work=lambda: done[0], budget=budget)
        self.last_work = done[0]
        self._turn_work += done[0]
        self._turn_seconds += self.clock() - start
        return self._remember(v, chosen[best][1])

    def _allowance(self, v: rules.View, step: int) -> tuple[float | None, float]:
        """This decision's time cap in seconds and its budget of play-out turns.

        The decisions of one turn (a play, perhaps a move, a draw) share ``time_budget`` and
        ``budget``: the play step gets ``play_share`` of both, a later step of the same turn
        what the earlier ones left (so a turn is never longer than one decision was), a move
        or draw step the bot did not see the play of the rest of the share.

        >>> from lostcities import board
        >>> hard = HardBot(budget=1000)
        >>> view = board.Game(players=2).new_game(random.Random(1)).view(0)
        >>> hard._allowance(view, _PLAY)
        (0.6000000000000001, 750.0)
        >>> hard._turn_work, hard._turn_seconds = 600, 0.5
        >>> hard._allowance(view, _DRAW)
        (0.30000000000000004, 400.0)
        >>> HardBot(budget=BUDGET)._allowance(view, _DRAW)  # a draw step whose play it did not see
        (0.2, 900.0)
        >>> HardBot()._allowance(view, _PLAY), HardBot(time_budget=None, iterations=8)._allowance(view, _PLAY)
        ((0.6000000000000001, inf), (None, inf))
        """
        turn = (v.round, v.draw_pile_size)
        share = 1.0
        if step == _PLAY or turn != self._turn:
            self._turn, self._turn_work, self._turn_seconds = turn, 0, 0.0
            share = self.play_share if step == _PLAY else 1.0 - self.play_share
        seconds = None if self.time_budget is None else self.time_budget * share - self._turn_seconds
        return seconds, math.inf if self.budget is None else self.budget * share - self._turn_work

    def _stage(self, template: _World, candidates: int, budget: float) -> int:
        """Play-outs a stage of sequential halving spends: ``stage`` without a budget; with
        one, an equal share of nine tenths of it per stage at one turn a card of the draw
        pile and one for the candidate's step (the light play-outs nearly always end the
        round by the draw pile: 0.9-1.0 turns a card from the medium level's positions, more
        when discards are drawn), so that the last stage is reached within the budget.

        >>> template = _World.__new__(_World)
        >>> template.deck_size = 35
        >>> HardBot(budget=12000)._stage(template, 5, 12000), HardBot(budget=None)._stage(template, 5, math.inf)
        (100, 100)
        """
        if math.isinf(budget):
            return self.stage
        share = int(budget) * 9 // 10 // search.halving_stages(candidates)
        return max(2 * candidates, share // (template.deck_size + 1))


bot: typing.Final = bots.Levels(easy=EasyBot, medium=MediumBot, hard=HardBot)
"""The bot of a level, options to its constructor: ``bot("hard", time_budget=0.2)``."""
LEVELS: typing.Final = bot.names
"""The levels, weakest first (``board.Game.bot_levels``)."""
