"""The board game's tutorials: their positions, their spot names and the rules they teach.

The generic replay of every tutorial is in ``test_tutorial.py``; here what is
particular to the board game: ``Game.tutorial_position``, the ``data-spot``
names of the board's renderers, and that each lesson's texts agree with the
rules core (the moves it warns about are refused with the core's reason, the
points it asks about are the core's).
"""

from __future__ import annotations

import random
import re
import typing

import pytest

import board_screen
import embed_screen
import memory_host
from lostcities import board, errors
from lostcities.ui import board as bhtml
from lostcities.ui import embed, tutorial


def lesson(ident: str, step: int = 0) -> tutorial.Lesson:
    return tutorial.Lesson(tutorial.get(ident), step=step)


def spots(html: str) -> set[str]:
    return set(re.findall(r'data-spot="([^"]+)"', html))


def state_of(lesson: tutorial.Lesson) -> board.State:
    """The lesson's position, as the board game's own state."""
    return typing.cast(board.State, lesson.state)


# -- tutorial_position ---------------------------------------------------------------------------------


def test_tutorial_position_keeps_what_is_named_and_deals_the_rest() -> None:
    game = board.Game(rounds=1)
    state = game.tutorial_position({
        "hands": [["G1", "G3"], ["R2"]],
        "columns": [{"blue": ["B1", "B2", "B3"]}, {}],
        "pieces": [{"blue": {"kind": "researcher", "stone": 4}}, {}],
        "tiles": {"blue-5": "arrow", "green-3": None},
        "found": [1, 0],
        "top": ["Y7", "W0"],
        "player": 1,
    }, random.Random(7))
    assert {"G1", "G3"} <= {c.id for c in state.hand(0)} and "R2" in {c.id for c in state.hand(1)}
    assert [len(state.hand(p)) for p in range(2)] == [8, 8]
    assert state.piece(0, board.Colour.BLUE) == (board.Kind.RESEARCHER, 4)
    assert state.tile(board.Colour.BLUE, 5) == board.Tile(board.TileKind.ARROW)
    assert state.tile(board.Colour.GREEN, 3) is None
    assert state.current_player == 1 and state.step is board.Step.PLAY
    snap = state.snapshot()
    assert snap["draw_pile"][:2] == ["Y7", "W0"] and len(snap["removed"]) == 30
    assert snap["found"] == [1, 0]
    assert game.state_from_snapshot(snap) == state  # a position like any other


def test_tutorial_position_is_deterministic_for_a_seed() -> None:
    game = board.Game(rounds=1)
    first = game.tutorial_position({"hands": [["Y2"]]}, random.Random("x"))
    again = game.tutorial_position({"hands": [["Y2"]]}, random.Random("x"))
    assert first == again


@pytest.mark.parametrize("partial, words", [
    ({"tiles": {"blue-4": "arrow"}}, "blue stone 4 has no tile space"),
    ({"tiles": {f"{c}-9": "arrow" for c in ("yellow", "blue", "white", "green", "red")}
      | {"yellow-2": "arrow", "yellow-4": "arrow", "yellow-6": "arrow", "yellow-8": "arrow", "blue-3": "arrow"}},
     "no 'arrow' left"),
    ({"hands": [["Y2", "Y2", "Y2"]]}, "Y2 is named more than twice"),
    ({"columns": [{"blue": ["B5", "B3"]}, {}]}, "blue column is illegal"),
    ({"tiles": {"green-3": None}}, "1 artifact spaces are empty but 0 artifacts were found"),
    ({"colour": "red"}, "unknown entry 'colour'"),
    ({"player": 2}, "player must be a seat from 0 to 1"),
])
def test_tutorial_position_refuses_what_is_no_position(partial: dict[str, object], words: str) -> None:
    with pytest.raises(errors.InvalidStateError, match=re.escape(words)):
        board.Game(rounds=1).tutorial_position(partial, random.Random(1))


# -- spot names --------------------------------------------------------------------------------------


def test_the_board_names_its_parts() -> None:
    state = state_of(lesson("board-event-tiles", step=2))  # an arrow is waiting for its move
    assert state.step is board.Step.MOVE
    view = state.view(0)
    names = ("You", "Computer")
    found = spots(bhtml.board_html(view, names=names, interactive=True) + bhtml.players(view, names, ["", ""])
                  + bhtml.choices(view, selected=None, choosing=""))
    assert {f"stone:{c.letter}:{n}" for c in board.COLOURS for n in range(1, 10)} <= found
    assert {f"path:{c.letter}" for c in board.COLOURS} <= found
    assert {"tile:Y:4", "tile:G:4", "tile:G:5", "piece:0:Y", "piece:0:G", "piece:1:B", "column:0:Y",
            "column:1:B", "bridge:W", "bridge:count", "deck", "camp:0", "researcher:0", "adventurer:0:2",
            "artifact:0", "score:1", "pick:Y", "pick:G", "pick:none"} <= found
    assert "adventurer:0:3" not in found  # two adventurers are on paths
    panel = bhtml.player_panel(state_of(lesson("board-round-end")).view(0), 0, "You")
    assert f'data-spot="artifact:0" title="artifacts">{bhtml.ARTIFACT} 2</span>' in panel
    for name in found:
        assert tutorial.spot_problem(name) is None, name


def test_the_start_choice_and_the_artifact_track_are_named() -> None:
    state = state_of(lesson("board-lowest-card", step=1))
    view = state.view(0)
    assert {"pick:adventurer", "pick:researcher"} <= spots(bhtml.choices(view, selected="Y2", choosing="start"))
    over = lesson("board-round-end", step=4)
    over.attempt("advance W7")
    assert over.state.is_terminal()
    found = spots(bhtml.results(state_of(over).view(0), ("You", "Computer")))
    assert {"track:artifacts", "track:0", "track:5"} <= found


# -- what the lessons teach ------------------------------------------------------------------------------


def test_only_the_lowest_card_begins_an_expedition() -> None:
    taken = lesson("board-lowest-card", step=1)
    before = taken.state.snapshot()
    with pytest.raises(errors.IllegalActionError, match=re.escape("lowest yellow card (yellow 2)")):
        taken.attempt("start Y5 adventurer")
    assert taken.state.snapshot() == before
    assert taken.attempt("start Y2 researcher").outcome is tutorial.Outcome.FAILURE  # legal, not this lesson's
    assert taken.attempt("start Y2 adventurer").outcome is tutorial.Outcome.SUCCESS
    assert state_of(taken).piece(0, board.Colour.YELLOW) == (board.Kind.ADVENTURER, 1)


def test_an_equal_card_follows_and_its_tile_pays_at_once() -> None:
    taken = lesson("board-lowest-card", step=3)
    assert taken.attempt("advance Y2").outcome is tutorial.Outcome.SUCCESS
    assert state_of(taken).scores()[0] == 5
    assert state_of(taken).piece(0, board.Colour.YELLOW) == (board.Kind.ADVENTURER, 2)


def test_the_researcher_scores_double() -> None:
    taken = lesson("board-researcher", step=3)  # the question: the researcher on green stone 1
    assert state_of(taken).piece(0, board.Colour.GREEN) == (board.Kind.RESEARCHER, 1)
    assert state_of(taken).breakdown(0).net == -40
    assert taken.step.options[taken.step.answer] == "\u221240"


def test_arrows_chain_to_the_artifact() -> None:
    taken = lesson("board-event-tiles", step=1)
    taken.attempt("advance Y5")
    assert state_of(taken).move_reason is board.MoveReason.ARROW
    taken.next()
    taken.attempt("move G")
    assert state_of(taken).step is board.Step.MOVE  # the second arrow asks again
    taken.next()
    taken.attempt("move G")
    assert state_of(taken).snapshot()["found"] == [1, 0] and state_of(taken).tile(board.Colour.GREEN, 5) is None
    assert state_of(taken).tile(board.Colour.YELLOW, 4) == board.Tile(board.TileKind.ARROW)  # arrows stay


def test_the_piece_on_the_lost_city_moves_no_further() -> None:
    taken = lesson("board-lost-city", step=4)
    assert state_of(taken).move_reason is board.MoveReason.LOST_CITY
    assert state_of(taken).piece(0, board.Colour.RED) == (board.Kind.ADVENTURER, 9)
    with pytest.raises(errors.IllegalActionError, match="reached the lost city and moves no further"):
        taken.attempt("move R")
    assert taken.attempt("move B").outcome is tutorial.Outcome.SUCCESS
    assert state_of(taken).piece(0, board.Colour.BLUE) == (board.Kind.ADVENTURER, 4)


def test_the_fifth_piece_across_ends_the_round_without_its_tile() -> None:
    taken = lesson("board-round-end", step=1)
    assert state_of(taken).bridges_crossed == 4
    assert taken.step.options[taken.step.answer] == str(state_of(taken).breakdown(0).net)  # the question's sum
    taken = lesson("board-round-end", step=4)
    taken.attempt("advance W7")
    state = state_of(taken)
    assert state.is_terminal() and state.bridges_crossed == 5
    assert state.results[0].players[0].artifacts == 2  # the artifact tile on white 7 was not taken
    assert state.tile(board.Colour.WHITE, 7) == board.Tile(board.TileKind.ARTIFACT)
    assert taken.succeeded and taken.done


# -- through the embedded screen, as a reader clicks ------------------------------------------------------


def mount(ident: str, step: int) -> tuple[embed_screen.EmbeddedScreen, memory_host.MemoryHost, list[dict[str, object]]]:
    config = embed.Config.from_query({"tut": ident, "step": str(step)})
    host = memory_host.MemoryHost(storage={}, seed=config.seed)
    sent: list[dict[str, object]] = []
    scr = embed_screen.EmbeddedScreen(board_screen.BoardAdapter(), host, config, sent.append)
    scr.mount()
    host.run()
    return scr, host, sent


def test_a_reader_begins_with_the_lowest_card_by_clicking() -> None:
    scr, host, sent = mount("board-lowest-card", 2)
    root = host.root
    assert root is not None and scr.lesson is not None
    root.click(target="hand", card="Y5")
    root.click(target="path", colour="Y")
    assert "lowest yellow card" in scr.error and state_of(scr.lesson).piece(0, board.Colour.YELLOW) is None
    assert any(m["type"] == "illegal" for m in sent)
    root.click(target="hand", card="Y2")
    root.click(target="path", colour="Y")
    assert {"pick:adventurer", "pick:researcher"} <= spots(root.html())  # which piece leaves the camp?
    root.click(action="piece", kind="adventurer")
    host.run()
    assert scr.lesson.succeeded and state_of(scr.lesson).piece(0, board.Colour.YELLOW) == (board.Kind.ADVENTURER, 1)


def test_a_reader_is_told_why_the_lost_city_piece_stays() -> None:
    scr, host, _ = mount("board-lost-city", 5)
    root = host.root
    assert root is not None and scr.lesson is not None
    root.click(target="path", colour="R")
    assert "reached the lost city" in scr.error and not scr.lesson.succeeded
    root.click(action="move", colour="B")
    host.run()
    assert scr.lesson.succeeded and scr.lesson.state.piece(0, board.Colour.BLUE) == (board.Kind.ADVENTURER, 4)


def test_the_last_lesson_ends_with_the_score_table() -> None:
    scr, host, sent = mount("board-round-end", 5)
    root = host.root
    assert root is not None and scr.lesson is not None
    root.click(target="hand", card="W7")
    root.click(target="path", colour="W")
    host.run()
    assert scr.lesson.done and scr.lesson.state.is_terminal()
    assert 'data-spot="track:artifacts"' in root.html() and "You win!" in root.html()
    assert any(m["type"] == "completed" for m in sent)
