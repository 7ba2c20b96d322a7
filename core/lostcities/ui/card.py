"""HTML renderers of the Lost Cities card game: pure functions returning strings.

Nothing here touches a DOM: every function takes values (a
:class:`lostcities.card.View`, scores, names) and returns an HTML fragment
with CSS class hooks (``lc-*``) and data attributes for event delegation, so
the renderers run and are tested under plain CPython.  A user interface sets
``innerHTML`` from them and reads the attributes of what was clicked:

* every card face carries ``data-card`` (its id: ``Y7``, ``Y$1``) and an
  ``aria-label`` (``yellow 7``, ``yellow wager``);
* clickable targets carry ``data-target``: ``hand`` (a card of the viewer's
  hand, with ``data-card``), ``column`` (one of the viewer's columns),
  ``discard`` (a discard pile at the play step), ``pile`` (a discard pile to
  draw from at the draw step) and ``deck`` (the draw pile); columns and piles
  also carry ``data-colour`` (a colour letter);
* every element a tutorial may point at carries its name in ``data-spot``
  (:mod:`lostcities.ui.tutorial`): ``hand:Y7``, ``column:<player>:Y``, ``pile:Y``,
  ``deck``, clickable or not;
* buttons carry ``data-action``.

The table is rendered from a :class:`~lostcities.card.View` only, so the
opponent's hand can never leak: it is drawn face down.

>>> import random
>>> from lostcities import card
>>> view = card.Game(games=1).new_game(random.Random(1)).view(0)
>>> 'data-card="R10"' in hand(view)
True
>>> card_face(card.Card.from_id("Y$2"))[:70]
'<span class="lc-card lc-Y lc-wager" data-card="Y$2" aria-label="yellow'
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import typing

from lostcities import api, card, i18n, session
from lostcities.ui import html as lc_html

SYMBOLS: typing.Final[dict[card.Colour, str]] = {c: lc_html.EXPEDITION_SYMBOLS[c.value] for c in card.Colour}
"""A symbol per expedition, so that colours are never told apart by colour alone."""

WAGER_SYMBOL: typing.Final = "\u00d7"
"""The mark of a wager card (it multiplies its column)."""

MINUS: typing.Final = lc_html.MINUS
esc = lc_html.esc
signed = lc_html.signed
points = lc_html.points
number = lc_html.number
_attrs = lc_html.attrs_of
_classes = lc_html.classes_of


def colour_name(colour: card.Colour) -> str:
    """A colour as a heading says it: ``Yellow``."""
    word = api.colour_word(colour.value)
    return word[:1].upper() + word[1:]


def colour_word(colour: card.Colour) -> str:
    """A colour in a sentence, in the current language: ``yellow``."""
    return api.colour_word(colour.value)


def sort_key(c: card.Card) -> tuple[int, int, int]:
    """Hand order: by colour, wagers first, then by value."""
    return (c.colour.index, c.value, c.wager)


def sorted_cards(cards: typing.Iterable[card.Card]) -> list[card.Card]:
    return sorted(cards, key=sort_key)


# -- cards ---------------------------------------------------------------------------


def card_face(
    c: card.Card,
    *,
    tag: str = "span",
    classes: typing.Iterable[str] = (),
    attrs: typing.Mapping[str, str | None] | None = None,
) -> str:
    """One card face up: its value (a multiplication sign for a wager) top left and bottom right,
    the expedition's symbol in the middle (a wager's too, so that no two colours differ by colour alone).

    A face is the same for every game and viewer in one language: it comes from a cache
    (:func:`_cached_face`)."""
    return _cached_face(i18n.translations(), c, tag, tuple(classes), tuple(attrs.items()) if attrs else ())


@functools.lru_cache(maxsize=1024)
def _cached_face(catalog: gettext.NullTranslations, c: card.Card, tag: str, classes: tuple[str, ...],
                 attrs: tuple[tuple[str, str | None], ...]) -> str:
    """:func:`card_face` in the language of ``catalog`` (the current one: its key in the cache, never
    read here).  Sixty to seventy-two cards, each on the table in a few class sets (fresh, recent,
    none) or in a hand in a few ways, per language: a few hundred faces (the bound keeps the latest)."""
    return _face(c, tag=tag, classes=classes, attrs=dict(attrs))


def _face(c: card.Card, *, tag: str, classes: typing.Iterable[str],
          attrs: typing.Mapping[str, str | None] | None) -> str:
    if c.is_wager:
        return lc_html.card_face(c, c.colour.letter, WAGER_SYMBOL, SYMBOLS[c.colour], tag=tag,
                                 classes=["lc-wager", *classes], attrs=attrs)
    return lc_html.card_face(c, c.colour.letter, str(c.value), SYMBOLS[c.colour], tag=tag, classes=classes,
                             attrs=attrs)


def card_back(*, classes: typing.Iterable[str] = ()) -> str:
    """A face-down card (it names nothing)."""
    return f'<span class="{_classes("lc-card", "lc-back", *classes)}" aria-hidden="true"></span>'


# -- what may be clicked -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Targets:
    """The legal targets of the viewer, for highlighting (colour letters)."""

    columns: frozenset[str] = frozenset()
    """Columns the selected card may be played to."""
    discard: frozenset[str] = frozenset()
    """The discard pile the selected card would go to."""
    piles: frozenset[str] = frozenset()
    """Discard piles the viewer may draw from."""
    deck: bool = False


def legal_targets(view: card.View, selected: str | None = None) -> Targets:
    """What to highlight: at the play step the targets of the selected card, at
    the draw step the draw pile and every discard pile that may be drawn from.

    >>> import random
    >>> from lostcities import card
    >>> state = card.Game(games=1).new_game(random.Random(1))
    >>> legal_targets(state.view(0), "R10")
    Targets(columns=frozenset({'R'}), discard=frozenset({'R'}), piles=frozenset(), deck=False)
    >>> legal_targets(state.view(1), "R10")  # not player 2's turn
    Targets(columns=frozenset(), discard=frozenset(), piles=frozenset(), deck=False)
    """
    if view.current_player != view.player:
        return Targets()
    legal = view.legal_actions()
    if view.step is card.Step.PLAY:
        if selected is None or selected not in {c.id for c in view.hand}:
            return Targets()
        chosen = card.Card.from_id(selected)
        letter = chosen.colour.letter
        columns = frozenset({letter}) if card.play(selected) in legal else frozenset()
        discard = frozenset({letter}) if card.discard(selected) in legal else frozenset()
        return Targets(columns=columns, discard=discard)
    piles = frozenset(a.colour.letter for a in legal if isinstance(a, card.Draw) and a.colour is not None)
    return Targets(piles=piles, deck=card.draw() in legal)


@dataclasses.dataclass(frozen=True)
class Marks:
    """Highlights of what just happened, so that a player can follow a move."""

    fresh: tuple[str, ...] = ()
    """Card ids that have just moved: animated."""
    recent: tuple[str, ...] = ()
    """Card ids of the opponent's last turn: outlined."""
    source: str | None = None
    """Where the opponent's last draw came from: ``deck`` or a colour letter (flashed)."""


# -- describing moves ---------------------------------------------------------------------


def named(c: card.Card) -> str:
    """A card in a sentence: ``blue 7``, ``a yellow wager``."""
    return i18n._("a {card}").format(card=c.label) if c.is_wager else c.label


def action_text(action: api.Action, drawn: card.Card | None = None) -> str:
    """Words for an action: ``played blue 7``, ``discarded red 4``,
    ``drew from the deck``, ``drew yellow 6 from its discard pile``.

    >>> action_text(card.play("B7")), action_text(card.draw())
    ('played blue 7', 'drew from the deck')
    >>> action_text(card.draw(card.Colour.YELLOW), card.Card.from_id("Y6"))
    'drew yellow 6 from the discard pile'
    """
    if isinstance(action, card.Play):
        return i18n._("played {card}").format(card=named(action.card))
    if isinstance(action, card.Discard):
        return i18n._("discarded {card}").format(card=named(action.card))
    if isinstance(action, card.Draw):
        if action.colour is None:
            return i18n._("drew from the deck")
        if drawn is None:
            return i18n._("drew from the {colour} discard pile").format(colour=colour_word(action.colour))
        return i18n._("drew {card} from the discard pile").format(card=named(drawn))
    if isinstance(action, card.Deal):
        return i18n._("dealt the cards")
    return action.notation()


def turn_text(name: str, place: api.Action | None, draw: api.Action | None, drawn: card.Card | None = None,
              *, last: bool = False) -> str:
    """``Computer played blue 7 and drew from the deck.``; ``last``: that draw ended the game.

    >>> turn_text("You", card.discard("R4"), card.draw(), last=True)
    'You discarded red 4 and drew the last card of the deck.'
    """
    parts = [action_text(a, drawn if a is draw else None) for a in (place, draw) if a is not None]
    if not parts:
        return ""
    if last and isinstance(draw, card.Draw) and draw.colour is None:
        parts[-1] = i18n._("drew the last card of the deck")
    said = i18n._("{first} and {second}").format(first=parts[0], second=parts[1]) if len(parts) == 2 else parts[0]
    return i18n._("{name} {did}.").format(name=api.shown_name(name), did=said)


# -- the table -----------------------------------------------------------------------------


def column_title(score: card.ColumnScore) -> str:
    """A column's score in words (for tooltips and screen readers)."""
    colour = colour_word(score.colour)
    if not score.is_started:
        return i18n._("{colour}: not started").format(colour=colour)
    wagers = (", " + i18n.ngettext("{count} wager (\u00d7{multiplier})", "{count} wagers (\u00d7{multiplier})",
                                   score.wagers).format(count=score.wagers, multiplier=score.multiplier)
              if score.wagers else "")
    bonus = ", " + i18n._("8-card bonus +20") if score.bonus else ""
    cards = i18n.ngettext("{count} card", "{count} cards", score.cards).format(count=score.cards)
    return (i18n._("{colour}: {cards}, sum {sum}").format(colour=colour, cards=cards, sum=score.sum)
            + f", {MINUS}20{wagers}{bonus}: {points(score.points, sign=True)}")


def _column(view: card.View, player: int, colour: card.Colour, *, target: bool, interactive: bool,
            marks: Marks, name: str) -> str:
    cards = view.columns[player][colour.index]
    mine = player == view.player
    faces = []
    for c in cards:
        extra = ["is-fresh"] if c.id in marks.fresh else (["is-recent"] if c.id in marks.recent else [])
        faces.append(card_face(c, classes=extra))
    if not cards:
        faces.append(f'<span class="lc-slot" aria-hidden="true">{SYMBOLS[colour]}</span>')
    score = card.ColumnScore(colour) if not cards else card.score_column(cards)
    # the cards as their corners show them (WCAG 2.5.3, label in name)
    shown = (", ".join(i18n._("wager") if c.is_wager else str(c.value) for c in cards)
             + f"; {points(score.points, sign=True)}") if cards else i18n._("empty")
    label = lc_html.owned(name, i18n._("Your {colour} expedition: {cards}"),
                          i18n._("{name}'s {colour} expedition: {cards}"), colour=colour_word(colour), cards=shown)
    cls = _classes("lc-col", f"lc-{colour.letter}", "lc-mine" if mine else "lc-theirs",
                   "is-target" if target else None, "is-empty" if not cards else None)
    if mine and interactive:
        attrs = _attrs({"type": "button", "class": cls, "data-target": "column", "data-colour": colour.letter,
                        "data-spot": f"column:{player}:{colour.letter}", "aria-label": label})
        return f"<button{attrs}>{''.join(faces)}</button>"
    attrs = _attrs({"class": cls, "data-colour": colour.letter, "data-spot": f"column:{player}:{colour.letter}",
                    "aria-label": label, "role": "group"})
    return f"<div{attrs}>{''.join(faces)}</div>"


def _scores_row(view: card.View, player: int, name: str) -> str:
    cells = []
    breakdown = view.breakdown(player)
    for score in breakdown.columns:
        text = signed(score.points) if score.is_started else ""
        mult = f'<span class="lc-mult">\u00d7{score.multiplier}</span>' if score.wagers else ""
        cells.append(
            f'<span class="lc-colscore lc-{score.colour.letter}{" is-negative" if score.points < 0 else ""}" '
            f'title="{esc(column_title(score))}" data-colour="{score.colour.letter}" data-points="{score.points}">'
            f"{mult}{text}</span>"
        )
    total = breakdown.points
    said = i18n._("{name}: {points} this game").format(name=api.shown_name(name), points=points(total))
    cells.append(f'<span class="lc-colscore lc-total" title="{esc(said)}" '
                 f'data-points="{total}">= {signed(total)}</span>')
    return f'<div class="lc-row lc-scores" aria-hidden="true">{"".join(cells)}</div>'


def _pile(view: card.View, colour: card.Colour, *, step: card.Step | None, targets: Targets,
          interactive: bool, marks: Marks) -> str:
    pile = view.discard_piles[colour.index]
    letter = colour.letter
    top = pile[-1].id if pile else ""
    return lc_html.discard_pile(
        pile, card_face, colour=colour_name(colour), letter=letter, symbol=SYMBOLS[colour],
        top_classes=["is-fresh"] if top in marks.fresh else (["is-recent"] if top in marks.recent else []),
        role=("discard" if step is card.Step.PLAY else "pile") if interactive and step is not None else None,
        target=letter in targets.discard or letter in targets.piles, source=marks.source == letter)


def _deck(view: card.View, *, targets: Targets, interactive: bool, marks: Marks) -> str:
    size = view.draw_pile_size
    label = i18n.ngettext("draw pile: {count} card", "draw pile: {count} cards", size).format(count=size)
    cls = _classes("lc-deck", "is-target" if targets.deck else None,
                   "is-source" if marks.source == "deck" else None, "is-empty" if not size else None)
    inner = (card_back() if size else '<span class="lc-slot" aria-hidden="true"></span>') + (
        f'<span class="lc-count" aria-hidden="true">{size}</span>')
    if interactive and view.step is card.Step.DRAW:
        deck_attrs = _attrs({"type": "button", "class": cls, "data-target": "deck", "data-spot": "deck",
                             "aria-label": label})
        return f"<button{deck_attrs}>{inner}</button>"
    # At the play step the deck still answers a tap (with the reason it cannot be drawn from yet).
    playing = interactive and view.step is card.Step.PLAY
    values = {"class": cls, "aria-label": label, "role": "group", "data-target": "deck" if playing else None,
              "data-spot": "deck"}
    return f"<div{_attrs(values)}>{inner}</div>"


def _opponent_hand(view: card.View, name: str) -> str:
    size = view.opponent_hand_size
    backs = "".join(card_back(classes=("lc-mini",)) for _ in range(size))
    known = ""
    if view.opponent_known:
        words = ", ".join(c.label for c in sorted_cards(view.opponent_known))
        held = i18n._("holds {cards} (taken from the discards)").format(cards=words)
        known = f'<span class="lc-known" title="{esc(held)}">{esc(held)}</span>'
    label = lc_html.owned(name, i18n.ngettext("Your hand: {count} card, face down",
                                              "Your hand: {count} cards, face down", size),
                          i18n.ngettext("{name}'s hand: {count} card, face down",
                                        "{name}'s hand: {count} cards, face down", size), count=size)
    return (f'<span class="lc-opp-hand" role="img" aria-label="{esc(label)}" '
            f'data-size="{size}"><span class="lc-backs">{backs}</span></span>{known}')


def _head(view: card.View, player: int, name: str, *, show_totals: bool, extra: str = "") -> str:
    to_act = view.current_player == player
    totals = view.totals
    match = (f'<span class="lc-match" title="{esc(i18n._("match points over the finished games"))}">'
             f"{esc(i18n._('match {points}').format(points=number(totals[player])))}</span>" if show_totals else "")
    turn = f'<span class="lc-turn">{esc(i18n._("to play"))}</span>' if to_act else ""
    return (f'<div class="lc-head{" is-active" if to_act else ""}" data-player="{player}">'
            f'<span class="lc-name">{esc(api.shown_name(name))}</span>{extra}{turn}{match}</div>')


def table(
    view: card.View,
    *,
    names: typing.Sequence[str],
    selected: str | None = None,
    marks: Marks | None = None,
    interactive: bool = True,
) -> str:
    """The table as the viewer knows it: the opponent's hand (face down) and
    expeditions, the discard piles and the draw pile, the viewer's
    expeditions, each column's current score.  The viewer's hand is
    :func:`hand`.  ``interactive`` makes the viewer's targets buttons (only
    when it is the viewer's turn); ``selected`` is the card id picked from the
    hand, whose legal targets are highlighted."""
    marks = marks or Marks()
    me, them = view.player, view.opponent
    colours = view.game.colour_list
    my_turn = interactive and view.current_player == me and view.step is not None
    targets = legal_targets(view, selected) if my_turn else Targets()
    show_totals = view.game.games > 1
    their_cols = "".join(
        _column(view, them, c, target=False, interactive=False, marks=marks, name=names[them]) for c in colours)
    my_cols = "".join(
        _column(view, me, c, target=c.letter in targets.columns, interactive=my_turn, marks=marks, name=names[me])
        for c in colours)
    step = view.step if my_turn else None
    piles = "".join(_pile(view, c, step=step, targets=targets, interactive=my_turn, marks=marks) for c in colours)
    deck = _deck(view, targets=targets, interactive=my_turn, marks=marks)
    state = "play" if view.step is card.Step.PLAY else ("draw" if view.step is card.Step.DRAW else "over")
    # --deep: the strips the longest column of each side shows above its last card (the CSS sizes the
    # cards so that both sides fit the screen's height).
    deep = sum(max((len(col) for col in view.columns[p]), default=0) for p in (them, me))
    deep -= sum(1 for p in (them, me) if any(view.columns[p]))
    return (
        f'<div class="lc-table" style="--n:{len(colours)};--deep:{deep}" data-step="{state}" data-viewer="{me}" '
        f'data-selected="{esc(selected or "")}">'
        f'<section class="lc-side lc-them" aria-label="{esc(side(names[them]))}">'
        f'{_head(view, them, names[them], show_totals=show_totals, extra=_opponent_hand(view, names[them]))}'
        f'<div class="lc-row lc-cols">{their_cols}<span class="lc-gap"></span></div>'
        f"{_scores_row(view, them, names[them])}</section>"
        f'<section class="lc-row lc-board" aria-label="{esc(i18n._("discard piles and draw pile"))}">{piles}{deck}'
        "</section>"
        f'<section class="lc-side lc-you" aria-label="{esc(side(names[me]))}">'
        f"{_scores_row(view, me, names[me])}"
        f'<div class="lc-row lc-cols">{my_cols}<span class="lc-gap"></span></div>'
        f'{_head(view, me, names[me], show_totals=show_totals)}</section>'
        "</div>"
    )


def side(name: str) -> str:
    """A player's half of the table, named for screen readers: ``Your side``, ``Ann's side``."""
    return lc_html.owned(name, i18n._("Your side"), i18n._("{name}'s side"))


def hand(view: card.View, *, selected: str | None = None, interactive: bool = True, name: str | None = None) -> str:
    """The viewer's hand, face up, sorted by colour and value; the cards are
    buttons (``data-target="hand"``) when it is the viewer's play step, buttons that
    wait while the game goes on (:func:`lostcities.ui.html.hand`)."""
    clickable = interactive and view.current_player == view.player and view.step is not None
    return lc_html.hand(sorted_cards(view.hand), card_face, selected=selected, clickable=clickable, name=name,
                        waiting=view.step is not None and not clickable)


# -- scores --------------------------------------------------------------------------------

_ROWS: typing.Final[tuple[tuple[str, str], ...]] = (
    ("cards", i18n.N_("Cards")),
    ("sum", i18n.N_("Sum of values")),
    ("cost", i18n.N_("Expedition cost")),
    ("subtotal", i18n.N_("Subtotal")),
    ("multiplier", i18n.N_("Wager multiplier")),
    ("bonus", i18n.N_("8-card bonus")),
    ("points", i18n.N_("Result")),
)


_NEGATIVE: typing.Final = ' class="is-negative"'


def _cell(score: card.ColumnScore, key: str) -> str:
    if not score.is_started:
        return "\u2013" if key != "points" else "0"
    if key == "cards":
        return str(score.cards)
    if key == "sum":
        return str(score.sum)
    if key == "cost":
        return signed(score.cost)
    if key == "subtotal":
        return signed(score.subtotal)
    if key == "multiplier":
        return f"\u00d7{score.multiplier}" if score.wagers else "\u2013"
    if key == "bonus":
        return "+20" if score.bonus else "\u2013"
    return signed(score.points)


def breakdown(score: card.PlayerScore, name: str, *, player: int | None = None) -> str:
    """One player's scoring table, laid out as the rulebook's example: a column
    per expedition and a row per step (cards, sum, minus 20, subtotal, wager
    multiplier, 8-card bonus, result), plus the total."""
    head = "".join(
        f'<th scope="col" class="lc-{s.colour.letter}" title="{colour_name(s.colour)}">'
        f'<span class="lc-sym" aria-hidden="true">{SYMBOLS[s.colour]}</span> '
        f'<span class="lc-cname">{colour_name(s.colour)}</span></th>'
        for s in score.columns
    )
    rows = []
    for key, title in _ROWS:
        cells = "".join(
            f'<td data-colour="{s.colour.letter}" data-row="{key}"'
            f'{_NEGATIVE if key == "points" and s.points < 0 else ""}>'
            f"{_cell(s, key)}</td>"
            for s in score.columns
        )
        total = f'<td class="lc-total" data-row="{key}">{signed(score.points)}</td>' if key == "points" else "<td></td>"
        rows.append(f'<tr class="lc-row-{key}"><th scope="row">{esc(i18n._(title))}</th>{cells}{total}</tr>')
    who = f' data-player="{player}"' if player is not None else ""
    return (
        f'<table class="lc-breakdown"{who} data-points="{score.points}">'
        f"<caption>{esc(api.shown_name(name))}: {points(score.points, sign=True)}</caption>"
        f'<thead><tr><td></td>{head}<th scope="col">{esc(i18n._("Total"))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def wins(name: str) -> str:
    """``You win``, ``Ann wins`` (English; a translated verdict is a whole sentence of its own)."""
    return f"{api.shown_name(name)} {api.PlayerName(name):wins}"


def game_result(view: card.View, names: typing.Sequence[str], index: int = -1) -> str:
    """The scoring tables of a finished game (the last one by default)."""
    if not view.results:
        return ""
    result = view.results[index]
    game_no = index % len(view.results) + 1
    scores = result.scores
    if scores[0] == scores[1]:
        verdict = i18n._("Game {number} is a tie: {points} each.").format(number=game_no, points=points(scores[0]))
    else:
        w = 0 if scores[0] > scores[1] else 1
        verdict = lc_html.owned(names[w], i18n._("You win game {number}, {points} to {other}."),
                                i18n._("{name} wins game {number}, {points} to {other}."), number=game_no,
                                points=number(scores[w]), other=number(scores[1 - w]))
    if view.game.games == 1:
        verdict = i18n._("The scores")
    tables = "".join(breakdown(p, names[i], player=i) for i, p in enumerate(result.players))
    return (f'<section class="lc-result" data-game="{game_no}"><h2>{esc(verdict)}</h2>'
            f'<div class="lc-breakdowns">{tables}</div></section>')


def match_summary(view: card.View, names: typing.Sequence[str]) -> str:
    """The points of every finished game, the match totals and, once the
    match is over, the winner."""
    rows = []
    for game_no, result in enumerate(view.results, start=1):
        cells = "".join(f'<td data-player="{p}">{signed(s)}</td>' for p, s in enumerate(result.scores))
        rows.append(f'<tr><th scope="row">{esc(i18n._("Game {number}").format(number=game_no))}</th>{cells}</tr>')
    totals = view.totals
    total_cells = "".join(f'<td data-player="{p}" data-total="{t}">{signed(t)}</td>' for p, t in enumerate(totals))
    games = view.game.games
    over = view.current_player == api.TERMINAL
    if over:
        if totals[0] == totals[1]:
            verdict = i18n._("The match is a tie: {points} each.").format(points=points(totals[0]))
        else:
            w = 0 if totals[0] > totals[1] else 1
            mine, theirs = ((i18n._("You win the match, {points} to {other}!"),
                             i18n._("{name} wins the match, {points} to {other}!")) if games > 1 else
                            (i18n._("You win the game, {points} to {other}!"),
                             i18n._("{name} wins the game, {points} to {other}!")))
            verdict = lc_html.owned(names[w], mine, theirs, points=number(totals[w]), other=number(totals[1 - w]))
        winner = f'<p class="lc-winner" role="status">{esc(verdict)}</p>'
    else:
        played = i18n.ngettext("{played} of {count} games played.", "{played} of {count} games played.", games)
        winner = f'<p class="lc-progress">{esc(played.format(played=len(view.results), count=games))}</p>'
    if games == 1:
        return f'<section class="lc-match-summary" data-over="{1 if over else 0}">{winner}</section>'
    head = "".join(f'<th scope="col">{esc(api.shown_name(n))}</th>' for n in names)
    return (
        f'<section class="lc-match-summary" data-over="{1 if over else 0}">{winner}'
        f'<table class="lc-totals"><thead><tr><td></td>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">{esc(i18n._("Total"))}</th>{total_cells}</tr></tfoot></table></section>'
    )


# -- other panels --------------------------------------------------------------------------

_LEVEL_WORDS: typing.Final[dict[str, str]] = {
    "easy": i18n.N_("easy \u2013 a casual explorer"), "medium": i18n.N_("medium \u2013 a sound player"),
    "hard": i18n.N_("hard \u2013 thinks ahead")}


def level_words() -> dict[str, str]:
    """How the setup form describes each computer level, in the current language."""
    return {level: i18n._(words) for level, words in _LEVEL_WORDS.items()}


_PACES: typing.Final[dict[str, str]] = {"relaxed": i18n.N_("Relaxed: pauses so that you can follow each move"),
                                        "quick": i18n.N_("Quick: short pauses"),
                                        "instant": i18n.N_("Instant: no pauses")}
PACES: typing.Final = tuple(_PACES)
"""How fast the computer's moves follow each other (the same keys as Roll & Write's)."""


def how_to_play() -> str:
    """The setup form's short rules (HTML), in the current language."""
    items = [i18n._("On your turn, first <b>play</b> a card to your column of its colour (each card higher than the "
                    "last; wagers only before any number) or <b>discard</b> it face up on its colour's pile."),
             i18n._("Then <b>draw</b> one card: from the draw pile or the top of a discard pile (not the card you "
                    "just discarded)."),
             i18n._("The game ends when the last card of the draw pile is drawn. Each started column scores its sum "
                    "minus 20, multiplied by 2, 3 or 4 with one, two or three wagers; 8 or more cards add 20."),
             i18n._("Tap a card in your hand, then a highlighted column or discard pile; then tap the deck or a "
                    "highlighted pile to draw.")]
    return (f"<details><summary>{esc(i18n._('How to play'))}</summary><ul>"
            + "".join(f"<li>{item}</li>" for item in items) + "</ul></details>")


def setup_form(*, opponent: str = "easy", colours: int = 5, games: int = 3,
               names: typing.Sequence[str] = (), pace: str = "relaxed", error: str = "") -> str:
    """The new-match form (:func:`lostcities.ui.html.setup_form` for the card game):
    the opponent (a computer level or ``human`` for pass-and-play), the
    computer's pace, five or six expeditions, a match of three games or a
    single game."""
    first, second = [*names, lc_html.player_label(0), lc_html.player_label(1)][:2]
    seats = (session.Seat(first), session.Seat(second, None if opponent == session.HUMAN else opponent))
    pace = pace if pace in PACES else PACES[0]  # a pace saved by an older release
    paces = "".join(lc_html.radio("pace", key, esc(i18n._(words)), pace == key) for key, words in _PACES.items())
    pace_words = i18n._("The computer\u2019s pace")
    return lc_html.setup_form(
        card.Game, seats=seats, options={"colours": colours, "games": games}, level_words=level_words(),
        heading=lc_html.esc(lc_html.short_title(card.Game)),
        intro=i18n._("Fund up to five expeditions: lay cards of a colour in rising order, bet on them with wager "
                     "cards, and score the sum minus 20 for every expedition you start."),
        extra=f'<fieldset class="lc-pace"><legend>{esc(pace_words)}</legend>{paces}</fieldset>',
        help_html=how_to_play(), error=error)


# -- the play screen -----------------------------------------------------------------------------------

PLAY_LAYOUT: typing.Final = (
    '<div class="lc-play"><div class="lc-table-wrap" data-region="table"></div>'
    '<div class="lc-dock"><div class="lc-statusbar">'
    '<p class="lc-status" role="status" aria-live="polite" data-region="status"></p>'
    '<div class="lc-actions" data-region="actions"></div></div>'
    '<div class="lc-hand-wrap" data-region="hand"></div></div></div>'
)
"""The play area's skeleton: regions ``table``, ``status``, ``actions``, ``hand``."""

RESULT_LAYOUT: typing.Final = '<div class="lc-results" data-region="results"></div>'


def status(note: str, prompt: str, kind: str = "") -> str:
    """The status line: what to do now (``kind``: ``is-error``, ``is-play``...), then what the last turn did."""
    said = f' <span class="lc-note">{esc(note)}</span>' if note else ""
    return f'<span class="{_classes("lc-prompt", kind)}">{esc(prompt)}</span>{said}'


def prompt(view: card.View, *, selected: str | None, name: str | None) -> tuple[str, str]:
    """What the viewer should do now, and its class hook (``name``: None when playing the computer).

    >>> import random
    >>> view = card.Game(games=1).new_game(random.Random(1)).view(0)
    >>> prompt(view, selected=None, name=None)
    ('Your turn: choose a card from your hand to play or discard.', 'is-play')
    """
    def yours(mine: str, theirs: str) -> str:
        return mine if name is None else theirs.format(name=name)

    if view.step is card.Step.DRAW:
        return yours(i18n._("Your turn: now draw a card from the draw pile or a highlighted discard pile."),
                     i18n._("{name}, your turn: now draw a card from the draw pile or a highlighted discard pile.")
                     ), "is-draw"
    if selected is not None:
        chosen = card.Card.from_id(selected)
        label = chosen.label[:1].upper() + chosen.label[1:]
        if card.play(selected) in view.legal_actions():
            return i18n._("{card}: tap your {colour} column to play it, or its discard pile to discard it.").format(
                card=label, colour=colour_word(chosen.colour)), "is-selected"
        # short: the status line shows it whole, beside the Discard button that says the rest
        return i18n._("{card} cannot be played now: discard it or choose another card.").format(
            card=label), "is-selected"
    return yours(i18n._("Your turn: choose a card from your hand to play or discard."),
                 i18n._("{name}, your turn: choose a card from your hand to play or discard.")), "is-play"


def actions(view: card.View, selected: str | None) -> str:
    """The buttons under the status line once a card is selected: play it (only
    when that is legal), discard it, cancel.

    >>> import random
    >>> state = card.Game().new_game(random.Random(2))
    >>> first = state.hand(0)[0]  # every card can start an expedition
    >>> f"Play the {first.label}" in actions(state.view(0), first.id)
    True
    """
    if selected is None:
        return ""
    chosen = card.Card.from_id(selected)
    playable = any(isinstance(a, card.Play) and a.card.id == selected for a in view.legal_actions())
    play = f"{lc_html.button(i18n._('Play the {card}').format(card=chosen.label), 'play')} " if playable else ""
    discard = (lc_html.button(i18n._("Discard it"), "discard", cls="secondary") if playable else
               lc_html.button(i18n._("Discard the {card}").format(card=chosen.label), "discard"))
    return f"{play}{discard} {lc_html.button(i18n._('Cancel'), 'deselect', cls='secondary')}"


def results(view: card.View, names: typing.Sequence[str], *, note: str = "", marks: Marks | None = None) -> str:
    """A finished game (with *Next game*) or the finished match (with *New match*):
    the scoring tables, the match summary and the final table."""
    game = view.game
    done = view.current_player == api.TERMINAL
    said = f'<p class="lc-final-move" role="status">{esc(note)}</p>' if note else ""
    if done:
        button = lc_html.button(i18n._("New match"), "new-match", cls="lc-new")
    else:
        button = lc_html.button(i18n._("Next game ({number} of {count})").format(
            number=len(view.results) + 1, count=game.games), "next-game", cls="lc-next")
    buttons = f'<p class="lc-result-actions">{button}</p>'
    if done:
        body = match_summary(view, names) + buttons + game_result(view, names)
    else:
        body = game_result(view, names) + match_summary(view, names) + buttons
    final = table(view, names=names, marks=marks, interactive=False)
    summary = i18n._("The table at the end of game {number}").format(number=len(view.results))
    return f'{said}{body}<details class="lc-final-table"><summary>{esc(summary)}</summary>{final}</details>'


# -- replay and hints ------------------------------------------------------------------------


def position(state: card.State, names: typing.Sequence[str]) -> str:
    """A position of a finished game's replay: the table and both hands face up
    (the game is over: nothing is secret any more)."""
    hands = "".join(
        f'<div class="lc-replay-hand" data-player="{p}"><h3>{esc(hand_title(names[p]))}</h3>'
        f"{hand(state.view(p), interactive=False, name=names[p])}</div>" for p in range(2))
    return table(state.view(0), names=names, interactive=False) + hands


def hand_title(name: str) -> str:
    """``Your hand``, ``Ann's hand``."""
    return lc_html.owned(name, i18n._("Your hand"), i18n._("{name}'s hand"))


def revealed_hand(state: card.State, seat: int, name: str) -> str:
    """``seat``'s hand face up, named ``name`` (the embed's ``reveal=1``, for teaching)."""
    return lc_html.hand(state.hand(seat), card_face, selected=None, clickable=False, name=name,
                        cls="lc-hand lc-revealed")


def hint_marks(state: card.State, action: api.Action) -> tuple[dict[str, str], ...]:
    """The elements a suggested ``action`` of the player to act highlights
    (``data-*`` descriptions): the card and its column or discard pile, or the
    pile to draw from.

    >>> hint_marks(card.Game().new_state(), card.Draw(card.Colour.RED))
    ({'target': 'pile', 'colour': 'R'},)
    """
    if isinstance(action, (card.Play, card.Discard)):
        where = "column" if isinstance(action, card.Play) else "discard"
        return {"target": "hand", "card": action.card.id}, {"target": where, "colour": action.card.colour.letter}
    if isinstance(action, card.Draw):
        return ({"target": "deck"},) if action.colour is None else (
            {"target": "pile", "colour": action.colour.letter},)
    return ()
