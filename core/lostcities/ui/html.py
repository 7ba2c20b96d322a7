"""Shared HTML of every game's screen: pure functions returning strings.

Markup helpers (:func:`esc`, :func:`attrs_of`, :func:`button`) and the panels
that are the same in every game: the screen's shell, the menu, the problem
with a save, the hand-over between people, the "continued in another tab"
notice, the setup form generated from a game's metadata (seats, option
schema, bot levels), the home screen's tiles and the site's notices.  CSS
class hooks are ``lc-*`` (the shared panels) and the prefix a game passes
for its own shell; buttons carry ``data-action`` for event delegation.

>>> from lostcities.ui import html
>>> 'data-action="ready"' in html.handover("<Ann>")
True
>>> '&lt;Ann&gt;' in html.handover("<Ann>")
True
"""

from __future__ import annotations

import dataclasses
import html as _html
import typing

from lostcities import api, i18n, session
from lostcities.ui import theme as colour_theme

MINUS: typing.Final = "\u2212"
"""A real minus sign, for scores."""


def signed(points: int) -> str:
    """``+12``, ``0`` or a negative number with a real minus sign (U+2212).

    >>> signed(12), signed(0), signed(-20) == MINUS + "20"
    ('+12', '0', True)
    """
    if points > 0:
        return f"+{points}"
    return number(points)


def number(value: int) -> str:
    """An integer with a real minus sign (U+2212) when negative.

    >>> number(-51) == MINUS + "51", number(7)
    (True, '7')
    """
    return i18n.number(value)


def points(value: int, *, sign: bool = False) -> str:
    """A score in words: ``1 point``, ``+12 points`` (with ``sign``), ``0 points``.

    >>> points(1), points(12, sign=True), points(-1) == MINUS + "1 point"
    ('1 point', '+12 points', True)
    """
    return i18n.ngettext("{points} point", "{points} points", abs(value)).format(
        points=signed(value) if sign else number(value))


def possessive(name: str | None) -> str:
    """Whose, at the start of a label: ``Your`` for the player named ``You`` (or
    no name), ``Ann's`` for the others (not escaped).

    >>> possessive("You"), possessive("Ann"), possessive(None)
    ('Your', "Ann's", 'Your')
    """
    return i18n._("Your") if name is None or name == api.YOU else i18n._("{name}'s").format(name=name)


def owned(name: str | None, mine: str, theirs: str, **values: object) -> str:
    """Words about a player's thing, a whole sentence per person (a language's possessives and verbs
    agree with it): ``mine`` (translated) for the player named You (or no name), else ``theirs``
    with ``{name}``; both formatted with ``values``.

    >>> owned("Ann", "Your hand", "{name}'s hand"), owned(None, "Your hand", "{name}'s hand")
    ("Ann's hand", 'Your hand')
    """
    if name is None or name == api.YOU:
        return mine.format(**values)
    return theirs.format(name=name, **values)


def score_line(names: typing.Sequence[str], scores: typing.Sequence[int], viewer: int) -> str:
    """The scores in a few words: everybody's with two players, else the viewer's and the lead.

    >>> score_line(["Ann", "Bob", "Cy"], [10, -4, 30], 1)
    'Bob \u22124 \u00b7 lead: Cy 30'
    """
    shown = [api.shown_name(name) for name in names]
    if len(scores) <= 2:
        return " \u00b7 ".join(f"{name} {number(score)}" for name, score in zip(shown, scores, strict=True))
    lead = max(range(len(scores)), key=lambda p: scores[p])
    text = f"{shown[viewer]} {number(scores[viewer])}"
    return text + (" \u00b7 " + i18n._("lead: {name} {score}").format(name=shown[lead], score=number(scores[lead]))
                   if scores[lead] > scores[viewer] else "")


def esc(text: object) -> str:
    """HTML-escape any value (quotes included); a text with nothing to escape (most of them: every
    renderer escapes every value it writes) comes back as it is, without a copy.

    >>> esc('<a href="x">'), esc("it's"), esc(7), esc("plain")
    ('&lt;a href=&quot;x&quot;&gt;', 'it&#x27;s', '7', 'plain')
    """
    value = text if type(text) is str else str(text)
    if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
        return _html.escape(value, quote=True)
    return value


def attrs_of(values: typing.Mapping[str, str | None]) -> str:
    """Attributes with escaped values (None: left out).

    >>> attrs_of({"class": "a b", "data-card": "Y7", "hidden": None})
    ' class="a b" data-card="Y7"'
    """
    return "".join(f' {key}="{esc(value)}"' for key, value in values.items() if value is not None)


def classes_of(*names: str | None) -> str:
    """Class names joined, empty ones left out."""
    return " ".join(n for n in names if n)


def painted(text: str, cls: str) -> str:
    """A ``span`` of class ``cls`` whose ``text`` the style sheet draws (``data-paint``): a number
    repeated for the eye inside a control whose accessible name already says it (a card's second
    corner, a pile's size, the values on a board path), so that the control's visible text stays
    the words of its name (WCAG 2.5.3, *label in name*).

    >>> painted("7", "lc-corner")
    '<span class="lc-corner" data-paint="7"></span>'
    """
    return f'<span class="{esc(cls)}" data-paint="{esc(text)}"></span>'


def button(label: str, action: str, *, cls: str = "", extra: typing.Mapping[str, str | None] | None = None) -> str:
    """A ``<button type="button" data-action=...>`` with an escaped label.

    >>> button("Menu", "menu", cls="secondary")
    '<button type="button" class="secondary" data-action="menu">Menu</button>'
    """
    values: dict[str, str | None] = {"type": "button", "class": cls or None, "data-action": action}
    values.update(extra or {})
    return f"<button{attrs_of(values)}>{esc(label)}</button>"


def home_link(label: str = "", cls: str = "button secondary") -> str:
    """A link back to the home screen (the app shell handles ``data-action="home"``); its words
    are *All games* unless ``label`` says others."""
    label = label or i18n._("All games")
    return f'<a class="{esc(cls)}" href="#" data-action="home">{esc(label)}</a>'


def play_link(game: str, label: str = "", cls: str = "button") -> str:
    """A link to a game's screen (its route ``#<game>``); its words are *Play* unless ``label`` says others."""
    label = label or i18n._("Play")
    return f'<a class="{esc(cls)}" href="#{esc(game)}">{esc(label)}</a>'


def short_title(game: type[api.Game]) -> str:
    """A game's title without the family's name (the top bar says *Lost Cities*).

    >>> from lostcities import card, roll
    >>> short_title(card.Game), short_title(roll.Game)
    ('The card game', 'Roll & Write')
    """
    title = i18n._(game.title)
    text = title.removeprefix("Lost Cities: ").removeprefix("Lost Cities")
    return (text[:1].upper() + text[1:]) or title


def crumb(*names: str) -> str:
    """The top bar's trail after *Lost Cities* (the home link): each name after a
    separator, the last one the current page (nothing on the home screen).

    >>> crumb("Roll & Write").endswith('<span class="crumb" aria-current="page">Roll &amp; Write</span>')
    True
    """
    parts = []
    for index, name in enumerate(names):
        current = ' aria-current="page"' if index == len(names) - 1 else ""
        parts.append(f'<span class="crumb-sep" aria-hidden="true">\u203a</span> <span class="crumb"{current}>'
                     f"{esc(name)}</span>")
    return "".join(parts)


def to_sentence(text: str) -> str:
    """Capitalised, ending with a full stop.

    >>> to_sentence("yellow 5 cannot follow yellow 7")
    'Yellow 5 cannot follow yellow 7.'
    """
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


# -- cards (the card game and the board game) ----------------------------------------------------

EXPEDITION_SYMBOLS: typing.Final[dict[str, str]] = {
    # Text presentation (U+FE0E) so that phones do not swap in colour emoji.
    "yellow": "\u2600\ufe0e",  # sun: the desert
    "blue": "\u2248",  # waves: the sea
    "white": "\u2744\ufe0e",  # snow: the Himalayas
    "green": "\u2663\ufe0e",  # leaves: the rainforest
    "red": "\u25b2",  # the volcano
    "purple": "\u25c6",  # the purple expedition of the card game's expansion
}
"""A symbol per expedition (by colour name), so that colours are never told apart by colour alone."""


class CardLike(typing.Protocol):
    """What the shared card markup reads of a game's card."""

    @property
    def id(self) -> str: ...

    @property
    def label(self) -> str: ...


CardT = typing.TypeVar("CardT", bound=CardLike)
FaceMaker = typing.Callable[..., str]
"""A game's ``card_face(card, *, tag="span", classes=(), attrs=None)``."""


def card_face(c: CardLike, letter: str, corner: str, middle: str, *, tag: str = "span",
              classes: typing.Iterable[str] = (), attrs: typing.Mapping[str, str | None] | None = None) -> str:
    """One card face up (classes ``lc-card lc-<letter>``): ``corner`` top left and
    bottom right (drawn by the style sheet: the name says it once), ``middle`` in the middle;
    a ``span`` is an image, a ``button`` a button.

    >>> import types
    >>> card_face(types.SimpleNamespace(id="Y7", label="yellow 7"), "Y", "7", "*", tag="button")[:72]
    '<button class="lc-card lc-Y" data-card="Y7" aria-label="yellow 7" type="'
    """
    base: dict[str, str | None] = {"class": classes_of("lc-card", f"lc-{letter}", *classes), "data-card": c.id,
                                   "aria-label": c.label}
    base["role" if tag == "span" else "type"] = "img" if tag == "span" else "button"
    base.update(attrs or {})
    return (f"<{tag}{attrs_of(base)}>"
            f'<span class="lc-corner lc-top" aria-hidden="true">{corner}</span>'
            f'<span class="lc-mid" aria-hidden="true">{middle}</span>'
            f'<span class="lc-corner lc-bottom" aria-hidden="true" data-paint="{esc(corner)}"></span></{tag}>')


def hand(cards: typing.Sequence[CardT], face: FaceMaker, *, selected: str | None, clickable: bool,
         name: str | None, cls: str = "lc-hand", waiting: bool = False) -> str:
    """A hand face up, in the order given: buttons (``data-target="hand"``, the
    ``selected`` one pressed) when ``clickable``; ``waiting``: buttons that do nothing yet
    (``aria-disabled``, ``data-hand="wait"``: the keyboard stays in the hand while the others
    play); ``name``: whose hand (None: yours).  Buttons are one stop of the Tab key
    (the selected card, else the first), the arrow keys move between them (``data-roving``).
    Every card carries its tutorial name, ``data-spot="hand:<id>"``.

    >>> import types
    >>> face = lambda c, tag="span", classes=(), attrs=None: f"<{tag}{attrs_of(attrs or {})}></{tag}>"
    >>> cards = [types.SimpleNamespace(id=i) for i in ("Y3", "B5")]
    >>> hand(cards, face, selected="B5", clickable=True, name=None).count('tabindex="0"')
    1
    >>> 'aria-disabled="true"' in hand(cards, face, selected=None, clickable=False, name=None, waiting=True)
    True
    """
    faces = []
    stop = selected if selected in {c.id for c in cards} else (cards[0].id if cards else "")
    for c in cards:
        chosen = c.id == selected
        tab = "0" if c.id == stop else "-1"
        if clickable:
            faces.append(face(c, tag="button", classes=["is-selected"] if chosen else [],
                              attrs={"data-target": "hand", "data-spot": f"hand:{c.id}",
                                     "aria-pressed": "true" if chosen else "false", "tabindex": tab}))
        elif waiting:
            faces.append(face(c, tag="button", attrs={"data-spot": f"hand:{c.id}", "data-hand": "wait",
                                                      "aria-disabled": "true", "tabindex": tab}))
        else:
            faces.append(face(c, attrs={"data-spot": f"hand:{c.id}"}))
    label = owned(name, i18n.ngettext("Your hand: {count} card", "Your hand: {count} cards", len(cards)),
                  i18n.ngettext("{name}'s hand: {count} card", "{name}'s hand: {count} cards", len(cards)),
                  count=len(cards))
    roving = ' data-roving="hand"' if clickable or waiting else ""
    return (f'<div class="{esc(cls)}" role="group" aria-label="{esc(label)}" '
            f'data-size="{len(cards)}"{roving}>{"".join(faces)}</div>')


def discard_pile(pile: typing.Sequence[CardT], face: FaceMaker, *, colour: str, letter: str, symbol: str,
                 top_classes: typing.Sequence[str] = (), role: str | None = None, target: bool = False,
                 source: bool = False, cls: typing.Sequence[str] = ()) -> str:
    """A discard pile: its top card (with ``top_classes``) and its size, or the
    colour's ``symbol`` when empty; a button of ``data-target=role`` when a role
    is given (``discard`` or ``pile``), a labelled group otherwise."""
    if pile:
        top = pile[-1]
        inner = face(top, classes=top_classes)
        label = i18n.ngettext("{colour} discard pile: {count} card, top {card}",
                              "{colour} discard pile: {count} cards, top {card}", len(pile)).format(
            colour=colour, count=len(pile), card=top.label)
    else:
        inner = f'<span class="lc-slot" aria-hidden="true">{symbol}</span>'
        label = i18n._("{colour} discard pile: empty").format(colour=colour)
    count = f'<span class="lc-count" aria-hidden="true" data-paint="{len(pile)}"></span>' if pile else ""
    names = classes_of("lc-pile", *cls, f"lc-{letter}", "is-target" if target else None,
                       "is-source" if source else None, "is-empty" if not pile else None)
    if role is not None:
        values = {"type": "button", "class": names, "data-target": role, "data-colour": letter,
                  "data-spot": f"pile:{letter}", "data-size": str(len(pile)), "aria-label": label}
        return f"<button{attrs_of(values)}>{inner}{count}</button>"
    values = {"class": names, "data-colour": letter, "data-spot": f"pile:{letter}", "data-size": str(len(pile)),
              "aria-label": label, "role": "group"}
    return f"<div{attrs_of(values)}>{inner}{count}</div>"


# -- the screen and its panels -------------------------------------------------------------------


def shell(prefix: str, title: str, *, before: str = "", skip: str = "") -> str:
    """A game screen's element: a bar with the title (the screen's ``h1``, for screen readers:
    the top bar's trail shows it), the ``toolbar`` region (the turn's tools, :func:`toolbar`) and the
    menu button, the ``main`` region, and after it the shared regions ``tools`` (a suggestion's
    sentence) and ``moves`` (the move log panel).  Classes ``<prefix>-screen``, ``-bar``, ``-bar-title``,
    ``-menu-button``, ``-main``.  ``before``: markup placed first (an SVG sprite).  ``skip``: the words of
    the first button, shown when it has the keyboard's focus (class ``lc-skip``): it takes the keyboard to
    the table's first control (the hand, the dice): *Skip to my hand* unless it says others.

    >>> shell("lc", "The card game").count("<h1")
    1
    >>> 'data-region="toolbar"></div><button type="button" class="secondary lc-menu-button"' in shell("lc", "x")
    True
    """
    return (
        f'<section class="{esc(prefix)}-screen" data-phase="loading">{before}'
        + button(skip or i18n._("Skip to my hand"), "skip", cls="lc-skip") +
        f'<div class="{esc(prefix)}-bar"><h1 class="{esc(prefix)}-bar-title">{esc(title)}</h1>'
        + '<div class="lc-toolbar" data-region="toolbar"></div>'
        + button(i18n._("Menu"), "menu", cls=f"secondary {prefix}-menu-button", extra={"aria-haspopup": "true"})
        + f'</div><div class="{esc(prefix)}-main" data-region="main"></div>'
        + '<div class="lc-tools" data-region="tools"></div><div class="lc-moves" data-region="moves"></div></section>'
    )


OUTER_REGIONS: typing.Final = ("toolbar", "tools", "moves", "lesson")
"""The regions of :func:`shell` outside ``main`` (they stay when ``main`` is replaced)."""


@dataclasses.dataclass(frozen=True)
class Words:
    """How a screen names its own things on the shared panels.

    >>> 'your sheet will be shown' in handover("Ann", words=Words(secret="sheet"))
    True
    >>> 'New sheet (abandon this one)' in menu(words=Words(match="sheet"))
    True
    """

    secret: str = "cards"
    """What the hand-over shows the next person: *your cards will be shown* (``cards`` or ``sheet``)."""
    match: str = "match"
    """What the menu's new-game button abandons: *New match (abandon this one)* (``match``, ``game``
    or ``sheet``)."""


@dataclasses.dataclass(frozen=True)
class Entry:
    """One entry of the in-game menu: a button of ``data-action=action``."""

    label: str
    action: str


def menu(extra: str = "", words: Words = Words(), *, confirm: bool = False,
         entries: typing.Sequence[Entry] = ()) -> str:
    """The in-game menu (an overlay over the game): a list of entries -- back,
    new game, the screen's ``entries`` (moves, rules, statistics...), all
    games; with ``confirm``, the question its *New match* asks while a game is on.

    >>> 'Abandon this match?' in menu(confirm=True) and 'data-action="new-match"' in menu(confirm=True)
    True
    >>> '<li><button type="button" class="secondary" data-action="rules">Rules</button></li>' in menu(
    ...     entries=[Entry("Rules", "rules")])
    True
    """
    said = _MATCH_WORDS.get(words.match, _MATCH_WORDS["match"])
    if confirm:
        return (
            '<section class="lc-menu" role="alertdialog" aria-labelledby="lc-menu-title" '
            'aria-describedby="lc-menu-text">'
            f'<h2 id="lc-menu-title">{esc(i18n._(said[0]))}</h2>'
            f'<p id="lc-menu-text">{esc(i18n._(said[1]))}</p>'
            f'<p>{button(i18n._("Keep playing"), "close-menu")}</p>'
            f'<p>{button(i18n._(said[2]), "new-match", cls="secondary")}</p></section>'
        )
    items = [button(i18n._("Back to the game"), "close-menu"),
             button(i18n._(said[3]), "confirm-new", cls="secondary"),
             *(button(entry.label, entry.action, cls="secondary") for entry in entries), home_link()]
    return (
        f'<section class="lc-menu" aria-labelledby="lc-menu-title"><h2 id="lc-menu-title">{esc(i18n._("Menu"))}</h2>'
        f'<ul class="lc-menu-entries">{"".join(f"<li>{item}</li>" for item in items)}</ul>{extra}'
        f'<p class="lc-hint">{esc(i18n._("The game is saved after every move: you can leave and come back."))}</p>'
        "</section>"
    )


_MATCH_WORDS: typing.Final = {
    # Whole sentences per word (a language's articles agree with the noun): the question, why, the
    # confirming button, the menu's entry.
    "match": (i18n.N_("Abandon this match?"), i18n.N_("It cannot be resumed: a new match starts from the setup."),
              i18n.N_("Abandon it and start a new match"), i18n.N_("New match (abandon this one)")),
    "game": (i18n.N_("Abandon this game?"), i18n.N_("It cannot be resumed: a new game starts from the setup."),
             i18n.N_("Abandon it and start a new game"), i18n.N_("New game (abandon this one)")),
    "sheet": (i18n.N_("Abandon this sheet?"), i18n.N_("It cannot be resumed: a new sheet starts from the setup."),
              i18n.N_("Abandon it and start a new sheet"), i18n.N_("New sheet (abandon this one)")),
}


# -- history, hints and undo ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Tool:
    """One of the turn's tools on the table: its ``data-action`` and the glyph drawn before its words
    (the glyph is hidden from screen readers; the words are the button's name, shown where the bar
    has room and kept for screen readers and as the tooltip where it has not)."""

    action: str
    glyph: str


TABLE_TOOLS: typing.Final = (Tool("hint", "\u2726"), Tool("undo-move", "\u21b6"), Tool("moves", "\u2630"))
"""The turn's tools every game shows on its table, in this order: *Suggest a move*, *Undo*, *Moves*."""


def toolbar(*, moves: int, moves_open: bool, assists: bool, can_hint: bool = False, hint: str = "",
            can_undo: bool = False) -> str:
    """The turn's tools on the table, one tap each (:data:`TABLE_TOOLS`, in the screen's bar beside
    *Menu*): *Suggest a move* and *Undo* where hints and undo are on (``assists``), *Moves* always.
    A tool that cannot act now stays in its place, marked ``aria-disabled`` (the row never jumps and
    the keyboard's focus stays on it); ``hint`` is ``thinking`` while the computer looks, ``shown``
    while a suggestion is highlighted (the button is pressed; a tap stops or hides it).  Each button
    is class ``secondary lc-tool``: a glyph (``lc-tool-glyph``) and its words (``lc-tool-word``).

    >>> row = toolbar(moves=3, moves_open=False, assists=True, can_undo=True)
    >>> row.count('class="secondary lc-tool"'), row.count('aria-disabled="true"')
    (3, 1)
    >>> 'data-action="hint" aria-disabled="true"' in row and '>Moves (3)</span>' in row
    True
    >>> 'data-action="hint"' in toolbar(moves=0, moves_open=False, assists=False)
    False
    """
    words = {
        "hint": {"thinking": i18n._("Thinking\u2026 (tap to stop)"),
                 "shown": i18n._("Hide the suggestion")}.get(hint) or i18n._("Suggest a move"),
        "undo-move": i18n._("Undo"),
        "moves": i18n._("Hide the moves") if moves_open else i18n._("Moves ({count})").format(count=moves),
    }
    extra: dict[str, dict[str, str | None]] = {
        "hint": {"aria-disabled": None if can_hint or hint else "true", "aria-pressed": "true" if hint else "false"},
        "undo-move": {"aria-disabled": None if can_undo else "true"},
        "moves": {"aria-disabled": None if moves else "true", "aria-expanded": "true" if moves_open else "false",
                  "aria-controls": "lc-moves" if moves_open else None},
    }
    parts = []
    for tool in TABLE_TOOLS:
        if tool.action != "moves" and not assists:
            continue
        label = words[tool.action]
        values = {"type": "button", "class": "secondary lc-tool", "data-action": tool.action, **extra[tool.action],
                  "title": label}
        parts.append(f'<button{attrs_of(values)}><span class="lc-tool-glyph" aria-hidden="true">{esc(tool.glyph)}'
                     f'</span><span class="lc-tool-word">{esc(label)}</span></button>')
    return f'<div class="lc-tool-row" role="group" aria-label="{esc(i18n._("Tools"))}">{"".join(parts)}</div>'


def last_move(text: str) -> str:
    """The newest line of the move log (Roll & Write's side panel shows it: its table
    tells the last move nowhere else).

    >>> last_move("Ben made a choice.")
    '<p class="lc-last-move">Ben made a choice.</p>'
    """
    return f'<p class="lc-last-move">{esc(text)}</p>'


def hint_note(text: str) -> str:
    """The sentence that comes with a highlighted suggestion."""
    return f'<p class="lc-hint-text" role="status">{esc(text)}</p>' if text else ""


def move_log(lines: typing.Sequence[str]) -> str:
    """The move log panel, newest first, from log lines oldest first: who did what
    in the rulebook's words (an unnumbered list: a 1 on the newest line would
    read as the first move).

    >>> move_log(["Ann took red 3.", "Bob refused."])[-64:]
    '<ul><li>Bob refused.</li><li>Ann took red 3.</li></ul></section>'
    """
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return ('<section class="lc-moves-panel" id="lc-moves" aria-labelledby="lc-moves-title">'
            f'<div class="lc-moves-head"><h2 id="lc-moves-title">{esc(i18n._("Moves, newest first"))}</h2>'
            + button(i18n._("Hide the moves"), "moves", cls="secondary", extra={"aria-expanded": "true",
                                                                        "aria-controls": "lc-moves"})
            + f"</div><ul>{items}</ul></section>")


_PAST_TO_NOW: typing.Final = {
    "played": "play", "discarded": "discard", "drew": "draw", "took": "take", "wrote": "write",
    "started": "start", "added": "add", "used": "use", "let": "let", "refused": "refuse", "shaded": "shade",
    "marked": "mark", "claimed": "claim", "accelerated": "accelerate", "declined": "decline",
    "moved": "move", "advanced": "advance"}


def suggestion(text: str) -> str:
    """A log line of the player named You as advice: its first sentence, the
    verbs in the present (``You discarded the yellow 7...`` -> ``Discard the
    yellow 7...``).

    >>> suggestion("You took green and 3 and wrote 3 in box 1 of the green expedition. Bob passed a bridge.")
    'Suggested move: take green and 3 and write 3 in box 1 of the green expedition.'
    """
    first = text.split(". ")[0].rstrip(".") + "."
    if i18n.current() != i18n.SOURCE:  # the verbs in the present: an English rewrite
        return i18n._("Suggested move: {move}").format(move=first)
    words = first.removeprefix(f"{api.YOU} ").split(" ")
    changed = [_PAST_TO_NOW.get(word, word) if i == 0 or words[i - 1] == "and" else word
               for i, word in enumerate(words)]
    return i18n._("Suggested move: {move}").format(move=" ".join(changed))


REPLAY_LAYOUT: typing.Final = ('<div class="lc-replay"><div class="lc-replay-bar" data-region="replay-bar"></div>'
                               '<div class="lc-replay-table" data-region="replay-table"></div></div>')
"""The replay's skeleton: its controls and the position drawn by the game's renderer."""


def replay_bar(step: int, first: int, last: int, text: str, games: typing.Sequence[int] = ()) -> str:
    """The replay's controls: first, previous, next, last, a slider to any move, the position
    counter (``Move 3 of 40``, counting from ``first``), what that move did, a button to the
    start of each game of a match (``games``: where each starts, when there are two or more)
    and the way out.

    >>> bar = replay_bar(3, 1, 11, "Ann played.")
    >>> 'Move 2 of 10' in bar, 'type="range"' in bar, 'max="10"' in bar, 'value="2"' in bar
    (True, True, True, True)
    >>> import re
    >>> bar = replay_bar(30, 1, 60, "", games=(1, 25, 50))
    >>> re.findall(r'data-step="(\\d+)"( aria-current="step")?>Game', bar)
    [('0', ''), ('24', ' aria-current="step"'), ('49', '')]
    """
    moves, at = last - first, step - first

    def nav(label: str, action: str, enabled: bool, words: str) -> str:
        return button(label, action, cls="secondary lc-replay-nav",
                      extra={"aria-label": words, "disabled": None if enabled else "disabled"})

    counter = i18n._("The start of the game") if at == 0 else i18n._("Move {number} of {count}").format(
        number=at, count=moves)
    navs = (nav(i18n._("First"), "replay-first", at > 0, i18n._("First move"))
            + nav(i18n._("\u25c0 Back"), "replay-prev", at > 0, i18n._("Previous move"))
            + nav(i18n._("Next \u25b6"), "replay-next", at < moves, i18n._("Next move"))
            + nav(i18n._("Last"), "replay-last", at < moves, i18n._("Last move")))
    seek = (f'<p class="lc-replay-seek"><label for="lc-replay-slider">{esc(i18n._("Move"))}</label>'
            f'<input id="lc-replay-slider" type="range" min="0" max="{moves}" step="1" value="{at}" '
            f'data-action="replay-to" aria-valuetext="{esc(counter)}"></p>') if moves else ""
    jumps = ""
    if len(games) > 1:
        current = max((i for i, start in enumerate(games) if start <= step), default=0)
        marked = ' aria-current="step"'
        jumps = '<p class="lc-replay-games">' + "".join(
            f'<button type="button" class="secondary lc-replay-game" data-action="replay-to" '
            f'data-step="{start - first}"{marked if i == current else ""}>'
            f'{esc(i18n._("Game {number}").format(number=i + 1))}</button>'
            for i, start in enumerate(games)) + "</p>"
    return (
        '<section class="lc-replay-controls" aria-labelledby="lc-replay-title">'
        f'<h2 id="lc-replay-title">{esc(i18n._("Replay"))}</h2>'
        f'<p class="lc-replay-count" aria-live="polite" data-step="{at}" data-steps="{moves}">{esc(counter)}</p>'
        f'<p class="lc-replay-text">{esc(text)}</p>'
        f'{seek}<p class="lc-replay-navs">{navs}</p>{jumps}'
        f'<p>{button(i18n._("Close the replay"), "close-replay")}</p></section>'
    )


def assist_field(checked: bool) -> str:
    """The setup's agreement to hints and undo, shown (by CSS) only when two or
    more people sit at the table; stored as the ``assist`` preference."""
    words = i18n._("Allow hints and undo: everybody at the table agrees that each may ask for a suggested move "
                   "and take back their own last move")
    return (f'<fieldset class="lc-assist"><legend>{esc(i18n._("Hints and undo"))}</legend><label class="lc-choice">'
            f'<input type="checkbox" name="{session.ASSIST}" value="1"{" checked" if checked else ""}> '
            f"<span>{esc(words)}</span></label></fieldset>")


def with_assist(form: str, checked: bool) -> str:
    """A setup form with :func:`assist_field` before its Start button's paragraph.

    >>> with_assist('<p>x</p><p><button data-action="start">Start</button></p>', False).index("lc-assist") > 8
    True
    """
    at = form.find('data-action="start"')
    at = form.rfind("<p>", 0, at) if at >= 0 else -1
    return form if at < 0 else form[:at] + assist_field(checked) + form[at:]


def set_aside(title: str) -> str:
    """What a player reads when their save could not be read."""
    return i18n._("Your saved game of {title} could not be read, so it was set aside and a new game can start. "
                  "Your other games are safe.").format(title=title)


def problem(title: str, reason: str, *, prefix: str = "", kept: int = 0) -> str:
    """A save that cannot be continued: the reason in plain words, that it was
    set aside, and the way out (a new game, or back to the games).  ``prefix``
    adds the class ``<prefix>-problem-text`` to the reason (a game's own hook);
    ``kept``: damaged copies kept in this browser (newest first), each offered
    as a download (action ``download-damaged``, ``data-copy`` from 1).

    >>> 'older version' in problem("Lost Cities", "it was saved by an older version of this site")
    True
    >>> problem("Lost Cities", "it is damaged", kept=2).count('data-action="download-damaged"')
    2
    """
    downloads = ""
    if kept:
        labels = [i18n._("Download the damaged save")] + [
            i18n._("Download an earlier one ({number})").format(number=n) for n in range(2, kept + 1)]
        kept_words = i18n._("The damaged copy is kept in this browser (the last {count} of this game): download "
                            "it to keep it or to send it with a bug report.").format(count=MAX_DAMAGED)
        downloads = (f"<p>{esc(kept_words)}</p>"
                     '<div class="lc-damaged-downloads">'
                     + "".join(button(label, "download-damaged", cls="secondary", extra={"data-copy": str(n)})
                               for n, label in enumerate(labels, 1)) + "</div>")
    again = i18n._("Tap \u201cStart a new game\u201d to play again.")
    return (
        '<section class="lc-problem" role="alert" aria-labelledby="lc-problem-title">'
        f'<h2 id="lc-problem-title">{esc(i18n._("The saved game cannot be continued"))}</h2>'
        f'<p class="{classes_of("lc-reason", prefix and f"{prefix}-problem-text")}">'
        f'{esc(to_sentence(i18n._("The save in this browser cannot be used: {reason}").format(reason=reason)))}</p>'
        f"<p>{esc(set_aside(title))} {esc(again)}</p>"
        f"{downloads}"
        f'<p>{button(i18n._("Start a new game"), "new-after-problem")} {home_link(i18n._("Back to the games"))}</p>'
        "</section>"
    )


MAX_DAMAGED: typing.Final = 3
"""Damaged saves kept per saved document (the newest ones)."""


def framed(url: str) -> str:
    """What the app shows inside another page's frame, where it does not run (``embed.html`` is the
    page made for frames): why, and a link that opens it in its own tab.

    It is the whole page there, so its title is the page's one heading of the first level.

    >>> 'target="_blank"' in framed("https://games.example/#card")
    True
    >>> framed("https://games.example/").count("<h1")
    1
    """
    why = i18n._("This page is shown inside another site\u2019s page. To keep your games and your clicks safe, "
                 "the games run only in their own tab or window.")
    return ('<section class="lc-problem lc-framed" role="alert" aria-labelledby="lc-framed-title">'
            f'<h1 id="lc-framed-title">{esc(i18n._("Lost Cities opens in its own tab"))}</h1>'
            f"<p>{esc(why)}</p>"
            f'<p><a class="button" href="{esc(url)}" target="_blank" rel="noopener">'
            f'{esc(i18n._("Open Lost Cities in its own tab"))}</a></p></section>')


def stale(message: str) -> str:
    """This tab's game was continued elsewhere: stop, and offer to load the newer one."""
    return (
        '<section class="lc-problem lc-stale" role="alert" aria-labelledby="lc-stale-title">'
        f'<h2 id="lc-stale-title">{esc(message)}</h2>'
        f"<p>{esc(i18n._('To keep every move, this tab stopped playing. Load the newer game to go on from there.'))}"
        "</p>"
        f'<p>{button(i18n._("Load the newer game"), "load-newer")} {home_link(i18n._("Back to the games"))}</p>'
        "</section>"
    )


def handover(name: str, note: str = "", words: Words = Words()) -> str:
    """The screen between two turns of pass and play: nothing of the table."""
    said = f'<p class="lc-note">{esc(note)}</p>' if note else ""
    sheet = words.secret == "sheet"
    ready = (i18n._("{name}, tap when you are ready: your sheet will be shown.") if sheet
             else i18n._("{name}, tap when you are ready: your cards will be shown."))
    show = i18n._("I am {name} \u2013 show my sheet") if sheet else i18n._("I am {name} \u2013 show my cards")
    return (
        '<section class="lc-handover" aria-labelledby="lc-handover-title">'
        f'<h2 id="lc-handover-title">{esc(i18n._("Pass the device to {name}").format(name=name))}</h2>{said}'
        f"<p>{esc(ready.format(name=name))}</p>"
        + button(show.format(name=name), "ready", cls="lc-ready")
        + "</section>"
    )


# -- the setup form ------------------------------------------------------------------------------


def radio(name: str, value: str, text: str, checked: bool) -> str:
    """A labelled radio button (``text`` is already HTML)."""
    return (f'<label class="lc-choice"><input type="radio" name="{esc(name)}" value="{esc(value)}"'
            f'{" checked" if checked else ""}> <span>{text}</span></label>')


def _seat_fields(game: type[api.Game], seats: typing.Sequence[session.Seat],
                 level_words: typing.Mapping[str, str]) -> str:
    def name_input(index: int, value: str) -> str:
        return (f'<label class="lc-name-input">{esc(player_label(index))} <input type="text" '
                f'name="{session.name_field(index)}" maxlength="{session.MAX_NAME}" '
                f'value="{esc(api.shown_name(value))}" autocomplete="off"></label>')

    def words(level: str) -> str:
        return esc(i18n._("Computer, {level}").format(level=level_words.get(level) or level_word(level)))

    if game.max_players == 2 and game.min_players == 2:
        other = seats[1] if len(seats) > 1 else session.Seat(player_label(1), game.bot_levels[0])
        chosen = other.level or session.HUMAN
        names = [s.name for s in seats] if other.level is None else [player_label(0), player_label(1)]
        choices = "".join(radio(session.OPPONENT_FIELD, level, words(level), chosen == level)
                          for level in game.bot_levels)
        choices += radio(session.OPPONENT_FIELD, session.HUMAN, esc(i18n._("A friend on this device (pass and play)")),
                         chosen == session.HUMAN)
        inputs = "".join(name_input(i, n) for i, n in enumerate(names[:2]))
        return (f'<fieldset><legend>{esc(i18n._("Opponent"))}</legend>{choices}<div class="lc-names">{inputs}</div>'
                "</fieldset>")
    rows = []
    for index in range(game.max_players):
        seat = seats[index] if index < len(seats) else None
        kinds: list[tuple[str, str]] = [] if index < game.min_players else [("", esc(i18n._("nobody")))]
        kinds += ([(session.HUMAN, esc(i18n._("a person on this device")))]
                  + [(lv, words(lv)) for lv in game.bot_levels])
        current = "" if seat is None else (seat.level or session.HUMAN)
        options = "".join(f'<option value="{esc(v)}"{" selected" if v == current else ""}>{t}</option>'
                          for v, t in kinds)
        rows.append(f'<div class="lc-seat" data-seat="{index}">{name_input(index, seat.name if seat else "")}'
                    f'<select name="{session.seat_field(index)}" aria-label="{esc(player_label(index))}">{options}'
                    "</select></div>")
    return f'<fieldset><legend>{esc(i18n._("Players"))}</legend>{"".join(rows)}</fieldset>'''

def player_label(index: int) -> str:
    """A seat's name until somebody types one: *Player 1*, *Player 2*...

    >>> player_label(0)
    'Player 1'
    """
    return i18n._("Player {number}").format(number=index + 1)


LEVEL_WORDS: typing.Final = {"easy": i18n.N_("easy"), "medium": i18n.N_("medium"), "hard": i18n.N_("hard")}
"""The computer's levels in words (``Computer, easy``)."""


def level_word(level: str) -> str:
    """A computer level in words in the current language (the level's name when it has no words).

    >>> level_word("hard"), level_word("wizard")
    ('hard', 'wizard')
    """
    return i18n._(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def option_fields(game: type[api.Game], chosen: typing.Mapping[str, api.OptionValue]) -> str:
    """A fieldset per option of the game's schema (radios for a choice, a checkbox for on/off)."""
    parts = []
    for option in game.option_schema:
        value = chosen.get(option.name, option.default)
        if option.kind is api.OptionKind.BOOL:
            inner = (f'<label class="lc-choice"><input type="checkbox" name="{esc(option.name)}" value="1"'
                     f'{" checked" if value is True else ""}> <span>{esc(i18n._(option.help or option.label))}</span>'
                     "</label>")
        else:
            inner = "".join(radio(option.name, session.form_value(v), esc(i18n._(text)),
                                  v == value and type(v) is type(value)) for v, text in option.choices)
        legend = f"<legend>{esc(i18n._(option.label))}</legend>"
        parts.append(f'<fieldset data-option="{esc(option.name)}">{legend}{inner}</fieldset>')
    return "".join(parts)


def setup_form(game: type[api.Game], *, seats: typing.Sequence[session.Seat] = (),
               options: typing.Mapping[str, api.OptionValue] | None = None,
               level_words: typing.Mapping[str, str] | None = None, heading: str = "", intro: str = "",
               extra: str = "", help_html: str = "", error: str = "") -> str:
    """The new-game form of ``game`` (under the screen's ``h1``), generated from its metadata: the seats
    (for a two-player game the opponent: a computer level or a friend; else
    a row per seat), one fieldset per option, the screen's ``extra`` fields,
    the Start button and ``help_html``.  :func:`lostcities.session.setup_from_form`
    reads it back."""
    problem_line = f'<p class="lc-form-error" role="alert">{esc(error)}</p>' if error else ""
    return (
        '<section class="lc-setup" aria-labelledby="lc-setup-title">'
        f'<h2 id="lc-setup-title">{heading or esc(i18n._(game.title))}</h2>'
        f'<p class="lc-intro">{esc(intro or i18n._(game.description))}</p>{problem_line}'
        f"{_seat_fields(game, seats, level_words or {})}{extra}{option_fields(game, options or {})}"
        f'<p>{button(i18n._("Start"), "start", cls="lc-start")}</p>{help_html}</section>'
    )


# -- the site ------------------------------------------------------------------------------------


def notice(text: str) -> str:
    """The content of the site's notice bar: plain words and a dismiss button."""
    return (f'<span>{esc(text)}</span> <button type="button" class="notice-close" data-action="dismiss" '
            f'aria-label="{esc(i18n._("Dismiss"))}">&times;</button>')


def tile(game: type[api.Game], *, in_progress: bool, links: typing.Sequence[tuple[str, str]] = ()) -> str:
    """A home-screen tile: the game's title and description, *Continue* when a
    game is in progress; ``links`` (``(label, href)``: the rules...) under it."""
    badge = f'<span class="badge">{esc(i18n._("game in progress"))}</span>' if in_progress else ""
    more = "".join(f'<a class="tile-link" href="{esc(href)}">{esc(label)}</a>' for label, href in links)
    play = i18n._("Continue") if in_progress else i18n._("Play")
    return (f'<li class="game-tile game-{esc(game.name)}"><a href="#{esc(game.name)}" data-game="{esc(game.name)}">'
            f"<h2>{esc(short_title(game))}</h2><p>{esc(i18n._(game.description))}</p>{badge}"
            f'<span class="play-button">{esc(play)}</span></a>'
            + (f'<p class="tile-links">{more}</p>' if more else "") + "</li>")


def learn_link(game: str, *, cls: str = "button secondary") -> str:
    """A link to a game's tutorials (the app's ``#learn/<game>`` page).

    >>> learn_link("card")
    '<a class="button secondary" href="#learn/card" data-learn="card">Learn to play</a>'
    """
    words = esc(i18n._("Learn to play"))
    return f'<a class="{esc(cls)}" href="#learn/{esc(game)}" data-learn="{esc(game)}">{words}</a>'


def planned_tile(name: str, text: str) -> str:
    """A tile of a game that is not playable yet."""
    return (f'<li class="game-tile game-{esc(name)} planned"><div><h2>{esc(text.split(" (")[0])}</h2>'
            f"<p>{esc(text)}</p></div></li>")


def home(tiles: typing.Sequence[str], *, version: str, seed: int | None = None,
         links: typing.Sequence[tuple[str, str]] = ()) -> str:
    """The home screen: every game's tile, then the site's ``links`` (``(label, href)``: statistics...).
    Its heading is for screen readers: the top bar shows the name."""
    seed_words = i18n._("Seed {seed}: every deal and roll repeats.").format(seed=seed)
    seed_line = f'<p class="seed-info">{esc(seed_words)}</p>' if seed is not None else ""
    more = "".join(f'<a class="button secondary" href="{esc(href)}">{esc(label)}</a>' for label, href in links)
    tagline = i18n._("Reiner Knizia's expeditions, in your browser: against the computer or a friend, online or off.")
    return (
        '<section class="home"><h1 class="lc-sr-only">Lost Cities</h1>'
        f'<p class="tagline">{esc(tagline)}</p>'
        f'<ul class="game-list">{"".join(tiles)}</ul>'
        + (f'<p class="home-links">{more}</p>' if more else "") + f"{seed_line}{language_switch()}"
        f'<p class="version">{esc(i18n._("Rules engine {version}").format(version=version))}</p></section>'
    )


MANIFEST_DESCRIPTION: typing.Final = i18n.N_(
    "Reiner Knizia's Lost Cities family: the card game, the board game and Roll & Write, in your browser, offline, "
    "against the computer or friends.")
"""The web app manifest's description (``web/manifest.webmanifest``; the build writes one manifest per language)."""
NOSCRIPT: typing.Final = {
    "index.html": i18n.N_(
        "Playing needs JavaScript and WebAssembly; the rules and tutorials list can be read without."),
    "embed.html": i18n.N_("This game needs JavaScript and WebAssembly."),
}
"""What a page says to a browser that runs no script (its ``<noscript>``: the build writes every language's
words, each marked with its ``lang``, since no script can pick one there)."""


def noscript(page: str, languages: typing.Iterable[str]) -> str:
    """The ``<noscript>`` of ``page`` (a key of :data:`NOSCRIPT`) in each of ``languages``.

    >>> noscript("embed.html", ["en"])
    '<noscript><p class="error" lang="en">This game needs JavaScript and WebAssembly.</p></noscript>'
    """
    said = []
    for code in languages:
        with i18n.using(code):
            said.append(f'<p class="error" lang="{esc(code)}">{esc(i18n._(NOSCRIPT[page]))}</p>')
    return f"<noscript>{''.join(said)}</noscript>"


STARTING: typing.Final = i18n.N_("Starting the game engine\u2026")
"""What ``web/page.js`` says beside a button tapped before Python runs (the build gives it each language's words)."""


def loading() -> str:
    """The page shown while the game engine loads (``index.html``'s template ``loading``, drawn by the
    build in each language).

    >>> 'id="loading-text"' in loading()
    True
    """
    tagline = i18n._("Reiner Knizia's expeditions: the card game, the board game and Roll & Write.")
    said = i18n._("Loading the game engine\u2026")
    return ('<section class="loading" id="loading"><h1>Lost Cities</h1>'
            f'<p class="tagline">{esc(tagline)}</p><div class="spinner" aria-hidden="true"></div>'
            f'<p id="loading-text" role="status">{esc(said)}</p></section>')


LANGUAGE_NAMES: typing.Final = {"en": "English", "de": "Deutsch"}
"""Each language in its own words (a language without an entry is shown by its code)."""


def theme_switch(current: colour_theme.Theme) -> str:
    """The colour theme's choice (the menu): a button per theme (``data-action="theme-<value>"``), the
    current one pressed.

    >>> 'data-action="theme-dark" aria-pressed="true">Dark<' in theme_switch(colour_theme.Theme.DARK)
    True
    """
    buttons = " ".join(
        button(choice.label, f"theme-{choice.value}", cls="secondary lc-theme-choice",
               extra={"aria-pressed": "true" if choice is current else "false"})
        for choice in colour_theme.Theme)
    return (f'<div class="lc-themes" role="group" aria-labelledby="lc-themes-title">'
            f'<span class="lc-themes-title" id="lc-themes-title">{esc(i18n._("Colours"))}</span> {buttons}</div>')


def language_switch() -> str:
    """The language choice (home page and menu): a link per language the site speaks, each named in
    its own words and marked with its ``lang``, the current one ``aria-current``: ``data-lang`` for the
    app (which remembers the choice and draws the page again), ``?lang=`` for the page before Python runs.

    >>> 'aria-current="true" lang="en"' in language_switch() and 'href="?lang=de"' in language_switch()
    True
    """
    links = []
    for code in i18n.languages():
        current = ' aria-current="true"' if code == i18n.current() else ""
        links.append(f'<a class="lc-lang" href="?lang={esc(code)}" data-lang="{esc(code)}"{current} '
                     f'lang="{esc(code)}" hreflang="{esc(code)}">{esc(LANGUAGE_NAMES.get(code, code))}</a>')
    return (f'<nav class="lc-langs" aria-label="{esc(i18n._("Language"))}">'
            + " ".join(links) + "</nav>")
