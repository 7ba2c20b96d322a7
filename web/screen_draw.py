"""Drawing a screen into its root's regions: a part of :class:`screen.Screen`.

One phase, one picture (:mod:`screen_states`): the overlay if one is open (the menu, the rules,
the statistics), else the phase's panel (setup, problem, stale, hand-over), the replay, a
document's frame or the adapter's table.  A panel replaces the ``main`` region; a :class:`screen_types.Frame`
replaces only the regions that changed, and puts the keyboard back where it belongs.  Around the
table: the turn's tools in the bar, a suggestion's sentence and the move log under it.

Data attributes on the screen element, for tests and CSS: ``data-phase``
(``setup``, ``problem``, ``handover``, ``menu``, ``stale``, ``rules`` and
``stats`` (pages over the game), ``replay`` or the adapter's phase during
play, ``ai`` while a computer thinks), ``data-moves`` (actions so far),
``data-think`` (the last computer decisions: wall/work/longest slice in ms), ``data-sound`` (``on``
or ``off``, the menu's choice) and ``data-cue`` (the sound of the last action applied, person's,
computer's or chance's, or of a replay's step forward: a :class:`lostcities.ui.sound.Cue` and a
count, ``card 12``; ``web/sound.js`` plays it when sound is on).

The table features every game gets from the screen, none from its adapter:
in the screen's bar the ``toolbar`` region (*Suggest a move*, *Undo*, *Moves*, one tap each; after
a game the menu offers *Replay*), under the table the ``tools`` region (a suggestion's sentence) and
the ``moves`` region (the move log from
``Session.log``, newest first); the menu's :attr:`Screen.menu_entries` (the
rules summary of :mod:`lostcities.ui.rules_summary` and the statistics of
:mod:`lostcities.ui.stats`, as pages over the game); the replay of a finished
game from its record; the statistics counted once per finished game (by
``Session.id``).  A suggestion asks the game's strongest computer for the
person's move from their own view only, sliced like a computer's turn; its
highlights come from ``lostcities.<game>.html.hint_marks`` and a replay
position from ``lostcities.<game>.html.position``.  Undo is
``Session.undo`` (the game's ``State.can_undo`` decides).  Hints and undo
are on against computers; with several people only when all agreed in the
setup (the ``assist`` preference).
"""

from __future__ import annotations

import typing

import screen_states
import screen_types
from lostcities import i18n, session
from lostcities.ui import html as lc_html
from lostcities.ui import rules_summary, stats

if typing.TYPE_CHECKING:
    from screen import Screen

STALE: typing.Final = i18n.N_("This game was continued in another tab or window.")


class Drawing:
    """What one screen last drew, region by region (only changes are sent)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.layout = ""
        self.parts: dict[str, str] = {}
        self.outer_parts: dict[str, str] = {}
        self.marked: tuple[typing.Mapping[str, str], ...] = ()
        self.focus_places: tuple[typing.Mapping[str, str], ...] = ()
        self.had_focus = False
        """Whether the keyboard was on the table after the last frame (a focus lost since is put back;
        a page just opened keeps its focus where it is)."""

    def draw(self) -> None:
        scr = self.screen
        root = scr.root
        if root is None:
            return
        current = scr.session
        root.set_data("phase", scr.phase())
        root.set_data("moves", str(len(current.state.history)) if current is not None else "0")
        root.set_data("sound", "on" if scr.menu.sound_on() else "off")
        root.set_data("theme", scr.theme().value)
        root.set_class("lc-in-game", current is not None)
        if scr.document is not None:
            scr.host.set_info(scr.document.info(scr))
        else:
            scr.host.set_info(scr.adapter.info(scr) if current is not None and scr.is_playing() else "")
        title = i18n._(scr.game.title)
        if scr.menu_open:
            words = scr.document.words if scr.document is not None else scr.adapter.words
            learn = f'<p class="lc-menu-learn">{lc_html.learn_link(scr.game.name)}</p>'
            sound_entry = i18n._("Turn sound off") if scr.menu.sound_on() else i18n._("Turn sound on")
            entries = [*self.tool_entries(current), *scr.menu_entries, lc_html.Entry(sound_entry, "sound")]
            settings = lc_html.theme_switch(scr.theme()) + lc_html.language_switch()
            self.panel("menu", lc_html.menu(learn + settings, words=words, confirm=scr.confirming, entries=entries))
        elif scr.sheet == "rules":
            self.panel("rules", rules_summary.page(scr.entry.summary, overlay=True))
        elif scr.sheet == "stats":
            self.panel("stats", stats.page(scr.saves.read_stats(), [scr.game], overlay=True))
        elif scr.states.phase is screen_states.Phase.REPLAY and current is not None:
            self.frame(scr.replay.frame(current))
        elif scr.states.phase is screen_states.Phase.SETUP:
            last = scr.saves.last_setup()
            assist = last is not None and last.pref(session.ASSIST) == "1"
            self.panel("setup", lc_html.with_assist(scr.adapter.setup_form(scr, last), assist))
        elif scr.states.phase is screen_states.Phase.PROBLEM:
            self.panel("problem", scr.hooks.problem(scr) or lc_html.problem(
                title, scr.problem, prefix=scr.adapter.prefix, kept=len(scr.saves.damaged_copies)))
        elif scr.states.phase is screen_states.Phase.STALE:
            self.panel("stale", lc_html.stale(i18n._(STALE)))
        elif scr.states.phase is screen_states.Phase.HANDOVER and current is not None:
            who = current.name(current.current_player)
            self.panel("handover", lc_html.handover(who, scr.adapter.handover_note(scr), scr.adapter.words))
        elif scr.states.phase is screen_states.Phase.DOCUMENT and scr.document is not None:
            self.frame(scr.document.render(scr))
        elif current is not None:
            self.frame(scr.adapter.render(scr))
        self.outer(current)

    def tool_entries(self, current: session.Session | None) -> list[lc_html.Entry]:
        """The menu's entry for the table, as the game stands: after a game (or between the games of
        a match), its replay.  The turn's tools are on the table (:meth:`toolbar`)."""
        scr = self.screen
        if (current is None or not scr.is_playing() or scr.document is not None
                or not scr.replay.can_replay(current.state)):
            return []
        return [lc_html.Entry(i18n._("Replay the game") if current.state.is_terminal() else
                              i18n._("Replay the games so far"), "replay")]

    def toolbar(self, current: session.Session) -> str:
        """The turn's tools on the table, one tap each (``lostcities.ui.html.toolbar``): *Suggest a
        move* while it is the person's turn, *Undo* while their last action may be taken back, *Moves*."""
        scr = self.screen
        hint = "thinking" if scr.computer.hinting else ("shown" if scr.computer.hint is not None else "")
        can_hint = scr.interactive() and bool(current.game.bot_levels) and not current.state.is_terminal()
        return lc_html.toolbar(moves=len(current.log), moves_open=scr.moves_open, assists=current.assists(),
                               can_hint=can_hint, hint=hint, can_undo=not scr.thinking and current.can_undo())

    def outer(self, current: session.Session | None) -> None:
        """The tools row and the move log under the table, and the suggestion's highlights (none where
        the hooks keep the table's tools away: an embed's lesson or record)."""
        scr = self.screen
        root = scr.root
        if root is None:
            return
        playing = (current is not None and scr.is_playing() and scr.states.overlay is screen_states.Overlay.NONE
                   and scr.hooks.tools(scr))
        toolbar = tools = moves = ""
        if playing and current is not None:
            # The turn's tools stand in the screen's bar, beside the menu button; a suggestion's
            # sentence and the move log under the table.
            toolbar = self.toolbar(current)
            tools = lc_html.hint_note(scr.computer.hint_text) if scr.computer.hint is not None else ""
            if scr.moves_open and current.log:
                moves = lc_html.move_log([str(entry["text"]) for entry in current.log])
        focus = root.focused()
        for region, html in (("toolbar", toolbar), ("tools", tools), ("moves", moves)):
            if self.outer_parts.get(region) != html:
                root.set_html(region, html)
                self.outer_parts[region] = html
        if focus and not root.focus(focus):  # a tool that went (Undo, once used): back to the table
            any(root.focus(place) for place in self.focus_places)
        root.set_class("lc-moves-open", bool(moves))
        marks = scr.computer.hint_marks() if playing else ()
        if marks or self.marked:
            root.mark(marks)
        self.marked = marks

    def panel(self, name: str, html: str) -> None:
        """A whole-area panel (menu, setup...): replaces the main region."""
        if self.screen.root is not None and (self.layout != name or self.parts.get("main") != html):
            self.screen.root.set_html("main", html)
        self.layout = name
        self.parts = {"main": html}

    def frame(self, frame: screen_types.Frame) -> None:
        scr = self.screen
        root = scr.root
        if root is None:
            return
        focus = root.focused()
        lost = focus is None and self.had_focus and root.is_focus_lost()
        if self.layout != frame.layout:
            root.set_html("main", frame.skeleton)
            self.layout = frame.layout
            self.parts = {}
        for region, html in frame.parts.items():
            if self.parts.get(region) != html:
                root.set_html(region, html)
                self.parts[region] = html
        self.focus_places = frame.focus
        wanted, scr.focus_next = scr.focus_next, ()
        if not ((focus or lost) and any(root.focus(place) for place in wanted)) and (
                (focus and not root.focus(focus)) or lost):  # never left on the page's body
            any(root.focus(place) for place in frame.focus)
        self.had_focus = root.focused() is not None


