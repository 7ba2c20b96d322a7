"""HTML renderers of Lost Cities: Roll & Write: pure functions returning strings.

Nothing here touches a DOM: every function takes values (a
:class:`lostcities.roll.Sheet`, a :class:`~lostcities.roll.Roll`, names,
breakdowns) and returns an HTML fragment with CSS class hooks (``rw-*``) and
``data-*`` attributes for event delegation, so the renderers run and are
tested under plain CPython.  Every text is HTML-escaped.

The game sheet is drawn as players know it: a grid of ten columns (the
expedition score scale, the six expeditions red .. purple, the artefact
column, the dice column, the artefact/dice score scale) and thirteen rows
(the column headers with each column's score, the top artefacts, boxes 9 .. 7,
the bonus bridges, boxes 6 .. 1, the double circles).

Attribute scheme (what a user interface reads from a clicked element):

==========================  ======================================================
``data-box="red-1"``        a box of an expedition: colour and box number, 1 = bottom
``data-circle="red"``       the double circle at the bottom of an expedition
``data-top="red"``          the small top artefact above box 9
``data-artefact="1"``       the artefact column, 1 (bottom) .. 9
``data-dice="1"``           the dice column, 1 (bottom) .. 9 (exhausted)
``data-bridge="red"``       a bonus bridge: ``red`` .. ``purple``, ``artefact``, ``dice``
``data-die="colour-0"``     a die of the roll: ``colour-0..2`` / ``number-0..2`` (the
                            roll's dice in its sorted order), with ``data-face`` (``red``,
                            ``7``) and ``data-state`` (``free``, ``taken``, ``selected``,
                            ``chosen``)
``data-sheet="1"``          a player's sheet (thumbnails and full sheets: the seat)
``data-action="..."``       a button (``roll``, ``refuse``, ``accelerate``, ...)
``data-accelerate="blue"``  an acceleration choice (``none`` declines it)
``data-pick-colour="red"``  companion mode: the colour of the pair being entered
``data-pick-number="7"``    companion mode: the number of the pair being entered
``data-col``, ``data-player`` the cells of the end-of-game table
==========================  ======================================================

The big buttons that write a chosen pair (:func:`placements`) carry the
``data-target="sheet"`` and the ``data-box`` / ``data-circle`` / ``data-top`` of the
cell they write in: a click on one is a tap on its cell.

Every element a tutorial may point at carries its name in ``data-spot``
(:mod:`lostcities.ui.tutorial`), clickable or not:

============================  ====================================================
``box:red:4``                 box 4 (1 = bottom) of the red expedition
``circle:red``                the double circle of an expedition
``artefact:red``              the top artefact of an expedition (above box 9)
``artefact:3``                the artefact column, 1 (bottom) .. 9
``dice:3``                    the dice column, 1 (bottom) .. 9
``bridge:red``                a bonus bridge (``red`` .. ``purple``, ``artefact``,
                              ``dice``); ``bridge:red:tick`` its companion tick
``score:red``                 a column's score at the top of the sheet (``red`` ..
                              ``purple``, ``artefacts``, ``dice``, ``bridges``);
                              ``score:total`` the sheet's total; ``score:0:red``
                              a cell of the end-of-game table (player, column)
``sheet:0``, ``sheet``        the full sheet (of a seat; alone in companion mode);
                              ``sheet:thumb:1`` a seat's thumbnail
``roll``, ``roll:button``     the dice tray; the Roll button
``die:colour:0``              a die of the roll (``colour`` / ``number``, 0..2 in
                              the roll's sorted order)
``refuse``                    the Refuse button
``accelerate``                the acceleration question; ``accelerate:blue`` and
                              ``accelerate:none`` its buttons
``pick:red``, ``pick:7``      companion mode: the entry pad's colours and numbers
============================  ====================================================

Elements of a sheet are also named by *keys* (``box:red-4``, ``circle:red``,
``top:red``, ``artefact:3``, ``dice:2``, ``bridge:red``): the sets of keys to
highlight as legal targets or as fresh marks are passed to :func:`sheet`.

>>> from lostcities import roll
>>> s = roll.Sheet()
>>> pair_targets(s, roll.Colour.RED, 0)
{'box:red-1': <Target.BOX: 'box'>, 'circle:red': <Target.CIRCLE: 'circle'>}
>>> 'data-box="purple-9"' in sheet(s)
True
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import typing

from lostcities import api, i18n, roll, session
from lostcities.ui import html as lc_html

MINUS: typing.Final = lc_html.MINUS
COLOURS: typing.Final[tuple[roll.Colour, ...]] = roll.COLOURS
BRIDGE_KEYS: typing.Final[tuple[str, ...]] = (*(c.value for c in COLOURS), "artefact", "dice")
"""``data-bridge`` values, one per :class:`~lostcities.roll.Column`, left to right."""

ICONS: typing.Final[dict[str, str]] = {
    # 24 x 24 drawings; a distinct shape per expedition so that colour is never the only clue.
    "flame": '<path d="M12 2c.6 3.6 5.6 6.2 5.6 11.6A5.6 5.6 0 0 1 6.4 13.6c0-2.7 1.5-4.3 2.6-6.1.4 1.8 1.2 '
             '3 2.4 3.6C12.2 8 11.4 5 12 2z"/>',
    "sun": '<circle cx="12" cy="12" r="4.6"/><path d="M12 1.5v4M12 18.5v4M1.5 12h4M18.5 12h4M4.6 4.6l2.8 2.8'
           'M16.6 16.6l2.8 2.8M4.6 19.4l2.8-2.8M16.6 7.4l2.8-2.8" stroke="currentColor" stroke-width="2.2" '
           'stroke-linecap="round" fill="none"/>',
    "pyramid": '<path d="M12 2.5 23 21H1z"/>',
    "leaf": '<path d="M4 20C3.5 10 9.5 3.8 21 3c-.6 11.4-6.8 17.4-17 17z"/>'
            '<path d="M4.5 19.5 15 9" stroke="rgba(255,255,255,.75)" stroke-width="1.6" fill="none"/>',
    "wave": '<path d="M1.5 9c2.6-3 5.2-3 7 0s4.4 3 7 0 4.4-3 7 0M1.5 16c2.6-3 5.2-3 7 0s4.4 3 7 0 4.4-3 7 0" '
            'stroke="currentColor" stroke-width="2.8" stroke-linecap="round" fill="none"/>',
    "crystal": '<path d="M7 2.5h10l5 6.5-10 13L2 9z"/><path d="M2 9h20M9 9l3 13 3-13-2.4-6.5M9 9l2.6-6.5" '
               'stroke="rgba(255,255,255,.7)" stroke-width="1.2" fill="none"/>',
    "arrow": '<path d="M5 19 18 6M9 5.5h9.5V15" stroke="currentColor" stroke-width="3" stroke-linecap="round" '
             'stroke-linejoin="round" fill="none"/>',
    "vase": '<path d="M8.5 2.5h7v2.2l-1.3 1.2c3.4 1.9 5.3 4.8 5.3 8.3 0 4.4-3.3 7.6-7.5 7.6S4.5 18.6 4.5 14.2'
            'c0-3.5 1.9-6.4 5.3-8.3L8.5 4.7z"/>',
    "die": '<rect x="2.5" y="2.5" width="19" height="19" rx="4" fill="none" stroke="currentColor" '
           'stroke-width="2.2"/><circle cx="8" cy="8" r="2"/><circle cx="16" cy="16" r="2"/>'
           '<circle cx="12" cy="12" r="2"/>',
    "bridge": '<path d="M2 17c3-6 17-6 20 0" stroke="currentColor" stroke-width="2.6" fill="none"/>'
              '<path d="M2 12h20M6 12v7M12 10v9M18 12v7" stroke="currentColor" stroke-width="1.6" fill="none"/>',
}
"""The icons of the sheet and the dice, drawn once in :func:`icon_sprite`."""


esc = lc_html.esc


signed = lc_html.signed
number = lc_html.number


def colour_name(colour: roll.Colour) -> str:
    return colour.value


def icon_sprite() -> str:
    """The hidden SVG holding every icon; include it once in the page."""
    symbols = "".join(f'<symbol id="rw-i-{name}" viewBox="0 0 24 24">{body}</symbol>'
                      for name, body in ICONS.items())
    return f'<svg class="rw-sprite" width="0" height="0" aria-hidden="true" focusable="false">{symbols}</svg>'


def icon(name: str, extra: str = "") -> str:
    """An icon from the sprite (``currentColor`` fills it)."""
    cls = f"rw-ico rw-ico-{name}" + (f" {extra}" if extra else "")
    return f'<svg class="{cls}" aria-hidden="true" focusable="false"><use href="#rw-i-{name}"></use></svg>'


def symbol(colour: roll.Colour, extra: str = "") -> str:
    """The symbol of an expedition (flame, sun, pyramid, leaf, wave, crystal)."""
    return icon(colour.symbol, extra)


def _attrs(attrs: typing.Mapping[str, object | None]) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in attrs.items() if v is not None)


_classes = lc_html.classes_of


# -- keys, targets, fresh marks ---------------------------------------------------------


def box_key(colour: roll.Colour, box: int) -> str:
    return f"box:{colour.value}-{box}"


def bridge_key(column: roll.Column) -> str:
    """``data-bridge`` value of a column (``artefact`` for the artefact column)."""
    return BRIDGE_KEYS[column.index]


def column_of_bridge(key: str) -> roll.Column | None:
    """Inverse of :func:`bridge_key` (None for an unknown value)."""
    try:
        return roll.COLUMNS[BRIDGE_KEYS.index(key)]
    except ValueError:
        return None


def next_key(sheet: roll.Sheet, colour: roll.Colour) -> str:
    """The key of the element the next number of ``colour`` goes to (its top artefact when complete)."""
    k = len(sheet.expedition(colour))
    if k >= roll.data.BOXES:
        return f"top:{colour.value}"
    return box_key(colour, k + 1)


def pair_targets(sheet: roll.Sheet, colour: roll.Colour, face: int) -> dict[str, roll.Target]:
    """Where the pair (``colour``, die ``face``) may go on ``sheet``: element key -> target."""
    found: dict[str, roll.Target] = {}
    for target in sheet.targets(colour, face):
        if target is roll.Target.CIRCLE:
            found[f"circle:{colour.value}"] = target
        elif target is roll.Target.TOP:
            found[f"top:{colour.value}"] = target
        else:
            found[box_key(colour, len(sheet.expedition(colour)) + 1)] = target
    return found


def target_at(sheet: roll.Sheet, colour: roll.Colour, key: str) -> roll.Target | None:
    """The target a tapped element of ``colour``'s expedition stands for (None: not a target there).

    The next box is :attr:`~lostcities.roll.Target.BOX`, the circle
    :attr:`~lostcities.roll.Target.CIRCLE`, the top artefact
    :attr:`~lostcities.roll.Target.TOP`; any other box of the expedition also
    means BOX (so that the core can say why it is refused)."""
    kind, _, rest = key.partition(":")
    name = rest.split("-")[0]
    if name != colour.value:
        return None
    if kind == "circle":
        return roll.Target.CIRCLE
    if kind == "top":
        return roll.Target.TOP
    if kind == "box":
        return roll.Target.BOX
    return None


def acceleration_targets(sheet: roll.Sheet) -> dict[str, roll.Colour]:
    """Where a pending acceleration may go: the next box (or top artefact) of each expedition."""
    return {next_key(sheet, c): c for c in sheet.acceleration_targets()}



def tap(sheet: roll.Sheet, pair: tuple[roll.Colour, int] | None, key: str, *,
        missing: str = "") -> api.Action | str:
    """What a tap on the element ``key`` of ``sheet`` means for the person choosing ``pair``
    (colour, number): the action (a :class:`~lostcities.roll.Take` or, while an
    acceleration is pending, an :class:`~lostcities.roll.Accelerate`), or why it
    means nothing, as a sentence (``missing`` when no pair is chosen yet, else :data:`PICK_FIRST`).

    >>> s = roll.Sheet()
    >>> tap(s, (roll.Colour.RED, 4), "box:red-1") == roll.Take(roll.Colour.RED, 4, roll.Target.BOX)
    True
    >>> tap(s, (roll.Colour.RED, 4), "box:red-3")
    'Write in the next free red box, from the bottom up.'
    """
    if sheet.is_accelerating():
        targets = acceleration_targets(sheet)
        if key in targets:
            return roll.Accelerate(targets[key])
        return i18n._("Tap a highlighted space (the next box of an expedition), or choose an expedition.")
    if pair is None:
        return missing or i18n._(PICK_FIRST)
    colour, face = pair
    target = target_at(sheet, colour, key)
    name = api.colour_word(colour.value)
    if target is None:
        return i18n._("The {colour} {number} can only go in the {colour} expedition.").format(colour=name, number=face)
    reason = sheet.why_not(colour, face, target)
    if reason is None and target is roll.Target.BOX and key != next_key(sheet, colour):
        reason = i18n._("write in the next free {colour} box, from the bottom up").format(colour=name)
    return roll.Take(colour, face, target) if reason is None else reason_text(reason)


PICK_FIRST: typing.Final = i18n.N_("Pick a colour die and a number die first, then tap where they go.")
"""What a tap on the sheet says before a pair is picked."""


def pair_problem(sheet: roll.Sheet, pair: tuple[roll.Colour, int] | None) -> str:
    """Why a chosen pair fits nowhere on ``sheet`` (a sentence); ``""`` when it fits or is incomplete."""
    if pair is None or sheet.targets(*pair):
        return ""
    colour, face = pair
    target = roll.Target.TOP if sheet.is_complete(colour) else roll.Target.BOX
    return reason_text(sheet.why_not(colour, face, target) or "")

def fresh_marks(before: roll.Sheet, after: roll.Sheet) -> frozenset[str]:
    """Keys of every mark on ``after`` that ``before`` does not have."""
    keys: set[str] = set()
    for c in COLOURS:
        old, new = before.expedition(c), after.expedition(c)
        for k in range(len(old) + 1, len(new) + 1):
            keys.add(box_key(c, k))
        if after.is_circled(c) and not before.is_circled(c):
            keys.add(f"circle:{c.value}")
        if after.has_top_artefact(c) and not before.has_top_artefact(c):
            keys.add(f"top:{c.value}")
    for k in range(before.artefacts + 1, after.artefacts + 1):
        keys.add(f"artefact:{k}")
    for k in range(before.dice + 1, after.dice + 1):
        keys.add(f"dice:{k}")
    for column in roll.COLUMNS:
        if after.bridge(column) is not before.bridge(column):
            keys.add(f"bridge:{bridge_key(column)}")
    return frozenset(keys)


def passed_by(sheets: typing.Sequence[roll.Sheet], names: typing.Sequence[str]) -> dict[str, list[str]]:
    """Per bridge key, the names of the players who scored it (passed it first)."""
    found: dict[str, list[str]] = {key: [] for key in BRIDGE_KEYS}
    for sheet, name in zip(sheets, names, strict=True):
        for column in roll.COLUMNS:
            if sheet.bridge(column) is roll.BridgeMark.SCORED:
                found[bridge_key(column)].append(name)
    return found


def initials(name: str) -> str:
    """A short tag for a name on a bridge.

    >>> initials("Anna"), initials("Player 2"), initials("Ann Lee"), initials("You")
    ('An', 'P2', 'AL', 'You')
    """
    words = name.split()
    if not words:
        return "?"
    if name == api.YOU:
        return api.shown_name(name)
    if len(words) > 1:
        return (words[0][0] + words[-1][0]).upper() if not words[-1].isdigit() else words[0][0].upper() + words[-1]
    return words[0][:2]


# -- texts ---------------------------------------------------------------------------------


def action_text(action: api.Action, after: roll.Sheet | None = None) -> str:
    """What an action did, for a status line: ``wrote 7 in red``, ``refused the dice``."""
    if isinstance(action, roll.Roll):
        faces = [api.colour_word(c.value) for c in action.colours] + [str(n) for n in action.numbers]
        return i18n._("rolled {faces}").format(faces=" ".join(faces))
    if isinstance(action, roll.Take):
        name = api.colour_word(action.colour.value)
        if action.target is roll.Target.CIRCLE:
            return i18n._("marked the {colour} double circle").format(colour=name)
        if action.target is roll.Target.TOP:
            return i18n._("claimed the {colour} top artefact with {colour} {number}").format(colour=name,
                                                                                            number=action.number)
        return i18n._("wrote {number} in {colour}").format(number=roll.written_value(action.number), colour=name)
    if isinstance(action, roll.Refuse):
        return i18n._("refused the dice")
    if isinstance(action, roll.Accelerate):
        if action.colour is None:
            return i18n._("let the acceleration go")
        name = api.colour_word(action.colour.value)
        if after is not None:
            numbers = after.expedition(action.colour)
            if after.has_top_artefact(action.colour) and len(numbers) == roll.data.BOXES:
                return i18n._("accelerated {colour}: its top artefact").format(colour=name)
            if numbers:
                return i18n._("accelerated {colour}: {number} again in box {box}").format(
                    colour=name, number=numbers[-1], box=len(numbers))
        return i18n._("accelerated {colour}").format(colour=name)
    return action.notation()



def arrow_step(details: typing.Mapping[str, typing.Any], chain: typing.Sequence[str] = ()) -> list[str]:
    """The acceleration chain after a choice, from its event's ``details`` (``kind``
    ``take`` or ``accelerate``, ``colour``, ``value``, ``box``, ``arrow``): a take
    that hits an arrow starts a chain, an acceleration that hits one adds to it,
    anything else ends it.

    >>> arrow_step({"kind": "take", "colour": "red", "value": 2, "box": 3, "arrow": True})
    ['red 2 in box 3: an arrow!']
    >>> arrow_step({"kind": "accelerate", "colour": "blue", "value": 1, "box": 1, "arrow": True}, ['x'])
    ['x', 'accelerated blue 1 in box 1: an arrow again!']
    """
    colour, box, again = details.get("colour"), details.get("box"), details.get("kind") == "accelerate"
    if not details.get("arrow") or colour is None:
        return []
    name = api.colour_word(str(colour))
    if again:
        step = (i18n._("accelerated {colour} {number} in box {box}: an arrow again!") if box else
                i18n._("accelerated {colour}: its top artefact: an arrow again!"))
    else:
        step = (i18n._("{colour} {number} in box {box}: an arrow!") if box else
                i18n._("{colour}: its top artefact: an arrow!"))
    step = step.format(colour=name, number=details.get("value"), box=box)
    return [*chain, step] if again else [step]


def reason_text(reason: str) -> str:
    """A core reason as a sentence: capitalised, with a full stop."""
    reason = reason.strip()
    if not reason:
        return ""
    text = reason[:1].upper() + reason[1:]
    return text if text.endswith((".", "!", "?")) else text + "."



def picked_pair(r: roll.Roll | None, picked: typing.Collection[str]) -> tuple[roll.Colour, int] | None:
    """The (colour, number) of the picked die keys, once a colour die and a number die are picked.

    >>> picked_pair(roll.Roll((roll.Colour.RED, roll.Colour.BLUE, roll.Colour.BLUE), (1, 4, 7)),
    ...             {"colour-1", "number-2"})
    (Colour.BLUE, 7)
    """
    if r is None:
        return None
    colour: roll.Colour | None = None
    face: int | None = None
    for key in picked:
        kind, _, index = key.partition("-")
        if kind == "colour" and index in ("0", "1", "2"):
            colour = r.colours[int(index)]
        elif kind == "number" and index in ("0", "1", "2"):
            face = r.numbers[int(index)]
    return None if colour is None or face is None else (colour, face)


_SPACES: typing.Final[dict[roll.Target, str]] = {
    roll.Target.BOX: i18n.N_("{colour} {number} goes in the highlighted box."),
    roll.Target.CIRCLE: i18n.N_("{colour} {number} goes in the highlighted double circle."),
    roll.Target.TOP: i18n.N_("{colour} {number} goes in the highlighted top artefact.")}


def _where_text(sheet: roll.Sheet, colour: roll.Colour, face: int) -> str:
    """Where a chosen pair goes, for the status line (it names no gesture: :func:`placements` are the
    buttons, and the highlighted cells are tapped where they are large enough).

    >>> _where_text(roll.Sheet(), roll.Colour.RED, 4)
    'red 4 goes in the highlighted box.'
    >>> _where_text(roll.Sheet(), roll.Colour.RED, 0)
    'red 0: the highlighted box (written as 10) or the double circle?'
    """
    targets = sheet.targets(colour, face)
    name = api.colour_word(colour.value)
    if len(targets) > 1:
        said = (i18n._("{colour} {number}: the highlighted box (written as 10) or the double circle?")
                if targets[-1] is roll.Target.CIRCLE else
                i18n._("{colour} {number}: the highlighted box (written as 10) or the top artefact?"))
    else:
        said = i18n._(_SPACES[targets[0]]) if targets else i18n._("{colour} {number} goes in the highlighted space.")
    return said.format(colour=name, number=face)


def placement_text(sheet: roll.Sheet, colour: roll.Colour, face: int, target: roll.Target) -> str:
    """What writing the pair at ``target`` does, as a button's sentence.

    >>> s, red = roll.Sheet(), roll.Colour.RED
    >>> placement_text(s, red, 0, roll.Target.BOX), placement_text(s, red, 0, roll.Target.CIRCLE)
    ('Write 10 in red box 1', 'Mark the red double circle')
    """
    name = api.colour_word(colour.value)
    if target is roll.Target.CIRCLE:
        return i18n._("Mark the {colour} double circle").format(colour=name)
    if target is roll.Target.TOP:
        return i18n._("Claim the {colour} top artefact").format(colour=name)
    return i18n._("Write {number} in {colour} box {box}").format(number=roll.written_value(face), colour=name,
                                                                  box=len(sheet.expedition(colour)) + 1)


def placements(sheet: roll.Sheet, colour: roll.Colour, face: int) -> str:
    """One big button per place the pair (``colour``, die ``face``) may go on ``sheet``: what it
    writes where, and what it does to the total (the sheet's cells are too small to tap on a phone;
    these are the way to write there on every screen, with a keyboard or a screen reader too).
    Each carries the ``data-*`` of its cell (``data-target="sheet"``, ``data-box`` ...): a click is
    the same as a tap on the cell.  Nothing when the pair fits nowhere.

    >>> html = placements(roll.Sheet(), roll.Colour.RED, 4)
    >>> 'data-box="red-1"' in html and "Write 4 in red box 1" in html
    True
    """
    buttons = []
    before = sheet.score()
    for target in sheet.targets(colour, face):
        after = sheet.copy()
        after.mark(colour, face, target)
        key = next(k for k, t in pair_targets(sheet, colour, face).items() if t is target)
        kind, _, value = key.partition(":")
        text = placement_text(sheet, colour, face, target)
        gain = lc_html.points(after.score() - before, sign=True)
        then = i18n._(", then an acceleration") if after.is_accelerating() else ""
        label = f"{text}: {gain}{then}."
        buttons.append(
            f'<button type="button" class="rw-place rw-{colour.value}" data-target="sheet" data-place="write"'
            f' data-{kind}="{esc(value)}"'
            f' aria-label="{esc(label)}">{symbol(colour)}'
            f'<span class="rw-place-text">{esc(text)}</span><small>{esc(gain + then)}</small></button>')
    if not buttons:
        return ""
    return (f'<div class="rw-places" role="group" aria-label="{esc(i18n._("where to write it"))}" data-roving="places">'
            f'{"".join(buttons)}</div>')


def play_status(view: roll.View, names: typing.Sequence[str], *, computers: typing.Collection[int] = (),
                busy: bool = False, picked: typing.Collection[str] = (), error: str = "") -> tuple[str, str]:
    """The status line of a game for the person at the device: its text and its class
    (``rw-is-error``, ``rw-is-roll``, ``rw-is-waiting``, ``rw-is-accelerate``,
    ``rw-is-target``, ``rw-is-pick``, ``rw-is-over``)."""
    if error:
        return error, "rw-is-error"
    solo = len(names) == 1
    shown = [api.shown_name(name) for name in names]
    if view.current_player == api.CHANCE:
        active = view.active
        if active in computers:
            return i18n._("{name} rolls the dice\u2026").format(name=shown[active]), "rw-is-waiting"
        return (i18n._("Roll the dice.") if solo else
                lc_html.owned(names[active], i18n._("Roll the dice."), i18n._("{name}, roll the dice."))), "rw-is-roll"
    actor = view.current_player
    if actor < 0:
        return i18n._("The game is over."), "rw-is-over"
    if busy or actor in computers:
        return i18n._("{name} is choosing\u2026").format(name=shown[actor]), "rw-is-waiting"
    sheet = view.sheets[actor]
    who = "" if solo else shown[actor]

    def said(text: str, kind: str) -> tuple[str, str]:
        """``text`` after the name, or as a sentence of its own when playing solo."""
        return (i18n._("{name}: {text}").format(name=who, text=text) if who else text[:1].upper() + text[1:]), kind

    if sheet.is_accelerating():
        return said(i18n._("accelerate an expedition: choose it below."), "rw-is-accelerate")
    pair = picked_pair(view.roll, picked)
    if pair is not None:
        colour, face = pair
        return said(_where_text(sheet, colour, face), "rw-is-target")
    if picked:
        return said(i18n._("now pick a number die.") if any(k.startswith("colour") for k in picked) else
                    i18n._("now pick a colour die."), "rw-is-pick")
    if view.phase is roll.Phase.OTHERS:
        if view.taken is None:
            return said(i18n._("pick a colour die and a number die from all six dice ({name} refused), or refuse.")
                        .format(name=shown[view.active]), "rw-is-pick")
        return said(i18n._("pick a colour die and a number die from the four dice left, or refuse."), "rw-is-pick")
    return said(i18n._("pick a colour die and a number die, or refuse."), "rw-is-pick")


def companion_status(s: roll.Sheet, colour: roll.Colour | None, face: int | None, *, entries: int,
                     error: str = "") -> tuple[str, str]:
    """Companion mode's status line: its text and its class (as :func:`play_status`)."""
    if error:
        return error, "rw-is-error"
    if s.is_accelerating():
        return i18n._("Acceleration: choose an expedition below."), "rw-is-accelerate"
    if colour is not None and face is not None and s.targets(colour, face):
        text = _where_text(s, colour, face)
        return text[:1].upper() + text[1:], "rw-is-target"
    text = i18n._("Turn {turn}: enter the colour and the number you chose, or refuse.")
    return text.format(turn=number(entries + 1)), "rw-is-pick"


# -- the sheet ------------------------------------------------------------------------------


def _cell_tag(interactive: bool) -> tuple[str, str, str]:
    """The tag of a sheet element, its extra attributes and its hit area.

    A cell is never a button: every element of an interactive sheet reports its
    taps (``data-target="sheet"``, so that a refusal can say why) through its hit
    area (``rw-hit``), which the style sheet shows only where the cell is at
    least 44 px each way (the touch guideline).  Where it is smaller (phones),
    the sheet is a display only and the player writes with the big buttons of
    :func:`placements`, which keyboards and screen readers use everywhere."""
    if not interactive:
        return "div", "", ""
    return "div", ' data-target="sheet"', '<span class="rw-hit" aria-hidden="true"></span>'


def _tilt(e: int, k: int) -> int:
    """A small, repeatable slant for each handwritten number."""
    return (e * 7 + k * 3) % 7 - 3


def _box(sheet: roll.Sheet, colour: roll.Colour, k: int, targets: typing.Collection[str],
         fresh: typing.Collection[str], interactive: bool) -> str:
    numbers = sheet.expedition(colour)
    key = box_key(colour, k)
    return _box_markup(i18n.translations(), colour, k, numbers[k - 1] if k <= len(numbers) else None,
                       k == len(numbers) + 1, key in targets, key in fresh, interactive)


@functools.lru_cache(maxsize=4096)
def _box_markup(catalog: gettext.NullTranslations, colour: roll.Colour, k: int, written: int | None,
                is_next: bool, is_target: bool, is_fresh: bool, interactive: bool) -> str:
    """An expedition box: ``written`` the number in it (None: empty), ``is_next`` the next box to fill,
    in the language of ``catalog`` (the current one: its key in the cache, never read here).  The same
    for every sheet and player: six expeditions of twelve boxes, a few numbers each, a few thousand
    boxes in all per language at most (the cache's bound: a rare flag or number falls out first)."""
    e = colour.index
    filled = written is not None
    arrow = roll.ARROW[e][k]
    artefact = roll.ARTEFACT[e][k]
    cls = _classes("rw-box", f"rw-{colour.value}", "rw-filled" if filled else None,
                   "rw-next" if is_next else None, "rw-target" if is_target else None,
                   "rw-fresh" if is_fresh else None, "rw-has-arrow" if arrow else None,
                   "rw-has-art" if artefact else None, "rw-bridge-box" if k == roll.data.BRIDGE_BOX else None)
    parts = [i18n._("{colour}, box {number}").format(colour=api.colour_word(colour.value), number=k)]
    if arrow:
        parts.append(i18n._("arrow"))
    if artefact:
        parts.append(i18n._("artefact"))
    parts.append(str(written) if filled else i18n._("empty"))
    parts.append(lc_html.points(roll.data.EXPEDITION_SCORES[k]))
    label = ", ".join(parts)
    inner = ""
    if arrow:
        inner += icon("arrow", "rw-mark-arrow")
    if artefact:
        inner += icon("vase", "rw-mark-art")
    if filled:
        inner += f'<span class="rw-hand" style="--tilt:{_tilt(e, k)}deg">{written}</span>'
    tag, extra, hit = _cell_tag(interactive)
    return (f'<{tag}{extra} role="cell" class="{cls}" data-box="{colour.value}-{k}"'
            f' data-spot="box:{colour.value}:{k}" aria-label="{esc(label)}">{inner}{hit}</{tag}>')


def _top(sheet: roll.Sheet, colour: roll.Colour, targets: typing.Collection[str],
         fresh: typing.Collection[str], interactive: bool) -> str:
    key = f"top:{colour.value}"
    claimed = sheet.has_top_artefact(colour)
    target = key in targets
    cls = _classes("rw-top", f"rw-{colour.value}", "rw-claimed" if claimed else None,
                   "rw-target" if target else None, "rw-fresh" if key in fresh else None)
    label = (i18n._("{colour} top artefact: claimed") if claimed else i18n._("{colour} top artefact")).format(
        colour=api.colour_word(colour.value))
    tag, extra, hit = _cell_tag(interactive)
    mark = '<span class="rw-x rw-hand" aria-hidden="true">\u2715</span>' if claimed else ""
    return (f'<{tag}{extra} role="cell" class="{cls}" data-top="{colour.value}"'
            f' data-spot="artefact:{colour.value}" aria-label="{esc(label)}">'
            f'{icon("vase")}{mark}{hit}</{tag}>')


def _circle(sheet: roll.Sheet, colour: roll.Colour, targets: typing.Collection[str],
            fresh: typing.Collection[str], interactive: bool) -> str:
    key = f"circle:{colour.value}"
    marked = sheet.is_circled(colour)
    crossed = sheet.is_circle_crossed(colour)
    target = key in targets
    cls = _classes("rw-circle", f"rw-{colour.value}", "rw-marked" if marked else None,
                   "rw-crossed" if crossed else None, "rw-target" if target else None,
                   "rw-fresh" if key in fresh else None)
    state = (i18n._("{colour} double circle, marked: points doubled") if marked else
             i18n._("{colour} double circle, not used") if crossed else
             i18n._("{colour} double circle, open")).format(colour=api.colour_word(colour.value))
    tag, extra, hit = _cell_tag(interactive)
    mark = '<span class="rw-x rw-hand" aria-hidden="true">\u2715</span>' if marked else ""
    return (f'<{tag}{extra} role="cell" class="{cls}" data-circle="{colour.value}" data-spot="circle:{colour.value}" '
            f'aria-label="{esc(state)}"><span class="rw-ring"></span>{mark}'
            f'{hit}</{tag}>')


BRIDGE_STATES: typing.Final[dict[roll.BridgeMark, str]] = {
    roll.BridgeMark.OPEN: i18n.N_("{bridge}: open"),
    roll.BridgeMark.SCORED: i18n.N_("{bridge}: passed first: {points} points"),
    roll.BridgeMark.CLOSED: i18n.N_("{bridge}: passed by another player first")}
"""A bonus bridge's label by its mark."""


def bridge_name(column: roll.Column) -> str:
    """A column's bonus bridge in the current language (``red bridge``, ``dice bridge``).

    >>> bridge_name(roll.Column.ARTEFACTS)
    'artefacts bridge'
    """
    return roll.rules.bridge_word(column)


def _bridge(sheet: roll.Sheet, column: roll.Column, fresh: typing.Collection[str],
            scorers: typing.Sequence[str], tickable: bool) -> str:
    """A bonus bridge; ``tickable``: open and ticked with :func:`bridge_ticks`'s buttons (drawn dashed:
    a bridge row is too thin to tap)."""
    key = bridge_key(column)
    mark = sheet.bridge(column)
    cls = _classes("rw-bridge", f"rw-bridge-{mark.value}", f"rw-bcol-{key}",
                   "rw-fresh" if f"bridge:{key}" in fresh else None, "rw-tickable" if tickable else None)
    label = i18n._(BRIDGE_STATES[mark]).format(bridge=bridge_name(column), points=roll.data.BRIDGE_BONUS)
    if scorers:
        label += " (" + ", ".join(api.shown_name(name) for name in scorers) + ")"
    by = ""
    if scorers and mark is not roll.BridgeMark.OPEN:
        tags = " ".join(initials(n) for n in scorers)
        by = f'<span class="rw-by" title="{esc(", ".join(api.shown_name(n) for n in scorers))}">{esc(tags)}</span>'
    return (f'<div role="cell" class="{cls}" data-bridge="{key}" data-mark="{mark.value}"'
            f' data-spot="bridge:{key}" aria-label="{esc(label)}">'
            f'<span class="rw-twenty">{roll.data.BRIDGE_BONUS}</span>{by}</div>')


def _column_cell(kind: str, k: int, count: int, fresh: typing.Collection[str]) -> str:
    """A slot of the artefact (``kind="artefact"``) or dice column."""
    shaded = k <= count
    cls = _classes(f"rw-{kind}-slot", "rw-shaded" if shaded else None,
                   "rw-fresh" if f"{kind}:{k}" in fresh else None,
                   "rw-exhaust" if kind == "dice" and k == roll.data.DICE_SYMBOLS else None)
    if kind == "artefact":
        label = i18n._("artefact {number}: shaded") if shaded else i18n._("artefact {number}")
    else:
        label = i18n._("dice symbol {number}: shaded") if shaded else i18n._("dice symbol {number}")
    label = label.format(number=k)
    pic = icon("vase" if kind == "artefact" else "die")
    return (f'<div role="cell" class="{cls}" data-{kind}="{k}" data-spot="{kind}:{k}" aria-label="{esc(label)}">'
            f"{pic}</div>")


def _scale(text: str, extra: str = "", *, label: str = "", role: str = "cell") -> str:
    """A printed value beside the boxes (``role``: ``rowheader`` for the row's own points)."""
    named = f' aria-label="{esc(label)}"' if label else ""
    return f'<div role="{role}" class="rw-scale{" " + extra if extra else ""}"{named}>{esc(text)}</div>'


def _scored(what: str, points: int) -> str:
    """A column or a row of the sheet and its points (``red: 12 points``)."""
    return i18n._("{what}: {points}").format(what=what, points=lc_html.points(points))


def sheet(
    s: roll.Sheet,
    *,
    name: str = "",
    player: int | None = None,
    targets: typing.Collection[str] = (),
    fresh: typing.Collection[str] = (),
    scorers: typing.Mapping[str, typing.Sequence[str]] | None = None,
    interactive: bool = False,
    tick_bridges: bool = False,
    caption: str = "",
    classes: str = "",
) -> str:
    """A full game sheet.

    ``targets``: element keys to highlight as legal targets; ``interactive``:
    the cells report taps where they are large enough (see :func:`_cell_tag`);
    ``fresh``: keys of marks made this turn; ``scorers``: per bridge key the
    names of the players who passed it first (shown small on the bridge);
    ``tick_bridges``: open bridges are drawn as ones to tick (companion mode:
    "another player passed it", with :func:`bridge_ticks`'s buttons)."""
    scorers = scorers or {}
    bd = s.breakdown()
    rows: list[list[str]] = []
    cells: list[str] = []
    # header: symbols and each column's score (the sheet's top row)
    cells.append(f'<div class="rw-corner" role="columnheader" title="{esc(i18n._("points per row"))}">'
                 f'{esc(i18n._("pts"))}</div>')
    for c, points in zip(COLOURS, bd.expeditions, strict=True):
        word = api.colour_word(c.value)
        cells.append(f'<div class="rw-head rw-{c.value}" role="columnheader" data-head="{c.value}" title="{esc(word)}"'
                     f' aria-label="{esc(_scored(word, points))}">'
                     f'{symbol(c)}<span class="rw-colscore" data-spot="score:{c.value}"'
                     f' data-col="{c.value}">{number(points)}</span></div>')
    cells.append(f'<div class="rw-head rw-art-head" role="columnheader" data-head="artefact" '
                 f'title="{esc(i18n._("artefacts"))}"'
                 f' aria-label="{esc(_scored(i18n._("artefacts"), bd.artefacts))}">{icon("vase")}'
                 f'<span class="rw-colscore" data-spot="score:artefacts"'
                 f' data-col="artefacts">{number(bd.artefacts)}</span></div>')
    cells.append(f'<div class="rw-head rw-dice-head" role="columnheader" data-head="dice" '
                 f'title="{esc(i18n._("dice symbols"))}"'
                 f' aria-label="{esc(_scored(i18n._("dice symbols"), bd.dice))}">{icon("die")}'
                 f'<span class="rw-colscore" data-spot="score:dice" data-col="dice">{number(bd.dice)}</span></div>')
    cells.append(f'<div class="rw-head rw-bonus-head" role="columnheader" data-head="bridges" '
                 f'title="{esc(i18n._("bridge bonus"))}"'
                 f' aria-label="{esc(_scored(i18n._("bridges"), bd.bridges))}">{icon("bridge")}'
                 f'<span class="rw-colscore" data-spot="score:bridges"'
                 f' data-col="bridges">{number(bd.bridges)}</span></div>')
    blanks = '<div class="rw-blank" role="cell"></div><div class="rw-blank" role="cell"></div>'
    # top artefacts
    rows.append(cells)
    cells = [_scale("", role="cell")]
    for c in COLOURS:
        cells.append(_top(s, c, targets, fresh, interactive))
    cells.append(blanks)
    cells.append(_scale(""))
    for k in range(roll.data.BOXES, 0, -1):
        rows.append(cells)
        cells = [_scale(number(roll.data.EXPEDITION_SCORES[k]), label=_scored(
            i18n._("box {number}").format(number=k), roll.data.EXPEDITION_SCORES[k]), role="rowheader")]
        for c in COLOURS:
            cells.append(_box(s, c, k, targets, fresh, interactive))
        cells.append(_column_cell("artefact", k, s.artefacts, fresh))
        cells.append(_column_cell("dice", k, s.dice, fresh))
        right = number(roll.data.ARTEFACT_SCORES[k])
        if roll.data.DICE_SCORES[k] != roll.data.ARTEFACT_SCORES[k]:
            right += f"/{number(roll.data.DICE_SCORES[k])}"
        cells.append(_scale(right, "rw-scale-right"))
        if k == roll.data.BRIDGE_BOX:
            rows.append(cells)
            cells = [_scale("+20", "rw-scale-bridge", label=i18n._("bridges: {points} points each").format(
                points=roll.data.BRIDGE_BONUS), role="rowheader")]
            for column in roll.COLUMNS:
                key = bridge_key(column)
                tickable = tick_bridges and s.bridge(column) is roll.BridgeMark.OPEN
                cells.append(_bridge(s, column, fresh, scorers.get(key, ()), tickable))
            cells.append(_scale("+20", "rw-scale-right rw-scale-bridge"))
    # the double circles
    rows.append(cells)
    cells = [_scale("\u00d72", "rw-scale-circle", label=i18n._("double circles: points doubled"),
                   role="rowheader")]
    for c in COLOURS:
        cells.append(_circle(s, c, targets, fresh, interactive))
    cells.append(blanks)
    cells.append(_scale(number(roll.data.ARTEFACT_SCORES[0]), "rw-scale-right"))
    rows.append(cells)
    grid = "".join(f'<div class="rw-row" role="row">{"".join(row)}</div>' for row in rows)
    title = esc(api.shown_name(name)) if name else ""
    cap = f'<span class="rw-caption-note">{esc(caption)}</span>' if caption else ""
    seat = f' data-sheet="{player}" data-spot="sheet:{player}"' if player is not None else ' data-spot="sheet"'
    flags = " rw-accelerating" if s.is_accelerating() else ""
    whose = esc(lc_html.owned(name or None, i18n._("Your game sheet"), i18n._("{name}'s game sheet")))
    return (
        f'<section class="{_classes("rw-sheet", classes)}{flags}"{seat} aria-label="{whose}">'
        f'<header class="rw-sheet-head"><span class="rw-sheet-name">{title}</span>{cap}'
        f'<span class="rw-total"'
        f' data-spot="score:total">{esc(i18n._("Total"))} <b class="rw-hand" data-total="{bd.total}">'
        f'{number(bd.total)}</b></span>'
        f'</header><div class="rw-grid" role="table" aria-label="{whose}">{grid}</div></section>'
    )


def sheet_thumb(s: roll.Sheet, *, name: str, player: int, kind: str = "", current: bool = False,
                focused: bool = False, hidden: bool = False, fresh: typing.Collection[str] = ()) -> str:
    """A compact rendering of a sheet (tabs of the other sheets): name, total, each
    expedition's height and top number, the artefacts, dice and bridges."""
    bd = s.breakdown()
    bars = []
    for c in COLOURS:
        numbers = s.expedition(c)
        k = len(numbers)
        top = str(numbers[-1]) if numbers else ("\u00d7" if s.is_circled(c) else "")
        new = any(box_key(c, j) in fresh for j in range(1, k + 1))
        cls = _classes("rw-bar", f"rw-{c.value}", "rw-fresh" if new else None,
                       "rw-doubled" if s.is_circled(c) else None)
        bars.append(f'<span class="{cls}" style="--h:{k}"><i></i><b data-paint="{esc(top)}"></b></span>')
    # No tooltips inside the button: its name is its label (a title there is neither seen nor reached by a
    # keyboard or a finger, and axe-core counts it as the button's visible text: WCAG 2.5.3, label in name).
    bridges = "".join(f'<i class="rw-mini-bridge rw-bridge-{s.bridge(col).value}"></i>' for col in roll.COLUMNS)
    cls = _classes("rw-thumb", "rw-current" if current else None, "rw-focused" if focused else None,
                   "rw-hidden-choice" if hidden else None)
    doing = i18n._("choosing\u2026") if current else (i18n._("has chosen") if hidden else "")
    # a space before it: the words of the button read "You choosing…", not "Youchoosing…", where the note sits
    # beside the name (a phone's grid of the thumbnail)
    note = f' <span class="rw-thumb-note">{doing}</span>' if doing else ""
    who = f' <span class="rw-kind">{esc(kind)}</span>' if kind else ""  # a space: two words to read
    # the name says what the eye reads, in its order (WCAG 2.5.3); the numbers are drawn by the style sheet
    name = api.shown_name(name)
    said = ", ".join(w for w in (name, kind, doing) if w)
    label = i18n._("{said}: {points}; show this sheet").format(said=said, points=lc_html.points(bd.total))
    return (
        f'<button type="button" class="{cls}" data-target="thumb" data-sheet="{player}" '
        f'data-spot="sheet:thumb:{player}" '
        f'aria-pressed="{"true" if focused else "false"}" '
        f'aria-label="{esc(label)}">'
        f'<span class="rw-thumb-head"><span class="rw-thumb-name">{esc(name)}</span>{who}'
        f'<b class="rw-thumb-total" data-paint="{number(bd.total)}"></b></span>'
        f'<span class="rw-bars">{"".join(bars)}</span>'
        f'<span class="rw-thumb-foot">{icon("vase")}<span data-paint="{s.artefacts}"></span> '
        f'{icon("die")}<span data-paint="{s.dice}"></span>'
        f'<span class="rw-mini-bridges">{bridges}</span></span>{note}</button>'
    )


# -- the dice -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DiceMarks:
    """States of the six dice of a roll, by die key (``colour-0`` .. ``number-2``)."""

    taken: frozenset[str] = frozenset()
    """Taken by the active player: not available to the others."""
    selected: frozenset[str] = frozenset()
    """Picked by the player choosing now."""
    chosen: frozenset[str] = frozenset()
    """Used by the last choice shown (e.g. the computer's)."""


def die_key(kind: str, index: int) -> str:
    return f"{kind}-{index}"


DIE_KEYS: typing.Final = frozenset(die_key(kind, i) for kind in ("colour", "number") for i in range(3))
"""Every ``data-die`` value of a roll."""


def find_die(faces: typing.Sequence[typing.Any], face: typing.Any, kind: str,
             avoid: typing.Collection[str] = ()) -> str | None:
    """The key of a die of ``kind`` showing ``face`` (not one of ``avoid`` if possible)."""
    keys = [die_key(kind, i) for i, f in enumerate(faces) if f == face]
    for key in keys:
        if key not in avoid:
            return key
    return keys[0] if keys else None


def taken_dice(r: roll.Roll, taken: tuple[roll.Colour, int] | None) -> frozenset[str]:
    """The dice the active player took (as the core removes them from the pool: the first match)."""
    if taken is None:
        return frozenset()
    keys = [find_die(r.colours, taken[0], "colour"), find_die(r.numbers, taken[1], "number")]
    return frozenset(k for k in keys if k is not None)



def take_dice(r: roll.Roll, colour: str, number: int, *, taken: tuple[roll.Colour, int] | None = None) -> list[str]:
    """The die keys a take of ``colour`` (its name) and ``number`` used: the first
    matching dice, avoiding those of ``taken`` (the active player's, for the others).

    >>> r = roll.Roll((roll.Colour.RED, roll.Colour.RED, roll.Colour.BLUE), (4, 4, 7))
    >>> take_dice(r, "red", 4), take_dice(r, "red", 4, taken=(roll.Colour.RED, 4))
    (['colour-0', 'number-0'], ['colour-1', 'number-1'])
    """
    avoid = taken_dice(r, taken)
    keys = [find_die([c.value for c in r.colours], colour, "colour", avoid),
            find_die(r.numbers, number, "number", avoid)]
    return [k for k in keys if k is not None]

def die(kind: str, index: int, face: roll.Colour | int, *, state: str = "free", interactive: bool = False,
        chosen: bool = False, stop: bool | None = None) -> str:
    """One die: a colour die (its colour and symbol) or a number die (0..9); ``stop``: whether a
    usable die is its group's stop of the Tab key (None: no ``tabindex``).

    ``state``: ``free``, ``selected`` (picked now), ``taken`` (by the active
    player) or ``chosen`` (by the last choice shown); ``chosen`` also outlines
    a taken die."""
    key = die_key(kind, index)
    if isinstance(face, roll.Colour):
        value, inner = face.value, symbol(face)
        label = i18n._("colour die: {colour}").format(colour=api.colour_word(face.value))
        cls = f"rw-die rw-die-colour rw-{face.value}"
    else:
        value, inner = str(face), f'<span class="rw-face">{face}</span>'
        label = (i18n._("number die: {number} (10, or a double circle)") if face == 0 else
                 i18n._("number die: {number}")).format(number=face)
        cls = "rw-die rw-die-number"
    cls += f" rw-die-{state}"
    if chosen and state != "chosen":
        cls += " rw-die-chosen"
    if state == "taken":
        label += i18n._(", taken by the active player")
    elif state == "selected":
        label += i18n._(", picked")
    elif state == "chosen" or chosen:
        label += i18n._(", chosen")
    usable = interactive and state in ("free", "selected")
    tag = "button" if usable else "span"
    extra = (' type="button"' if usable else "") + (' data-target="die"' if interactive else "")
    if state == "taken":  # the style sheet writes it under the die
        extra += f' data-note="{esc(i18n._("taken"))}"'
    pressed = f' aria-pressed="{"true" if state == "selected" else "false"}"' if usable else ""
    if usable and stop is not None:
        pressed += f' tabindex="{"0" if stop else "-1"}"'
    if not usable:  # a die shown, not pressed: an image with its words (a bare span may not carry a label)
        pressed += ' role="img"'
    return (f'<{tag}{extra} class="{cls}" data-die="{key}"'
            f' data-spot="die:{kind}:{index}" data-face="{value}" data-state="{state}"{pressed} '
            f'aria-label="{esc(label)}">{inner}</{tag}>')


def dice_tray(r: roll.Roll | None, *, marks: DiceMarks = DiceMarks(), interactive: bool = False,
              rolling: bool = False) -> str:
    """The six dice of a roll (three colour dice, three number dice), or an empty tray."""
    if r is None:
        blanks = "".join('<span class="rw-die rw-die-blank" aria-hidden="true"></span>' for _ in range(6))
        return (f'<div class="rw-dice rw-dice-empty" data-spot="roll" role="img" '
                f'aria-label="{esc(i18n._("no dice rolled yet"))}">'
                f'{blanks}</div>')

    def state(key: str) -> str:
        if key in marks.selected:
            return "selected"
        if key in marks.taken:
            return "taken"
        if key in marks.chosen:
            return "chosen"
        return "free"

    # the usable dice are one stop of the Tab key (a picked die, else the first), the arrows move between them
    keys = [die_key(kind, i) for kind in ("colour", "number") for i in range(3)]
    usable = [k for k in keys if state(k) in ("free", "selected")] if interactive else []
    stop = next((k for k in usable if state(k) == "selected"), usable[0] if usable else "")
    colours = "".join(die("colour", i, c, state=state(die_key("colour", i)), interactive=interactive,
                          chosen=die_key("colour", i) in marks.chosen, stop=die_key("colour", i) == stop)
                      for i, c in enumerate(r.colours))
    numbers = "".join(die("number", i, n, state=state(die_key("number", i)), interactive=interactive,
                          chosen=die_key("number", i) in marks.chosen, stop=die_key("number", i) == stop)
                      for i, n in enumerate(r.numbers))
    cls = "rw-dice rw-rolling" if rolling else "rw-dice"
    group = f' role="group" aria-label="{esc(i18n._("the dice"))}" data-roving="dice"' if usable else ""
    return (f'<div class="{cls}" data-roll="{esc(r.notation())}" data-spot="roll"{group}>'
            f'<div class="rw-dice-row rw-colour-dice">{colours}</div>'
            f'<div class="rw-dice-row rw-number-dice">{numbers}</div></div>')


# -- panels ----------------------------------------------------------------------------------


def acceleration_panel(s: roll.Sheet, chain: typing.Sequence[str] = (), *, interactive: bool = True) -> str:
    """The question of a pending acceleration: one button per legal expedition, and "none"."""
    buttons = []
    for c in s.acceleration_targets():
        numbers = s.expedition(c)
        if len(numbers) == roll.data.BOXES:
            what = i18n._("top artefact")
        else:
            what = i18n._("{number} in box {box}").format(number=numbers[-1] if numbers else 1, box=len(numbers) + 1)
        buttons.append(
            f'<button type="button" class="rw-accel rw-{c.value}" data-target="accelerate" data-accelerate="{c.value}" '
            f'data-spot="accelerate:{c.value}"'
            f'{"" if interactive else " disabled"}>{symbol(c)}<span>{esc(api.colour_word(c.value))}</span> '
            f'<small>{esc(what)}</small></button>')  # a space: the name reads "blue 3 in box 4", not "blue3 in box 4"
    buttons.append(f'<button type="button" class="rw-accel rw-accel-none secondary" data-target="accelerate" '
                   'data-accelerate="none" data-spot="accelerate:none"'
                   f'{"" if interactive else " disabled"}>{esc(i18n._("No acceleration"))}</button>')
    question = i18n._("Acceleration! Write an expedition's top number again in its next box (a 1 to start it):")
    return (f'<div class="rw-accel-panel" data-spot="accelerate" role="group" '
            f'aria-label="{esc(i18n._("acceleration"))}">'
            f'<p class="rw-accel-title">{icon("arrow")} {esc(question)}</p>{chain_list(chain)}'
            f'<div class="rw-accel-buttons">{"".join(buttons)}</div></div>')


def entry_pad(colour: roll.Colour | None, face: int | None) -> str:
    """Companion mode: pick the colour and the number of the pair you chose with real dice."""
    colours = "".join(
        f'<button type="button" class="rw-pick rw-pick-colour rw-{c.value}" data-target="pick" '
        f'data-pick-colour="{c.value}" data-spot="pick:{c.value}" '
        f'aria-pressed="{"true" if c is colour else "false"}" aria-label="{esc(api.colour_word(c.value))}">'
        f'{symbol(c)}</button>'
        for c in COLOURS)
    numbers = "".join(
        f'<button type="button" class="rw-pick rw-pick-number" data-target="pick" data-pick-number="{n}"'
        f' data-spot="pick:{n}" '
        f'aria-pressed="{"true" if n == face else "false"}">{n}</button>'
        for n in roll.data.NUMBER_FACES)
    return (f'<div class="rw-pad" role="group" aria-label="{esc(i18n._("the pair you chose"))}">'
            f'<div class="rw-pad-row rw-pad-colours">{colours}</div>'
            f'<div class="rw-pad-row rw-pad-numbers">{numbers}</div></div>')


TICK_WORDS: typing.Final = {"artefact": i18n.N_("artefacts"), "dice": i18n.N_("dice")}
"""The short word under a tick of the artefacts' and the dice symbols' bridges (a colour's says its colour)."""


def bridge_ticks(s: roll.Sheet) -> str:
    """Companion mode: the open bridges, to tick when another player passed one first."""
    buttons = []
    for column in roll.COLUMNS:
        if s.bridge(column) is not roll.BridgeMark.OPEN:
            continue
        key = bridge_key(column)
        pic = symbol(roll.COLOURS[column.index]) if column.index < 6 else icon("vase" if key == "artefact" else "die")
        tint = f" rw-{key}" if column.index < 6 else ""
        said = i18n._("another player passed the {bridge} first").format(bridge=roll.rules.bridge_word(column))
        word = api.colour_word(key) if column.index < 6 else i18n._(TICK_WORDS[key])
        buttons.append(f'<button type="button" class="rw-tick rw-bcol-{key}{tint}" data-target="tick" '
                       f'data-bridge="{key}" data-spot="bridge:{key}:tick" '
                       f'aria-label="{esc(said)}">{pic}<span>{esc(word)}</span></button>')
    if not buttons:
        return f'<p class="rw-ticks-none">{esc(i18n._("Every bridge is settled."))}</p>'
    return (f'<div class="rw-ticks" role="group" aria-label="{esc(i18n._("bridges passed by others"))}">'
            f'{"".join(buttons)}</div>')


# -- the end of the game ----------------------------------------------------------------------


END_COLUMNS: typing.Final[tuple[str, ...]] = (*(c.value for c in COLOURS), "artefacts", "dice", "bridges",
                                              "total")
"""``data-col`` values of the end-of-game table, as in :meth:`lostcities.roll.Breakdown.to_dict`."""


def end_table(names: typing.Sequence[str], breakdowns: typing.Sequence[roll.Breakdown],
              *, winners: typing.Collection[int] = ()) -> str:
    """Every sheet's column scores, bridge bonus and total, like the sheets' top rows."""
    head = [f'<th scope="col">{esc(i18n._("Player"))}</th>']
    for c in COLOURS:
        word = esc(api.colour_word(c.value))
        head.append(f'<th scope="col" class="rw-{c.value}" title="{word}">{symbol(c)}'
                    f'<span class="rw-sr">{word}</span></th>')
    for title, said, pic in ((i18n._("artefacts"), i18n._("artefacts"), "vase"),
                             (i18n._("dice symbols"), i18n._("dice"), "die"),
                             (i18n._("bridges"), i18n._("bridges"), "bridge")):
        head.append(f'<th scope="col" title="{esc(title)}">{icon(pic)}<span class="rw-sr">{esc(said)}</span></th>')
    head.append(f'<th scope="col">{esc(i18n._("Total"))}</th>')
    rows = []
    for p, (name, bd) in enumerate(zip(names, breakdowns, strict=True)):
        values = bd.to_dict()
        cells = "".join(f'<td class="rw-hand" data-player="{p}" data-spot="score:{p}:{col}" data-col="{col}">'
                        f'{number(values[col])}</td>'
                        for col in END_COLUMNS[:-1])
        won = p in winners
        crown = (f' <span class="rw-winner">{esc(i18n._("wins"))}</span>'
                 if won and len(names) > 1 else "")
        rows.append(f'<tr class="{"rw-won" if won else ""}" data-player="{p}">'
                    f'<th scope="row">{esc(api.shown_name(name))}{crown}</th>'
                    f'{cells}<td class="rw-hand rw-end-total" data-player="{p}"'
                    f' data-spot="score:{p}:total" data-col="total">'
                    f'{number(values["total"])}</td></tr>')
    return (f'<table class="rw-end-table"><thead><tr>{"".join(head)}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def result_title(names: typing.Sequence[str], breakdowns: typing.Sequence[roll.Breakdown]) -> str:
    """``Anna wins with 120 points``, ``Anna and Ben share the win``, ``You scored 85``."""
    totals = [b.total for b in breakdowns]
    if not totals:
        return ""
    if len(totals) == 1:
        return lc_html.owned(names[0], i18n._("You scored {points}"), i18n._("{name} scored {points}"),
                             points=lc_html.points(totals[0]))
    best = max(totals)
    tops = [names[p] for p, t in enumerate(totals) if t == best]
    if len(tops) == 1:
        return lc_html.owned(tops[0], i18n._("You win with {points}"), i18n._("{name} wins with {points}"),
                             points=lc_html.points(best))
    shown = [api.shown_name(name) for name in tops]
    return i18n._("{names} and {last} share the win with {points}").format(
        names=", ".join(shown[:-1]), last=shown[-1], points=lc_html.points(best))


# -- setup and messages -------------------------------------------------------------------------


KINDS: typing.Final[dict[str, str]] = {"human": i18n.N_("Person"), "easy": i18n.N_("Computer (easy)"),
                                        "hard": i18n.N_("Computer (hard)")}
PACES: typing.Final[dict[str, str]] = {
    "relaxed": i18n.N_("Relaxed: pauses so that you can follow every move"),
    "quick": i18n.N_("Quick: short pauses"),
    "instant": i18n.N_("Instant: no pauses"),
}
MODES: typing.Final[dict[str, str]] = {
    "solo": i18n.N_("Solo: one sheet, you roll every turn: beat your best score"),
    "game": i18n.N_("A game of 2 to 5 players: people on this device and computers"),
    "companion": i18n.N_("Companion: your sheet for a game with real dice at the table"),
}
"""The setup's choices, marked for the catalogs (translated where the form shows them)."""


INTRO: typing.Final = i18n.N_(
    "Roll three colour dice and three number dice, take one of each and write the number in that colour's "
    "expedition: numbers never go down, arrows accelerate, artefacts and the first to cross a bridge score.")
IN_SEQUENCE: typing.Final = i18n.N_(
    "Choose in sequence: after the roller, players choose clockwise, each seeing the earlier choices (otherwise "
    "everybody chooses at once, hidden until all have chosen)")
COMPANION: typing.Final = i18n.N_(
    "Play with real dice: this device is your game sheet. Enter the pair you chose each turn (or a refusal) and "
    "tick the bridges other players passed first; the sheet checks every entry and scores.")
HOW_TO_PLAY: typing.Final = (
    i18n.N_("The roller takes one colour die and one number die; everybody else then takes one of each from the "
            "four left (all six if the roller refused). Several players may take the same dice."),
    i18n.N_("Write the number in the next box of that colour, from the bottom up; numbers never decrease and a 0 "
            "counts as 10. A 0 may instead mark the double circle, before the expedition starts: it doubles its "
            "points."),
    i18n.N_("An arrow lets you write any expedition's top number again in its next box (a 1 to start it). "
            "Artefact boxes shade an artefact. Refusing shades a dice symbol; the ninth exhausts you."),
    i18n.N_("The first to reach box 7 of a column (or the 7th artefact or dice symbol) scores its bridge: 20 "
            "points. The game ends when every bridge is passed or everybody is exhausted."),
    i18n.N_("Tap a colour die and a number die, then a highlighted box on your sheet."))
"""The new-game form's texts."""


def setup_form(*, mode: str = "game", seats: typing.Sequence[tuple[str, str]] = (("You", "human"),
                                                                                 ("Computer", "easy")),
               in_sequence: bool = False, pace: str = "quick", best: int | None = None,
               companion_name: str = "", error: str = "") -> str:
    """The new-game form.  ``seats``: (name, kind) per player (kind: ``human``, ``easy``, ``hard``)."""
    def radio(name: str, value: str, text: str, checked: bool) -> str:
        return (f'<label class="rw-choice"><input type="radio" name="{name}" value="{esc(value)}"'
                f'{" checked" if checked else ""}> <span>{esc(i18n._(text))}</span></label>')

    modes = "".join(radio("mode", key, text, key == mode) for key, text in MODES.items())
    count = max(2, min(5, len(seats)))
    count_select = "".join(f'<option value="{n}"{" selected" if n == count else ""}>'
                           f'{esc(i18n.ngettext("{count} player", "{count} players", n).format(count=n))}</option>'
                           for n in range(2, 6))
    rows = []
    for i in range(5):
        name, kind = seats[i] if i < len(seats) else (i18n._("Player {number}").format(number=i + 1), "human")
        options = "".join(f'<option value="{k}"{" selected" if k == kind else ""}>{esc(i18n._(v))}</option>'
                          for k, v in KINDS.items())
        rows.append(
            f'<div class="rw-seat" data-seat="{i}"{"" if i < count else " hidden"}>'
            f'<span class="rw-seat-no">{i + 1}</span>'
            f'<input type="text" name="name{i}" maxlength="{session.MAX_NAME}" value="{esc(api.shown_name(name))}" '
            f'autocomplete="off" aria-label="{esc(i18n._("name of player {number}").format(number=i + 1))}">'
            f'<select name="kind{i}" aria-label="{esc(i18n._("player {number} is").format(number=i + 1))}">'
            f'{options}</select></div>')
    best_text = (f'<p class="rw-best">{esc(i18n._("Your best solo score:"))} <b>{number(best)}</b></p>'
                 if best is not None else
                 f'<p class="rw-best">{esc(i18n._("No solo game finished yet in this browser."))}</p>')
    _ = i18n._
    pace_word = _("The computer's pace")
    err = f'<p class="rw-error" role="alert">{esc(error)}</p>' if error else ""
    paces = "".join(radio("pace", key, text, key == pace) for key, text in PACES.items())
    return (
        f'<section class="rw-setup" data-mode="{esc(mode)}" aria-labelledby="rw-setup-title">'
        f'<h2 id="rw-setup-title">{esc(lc_html.short_title(roll.Game))}</h2>'
        f'<p class="rw-intro">{esc(_(INTRO))}</p>'
        f'{err}<fieldset class="rw-modes"><legend>{esc(_("Mode"))}</legend>{modes}</fieldset>'
        f'<fieldset class="rw-for-solo"><legend>{esc(_("Solo"))}</legend>{best_text}</fieldset>'
        f'<fieldset class="rw-for-game"><legend>{esc(_("Players"))}</legend>'
        f'<label class="rw-count">{esc(_("How many"))} <select name="count">{count_select}</select></label>'
        f'<div class="rw-seats">{"".join(rows)}</div>'
        f'<label class="rw-choice"><input type="checkbox" name="in_sequence"{" checked" if in_sequence else ""}> '
        f'<span>{esc(_(IN_SEQUENCE))}</span></label></fieldset>'
        f'<fieldset class="rw-for-game rw-pace"><legend>{esc(pace_word)}</legend>{paces}</fieldset>'
        f'<fieldset class="rw-for-companion"><legend>{esc(_("Companion"))}</legend>'
        f'<p>{esc(_(COMPANION))}</p>'
        f'<label class="rw-name">{esc(_("Your name"))} <input type="text" name="companion_name" '
        f'maxlength="{session.MAX_NAME}" value="{esc(companion_name)}" autocomplete="off"></label></fieldset>'
        f'<p><button type="button" class="rw-start" data-action="start">{esc(_("Start"))}</button></p>'
        f'<details><summary>{esc(_("How to play"))}</summary><ul>'
        + "".join(f"<li>{esc(_(item))}</li>" for item in HOW_TO_PLAY) + "</ul></details></section>"
    )


# -- the screen's pieces (the play area, the side panel) ------------------------------------------


def frame() -> str:
    """The screen's element: the icons, the title bar with the menu button, the ``main`` region."""
    return lc_html.shell("rw", lc_html.short_title(roll.Game), before=icon_sprite(), skip=i18n._("Skip to the dice"))


def play_area(layout: str, *, viewer: int | None = None) -> str:
    """The play area's skeleton: the regions ``sheet`` (the big sheet) and ``side``
    (the side panel); ``layout`` is a class (``rw-players-2``, ``rw-companion``),
    ``viewer`` whose eyes the table is drawn for (``data-viewer``)."""
    seen = "" if viewer is None else f' data-viewer="{viewer}"'
    return (f'<div class="rw-play {esc(layout)}"{seen}><div class="rw-sheet-wrap" data-region="sheet"></div>'
            '<aside class="rw-side" data-region="side"></aside></div>')


def thumbs(items: typing.Sequence[str]) -> str:
    """The row of :func:`sheet_thumb` buttons (nothing for a single sheet)."""
    if len(items) < 2:
        return ""
    said = esc(i18n._("the players' sheets"))
    return f'<nav class="rw-thumbs" aria-label="{said}">{"".join(items)}</nav>'


def status_box(text: str, kind: str) -> str:
    """The status line; ``kind`` is a class (``rw-is-pick``, ``rw-is-error``, ...)."""
    return f'<div class="rw-status-box"><p class="rw-status {esc(kind)}" role="status">{esc(text)}</p></div>'


def side(status: tuple[str, str], *, tray: str = "", controls: str = "", log: str = "") -> str:
    """The side panel of a game: status line, dice tray, controls, latest moves."""
    return f'{status_box(*status)}<div class="rw-tray">{tray}</div><div class="rw-controls">{controls}</div>{log}'


def roll_button() -> str:
    return (f'<button type="button" class="rw-roll" data-action="roll" data-spot="roll:button">'
            f'{esc(i18n._("Roll the dice"))}</button>')


def clear_button() -> str:
    return f'<button type="button" class="secondary rw-clear" data-action="clear">{esc(i18n._("Clear"))}</button>'


def refuse_button(exhausted: bool = False) -> str:
    text = (i18n._("Refuse: shade a dice symbol (no effect: exhausted)") if exhausted else
            i18n._("Refuse: shade a dice symbol"))
    return (f'<button type="button" class="secondary rw-refuse" data-action="refuse" data-spot="refuse">'
            f"{esc(text)}</button>")


def choice_controls(*, exhausted: bool = False, clear: bool = False, places: str = "") -> str:
    """Under the dice while a person chooses: Refuse, and Clear once a die is picked; once a pair
    that fits is picked, its :func:`placements` and Clear (Refuse comes back with Clear)."""
    if places:
        return places + clear_button()
    return refuse_button(exhausted) + (clear_button() if clear else "")


def chain_list(steps: typing.Sequence[str]) -> str:
    """An acceleration chain, one line per arrow (nothing when empty)."""
    items = "".join(f"<li>{esc(step)}</li>" for step in steps)
    return f'<ol class="rw-chain" aria-label="{esc(i18n._("acceleration chain"))}">{items}</ol>' if items else ""


def move_log(lines: typing.Sequence[str], *, label: str = "") -> str:
    """The latest moves, newest first (bold, and unnumbered: a number 1 on the newest
    line read as the first move), from log lines oldest first (nothing when empty).

    >>> move_log(["Ann took red 3.", "Bob refused."])
    '<ul class="rw-log" aria-label="latest moves, newest first"><li>Bob refused.</li><li>Ann took red 3.</li></ul>'
    """
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    said = i18n._("{list}, newest first").format(list=label or i18n._("latest moves"))
    return f'<ul class="rw-log" aria-label="{esc(said)}">{items}</ul>' if items else ""


def best_note(best: int | None, new_best: bool = False) -> str:
    """Under a solo result: a new best, or the best so far."""
    if new_best:
        return f'<p class="rw-best rw-new-best">{esc(i18n._("A new best score!"))}</p>'
    return (f'<p class="rw-best">{esc(i18n._("Your best: {score}").format(score=number(best)))}</p>'
            if best is not None else "")


def _over(title: str, body: str, buttons: str) -> str:
    return f'<div class="rw-over"><h2 class="rw-result">{esc(title)}</h2>{body}<p>{buttons}</p></div>'


END_REASONS: typing.Final[dict[str, str]] = {
    "exhausted": i18n.N_("The game ended because every sheet is exhausted: all nine dice symbols are shaded."),
    "bridges": i18n.N_("The game ended because every bridge has been passed."),
}
"""Why a game ended, by :meth:`lostcities.roll.State.end_reason`."""


def game_over(names: typing.Sequence[str], breakdowns: typing.Sequence[roll.Breakdown], *,
              winners: typing.Collection[int] = (), note: str = "", reason: str | None = None) -> str:
    """The side panel at the end of a game: the result, why the game ended (``reason``,
    see :data:`END_REASONS`), ``note`` (see :func:`best_note`), the table."""
    why = f'<p class="rw-why">{esc(i18n._(END_REASONS[reason]))}</p>' if reason in END_REASONS else ""
    return _over(result_title(names, breakdowns), why + note + end_table(names, breakdowns, winners=winners),
                 f'<button type="button" class="rw-new" data-action="confirm-new">{esc(i18n._("New game"))}</button> '
                 f'<a class="button secondary" href="#" data-action="home">{esc(i18n._("All games"))}</a>')


# -- companion mode ----------------------------------------------------------------------------------


def companion_over(name: str, breakdown: roll.Breakdown) -> str:
    """Companion mode: the final score of the sheet, with the way back to it."""
    title = i18n.ngettext("{name}: {points} point", "{name}: {points} points", breakdown.total).format(
        name=name, points=number(breakdown.total))
    return _over(title, end_table([name], [breakdown]),
                 f'<button type="button" class="secondary" data-action="finish">{esc(i18n._("Back to the sheet"))}'
                 f'</button> <button type="button" class="rw-new" data-action="confirm-new">'
                 f'{esc(i18n._("New sheet"))}</button>')


def companion_controls(s: roll.Sheet, colour: roll.Colour | None, face: int | None,
                       steps: typing.Sequence[str] = ()) -> str:
    """Companion mode: the acceleration question, or the entry pad, Refuse and the bridge ticks
    (once the pair entered fits: its :func:`placements` instead of Refuse)."""
    if s.is_accelerating():
        return acceleration_panel(s, steps)
    clear = clear_button() if colour is not None or face is not None else ""
    places = placements(s, colour, face) if colour is not None and face is not None else ""
    return (f'{entry_pad(colour, face)}<div class="rw-buttons">{places or refuse_button()}{clear}</div>'
            f'<h3 class="rw-sub">{esc(i18n._("Bridges other players passed first"))}</h3>{bridge_ticks(s)}')


def companion_side(status: tuple[str, str], controls: str, *, can_undo: bool,
                   log: typing.Sequence[str] = ()) -> str:
    """Companion mode's side panel: status, controls, Undo and Final score, the latest entries."""
    undo = ('<button type="button" class="secondary rw-undo" data-action="undo"'
            f'{"" if can_undo else " disabled"}>{esc(i18n._("Undo"))}</button>')
    entries = move_log(log, label=i18n._("latest entries"))
    return (f'{status_box(*status)}<div class="rw-controls">{controls}</div>'
            f'<p class="rw-buttons">{undo} <button type="button" class="secondary" data-action="finish">'
            f'{esc(i18n._("Final score"))}</button></p>{entries}')


# -- replay and hints ------------------------------------------------------------------------


def position(state: roll.State, names: typing.Sequence[str]) -> str:
    """A position of a finished game's replay: the dice and every sheet, choices
    included (the game is over: nothing is secret any more)."""
    scorers = passed_by(state.sheets, names)
    sheets = "".join(sheet(s, name=names[p], player=p, scorers=scorers, classes="rw-replay-sheet")
                     for p, s in enumerate(state.sheets))
    return f'<div class="rw-replay">{dice_tray(state.roll)}<div class="rw-replay-sheets">{sheets}</div></div>'


def revealed_hand(state: roll.State, seat: int, name: str) -> str:
    """Nothing: Roll & Write hides no hand (the embed's ``reveal=1`` shows nothing more)."""
    return ""


def hint_marks(state: roll.State, action: api.Action) -> tuple[dict[str, str], ...]:
    """The elements a suggested ``action`` of the player to act highlights
    (``data-*`` descriptions): the dice it takes and the marks it makes on the
    sheet, the refusal, or the expedition to accelerate.

    >>> s = roll.Game(players=1).new_state()
    >>> _ = s.apply("roll red green green 3 0 9")
    >>> hint_marks(s, roll.parse_action("take green 3"))
    ({'die': 'colour-1'}, {'die': 'number-1'}, {'box': 'green-1'})
    """
    if isinstance(action, roll.Refuse):
        return ({"action": "refuse"},)
    if isinstance(action, roll.Accelerate):
        return ({"target": "accelerate", "accelerate": "none" if action.colour is None else action.colour.value},)
    if not isinstance(action, roll.Take) or state.roll is None:
        return ()
    actor = state.actor
    others = state.phase is roll.Phase.OTHERS and actor != state.active
    dice = take_dice(state.roll, action.colour.value, action.number, taken=state.taken if others else None)
    after = state.clone()
    after.apply_unchecked(action)
    marks = sorted(key.partition(":") for key in fresh_marks(state.sheets[actor], after.sheets[actor]))
    return (*({"die": key} for key in dice), *({kind: value} for kind, _, value in marks if kind != "bridge"))
