"""Lost Cities: Roll & Write -- one scenario per rule, errors, saves, views, properties.

Scenarios read the arrow and artefact boxes from ``roll.data`` so that they keep
working when the printed sheet values replace the reconstructed ones.
"""

from __future__ import annotations

import json
import random
import typing

import pytest

from lostcities import api, errors, roll
from lostcities.roll import positions

R, O, Y, G, B, P = roll.COLOURS  # noqa: E741 - the colours' initials, as on the sheet
BOX, CIRCLE, TOP = roll.Target.BOX, roll.Target.CIRCLE, roll.Target.TOP


# -- helpers ------------------------------------------------------------------------------


def arrows(colour: roll.Colour) -> tuple[int, ...]:
    return roll.data.ARROW_BOXES[colour.value]


def artefact_boxes(colour: roll.Colour) -> tuple[int, ...]:
    return roll.data.ARTEFACT_BOXES[colour.value]


def plain_box(colour: roll.Colour, above: int = 0) -> int:
    """The first box number above ``above`` that is neither an arrow nor an artefact box."""
    for k in range(above + 1, 10):
        if k not in arrows(colour) and k not in artefact_boxes(colour):
            return k
    raise AssertionError("no plain box")


def make_sheet(columns: typing.Mapping[roll.Colour, typing.Sequence[int]] | None = None,
               circles: typing.Iterable[roll.Colour] = (), tops: typing.Iterable[roll.Colour] = (),
               dice: int = 0) -> roll.Sheet:
    """A sheet with these numbers written (effects applied, accelerations declined)."""
    sheet = roll.Sheet()
    for colour in circles:
        sheet.circles[colour.index] = True
    for colour, numbers in (columns or {}).items():
        for value in numbers:
            sheet.fast_write(colour.index, value)
            sheet.accelerating = False
    for colour in tops:
        sheet.fast_mark(colour.index, 0, TOP)
    for _ in range(dice):
        sheet.fast_refuse()
    return sheet


def scenario(sheets: list[roll.Sheet], players: int | None = None, in_sequence: bool = False,
             roll_text: str | None = None, turn: int = 0) -> roll.State:
    """A validated state at the start of ``turn`` with these sheets, then rolled.

    Bridges passed on one sheet are crossed out on the others, as at the end of a turn."""
    game = roll.Game(players=players or len(sheets), in_sequence=in_sequence)
    state = positions.between_turns(game, sheets, turn)
    if roll_text:
        state.apply(roll_text)
    return state


def notations(state: api.State) -> list[str]:
    return [a.notation() for a in state.legal_actions()]


def assert_refused(state: roll.State, action: str, error: type[errors.GameError], words: str) -> None:
    before, history = state.snapshot(), state.history
    with pytest.raises(error) as info:
        state.apply(action)
    assert words in str(info.value)
    assert state.snapshot() == before and state.history == history


def box_values(sheet: roll.Sheet, colour: roll.Colour) -> tuple[int, ...]:
    return sheet.expedition(colour)


# -- options, enums, notation -----------------------------------------------------------------


def test_options_and_variants() -> None:
    assert roll.Game.from_options({}) == roll.Game(players=2, in_sequence=False)
    assert roll.Game.name == "roll" and roll.Game.title == "Lost Cities: Roll & Write"
    assert api.games()["roll"] is roll.Game
    found = {(g.players, g.in_sequence) for g in typing.cast(list[roll.Game], roll.Game.variants())}
    assert {(1, False), (2, False), (3, False), (5, False), (2, True)} <= found
    for bad in ({"players": 0}, {"players": 6}, {"players": True}, {"players": "2"},
                {"in_sequence": 1}, {"colours": 5}, {"players": 2.0}):
        with pytest.raises(errors.InvalidOptionError):
            roll.Game.from_options(bad)


def test_colours_have_symbols_and_columns() -> None:
    assert [c.value for c in roll.COLOURS] == ["red", "orange", "yellow", "green", "blue", "purple"]
    assert len({c.symbol for c in roll.COLOURS}) == 6
    assert [c.index for c in roll.COLOURS] == list(range(6))
    assert roll.Column.of(roll.Colour.BLUE) is roll.Column.BLUE
    assert [c.value for c in roll.COLUMNS][6:] == ["artefacts", "dice"]


@pytest.mark.parametrize("text", [
    "roll red green green 0 3 9", "roll orange orange orange 1 1 1", "take red 5", "take red 0 circle",
    "take purple 9 top", "refuse", "accelerate blue", "accelerate none",
])
def test_notation_round_trips(text: str) -> None:
    game = roll.Game()
    action = game.parse_action(text)
    assert action.notation() == text
    assert game.parse_action(action.notation()) == action


def test_roll_notation_is_sorted_and_lenient() -> None:
    action = roll.parse_action("ROLL  green red green 9 0 3")
    assert action.notation() == "roll red green green 0 3 9"
    assert roll.parse_action("take red 5 box") == roll.Take(R, 5)


@pytest.mark.parametrize("text", [
    "", "roll", "roll red red red 1 2", "roll red red pink 1 2 3", "roll red red red 1 2 10",
    "take", "take red", "take red 10", "take red -1", "take red 5 sideways", "take pink 5",
    "accelerate", "accelerate pink", "accelerate red blue", "refuse now", "pass",
])
def test_malformed_notation(text: str) -> None:
    with pytest.raises(errors.MalformedActionError):
        roll.Game().parse_action(text)


def test_malformed_action_values() -> None:
    with pytest.raises(errors.MalformedActionError):
        roll.Take(R, 10)
    with pytest.raises(errors.MalformedActionError):
        roll.Take(R, True)
    with pytest.raises(errors.MalformedActionError):
        roll.Roll((R, R), (1, 2, 3))
    with pytest.raises(errors.MalformedActionError):
        roll.Accelerate("red")  # type: ignore[arg-type]


# -- the turn ---------------------------------------------------------------------------------


def test_dice_must_be_rolled_first_and_only_once() -> None:
    state = roll.Game().new_state()
    assert state.current_player == api.CHANCE and state.legal_actions() == []
    assert_refused(state, "take red 5", errors.IllegalActionError, "rolled first")
    state.apply("roll red green blue 1 2 3")
    assert_refused(state, "roll red green blue 1 2 3", errors.IllegalActionError, "already rolled")


def test_sample_chance_is_a_valid_sorted_roll() -> None:
    state = roll.Game().new_state()
    rng = random.Random(4)
    for _ in range(200):
        action = state.sample_chance(rng)
        assert isinstance(action, roll.Roll)
        assert list(action.colours) == sorted(action.colours, key=lambda c: c.index)
        assert list(action.numbers) == sorted(action.numbers)
        assert state.is_legal(action)


def test_active_player_chooses_from_all_six_dice() -> None:
    state = roll.Game(players=2).new_state()
    state.apply("roll red green green 3 0 9")
    assert state.current_player == 0
    assert notations(state) == [
        "take red 0", "take red 0 circle", "take red 3", "take red 9",
        "take green 0", "take green 0 circle", "take green 3", "take green 9", "refuse",
    ]


def test_others_choose_from_the_four_dice_left() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green green 3 0 9")
    state.apply("take green 3")
    assert state.current_player == 1
    assert state.pool() == ((R, G), (0, 9))
    assert notations(state) == ["take red 0", "take red 0 circle", "take red 9",
                                "take green 0", "take green 0 circle", "take green 9", "refuse"]
    assert_refused(state, "take green 3", errors.IllegalActionError, "no 3 die")
    assert_refused(state, "take blue 9", errors.IllegalActionError, "no blue die")


def test_several_players_may_take_the_same_dice() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("take red 1")
    state.apply("take green 2")
    assert state.current_player == 2
    state.apply("take green 2")
    assert state.sheets[1].expedition(G) == state.sheets[2].expedition(G) == (2,)
    assert state.current_player == api.CHANCE and state.turn == 1


def test_after_a_refusal_the_others_choose_from_all_six_dice() -> None:
    state = roll.Game(players=2).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("refuse")
    assert state.pool() == ((R, G, B), (1, 2, 3))
    assert len(notations(state)) == 10
    state.apply("take red 1")
    assert state.sheets[0].dice == 1 and state.sheets[1].expedition(R) == (1,)


def test_turns_rotate_clockwise() -> None:
    state = roll.Game(players=3).new_state()
    order = []
    for _ in range(3):
        state.apply("roll red green blue 1 2 3")
        for _ in range(3):
            order.append(state.current_player)
            state.apply("refuse")
    assert order == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    assert state.turn == 3 and state.active == 0


def test_solo_game_rolls_and_chooses_every_turn() -> None:
    state = roll.Game(players=1).new_state()
    for turn in range(3):
        assert state.current_player == api.CHANCE and state.turn == turn
        state.apply("roll red green blue 1 2 3")
        assert state.current_player == 0 and state.pool() == ((R, G, B), (1, 2, 3))
        state.apply("refuse")
    assert state.sheets[0].dice == 3


# -- expeditions ------------------------------------------------------------------------------


def test_numbers_never_decrease_equal_is_fine() -> None:
    state = scenario([make_sheet({R: [7]}), make_sheet()], roll_text="roll red green blue 5 7 8")
    assert_refused(state, "take red 5", errors.IllegalActionError,
                   "red already holds 7: numbers must not decrease")
    assert "take red 5" not in notations(state)
    assert "take red 7" in notations(state)
    state.apply("take red 7")
    assert state.sheets[0].expedition(R) == (7, 7)


def test_zero_is_ten_once_started_and_may_follow_a_nine() -> None:
    state = scenario([make_sheet({R: [9]}), make_sheet()], roll_text="roll red green blue 0 1 2")
    assert "take red 0 circle" not in notations(state)
    assert state.sheets[0].targets(R, 0) == [BOX]  # where the sheet offers it: a 0 is 10, not below the 9
    state.apply("take red 0")
    assert state.sheets[0].expedition(R) == (9, 10)


def test_zero_may_start_an_expedition_as_ten() -> None:
    state = scenario([make_sheet(), make_sheet()], roll_text="roll red green blue 0 1 2")
    state.apply("take green 0")
    assert state.sheets[0].expedition(G) == (10,)
    assert state.sheets[0].is_circle_crossed(G)


def test_first_number_may_be_anything_from_one() -> None:
    sheet = make_sheet()
    assert all(sheet.can_mark(R, n) for n in range(10))


def test_double_circle_only_with_a_zero_before_the_start() -> None:
    state = scenario([make_sheet({G: [2]}), make_sheet()], roll_text="roll red green blue 0 1 2")
    assert_refused(state, "take red 1 circle", errors.IllegalActionError, "only a 0")
    assert_refused(state, "take green 0 circle", errors.IllegalActionError,
                   "green has started: its circle can no longer be marked")
    state.apply("take red 0 circle")
    sheet = state.sheets[0]
    assert sheet.is_circled(R) and not sheet.is_started(R)
    assert sheet.expedition_score(R.index) == -100  # circle alone: -50 doubled
    # an already marked circle cannot be marked again, the expedition goes on normally
    assert sheet.why_not(R, 0, CIRCLE) == "red's circle is already marked"
    sheet.mark(R, 3)
    assert sheet.expedition(R) == (3,) and sheet.is_circled(R)
    assert sheet.expedition_score(R.index) == 2 * roll.data.EXPEDITION_SCORES[1]


def test_circle_doubles_positive_and_negative_scores() -> None:
    for count in range(10):
        plain = make_sheet({Y: [1] * count})
        circled = make_sheet({Y: [1] * count}, circles=[Y])
        expected = roll.data.EXPEDITION_SCORES[count] if count else 0
        assert plain.expedition_score(Y.index) == expected
        assert circled.expedition_score(Y.index) == 2 * (expected if count else roll.data.CIRCLE_ONLY_SCORE)


def test_top_artefact_of_a_complete_expedition_once() -> None:
    full = [1, 1, 2, 2, 3, 3, 4, 4, 6]
    state = scenario([make_sheet({R: full}), make_sheet()], roll_text="roll red red blue 5 6 7")
    artefacts = state.sheets[0].artefacts
    assert "take red 5 top" not in notations(state)
    assert_refused(state, "take red 5 top", errors.IllegalActionError, "needs at least 6")
    assert_refused(state, "take red 7", errors.IllegalActionError, "red is complete")
    assert [t for t in notations(state) if t.startswith("take red")] == ["take red 6 top", "take red 7 top"]
    state.apply("take red 6 top")
    sheet = state.sheets[0]
    assert sheet.has_top_artefact(R) and sheet.artefacts == artefacts + 1
    assert sheet.expedition(R) == tuple(full)
    assert sheet.why_not(R, 9, TOP) == "red's top artefact is already claimed"
    assert sheet.targets(R, 9) == []
    assert make_sheet({R: [1]}).why_not(R, 9, TOP) == "red is not complete: its top artefact is out of reach"


def test_artefact_boxes_shade_artefacts_bottom_up() -> None:
    for colour in roll.COLOURS:
        sheet = make_sheet()
        for k in range(1, 10):
            before = sheet.artefacts
            sheet.mark(colour, 1)
            if sheet.is_accelerating():
                sheet.accelerate(None)
            assert sheet.artefacts == before + (k in artefact_boxes(colour))


def test_artefact_column_stops_at_nine() -> None:
    sheet = make_sheet({c: [1] * 9 for c in roll.COLOURS[:5]})
    assert sheet.artefacts == 9
    sheet.mark(roll.Colour.PURPLE, 1)
    for _ in range(2, 10):
        if sheet.is_accelerating():
            sheet.accelerate(None)
        sheet.mark(roll.Colour.PURPLE, 1)
    assert sheet.artefacts == 9
    assert sheet.breakdown().artefacts == roll.data.ARTEFACT_SCORES[9] == 100


# -- acceleration -----------------------------------------------------------------------------


def sheet_before_arrow(colour: roll.Colour, value: int = 2) -> tuple[roll.Sheet, int]:
    """A sheet whose ``colour`` expedition's next box is its first arrow."""
    arrow = arrows(colour)[0]
    return make_sheet({colour: [value] * (arrow - 1)} if arrow > 1 else {}), arrow


def test_arrow_box_lets_the_player_accelerate_another_expedition() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    for value in (4, 4, 4):
        sheet.fast_write(G.index, value)
        sheet.accelerating = False
    # green now holds three 4s; make sure its next box is plain for a clean check
    state = scenario([sheet, make_sheet()], roll_text="roll red yellow purple 3 5 8")
    state.apply("take red 3")
    assert state.current_player == 0 and state.sheets[0].is_accelerating()
    legal = notations(state)
    assert legal == ["accelerate " + c.value for c in roll.COLOURS] + ["accelerate none"]
    assert_refused(state, "take yellow 5", errors.IllegalActionError, "acceleration first")
    assert_refused(state, "refuse", errors.IllegalActionError, "acceleration first")
    state.apply("accelerate green")
    assert state.sheets[0].expedition(G)[-2:] == (4, 4)
    assert len(state.sheets[0].expedition(G)) == 4
    if not state.sheets[0].is_accelerating():
        assert state.current_player == 1


def test_acceleration_starts_an_expedition_with_a_one_and_loses_its_circle() -> None:
    sheet, _ = sheet_before_arrow(O, 3)
    sheet.mark(O, 5)
    assert sheet.is_accelerating()
    sheet.accelerate(Y)
    assert sheet.expedition(Y) == (1,)
    assert sheet.is_circle_crossed(Y) and not sheet.can_mark(Y, 0, CIRCLE)


def test_acceleration_keeps_a_circle_marked_before() -> None:
    sheet, _ = sheet_before_arrow(O, 3)
    sheet.circles[Y.index] = True
    sheet.mark(O, 5)
    sheet.accelerate(Y)
    assert sheet.expedition(Y) == (1,) and sheet.is_circled(Y)


def test_acceleration_may_target_the_same_expedition() -> None:
    sheet, arrow = sheet_before_arrow(B, 2)
    sheet.mark(B, 6)
    sheet.accelerate(B)
    assert sheet.expedition(B)[-2:] == (6, 6) and len(sheet.expedition(B)) == arrow + 1


def test_acceleration_is_optional() -> None:
    sheet, _arrow = sheet_before_arrow(R, 2)
    before = sheet.copy()
    sheet.mark(R, 6)
    sheet.accelerate(None)
    assert not sheet.is_accelerating()
    assert sheet.expedition(R) == (*before.expedition(R), 6)
    for colour in roll.COLOURS:
        if colour is not R:
            assert sheet.expedition(colour) == before.expedition(colour)


def test_acceleration_never_marks_a_circle() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    sheet.mark(R, 6)
    sheet.accelerate(P)
    assert not sheet.is_circled(P)
    assert roll.Accelerate(P).notation() == "accelerate purple"  # no circle form exists


def test_acceleration_chains_when_it_lands_on_an_arrow() -> None:
    # red's next box is an arrow; green's next box is an arrow too; then blue's
    red_arrow = arrows(R)[0]
    green_arrow = arrows(G)[0]
    blue_arrow = arrows(B)[0]
    sheet = make_sheet({R: [2] * (red_arrow - 1), G: [3] * (green_arrow - 1), B: [4] * (blue_arrow - 1)})
    state = scenario([sheet, make_sheet()], roll_text="roll red orange yellow 2 5 8")
    state.apply("take red 5")
    state.apply("accelerate green")
    mine = state.sheets[0]
    assert mine.expedition(G)[-1] == (3 if green_arrow > 1 else 1)
    assert mine.is_accelerating() and state.current_player == 0, "green's arrow accelerates again"
    state.apply("accelerate blue")
    assert mine.is_accelerating() and state.current_player == 0, "blue's arrow accelerates again"
    state.apply("accelerate none")
    assert not mine.is_accelerating() and state.current_player == 1
    assert len(mine.expedition(G)) == green_arrow and len(mine.expedition(B)) == blue_arrow


def test_acceleration_may_claim_a_complete_expeditions_top_artefact() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    for _ in range(9):
        sheet.fast_write(P.index, 8)
        sheet.accelerating = False
    artefacts = sheet.artefacts
    sheet.mark(R, 2)
    assert P in sheet.acceleration_targets()
    sheet.accelerate(P)
    assert sheet.has_top_artefact(P) and sheet.artefacts == artefacts + 1
    assert len(sheet.expedition(P)) == 9


def test_a_claimed_complete_expedition_cannot_be_accelerated() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    for _ in range(9):
        sheet.fast_write(P.index, 8)
        sheet.accelerating = False
    sheet.fast_mark(P.index, 8, TOP)
    state = scenario([sheet, make_sheet()], roll_text="roll red red red 2 2 2")
    state.apply("take red 2")
    assert "accelerate purple" not in notations(state)
    assert_refused(state, "accelerate purple", errors.IllegalActionError,
                   "purple is complete and its top artefact is claimed")


def test_accelerate_without_an_arrow_is_illegal() -> None:
    state = scenario([make_sheet(), make_sheet()], roll_text="roll red red red 2 2 2")
    assert_refused(state, "accelerate red", errors.IllegalActionError, "no acceleration")
    assert_refused(state, "accelerate none", errors.IllegalActionError, "no acceleration")


def test_acceleration_triggers_artefact_boxes() -> None:
    colour = G
    target_box = artefact_boxes(colour)[0]
    sheet, _ = sheet_before_arrow(R, 2)
    for _ in range(target_box - 1):
        sheet.fast_write(colour.index, 5)
        sheet.accelerating = False
    artefacts = sheet.artefacts
    sheet.mark(R, 2)
    sheet.accelerate(colour)
    assert sheet.artefacts == artefacts + 1


# -- refusing, exhaustion -----------------------------------------------------------------------


def test_refusing_shades_dice_symbols_until_exhausted() -> None:
    sheet = make_sheet()
    scores = []
    for count in range(1, 12):
        sheet.refuse()
        assert sheet.dice == min(count, 9)
        scores.append(sheet.breakdown().dice)
    assert scores[:9] == list(roll.data.DICE_SCORES[1:])
    assert sheet.is_exhausted() and sheet.breakdown().dice == 0


def test_an_exhausted_player_keeps_playing() -> None:
    state = scenario([make_sheet(dice=9), make_sheet()], roll_text="roll red green blue 1 2 3")
    assert state.sheets[0].is_exhausted()
    assert "take red 1" in notations(state)
    state.apply("refuse")
    assert state.sheets[0].dice == 9
    state.apply("take red 1")
    assert state.current_player == api.CHANCE


# -- bridges --------------------------------------------------------------------------------------


def test_first_player_to_pass_a_bridge_scores_later_ones_cross_it_out() -> None:
    six = [1, 1, 1, 1, 1, 1]
    state = scenario([make_sheet({Y: six}), make_sheet({Y: six})], roll_text="roll yellow red blue 1 2 3")
    state.apply("take yellow 2")
    if state.sheets[0].is_accelerating():
        state.apply("accelerate none")
    first = state.sheets[0]
    assert first.bridge(roll.Column.YELLOW) is roll.BridgeMark.SCORED
    state.apply("refuse")  # player 2 does not pass it this turn
    second = state.sheets[1]
    assert second.bridge(roll.Column.YELLOW) is roll.BridgeMark.CLOSED
    state.apply("roll yellow yellow yellow 5 5 5")
    state.apply("take yellow 5")
    if state.sheets[1].is_accelerating():
        state.apply("accelerate none")
    assert second.has_passed(roll.Column.YELLOW)
    assert second.bridge(roll.Column.YELLOW) is roll.BridgeMark.CLOSED
    assert second.breakdown().bridges == 0
    assert first.breakdown().bridges == roll.data.BRIDGE_BONUS


def test_players_passing_a_bridge_in_the_same_turn_all_score() -> None:
    six = [1, 1, 1, 1, 1, 1]
    sheets = [make_sheet({Y: six}), make_sheet({Y: six}), make_sheet({Y: six})]
    state = scenario(sheets, roll_text="roll yellow yellow red 1 2 3")
    state.apply("take yellow 2")
    while state.sheets[state.current_player].is_accelerating():
        state.apply("accelerate none")
    state.apply("take yellow 3")
    while state.current_player == 1 and state.sheets[1].is_accelerating():
        state.apply("accelerate none")
    state.apply("refuse")
    marks = [s.bridge(roll.Column.YELLOW) for s in state.sheets]
    assert marks == [roll.BridgeMark.SCORED, roll.BridgeMark.SCORED, roll.BridgeMark.CLOSED]


def test_bridge_passed_by_acceleration_in_the_same_turn_scores_too() -> None:
    sheet0, _ = sheet_before_arrow(R, 2)
    for _ in range(6):
        sheet0.fast_write(Y.index, 1)
        sheet0.accelerating = False
    sheet1 = make_sheet({Y: [1] * 6})
    state = scenario([sheet0, sheet1], roll_text="roll red yellow green 2 4 6")
    state.apply("take red 2")
    state.apply("accelerate yellow")  # box 7 of yellow by acceleration
    while state.sheets[0].is_accelerating():
        state.apply("accelerate none")
    state.apply("take yellow 4")
    while state.current_player == 1:
        state.apply("accelerate none")
    assert [s.bridge(roll.Column.YELLOW) for s in state.sheets] == [roll.BridgeMark.SCORED] * 2


def test_artefact_and_dice_bridges() -> None:
    sheet = make_sheet(dice=6)
    sheet.refuse()
    assert sheet.bridge(roll.Column.DICE) is roll.BridgeMark.SCORED
    sheet.refuse()
    sheet.refuse()
    assert sheet.is_exhausted()
    assert sheet.breakdown().bridges == 20 and sheet.breakdown().dice == 0, "the dice bridge still counts"
    sheet = make_sheet({c: [1] * 9 for c in roll.COLOURS[:3]})
    assert sheet.artefacts >= 6
    fresh = roll.Sheet()
    for _ in range(6):
        fresh.fast_artefact()
    assert fresh.bridge(roll.Column.ARTEFACTS) is roll.BridgeMark.OPEN
    fresh.fast_artefact()
    assert fresh.bridge(roll.Column.ARTEFACTS) is roll.BridgeMark.SCORED


# -- the end --------------------------------------------------------------------------------------


def test_game_ends_at_the_end_of_the_turn_when_all_are_exhausted() -> None:
    state = scenario([make_sheet(dice=8), make_sheet(dice=9)], roll_text="roll red green blue 1 2 3")
    state.apply("refuse")
    assert state.sheets[0].is_exhausted() and state.current_player == 1, "the turn is finished first"
    state.apply("take red 1")
    assert state.is_terminal() and state.phase is roll.Phase.OVER
    with pytest.raises(errors.GameOverError):
        state.apply("refuse")


def test_game_goes_on_while_someone_is_not_exhausted() -> None:
    state = scenario([make_sheet(dice=8), make_sheet(dice=2)], roll_text="roll red green blue 1 2 3")
    state.apply("refuse")
    state.apply("refuse")
    assert state.current_player == api.CHANCE


def test_game_ends_when_all_eight_bridges_are_passed() -> None:
    seven = [1] * 7
    # player 1 passed red..green and the dice bridge, player 2 blue, purple, artefacts
    p1 = make_sheet({R: seven, O: seven, Y: seven, G: seven}, dice=7)
    p2 = make_sheet({B: seven, P: [1] * 6})
    state = roll.Game(players=2).new_state()
    state._sheets = [p1, p2]  # a hand-made position
    for i in (4, 5, 6):
        p1.bridges[i] = roll.BridgeMark.OPEN if not p1.has_passed(roll.COLUMNS[i]) else p1.bridges[i]
    state._end_turn()  # settle the bridges of this hand-made position
    assert not state.is_terminal()
    state.apply("roll purple purple purple 1 1 1")
    state.apply("refuse")
    assert not state.is_terminal()
    state.apply("take purple 1")
    while state.current_player == 1:
        state.apply("accelerate none")
    open_left = [c for c in roll.COLUMNS if not any(s.bridge(c) is roll.BridgeMark.SCORED for s in state.sheets)]
    if open_left:  # the reconstructed artefact boxes may leave the artefact bridge open
        assert not state.is_terminal()
    else:
        assert state.is_terminal()


def test_game_ends_when_the_last_bridge_falls() -> None:
    seven = [1] * 7
    p1 = make_sheet({R: seven, O: seven, Y: seven, G: seven, B: seven}, dice=7)
    for _ in range(7 - p1.artefacts):
        p1.fast_artefact()
    p2 = make_sheet({P: [1] * 6})
    state = scenario([p1, p2], roll_text="roll purple red red 1 1 1")
    assert not state.is_terminal()
    state.apply("refuse")
    state.apply("take purple 1")
    while not state.is_terminal() and state.current_player == 1:
        state.apply("accelerate none")
    assert state.is_terminal()
    assert state.sheets[1].bridge(roll.Column.PURPLE) is roll.BridgeMark.SCORED


def test_scores_breakdown_and_ties() -> None:
    sheet = make_sheet({R: [1, 2, 3, 4], B: [5]}, circles=[G], dice=3)
    parts = sheet.breakdown()
    assert parts.expeditions == (10, 0, 0, -100, -40, 0)
    assert parts.dice == roll.data.DICE_SCORES[3]
    assert parts.artefacts == roll.data.ARTEFACT_SCORES[sheet.artefacts]
    assert parts.total == sum(parts.expeditions) + parts.artefacts + parts.dice + parts.bridges == sheet.score()
    data = parts.to_dict()
    assert data["red"] == 10 and data["green"] == -100 and data["total"] == sheet.score()
    state = scenario([make_sheet(), make_sheet(), make_sheet({R: [1]})])
    assert state.winners() == [0, 1]
    assert roll.breakdown(sheet) == parts


# -- companion mode --------------------------------------------------------------------------------


def test_companion_sheet_without_dice() -> None:
    sheet = roll.Sheet()
    assert sheet.targets(R, 0) == [BOX, CIRCLE]
    sheet.mark(R, 0, CIRCLE)
    sheet.mark(R, 2)
    with pytest.raises(errors.IllegalActionError, match="numbers must not decrease"):
        sheet.mark(R, 1)
    assert sheet.expedition(R) == (2,)
    sheet.refuse()
    sheet.mark_bridge_taken_by_others(roll.Column.GREEN)
    assert sheet.bridge(roll.Column.GREEN) is roll.BridgeMark.CLOSED
    assert roll.Column.GREEN not in sheet.open_bridges()
    # a bridge passed by the player in the same turn stays scored
    for _ in range(7):
        sheet.mark(B, 5)
        while sheet.is_accelerating():
            sheet.accelerate(None)
    assert sheet.bridge(roll.Column.BLUE) is roll.BridgeMark.SCORED
    sheet.mark_bridge_taken_by_others(roll.Column.BLUE)
    assert sheet.bridge(roll.Column.BLUE) is roll.BridgeMark.SCORED
    assert roll.Sheet.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet
    with pytest.raises(errors.IllegalActionError):
        sheet.accelerate(R)


# -- views and simultaneous choices ------------------------------------------------------------------


def test_simultaneous_choices_are_hidden_until_all_have_chosen() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("take red 1")
    state.apply("take green 2")  # player 2 chose: hidden from players 1 and 3
    assert state.sheets[1].expedition(G) == (2,)
    for viewer in (0, 2):
        view = state.view(viewer)
        assert view.sheets[1].expedition(G) == () and 1 in view.hidden
        assert "2" not in json.dumps(view.to_dict()["sheets"][1]["expeditions"]["green"]["numbers"])
    assert state.view(1).sheets[1].expedition(G) == (2,)
    assert state.view(0).sheets[0].expedition(R) == (1,), "the active player's choice is public"
    state.apply("take blue 3")
    for viewer in range(3):
        assert state.view(viewer).sheets[1].expedition(G) == (2,)


def test_in_sequence_choices_are_public() -> None:
    state = roll.Game(players=3, in_sequence=True).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("take red 1")
    state.apply("take green 2")
    assert state.view(2).sheets[1].expedition(G) == (2,) and state.view(2).hidden == ()


def test_a_pending_acceleration_is_hidden_too() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    state = scenario([make_sheet(), sheet], roll_text="roll red green blue 2 3 4")
    state.apply("take green 3")
    state.apply("take red 2")
    assert state.current_player == 1 and state.sheets[1].is_accelerating()
    view = state.view(0)
    assert not view.sheets[1].is_accelerating() and view.sheets[1] == sheet
    sample = view.determinize(random.Random(1))
    assert sample.current_player == 1 and not sample.sheets[1].is_accelerating()
    assert sample.view(0) == view


def test_determinize_resamples_hidden_choices_consistently() -> None:
    state = roll.Game(players=4).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("take red 1")
    state.apply("take green 2")
    state.apply("take blue 3")
    view = state.view(3)
    seen = set()
    for seed in range(40):
        sample = view.determinize(random.Random(seed))
        assert sample.current_player == 3
        assert sample.view(3) == view
        for p in (1, 2):
            sheet = sample.sheets[p]
            marks = sum(len(sheet.expedition(c)) + sheet.is_circled(c) for c in roll.COLOURS) + sheet.dice
            assert marks >= 1 and sheet.expedition(R) in ((), (1,))
            seen.add((p, json.dumps(sample.sheets[p].to_dict(), sort_keys=True)))
        sample.apply(random.Random(seed).choice(sample.legal_actions()))
    assert len(seen) > 4, "hidden choices are resampled"


def test_view_legal_actions_only_for_the_player_to_act() -> None:
    state = roll.Game(players=2).new_state()
    state.apply("roll red green blue 1 2 3")
    assert state.view(1).legal_actions() == []
    assert [a.notation() for a in state.view(0).legal_actions()] == notations(state)
    with pytest.raises(errors.GameError):
        state.view(2)


# -- saves -----------------------------------------------------------------------------------------


def midgame(seed: int = 3, players: int = 3, actions: int = 40) -> roll.State:
    rng = random.Random(seed)
    state = roll.Game(players=players).new_state()
    for _ in range(actions):
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    return state


def test_saves_round_trip() -> None:
    for actions in range(0, 60, 7):
        state = midgame(actions=actions)
        data = json.loads(json.dumps(state.to_dict()))
        restored = api.state_from_dict(data)
        assert restored == state and restored.history == state.history
        again = state.game.state_from_snapshot(json.loads(json.dumps(state.snapshot())))
        assert again == state and again.legal_actions() == state.legal_actions()
        assert state.record().replay() == state


def corrupt(snapshot: dict[str, typing.Any], path: tuple[typing.Any, ...], value: typing.Any) -> dict[str, typing.Any]:
    data: dict[str, typing.Any] = json.loads(json.dumps(snapshot))
    target: typing.Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def test_corrupted_snapshots_are_refused() -> None:
    state = scenario([make_sheet({R: [1, 2, 3, 4]}, dice=2), make_sheet({B: [5, 5]})],
                     roll_text="roll red green blue 4 5 6")
    state.apply("take red 4")
    snap = state.snapshot()
    sheet = ("sheets", 0)
    bad_cases = [
        ((*sheet, "expeditions", "red", "numbers"), [1, 3, 2]),
        ((*sheet, "expeditions", "red", "numbers"), [0]),
        ((*sheet, "expeditions", "red", "numbers"), [11]),
        ((*sheet, "expeditions", "red", "numbers"), [1] * 10),
        ((*sheet, "expeditions", "red", "numbers"), "1234"),
        ((*sheet, "expeditions", "red", "top"), True),
        ((*sheet, "expeditions", "red", "circle"), 1),
        ((*sheet, "expeditions", "pink"), {}),
        ((*sheet, "artefacts"), 5),
        ((*sheet, "artefacts"), 10),
        ((*sheet, "dice"), 10),
        ((*sheet, "dice"), -1),
        ((*sheet, "bridges", "red"), "scored"),
        ((*sheet, "bridges", "red"), "maybe"),
        ((*sheet, "accelerating"), True),
        (("sheets", 1, "accelerating"), True),
        (("phase",), "roll"),
        (("phase",), "over"),
        (("phase",), "dancing"),
        (("actor",), 0),
        (("actor",), 5),
        (("turn",), -1),
        (("turn",), 1),
        (("roll",), None),
        (("roll", "colours"), ["green", "red", "blue"]),
        (("roll", "numbers"), [4, 5, 66]),
        (("taken",), ["purple", 4]),
        (("taken",), ["red", 9]),
        (("taken",), [[1], 4]),
        (("before",), [None, None]),
        (("before", 0), None),
        (("before", 1), snap["sheets"][1]),
        (("sheets",), snap["sheets"][:1]),
    ]
    for path, value in bad_cases:
        with pytest.raises(errors.InvalidStateError):
            state.game.state_from_snapshot(corrupt(snap, path, value))
    # an extra or missing key
    with pytest.raises(errors.InvalidStateError):
        state.game.state_from_snapshot({**snap, "extra": 1})
    with pytest.raises(errors.InvalidStateError):
        state.game.state_from_snapshot({k: v for k, v in snap.items() if k != "turn"})
    assert state.game.state_from_snapshot(snap) == state


def test_inconsistent_bridges_between_sheets_are_refused() -> None:
    seven = [1] * 7
    first = make_sheet({R: seven})
    second = make_sheet()
    snap: dict[str, typing.Any] = {"turn": 0, "phase": "roll", "actor": 0, "roll": None, "taken": None,
            "sheets": [first.to_dict(), second.to_dict()], "before": [None, None]}
    with pytest.raises(errors.InvalidStateError, match="still open"):
        roll.Game().state_from_snapshot(snap)
    second.mark_bridge_taken_by_others(roll.Column.RED)
    snap["sheets"][1] = second.to_dict()
    assert roll.Game().state_from_snapshot(snap).sheets[1] == second


def test_a_finished_game_must_be_marked_over() -> None:
    snap: dict[str, typing.Any] = {"turn": 3, "phase": "roll", "actor": 1, "roll": None, "taken": None,
            "sheets": [make_sheet(dice=9).to_dict(), make_sheet(dice=9).to_dict()], "before": [None, None]}
    with pytest.raises(errors.InvalidStateError, match="over"):
        roll.Game().state_from_snapshot(snap)
    snap["phase"] = "over"
    assert roll.Game().state_from_snapshot(snap).is_terminal()


# -- properties over many random games -------------------------------------------------------------------


def check_sheet(sheet: roll.Sheet) -> None:
    assert roll.Sheet.from_dict(sheet.to_dict()) == sheet  # every invariant of from_dict
    for numbers in sheet.boxes:
        assert list(numbers) == sorted(numbers) and len(numbers) <= 9
    parts = sheet.breakdown()
    assert parts.total == sheet.score() == sum(parts.expeditions) + parts.artefacts + parts.dice + parts.bridges


@pytest.mark.long
def test_properties_over_thousands_of_random_games() -> None:
    games = 0
    lengths = []
    for seed in range(2000):
        rng = random.Random(seed)
        game = roll.Game(players=rng.choice([1, 2, 2, 3, 4, 5]), in_sequence=rng.random() < 0.3)
        state = game.new_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                if seed % 20 == 0:
                    for sheet in state.sheets:
                        check_sheet(sheet)
                continue
            legal = state.legal_actions()
            # prefer taking to refusing so that games get far
            takes = [a for a in legal if not isinstance(a, roll.Refuse)]
            state.apply(rng.choice(takes) if takes and rng.random() < 0.9 else rng.choice(legal))
            steps += 1
            assert steps < 5000
        games += 1
        lengths.append(state.turn)
        for sheet in state.sheets:
            check_sheet(sheet)
            assert not sheet.is_accelerating()
        # the end condition holds and bridges are settled
        everyone_out = all(s.is_exhausted() for s in state.sheets)
        all_bridges = all(any(s.bridges[i] is roll.BridgeMark.SCORED for s in state.sheets) for i in range(8))
        assert everyone_out or all_bridges
        for i in range(8):
            if any(s.bridges[i] is roll.BridgeMark.SCORED for s in state.sheets):
                assert all(s.bridges[i] is not roll.BridgeMark.OPEN for s in state.sheets)
        assert state.scores() == [b.total for b in state.breakdowns()]
    assert games == 2000 and min(lengths) > 5


# -- events ---------------------------------------------------------------------------------------


def test_the_roll_event_tells_the_dice() -> None:
    state = roll.Game(players=2).new_state()
    event = state.apply("roll purple red red 9 0 4")
    assert event.player == api.CHANCE and event.kind == "roll" and event.action == "roll red red purple 0 4 9"
    assert event.details == {"turn": 1, "active": 0, "colours": ["red", "red", "purple"], "numbers": [0, 4, 9]}
    assert event.describe(["Ann", "Bob"]) == "Turn 1: Ann rolled red, red and purple with 0, 4 and 9."


def test_a_take_event_tells_the_box_written_and_an_arrow() -> None:
    sheet, arrow = sheet_before_arrow(R, 2)
    state = scenario([sheet, make_sheet()], roll_text="roll red yellow purple 3 5 8")
    event = state.apply("take red 3")
    assert event.kind == "take" and event.player == 0 and event.action == "take red 3"
    assert event.details["colour"] == "red" and event.details["number"] == 3 and event.details["target"] == "box"
    assert event.details["box"] == arrow and event.details["value"] == 3 and event.details["arrow"] is True
    assert not event.details["circle"] and not event.details["top"]
    assert f"wrote 3 in box {arrow} of the red expedition" in event.text
    assert event.text.endswith(". {p0} may accelerate an expedition, thanks to the box's arrow.")
    event = state.apply("accelerate none")
    assert event.kind == "accelerate" and event.details["colour"] is None and event.details["box"] is None
    assert event.text == "{p0} let the acceleration go."


def test_a_take_event_tells_an_artefact_a_circle_and_a_top_artefact() -> None:
    box = artefact_boxes(B)[0]
    state = scenario([make_sheet({B: [2] * (box - 1)}), make_sheet()], roll_text="roll blue red red 0 2 5")
    event = state.apply("take blue 2")
    assert event.details["box"] == box and event.details["artefacts"] == 1
    assert "The box holds an artefact." in event.text
    while state.sheets[0].is_accelerating():
        state.apply("accelerate none")
    event = state.apply("take red 0 circle")
    assert event.details["circle"] is True and event.details["box"] is None and event.details["value"] is None
    assert "marked the double circle of the red expedition" in event.text
    state = scenario([make_sheet({G: [1] * 9}), make_sheet()], roll_text="roll green red red 0 2 5")
    event = state.apply("take green 0 top")
    assert event.details["top"] is True and event.details["artefacts"] == 1
    assert event.text.startswith("{p0} took green and 0 and claimed the top artefact of the green expedition.")


def test_acceleration_chain_events_say_whether_the_chain_goes_on() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    state = scenario([sheet, make_sheet()], roll_text="roll red yellow purple 3 5 8")
    state.apply("take red 3")
    seen = []
    while state.sheets[0].is_accelerating():
        expedition = state.sheets[0].expedition(G)
        event = state.apply("accelerate green")
        assert event.kind == "accelerate" and event.details["colour"] == "green"
        assert event.details["box"] == len(expedition) + 1
        assert event.details["value"] == (expedition[-1] if expedition else 1)
        assert event.details["arrow"] is state.sheets[0].is_accelerating()
        seen.append(event.details["arrow"])
    assert seen and seen[-1] is False


def test_a_refuse_event_tells_the_dice_symbol_shaded() -> None:
    state = scenario([make_sheet(dice=8), make_sheet(dice=9)], roll_text="roll red green blue 1 2 3")
    event = state.apply("refuse")
    assert state.end_reason() is None
    assert event.kind == "refuse" and event.details == {"dice": 9, "shaded": True, "exhausted": True, "bridges": []}
    assert event.describe(["Ann"]) == (
        "Ann refused the dice and shaded dice symbol 9. All nine are shaded: Ann is exhausted.")
    assert event.describe(["You"]).endswith("All nine are shaded: You are exhausted.")
    event = state.apply("refuse")
    assert event.details["shaded"] is False and "already shaded" in event.text
    assert event.details["game_over"] == {"scores": state.scores(), "winners": state.winners(), "reason": "exhausted"}
    assert state.end_reason() == "exhausted"
    assert "The game is over (everybody is exhausted)" in event.text


def test_the_event_ending_a_turn_tells_the_bridges_passed_and_by_whom() -> None:
    six = [1, 1, 1, 1, 1, 1]
    sheets = [make_sheet({Y: six}), make_sheet({Y: six}), make_sheet({Y: six})]
    state = scenario(sheets, in_sequence=True, roll_text="roll yellow yellow red 1 2 3")
    event = state.apply("take yellow 2")
    assert event.details["bridges"] == ["yellow"] and "{p0} reached the yellow bridge." in event.text
    while state.sheets[state.current_player].is_accelerating():
        state.apply("accelerate none")
    state.apply("take yellow 3")
    while state.current_player == 1 and state.sheets[1].is_accelerating():
        state.apply("accelerate none")
    event = state.apply("refuse")
    assert event.details["turn_end"] == {"turn": 1, "bridges": [{"column": "yellow", "players": [0, 1]}]}
    assert "{p0} and {p1} passed the yellow bridge (20 points each); it is crossed out for everyone else." in event.text
    assert "game_over" not in event.details


def test_simultaneous_choices_stay_out_of_the_events_until_revealed() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green green 3 0 9")
    assert state.apply("take green 3").kind == "take"  # the active player's choice is public
    event = state.apply("take red 9")
    assert event.player == 1 and event.kind == "choose" and event.action == "" and event.details == {}
    assert event.text == "{p1} made a choice."
    assert event.secret["action"] == "take red 9" and event.secret["kind"] == "take"
    assert event.secret["details"]["box"] == 1
    for viewer in (0, 2):
        shown = json.dumps(event.for_viewer(viewer).to_dict())
        assert "red" not in shown and "9" not in shown.replace('"player": 1', "")
    assert event.for_viewer(1) == event
    event = state.apply("refuse")
    assert event.kind == "refuse" and event.action == "refuse"
    assert event.details["revealed"] == [
        {"player": 1, "actions": ["take red 9"],
         "text": "{p1} took red and 9 and wrote 9 in box 1 of the red expedition."},
        {"player": 2, "actions": ["refuse"], "text": "{p2} refused the dice and shaded dice symbol 1."},
    ]
    assert event.text.startswith("Everybody has chosen. {p1} took red and 9")


def test_in_sequence_choices_are_public_events() -> None:
    state = roll.Game(players=3, in_sequence=True).new_state()
    state.apply("roll red green green 3 0 9")
    state.apply("take green 3")
    event = state.apply("take red 9")
    assert event.kind == "take" and event.action == "take red 9" and event.secret == {}


# -- hostile input (issue 9, item 4) ------------------------------------------------------------


@pytest.mark.parametrize("text", ["take red ³", "take red ²", "take red ٣", "roll red red red 1 2 ٣",
                                  "take red \uff11", "take red 5 ᵗᵒᵖ", "accelerate ʀed"])
def test_only_ascii_digits_are_numbers(text: str) -> None:
    state = roll.Game(players=2).new_state()
    state.apply("roll red green green 3 0 9")
    before = state.to_dict()
    assert not state.is_legal(text)
    with pytest.raises(errors.MalformedActionError, match="is not"):
        state.apply(text)
    assert state.to_dict() == before
    save = {**before, "history": [*before["history"], text]}
    with pytest.raises(errors.InvalidStateError, match="cannot be replayed"):
        api.state_from_dict(save)


def forged(cls: type, **fields: object) -> object:
    """An action built around its constructor, as hostile code could."""
    action: object = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_forged_action_objects_are_refused_by_check_and_change_nothing() -> None:
    complete = make_sheet({R: [1] * 9})
    state = scenario([complete, make_sheet()], roll_text="roll red green green 3 0 9")
    before = state.to_dict()
    for action in (forged(roll.Take, colour=R, number=9, target="top"), forged(roll.Take, colour="red", number=9),
                   forged(roll.Take, colour=R, number="9", target=TOP), forged(roll.Take, colour=R, number=True),
                   forged(roll.Take), forged(roll.Accelerate, colour="red"), forged(roll.Accelerate),
                   forged(roll.Roll, colours=(R, R, R), numbers=(9, 1, 2))):
        assert not state.is_legal(action)  # type: ignore[arg-type]
        with pytest.raises(errors.MalformedActionError):
            state.apply(action)  # type: ignore[arg-type]
        assert state.to_dict() == before
    assert state.is_legal(roll.Take(R, 9, TOP))
    with pytest.raises(errors.MalformedActionError, match="not a target"):
        roll.Take(R, 9, "top")  # type: ignore[arg-type]


def test_the_fast_choice_for_play_outs_matches_apply() -> None:
    rng = random.Random(12)
    for _ in range(30):
        state = roll.Game(players=3).new_game(rng)
        fast = state.clone()
        option = rng.choice([(a.colour.index, a.number, a.target) for a in state.legal_actions()
                             if isinstance(a, roll.Take)] + [None])
        state.apply(roll.REFUSE if option is None else roll.Take(roll.COLOURS[option[0]], option[1], option[2]))
        fast.fast_choose(option)
        while state.sheets[0].is_accelerating():
            state.apply("accelerate none")
            fast.sheets[0].fast_accelerate(-1)
        fast.fast_next()
        assert fast.sheets == state.sheets and fast.pool() == state.pool() and fast.taken == state.taken
