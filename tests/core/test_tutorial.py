"""Every built-in tutorial replayed through the core and the embedded screen.

For each tutorial: the scripted path is legal at every step (expected moves,
checks, replies, answers), its free play ends, and every highlight and arrow
names an element (``data-spot``) of the table the reader sees at that step.
"""

from __future__ import annotations

import pathlib
import random
import re
import typing

import hypothesis
import pytest
from hypothesis import strategies as st

import card_screen
import embed_screen
import lostcities
import memory_host
import screen_types
from lostcities import api, card, errors, i18n
from lostcities.ui import embed, games, tutorial

ALL = list(tutorial.tutorials().values())
IDS = [t.id for t in ALL]
del lostcities


def mount(config: embed.Config, *, storage: dict[str, str] | None = None,
          ) -> tuple[embed_screen.EmbeddedScreen, memory_host.MemoryHost, list[dict[str, typing.Any]]]:
    host = memory_host.MemoryHost(storage={} if storage is None else storage, seed=config.seed)
    sent: list[dict[str, typing.Any]] = []
    scr = embed_screen.EmbeddedScreen(screen_types.REGISTRY[config.game](), host, config, sent.append)
    scr.mount()
    host.run()
    return scr, host, sent


def spots(html: str) -> set[str]:
    return set(re.findall(r'data-spot="([^"]+)"', html))


def test_every_game_has_tutorials() -> None:
    assert {t.game for t in ALL} == set(games.entries()) == set(screen_types.REGISTRY)
    for game in ("card", "roll", "board"):
        assert len(tutorial.tutorials(game)) >= 4, game


def answer_both_ways(lesson: tutorial.Lesson, step: tutorial.Step) -> None:
    """A choice step: a wrong answer fails, the right one succeeds."""
    wrong = (step.answer + 1) % len(step.options)
    assert lesson.answer(wrong).outcome is tutorial.Outcome.FAILURE
    assert lesson.answer(step.answer).outcome is tutorial.Outcome.SUCCESS


def act_as_expected(lesson: tutorial.Lesson, step: tutorial.Step) -> None:
    """An act step: the first expected move (else the first legal one) succeeds and the replies follow."""
    state = lesson.state
    assert state.current_player == lesson.pov, f"step {lesson.index + 1}: not the reader's turn"
    for text in step.expected:
        assert state.is_legal(text), f"step {lesson.index + 1}: {text} is not legal"
    move = step.expected[0] if step.expected else state.legal_actions()[0].notation()
    before = state.snapshot()
    result = lesson.attempt(move)
    assert result.outcome is tutorial.Outcome.SUCCESS, f"step {lesson.index + 1}: {move} fails its checks"
    assert lesson.state.snapshot() != before
    while lesson.replies:
        assert lesson.play_reply() is not None


def play_freely(lesson: tutorial.Lesson, rng: random.Random) -> None:
    """A play step: random legal moves for everybody until the step succeeds."""
    for _ in range(2000):
        if lesson.succeeded or lesson.done:
            break
        if lesson.state.is_chance():
            lesson.chance()
        elif lesson.state.current_player == lesson.pov:
            lesson.attempt(rng.choice(lesson.state.legal_actions()))
        else:
            action = rng.choice(lesson.state.legal_actions())
            lesson.session.apply(action)
            lesson.after_other(action.notation())
    assert lesson.succeeded, f"step {lesson.index + 1}: the free play did not end"


@pytest.mark.parametrize("tut", ALL, ids=IDS)
def test_tutorial_replays_through_the_core(tut: tutorial.Tutorial) -> None:
    assert 3 <= len(tut.steps) <= 6, "a tutorial has 3 to 6 steps"
    assert tut.steps[-1].kind is tutorial.StepKind.PLAY, "a tutorial ends in free play"
    lesson = tutorial.Lesson(tut)
    rng = random.Random(tut.id)
    while not lesson.done:
        step = lesson.step
        if step.kind is tutorial.StepKind.CHOICE:
            answer_both_ways(lesson, step)
        elif step.kind is tutorial.StepKind.ACT:
            act_as_expected(lesson, step)
        elif step.kind is tutorial.StepKind.PLAY:
            play_freely(lesson, rng)
        assert lesson.done or lesson.next()
    choices = sum(step.kind is tutorial.StepKind.CHOICE for step in tut.steps)
    assert lesson.done and lesson.failures == choices  # one wrong answer per choice, nothing else failed
    assert lesson.stars() == (3 if choices == 0 else 2 if choices <= 2 else 1)


@pytest.mark.parametrize("tut", ALL, ids=IDS)
def test_highlights_name_real_elements(tut: tutorial.Tutorial) -> None:
    for index, step in enumerate(tut.steps):
        names = {*step.highlights, *(name for pair in step.arrows for name in pair)}
        if not names:
            continue
        config = embed.Config.from_query({"tut": tut.id, "step": str(index + 1)})
        scr, host, _ = mount(config)
        assert host.root is not None
        found = spots(host.root.html())
        missing = names - found
        assert not missing, f"step {index + 1}: no element named {sorted(missing)} (found {sorted(found)[:12]}...)"
        assert scr.lesson is not None and scr.lesson.index == index


def test_stars_count_failures() -> None:
    lesson = tutorial.Lesson(tutorial.get("card-first-expedition"))
    assert lesson.next()
    assert lesson.attempt("play Y5").outcome is tutorial.Outcome.FAILURE
    assert lesson.state.snapshot()["columns"][0]["yellow"] == []  # a refused move is not played
    with pytest.raises(errors.IllegalActionError):
        lesson.attempt("play Y4")  # not in the hand: the core's reason
    assert lesson.attempt("play Y3").outcome is tutorial.Outcome.SUCCESS
    assert lesson.failures == 1
    lesson.failures = 3
    assert lesson.stars() == 1
    lesson.goto(4)
    assert lesson.stars() == 0  # skipping ahead earns no stars


def test_goto_plays_the_scripted_path() -> None:
    lesson = tutorial.Lesson(tutorial.get("card-first-expedition"), step=3)
    state = lesson.state.snapshot()
    assert state["columns"][0]["yellow"] == ["Y3"] and state["columns"][1]["green"] == ["G4"]
    assert lesson.step.kind is tutorial.StepKind.CHOICE


@pytest.mark.parametrize("ident", list(tutorial.tutorials()))
def test_every_step_of_every_tutorial_opens(ident: str) -> None:
    """A host page may open any step (``goto``, ``step=N``): a step the reader may pass with any
    move (``allow: any`` without ``expected``) is walked with a move that passes it."""
    lesson = tutorial.Lesson(tutorial.get(ident))
    for index in range(lesson.total):
        lesson.goto(index)
        assert lesson.index == index and not lesson.state.is_chance()


def test_any_move_stands_with_an_explanation() -> None:
    raw = tutorial.get("card-first-expedition")
    steps = [{"kind": "act", "text": "Place a yellow card.", "expected": ["play Y3"], "allow": "any",
              "failure": "The 3 would have left room for the 5."},
             {"kind": "play", "text": "Play on.", "turns": 1}]
    tut = tutorial.parse({"id": "any", "game": "card", "title": "t", "summary": "s", "options": {"games": 1},
                          "setup": dict(raw.setup), "steps": steps})
    lesson = tutorial.Lesson(tut)
    result = lesson.attempt("play Y5")
    assert result.played and result.outcome is tutorial.Outcome.SUCCESS
    assert result.message == "The 3 would have left room for the 5." and lesson.failures == 1
    assert lesson.replies == []


@pytest.mark.parametrize("raw, words", [
    ({}, "'id'"),
    ({"id": "x", "game": "chess"}, "'game' must be one of"),
    ({"id": "x", "game": "card", "title": "t", "summary": "s", "setup": {"seed": 1}, "steps": []}, "1 to 12 steps"),
    ({"id": "x", "game": "card", "title": "t", "summary": "s", "setup": {"seed": 1},
      "steps": [{"kind": "act", "text": "Do it."}]}, "an act step needs"),
    ({"id": "x", "game": "card", "title": "t", "summary": "s", "setup": {"seed": 1},
      "steps": [{"kind": "info", "text": "Look.", "highlights": ["moon:1"]}]}, "unknown kind 'moon'"),
    ({"id": "x", "game": "card", "title": "t", "summary": "s", "setup": {"seed": 1},
      "steps": [{"kind": "choice", "text": "Which?", "options": ["a", "b"], "answer": 2}]}, "right 'answer'"),
    ({"id": "x", "game": "card", "title": "t", "summary": "s", "setup": {"seed": 1},
      "steps": [{"kind": "info", "text": "Look.", "colour": "red"}]}, "unknown entry 'colour'"),
])
def test_schema_errors_name_the_problem(raw: dict[str, typing.Any], words: str) -> None:
    with pytest.raises(tutorial.TutorialError, match=re.escape(words)):
        tutorial.parse(raw)


def test_a_setup_that_is_no_position_is_refused() -> None:
    tut = tutorial.parse({"id": "x", "game": "card", "title": "t", "summary": "s", "options": {"games": 1},
                          "setup": {"seed": 1, "position": {"hands": [["Y3", "Y3"]]}},
                          "steps": [{"kind": "info", "text": "Look."}]})
    with pytest.raises(tutorial.TutorialError, match="card Y3 is in more than one place"):
        tutorial.Lesson(tut)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4), max_leaves=12)
KEYS = st.sampled_from(["id", "game", "title", "summary", "options", "seats", "pov", "bot", "setup", "steps"])


@pytest.mark.long
@hypothesis.given(st.dictionaries(KEYS, JSON, max_size=10))
@hypothesis.settings(max_examples=300, deadline=None)
def test_fuzzed_tutorial_data_only_raises_tutorial_errors(raw: dict[str, typing.Any]) -> None:
    try:
        tutorial.parse(raw)
    except tutorial.TutorialError as err:
        assert err.reason and err.code == "invalid_tutorial"


# -- the embed's parameters and messages ---------------------------------------------------------------


def test_codes_round_trip_and_refuse_damage() -> None:
    state = card.Game(games=1).new_game(random.Random(3))
    code = embed.encode(state.to_dict())
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert api.state_from_dict(embed.decode(code)) == state
    for bad, words in (("", "not base64url"), ("ab$", "not base64url"), ("AAAA", "not readable data"),
                       ("_____", "damaged"), ("x" * (embed.MAX_CODE + 1), "too long")):
        with pytest.raises(embed.EmbedError, match=words):
            embed.decode(bad)
    bomb = embed.encode("0" * (embed.MAX_JSON + 10))
    with pytest.raises(embed.EmbedError, match="unpacks to more than"):
        embed.decode(bomb)


@pytest.mark.parametrize("query, words", [
    ({}, "say which game"),
    ({"game": "chess"}, "no game called 'chess'"),
    ({"tut": "nope"}, "no tutorial called 'nope'"),
    ({"tut": "card-wagers", "step": "9"}, "step must be from 1 to 6"),
    ({"tut": "card-wagers", "game": "roll"}, "does not match tut"),
    ({"game": "card", "mode": "view"}, "give rec"),
    ({"game": "card", "mode": "dance"}, "mode must be one of"),
    ({"game": "card", "bot": "wizard"}, "bot must be one of easy, medium, hard"),
    ({"game": "card", "pov": "3"}, "pov must be a whole number from 1 to 2"),
    ({"game": "card", "seed": "-1"}, "seed must be a whole number"),
    ({"game": "card", "reveal": "yes"}, "reveal must be 0 or 1"),
    ({"game": "card", "parent": "*"}, "parent must be the host page's origin"),
    ({"game": "card", "parent": "https://a.example/path"}, "parent must be the host page's origin"),
    ({"s": "%%%"}, "not base64url"),
    ({"s": embed.encode({"game": "go"})}, "does not name a game"),
    ({"game": "card", "id": "x" * 65}, "id must be at most 64"),
])
def test_bad_parameters_say_why(query: dict[str, str], words: str) -> None:
    with pytest.raises(embed.EmbedError, match=re.escape(words)):
        embed.Config.from_query(query)


def test_unknown_parameters_are_ignored_and_step_reads_the_fragment() -> None:
    config = embed.Config.from_query({"tut": "card-wagers", "utm_source": "x"}, "#step=3")
    assert config.step == 2 and config.mode is embed.Mode.TUTORIAL and config.game == "card"


@hypothesis.given(st.dictionaries(st.sampled_from(["game", "tut", "step", "s", "rec", "mode", "bot", "pov", "reveal",
                                                   "seed", "controls", "autoplay", "id", "parent", "x"]),
                                  st.text(max_size=30), max_size=8), st.text(max_size=12))
@hypothesis.settings(max_examples=400, deadline=None)
def test_fuzzed_parameters_only_raise_embed_errors(query: dict[str, str], fragment: str) -> None:
    try:
        embed.Config.from_query(query, fragment)
    except embed.EmbedError as err:
        assert err.reason and err.code


@hypothesis.given(JSON)
@hypothesis.settings(max_examples=300, deadline=None)
def test_fuzzed_messages_only_raise_embed_errors(data: typing.Any) -> None:
    try:
        embed.read_message(data)
    except embed.EmbedError as err:
        assert err.code == "bad_message"


# -- the embedded screen -------------------------------------------------------------------------------


def test_a_tutorial_tells_the_host_page_everything() -> None:
    config = embed.Config.from_query({"tut": "card-first-expedition", "id": "t1", "parent": "https://rules.example"})
    scr, host, sent = mount(config)
    root = host.root
    assert root is not None
    assert [m["type"] for m in sent] == ["ready", "step", "state"]
    assert sent[0] == {"lc": 1, "id": "t1", "type": "ready", "game": "card", "version": embed.version(),
                       "mode": "tutorial", "tutorial": "card-first-expedition", "steps": 5, "step": 1}
    root.click(target="hand", card="Y3")
    assert "Read the step above first" in (scr.error or "") or scr.lesson is not None
    root.click("lesson-next")
    host.run()
    sent.clear()
    root.click(target="hand", card="Y5")
    root.click(target="column", colour="Y")
    host.run()
    assert sent == [{"lc": 1, "id": "t1", "type": "result", "step": 2, "success": False, "tries": 1}]
    root.click(target="hand", card="Y3")
    root.click(target="column", colour="Y")
    host.run()
    kinds = [m["type"] for m in sent]
    assert kinds[1:] == ["result", "move", "state"]
    move = sent[2]
    assert move["action"] == "play Y3" and move["who"] == 0 and move["event"]["text"].startswith("You ")
    sent.clear()
    root.click("lesson-next")
    root.click(target="pile", colour="Y")
    host.run()
    assert sent[-1]["type"] == "illegal" and sent[-1]["code"] == "illegal_action"
    assert sent[-1]["message"] == "The yellow discard pile is empty."
    root.click(target="deck")
    host.run()
    assert [m["action"] for m in sent if m["type"] == "move"] == ["draw", "play G4", "draw"]
    assert scr.lesson is not None and scr.lesson.index == 2


def test_finishing_a_tutorial_sends_completed_and_keeps_the_stars() -> None:
    storage: dict[str, str] = {}
    config = embed.Config.from_query({"tut": "card-end-of-deck", "step": "5", "seed": "4"})
    scr, host, sent = mount(config, storage=storage)
    lesson = scr.lesson
    assert lesson is not None and host.root is not None
    for _ in range(200):
        if lesson.done:
            break
        state = lesson.state
        if state.current_player == lesson.pov:
            assert scr.act(state.legal_actions()[0])
        host.run()
    assert lesson.done and state.is_terminal()
    completed = [m for m in sent if m["type"] == "completed"]
    assert completed == [{"lc": 1, "id": "", "type": "completed", "tutorial": "card-end-of-deck", "stars": 0,
                          "tries": 0}]
    assert embed_screen.progress(storage[embed_screen.PROGRESS_KEY]) == {"card-end-of-deck": 0}


def test_without_storage_a_tutorial_plays_and_says_progress_is_not_kept() -> None:
    config = embed.Config.from_query({"tut": "card-first-expedition", "step": "5"})
    host = memory_host.MemoryHost(storage=None, seed=2)
    sent: list[dict[str, typing.Any]] = []
    scr = embed_screen.EmbeddedScreen(card_screen.CardAdapter(), host, config, sent.append)
    scr.mount()
    host.run()
    lesson = scr.lesson
    assert lesson is not None
    for _ in range(100):
        if lesson.done:
            break
        if lesson.state.current_player == lesson.pov:
            scr.act(lesson.state.legal_actions()[0])
        host.run()
    assert lesson.done
    assert [text for _, text in host.notices] == [
        "This browser is not keeping data for this page, so your tutorial progress will not be kept."]


def test_record_viewer_and_puzzle() -> None:
    game = card.Game(games=1)
    state = game.new_game(random.Random(5))
    rng = random.Random(5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    code = embed.encode(record.to_dict())
    scr, host, sent = mount(embed.Config.from_query({"rec": code, "step": "4"}))
    assert scr.record is not None and scr.shown == 4 and not scr.interactive()
    assert sent[0]["type"] == "ready" and sent[0]["step"] == 4 and sent[0]["steps"] == 13
    assert host.root is not None and "After 4 of 13 actions" in host.root.html()
    host.root.click("view-step", to="5")
    assert scr.shown == 5
    replayed = api.Record(record.game, record.actions[:5]).replay()
    assert scr.current.state == replayed
    scr.receive({"lc": 1, "type": "goto", "step": 13})
    assert scr.current.state == state
    # the same record as a puzzle: seat 1 finds its moves from action 1 on
    scr, host, sent = mount(embed.Config.from_query({"rec": code, "mode": "puzzle", "step": "1"}))
    lesson = scr.lesson
    assert lesson is not None and scr.strict
    expected = lesson.step.expected[0]
    wrong = next(a.notation() for a in lesson.state.legal_actions() if a.notation() != expected)
    assert not scr.act(wrong)
    assert lesson.state.snapshot() == api.Record(record.game, record.actions[:1]).replay().snapshot()
    assert scr.act(expected)


def test_bad_scenario_shows_a_message_and_sends_error() -> None:
    config = embed.Config.from_query({"s": embed.encode({"format": "lostcities.state", "version": 1, "game": "card",
                                                         "options": {}, "history": ["play Y3"]}), "id": "q"})
    scr, host, sent = mount(config)
    assert scr.mode == "problem"
    assert sent[0]["type"] == "error" and sent[0]["code"] == "bad_scenario"
    assert "cannot be replayed" in sent[0]["message"]
    assert host.root is not None and "This position cannot be shown" in host.root.html()


def test_load_opens_another_games_tutorial_in_the_same_frame() -> None:
    scr, host, sent = mount(embed.Config.from_query({"tut": "card-end-of-deck", "id": "g"}))
    sent.clear()
    scr.receive({"lc": 1, "type": "load", "tutorial": "roll-choosing-dice", "step": 2})
    assert scr.game.name == "roll" and scr.lesson is not None and scr.lesson.index == 1
    ready = [m for m in sent if m["type"] == "ready"]
    assert [(m["game"], m["tutorial"], m["step"], m["id"]) for m in ready] == [("roll", "roll-choosing-dice", 2, "g")]
    assert host.root is not None and "rw-play" in host.root.html()
    scr.receive({"lc": 1, "type": "load", "tutorial": "board-lost-city", "step": 5})
    assert scr.game.name == "board" and scr.lesson is not None and scr.lesson.index == 4
    assert host.root is not None and "lcb-play" in host.root.html()
    assert not [m for m in sent if m["type"] == "error"]


def test_messages_from_the_host_page() -> None:
    scr, _, sent = mount(embed.Config.from_query({"tut": "card-wagers", "id": "w"}))
    sent.clear()
    scr.receive({"lc": 1, "type": "goto", "step": 4})
    assert scr.lesson is not None and scr.lesson.index == 3
    assert sent[0] == {"lc": 1, "id": "w", "type": "step", "index": 4, "total": 6, "tutorial": "card-wagers"}
    scr.receive({"lc": 1, "type": "goto", "step": 40})
    assert sent[-1]["type"] == "error" and sent[-1]["message"] == "There is no step 40 (this tutorial has 6)."
    scr.receive({"lc": 1, "type": "load", "tutorial": "card-ascending"})
    assert scr.lesson is not None and scr.lesson.tutorial.id == "card-ascending"
    scr.receive({"type": "reset"})
    assert sent[-1]["type"] == "error" and sent[-1]["code"] == "bad_message"
    scr.receive({"lc": 1, "type": "hello"})
    assert sent[-3]["type"] == "ready" and sent[-3]["tutorial"] == "card-ascending"


def test_reveal_shows_the_other_hands_for_teaching() -> None:
    scr, host, _ = mount(embed.Config.from_query({"game": "card", "mode": "play", "seed": "5", "reveal": "1"}))
    assert host.root is not None
    state = scr.current.state
    assert isinstance(state, card.State)
    shown = re.findall(r'data-card="([^"]+)"', host.root.regions["lesson"])
    assert sorted(shown) == sorted(c.id for c in state.hand(1))
    scr, host, _ = mount(embed.Config.from_query({"game": "card", "mode": "play", "seed": "5"}))
    assert host.root is not None and "lc-reveal" not in host.root.html()


@pytest.mark.parametrize("game", sorted(screen_types.REGISTRY))
@pytest.mark.parametrize("pov", ["1", "2"])
def test_free_play_opens_a_new_deal_in_every_game(game: str, pov: str) -> None:
    """``mode=play`` without a position: a new game with a seat for every name the frame shows
    (Roll & Write's fewest players is one, its new game has two: it failed before)."""
    scr, host, sent = mount(embed.Config.from_query({"game": game, "mode": "play", "seed": "3", "pov": pov}))
    assert [message["type"] for message in sent if message["type"] in ("ready", "error")] == ["ready"]
    assert scr.session is not None
    seats = scr.session.setup.seats
    assert scr.session.state.game.num_players == len(seats) >= int(pov)
    assert seats[int(pov) - 1].name == "You"
    assert host.root is not None and "problem" not in host.root.data.get("phase", "")


# -- issue 23: numbers, parent, codes and messages as documented -----------------------------------------

OTHER_DIGITS: typing.Final = ("\u00b2", "\u00b3", "\uff11\uff12", "\u0663", "\u06f4", "\u0967", "\u2460", "1\u00b2")
"""Superscripts, fullwidth, Arabic-Indic, extended Arabic-Indic, Devanagari, circled, a mix."""


@pytest.mark.parametrize("text", OTHER_DIGITS)
@pytest.mark.parametrize("key", ["seed", "pov", "step", "#step"])
def test_numbers_in_other_digits_are_refused_in_plain_words(key: str, text: str) -> None:
    query = {"tut": "card-wagers"} if key.endswith("step") else {"game": "card"}
    if key != "#step":
        query[key] = text
    with pytest.raises(embed.EmbedError, match=r"whole number from .* in the digits 0-9") as caught:
        embed.Config.from_query(query, f"#step={text}" if key == "#step" else "")
    assert caught.value.code == "bad_parameter"


@pytest.mark.parametrize("raw, origin", [
    ("http://127.0.0.1:08124", "http://127.0.0.1:8124"),
    ("HTTPS://Rules.Example.ORG:443/", "https://rules.example.org"),
    ("http://localhost:80", "http://localhost"),
    ("https://[0:0:0:0:0:0:0:1]:8443", "https://[::1]:8443"),
])
def test_parent_is_read_as_the_browser_writes_an_origin(raw: str, origin: str) -> None:
    assert embed.Config.from_query({"game": "card", "parent": raw}).parent == origin


@pytest.mark.parametrize("raw, words", [
    ("http://127.1", "four numbers"),
    ("http://0x7f.0.0.1", "four numbers"),
    ("http://r\u00e9gles.example", "in ASCII"),
    ("http://rules.example:99999", "port must be a number"),
    ("http://rules.example:\u00b2", "in ASCII"),
    ("http://user@rules.example", "host page's origin"),
    ("ftp://rules.example", "host page's origin"),
    ("http://rules.example/page", "host page's origin"),
    ("http://", "no valid host name"),
])
def test_a_parent_that_is_no_origin_is_refused(raw: str, words: str) -> None:
    with pytest.raises(embed.EmbedError, match=re.escape(words)):
        embed.Config.from_query({"game": "card", "parent": raw})


@pytest.mark.parametrize("code", ["garbage", "%%%", embed.encode([1, 2]), embed.encode({"game": "go"})])
def test_a_bad_record_is_a_bad_record(code: str) -> None:
    with pytest.raises(embed.EmbedError) as caught:
        embed.Config.from_query({"rec": code})
    assert caught.value.code == "bad_record", caught.value.reason
    with pytest.raises(embed.EmbedError) as caught:
        embed.Config.from_query({"s": code})
    assert caught.value.code == "bad_scenario"


@pytest.mark.parametrize("depth", [65, 300, 3000])
def test_a_deeply_nested_message_is_told_so(depth: int) -> None:
    deep: typing.Any = "x"
    for _ in range(depth):
        deep = [deep]
    text = '{"lc": 1, "type": "load", "scenario": ' + "[" * depth + "1" + "]" * depth + "}"
    scr, _, sent = mount(embed.Config.from_query({"tut": "card-wagers", "id": "d"}))
    for message in ({"lc": 1, "type": "load", "scenario": deep}, deep):
        sent.clear()
        scr.receive(message)
        assert [(m["type"], m["code"]) for m in sent] == [("error", "bad_message")]
        assert "nested too deeply" in sent[0]["message"], sent[0]["message"]
    with pytest.raises(embed.EmbedError, match="the message is nested too deeply"):
        embed.message_data(text)
    assert scr.lesson is not None and scr.lesson.tutorial.id == "card-wagers"  # nothing changed


def test_reset_returns_to_the_urls_position_after_a_load_and_after_a_failed_load() -> None:
    scr, _, sent = mount(embed.Config.from_query({"tut": "card-wagers", "step": "3", "id": "r"}))
    scr.receive({"lc": 1, "type": "load", "tutorial": "roll-choosing-dice"})
    assert scr.game.name == "roll"
    scr.receive({"lc": 1, "type": "reset"})
    assert scr.game.name == "card" and scr.lesson is not None
    assert (scr.lesson.tutorial.id, scr.lesson.index) == ("card-wagers", 2)
    assert sent[-3]["type"] == "ready" and sent[-3]["tutorial"] == "card-wagers" and sent[-3]["step"] == 3
    bad = embed.encode({"format": "lostcities.state", "version": 1, "game": "card", "options": {},
                        "history": ["play Y3"]})
    scr.receive({"lc": 1, "type": "load", "scenario": bad})
    assert scr.mode == "problem" and sent[-1]["type"] == "error" and sent[-1]["code"] == "bad_scenario"
    scr.receive({"lc": 1, "type": "reset"})
    assert scr.mode == "play" and scr.lesson is not None and scr.lesson.tutorial.id == "card-wagers"
    assert scr.lesson.index == 2 and sent[-3]["type"] == "ready"


def documented_codes(row: str) -> set[str]:
    """The codes listed in the docs' table row of a message type."""
    text = (pathlib.Path(__file__).parents[2] / "docs" / "embedding.md").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith(f"| `{row}` |"))
    return set(re.findall(r"`([a-z_]+)`", line.split("|")[2] + line.split("|")[3])) - {"code", "message", "action"}


def test_every_code_sent_is_documented() -> None:
    assert documented_codes("error") == set(embed.ERROR_CODES)
    assert documented_codes("illegal") == set(embed.ILLEGAL_CODES)
    assert {cls.code for cls in (errors.MalformedActionError, errors.IllegalActionError, errors.WrongTurnError,
                                 errors.GameOverError)} == set(embed.ILLEGAL_CODES)
    with pytest.raises(ValueError, match="code is one of"):
        embed.message("error", "x", code="invalid_state", message="?")
    with pytest.raises(ValueError, match="code is one of"):
        embed.message("illegal", "x", code="invalid_tutorial", action="", message="?")


@hypothesis.given(JSON)
@hypothesis.settings(max_examples=150, deadline=None)
def test_fuzzed_loads_send_only_documented_codes(payload: typing.Any) -> None:
    scr, _, sent = FUZZ_SCREEN
    sent.clear()
    message = {**payload, "lc": 1, "type": "load"} if isinstance(payload, dict) else payload
    scr.receive(message)
    for sent_message in sent:
        if sent_message["type"] in ("error", "illegal"):
            assert sent_message["code"] in DOCUMENTED[sent_message["type"]], sent_message


DOCUMENTED: typing.Final = {kind: documented_codes(kind) for kind in ("error", "illegal")}
FUZZ_SCREEN: typing.Final = mount(embed.Config.from_query({"tut": "card-wagers", "id": "z"}))


def test_a_small_screen_shows_a_steps_ask_and_its_whole_text_on_demand() -> None:
    """The panel marks the step's ask (its last sentence out of brackets) apart from the rest, which a small
    screen hides until *Whole text* (a button, its state in aria-expanded) asks for it; the choice stays
    for the next steps; a step of one sentence has no button."""
    _, host, _ = mount(embed.Config.from_query({"tut": "card-discard-draw"}))
    root = host.root
    assert root is not None
    html = root.html()
    assert 'data-text="ask"' in html and 'aria-expanded="false"' in html
    assert '<span class="lc-lesson-ask">Anyone may later draw the top card of a pile.</span>' in html
    assert '<span class="lc-lesson-more">Instead of placing a card you may discard it' in html
    root.click("lesson-text")
    html = root.html()
    assert 'data-text="all"' in html and 'aria-expanded="true"' in html and 'data-action="lesson-text"' in html
    root.click("lesson-next")
    host.run()
    assert 'data-text="all"' in root.html()
    root.click("lesson-text")
    assert 'data-text="ask"' in root.html()
    assert embed.lesson_text("Refuse this roll.", shown=False) == (
        '<p class="lc-lesson-text"><span class="lc-lesson-ask">Refuse this roll.</span></p>', "")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_steps_text_is_its_ask_and_the_rest_with_no_word_lost(lang: str) -> None:
    """The three parts of every step's text (:func:`embed.lead_and_ask`) join to the text, and the ask is a
    sentence out of brackets; a step whose ask comes first (``ask: first``) shows that sentence."""
    with i18n.using(lang):
        for tut in ALL:
            for number, step in enumerate(tut.steps, start=1):
                text = i18n._(step.text)
                lead, ask, after = embed.lead_and_ask(text, step.ask)
                assert " ".join(p for p in (lead, ask, after) if p) == " ".join(text.split()), (tut.id, number)
                assert ask and not ask.startswith("("), (tut.id, number)
                if step.ask is tutorial.Ask.FIRST:
                    assert not lead and after, (tut.id, number)
