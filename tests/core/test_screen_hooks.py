"""The screen's hooks (web/screen_hooks.py): a screen's owner adds to the flow of a turn at named
points, in a declared order, and the embed is the generic screen with its hooks plugged in."""

from __future__ import annotations

import random
import typing

import card_screen
import embed_screen
import memory_host
import screen
import screen_hooks
import screen_types
from lostcities import api, card, errors, session
from lostcities.ui import embed

FLOW: typing.Final = ("open", "mounted", "on_input", "apply", "illegal", "event", "settle", "settled", "deal",
                      "drawn")
"""The hooks whose calls a test records (the questions the drawing asks, ``interactive``, ``tools`` and
``problem``, are asked many times per frame)."""


class Recorder(screen_hooks.Hooks):
    """The app's screen, writing down each hook called."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def open(self, scr: screen.Screen) -> bool:
        self.calls.append("open")
        return False

    def mounted(self, scr: screen.Screen) -> None:
        self.calls.append("mounted")

    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> bool:
        self.calls.append("on_input")
        return False

    def apply(self, scr: screen.Screen, current: session.Session, action: api.Action | str) -> api.Event | None:
        self.calls.append("apply")
        return super().apply(scr, current, action)

    def illegal(self, scr: screen.Screen, action: api.Action | str, err: errors.GameError) -> None:
        self.calls.append("illegal")

    def event(self, scr: screen.Screen, event: api.Event) -> None:
        self.calls.append("event")

    def settle(self, scr: screen.Screen, event: api.Event | None) -> bool:
        self.calls.append("settle")
        return False

    def settled(self, scr: screen.Screen, event: api.Event) -> None:
        self.calls.append("settled")

    def deal(self, scr: screen.Screen) -> api.Event | None:
        self.calls.append("deal")
        return None

    def drawn(self, scr: screen.Screen) -> None:
        self.calls.append("drawn")


def playing(hooks: screen_hooks.Hooks,
            storage: dict[str, str] | None = None) -> tuple[screen.Screen, memory_host.MemoryRoot]:
    """A card game against the computer on a screen with ``hooks``, at the person's turn."""
    host = memory_host.MemoryHost(storage={} if storage is None else storage, seed=3)
    scr = screen.Screen(card_screen.CardAdapter(), host, hooks)
    scr.mount()
    assert host.root is not None
    host.root.form = {"opponent": "easy", "games": "1", "pace": "quick"}
    host.root.click("start")
    host.run()
    assert scr.session is not None and scr.session.is_person_turn()
    return scr, host.root


def a_play(scr: screen.Screen) -> card.Discard:
    assert scr.session is not None
    return next(a for a in scr.session.state.legal_actions() if isinstance(a, card.Discard))


def test_the_hooks_are_called_at_their_points_in_the_declared_order() -> None:
    hooks = Recorder()
    scr, root = playing(hooks)
    assert hooks.calls[:2] == ["open", "drawn"]  # mounting: what opens (the screen's own: the setup form)
    assert "mounted" in hooks.calls
    action = a_play(scr)
    root.click(target="hand", card=action.card.id)  # a selection: the adapter redraws
    hooks.calls.clear()
    root.click(target="discard", colour=action.card.colour.letter)
    # A person's action: input, judged and applied, told, settled and drawn, then settled.
    assert hooks.calls == ["on_input", "apply", "event", "settle", "drawn", "settled"]
    hooks.calls.clear()
    root.click(target="deck")
    # The turn's last action: the computer's turn begins as the screen settles (drawn again, thinking).
    assert hooks.calls == ["on_input", "apply", "event", "settle", "drawn", "drawn", "settled"]
    assert scr.thinking


def test_an_illegal_action_calls_illegal_and_changes_nothing() -> None:
    hooks = Recorder()
    scr, _ = playing(hooks)
    assert scr.session is not None
    before = scr.session.state.to_dict()
    hooks.calls.clear()
    assert not scr.act("play Z99")
    assert hooks.calls == ["apply", "illegal", "drawn"]
    assert scr.session.state.to_dict() == before and scr.error


class Refuser(screen_hooks.Hooks):
    """Refuses every move, as a lesson's step that waits for *Next* does."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def apply(self, scr: screen.Screen, current: session.Session, action: api.Action | str) -> api.Event | None:
        scr.error = "Read the step above first."
        return None

    def event(self, scr: screen.Screen, event: api.Event) -> None:
        self.seen.append("event")


def test_a_hook_that_refuses_a_move_leaves_the_screen_as_it_was() -> None:
    storage: dict[str, str] = {}
    hooks = Refuser()
    scr, root = playing(hooks, storage)
    assert scr.session is not None
    before, saved, phase = scr.session.state.to_dict(), dict(storage), root.data["phase"]
    assert not scr.act(a_play(scr))
    assert scr.session.state.to_dict() == before and storage == saved and root.data["phase"] == phase
    assert hooks.seen == [] and scr.error == "Read the step above first."


class Taker(screen_hooks.Hooks):
    """Takes the menu button for itself."""

    def on_input(self, scr: screen.Screen, event: screen_types.Input) -> bool:
        return event.action == "menu"


def test_an_input_taken_by_the_hooks_reaches_nothing_else() -> None:
    scr, root = playing(Taker())
    root.click("menu")
    assert not scr.menu_open
    scr_app, root_app = playing(screen_hooks.APP)
    root_app.click("menu")
    assert scr_app.menu_open


class NoSaves(screen_hooks.Hooks):
    saves = False


def test_a_screen_whose_hooks_keep_nothing_writes_no_game() -> None:
    storage: dict[str, str] = {}
    scr, _ = playing(NoSaves(), storage)
    scr.act(a_play(scr))
    assert "lostcities:card:save" not in storage
    storage_app: dict[str, str] = {}
    playing(screen_hooks.APP, storage_app)
    assert "lostcities:card:save" in storage_app


def test_the_embed_overrides_none_of_the_screens_methods() -> None:
    own = {name for name in vars(embed_screen.EmbeddedScreen) if not name.startswith("__")}
    assert not own & set(dir(screen.Screen)), own & set(dir(screen.Screen))


def mount_embed(query: dict[str, str]) -> tuple[embed_screen.EmbeddedScreen, memory_host.MemoryRoot,
                                                     list[dict[str, typing.Any]]]:
    config = embed.Config.from_query(query)
    host = memory_host.MemoryHost(storage={}, seed=config.seed)
    sent: list[dict[str, typing.Any]] = []
    scr = embed_screen.EmbeddedScreen(screen_types.REGISTRY[config.game](), host, config, sent.append)
    scr.mount()
    host.run()
    assert host.root is not None
    return scr, host.root, sent


def a_record() -> str:
    game = card.Game(games=1)
    state = game.new_game(random.Random(5))
    rng = random.Random(5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    return embed.encode(state.record().to_dict())


def test_a_puzzle_steps_refusal_leaves_the_frame_as_it_was() -> None:
    scr, root, sent = mount_embed({"rec": a_record(), "mode": "puzzle", "step": "1"})
    lesson = scr.lesson
    assert lesson is not None and scr.session is not None
    expected = lesson.step.expected[0]
    wrong = next(a.notation() for a in lesson.state.legal_actions() if a.notation() != expected)
    before, history, index = lesson.state.to_dict(), len(scr.session.state.history), lesson.index
    sent.clear()
    assert not scr.act(wrong)
    assert lesson.state.to_dict() == before and len(scr.session.state.history) == history
    assert lesson.index == index and root.data["phase"] != "problem"
    assert [m["type"] for m in sent] == ["result"] and sent[0]["success"] is False  # no move, no state
    assert scr.act(expected)
    assert "move" in [m["type"] for m in sent]


def test_a_lesson_and_a_record_draw_none_of_the_tables_tools() -> None:
    scr, root, _ = mount_embed({"tut": "card-wagers"})
    assert scr.lesson is not None and not root.regions.get("toolbar") and not root.regions.get("moves")
    _, root, _ = mount_embed({"rec": a_record(), "step": "4"})
    assert not root.regions.get("toolbar")
    _, root, _ = mount_embed({"game": "card", "mode": "play"})  # free play has them
    assert 'data-action="moves"' in root.regions.get("toolbar", "")


def test_the_screen_is_marked_has_lesson_exactly_while_its_lesson_region_shows_something() -> None:
    """The style sheets select ``.has-lesson`` (not a ``:has()`` of the region, which restyled the whole
    screen at each change): the class follows the region, in a lesson, a record, revealed hands and free play."""
    shown = embed_screen.LESSON_SHOWN
    for query, expected in (({"tut": "card-wagers"}, True), ({"rec": a_record(), "step": "4"}, True),
                            ({"game": "card", "mode": "play", "reveal": "1"}, True),
                            ({"game": "card", "mode": "play"}, False)):
        _, root, _ = mount_embed(query)
        assert (shown in root.classes) is expected is bool(root.regions.get("lesson")), query


def test_a_lesson_panel_is_marked_has_choices_exactly_while_it_shows_its_answers() -> None:
    """``.has-choices`` lays a question's answers out under its text (web/embed.css; a ``:has()`` of the
    answers restyled the whole table at every render): on a question until it is answered, never elsewhere."""
    _, root, _ = mount_embed({"tut": "card-end-of-deck", "step": "2"})
    lesson = root.regions["lesson"]
    assert 'class="lc-lesson-panel has-choices"' in lesson and "lc-lesson-choices" in lesson
    _, root, _ = mount_embed({"tut": "card-end-of-deck", "step": "1"})
    assert "has-choices" not in root.regions["lesson"] and "lc-lesson-choices" not in root.regions["lesson"]
