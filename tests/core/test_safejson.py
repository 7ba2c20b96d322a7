"""Reading stored JSON without trusting it: size and depth limits before parsing."""

from __future__ import annotations

import json
import random
import sys

import pytest

from lostcities import errors, i18n, safejson
from lostcities.ui import embed


def refused(text: object, words: str, **limits: int) -> None:
    with pytest.raises(errors.InvalidStateError) as info:
        safejson.loads(text, **limits)  # type: ignore[arg-type]
    assert words in str(info.value), str(info.value)


def test_a_real_save_reads_like_json_loads() -> None:
    from lostcities import card

    state = card.Game().new_game(random.Random(3))
    text = json.dumps(state.to_dict())
    assert safejson.loads(text) == json.loads(text)


@pytest.mark.parametrize("depth", [65, 5_000, 100_000])
def test_deep_nesting_is_refused_before_parsing(depth: int) -> None:
    refused("[" * depth + "]" * depth, "nested too deeply")
    refused('{"a":' * depth + "1" + "}" * depth, "nested too deeply")
    refused("[" * depth, "nested too deeply")  # not even closed


def test_nesting_up_to_the_limit_is_read() -> None:
    assert safejson.loads("[" * 64 + "]" * 64) is not None
    refused("[" * 65 + "]" * 65, "more than 64 levels")
    assert safejson.loads("[" * 10 + "]" * 10, max_depth=10) == [[[[[[[[[[]]]]]]]]]]
    refused("[" * 11 + "]" * 11, "more than 10 levels", max_depth=10)


def test_the_depth_check_does_not_recurse() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        deep = "[" * 100_000 + "]" * 100_000
        assert safejson.nesting_depth(deep, limit=10**6) == 100_000
        refused(deep, "nested too deeply", max_depth=150)
    finally:
        sys.setrecursionlimit(limit)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"note": "[" * 1000 + "{" * 1000, "quote": 'a "[" \\ "]" \\"[', "x": ["]]]", "}}}"]})
    assert safejson.nesting_depth(text) == 2
    assert safejson.loads(text) == json.loads(text)
    escaped = json.dumps(["\\", "[[[[", "\\\"[", "]"])
    assert safejson.loads(escaped) == json.loads(escaped)


def test_large_texts_are_refused_by_their_size_in_bytes() -> None:
    five_mb = json.dumps({"pad": "x" * 5_000_000})
    refused(five_mb, "too large")
    assert safejson.loads(five_mb, max_bytes=6_000_000)["pad"] == "x" * 5_000_000
    wide = json.dumps(["é" * 600_000, "é" * 600_000], ensure_ascii=False)  # 1.2 M characters, 2.4 MB
    assert len(wide) < safejson.MAX_BYTES < len(wide.encode())
    refused(wide, "too large (2,400,008 bytes; at most 2,000,000)")


@pytest.mark.parametrize("text", [
    "", "   ", "{", '{"a": 1', "[1, 2,]", "{'a': 1}", "nul", '"\\x"', "NaN", "[Infinity]", "-Infinity",
    "1" * 5000, '{"a": 1} x', "\x00",
])
def test_invalid_json_is_refused(text: str) -> None:
    refused(text, "is not valid JSON")


def test_invalid_text_is_refused() -> None:
    refused('["\ud800"]', "not valid text")  # an unpaired surrogate, as storage may hand over
    refused(b"[1]", "is not text")
    refused(None, "is not text")


def test_values_in_memory_are_checked_without_recursion() -> None:
    safejson.check_value({"a": [1, 2.5, True, None, "x", {"b": []}]})
    nested: list[object] = []
    for _ in range(200_000):
        nested = [nested]
    with pytest.raises(errors.InvalidStateError, match="nested too deeply"):
        safejson.check_value(nested)
    for bad, words in [({1: 2}, "key that is not text"), ([float("nan")], "not a JSON number"),
                       ([float("inf")], "not a JSON number"), ({"a": (1, 2)}, "holds a tuple"),
                       ([object()], "holds a object"), ({"a": {1, 2}}, "holds a set")]:
        with pytest.raises(errors.InvalidStateError, match=words):
            safejson.check_value(bad)
    with pytest.raises(errors.InvalidStateError, match="too large"):
        safejson.check_value(list(range(100)), max_items=50)


def test_the_reasons_are_whole_sentences_in_the_current_language() -> None:
    """Said of the saved data or of an embed's message, each in agreement with its subject (German: *die
    gespeicherten Daten sind*, *die Nachricht ist*)."""
    with i18n.using("de"):
        with pytest.raises(safejson.UnsafeJSONError) as info:
            safejson.loads("[" * 100)
        assert str(info.value) == "die gespeicherten Daten sind zu tief verschachtelt (mehr als 64 Ebenen)"
        assert info.value.about("message") == "die Nachricht ist zu tief verschachtelt (mehr als 64 Ebenen)"
        wrong = r"^die Nachricht ist kein gültiges JSON \(Fehler in Zeile 1, Spalte 8\)"
        with pytest.raises(embed.EmbedError, match=wrong):
            embed.message_data('{"a": 1')
    with pytest.raises(embed.EmbedError, match=r"^the message is not valid JSON \(NaN is not a JSON value\)"):
        embed.message_data("[NaN]")
    for problem, (saved, message) in safejson.PROBLEMS.items():
        assert saved.startswith("the saved data ") and message.startswith("the message "), problem
        assert saved.removeprefix("the saved data ") == message.removeprefix("the message "), problem
