"""Statistics per game and opponent level, kept in the browser, and their page.

One stored object (under :data:`KEY`) holds a :class:`Line` per game and
opponents (:func:`level_of`: a computer's level, a mix of levels such as
``easy+hard``, or ``solo``): games played, wins, best and total score and the
recent scores; and the ids of the games already counted (:func:`outcomes`: the
session's id, with the game's number for each game of a match), so that a
finished game is counted once however often it is reloaded.  Each game of a
card-game match counts as a game with its own score, as it ends.  Only games with one person at the table
count (against computers, or alone): with several people on one device there
is no "you".  Stored text is read with :func:`lostcities.safejson.loads`; a
damaged store raises :class:`StatsError` (the screen sets it aside).

>>> s = Stats().add("card", "hard", 35, True, "g1").add("card", "hard", -12, False, "g2")
>>> s.add("card", "hard", 35, True, "g1") == s
True
>>> line = s.line("card", "hard")
>>> line.played, line.won, line.best, line.average
(2, 1, 35, 11.5)
>>> load(s.to_text()) == s
True
>>> 'class="lc-chart"' in chart(line.recent)
True
"""

from __future__ import annotations

import dataclasses
import json
import typing

from lostcities import api, errors, i18n, safejson, session
from lostcities.ui import html as lc_html

KEY: typing.Final = "lostcities:stats"
DAMAGED_KEY: typing.Final = "lostcities:stats:damaged"
FORMAT: typing.Final = "lostcities.stats"
VERSION: typing.Final = 1
MAX_RECENT: typing.Final = 20
"""Scores kept for the chart, per line."""
MAX_IDS: typing.Final = 200
"""Ids of counted games kept (the oldest are forgotten: those games were long finished)."""
MAX_LEVEL: typing.Final = 40
"""Longest opponent key kept (``medium+medium+medium`` is 20)."""
MIX: typing.Final = "+"
"""Joins the levels of several computers in an opponent key."""
SOLO: typing.Final = "solo"
SET_ASIDE: typing.Final = i18n.N_("Your statistics could not be read, so they were set aside; "
                                   "they start again from this game. Your games are safe.")


class StatsError(errors.InvalidStateError):
    """The stored statistics cannot be read (the reason names what is wrong)."""


@dataclasses.dataclass(frozen=True)
class Line:
    """The record of one game against one opponent level."""

    game: str
    level: str
    played: int = 0
    won: int = 0
    best: int | None = None
    total: int = 0
    recent: tuple[int, ...] = ()
    """The latest scores, oldest first (at most :data:`MAX_RECENT`)."""

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def added(self, score: int, won: bool) -> Line:
        best = score if self.best is None else max(self.best, score)
        return dataclasses.replace(self, played=self.played + 1, won=self.won + int(won), best=best,
                                   total=self.total + score, recent=(*self.recent, score)[-MAX_RECENT:])

    def to_dict(self) -> dict[str, typing.Any]:
        return {"game": self.game, "level": self.level, "played": self.played, "won": self.won, "best": self.best,
                "total": self.total, "recent": list(self.recent)}


@dataclasses.dataclass(frozen=True)
class Stats:
    """Every line, and the ids of the games counted."""

    lines: tuple[Line, ...] = ()
    ids: tuple[str, ...] = ()

    def line(self, game: str, level: str) -> Line:
        return next((x for x in self.lines if x.game == game and x.level == level), Line(game, level))

    def has(self, game_id: str) -> bool:
        return game_id in self.ids

    def add(self, game: str, level: str, score: int, won: bool, game_id: str) -> Stats:
        """These statistics with one more finished game (unchanged if ``game_id`` was counted)."""
        if self.has(game_id):
            return self
        line = self.line(game, level).added(score, won)
        others = tuple(x for x in self.lines if (x.game, x.level) != (game, level))
        return Stats(tuple(sorted((*others, line), key=lambda x: (x.game, x.level))),
                     (*self.ids, game_id)[-MAX_IDS:])

    def to_text(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "lines": [x.to_dict() for x in self.lines],
                           "ids": list(self.ids)}, separators=(",", ":"))


def _int(value: typing.Any, what: str) -> int:
    if type(value) is not int or abs(value) > 10**9:
        raise StatsError(f"{what} is not a whole number")
    return value


def load(text: str | None) -> Stats:
    """The statistics stored as ``text`` (None: none yet); raises :class:`StatsError`.

    >>> load('{"format": "lostcities.stats", "version": 1, "lines": [{"game": "card"}], "ids": []}')
    Traceback (most recent call last):
    ...
    lostcities.ui.stats.StatsError: a line of the statistics lacks 'best'
    """
    if text is None:
        return Stats()
    try:
        data = safejson.loads(text)
    except errors.InvalidStateError as err:
        raise StatsError(f"the statistics are not readable: {err.reason}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise StatsError("the stored text is not statistics of this version")
    try:
        api.check_entries(data, {"format", "version", "lines", "ids"}, what="the statistics")
    except errors.InvalidStateError as err:
        raise StatsError(err.reason) from None
    raw_lines, raw_ids = data["lines"], data["ids"]
    if not isinstance(raw_lines, list) or not isinstance(raw_ids, list):
        raise StatsError("the statistics' lines and ids must be lists")
    lines = []
    for raw in raw_lines:
        try:
            api.check_entries(raw, {"game", "level", "played", "won", "best", "total", "recent"},
                              what="a line of the statistics")
        except errors.InvalidStateError as err:
            raise StatsError(err.reason) from None
        if not isinstance(raw["game"], str) or not isinstance(raw["level"], str) or not isinstance(
                raw["recent"], list):
            raise StatsError("a line of the statistics is damaged")
        played, won = _int(raw["played"], "a count of games"), _int(raw["won"], "a count of wins")
        best = None if raw["best"] is None else _int(raw["best"], "a best score")
        if not 0 <= won <= played or (best is None) != (played == 0):
            raise StatsError("a line of the statistics does not add up")
        lines.append(Line(raw["game"][:20], raw["level"][:MAX_LEVEL], played, won, best, _int(raw["total"], "a total"),
                          tuple(_int(x, "a recent score") for x in raw["recent"])[-MAX_RECENT:]))
    if not all(isinstance(x, str) and len(x) <= session.MAX_ID + 4 for x in raw_ids):
        raise StatsError("the ids of the games counted are damaged")
    return Stats(tuple(lines), tuple(raw_ids)[-MAX_IDS:])


def level_of(setup: session.Setup) -> str | None:
    """The opponents a game counts under: one computer's level; for several computers their
    levels, weakest first, joined by :data:`MIX` (a game against an easy and a hard computer
    is neither a game against easy nor one against hard); :data:`SOLO` alone; None when it
    does not count (several people, or nobody).

    >>> level_of(session.Setup.create("card", [session.Seat("You"), session.Seat("Computer", "hard")]))
    'hard'
    >>> seats = [session.Seat("Bot", "hard"), session.Seat("You"), session.Seat("Bot", "easy")]
    >>> level_of(session.Setup.create("board", seats))
    'easy+hard'
    >>> level_of(session.Setup.create("card", [session.Seat("Ann"), session.Seat("Bob")])) is None
    True
    """
    if len(setup.people) != 1:
        return None
    levels = setup.game_class.bot_levels
    found = sorted(levels.index(seat.level) for seat in setup.seats if seat.level in levels)
    return MIX.join(levels[i] for i in found) if found else SOLO


def outcomes(current: session.Session) -> list[tuple[str, str, int, bool]]:
    """``(id, level, score, won)`` of each finished game of ``current`` that counts, for its
    one person (:meth:`lostcities.api.State.finished`); none if the game does not count.

    The id is the session's for a game of one part, and the session's with the game's number
    (``id/2``) for each game of a match; a match counted whole by an earlier release (its
    session's id is among those counted) is not counted again.  Won: among that game's
    winners (its own tie-break); alone, never."""
    level = level_of(current.setup)
    finished = current.state.finished()
    if level is None or not finished:
        return []
    person = current.setup.people[0]
    alone = len(current.setup.seats) == 1
    whole = current.state.is_terminal() and len(finished) == 1
    return [(current.id if whole else f"{current.id}/{number}", level, game.scores[person],
             not alone and person in game.winners) for number, game in enumerate(finished, 1)]


def add_outcomes(stats: Stats, current: session.Session) -> Stats:
    """``stats`` with every finished game of ``current`` counted once (:func:`outcomes`)."""
    if stats.has(current.id):
        return stats
    for game_id, level, score, won in outcomes(current):
        stats = stats.add(current.setup.game_class.name, level, score, won, game_id)
    return stats


# -- the page ------------------------------------------------------------------------------------


def chart(scores: typing.Sequence[int], *, width: int = 200, height: int = 60) -> str:
    """The recent scores as a small bar chart (inline SVG, oldest on the left);
    bars below the zero line are negative (class ``is-negative``), the last is
    ``is-last``.  Nothing for no scores.

    >>> svg = chart([10, -5, 20])
    >>> svg.count("<rect"), 'is-negative' in svg, 'aria-label="Recent scores, oldest first: 10, \u22125, 20"' in svg
    (3, True, True)
    """
    if not scores:
        return ""
    top, bottom = max(0, *scores), min(0, *scores)
    span = (top - bottom) or 1
    zero = round(height * top / span, 1)
    step = width / max(len(scores), 5)
    bars = []
    for index, score in enumerate(scores):
        size = max(round(height * abs(score) / span, 1), 1.0)
        y = zero - size if score >= 0 else zero
        cls = lc_html.classes_of("lc-chart-bar", "is-negative" if score < 0 else None,
                                 "is-last" if index == len(scores) - 1 else None)
        bars.append(f'<rect class="{cls}" x="{round(index * step + 1, 1)}" y="{y}" width="{round(step - 2, 1)}" '
                    f'height="{size}"><title>{lc_html.number(score)}</title></rect>')
    label = i18n._("Recent scores, oldest first: {scores}").format(scores=", ".join(lc_html.number(s) for s in scores))
    return (f'<svg class="lc-chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label="{lc_html.esc(label)}">{"".join(bars)}'
            f'<line class="lc-chart-zero" x1="0" y1="{zero}" x2="{width}" y2="{zero}"/></svg>')


def _level_words(game: type[api.Game], level: str) -> str:
    """``Computer, hard``; ``3 computers, medium``; ``Computers: easy, hard``; ``Solo``.

    >>> from lostcities import board
    >>> [_level_words(board.Game, x) for x in ("hard", "medium+medium+medium", "easy+hard", "solo")]
    ['Computer, hard', '3 computers, medium', 'Computers: easy, hard', 'Solo']
    """
    if level == SOLO:
        return i18n._("Solo")
    parts = level.split(MIX)
    if not all(part in game.bot_levels for part in parts):
        return level
    if len(parts) == 1:
        return i18n._("Computer, {level}").format(level=lc_html.level_word(level))
    if len(set(parts)) == 1:
        return i18n._("{count} computers, {level}").format(count=len(parts), level=lc_html.level_word(parts[0]))
    return i18n._("Computers: {levels}").format(levels=", ".join(lc_html.level_word(part) for part in parts))


def _level_order(game: type[api.Game], level: str) -> tuple[int, int, tuple[int, ...]]:
    """Where a line goes in its game's table: one computer, weakest first, then mixes by size,
    then solo."""
    parts = level.split(MIX)
    strength = tuple(game.bot_levels.index(x) if x in game.bot_levels else len(game.bot_levels) for x in parts)
    return (level == SOLO, len(parts), strength)


def game_table(game: type[api.Game], stats: Stats) -> str:
    """One game's statistics: a row per opponents played (:func:`level_of`), with its chart."""
    shown = sorted((x for x in stats.lines if x.game == game.name and x.played),
                   key=lambda x: _level_order(game, x.level))
    if not shown:
        return (f'<section class="lc-stats-game" data-game="{lc_html.esc(game.name)}">'
                f"<h2>{lc_html.esc(lc_html.short_title(game))}</h2>"
                f'<p class="lc-hint">{lc_html.esc(i18n._("No finished game yet."))}</p></section>')
    rows = []
    for x in shown:
        average = "" if x.average is None else i18n.number(round(x.average))
        wins = "\u2013" if x.level == SOLO else str(x.won)
        who = lc_html.esc(_level_words(game, x.level))
        rows.append(f'<tr data-level="{lc_html.esc(x.level)}"><th scope="row">{who}'
                    f"</th><td>{x.played}</td><td>{wins}</td><td>{lc_html.number(x.best or 0)}</td><td>{average}</td>"
                    f"<td>{chart(x.recent)}</td></tr>")
    heads = "".join(f'<th scope="col">{lc_html.esc(i18n._(word))}</th>' for word in _HEADS)
    return (f'<section class="lc-stats-game" data-game="{lc_html.esc(game.name)}">'
            f"<h2>{lc_html.esc(lc_html.short_title(game))}</h2>"
            f'<table class="lc-stats-table"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            "</section>")


_HEADS: typing.Final = (i18n.N_("Opponent"), i18n.N_("Games"), i18n.N_("Wins"), i18n.N_("Best"), i18n.N_("Average"),
                        i18n.N_("Recent scores"))


def page(stats: Stats, games: typing.Sequence[type[api.Game]], *, overlay: bool = False, note: str = "") -> str:
    """The statistics page: a table per game (``overlay``: over a game, with the way back)."""
    back = lc_html.button(i18n._("Back to the game"), "close-sheet") if overlay else lc_html.home_link()
    said = f'<p class="lc-note" role="status">{lc_html.esc(note)}</p>' if note else ""
    intro = i18n._("Your finished games against the computer and alone, kept in this browser.")
    return ('<article class="lc-stats lc-sheet" aria-labelledby="lc-stats-title">'
            f'<h1 id="lc-stats-title">{lc_html.esc(i18n._("Statistics"))}</h1>'
            f'<p class="lc-intro">{lc_html.esc(intro)}</p>'
            f'{said}{"".join(game_table(game, stats) for game in games)}'
            f'<p class="lc-sheet-actions">{back}</p></article>')
