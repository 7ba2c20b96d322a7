"""The renderers' caches: markup cached per language never leaks into another language, another
viewer or another position, and every cache is bounded.

Each test draws many positions with warm caches, switching language (English, German, a
pseudo-language, English again) and viewer between them, and compares every page with the same
page drawn fresh (every cache emptied first): a cache keyed too loosely (without the language, a
flag or a number of its markup) hands one page another's markup and fails here.
"""

from __future__ import annotations

import functools
import random
import typing

import pytest

from lostcities import api, board, card, i18n, roll
from lostcities.ui import board as board_html
from lostcities.ui import card as card_html
from lostcities.ui import html as lc_html
from lostcities.ui import roll as roll_html
from tests.core import playing

CACHES: typing.Final[tuple[typing.Any, ...]] = (
    board_html._stone_head, board_html._piece, board_html._card_face, board_html._column,
    roll_html._box_markup, card_html._cached_face)
"""Every cache of the renderers (bounded :func:`functools.lru_cache`)."""

LANGUAGES: typing.Final = ("en", "de", i18n.Language("qps", i18n.Pseudo()), "en")
"""English, German, a pseudo-language (its own catalog object), English again."""

Page = typing.Callable[[], str]
StateT = typing.TypeVar("StateT", bound=api.State)


def empty_caches() -> None:
    for cache in CACHES:
        cache.cache_clear()


def fresh(page: Page) -> str:
    """``page`` drawn with every cache empty: what the renderers drew before they had caches."""
    empty_caches()
    return page()


def played(state: StateT, rng: random.Random, actions: int) -> list[StateT]:
    """Copies of ``state`` after each of ``actions`` random actions (chance included), until its end."""
    found = []
    for _ in range(actions):
        if state.is_terminal():
            break
        chance = state.is_chance()
        playing.step(state, rng)
        if not chance:
            found.append(typing.cast(StateT, state.clone()))
    return found


def check_warm_equals_fresh(pages: typing.Sequence[Page], cache: typing.Any) -> int:
    """Every page in every language with warm caches (``cache`` answered some of it) equals the page
    drawn fresh; returns how many."""
    empty_caches()
    drawn = []
    for lang in LANGUAGES:
        with i18n.using(lang):
            drawn += [(lang, page, page()) for page in pages]
    assert cache.cache_info().hits > cache.cache_info().misses
    for lang, page, warm in drawn:
        with i18n.using(lang):
            assert warm == fresh(page), f"a cached page differs from a fresh one ({lang})"
    return len(drawn)


def board_pages(state: board.State, names: typing.Sequence[str]) -> list[Page]:
    """The board, the panels and the hand for every viewer, and the replay's position."""
    pages: list[Page] = [functools.partial(board_html.position, state, names)]
    for seat in range(len(names)):
        view = state.view(seat)
        moved = tuple((o, c.letter, 1 + o) for o in range(len(names)) for c in board.COLOURS
                      if view.piece(o, c) is not None)
        tops = tuple(column[-1].id for column in view.columns[seat] if column)
        marks = board_html.Marks(moved=moved[::2], fresh=tops[::2])
        pages += [functools.partial(board_html.board_html, view, names=names, interactive=True),
                  functools.partial(board_html.board_html, view, names=names, marks=marks),
                  functools.partial(board_html.players, view, names, [""] * len(names)),
                  functools.partial(board_html.hand, view)]
    return pages


def test_the_board_games_cached_stones_match_fresh_ones_in_every_language_and_for_every_viewer() -> None:
    names = ("You", "Ann", "Ben", "Cy")
    states = played(board.Game(players=4).new_state(), random.Random(5), 400)
    pages = [page for state in states[::20] for page in board_pages(state, names)]
    assert check_warm_equals_fresh(pages, board_html._stone_head) > 200


def test_a_stone_with_a_piece_and_without_is_not_the_same_cached_markup() -> None:
    state = board.Game(players=2).new_game(random.Random(1))
    empty_caches()
    before = board_html.board_html(state.view(0), names=("You", "Ann"))
    state.apply(next(a for a in state.legal_actions() if isinstance(a, board.Start)))
    after = board_html.board_html(state.view(0), names=("You", "Ann"))
    assert before.count("has-pieces") == 0 and after.count("has-pieces") == 1
    assert after == fresh(lambda: board_html.board_html(state.view(0), names=("You", "Ann")))


def card_pages(state: card.State, names: typing.Sequence[str]) -> list[Page]:
    """The table and the hand for each viewer (each sees only their own hand), and the replay's position."""
    pages: list[Page] = [functools.partial(card_html.position, state, names)]
    for seat in range(2):
        view = state.view(seat)
        selected = view.hand[0].id if view.hand else None
        placed = [c.id for columns in view.columns for column in columns for c in column]
        placed += [pile[-1].id for pile in view.discard_piles if pile]
        marks = card_html.Marks(fresh=tuple(placed[::3]), recent=tuple(placed[1::3]))
        pages += [functools.partial(card_html.table, view, names=names, selected=selected),
                  functools.partial(card_html.table, view, names=names, interactive=False, marks=marks),
                  functools.partial(card_html.hand, view, selected=selected)]
    return pages


def test_the_card_games_cached_faces_match_fresh_ones_in_every_language_and_for_every_viewer() -> None:
    names = ("You", "Computer")
    states = played(card.Game(games=1).new_state(), random.Random(7), 200)
    pages = [page for state in states[::8] for page in card_pages(state, names)]
    assert check_warm_equals_fresh(pages, card_html._cached_face) > 200


def test_a_viewer_never_sees_the_other_hand_through_the_cache() -> None:
    state = played(card.Game(games=1).new_state(), random.Random(3), 10)[-1]
    empty_caches()
    for seat in (0, 1, 0):
        view = state.view(seat)
        table = card_html.table(view, names=("You", "Computer"), interactive=False)
        for c in state.hand(1 - seat):
            assert f'data-card="{c.id}"' not in table
        assert card_html.hand(view) == fresh(lambda: card_html.hand(view))  # noqa: B023 (called at once)


def roll_pages(state: roll.State, names: typing.Sequence[str]) -> list[Page]:
    """Each sheet as its player's (targets, fresh marks, taps) and as another's, the thumbnails and the
    replay's position."""
    pages: list[Page] = [functools.partial(roll_html.position, state, names)]
    for seat, s in enumerate(state.sheets):
        keys = {roll_html.box_key(c, k) for c in roll.COLOURS for k in (1, len(s.expedition(c)) + 1)}
        pages += [functools.partial(roll_html.sheet, s, name=names[seat], player=seat, targets=keys,
                                    fresh=set(list(keys)[:3]), interactive=True),
                  functools.partial(roll_html.sheet, s, name=names[seat], player=seat),
                  functools.partial(roll_html.sheet_thumb, s, name=names[seat], player=seat)]
    return pages


def test_roll_and_writes_cached_boxes_match_fresh_ones_in_every_language_and_for_every_sheet() -> None:
    names = ("You", "Ann", "Ben")
    states = played(roll.Game(players=3).new_state(), random.Random(11), 300)
    pages = [page for state in states[::10] for page in roll_pages(state, names)]
    assert check_warm_equals_fresh(pages, roll_html._box_markup) > 200


@pytest.mark.parametrize("cache", CACHES, ids=lambda cache: cache.__name__)
def test_every_cache_is_bounded(cache: typing.Any) -> None:
    limit = cache.cache_info().maxsize
    assert limit is not None and 0 < limit <= 4096


def test_the_caches_stay_within_their_bounds_over_whole_games_in_every_language() -> None:
    empty_caches()
    for lang in LANGUAGES:
        with i18n.using(lang):
            for state in played(board.Game(players=4).new_state(), random.Random(2), 300)[::15]:
                board_html.position(state, ("You", "Ann", "Ben", "Cy"))
            for sheets in played(roll.Game(players=4).new_state(), random.Random(2), 300)[::5]:
                roll_html.position(sheets, ("You", "Ann", "Ben", "Cy"))
            for table in played(card.Game(games=1).new_state(), random.Random(2), 300)[::5]:
                card_html.position(table, ("You", "Computer"))
    for cache in CACHES:
        info = cache.cache_info()
        assert info.maxsize is not None and info.currsize <= info.maxsize


def test_a_catalog_identifies_its_language() -> None:
    pseudo = i18n.Language("qps", i18n.Pseudo())
    with i18n.using(pseudo):
        assert i18n.translations() is pseudo.translations
    found = set()
    for code in i18n.languages():
        with i18n.using(code):
            found.add(id(i18n.translations()))
            assert i18n.translations() is i18n.language(code).translations
    assert len(found) == len(i18n.languages())


@pytest.mark.parametrize("lang", ["en", "de", i18n.Language("qps", i18n.Pseudo())], ids=str)
def test_a_small_integer_is_written_as_the_catalog_would(lang: str | i18n.Language) -> None:
    with i18n.using(lang):
        for value in range(-1500, 1501):
            assert i18n.number(value) == i18n.number(float(value)), value
        assert i18n.number(1234) == i18n.number(1234.0) and i18n.number(-20000) == i18n.number(-20000.0)


@pytest.mark.parametrize("text", ["plain", "", "a&b", "<b>", 'say "x"', "it's", "\u00e9t\u00e9 \u2212", 7, None,
                                  1.5, card.Card(card.Colour.RED, 7)])
def test_esc_is_the_standard_librarys_escape(text: object) -> None:
    import html

    assert lc_html.esc(text) == html.escape(str(text), quote=True)
