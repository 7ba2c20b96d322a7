"""Roll & Write positions made to order: the one builder that tutorials, the
embed (through the tutorials) and tests share.

:func:`between_turns` puts sheets on the table at the start of a turn (a
bridge passed on one sheet is crossed out on the others, as the game does);
:func:`tutorial_position` writes a tutorial's partial sheets box by box first.

>>> from lostcities import roll
>>> sheet = roll.Sheet()
>>> sheet.fast_write(0, 3)
>>> state = between_turns(roll.Game(players=2), [sheet, roll.Sheet()], turn=1)
>>> state.is_chance(), state.active, state.sheets[0].expedition(roll.Colour.RED)
(True, 1, (3,))
"""

from __future__ import annotations

import itertools
import random
import typing

from lostcities import schema
from lostcities.roll import data as roll_data
from lostcities.roll import rules


def between_turns(game: rules.Game, sheets: typing.Sequence[rules.Sheet], turn: int = 0) -> rules.State:
    """The position before ``turn``'s roll with these sheets (a bridge scored on
    one is crossed out on those where it is open; the sheets are changed so).
    Raises ``InvalidStateError``."""
    for column in rules.COLUMNS:
        if any(s.bridge(column) is rules.BridgeMark.SCORED for s in sheets):
            for s in sheets:
                s.mark_bridge_taken_by_others(column)
    return game.state_from_snapshot({
        "turn": turn, "phase": rules.Phase.ROLL.value, "actor": turn % game.players, "roll": None, "taken": None,
        "sheets": [s.to_dict() for s in sheets], "before": [None] * game.players})


def tutorial_position(game: rules.Game, partial: typing.Mapping[str, typing.Any], rng: random.Random) -> rules.State:
    """A position between two turns built from a partial description (for tutorials).

    ``partial`` may give ``sheets`` (a list per player, the reader's first
    by default; a missing sheet is empty), each an object with a colour
    name -> the numbers written in that expedition (1..10, bottom first),
    ``circles`` (colour names whose double circle is marked before their
    numbers), ``tops`` (complete expeditions whose top artefact is
    claimed) and ``dice`` (dice symbols shaded); and ``turn`` (0-based: the
    player ``turn % players`` rolls next).  The numbers are written box by
    box as the game would, so the artefacts they find are shaded and the
    bridges they pass are scored (every other sheet has them crossed
    out); arrows reached on the way are let go.  Nothing is left to
    chance (``rng`` is not used): roll the dice with the tutorial's
    actions.  The position is checked like any snapshot (raises
    ``InvalidStateError``).

    >>> from lostcities import roll
    >>> game = roll.Game(players=2)
    >>> state = tutorial_position(game, {"sheets": [{"red": [1, 2, 3, 4, 5, 6, 7], "dice": 1}]}, random.Random(0))
    >>> state.sheets[0].artefacts, state.sheets[0].bridge(roll.Column.RED), state.sheets[1].bridge(roll.Column.RED)
    (1, <BridgeMark.SCORED: 'scored'>, <BridgeMark.CLOSED: 'closed'>)
    >>> state.is_chance(), state.scores()
    (True, [-5, -80])
    >>> tutorial_position(game, {"sheets": [{"red": [3, 2]}]}, random.Random(0))
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: sheet 1: red numbers must rise from 1 to 10
    """
    del rng
    schema.check_entries(partial, set(), {"sheets", "turn"}, what="a partial Roll & Write position")
    raw_sheets = partial.get("sheets", [])
    if not isinstance(raw_sheets, list) or len(raw_sheets) > game.players:
        schema.refuse(f"sheets must list at most {game.players} sheets")
    turn = partial.get("turn", 0)
    if type(turn) is not int or turn < 0:
        schema.refuse("turn must be a count")
    sheets = [rules.Sheet() for _ in range(game.players)]
    for p, raw in enumerate(raw_sheets):
        _write(sheets[p], raw, f"sheet {p + 1}")
    return between_turns(game, sheets, turn)


def _write(sheet: rules.Sheet, raw: typing.Any, where: str) -> None:
    """Mark a partial sheet's circles, numbers, tops and dice on ``sheet``."""
    schema.check_entries(raw, set(), {*rules._COLOUR_BY_NAME, "circles", "tops", "dice"}, what=where)
    for name in ("circles", "tops"):
        listed = raw.get(name, [])
        if not isinstance(listed, list) or not all(isinstance(c, str) and c in rules._COLOUR_BY_NAME for c in listed):
            schema.refuse(f"{where}: {name} must list colour names")
    for colour in raw.get("circles", []):
        sheet.circles[rules._COLOUR_BY_NAME[colour].index] = True
    for colour in rules.COLOURS:
        numbers = raw.get(colour.value, [])
        if (not isinstance(numbers, list) or len(numbers) > rules._BOXES
                or not all(type(n) is int and 1 <= n <= 10 for n in numbers)
                or any(a > b for a, b in itertools.pairwise(numbers))):
            schema.refuse(f"{where}: {colour.value} numbers must rise from 1 to 10")
        for value in numbers:
            sheet.fast_write(colour.index, value)
            sheet.accelerating = False
    for colour in raw.get("tops", []):
        reason = sheet.why_not(rules._COLOUR_BY_NAME[colour], 0, rules.Target.TOP)
        if reason is not None:
            schema.refuse(f"{where}: {reason}")
        sheet.fast_mark(rules._COLOUR_BY_NAME[colour].index, 0, rules.Target.TOP)
    dice = raw.get("dice", 0)
    if type(dice) is not int or not 0 <= dice <= roll_data.DICE_SYMBOLS:
        schema.refuse(f"{where}: dice must be a count from 0 to 9")
    for _ in range(dice):
        sheet.fast_refuse()
