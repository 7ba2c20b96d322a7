"""The card game's HTML renderers: what they show, what they hide, their hooks."""

from __future__ import annotations

import html.parser
import random
import typing

import pytest

from lostcities import api, card
from lostcities.ui import card as card_html
from lostcities.ui import html as lc_html
from tests.core import playing

VOID = {"input", "br", "img", "meta", "link", "hr"}


class Element(typing.NamedTuple):
    tag: str
    attrs: dict[str, str]
    classes: frozenset[str]


class Parsed(html.parser.HTMLParser):
    """Checks that tags balance and collects every element with its attributes."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.elements: list[Element] = []
        self.text_parts: list[str] = []
        self.feed(text)
        self.close()
        assert not self.stack, f"unclosed tags: {self.stack}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.elements.append(Element(tag, values, frozenset(values.get("class", "").split())))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text_parts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def find(self, cls: str | None = None, **attrs: str) -> list[Element]:
        out = []
        for el in self.elements:
            if cls is not None and cls not in el.classes:
                continue
            if all(el.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items()):
                out.append(el)
        return out


NAMES = ("You", "Computer")


def states(count: int = 30, colours: int = 5) -> typing.Iterator[card.State]:
    for seed in range(count):
        rng = random.Random(seed)
        game = card.Game(colours=colours, games=2)
        yield playing.play(game.new_state(), rng, rng.randrange(1, 260))


def test_card_faces_carry_id_label_and_symbol() -> None:
    face = Parsed(card_html.card_face(card.Card.from_id("Y7")))
    (el, *_) = face.elements
    assert el.attrs["data-card"] == "Y7" and el.attrs["aria-label"] == "yellow 7"
    assert {"lc-card", "lc-Y"} <= el.classes and "lc-wager" not in el.classes
    # top left as text, bottom right drawn by the style sheet: the visible text stays in the name "yellow 7"
    assert face.text.count("7") == 1 and face.find("lc-bottom")[0].attrs["data-paint"] == "7"
    assert card_html.SYMBOLS[card.Colour.YELLOW] in face.text
    wager = Parsed(card_html.card_face(card.Card.from_id("P$3"), tag="button"))
    assert wager.elements[0].attrs["data-card"] == "P$3"
    assert wager.elements[0].attrs["aria-label"] == "purple wager"
    assert wager.elements[0].attrs["type"] == "button"
    assert "lc-wager" in wager.elements[0].classes
    assert card_html.WAGER_SYMBOL in wager.text
    assert card_html.SYMBOLS[card.Colour.PURPLE] in wager.text  # a wager carries its expedition's symbol too
    back = Parsed(card_html.card_back())
    assert "data-card" not in back.elements[0].attrs and "lc-back" in back.elements[0].classes


@pytest.mark.parametrize("colours", [5, 6])
def test_the_table_never_shows_a_hidden_card(colours: int) -> None:
    for state in states(25, colours):
        for player in (0, 1):
            view = state.view(player)
            page = card_html.table(view, names=NAMES) + card_html.hand(view)
            parsed = Parsed(page)
            shown = {el.attrs["data-card"] for el in parsed.elements if "data-card" in el.attrs}
            hidden = state.hidden_tokens(player)
            assert not shown & hidden
            for token in hidden:
                assert f'"{token}"' not in page
                hidden_card = card.Card.from_id(token)
                if not hidden_card.is_wager:  # the three wagers of a colour share their label
                    assert hidden_card.label not in page
            # Every visible card is on the page exactly once, and every face is labelled.
            visible = {c.id for c in view.hand}
            for cols in view.columns:
                visible.update(c.id for col in cols for c in col)
            visible.update(pile[-1].id for pile in view.discard_piles if pile)
            assert shown == visible
            for el in parsed.elements:
                if "lc-card" in el.classes and "lc-back" not in el.classes:
                    assert el.attrs["aria-label"] == card.Card.from_id(el.attrs["data-card"]).label
            backs = [el for el in parsed.find("lc-back") if "lc-mini" in el.classes]
            assert len(backs) == view.opponent_hand_size


def test_columns_show_every_card_in_order_and_their_scores() -> None:
    for state in states(20):
        view = state.view(0)
        parsed = Parsed(card_html.table(view, names=NAMES))
        for player, side in ((0, "lc-mine"), (1, "lc-theirs")):
            score = view.breakdown(player)
            for colour in view.game.colour_list:
                column = view.columns[player][colour.index]
                ids = []
                inside = False
                for el in parsed.elements:
                    if "lc-col" in el.classes:
                        inside = side in el.classes and el.attrs.get("data-colour") == colour.letter
                    elif el.classes & {"lc-gap", "lc-row", "lc-pile", "lc-deck", "lc-head"}:
                        inside = False
                    elif inside and "data-card" in el.attrs:
                        ids.append(el.attrs["data-card"])
                assert ids == [c.id for c in column]
            points = [int(el.attrs["data-points"]) for el in parsed.find("lc-colscore")]
            n = len(view.game.colour_list)
            chunk = points[(n + 1) * (0 if player == 1 else 1): (n + 1) * (0 if player == 1 else 1) + n + 1]
            assert chunk == [c.points for c in score.columns] + [score.points]


def test_the_hand_is_sorted_by_colour_then_value() -> None:
    game = card.Game(games=1)
    ids = ["R3", "Y$2", "B10", "Y9", "Y$1", "B2", "W$3", "Y4"]
    rest = [c for c in game.deck if c.id not in ids]
    state = game.new_state()
    state.apply(card.Deal(tuple(card.Card.from_id(i) for i in ids) + tuple(rest)))
    parsed = Parsed(card_html.hand(state.view(0)))
    shown = [el.attrs["data-card"] for el in parsed.elements if "data-card" in el.attrs]
    assert shown == ["Y$1", "Y$2", "Y4", "Y9", "B2", "B10", "W$3", "R3"]
    assert all(el.attrs["data-target"] == "hand" for el in parsed.elements if "data-card" in el.attrs)
    # Not the viewer's turn: the hand is shown but not clickable.
    parsed = Parsed(card_html.hand(state.view(1)))
    assert not [el for el in parsed.elements if "data-target" in el.attrs]


def lower_card_position() -> card.State:
    game = card.Game(games=1)
    first = [card.Card.from_id(i) for i in ("Y7", "Y5", "B3", "B4", "W2", "G9", "R$1", "R6")]
    rest = [c for c in game.deck if c not in first]
    state = game.new_state()
    state.apply(card.Deal(tuple(first + rest)))
    for action in ("play Y7", "draw"):
        state.apply(action)
    state.apply(f"discard {state.hand(1)[0].id}")
    state.apply("draw")
    return state


def test_selection_and_legal_targets_are_highlighted() -> None:
    state = lower_card_position()
    view = state.view(0)
    # A legal play: its column and its discard pile are targets.
    parsed = Parsed(card_html.table(view, names=NAMES, selected="B3") + card_html.hand(view, selected="B3"))
    assert [el.attrs["data-colour"] for el in parsed.find("is-target", data_target="column")] == ["B"]
    assert [el.attrs["data-colour"] for el in parsed.find("is-target", data_target="discard")] == ["B"]
    selected = parsed.find("is-selected")
    assert [el.attrs["data-card"] for el in selected] == ["B3"] and selected[0].attrs["aria-pressed"] == "true"
    # Every own column and pile is clickable (so that refusals can be explained).
    assert len(parsed.find(data_target="column")) == 5 and len(parsed.find(data_target="discard")) == 5
    assert not parsed.find(data_target="pile")
    # The deck answers a tap (with the reason it cannot be drawn from yet) but is not a target nor a button.
    assert [(el.tag, "is-target" in el.classes) for el in parsed.find(data_target="deck")] == [("div", False)]
    # A lower card than the column's top: only the discard pile is a target.
    parsed = Parsed(card_html.table(view, names=NAMES, selected="Y5"))
    assert not parsed.find("is-target", data_target="column")
    assert [el.attrs["data-colour"] for el in parsed.find("is-target", data_target="discard")] == ["Y"]
    # ... and the buttons offer only what is legal: no "Play the yellow 5".
    buttons = [el for el in Parsed(card_html.actions(view, "Y5")).elements if el.tag == "button"]
    assert [b.attrs["data-action"] for b in buttons] == ["discard", "deselect"]
    assert "Play the" not in card_html.actions(view, "Y5") and "Discard the yellow 5" in card_html.actions(view, "Y5")
    assert "Play the blue 3" in card_html.actions(view, "B3")
    # The draw step: the deck and every non-empty pile but the one just discarded to.
    state.apply("discard Y5")
    view = state.view(0)
    parsed = Parsed(card_html.table(view, names=NAMES))
    assert parsed.find("is-target", data_target="deck")
    targets = {el.attrs["data-colour"] for el in parsed.find("is-target", data_target="pile")}
    expected = {c.letter for c in state.game.colour_list if state.discard_pile(c)} - {"Y"}
    assert targets == expected
    assert card_html.legal_targets(view) == card_html.Targets(piles=frozenset(expected), deck=True)
    # Not interactive: no targets at all.
    parsed = Parsed(card_html.table(view, names=NAMES, interactive=False))
    assert not [el for el in parsed.elements if "data-target" in el.attrs]
    # The opponent's view of the same moment: nothing to click.
    parsed = Parsed(card_html.table(state.view(1), names=NAMES))
    assert not [el for el in parsed.elements if "data-target" in el.attrs]


def test_piles_show_their_top_card_and_size() -> None:
    for state in states(15):
        view = state.view(1)
        parsed = Parsed(card_html.table(view, names=NAMES))
        for colour in view.game.colour_list:
            pile = view.discard_piles[colour.index]
            (el,) = [e for e in parsed.elements if "lc-pile" in e.classes and e.attrs["data-colour"] == colour.letter]
            assert el.attrs["data-size"] == str(len(pile))
            if pile:
                assert pile[-1].label in el.attrs["aria-label"]
        (deck,) = [e for e in parsed.elements if "lc-deck" in e.classes]
        assert f"{view.draw_pile_size} card" in deck.attrs["aria-label"]


def test_marks_highlight_the_last_move() -> None:
    state = lower_card_position()
    marks = card_html.Marks(fresh=("Y7",), recent=(), source="deck")
    parsed = Parsed(card_html.table(state.view(0), names=NAMES, marks=marks))
    assert [el.attrs["data-card"] for el in parsed.find("is-fresh")] == ["Y7"]
    assert parsed.find("is-source")[0].classes >= {"lc-deck"}
    recent = card_html.Marks(recent=("Y7",), source="G")
    parsed = Parsed(card_html.table(state.view(0), names=NAMES, marks=recent))
    assert [el.attrs["data-card"] for el in parsed.find("is-recent")] == ["Y7"]
    assert [el.attrs["data-colour"] for el in parsed.find("is-source")] == ["G"]


def test_the_rulebook_scoring_example_is_laid_out_as_a_table() -> None:
    """The rulebook's example: 3 + 0 - 40 - 10 + 45 + 20 (bonus) = 18."""
    columns = (
        card.ColumnScore(card.Colour.YELLOW, 0, (6, 8, 9)),
        card.ColumnScore(card.Colour.BLUE),
        card.ColumnScore(card.Colour.WHITE, 1, ()),
        card.ColumnScore(card.Colour.GREEN, 1, (7, 8)),
        card.ColumnScore(card.Colour.RED, 2, (2, 3, 4, 7, 9, 10)),
    )
    table = card_html.breakdown(card.PlayerScore(columns), "Ann <the explorer>", player=0)
    parsed = Parsed(table)
    assert "Ann <the explorer>" in parsed.text and "<the explorer" not in table
    cells = Cells(table).cells
    m = card_html.MINUS
    assert [cells[(c, "sum")] for c in "YBWGR"] == ["23", "\u2013", "0", "15", "35"]
    assert [cells[(c, "cost")] for c in "YBWGR"] == [f"{m}20", "\u2013", f"{m}20", f"{m}20", f"{m}20"]
    assert [cells[(c, "subtotal")] for c in "YBWGR"] == ["+3", "\u2013", f"{m}20", f"{m}5", "+15"]
    assert [cells[(c, "multiplier")] for c in "YBWGR"] == ["\u2013", "\u2013", "\u00d72", "\u00d72", "\u00d73"]
    assert [cells[(c, "bonus")] for c in "YBWGR"] == ["\u2013", "\u2013", "\u2013", "\u2013", "+20"]
    assert [cells[(c, "points")] for c in "YBWGR"] == ["+3", "0", f"{m}40", f"{m}10", "+65"]
    assert [cells[(c, "cards")] for c in "YBWGR"] == ["3", "\u2013", "1", "3", "8"]
    assert cells[("total", "points")] == "+18"
    assert 'data-points="18"' in table


class Cells(html.parser.HTMLParser):
    """The text of every ``<td data-row>`` of a scoring table, keyed by (colour or ``total``, row)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.cells: dict[tuple[str, str], str] = {}
        self.current: tuple[str, str] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "td" and values.get("data-row"):
            self.current = (values.get("data-colour") or "total", values.get("data-row") or "")
            self.cells[self.current] = ""

    def handle_data(self, data: str) -> None:
        if self.current is not None:
            self.cells[self.current] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self.current = None


def finished_match(games: int = 2, seed: int = 3) -> card.State:
    rng = random.Random(seed)
    state = card.Game(games=games).new_state()
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    return state


def test_results_and_match_summary() -> None:
    state = finished_match()
    view = state.view(0)
    names = ("You", "Rita & <Co>")
    result = Parsed(card_html.game_result(view, names))
    tables = result.find("lc-breakdown")
    assert [t.attrs["data-points"] for t in tables] == [str(s) for s in state.results[-1].scores]
    summary_html = card_html.match_summary(view, names)
    summary = Parsed(summary_html)
    assert "Rita &amp; &lt;Co&gt;" in summary_html
    totals = [int(el.attrs["data-total"]) for el in summary.elements if "data-total" in el.attrs]
    assert totals == state.totals
    winner = state.winner()
    text = summary.text
    if winner is None:
        assert "tie" in text
    else:
        assert ("You win" if winner == 0 else "Rita & <Co> wins") in text
    # A game of the match that is not the last: progress, no winner yet.
    rng = random.Random(1)
    state = card.Game(games=3).new_state()
    while len(state.results) < 1:
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    text = Parsed(card_html.match_summary(state.view(0), names)).text
    assert "1 of 3 games played" in text
    # A single game: the winner without a table of games.
    single = finished_match(1)
    text = Parsed(card_html.match_summary(single.view(0), ("You", "Computer"))).text
    assert "the game" in text or "tie" in text


def test_panels_escape_names_and_show_no_cards() -> None:
    form = Parsed(card_html.setup_form(opponent="human", colours=6, games=1, names=("<b>A", 'B"'), pace="quick"))
    checked = {(el.attrs["name"], el.attrs.get("value")) for el in form.elements if "checked" in el.attrs}
    assert checked == {("opponent", "human"), ("colours", "6"), ("games", "1"), ("pace", "quick")}
    assert [el.attrs["value"] for el in form.elements if el.attrs.get("type") == "text"] == ["<b>A", 'B"']
    assert form.find(data_action="start")
    hand_over = lc_html.handover("<Ben>", "Ann played blue 7 and drew from the deck.")
    parsed = Parsed(hand_over)
    assert "&lt;Ben&gt;" in hand_over and "data-card" not in hand_over
    assert parsed.find(data_action="ready")
    problem = lc_html.problem(card.Game.title, "bad <save>")
    assert "bad &lt;save&gt;" in problem and Parsed(problem).find(data_action="new-after-problem")


def test_move_descriptions() -> None:
    text = card_html.turn_text("Computer", card.play("B7"), card.draw())
    assert text == "Computer played blue 7 and drew from the deck."
    text = card_html.turn_text("Ann", card.discard("R$2"), card.draw(card.Colour.YELLOW), card.Card.from_id("Y6"))
    assert text == "Ann discarded a red wager and drew yellow 6 from the discard pile."
    assert card_html.number(-51) == f"{card_html.MINUS}51" and card_html.signed(4) == "+4"


def test_six_colours() -> None:
    state = card.Game(colours=6, games=1).new_state()
    state.apply(state.sample_chance(random.Random(2)))
    page = card_html.table(state.view(0), names=NAMES)
    assert "--n:6" in page and 'data-colour="P"' in page
    assert len(Parsed(page).find("lc-pile")) == 6


def test_views_of_chance_and_terminal_states_render() -> None:
    state = finished_match()
    assert state.current_player == api.TERMINAL
    Parsed(card_html.table(state.view(0), names=NAMES))
    fresh = card.Game().new_state()
    fresh.apply(fresh.sample_chance(random.Random(0)))
    Parsed(card_html.table(fresh.view(1), names=NAMES))
