"""Pebbles' renderer: pure functions from a state or view to HTML (CSS hooks ``pb-*``),
a :class:`lostcities.ui.games.Renderer`; and the game's rules summary.

>>> import random
>>> from tests.pebbles import rules
>>> state = rules.Game().new_game(random.Random(1))
>>> 'data-spot="pick:3"' in table(state.view(0), ["You", "Computer"], interactive=True)
True
>>> hint_marks(state, rules.Take(2))
({'target': 'take', 'count': '2'},)
"""

from __future__ import annotations

import typing

from lostcities import api
from lostcities.ui import html as lc_html
from lostcities.ui import rules_summary
from tests.pebbles import rules

SUMMARY: typing.Final = rules_summary.Summary("pebbles", "Take pebbles; your secret card and the last pebble count.", (
    ("Your turn", ("Take one, two or three pebbles from the heap.",)),
    ("Scoring", ("Each pebble is a point, your secret card adds its value, and the last pebble 5 more.",)),
))
"""The rules in brief (the ``#rules/pebbles`` page)."""

LAYOUT: typing.Final = '<div class="pb-table" data-region="table"></div><p class="pb-status" data-region="status"></p>'


def card_face(card: str, *, owner: str | None = None) -> str:
    """A secret card face up (``owner``: whose, for teaching), or its back (``card`` empty)."""
    label = f"{lc_html.possessive(owner)} card: {rules.value(card)}" if card else "A hidden card"
    return (f'<span class="pb-card" role="img" aria-label="{lc_html.esc(label)}" data-card="{lc_html.esc(card)}" '
            f'data-spot="hand:{lc_html.esc(card or "hidden")}">{rules.value(card) if card else "?"}</span>')


def table(view: rules.View, names: typing.Sequence[str], *, interactive: bool) -> str:
    """The heap with the take buttons (``data-target="take"``, spots ``pick:<count>``),
    each player's pebbles and card (the other's face down until the end)."""
    picks = "".join(
        f'<button type="button" class="pb-take" data-target="take" data-count="{n}" data-spot="pick:{n}"'
        f'{"" if interactive and n <= view.heap else " disabled"}>Take {n}</button>' for n in (1, 2, 3))
    players = "".join(
        f'<li class="pb-player" data-player="{p}"><span class="pb-name">{lc_html.esc(names[p])}</span> '
        f'<b data-spot="score:{p}">{view.taken[p]}</b> {card_face(view.cards[p] or "", owner=names[p])}</li>'
        for p in (0, 1))
    return (f'<p class="pb-heap" data-heap="{view.heap}">{view.heap} pebbles left</p>'
            f'<div class="pb-picks">{picks}</div><ul class="pb-players">{players}</ul>')


def position(state: rules.State, names: typing.Sequence[str]) -> str:
    """A replay position: the table with both cards shown."""
    view = state.view(0)
    shown = rules.View(state.game, 0, view.to_act, view.heap, view.taken, tuple(state.cards), view.last, view.dealt)
    return table(shown, names, interactive=False)


def hint_marks(state: rules.State, action: api.Action) -> tuple[dict[str, str], ...]:
    """The take button a suggested ``action`` highlights."""
    if isinstance(action, rules.Take):
        return ({"target": "take", "count": str(action.count)},)
    return ()


def revealed_hand(state: rules.State, seat: int, name: str) -> str:
    """``seat``'s secret card face up (the embed's ``reveal=1``); nothing before the deal."""
    card = state.cards[seat]
    return f'<div class="lc-hand lc-revealed">{card_face(card, owner=name)}</div>' if card else ""
