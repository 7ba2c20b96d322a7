"""Rules of the Lost Cities card game: one scenario per rule, saves, views, properties."""

from __future__ import annotations

import copy
import json
import random
import typing

import pytest

from lostcities import api, card, errors
from lostcities.card import positions
from tests.core import playing

C = card.Card.from_id


def ids(cards: typing.Iterable[card.Card]) -> list[str]:
    return [c.id for c in cards]


def make_state(
    hands: tuple[list[str], list[str]],
    columns: tuple[dict[str, list[str]], dict[str, list[str]]] | None = None,
    piles: dict[str, list[str]] | None = None,
    deck: list[str] | None = None,
    deck_size: int | None = None,
    player: int = 0,
    step: str = "play",
    discarded: str | None = None,
    game: card.Game | None = None,
    known: tuple[list[str], list[str]] = ([], []),
) -> card.State:
    """A game-1 position: cards not named go to the draw pile, or (beyond
    ``deck_size``) to the bottom of their discard piles."""
    return positions.build(game or card.Game(games=1), hands=hands, columns=columns or ({}, {}), discard_piles=piles,
                           top=deck or [], deck_size=deck_size, player=player, step=step, discarded=discarded,
                           known=known)


H0 = ["Y7", "Y$1", "B3", "B5", "W10", "G2", "R4", "R$3"]
H1 = ["Y2", "Y3", "B9", "W4", "W5", "G$1", "G8", "R10"]


def assert_illegal(state: card.State, action: str | api.Action, kind: type[errors.GameError], words: str) -> None:
    before = json.dumps(state.snapshot(), sort_keys=True)
    history = state.history
    with pytest.raises(kind) as info:
        state.apply(action)
    assert words in str(info.value)
    assert json.dumps(state.snapshot(), sort_keys=True) == before
    assert state.history == history


# -- cards, options, notation ----------------------------------------------------------


def test_cards_are_unique_with_short_ids_and_evaluable_repr() -> None:
    assert len(card.Game().deck) == 60 and len(card.Game(colours=6).deck) == 72
    all_ids = [c.id for c in card.CARDS]
    assert len(set(all_ids)) == 72
    assert {"Y2", "Y10", "Y$1", "Y$2", "Y$3", "P7"} <= set(all_ids)
    namespace = {"Card": card.Card, "Colour": card.Colour}
    for c in card.CARDS:
        assert eval(repr(c), namespace) == c
        assert C(c.id) is c and card.CARDS[c.index] is c
    assert C("Y$2").is_wager and C("Y$2").value == 0 and C("Y10").value == 10
    with pytest.raises(ValueError):
        C("Y1")
    with pytest.raises(ValueError):
        card.Card(card.Colour.RED, 11)


def test_options_are_validated() -> None:
    assert card.Game.from_options({}) == card.Game(colours=5, games=3, first_player=0)
    game = card.Game(colours=6, games=5, first_player=1)
    assert card.Game.from_options(game.options()) == game
    assert api.game_from_dict(game.to_dict()) == game
    for bad in ({"colours": 4}, {"colours": 7}, {"games": 0}, {"games": 6}, {"first_player": 2},
                {"games": True}, {"colours": "5"}, {"players": 3}):
        with pytest.raises(errors.InvalidOptionError):
            card.Game.from_options(bad)
    variants = card.Game.variants()
    assert card.Game() in variants and card.Game(colours=6, games=1) in variants


def test_notation_round_trips_and_junk_is_malformed() -> None:
    game = card.Game(colours=6)
    texts = ["play Y7", "play Y10", "discard Y$2", "draw", "draw Y", "draw P", "play P$3"]
    for text in texts:
        assert game.parse_action(text).notation() == text
    assert game.parse_action("  PLAY   y7 ") == card.Play(C("Y7"))
    assert game.parse_action("draw yellow") == card.Draw(card.Colour.YELLOW)
    deal = card.Game().new_state().sample_chance(random.Random(1))
    assert card.Game().parse_action(deal.notation()) == deal
    assert deal.notation().startswith("deal ") and len(deal.notation().split()) == 61
    for junk in ["", "jump Y7", "play", "play Y7 B3", "play X9", "play Y1", "play Y11", "draw Q", "draw Y B",
                 "deal", "deal Y7 nonsense"]:
        with pytest.raises(errors.MalformedActionError):
            game.parse_action(junk)
    with pytest.raises(errors.MalformedActionError, match="no purple"):
        card.Game().parse_action("play P5")
    with pytest.raises(errors.MalformedActionError):
        card.Game().parse_action(42)  # type: ignore[arg-type]


# -- dealing ---------------------------------------------------------------------------------


def test_deal_gives_eight_cards_each_and_the_rest_is_the_draw_pile() -> None:
    game = card.Game(games=1)
    state = game.new_state()
    assert state.current_player == api.CHANCE and state.legal_actions() == []
    deal = state.sample_chance(random.Random(5))
    state.apply(deal)
    assert list(state.hand(0)) == list(deal.cards[:8]) and list(state.hand(1)) == list(deal.cards[8:16])
    assert state.draw_pile() == deal.cards[16:] and state.draw_pile_size == 44
    assert state.current_player == 0 and state.step is card.Step.PLAY and state.game_number == 1
    state.apply("discard " + deal.cards[0].id)
    state.apply("draw")
    assert deal.cards[16] in state.hand(0)


def test_sixth_colour_has_72_cards() -> None:
    state = card.Game(colours=6, games=1).new_game(random.Random(2))
    assert state.draw_pile_size == 72 - 16
    assert len(state.breakdown(0).columns) == 6


def test_bad_deals_are_refused() -> None:
    state = card.Game().new_state()
    order = list(card.Game().deck)
    assert_illegal(state, card.Deal(tuple(order[:-1])), errors.IllegalActionError, "exactly once")
    assert_illegal(state, card.Deal(tuple(order[:-1] + order[:1])), errors.IllegalActionError, "exactly once")
    assert_illegal(state, card.Deal(tuple([*order[:-1], C("P5")])), errors.IllegalActionError, "only list cards")
    assert_illegal(state, "play Y7", errors.IllegalActionError, "dealt first")
    state.apply(card.Deal(tuple(order)))
    assert_illegal(state, card.Deal(tuple(order)), errors.IllegalActionError, "already dealt")


# -- playing ------------------------------------------------------------------------------------


def test_play_starts_and_extends_a_column_in_rising_order() -> None:
    state = make_state((H0, H1), columns=({"yellow": ["Y4"]}, {}))
    state.apply("play Y7")
    assert ids(state.column(0, card.Colour.YELLOW)) == ["Y4", "Y7"]
    assert state.step is card.Step.DRAW and state.current_player == 0
    assert "Y7" not in ids(state.hand(0))


def test_column_cards_must_rise() -> None:
    state = make_state((H0, H1), columns=({"red": ["R$1", "R5"], "yellow": ["Y8"]}, {}))
    assert_illegal(state, "play R4", errors.IllegalActionError,
                   "red 4 cannot follow red 5: cards in a column must rise")
    assert_illegal(state, "play Y7", errors.IllegalActionError, "cards in a column must rise")
    assert not state.is_legal("play R4")


def test_wagers_only_before_numbers_and_may_be_stacked() -> None:
    state = make_state((H0, H1), columns=({"red": ["R$1"], "yellow": ["Y4"]}, {}))
    assert_illegal(state, "play Y$1", errors.IllegalActionError, "wagers must come before any number card in a column")
    state.apply("play R$3")
    assert ids(state.column(0, card.Colour.RED)) == ["R$1", "R$3"]
    state.apply("draw")
    # the opponent may still wager in their own red column
    state.apply("discard W4")
    state.apply("draw")
    assert state.is_legal("play R4")


def test_only_cards_in_hand_may_be_played_or_discarded() -> None:
    state = make_state((H0, H1))
    assert_illegal(state, "play B9", errors.IllegalActionError, "you do not hold the blue 9")
    assert_illegal(state, "discard Y$2", errors.IllegalActionError, "you do not hold the yellow wager")


def test_turn_is_play_then_draw() -> None:
    state = make_state((H0, H1), piles={"green": ["G5"]})
    assert_illegal(state, "draw", errors.IllegalActionError, "play or discard a card first")
    assert_illegal(state, "draw G", errors.IllegalActionError, "play or discard a card first")
    state.apply("play B3")
    assert_illegal(state, "play B5", errors.IllegalActionError, "draw a card first")
    assert_illegal(state, "discard R4", errors.IllegalActionError, "draw a card first")
    state.apply("draw")
    assert state.current_player == 1 and state.step is card.Step.PLAY
    assert len(state.hand(0)) == 8


def test_discard_goes_face_up_on_its_colour_pile() -> None:
    state = make_state((H0, H1), piles={"white": ["W2"]})
    state.apply("discard W10")
    assert ids(state.discard_pile(card.Colour.WHITE))[-2:] == ["W2", "W10"]
    assert state.just_discarded == C("W10")


def test_the_card_just_discarded_cannot_be_drawn_back() -> None:
    state = make_state((H0, H1), piles={"green": ["G5"]})
    state.apply("discard W10")
    assert_illegal(state, "draw W", errors.IllegalActionError, "you cannot draw back the card you just discarded")
    assert card.draw(card.Colour.WHITE) not in state.legal_actions()
    state.apply("draw G")
    assert "G5" in ids(state.hand(0))
    # next turn the other player may take it
    state.apply("discard Y2")
    state.apply("draw W")
    assert "W10" in ids(state.hand(1))


def test_a_card_discarded_in_an_earlier_turn_may_be_drawn() -> None:
    state = make_state((H0, H1))
    state.apply("discard W10")
    state.apply("draw")
    state.apply("play Y2")
    state.apply("draw")
    state.apply("discard Y$1")
    state.apply("draw W")
    assert "W10" in ids(state.hand(0))


def test_drawing_from_an_empty_discard_pile_is_illegal() -> None:
    state = make_state((H0, H1))
    state.apply("play Y7")
    assert_illegal(state, "draw B", errors.IllegalActionError, "the blue discard pile is empty")
    assert state.legal_actions() == [card.draw()]


def test_purple_is_not_in_a_five_colour_game() -> None:
    state = make_state((H0, H1))
    with pytest.raises(errors.MalformedActionError):
        state.apply("play P5")
    with pytest.raises(errors.MalformedActionError):
        state.apply(card.Play(C("P5")))


def test_the_game_ends_when_the_last_card_is_drawn() -> None:
    state = make_state((H0, H1), deck=["B2", "B4"], deck_size=2)
    state.apply("play B3")
    state.apply("draw")
    assert not state.is_terminal() and state.draw_pile_size == 1
    state.apply("play B9")
    state.apply("draw")
    assert state.is_terminal() and state.draw_pile_size == 0
    assert state.legal_actions() == []
    assert_illegal(state, "play B5", errors.GameOverError, "the game is over")
    assert len(state.results) == 1 and state.scores() == state.results[0].scores


def test_drawing_from_a_discard_pile_does_not_end_the_game() -> None:
    state = make_state((H0, H1), piles={"green": ["G5"]}, deck_size=1)
    state.apply("play B3")
    state.apply("draw G")
    assert not state.is_game_over() and state.current_player == 1
    state.apply("play W4")
    state.apply("draw")
    assert state.is_terminal()


def test_cards_from_discard_piles_are_public_in_hand() -> None:
    state = make_state((H0, H1), piles={"green": ["G5"]})
    state.apply("play B3")
    state.apply("draw G")
    assert ids(state.view(1).opponent_known) == ["G5"]
    assert "G5" not in state.hidden_tokens(1)
    assert "G5" in json.dumps(state.view(1).to_dict())
    state.apply("play W4")
    state.apply("draw")
    state.apply("discard G5")
    assert state.view(1).opponent_known == ()


# -- scoring ----------------------------------------------------------------------------------


def test_rulebook_scoring_example_is_18() -> None:
    # The example's columns: a 23-point column (no wager), an untouched colour,
    # white with one wager alone, one wager and 15 points, and two wagers with
    # six numbers summing to 35 (eight cards: the bonus).
    columns = {
        "yellow": ["Y6", "Y8", "Y9"],
        "blue": [],
        "white": ["W$1"],
        "green": ["G$2", "G7", "G8"],
        "red": ["R$1", "R$3", "R2", "R3", "R4", "R7", "R9", "R10"],
    }
    scores = [card.score_column([C(i) for i in cards]) if cards else card.ColumnScore(card.Colour.BLUE)
              for cards in columns.values()]
    assert [s.points for s in scores] == [3, 0, -40, -10, 65]
    yellow, blue, white, green, red = scores
    assert (yellow.sum, yellow.subtotal, yellow.multiplier) == (23, 3, 1)
    assert (blue.cards, blue.cost, blue.points) == (0, 0, 0)
    assert (white.sum, white.cost, white.multiplier, white.points) == (0, -20, 2, -40)
    assert (green.sum, green.subtotal, green.multiplier, green.points) == (15, -5, 2, -10)
    assert (red.cards, red.sum, red.subtotal, red.multiplier, red.bonus, red.points) == (8, 35, 15, 3, 20, 65)
    hands = (["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"], ["W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9"])
    state = make_state(hands, columns=(columns, {}))
    assert state.breakdown(0).points == 18 and state.scores() == [18, 0]
    assert sum(s.points for s in scores) == 18


def test_column_scoring_rules() -> None:
    assert card.score_column([C("Y$1"), C("Y$2"), C("Y$3")]).points == -80
    assert card.score_column([C("Y$1"), C("Y$2"), C("Y$3"), C("Y10")]).points == -40
    eight = [C(i) for i in ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]]
    assert card.score_column(eight).points == 44 - 20 + 20
    bonus_with_wagers = [C(i) for i in ["G$1", "G$2", "G$3", "G2", "G3", "G4", "G5", "G6"]]
    assert card.score_column(bonus_with_wagers).points == (20 - 20) * 4 + 20
    seven = [C(i) for i in ["R$1", "R2", "R3", "R4", "R5", "R6", "R7"]]
    assert card.score_column(seven).bonus == 0 and card.score_column(seven).points == (27 - 20) * 2
    with pytest.raises(ValueError):
        card.score_column([C("Y5"), C("Y4")])
    with pytest.raises(ValueError):
        card.score_column([C("Y5"), C("B6")])
    with pytest.raises(ValueError):
        card.score_column([C("Y5"), C("Y$1")])
    assert card.score_column([C("Y5")]).to_dict() == {
        "colour": "yellow", "wagers": 0, "numbers": [5], "cards": 1, "sum": 5, "cost": -20, "subtotal": -15,
        "multiplier": 1, "bonus": 0, "points": -15}


def test_cards_left_in_hand_score_nothing() -> None:
    state = make_state((H0, H1), deck_size=1)
    state.apply("discard Y7")
    state.apply("draw")
    assert state.scores() == [0, 0]


# -- match flow ----------------------------------------------------------------------------------


def finish_game(state: card.State, rng: random.Random) -> None:
    number = state.game_number
    while state.game_number == number and not state.is_game_over():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_match_leader_starts_next_game_and_terminal_after_last() -> None:
    game = card.Game(games=3, first_player=1)
    state = game.new_state()
    rng = random.Random(11)
    for number in range(1, 4):
        assert state.is_chance()
        state.apply(state.sample_chance(rng))
        assert state.game_number == number
        totals = state.totals
        if number == 1:
            assert state.starter == 1
        elif totals[0] != totals[1]:
            assert state.starter == (0 if totals[0] > totals[1] else 1)
        assert state.current_player == state.starter
        finish_game(state, rng)
        assert state.is_game_over() and len(state.results) == number
        assert state.view(0).breakdown(0) == state.results[-1].players[0]
    assert state.is_terminal()
    assert state.scores() == state.totals == [sum(r.scores[p] for r in state.results) for p in range(2)]
    assert state.winner() in (0, 1, None)


def test_next_starter_rule() -> None:
    game = card.Game(games=3)
    empty = card.PlayerScore(tuple(card.ColumnScore(c) for c in game.colour_list))
    good = card.PlayerScore((card.ColumnScore(card.Colour.YELLOW, 0, (8, 9, 10)), *empty.columns[1:]))
    assert game.next_starter([]) == 0
    assert game.next_starter([card.GameResult(0, (empty, good))]) == 1
    assert game.next_starter([card.GameResult(1, (good, empty))]) == 0
    # a tie: the player who did not start the last game
    assert game.next_starter([card.GameResult(0, (empty, empty))]) == 1
    assert game.next_starter([card.GameResult(1, (empty, empty))]) == 0


def test_scores_count_the_current_game_as_it_stands() -> None:
    state = make_state((H0, H1), columns=({"yellow": ["Y8", "Y9"]}, {"blue": ["B10"]}))
    assert state.scores() == [-3, -10] == state.game_scores()


# -- illegal actions never change the state -----------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged_everywhere() -> None:
    rng = random.Random(3)
    state = card.Game(games=2).new_state()
    every: list[api.Action] = [card.play(c.id) for c in card.Game().deck]
    every += [card.discard(c.id) for c in card.Game().deck]
    every += [card.draw()] + [card.draw(c) for c in card.Game().colour_list]
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        legal = set(state.legal_actions())
        if rng.random() < 0.2:
            for action in every:
                if action in legal:
                    assert state.is_legal(action)
                else:
                    before = state.snapshot()
                    with pytest.raises(errors.IllegalActionError):
                        state.apply(action)
                    assert state.snapshot() == before
                    checked += 1
        state.apply(rng.choice(sorted(legal, key=lambda a: a.notation())))
    assert checked > 1000


def test_foreign_objects_are_malformed() -> None:
    state = make_state((H0, H1))
    with pytest.raises(errors.MalformedActionError):
        state.apply(object())  # type: ignore[arg-type]
    with pytest.raises(errors.MalformedActionError):
        state.apply(card.Play("Y7"))  # type: ignore[arg-type]


# -- views ------------------------------------------------------------------------------------


def strings(data: typing.Any) -> typing.Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)


def test_views_leak_nothing_hidden() -> None:
    rng = random.Random(8)
    for game in card.Game.variants():
        state = game.new_state()
        while True:
            for p in range(2):
                data = state.view(p).to_dict()
                text = json.dumps(data)
                hidden = state.hidden_tokens(p)
                assert not hidden & set(strings(data))
                for token in hidden:
                    assert f'"{token}"' not in text
            if state.is_terminal():
                break
            playing.step(state, rng)


def test_view_shows_public_information() -> None:
    state = make_state((H0, H1), columns=({"yellow": ["Y4"]}, {"blue": ["B2"]}), piles={"white": ["W2", "W3"]})
    state.apply("discard R4")
    view = state.view(1)
    data = view.to_dict()
    assert data["hand"] == H1 and data["opponent_hand_size"] == 7
    assert data["columns"][0]["yellow"] == ["Y4"] and data["columns"][1]["blue"] == ["B2"]
    assert data["discard_piles"]["white"][-2:] == ["W2", "W3"]
    assert data["just_discarded"] == "R4" and data["step"] == "draw" and data["current_player"] == 0
    assert data["draw_pile_size"] == state.draw_pile_size
    assert "draw_pile" not in data
    assert view.legal_actions() == []
    assert state.view(0).legal_actions() == state.legal_actions()
    assert data["breakdown"][0]["columns"][0]["points"] == -16


def test_view_legal_actions_match_the_state() -> None:
    rng = random.Random(4)
    state = card.Game(games=1).new_game(rng)
    while not state.is_terminal():
        p = state.current_player
        assert state.view(p).legal_actions() == state.legal_actions()
        assert state.view(1 - p).legal_actions() == []
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_determinize_is_consistent_with_the_view() -> None:
    rng = random.Random(9)
    state = card.Game(games=2).new_state()
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        for p in range(2):
            view = state.view(p)
            guess = view.determinize(rng)
            assert guess.view(p) == view
            assert guess.hand(p) == state.hand(p)
            assert sorted(c.index for c in guess.hand(1 - p) + guess.draw_pile()) == sorted(
                c.index for c in state.hand(1 - p) + state.draw_pile())
            state.game.state_from_snapshot(guess.snapshot())  # a valid state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def test_determinize_varies_the_hidden_cards() -> None:
    state = card.Game(games=1).new_game(random.Random(1))
    view = state.view(0)
    rng = random.Random(2)
    hands = {tuple(ids(view.determinize(rng).hand(1))) for _ in range(10)}
    assert len(hands) > 1


# -- saves ---------------------------------------------------------------------------------------


def test_snapshots_and_saves_round_trip() -> None:
    rng = random.Random(12)
    state = card.Game(games=2, colours=6).new_state()
    seen = 0
    while not state.is_terminal():
        if rng.random() < 0.05 or state.is_chance():
            snap = json.loads(json.dumps(state.snapshot()))
            again = state.game.state_from_snapshot(snap)
            assert again == state and again.current_player == state.current_player
            assert again.view(0) == state.view(0) and again.view(1) == state.view(1)
            assert again.legal_actions() == state.legal_actions()
            seen += 1
        playing.step(state, rng)
    data = json.loads(json.dumps(state.to_dict()))
    loaded = api.state_from_dict(data)
    assert isinstance(loaded, card.State)
    assert loaded == state and loaded.results == state.results
    assert state.record().replay() == state
    assert seen > 10


def test_clone_is_independent() -> None:
    state = card.Game(games=1).new_game(random.Random(6))
    twin = state.clone()
    assert twin == state and twin.history == state.history
    twin.apply(twin.legal_actions()[0])
    assert twin != state and len(twin.history) == len(state.history) + 1


def corrupt(snap: dict[str, typing.Any],
            change: typing.Callable[[dict[str, typing.Any]], None]) -> dict[str, typing.Any]:
    bad = copy.deepcopy(snap)
    change(bad)
    return bad


def test_corrupted_snapshots_are_refused() -> None:
    state = make_state((H0, H1), columns=({"yellow": ["Y4"], "red": ["R$1", "R5"]}, {}), piles={"white": ["W2"]})
    state.apply("discard W10")
    snap = state.snapshot()
    game = state.game
    assert game.state_from_snapshot(snap) == state

    def swap_column(s: dict[str, typing.Any]) -> None:
        s["columns"][0]["red"] = ["R5", "R$1"]

    def move_pile(s: dict[str, typing.Any]) -> None:
        s["discard_piles"]["yellow"].append(s["discard_piles"]["white"].pop())

    changes: dict[str, typing.Callable[[dict[str, typing.Any]], None]] = {
        "duplicate card": lambda s: s["hands"][1].__setitem__(0, "Y4"),
        "missing card": lambda s: s["draw_pile"].pop(),
        "unknown card": lambda s: s["hands"][1].__setitem__(0, "Z9"),
        "purple in five colours": lambda s: s["draw_pile"].append("P5"),
        "wager after number": swap_column,
        "falling column": lambda s: s["columns"][0]["red"].append("R3") or s["draw_pile"].remove("R3"),
        "wrong colour column": lambda s: s["columns"][1]["blue"].append("Y5") or s["draw_pile"].remove("Y5"),
        "wrong colour pile": move_pile,
        "hand too big": lambda s: s["hands"][0].append(s["draw_pile"].pop()),
        "step": lambda s: s.__setitem__("step", "dance"),
        "play step with discard": lambda s: s.__setitem__("step", "play"),
        "player": lambda s: s.__setitem__("player", 2),
        "discarded colour": lambda s: s.__setitem__("discarded", "orange"),
        "starter": lambda s: s.__setitem__("starter", 1),
        "game number": lambda s: s.__setitem__("game_number", 2),
        "missing key": lambda s: s.pop("hands"),
        "extra key": lambda s: s.__setitem__("cheat", True),
        "known not in hand": lambda s: s["known"][1].append("W10"),
        "hands not lists": lambda s: s.__setitem__("hands", "all of them"),
        "results wrong": lambda s: s.__setitem__("results", [{"starter": 0}]),
        "empty draw pile": lambda s: s.__setitem__("draw_pile", []),
        "columns not a map": lambda s: s["columns"].__setitem__(0, []),
    }
    for name, change in changes.items():
        with pytest.raises(errors.InvalidStateError):
            game.state_from_snapshot(corrupt(snap, change))
            pytest.fail(name)
    with pytest.raises(errors.InvalidStateError):
        game.state_from_snapshot("not a snapshot")  # type: ignore[arg-type]


def test_corrupted_finished_games_are_refused() -> None:
    rng = random.Random(21)
    state = card.Game(games=2).new_state()
    state.apply(state.sample_chance(rng))
    finish_game(state, rng)
    assert state.is_chance()
    snap = state.snapshot()
    assert state.game.state_from_snapshot(snap) == state

    def edit_result(s: dict[str, typing.Any]) -> None:
        s["results"][0]["columns"][0]["yellow"]["numbers"] = [9, 4]

    def other_board(s: dict[str, typing.Any]) -> None:
        s["results"][0]["columns"][0]["yellow"]["wagers"] = (s["results"][0]["columns"][0]["yellow"]["wagers"] + 1) % 4

    for change in (edit_result, other_board, lambda s: s["results"][0].__setitem__("starter", 1),
                   lambda s: s.__setitem__("player", 0), lambda s: s.__setitem__("results", [])):
        with pytest.raises(errors.InvalidStateError):
            state.game.state_from_snapshot(corrupt(snap, change))
    before = state.game.new_state().snapshot()
    assert state.game.state_from_snapshot(before).is_chance()
    with pytest.raises(errors.InvalidStateError):
        state.game.state_from_snapshot(corrupt(before, lambda s: s["hands"][0].append("Y7")))


def test_saved_history_must_match_the_snapshot() -> None:
    state = card.Game(games=1).new_game(random.Random(1))
    state.apply(state.legal_actions()[0])
    data = state.to_dict()
    data["state"]["hands"][0], data["state"]["hands"][1] = data["state"]["hands"][1], data["state"]["hands"][0]
    with pytest.raises(errors.InvalidStateError):
        api.state_from_dict(data)


# -- properties over many random games -----------------------------------------------------------


@pytest.mark.long
def test_properties_over_thousands_of_random_games() -> None:
    rng = random.Random(2024)
    games = [card.Game(games=1), card.Game(colours=6, games=1)]
    for n in range(1500):
        game = games[n % 2]
        state = game.new_game(rng)
        size = len(game.deck)
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            steps += 1
            if steps % 97 == 0:
                check_invariants(state, size)
        check_invariants(state, size)
        result = state.results[-1]
        assert state.scores() == result.scores == [sum(c.points for c in p.columns) for p in result.players]
        assert result.players[0] == state.breakdown(0)


def check_invariants(state: card.State, size: int) -> None:
    everything = list(state.hand(0) + state.hand(1) + state.draw_pile())
    for p in range(2):
        for colour in state.game.colour_list:
            column = state.column(p, colour)
            everything += column
            ranks = [c.value for c in column if not c.is_wager]
            assert ranks == sorted(set(ranks))
            wagers = [i for i, c in enumerate(column) if c.is_wager]
            assert wagers == list(range(len(wagers)))
    for colour in state.game.colour_list:
        everything += state.discard_pile(colour)
    assert len(everything) == size and len(set(everything)) == size
    if not state.is_game_over():
        sizes = sorted(len(state.hand(p)) for p in range(2))
        assert sizes == ([7, 8] if state.step is card.Step.DRAW else [8, 8])
    assert state.scores() == [state.totals[p] + (0 if state.is_game_over() else state.breakdown(p).points)
                              for p in range(2)]


def test_random_matches_replay_from_their_records() -> None:
    rng = random.Random(77)
    for game in card.Game.variants():
        state = typing.cast(card.State, game.new_state())
        playing.play(state, rng, 10**6)
        record = api.Record.from_dict(json.loads(json.dumps(state.record().to_dict())))
        assert record.replay() == state


# -- events ---------------------------------------------------------------------------------------


def test_the_deal_event_tells_nothing_of_the_hands() -> None:
    state = card.Game(games=2).new_state()
    event = state.apply(state.sample_chance(random.Random(1)))
    assert event.player == api.CHANCE and event.kind == "deal" and event.action == "" and event.secret == {}
    assert event.details == {"game_number": 1, "games": 2, "starter": 0, "hand_size": 8, "draw_pile": 44}
    assert event.describe(["Ann", "Bob"]) == (
        "Game 1 of 2: the cards are shuffled and dealt, 8 to each player; Ann starts.")
    text = json.dumps(event.to_dict())
    assert not any(c.id in text.split('"') for c in state.game.deck)


def test_play_and_discard_events_tell_the_column_and_the_pile() -> None:
    state = make_state((H0, H1), columns=({"yellow": ["Y$2"]}, {}))
    event = state.apply("play Y7")
    assert event.kind == "play" and event.action == "play Y7" and event.player == 0
    assert event.details == {"card": "Y7", "colour": "yellow", "value": 7, "wager": False,
                             "column": ["Y$2", "Y7"], "column_points": -26}
    assert event.text == "{p0} played the yellow 7 on {p0:their} yellow expedition, which now scores -26 points."
    assert event.describe(["You", "Ben"]) == (
        "You played the yellow 7 on your yellow expedition, which now scores -26 points.")
    state = make_state((H0, H1), piles={"red": ["R2"]})
    event = state.apply("discard R$3")
    assert event.kind == "discard" and event.details == {"card": "R$3", "colour": "red", "pile": ["R2", "R$3"]}
    assert event.text == "{p0} discarded a red wager card on the red discard pile."


def test_a_draw_from_a_pile_is_public_from_the_draw_pile_secret() -> None:
    state = make_state((H0[:7], H1), piles={"blue": ["B2"]}, step="draw")
    event = state.apply("draw B")
    assert event.details == {"source": "blue", "card": "B2", "draw_pile": state.draw_pile_size}
    assert event.text == "{p0} took the blue 2 from the blue discard pile."
    state = make_state((H0[:7], H1), step="draw", deck=["W7"])
    event = state.apply("draw")
    left = state.draw_pile_size
    assert event.details == {"source": "draw_pile", "draw_pile": left} and event.secret == {"card": "W7"}
    assert event.text == f"{{p0}} drew a card from the draw pile ({left} left)."
    assert event.for_viewer(0).secret == {"card": "W7"}
    assert "W7" not in json.dumps(event.for_viewer(1).to_dict())


def test_the_last_draw_tells_the_end_of_the_game_and_of_the_match() -> None:
    state = make_state((H0[:7], H1), columns=({"white": ["W2"]}, {"red": ["R5"]}), step="draw", deck_size=1)
    event = state.apply("draw")
    assert event.details["game_over"] == {"game_number": 1, **state.results[0].to_dict()}
    assert event.details["match_over"] == {"totals": state.totals, "winner": state.winner()}
    assert event.describe(["Ann", "Ben"]).endswith(
        "The draw pile is empty: the game is over, Ann scores -18 and Ben -15. Ben wins.")
    assert event.describe(["Ann", "You"]).endswith("Ann scores -18 and You -15. You win.")
    match = card.Game(games=3)
    state = match.new_state()
    rng = random.Random(4)
    events = []
    while not state.is_terminal():
        events.append(state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())))
    ends = [e for e in events if "game_over" in e.details]
    assert [e.details["game_over"]["game_number"] for e in ends] == [1, 2, 3]
    assert ["match_over" in e.details for e in ends] == [False, False, True]
    assert "wins the match" in ends[-1].describe(["Ann", "Ben"]) or "tie" in ends[-1].text
    assert [e.details["game_number"] for e in events if e.kind == "deal"] == [1, 2, 3]


# -- hostile input (issue 9, item 4) ------------------------------------------------------------


def test_action_values_are_checked_when_built() -> None:
    cases: list[tuple[type, dict[str, typing.Any], str]] = [
        (card.Play, {"card": "Y7"}, "play needs a Card"),
        (card.Discard, {"card": None}, "discard needs a Card"),
        (card.Draw, {"colour": "Y"}, "Colour or None"),
        (card.Deal, {"cards": None}, "tuple"),
        (card.Deal, {"cards": ("Y7",)}, "lists Cards"),
        (card.Play, {"card": object.__new__(card.Card)}, "play needs a Card"),
    ]
    for cls, fields, words in cases:
        with pytest.raises(errors.MalformedActionError, match=words):
            cls(**fields)
    assert card.Deal(list(card.deck_of(5))) == card.Deal(card.deck_of(5))  # type: ignore[arg-type]


def forged(cls: type, **fields: object) -> object:
    """An action built around its constructor, as hostile code could."""
    action: object = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_a_sampled_deal_is_trusted_only_intact_and_at_its_chance_node() -> None:
    """``apply`` takes the deal ``sample_chance`` just drew without checking it card by card,
    but a deal whose cards were replaced since is checked in full, and one drawn at a
    player's turn is refused: nothing changes either time."""
    state = card.Game(games=1).new_state()
    deal = state.sample_chance(random.Random(2))
    cards = deal.cards
    before = state.to_dict()
    object.__setattr__(deal, "cards", cards[:-1] + cards[:1])  # the first card twice, the last missing
    try:
        with pytest.raises(errors.IllegalActionError, match="exactly once"):
            state.apply(deal)
    finally:
        object.__setattr__(deal, "cards", cards)
    assert state.to_dict() == before
    state.apply(deal)
    assert state.hand(0) == cards[:card.HAND_SIZE]
    playing = state.to_dict()
    with pytest.raises(errors.IllegalActionError, match="already dealt"):
        state.apply(state.sample_chance(random.Random(3)))
    assert state.to_dict() == playing


def test_forged_action_objects_are_refused_by_check_and_change_nothing() -> None:
    state = make_state((H0, H1))
    over = card.Game(games=1).new_game(random.Random(5))
    rng = random.Random(5)
    while not over.is_terminal():
        over.apply(rng.choice(over.legal_actions()))
    fake = card.Card.__new__(card.Card)
    object.__setattr__(fake, "index", 5)
    for target in (state, over):
        before = target.to_dict()
        for action in (forged(card.Play, card="Y7"), forged(card.Play), forged(card.Discard, card=None),
                       forged(card.Draw, colour="Y"), forged(card.Deal, cards=None), forged(card.Play, card=fake),
                       forged(card.Deal, cards=[C("Y7")]), forged(card.Draw)):
            assert not target.is_legal(action)  # type: ignore[arg-type]
            with pytest.raises(errors.MalformedActionError):
                target.apply(action)  # type: ignore[arg-type]
            assert target.to_dict() == before
