"""The languages of the board game (2-4 players) and of the companion sheet: the pseudo-language check
that every word of their screens, log lines, refusals and tutorial steps comes from the catalogs, and
German where it matters (the rulebook's terms, the log's verbs, the refusals, the companion's texts).

Written as the card game's checks in :mod:`tests.core.test_i18n`, whose helpers it uses.
"""

from __future__ import annotations

import random
import typing

import pytest

import board_screen
import companion_screen
import memory_host
import screen
import screen_types
from buildtools import catalogs
from lostcities import api, board, errors, i18n, roll, session
from lostcities.ui import board as board_html
from lostcities.ui import embed, tutorial
from tests.core import test_board_screen, test_companion_screen
from tests.core import test_i18n as checks
from tests.core import test_tutorial as lessons


class _Known(i18n.Pseudo):
    """The pseudo-language that brackets only the messages marked in the sources: a text handed to
    ``_()`` that was never marked for extraction (a tutorial's step, an option's label) is shown as it
    is, so it is caught as a word past the catalogs, as a German reader would see it in English."""

    def __init__(self, known: frozenset[str]) -> None:
        super().__init__()
        self.known = known

    def gettext(self, message: str) -> str:
        return super().gettext(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2) if msgid1 in self.known else (msgid1 if n == 1 else msgid2)


MARKED: typing.Final = frozenset(
    text for m in catalogs.extract() if m.id for text in ([m.id] if isinstance(m.id, str) else m.id))
"""Every message marked in the sources (the template holds the same: see :mod:`tests.core.test_i18n`)."""
PSEUDO = i18n.Language("qps", _Known(MARKED))
assert_translated = checks.assert_translated
everything_shown = checks.everything_shown
unmarked = checks.unmarked


def _mounted(storage: dict[str, str], seed: int) -> tuple[screen.Screen, memory_host.MemoryHost]:
    host = memory_host.MemoryHost(storage=storage, seed=seed)
    scr = screen.Screen(board_screen.BoardAdapter(), host)
    scr.mount()
    return scr, host


def _refused_card(view: board.View) -> board.Card | None:
    """A card of the viewer's hand that may neither start nor advance now (clicking its path is refused)."""
    return next((c for c in view.hand if not board_html.legal_targets(view, c.id).paths), None)


SETUPS: typing.Final[dict[int, dict[str, str]]] = {
    1: {"seat1": "human", "seat2": "easy", "seat3": "medium", "rounds": "1", "up_and_down": "on"},
    2: {"seat1": "human", "name1": "Ann", "seat2": "human", "name2": "Bob", "seat3": "easy", "rounds": "1"},
    3: {"seat1": "human", "seat2": "easy", "rounds": "3", "hidden_scores": "on"},
}
"""Against two computers (the up-and-down variant), pass and play with a computer, and the long game
against one computer with hidden scores."""


@pytest.mark.long
@pytest.mark.parametrize("seed", sorted(SETUPS))
def test_the_board_game_screens_speak_only_catalog_words(seed: int) -> None:
    """Every screen of a board game to its end: setup, a refusal of the screen and one of the rules,
    the menu and its question, every turn (hand-overs, pieces to choose, moves), the round results, the
    final table, the log and the replay."""
    rng = random.Random(seed)
    with i18n.using(PSEUDO):
        scr, host = _mounted({}, seed)
        assert host.root is not None
        assert_translated(everything_shown(host), "setup")
        host.root.form = {**SETUPS[seed], "pace": "instant"}
        host.root.click("start")
        host.run()
        if scr.mode == "handover":
            host.root.click("ready")
        host.root.click(target="deck")  # a refusal of the screen: choose a card first
        assert scr.error
        assert_translated(everything_shown(host), "a refusal of the screen")
        checks.assert_menu_translated(host)
        refused = False
        for _ in range(6000):
            host.run()
            state = scr.session.state if scr.session is not None else None
            assert isinstance(state, board.State)
            assert_translated(everything_shown(host), f"round {state.round}, turn {len(state.history)}")
            if state.is_terminal():
                break
            if scr.mode == "handover":
                host.root.click("ready")
            elif state.is_chance():
                host.root.click("next-round")
            elif scr.interactive():
                view = state.view(state.current_player)
                card = _refused_card(view) if view.step is board.Step.PLAY and not refused else None
                if card is not None:  # a refusal of the rules, said by the core
                    host.root.click(target="hand", card=card.id)
                    host.root.click(target="path", colour=card.colour.letter)
                    assert scr.error, card
                    assert_translated(everything_shown(host), f"the rules refuse the {card.id}")
                    host.root.click("deselect")
                    refused = True
                test_board_screen.click_action(host, rng.choice(state.legal_actions()))
        else:
            raise AssertionError("the game did not end")
        assert refused, "no card was refused"
        host.root.click("moves")
        host.root.click("replay")
        assert_translated(everything_shown(host), "the log and the replay")
        assert scr.session is not None
        for line in scr.session.log:
            assert unmarked(line["text"]) == [], line["text"]


def test_the_board_setup_with_four_seats_speaks_only_catalog_words() -> None:
    with i18n.using(PSEUDO):
        seats = [session.Seat(api.YOU), session.Seat("Ann"),
                 session.Seat(i18n._("Computer"), "hard"), session.Seat("Bob", "medium")]
        assert_translated(board_html.setup_form(seats=seats, options={"rounds": 1, "any_piece": True},
                                                pace="relaxed", error=i18n._("Choose a card from your hand first.")),
                          "the setup of four seats")


def test_every_log_line_of_many_seeded_board_games_is_translated() -> None:
    """Every event of many seeded games (2 to 4 players, both lengths, the variants) narrated."""
    with i18n.using(PSEUDO):
        for seed in range(12):
            rng = random.Random(seed)
            game = board.Game(players=2 + seed % 3, rounds=1 if seed % 2 else 3, up_and_down=seed % 4 == 1,
                              any_piece=seed % 3 == 0, hidden_scores=seed % 5 == 0)
            state = game.new_state()
            names = ["You", "Ann", "Bob", "Cy"][:game.players]
            while not state.is_terminal():
                action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
                line = state.apply(action).describe(names)
                assert unmarked(line) == [], line


def _refusals(state: board.State, texts: typing.Iterable[str]) -> list[str]:
    reasons = []
    for text in texts:
        with pytest.raises(errors.IllegalActionError) as refused:
            state.apply(text)
        reasons.append(refused.value.reason)
    return reasons


def test_every_refusal_of_the_board_rules_is_translated() -> None:
    """The refusals of moves (the machine-readable notation stays; the reason is the catalogs')."""
    with i18n.using(PSEUDO):
        fresh = board.Game().new_state()
        reasons = _refusals(fresh, ["draw", "deal " + " ".join(c.id for c in board.CARDS * 2)])
        state = board.Game(rounds=1, any_piece=True).new_game(random.Random(5))
        hand = state.hand(state.current_player)
        other = next(c for c in board.CARDS if c not in hand)
        lowest = {c.colour: c for c in reversed(hand)}
        higher = next((c for c in hand if c != lowest[c.colour] and c.value > lowest[c.colour].value), None)
        assert higher is not None
        reasons += _refusals(state, [f"advance {other.id}", f"advance {hand[0].id}", "draw", "move G",
                                     f"start {higher.id} adventurer", "tiles " + " ".join(["arrow"] * 25)])
        first = lowest[hand[0].colour]
        state.apply(f"start {first.id} researcher")
        if state.step is board.Step.MOVE:
            state.apply("move none")
        reasons += _refusals(state, [f"discard {hand[-1].id}", "move none"])
        state.apply("draw")
        state.apply("discard " + state.hand(state.current_player)[0].id)
        state.apply("draw")
        mine = state.hand(state.current_player)
        same = next((c for c in mine if c.colour == first.colour and c.value < first.value), None)
        reasons += _refusals(state, [f"start {c.id} researcher" for c in mine if c.colour != first.colour][:1])
        if same is not None:
            reasons += _refusals(state, [f"advance {same.id}"])
        for reason in reasons:
            assert unmarked(reason) == [], reason
        assert len(set(reasons)) >= 9, reasons


BOARD_TUTORIALS: typing.Final = list(tutorial.tutorials("board").values())


@pytest.mark.parametrize("tut", BOARD_TUTORIALS, ids=[t.id for t in BOARD_TUTORIALS])
def test_every_step_of_the_board_tutorials_speaks_only_catalog_words(tut: tutorial.Tutorial) -> None:
    """Every step of each board tutorial: its goal, a wrong answer or move (its failure text, or the
    rules' refusal), its success, and the step shown in the embed."""
    with i18n.using(PSEUDO):
        lesson = tutorial.Lesson(tut)
        rng = random.Random(tut.id)
        while not lesson.done:
            where = f"{tut.id}, step {lesson.index + 1}"
            assert_translated(embed.lesson_panel(lesson, controls=True), where)
            step = lesson.step
            if step.kind is tutorial.StepKind.CHOICE:
                lesson.answer((step.answer + 1) % len(step.options))
                assert_translated(embed.lesson_panel(lesson, controls=True), f"{where}, a wrong answer")
                lesson.answer(step.answer)
            elif step.kind is tutorial.StepKind.ACT:
                wrong = [a for a in lesson.state.legal_actions() if a.notation() not in step.expected]
                if step.allow is tutorial.Allow.EXPECTED and wrong:
                    lesson.attempt(wrong[0])
                    assert_translated(embed.lesson_panel(lesson, controls=True), f"{where}, a wrong move")
                lessons.act_as_expected(lesson, step)
            elif step.kind is tutorial.StepKind.PLAY:
                lessons.play_freely(lesson, rng)
            assert_translated(embed.lesson_panel(lesson, controls=True), f"{where}, done")
            assert lesson.done or lesson.next()
        for index in range(len(tut.steps)):
            _, host, _ = lessons.mount(embed.Config.from_query({"tut": tut.id, "step": str(index + 1)}))
            assert_translated(everything_shown(host), f"{tut.id}, step {index + 1} in the embed")


# -- German ------------------------------------------------------------------------------------------


def test_a_board_game_in_german() -> None:
    with i18n.using("de"):
        state = board.Game(rounds=1).new_game(random.Random(1))
        view = state.view(0)
        assert board_html.prompt(view, selected=None, choosing="", name=None)[0].startswith("Du bist dran: Wähle")
        lowest = min(state.hand(0), key=lambda c: (c.value, c.index))
        event = state.apply(f"start {lowest.id} researcher")
        line = event.describe(["You", "Bob"])
        assert line.startswith(f"Du beginnst die Expedition {board_html.colour_word(lowest.colour)} mit der "), line
        assert "deine Expeditionsleitung zieht auf Feld 1 der Expedition" in line, line
        assert " beginnt die Expedition " in event.describe(["Ann", "Bob"])
        assert board.Card.from_id("Y7").label == "Gelb 7"
        page = board_html.board_html(state.view(0), names=["You", "Bob"])
        assert "Nachziehstapel" in page and "Brücken" in page and "Deine Auslage" in page
        assert "Mit der Expeditionsleitung beginnen" in board_html.choices(
            board.Game().new_game(random.Random(3)).view(0), selected="B1", choosing="start")
    assert board.Card.from_id("Y7").label == "yellow 7", "the language ends with its block"


def test_the_board_rules_refuse_in_german() -> None:
    with i18n.using("de"):
        state = board.Game(rounds=1).new_game(random.Random(5))
        hand = state.hand(0)
        other = next(c for c in board.CARDS if c not in hand)
        reasons = _refusals(state, [f"advance {other.id}", f"advance {hand[0].id}", "draw"])
        colour = board_html.colour_word(hand[0].colour)
        assert reasons == [f"du hast die {other.label} nicht auf der Hand",
                           f"du hast keine Expedition {colour}: beginne sie zuerst",
                           "spiele zuerst eine Karte aus"]


def test_the_end_of_a_board_game_in_german() -> None:
    with i18n.using("de"):
        rng = random.Random(7)
        state = board.Game(rounds=1).new_state()
        last = ""
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
            last = state.apply(action).describe(["You", "Bob"])
        assert "Die Runde ist vorbei (" in last and "Die Artefakte bringen " in last, last
        results = board_html.results(state.view(0), ["You", "Bob"])
        assert "Wertungsleiste (kurz)" in results and "Gesamt" in results and "Neues Spiel" in results
        assert "gewinnt!" in results or "Du gewinnst!" in results or "gewinnen gemeinsam!" in results


def test_the_companion_sheet_speaks_german() -> None:
    with i18n.using("de"):
        host = memory_host.MemoryHost(storage={}, seed=1)
        sheet = companion_screen.CompanionSheet()
        scr = screen.Screen(screen_types.REGISTRY["roll"](), host)
        assert sheet.info(scr) == f"Du \u00b7 Zug 1 \u00b7 {i18n.number(sheet.sheet.score())} Punkte"
        sheet._tick("red")
        assert sheet.error == ""
        assert sheet.log == ["Jemand anderes hat die Brücke Rot zuerst überquert: durchgestrichen"]
        sheet._tick("red")
        assert sheet.error == "Die Brücke Rot ist schon durchgestrichen."
        sheet._tap("box:red:1")
        assert sheet.error == "Gib zuerst das gewählte Paar ein: seine Farbe und seine Zahl."
        with pytest.raises(session.SaveError, match="es ist kein Begleit-Zettel"):
            sheet.load(scr, '{"format": "x"}')


def test_the_companion_sheet_screen_speaks_only_catalog_words() -> None:
    """The companion's whole screen in the pseudo-language: its status, the entry pad, the bridge
    ticks, Undo and Final score, an acceleration chain, a refusal, and the final score's page."""
    with i18n.using(PSEUDO):
        table = test_companion_screen.opened("Ann")  # a name of the pseudo-language checks' allowed ones
        assert_translated(everything_shown(table.host), "the companion sheet")
        table.enter("orange", 1, box="orange-1")
        table.enter("red", 1, box="red-1")
        table.enter("red", 1, box="red-2")
        table.enter("red", 2, box="red-3")  # an arrow: the acceleration question
        assert table.doc.sheet.is_accelerating()
        assert_translated(everything_shown(table.host), "the companion's acceleration")
        table.click(target="pick", **{"pick-colour": "blue"})  # refused: the acceleration comes first
        assert table.doc.error
        assert_translated(everything_shown(table.host), "a refusal of the companion")
        table.click(target="accelerate", accelerate="blue")
        table.click(target="tick", bridge="green")
        assert_translated(everything_shown(table.host), "the companion after a tick")
        table.click("finish")
        assert_translated(everything_shown(table.host), "the companion's final score")


def test_the_companion_sheet_told_in_another_language_keeps_its_sheet_and_drops_its_lines() -> None:
    """After a language switch the sheet is drawn again from its save: its entries stay, the lines of its
    latest entries (told in the other language) are not shown."""
    with i18n.using("de"):
        table = test_companion_screen.opened("Ann")
        table.enter("green", 4, box="green-1")
        assert table.doc.log and table.doc.log[-1].startswith("Zug 1")
        saved = dict(table.host.storage)
    with i18n.using("en"):
        again = test_companion_screen.Sheet(dict(saved))
        assert again.phase == "companion" and again.doc.entries == 1 and again.doc.log == []
        assert again.stored().expedition(roll.Colour.GREEN) == (4,)
        again.enter("red", 3, box="red-1")
        assert len(again.doc.log) == 1 and again.doc.log[0].startswith("Turn 2: ")
    with i18n.using("de"):
        kept = test_companion_screen.Sheet(dict(saved))
        assert kept.doc.log and kept.doc.log[-1].startswith("Zug 1")  # the same language: kept


def test_the_board_setup_names_you_in_german_and_reads_it_back() -> None:
    """The setup form shows the seat of the player named You in the page's language (*Du*), and reads
    *Du* back as that seat: the log then speaks to the player (*Du beginnst*), not of somebody named Du."""
    with i18n.using("de"):
        form = board_html.setup_form()
        assert 'name="name1" maxlength="20" value="Du"' in form and 'value="You"' not in form
        setup = session.setup_from_form("board", {"seat1": "human", "name1": "Du", "seat2": "easy", "name2": ""})
        assert [seat.name for seat in setup.seats] == [api.YOU, "Computer"]
    assert session.setup_from_form("board", {"seat1": "human", "name1": "Du", "seat2": "easy"}).seats[0].name == "Du"
