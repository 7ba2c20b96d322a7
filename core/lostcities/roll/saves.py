"""Roll & Write's saves: the shape of a sheet and of a snapshot
(``State.snapshot()``) as schemas, and named checks of what a shape cannot
say (artefacts found, bridges passed, the dice on the table, who has acted
this turn, the end of the game).

>>> from lostcities import roll
>>> game = roll.Game(players=2)
>>> read(game, game.new_state().snapshot()) == game.new_state()
True
>>> read_sheet({**roll.Sheet().to_dict(), "dice": 10})
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: dice must be a count from 0 to 9
"""

from __future__ import annotations

import functools
import itertools
import typing

from lostcities import errors, schema
from lostcities.roll import data as roll_data
from lostcities.roll import rules

# -- sheets ------------------------------------------------------------------------------------


def _numbers(colour: str) -> schema.Schema[list[int]]:
    """An expedition's numbers: at most nine, from 1 to 10, never decreasing."""
    return schema.Checked(schema.Satisfies(
        lambda v: isinstance(v, list) and len(v) <= rules._BOXES,
        f"{colour} numbers must be a list of at most 9 numbers"), (
        lambda v: None if all(type(n) is int and 1 <= n <= 10 for n in v) else f"{colour} numbers must be from 1 to 10",
        lambda v: f"{colour} numbers decrease" if any(a > b for a, b in itertools.pairwise(v)) else None))


def _expedition(colour: str) -> schema.Schema[dict[str, typing.Any]]:
    both = f"{colour} circle and top must be true or false"
    return schema.Checked(schema.Entries({
        "numbers": _numbers(colour),
        "circle": schema.Anything(), "top": schema.Anything(),
    }, what=f"{colour} expedition"), (
        lambda e: None if type(e["circle"]) is bool and type(e["top"]) is bool else both,
        lambda e: f"{colour} top artefact claimed before the expedition is complete"
        if e["top"] and len(e["numbers"]) < rules._BOXES else None))


_SHEET: typing.Final = schema.Entries({
    "expeditions": schema.Entries({c.value: _expedition(c.value) for c in rules.COLOURS}, what="sheet expeditions"),
    "artefacts": schema.Integer(0, roll_data.ARTEFACTS, "artefacts", "artefacts must be a count from 0 to 9"),
    "dice": schema.Integer(0, roll_data.DICE_SYMBOLS, "dice", "dice must be a count from 0 to 9"),
    "bridges": schema.Entries({c.value: schema.Anything() for c in rules.COLUMNS}, what="sheet bridges"),
    "accelerating": schema.Boolean("accelerating must be true or false"),
}, what="sheet")
"""A sheet's shape (``Sheet.to_dict()``); what the marks imply is checked by :func:`read_sheet`."""


def read_sheet(data: typing.Any) -> rules.Sheet:
    """Rebuild and validate a sheet (``Sheet.to_dict()``); raises ``InvalidStateError``."""
    schema.check_entries(data, set(_SHEET.fields), what="sheet")
    expeditions = _SHEET.fields["expeditions"].read(data["expeditions"])
    sheet = rules.Sheet()
    found = 0
    for e, colour in enumerate(rules.COLOURS):
        entry = expeditions[colour.value]
        sheet.boxes[e] = tuple(entry["numbers"])
        sheet.circles[e] = entry["circle"]
        sheet.tops[e] = entry["top"]
        found += sum(1 for k in range(1, len(entry["numbers"]) + 1) if rules.ARTEFACT[e][k]) + entry["top"]
    artefacts = _SHEET.fields["artefacts"].read(data["artefacts"])
    if artefacts != min(found, roll_data.ARTEFACTS):
        schema.refuse(f"{artefacts} artefacts shaded but {found} found")
    sheet.artefacts, sheet.dice = artefacts, _SHEET.fields["dice"].read(data["dice"])
    bridges = _SHEET.fields["bridges"].read(data["bridges"])
    for i, column in enumerate(rules.COLUMNS):
        sheet.bridges[i] = _bridge(sheet, column, bridges[column.value])
    sheet.accelerating = _SHEET.fields["accelerating"].read(data["accelerating"])
    if sheet.accelerating:
        _check_acceleration(sheet)
    return sheet


def _bridge(sheet: rules.Sheet, column: rules.Column, value: typing.Any) -> rules.BridgeMark:
    try:
        mark = rules.BridgeMark(value)
    except (ValueError, TypeError):
        schema.refuse(f"bridge {column.value} is {value!r}")
    passed = sheet.has_passed(column)
    if mark is rules._SCORED and not passed:
        schema.refuse(f"bridge {column.value} scored but not passed")
    if mark is rules._OPEN and passed:
        schema.refuse(f"bridge {column.value} passed but still open")
    return mark


def _check_acceleration(sheet: rules.Sheet) -> None:
    if not any(rules.ARROW[e][len(sheet.boxes[e])] for e in range(6)):
        schema.refuse("an acceleration is pending but no arrow box was reached")
    if not any(len(sheet.boxes[e]) < rules._BOXES or not sheet.tops[e] for e in range(6)):
        schema.refuse("an acceleration is pending but nothing can be accelerated")


# -- the state ---------------------------------------------------------------------------------


class _Sheet(schema.Schema[rules.Sheet]):
    def read(self, value: typing.Any) -> rules.Sheet:
        return read_sheet(value)


@functools.cache
def snapshot_schema(game: rules.Game) -> schema.Entries:
    """The shape of a snapshot of ``game`` (its sheets read by :func:`read_sheet`)."""
    n = game.players
    return schema.Entries({
        "turn": schema.Integer(0, None, "turn", "turn must be a count"),
        "phase": _Phase(),
        "actor": schema.Integer(0, n - 1, "actor", f"actor must be a player from 0 to {n - 1}"),
        "sheets": schema.Satisfies(lambda v: isinstance(v, list) and len(v) == n,
                                   f"sheets must be a list of {n} sheets"),
        "before": schema.Satisfies(lambda v: isinstance(v, list) and len(v) == n,
                                   f"before must be a list of {n} entries"),
        "roll": schema.Anything(), "taken": schema.Anything(),
    }, what="state")


class _Phase(schema.Schema[rules.Phase]):
    def read(self, value: typing.Any) -> rules.Phase:
        try:
            return rules.Phase(value)
        except (ValueError, TypeError):
            schema.refuse(f"unknown phase {value!r}")


def read(game: rules.Game, data: typing.Any) -> rules.State:
    """Rebuild a state from ``State.snapshot()``, checking every invariant
    (raises :class:`~lostcities.errors.InvalidStateError`)."""
    saved = snapshot_schema(game).read(data)
    state = rules.State(game)
    state._turn, state._phase, state._actor = saved["turn"], saved["phase"], saved["actor"]
    state._sheets = [read_sheet(s) for s in saved["sheets"]]
    state._before = [None if s is None else read_sheet(s) for s in saved["before"]]
    if state._phase in (rules.Phase.ROLL, rules.Phase.OVER):
        _check_between_turns(state, saved)
    else:
        _read_dice(state, saved["roll"], saved["taken"])
    _check_who_acted(state)
    _check_bridges_and_end(state)
    return state


def _check_between_turns(state: rules.State, saved: typing.Mapping[str, typing.Any]) -> None:
    if saved["roll"] is not None or saved["taken"] is not None or any(s is not None for s in state._before):
        schema.refuse("no dice may be on the table between turns")
    if state._actor != state.active:
        schema.refuse("between turns the actor is the active player")


_ROLL: typing.Final = schema.Entries({"colours": schema.Anything(), "numbers": schema.Anything()}, what="roll")


def _read_dice(state: rules.State, roll: typing.Any, taken: typing.Any) -> None:
    """The dice rolled this turn, those the active player took, and what is left to the others."""
    _ROLL.read(roll)
    try:
        colours = [rules._COLOUR_BY_NAME[c] for c in roll["colours"]]
        state._roll = rules.Roll(tuple(colours), tuple(roll["numbers"]))
    except (KeyError, TypeError, errors.MalformedActionError):
        schema.refuse(f"bad roll {roll!r}")
    if list(state._roll.colours) != colours or list(state._roll.numbers) != roll["numbers"]:
        schema.refuse("the roll's dice must be listed sorted")
    pool_c = [c.index for c in state._roll.colours]
    pool_n = list(state._roll.numbers)
    if taken is not None:
        colour, number = _taken(taken)
        if colour.index not in pool_c or number not in pool_n:
            schema.refuse("the active player took dice that were not rolled")
        state._taken = (colour, number)
        pool_c.remove(colour.index)
        pool_n.remove(number)
    active, n = state.active, state.game.players
    if state._phase is rules.Phase.OTHERS:
        if n == 1 or state._actor == active:
            schema.refuse("in the others' phase a non-active player acts")
        state._pool_colours, state._pool_numbers = tuple(pool_c), tuple(pool_n)
        if state._before[active] is None:
            schema.refuse("the active player has acted but their earlier sheet is missing")
        return
    if state._actor != active:
        schema.refuse("in the active phase the active player acts")
    state._pool_colours = tuple(c.index for c in state._roll.colours)
    state._pool_numbers = state._roll.numbers
    if state._sheets[active].accelerating != (taken is not None):
        schema.refuse("the active player's taken dice do not match their acceleration")


def _taken(taken: typing.Any) -> tuple[rules.Colour, int]:
    if (not isinstance(taken, list) or len(taken) != 2 or not isinstance(taken[0], str)
            or taken[0] not in rules._COLOUR_BY_NAME or not rules._is_face(taken[1])):
        schema.refuse(f"bad taken dice {taken!r}")
    return rules._COLOUR_BY_NAME[taken[0]], taken[1]


def _check_who_acted(state: rules.State) -> None:
    """Who has acted this turn (their earlier sheet kept), whose sheet is mid-choice."""
    phase, active, actor, n = state._phase, state.active, state._actor, state.game.players
    acted = {(active + k) % n for k in range((actor - active) % n)} if phase is rules.Phase.OTHERS else set()
    for p in range(n):
        sheet, earlier = state._sheets[p], state._before[p]
        choosing = phase in (rules.Phase.ACTIVE, rules.Phase.OTHERS) and p == actor
        if sheet.accelerating and not choosing:
            schema.refuse(f"player {p + 1} has a pending acceleration out of turn")
        if p in acted or (choosing and sheet.accelerating):
            if earlier is None:
                schema.refuse(f"player {p + 1} has acted but their earlier sheet is missing")
            if earlier.accelerating or not sheet._covers(earlier):
                schema.refuse(f"player {p + 1}'s sheet does not follow from their earlier sheet")
        elif earlier is not None:
            schema.refuse(f"player {p + 1} has not acted but has an earlier sheet")


def _check_bridges_and_end(state: rules.State) -> None:
    starts = [state._before[p] or state._sheets[p] for p in range(state.game.players)]
    for i, column in enumerate(rules.COLUMNS):
        if any(s.bridges[i] is rules._SCORED for s in starts) and any(s.bridges[i] is rules._OPEN for s in starts):
            schema.refuse(f"bridge {column.value} was passed but is still open on another sheet")
    ended = all(any(s.bridges[i] is rules._SCORED for s in starts) for i in range(8)) or all(
        s.is_exhausted() for s in starts)
    if ended != (state._phase is rules.Phase.OVER):
        schema.refuse("the game is over" if ended else "the game is not over")
