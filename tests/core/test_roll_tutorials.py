"""Roll & Write's tutorials: the partial positions they start from, the spot names
of the table, and the rules their steps teach (test_tutorial.py replays them all)."""

from __future__ import annotations

import html.parser
import random
import typing

import pytest

from lostcities import errors, roll
from lostcities.ui import roll as roll_html
from lostcities.ui import tutorial

RED, GREEN, BLUE = roll.Colour.RED, roll.Colour.GREEN, roll.Colour.BLUE


class Spots(html.parser.HTMLParser):
    """Every element's attributes by its ``data-spot`` name."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.by_spot: dict[str, dict[str, str | None]] = {}
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        spot = found.get("data-spot")
        if spot is not None:
            assert spot not in self.by_spot, f"{spot} names two elements"
            self.by_spot[spot] = {"tag": tag, **found}


def lesson_at(ident: str, step: int) -> tutorial.Lesson:
    return tutorial.Lesson(tutorial.get(ident), step=step)


def state_of(lesson: tutorial.Lesson) -> roll.State:
    """The lesson's position, as the roll game's own state."""
    return typing.cast(roll.State, lesson.state)


# -- tutorial_position ---------------------------------------------------------------------------------


def test_a_partial_position_is_written_box_by_box() -> None:
    game = roll.Game(players=3)
    state = game.tutorial_position({"sheets": [{"blue": [2, 2, 3], "dice": 2}, {"blue": [1, 2, 3, 4, 5, 6, 7]}],
                                    "turn": 4}, random.Random(0))
    mine, other, third = state.sheets
    assert mine.expedition(BLUE) == (2, 2, 3) and mine.artefacts == 1 and mine.dice == 2
    assert not mine.is_accelerating()  # box 3 of blue is an arrow: let go
    assert other.artefacts == 2 and other.bridge(roll.Column.BLUE) is roll.BridgeMark.SCORED
    assert mine.bridge(roll.Column.BLUE) is third.bridge(roll.Column.BLUE) is roll.BridgeMark.CLOSED
    assert state.is_chance() and state.active == 1  # turn 4 of three players: seat 1 rolls


def test_circles_and_top_artefacts() -> None:
    nine = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    state = roll.Game(players=1).tutorial_position({"sheets": [{"green": [3], "circles": ["green"],
                                                                "red": nine, "tops": ["red"]}]}, random.Random(0))
    sheet = state.sheets[0]
    assert sheet.is_circled(GREEN) and sheet.has_top_artefact(RED)
    assert sheet.breakdown().expeditions[GREEN.index] == -80
    assert sheet.artefacts == 3  # red boxes 5 and 8, and the top artefact


@pytest.mark.parametrize("partial, words", [
    ({"sheets": [{"red": [5, 4]}]}, "red numbers must rise from 1 to 10"),
    ({"sheets": [{"red": [0]}]}, "red numbers must rise from 1 to 10"),
    ({"sheets": [{"pink": [1]}]}, "unknown entry 'pink'"),
    ({"sheets": [{}, {}, {}]}, "at most 2 sheets"),
    ({"sheets": [{"tops": ["red"]}]}, "red is not complete"),
    ({"sheets": [{"circles": "red"}]}, "circles must list colour names"),
    ({"sheets": [{"dice": 10}]}, "dice must be a count from 0 to 9"),
    ({"turn": -1}, "turn must be a count"),
    ({"hands": []}, "unknown entry 'hands'"),
])
def test_a_bad_partial_position_says_why(partial: dict[str, typing.Any], words: str) -> None:
    with pytest.raises(errors.InvalidStateError, match=words):
        roll.Game(players=2).tutorial_position(partial, random.Random(0))


# -- spot names ----------------------------------------------------------------------------------------


def test_the_sheet_names_its_elements() -> None:
    sheet = roll.Sheet()
    sheet.mark(RED, 2)
    spots = Spots(roll_html.sheet(sheet, name="You", player=0, interactive=True, targets={"box:red-2"})).by_spot
    assert spots["box:red:2"]["data-box"] == "red-2" and spots["box:red:2"]["data-target"] == "sheet"
    assert spots["box:purple:9"]["data-box"] == "purple-9"
    assert spots["circle:blue"]["data-circle"] == "blue"
    assert spots["artefact:green"]["data-top"] == "green"
    assert spots["artefact:9"]["data-artefact"] == "9" and spots["dice:1"]["data-dice"] == "1"
    assert spots["bridge:artefact"]["data-bridge"] == "artefact" and "bridge:purple" in spots
    assert spots["score:red"]["data-col"] == "red" and "score:bridges" in spots and "score:total" in spots
    assert spots["sheet:0"]["data-sheet"] == "0"
    assert "sheet" in Spots(roll_html.sheet(sheet)).by_spot


def test_the_dice_and_buttons_are_named() -> None:
    r = roll.Roll((RED, GREEN, GREEN), (0, 3, 9))
    spots = Spots(roll_html.dice_tray(r, interactive=True) + roll_html.refuse_button()
                  + roll_html.roll_button()).by_spot
    assert spots["die:colour:2"]["data-die"] == "colour-2" and spots["die:colour:2"]["data-face"] == "green"
    assert spots["die:number:0"]["data-face"] == "0"
    assert spots["refuse"]["data-action"] == "refuse" and spots["roll:button"]["data-action"] == "roll"
    assert "roll" in spots
    sheet = roll.Sheet()
    for number in (1, 2, 3):
        sheet.mark(BLUE, number)  # box 3 of blue: an arrow
    assert sheet.is_accelerating()
    panel = Spots(roll_html.acceleration_panel(sheet)).by_spot
    assert panel["accelerate:blue"]["data-accelerate"] == "blue"
    assert panel["accelerate:none"]["data-accelerate"] == "none" and "accelerate" in panel


def test_the_companion_pad_and_the_end_table_are_named() -> None:
    spots = Spots(roll_html.entry_pad(None, None) + roll_html.bridge_ticks(roll.Sheet())).by_spot
    assert spots["pick:red"]["data-pick-colour"] == "red" and spots["pick:0"]["data-pick-number"] == "0"
    assert spots["bridge:dice:tick"]["data-bridge"] == "dice"
    table = Spots(roll_html.end_table(["You", "Ann"], [roll.Sheet().breakdown()] * 2)).by_spot
    assert table["score:1:total"]["data-col"] == "total" and table["score:0:red"]["data-player"] == "0"


def test_every_spot_name_is_a_tutorial_name() -> None:
    sheet = roll.Sheet()
    for number in (1, 2, 3):
        sheet.mark(BLUE, number)
    page = (roll_html.sheet(sheet, player=1) + roll_html.dice_tray(roll.Roll((RED, RED, BLUE), (1, 2, 3)))
            + roll_html.acceleration_panel(sheet) + roll_html.entry_pad(None, None) + roll_html.refuse_button())
    for name in Spots(page).by_spot:
        assert tutorial.spot_problem(name) is None, name


# -- what the steps teach --------------------------------------------------------------------------------


def test_every_roll_tutorial_starts_on_rolled_dice() -> None:
    for tut in tutorial.tutorials("roll").values():
        lesson = tutorial.Lesson(tut)
        assert state_of(lesson).current_player == lesson.pov and state_of(lesson).roll is not None, tut.id


def test_every_step_opens_on_scripted_dice() -> None:
    """No step leaves the dice to chance: the scripted path never stops before a roll."""
    for tut in tutorial.tutorials("roll").values():
        state = tutorial.Lesson(tut).state
        for index, step in enumerate(tut.steps):
            assert not state.is_chance(), f"{tut.id}, step {index + 1} opens before a roll"
            for text in step.expected[:1] + step.replies:
                state.apply(text)


def test_the_dice_the_roller_took_are_refused() -> None:
    lesson = lesson_at("roll-choosing-dice", 2)
    assert state_of(lesson).taken == (BLUE, 1)
    with pytest.raises(errors.IllegalActionError, match="no 1 die is available"):
        lesson.attempt("take yellow 1")
    assert lesson.attempt("take blue 6").outcome is tutorial.Outcome.SUCCESS  # the second blue die


def test_a_falling_number_is_refused_with_the_rule() -> None:
    lesson = lesson_at("roll-rising-boxes", 1)
    with pytest.raises(errors.IllegalActionError, match="green already holds 4: numbers must not decrease"):
        lesson.attempt("take green 3")
    assert lesson.attempt("take green 0").outcome is tutorial.Outcome.FAILURE  # legal, but not the lesson
    assert state_of(lesson).sheets[0].expedition(GREEN) == (2, 4)  # a refused move is not played
    lesson.goto(3)
    assert lesson.attempt("take yellow 0 circle").outcome is tutorial.Outcome.SUCCESS
    assert state_of(lesson).sheets[0].is_circled(roll.Colour.YELLOW)


def test_refusing_leaves_all_six_dice_to_the_others() -> None:
    lesson = lesson_at("roll-refusing", 1)
    assert lesson.attempt("refuse").outcome is tutorial.Outcome.SUCCESS
    assert state_of(lesson).sheets[0].dice == 1
    assert state_of(lesson).pool() == ((RED, roll.Colour.ORANGE, roll.Colour.YELLOW), (0, 9, 9))
    assert lesson.play_reply() is not None  # the computer takes from all six


def test_an_acceleration_chain() -> None:
    lesson = lesson_at("roll-accelerations", 1)
    lesson.attempt("take blue 3")
    assert state_of(lesson).sheets[0].is_accelerating()
    assert lesson.next()
    lesson.attempt("accelerate orange")
    sheet = state_of(lesson).sheets[0]
    assert sheet.expedition(roll.Colour.ORANGE) == (1, 1) and sheet.is_accelerating()  # box 2: an arrow again
    assert lesson.next()
    assert lesson.attempt("accelerate purple").outcome is tutorial.Outcome.SUCCESS
    assert state_of(lesson).sheets[0].expedition(roll.Colour.PURPLE) == (1,)


def test_the_first_over_a_bridge_scores_it() -> None:
    lesson = lesson_at("roll-artefacts-bridges", 1)
    lesson.attempt("take red 7")
    while lesson.replies:
        lesson.play_reply()
    mine, other = state_of(lesson).sheets
    assert mine.bridge(roll.Column.RED) is roll.BridgeMark.SCORED
    assert other.bridge(roll.Column.RED) is roll.BridgeMark.CLOSED
    assert lesson.next()
    lesson.attempt("take red 8")
    assert state_of(lesson).sheets[0].artefacts == 2


def test_a_fourth_number_turns_an_expedition_positive() -> None:
    lesson = lesson_at("roll-scoring", 1)
    assert state_of(lesson).sheets[0].breakdown().expeditions[RED.index] == -20
    lesson.attempt("take red 9")
    assert state_of(lesson).sheets[0].breakdown().expeditions[RED.index] == 10
    assert state_of(lesson).sheets[0].breakdown().expeditions[GREEN.index] == -60  # the circle doubles
