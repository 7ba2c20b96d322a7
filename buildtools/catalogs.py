"""The message catalogs, with Babel: extract the texts, merge the catalogs, compile them, check them.

The sources are ``core/lostcities/locale/lostcities.pot`` (the template: every message of the core and
of web/, as :func:`extract` finds them) and one ``<lang>/LC_MESSAGES/lostcities.po`` per language,
checked in.  ``python3 build.py catalogs`` extracts the template again and merges it into every
``.po`` (a changed English message comes back *fuzzy*, a new one untranslated, for the translator);
every build compiles the ``.po`` files into the ``.mo`` files the wheel ships and the tests read
(:func:`compile_all`, only those that changed).  :func:`problems` is the catalog check of the test
command: a translated catalog has no fuzzy entry, and each translation names exactly the
placeholders of its message.
"""

from __future__ import annotations

import ast
import datetime
import io
import pathlib
import re
import string
import typing

from babel.messages import catalog as babel_catalog
from babel.messages import extract as babel_extract
from babel.messages import mofile, pofile

from buildtools import machine

ROOT = machine.ROOT
LOCALE = ROOT / "core" / "lostcities" / "locale"
DOMAIN = "lostcities"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS: typing.Final = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
"""The marking functions of :mod:`lostcities.i18n` (called as ``i18n._(...)``)."""
EPOCH: typing.Final = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The dates written into the template and the compiled catalogs: a build is the same every time."""


def extract_python(fileobj: typing.BinaryIO, keywords: typing.Mapping[str, typing.Any],
                   comment_tags: typing.Collection[str], options: typing.Mapping[str, typing.Any],
                   ) -> typing.Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Babel's extraction method for our modules, from their syntax tree: every call of a marking
    function (``i18n._("...")``), also inside an f-string's expression (Babel's own extractor reads
    tokens, and Python 3.11 tokenizes an f-string as one string), with its string arguments."""
    tree = ast.parse(fileobj.read())
    calls = sorted((node for node in ast.walk(tree) if isinstance(node, ast.Call)),
                   key=lambda node: (node.lineno, node.col_offset))
    for node in calls:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else (func.id if isinstance(func, ast.Name) else "")
        if name not in keywords:
            continue
        texts = [arg.value for arg in node.args[:_COUNTS.get(name, 1)]
                 if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        if texts and len(texts) == _COUNTS.get(name, 1):
            yield node.lineno, name, tuple(texts), []


_COUNTS: typing.Final = {"ngettext": 2, "pgettext": 2}
"""How many leading arguments of a marking function are its texts (the others: a count)."""


def sources() -> list[pathlib.Path]:
    """Every file the texts are extracted from: the core's modules and web/'s."""
    core = sorted((ROOT / "core" / "lostcities").rglob("*.py"))
    return [p for p in core if "__pycache__" not in p.parts] + sorted((ROOT / "web").glob("*.py"))


def po_files() -> list[pathlib.Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> babel_catalog.Catalog:
    """The template: every marked message of :func:`sources`, with where it comes from."""
    template = babel_catalog.Catalog(project="Lost Cities", version="", copyright_holder="",
                                     msgid_bugs_address="", creation_date=EPOCH, revision_date=EPOCH,
                                     fuzzy=False)
    for path in sources():
        relative = path.relative_to(ROOT).as_posix()
        with path.open("rb") as file:
            for line, message, comments, context in babel_extract.extract(
                    typing.cast(typing.Any, extract_python), file, keywords=KEYWORDS, comment_tags=("Translators:",)):
                template.add(message, None, [(relative, line)], auto_comments=comments, context=context)
    return template


def read(path: pathlib.Path) -> babel_catalog.Catalog:
    with path.open("rb") as file:
        return pofile.read_po(file, abort_invalid=True)


def write(path: pathlib.Path, catalog: babel_catalog.Catalog) -> None:
    out = io.BytesIO()
    pofile.write_po(out, catalog, width=110, sort_output=False, include_previous=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(out.getvalue())


def update() -> list[pathlib.Path]:
    """Extract the template again and merge it into every catalog (``python3 build.py catalogs``);
    returns the files written."""
    template = extract()
    write(TEMPLATE, template)
    for path in po_files():
        catalog = read(path)
        catalog.update(template, update_header_comment=False)
        write(path, catalog)
    return [TEMPLATE, *po_files()]


def mo_path(po: pathlib.Path) -> pathlib.Path:
    return po.with_suffix(".mo")


def compile_all() -> list[pathlib.Path]:
    """Every ``.po`` compiled into its ``.mo`` (skipped when the ``.mo`` is newer); returns the
    ``.mo`` files.  A catalog that does not parse stops the build."""
    compiled = []
    for po in po_files():
        mo = mo_path(po)
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            try:
                catalog = read(po)
            except pofile.PoFileError as err:
                raise machine.BuildError(f"{po.relative_to(ROOT)} cannot be read: {err}") from err
            out = io.BytesIO()
            mofile.write_mo(out, catalog, use_fuzzy=False)
            partial = mo.with_suffix(".mo.partial")
            partial.write_bytes(out.getvalue())
            partial.replace(mo)  # whole or not at all: a reader never sees half a catalog
        compiled.append(mo)
    return compiled


FIELD = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The named fields of a message, with their format (``{count}``, ``{p0:their}``).

    >>> sorted(placeholders("{p0} {p0:draws} {count} card{{s}}"))
    ['{count}', '{p0:draws}', '{p0}']
    """
    found = set()
    for _, field, spec, _ in string.Formatter().parse(text):
        if field is not None:
            found.add("{" + field + (":" + spec if spec else "") + "}")
    return found


def _names(found: set[str]) -> set[str]:
    """The fields' names without the verb forms a language writes its own way (``{p0:their}``)."""
    return {re.sub(r":.*\}$", "}", name) for name in found if not re.match(r"\{p\d+:", name)} | {
        name.split(":")[0].rstrip("}") + "}" for name in found if re.match(r"\{p\d+:", name)}


def problems(catalog: babel_catalog.Catalog) -> list[str]:
    """What is wrong with a catalog: fuzzy entries, and translations whose fields differ from their
    message's (a language may write a name's agreeing verb its own way: ``{p0:spielst|spielt}``)."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        label = f"{catalog.locale}: {ids[0]!r}"
        if message.fuzzy:
            found.append(f"{label} is fuzzy")
        if not any(strings):
            continue
        try:
            wanted = _names(set().union(*(placeholders(i) for i in ids)))
            for text in strings:
                if text and _names(placeholders(text)) != wanted:
                    found.append(f"{label}: the translation {text!r} does not name the fields {sorted(wanted)}")
        except ValueError as err:
            found.append(f"{label}: a translation is not a valid template ({err})")
    return found


def untranslated(catalog: babel_catalog.Catalog) -> list[str]:
    """The messages of a catalog that have no translation yet (they are shown in English)."""
    return [str(m.id if isinstance(m.id, str) else m.id[0]) for m in catalog
            if m.id and not all(m.string if isinstance(m.string, (list, tuple)) else (m.string,))]
