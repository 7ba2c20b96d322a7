"""The card game screen (route ``#card``): setup, the play loop, saves.

Glue only: the rules are :mod:`lostcities.card`, the computer players
:mod:`lostcities.card.ai`, and every piece of HTML comes from the pure
renderers of :mod:`lostcities.card.html`.  This module keeps the screen's
state, turns clicks (one delegated listener reading ``data-*`` attributes)
into actions, drives the computer player in short slices so that the page
stays responsive, and saves the match after every action.

Modes: ``setup`` (the new-match form), ``problem`` (a save that cannot be
restored), ``handover`` (pass-and-play, between turns: nothing is shown),
``play`` (the table) and ``result`` (a game or the match is over); the menu
is an overlay over any of them.  The screen element carries ``data-phase``
(``setup``, ``problem``, ``handover``, ``play``, ``draw``, ``ai``, ``result``,
``over``, ``menu``) and ``data-moves`` (actions so far) for tests.
"""

from __future__ import annotations

import dataclasses
import typing

import glue
import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from lostcities import api, card, errors

SAVE_KEY: typing.Final = "card:save"
PREFS_KEY: typing.Final = "card:prefs"
SAVE_FORMAT: typing.Final = "lostcities.card-ui"
SAVE_VERSION: typing.Final = 1
"""Version of the screen's save (the state inside has its own version)."""

LEVELS: typing.Final = ("easy", "medium", "hard")
HUMAN: typing.Final = "human"
MAX_NAME: typing.Final = 20

SLICE_SECONDS: typing.Final = 0.02
"""Work done in one browser task while the computer thinks (the bot yields every few ms)."""
PAUSES: typing.Final[dict[str, tuple[int, int]]] = {"normal": (450, 1000), "quick": (120, 350)}
"""Per pace, in ms: the pause before the computer's play appears (the player sees
their own draw land) and the pause between its play and its draw (the player
can follow it)."""


def create(app: typing.Any) -> CardScreen:
    return CardScreen(app)


SaveError = glue.SaveError


@dataclasses.dataclass(frozen=True)
class Setup:
    """The match options chosen on the setup screen."""

    opponent: str
    """A computer level (``easy``, ``medium``, ``hard``) or ``human`` (pass-and-play)."""
    names: tuple[str, str]
    colours: int = 5
    games: int = 3
    pace: str = "normal"
    """``normal`` or ``quick``: the pauses around the computer's moves."""

    @property
    def vs_computer(self) -> bool:
        return self.opponent != HUMAN

    def game(self) -> card.Game:
        return card.Game(colours=self.colours, games=self.games)

    def to_dict(self) -> dict[str, typing.Any]:
        return {"opponent": self.opponent, "names": list(self.names), "colours": self.colours, "games": self.games,
                "pace": self.pace}

    @classmethod
    def from_dict(cls, data: typing.Any) -> Setup:
        if not isinstance(data, dict):
            raise SaveError("its setup is missing")
        opponent = data.get("opponent")
        names = data.get("names")
        colours = data.get("colours")
        games = data.get("games")
        if opponent not in (*LEVELS, HUMAN):
            raise SaveError(f"its opponent {opponent!r} is unknown")
        if (not isinstance(names, list) or len(names) != 2
                or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)):
            raise SaveError("its player names are damaged")
        if colours not in (5, 6) or type(colours) is not int:
            raise SaveError("its number of colours is damaged")
        if type(games) is not int or not 1 <= games <= 5:
            raise SaveError("its number of games is damaged")
        pace = data.get("pace", "normal")
        if pace not in PAUSES:
            raise SaveError("its pace is damaged")
        return cls(opponent, (names[0], names[1]), colours, games, pace)


def computer_setup(level: str, colours: int = 5, games: int = 3, pace: str = "normal") -> Setup:
    return Setup(level, ("You", "Computer"), colours, games, pace)


def parse_save(data: typing.Any) -> tuple[Setup, card.State, str, card.html.Marks]:
    """Check a save and rebuild its match; raises :class:`SaveError` with the reason."""
    glue.check_save_header(data, SAVE_FORMAT, SAVE_VERSION, "this card game")
    setup = Setup.from_dict(data.get("setup"))
    try:
        state = api.state_from_dict(data.get("state"))
    except errors.GameError as err:
        raise SaveError(f"the position is damaged: {err.reason}") from None
    if not isinstance(state, card.State):
        raise SaveError("it holds another game")
    if state.game.colours != setup.colours or state.game.games != setup.games:
        raise SaveError("its setup does not match its position")
    if state.game_number == 0:
        raise SaveError("the cards were never dealt")
    note = data.get("note", "")
    if not isinstance(note, str):
        note = ""
    marks = card.html.Marks()
    raw = data.get("marks")
    if isinstance(raw, dict):
        recent = raw.get("recent", [])
        source = raw.get("source")
        if isinstance(recent, list) and all(isinstance(r, str) for r in recent):
            marks = card.html.Marks(recent=tuple(recent), source=source if isinstance(source, str) else None)
    return setup, state, note[:300], marks


class CardScreen:
    """The ``#card`` screen: mounted by the app shell, unmounted on leaving."""

    def __init__(self, app: typing.Any) -> None:
        self.app = app
        self.root: typing.Any = None
        self.el: typing.Any = None
        self.main: typing.Any = None
        self._click: typing.Any = None
        self._alive = False
        self.mode = "setup"
        self.menu_open = False
        self.setup: Setup | None = None
        self.state: card.State | None = None
        self.selected: str | None = None
        self.note = ""
        """What the last turn did (the opponent's move), shown in the status line."""
        self.error = ""
        """The reason the last click was refused."""
        self.marks = card.html.Marks()
        self.problem = ""
        self._layout = ""
        self._token = 0
        """Bumped to abandon any computer thinking in flight."""
        self._bot: typing.Any = None
        self.thinking = False
        self.think_log: list[tuple[str, float, float, float]] = []
        """Per computer decision: (level, wall ms, work ms, longest slice ms)."""

    # -- lifecycle ---------------------------------------------------------
    def mount(self, root: typing.Any) -> None:
        self.root = root
        root.innerHTML = (
            '<section class="lc-screen" data-phase="loading">'
            '<div class="lc-bar"><span class="lc-bar-title">Lost Cities \u00b7 card game</span>'
            '<button type="button" class="secondary lc-menu-button" data-action="menu" aria-haspopup="true">'
            "Menu</button></div>"
            '<div class="lc-main"></div></section>'
        )
        self.el = root.querySelector(".lc-screen")
        self.main = self.el.querySelector(".lc-main")
        self._click = create_proxy(lambda event: self.app.guard(self._on_click, event))
        self.el.addEventListener("click", self._click)
        self._alive = True
        self.restore()

    def unmount(self) -> None:
        self._alive = False
        self._token += 1
        if self.el is not None and self._click is not None:
            self.el.removeEventListener("click", self._click)
            self._click.destroy()
            self._click = None
        if self.root is not None:
            self.root.innerHTML = ""
        self.el = self.main = None

    # -- saves -------------------------------------------------------------
    def restore(self) -> None:
        """Continue the saved match, or show the setup (or the problem with the save)."""
        try:
            data = self.app.load(SAVE_KEY)
        except ValueError as err:
            self.show_problem(f"The save in this browser is damaged and cannot be read ({err}).")
            return
        if data is None:
            self.show_setup()
            return
        try:
            setup, state, note, marks = parse_save(data)
        except SaveError as err:
            self.show_problem(f"The save in this browser cannot be used: {err}.")
            return
        except Exception as err:  # noqa: BLE001 - a damaged save must never break the page
            self.show_problem(f"The save in this browser cannot be used ({type(err).__name__}: {err}).")
            return
        self.start(setup, state, note=note, marks=marks, resumed=True)

    def save(self) -> None:
        if self.state is None or self.setup is None:
            return
        self.app.save(SAVE_KEY, {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "setup": self.setup.to_dict(),
            "state": self.state.to_dict(),
            "note": self.note,
            "marks": {"recent": list(self.marks.recent), "source": self.marks.source},
        })

    # -- modes -------------------------------------------------------------
    def show_setup(self) -> None:
        self._token += 1
        self.mode = "setup"
        self.menu_open = False
        self.state = None
        self.setup = None
        self.render()

    def show_problem(self, message: str) -> None:
        self.mode = "problem"
        self.problem = message
        self.render()

    def start(self, setup: Setup, state: card.State, *, note: str = "", marks: card.html.Marks | None = None,
              resumed: bool = False) -> None:
        self._token += 1
        self.setup = setup
        self.state = state
        self.note = note
        self.marks = marks or card.html.Marks()
        self.selected = None
        self.error = ""
        self.menu_open = False
        self._bot = card.ai.bot(setup.opponent) if setup.vs_computer else None
        if state.is_game_over():
            self.mode = "result"
        elif not setup.vs_computer:
            self.mode = "handover"
        else:
            self.mode = "play"
        if not resumed:
            self.save()
        self.render()
        self._maybe_computer(self.pause(0))

    def new_match(self, setup: Setup) -> None:
        self.app.save(PREFS_KEY, setup.to_dict())
        state = setup.game().new_state()
        state.apply(state.sample_chance(self.app.rng("card-deal")))
        starter = setup.names[state.current_player]
        note = f"{starter} {'start' if starter == 'You' else 'starts'}."
        self.start(setup, state, note=note)

    def next_game(self) -> None:
        state = self.state
        if state is None or not state.is_chance():
            return
        state.apply(state.sample_chance(self.app.rng("card-deal")))
        starter = self.name(state.current_player)
        lead = "more points so far" if state.totals[0] != state.totals[1] else "a tie, so starts alternate"
        verb = "start" if starter == "You" else "starts"
        self.note = f"Game {state.game_number} of {state.game.games}: {starter} {verb} ({lead})."
        self.marks = card.html.Marks()
        self.selected = None
        self.error = ""
        self.mode = "handover" if self.setup is not None and not self.setup.vs_computer else "play"
        self.save()
        self.render()
        self._maybe_computer(self.pause(0))

    # -- helpers -----------------------------------------------------------
    def name(self, player: int) -> str:
        return self.setup.names[player] if self.setup is not None else f"Player {player + 1}"

    def names(self) -> tuple[str, str]:
        return self.setup.names if self.setup is not None else ("Player 1", "Player 2")

    def pause(self, which: int) -> int:
        """The pause before the computer's play (0) or between its play and its draw (1), in ms."""
        return PAUSES[self.setup.pace if self.setup is not None else "normal"][which]

    def computer_seat(self) -> int | None:
        return 1 if self.setup is not None and self.setup.vs_computer else None

    def viewer(self) -> int:
        """Whose eyes the table is drawn for."""
        state = self.state
        if self.setup is not None and not self.setup.vs_computer and state is not None and state.current_player >= 0:
            return state.current_player
        return 0

    def human_turn(self) -> bool:
        state = self.state
        if state is None or self.mode != "play" or state.current_player < 0 or self.menu_open:
            return False
        return state.current_player != self.computer_seat()

    def _later(self, ms: int, func: typing.Callable[[], None]) -> None:
        token = self._token

        def fire() -> None:
            if self._alive and token == self._token:
                func()

        self.app.later(ms, fire)

    # -- clicks ------------------------------------------------------------
    def _on_click(self, event: typing.Any) -> None:
        target = event.target
        if not target or not hasattr(target, "closest"):
            return
        el = target.closest("[data-action], [data-target]")
        if not el:  # JS null arrives as jsnull (falsy), not None
            return
        action = el.getAttribute("data-action")
        if action:
            self._on_action(str(action))
            return
        kind = el.getAttribute("data-target")
        if kind:
            colour = el.getAttribute("data-colour")
            card_id = el.getAttribute("data-card")
            self._on_target(str(kind), str(colour) if colour else None, str(card_id) if card_id else None)

    def _on_action(self, action: str) -> None:
        if action == "start":
            self.new_match(self._read_setup())
        elif action == "ready":
            if self.mode == "handover":
                self.mode = "play"
                self.render()
                first = self.main.querySelector(".lc-hand button") if self.main is not None else None
                if first:
                    first.focus()
        elif action == "next-game":
            self.next_game()
        elif action in ("new-match", "confirm-new", "new-after-problem"):
            self.app.forget(SAVE_KEY)
            self.show_setup()
        elif action == "menu":
            if self.mode in ("play", "handover", "result"):
                self.menu_open = not self.menu_open
                self.render()
        elif action == "close-menu":
            self.menu_open = False
            self.render()
        elif action in ("play", "discard"):
            if self.selected is None:
                self.refuse("Choose a card from your hand first.")
            else:
                self.human_act(f"{action} {self.selected}")
        elif action == "deselect":
            self.selected = None
            self.error = ""
            self.render()
        # "home" and "dismiss" belong to the app shell's own listener.

    def _on_target(self, kind: str, colour: str | None, card_id: str | None) -> None:
        state = self.state
        if state is None or not self.human_turn():
            return
        step = state.step
        if kind == "hand":
            if step is card.Step.DRAW:
                self.refuse("You have played this turn: now draw a card from the draw pile or a discard pile.")
                return
            self.selected = None if card_id == self.selected else card_id
            self.error = ""
            self.render()
        elif kind in ("column", "discard"):
            if step is card.Step.DRAW:
                self.refuse("You have played this turn: now draw a card from the draw pile or a discard pile.")
                return
            if self.selected is None:
                self.refuse("Choose a card from your hand first.")
                return
            chosen = card.Card.from_id(self.selected)
            if kind == "column" and colour != chosen.colour.letter:
                self.refuse(f"The {chosen.label} can only go to your {chosen.colour.value} column.")
                return
            self.human_act(f"{'play' if kind == 'column' else 'discard'} {self.selected}")
        elif kind == "pile":
            self.human_act(f"draw {colour}")
        elif kind == "deck":
            self.human_act("draw")

    def _read_setup(self) -> Setup:
        def value(selector: str, default: str) -> str:
            el = self.el.querySelector(selector)
            return str(el.value) if el else default

        opponent = value('input[name="opponent"]:checked', "easy")
        if opponent not in (*LEVELS, HUMAN):
            opponent = "easy"
        six = self.el.querySelector('input[name="colours"]')
        colours = 6 if six and bool(six.checked) else 5
        games = 1 if value('input[name="games"]:checked', "3") == "1" else 3
        pace = value('input[name="pace"]:checked', "normal")
        if pace not in PAUSES:
            pace = "normal"
        if opponent != HUMAN:
            return computer_setup(opponent, colours, games, pace)
        first = " ".join(value('input[name="name1"]', "").split())[:MAX_NAME] or "Player 1"
        second = " ".join(value('input[name="name2"]', "").split())[:MAX_NAME] or "Player 2"
        if second.casefold() == first.casefold():
            second = (second[: MAX_NAME - 4] + " (2)") if second != "Player 2" else "Player 2"
            if second.casefold() == first.casefold():
                second = "Player 2" if first != "Player 2" else "Player 1"
        return Setup(HUMAN, (first, second), colours, games, pace)

    def refuse(self, reason: str) -> None:
        self.error = reason
        self.render()

    # -- actions -----------------------------------------------------------
    def human_act(self, text: str) -> None:
        state = self.state
        if state is None or not self.human_turn():
            return
        seat = state.current_player
        drawn = None
        place = state.history[-1] if state.history else None
        try:
            action = state.check(text)
            if isinstance(action, card.Draw) and action.colour is not None:
                pile = state.discard_pile(action.colour)
                drawn = pile[-1] if pile else None
            state.apply(action)
        except errors.GameError as err:
            self.refuse(err.reason[:1].upper() + err.reason[1:] + ".")
            return
        self.error = ""
        self.selected = None
        if isinstance(action, (card.Play, card.Discard)):
            self.marks = card.html.Marks(fresh=(action.card.id,))
            self.save()
            self.render()
            return
        # The draw ends the turn.
        self.note = card.html.turn_text(self.name(seat), place, action, drawn, last=state.is_game_over())
        colour = action.colour if isinstance(action, card.Draw) else None
        self.marks = card.html.Marks(
            recent=(place.card.id,) if isinstance(place, (card.Play, card.Discard)) else (),
            source="deck" if colour is None else colour.letter,
        )
        if state.is_game_over():
            self.mode = "result"
        elif self.setup is not None and not self.setup.vs_computer:
            self.mode = "handover"
        else:
            self.note = ""
            self.marks = card.html.Marks()
        self.save()
        self.render()
        self._maybe_computer(self.pause(0))

    def _maybe_computer(self, delay: int) -> None:
        """Start the computer's thinking if it is its turn."""
        state = self.state
        seat = self.computer_seat()
        if state is None or seat is None or state.current_player != seat or self.mode != "play":
            return
        self.thinking = True
        token = self._token
        self._later(delay, lambda: self._think_begin(token))
        self.render_status()

    def _think_begin(self, token: int) -> None:
        state = self.state
        if state is None or token != self._token or state.current_player != self.computer_seat():
            return
        seat = state.current_player
        thinking = self._bot.think(state.view(seat), self.app.rng("card-ai"))
        self.app.think(thinking, self._thought, alive=lambda: token == self._token and self._alive,
                       slice_seconds=SLICE_SECONDS)

    def _thought(self, action: typing.Any, stats: glue.ThinkStats) -> None:
        level = self.setup.opponent if self.setup is not None else "?"
        entry = (level, round(stats.wall * 1000, 1), round(stats.work * 1000, 1), round(stats.longest * 1000, 1))
        self.think_log.append(entry)
        del self.think_log[:-50]
        if self.el is not None:
            # The last decisions, "wall/work/longest slice" in ms (for tests and curious players).
            self.el.dataset.think = " ".join(f"{w:.0f}/{k:.0f}/{s:.0f}" for _, w, k, s in self.think_log[-4:])
        self.computer_act(action)

    def computer_act(self, action: typing.Any) -> None:
        state = self.state
        if state is None:
            return
        seat = state.current_player
        self.thinking = False
        place = state.history[-1] if state.history else None
        try:
            checked = state.check(action)
        except (errors.GameError, TypeError) as err:
            # A computer player's bug must not stop the game: play a legal move instead.
            if action is not None:
                js.console.warn(f"The computer chose an illegal action ({err}); it plays a legal one instead.")
            checked = state.legal_actions()[0]
        drawn = None
        if isinstance(checked, card.Draw) and checked.colour is not None:
            drawn = state.discard_pile(checked.colour)[-1]
        state.apply(checked)
        if isinstance(checked, (card.Play, card.Discard)):
            self.marks = card.html.Marks(fresh=(checked.card.id,))
            self.note = f"{self.name(seat)} {card.html.action_text(checked)}\u2026"
            self.save()
            self.render()
            self._maybe_computer(self.pause(1))
            return
        self.note = card.html.turn_text(self.name(seat), place, checked, drawn, last=state.is_game_over())
        self.marks = card.html.Marks(
            recent=(place.card.id,) if isinstance(place, (card.Play, card.Discard)) else (),
            source="deck" if not isinstance(checked, card.Draw) or checked.colour is None else checked.colour.letter,
        )
        if state.is_game_over():
            self.mode = "result"
        self.save()
        self.render()

    # -- rendering ---------------------------------------------------------
    def phase(self) -> str:
        state = self.state
        if self.menu_open:
            return "menu"
        if self.mode in ("setup", "problem", "handover"):
            return self.mode
        if state is None:
            return "setup"
        if self.mode == "result":
            return "over" if state.is_terminal() else "result"
        if state.current_player == self.computer_seat():
            return "ai"
        return "draw" if state.step is card.Step.DRAW else "play"

    def render(self) -> None:
        if self.el is None:
            return
        phase = self.phase()
        self.el.dataset.phase = phase
        self.el.dataset.moves = str(len(self.state.history)) if self.state is not None else "0"
        self.el.classList.toggle("lc-in-game", self.state is not None)
        self._update_info()
        if self.menu_open:
            self._set_layout("menu", self._menu_html())
        elif self.mode == "setup":
            prefs = self._prefs()
            self._set_layout("setup", card.html.setup_form(
                opponent=prefs.opponent, colours=prefs.colours, games=prefs.games, pace=prefs.pace,
                names=prefs.names if not prefs.vs_computer else ("Player 1", "Player 2")))
        elif self.mode == "problem":
            self._set_layout("problem", card.html.problem(self.problem))
        elif self.mode == "handover":
            state = self.state
            who = self.name(state.current_player) if state is not None else ""
            self._set_layout("handover", card.html.handover(who, self.note))
        elif self.mode == "result":
            self._set_layout("result", self._result_html())
        else:
            self._render_play()

    def _set_layout(self, name: str, content: str) -> None:
        self._layout = name
        self.main.innerHTML = content

    def _prefs(self) -> Setup:
        try:
            return Setup.from_dict(self.app.load(PREFS_KEY))
        except (ValueError, TypeError):
            return computer_setup("easy")

    def _update_info(self) -> None:
        state = self.state
        if state is None or state.game_number == 0:
            self.app.set_info("")
            return
        scores = state.scores()
        self.app.set_info(f"Game {state.game_number}/{state.game.games} \u00b7 "
                          f"{card.html.number(scores[0])} : {card.html.number(scores[1])}")

    def _render_play(self) -> None:
        state = self.state
        assert state is not None
        if self._layout != "play":
            self._set_layout("play", (
                '<div class="lc-play">'
                '<div class="lc-table-wrap"></div>'
                '<div class="lc-dock"><div class="lc-statusbar">'
                '<p class="lc-status" role="status" aria-live="polite"></p>'
                '<div class="lc-actions"></div></div>'
                '<div class="lc-hand-wrap"></div></div></div>'
            ))
        focus = self._focused()
        view = state.view(self.viewer())
        interactive = self.human_turn()
        names = self.names()
        self.main.querySelector(".lc-table-wrap").innerHTML = card.html.table(
            view, names=names, selected=self.selected, marks=self.marks, interactive=interactive)
        self.main.querySelector(".lc-hand-wrap").innerHTML = card.html.hand(
            view, selected=self.selected, interactive=interactive,
            name=None if self.setup is None or self.setup.vs_computer else names[view.player])
        self.main.querySelector(".lc-actions").innerHTML = self._actions_html(view)
        self.render_status()
        if focus is not None:
            self._refocus(focus)

    def render_status(self) -> None:
        if self.el is None or self._layout != "play" or self.menu_open:
            return
        status = self.main.querySelector(".lc-status")
        if not status:
            return
        self.el.dataset.phase = self.phase()
        prompt, kind = self._prompt()
        note = f'<span class="lc-note">{card.html.esc(self.note)}</span> ' if self.note else ""
        status.innerHTML = f'{note}<span class="lc-prompt {kind}">{card.html.esc(prompt)}</span>'

    def _prompt(self) -> tuple[str, str]:
        state = self.state
        if state is None:
            return "", ""
        if self.error:
            return self.error, "is-error"
        if state.current_player == self.computer_seat():
            return f"{self.name(state.current_player)} is thinking\u2026", "is-waiting"
        you = "Your turn" if self.setup is not None and self.setup.vs_computer else f"{self.name(state.current_player)}, your turn"
        if state.step is card.Step.DRAW:
            return f"{you}: now draw a card from the draw pile or a highlighted discard pile.", "is-draw"
        if self.selected is not None:
            chosen = card.Card.from_id(self.selected)
            if state.is_legal(card.play(self.selected)):
                return (f"{chosen.label.capitalize()}: tap your {chosen.colour.value} column to play it, "
                        "or its discard pile to discard it."), "is-selected"
            return (f"{chosen.label.capitalize()} cannot go on your {chosen.colour.value} column now: "
                    "tap its discard pile to discard it, or choose another card."), "is-selected"
        return f"{you}: choose a card from your hand to play or discard.", "is-play"

    def _actions_html(self, view: card.View) -> str:
        if not self.human_turn() or view.step is not card.Step.PLAY or self.selected is None:
            return ""
        chosen = card.Card.from_id(self.selected)
        return (
            f'<button type="button" data-action="play">Play the {card.html.esc(chosen.label)}</button> '
            f'<button type="button" class="secondary" data-action="discard">Discard it</button> '
            '<button type="button" class="secondary" data-action="deselect">Cancel</button>'
        )

    def _focused(self) -> tuple[str, str, str] | None:
        active = js.document.activeElement
        if not active or self.main is None or not self.main.contains(active):
            return None
        return (str(active.getAttribute("data-target") or ""), str(active.getAttribute("data-colour") or ""),
                str(active.getAttribute("data-card") or ""))

    def _refocus(self, key: tuple[str, str, str]) -> None:
        target, colour, card_id = key
        if not target:
            return
        selector = f'[data-target="{target}"]'
        if colour:
            selector += f'[data-colour="{colour}"]'
        if card_id:
            selector += f'[data-card="{card_id}"]'
        el = self.main.querySelector(selector)
        if el:
            el.focus()

    def _result_html(self) -> str:
        state = self.state
        assert state is not None
        view = state.view(0)
        names = self.names()
        note = f'<p class="lc-final-move" role="status">{card.html.esc(self.note)}</p>' if self.note else ""
        if state.is_chance():
            button = (f'<button type="button" class="lc-next" data-action="next-game">'
                      f"Next game ({state.game_number + 1} of {state.game.games})</button>")
        else:
            button = '<button type="button" class="lc-new" data-action="new-match">New match</button>'
        final_table = card.html.table(view, names=names, marks=self.marks, interactive=False)
        actions = f'<p class="lc-result-actions">{button}</p>'
        if state.is_terminal():
            body = card.html.match_summary(view, names) + actions + card.html.game_result(view, names)
        else:
            body = card.html.game_result(view, names) + card.html.match_summary(view, names) + actions
        return (
            f'<div class="lc-results">{note}{body}'
            f'<details class="lc-final-table"><summary>The table at the end of game {state.game_number}</summary>'
            f"{final_table}</details></div>"
        )

    def _menu_html(self) -> str:
        return (
            '<section class="lc-menu" aria-labelledby="lc-menu-title"><h2 id="lc-menu-title">Menu</h2>'
            '<p><button type="button" data-action="close-menu">Back to the game</button></p>'
            '<p><button type="button" class="secondary" data-action="confirm-new">'
            "New match (abandon this one)</button></p>"
            '<p><a class="button secondary" href="#" data-action="home">All games</a></p>'
            "<p class=\"lc-hint\">The match is saved after every move: you can leave and come back.</p></section>"
        )
