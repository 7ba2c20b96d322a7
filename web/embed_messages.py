"""The embed's conversation with its host page: a part of :class:`embed_screen.EmbedHooks`.

Every change is told to the host page through the embed's ``sink`` as the messages of
:mod:`lostcities.ui.embed` (``ready``, ``move``, ``illegal``, ``step``, ``result``, ``completed``,
``state``, ``error``); the host page's own (``hello``, ``reset``, ``goto``, ``load``) arrive at
:meth:`Messages.receive`.  A message that cannot be used is answered with an ``error`` and changes
nothing in the frame.
"""

from __future__ import annotations

import typing

from lostcities import api, i18n
from lostcities.ui import embed
from lostcities.ui import html as lc_html

if typing.TYPE_CHECKING:
    from embed_screen import EmbedHooks


class Messages:
    """What one embed tells its host page, and what it hears from it."""

    def __init__(self, embed_hooks: EmbedHooks) -> None:
        self.embed = embed_hooks

    # -- telling the host page -----------------------------------------------------------------------
    def emit(self, kind: str, **payload: typing.Any) -> None:
        self.embed.sink(embed.message(kind, self.embed.config.ident, **payload))

    def send_ready(self) -> None:
        hooks = self.embed
        lesson = hooks.lesson
        config = hooks.config
        payload: dict[str, typing.Any] = {"game": hooks.screen.game.name, "version": embed.version(),
                                          "mode": config.mode.value,
                                          "tutorial": lesson.tutorial.id if lesson and config.tutorial else None}
        if lesson is not None:
            payload.update(steps=lesson.total, step=lesson.index + 1)
        elif hooks.record is not None:
            payload.update(steps=len(hooks.record.actions), step=hooks.shown)
        else:
            payload.update(steps=0, step=0)
        self.emit("ready", **payload)
        if lesson is not None:
            self.emit("step", index=lesson.index + 1, total=lesson.total, tutorial=lesson.tutorial.id)
        self.send_state()

    def send_state(self) -> None:
        current = self.embed.screen.session
        if current is None:
            return
        state = current.state
        self.emit("state", to_move=state.current_player, scores=list(state.scores()), over=state.is_terminal())

    def moved(self, event: api.Event) -> None:
        """An action was applied: ``move``, as the reader's seat may see it."""
        current = self.embed.screen.session
        if current is not None:
            seen = event.for_viewer(self.embed.config.pov)
            self.emit("move", who=event.player, name=current.name(event.player), action=seen.action,
                      event={**seen.to_dict(), "text": seen.describe(current.names)})

    def illegal(self, action: api.Action | str, reason: str) -> None:
        text = action if isinstance(action, str) else action.notation()
        self.emit("illegal", action=text, code=reason, message=self.embed.screen.error)

    def report(self, err: embed.EmbedError) -> None:
        """Tell the host page that its message could not be used (nothing changes in the frame)."""
        self.emit("error", code=err.code, message=lc_html.to_sentence(err.reason))

    # -- hearing it ----------------------------------------------------------------------------------
    def receive(self, data: typing.Any) -> None:
        """A message from the host page (already checked to come from ``parent``)."""
        hooks = self.embed
        try:
            kind, payload = embed.read_message(data)
            if kind == "hello":
                self.send_ready()
            elif kind == "reset":
                self.open(hooks.origin)
            elif kind == "goto":
                step = payload.get("step")
                if type(step) is not int:
                    raise embed.EmbedError(i18n._("goto needs a whole-number step"), code="bad_message")
                hooks.goto(step - 1 if hooks.lesson is not None else step)
            else:
                self.open(embed.load_config(hooks.config, payload))
        except embed.EmbedError as err:
            self.report(err)

    def open(self, config: embed.Config) -> None:
        """Open ``config`` in this frame (``load``, ``reset``), of this game or another."""
        hooks = self.embed
        if config.game != hooks.screen.game.name:
            hooks.open_other_game(config)
            return
        hooks.config = config
        hooks.screen.restore()
