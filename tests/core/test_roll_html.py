"""The Roll & Write renderers: pure HTML strings, checked under CPython."""

from __future__ import annotations

import doctest
import html.parser
import random
import re
import typing

import pytest

from lostcities import bots, roll
from lostcities.roll import ai as roll_ai
from lostcities.ui import html as lc_html
from lostcities.ui import roll as roll_html

RED, ORANGE, BLUE = roll.Colour.RED, roll.Colour.ORANGE, roll.Colour.BLUE


class Tree(html.parser.HTMLParser):
    """A tiny DOM: every start tag with its attributes, its text, and balance checks."""

    VOID: typing.ClassVar[frozenset[str]] = frozenset({"input", "br", "img", "meta", "link", "hr"})

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[dict[str, typing.Any]] = []
        self.stack: list[dict[str, typing.Any]] = []
        self.feed(text)
        self.close()
        assert not self.stack, f"unclosed tags: {[e['tag'] for e in self.stack]}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1]["tag"] == tag, f"</{tag}> does not close {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for element in self.stack:
            element["text"] += data

    def find(self, **attrs: str) -> list[dict[str, typing.Any]]:
        return [e for e in self.elements if all(e["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def one(self, **attrs: str) -> dict[str, typing.Any]:
        found = self.find(**attrs)
        assert len(found) == 1, (attrs, found)
        return found[0]

    def with_attr(self, name: str) -> list[dict[str, typing.Any]]:
        return [e for e in self.elements if name in e["attrs"]]


def classes(element: dict[str, typing.Any]) -> set[str]:
    return set((element["attrs"].get("class") or "").split())


def sheet_after(actions: typing.Iterable[tuple[roll.Colour, int, roll.Target]]) -> roll.Sheet:
    sheet = roll.Sheet()
    for colour, face, target in actions:
        sheet.mark(colour, face, target)
        while sheet.is_accelerating():
            sheet.accelerate(None)
    return sheet


def test_module_doctests() -> None:
    result = doctest.testmod(roll_html)
    assert result.failed == 0 and result.attempted > 0


def test_sheet_has_every_element_with_its_data_attribute() -> None:
    tree = Tree(roll_html.sheet(roll.Sheet(), name="Ann"))
    boxes = {e["attrs"]["data-box"] for e in tree.with_attr("data-box")}
    assert boxes == {f"{c}-{k}" for c in roll.data.COLOURS for k in range(1, 10)}
    assert {e["attrs"]["data-circle"] for e in tree.with_attr("data-circle")} == set(roll.data.COLOURS)
    assert {e["attrs"]["data-top"] for e in tree.with_attr("data-top")} == set(roll.data.COLOURS)
    assert [e["attrs"]["data-artefact"] for e in tree.with_attr("data-artefact")] == [str(k) for k in range(9, 0, -1)]
    assert [e["attrs"]["data-dice"] for e in tree.with_attr("data-dice")] == [str(k) for k in range(9, 0, -1)]
    assert [e["attrs"]["data-bridge"] for e in tree.with_attr("data-bridge")] == list(roll_html.BRIDGE_KEYS)
    assert roll_html.BRIDGE_KEYS == ("red", "orange", "yellow", "green", "blue", "purple", "artefact", "dice")


def test_sheet_rows_run_top_down_with_the_bridge_between_box_6_and_7() -> None:
    text = roll_html.sheet(roll.Sheet())
    order = [m.group(1) for m in re.finditer(r'data-(?:box="red-(\d))', text)]
    assert order == [str(k) for k in range(9, 0, -1)]
    assert text.index('data-box="red-7"') < text.index('data-bridge="red"') < text.index('data-box="red-6"')
    assert text.index('data-top="red"') < text.index('data-box="red-9"')
    assert text.index('data-box="red-1"') < text.index('data-circle="red"')


def test_arrows_and_artefacts_follow_the_sheet_data() -> None:
    tree = Tree(roll_html.sheet(roll.Sheet()))
    for colour in roll.data.COLOURS:
        for k in range(1, 10):
            box = tree.one(data_box=f"{colour}-{k}")
            assert ("rw-has-arrow" in classes(box)) == (k in roll.data.ARROW_BOXES[colour])
            assert ("rw-has-art" in classes(box)) == (k in roll.data.ARTEFACT_BOXES[colour])
            assert ("arrow" in box["attrs"]["aria-label"]) == (k in roll.data.ARROW_BOXES[colour])


def test_every_expedition_has_its_own_symbol_shape() -> None:
    text = roll_html.sheet(roll.Sheet())
    used = [m.group(1) for m in re.finditer(r'data-head="(\w+)"[^>]*><svg class="rw-ico rw-ico-(\w+)', text)]
    shapes = re.findall(r'data-head="(?:red|orange|yellow|green|blue|purple)"[^>]*><svg class="rw-ico rw-ico-(\w+)',
                        text)
    assert used and len(set(shapes)) == 6
    assert shapes == [roll.data.SYMBOLS[c] for c in roll.data.COLOURS]
    sprite = roll_html.icon_sprite()
    for name in roll.data.SYMBOLS.values():
        assert f'id="rw-i-{name}"' in sprite
    assert "http" not in sprite and "xmlns" not in sprite  # no URL anywhere, not even a namespace


def test_score_values_beside_the_boxes() -> None:
    tree = Tree(roll_html.sheet(roll.Sheet()))
    scales = [e["text"] for e in tree.elements if "rw-scale" in classes(e) and "rw-scale-right" not in classes(e)
              and "rw-scale-bridge" not in classes(e) and "rw-scale-circle" not in classes(e)]
    wanted = [roll_html.number(roll.data.EXPEDITION_SCORES[k]) for k in range(9, 0, -1)]
    assert [s for s in scales if s] == wanted
    right = [e["text"] for e in tree.elements if {"rw-scale", "rw-scale-right"} <= classes(e)
             and "rw-scale-bridge" not in classes(e)]
    assert right[0] == "100/0"  # 9 artefacts 100, 9 dice symbols (exhausted) 0
    assert right[-1] == roll_html.number(roll.data.ARTEFACT_SCORES[0])


def test_written_numbers_and_column_scores() -> None:
    sheet = sheet_after([(RED, 2, roll.Target.BOX), (RED, 0, roll.Target.BOX), (BLUE, 0, roll.Target.CIRCLE),
                         (BLUE, 4, roll.Target.BOX)])
    tree = Tree(roll_html.sheet(sheet, name="Ann"))
    assert tree.one(data_box="red-1")["text"].strip() == "2"
    assert tree.one(data_box="red-2")["text"].strip() == "10"  # a 0 is written as 10
    assert "rw-filled" in classes(tree.one(data_box="red-2"))
    assert "rw-next" in classes(tree.one(data_box="red-3"))
    assert "rw-marked" in classes(tree.one(data_circle="blue"))
    assert "rw-crossed" in classes(tree.one(data_circle="red"))
    bd = sheet.breakdown()
    for col, value in bd.to_dict().items():
        if col == "total":
            assert tree.one(data_total=str(value))
        else:
            assert tree.one(data_col=col)["text"] == roll_html.number(value)
    hands = [e for e in tree.elements if "rw-hand" in classes(e)]
    assert hands, "numbers are written in the handwriting class"


def test_names_and_texts_are_escaped() -> None:
    evil = '<script>alert("x")</script>'
    assert "<script>" not in roll_html.sheet(roll.Sheet(), name=evil, caption=evil)
    assert "<script>" not in roll_html.sheet_thumb(roll.Sheet(), name=evil, player=0, kind=evil)
    assert "<script>" not in roll_html.end_table([evil], [roll.Sheet().breakdown()])
    # the hand-over and problem panels are the shared ones now (lostcities.ui.html)
    assert "<script>" not in lc_html.handover(evil, evil)
    assert "<script>" not in lc_html.problem(roll.Game.title, evil, prefix="rw")
    assert "<script>" not in roll_html.game_over([evil], [roll.Sheet().breakdown()], note=roll_html.best_note(1))
    assert "<script>" not in roll_html.companion_over(evil, roll.Sheet().breakdown())
    assert "<script>" not in roll_html.move_log([evil]) + roll_html.chain_list([evil])
    assert "<script>" not in roll_html.side((evil, evil)) + roll_html.companion_side((evil, "x"), "", can_undo=True,
                                                                                    log=[evil])
    assert "<script>" not in roll_html.setup_form(seats=[(evil, "human"), ("b", "easy")], companion_name=evil,
                                                  error=evil)
    Tree(roll_html.setup_form(seats=[(evil, "human"), ("b", "easy")]))


def test_pair_targets_are_highlighted_and_clickable() -> None:
    sheet = roll.Sheet()
    targets = roll_html.pair_targets(sheet, RED, 0)
    assert targets == {"box:red-1": roll.Target.BOX, "circle:red": roll.Target.CIRCLE}
    tree = Tree(roll_html.sheet(sheet, targets=targets, interactive=True))
    box, circle = tree.one(data_box="red-1"), tree.one(data_circle="red")
    # never buttons (never focused: the placements are the keyboard's way); each cell that reports taps
    # has a hit area, which the style sheet shows only where the cell is at least 44 px each way
    assert box["tag"] == circle["tag"] == "div"
    assert not [e for e in tree.elements if e["tag"] == "button"]
    assert len([e for e in tree.elements if "rw-hit" in classes(e)]) == len(tree.with_attr("data-target")) == 66
    assert "rw-target" in classes(box) and "rw-target" in classes(circle)
    assert sum("rw-target" in classes(e) for e in tree.elements) == 2
    # not interactive: highlighted, but no taps and no hit areas
    tree = Tree(roll_html.sheet(sheet, targets=targets))
    assert tree.one(data_box="red-1")["tag"] == "div"
    assert not tree.with_attr("data-target") and not [e for e in tree.elements if "rw-hit" in classes(e)]
    # a number too low has no target
    sheet.mark(RED, 5)
    assert roll_html.pair_targets(sheet, RED, 3) == {}
    assert roll_html.pair_targets(sheet, RED, 5) == {"box:red-2": roll.Target.BOX}


def test_a_complete_expedition_targets_its_top_artefact() -> None:
    sheet = roll.Sheet()
    for _ in range(9):
        sheet.mark(ORANGE, 9)
        while sheet.is_accelerating():
            sheet.accelerate(None)
    assert roll_html.pair_targets(sheet, ORANGE, 9) == {"top:orange": roll.Target.TOP}
    assert roll_html.next_key(sheet, ORANGE) == "top:orange"
    sheet.mark(ORANGE, 0, roll.Target.TOP)
    tree = Tree(roll_html.sheet(sheet))
    assert "rw-claimed" in classes(tree.one(data_top="orange"))
    assert roll_html.target_at(sheet, ORANGE, "top:orange") is roll.Target.TOP
    assert roll_html.target_at(sheet, ORANGE, "box:orange-3") is roll.Target.BOX
    assert roll_html.target_at(sheet, ORANGE, "box:red-3") is None


def test_acceleration_targets_and_panel() -> None:
    sheet = roll.Sheet()
    sheet.mark(BLUE, 2)
    sheet.mark(BLUE, 2)
    sheet.mark(BLUE, 3)  # box 3: an arrow
    assert sheet.is_accelerating()
    targets = roll_html.acceleration_targets(sheet)
    assert targets["box:blue-4"] is BLUE and targets["box:red-1"] is RED and len(targets) == 6
    tree = Tree(roll_html.acceleration_panel(sheet, ["blue 3 in box 3: an arrow!"]))
    values = [e["attrs"]["data-accelerate"] for e in tree.with_attr("data-accelerate")]
    assert values == [c.value for c in roll.COLOURS] + ["none"]
    assert "blue 3 in box 3: an arrow!" in roll_html.acceleration_panel(sheet, ["blue 3 in box 3: an arrow!"])
    assert "3 in box 4" in tree.one(data_accelerate="blue")["text"]
    assert "</span> <small>3 in box 4</small>" in roll_html.acceleration_panel(sheet)  # two words, not "blue3"
    page = roll_html.sheet(sheet)
    assert "rw-accelerating" in page


def test_fresh_marks() -> None:
    before = roll.Sheet()
    after = before.copy()
    after.mark(BLUE, 2)  # box 1
    after.mark(BLUE, 2)  # box 2: an artefact
    after.refuse()
    assert roll_html.fresh_marks(before, after) == {"box:blue-1", "box:blue-2", "artefact:1", "dice:1"}
    tree = Tree(roll_html.sheet(after, fresh=roll_html.fresh_marks(before, after)))
    assert "rw-fresh" in classes(tree.one(data_box="blue-2"))
    assert "rw-fresh" in classes(tree.one(data_artefact="1"))
    assert "rw-shaded" in classes(tree.one(data_dice="1"))
    assert roll_html.fresh_marks(after, after) == frozenset()


def test_bridges_passed_crossed_and_open_with_who_passed_them() -> None:
    state = roll.Game(players=2).new_state()
    a, b = state.sheets
    for _ in range(7):
        a.fast_write(RED.index, 1)
        a.accelerating = False
    a.bridges[RED.index] = roll.BridgeMark.SCORED
    b.bridges[RED.index] = roll.BridgeMark.CLOSED
    scorers = roll_html.passed_by(state.sheets, ["Anna Berg", "Ben"])
    assert scorers["red"] == ["Anna Berg"] and scorers["orange"] == []
    tree_a = Tree(roll_html.sheet(a, scorers=scorers))
    tree_b = Tree(roll_html.sheet(b, scorers=scorers))
    assert tree_a.one(data_bridge="red")["attrs"]["data-mark"] == "scored"
    assert tree_b.one(data_bridge="red")["attrs"]["data-mark"] == "closed"
    assert "AB" in tree_b.one(data_bridge="red")["text"]  # who passed it, visible to all
    assert "Anna Berg" in tree_b.one(data_bridge="red")["attrs"]["aria-label"]
    assert tree_b.one(data_bridge="orange")["attrs"]["data-mark"] == "open"
    # companion: open bridges are drawn as ones to tick (with the 44 px buttons of bridge_ticks: a
    # bridge row is too thin to tap)
    tree = Tree(roll_html.sheet(b, tick_bridges=True))
    assert "rw-tickable" in classes(tree.one(data_bridge="orange"))
    assert "rw-tickable" not in classes(tree.one(data_bridge="red"))
    assert all(e["tag"] == "div" and "data-target" not in e["attrs"] for e in tree.with_attr("data-bridge"))
    ticks = Tree(roll_html.bridge_ticks(b))
    assert "red" not in {e["attrs"]["data-bridge"] for e in ticks.with_attr("data-bridge")}
    assert len(ticks.with_attr("data-bridge")) == 7


def test_initials() -> None:
    assert roll_html.initials("Anna") == "An"
    assert roll_html.initials("Player 2") == "P2"
    assert roll_html.initials("Anna Berg") == "AB"
    assert roll_html.initials("  ") == "?"


def test_dice_tray_keys_faces_and_states() -> None:
    r = roll.Roll((roll.Colour.GREEN, RED, roll.Colour.GREEN), (9, 0, 3))
    tree = Tree(roll_html.dice_tray(r, interactive=True))
    faces = {e["attrs"]["data-die"]: e["attrs"]["data-face"] for e in tree.with_attr("data-die")}
    assert faces == {"colour-0": "red", "colour-1": "green", "colour-2": "green",
                     "number-0": "0", "number-1": "3", "number-2": "9"}
    assert all(e["tag"] == "button" for e in tree.with_attr("data-die"))
    taken = roll_html.taken_dice(r, (roll.Colour.GREEN, 3))
    assert taken == {"colour-1", "number-1"}
    marks = roll_html.DiceMarks(taken=taken, selected=frozenset({"colour-2"}), chosen=taken)
    tree = Tree(roll_html.dice_tray(r, marks=marks, interactive=True))
    assert tree.one(data_die="colour-1")["attrs"]["data-state"] == "taken"
    assert tree.one(data_die="colour-1")["tag"] == "span"  # not available
    assert "rw-die-chosen" in classes(tree.one(data_die="colour-1"))
    # A die that is shown, not pressed, is an image with its words (ARIA permits no label on a bare span);
    # a button keeps its own role.
    labelled = [(e["tag"], e["attrs"].get("role")) for e in tree.with_attr("data-die")]
    assert all(role == ("img" if tag == "span" else None) for tag, role in labelled), labelled
    assert {role for _, role in labelled} == {"img", None}
    shown = Tree(roll_html.dice_tray(r))  # a tray to look at (a lesson, the other players' turn)
    assert {(e["tag"], e["attrs"].get("role")) for e in shown.with_attr("data-die")} == {("span", "img")}
    assert tree.one(data_die="colour-2")["attrs"]["data-state"] == "selected"
    assert tree.one(data_die="colour-2")["attrs"]["aria-pressed"] == "true"
    assert "rw-rolling" in roll_html.dice_tray(r, rolling=True)
    assert "rw-dice-empty" in roll_html.dice_tray(None)
    assert roll_html.find_die(r.colours, roll.Colour.GREEN, "colour", avoid={"colour-1"}) == "colour-2"


def test_thumbnail() -> None:
    sheet = sheet_after([(RED, 3, roll.Target.BOX), (RED, 4, roll.Target.BOX)])
    html = roll_html.sheet_thumb(sheet, name="Ben", player=1, kind="easy", current=True, focused=True,
                                 fresh={"box:red-2"})
    tree = Tree(html)
    button = tree.one(data_sheet="1")
    assert button["tag"] == "button" and "rw-current" in classes(button) and "rw-focused" in classes(button)
    total = str(sheet.score()).replace("-", roll_html.MINUS)
    assert "Ben" in button["text"] and tree.one(**{"class": "rw-thumb-total"})["attrs"]["data-paint"] == total
    # the name holds the visible words in their order (WCAG 2.5.3), then the points
    said = f"Ben, easy, choosing\u2026: {lc_html.points(sheet.score())}; show this sheet"
    assert button["attrs"]["aria-label"] == said
    # ... and no tooltip inside says more: axe-core counts a title as visible text that the name lacks
    assert [e["tag"] for e in tree.elements if "title" in e["attrs"]] == []
    assert ' <span class="rw-thumb-note">' in html  # a word of its own, whatever the layout puts beside it
    assert any("rw-fresh" in classes(e) for e in tree.elements)


def test_end_table_matches_the_breakdowns_of_a_played_game() -> None:
    rng = random.Random(5)
    state = roll.Game(players=3).new_state()
    bot = roll_ai.bot("easy")
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots.choose(bot, state.view(state.current_player), rng))
    names = ["Ann", "Ben", "Cy"]
    tree = Tree(roll_html.end_table(names, state.breakdowns(), winners=state.winners()))
    for p, bd in enumerate(state.breakdowns()):
        for col, value in bd.to_dict().items():
            cell = tree.one(data_player=str(p), data_col=col)
            assert cell["text"] == roll_html.number(value)
    assert len(tree.find(**{"class": "rw-won"})) == len(state.winners())
    title = roll_html.result_title(names, state.breakdowns())
    assert names[state.winners()[0]] in title


def test_result_titles() -> None:
    a, b = roll.Sheet().breakdown(), roll.Sheet().breakdown()
    assert roll_html.result_title(["Ann", "Ben"], [a, b]).startswith("Ann and Ben share the win")
    assert roll_html.result_title(["You"], [a]) == f"You scored {roll_html.number(a.total)} points"


def test_action_texts() -> None:
    sheet = roll.Sheet()
    assert roll_html.action_text(roll.parse_action("take red 5")) == "wrote 5 in red"
    assert roll_html.action_text(roll.parse_action("take red 0")) == "wrote 10 in red"
    assert roll_html.action_text(roll.parse_action("take red 0 circle")) == "marked the red double circle"
    assert roll_html.action_text(roll.parse_action("refuse")) == "refused the dice"
    assert roll_html.action_text(roll.parse_action("accelerate none")) == "let the acceleration go"
    assert roll_html.action_text(roll.parse_action("roll red red blue 1 2 3")) == "rolled red red blue 1 2 3"
    sheet.mark(BLUE, 4)
    assert roll_html.action_text(roll.parse_action("accelerate blue"), sheet) == "accelerated blue: 4 again in box 1"
    assert roll_html.reason_text("blue already holds 5") == "Blue already holds 5."


def test_setup_form() -> None:
    tree = Tree(roll_html.setup_form(mode="game", seats=[("You", "human"), ("Bot", "hard"), ("Cy", "easy")],
                                     in_sequence=True, pace="instant", best=120))
    assert tree.one(name="count")  # the player count select
    assert ["hidden" in e["attrs"] for e in tree.with_attr("data-seat")] == [False, False, False, True, True]
    selected = [e["attrs"]["value"] for e in tree.elements if e["tag"] == "option" and "selected" in e["attrs"]]
    assert selected == ["3", "human", "hard", "easy", "human", "human"]
    assert "checked" in tree.one(name="in_sequence")["attrs"]
    assert "checked" in tree.find(name="pace", value="instant")[0]["attrs"]
    assert "120" in roll_html.setup_form(best=120)
    assert tree.one(data_action="start")


@pytest.mark.parametrize("seed", range(3))
def test_sheet_renders_any_reachable_sheet(seed: int) -> None:
    rng = random.Random(seed)
    state = roll.Game(players=2).new_state()
    bot = roll_ai.bot("easy")
    checked: set[tuple[str, int, int]] = set()  # a sheet drawn as before, with the same counts: its check holds
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots.choose(bot, state.view(state.current_player), rng))
        for sheet in state.sheets:
            drawn = roll_html.sheet(sheet, name="x")
            boxes = sum(len(sheet.expedition(c)) for c in roll.COLOURS)
            if (drawn, boxes, sheet.artefacts) in checked:
                continue
            tree = Tree(drawn)
            filled = [e for e in tree.with_attr("data-box") if "rw-filled" in classes(e)]
            assert len(filled) == boxes
            shaded = [e for e in tree.with_attr("data-artefact") if "rw-shaded" in classes(e)]
            assert len(shaded) == sheet.artefacts
            checked.add((drawn, boxes, sheet.artefacts))


# -- the screen's pieces ---------------------------------------------------------------------


def state_after(*actions: str, players: int = 2) -> roll.State:
    state = roll.Game(players=players).new_state()
    for action in actions:
        state.apply(action)
    return state


def test_frame() -> None:
    tree = Tree(roll_html.frame())
    screen = tree.one(**{"class": "rw-screen"})
    assert screen["attrs"]["data-phase"] == "loading" and tree.elements[0] is screen
    assert tree.one(data_action="menu")["tag"] == "button"
    assert tree.one(data_region="main")["attrs"]["class"] == "rw-main"
    title = tree.one(**{"class": "rw-bar-title"})
    assert title["tag"] == "h1" and title["text"] == "Roll & Write"  # the screen's h1; the top bar says Lost Cities
    assert tree.elements[1]["attrs"]["class"] == "rw-sprite"  # the icons come first


def test_table_side_and_thumbs() -> None:
    tree = Tree(roll_html.play_area("rw-players-3", viewer=2))
    assert classes(tree.elements[0]) == {"rw-play", "rw-players-3"}
    assert tree.elements[0]["attrs"]["data-viewer"] == "2"
    assert tree.one(**{"class": "rw-sheet-wrap"})["attrs"]["data-region"] == "sheet"
    assert tree.one(**{"class": "rw-side"})["attrs"]["data-region"] == "side"
    assert "data-viewer" not in roll_html.play_area("rw-companion")
    assert roll_html.thumbs(["<b>one</b>"]) == ""
    assert Tree(roll_html.thumbs(["<b>1</b>", "<b>2</b>"])).elements[0]["tag"] == "nav"
    side = Tree(roll_html.side(("Ann & <Bo>: pick", "rw-is-pick"), tray="<i>T</i>", controls=roll_html.roll_button()))
    status = side.one(role="status")
    assert status["text"] == "Ann & <Bo>: pick" and classes(status) == {"rw-status", "rw-is-pick"}
    assert side.one(**{"class": "rw-tray"})["text"] == "T"
    assert side.one(data_action="roll")["text"] == "Roll the dice"


def test_choice_controls_chain_and_log() -> None:
    plain = Tree(roll_html.choice_controls())
    assert [e["attrs"]["data-action"] for e in plain.with_attr("data-action")] == ["refuse"]
    both = Tree(roll_html.choice_controls(exhausted=True, clear=True))
    assert [e["attrs"]["data-action"] for e in both.with_attr("data-action")] == ["refuse", "clear"]
    assert "exhausted" in both.one(data_action="refuse")["text"]
    assert roll_html.chain_list([]) == ""
    steps = Tree(roll_html.chain_list(["red 2 in box 3: an arrow!", "accelerated <x>"]))
    assert [e["text"] for e in steps.elements if e["tag"] == "li"] == ["red 2 in box 3: an arrow!", "accelerated <x>"]
    assert roll_html.move_log([]) == ""
    log = Tree(roll_html.move_log(["Ann rolled", "Bob wrote 7 in <red>"]))
    assert [e["text"] for e in log.elements if e["tag"] == "li"] == ["Bob wrote 7 in <red>", "Ann rolled"]
    assert log.elements[0]["attrs"]["aria-label"] == "latest moves, newest first"
    assert log.elements[0]["tag"] == "ul"  # unnumbered: a 1 on the newest line read as the first move


def test_game_over_panel_and_best_scores() -> None:
    state = state_after("roll red red red 1 1 1", "take red 1", "refuse", players=2)
    names = ["Ann", "Bob"]
    tree = Tree(roll_html.game_over(names, state.breakdowns(), winners=state.winners(),
                                    note=roll_html.best_note(70)))
    assert tree.one(**{"class": "rw-result"})["text"] == roll_html.result_title(names, state.breakdowns())
    assert tree.one(**{"class": "rw-best"})["text"] == "Your best: 70"
    assert len(tree.find(data_action="confirm-new")) == 1 and len(tree.find(data_action="home")) == 1
    assert tree.find(data_player="1", data_col="total")
    assert "A new best score!" in roll_html.best_note(70, new_best=True)
    assert roll_html.best_note(None) == ""
    why = Tree(roll_html.game_over(names, state.breakdowns(), reason="bridges"))
    assert why.one(**{"class": "rw-why"})["text"] == "The game ended because every bridge has been passed."
    assert not Tree(roll_html.game_over(names, state.breakdowns())).find(**{"class": "rw-why"})
    assert roll_html.best_note(-5) == '<p class="rw-best">Your best: \u22125</p>'


def test_companion_panels() -> None:
    sheet = roll.Sheet()
    sheet.mark(BLUE, 5)
    over = Tree(roll_html.companion_over("Mia", sheet.breakdown()))
    assert over.one(**{"class": "rw-result"})["text"] == f"Mia: {roll_html.number(sheet.score())} points"
    assert [e["attrs"]["data-action"] for e in over.with_attr("data-action")] == ["finish", "confirm-new"]
    controls = Tree(roll_html.companion_controls(sheet, BLUE, None))
    assert controls.one(data_pick_colour="blue")["attrs"]["aria-pressed"] == "true"
    assert len(controls.find(data_action="clear")) == 1 and len(controls.find(data_action="refuse")) == 1
    assert len(controls.with_attr("data-bridge")) == 8
    assert Tree(roll_html.companion_controls(sheet, None, None)).find(data_action="clear") == []
    arrow = sheet_after([(RED, 1, roll.Target.BOX), (RED, 1, roll.Target.BOX)])
    arrow.mark(RED, 2)  # red box 3 carries an arrow
    assert arrow.is_accelerating()
    panel = Tree(roll_html.companion_controls(arrow, None, None, ["red 2 in box 3: an arrow!"]))
    assert panel.with_attr("data-accelerate") and not panel.with_attr("data-pick-colour")
    side = Tree(roll_html.companion_side(("Turn 1", "rw-is-pick"), "", can_undo=False, log=["a", "b"]))
    assert "disabled" in side.one(data_action="undo")["attrs"]
    assert [e["text"] for e in side.elements if e["tag"] == "li"] == ["b", "a"]
    assert "disabled" not in Tree(roll_html.companion_side(("", ""), "", can_undo=True)).one(
        data_action="undo")["attrs"]


def test_picked_pair() -> None:
    r = roll.Roll((RED, BLUE, BLUE), (1, 4, 7))
    assert roll_html.picked_pair(r, {"colour-0", "number-1"}) == (RED, 4)
    assert roll_html.picked_pair(r, {"colour-0"}) is None
    assert roll_html.picked_pair(r, {"colour-", "number-1", "colour-9"}) is None
    assert roll_html.picked_pair(None, {"colour-0", "number-1"}) is None


def test_play_status_follows_the_position() -> None:
    names = ["Ann", "Bob"]
    fresh = roll.Game(players=2).new_state()
    assert roll_html.play_status(fresh.view(0), names) == ("Ann, roll the dice.", "rw-is-roll")
    assert roll_html.play_status(roll.Game(players=1).new_state().view(0), ["You"]) == ("Roll the dice.",
                                                                                          "rw-is-roll")
    assert roll_html.play_status(fresh.view(1), names, computers={0})[1] == "rw-is-waiting"
    solo = roll.Game(players=1).new_state()
    solo.apply("roll red red blue 1 4 7")
    assert roll_html.play_status(solo.view(0), ["You"]) == ("Pick a colour die and a number die, or refuse.",
                                                            "rw-is-pick")  # solo: a sentence of its own
    state = state_after("roll red red blue 1 4 7")
    view = state.view(0)
    assert roll_html.play_status(view, names) == ("Ann: pick a colour die and a number die, or refuse.",
                                                  "rw-is-pick")
    assert roll_html.play_status(view, names, busy=True) == ("Ann is choosing\u2026", "rw-is-waiting")
    assert roll_html.play_status(view, names, error="No.") == ("No.", "rw-is-error")
    assert roll_html.play_status(view, names, picked={"colour-0"}) == ("Ann: now pick a number die.", "rw-is-pick")
    assert roll_html.play_status(view, names, picked={"colour-2", "number-2"}) == (
        "Ann: blue 7 goes in the highlighted box.", "rw-is-target")
    others = state_after("roll red red blue 0 4 7", "refuse")
    assert "all six dice (Ann refused)" in roll_html.play_status(others.view(1), names)[0]
    two = roll_html.play_status(others.view(1), names, picked={"colour-0", "number-0"})
    assert two == ("Bob: red 0: the highlighted box (written as 10) or the double circle?", "rw-is-target")
    took = state_after("roll red red blue 1 4 7", "take red 1")
    assert "the four dice left" in roll_html.play_status(took.view(1), names)[0]


def test_companion_status() -> None:
    sheet = roll.Sheet()
    assert roll_html.companion_status(sheet, None, None, entries=2) == (
        "Turn 3: enter the colour and the number you chose, or refuse.", "rw-is-pick")
    assert roll_html.companion_status(sheet, RED, 4, entries=0) == ("Red 4 goes in the highlighted box.",
                                                                    "rw-is-target")
    assert roll_html.companion_status(sheet, RED, 4, entries=0, error="Bad.") == ("Bad.", "rw-is-error")


def test_clickable_elements_report_their_clicks() -> None:
    """The screen delivers clicks on elements with ``data-target`` (or ``data-action``)."""
    sheet = roll.Sheet()
    tree = Tree(roll_html.sheet(sheet, targets=roll_html.pair_targets(sheet, RED, 0), interactive=True))
    assert {e["attrs"].get("data-target") for e in tree.with_attr("data-box")} == {"sheet"}
    assert tree.one(data_box="red-1")["tag"] == "div" == tree.one(data_box="red-2")["tag"]
    assert tree.one(data_circle="red")["attrs"]["data-target"] == "sheet"
    assert not Tree(roll_html.sheet(sheet)).with_attr("data-target")
    ticks = Tree(roll_html.sheet(sheet, tick_bridges=True, interactive=True))
    assert {e["attrs"].get("data-target") for e in ticks.with_attr("data-bridge")} == {None}
    r = roll.Roll((RED, BLUE, BLUE), (1, 4, 7))
    tray = Tree(roll_html.dice_tray(r, marks=roll_html.DiceMarks(taken=frozenset({"colour-0"})), interactive=True))
    assert {e["attrs"].get("data-target") for e in tray.with_attr("data-die")} == {"die"}
    assert not Tree(roll_html.dice_tray(r)).with_attr("data-target")
    thumb = Tree(roll_html.sheet_thumb(sheet, name="Ann", player=1))
    assert thumb.one(data_sheet="1")["attrs"]["data-target"] == "thumb"
    pad = Tree(roll_html.entry_pad(None, None))
    assert {e["attrs"]["data-target"] for e in pad.with_attr("data-pick-colour") + pad.with_attr("data-pick-number")} \
        == {"pick"}
    assert {e["attrs"]["data-target"] for e in Tree(roll_html.bridge_ticks(sheet)).with_attr("data-bridge")} == {"tick"}


def test_tap_turns_a_tap_into_an_action_or_a_reason() -> None:
    sheet = sheet_after([(RED, 4, roll.Target.BOX)])
    assert roll_html.tap(sheet, (RED, 6), "box:red-2") == roll.Take(RED, 6, roll.Target.BOX)
    assert roll_html.tap(sheet, (RED, 2), "box:red-2") == "Red already holds 4: numbers must not decrease."
    assert roll_html.tap(sheet, (RED, 6), "box:red-5") == "Write in the next free red box, from the bottom up."
    assert roll_html.tap(sheet, (RED, 6), "box:blue-1") == "The red 6 can only go in the red expedition."
    assert roll_html.tap(sheet, None, "box:red-2", missing="Enter a pair.") == "Enter a pair."
    assert roll_html.tap(roll.Sheet(), (ORANGE, 0), "circle:orange") == roll.Take(ORANGE, 0, roll.Target.CIRCLE)
    arrow = sheet_after([(RED, 1, roll.Target.BOX), (RED, 1, roll.Target.BOX)])
    arrow.mark(RED, 2)
    assert arrow.is_accelerating()
    assert roll_html.tap(arrow, None, "box:blue-1") == roll.Accelerate(BLUE)
    assert "highlighted" in str(roll_html.tap(arrow, (RED, 3), "box:blue-2"))


def test_pair_problem() -> None:
    sheet = sheet_after([(RED, 4, roll.Target.BOX)])
    assert roll_html.pair_problem(sheet, None) == ""
    assert roll_html.pair_problem(sheet, (RED, 5)) == ""
    assert roll_html.pair_problem(sheet, (RED, 2)) == "Red already holds 4: numbers must not decrease."


def test_arrow_steps_and_score_lines() -> None:
    take = {"kind": "take", "colour": "red", "value": 2, "box": 3, "arrow": True}
    chain = roll_html.arrow_step(take, ["old"])
    assert chain == ["red 2 in box 3: an arrow!"]
    accel = {"kind": "accelerate", "colour": "orange", "value": 1, "box": 2, "arrow": True}
    assert roll_html.arrow_step(accel, chain) == [*chain, "accelerated orange 1 in box 2: an arrow again!"]
    assert roll_html.arrow_step({**accel, "arrow": False}, chain) == []
    assert roll_html.arrow_step({"kind": "refuse"}, chain) == []
    assert lc_html.score_line(["You", "Bot"], [12, -3], 0) == "You 12 \u00b7 Bot \u22123"
    assert lc_html.score_line(["A", "B", "C"], [30, 10, 5], 0) == "A 30"
    assert lc_html.score_line(["A", "B", "C"], [30, 10, 5], 2) == "C 5 \u00b7 lead: A 30"


def test_placements_are_big_buttons_saying_what_they_write_where() -> None:
    sheet = roll.Sheet()
    tree = Tree(roll_html.placements(sheet, RED, 0))
    box, circle = tree.one(data_box="red-1"), tree.one(data_circle="red")
    assert box["tag"] == circle["tag"] == "button"
    assert box["attrs"]["data-target"] == circle["attrs"]["data-target"] == "sheet"
    assert box["attrs"]["aria-label"] == f"Write 10 in red box 1: {lc_html.MINUS}40 points."  # a start costs 40
    assert circle["attrs"]["aria-label"].startswith("Mark the red double circle: ")
    assert len(tree.find(**{"class": "rw-place rw-red"})) == 2
    # an arrow says what follows; a top artefact is claimed; a pair that fits nowhere has none
    arrow = sheet_after([(ORANGE, 1, roll.Target.BOX)])
    assert next(k for k in range(1, 10) if roll.ARROW[ORANGE.index][k]) == 2
    label = Tree(roll_html.placements(arrow, ORANGE, 1)).one(data_box="orange-2")["attrs"]["aria-label"]
    assert label.startswith("Write 1 in orange box 2: ") and label.endswith(", then an acceleration.")
    full = sheet_after([(RED, n, roll.Target.BOX) for n in range(1, 10)])
    assert Tree(roll_html.placements(full, RED, 9)).one(data_top="red")["attrs"]["aria-label"].startswith(
        "Claim the red top artefact: ")
    sheet.mark(RED, 5)
    assert roll_html.placements(sheet, RED, 3) == ""
    # the controls: the placements and Clear stand in for Refuse; companion mode the same
    controls = Tree(roll_html.choice_controls(clear=True, places=roll_html.placements(sheet, RED, 7)))
    assert controls.one(data_box="red-2") and controls.one(data_action="clear") and not controls.find(
        data_action="refuse")
    assert Tree(roll_html.choice_controls(clear=True)).one(data_action="refuse")
    entry = Tree(roll_html.companion_controls(sheet, RED, 7))
    assert entry.one(data_box="red-2")["tag"] == "button" and not entry.find(data_action="refuse")
    assert Tree(roll_html.companion_controls(sheet, RED, None)).one(data_action="refuse")
