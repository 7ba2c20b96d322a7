"""The table features every game shares, on the generic screen with the in-memory host:
the move log, the replay, Suggest a move, Undo, statistics, the rules pages, the menu's
entries and the hints-and-undo agreement.  Every input is a click."""

from __future__ import annotations

import json
import random
import re
import typing

import pytest

import board_screen
import card_screen
import memory_host
import roll_screen
import screen
import screen_types
from lostcities import api, bots, card, errors, roll, session
from lostcities.ui import games, rules_summary, stats

SAVE = "lostcities:card:save"


class Table:
    """A mounted screen of one game on a :class:`memory_host.MemoryHost`."""

    def __init__(self, adapter: typing.Any = None, storage: dict[str, str] | None = None, seed: int = 1) -> None:
        self.storage: dict[str, str] = {} if storage is None else storage
        self.host = memory_host.MemoryHost(storage=self.storage, seed=seed)
        self.screen = screen.Screen(adapter or card_screen.CardAdapter(), self.host)
        self.screen.mount()
        self.host.run()
        assert self.host.root is not None
        self.root = self.host.root

    @property
    def session(self) -> session.Session:
        assert self.screen.session is not None
        return self.screen.session

    @property
    def phase(self) -> str:
        return self.root.data["phase"]

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        self.root.click(action, target, **data)
        self.host.run()

    def start(self, **form: str) -> None:
        self.root.form = dict(form)
        self.click("start")

    def html(self) -> str:
        return self.root.html()

    def card_move(self, action: card.Play | card.Discard | card.Draw) -> None:
        if isinstance(action, card.Draw):
            if action.colour is None:
                self.click(target="deck")
            else:
                self.click(target="pile", colour=action.colour.letter)
            return
        self.click(target="hand", card=action.card.id)
        self.click(target="column" if isinstance(action, card.Play) else "discard", colour=action.card.colour.letter)


def offered(table: Table) -> str:
    """What the person may use as the game stands: the turn's tools on the table that can act now
    (suggest, undo, moves), then the menu's entries (replay...), the menu closed again."""
    tools = re.sub(r'<button[^>]*aria-disabled="true"[^>]*>.*?</button>', "", table.root.regions.get("toolbar", ""))
    table.click("menu")
    html = table.html()
    table.click("close-menu")
    return tools + html


def card_table(**form: str) -> Table:
    table = Table()
    table.start(**{"opponent": "easy", "games": "1", "pace": "instant", **form})
    return table


def near_end_save(seed: int = 5, games: int = 1) -> str:
    """A card game against the easy computer with one card left in the draw pile, the person to play
    (in a match of ``games``, the first game's end)."""
    setup = session.Setup.create("card", [session.Seat("You"), session.Seat("Computer", "easy")], {"games": games},
                                 {"pace": "instant"})
    current = session.Session.new(setup, random.Random(seed))
    rng = random.Random(seed)
    state = current.state
    assert isinstance(state, card.State)
    while not (state.current_player == 0 and state.step is card.Step.PLAY and state.view(0).draw_pile_size == 1):
        current.apply(rng.choice(state.legal_actions()))
    return current.to_text()


def finish_card_game(table: Table) -> None:
    """From :func:`near_end_save`: discard, then draw the last card."""
    state = table.session.state
    discard = next(a for a in state.legal_actions() if isinstance(a, card.Discard))
    table.card_move(discard)
    table.card_move(card.Draw(None))
    assert table.session.state.is_terminal() and table.phase == "over"


# -- the move log -------------------------------------------------------------------------------


def test_the_moves_toggle_opens_the_log_newest_first_under_the_table() -> None:
    table = card_table()
    assert 'data-action="moves"' in offered(table) and table.root.regions["moves"] == ""
    assert table.root.regions["tools"] == "" and 'data-action="moves"' in table.root.regions["toolbar"], (
        "the turn's tools are on the table, one tap each")
    table.click("menu")
    assert 'data-action="moves"' not in table.html() and table.root.regions["toolbar"] == "", "not in the menu"
    table.click("close-menu")
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    table.click("moves")  # one tap on the table: the log opens under the table
    assert table.phase == "draw"
    panel = table.root.regions["moves"]
    lines = re.findall(r"<li>(.*?)</li>", panel)
    assert lines == [entry["text"] for entry in reversed(table.session.log)]
    assert lines[0].startswith("You discarded") and "lc-moves-open" in table.root.classes
    assert 'aria-expanded="true"' in panel and "Hide the moves" in offered(table)
    table.click("moves")  # the panel's own Hide button
    assert table.root.regions["moves"] == "" and "lc-moves-open" not in table.root.classes


def test_every_game_has_the_shared_log_and_roll_and_write_no_longer_its_own() -> None:
    for adapter, form in ((roll_screen.RollAdapter(), {"mode": "solo"}),
                          (board_screen.BoardAdapter(), {"seat1": "human", "seat2": "easy", "pace": "instant"})):
        table = Table(adapter)
        table.start(**form)
        if game_is_roll(table):
            table.click("roll")
        assert table.session.log, adapter
        assert "rw-log" not in table.html() and f"Moves ({len(table.session.log)})" in offered(table)


def game_is_roll(table: Table) -> bool:
    return isinstance(table.session.state, roll.State)


# -- the replay ---------------------------------------------------------------------------------


def test_the_replay_steps_through_the_record_with_every_hand_shown() -> None:
    table = Table(storage={SAVE: near_end_save()})
    finish_card_game(table)
    record = table.session.state.record()
    assert 'data-action="replay"' in offered(table)
    table.click("menu")
    table.click("replay")
    assert table.phase == "replay" and table.root.regions["tools"] == table.root.regions["toolbar"] == ""
    first = table.session.replay_start()
    assert first == 1 and "The start of the game" in table.html()

    def shown_hands() -> list[set[str]]:
        return [set(re.findall(r'data-card="([^"]+)"', part.split("</div>")[0]))
                for part in table.html().split('class="lc-replay-hand"')[1:]]

    for step in (first + 1, first + 2):
        table.click("replay-next")
        expected = api.Record(record.game, record.actions[:step], record.start).replay()
        assert isinstance(expected, card.State)
        assert f'data-step="{step - first}"' in table.html()
        assert shown_hands() == [{c.id for c in expected.view(p).hand} for p in (0, 1)]
        event = api.Record(record.game, record.actions[:step - 1], record.start).replay().apply(
            record.actions[step - 1])
        assert lc_escape(event.describe(table.session.names)) in table.html()
    table.click("replay-last")
    assert f'data-step="{len(record.actions) - first}"' in table.html()
    table.click("replay-next")  # nothing past the end
    assert f'data-step="{len(record.actions) - first}"' in table.html()
    table.click("replay-prev")
    assert f'data-step="{len(record.actions) - first - 1}"' in table.html()
    table.click("replay-first")
    assert 'data-step="0"' in table.html()
    table.click("close-replay")
    assert table.phase == "over" and table.session.state.is_terminal()


def test_a_match_replays_game_by_game_between_games_and_at_the_end_with_a_slider() -> None:
    table = Table(storage={SAVE: near_end_save(games=3)})
    state = table.session.state
    table.card_move(next(a for a in state.legal_actions() if isinstance(a, card.Discard)))
    table.card_move(card.Draw(None))  # the first game is over; the second is not dealt yet
    assert state.is_chance() and not state.is_terminal()
    table.click("menu")
    assert "Replay the games so far" in table.html()
    table.click("replay")
    assert table.phase == "replay" and 'class="lc-replay-game' not in table.html(), "one game so far"
    steps = len(state.history) - table.session.replay_start()
    assert f'type="range" min="0" max="{steps}"' in table.html()
    table.root.change("replay-to", value="7")
    table.host.run()
    assert 'data-step="7"' in table.html()
    for wrong in ("", "x", "-3", "\u0663", "9" * 9):  # ignored: nothing moves
        table.root.change("replay-to", value=wrong)
        assert 'data-step="7"' in table.html()
    table.root.change("replay-to", value=str(steps + 50))  # the slider's end at most
    assert f'data-step="{steps}"' in table.html()
    table.click("close-replay")
    # The whole match: a button per game, each to the first position of that game.
    rng = random.Random(2)
    current = table.session
    while not current.state.is_terminal():
        current.apply(random_move(current.state, rng))
    starts = current.game_starts()
    assert len(starts) == 3 and starts[0] == current.replay_start()
    for start in starts[1:]:
        before = current.replay_at(start - 1)
        assert before.is_chance() and not current.replay_at(start).is_chance()
    again = Table(storage={SAVE: current.to_text()})
    again.click("replay")
    assert re.findall(r'data-step="(\d+)"[^>]*>Game (\d)', again.html()) == [
        (str(start - starts[0]), str(n)) for n, start in enumerate(starts, 1)]
    again.click("replay-to", step=str(starts[2] - starts[0]))
    assert f'data-step="{starts[2] - starts[0]}"' in again.html() and 'aria-current="step">Game 3' in again.html()


def lc_escape(text: str) -> str:
    from lostcities.ui import html as lc_html
    return lc_html.esc(text)


def test_replay_positions_draw_in_every_game() -> None:
    for game, seats in (("roll", [session.Seat("You"), session.Seat("Computer", "easy")]),
                        ("board", [session.Seat("You"), session.Seat("Computer", "easy")])):
        setup = session.Setup.create(game, seats)
        current = session.Session.new(setup, random.Random(3))
        rng = random.Random(3)
        while not current.state.is_terminal():
            if current.state.is_chance():
                current.deal(rng)
            else:
                current.apply(rng.choice(current.state.legal_actions()))
        adapter = roll_screen.RollAdapter() if game == "roll" else board_screen.BoardAdapter()
        table = Table(adapter, storage={f"lostcities:{game}:save": current.to_text()})
        table.click("replay")
        table.click("replay-next")
        assert table.phase == "replay" and 'data-step="1"' in table.html()
        table.click("replay-last")
        assert f'data-step="{len(current.state.history) - current.replay_start()}"' in table.html()


# -- suggest a move ---------------------------------------------------------------------------------


class Spy(bots.Bot):
    """A bot that records what it is given and takes a few slices to answer."""

    name = "spy"
    seen: typing.ClassVar[list[object]] = []

    def think(self, view: api.View, rng: random.Random) -> typing.Generator[None, None, api.Action]:
        Spy.seen.append(view)
        for _ in range(3):
            yield
        return view.legal_actions()[-1]


def test_a_suggestion_reads_only_the_view_is_legal_and_is_highlighted(monkeypatch: pytest.MonkeyPatch) -> None:
    table = card_table()
    Spy.seen.clear()
    monkeypatch.setattr(games.Entry, "bot", lambda self, level: Spy())
    table.root.click("hint")
    assert table.screen.hinting and "Thinking" in table.root.regions["toolbar"]
    assert 'aria-pressed="true"' in table.root.regions["toolbar"]
    assert table.host.timers, "the search runs in slices, on timers"
    table.host.run()
    assert len(Spy.seen) == 1 and isinstance(Spy.seen[0], api.View) and not isinstance(Spy.seen[0], api.State)
    assert Spy.seen[0] == table.session.state.view(0)
    hint = table.screen.hint
    assert hint is not None and table.session.state.is_legal(hint)
    assert hint == table.session.state.view(0).legal_actions()[-1]
    assert isinstance(hint, (card.Play, card.Discard))
    assert {"target": "hand", "card": hint.card.id} in table.root.marked
    assert "Suggested move: " in table.root.regions["tools"]
    table.click("hint")  # a second tap clears it
    assert table.screen.hint is None and table.root.marked == [] and "Suggested move" not in table.html()


def test_a_suggestion_is_cancelled_by_a_second_tap_and_cleared_by_any_move() -> None:
    table = card_table()
    table.root.click("hint")
    table.root.click("hint")  # stop while it thinks
    table.host.run()
    assert table.screen.hint is None and not table.screen.hinting
    table.click("hint")
    assert table.screen.hint is not None
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    assert table.screen.hint is None and table.root.marked == []


def test_the_real_hard_computer_suggests_a_legal_move_in_roll_and_write() -> None:
    table = Table(roll_screen.RollAdapter())
    table.start(mode="solo")
    table.click("roll")
    table.click("hint")
    hint = table.screen.hint
    assert hint is not None and table.session.state.is_legal(hint)
    assert table.root.marked and ("Suggested move" in table.html())


# -- undo --------------------------------------------------------------------------------------


def test_undo_restores_exactly_the_state_before_a_play_and_not_a_draw() -> None:
    table = card_table()
    before = table.session.state.to_dict()
    log = list(table.session.log)
    assert 'data-action="undo-move"' not in offered(table)
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    assert 'data-action="undo-move"' in offered(table)
    table.click("menu")
    table.click("undo-move")
    assert table.session.state.to_dict() == before and table.session.log == log
    assert json.loads(table.storage[SAVE])["state"] == before, "the undone state is saved"
    assert table.phase == "play" and 'data-action="undo-move"' not in offered(table)
    # A draw from the draw pile showed a card: never undone (and the computer has moved since).
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    table.card_move(card.Draw(None))
    moves = len(table.session.state.history)
    assert not table.session.can_undo()
    table.click("undo-move")
    assert len(table.session.state.history) == moves


def test_undo_after_a_reload_rebuilds_the_state_from_the_record() -> None:
    table = card_table()
    before = table.session.state.to_dict()
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    again = Table(storage=table.storage)  # a reload: no copy of the earlier state in memory
    assert again.session.can_undo() and 'data-action="undo-move"' in offered(again)
    again.click("undo-move")
    assert again.session.state.to_dict() == before


def test_undo_is_refused_where_it_would_reveal_or_undo_a_computer() -> None:
    setup = session.Setup.create("card", [session.Seat("You"), session.Seat("Computer", "easy")], {"games": 1})
    current = session.Session.new(setup, random.Random(2))
    assert current.undo_state() is None  # the last action is the deal: chance
    play = next(a for a in current.state.legal_actions() if isinstance(a, card.Discard))
    current.apply(play)
    assert current.undo_state() is not None
    current.apply(card.Draw(None))  # a card nobody had seen; and the computer is to act
    assert current.undo_state() is None
    with pytest.raises(errors.IllegalActionError, match="no move of yours"):
        current.undo()
    current.apply(current.state.legal_actions()[0])  # the computer's play
    assert current.undo_state() is None, "a computer's move is never taken back"
    # Roll & Write, three players choosing at once: the last choice of a turn shows the hidden ones.
    state = roll.Game(players=3).new_state()
    state.apply("roll red green green 3 0 9")
    state.apply("take green 3")
    assert state.can_undo(roll.parse_action("take red 9"))  # player 1: nothing hidden from them yet
    state.apply("take red 9")
    assert not state.can_undo(roll.parse_action("take red 9"))  # player 2 would see player 1's choice
    assert not state.can_undo(roll.parse_action("roll red red red 1 2 3"))


def test_undo_of_a_roll_and_write_choice_keeps_the_dice() -> None:
    table = Table(roll_screen.RollAdapter())
    table.start(mode="solo")
    table.click("roll")
    rolled = table.session.state.to_dict()
    take = next(a for a in table.session.state.legal_actions() if isinstance(a, roll.Take))
    table.session.apply(take)  # as a click would (the screen's act)
    table.screen.render()
    assert table.session.can_undo()
    table.click("undo-move")
    assert table.session.state.to_dict() == rolled  # the same dice, not a new roll


def test_hints_and_undo_are_off_in_pass_and_play_unless_all_agreed() -> None:
    table = Table()
    table.start(opponent="human", games="1")
    table.click("ready")
    assert 'data-action="hint"' not in offered(table)
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    assert not table.session.can_undo() and 'data-action="undo-move"' not in offered(table)
    table.click("menu")
    table.click("confirm-new")
    table.click("new-match")
    assert table.phase == "setup" and 'name="assist"' in table.html()
    table.start(opponent="human", games="1", assist="1")
    assert table.session.setup.pref(session.ASSIST) == "1"
    table.click("ready")
    assert 'data-action="hint"' in offered(table)
    table.card_move(next(a for a in table.session.state.legal_actions() if isinstance(a, card.Discard)))
    assert 'data-action="undo-move"' in offered(table)
    # One person against the computer: the agreement is not asked and not stored.
    solo = card_table(assist="1")
    assert solo.session.setup.pref(session.ASSIST) == "" and solo.session.assists()


# -- statistics ---------------------------------------------------------------------------------


def test_a_finished_game_is_counted_once_even_after_reloads() -> None:
    storage = {SAVE: near_end_save()}
    table = Table(storage=storage)
    finish_card_game(table)
    kept = stats.load(storage[stats.KEY])
    line = kept.line("card", "easy")
    scores = table.session.state.scores()
    assert (line.played, line.best, line.recent) == (1, scores[0], (scores[0],))
    assert line.won == int(table.session.state.winners() == [0]) and kept.has(table.session.id)
    again = Table(storage=storage)  # reload the finished game: restored, not counted again
    assert again.phase == "over" and stats.load(storage[stats.KEY]) == kept
    again.click("menu")
    again.click("stats")
    assert again.phase == "stats" and 'data-level="easy"' in again.html() and "<svg" in again.html()
    again.click("close-sheet")
    assert again.phase == "over"


def random_move(state: api.State, rng: random.Random) -> api.Action:
    return state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())


def test_each_game_of_a_match_counts_as_a_game_when_it_ends() -> None:
    storage = {SAVE: near_end_save(games=3)}
    table = Table(storage=storage)
    state = table.session.state
    assert isinstance(state, card.State)
    discard = next(a for a in state.legal_actions() if isinstance(a, card.Discard))
    table.card_move(discard)
    table.card_move(card.Draw(None))
    assert not state.is_terminal() and len(state.results) == 1
    first = state.results[0].scores
    kept = stats.load(storage[stats.KEY])
    line = kept.line("card", "easy")
    assert (line.played, line.total, line.won) == (1, first[0], int(first[0] > first[1]))
    assert kept.ids == (f"{table.session.id}/1",), "the game, not the match, is counted"
    again = Table(storage=storage)  # reloaded between games: counted once
    assert stats.load(storage[stats.KEY]) == kept and again.session.id == table.session.id


def test_a_whole_match_counts_its_games_and_a_match_counted_whole_before_is_not_counted_again() -> None:
    setup = session.Setup.create("card", [session.Seat("Computer", "hard"), session.Seat("You")], {"games": 3})
    current = session.Session.new(setup, random.Random(11))
    rng = random.Random(11)
    counted = stats.Stats()
    while not current.state.is_terminal():
        current.apply(random_move(current.state, rng))
        counted = stats.add_outcomes(counted, current)
    state = current.state
    assert isinstance(state, card.State)
    mine = [result.scores[1] for result in state.results]
    line = counted.line("card", "hard")
    assert (line.played, line.recent, line.total) == (3, tuple(mine), sum(mine)) and sum(mine) == state.scores()[1]
    assert line.won == sum(1 for result in state.results if result.scores[1] > result.scores[0])
    assert counted.ids == tuple(f"{current.id}/{n}" for n in (1, 2, 3))
    assert stats.add_outcomes(counted, current) == counted
    old = stats.Stats().add("card", "hard", state.scores()[1], state.winners() == [1], current.id)
    assert stats.add_outcomes(old, current) == old, "counted as one match by an earlier release"
    single = session.Session.new(session.Setup.create("roll", [session.Seat("You")]), random.Random(3))
    assert stats.outcomes(single) == [] and single.state.finished() == ()


def test_a_game_against_a_mix_of_computers_is_filed_under_the_mix() -> None:
    seats = [session.Seat("Computer", "hard"), session.Seat("You"), session.Seat("Computer", "easy")]
    current = session.Session.new(session.Setup.create("board", seats), random.Random(4))
    rng = random.Random(4)
    while not current.state.is_terminal():
        current.apply(random_move(current.state, rng))
    counted = stats.add_outcomes(stats.Stats(), current)
    assert [(x.level, x.played, x.recent) for x in counted.lines] == [
        ("easy+hard", 1, (current.state.scores()[1],))]
    assert counted.line("board", "hard").played == 0 and counted.ids == (current.id,)
    both = counted.add("board", "hard", 5, True, "other").add("board", "medium+medium+medium", 9, False, "x")
    page = stats.page(both, list(api.games().values()))
    rows = re.findall(r'<tr data-level="([^"]+)"><th scope="row">([^<]+)</th>', page)
    assert rows == [("hard", "Computer, hard"), ("easy+hard", "Computers: easy, hard"),
                    ("medium+medium+medium", "3 computers, medium")]
    assert stats.load(both.to_text()) == both


@pytest.mark.parametrize("damaged", ['{"format": "lostcities.stats", "version": 1, "lines": 7, "ids": []}',
                                     '{"format": "lostcities.stats", "version": 1, "lines": []}', "[" * 50_000])
def test_damaged_statistics_are_set_aside_in_plain_words_and_the_game_goes_on(damaged: str) -> None:
    storage = {SAVE: near_end_save(), stats.KEY: damaged}
    table = Table(storage=storage)
    finish_card_game(table)
    assert storage[stats.DAMAGED_KEY] == damaged
    assert stats.load(storage[stats.KEY]).line("card", "easy").played == 1
    assert ("error", stats.SET_ASIDE) in table.host.notices


def test_statistics_with_storage_off_do_not_stop_the_game() -> None:
    host = memory_host.MemoryHost(storage=None, seed=1)
    scr = screen.Screen(card_screen.CardAdapter(), host)
    scr.mount()
    scr.start(session.load(near_end_save(), "card"))
    table = Table.__new__(Table)
    table.host, table.screen, table.storage = host, scr, {}
    assert host.root is not None
    table.root = host.root
    finish_card_game(table)
    table.click("menu")
    table.click("stats")
    assert "No finished game" in table.html() and table.phase == "stats"


# -- rules and the menu -------------------------------------------------------------------------


def test_every_game_has_a_rules_page_and_the_menu_opens_it_over_the_game() -> None:
    for name, entry in games.entries().items():
        page = rules_summary.page(entry.summary)
        assert "<h2>" in page and 'href="#' + name + '"' in page and "Lost Cities:" not in page
    table = card_table()
    table.click("menu")
    entries = re.findall(r'<li><button[^>]*data-action="([^"]+)"', table.html())
    assert entries == ["close-menu", "confirm-new", "rules", "stats", "sound"]  # the turn's tools are on the table
    table.click("rules")
    assert table.phase == "rules" and 'data-rules="card"' in table.html() and "wager" in table.html()
    assert table.root.focus_data == {"action": "close-sheet"}
    view = typing.cast(card.View, table.session.state.view(0))
    table.click(target="hand", card=view.hand[0].id)  # the table is not under it
    assert table.phase == "rules"
    table.click("close-sheet")
    assert table.phase == "play" and "lc-table" in table.html()


def test_statistics_store_round_trips_and_rejects_damage() -> None:
    kept = stats.Stats().add("roll", "solo", 80, False, "a").add("roll", "solo", 95, False, "b")
    assert stats.load(kept.to_text()) == kept
    for damaged in ("{", "[]", '{"format": "x"}', kept.to_text().replace('"played":2', '"played":-1')):
        with pytest.raises(stats.StatsError):
            stats.load(damaged)
    assert stats.level_of(session.Setup.create("roll", [session.Seat("You")])) == stats.SOLO
    html = stats.page(kept, list(api.games().values()))
    assert "Solo" in html and html.count("<svg") == 1


def test_keyboard_focus_stays_on_the_tools_and_escape_closes_a_page() -> None:
    table = card_table()
    table.click("hint")
    table.root.focus({"action": "hint"})  # the tool on the table, now pressed (Hide the suggestion)
    table.screen.render()
    assert table.root.focus_data == {"action": "hint"} and table.screen.hint is not None
    table.click("hint")  # hidden: the button stays where it is, and so does the keyboard
    assert table.screen.hint is None and table.root.focus_data == {"action": "hint"}
    assert 'aria-pressed="false"' in table.root.regions["toolbar"]
    table.click("menu")
    table.click("rules")
    assert table.root.handler is not None and table.phase == "rules"
    table.root.handler(screen_types.Input("key", key="Escape"))
    assert table.phase == "play"


@pytest.mark.long
@pytest.mark.parametrize("game", ["card", "board", "roll"])
def test_every_position_of_a_record_draws_for_the_replay(game: str) -> None:
    """Each step of a whole random game (a three-game match of the card game: its deals between
    games too) draws with every hand shown."""
    options = {"games": 3} if game == "card" else {}
    setup = session.Setup.create(game, [session.Seat("You"), session.Seat("Computer", "easy")], options)
    current = session.Session.new(setup, random.Random(8))
    rng = random.Random(8)
    while not current.state.is_terminal():
        if current.state.is_chance():
            current.deal(rng)
        else:
            current.apply(rng.choice(current.state.legal_actions()))
    module = games.get(game).renderer
    record = current.state.record()
    state = current.replay_at(current.replay_start())
    for action in record.actions[current.replay_start():]:
        state.apply(action)
        html = module.position(state, current.names)
        shown = html.count("rw-sheet rw-replay-sheet") if game == "roll" else html.count('class="lc-replay-hand"')
        assert shown == 2
    assert state == current.state
