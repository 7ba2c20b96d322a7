"""The session layer: seats, hand-over policy, move log, save envelope and its validation."""

from __future__ import annotations

import json
import random
import typing

import pytest

from lostcities import card, errors, i18n, roll, session


def card_setup(opponent: str | None = "easy", games: int = 1) -> session.Setup:
    second = session.Seat("Computer", opponent) if opponent else session.Seat("Ben")
    first = session.Seat("You") if opponent else session.Seat("Ann")
    return session.Setup.create("card", [first, second], {"games": games})


def played(setup: session.Setup, actions: int, seed: int = 1) -> session.Session:
    rng = random.Random(seed)
    s = session.Session.new(setup, rng)
    for _ in range(actions):
        s.apply(rng.choice(s.state.legal_actions()))
    return s


def legacy_card_save(state: card.State, opponent: str = "easy") -> dict[str, typing.Any]:
    """A save as the first release of the card screen wrote it."""
    return {"format": "lostcities.card-ui", "version": 1,
            "setup": {"opponent": opponent, "names": ["You", "Computer"], "colours": state.game.colours,
                      "games": state.game.games, "pace": "quick"},
            "state": state.to_dict(), "note": "Computer starts.", "marks": {"recent": [], "source": None}}


# -- setup ------------------------------------------------------------------------------------------


def test_setup_validates_seats_levels_names_and_options() -> None:
    with pytest.raises(errors.InvalidOptionError, match="2 to 2 players, not 3"):
        session.Setup.create("card", [session.Seat("A"), session.Seat("B"), session.Seat("C")])
    with pytest.raises(errors.InvalidOptionError, match="no computer player 'wizard'"):
        session.Setup.create("card", [session.Seat("A"), session.Seat("B", "wizard")])
    with pytest.raises(errors.InvalidOptionError, match="1 to 20 characters"):
        session.Setup.create("card", [session.Seat("A" * 21), session.Seat("B")])
    with pytest.raises(errors.InvalidOptionError, match="no option 'speed'"):
        session.Setup.create("card", [session.Seat("A"), session.Seat("B")], {"speed": 2})
    with pytest.raises(errors.InvalidOptionError, match="option 'games' must be one of 1, 3"):
        session.Setup.create("card", [session.Seat("A"), session.Seat("B")], {"games": 2})
    setup = card_setup("hard", games=3)
    assert setup.option("games") == 3 and setup.option("colours") == 5
    assert setup.make_game() == card.Game(colours=5, games=3)
    assert setup.people == (0,)
    solo = session.Setup.create("roll", [session.Seat("Sol")], {"in_sequence": False})
    assert solo.make_game() == roll.Game(players=1)


def test_setup_from_form_reads_the_generated_fields() -> None:
    two = session.setup_from_form("card", {"opponent": "human", "name1": "  Ann  Lee ", "name2": "ann lee",
                                           "colours": "6", "games": "1", "pace": "quick"},
                                  {"pace": ("normal", "quick")})
    assert two.names == ("Ann Lee", "ann lee (2)") and two.people == (0, 1)
    assert two.option("colours") == 6 and two.option("games") == 1 and two.pref("pace") == "quick"
    computer = session.setup_from_form("card", {"opponent": "medium", "colours": "7"})
    assert computer.seats == (session.Seat("You"), session.Seat("Computer", "medium"))
    assert computer.option("colours") == 5  # an unknown value falls back to the default
    many = session.setup_from_form("roll", {"seat1": "human", "name1": "Ann", "seat2": "hard", "name2": "",
                                            "seat3": "", "seat4": "human", "in_sequence": "1"})
    assert many.seats == (session.Seat("Ann"), session.Seat("Computer", "hard"), session.Seat("Player 3"))
    bots = session.setup_from_form("board", {"seat1": "human", "seat2": "easy", "seat3": "hard", "name3": "Zed"})
    assert bots.names == ("Player 1", "Computer 1", "Zed")  # blank computers are numbered among computers
    assert many.make_game() == roll.Game(players=3, in_sequence=True)
    with pytest.raises(errors.InvalidOptionError, match="no computer player"):
        session.setup_from_form("card", {"opponent": "wizard"})


def test_unique_names_are_short_and_distinct() -> None:
    names = session.unique_names(["x" * 30, "X" * 20, ""])
    assert names[0] == "x" * 20 and names[1] == "X" * 16 + " (2)" and names[2] == "Player 3"
    assert all(len(n) <= session.MAX_NAME for n in names)


# -- turns and hand-over ----------------------------------------------------------------------------


def test_one_person_never_needs_a_hand_over_and_always_looks() -> None:
    s = played(card_setup("easy"), 0)
    for _ in range(30):
        assert not s.needs_handover() and s.viewer() == 0
        assert s.is_computer_turn() == (s.current_player == 1)
        s.apply(s.state.legal_actions()[0])


def test_pass_and_play_shows_one_hand_at_a_time() -> None:
    s = played(card_setup(None), 0)
    assert s.needs_handover()  # nobody has said they hold the device yet
    seen = []
    for _ in range(12):
        if s.needs_handover():
            s.reveal()
        assert s.viewer() == s.current_player
        seen.append(s.viewer())
        s.apply(s.state.legal_actions()[0])
    assert seen[:4] == [0, 0, 1, 1]  # play and draw by one player, then a hand-over
    restored = session.load(s.to_text(), "card")
    assert restored.looking is None and restored.needs_handover()


def test_the_log_names_players_and_keeps_secrets() -> None:
    s = played(card_setup(None), 0, seed=3)
    drawn: list[str] = []
    for _ in range(20):
        state = typing.cast(card.State, s.state)
        event = s.apply(state.legal_actions()[-1] if state.step is card.Step.PLAY else card.draw())
        if "card" in event.secret:
            drawn.append(event.secret["card"])
    texts = " ".join(entry["text"] for entry in s.log)
    assert "Ann" in texts and "Ben" in texts and "{p0}" not in texts
    assert drawn and not any(f'"{c}"' in json.dumps(s.log) for c in drawn)
    progress = s.progress()
    assert progress.moves == 21 and len(progress.scores) == 2 and not progress.is_over


def test_a_log_told_in_another_language_is_told_again_when_the_game_is_loaded() -> None:
    """A language switch draws the game again from its save: lines told in German read in English once
    the page speaks English (the record replayed), and lines in the current language are kept as saved."""
    def played_with_chance(setup: session.Setup) -> session.Session:
        rng = random.Random(5)
        s = session.Session.new(setup, rng)
        while len(s.state.history) < 40:
            s.deal(rng) if s.state.is_chance() else s.apply(rng.choice(s.state.legal_actions()))
        return s

    for setup in (card_setup(None), session.Setup.create("roll", [session.Seat("You"), session.Seat("Bob")], {})):
        with i18n.using("de"):
            s = played_with_chance(setup)
            text = s.to_text()
            german = [entry["text"] for entry in s.log]
            assert session.load(text, setup.game).log == s.log  # the same language: kept as it is
        with i18n.using("en"):
            english = played_with_chance(setup)
            back = session.load(text, setup.game)
            assert back.state == s.state and back.log == english.log and back.log != s.log
            assert {entry["lang"] for entry in back.log} == {"en"}
        assert german != [entry["text"] for entry in back.log]
    older = json.loads(text)  # a save whose lines know no language is kept as it is
    for entry in older["log"]:
        del entry["lang"]
    with i18n.using("en"):
        assert [entry["text"] for entry in session.load(older, "roll").log] == german


# -- the save envelope ------------------------------------------------------------------------------


def test_a_save_round_trips_with_its_revision_and_notes() -> None:
    s = played(card_setup("hard", games=3), 15)
    s.revision = 41
    s.ui = {"note": "hello"}
    text = s.to_text()
    data = json.loads(text)
    assert data["format"] == "lostcities.card-ui" and data["version"] == 1 and data["revision"] == 41
    back = session.load(text, "card")
    assert back.state == s.state and back.setup == s.setup and back.revision == 41
    assert back.ui == {"note": "hello"} and back.log == s.log
    assert session.revision_of(text) == 41 and session.is_in_progress(text, "card")


def test_saves_of_the_first_release_still_load() -> None:
    state = played(card_setup("medium", games=3), 9).state
    assert isinstance(state, card.State)
    back = session.load(legacy_card_save(state, "medium"), "card")
    assert back.state == state and back.revision == 0
    assert back.setup.seats[1] == session.Seat("Computer", "medium") and back.setup.pref("pace") == "quick"
    assert back.ui["note"] == "Computer starts."
    human = legacy_card_save(state, "human")
    assert session.load(json.dumps(human), "card").setup.people == (0, 1)
    rolled = roll.Game(players=2).new_state()
    rolled.apply(rolled.sample_chance(random.Random(1)))
    roll_save = {"format": "lostcities.roll-ui", "version": 1,
                 "setup": {"mode": "game", "seats": [{"name": "You", "kind": "human"}, {"name": "Bot", "kind": "hard"}],
                           "in_sequence": False, "pace": "quick"},
                 "state": rolled.to_dict(), "log": [], "undo": []}
    back_roll = session.load(json.dumps(roll_save), "roll")
    assert back_roll.setup.seats == (session.Seat("You"), session.Seat("Bot", "hard"))
    assert back_roll.setup.pref("mode") == "game" and back_roll.state == rolled


@pytest.mark.parametrize(("stored", "words"), [
    ("{this is not json", "damaged and cannot be read"),
    ("[" * 100_000 + "]" * 100_000, "damaged and cannot be read"),
    ('{"pad": "' + "x" * 5_000_000 + '"}', "damaged and cannot be read"),
    ("[1, 2, 3]", "not a save of Lost Cities: the card game"),
    ('{"format": "lostcities.roll-ui", "version": 1}', "another game (Lost Cities: Roll & Write)"),
    ('{"format": "lostcities.card-ui", "version": 0}', "older version of this site (save format 0)"),
    ('{"format": "lostcities.card-ui", "version": 99}', "unknown format"),
    ('{"format": "lostcities.card-ui", "version": 1, "setup": {"opponent": "wizard", "names": ["a", "b"]}}',
     "its opponent 'wizard' is unknown"),
    ('{"format": "lostcities.card-ui", "version": 1, "setup": {"opponent": "easy", "names": ["a", ""]}}',
     "its setup is damaged"),
    ('{"format": "lostcities.card-ui", "version": 1, "setup": {"opponent": ["x"]}}', "opponent"),
    ('{"format": "lostcities.card-ui", "version": 1, "setup": {"opponent": "easy", "names": [1, 2]}}',
     "names are damaged"),
    ('{"format": "lostcities.card-ui", "version": 1, "setup": []}', "setup is missing"),
])
def test_unreadable_saves_are_refused_in_plain_words(stored: str, words: str) -> None:
    with pytest.raises(session.SaveError) as caught:
        session.load(stored, "card")
    assert words in caught.value.reason
    assert isinstance(caught.value, errors.InvalidStateError)
    assert not session.is_in_progress(stored, "card")


def test_a_damaged_position_or_a_mismatched_setup_is_refused() -> None:
    state = played(card_setup("easy"), 6).state
    assert isinstance(state, card.State)
    data = legacy_card_save(state)
    tampered = json.loads(json.dumps(data))
    tampered["state"]["history"][1] = "play Y5"
    with pytest.raises(session.SaveError, match="position is damaged") as caught:
        session.load(tampered, "card")
    assert "cannot be replayed" in caught.value.detail
    wrong_types = {**data, "state": {**data["state"], "game": []}}
    with pytest.raises(session.SaveError, match="position is damaged"):
        session.load(wrong_types, "card")
    mismatched = {**data, "setup": {**data["setup"], "colours": 6}}
    with pytest.raises(session.SaveError, match="does not match its position"):
        session.load(mismatched, "card")


def test_finished_games_and_nothing_are_not_in_progress() -> None:
    s = played(card_setup("easy"), 0)
    while not s.state.is_terminal():
        s.apply(s.state.legal_actions()[0])
    assert not session.is_in_progress(s.to_text(), "card")
    assert not session.is_in_progress(None, "card")
    assert session.revision_of(None) == 0 and session.revision_of('{"revision": -3}') == 0
