"""The embedded screen: a game's generic screen in a rules site's frame.

:class:`EmbeddedScreen` is a :class:`screen.Screen` with the same adapters
(so the table looks and answers as in the app) that never saves and never
shows a setup: it opens what its :class:`lostcities.ui.embed.Config` names.

* ``tutorial`` (and ``puzzle`` with ``tut``): a :class:`lostcities.ui.tutorial.Lesson`
  judges the reader's moves, plays the scripted replies and shows its panel
  above the table (region ``lesson``); ``puzzle`` refuses every move but the
  expected ones, even where a step would let any move stand.
* ``puzzle`` with ``rec``: the reader finds the moves of their seat (``pov``)
  in the record from the position after ``step`` actions; the others' moves
  are replayed from the record.
* ``play``: free play against the computer (``bot``) from ``s``, from the
  position of ``rec`` after ``step`` actions, or from a new game.
* ``view``: step through ``rec`` (no moves).

Every change is told to the host page through ``sink`` as the messages of
:mod:`lostcities.ui.embed` (``ready``, ``move``, ``illegal``, ``step``,
``result``, ``completed``, ``state``, ``error``).  Like the rest of ``web/``
but ``main.py``, ``embed.py`` and ``host.py``, it imports no browser module
and is tested under CPython with :class:`memory_host.MemoryHost`.

The embed is the generic screen with :class:`EmbedHooks` plugged in (:mod:`screen_hooks`):
it overrides none of the screen's methods.  Its parts, each a module:

- ``embed_open.py`` (``opening``): what the configuration opens, and the problem when it cannot;
- ``embed_lesson.py`` (``lessons``): a lesson or puzzle: judging moves, replies, its panel, progress;
- ``embed_viewer.py`` (``viewer``): a record stepped through;
- ``embed_messages.py`` (``messages``): the messages to and from the host page.
"""

from __future__ import annotations

import typing

import embed_lesson
import embed_messages
import embed_open
import embed_viewer
import screen
import screen_hooks
import screen_states
import screen_types
from lostcities import api, errors, i18n, session
from lostcities.ui import embed, tutorial
from lostcities.ui import html as lc_html

Screen: typing.TypeAlias = screen.Screen
Sink = typing.Callable[[dict[str, typing.Any]], None]
LESSON_REGION: typing.Final = '<div class="lc-lesson" data-region="lesson" aria-live="polite"></div>'
LESSON_SHOWN: typing.Final = "has-lesson"
"""The screen's class while its ``lesson`` region shows something (a lesson's panel, a record's bar, the
revealed hands): the style sheets select ``.has-lesson`` rather than ``:has(> .lc-lesson:not(:empty))``,
which made the browser restyle the whole screen (about 5 ms) at every change of any of its children."""
PROGRESS_OFF: typing.Final = embed_lesson.PROGRESS_OFF
PROGRESS_KEY: typing.Final = embed_lesson.PROGRESS_KEY
progress = embed_lesson.progress
puzzle_from_record = embed_open.puzzle_from_record
IGNORED: typing.Final = frozenset({"menu", "close-menu", "new-match", "confirm-new", "new-after-problem",
                                   "load-newer", "start"})
"""The app's own screen actions, which mean nothing in a frame."""
FREE_PLAY_TOOLS: typing.Final = frozenset({"hint", "undo-move", "moves", "replay", "replay-first", "replay-prev",
                                           "replay-next", "replay-last", "close-replay"})
"""The table's tools, offered in free play only (a lesson judges the moves itself)."""


class EmbedHooks(screen_hooks.Hooks):
    """What the embed adds to the screen at its named points, and what it knows: its configuration,
    the lesson or record open (``None`` in free play), and its parts."""

    saves = False
    """An embedded game is never saved: its position lives in the host page's URL."""

    def __init__(self, config: embed.Config, sink: Sink, links: typing.Callable[[tutorial.Lesson], str] | None,
                 origin: embed.Config | None) -> None:
        self.config = config
        self.origin = origin or config
        """What the URL opens: ``reset`` comes back to it, whatever was loaded since."""
        self.sink = sink
        self.links = links
        """Markup for the lesson panel's way on (the app's *All tutorials*, *Next tutorial*)."""
        self.lesson: tutorial.Lesson | None = None
        self.strict = False
        """Puzzle mode: only the expected moves count."""
        self.record: api.Record | None = None
        """The record being viewed (view mode)."""
        self.shown = 0
        """Actions of ``record`` played on the table (view mode)."""
        self.lesson_html = ""
        """What the ``lesson`` region shows (only a change is sent)."""
        self._screen: EmbeddedScreen | None = None
        self.opening = embed_open.Opening(self)
        self.lessons = embed_lesson.Lessons(self)
        self.viewer = embed_viewer.Viewer(self)
        self.messages = embed_messages.Messages(self)

    @property
    def screen(self) -> EmbeddedScreen:
        if self._screen is None:
            raise RuntimeError("the embed's hooks are not plugged into a screen")
        return self._screen

    def plug(self, scr: EmbeddedScreen) -> None:
        self._screen = scr

    def goto(self, index: int) -> None:
        """Open step ``index`` (0-based) of the lesson, or the position after ``index`` actions of the
        record being viewed; raises :class:`embed.EmbedError`."""
        if self.lesson is not None:
            self.lessons.goto(index)
        elif self.record is not None:
            self.viewer.goto(index)
        else:
            raise embed.EmbedError(i18n._("goto works in a tutorial, a puzzle or a record"))

    def open_other_game(self, config: embed.Config) -> None:
        """``load`` named another game's tutorial or position: this frame becomes that game's screen."""
        factory = screen_types.REGISTRY.get(config.game)
        if factory is None:
            raise embed.EmbedError(i18n._("this build does not include {title}").format(
                title=i18n._(config.game_class.title)), code="bad_message")
        self.screen.become(factory(), config)

    # -- the hooks -----------------------------------------------------------------------------------
    def shell(self, scr: Screen, html: str) -> str:
        opening = html.index(">") + 1
        return html[:opening] + LESSON_REGION + html[opening:]

    def open(self, scr: Screen) -> bool:
        self.opening.open()
        return True

    def mounted(self, scr: Screen) -> None:
        if scr.root is not None:
            scr.root.set_class("lc-embedded", True)
        if self.lesson is not None and self.config.tutorial is not None:
            self.lessons.check_storage()

    def on_input(self, scr: Screen, event: screen_types.Input) -> bool:
        handler = _ACTIONS.get(event.action) if event.kind == "click" else None
        if handler is not None:
            handler(self, event)
            return True
        if event.kind == "click" and (event.action in IGNORED or (
                event.action in FREE_PLAY_TOOLS and (self.lesson is not None or self.record is not None))):
            return True
        return scr.states.phase is screen_states.Phase.PROBLEM

    def apply(self, scr: Screen, current: session.Session, action: api.Action | str) -> api.Event | None:
        if self.record is not None:
            return None
        if self.lesson is not None:
            return self.lessons.apply(current, action)
        return current.apply(action)

    def illegal(self, scr: Screen, action: api.Action | str, err: errors.GameError) -> None:
        scr.error = lc_html.to_sentence(err.reason)
        self.messages.illegal(action, err.code if err.code in embed.ILLEGAL_CODES else "illegal_action")

    def event(self, scr: Screen, event: api.Event) -> None:
        self.messages.moved(event)
        if self.lesson is not None:
            self.lessons.other_moved(event)

    def settle(self, scr: Screen, event: api.Event | None) -> bool:
        if self.record is not None:
            return self.viewer.settle()
        return self.lesson is not None and self.lessons.settle(event)

    def settled(self, scr: Screen, event: api.Event) -> None:
        self.messages.send_state()
        self.lessons.completed_if_done()

    def deal(self, scr: Screen) -> api.Event | None:
        return self.lessons.deal() if self.lesson is not None else None

    def drawn(self, scr: Screen) -> None:
        """The ``lesson`` region: the lesson's panel, or the record's bar, and the hands the page reveals."""
        root = scr.root
        if root is None:
            return
        html = ""
        if self.lesson is not None:
            html = self.lessons.panel()
        elif self.record is not None:
            html = self.viewer.bar()
        current = scr.session
        if self.config.reveal and current is not None:
            html += embed.revealed_hands(current.state, current.names, current.viewer())
        if html != self.lesson_html:
            root.set_html("lesson", html)
            if bool(html) != bool(self.lesson_html):
                root.set_class(LESSON_SHOWN, bool(html))
            self.lesson_html = html
        spots, arrows = self.lessons.spots()
        if spots or arrows:
            root.spot(spots, arrows)
        else:
            root.spot(())

    def problem(self, scr: Screen) -> str:
        return embed.problem(scr.problem)

    def tools(self, scr: Screen) -> bool:
        """Hints, undo and the move log belong to free play: a lesson, a puzzle and a record have their own."""
        return self.lesson is None and self.record is None

    def interactive(self, scr: Screen) -> bool:
        return self.record is None and (self.lesson is None or self.lesson.may_move())


class EmbeddedScreen(screen.Screen):
    """The generic screen with the embed's hooks (:class:`EmbedHooks`): it opens a configured
    position, lesson or record (see the module), and overrides none of the screen's methods."""

    def __init__(self, adapter: screen_types.Adapter, host: screen_types.Host, config: embed.Config, sink: Sink,
                             links: typing.Callable[[tutorial.Lesson], str] | None = None,
                             origin: embed.Config | None = None) -> None:
        self.embed = EmbedHooks(config, sink, links, origin)
        super().__init__(adapter, host, self.embed)
        self.embed.plug(self)
        self.sound_kept = False
        self.sound_choice = config.sound
        self.theme_choice = config.theme

    # -- what the embed knows, for its owner and the tests -------------------------------------------
    @property
    def config(self) -> embed.Config:
        return self.embed.config

    @property
    def lesson(self) -> tutorial.Lesson | None:
        return self.embed.lesson

    @property
    def record(self) -> api.Record | None:
        return self.embed.record

    @property
    def shown(self) -> int:
        return self.embed.shown

    @property
    def strict(self) -> bool:
        return self.embed.strict

    def receive(self, data: typing.Any) -> None:
        """A message from the host page (:meth:`embed_messages.Messages.receive`)."""
        self.embed.messages.receive(data)

    def report(self, err: embed.EmbedError) -> None:
        """Tell the host page that its message could not be used (nothing changes in the frame)."""
        self.embed.messages.report(err)

    def goto(self, index: int) -> None:
        """Open step ``index`` of the lesson, or the record's position after ``index`` actions."""
        self.embed.goto(index)

    def become(self, adapter: screen_types.Adapter, config: embed.Config) -> None:
        """Become another game's embedded screen, opening ``config`` (the host page's ``load``); the
        timers of the game left behind stay abandoned."""
        old = self.embed
        token, warned = self._token, old.lessons.progress_warned
        self.unmount()
        EmbeddedScreen.__init__(self, adapter, self.host, config, old.sink, old.links, old.origin)
        self._token = token + 1
        self.embed.lessons.progress_warned = warned
        self.mount()


_ACTIONS: typing.Final[typing.Mapping[str, typing.Callable[[EmbedHooks, screen_types.Input], None]]] = {
    "lesson-next": lambda hooks, event: hooks.lessons.on_next(event),
    "lesson-answer": lambda hooks, event: hooks.lessons.on_answer(event),
    "lesson-retry": lambda hooks, event: hooks.lessons.on_retry(event),
    "lesson-restart": lambda hooks, event: hooks.lessons.on_restart(event),
    "lesson-text": lambda hooks, event: hooks.lessons.on_text(event),
    "view-step": lambda hooks, event: hooks.viewer.on_step(event),
}
"""The lesson panel's and the record bar's buttons."""
