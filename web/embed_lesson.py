"""A lesson on the embed's table: a part of :class:`embed_screen.EmbedHooks`.

A :class:`lostcities.ui.tutorial.Lesson` judges the reader's moves (a puzzle refuses every move but
the expected ones), plays the scripted replies and chance, and moves on with the panel's buttons
(*Next*, an answer, *Try again*, *Start again*) or the host page's ``goto``.  Its panel stands above
the table (region ``lesson``), with the step's highlights; the host page hears ``result``, ``step``
and ``completed``; a finished tutorial's best stars are kept for the home screen.
"""

from __future__ import annotations

import typing

import screen_types
from lostcities import api, errors, i18n, session
from lostcities.ui import embed, tutorial
from lostcities.ui import html as lc_html

if typing.TYPE_CHECKING:
    from embed_screen import EmbedHooks

PROGRESS_OFF: typing.Final = i18n.N_("This browser is not keeping data for this page, so your tutorial "
                                      "progress will not be kept.")
PROGRESS_KEY: typing.Final = "lostcities:tutorials"
"""Where finished tutorials are remembered (id -> best stars)."""


def progress(text: str | None) -> dict[str, int]:
    """Finished tutorials (id -> best stars) from stored text; anything damaged reads as nothing.

    >>> progress('{"card-wagers": 3, "x": "bad"}'), progress("[")
    ({'card-wagers': 3}, {})
    """
    try:
        data = session.parse(text) if text else {}
    except session.SaveError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int and 0 <= v <= 3}


class Lessons:
    """The lesson (or puzzle) open in one embed, if any: ``embed.lesson``."""

    def __init__(self, embed_hooks: EmbedHooks) -> None:
        self.embed = embed_hooks
        self.completed_sent = False
        self.progress_warned = False
        self.text_shown = False
        """The reader asked for the steps' whole text (a small screen shows a step's ask alone)."""

    @property
    def lesson(self) -> tutorial.Lesson:
        found = self.embed.lesson
        if found is None:
            raise RuntimeError("no lesson is open")
        return found

    # -- the reader's move ---------------------------------------------------------------------------
    def apply(self, current: session.Session, action: api.Action | str) -> api.Event | None:
        """The lesson judges the reader's move: the event to go on with, or None (refused, or a step
        that keeps the position: shown, and told to the host page)."""
        scr = self.embed.screen
        lesson = self.lesson
        if not lesson.may_move():
            scr.error = (i18n._("Press Next to go on.") if lesson.outcome is tutorial.Outcome.SUCCESS
                         else i18n._("Read the step above first."))
            scr.render()
            return None
        step = lesson.step
        checked = lesson.state.check(action)
        if self.embed.strict and step.kind is tutorial.StepKind.ACT and step.expected \
                and checked.notation() not in step.expected:
            result = lesson.refuse()
        else:
            result = lesson.attempt(checked)
        emit = self.embed.messages.emit
        if step.kind is tutorial.StepKind.ACT:
            emit("result", step=lesson.index + 1, success=result.outcome is tutorial.Outcome.SUCCESS,
                 tries=lesson.tries + (1 if result.outcome is tutorial.Outcome.SUCCESS else 0))
        if result.event is None:
            scr.error = ""
            scr.render()
            self.completed_if_done()
            return None
        if result.outcome is tutorial.Outcome.SUCCESS and step.kind is tutorial.StepKind.PLAY:
            emit("result", step=lesson.index + 1, success=True, tries=lesson.tries + 1)
        return result.event

    def other_moved(self, event: api.Event) -> None:
        """Another seat (or chance) acted: a step waiting for it may be won."""
        lesson = self.lesson
        if event.player != lesson.pov and lesson.outcome is tutorial.Outcome.WAITING:
            lesson.after_other(event.action)
            if lesson.succeeded:
                self.embed.messages.emit("result", step=lesson.index + 1, success=True, tries=lesson.tries + 1)

    def settle(self, event: api.Event | None) -> bool:
        """The lesson's replies play on timers; a step that waits for the reader stops the table."""
        scr = self.embed.screen
        lesson = self.lesson
        if lesson.replies and scr.is_playing():
            scr.render()
            scr.later(scr.adapter.pause(scr, event), self.reply)
            return True
        if lesson.done or (lesson.step.kind is not tutorial.StepKind.PLAY
                           and lesson.outcome is not tutorial.Outcome.SUCCESS
                           and lesson.step.kind is not tutorial.StepKind.ACT):
            scr.back_to_play()
            scr.render()
            return True
        return False

    def reply(self) -> None:
        if self.embed.lesson is None:
            return
        event = self.lesson.play_reply()
        if event is not None:
            self.embed.screen.after(event)

    def deal(self) -> api.Event:
        """Chance in a lesson: the tutorial's scripted outcome."""
        return self.lesson.chance()

    # -- the panel's buttons -------------------------------------------------------------------------
    def on_next(self, event: screen_types.Input) -> None:
        lesson = self.embed.lesson
        if lesson is None or not lesson.next():
            return
        if lesson.done:
            self.completed_if_done()
            self.embed.screen.render()
            return
        self.entered()

    def on_answer(self, event: screen_types.Input) -> None:
        scr = self.embed.screen
        lesson = self.embed.lesson
        choice = embed.whole(event.data.get("choice", ""))
        if lesson is None or choice is None:
            return
        try:
            result = lesson.answer(choice)
        except errors.GameError as err:
            scr.error = lc_html.to_sentence(err.reason)
            scr.render()
            return
        self.embed.messages.emit("result", step=lesson.index + 1, success=result.outcome is tutorial.Outcome.SUCCESS,
                                 tries=lesson.tries + (1 if result.outcome is tutorial.Outcome.SUCCESS else 0))
        self.completed_if_done()
        scr.render()
        if scr.root is not None:
            scr.root.focus({"action": "lesson-next"})

    def on_text(self, event: screen_types.Input) -> None:
        """*Whole text*: a small screen shows the steps' whole text, or again their asks alone."""
        self.text_shown = not self.text_shown
        scr = self.embed.screen
        scr.render()
        if scr.root is not None:
            scr.root.focus({"action": "lesson-text"})

    def on_retry(self, event: screen_types.Input) -> None:
        if self.embed.lesson is not None:
            self.embed.screen.stop()
            self.embed.lesson.retry()
            self.entered()

    def on_restart(self, event: screen_types.Input) -> None:
        if self.embed.lesson is not None:
            self.goto(0)

    def goto(self, index: int) -> None:
        """Open step ``index`` (0-based); raises :class:`embed.EmbedError`."""
        try:
            self.lesson.goto(index)
        except errors.GameError as err:
            raise embed.EmbedError(err.reason) from None
        self.embed.screen.stop()
        self.entered()

    def entered(self) -> None:
        """A step was entered (next, retry, goto): fresh view state, tell the host, let it play."""
        scr = self.embed.screen
        lesson = self.lesson
        scr.session = lesson.session
        scr.error = ""
        self.completed_sent = False
        scr.adapter.begin(scr)
        self.embed.messages.emit("step", index=lesson.index + 1, total=lesson.total, tutorial=lesson.tutorial.id)
        scr.stop()
        scr.back_to_play()
        scr.settle(None)
        if scr.root is not None:
            any(scr.root.focus(place) for place in ({"action": "lesson-next"}, {"target": "hand"}))

    # -- the end, and what is kept -------------------------------------------------------------------
    def completed_if_done(self) -> None:
        lesson = self.embed.lesson
        if lesson is None or not lesson.done or self.completed_sent:
            return
        self.completed_sent = True
        stars = lesson.stars()
        config = self.embed.config
        self.embed.messages.emit("completed", tutorial=lesson.tutorial.id if config.tutorial else "puzzle",
                                 stars=stars, tries=lesson.failures)
        if config.tutorial is not None:
            self.remember(lesson.tutorial.id, stars)

    def remember(self, ident: str, stars: int) -> None:
        """Keep the best stars of a finished tutorial (the home screen shows them); storage off: say so once."""
        host = self.embed.screen.host
        try:
            known = progress(host.storage_get(PROGRESS_KEY))
            if known.get(ident, -1) < stars:
                known[ident] = stars
                host.storage_set(PROGRESS_KEY, embed.json_text(known))
        except screen_types.StorageError as err:
            self.progress_off(err)

    def check_storage(self) -> None:
        """Say at once (one line) when the browser keeps nothing for this page."""
        try:
            self.embed.screen.host.storage_get(PROGRESS_KEY)
        except screen_types.StorageError as err:
            self.progress_off(err)

    def progress_off(self, err: Exception) -> None:
        host = self.embed.screen.host
        host.console("warn", f"tutorial progress not kept: {err}")
        if not self.progress_warned:
            self.progress_warned = True
            host.notify(i18n._(PROGRESS_OFF), "info")

    # -- the panel -----------------------------------------------------------------------------------
    def panel(self) -> str:
        """The lesson panel's markup (with the app's way on: ``links``), and the step's marks on the root."""
        scr = self.embed.screen
        lesson = self.lesson
        links = self.embed.links
        busy = bool(lesson.replies) or scr.thinking
        html = embed.lesson_panel(lesson, controls=self.embed.config.controls, busy=busy,
                                  links=links(lesson) if links else "", text_shown=self.text_shown)
        if scr.root is not None:
            scr.root.set_data("lesson-step", str(lesson.index + 1))
            scr.root.set_data("lesson-outcome", "done" if lesson.done else lesson.outcome.value)
        return html

    def spots(self) -> tuple[typing.Sequence[str], typing.Sequence[tuple[str, str]]]:
        """The step's highlights and arrows, while the reader still has to find its move."""
        lesson = self.embed.lesson
        if lesson is not None and not lesson.done and lesson.outcome is not tutorial.Outcome.SUCCESS:
            return lesson.step.highlights, lesson.step.arrows
        return (), ()
