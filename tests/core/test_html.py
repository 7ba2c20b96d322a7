"""The shared markup: panels, the setup form generated from a game's metadata, the home tiles."""

from __future__ import annotations

import html.parser
import typing

from lostcities import api, card, roll, session
from lostcities.ui import html as lc_html


class Fields(html.parser.HTMLParser):
    """Every element's attributes, and checks that tags balance."""

    VOID: typing.ClassVar[frozenset[str]] = frozenset({"input", "br", "img", "meta", "link"})

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.stack: list[str] = []
        self.feed(text)
        self.close()
        assert not self.stack, self.stack

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()

    def named(self, name: str) -> list[dict[str, str]]:
        return [a for _, a in self.elements if a.get("name") == name]


def test_panels_escape_and_carry_their_actions() -> None:
    for text, action in ((lc_html.handover("<Ann>", "a & b"), "ready"),
                         (lc_html.problem("<T>", "it is <bad>", prefix="rw"), "new-after-problem"),
                         (lc_html.stale("<x>"), "load-newer"), (lc_html.menu(), "close-menu")):
        parsed = Fields(text)
        assert any(a.get("data-action") == action for _, a in parsed.elements), action
        assert "<Ann>" not in text and "<bad>" not in text and "<x>" not in text
    problem = lc_html.problem("Lost Cities", "it was saved by an older version of this site")
    assert "could not be read, so it was set aside" in problem and "other games are safe" in problem
    assert 'class="lc-reason rw-problem-text"' in lc_html.problem("T", "r", prefix="rw")
    assert 'data-region="main"' in lc_html.shell("lc", "Title") and 'data-action="menu"' in lc_html.shell("lc", "T")


def test_the_setup_form_is_generated_from_the_metadata_and_read_back() -> None:
    for cls in api.games().values():
        form = Fields(lc_html.setup_form(cls))
        for option in cls.option_schema:
            assert form.named(option.name), (cls.name, option.name)
        assert any(a.get("data-action") == "start" for _, a in form.elements)
    two = Fields(lc_html.setup_form(card.Game, seats=[session.Seat("A"), session.Seat("B", "hard")]))
    assert [a["value"] for a in two.named("opponent")] == [*card.Game.bot_levels, "human"]
    assert [a["value"] for a in two.named("opponent") if "checked" in a] == ["hard"]
    many = Fields(lc_html.setup_form(roll.Game, seats=[session.Seat("Ann"), session.Seat("Bot", "easy")],
                                     options={"in_sequence": True}))
    assert len([a for tag, a in many.elements if tag == "select"]) == roll.Game.max_players
    assert [a for a in many.named("in_sequence") if "checked" in a]
    values = {"seat1": "human", "name1": "Ann", "seat2": "easy", "name2": "Bot", "in_sequence": "1"}
    back = session.setup_from_form("roll", values)
    assert back.seats == (session.Seat("Ann"), session.Seat("Bot", "easy")) and back.option("in_sequence") is True


def test_home_tiles_say_continue_only_for_a_game_in_progress() -> None:
    assert ">Continue<" in lc_html.tile(card.Game, in_progress=True)
    tile = lc_html.tile(card.Game, in_progress=False)
    assert ">Play<" in tile and "badge" not in tile and 'href="#card"' in tile
    page = lc_html.home([tile, lc_html.planned_tile("board", "The Board Game (2-4)")], version="1.0", seed=7)
    assert "Seed 7" in page and "planned" in page
    assert 'data-action="dismiss"' in lc_html.notice("<b>")
