"""What a screen keeps in the browser: a part of :class:`screen.Screen`.

The save of the game in play (written after every action, compare-and-set against other tabs:
a newer revision elsewhere makes this tab ``STALE``, the same revision written at the same moment
wins and this tab shows it), a document's save, damaged saves set aside with their copies kept
for download (phase ``PROBLEM``), the statistics counted once per finished game.  Storage that is
off or full is said once, in plain words, and the game goes on unsaved.
"""

from __future__ import annotations

import typing

import screen_states
import screen_types
from lostcities import i18n, session
from lostcities.ui import html as lc_html
from lostcities.ui import stats

if typing.TYPE_CHECKING:
    from screen import Screen

StorageError = screen_types.StorageError
STORAGE_OFF: typing.Final = i18n.N_("This browser is not keeping saved games (storage is off or full), "
                                     "so this game will not survive a reload.")
RACE_LOST: typing.Final = i18n.N_("This game was played in another tab at the same moment: that move was kept and "
                                  "this tab\u2019s last move was not. Here is the game as it stands now.")


class Saves:
    """The storage of one screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.warned = False
        """Storage refused once already (said once)."""
        self.seen: str | None = None
        """The save text this tab last read or wrote: any other text stored means another tab wrote."""
        self.damaged_copies: list[str] = []
        """Where the damaged copies of the save shown as a problem are kept (newest first)."""
        self.counted: set[str] = set()
        """Ids of finished games this screen has counted in the statistics (not read again)."""

    def read(self, key: str) -> str | None:
        try:
            return self.screen.host.storage_get(key)
        except StorageError as err:
            self.storage_off(err)
            return None

    def write(self, key: str, text: str) -> bool:
        try:
            self.screen.host.storage_set(key, text)
        except StorageError as err:
            self.storage_off(err)
            return False
        return True

    def storage_off(self, err: Exception) -> None:
        self.screen.host.console("warn", f"storage refused: {err}")
        if not self.warned:
            self.warned = True
            self.screen.host.notify(i18n._(STORAGE_OFF), "error")

    def damaged_keys(self, key: str) -> list[str]:
        """Where the damaged copies of the save under ``key`` are kept, newest first: each saved
        document has its own (the game's under ``damaged_key``), at most ``lc_html.MAX_DAMAGED``."""
        base = self.screen.damaged_key if key == self.screen.key else f"{key}:damaged"
        return [base] + [f"{base}:{n}" for n in range(2, lc_html.MAX_DAMAGED + 1)]

    def set_aside(self, text: str, err: session.SaveError, key: str) -> None:
        scr = self.screen
        scr.host.console("warn", f"{scr.game.title}: the save was set aside ({err.reason}: {err.detail[:500]})")
        # Remove first: a save near the quota leaves room for its copy only once it is gone.
        scr.host.storage_remove(key)
        keys = self.damaged_keys(key)
        try:
            self._keep_damaged(text, keys)
        except StorageError as refused:
            scr.host.console("warn", f"{scr.game.title}: the damaged save is dropped: no room to keep it ({refused})")
        self.damaged_copies = [k for k in keys if self.read(k) is not None]
        scr.problem = err.reason
        scr.session = None
        scr.go(screen_states.Event.FAIL)
        scr.render()

    def _keep_damaged(self, text: str, keys: list[str]) -> None:
        """Keep ``text`` as the newest damaged copy; the older ones move down, the oldest goes.  Each
        move removes before it writes (it never needs more room than the copy takes); when the new
        copy does not fit, the older ones give way to it, oldest first."""
        scr = self.screen
        scr.host.storage_remove(keys[-1])
        for older, newer in zip(reversed(keys[1:]), reversed(keys[:-1]), strict=True):
            moved = scr.host.storage_get(newer)
            if moved is not None:
                scr.host.storage_remove(newer)
                scr.host.storage_set(older, moved)
        for dropped in [None, *reversed(keys[1:])]:
            if dropped is not None:
                scr.host.console("warn", f"{scr.game.title}: an older damaged save gives way to the new one")
                scr.host.storage_remove(dropped)
            try:
                scr.host.storage_set(keys[0], text)
                return
            except StorageError:
                if dropped == keys[1]:
                    raise

    def download_damaged(self, copy: str) -> None:
        """The problem panel's download of a kept damaged copy (``copy``: 1 is the newest)."""
        scr = self.screen
        numbers = [str(n) for n in range(1, len(self.damaged_copies) + 1)]
        if scr.states.phase is not screen_states.Phase.PROBLEM or copy not in numbers:
            return
        index = numbers.index(copy)
        text = self.read(self.damaged_copies[index])
        if text is None:
            scr.host.notify(i18n._("That damaged save is no longer kept in this browser."), "error")
            return
        scr.host.download(f"lostcities-{scr.game.name}-damaged-save-{index + 1}.txt", text)

    def save(self) -> None:
        """Write the session if the save is still the one this tab started from (compare and
        set): another tab's newer revision stops this tab (stale); another tab's write of the
        same revision (both moved at once) wins, and this tab shows that game instead."""
        scr = self.screen
        current = scr.session
        if current is None or scr.states.phase is screen_states.Phase.STALE:
            return
        stored = self.read(scr.key)
        if stored is not None and stored != self.seen and self.other_tab_wrote(stored):
            return
        current.revision += 1
        text = current.to_text()
        if self.write(scr.key, text):
            self.seen = text
        else:
            current.revision -= 1

    def restore(self) -> None:
        """Open what the hooks open, else continue the saved game, or show the setup (a damaged save
        is set aside)."""
        scr = self.screen
        scr.stop()
        if scr.hooks.open(scr):
            return
        last = self.read(scr.last_key) or ""
        factory = scr.adapter.documents.get(last)
        stored = self.read(scr.doc_key(last)) if factory is not None else None
        if factory is not None and stored is not None:
            document = factory()
            try:
                document.load(scr, stored)
            except session.SaveError as err:
                self.set_aside(stored, err, scr.doc_key(last))
                return
            scr.open_document(document)
            return
        text = self.read(scr.key)
        self.seen = text
        if text is None:
            scr.show_setup()
            return
        try:
            restored = session.load(text, scr.game.name)
            scr.adapter.check(scr, restored)
        except session.SaveError as err:
            self.set_aside(text, err, scr.key)
            return
        scr.start(restored)

    def go_stale(self) -> None:
        """Another tab wrote a newer save: this tab stops and offers to load it."""
        scr = self.screen
        scr.stop()
        scr.go(screen_states.Event.STALE)
        scr.render()

    def forget(self) -> None:
        """Remove the save (or the open document's) and the memory of the last document."""
        scr = self.screen
        if not scr.hooks.saves:
            return
        if scr.document is not None:
            scr.host.storage_remove(scr.doc_key(scr.document.name))
        else:
            scr.host.storage_remove(scr.key)
        scr.host.storage_remove(scr.last_key)

    def last_setup(self) -> session.Setup | None:
        scr = self.screen
        if not scr.hooks.saves:
            return None
        text = self.read(scr.prefs_key)
        if text is None:
            return None
        try:
            return session.Setup.from_dict(scr.game.name, session.parse(text))
        except session.SaveError:
            return None

    def other_tab_wrote(self, stored: str) -> bool:
        """Another tab stored ``stored`` since this tab's last read or write: True when this tab
        must stop (a newer revision) or show that game (the same revision: a race it lost)."""
        scr = self.screen
        current = scr.session
        if current is None:
            return False
        revision = session.revision_of(stored)
        if revision > current.revision:
            self.go_stale()
            return True
        if revision == current.revision:
            scr.host.console("warn", f"{scr.game.title}: another tab saved revision {revision} at the same moment")
            scr.restore()
            if scr.is_playing():
                scr.host.notify(i18n._(RACE_LOST), "info")
            return True
        return False

    def on_storage(self, text: str | None) -> None:
        """Another tab changed the save: read it again (the event's text may be older than what is
        stored now, and this tab's own write may be the one that stands)."""
        scr = self.screen
        current = scr.session
        if current is None or scr.states.phase is screen_states.Phase.STALE or text is None:
            return
        stored = self.read(scr.key)
        if stored is not None and stored != self.seen:
            self.other_tab_wrote(stored)

    def save_document(self) -> None:
        scr = self.screen
        if scr.document is not None:
            self.write(scr.doc_key(scr.document.name), scr.document.dump())

    def read_stats(self) -> stats.Stats:
        return screen_types.read_stats(self.screen.host)

    def record_stats(self) -> None:
        """Count each finished game in the statistics, once (:func:`stats.outcomes`)."""
        current = self.screen.session
        found = {game_id for game_id, *_ in stats.outcomes(current)} if current is not None else set()
        if current is None or found <= self.counted:
            return
        old = self.read_stats()
        new = stats.add_outcomes(old, current)
        if new != old:
            self.write(stats.KEY, new.to_text())  # refused: said once (_storage_off), not retried
        self.counted |= found

