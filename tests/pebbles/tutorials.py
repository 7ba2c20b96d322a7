"""Pebbles' built-in tutorial (data for :mod:`lostcities.ui.tutorial`): the spots it
names are those :mod:`tests.pebbles.html` writes (``pick:<count>``, ``score:<player>``)."""

from __future__ import annotations

import typing

TUTORIALS: typing.Final[list[dict[str, typing.Any]]] = [
    {
        "id": "pebbles-first-take",
        "game": "pebbles",
        "title": "Take and keep",
        "summary": "Take pebbles, leave the computer a heap of four, and take the last one.",
        "seats": ["You", "Computer"],
        "bot": "easy",
        "setup": {"seed": 1},
        "steps": [
            {"kind": "info", "text": "Nine pebbles lie in the heap. On your turn you take one, two or three.",
             "highlights": ["pick:1", "pick:2", "pick:3"]},
            {"kind": "act", "text": "Take one pebble: eight are left, a multiple of four.", "expected": ["take 1"],
             "checks": [{"at": "heap", "value": 8}], "replies": ["take 3"],
             "success": "The computer took three: five are left.", "highlights": ["pick:1"]},
            {"kind": "choice", "text": "Five pebbles are left. How many do you take to leave four?",
             "options": ["One", "Two"], "answer": 0, "success": "Right: four are left, and the last pebble is yours.",
             "failure": "Count again: five minus what you take should be four."},
            {"kind": "play", "text": "Play on to the end of the game.", "until": [{"over": True}],
             "highlights": ["score:0"]},
        ],
    },
]
"""The built-in tutorials of this game."""
