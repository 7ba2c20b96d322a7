"""The rules of each game in a few sections, in the rulebooks' terms, and their page.

One :class:`Summary` per game (by its ``name``; a game's entry in
:mod:`lostcities.ui.games` names its summary): a short goal and sections of
plain-text points (marked for the catalogs, translated when drawn), written from the rulebooks in
the shared rules folder (``shared/rules/`` beside the repository) (the
values that no rulebook prints are those of the game's ``data`` module).  The
renderer :func:`page` draws it as a page of the home screen (``#rules/card``)
or as an overlay over a game (with a *Back to the game* button).  CSS hooks:
``lc-rules``, ``lc-rules-goal``, ``lc-rules-section``.

>>> page(SUMMARIES["card"]).count("<h2") >= 4
True
>>> 'data-action="close-sheet"' in page(SUMMARIES["roll"], overlay=True)
True
"""

from __future__ import annotations

import dataclasses
import typing

from lostcities import api, i18n
from lostcities.ui import html as lc_html


@dataclasses.dataclass(frozen=True)
class Summary:
    """The rules of one game: its goal and ``(heading, points)`` sections."""

    game: str
    goal: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]


SUMMARIES: typing.Final[dict[str, Summary]] = {s.game: s for s in (
    Summary("card", i18n.N_("Two players lead expeditions: lay out cards of a colour in rising order and score the "
            "expeditions you started, after paying their cost. A match is three games; the higher total wins."), (
        (i18n.N_("The cards"), (
            i18n.N_("Five expeditions (yellow, blue, white, green, red; a sixth, purple, as an option), each with the "
            "numbers 2 to 10 and three wager cards. Each player holds eight cards; the rest is the draw pile."),
        )),
        (i18n.N_("Your turn: play, then draw"), (
            i18n.N_("First put one card down. Either add it to your column of its colour: it must be higher than the "
            "last card there, and wager cards go only at the start of a column, before any number. Or discard "
            "it face up on the discard pile of its colour."),
            i18n.N_("Then draw one card: the top card of the draw pile or of any discard pile, but not the card you "
            "have just discarded. Drawing ends your turn."),
        )),
        (i18n.N_("End of a game"), (
            i18n.N_("A game ends the moment the last card of the draw pile is drawn."),
        )),
        ("Scoring", (
            i18n.N_("A column you never started scores nothing. A started column scores the sum of its numbers minus "
            "20 (the expedition's cost), so it can be negative."),
            i18n.N_("One, two or three wager cards multiply that result by 2, 3 or 4 (a loss too)."),
            i18n.N_("A column of eight or more cards (wagers included) earns 20 bonus points, not multiplied."),
            i18n.N_("After each game the player with more points so far starts the next; after three games the higher "
            "total wins."),
        )),
    )),
    Summary("board", i18n.N_("Two to four players send their explorers (four adventurers and one researcher) down five "
            "paths towards the lost cities, collecting artifacts and victory points on the way. The game lasts "
            "three rounds (one in the short game)."), (
        (i18n.N_("The board and the cards"), (
            i18n.N_("Five paths, one per colour, of nine stepping stones each; the ninth is the lost city, and a "
            "bridge lies between the sixth and the seventh stone. Each stone has a value, negative at first."),
            i18n.N_("110 cards: two of each value 0 to 10 in each of the five colours. Each player holds eight cards "
            "(with two players, 30 cards are put aside unseen each round). The 25 event tiles are shuffled "
            "onto the board every round."),
        )),
        (i18n.N_("Your turn: play a card, then draw"), (
            i18n.N_("Start an expedition: play your lowest card of a colour and put an adventurer or your researcher "
            "on the first stone of that path. You may start one expedition per colour; other players may "
            "share the path."),
            i18n.N_("Or advance: play a card of that colour equal to or higher than your last one there, and move "
            "that piece one stone on. A piece already on the lost city lets another of your pieces step on "
            "instead."),
            i18n.N_("Or discard the card face up on its colour's discard pile."),
            i18n.N_("Then draw the top card of the draw pile or of a discard pile."),
            i18n.N_("A house variant (an option of the setup, in neither rulebook): the lost-city move may also bring "
            "a new piece from the camp onto the first stone of a path where you have none; the first card "
            "played on that path must then follow the starting rule."),
        )),
        (i18n.N_("Event tiles"), (
            i18n.N_("Artifact: take it (the space stays empty). Victory points: take that many points (never doubled). "
            "Arrow: you may move any one of your pieces already on a path one stone on; tiles there count "
            "too."),
        )),
        (i18n.N_("End of a round and scoring"), (
            i18n.N_("A round ends when the fifth piece crosses a bridge (that piece does not use its tile) or the last "
            "card of the draw pile is drawn."),
            i18n.N_("Each piece scores the value of its stone; the researcher scores double. Pieces in the camp score "
            "nothing. A round's total never goes below 0."),
            i18n.N_("After the last round the artifacts you hold score on the artifact track. The most points win; "
            "on a tie, the most artifacts."),
        )),
    )),
    Summary("roll", i18n.N_("Roll three colour dice and three number dice, take one of each and write the number on "
            "your game sheet. Long expeditions, artefacts and the bonus bridges you pass first score; the highest "
            "total wins (solo: beat your best)."), (
        (i18n.N_("A turn"), (
            i18n.N_("The roller rolls all six dice and takes one colour die and one number die, or refuses. Every "
            "other player then takes one colour die and one number die from the dice left (all six if the "
            "roller refused), or refuses. Several players may take the same dice."),
            i18n.N_("Everybody chooses at once, or in sequence as an option: clockwise after the roller, each seeing "
            "the earlier choices."),
        )),
        (i18n.N_("Writing on your sheet"), (
            i18n.N_("Write the number in the next box of that colour's expedition, from the bottom up. Each number "
            "must be equal to or greater than the one below; a 0 counts as 10."),
            i18n.N_("A 0 may instead mark the expedition's double circle, only before the expedition starts: the "
            "expedition then scores double, a loss too."),
            i18n.N_("A box with an arrow accelerates: write the top number of any expedition again in its next box "
            "(a 1 starts an expedition). An artefact box shades the next artefact on the right."),
            i18n.N_("With all nine boxes filled, a fitting pair may instead claim the small artefact at the top."),
            i18n.N_("Refusing shades the next dice symbol; the ninth leaves you exhausted (that column scores 0)."),
        )),
        (i18n.N_("Bonus bridges"), (
            i18n.N_("Each column has a bridge after its sixth box: the first to reach its seventh box (or seventh "
            "artefact or dice symbol) scores 20 bonus points; players passing it in the same turn all score."),
        )),
        (i18n.N_("End and scoring"), (
            i18n.N_("The game ends at the end of a turn once every bridge is passed or every player is exhausted."),
            i18n.N_("Each expedition scores by its boxes filled, negative with three or fewer; the artefact and dice "
            "columns score by their marks; add the bridges. The highest total wins; ties share the win."),
        )),
    )),
)}
"""The summary of each built-in game, by game name."""


def page(summary: Summary, *, overlay: bool = False) -> str:
    """A game's rules ``summary`` as a page (``overlay``: over a game, with the way
    back to it; else with the way back to the games)."""
    game = summary.game
    cls = api.games().get(game)
    title = lc_html.short_title(cls) if cls is not None else game
    sections = "".join(
        f'<section class="lc-rules-section"><h2>{lc_html.esc(i18n._(heading))}</h2><ul>'
        + "".join(f"<li>{lc_html.esc(i18n._(point))}</li>" for point in points) + "</ul></section>"
        for heading, points in summary.sections)
    back = (lc_html.button(i18n._("Back to the game"), "close-sheet") if overlay
            else f"{lc_html.play_link(game)} {lc_html.home_link()}")
    heading = i18n._("Rules: {game}").format(game=title)
    return (f'<article class="lc-rules lc-sheet" aria-labelledby="lc-rules-title" data-rules="{lc_html.esc(game)}">'
            f'<h1 id="lc-rules-title">{lc_html.esc(heading)}</h1>'
            f'<p class="lc-rules-goal">{lc_html.esc(i18n._(summary.goal))}</p>{sections}'
            f'<p class="lc-sheet-actions">{back}</p></article>')
