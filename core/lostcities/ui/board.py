"""HTML renderers of Lost Cities: The Board Game: pure functions returning strings.

Nothing here touches a DOM: every function takes values (a
:class:`lostcities.board.View`, names, notes) and returns an HTML fragment
with CSS class hooks (``lcb-*`` for the board's own parts; the card faces,
the hand, the status line and the highlights reuse the card game's ``lc-*``
hooks) and data attributes for event delegation:

* every stone carries ``data-stone`` (``green-4``: 45 of them) and
  ``data-value`` (its points); a tile on it ``data-tile`` (``artifact``,
  ``arrow`` or the points);
* every piece on the board carries ``data-piece`` (``<seat>-<kind>``:
  ``0-researcher``), ``data-owner`` and ``data-kind``; a piece that has just
  moved has the class ``is-moved`` and ``--steps`` (how far it slid);
* every card face carries ``data-card`` (``G7``);
* every element a tutorial may point at carries its name in ``data-spot``
  (:mod:`lostcities.ui.tutorial`): ``path:<letter>`` (a path, shared by all
  players), ``stone:<letter>:<n>`` (stone 1..9; 9 the lost city),
  ``tile:<letter>:<n>`` (the event tile on that stone), ``bridge:<letter>``
  (a path's bridge) and ``bridge:count`` (the pieces past a bridge),
  ``piece:<seat>:<letter>`` (a seat's piece on a path), ``camp:<seat>`` (the
  pieces still in a seat's camp), ``researcher:<seat>`` and
  ``adventurer:<seat>:<i>`` (a piece in the camp), ``column:<seat>:<letter>``
  (a seat's column of cards), ``deck`` (the draw pile), ``score:<seat>`` (the
  victory points), ``artifact:<seat>`` (the artifacts), ``pick:<kind>`` (the
  piece to start with), ``pick:<letter>`` (the piece to move),
  ``pick:enter:<letter>`` and ``pick:<letter>:<kind>`` (a piece entering from
  the camp), ``pick:none`` (no move); after the game ``track:artifacts``
  and ``track:<count>`` (the artifact track).  The shared markup names the
  hand's cards ``hand:<card>`` and the discard piles ``pile:<letter>``;
* clickable targets carry ``data-target``: ``hand`` (a card of the viewer's
  hand, with ``data-card``), ``path`` (a whole path, with ``data-colour``),
  ``discard`` (a discard pile at the play step), ``pile`` (a discard pile to
  draw from) and ``deck`` (the draw pile); buttons carry ``data-action``.

The table is rendered from a :class:`~lostcities.board.View` only, so the
other hands can never leak: they are counted, never drawn.

Pieces and paths carry symbols besides colours: each path its expedition's
symbol (the card game's), each piece its seat number, the researcher a larger
ringed disc.

>>> import random
>>> from lostcities import board
>>> view = board.Game().new_game(random.Random(1)).view(0)
>>> page = board_html(view, names=("You", "Computer"))
>>> page.count("data-stone="), page.count('data-tile="arrow"')
(45, 9)
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import typing

from lostcities import api, board, i18n, session
from lostcities.board import data
from lostcities.ui import html as lc_html

esc = lc_html.esc
signed = lc_html.signed
number = lc_html.number
_attrs = lc_html.attrs_of
_classes = lc_html.classes_of

SYMBOLS: typing.Final[dict[board.Colour, str]] = {c: lc_html.EXPEDITION_SYMBOLS[c.value] for c in board.Colour}
"""A symbol per expedition, so that colours are never told apart by colour alone."""

ARTIFACT: typing.Final = "\u2756"
"""The mark of an artifact tile (a four-pointed ornament)."""
ARROW: typing.Final = "\u21e7"
"""The mark of an arrow tile (the paths run upwards)."""
PLAYER_COLOURS: typing.Final = ("black", "purple", "orange", "pink")
"""The colour of each seat's pieces (a class ``lcb-p<seat>``); the pieces also show the seat number."""

CITY: typing.Final = '<span class="lcb-citysym" aria-hidden="true">{}</span>'
NEGATIVE: typing.Final = ' class="is-negative"'
PIECE_WORDS: typing.Final = {board.Kind.ADVENTURER: i18n.N_("adventurer"), board.Kind.RESEARCHER: i18n.N_("researcher")}
"""The pieces' names (translate with :func:`piece_word`)."""

PAUSE_WORDS: typing.Final[dict[str, str]] = {"relaxed": i18n.N_("Relaxed: pauses so that you can follow each move"),
                                             "quick": i18n.N_("Quick: short pauses"),
                                             "instant": i18n.N_("Instant: no pauses")}
"""The computer's paces (the same keys as the other games'), marked for the catalogs."""
LEVEL_WORDS: typing.Final[dict[str, str]] = {
    "easy": i18n.N_("easy \u2013 a casual explorer"), "medium": i18n.N_("medium \u2013 a sound player"),
    "hard": i18n.N_("hard \u2013 thinks ahead")}
"""How the setup form describes each computer level, marked for the catalogs."""


def piece_word(kind: board.Kind) -> str:
    """A piece's name in the current language: ``adventurer``, ``researcher``."""
    return i18n._(PIECE_WORDS[kind])


def colour_word(colour: board.Colour) -> str:
    """A path's colour in the current language, as a name (``yellow``)."""
    return api.colour_word(colour.value)


def turn_mark() -> str:
    """The mark of the player to act."""
    return f'<span class="lc-turn">{esc(i18n._("to play"))}</span>'

def colour_of(letter: str) -> board.Colour:
    """The colour of a letter (``G``); raises ``KeyError``."""
    return {c.letter: c for c in board.COLOURS}[letter]


def tile_text(tile: board.Tile) -> str:
    """``artifact``, ``arrow`` or ``10 victory points`` (in the current language)."""
    if tile.kind is board.TileKind.POINTS:
        return i18n._("{points} victory points").format(points=tile.points)
    return i18n._("artifact") if tile.kind is board.TileKind.ARTIFACT else i18n._("arrow")


def tile_mark(tile: board.Tile, spot: str | None = None) -> str:
    """A tile as it lies on its space (``spot``: its tutorial name, ``tile:G:4``); its mark is
    drawn by the style sheet (the stone's title and the path's name say it)."""
    if tile.kind is board.TileKind.ARTIFACT:
        text = ARTIFACT
    elif tile.kind is board.TileKind.ARROW:
        text = ARROW
    else:
        text = str(tile.points)
    where = f' data-spot="{esc(spot)}"' if spot else ""
    return (f'<span class="lcb-tile lcb-tile-{tile.kind.value}" data-tile="{esc(tile.id)}"{where} '
            f'title="{esc(tile_text(tile))}" data-paint="{esc(text)}"></span>')


# -- cards ------------------------------------------------------------------------------------


def card_face(c: board.Card, *, tag: str = "span", classes: typing.Iterable[str] = (),
              attrs: typing.Mapping[str, str | None] | None = None) -> str:
    """One card face up, as in the card game: its value in two corners, the symbol in the middle."""
    return _card_face(i18n.translations(), c, tag, tuple(classes), tuple(attrs.items()) if attrs else ())


@functools.lru_cache(maxsize=1024)
def _card_face(catalog: gettext.NullTranslations, c: board.Card, tag: str, classes: tuple[str, ...],
               attrs: tuple[tuple[str, str | None], ...]) -> str:
    """:func:`card_face` in the language of ``catalog`` (the current one: its key in the cache, never
    read here): the same for every viewer.  Sixty-odd cards, each in a hand or on a pile in a few ways,
    per language (the bound keeps the latest)."""
    return lc_html.card_face(c, c.colour.letter, str(c.value), SYMBOLS[c.colour], tag=tag, classes=classes,
                             attrs=dict(attrs))


def chip(c: board.Card, *, fresh: bool = False) -> str:
    """A card in a column: a small tile with its value (and ``data-card``)."""
    return (f'<span class="{_classes("lcb-chip", f"lc-{c.colour.letter}", "is-fresh" if fresh else None)}" '
            f'data-card="{c.id}" title="{esc(c.label)}">{c.value}</span>')


# -- what may be clicked ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Targets:
    """The legal targets of the viewer, for highlighting (colour letters)."""

    start: frozenset[str] = frozenset()
    """Paths the selected card may start an expedition on."""
    advance: frozenset[str] = frozenset()
    """Paths the selected card may advance on."""
    discard: frozenset[str] = frozenset()
    move: frozenset[str] = frozenset()
    """Paths whose piece may take the offered move."""
    enter: frozenset[str] = frozenset()
    """Paths a piece may enter from the camp (the ``any_piece`` house variant)."""
    piles: frozenset[str] = frozenset()
    """Discard piles that may be drawn from."""
    deck: bool = False

    @property
    def paths(self) -> frozenset[str]:
        return self.start | self.advance | self.move | self.enter


def legal_targets(view: board.View, selected: str | None = None) -> Targets:
    """What to highlight for the viewer: the targets of the selected card at
    the play step, the movable pieces at a move, the piles at the draw step.

    >>> import random
    >>> state = board.Game().new_game(random.Random(3))
    >>> legal_targets(state.view(0), "B1")
    Targets(start=frozenset({'B'}), advance=frozenset(), discard=frozenset({'B'}), move=frozenset(), \
enter=frozenset(), piles=frozenset(), deck=False)
    """
    if view.current_player != view.player or view.step is None:
        return Targets()
    legal = view.legal_actions()
    if view.step is board.Step.PLAY:
        if selected is None or selected not in {c.id for c in view.hand}:
            return Targets()
        letter = selected[0]
        starts = any(isinstance(a, board.Start) and a.card.id == selected for a in legal)
        advances = board.advance(selected) in legal
        return Targets(start=frozenset({letter}) if starts else frozenset(),
                       advance=frozenset({letter}) if advances else frozenset(),
                       discard=frozenset({letter}))
    if view.step is board.Step.MOVE:
        moves = [a for a in legal if isinstance(a, board.Move) and a.colour is not None]
        return Targets(move=frozenset(a.colour.letter for a in moves if a.kind is None and a.colour),
                       enter=frozenset(a.colour.letter for a in moves if a.kind is not None and a.colour))
    return Targets(piles=frozenset(a.colour.letter for a in legal if isinstance(a, board.Draw) and a.colour),
                   deck=True)


def kinds_to_start(view: board.View, card_id: str) -> list[board.Kind]:
    """The kinds of piece the card may start its expedition with (legally)."""
    return [k for k in board.Kind if board.start(card_id, k) in view.legal_actions()]


def kinds_to_enter(view: board.View, colour: board.Colour) -> list[board.Kind]:
    """The kinds of piece that may enter ``colour``'s path from the camp now."""
    return [k for k in board.Kind if board.Move(colour, k) in view.legal_actions()]


@dataclasses.dataclass(frozen=True)
class Marks:
    """Highlights of what just happened, so that a player can follow a move."""

    moved: tuple[tuple[int, str, int], ...] = ()
    """Pieces that have just moved: (seat, colour letter, stones moved)."""
    fresh: tuple[str, ...] = ()
    """Card ids that have just been placed."""
    source: str | None = None
    """Where the last draw came from: ``deck`` or a colour letter."""

    def to_dict(self) -> dict[str, typing.Any]:
        return {"moved": [list(m) for m in self.moved], "fresh": list(self.fresh), "source": self.source}

    @classmethod
    def from_dict(cls, raw: typing.Any) -> Marks:
        """Marks from a save's notes; anything malformed is left out."""
        if not isinstance(raw, dict):
            return cls()
        moved = tuple((m[0], m[1], m[2]) for m in raw.get("moved", []) if isinstance(m, list) and len(m) == 3
                      and type(m[0]) is int and m[1] in {c.letter for c in board.COLOURS} and type(m[2]) is int)
        fresh = tuple(f for f in raw.get("fresh", []) if isinstance(f, str))[:4]
        source = raw.get("source")
        return cls(moved[:6], fresh, source if isinstance(source, str) else None)


# -- the board ----------------------------------------------------------------------------------


def piece(owner: int, kind: board.Kind, colour: board.Colour, stone: int, *, name: str, steps: int = 0) -> str:
    """One piece on a stone: a disc of the owner's colour with the seat number
    (the researcher larger and ringed)."""
    return _piece(i18n.translations(), owner, kind, colour, stone, name, steps)


@functools.lru_cache(maxsize=1024)
def _piece(catalog: gettext.NullTranslations, owner: int, kind: board.Kind, colour: board.Colour, stone: int,
           name: str, steps: int) -> str:
    """:func:`piece` in the language of ``catalog`` (the current one: its key in the cache, never read
    here).  Four seats, two kinds, 45 stones and a name each: a few hundred pieces per game and
    language (the bound keeps the latest when names change)."""
    cls = _classes("lcb-piece", f"lcb-p{owner}", f"lcb-{kind.value}", "is-moved" if steps else None)
    style = f"--steps:{steps}" if steps else None
    mine, theirs = ((i18n._("Your adventurer on {colour} stone {stone}"),
                     i18n._("{name}'s adventurer on {colour} stone {stone}")) if kind is board.Kind.ADVENTURER else
                    (i18n._("Your researcher on {colour} stone {stone}"),
                     i18n._("{name}'s researcher on {colour} stone {stone}")))
    label = lc_html.owned(name, mine, theirs,
                          colour=colour_word(colour), stone=stone)
    attrs = _attrs({"class": cls, "data-piece": f"{owner}-{kind.value}", "data-owner": str(owner),
                    "data-kind": kind.value, "data-colour": colour.letter,
                    "data-spot": f"piece:{owner}:{colour.letter}", "style": style, "title": label,
                    "aria-label": label, "role": "img"})
    return f'<span{attrs} data-paint="{owner + 1}"></span>'


def stone_html(view: board.View, colour: board.Colour, stone: int, names: typing.Sequence[str],
               marks: Marks) -> str:
    """One stone: its value, its tile and every piece on it."""
    return _stone(view, colour, stone, _pieces_on(view, colour, names, marks).get(stone, ""))


def _pieces_on(view: board.View, colour: board.Colour, names: typing.Sequence[str],
               marks: Marks) -> dict[int, str]:
    """The markup of the pieces on ``colour``'s path by stone, in seat order (looked up once per path)."""
    on: dict[int, str] = {}
    for owner in range(len(view.stones)):
        placed = view.piece(owner, colour)
        if placed is not None:
            steps = next((s for o, c, s in marks.moved if o == owner and c == colour.letter), 0)
            on[placed[1]] = on.get(placed[1], "") + piece(owner, placed[0], colour, placed[1], name=names[owner],
                                                          steps=steps)
    return on


def _stone(view: board.View, colour: board.Colour, stone: int, pieces: str) -> str:
    head = _stone_head(i18n.translations(), colour, stone, _tile(view, colour, stone), bool(pieces))
    return f"{head}{pieces}</span></span>"


@functools.lru_cache(maxsize=1024)
def _stone_head(catalog: gettext.NullTranslations, colour: board.Colour, stone: int, tile: board.Tile | None,
                has_pieces: bool) -> str:
    """A stone's markup up to its pieces, in the language of ``catalog`` (the current one: its key in
    the cache, never read here).  The same for every game and viewer: a path has 45 stones and a
    replay hundreds of positions, a few hundred heads in all per language (the cache's bound holds
    both languages' with room)."""
    value = data.STONE_VALUES[stone - 1]
    city = stone == data.LOST_CITY
    cls = _classes("lcb-stone", f"lcb-s{stone}", "lcb-city" if city else None,
                   "is-negative" if value < 0 else None, "has-pieces" if has_pieces else None)
    label = (i18n._("{colour} stone {stone} (the lost city): {points}") if city else
             i18n._("{colour} stone {stone}: {points}")).format(colour=colour_word(colour), stone=stone,
                                                                 points=lc_html.points(value))
    if tile is not None:
        label = i18n._("{stone}, {tile}").format(stone=label, tile=tile_text(tile))
    spot = f"{colour.letter}:{stone}"
    return (f'<span class="{cls}" data-stone="{colour.value}-{stone}" data-value="{value}" data-spot="stone:{spot}" '
            f'title="{esc(label)}">{lc_html.painted(number(value), "lcb-value")}'
            f'{tile_mark(tile, f"tile:{spot}") if tile else ""}'
            f'{CITY.format(SYMBOLS[colour]) if city else ""}'
            '<span class="lcb-on">')


def _tile(view: board.View, colour: board.Colour, stone: int) -> board.Tile | None:
    index = _SPACE_INDEX.get((colour, stone))
    return None if not view.tiles or index is None else view.tiles[index]


_SPACE_INDEX: typing.Final = {space: index for index, space in enumerate(board.SPACES)}
"""Where each space with a tile stands in :data:`lostcities.board.SPACES` (and a view's tiles)."""


def path(view: board.View, colour: board.Colour, names: typing.Sequence[str], *, targets: Targets,
         marks: Marks, interactive: bool) -> str:
    """A path from the camp (bottom) to the lost city (top), the bridge
    between stones 6 and 7; a button when the viewer may click it."""
    stones = []
    pieces = _pieces_on(view, colour, names, marks)
    for stone in range(data.STONES, 0, -1):
        stones.append(_stone(view, colour, stone, pieces.get(stone, "")))
        if stone == data.BRIDGE_AFTER + 1:
            stones.append(f'<span class="lcb-bridge" data-spot="bridge:{colour.letter}" aria-hidden="true"></span>')
    letter = colour.letter
    kind = ("start" if letter in targets.start else "advance" if letter in targets.advance
            else "move" if letter in targets.move else "enter" if letter in targets.enter else None)
    cls = _classes("lcb-path", f"lc-{letter}", "is-target" if kind else None)
    camp = (f'<span class="lcb-camp" aria-hidden="true"><span class="lcb-sym">{SYMBOLS[colour]}</span> '
            f'{esc(colour_word(colour))}</span>')
    inner = "".join(stones) + camp
    label = (i18n._(PATH_WORDS[kind]) if kind else i18n._("the {colour} path")).format(colour=colour_word(colour))
    on = [_piece_on(names[owner], placed[0], placed[1])
          for owner in range(len(view.stones)) if (placed := view.piece(owner, colour)) is not None]
    if on:
        label = i18n._("{path}: {pieces}").format(path=label, pieces=", ".join(on))
    if interactive:
        attrs = _attrs({"type": "button", "class": cls, "data-target": "path", "data-colour": letter,
                        "data-kind": kind, "data-spot": f"path:{letter}", "aria-label": label})
        return f"<button{attrs}>{inner}</button>"
    attrs = _attrs({"class": cls, "data-colour": letter, "data-spot": f"path:{letter}", "aria-label": label,
                    "role": "group"})
    return f"<div{attrs}>{inner}</div>"


PATH_WORDS: typing.Final = {"start": i18n.N_("the {colour} path (start)"),
                            "advance": i18n.N_("the {colour} path (advance)"),
                            "move": i18n.N_("the {colour} path (move)"),
                            "enter": i18n.N_("the {colour} path (enter)")}
"""A path's label when the viewer may click it, per what the click does."""


def _piece_on(name: str, kind: board.Kind, stone: int) -> str:
    """``Ann's adventurer on stone 3`` (in the current language)."""
    mine, theirs = ((i18n._("Your adventurer on stone {stone}"), i18n._("{name}'s adventurer on stone {stone}"))
                    if kind is board.Kind.ADVENTURER else
                    (i18n._("Your researcher on stone {stone}"), i18n._("{name}'s researcher on stone {stone}")))
    return lc_html.owned(name, mine, theirs, stone=stone)


def discard_pile(view: board.View, colour: board.Colour, *, targets: Targets, interactive: bool,
                 marks: Marks) -> str:
    """A discard pile: its top card and its size."""
    pile = view.discard_piles[colour.index]
    letter = colour.letter
    playing = interactive and view.step in (board.Step.PLAY, board.Step.DRAW)
    return lc_html.discard_pile(
        pile, card_face, colour=colour_word(colour), letter=letter, symbol=SYMBOLS[colour],
        top_classes=["is-fresh"] if pile and pile[-1].id in marks.fresh else [],
        role=("discard" if view.step is board.Step.PLAY else "pile") if playing else None,
        target=letter in targets.discard or letter in targets.piles, source=marks.source == letter, cls=["lcb-pile"])


def column(view: board.View, player: int, colour: board.Colour, *, marks: Marks, mine: bool) -> str:
    """A player's column of one colour, bottom card first."""
    cards = view.columns[player][colour.index]
    is_fresh = bool(cards) and mine and cards[-1].id in marks.fresh
    return _column(i18n.translations(), player, colour, tuple(cards), is_fresh)


@functools.lru_cache(maxsize=1024)
def _column(catalog: gettext.NullTranslations, player: int, colour: board.Colour, cards: tuple[board.Card, ...],
            is_fresh: bool) -> str:
    """:func:`column` in the language of ``catalog`` (the current one: its key in the cache, never read
    here); ``is_fresh``: its top card has just been placed.  A column grows by one card a turn: a
    game's columns are a few hundred per language (the bound keeps the latest)."""
    chips = "".join(chip(c, fresh=is_fresh and c is cards[-1]) for c in cards)
    words = ", ".join(str(c.value) for c in cards) or i18n._("empty")
    title = i18n._("{colour} column: {cards}").format(colour=colour_word(colour), cards=words)
    return (f'<span class="{_classes("lcb-col", f"lc-{colour.letter}", "is-empty" if not cards else None)}" '
            f'data-colour="{colour.letter}" data-player="{player}" data-size="{len(cards)}" '
            f'data-spot="column:{player}:{colour.letter}" '
            f'title="{esc(title)}">{chips}</span>')


def counters(view: board.View, *, targets: Targets, interactive: bool, marks: Marks) -> str:
    """The bridges crossed (x/5) and the draw pile (a button at the draw step)."""
    crossed = view.bridges_crossed
    size = view.draw_pile_size
    past = i18n._("pieces past a bridge: the round ends at {count}").format(count=data.CROSSINGS_TO_END)
    bridges = (f'<span class="lcb-bridges" data-crossed="{crossed}" data-spot="bridge:count" '
               f'title="{esc(past)}">{esc(i18n._("Bridges"))} <b>{crossed}/{data.CROSSINGS_TO_END}</b></span>')
    cls = _classes("lc-deck", "lcb-deck", "is-target" if targets.deck else None,
                   "is-source" if marks.source == "deck" else None)
    inner = f'{esc(i18n._("Draw pile"))} <b class="lc-count-text" data-size="{size}">{size}</b>'
    label = i18n.ngettext("draw pile: {count} card", "draw pile: {count} cards", size).format(count=size)
    if interactive and view.step is board.Step.DRAW:
        deck_attrs = _attrs({"type": "button", "class": cls, "data-target": "deck", "data-spot": "deck",
                             "aria-label": label})
        deck = f"<button{deck_attrs}>{inner}</button>"
    else:
        deck = f'<span{_attrs({"class": cls, "data-spot": "deck", "aria-label": label})}>{inner}</span>'
    rounds = view.game.rounds
    at = i18n._("Round {number}/{count}").format(number=view.round, count=rounds)
    round_text = "" if rounds == 1 else f'<span class="lcb-round">{esc(at)}</span>'
    return f'<div class="lcb-counters">{round_text}{bridges}{deck}</div>'


def board_html(view: board.View, *, names: typing.Sequence[str], selected: str | None = None,
               marks: Marks | None = None, interactive: bool = False, with_counters: bool = True) -> str:
    """The board as the viewer knows it: the five paths with their stones,
    tiles and pieces, the counters (unless a screen draws :func:`counters`
    apart, so that a draw does not redraw the paths), the discard piles and
    the viewer's columns, each under its path."""
    marks = marks or Marks()
    mine = interactive and view.current_player == view.player and view.step is not None
    targets = legal_targets(view, selected) if mine else Targets()
    paths = "".join(path(view, c, names, targets=targets, marks=marks, interactive=mine) for c in board.COLOURS)
    piles = "".join(discard_pile(view, c, targets=targets, interactive=mine, marks=marks) for c in board.COLOURS)
    cols = "".join(column(view, view.player, c, marks=marks, mine=True) for c in board.COLOURS)
    step = view.step.value if view.step is not None else view.phase.value
    owner = lc_html.owned(names[view.player], i18n._("Your columns"), i18n._("{name}'s columns"))
    return (f'<div class="lcb-board" data-step="{step}" data-viewer="{view.player}" '
            f'data-selected="{esc(selected or "")}">'
            f"{counters(view, targets=targets, interactive=mine, marks=marks) if with_counters else ''}"
            f'<div class="lcb-paths">{paths}</div>'
            f'<div class="lcb-row lcb-piles" aria-label="{esc(i18n._("discard piles"))}">{piles}</div>'
            f'<p class="lcb-caption" aria-hidden="true">{esc(owner)}</p>'
            f'<div class="lcb-row lcb-mine" aria-label="{esc(owner)}">{cols}</div></div>')


# -- the players ----------------------------------------------------------------------------------


def camp(view: board.View, player: int) -> str:
    """The pieces still in a player's camp."""
    stones, researcher = view.stones[player], view.researcher[player]
    adventurers = data.ADVENTURERS - sum(1 for c, s in enumerate(stones) if s and c != researcher)
    discs = "".join(f'<span class="lcb-piece lcb-p{player} lcb-adventurer lcb-small" data-camp="adventurer" '
                    f'data-spot="adventurer:{player}:{i + 1}">{player + 1}</span>' for i in range(adventurers))
    if researcher < 0:
        discs += f'<span class="lcb-piece lcb-p{player} lcb-researcher lcb-small" data-camp="researcher" ' \
                 f'data-spot="researcher:{player}">{player + 1}</span>'
    words = (i18n.ngettext("in the camp: {count} adventurer and the researcher",
                           "in the camp: {count} adventurers and the researcher", adventurers) if researcher < 0 else
             i18n.ngettext("in the camp: {count} adventurer", "in the camp: {count} adventurers", adventurers)
             ).format(count=adventurers)
    return (f'<span class="lcb-campers" data-spot="camp:{player}" title="{esc(words)}" aria-label="{esc(words)}">'
            f"{discs}</span>")


def player_panel(view: board.View, player: int, name: str, *, level: str = "") -> str:
    """A player's summary: name, hand size, artifacts, points (unless hidden),
    the pieces in the camp and (for the others) their columns."""
    me = player == view.player
    total = view.totals[player]
    hidden = esc(i18n._("hidden until the game ends"))
    points = (f'<span class="lcb-points is-hidden" data-spot="score:{player}" title="{hidden}">'
              f'{esc(i18n._("{points} pts").format(points="?"))}</span>' if total is None else
              f'<span class="lcb-points" data-points="{total}" data-spot="score:{player}">'
              f'{esc(i18n._("{points} pts").format(points=number(total)))}</span>')
    artifacts = view.artifact_tokens[player] + view.found[player]
    turn = view.current_player == player
    who = f'<span class="lcb-level">{esc(level)}</span>' if level else ""
    size = view.hand_sizes[player]
    held = i18n.ngettext("{count} card", "{count} cards", size).format(count=size)
    hand_size = "" if me else f'<span class="lcb-hand-size" data-size="{size}">{esc(held)}</span>'
    cols = "" if me else '<span class="lcb-cols">' + "".join(
        column(view, player, c, marks=Marks(), mine=False) for c in board.COLOURS) + "</span>"
    known = ""
    if not me and view.known[player]:
        said = i18n._("holds {cards} (from the discards)").format(
            cards=", ".join(c.label for c in view.known[player]))
        known = f'<span class="lcb-known">{esc(said)}</span>'
    cls = _classes("lcb-player", f"lcb-p{player}", "is-active" if turn else None, "is-me" if me else None)
    return (f'<section class="{cls}" data-player="{player}">'
            f'<div class="lcb-head"><span class="lcb-piece lcb-p{player} lcb-adventurer lcb-small" aria-hidden="true">'
            f'{player + 1}</span><span class="lc-name">{esc(api.shown_name(name))}</span>{who}'
            f"{turn_mark() if turn else ''}</div>"
            f'<div class="lcb-facts">{hand_size}'
            f'<span class="lcb-artifacts" data-artifacts="{artifacts}" data-spot="artifact:{player}" '
            f'title="{esc(i18n._("artifacts"))}">{ARTIFACT} {artifacts}</span>'
            f"{points}{camp(view, player)}</div>{cols}{known}</section>")


def players(view: board.View, names: typing.Sequence[str], levels: typing.Sequence[str]) -> str:
    """Every player's panel, the viewer's last."""
    order = [p for p in range(len(names)) if p != view.player] + [view.player]
    return ('<div class="lcb-players">' + "".join(player_panel(view, p, names[p], level=levels[p]) for p in order)
            + "</div>")


def hand(view: board.View, *, selected: str | None = None, interactive: bool = True, name: str | None = None) -> str:
    """The viewer's hand, sorted by colour and value; buttons at the viewer's play step."""
    clickable = interactive and view.current_player == view.player and view.step is not None
    return lc_html.hand(sorted(view.hand, key=lambda c: c.index), card_face, selected=selected, clickable=clickable,
                        name=name, cls="lc-hand lcb-hand", waiting=view.step is not None and not clickable)


# -- the status line and the choices --------------------------------------------------------------


PLAY_KINDS: typing.Final = frozenset({"is-play", "is-selected"})
"""The prompts' class hooks at the viewer's play step: the others' turns are over, and told."""


def told(note: typing.Sequence[str], kind: str) -> tuple[str, ...]:
    """The lines of ``note`` (the turn so far, one line per action) that the status shows: at the viewer's
    play step (``kind`` in :data:`PLAY_KINDS`) the last turn's first line (the card played, the first step of
    a piece) and its last (the card drawn); at any other moment the latest line only.  The status keeps one
    fixed height whatever the turn did (the steps an arrow gave in between are marked on the board, and told
    in Moves).

    >>> told(["A played.", "A moved.", "A moved again.", "A drew."], "is-play")
    ('A played.', 'A drew.')
    >>> told(["A played.", "A moved."], "is-move")
    ('A moved.',)
    >>> told([], "is-play")
    ()
    """
    return (*note[:1], *note[1:][-1:]) if kind in PLAY_KINDS else tuple(note[-1:])


def status(note: typing.Sequence[str], prompt_text: str, kind: str = "") -> str:
    """What the last turn did (the lines :func:`told` keeps), then what to do now."""
    said = "".join(f'<span class="lc-note">{esc(line)}</span> ' for line in told(note, kind))
    return f'{said}<span class="{_classes("lc-prompt", kind)}">{esc(prompt_text)}</span>'


def prompt(view: board.View, *, selected: str | None, choosing: str, name: str | None) -> tuple[str, str]:
    """What the viewer should do now, and its class hook.

    >>> import random
    >>> view = board.Game().new_game(random.Random(1)).view(0)
    >>> prompt(view, selected=None, choosing="", name=None)[0]
    'Your turn: choose a card to start an expedition, advance or discard.'
    """
    def yours(mine: str, theirs: str) -> str:
        return mine if name is None else theirs.format(name=name)

    if view.step is board.Step.DRAW:
        return yours(i18n._("Your turn: draw a card from the draw pile or a highlighted discard pile."),
                     i18n._("{name}, your turn: draw a card from the draw pile or a highlighted discard pile.")
                     ), "is-draw"
    if view.step is board.Step.MOVE:
        if choosing.startswith("enter:"):
            return i18n._("Which piece enters the {colour} path?").format(
                colour=colour_word(colour_of(choosing[6:]))), "is-move"
        if view.move_reason is board.MoveReason.ARROW:
            return yours(i18n._("Your turn: an arrow lets you move one of your pieces one stone. Tap a highlighted "
                                "path or choose below (or no move)."),
                         i18n._("{name}, your turn: an arrow lets you move one of your pieces one stone. Tap a "
                                "highlighted path or choose below (or no move).")), "is-move"
        return yours(i18n._("Your turn: the lost-city move lets you move one of your pieces one stone. Tap a "
                            "highlighted path or choose below (or no move)."),
                     i18n._("{name}, your turn: the lost-city move lets you move one of your pieces one stone. Tap "
                            "a highlighted path or choose below (or no move).")), "is-move"
    if selected is None:
        return yours(i18n._("Your turn: choose a card to start an expedition, advance or discard."),
                     i18n._("{name}, your turn: choose a card to start an expedition, advance or discard.")), "is-play"
    c = board.Card.from_id(selected)
    label = c.label[:1].upper() + c.label[1:]
    colour = colour_word(c.colour)
    if choosing == "start":
        return i18n._("Which piece starts the {colour} expedition with the {card}?").format(
            colour=colour, card=c.label), "is-selected"
    targets = legal_targets(view, selected)
    if targets.start:
        return i18n._("{card}: tap the {colour} path to start an expedition, or its discard pile.").format(
            card=label, colour=colour), "is-selected"
    if targets.advance:
        return i18n._("{card}: tap the {colour} path to advance, or its discard pile.").format(
            card=label, colour=colour), "is-selected"
    return i18n._("The {card} cannot go on the {colour} path now: tap its discard pile, or choose another "
                  "card.").format(card=c.label, colour=colour), "is-selected"


def choices(view: board.View, *, selected: str | None, choosing: str) -> str:
    """The buttons of the step: the piece to start with, advance or discard the
    selected card, the piece to move (or no move)."""
    buttons: list[str] = []
    button = lc_html.button
    if view.step is board.Step.PLAY and selected is not None:
        c = board.Card.from_id(selected)
        targets = legal_targets(view, selected)
        if choosing == "start":
            buttons += [button(i18n._("Start with the adventurer") if k is board.Kind.ADVENTURER else
                               i18n._("Start with the researcher"), "piece",
                               extra={"data-kind": k.value, "data-spot": f"pick:{k.value}"})
                        for k in kinds_to_start(view, selected)]
        elif targets.start:
            buttons.append(button(i18n._("Start {colour} with the {card}").format(colour=colour_word(c.colour),
                                                                                  card=c.label), "begin"))
        elif targets.advance:
            buttons.append(button(i18n._("Advance with the {card}").format(card=c.label), "advance"))
        buttons.append(button(i18n._("Discard it"), "throw", cls="secondary"))
        buttons.append(button(i18n._("Cancel"), "deselect", cls="secondary"))
    elif view.step is board.Step.MOVE:
        if choosing.startswith("enter:"):
            colour = colour_of(choosing[6:])
            buttons += [button((i18n._("The adventurer onto {colour} 1") if k is board.Kind.ADVENTURER else
                                i18n._("The researcher onto {colour} 1")).format(colour=colour_word(colour)), "enter",
                               extra={"data-colour": colour.letter, "data-kind": k.value,
                                      "data-spot": f"pick:{colour.letter}:{k.value}"})
                        for k in kinds_to_enter(view, colour)]
            buttons.append(button(i18n._("Back"), "deselect", cls="secondary"))
        else:
            for a in view.legal_actions():
                if isinstance(a, board.Move) and a.colour is not None and a.kind is None:
                    placed = view.piece(view.player, a.colour)
                    assert placed is not None
                    moved = (i18n._("{colour} adventurer: stone {stone} \u2192 {next}")
                             if placed[0] is board.Kind.ADVENTURER else
                             i18n._("{colour} researcher: stone {stone} \u2192 {next}"))
                    words = moved.format(colour=colour_word(a.colour), stone=placed[1], next=placed[1] + 1)
                    buttons.append(button(words[:1].upper() + words[1:], "move",
                                          extra={"data-colour": a.colour.letter,
                                                 "data-spot": f"pick:{a.colour.letter}"}))
            targets = legal_targets(view)
            buttons += [button(i18n._("A piece onto {colour} 1").format(colour=colour_word(colour_of(x))), "enter",
                               extra={"data-colour": x, "data-spot": f"pick:enter:{x}"})
                        for x in sorted(targets.enter, key=lambda x: colour_of(x).index)]
            buttons.append(button(i18n._("No move"), "no-move", cls="secondary", extra={"data-spot": "pick:none"}))
    return " ".join(buttons)


# -- the end of a round and of the game -------------------------------------------------------------


def round_table(result: board.RoundResult, player: int, name: str, *, total: int | None) -> str:
    """One player's round: each piece (its stone, its points), the artifacts
    found, the victory-point tiles earned during the round (paid at once) and
    the round total (the pieces' net)."""
    record = result.players[player]
    rows = []
    for p in record.pieces:
        rows.append(f'<tr data-colour="{p.colour.letter}" data-kind="{p.kind.value}">'
                    f'<th scope="row" class="lc-{p.colour.letter}"><span class="lcb-sym">{SYMBOLS[p.colour]}</span> '
                    f"{esc(colour_word(p.colour))}</th><td>{esc(piece_word(p.kind))}</td>"
                    f'<td data-col="stone">{p.stone}</td>'
                    f'<td data-col="points"{NEGATIVE if p.points < 0 else ""}>{signed(p.points)}</td></tr>')
    if not rows:
        rows.append(f'<tr><td colspan="4">{esc(i18n._("no piece left the camp"))}</td></tr>')
    total_row = ("" if total is None else
                 f'<tr class="lcb-after"><th scope="row" colspan="3">{esc(i18n._("Total now"))}</th>'
                 f'<td data-row="total">{number(total)}</td></tr>')
    return (f'<table class="lcb-round lc-breakdown" data-player="{player}" data-net="{record.net}">'
            f"<caption>{esc(api.shown_name(name))}</caption>"
            f'<thead><tr><th scope="col">{esc(i18n._("Path"))}</th><th scope="col">{esc(i18n._("Piece"))}</th>'
            f'<th scope="col">{esc(i18n._("Stone"))}</th><th scope="col">{esc(i18n._("Points"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot>'
            f'<tr class="lc-row-points"><th scope="row" colspan="3">{esc(i18n._("Round total"))}</th>'
            f'<td data-row="net">{signed(record.net)}</td></tr>'
            f'<tr><th scope="row" colspan="3">{esc(i18n._("Artifacts found"))}</th>'
            f'<td data-row="artifacts">{record.artifacts}</td></tr>'
            f'<tr><th scope="row" colspan="3">{esc(i18n._("VP tiles (paid at once)"))}</th>'
            f'<td data-row="tiles">{signed(record.tile_points)}</td></tr>{total_row}</tfoot></table>')


def artifact_track(view: board.View, names: typing.Sequence[str]) -> str:
    """The artifact track of the game (long or short) with every player's count on it."""
    track = data.SHORT_TRACK if view.game.is_short else data.LONG_TRACK
    cells = []
    for count, points in enumerate(track):
        here = "".join(f'<span class="lcb-piece lcb-p{p} lcb-adventurer lcb-small" '
                       f'title="{esc(api.shown_name(names[p]))}">{p + 1}'
                       "</span>" for p in range(len(names))
                       if min(view.artifact_tokens[p], len(track) - 1) == count)
        more = "+" if count == len(track) - 1 else ""
        cells.append(f'<li data-count="{count}" data-spot="track:{count}"><span class="lcb-n">{count}{more}</span>'
                     f'<span class="lcb-pay">{signed(points)}</span><span class="lcb-on">{here}</span></li>')
    which = i18n._("Artifact track (short)") if view.game.is_short else i18n._("Artifact track (long)")
    return (f'<section class="lcb-track" data-spot="track:artifacts"><h3>{esc(which)}</h3>'
            f'<ol>{"".join(cells)}</ol></section>')


def winners_line(names: typing.Sequence[str], winners: typing.Sequence[int]) -> str:
    """``Ann wins!``, ``You win!``, ``Ann and Ben share the win!``."""
    if len(winners) == 1:
        return lc_html.owned(names[winners[0]], i18n._("You win!"), i18n._("{name} wins!"))
    shown = [api.shown_name(names[w]) for w in winners]
    return i18n._("{names} share the win!").format(
        names=i18n._("{first} and {second}").format(first=", ".join(shown[:-1]), second=shown[-1]))


def final(view: board.View, names: typing.Sequence[str]) -> str:
    """The game's end: the winner, each player's pieces per round, artifacts,
    what the artifact track pays and the final totals, and the track itself."""
    rows = []
    for p, name in enumerate(names):
        tokens = view.artifact_tokens[p]
        total = view.totals[p]
        nets = "".join(f'<td data-col="round-{r.number}">{signed(r.players[p].net)}</td>' for r in view.results)
        tiles = sum(r.players[p].tile_points for r in view.results)
        rows.append(f'<tr data-player="{p}"><th scope="row">{esc(api.shown_name(name))}</th>{nets}'
                    f'<td data-col="tiles">{signed(tiles)}</td>'
                    f'<td data-col="artifacts">{tokens}</td>'
                    f'<td data-col="track">{signed(view.game.artifact_points(tokens))}</td>'
                    f'<td data-col="total" data-total="{total}">{number(total or 0)}</td></tr>')
    heads = "".join(f'<th scope="col" title="{esc(i18n._("the pieces of round {number}").format(number=r.number))}">'
                    f'{esc(i18n._("Round {number}").format(number=r.number))}</th>'
                    for r in view.results) if len(view.results) > 1 else f'<th scope="col">{esc(i18n._("Pieces"))}</th>'
    artifacts = i18n._("Arti\u00adfacts")
    best = max(zip([t or 0 for t in view.totals], view.artifact_tokens, strict=True))
    winners = [p for p in range(len(names)) if ((view.totals[p] or 0), view.artifact_tokens[p]) == best]
    return (f'<p class="lc-winner" role="status">{esc(winners_line(names, winners))}</p>'
            f'<table class="lcb-final lc-totals"><thead><tr><td></td>{heads}'
            f'<th scope="col" title="{esc(i18n._("victory points taken from tiles"))}">{esc(i18n._("VP tiles"))}</th>'
            f'<th scope="col">{esc(artifacts)}</th>'
            f'<th scope="col">{esc(i18n._("Track"))}</th>'
            f'<th scope="col">{esc(i18n._("Final points"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{artifact_track(view, names)}')


def results(view: board.View, names: typing.Sequence[str], *, note: typing.Sequence[str] = ()) -> str:
    """A finished round (with *Next round*) or the finished game (with *New
    game*): the round tables, the artifact track and the winner, and the board
    as the round left it."""
    if not view.results:
        return ""
    result = view.results[-1]
    over = view.current_player == api.TERMINAL
    number_of = result.number
    tables = "".join(round_table(result, p, names[p], total=None if over else view.totals[p])
                     for p in range(len(names)))
    bridge = view.bridges_crossed >= data.CROSSINGS_TO_END
    if view.game.rounds == 1:
        heading = (i18n._("The round is over: the fifth piece crossed a bridge.") if bridge else
                   i18n._("The round is over: the draw pile ran out."))
    else:
        heading = (i18n._("Round {number} of {count} is over: the fifth piece crossed a bridge.") if bridge else
                   i18n._("Round {number} of {count} is over: the draw pile ran out.")).format(
            number=number_of, count=view.game.rounds)
    said = "".join(f'<p class="lc-final-move">{esc(line)}</p>' for line in note)
    if over:
        action = lc_html.button(i18n._("New game"), "new-match", cls="lc-new")
        ending = final(view, names)
    else:
        action = lc_html.button(i18n._("Next round ({number} of {count})").format(
            number=number_of + 1, count=view.game.rounds), "next-round", cls="lc-next")
        ending = ""
    return (f'<section class="lcb-results" data-round="{number_of}" data-over="{1 if over else 0}">{said}'
            f"<h2>{esc(heading)}</h2>{ending}"
            f'<p class="lc-result-actions">{action}</p><div class="lcb-tables">{tables}</div>'
            f'<details class="lc-final-table"><summary>{esc(i18n._("The board at the end of the round"))}</summary>'
            f"{board_html(view, names=names)}</details></section>")


# -- the setup form and the layouts -------------------------------------------------------------------

HOW_TO_PLAY: typing.Final = (
    i18n.N_("On your turn <b>play</b> a card: start an expedition with your <b>lowest</b> card of a colour "
            "(then choose an adventurer or your researcher), <b>advance</b> with a card equal to or higher than the "
            "last one of that colour, or <b>discard</b> it. Then <b>draw</b> from the draw pile or a discard pile."),
    i18n.N_("A piece landing on a tile takes an artifact, scores victory points or, on an arrow, may move one of "
            "your pieces one stone more."),
    i18n.N_("The round ends when the fifth piece crosses a bridge or the draw pile runs out. Each piece scores its "
            "stone (the researcher double); artifacts pay on the track at the end."),
    i18n.N_("Tap a card, then a highlighted path or discard pile; then the draw pile or a discard pile."),
)
"""The setup form's short rules (HTML items, marked for the catalogs): see :func:`how_to_play`."""


def how_to_play() -> str:
    """The setup form's short rules (HTML), in the current language."""
    return (f"<details><summary>{esc(i18n._('How to play'))}</summary><ul>"
            + "".join(f"<li>{i18n._(item)}</li>" for item in HOW_TO_PLAY) + "</ul></details>")


def setup_form(*, seats: typing.Sequence[session.Seat] = (), options: typing.Mapping[str, api.OptionValue]
               | None = None, pace: str = "quick", error: str = "") -> str:
    """The new-game form: a row per seat (nobody, a person on this device or a
    computer level), the options of the game's schema and the computer's pace."""
    if not seats:
        levels = board.Game.bot_levels
        seats = (session.Seat(api.YOU), session.Seat(i18n._("Computer"), levels[0]) if levels else
                 session.Seat(lc_html.player_label(1)))
    pace = pace if pace in PAUSE_WORDS else "quick"
    pace_words = i18n._("The computer\u2019s pace")
    paces = "".join(lc_html.radio("pace", key, esc(i18n._(words)), pace == key) for key, words in PAUSE_WORDS.items())
    return lc_html.setup_form(
        board.Game, seats=seats, options=options or {},
        level_words={level: i18n._(words) for level, words in LEVEL_WORDS.items()},
        heading=lc_html.esc(lc_html.short_title(board.Game)),
        intro=i18n._("Lead four adventurers and a researcher from the camp to the lost cities: play cards of a "
                     "colour in rising order, pick up artifacts and points on the way, and cross the bridges first."),
        extra=f'<fieldset class="lc-pace"><legend>{esc(pace_words)}</legend>{paces}</fieldset>',
        help_html=how_to_play(), error=error)


def shell() -> str:
    """The screen's element (the shared ``lc-screen`` hooks, plus ``lcb-screen``)."""
    return lc_html.shell("lc", lc_html.short_title(board.Game)).replace(
        'class="lc-screen"', 'class="lc-screen lcb-screen"', 1)


PLAY_LAYOUT: typing.Final = (
    '<div class="lcb-play"><div class="lcb-board-wrap"><div data-region="counters"></div>'
    '<div data-region="board"></div></div>'
    '<div class="lcb-side"><div class="lcb-players-wrap" data-region="players"></div>'
    # The status shows all it says at every size (nothing in it scrolls): not a stop of the Tab key.
    '<div class="lc-dock lcb-dock"><p class="lc-status" role="status" aria-live="polite" '
    'data-region="status"></p>'
    '<div class="lc-actions lcb-actions" data-region="actions"></div>'
    '<div class="lc-hand-wrap" data-region="hand"></div></div></div></div>'
)
"""The play area's skeleton: regions ``counters``, ``board``, ``players``, ``status``, ``actions``, ``hand``."""

RESULT_LAYOUT: typing.Final = '<div class="lc-results lcb-results-wrap" data-region="results"></div>'


# -- replay and hints ------------------------------------------------------------------------


def position(state: board.State, names: typing.Sequence[str]) -> str:
    """A position of a finished game's replay: the board, every player's panel
    and every hand face up (the game is over: nothing is secret any more)."""
    view = state.view(0)
    mine, theirs = i18n._("Your hand"), i18n._("{name}'s hand")
    hands = "".join(
        f'<div class="lc-replay-hand" data-player="{p}"><h3>{esc(lc_html.owned(names[p], mine, theirs))}</h3>'
        f"{hand(state.view(p), interactive=False, name=names[p])}</div>" for p in range(len(names)))
    return board_html(view, names=names) + players(view, names, [""] * len(names)) + hands


def revealed_hand(state: board.State, seat: int, name: str) -> str:
    """``seat``'s hand face up, named ``name`` (the embed's ``reveal=1``, for teaching)."""
    return lc_html.hand(state.hand(seat), card_face, selected=None, clickable=False, name=name,
                        cls="lc-hand lc-revealed")


def hint_marks(state: board.State, action: api.Action) -> tuple[dict[str, str], ...]:
    """The elements a suggested ``action`` of the player to act highlights
    (``data-*`` descriptions): the card and its path or discard pile, the path
    of a move, the pile to draw from.

    >>> hint_marks(board.Game().new_state(), board.Draw(None))
    ({'target': 'deck'},)
    """
    if isinstance(action, (board.Start, board.Advance, board.Discard)):
        where = "discard" if isinstance(action, board.Discard) else "path"
        return {"target": "hand", "card": action.card.id}, {"target": where, "colour": action.card.colour.letter}
    if isinstance(action, board.Move):
        return ({"target": "path", "colour": action.colour.letter},) if action.colour is not None else (
            {"action": "no-move"},)
    if isinstance(action, board.Draw):
        return ({"target": "deck"},) if action.colour is None else (
            {"target": "pile", "colour": action.colour.letter},)
    return ()
