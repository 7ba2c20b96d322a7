"""The embed mode's pure part: URL parameters, position codes, messages, the lesson panel.

A rules site puts a live position in its page with an ``<iframe>`` of
``embed.html?...``.  :meth:`Config.from_query` reads the parameters (unknown
ones are ignored; a bad value raises :class:`EmbedError` with a message in
plain words, which the frame shows and sends as an ``error`` message):

=============  ==================================================================
``game``       ``card``, ``roll`` or ``board`` (implied by ``tut``, ``s``, ``rec``)
``tut``        a built-in tutorial id (:mod:`lostcities.ui.tutorial`)
``step``       the tutorial step to open, from 1 (also ``#step=N``); with ``rec``,
               the position after N actions
``s``          a scenario: the core's state JSON (``State.to_dict``), :func:`encode` d
``rec``        a game record (``Record.to_dict``), :func:`encode` d
``mode``       ``view`` (step through a record), ``play`` (free play against
               ``bot``), ``puzzle`` (only the expected moves count), ``tutorial``
``bot``        ``easy``, ``medium``, ``hard`` (the game's levels)
``pov``        whose hand is shown (a seat, from 1)
``reveal``     ``1``: show every hand (for teaching)
``seed``       a whole number: every deal, roll and computer choice repeats
``controls``   ``0`` hides the frame's own buttons (``1``, the default, shows them)
``autoplay``   ``1``: start Python at once (else on the Play button)
``sound``      ``1``: sounds for cards, pieces, dice and the end of a game (``0``, the
               default: silent until the reader turns them on in the frame's menu)
``theme``      ``light`` or ``dark`` colours, or ``auto`` (the default): the reader's system's
``id``         echoed in every message (up to 64 characters)
``parent``     the host page's origin: messages go only there
=============  ==================================================================

Position codes are the JSON text, compressed as raw DEFLATE (what a
browser's ``CompressionStream("deflate-raw")`` writes) and written in
base64url without padding:

>>> decode(encode({"a": [1, 2]}))
{'a': [1, 2]}
>>> Config.from_query({"game": "card", "mode": "play", "bot": "hard", "pov": "2", "id": "x1"})
Config(game='card', mode=<Mode.PLAY: 'play'>, bot='hard', pov=1, ident='x1')
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import enum
import ipaddress
import json
import re
import typing
import urllib.parse
import zlib

import lostcities
from lostcities import api, errors, i18n, safejson, session
from lostcities.ui import games, tutorial
from lostcities.ui import html as lc_html
from lostcities.ui import theme as colour_theme

MAX_CODE: typing.Final = 24_000
"""Characters of an ``s`` or ``rec`` code (URLs stay well under browsers' limits)."""
MAX_JSON: typing.Final = 400_000
"""Bytes a code may inflate to."""
PROTOCOL: typing.Final = 1
"""The ``lc`` field of every message."""
OUT_TYPES: typing.Final = frozenset({"ready", "resize", "move", "illegal", "step", "result", "completed", "state",
                                     "error", "waiting"})
"""The messages a frame sends (``waiting`` only before the engine runs: web/embed.js answers ``hello`` with it)."""
IN_TYPES: typing.Final = frozenset({"hello", "goto", "load", "reset"})
ERROR_CODES: typing.Final = frozenset({"bad_parameter", "bad_scenario", "bad_record", "unknown_tutorial",
                                       "bad_tutorial", "bad_message", "internal"})
"""The ``code`` of an ``error`` message (docs/embedding.md lists them)."""
ILLEGAL_CODES: typing.Final = frozenset({"illegal_action", "wrong_turn", "game_over", "malformed_action"})
"""The ``code`` of an ``illegal`` message: the rules engine's error codes for a refused move."""


class EmbedError(errors.GameError):
    """A parameter or message the embed cannot use; ``code`` names the kind."""

    code = "bad_parameter"

    def __init__(self, reason: str, *, code: str = "bad_parameter") -> None:
        super().__init__(reason)
        self.code = code


class Mode(enum.Enum):
    VIEW = "view"
    PLAY = "play"
    PUZZLE = "puzzle"
    TUTORIAL = "tutorial"

    def __repr__(self) -> str:
        return f"<Mode.{self.name}: {self.value!r}>"


# -- position codes ------------------------------------------------------------------------------------


def encode(data: typing.Any) -> str:
    """JSON ``data`` as a URL-safe code (raw DEFLATE, base64url without padding)."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code: str, what: str = "", *, error: str = "bad_scenario") -> typing.Any:
    """The JSON data of a code written by :func:`encode` (or by the browser);
    raises :class:`EmbedError` in plain words, with the code ``error``
    (``bad_scenario``, or ``bad_record`` for a record); ``what`` names the code (default: the position code).

    >>> decode("not a code!")
    Traceback (most recent call last):
    ...
    lostcities.ui.embed.EmbedError: the position code is not base64url text
    """
    what = what or i18n._("the position code")
    text = code.strip()
    if len(text) > MAX_CODE:
        raise EmbedError(i18n._("{what} is too long ({count} characters; at most {MAX_CODE})").format(
            what=what, count=len(text), MAX_CODE=MAX_CODE), code=error)
    if not text or any(ch not in _B64URL for ch in text):
        raise EmbedError(i18n._("{what} is not base64url text").format(what=what), code=error)
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail:
            raise EmbedError(i18n._("{what} unpacks to more than {MAX_JSON} bytes").format(
                what=what, MAX_JSON=MAX_JSON), code=error)
        text_json = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as err:
        if isinstance(err, EmbedError):
            raise
        raise EmbedError(i18n._("{what} is damaged (it does not unpack)").format(what=what), code=error) from None
    try:
        return safejson.loads(text_json)
    except errors.InvalidStateError as err:
        raise EmbedError(i18n._("{what} is not readable data: {reason}").format(
            what=what, reason=err.reason), code=error) from None


_B64URL: typing.Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


# -- the parameters ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Config:
    """What an embed shows, from its URL (see the module's table)."""

    game: str
    mode: Mode
    tutorial: str | None = None
    step: int = 0
    """0-based: the tutorial step, or the number of record actions played."""
    scenario: typing.Mapping[str, typing.Any] | None = dataclasses.field(default=None, repr=False)
    record: typing.Mapping[str, typing.Any] | None = dataclasses.field(default=None, repr=False)
    bot: str = ""
    pov: int = 0
    reveal: bool = False
    seed: int | None = None
    controls: bool = True
    autoplay: bool = False
    ident: str = ""
    parent: str | None = None
    sound: bool = False
    theme: colour_theme.Theme = colour_theme.Theme.AUTO

    def __repr__(self) -> str:
        shown = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.repr}
        defaults = {f.name: f.default for f in dataclasses.fields(self) if f.repr}
        parts = [f"{k}={v!r}" for k, v in shown.items() if k in ("game", "mode") or v != defaults[k]]
        return f"Config({', '.join(parts)})"

    @property
    def game_class(self) -> type[api.Game]:
        return session.game_class(self.game)

    @classmethod
    def from_query(cls, params: typing.Mapping[str, str], fragment: str = "") -> Config:
        """Read the parameters (``fragment``: the URL's ``#...``, for ``#step=N``);
        raises :class:`EmbedError` naming the parameter."""
        get = {k: v for k, v in params.items() if isinstance(k, str) and isinstance(v, str)}
        hashed = dict(urllib.parse.parse_qsl(fragment.lstrip("#"), keep_blank_values=True))
        if "lang" in get and i18n.parse(get["lang"]) is None:
            raise EmbedError(i18n._("lang must be one of {names}, not {value}").format(
                names=', '.join(i18n.languages()), value=errors.shown(get['lang'][:20])))
        ident = get.get("id", "")
        if len(ident) > 64 or any(ord(ch) < 32 for ch in ident):
            raise EmbedError(i18n._("id must be at most 64 printable characters"))
        parent = parse_origin(get["parent"]) if "parent" in get else None
        source = _Source.read(get)
        game_cls = api.games()[source.game]
        mode = _mode(get, source)
        bot = get.get("bot", source.tut.bot if source.tut else game_cls.bot_levels[0])
        if bot not in game_cls.bot_levels:
            raise EmbedError(i18n._("bot must be one of {names}, not {value}").format(
                names=', '.join(game_cls.bot_levels), value=errors.shown(bot)))
        step = _step(hashed.get("step", get.get("step")), source)
        pov = (_whole(get["pov"], "pov", 1, game_cls.max_players) - 1 if "pov" in get
               else (source.tut.pov if source.tut else 0))
        seed = _whole(get["seed"], "seed", 0, 10**18) if "seed" in get else None
        return cls(source.game, mode, source.tut.id if source.tut else None, step, source.scenario, source.record,
                   bot, pov, _flag(get, "reveal", False), seed, _flag(get, "controls", True),
                   _flag(get, "autoplay", False), ident, parent, _flag(get, "sound", False),
                   _choice(get, "theme", colour_theme.Theme, colour_theme.Theme.AUTO))


@dataclasses.dataclass(frozen=True)
class _Source:
    """What the parameters open: the game, and a tutorial, a scenario or a record."""

    game: str
    tut: tutorial.Tutorial | None
    scenario: typing.Any
    record: typing.Any

    @classmethod
    def read(cls, get: typing.Mapping[str, str]) -> _Source:
        game = get.get("game")
        tut: tutorial.Tutorial | None = None
        scenario = record = None
        if "tut" in get:
            try:
                tut = tutorial.get(get["tut"])
            except tutorial.UnknownTutorialError as err:
                raise EmbedError(i18n._("{reason}; the tutorials are: {names}").format(
                    reason=err.reason, names=', '.join(tutorial.tutorials())),
                                 code="unknown_tutorial") from None
            game = _agree(game, tut.game, "tut")
        if "s" in get:
            scenario = decode(get["s"], i18n._("the scenario (s)"))
            game = _agree(game, _game_of(scenario, i18n._("the scenario (s)"), "bad_scenario"), "s")
        if "rec" in get:
            record = decode(get["rec"], i18n._("the record (rec)"), error="bad_record")
            game = _agree(game, _game_of(record, i18n._("the record (rec)"), "bad_record"), "rec")
        if game is None:
            raise EmbedError(i18n._(
                "say which game to show: game=card, game=roll or game=board (or give tut, s or rec)"))
        if game not in api.games():
            raise EmbedError(i18n._("there is no game called {value}; use card, roll or board").format(
                value=errors.shown(game)))
        return cls(game, tut, scenario, record)


def _mode(get: typing.Mapping[str, str], source: _Source) -> Mode:
    default = Mode.TUTORIAL if source.tut else Mode.VIEW if source.record is not None else Mode.PLAY
    mode = _choice(get, "mode", Mode, default)
    if mode is Mode.TUTORIAL and source.tut is None:
        raise EmbedError(i18n._("mode=tutorial needs a tutorial: tut=<id>"))
    if mode is Mode.VIEW and source.record is None:
        raise EmbedError(i18n._("mode=view steps through a record: give rec=<code>"))
    if mode is Mode.PUZZLE and source.tut is None and source.record is None:
        raise EmbedError(i18n._("mode=puzzle needs a tutorial (tut) or a record (rec) to find the moves of"))
    return mode


def _step(raw: str | None, source: _Source) -> int:
    """The 0-based step: a tutorial's step, or with a record the actions played (``step=N``: N)."""
    if raw is None:
        return 0
    step = _whole(raw, "step", 1, 10_000) - 1
    if source.tut is None and source.record is None:
        raise EmbedError(i18n._("step goes with a tutorial (tut) or a record (rec)"))
    if source.tut is not None and step >= len(source.tut.steps):
        raise EmbedError(i18n._("step must be from 1 to {count} for this tutorial").format(count=len(source.tut.steps)))
    return step + 1 if source.record is not None else step


def _agree(game: str | None, found: str, what: str) -> str:
    if game is not None and game != found:
        raise EmbedError(i18n._("game={game} does not match {what}, which is of game {found}").format(
            game=game, what=what, found=found))
    return found


def _game_of(data: typing.Any, what: str, error: str) -> str:
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str) or name not in api.games():
        raise EmbedError(i18n._("{what} does not name a game of this site").format(what=what), code=error)
    return name


EnumT = typing.TypeVar("EnumT", bound=enum.Enum)


def _choice(get: typing.Mapping[str, str], key: str, kind: type[EnumT], default: EnumT) -> EnumT:
    if key not in get:
        return default
    try:
        return kind(get[key])
    except ValueError:
        names = ", ".join(str(m.value) for m in kind)
        raise EmbedError(i18n._("{key} must be one of {names}, not {value}").format(
            key=key, names=names, value=errors.shown(get[key]))) from None


def whole(text: str) -> int | None:
    """The value of a whole number written in ASCII digits ``0``-``9`` (at most 19), else None:
    other Unicode digits (superscript two, fullwidth one, Arabic-Indic three) are not numbers here.

    >>> whole("42"), whole("007"), whole("²"), whole("\uff11\uff12"), whole("\u0663"), whole("-1"), whole("")
    (42, 7, None, None, None, None, None)
    """
    if not text or len(text) > 19 or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def _whole(text: str, key: str, low: int, high: int) -> int:
    value = whole(text)
    if value is None or not low <= value <= high:
        raise EmbedError(i18n._("{key} must be a whole number from {low} to {high} in the digits 0-9, "
                                "not {value}").format(
            key=key, low=low, high=high, value=errors.shown(text)))
    return value


def _flag(get: typing.Mapping[str, str], key: str, default: bool) -> bool:
    if key not in get:
        return default
    if get[key] not in ("0", "1"):
        raise EmbedError(i18n._("{key} must be 0 or 1, not {value}").format(key=key, value=errors.shown(get[key])))
    return get[key] == "1"


DEFAULT_PORTS: typing.Final = {"http": 80, "https": 443}
"""The schemes a ``parent`` may have, with the port an origin leaves out."""
_HOST_CHARS: typing.Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-._")


def parse_origin(text: str) -> str:
    """``parent`` as the browser writes an origin (the URL standard's serialisation:
    lower-case scheme and host, no default port, no leading zeros in the port), so
    that it can be compared with a message's ``origin``; anything that is not an
    http or https origin raises :class:`EmbedError`.

    >>> parse_origin("https://rules.example.org"), parse_origin("http://127.0.0.1:8001/")
    ('https://rules.example.org', 'http://127.0.0.1:8001')
    >>> parse_origin("HTTP://Rules.Example.ORG:80"), parse_origin("http://127.0.0.1:08124")
    ('http://rules.example.org', 'http://127.0.0.1:8124')
    >>> parse_origin("https://[0:0::1]:443/")
    'https://[::1]'
    >>> parse_origin("*")
    Traceback (most recent call last):
    ...
    lostcities.ui.embed.EmbedError: parent must be the host page's origin, like https://example.org, not '*'
    """
    raw = text.strip()
    scheme, sep, rest = raw.partition("://")
    scheme = scheme.lower()
    netloc, _, path = rest.partition("/")
    if not sep or scheme not in DEFAULT_PORTS or path or any(ch in netloc for ch in "?#@\\%"):
        raise EmbedError(i18n._("parent must be the host page's origin, like https://example.org, not {value}").format(
            value=errors.shown(text)))
    if not netloc.isascii():
        raise EmbedError(i18n._("parent must be written in ASCII, as the browser writes an origin (a host name as "
                                "xn--...), not {value}").format(
            value=errors.shown(text)))
    host, port = _host_and_port(netloc, text)
    shown_port = "" if port is None or port == DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def _host_and_port(netloc: str, text: str) -> tuple[str, int | None]:
    """The serialised host and the port of ``host[:port]`` (``[v6]``, a dotted IPv4 address or a name)."""
    if netloc.startswith("["):
        inside, _, after = netloc[1:].partition("]")
        try:
            host = f"[{ipaddress.IPv6Address(inside).compressed}]"
        except ValueError:
            raise EmbedError(i18n._("parent has no valid IPv6 address: {value}").format(
                value=errors.shown(text))) from None
        port_text = after.removeprefix(":") if after.startswith(":") or not after else "x"
    else:
        name, colon, port_text = netloc.partition(":")
        host = name.lower()
        if not colon:
            port_text = ""
        if not host or any(ch not in _HOST_CHARS for ch in host):
            raise EmbedError(i18n._("parent has no valid host name: {value}").format(value=errors.shown(text)))
        last = host.rstrip(".").rsplit(".", 1)[-1]
        if last.isdigit() or last.startswith("0x"):
            try:
                canonical = str(ipaddress.IPv4Address(host))
            except ValueError:
                canonical = ""
            if canonical != host:
                raise EmbedError(i18n._("parent must write an IP address as four numbers, like 127.0.0.1, "
                                        "not {value}").format(
                    value=errors.shown(text)))
    if not port_text:
        return host, None
    port = whole(port_text)
    if port is None or port > 65_535:
        raise EmbedError(i18n._("parent's port must be a number from 0 to 65535, not {value}").format(
            value=errors.shown(port_text)))
    return host, port


# -- messages ------------------------------------------------------------------------------------------


def message(kind: str, ident: str, **payload: typing.Any) -> dict[str, typing.Any]:
    """A message to the host page: ``{"lc": 1, "id": ..., "type": kind, ...}`` (JSON-safe)."""
    if kind not in OUT_TYPES:
        raise ValueError(f"unknown message type {kind!r}")
    codes = ERROR_CODES if kind == "error" else ILLEGAL_CODES if kind == "illegal" else None
    if codes is not None and payload.get("code") not in codes:
        raise ValueError(f"an {kind} message's code is one of {sorted(codes)}, not {payload.get('code')!r}")
    return {"lc": PROTOCOL, "id": ident, "type": kind, **payload}


def read_message(data: typing.Any) -> tuple[str, dict[str, typing.Any]]:
    """A message from the host page, checked: ``(type, payload)``; raises :class:`EmbedError`.

    >>> read_message({"lc": 1, "type": "goto", "step": 2})
    ('goto', {'step': 2})
    >>> read_message({"type": "goto"})
    Traceback (most recent call last):
    ...
    lostcities.ui.embed.EmbedError: a message must be an object with "lc": 1 and a "type"
    """
    try:
        safejson.check_value(data)
    except errors.InvalidStateError as err:
        raise EmbedError(_message_problem(err), code="bad_message") from None
    if not isinstance(data, dict) or data.get("lc") != PROTOCOL or not isinstance(data.get("type"), str):
        raise EmbedError(i18n._("a message must be an object with \"lc\": 1 and a \"type\""), code="bad_message")
    kind = data["type"]
    if kind not in IN_TYPES:
        raise EmbedError(i18n._("unknown message type {value} (hello, goto, load, reset)").format(
            value=errors.shown(kind)),
                         code="bad_message")
    return kind, {k: v for k, v in data.items() if k not in ("lc", "type", "id")}


def message_data(text: str) -> typing.Any:
    """The data of a message as the page hands it over (its JSON text), read with
    :mod:`lostcities.safejson`'s limits; raises :class:`EmbedError` saying what is wrong.

    >>> message_data('{"lc": 1, "type": "hello"}')
    {'lc': 1, 'type': 'hello'}
    >>> message_data("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    lostcities.ui.embed.EmbedError: the message is nested too deeply (more than 64 levels)
    """
    try:
        return safejson.loads(text)
    except errors.InvalidStateError as err:
        raise EmbedError(_message_problem(err), code="bad_message") from None


def _message_problem(err: errors.InvalidStateError) -> str:
    """safejson's reason, said of a message ("the message is ...", in the current language)."""
    return err.about("message") if isinstance(err, safejson.UnsafeJSONError) else err.reason


def version() -> str:
    return lostcities.__version__


def first_paint_words() -> dict[str, str]:
    """The words ``web/embed.js`` writes before Python runs, in the current language (the build writes
    them into ``embed.html`` for each language; ``{step}``, ``{limit}`` and ``{type}`` are filled in there).

    >>> first_paint_words()["play"], first_paint_words()["game-roll"]
    ('Play', 'Roll & Write')
    """
    _ = i18n._
    words = {
        "summary": _("A live position: press Play to try it."), "play": _("Play"),
        "loading": _("Loading the game engine\u2026"), "tutorial": _("tutorial"), "your-move": _("Your move"),
        "record": _("A game to step through"),
        "open-record": _("A game to step through: press Play to open it here."),
        "open-position": _("A position: press Play to open it here."),
        "open-table": _("The table: press Play to open it here."),
        "open-tutorial": _("A tutorial: press Play to start it here."),
        "goto": _("Press Play to open step {step} here."),
        "reset": _("Press Play to start again from the beginning."),
        "load": _("Press Play to open what this page asked for."),
        "too-many": _("Too many messages before Play: the frame keeps {limit} until the engine runs."),
        "unknown": _("Unknown message type {type}: the frame reads hello, goto, load and reset."),
    }
    for name, cls in api.games().items():
        words[f"game-{name}"] = lc_html.short_title(cls)
    return words


# -- the lesson panel ----------------------------------------------------------------------------------


SENTENCE_END: typing.Final = re.compile(r"(?<=\w\w[.?!])\s+|(?<=[\d)][.?!])\s+|(?<=[.?!][)\"\u201d\u201c])\s+")
"""Where a sentence ends: after a word of two letters or more (so not after "z." of "z. B."), a number or a
bracket, and then its stop (and a closing bracket or quote)."""


def lead_and_ask(text: str, ask: tutorial.Ask = tutorial.Ask.LAST) -> tuple[str, str, str]:
    """A step's text cut in three: what leads to its ask (its last sentence that is not in brackets, or with
    :attr:`tutorial.Ask.FIRST` its first: what to do or what is asked), that sentence, and what follows it.
    On a small screen the panel shows the ask alone until the reader asks for the whole text.

    >>> lead_and_ask("Wagers come first. Start your blue expedition. (A wager is a card.)")
    ('Wagers come first.', 'Start your blue expedition.', '(A wager is a card.)')
    >>> lead_and_ask("Refuse this roll.")
    ('', 'Refuse this roll.', '')
    >>> lead_and_ask("Nimm z. B. die 3 (oder die 4). Was passiert?")
    ('Nimm z. B. die 3 (oder die 4).', 'Was passiert?', '')
    >>> lead_and_ask("Now draw. The red pile shows the red 8. (Not the card you discarded.)", tutorial.Ask.FIRST)
    ('', 'Now draw.', 'The red pile shows the red 8. (Not the card you discarded.)')
    """
    pieces = SENTENCE_END.split(text.strip())
    plain = [i for i, piece in enumerate(pieces) if not piece.startswith("(")] or [len(pieces) - 1]
    at = plain[0] if ask is tutorial.Ask.FIRST else plain[-1]
    return " ".join(pieces[:at]), pieces[at], " ".join(pieces[at + 1:])


def lesson_text(text: str, *, shown: bool, ask: tutorial.Ask = tutorial.Ask.LAST) -> tuple[str, str]:
    """The step's text (its ask in ``lc-lesson-ask``, the rest in ``lc-lesson-more``) and, when there is more
    than the ask, the button that shows or hides the rest on a small screen (``shown``: the reader asked for
    the whole text; a wide screen shows it always and hides the button)."""
    esc = lc_html.esc
    lead, asked, after = lead_and_ask(text, ask)
    parts = [(lead, "lc-lesson-more"), (asked, "lc-lesson-ask"), (after, "lc-lesson-more")]
    body = " ".join(f'<span class="{cls}">{esc(part)}</span>' for part, cls in parts if part)
    if not (lead or after):
        return f'<p class="lc-lesson-text">{body}</p>', ""
    toggle = lc_html.button(i18n._("Whole text"), "lesson-text", cls="secondary lc-lesson-toggle",
                            extra={"aria-expanded": "true" if shown else "false"})
    return f'<p class="lc-lesson-text">{body}</p>', toggle


def lesson_panel(lesson: tutorial.Lesson, *, controls: bool, busy: bool = False, links: str = "",
                 text_shown: bool = False) -> str:
    """The tutorial's text above the table: title, step counter, the step's text,
    the feedback, the choice buttons and the controls (class hooks ``lc-lesson-*``);
    ``links``: markup shown beside the controls (the app's way back and onwards); ``text_shown``: a small
    screen shows the step's whole text, not only its ask (:func:`lesson_text`)."""
    esc = lc_html.esc
    tut, step = lesson.tutorial, lesson.step
    outcome = lesson.outcome
    counter = i18n._("Step {number} of {count}").format(number=lesson.index + 1, count=lesson.total)
    body, toggle = lesson_text(i18n._(step.text), shown=text_shown, ask=step.ask)
    head = (f'<div class="lc-lesson-head"><strong class="lc-lesson-title">{esc(i18n._(tut.title))}</strong>'
            f'<span class="lc-lesson-count" data-step="{lesson.index + 1}">{esc(counter)}</span>{toggle}</div>')
    feedback = ""
    # A lesson's message is a tutorial's own words (translated here) or a refusal of the rules
    # (translated when it was made: not a message of the catalogs, it passes unchanged).
    if lesson.done:
        stars = lesson.stars()
        feedback = (f'<p class="lc-lesson-done" role="status" data-stars="{stars}">{stars_html(stars)} '
                    f"{esc(i18n._(lesson.message or tutorial.COMPLETE))}</p>")
    elif lesson.message:
        kind = "is-success" if outcome is tutorial.Outcome.SUCCESS else "is-failure"
        feedback = f'<p class="lc-lesson-feedback {kind}" role="status">{esc(i18n._(lesson.message))}</p>'
    choices = ""
    if step.kind is tutorial.StepKind.CHOICE and outcome is not tutorial.Outcome.SUCCESS:
        choices = '<div class="lc-lesson-choices">' + "".join(
            lc_html.button(i18n._(text), "lesson-answer", cls="secondary", extra={"data-choice": str(i)})
            for i, text in enumerate(step.options)) + "</div>"
    buttons = []
    ready = step.kind is tutorial.StepKind.INFO or outcome is tutorial.Outcome.SUCCESS
    if not lesson.done and ready and not busy:
        label = i18n._("Finish") if lesson.index + 1 >= lesson.total else i18n._("Next")
        buttons.append(lc_html.button(label, "lesson-next"))
    if controls:
        if outcome is tutorial.Outcome.FAILURE or (step.kind is tutorial.StepKind.PLAY and not lesson.done):
            buttons.append(lc_html.button(i18n._("Start this step again"), "lesson-retry", cls="secondary"))
        if lesson.done or lesson.index > 0:
            buttons.append(lc_html.button(i18n._("Start over"), "lesson-restart", cls="secondary"))
    if links:
        buttons.append(links)
    bar = f'<div class="lc-lesson-buttons">{"".join(buttons)}</div>' if buttons else ""
    # has-choices: the panel's own class for its answers (web/embed.css lays them out under the text):
    # a `:has()` selector there restyled the whole table on every render (benchmarks/style_work.py).
    panel = "lc-lesson-panel has-choices" if choices else "lc-lesson-panel"
    return (f'<div class="{panel}" data-kind="{step.kind.value}" data-text="{"all" if text_shown else "ask"}">'
            f'<div class="lc-lesson-body">{head}{body}{feedback}{choices}</div>{bar}</div>')


FULL_STAR: typing.Final = "\u2605"
EMPTY_STAR: typing.Final = "\u2606"


def stars_html(stars: int) -> str:
    """Earned stars out of three, drawn and named.

    >>> stars_html(2)
    '<span class="lc-stars" aria-label="2 of 3 stars">★★☆</span>'
    """
    drawn = FULL_STAR * stars + EMPTY_STAR * (3 - stars)
    label = i18n.ngettext("{count} of 3 stars", "{count} of 3 stars", stars).format(count=stars)
    return f'<span class="lc-stars" aria-label="{lc_html.esc(label)}">{drawn}</span>'


def viewer_bar(done: int, total: int, *, controls: bool) -> str:
    """A record viewer's position and buttons (first, back, forward, last)."""
    buttons = ""
    if controls:
        buttons = "".join(
            lc_html.button(label, "view-step", cls="secondary", extra={"data-to": str(to), "aria-label": i18n._(aria),
                                                                        "disabled": None if ok else "disabled"})
            for label, aria, to, ok in (("\u23ee", i18n.N_("First position"), 0, done > 0),
                                        ("\u25c0", i18n.N_("Back one action"), done - 1, done > 0),
                                        ("\u25b6", i18n.N_("Forward one action"), done + 1, done < total),
                                        ("\u23ed", i18n.N_("Last position"), total, done < total)))
    after = i18n.ngettext("After {done} of {total} action", "After {done} of {total} actions", total).format(
        done=done, total=total)
    return (f'<div class="lc-lesson-panel lc-viewer" data-kind="view"><span class="lc-lesson-count" '
            f'data-step="{done}">{lc_html.esc(after)}</span>'
            f'<div class="lc-lesson-buttons">{buttons}</div></div>')


def problem(reason: str) -> str:
    """What the frame shows instead of a table when its parameters are bad."""
    said = i18n._("This position cannot be shown.")
    return (f'<div class="lc-embed-problem" role="alert"><p><strong>{lc_html.esc(said)}</strong></p>'
            f"<p>{lc_html.esc(lc_html.to_sentence(reason))}</p></div>")


def json_text(data: typing.Any) -> str:
    """Compact JSON (what is stored)."""
    return json.dumps(data, separators=(",", ":"))


def load_config(config: Config, payload: typing.Mapping[str, typing.Any]) -> Config:
    """The configuration after a ``load`` message: ``tutorial`` (an id),
    ``scenario`` or ``record`` (the data, or a code), with optional ``mode``,
    ``step``, ``pov`` (from 1) and ``bot``; the frame's ``id``, ``parent``,
    ``controls`` and ``seed`` stay.  Raises :class:`EmbedError`."""
    query: dict[str, str] = {"id": config.ident, "controls": "1" if config.controls else "0"}
    if config.parent:
        query["parent"] = config.parent
    if config.seed is not None:
        query["seed"] = str(config.seed)
    sources = [key for key in ("tutorial", "scenario", "record") if key in payload]
    if len(sources) != 1:
        raise EmbedError(i18n._("load needs one of tutorial, scenario or record"), code="bad_message")
    source = sources[0]
    value = payload[source]
    if source == "tutorial":
        if not isinstance(value, str):
            raise EmbedError(i18n._("load's tutorial must be a tutorial id"), code="bad_message")
        query["tut"] = value
    else:
        query["s" if source == "scenario" else "rec"] = value if isinstance(value, str) else encode(value)
    for key in ("mode", "bot"):
        if key in payload:
            query[key] = str(payload[key])
    for key in ("step", "pov"):
        if key in payload:
            if type(payload[key]) is not int:
                raise EmbedError(i18n._("load's {key} must be a whole number").format(key=key), code="bad_message")
            query[key] = str(payload[key])
    return Config.from_query(query)


def tutorial_list(game: type[api.Game], tutorials: typing.Sequence[tutorial.Tutorial],
                  stars: typing.Mapping[str, int], *, rules: bool = False) -> str:
    """The app's *Learn to play* page of a game: its tutorials in teaching order,
    each with its summary, length and the best stars earned; ``rules``: a link to
    the game's rules summary (``#rules/<game>``).

    >>> from lostcities import card
    >>> page = tutorial_list(card.Game, list(tutorial.tutorials("card").values()), {"card-wagers": 2})
    >>> 'href="#learn/card-wagers"' in page and 'aria-label="2 of 3 stars"' in page
    True
    """
    esc = lc_html.esc
    items = []
    for tut in tutorials:
        earned = stars.get(tut.id)
        badge = "" if earned is None else stars_html(earned)
        length = i18n.ngettext("({count} step)", "({count} steps)", len(tut.steps)).format(count=len(tut.steps))
        items.append(f'<li><a class="lc-learn-item" href="#learn/{esc(tut.id)}" data-tutorial="{esc(tut.id)}">'
                     f"<strong>{esc(i18n._(tut.title))}</strong> {badge}<span>{esc(i18n._(tut.summary))} "
                     f"{esc(length)}</span></a></li>")
    title = i18n._(game.title)
    intro = i18n._("Short lessons in a live position: the rules engine checks every move and says why one is not "
                   "allowed. Each ends with a few free turns against the computer.")
    heading = i18n._("Learn to play: {game}").format(game=title)
    play = i18n._("Play {game}").format(game=title)
    summary = i18n._("Rules summary")
    return (f'<section class="lc-learn"><h1>{esc(heading)}</h1><p>{esc(intro)}</p>'
            f'<ol class="lc-learn-list">{"".join(items)}</ol>'
            f'<p class="lc-learn-links"><a class="button" href="#{esc(game.name)}">{esc(play)}</a> '
            + (f'<a class="button secondary" href="#rules/{esc(game.name)}">{esc(summary)}</a> ' if rules else "")
            + f"{lc_html.home_link()}</p></section>")


def lesson_links(current: tutorial.Tutorial, *, done: bool) -> str:
    """The app's way on from a lesson: *Next tutorial* (once it is done) and *All tutorials*.

    >>> 'href="#learn/card-ascending"' in lesson_links(tutorial.get("card-first-expedition"), done=True)
    True
    """
    ids = list(tutorial.tutorials(current.game))
    links = (f'<a class="button secondary" href="#learn/{lc_html.esc(current.game)}">'
             f'{lc_html.esc(i18n._("All tutorials"))}</a>')
    at = ids.index(current.id) if current.id in ids else -1
    if done and 0 <= at < len(ids) - 1:
        following = lc_html.esc(ids[at + 1])
        links = (f'<a class="button" href="#learn/{following}" data-next-tutorial="{following}">'
                 f'{lc_html.esc(i18n._("Next tutorial"))}</a>'
                 + links)
    return links


def revealed_hands(state: api.State, names: typing.Sequence[str], viewer: int) -> str:
    """Every other player's hand face up (``reveal=1``, for teaching), or nothing in a
    game without hidden hands (Roll & Write).

    >>> import random
    >>> from lostcities import card
    >>> state = card.Game(games=1).new_game(random.Random(2))
    >>> html = revealed_hands(state, ["You", "Computer"], 0)
    >>> 'lc-reveal-name">Computer<' in html, html.count('data-card="')
    (True, 8)
    """
    renderer = games.get(state.game.name).renderer
    parts = []
    for seat, name in enumerate(names):
        shown = renderer.revealed_hand(state, seat, name) if seat != viewer else ""
        if shown:
            who = lc_html.esc(api.shown_name(name))
            parts.append(f'<div class="lc-reveal-row"><span class="lc-reveal-name">{who}</span>'
                         f"{shown}</div>")
    if not parts:
        return ""
    label = lc_html.esc(i18n._("Every hand, shown for teaching"))
    return f'<div class="lc-reveal" aria-label="{label}">{"".join(parts)}</div>'
