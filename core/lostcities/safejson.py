"""Read stored or typed JSON without trusting it.

A save comes back from the browser's storage, a file or a paste: it may be
damaged, huge or nested thousands of levels deep.  The standard parser
recurses once per level, and in Pyodide the WebAssembly stack gives out after
a few thousand levels, killing the interpreter.  :func:`loads` therefore checks
the size and the nesting depth first, with a scan that does not recurse, and
only then parses; :func:`check_value` does the same for data already in memory
(a dictionary handed over by a caller).  Both raise
:class:`~lostcities.errors.InvalidStateError` with a plain reason.

>>> loads('{"format": "lostcities.state", "history": ["draw"]}')
{'format': 'lostcities.state', 'history': ['draw']}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: the saved data is nested too deeply (more than 64 levels)
>>> loads('{"a": 1')
Traceback (most recent call last):
...
lostcities.errors.InvalidStateError: the saved data is not valid JSON (Expecting ',' delimiter at line 1, column 8)
"""

from __future__ import annotations

import json
import re
import typing

from lostcities import errors

MAX_BYTES: typing.Final = 2_000_000
"""Default size limit of :func:`loads`, in bytes of UTF-8."""
MAX_DEPTH: typing.Final = 64
"""Default nesting limit: objects and arrays inside each other."""

_STRING: typing.Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string literal (escapes included), written without nested repetition."""
_BRACKETS: typing.Final = re.compile(r"[\[\]{}]")


def _refuse(reason: str) -> errors.InvalidStateError:
    return errors.InvalidStateError(f"the saved data {reason}")


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


def _no_constant(name: str) -> typing.NoReturn:
    raise ValueError(f"{name} is not a JSON value")


def loads(text: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> typing.Any:
    """Parse JSON ``text`` after checking its size (in UTF-8 bytes) and nesting depth.

    ``NaN`` and ``Infinity`` are refused (they are not JSON), and so is text
    with unpaired surrogates (not valid Unicode).  Raises ``InvalidStateError``.

    >>> loads('"' + "é" * 15 + '"', max_bytes=20)
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: the saved data is too large (32 bytes; at most 20)
    >>> loads("NaN")
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: the saved data is not valid JSON (NaN is not a JSON value)
    """
    if not isinstance(text, str):
        raise _refuse(f"is not text but {type(text).__name__}")
    if len(text) > max_bytes:
        raise _refuse(f"is too large (at least {len(text):,} bytes; at most {max_bytes:,})")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise _refuse("is not valid text (it holds an unpaired surrogate)") from None
    if size > max_bytes:
        raise _refuse(f"is too large ({size:,} bytes; at most {max_bytes:,})")
    if nesting_depth(text, max_depth) > max_depth:
        raise _refuse(f"is nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise _refuse(f"is not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})") from None
    except ValueError as err:  # too many digits, NaN
        raise _refuse(f"is not valid JSON ({err})") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise _refuse(f"is nested too deeply (more than {max_depth} levels)") from None


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
    lostcities.errors.InvalidStateError: the saved data is nested too deeply (more than 64 levels)
    >>> check_value({1: "x"})
    Traceback (most recent call last):
    ...
    lostcities.errors.InvalidStateError: the saved data has a key that is not text: 1
    """
    stack: list[tuple[typing.Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > max_items:
            raise _refuse(f"is too large (more than {max_items:,} values)")
        kind = type(value)
        if kind is dict:
            if depth >= max_depth:
                raise _refuse(f"is nested too deeply (more than {max_depth} levels)")
            for key, item in value.items():
                if type(key) is not str:
                    raise _refuse(f"has a key that is not text: {errors.shown(key)}")
                stack.append((item, depth + 1))
        elif kind is list:
            if depth >= max_depth:
                raise _refuse(f"is nested too deeply (more than {max_depth} levels)")
            stack.extend((item, depth + 1) for item in value)
        elif kind is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise _refuse(f"holds {value!r}, which is not a JSON number")
        elif kind not in (str, int, bool, type(None)):
            raise _refuse(f"holds a {kind.__name__}, which is not a JSON value")
