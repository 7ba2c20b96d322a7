"""The board game's built-in tutorials (data for :mod:`lostcities.ui.tutorial`).

Each teaches one rule in the rulebook's terms, in a position made for it by
``board.Game.tutorial_position`` (round 1 of the short game, You against the
easy computer), and ends in a short free play.  The computer's answers are
scripted, and every card the lessons name is dealt on purpose.  Highlight
names: see :mod:`lostcities.ui.board` (``path:<letter>``,
``stone:<letter>:<n>``, ``tile:<letter>:<n>``, ``piece:<seat>:<letter>``,
``camp:<seat>``, ``researcher:<seat>``, ``column:<seat>:<letter>``,
``bridge:<letter>``, ``bridge:count``, ``pick:<letter>``, ``artifact:<seat>``,
``score:<seat>``, ``deck``, ``hand:<card>``, ``pile:<letter>``).
"""

from __future__ import annotations

import typing

from lostcities import i18n

SHORT_GAME: typing.Final = {"rounds": 1}

TUTORIALS: typing.Final[list[dict[str, typing.Any]]] = [
    {
        "id": "board-lowest-card",
        "game": "board",
        "title": i18n.N_("Start with your lowest card"),
        "summary": i18n.N_("Begin an expedition with your lowest card of a colour, then follow with equal or higher "
                           "cards."),
        "options": SHORT_GAME,
        "setup": {"seed": 1, "position": {
            "hands": [["Y2", "Y2", "Y5", "Y8", "B3", "W6", "G9", "R10"],
                      ["R3", "R4", "B7", "W2", "G5", "G6", "Y9", "B10"]],
            "tiles": {"yellow-2": "5"},
            "top": ["B5", "G2"],
        }},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Each colour has a path of nine stepping stones, from the camp up to a lost city. The "
                             "first three stones cost points (\u221220, \u221215, \u221210); the six after them earn "
                             "points. To begin an expedition, place your lowest card of a colour in front of you and "
                             "move a piece from your camp onto stone 1 of that colour's path."),
             "highlights": ["path:Y", "stone:Y:1", "camp:0"]},
            {"kind": "act",
             "text": i18n.N_("Begin your yellow expedition: tap a yellow card, then the yellow path, and choose an "
                             "adventurer. (Try the yellow 5 first if you like: you will see why it cannot begin.)"),
             "highlights": ["hand:Y2", "hand:Y5", "path:Y"], "arrows": [["hand:Y2", "path:Y"]],
             "expected": ["start Y2 adventurer"],
             "success": i18n.N_("Your adventurer left the camp for yellow stone 1 (\u221220 for now). Starting low "
                                "leaves room for all your higher yellow cards."),
             "failure": i18n.N_("Begin with the yellow 2 and an adventurer: keep your researcher for later.")},
            {"kind": "act",
             "text": i18n.N_("Every turn ends with a draw: take the top card of the draw pile."),
             "highlights": ["deck"],
             "expected": ["draw"], "replies": ["start R3 adventurer", "draw"],
             "success": i18n.N_("The computer began its red expedition with its lowest red card, the 3."),
             "failure": i18n.N_("Draw from the draw pile this time.")},
            {"kind": "act",
             "text": i18n.N_("A card of the same or a higher value moves your piece one stone on. Unlike the card "
                             "game, an equal card may follow: play your second yellow 2 on your yellow column."),
             "highlights": ["hand:Y2", "column:0:Y", "piece:0:Y"],
             "expected": ["advance Y2"],
             "success": i18n.N_("Your adventurer stepped onto yellow stone 2 and found a victory point tile: 5 "
                                "points at once. Your 5 and 8 can still follow."),
             "failure": i18n.N_("Play the other yellow 2: it keeps the 5 and the 8 for later.")},
            {"kind": "choice",
             "text": i18n.N_("Your yellow column ends with a 2. If you now drew a yellow 1, what could you do with "
                             "it?"),
             "highlights": ["column:0:Y"],
             "options": [i18n.N_("Advance on yellow with it"),
                         i18n.N_("Only discard it (or keep it): a lower card never follows"),
                         i18n.N_("Begin a second yellow expedition with it")],
             "answer": 1,
             "success": i18n.N_("Right: on a path only equal or higher cards follow, and each player has one "
                                "expedition per path."),
             "failure": i18n.N_("Cards follow in rising order (equal is fine), and you have one expedition per path.")},
            {"kind": "play", "text": i18n.N_("Draw, then play two more turns against the computer."), "turns": 5,
             "success": i18n.N_("Well played. Begin low, climb slowly, and keep your high cards for the far stones.")},
        ],
    },
    {
        "id": "board-researcher",
        "game": "board",
        "title": i18n.N_("The researcher"),
        "summary": i18n.N_("The big piece scores twice the points of its stone: send it where your cards are."),
        "options": SHORT_GAME,
        "setup": {"seed": 2, "position": {
            "hands": [["G1", "G3", "G4", "G6", "G7", "B2", "W5", "R8"],
                      ["Y3", "Y6", "B4", "B9", "W1", "W7", "R2", "R5"]],
            "top": ["G8", "Y2"],
        }},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Your team: four adventurers and one researcher, the larger piece. When a round is "
                             "scored the researcher earns twice the points of the stone it stands on: double gains "
                             "on the far stones, but double losses on the first three."),
             "highlights": ["researcher:0", "camp:0"]},
            {"kind": "act",
             "text": i18n.N_("Send the researcher where it can go far: you hold five green cards. Begin green with "
                             "your lowest green card and choose the researcher."),
             "highlights": ["hand:G1", "path:G"], "arrows": [["hand:G1", "path:G"]],
             "expected": ["start G1 researcher"],
             "success": i18n.N_("Your researcher stands on green stone 1."),
             "failure": i18n.N_("Begin green with the green 1, and choose the researcher this time.")},
            {"kind": "act",
             "text": i18n.N_("Draw the top card of the draw pile."),
             "highlights": ["deck"],
             "expected": ["draw"], "replies": ["start W1 adventurer", "draw"],
             "success": i18n.N_("You drew the green 8. The computer began white with an adventurer."),
             "failure": i18n.N_("Draw from the draw pile this time.")},
            {"kind": "choice",
             "text": i18n.N_("Green stone 1 is worth \u221220. What would your researcher score there if the round "
                             "ended now?"),
             "highlights": ["piece:0:G", "stone:G:1"],
             "options": [i18n.N_("\u221220"), i18n.N_("\u221240"), i18n.N_("Nothing: a piece near the camp does not "
                                                                           "count")],
             "answer": 1,
             "success": i18n.N_("Right: twice \u221220. Move it on quickly."),
             "failure": i18n.N_("The researcher scores twice its stone, negative stones too.")},
            {"kind": "act",
             "text": i18n.N_("Advance the researcher with the green 3."),
             "highlights": ["hand:G3", "piece:0:G"],
             "expected": ["advance G3"],
             "success": i18n.N_("Stone 2: still \u221230 for the researcher. From stone 4 on it earns double: 10 on "
                                "stone 4, up to 100 on the lost city."),
             "failure": i18n.N_("Play the green 3 on your green column.")},
            {"kind": "play",
             "ask": "first",
             "text": i18n.N_("Draw, then play two more turns. You have one researcher: your other expeditions take "
                             "adventurers."),
             "turns": 5,
             "success": i18n.N_("Well played. Give the researcher your longest colour.")},
        ],
    },
    {
        "id": "board-event-tiles",
        "game": "board",
        "title": i18n.N_("Event tiles and arrows"),
        "summary": i18n.N_("Artifacts, victory points and arrows: what happens when a piece steps onto a tile."),
        "options": SHORT_GAME,
        "setup": {"seed": 3, "position": {
            "hands": [["Y5", "Y7", "G6", "G8", "B4", "W3", "R6", "R9"],
                      ["B5", "B6", "W8", "R3", "R4", "Y9", "G10", "W10"]],
            "columns": [{"yellow": ["Y1", "Y2", "Y3"], "green": ["G2", "G3", "G4"]}, {"blue": ["B2"]}],
            "tiles": {"yellow-2": "arrow", "green-3": "arrow", "yellow-4": "arrow", "green-4": "arrow",
                      "green-5": "artifact"},
            "top": ["G9", "B8"],
        }},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Event tiles lie on some stones. A piece stepping onto one triggers it at once. An "
                             "artifact tile is taken (the artifact track pays for them later). A victory point tile "
                             "pays its points at once and stays (never doubled for the researcher). An arrow tile "
                             "lets you move any one of your pieces already on a path one stone forward; it stays "
                             "too."),
             "highlights": ["tile:Y:4", "tile:G:4", "tile:G:5"]},
            {"kind": "act",
             "text": i18n.N_("Advance on yellow with the yellow 5: your adventurer steps onto the arrow."),
             "highlights": ["hand:Y5", "tile:Y:4"], "arrows": [["hand:Y5", "path:Y"]],
             "expected": ["advance Y5"],
             "success": i18n.N_("The arrow lets you move one of your pieces one stone."),
             "failure": i18n.N_("Play the yellow 5 on your yellow column.")},
            {"kind": "act",
             "text": i18n.N_("Any of your pieces on a path may take the step. Move your green adventurer: it lands "
                             "on another arrow."),
             "highlights": ["pick:G", "piece:0:G", "tile:G:4"],
             "expected": ["move G"],
             "success": i18n.N_("A second arrow: one more step. Arrows can follow one another in a chain."),
             "failure": i18n.N_("Move the green adventurer: the next green stone holds an arrow.")},
            {"kind": "act",
             "text": i18n.N_("Move the green adventurer once more, onto the artifact."),
             "highlights": ["pick:G", "tile:G:5"],
             "expected": ["move G"],
             "checks": [{"at": "found.{pov}", "value": 1}],
             "success": i18n.N_("You took the artifact: its space stays empty for the rest of the round."),
             "failure": i18n.N_("Move the green adventurer onto the artifact tile.")},
            {"kind": "play", "text": i18n.N_("Draw, then play two more turns against the computer."), "turns": 5,
             "success": i18n.N_("Well played. Plan your moves through the arrows: one card can carry a piece far.")},
        ],
    },
    {
        "id": "board-lost-city",
        "game": "board",
        "title": i18n.N_("The lost city"),
        "summary": i18n.N_("Stone 9 ends the path; cards played there move your other pieces."),
        "options": SHORT_GAME,
        "setup": {"seed": 4, "position": {
            "hands": [["R8", "R9", "B5", "B6", "Y4", "W7", "G3", "G9"],
                      ["Y7", "Y8", "W2", "W4", "G5", "G6", "B9", "R10"]],
            "columns": [{"red": ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7"], "blue": ["B1", "B2", "B3"]},
                        {"yellow": ["Y5", "Y6"]}],
            "tiles": {"red-2": "arrow", "red-5": "arrow", "red-7": "arrow", "red-8": "arrow", "blue-3": "arrow",
                      "yellow-2": "arrow", "red-9": "15"},
            "top": ["W9", "G2"],
        }},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Stone 9 at the end of each path is its lost city: 50 points, 100 for the researcher. "
                             "Your red adventurer stands one stone before it."),
             "highlights": ["stone:R:9", "piece:0:R"]},
            {"kind": "act",
             "text": i18n.N_("Advance on red with the red 8 to reach the lost city."),
             "highlights": ["hand:R8", "stone:R:9"], "arrows": [["hand:R8", "path:R"]],
             "expected": ["advance R8"],
             "success": i18n.N_("Your adventurer reached the lost city, and the victory point tile there paid 15 "
                                "points at once."),
             "failure": i18n.N_("Play the red 8 on your red column.")},
            {"kind": "act",
             "text": i18n.N_("Draw the top card of the draw pile."),
             "highlights": ["deck"],
             "expected": ["draw"], "replies": ["advance Y7", "draw"],
             "success": i18n.N_("The computer moved on along yellow."),
             "failure": i18n.N_("Draw from the draw pile this time.")},
            {"kind": "act",
             "text": i18n.N_("A piece on the lost city moves no further. A valid red card may still be played: it "
                             "moves one of your other pieces already on a path one stone instead. Play the red 9."),
             "highlights": ["hand:R9", "column:0:R"],
             "expected": ["advance R9"],
             "success": i18n.N_("Now choose the piece that takes the step."),
             "failure": i18n.N_("Play the red 9 on your red column.")},
            {"kind": "act",
             "text": i18n.N_("Your red adventurer cannot take the step (try it if you like): move your blue "
                             "adventurer. (The 2014 English rulebook lets this move also bring a piece from the camp "
                             "onto a new path: the house variant of the lost-city move plays that reading.)"),
             "highlights": ["pick:B", "piece:0:B"],
             "expected": ["move B"],
             "success": i18n.N_("Your blue adventurer stepped to blue stone 4. Arrow tiles follow the same rule: a "
                                "piece on the lost city never moves again."),
             "failure": i18n.N_("Move the blue adventurer.")},
            {"kind": "play", "text": i18n.N_("Draw, then play two more turns against the computer."), "turns": 5,
             "success": i18n.N_("Well played. Cards of a finished path still help your other expeditions.")},
        ],
    },
    {
        "id": "board-round-end",
        "game": "board",
        "title": i18n.N_("The end of the round and scoring"),
        "summary": i18n.N_("The fifth piece across a bridge ends the round; then every piece scores its stone."),
        "options": SHORT_GAME,
        "setup": {"seed": 5, "position": {
            "hands": [["W7", "W8", "B3", "B5", "Y9", "R10", "G8", "G9"],
                      ["Y7", "Y8", "R8", "R9", "W7", "B4", "G1", "G2"]],
            "columns": [{"green": ["G0", "G1", "G2", "G3", "G4", "G5", "G6"],
                         "white": ["W0", "W1", "W2", "W3", "W4", "W5"], "blue": ["B1", "B2"]},
                        {"yellow": ["Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"],
                         "red": ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7"],
                         "white": ["W0", "W1", "W2", "W3", "W4", "W5", "W6"]}],
            "pieces": [{"green": {"kind": "researcher"}}, {}],
            "tiles": {"green-3": None, "green-5": None, "yellow-4": None, "green-4": "10", "red-5": "5",
                      "white-2": "arrow", "white-3": "arrow", "white-6": "arrow", "white-7": "artifact"},
            "found": [2, 1],
            "points": [10, 5],
        }},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("A round (an \u201cexpedition\u201d in the English rulebook) ends at once when the "
                             "fifth piece in total crosses a bridge (between stones 6 and 7), on any paths, of any "
                             "players. Four have crossed already. A round also ends when the last card of the draw "
                             "pile is drawn."),
             "highlights": ["bridge:count", "bridge:W", "piece:0:W"]},
            {"kind": "choice",
             "text": i18n.N_("Then each piece scores the stone it stands on, the researcher twice. Yours: the "
                             "researcher on green 7 (30), an adventurer on white 6 (15), one on blue 2 (\u221215). "
                             "What do your pieces score?"),
             "highlights": ["piece:0:G", "piece:0:W", "piece:0:B"],
             "options": [i18n.N_("30"), i18n.N_("60"), i18n.N_("90")],
             "answer": 1,
             "success": i18n.N_("Right: 60 + 15 \u2212 15 = 60. The pieces' sum is paid (or paid back) at once, and "
                                "a total never drops below 0."),
             "failure": i18n.N_("Double the researcher's stone, then add the others: the blue stone counts against "
                                "you.")},
            {"kind": "choice",
             "text": i18n.N_("Your white adventurer would be the fifth piece across, onto white stone 7 and its "
                             "artifact tile. Does it take the artifact?"),
             "highlights": ["tile:W:7", "bridge:W"],
             "options": [i18n.N_("Yes, like any piece"), i18n.N_("No: the piece that ends the round triggers no tile")],
             "answer": 1,
             "success": i18n.N_("Right: the round is over before the tile acts."),
             "failure": i18n.N_("The piece that ends the round does not perform its tile's action.")},
            {"kind": "info",
             "text": i18n.N_("At the end of the round your artifact tiles become artifact tokens. After the last "
                             "round the artifact track pays for them; in the short game: none \u221220, one "
                             "\u221215, two 10, three 15, four 30, five or more 50. Victory points from tiles were "
                             "paid when you took them. Most points wins; on a tie, most artifacts."),
             "highlights": ["artifact:0", "score:0"]},
            {"kind": "play",
             "text": i18n.N_("End the round: advance your white adventurer over the bridge, then read the score "
                             "table."),
             "until": [{"over": True}], "turns": 30,
             "success": i18n.N_("The round is over: each piece scored its stone, and the artifact track paid.")},
        ],
    },
]
"""The built-in tutorials of this game (data for :mod:`lostcities.ui.tutorial`)."""
