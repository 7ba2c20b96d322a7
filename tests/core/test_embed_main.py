"""An embed's frame as the engine's worker runs it (``web/embed_main.py`` on ``web/channel.py``):
the frame's page is played by this test, as ``web/view.js`` plays it (start, the host page's
messages as JSON text, fragment changes), and every message meant for the host page arrives as a
``post`` operation."""

from __future__ import annotations

import json
import typing

import channel
import embed_main
from lostcities import i18n

PARENT = "https://rules.example.org"


class Frame:
    """The frame's page: the operations received and the messages posted to the host page."""

    def __init__(self) -> None:
        self.ops: list[dict[str, typing.Any]] = []
        self.host = channel.ChannelHost(self.receive, seed=None)
        self.session = embed_main.EmbedSession(self.host)

    def receive(self, message: dict[str, typing.Any]) -> None:
        json.dumps(message)  # plain data only
        self.ops.extend(message["ops"])

    def start(self, query: dict[str, str], *, parent: str | None = PARENT,
              languages: tuple[str, ...] = ("en-GB",)) -> None:
        """The frame's ``start``: its address's parameters (``parent`` among them unless None) and
        ``parent`` as the browser's URL parser read it."""
        pairs = [[name, value] for name, value in query.items()]
        if parent is not None and "parent" not in query:
            pairs.append(["parent", parent])
        self.host.receive({"type": "report", "storage": {}, "acked": 0})
        self.session.start({"query": pairs, "hash": "", "parent": parent, "id": query.get("id", ""),
                            "languages": list(languages)})
        self.host.flush()

    def send(self, message: dict[str, typing.Any]) -> None:
        self.session.receive({**message, "storage": {}, "acked": 0})
        self.host.flush()

    def posted(self, kind: str | None = None) -> list[dict[str, typing.Any]]:
        return [op["message"] for op in self.ops
                if op["op"] == "post" and (kind is None or op["message"]["type"] == kind)]


def test_a_tutorial_opens_says_ready_and_follows_the_host_pages_messages() -> None:
    frame = Frame()
    frame.start({"tut": "card-wagers", "id": "w1"})
    assert frame.ops[-1] == {"op": "route", "route": "embed"}  # the frame is drawn: <html data-ready>
    ready = frame.posted("ready")
    assert len(ready) == 1 and ready[0]["id"] == "w1" and ready[0]["tutorial"] == "card-wagers"
    frame.send({"type": "host", "text": json.dumps({"lc": 1, "type": "goto", "step": 2})})
    assert frame.posted("step")[-1]["index"] == 2
    frame.send({"type": "route", "hash": "#step=3"})
    assert frame.posted("step")[-1]["index"] == 3


def test_a_message_that_is_not_json_is_answered_with_an_error_and_changes_nothing() -> None:
    frame = Frame()
    frame.start({"tut": "card-wagers"})
    steps = len(frame.posted("step"))
    frame.send({"type": "host", "text": None})
    frame.send({"type": "route", "hash": "#step=\u00b2"})
    errors = frame.posted("error")
    assert [error["code"] for error in errors] == ["bad_message", "bad_parameter"]
    assert "JSON" in errors[0]["message"] and "digits 0-9" in errors[1]["message"]
    assert len(frame.posted("step")) == steps


def test_a_bad_parameter_shows_its_reason_in_the_frame_and_tells_the_host_page() -> None:
    frame = Frame()
    frame.start({"tut": "no-such-tutorial"})
    shown = [op for op in frame.ops if op["op"] == "show"]
    assert len(shown) == 1 and "lc-embed-problem" in shown[0]["html"]
    assert [error["code"] for error in frame.posted("error")] == ["unknown_tutorial"]
    assert frame.ops[-1]["op"] == "route"


def test_without_a_parent_nothing_is_posted() -> None:
    frame = Frame()
    frame.start({"tut": "card-wagers"}, parent=None)
    assert frame.posted() == []
    assert any(op["op"] == "mount" for op in frame.ops)


def test_a_parent_read_otherwise_by_the_browser_is_refused() -> None:
    frame = Frame()
    frame.start({"tut": "card-wagers", "parent": PARENT}, parent="https://other.example.org")
    assert [error["code"] for error in frame.posted("error")] == ["bad_parameter"]
    assert not any(op["op"] == "mount" for op in frame.ops)


def test_the_frame_speaks_its_language_and_hides_its_buttons_when_asked() -> None:
    frame = Frame()
    try:
        frame.start({"tut": "card-wagers", "controls": "0"}, languages=("de-AT", "en"))
        assert {"op": "lang", "lang": "de"} in frame.ops
        assert {"op": "page-class", "name": "lc-embed-bare", "on": True} in frame.ops
        assert i18n.current() == "de"
    finally:
        i18n.activate("en")


def test_the_notice_button_clears_the_notice() -> None:
    frame = Frame()
    frame.start({"tut": "card-wagers"})
    frame.host.notify("a notice")
    frame.send({"type": "action", "action": "dismiss"})
    assert frame.ops[-1] == {"op": "clear-notice"} and frame.host.notice_text() == ""
