"""The board game's HTML renderers (pure functions) under CPython."""

from __future__ import annotations

import random
import re

from lostcities import board
from lostcities.board import data
from lostcities.ui import board as bhtml
from lostcities.ui import html as lc_html
from tests.core import test_board  # its scenario builder

ADV, RES = board.Kind.ADVENTURER, board.Kind.RESEARCHER
NAMES = ("You", "Ann", "Ben")


def attr_values(html: str, name: str) -> list[str]:
    return re.findall(rf'{name}="([^"]*)"', html)


def test_every_stone_once_with_its_value_and_every_tile_on_its_space() -> None:
    state = board.Game(players=3).new_game(random.Random(2))
    view = state.view(0)
    html = bhtml.board_html(view, names=NAMES)
    stones = attr_values(html, "data-stone")
    assert len(stones) == len(set(stones)) == 45
    assert set(stones) == {f"{c.value}-{s}" for c in board.COLOURS for s in range(1, 10)}
    for colour, stone in board.SPACES:
        tile = state.tile(colour, stone)
        assert tile is not None
        found = re.search(rf'data-stone="{colour.value}-{stone}" data-value="(-?\d+)"[^>]*>(.*?)'
                          r'</span><span class="lcb-on', html)
        assert found is not None and int(found.group(1)) == data.STONE_VALUES[stone - 1]
        assert f'data-tile="{tile.id}"' in found.group(2)
    assert html.count('"lcb-bridge"') == 5 and html.count("lcb-city\"") == 5
    assert html.count('data-tile="artifact"') == data.ARTIFACT_TILES
    assert html.count('data-tile="arrow"') == data.ARROW_TILES


def test_pieces_in_their_owners_colour_the_researcher_marked_and_shared_stones_show_all() -> None:
    state = test_board.scenario(board.Game(players=3), pieces={0: {"G": (RES, 4)}, 1: {"G": (ADV, 4)},
                                                               2: {"G": (ADV, 4), "R": (ADV, 9)}},
                                columns={1: {"G": ["G1"]}, 2: {"G": ["G2"]}})
    html = bhtml.board_html(state.view(1), names=NAMES)
    stone = html.split('data-stone="green-4"')[1].split("data-stone=")[0]
    assert attr_values(stone, "data-piece") == ["0-researcher", "1-adventurer", "2-adventurer"]
    assert 'class="lcb-piece lcb-p0 lcb-researcher"' in stone and 'class="lcb-piece lcb-p1 lcb-adventurer"' in stone
    assert html.count("data-piece=") == 4 and 'data-owner="2" data-kind="adventurer" data-colour="R"' in html


def test_targets_of_a_selected_card_at_each_step() -> None:
    state = test_board.scenario(hands={0: ["G3", "G7", "B2", "B5"]}, pieces={0: {"B": (ADV, 1)}},
                                columns={0: {"B": ["B1"]}})
    view = state.view(0)
    assert bhtml.legal_targets(view, "G3") == bhtml.Targets(start=frozenset("G"), discard=frozenset("G"))
    assert bhtml.legal_targets(view, "G7") == bhtml.Targets(discard=frozenset("G"))
    assert bhtml.legal_targets(view, "B5").advance == frozenset("B")
    assert bhtml.legal_targets(state.view(1), "G3") == bhtml.Targets()  # not their turn
    html = bhtml.board_html(view, names=NAMES[:2], selected="G3", interactive=True)
    assert 'data-target="path" data-colour="G" data-kind="start"' in html
    assert re.search(r'class="lc-pile lcb-pile lc-G is-target[^"]*" data-target="discard"', html)
    assert bhtml.kinds_to_start(view, "G3") == [ADV, RES]
    assert 'data-action="begin"' in bhtml.choices(view, selected="G3", choosing="")
    assert attr_values(bhtml.choices(view, selected="G3", choosing="start"), "data-kind") == ["adventurer",
                                                                                             "researcher"]
    state.apply("discard G7")
    drawing = bhtml.legal_targets(state.view(0))
    assert drawing.deck and drawing.piles == frozenset("G")
    assert 'data-target="deck"' in bhtml.counters(state.view(0), targets=drawing, interactive=True,
                                                  marks=bhtml.Marks())


def test_a_move_offers_each_piece_and_no_move() -> None:
    state = test_board.move_state("arrow", pieces={0: {"W": (ADV, 2), "Y": (ADV, 9), "R": (RES, 3)}},
                                  columns={0: {"W": ["W1", "W2"]}}, tiles={("white", 2): "arrow"})
    view = state.view(0)
    assert bhtml.legal_targets(view).move == frozenset({"W", "R"})
    buttons = bhtml.choices(view, selected=None, choosing="")
    assert attr_values(buttons, "data-colour") == ["W", "R"] and 'data-action="no-move"' in buttons
    assert "stone 3 \u2192 4" in buttons
    assert "an arrow lets you move" in bhtml.prompt(view, selected=None, choosing="", name=None)[0]


def test_the_hand_is_sorted_and_other_hands_are_counted_never_drawn() -> None:
    state = board.Game(players=3).new_game(random.Random(4))
    view = state.view(2)
    hand = bhtml.hand(view, interactive=False)
    assert attr_values(hand, "data-card") == [c.id for c in sorted(state.hand(2), key=lambda c: (c.colour.index,
                                                                                                 c.value))]
    panels = bhtml.players(view, NAMES, ("", "computer, easy", ""))
    assert "data-card" not in panels and panels.count('data-size="8"') == 2
    assert re.findall(r'<section class="lcb-player[^"]*" data-player="(\d)"', panels) == ["0", "1", "2"]
    assert 'class="lcb-player lcb-p2 is-me"' in panels  # the viewer's panel comes last
    assert "computer, easy" in panels and 'data-artifacts="0"' in panels


def test_discard_piles_show_the_top_card_and_the_size() -> None:
    state = test_board.scenario(piles={"R": ["R2", "R8"]})
    html = bhtml.board_html(state.view(0), names=NAMES[:2])
    pile = html.split('class="lc-pile lcb-pile lc-R')[1].split("</div>")[0]
    assert 'data-size="2"' in pile and attr_values(pile, "data-card") == ["R8"]


def test_hidden_scores_show_only_the_viewers_total() -> None:
    game = board.Game(hidden_scores=True)
    state = test_board.scenario(game, points=[15, 40])
    panels = bhtml.players(state.view(0), NAMES[:2], ("", ""))
    assert 'data-points="15"' in panels and "40" not in panels and "is-hidden" in panels


def test_round_tables_the_artifact_track_and_the_winner_follow_the_core() -> None:
    game = board.Game(rounds=1)
    state = test_board.scenario(game, phase="draw", deck_size=1, found=[2, 0],
                                pieces={0: {"G": (RES, 3), "Y": (ADV, 8)}, 1: {"B": (ADV, 5)}},
                                tiles={("green", 3): None, ("yellow", 2): None, ("yellow", 4): "5"})
    snap = state.snapshot()
    snap["tile_points"], snap["points"] = [5, 0], [5, 0]  # Ann took the 5-point tile on yellow 4 this round
    state = game.state_from_snapshot(snap)
    state.apply("draw")
    assert state.is_terminal()
    view = state.view(1)
    html = bhtml.results(view, ("Ann", "Ben"))
    record = state.results[0].players[0]
    table = html.split('<table class="lcb-round lc-breakdown" data-player="0"')[1].split("</table>")[0]
    assert f'<table class="lcb-round lc-breakdown" data-player="0" data-net="{record.net}">' in html
    assert '<td data-col="stone">3</td>' in table and lc_html.signed(record.pieces[0].points) in table
    assert '<td data-row="artifacts">2</td>' in table and '<td data-row="tiles">+5</td>' in table
    for p, total in enumerate(state.scores()):
        assert f'<td data-col="total" data-total="{total}">{lc_html.number(total)}</td>' in html
        assert f'<td data-col="round-1">{lc_html.signed(state.results[0].players[p].net)}</td>' in html
        assert f'<td data-col="tiles">{lc_html.signed(5 if p == 0 else 0)}</td>' in html
        assert f'data-player="{p}"' in html
    winners = state.winners()
    assert bhtml.winners_line(("Ann", "Ben"), winners) in html
    track = html.split('class="lcb-track"')[1]
    assert track.count("<li ") == len(data.SHORT_TRACK) and 'data-action="new-match"' in html
    assert bhtml.winners_line(("You", "Ben"), [0]) == "You win!"
    assert bhtml.winners_line(("Ann", "Ben"), [0, 1]) == "Ann and Ben share the win!"


def test_names_are_escaped_and_marks_survive_a_save() -> None:
    state = board.Game().new_game(random.Random(1))
    html = bhtml.players(state.view(0), ("<x>", "Ann"), ("", "")) + bhtml.board_html(state.view(0),
                                                                                      names=("<x>", "Ann"))
    assert "<x>" not in html and "&lt;x&gt;" in html
    marks = bhtml.Marks(moved=((1, "G", 2),), fresh=("G7",), source="deck")
    assert bhtml.Marks.from_dict(marks.to_dict()) == marks
    assert bhtml.Marks.from_dict({"moved": [[1, "Q", 2], "x"], "fresh": [3], "source": 5}) == bhtml.Marks()
