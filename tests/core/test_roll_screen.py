"""The Roll & Write adapter on the generic screen, under CPython with the in-memory host.

Every game here is played by clicks (``Input``s with the ``data-*`` values the
renderers put on the page); the tests read the state only to choose a legal
click, as a player reads the table.
"""

from __future__ import annotations

import json
import random

import memory_host
import roll_screen
import screen
from lostcities import api, roll, session
from lostcities.ui import roll as roll_html

SAVE = "lostcities:roll:save"


class Host(memory_host.MemoryHost):
    """A :class:`memory_host.MemoryHost` whose storage is on (a dict, never None)."""

    storage: dict[str, str]


class Table:
    """A mounted ``#roll`` screen on a :class:`memory_host.MemoryHost`."""

    def __init__(self, storage: dict[str, str] | None = None, seed: int = 1) -> None:
        self.host = Host(storage={} if storage is None else storage, seed=seed)
        self.screen = screen.Screen(roll_screen.RollAdapter(), self.host)
        self.screen.mount()
        self.host.run()
        assert self.host.root is not None
        self.root = self.host.root

    @property
    def phase(self) -> str:
        return self.root.data["phase"]

    @property
    def moves(self) -> int:
        return int(self.root.data["moves"])

    @property
    def state(self) -> roll.State:
        assert self.screen.session is not None and isinstance(self.screen.session.state, roll.State)
        return self.screen.session.state

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        self.root.click(action, target, **data)
        self.host.run()

    def start(self, **form: str) -> None:
        assert self.phase == "setup"
        self.root.form = dict(form)
        self.click("start")

    def take(self, take: roll.Take) -> None:
        """Pick the take's two dice, then tap its place on the sheet."""
        state = self.state
        taken = state.taken if state.current_player != state.active else None
        assert state.roll is not None
        for key in roll_html.take_dice(state.roll, take.colour.value, take.number, taken=taken):
            self.click(target="die", die=key)
        sheet = state.sheets[state.current_player]
        where = {roll.Target.BOX: ("box", roll_html.next_key(sheet, take.colour).partition(":")[2]),
                 roll.Target.CIRCLE: ("circle", take.colour.value), roll.Target.TOP: ("top", take.colour.value)}
        kind, value = where[take.target]
        assert f"{kind}:{value}" in roll_html.pair_targets(sheet, take.colour, take.number)
        self.click(target="sheet", **{kind: value})

    def decide(self, rng: random.Random) -> bool:
        """One decision of the person at the device, by clicks; False once the game is over."""
        phase, before = self.phase, self.moves
        if phase == "over":
            return False
        if phase == "handover":
            self.click("ready")
            return True
        if phase == "roll":
            self.click("roll")
        elif phase == "accelerate":
            colour = rng.choice(self.state.sheets[self.state.current_player].acceleration_targets())
            self.click(target="accelerate", accelerate=colour.value)
        else:
            assert phase == "choose", phase
            takes = [a for a in self.state.legal_actions() if isinstance(a, roll.Take)]
            if takes and rng.random() < 0.9:
                self.take(rng.choice(takes))
            else:
                self.click("refuse")
        assert self.moves > before, phase
        return True


def play(table: Table, seed: int = 3) -> int:
    rng = random.Random(seed)
    decisions = 0
    while table.decide(rng):
        decisions += 1
        assert decisions < 1000
    return decisions


def old_save(state: roll.State, kinds: tuple[str, ...] = ("human", "easy"), pace: str = "instant") -> str:
    """A save as the first release of the screen wrote it."""
    seats = [{"name": "You" if k == "human" else f"Bot {i}", "kind": k} for i, k in enumerate(kinds)]
    return json.dumps({"format": "lostcities.roll-ui", "version": 1,
                       "setup": {"mode": "game", "seats": seats, "in_sequence": False, "pace": pace},
                       "state": state.to_dict(), "ui": {"viewer": 0}})


def test_a_whole_solo_game_by_clicks_keeps_the_best_score() -> None:
    table = Table()
    table.start(mode="solo", pace="instant")
    assert table.phase == "roll"
    assert 'data-action="roll"' in table.root.html()
    play(table)
    state = table.state
    assert state.is_terminal() and table.moves == len(state.history)
    total = state.sheets[0].score()
    html = table.root.html()
    assert f'data-col="total">{roll_html.number(total)}<' in html
    assert "A new best score!" in html
    assert json.loads(table.host.storage["lostcities:roll:best"]) == {"best": total}
    saved = session.load(table.host.storage[SAVE], "roll")
    assert saved.state == state and saved.ui["new_best"] is True
    # The next game's form shows the best score.
    table.click("confirm-new")
    assert table.phase == "setup" and f"<b>{roll_html.number(total)}</b>" in table.root.html()


def test_a_two_seat_game_against_the_computer() -> None:
    table = Table(seed=5)
    table.start(mode="game", count="2", name0="Ann", kind0="human", name1="Robo", kind1="easy", pace="quick")
    assert table.phase == "roll"
    play(table, seed=8)
    state = table.state
    assert state.is_terminal()
    log = table.screen.session.log if table.screen.session is not None else []
    assert any(entry["text"].startswith("Robo took") or "Robo refused" in entry["text"] for entry in log)
    html = table.root.html()
    assert roll_html.result_title(["Ann", "Robo"], state.breakdowns()) in html.replace("&#x27;", "'")
    reason = state.end_reason()
    assert reason is not None and roll_html.END_REASONS[reason] in html  # why the game ended
    assert 'data-target="thumb" data-sheet="1"' in html
    assert table.screen.computer.log, "the computer thought through the screen's driver"
    assert session.load(table.host.storage[SAVE], "roll").state == state


def test_picking_dice_highlights_targets_and_a_bad_tap_says_why() -> None:
    table = Table()
    table.root.focus_data = {"action": "start"}  # a keyboard player presses Start...
    table.start(mode="solo", pace="instant")
    assert table.root.focus_data == {"action": "roll"}  # ... and stays on the next thing to press
    table.root.click("roll")
    table.host.run()
    state = table.state
    assert table.phase == "choose" and state.roll is not None
    assert table.root.focus_data == {"target": "die", "state": "free"}  # the button is gone: the first die
    table.click(target="die", die="colour-0")
    assert "Now pick a number die." in table.root.html()  # solo: a sentence of its own
    table.click(target="die", die="number-0")
    assert 'class="rw-box' in table.root.html() and "rw-target" in table.root.html()
    colour = state.roll.colours[0]
    table.click(target="sheet", box=f"{colour.value}-5")
    assert table.screen.error == "Write in the next free " + colour.value + " box, from the bottom up."
    assert "rw-is-error" in table.root.html() and table.moves == 1
    table.click("clear")
    assert table.screen.error == "" and "rw-is-error" not in table.root.html()


def test_an_acceleration_chain_is_narrated_from_the_events() -> None:
    state = roll.Game(players=2).new_state()
    for action in ("roll red red red 1 1 1", "take red 1", "refuse",
                   "roll red orange orange 1 1 2", "take orange 1", "take red 1",
                   "roll orange red blue 1 2 5", "take orange 1", "refuse",
                   "roll green green green 3 3 3", "take green 3", "take green 3",
                   "roll red blue green 2 4 6"):
        state.apply(action)
    table = Table({SAVE: old_save(state)})
    assert table.phase == "choose"
    table.take(roll.Take(roll.Colour.RED, 2, roll.Target.BOX))
    assert table.phase == "accelerate"
    assert "red 2 in box 3: an arrow!" in table.root.html()
    table.click(target="sheet", box="orange-2")
    assert table.phase == "accelerate" and "accelerated orange 1 in box 2: an arrow again!" in table.root.html()
    table.click(target="accelerate", accelerate="green")
    assert table.root.html().count("an arrow") == 3
    for key in ("red-3", "orange-2", "green-2"):  # this turn's marks stand out
        assert "rw-fresh" in table.root.html().split(f'data-box="{key}"')[0].rsplit("<", 1)[1], key
    table.click(target="accelerate", accelerate="none")
    notations = [a.notation() for a in table.state.history]
    assert notations[13:17] == ["take red 2", "accelerate orange", "accelerate green", "accelerate none"]


def test_a_first_release_save_resumes_and_the_computer_carries_on() -> None:
    saved = roll.Game(players=2).new_state()
    for action in ("roll red red blue 1 4 7", "take red 1"):
        saved.apply(action)
    table = Table({SAVE: old_save(saved, pace="relaxed")})
    assert table.moves > 2, "the computer chose after the restore"
    assert [a.notation() for a in table.state.history[:2]] == ["roll red red blue 1 4 7", "take red 1"]
    assert table.phase in ("roll", "choose")
    stored = json.loads(table.host.storage[SAVE])
    assert stored["format"] == "lostcities.roll-ui" and stored["revision"] >= 1


def test_damaged_and_old_saves_are_set_aside_with_the_reason() -> None:
    for text, words in (("{this is not json", "damaged"),
                        (json.dumps({"format": "lostcities.roll-ui", "version": 0}), "older version")):
        table = Table({SAVE: text})
        assert table.phase == "problem"
        assert words in table.root.html() and "rw-problem-text" in table.root.html()
        assert SAVE not in table.host.storage and table.host.storage["lostcities:roll:damaged"] == text
        table.click("new-after-problem")
        assert table.phase == "setup"
    bad = json.loads(old_save(roll.Game(players=2).new_state()))
    bad["state"]["history"] = ["roll red red red 1 1 1", "take blue 1"]
    table = Table({SAVE: json.dumps(bad)})
    assert table.phase == "problem" and "damaged" in table.root.html()


def test_simultaneous_choices_hand_over_and_stay_hidden() -> None:
    table = Table(seed=2)
    table.start(mode="game", count="3", name0="Ann", kind0="human", name1="Ben", kind1="human",
                name2="Cy", kind2="human", pace="instant")
    rng = random.Random(1)
    while not (table.phase == "handover" and table.state.current_player == 2 and table.state.active == 0):
        assert table.decide(rng)
    html = table.root.html()
    assert "Cy" in html and "rw-sheet" not in html and "rw-die" not in html  # nothing of the table until Cy taps
    assert "I am Cy \u2013 show my sheet" in html and "cards" not in html
    table.click("ready")
    assert table.phase in ("choose", "accelerate")
    html = table.root.html()
    assert "Ben made a choice." in html and "rw-hidden-choice" in html  # Ben's choice stays hidden from Cy
    before = table.state.before[1]
    assert before is not None
    ben = html.split('data-sheet="1"')[1].split("</button>")[0]
    assert f'<b class="rw-thumb-total" data-paint="{roll_html.number(before.score())}"></b>' in ben


def test_setup_form_round_trip_and_refusals() -> None:
    setup = roll_screen.read_setup({"mode": "game", "count": "3", "name0": " Ann ", "kind0": "human",
                                    "name1": "", "kind1": "hard", "name2": "ann", "kind2": "easy",
                                    "in_sequence": "on", "pace": "relaxed"})
    assert setup.names == ("Ann", "Player 2", "ann (2)")
    assert [s.level for s in setup.seats] == [None, "hard", "easy"]
    assert setup.option("in_sequence") is True and setup.pref("pace") == "relaxed"
    solo = roll_screen.read_setup({"mode": "solo", "pace": "warp"})
    assert solo.names == ("You",) and solo.pref("mode") == "solo" and solo.pref("pace") == "quick"
    table = Table()
    table.start(mode="game", count="2", name0="A", kind0="human", name1="B", kind1="wizard")
    assert table.phase == "setup" and "wizard" in table.screen.error
    assert isinstance(api.games()["roll"], type)
    # the form comes back filled with the last setup
    table.start(mode="game", count="3", name0="A", kind0="human", name1="B", kind1="hard", name2="C",
                kind2="easy", pace="relaxed")
    table.click("menu")
    table.click("confirm-new")
    assert table.phase == "menu" and "Abandon this game?" in table.root.html()
    table.click("new-match")
    html = table.root.html()
    assert 'value="C"' in html and '<option value="3" selected>' in html


def test_focus_on_another_sheet_and_back() -> None:
    table = Table()
    table.start(mode="game", count="2", name0="You", kind0="human", name1="Bot", kind1="easy", pace="instant")
    table.click(target="thumb", sheet="1")
    assert 'rw-main-sheet rw-other' in table.root.html()
    table.click(target="thumb", sheet="0")
    assert "rw-other" not in table.root.html()
