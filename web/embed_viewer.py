"""A record stepped through in the embed (``mode=view``): a part of :class:`embed_screen.EmbedHooks`.

The table shows the record's position after ``shown`` actions and takes no move; the bar above it
(region ``lesson``) steps back and forth, as the host page's ``goto`` does.  Each step is told to
the host page (``step``, ``state``).
"""

from __future__ import annotations

import typing

import screen_types
from lostcities import api, i18n
from lostcities.ui import embed

if typing.TYPE_CHECKING:
    from embed_screen import EmbedHooks


class Viewer:
    """The record being viewed in one embed, if any: ``embed.record``, its position ``embed.shown``."""

    def __init__(self, embed_hooks: EmbedHooks) -> None:
        self.embed = embed_hooks

    @property
    def record(self) -> api.Record:
        found = self.embed.record
        if found is None:
            raise RuntimeError("no record is open")
        return found

    def goto(self, index: int) -> None:
        """Show the position after ``index`` actions; raises :class:`embed.EmbedError`."""
        hooks = self.embed
        total = len(self.record.actions)
        if not 0 <= index <= total:
            raise embed.EmbedError(i18n._("step must be from 0 to {total} for this record").format(total=total))
        hooks.shown = index
        hooks.screen.start(hooks.opening.session(self.record.game, hooks.opening.replayed(index)))
        hooks.messages.emit("step", index=index, total=total, tutorial=None)
        hooks.messages.send_state()

    def on_step(self, event: screen_types.Input) -> None:
        """The bar's buttons: the position ``to`` actions in (at most the record's end)."""
        to = embed.whole(event.data.get("to", ""))
        if self.embed.record is not None and to is not None:
            target = min(to, len(self.record.actions))
            if target != self.embed.shown:
                self.goto(target)

    def settle(self) -> bool:
        """Nobody moves in a record: the table is drawn as it stands."""
        scr = self.embed.screen
        scr.back_to_play()
        scr.render()
        return True

    def bar(self) -> str:
        return embed.viewer_bar(self.embed.shown, len(self.record.actions), controls=self.embed.config.controls)
