"""Roll & Write bots: legal actions only, sensible choices, reproducibility, slicing."""

from __future__ import annotations

import random
import typing

import pytest

from lostcities import api, bots, errors, roll, search
from lostcities.roll import ai as roll_ai
from tests.core.test_roll import make_sheet, scenario, sheet_before_arrow
from tests.core.test_search import Meter, Ticker, slices

R, ORANGE, Y, G, B, P = roll.COLOURS


def quick_hard(iterations: int = 40) -> bots.Bot:
    return roll_ai.bot("hard", time_budget=30.0, iterations=iterations)


def choose(bot: bots.Bot, state: roll.State, seed: int = 0) -> str:
    action = bots.choose(bot, state.view(state.current_player), random.Random(seed))
    assert state.is_legal(action)
    return action.notation()


def test_levels() -> None:
    assert roll_ai.bot("easy").name == "easy"
    assert roll_ai.bot("hard").name == "hard"
    with pytest.raises(ValueError):
        roll_ai.bot("medium")
    with pytest.raises(ValueError):
        roll_ai.bot("hard", iterations=0)


@pytest.mark.parametrize("players,in_sequence", [(1, False), (2, False), (3, False), (4, True)])
def test_bots_play_only_legal_actions(players: int, in_sequence: bool) -> None:
    rng = random.Random(players)
    game = roll.Game(players=players, in_sequence=in_sequence)
    seats = [roll_ai.bot("easy"), quick_hard(2)] * 3
    for _ in range(2 if players < 3 else 1):
        # bots.play applies every action checked: an illegal one raises
        assert bots.play(game.new_state(), seats, rng).is_terminal()


def test_thinking_is_sliced_and_returns_a_legal_action() -> None:
    state = roll.Game(players=2).new_game(random.Random(5))
    clock = Ticker(0.002)  # counted, not timed: 2 ms at every reading of the clock
    thinking = roll_ai.bot("hard", time_budget=0.05, clock=clock).think(state.view(0), random.Random(1))
    counts, action = slices(thinking)
    assert clock.now <= 0.05 + 3 * 0.002, clock.now
    assert len(counts) - 1 >= 2 and state.is_legal(action)


def test_hard_bot_is_reproducible_with_an_iteration_cap() -> None:
    rng = random.Random(11)
    state = roll.Game(players=3).new_game(rng)
    for _ in range(12):
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots.choose(roll_ai.bot("easy"), state.view(state.current_player), rng))
    if state.is_chance():
        state.apply(state.sample_chance(rng))
    picks = {choose(quick_hard(6), state, seed=42) for _ in range(3)}
    assert len(picks) == 1


def test_bots_do_not_exhaust_themselves_needlessly() -> None:
    state = scenario([make_sheet({R: [2, 2, 3]}, dice=8), make_sheet()], roll_text="roll red green blue 3 5 8")
    for bot in (roll_ai.bot("easy"), quick_hard()):
        assert choose(bot, state) != "refuse"


def test_bots_continue_cheaply_rather_than_jump() -> None:
    state = scenario([make_sheet({R: [3, 3, 3, 3], G: [1, 2]}), make_sheet()],
                     roll_text="roll red green purple 3 9 9")
    for bot in (roll_ai.bot("easy"), quick_hard()):
        assert choose(bot, state) in ("take red 3", "take green 3")


def test_bots_claim_a_top_artefact() -> None:
    full = [1, 1, 2, 2, 3, 3, 4, 4, 9]
    sheet = make_sheet({B: full, R: full, ORANGE: full[:8]}, dice=8)
    assert sheet.artefacts == 6  # the top artefact passes the artefact bridge
    state = scenario([sheet, make_sheet()], roll_text="roll blue purple purple 9 9 9")
    for bot in (roll_ai.bot("easy"), quick_hard()):
        assert choose(bot, state) == "take blue 9 top"


def test_bots_pass_an_open_bridge() -> None:
    six = [1, 1, 2, 2, 3, 3]
    state = scenario([make_sheet({Y: six}), make_sheet({Y: [1, 1, 1, 1, 1]})],
                     roll_text="roll yellow purple purple 4 8 9")
    assert choose(roll_ai.bot("easy"), state) == "take yellow 4"
    assert choose(quick_hard(), state).startswith("take yellow")


def test_bots_use_an_acceleration() -> None:
    sheet, _ = sheet_before_arrow(R, 2)
    for _ in range(6):
        sheet.fast_write(G.index, 2)
        sheet.accelerating = False
    state = scenario([sheet, make_sheet()], roll_text="roll red orange orange 2 8 9")
    state.apply("take red 2")
    assert state.current_player == 0 and state.sheets[0].is_accelerating()
    for bot in (roll_ai.bot("easy"), quick_hard()):
        assert choose(bot, state) != "accelerate none"


def test_hard_bot_sees_only_its_view() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green blue 1 2 3")
    state.apply("take red 1")
    state.apply("take green 2")
    view = state.view(2)
    assert view.hidden == (1,)
    action = bots.choose(quick_hard(4), view, random.Random(3))
    assert state.is_legal(action)


def test_value_tables_are_sane() -> None:
    ev = roll_ai.evaluator(2)
    table = ev.table(20)[1][0]
    # a low top number is worth more than a high one; more boxes are worth more
    assert table[4 * 11 + 2] > table[4 * 11 + 9]
    assert table[6 * 11 + 5] > table[3 * 11 + 5]
    assert ev.table(0)[1][0][9 * 11 + 10] == 50
    assert roll_ai.turns_left(roll.Game().new_state().sheets, roll_ai.Weights(), 0) >= 10


def test_playout_finishes_a_game() -> None:
    state = roll.Game(players=2).new_game(random.Random(2))
    policy = roll_ai.Policy(roll_ai.evaluator(2))
    scores = roll_ai.playout(state.clone(), policy, random.Random(1))
    assert len(scores) == 2 and all(isinstance(s, int) for s in scores)
    assert state.current_player != api.TERMINAL


def test_a_short_search_keeps_the_greedy_choice() -> None:
    rng = random.Random(8)
    greedy = roll_ai.EasyBot(roll_ai.Weights())
    short = roll_ai.bot("hard", time_budget=30.0, iterations=3)
    checked = 0
    state = roll.Game(players=2).new_state()
    while not state.is_terminal() and checked < 40:
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(state.current_player)
        expected = bots.choose(greedy, view, random.Random(1))
        assert bots.choose(short, view, random.Random(1)) == expected
        state.apply(expected)
        checked += 1
    assert checked == 40


def test_playout_from_the_middle_of_an_acceleration_chain() -> None:
    red_arrow = roll.data.ARROW_BOXES["red"][0]
    green_arrow = roll.data.ARROW_BOXES["green"][0]
    sheet = make_sheet({R: [2] * (red_arrow - 1), G: [3] * (green_arrow - 1)})
    state = scenario([sheet, make_sheet()], roll_text="roll red orange yellow 2 5 8")
    state.apply("take red 5")
    state.apply("accelerate green")
    assert state.sheets[0].is_accelerating()
    probe = state.clone()
    roll_ai.finish_turn(probe, roll_ai.Policy(roll_ai.evaluator(2)))
    assert probe.phase is roll.Phase.ROLL and not any(s.is_accelerating() for s in probe.sheets)
    assert len(roll_ai.playout(state.clone(), roll_ai.Policy(roll_ai.evaluator(2)), random.Random(1))) == 2


class Work:
    """Meters the hard bot's play-outs (a clock moved one unit by each) and
    the value tables computed; patch it in with :meth:`install`."""

    def __init__(self) -> None:
        self.clock = Meter()
        self.tables = Meter()

    def done(self) -> int:
        return len(self.clock.started) + len(self.tables.started)

    def install(self, monkeypatch: pytest.MonkeyPatch, fresh_tables: bool = False) -> None:
        monkeypatch.setattr(roll_ai, "playout", self.clock.wrap(roll_ai.playout))
        monkeypatch.setattr(roll_ai.Evaluator, "_extend", self.tables.wrap(roll_ai.Evaluator._extend))
        if fresh_tables:
            monkeypatch.setattr(roll_ai, "_EVALUATORS", {})


def slice_work(bot: bots.Bot, view: api.View, work: Work) -> tuple[list[int], typing.Any]:
    """The work done in each slice of ``bot``'s decision (the last one: after its last yield)."""
    return slices(bot.think(view, random.Random(4)), work.done)


def test_hard_ends_a_decision_within_its_budget_and_one_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    state = roll.Game(players=3).new_game(random.Random(6))
    view = state.view(state.current_player)
    for budget in (1.0, 4.0, 13.5):
        work = Work()
        work.install(monkeypatch)
        bot = roll_ai.HardBot(time_budget=budget, clock=work.clock)
        action = bots.choose(bot, view, random.Random(7))
        assert state.is_legal(action)
        assert all(start < budget for start in work.clock.started)
        assert budget <= work.clock.now < budget + 1.0, (budget, work.clock.now)


def test_every_slice_does_one_playout_or_one_table_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    state = roll.Game(players=2).new_game(random.Random(8))
    view = state.view(state.current_player)
    work = Work()
    work.install(monkeypatch, fresh_tables=True)
    # the easy bot's first decision computes the value tables, one per slice
    counts, action = slice_work(roll_ai.bot("easy"), view, work)
    assert state.is_legal(action)
    assert len(work.tables.started) >= 20 and not work.clock.started
    assert max(counts) <= 1 and sum(counts) == len(work.tables.started) and counts[-1] == 0
    # later decisions reuse them and decide at once
    assert slice_work(roll_ai.bot("easy"), view, work)[0] == [0]
    # the hard bot, tables not computed yet: tables first, then play-outs
    work = Work()
    work.install(monkeypatch, fresh_tables=True)
    counts, action = slice_work(roll_ai.bot("hard", time_budget=None, iterations=10), view, work)
    assert state.is_legal(action)
    assert len(work.tables.started) >= 20 and len(work.clock.started) >= 20
    assert max(counts) <= 1 and sum(counts) == work.done() and counts[-1] == 0


def test_levels_and_their_errors() -> None:
    assert roll.Game.bot_levels == roll_ai.LEVELS
    assert [roll_ai.bot(level).name for level in roll_ai.LEVELS] == list(roll_ai.LEVELS)
    assert isinstance(roll_ai.bot("hard"), roll_ai.HardBot) and isinstance(roll_ai.bot("easy"), roll_ai.EasyBot)
    with pytest.raises(errors.InvalidOptionError, match="'medium'"):
        roll_ai.bot("medium")
    for options in ({"iterations": 0}, {"time_budget": None, "budget": None}, {"time_budget": 0.0}, {"budget": 0}):
        with pytest.raises(errors.InvalidOptionError):
            roll_ai.bot("hard", **options)
    state = roll.Game(players=2).new_game(random.Random(1))
    for level in roll_ai.LEVELS:
        with pytest.raises(errors.WrongTurnError):
            bots.choose(roll_ai.bot(level), state.view(1 - state.current_player), random.Random(0))


def test_hard_spends_its_budget_of_play_out_turns_and_is_reproducible_without_a_clock() -> None:
    state = roll.Game(players=1).new_game(random.Random(4))
    view = state.view(0)
    picks = []
    for _ in range(2):
        hard = roll_ai.bot("hard", time_budget=None, budget=600)
        assert isinstance(hard, roll_ai.HardBot)
        picks.append((bots.choose(hard, view, random.Random(9)), hard.last_work))
    assert picks[0] == picks[1]
    assert 600 <= picks[0][1] < 600 + 100  # one play-out past the budget at most (a game lasts < 100 turns)
    assert roll_ai.bot("hard").budget == roll_ai.BUDGET  # type: ignore[attr-defined]


def test_hard_plays_alone_with_the_solo_weights() -> None:
    assert roll_ai.hard_weights(1) is roll_ai.SOLO_WEIGHTS and roll_ai.hard_weights(3) == roll_ai.Weights()
    state = roll.Game(players=1).new_game(random.Random(4))
    seen = []
    real = roll_ai._policy

    def spy(view: api.View, weights: roll_ai.Weights | None) -> typing.Any:
        v, policy = yield from real(view, weights)
        seen.append(policy.weights)
        return v, policy

    confidences = []

    class Racing(search.Racing):
        def __init__(self, anchor: int, confidence: float) -> None:
            confidences.append(confidence)
            super().__init__(anchor, confidence)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(roll_ai, "_policy", spy)
        patch.setattr(search, "Racing", Racing)
        bots.choose(roll_ai.bot("hard", time_budget=None, budget=50), state.view(0), random.Random(0))
        two = roll.Game(players=2).new_game(random.Random(4))
        bots.choose(roll_ai.bot("hard", time_budget=None, budget=50), two.view(two.current_player), random.Random(0))
    assert seen == [roll_ai.SOLO_WEIGHTS, roll_ai.Weights()]
    assert confidences == [roll_ai.SOLO_CONFIDENCE, 1.0]


def test_the_value_estimate_with_no_turn_left_is_the_score() -> None:
    rng = random.Random(3)
    for players in (1, 2):
        policy = roll_ai.Policy(roll_ai.evaluator(players, roll_ai.hard_weights(players)))
        policy.look_ahead(0)
        state = roll.Game(players=players).new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            for sheet in state.sheets:
                assert policy.value(sheet) == sheet.score()
            state.apply(bots.choose(roll_ai.bot("easy"), state.view(state.current_player), rng))
    odd = make_sheet({R: [1, 2, 2, 3, 4, 5, 6, 7, 8]}, circles=[R, G], tops=[R], dice=9)
    assert policy.value(odd) == odd.score()


def test_the_value_estimate_prices_a_refusal_as_the_greedy_does() -> None:
    policy = roll_ai.Policy(roll_ai.evaluator(1, roll_ai.SOLO_WEIGHTS))
    for turns in (1, 4, 30):
        policy.look_ahead(turns)
        for dice in range(roll.data.DICE_SYMBOLS):
            sheet = make_sheet({R: [2, 3]}, dice=dice)
            refused = sheet.copy()
            refused.fast_refuse()
            assert policy.value(refused) - policy.value(sheet) == pytest.approx(policy.refuse_gain(sheet))


def test_a_short_playout_ends_in_the_value_estimate() -> None:
    state = roll.Game(players=1).new_game(random.Random(2))
    policy = roll_ai.Policy(roll_ai.evaluator(1, roll_ai.SOLO_WEIGHTS))
    played = state.clone()
    work = [0]
    estimate = roll_ai.playout(played, policy, random.Random(1), 3, work)
    assert work == [4] and not played.is_terminal()
    policy.prepare(played.sheets, played.turn)
    assert estimate == [policy.value(played.sheets[0])]
    finished = roll_ai.playout(state.clone(), policy, random.Random(1), roll_ai.WHOLE_GAME)
    assert all(isinstance(s, int) for s in finished) and finished != estimate


def test_hard_plays_out_a_few_turns_alone_and_whole_games_with_others(monkeypatch: pytest.MonkeyPatch) -> None:
    depths = []
    real = roll_ai.playout

    def spy(state: roll.State, policy: roll_ai.Policy, rng: random.Random, max_turns: int = roll_ai.WHOLE_GAME,
            work: list[int] | None = None) -> list[float]:
        depths.append(max_turns)
        return real(state, policy, rng, max_turns, work)

    monkeypatch.setattr(roll_ai, "playout", spy)
    for players, depth in ((1, None), (2, None), (1, roll_ai.WHOLE_GAME), (2, 5)):
        state = roll.Game(players=players).new_game(random.Random(4))
        depths.clear()
        bots.choose(roll_ai.HardBot(time_budget=None, budget=200, depth=depth), state.view(state.current_player),
                    random.Random(0))
        expected = depth or (roll_ai.SOLO_DEPTH if players == 1 else roll_ai.WHOLE_GAME)
        assert depths and set(depths) == {expected}
    with pytest.raises(ValueError, match="depth=0"):
        roll_ai.HardBot(depth=0)
