"""The languages: the catalogs' check, the pseudo-language check that every word a person reads on the
translated screens comes from the catalogs, and German where it matters (the log, refusals, numbers).

The pseudo-language (:class:`lostcities.i18n.Pseudo`) brackets every translated message, so that any
word left outside the brackets on a drawn page, a notice or a log line was written past the catalogs.
It covers what the German catalog covers: the home page, the card game's and Roll & Write's screens
(setup, table, menu, hand-over, results, the problem with a save), their log lines over many seeded games
and their refusals, every step of their tutorials, the rules summaries, the statistics, *Learn to play*,
and the embed's reasons for refusing its parameters and messages.
"""

from __future__ import annotations

import functools
import html.parser
import random
import re
import typing

import pytest

import card_screen
import catalogue
import memory_host
import screen
import screen_draw
from buildtools import catalogs
from lostcities import api, card, errors, i18n, roll
from lostcities.ui import card as card_html
from lostcities.ui import embed, rules_summary, stats, tutorial
from lostcities.ui import html as lc_html
from lostcities.ui import roll as roll_html
from tests.core import test_roll_screen as roll_table
from tests.core import test_tutorial as lessons

PSEUDO = i18n.Language("qps", i18n.Pseudo())
MARKED = re.compile(f"{i18n.Pseudo.OPEN}[^{i18n.Pseudo.OPEN}{i18n.Pseudo.CLOSE}]*{i18n.Pseudo.CLOSE}")
WORD = re.compile(r"[^\W\d_]{2,}")
"""Two letters or more: a word (a lone letter is a card's or a column's mark)."""
NAMES: typing.Final = ("Ann", "Bob", "Lost Cities")
"""Words that are no message: the players' names typed in the tests, the site's name (a brand)."""


class _Texts(html.parser.HTMLParser):
    """The text a person reads or hears on a page: text nodes and the labels of elements."""

    SPOKEN: typing.Final = ("aria-label", "title", "alt", "placeholder", "aria-description")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.labels: list[str] = []

        self.foreign = ""
        """The element being read whose ``lang`` says its words are another language's own (a
        language's name in the language switch): not the catalogs' to translate."""

    def handle_data(self, data: str) -> None:
        if not self.foreign:
            self.texts.append(data)  # joined: a message may hold markup (<b>play</b>)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.labels.extend(value for name, value in attrs if name in self.SPOKEN and value)
        if any(name == "lang" for name, _ in attrs):
            self.foreign = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == self.foreign:
            self.foreign = ""


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside every pseudo-language bracket (the names of :data:`NAMES` allowed)."""
    before = None
    while before != text:
        before, text = text, MARKED.sub(" ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return WORD.findall(text)


@functools.lru_cache(maxsize=4096)
def _read_part(markup: str) -> tuple[str, tuple[str, ...]] | None:
    """The text and the labels of one part of a page, or None when the parser does not end that part
    in the state it starts in (a tag, a text or a foreign element left open): such a part is only read
    as part of the whole page.  Parts repeat from one screen to the next (a screen redraws a region at
    a time): each is parsed once."""
    parser = _Texts()
    parser.feed(markup)
    if parser.rawdata or parser.foreign or parser.cdata_elem is not None:
        return None
    return "".join(parser.texts), tuple(parser.labels)


def page_words(markup: str | tuple[str, ...]) -> list[str]:
    """The words of a page (or of its parts in order, which read as their concatenation) that bypass
    the catalogs."""
    parts = (markup,) if isinstance(markup, str) else markup
    read = [_read_part(part) for part in parts]
    if any(part is None for part in read):
        whole = _Texts()
        whole.feed("".join(parts))
        texts, labels = "".join(whole.texts), whole.labels
    else:
        texts = "".join(part[0] for part in read if part is not None)
        labels = [label for part in read if part is not None for label in part[1]]
    return [word for text in [texts, *labels] for word in unmarked(text)]


def assert_translated(markup: str | tuple[str, ...], where: str) -> None:
    words = page_words(markup)
    assert not words, f"{where}: words that bypass the catalogs: {words[:12]}"


def everything_shown(host: memory_host.MemoryHost) -> tuple[str, ...]:
    """What the screen shows, part by part (its regions, its shell, the notices, the info line)."""
    assert host.root is not None
    notices = "".join(f"<p>{lc_html.esc(text)}</p>" for text, _ in host.notices)
    return (*host.root.regions.values(), host.root.shell, notices, f"<p>{lc_html.esc(host.info)}</p>")


def assert_menu_translated(host: memory_host.MemoryHost) -> None:
    """The game screen's menu and its question (a new game?) speak only catalog words; the menu closes."""
    root = host.root
    assert root is not None
    root.click("menu")
    assert_translated(everything_shown(host), "the menu")
    root.click("confirm-new")
    assert_translated(everything_shown(host), "the menu's question")
    root.click("close-menu")


# -- the catalogs -----------------------------------------------------------------------------------


def test_every_catalog_is_complete_and_its_placeholders_match() -> None:
    found = catalogs.po_files()
    assert [path.parent.parent.name for path in found] == [code for code in i18n.languages() if code != "en"]
    for path in found:
        catalog = catalogs.read(path)
        assert catalogs.problems(catalog) == [], path
        assert catalogs.untranslated(catalog) == [], path


def test_the_catalogs_hold_every_message_of_the_sources() -> None:
    """A message added to the code without ``python3 build.py catalogs`` would be shown in English."""
    extracted = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalogs.extract() if m.id}
    template = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalogs.read(catalogs.TEMPLATE)
                if m.id}
    assert extracted == template, "run python3 build.py catalogs"
    for path in catalogs.po_files():
        held = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalogs.read(path) if m.id}
        assert extracted <= held, f"{path}: run python3 build.py catalogs and translate {sorted(extracted - held)[:5]}"


def test_the_check_finds_a_wrong_placeholder_and_a_fuzzy_entry() -> None:
    from babel.messages import catalog as babel_catalog

    bad = babel_catalog.Catalog(locale="de")
    bad.add("{name} starts.", "{nom} beginnt.")
    bad.add("Menu", "Menü", flags=["fuzzy"])
    bad.add("{p0} {p0:wins}.", "{p0} {p0:gewinnst|gewinnt}.")
    problems = catalogs.problems(bad)
    assert len(problems) == 2, problems
    assert "'{nom} beginnt.' does not name the fields ['{name}']" in problems[0]
    assert problems[1] == "de: 'Menu' is fuzzy"


# -- the pseudo-language: no word past the catalogs -------------------------------------------------


def test_the_pseudo_check_sees_a_word_past_the_catalogs() -> None:
    with i18n.using(PSEUDO):
        assert page_words(f'<p title="{i18n._("Menu")}">{i18n._("Menu")} 12 \u00d7</p>') == []
        assert page_words('<button aria-label="Close">x</button>') == ["Close"]
        assert unmarked(i18n._("Pass the device to {name}").format(name=api.shown_name(api.YOU))) == []


def test_the_home_page_speaks_only_catalog_words() -> None:
    with i18n.using(PSEUDO):
        home = catalogue.home_page(lambda name: name == "card", version="1.2.3", seed=7)
        assert_translated(home, "home page")
        assert_translated(lc_html.framed("https://example.org/"), "framed")
        assert_translated(lc_html.stale(i18n._(screen_draw.STALE)), "stale")


def test_the_rules_the_statistics_and_learn_to_play_speak_only_catalog_words() -> None:
    with i18n.using(PSEUDO):
        for summary in rules_summary.SUMMARIES.values():
            assert_translated(rules_summary.page(summary), f"the rules of {summary.game}")
            assert_translated(rules_summary.page(summary, overlay=True), f"the rules of {summary.game} (overlay)")
        kept = stats.Stats().add("card", "hard", 35, True, "g1").add("card", "easy", -12, False, "g2")
        kept = kept.add("roll", stats.SOLO, 80, False, "g3")
        assert_translated(stats.page(kept, [card.Game, *(cls for name, cls in api.games().items() if name != "card")]),
                          "the statistics")
        learn = embed.tutorial_list(card.Game, list(tutorial.tutorials("card").values()), {"card-wagers": 2},
                                    rules=True)
        assert_translated(learn + embed.lesson_links(tutorial.get("card-wagers"), done=True), "learn to play")
        assert_translated(embed.viewer_bar(2, 10, controls=True), "the record viewer")
        dealt = card.Game(games=1).new_game(random.Random(2))
        assert_translated(embed.revealed_hands(dealt, [api.YOU, i18n._("Computer")], 0), "the hands shown")


CARD_TUTORIALS: typing.Final = list(tutorial.tutorials("card").values())
ROLL_TUTORIALS: typing.Final = list(tutorial.tutorials("roll").values())


@pytest.mark.parametrize("tut", CARD_TUTORIALS + ROLL_TUTORIALS, ids=[t.id for t in CARD_TUTORIALS + ROLL_TUTORIALS])
def test_every_step_of_the_card_and_roll_tutorials_speaks_only_catalog_words(tut: tutorial.Tutorial) -> None:
    with i18n.using(PSEUDO):
        lesson = tutorial.Lesson(tut)
        rng = random.Random(tut.id)
        while not lesson.done:
            where = f"{tut.id}, step {lesson.index + 1}"
            assert_translated(embed.lesson_panel(lesson, controls=True), where)
            step = lesson.step
            if step.kind is tutorial.StepKind.CHOICE:
                wrong = (step.answer + 1) % len(step.options)
                lesson.answer(wrong)
                assert_translated(embed.lesson_panel(lesson, controls=True), f"{where}, a wrong answer")
                lesson.answer(step.answer)
            elif step.kind is tutorial.StepKind.ACT:
                lessons.act_as_expected(lesson, step)
            elif step.kind is tutorial.StepKind.PLAY:
                lessons.play_freely(lesson, rng)
            assert_translated(embed.lesson_panel(lesson, controls=True), f"{where}, done")
            assert lesson.done or lesson.next()
        for index in range(len(tut.steps)):
            _, host, _ = lessons.mount(embed.Config.from_query({"tut": tut.id, "step": str(index + 1)}))
            assert_translated(everything_shown(host), f"{tut.id}, step {index + 1} in the embed")


def _mounted(storage: dict[str, str], seed: int) -> tuple[screen.Screen, memory_host.MemoryHost]:
    host = memory_host.MemoryHost(storage=storage, seed=seed)
    scr = screen.Screen(card_screen.CardAdapter(), host)
    scr.mount()
    return scr, host


def _click_action(host: memory_host.MemoryHost, action: api.Action) -> None:
    assert host.root is not None
    if isinstance(action, card.Draw):
        if action.colour is None:
            host.root.click(target="deck")
        else:
            host.root.click(target="pile", colour=action.colour.letter)
        return
    assert isinstance(action, (card.Play, card.Discard))
    host.root.click(target="hand", card=action.card.id)
    host.root.click(target="column" if isinstance(action, card.Play) else "discard", colour=action.card.colour.letter)


@pytest.mark.long
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_card_game_screens_speak_only_catalog_words(seed: int) -> None:
    """Every screen of a card game, against the computer and pass and play, to the end of the match."""
    rng = random.Random(seed)
    with i18n.using(PSEUDO):
        storage: dict[str, str] = {}
        scr, host = _mounted(storage, seed)
        assert host.root is not None
        assert_translated(everything_shown(host), "setup")
        form = {"opponent": "easy", "games": "3", "pace": "instant"} if seed != 2 else {
            "opponent": "human", "name1": "Ann", "name2": "Bob", "games": "1", "pace": "instant"}
        host.root.form = form
        host.root.click("start")
        host.root.click(target="deck")  # a refusal: play first
        assert_translated(everything_shown(host), "a refusal")
        assert_menu_translated(host)
        for _ in range(2000):
            host.run()
            state = scr.session.state if scr.session is not None else None
            assert isinstance(state, card.State)
            assert_translated(everything_shown(host), f"turn {len(state.history)}")
            if state.is_terminal():
                break
            if scr.mode == "handover":
                host.root.click("ready")
            elif state.is_chance():
                host.root.click("next-game")
            elif scr.interactive():
                _click_action(host, rng.choice(state.legal_actions()))
        else:
            raise AssertionError("the match did not end")
        host.root.click("moves")
        host.root.click("replay")
        assert_translated(everything_shown(host), "the log and the replay")
        assert scr.session is not None
        for line in scr.session.log:
            assert unmarked(line["text"]) == [], line["text"]


def test_a_damaged_save_speaks_only_catalog_words() -> None:
    with i18n.using(PSEUDO):
        _, host = _mounted({"lostcities:card:save": '{"format": "lostcities-card", "version": 0}'}, 1)
        assert_translated(everything_shown(host), "a damaged save")


def test_every_log_line_of_many_seeded_card_games_is_translated() -> None:
    with i18n.using(PSEUDO):
        for seed in range(12):
            rng = random.Random(seed)
            state = card.Game(games=1 + seed % 3, colours=5 + seed % 2).new_state()
            while not state.is_terminal():
                action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
                line = state.apply(action).describe(["You", "Bob"])
                assert unmarked(line) == [], line


def test_every_refusal_of_the_card_rules_is_translated() -> None:
    rng = random.Random(4)
    with i18n.using(PSEUDO):
        state = card.Game(games=1).new_state()
        state.apply(state.sample_chance(rng))
        hand = state.hand(state.current_player)
        other = next(c for c in card.CARDS[:60] if c not in hand)
        reasons = []
        for text in ["draw", f"play {other.id}", f"discard {hand[0].id}", f"play {hand[1].id}",
                     f"draw {hand[0].colour.letter}"]:
            if text.startswith("discard"):
                state.apply(text)
                continue
            with pytest.raises(errors.GameError) as refused:
                state.apply(text)
            reasons.append(refused.value.reason)
        assert len(set(reasons)) == 4 and all(unmarked(reason) == [] for reason in reasons), reasons


class _CheckedTable(roll_table.Table):
    """A Roll & Write table whose every screen, after every click, is checked for words past the catalogs."""

    def click(self, action: str = "", target: str = "", **data: str) -> None:
        super().click(action, target, **data)
        assert_translated(everything_shown(self.host), f"roll, after {action or target} {data}")


@pytest.mark.long
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_roll_and_write_screens_speak_only_catalog_words(seed: int) -> None:
    """Every screen of Roll & Write, solo, against computers and pass and play, to the end of the game:
    the setup, the dice picked, a refused tap, the acceleration question, the hand-over, the menu, the results."""
    forms = {1: {"mode": "solo", "pace": "instant"},
             2: {"mode": "game", "count": "3", "name0": "", "kind0": "human", "name1": "", "kind1": "easy",
                 "name2": "", "kind2": "hard", "pace": "instant"},
             3: {"mode": "game", "count": "2", "name0": "A1", "kind0": "human", "name1": "B2", "kind1": "human",
                 "in_sequence": "on", "pace": "instant"}}
    with i18n.using(PSEUDO):
        table = _CheckedTable(seed=seed)
        assert_translated(everything_shown(table.host), "roll setup")
        table.start(**forms[seed])
        assert_translated(everything_shown(table.host), "roll, started")
        table.click("menu")
        table.click("close-menu")
        rng, refused = random.Random(seed), False
        while table.decide(rng):
            state = table.state
            if table.phase == "choose" and state.roll is not None and not refused:
                table.click(target="sheet", box="red-9")  # a tap before a pair is picked: refused in words
                table.click(target="die", die="colour-0")
                table.click(target="die", die="number-0")
                table.click(target="sheet", box="red-9")  # not the next box: refused in words
                refused = True
                table.click("clear")
            assert len(state.history) < 1000
        assert refused and table.state.is_terminal()
        table.click("moves")
        table.click("replay")
        assert table.screen.session is not None
        for line in table.screen.session.log:
            assert unmarked(line["text"]) == [], line["text"]


def test_every_log_line_of_many_seeded_roll_games_is_translated() -> None:
    """Every event of many seeded games of 1 to 5 players, at once and in sequence, described for everybody."""
    with i18n.using(PSEUDO):
        for seed in range(15):
            rng = random.Random(seed)
            game = roll.Game(players=1 + seed % 5, in_sequence=seed % 2 == 1)
            names = ["You", "Bob", "Ann", "Bob (2)", "Ann (2)"][:game.players]
            state = game.new_state()
            kinds = set()
            while not state.is_terminal():
                action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
                event = state.apply(action)
                kinds.add(event.kind)
                for text in (event.describe(names), str(event.secret.get("text", "")).format_map(
                        {f"p{i}": api.PlayerName(name) for i, name in enumerate(names)})):
                    assert unmarked(text) == [], text
            assert {"roll", "take"} <= kinds


def test_every_refusal_of_the_roll_rules_and_of_a_tap_is_translated() -> None:
    with i18n.using(PSEUDO):
        state = roll.Game(players=2).new_state()
        reasons: list[str | None] = []
        for text in ("take red 1", "roll red red blue 0 4 7", "roll red red blue 0 4 7", "take green 4",
                     "take red 5", "take red 0 top", "take red 4", "take blue 0 circle", "take blue 7",
                     "take red 7", "take red 0 circle", "take red 0"):
            try:
                state.apply(text)
            except errors.GameError as refused:
                reasons.append(refused.reason)
        sheet = state.sheets[0]
        red, blue = roll.Colour.RED, roll.Colour.BLUE
        reasons += [sheet.why_not(red, 0, roll.Target.CIRCLE), sheet.why_not(blue, 7, roll.Target.CIRCLE),
                    sheet.why_not_accelerate(blue)]
        assert None not in reasons and len(set(reasons)) >= 8, reasons
        assert all(unmarked(str(reason)) == [] for reason in reasons), reasons
        for key in ("box:red-9", "box:blue-1", "top:red"):
            said = roll_html.tap(sheet, (roll.Colour.RED, 1), key)
            assert isinstance(said, str) and unmarked(said) == [], said
        said = roll_html.tap(sheet, None, "box:red-1")
        assert isinstance(said, str) and unmarked(said) == [], said


def test_the_embeds_reasons_for_refusing_its_parameters_are_translated() -> None:
    """Bad values with no words of their own, so that every word left is the reason's."""
    bad = [{"game": "7"}, {}, {"game": "roll", "mode": "7"}, {"game": "roll", "seed": "-"},
           {"game": "roll", "reveal": "7"}, {"game": "roll", "parent": "7"}, {"game": "roll", "lang": "7"},
           {"game": "roll", "mode": "view"}, {"game": "roll", "mode": "tutorial"}, {"game": "roll", "step": "2"},
           {"tut": "roll-choosing-dice", "step": "99"}, {"game": "card", "tut": "roll-choosing-dice"},
           {"game": "roll", "s": "!"}, {"game": "roll", "rec": "AAAA"}, {"game": "roll", "bot": "7"},
           {"game": "roll", "id": "\x01"}, {"game": "roll", "parent": "https://1.2.3.04"},
           {"game": "roll", "parent": "https://[x]"}, {"game": "roll", "parent": "https://a.org:99999"}]
    with i18n.using(PSEUDO):
        reasons = []
        for query in bad:
            with pytest.raises(embed.EmbedError) as refused:
                embed.Config.from_query(query)
            reasons.append(refused.value.reason)
        for message in ({"type": "goto"}, {"lc": 1, "type": "7"}):
            with pytest.raises(embed.EmbedError) as refused:
                embed.read_message(message)
            reasons.append(refused.value.reason)
        with pytest.raises(embed.EmbedError) as refused:
            embed.load_config(embed.Config.from_query({"game": "roll"}), {})
        reasons.append(refused.value.reason)
        assert len(set(reasons)) == len(reasons)
        for reason in reasons:
            assert unmarked(reason.replace("card", "").replace("roll", "")) == [], reason  # a game's name is no word
        assert_translated(embed.problem(reasons[0]), "the embed's problem")


# -- German --------------------------------------------------------------------------------------


def test_a_card_game_in_german() -> None:
    with i18n.using("de"):
        state = card.Game(games=1).new_game(random.Random(1))
        event = state.apply("play " + state.hand(0)[0].id)
        assert event.describe(["You", "Bob"]).startswith("Du legst ")
        assert " legt " in event.describe(["Ann", "Bob"])
        assert card_html.prompt(state.view(0), selected=None, name=None)[0].startswith("Du bist dran: Ziehe")
        with pytest.raises(errors.IllegalActionError, match="ziehe zuerst eine Karte"):
            state.apply("play " + state.hand(1)[0].id)
        assert card.Card.from_id("Y7").label == "Gelb 7" and card.Card.from_id("W$1").label == "Wettkarte Weiß"
        assert lc_html.points(1) == "1 Punkt" and lc_html.points(-12) == "\u221212 Punkte"
    assert card.Card.from_id("Y7").label == "yellow 7", "the language ends with its block"


def test_numbers_and_the_choice_of_language() -> None:
    with i18n.using("de"):
        assert (i18n.number(12345.25, digits=2), i18n.percent(0.5)) == ("12.345,25", "50 %")
        assert i18n.pick("fr", None, ["de-DE"]) == ("de", "lang=fr wird übergangen: Die Seite spricht de oder en.")
    assert (i18n.number(12345.25, digits=2), i18n.percent(0.5)) == ("12,345.25", "50%")
    assert i18n.choose(["en-US", "de"]) == "en" and i18n.choose(["de-AT"]) == "de"
    with pytest.raises(LookupError):
        i18n.language("xx")


def test_the_language_switch_names_each_language_in_its_own_words() -> None:
    with i18n.using("de"):
        switch = lc_html.language_switch()
    assert 'lang="de" hreflang="de">Deutsch</a>' in switch and 'data-lang="en"' in switch
    assert 'aria-current="true" lang="de"' in switch and 'aria-label="Sprache"' in switch
