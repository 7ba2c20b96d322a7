"""Read stored or typed JSON without trusting it.

A save comes back from the browser's storage, a file or a paste: it may be
damaged, huge or nested thousands of levels deep.  The standard parser
recurses once per level, and in Pyodide the WebAssembly stack gives out after
a few thousand levels, killing the interpreter.  :func:`loads` therefore checks
the size and the nesting depth first, with a scan that does not recurse, and
only then parses; :func:`check_value` does the same for data already in memory
(a dictionary handed over by a caller).  Both raise
:class:`UnsafeJSONError` (an :class:`~lostcities.errors.InvalidStateError`) with a plain reason, in the
current language: a whole sentence about the saved data, which :meth:`UnsafeJSONError.about` says of
another subject (the embed's messages) so that each language can make the sentence agree with it.

>>> loads('{"format": "lostcities.state", "history": ["draw"]}')
{'format': 'lostcities.state', 'history': ['draw']}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
lostcities.safejson.UnsafeJSONError: the saved data is nested too deeply (more than 64 levels)
>>> loads('{"a": 1')
Traceback (most recent call last):
...
lostcities.safejson.UnsafeJSONError: the saved data is not valid JSON (it goes wrong at line 1, column 8)
"""

from __future__ import annotations

import json
import re
import typing

from lostcities import errors, i18n

MAX_BYTES: typing.Final = 2_000_000
"""Default size limit of :func:`loads`, in bytes of UTF-8."""
MAX_DEPTH: typing.Final = 64
"""Default nesting limit: objects and arrays inside each other."""

_STRING: typing.Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string literal (escapes included), written without nested repetition."""
_BRACKETS: typing.Final = re.compile(r"[\[\]{}]")


PROBLEMS: typing.Final[dict[str, tuple[str, str]]] = {
    # problem -> (said of the saved data, said of a message), with their values in braces
    "not_text": (i18n.N_("the saved data is not text but {kind}"), i18n.N_("the message is not text but {kind}")),
    "too_large": (i18n.N_("the saved data is too large ({size} bytes; at most {limit})"),
                  i18n.N_("the message is too large ({size} bytes; at most {limit})")),
    "too_many": (i18n.N_("the saved data is too large (more than {limit} values)"),
                 i18n.N_("the message is too large (more than {limit} values)")),
    "surrogate": (i18n.N_("the saved data is not valid text (it holds an unpaired surrogate)"),
                  i18n.N_("the message is not valid text (it holds an unpaired surrogate)")),
    "too_deep": (i18n.N_("the saved data is nested too deeply (more than {limit} levels)"),
                 i18n.N_("the message is nested too deeply (more than {limit} levels)")),
    "syntax": (i18n.N_("the saved data is not valid JSON (it goes wrong at line {line}, column {column})"),
               i18n.N_("the message is not valid JSON (it goes wrong at line {line}, column {column})")),
    "constant": (i18n.N_("the saved data is not valid JSON ({name} is not a JSON value)"),
                 i18n.N_("the message is not valid JSON ({name} is not a JSON value)")),
    "digits": (i18n.N_("the saved data is not valid JSON (a number with too many digits)"),
               i18n.N_("the message is not valid JSON (a number with too many digits)")),
    "key": (i18n.N_("the saved data has a key that is not text: {key}"),
            i18n.N_("the message has a key that is not text: {key}")),
    "number": (i18n.N_("the saved data holds {value}, which is not a JSON number"),
               i18n.N_("the message holds {value}, which is not a JSON number")),
    "kind": (i18n.N_("the saved data holds a {kind}, which is not a JSON value"),
             i18n.N_("the message holds a {kind}, which is not a JSON value")),
}
"""What is wrong with untrusted JSON, as a sentence about the saved data and about a message."""
Subject = typing.Literal["saved data", "message"]


class UnsafeJSONError(errors.InvalidStateError):
    """Untrusted JSON refused: ``problem`` (a key of :data:`PROBLEMS`) with its ``values``."""

    def __init__(self, problem: str, **values: str) -> None:
        self.problem = problem
        self.values = values
        super().__init__(self.about("saved data"))

    def about(self, subject: Subject) -> str:
        """The reason as a sentence about ``subject``, in the current language."""
        said = PROBLEMS[self.problem][0 if subject == "saved data" else 1]
        return i18n._(said).format(**self.values)


def _refuse(problem: str, **values: str | int) -> UnsafeJSONError:
    return UnsafeJSONError(problem, **{name: i18n.number(value) if isinstance(value, int) else value
                                       for name, value in values.items()})


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of objects and arrays in JSON ``text`` (brackets inside
    strings do not count), scanning without recursion and stopping as soon as it
    exceeds ``limit`` (then ``limit + 1`` is returned).

    >>> nesting_depth('{"a": [1, {"b": "]]]["}]}')
    3
    >>> nesting_depth("[" * 1000, limit=10)
    11
    """
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest


class _ConstantError(ValueError):
    """``NaN`` or ``Infinity`` in the text (they are not JSON)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _no_constant(name: str) -> typing.NoReturn:
    raise _ConstantError(name)


def loads(text: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> typing.Any:
    """Parse JSON ``text`` after checking its size (in UTF-8 bytes) and nesting depth.

    ``NaN`` and ``Infinity`` are refused (they are not JSON), and so is text
    with unpaired surrogates (not valid Unicode).  Raises ``InvalidStateError``.

    >>> loads('"' + "é" * 15 + '"', max_bytes=20)
    Traceback (most recent call last):
    ...
    lostcities.safejson.UnsafeJSONError: the saved data is too large (32 bytes; at most 20)
    >>> loads("NaN")
    Traceback (most recent call last):
    ...
    lostcities.safejson.UnsafeJSONError: the saved data is not valid JSON (NaN is not a JSON value)
    """
    if not isinstance(text, str):
        raise _refuse("not_text", kind=type(text).__name__)
    if len(text) > max_bytes:
        raise _refuse("too_large", size=len(text), limit=max_bytes)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise _refuse("surrogate") from None
    if size > max_bytes:
        raise _refuse("too_large", size=size, limit=max_bytes)
    if nesting_depth(text, max_depth) > max_depth:
        raise _refuse("too_deep", limit=max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise _refuse("syntax", line=err.lineno, column=err.colno) from None
    except _ConstantError as err:  # NaN, Infinity
        raise _refuse("constant", name=err.name) from None
    except ValueError:  # a number with more digits than Python converts
        raise _refuse("digits") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise _refuse("too_deep", limit=max_depth) from None


def check_value(data: typing.Any, *, max_depth: int = MAX_DEPTH, max_items: int = MAX_BYTES) -> None:
    """Check that ``data`` is plain JSON-like data: dictionaries with string keys,
    lists, strings, integers, finite floats, booleans and None, nested at most
    ``max_depth`` deep, with at most ``max_items`` values in all.  Iterative, so
    that any depth is refused without a ``RecursionError``.

    >>> check_value({"history": ["draw"], "state": None})
    >>> nested: list[object] = []
    >>> for _ in range(10_000):
    ...     nested = [nested]
    >>> check_value(nested)
    Traceback (most recent call last):
    ...
    lostcities.safejson.UnsafeJSONError: the saved data is nested too deeply (more than 64 levels)
    >>> check_value({1: "x"})
    Traceback (most recent call last):
    ...
    lostcities.safejson.UnsafeJSONError: the saved data has a key that is not text: 1
    """
    stack: list[tuple[typing.Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > max_items:
            raise _refuse("too_many", limit=max_items)
        kind = type(value)
        if kind is dict:
            if depth >= max_depth:
                raise _refuse("too_deep", limit=max_depth)
            for key, item in value.items():
                if type(key) is not str:
                    raise _refuse("key", key=errors.shown(key))
                stack.append((item, depth + 1))
        elif kind is list:
            if depth >= max_depth:
                raise _refuse("too_deep", limit=max_depth)
            stack.extend((item, depth + 1) for item in value)
        elif kind is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise _refuse("number", value=repr(value))
        elif kind not in (str, int, bool, type(None)):
            raise _refuse("kind", kind=kind.__name__)
