"""The leak checker's own list of secrets: each game's ``State.hidden_tokens``.

The conformance test checks every view and every event against
``hidden_tokens(player)``; a list that forgot a secret (the opponent's hand, the
draw pile, a simultaneous choice not yet revealed) would let that leak through
unseen.  Here each game's list is compared, exactly, with the secrets worked
out independently from the full snapshot -- in known positions with the
expected tokens written out, and at every position of seeded random games --
and a list that drops any one token is caught.
"""

from __future__ import annotations

import collections
import random
import typing

import pytest

from lostcities import api, board, card, roll

# -- the secrets, worked out from the snapshot ----------------------------------------------


def card_secrets(state: api.State, player: int) -> set[str]:
    """The opponent's hand less the cards it took from discard piles, and the draw pile."""
    snap = state.snapshot()
    other = 1 - player
    secret = collections.Counter(snap["hands"][other]) - collections.Counter(snap["known"][other])
    return set(secret) | set(snap["draw_pile"])


def board_secrets(state: api.State, player: int) -> set[str]:
    """Each other hand as item ``q`` of a list; the ids of the cards in other hands (less
    those taken from discard piles), the draw pile and the removed cards, unless a copy
    is in plain sight of ``player``; with hidden scores, each other total until the end."""
    snap = state.snapshot()
    tokens: set[str] = set()
    unseen = collections.Counter(snap["draw_pile"]) + collections.Counter(snap["removed"])
    for q, hand in enumerate(snap["hands"]):
        if q != player and hand:
            tokens.add(api.item_token(q, hand))
            unseen += collections.Counter(hand) - collections.Counter(snap["known"][q])
    plain = set(snap["hands"][player]).union(*snap["known"], *snap["discard_piles"].values())
    for columns in snap["columns"]:
        plain.update(*columns.values())
    tokens.update(c for c in unseen if c not in plain)
    if typing.cast(board.Game, state.game).hidden_scores and snap["phase"] != "over":
        tokens.update(api.item_token(q, {"points": t}) for q, t in enumerate(snap["points"]) if q != player)
    return tokens


def roll_secrets(state: api.State, player: int) -> set[str]:
    """The sheet (and its scores, where they changed) of each other player whose
    simultaneous choice this turn is not revealed yet, as item ``q`` of a list."""
    rolled = typing.cast(roll.State, state)
    snap = state.snapshot()
    tokens: set[str] = set()
    for q, (sheet, earlier) in enumerate(zip(snap["sheets"], snap["before"], strict=True)):
        if q == player or earlier is None or not rolled.is_pending(q) or sheet == earlier:
            continue
        tokens.add(api.item_token(q, sheet))
        scores = roll.Sheet.from_dict(sheet).breakdown().to_dict()
        if scores != roll.Sheet.from_dict(earlier).breakdown().to_dict():
            tokens.add(api.item_token(q, scores))
    return tokens


SECRETS: dict[str, typing.Callable[[api.State, int], set[str]]] = {
    "card": card_secrets, "board": board_secrets, "roll": roll_secrets}


def assert_exact(state: api.State) -> int:
    """``hidden_tokens`` of every player is exactly the secrets; return how many there are."""
    count = 0
    for player in range(state.game.num_players):
        expected = SECRETS[state.game.name](state, player)
        found = state.hidden_tokens(player)
        assert found == expected, (f"{state.position()}, player {player}: hidden_tokens misses "
                                   f"{sorted(expected - found)[:5]} and adds {sorted(found - expected)[:5]}")
        count += len(found)
    return count


def test_every_game_of_the_package_has_its_secrets_worked_out() -> None:
    shipped = {name for name, cls in api.games().items() if cls.__module__.startswith("lostcities.")}
    assert shipped >= {"card", "board", "roll"}
    assert set(SECRETS) >= shipped, "work out the secrets of each game here"


# -- known positions, the secrets written out ---------------------------------------------------


def card_position() -> card.State:
    """Dealt in index order (hands ``Y$1..Y6`` and ``Y7..B2``, ``B3`` on top of the draw
    pile): player 1 discards the yellow 2 and draws; player 2 plays the yellow 7 and
    takes the yellow 2 back from the discard pile."""
    state = card.Game(games=1).new_state()
    state.apply(card.Deal(card.deck_of(5)))
    for text in ("discard Y2", "draw", "play Y7", "draw Y"):
        state.apply(text)
    return state


def test_the_card_game_hides_the_other_hand_and_the_draw_pile() -> None:
    state = card_position()
    pile = {c.id for c in card.deck_of(5)[17:]}  # all but the 16 dealt and the B3 drawn
    assert len(pile) == 43 and "B3" not in pile and "B4" in pile
    hand_0 = {"Y$1", "Y$2", "Y$3", "Y3", "Y4", "Y5", "Y6", "B3"}
    secret_1 = {"Y8", "Y9", "Y10", "B$1", "B$2", "B$3", "B2"}  # and Y2, seen by both
    assert {c.id for c in state.hand(0)} == hand_0 and {c.id for c in state.hand(1)} == secret_1 | {"Y2"}
    assert state.hidden_tokens(0) == secret_1 | pile
    assert state.hidden_tokens(1) == hand_0 | pile
    assert_exact(state)


def test_roll_and_write_hides_a_choice_until_everybody_has_chosen() -> None:
    state = roll.Game(players=3).new_state()
    state.apply("roll red green green 3 0 9")
    state.apply("take green 3")  # the active player: public at once
    assert [state.hidden_tokens(p) for p in range(3)] == [set(), set(), set()]
    state.apply("take red 9")  # player 2, simultaneously: hidden from the others until the turn ends
    sheet = state.sheets[1]
    expected = {api.item_token(1, sheet.to_dict()), api.item_token(1, sheet.breakdown().to_dict())}
    assert sheet.to_dict()["expeditions"]["red"]["numbers"] == [9]
    assert state.hidden_tokens(0) == expected and state.hidden_tokens(2) == expected
    assert state.hidden_tokens(1) == set()
    assert_exact(state)


def test_the_board_game_hides_hands_the_draw_pile_and_hidden_scores() -> None:
    game = board.Game(players=3, hidden_scores=True)
    state = game.new_game(random.Random(4))
    snap = state.snapshot()
    hands = snap["hands"]
    top = snap["draw_pile"][0]
    for player in range(3):
        tokens = state.hidden_tokens(player)
        for q in range(3):
            assert (api.item_token(q, hands[q]) in tokens) is (q != player)
            assert (api.item_token(q, {"points": 0}) in tokens) is (q != player)
        mine = set(hands[player])
        assert {c for q in range(3) if q != player for c in hands[q]} - mine <= tokens
        assert (top in tokens) is (top not in mine)
        assert not mine & tokens  # a copy in plain sight (here: in the hand) is no secret
    assert_exact(state)


# -- every position of seeded random games ------------------------------------------------------


@pytest.mark.parametrize("game", [game for name, cls in api.games().items() if name in SECRETS
                                  for game in cls.variants()],
                         ids=lambda game: f"{game.name}-" + "-".join(f"{v}" for v in game.options().values()))
def test_hidden_tokens_are_exactly_the_secrets_at_every_position(game: api.Game) -> None:
    rng = random.Random(f"secrets:{game!r}")
    secrets = 0
    for _ in range(1 if game.name == "board" else 2):
        state = game.new_state()
        while not state.is_terminal() and len(state.history) < 400:
            secrets += assert_exact(state)
            state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    assert secrets or game.num_players == 1 or getattr(game, "in_sequence", False)


# -- a list that drops a secret is caught -------------------------------------------------------


@pytest.mark.parametrize("position", [card_position, lambda: board.Game(players=3).new_game(random.Random(4))],
                         ids=["card", "board"])
def test_a_list_that_drops_any_one_secret_is_caught(position: typing.Callable[[], api.State],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    state = position()
    honest = type(state).hidden_tokens
    for dropped in sorted(honest(state, 0)):
        monkeypatch.setattr(type(state), "hidden_tokens",
                            lambda self, player, dropped=dropped: honest(self, player) - {dropped})
        with pytest.raises(AssertionError, match="misses"):
            assert_exact(state)
    monkeypatch.setattr(type(state), "hidden_tokens", honest)
    assert_exact(state)
