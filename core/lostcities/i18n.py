"""The languages of every text a person reads: gettext catalogs and the current language.

Every user-visible string of the core (the renderers of :mod:`lostcities.ui`, the rules' refusal
reasons and log lines, the tutorials, the rules summaries, the statistics, the embed's messages)
is written in English in the source, marked for the catalogs with :func:`_` (translated at once),
:func:`ngettext` (a count: the language's plural forms) or :func:`N_` (a constant marked where it
is defined and translated where it is shown), and translated through the standard library's
:mod:`gettext` from the compiled catalogs ``lostcities/locale/<lang>/LC_MESSAGES/lostcities.mo``
that ship inside the wheel (the ``.po`` files are the sources; ``python3 build.py catalogs``
extracts and merges them with Babel, and every build compiles them).  A string with values names
them: ``_("{name} is thinking...").format(name=...)``, never an f-string inside ``_()``.

**The current language** is a :class:`contextvars.ContextVar`, English unless set:

* :func:`using` sets it for a ``with`` block and restores the one before (tests, the build's
  pages drawn in each language, anything that renders for somebody else's language);
* :func:`activate` sets the language outside every such block: the page's app calls it once at
  start and when the player switches language (a page is one person's, in one language; no test
  calls it).

A context variable rather than a translator passed to every renderer: the strings are spread over
hundreds of small pure functions whose signatures would all grow an argument that none of them
reads but to pass on; a context variable keeps them pure functions of their arguments *and* the
language, is restored by :func:`using` (so no test sees another's language), and is per thread
and per asyncio task, so a block's language never leaks into a concurrent caller.  The page's
language (:func:`activate`) is the one piece of module state, written only by the page's app.  The
rules themselves (what is legal, the state, the saves) never depend on the language: only texts do.

A new language is a new catalog and nothing else: :func:`languages` lists every compiled catalog
in the package.

>>> with using("en"):
...     _("Menu"), ngettext("{count} card", "{count} cards", 2).format(count=2)
('Menu', '2 cards')
>>> current()
'en'
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import gettext
import io
import pathlib
import string
import typing

DOMAIN: typing.Final = "lostcities"
"""The catalogs' domain: ``locale/<lang>/LC_MESSAGES/lostcities.mo``."""
SOURCE: typing.Final = "en"
"""The language the source is written in (no catalog: the identity)."""
LOCALE_DIR: typing.Final = pathlib.Path(__file__).resolve().parent / "locale"


@dataclasses.dataclass(frozen=True)
class Language:
    """A language as the texts use it: its code and its translations."""

    code: str
    translations: gettext.NullTranslations = dataclasses.field(compare=False, repr=False)


def _read_catalogs() -> dict[str, bytes]:
    return {path.parent.parent.name: path.read_bytes()
            for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")) if path.parent.parent.name != SOURCE}


_CATALOGS: typing.Final = _read_catalogs()
"""Every compiled catalog, read when this module is imported: the page's start-up snapshot holds the
imported modules' memory but not the files of the wheel, so the catalogs travel in memory."""


def languages() -> tuple[str, ...]:
    """Every language the site speaks: English, then each compiled catalog in the package, by code.

    >>> languages()[0], "de" in languages()
    ('en', True)
    """
    return (SOURCE, *_CATALOGS)


@functools.cache
def language(code: str) -> Language:
    """The :class:`Language` of ``code`` (one of :func:`languages`); a ``LookupError`` names the others.

    >>> language("fr")
    Traceback (most recent call last):
    ...
    LookupError: there is no catalog for the language 'fr' (the site speaks en, de)
    """
    if code == SOURCE:
        return _ENGLISH
    if code not in languages():
        raise LookupError(f"there is no catalog for the language {code!r} (the site speaks {', '.join(languages())})")
    return Language(code, gettext.GNUTranslations(io.BytesIO(_CATALOGS[code])))


_CURRENT: contextvars.ContextVar[Language] = contextvars.ContextVar("lostcities_language")
_ENGLISH: typing.Final = Language(SOURCE, gettext.NullTranslations())
"""The source's language."""
_default = _ENGLISH
"""The language outside every :func:`using` block: English, or the page's (:func:`activate`)."""


def current() -> str:
    """The current language's code."""
    return _CURRENT.get(_default).code


@contextlib.contextmanager
def using(lang: str | Language) -> typing.Iterator[Language]:
    """Texts in ``lang`` (a code of :func:`languages`, or a :class:`Language`) inside the block."""
    chosen = language(lang) if isinstance(lang, str) else lang
    token = _CURRENT.set(chosen)
    try:
        yield chosen
    finally:
        _CURRENT.reset(token)


def translations() -> gettext.NullTranslations:
    """The current language's catalog itself: what a renderer's cache keys its texts by.

    Two languages never share one (English has its own null catalog, each compiled catalog is read
    once by :func:`language`, a test's pseudo-language is its own object), so markup cached under
    it is markup in that language; a cache that holds it keeps it alive, so that no other catalog
    can take its identity.

    >>> with using("de"):
    ...     translations() is language("de").translations
    True
    >>> translations() is language("en").translations
    True
    """
    return _CURRENT.get(_default).translations


def activate(code: str) -> None:
    """Texts in ``code`` from now on, wherever no :func:`using` block says otherwise: the page's app,
    at start and on a switch.  The page's one language, not a context's: PyScript runs the app's
    start in a task of its own, and the page's event handlers run outside it."""
    global _default
    _default = language(code)


def _(message: str) -> str:
    """``message`` in the current language (the message itself when its catalog lacks it)."""
    return _CURRENT.get(_default).translations.gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalogs: translate it with :func:`_` where it is shown.

    >>> N_("Opponent")
    'Opponent'
    """
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language (its catalog's plural rule)."""
    return _CURRENT.get(_default).translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words by ``context``."""
    return _CURRENT.get(_default).translations.pgettext(context, message)


MINUS: typing.Final = "\u2212"
_SMALL: typing.Final = 1000
"""The integers :func:`number` writes without its catalog: fewer digits than a group."""


def number(value: float, *, digits: int = 0) -> str:
    """A number written for the current language: its decimal separator and digit grouping (the
    catalog says them, as the messages ``.`` and ``,`` of the contexts *decimal separator* and
    *thousands separator*), ``digits`` after the separator, a real minus sign.

    >>> number(1234.5, digits=1), number(-3)
    ('1,234.5', '\u22123')
    >>> with using("de"):
    ...     number(1234.5, digits=1), number(0.25, digits=2)
    ('1.234,5', '0,25')

    An integer under a thousand either way without ``digits`` has neither separator to write: it
    skips the catalog (the renderers write hundreds of them per screen).

    >>> number(-999) == MINUS + "999", number(0), number(True)
    (True, '0', '1')
    """
    if type(value) is int and -_SMALL < value < _SMALL and not digits:
        return str(value) if value >= 0 else MINUS + str(-value)
    text = f"{abs(value):,.{digits}f}"
    point, group = pgettext("decimal separator", "."), pgettext("thousands separator", ",")
    text = text.replace(",", "\0").replace(".", point).replace("\0", group)
    return (MINUS if value < 0 and float(text.replace(group, "").replace(point, ".") or 0) else "") + text


def percent(fraction: float) -> str:
    """A share as a whole percentage in the current language's way (``45%``, German ``45 %``).

    >>> percent(0.454)
    '45%'
    """
    return _("{number}%").format(number=number(round(fraction * 100)))


def choose(preferred: typing.Iterable[str]) -> str:
    """The language to speak to a browser whose preferred languages are ``preferred`` (BCP 47 tags,
    best first, as ``navigator.languages``): the first whose primary subtag has a catalog, else
    English.

    >>> choose(["de-AT", "en"]), choose(["fr-FR", "de"]), choose(["fr"]), choose([])
    ('de', 'de', 'en', 'en')
    """
    for tag in preferred:
        code = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if code in languages():
            return code
    return SOURCE


def parse(text: str) -> str | None:
    """A language named in an address (``?lang=de``): its code, or None when it is none the site speaks.

    >>> parse("de"), parse(" EN "), parse("klingon")
    ('de', 'en', None)
    """
    code = text.strip().lower()
    return code if code in languages() else None


def pick(asked: str | None, stored: str | None, preferred: typing.Iterable[str]) -> tuple[str, str]:
    """The language to speak and what is wrong with the address's choice (``""``: nothing): the
    address's ``lang`` (``asked``, None when absent) when the site speaks it, else the choice
    remembered in the browser (``stored``), else the browser's languages (:func:`choose`).  A
    malformed ``lang`` is answered in plain words, in the language picked instead.

    >>> pick("de", "en", ["en"]), pick(None, "de", ["en"]), pick(None, None, ["de-CH"])
    (('de', ''), ('de', ''), ('de', ''))
    >>> pick("xx", None, ["en-GB"])
    ('en', 'Ignoring lang=xx: the site speaks de or en.')
    """
    code = parse(asked) if asked is not None else None
    chosen = code or (parse(stored) if stored else None) or choose(preferred)
    if asked is None or code is not None:
        return chosen, ""
    with using(chosen):
        return chosen, _("Ignoring lang={value}: the site speaks {languages}.").format(
            value=asked.strip()[:20], languages=spoken())


def spoken() -> str:
    """The languages as an address takes them, for a message (``de or en``)."""
    codes = sorted(languages())
    return _("{first} or {last}").format(first=", ".join(codes[:-1]), last=codes[-1]) if len(codes) > 1 else codes[0]


def fill(template: str, **values: typing.Any) -> str:
    """``template`` (a log line's template) with the named fields of ``values`` filled in and every
    other field (``{p0}``, ``{p1:their}``) kept for :meth:`lostcities.api.Event.describe`: still a
    template (braces in the text and in the values are doubled), so that a translated log line can
    name its values.

    >>> fill("{p0} played the {card} on {p0:their} {colour} expedition.", card="blue 3", colour="blue")
    '{p0} played the blue 3 on {p0:their} blue expedition.'
    >>> fill("{n} {{x}}", n=2).format()
    '2 {x}'
    """
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        parts.append(_escaped(literal))
        if field is None:
            continue
        if field in values:
            value = repr(values[field]) if conversion == "r" else values[field]
            parts.append(_escaped(format(value, spec or "")))
        else:
            parts.append("{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
    return "".join(parts)


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


class Pseudo(gettext.NullTranslations):
    """A pseudo-language for the tests: every message it translates comes back between ``\u27e6``
    and ``\u27e7``, so that a rendered page whose text is all inside such brackets took every word
    from the catalogs (placeholders and their values stay outside).

    >>> with using(Language("qps", Pseudo())):
    ...     _("Menu"), ngettext("{n} card", "{n} cards", 1).format(n=1)
    ('\u27e6Menu\u27e7', '\u27e61 card\u27e7')
    """

    OPEN: typing.Final = "\u27e6"
    CLOSE: typing.Final = "\u27e7"

    def gettext(self, message: str) -> str:
        return f"{self.OPEN}{message}{self.CLOSE}" if message else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return message if context.endswith("separator") else self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)
