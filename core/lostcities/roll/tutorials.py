"""Roll & Write's built-in tutorials (data for :mod:`lostcities.ui.tutorial`).

Each teaches one rule in the rulebook's terms, on a sheet made for it
(:meth:`lostcities.roll.Game.tutorial_position`), and ends in a short free
play.  Every roll is scripted (``roll red orange green 2 5 8``) so that each
step opens on the same dice.  Highlight names (:mod:`lostcities.ui.roll`):
``box:red:4``, ``circle:red``, ``artefact:red`` (a top artefact),
``artefact:2`` and ``dice:2`` (the right-hand columns), ``bridge:red``,
``score:red``, ``score:total``, ``sheet:0``, ``roll``, ``die:colour:0``,
``die:number:2``, ``refuse``, ``accelerate:orange``.
"""

from __future__ import annotations

import typing

from lostcities import i18n

SOLO: typing.Final = {"options": {"players": 1}, "seats": ["You"]}
DUEL: typing.Final = {"options": {"players": 2}, "seats": ["You", "Computer"]}

TUTORIALS: typing.Final[list[dict[str, typing.Any]]] = [
    {
        "id": "roll-choosing-dice",
        "game": "roll",
        "title": i18n.N_("Choosing dice"),
        "summary": i18n.N_("Take one colour die and one number die; the others choose from the four left."),
        **DUEL,
        "setup": {"seed": 1, "actions": ["roll red orange green 2 5 8"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("You rolled the six dice: three colour dice (each colour has its own symbol) and "
                             "three number dice. As the roller you take one colour die and one number die, and "
                             "write the number in the expedition of that colour."),
             "highlights": ["roll", "die:colour:0", "die:number:0"]},
            {"kind": "act",
             "ask": "first",
             "text": i18n.N_("Take the red die and the 2: tap them, then write the 2 in the highlighted red box "
                             "(its button is under the dice). A low number is the best start, as every later red "
                             "number must be at least as high."),
             "highlights": ["die:colour:0", "die:number:0", "box:red:1"],
             "expected": ["take red 2"],
             "replies": ["take orange 5", "roll yellow blue blue 1 3 6", "take blue 1"],
             "success": i18n.N_("Red starts with a 2. The computer chose from the four dice you left; then it "
                                "rolled and took blue and 1."),
             "failure": i18n.N_("Take the red die and the 2 this time.")},
            {"kind": "act",
             "text": i18n.N_("The computer rolled and took blue and 1: those two dice are out. Choose a colour die "
                             "and a number die from the four left (try the 1: it is refused)."),
             "highlights": ["roll"],
             "expected": ["take yellow 3", "take blue 3", "take yellow 6", "take blue 6"],
             "replies": ["roll red purple purple 4 7 9"],
             "success": i18n.N_("Right: when another player rolls, you choose from the four dice they left."),
             "failure": i18n.N_("Choose from the four dice the computer left: yellow or blue, with 3 or 6.")},
            {"kind": "choice",
             "text": i18n.N_("The roller has taken two dice. You and a third player both want the same colour die "
                             "and number die from the four left. May you both take them?"),
             "options": [i18n.N_("No: the first to choose takes them"),
                         i18n.N_("Yes: several players may take the same dice"),
                         i18n.N_("Only if the roller allows it")],
             "answer": 1,
             "success": i18n.N_("Right: the four dice stay in the middle, and everybody may use them."),
             "failure": i18n.N_("The dice are not removed: every other player may take any of the four.")},
            {"kind": "play",
             "text": i18n.N_("Play on against the computer: it is your roll again. Take a pair each turn."),
             "turns": 3,
             "success": i18n.N_("Well played. Keep your expeditions low at first: every number must rise from "
                                "there.")},
        ],
    },
    {
        "id": "roll-rising-boxes",
        "game": "roll",
        "title": i18n.N_("Rising numbers"),
        "summary": i18n.N_("Each expedition fills from the bottom up, and its numbers never go down."),
        **SOLO,
        "setup": {"seed": 2, "position": {"sheets": [{"green": [2, 4]}]}, "actions": ["roll yellow green green 0 3 6"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Each expedition is filled from bottom to top, one box after the other. Your green "
                             "expedition holds a 2 and a 4: the next green number goes in box 3, and it must be "
                             "equal to or greater than 4."),
             "highlights": ["box:green:1", "box:green:2", "box:green:3"]},
            {"kind": "act",
             "text": i18n.N_("Write a green number in box 3. The 3 cannot go there (try it); take the number that "
                             "keeps the most numbers open for later."),
             "highlights": ["box:green:3", "die:number:1", "die:number:2"],
             "expected": ["take green 6"],
             "replies": ["roll orange yellow green 0 5 6"],
             "success": i18n.N_("Green reads 2, 4, 6. You rolled again."),
             "failure": i18n.N_("Write in green: the 6 follows the 4 (the 0 would count as 10 and close green to "
                                "everything lower).")},
            {"kind": "choice",
             "text": i18n.N_("Green holds 2, 4, 6. You take the green die and the 0. What happens?"),
             "highlights": ["box:green:4"],
             "options": [i18n.N_("Nothing: 0 is lower than 6"), i18n.N_("It is written as 10 in green box 4"),
                         i18n.N_("It marks green's double circle")],
             "answer": 1,
             "success": i18n.N_("Right: during an expedition a 0 is read as 10."),
             "failure": i18n.N_("On a started expedition the 0 counts as 10; the circle is only for an expedition "
                                "not started yet.")},
            {"kind": "act",
             "text": i18n.N_("Yellow has not started. Take yellow and the 0 and mark its double circle: yellow "
                             "will score double. (Once a number is in yellow, its circle is lost.)"),
             "highlights": ["circle:yellow", "die:colour:1", "die:number:0"],
             "expected": ["take yellow 0 circle"],
             "replies": ["roll green blue purple 1 4 7"],
             "success": i18n.N_("Yellow's circle is marked: its points, good or bad, will be doubled."),
             "failure": i18n.N_("Take yellow and 0, then mark yellow's double circle at the bottom (its button is "
                                "under the dice).")},
            {"kind": "play",
             "text": i18n.N_("Play three turns on your own: keep every expedition rising slowly."),
             "turns": 3,
             "success": i18n.N_("Well played. Small steps leave room for more numbers.")},
        ],
    },
    {
        "id": "roll-refusing",
        "game": "roll",
        "title": i18n.N_("Refusing the dice"),
        "summary": i18n.N_("Write nothing and shade a dice symbol; nine of them exhaust you."),
        **DUEL,
        "setup": {"seed": 3, "position": {"sheets": [{"red": [3], "orange": [4], "yellow": [5]}, {"green": [2]}]},
                  "actions": ["roll red orange yellow 0 9 9"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Not every roll helps. A 9 on your red 3 would waste every number from 4 to 8. "
                             "Instead you may refuse: write nothing and shade the next dice symbol in the dice "
                             "column, from the bottom up."),
             "highlights": ["dice:1", "roll"]},
            {"kind": "act",
             "text": i18n.N_("Refuse this roll."),
             "highlights": ["refuse"],
             "expected": ["refuse"],
             "replies": ["take yellow 9", "roll green blue purple 2 4 7", "take green 4"],
             "success": i18n.N_("You shaded your first dice symbol. As you took nothing, the computer could choose "
                                "from all six dice. Then it rolled and took green and 4."),
             "failure": i18n.N_("Tap Refuse: none of these numbers is worth writing.")},
            {"kind": "choice",
             "text": i18n.N_("The dice column scores like the artefact column: the more symbols shaded, the more "
                             "points (8 score 70). What happens when you shade the ninth?"),
             "highlights": ["dice:9", "score:dice"],
             "options": [i18n.N_("The column scores 100"),
                         i18n.N_("You are exhausted: the column scores 0, and you play on"),
                         i18n.N_("You leave the game")],
             "answer": 1,
             "success": i18n.N_("Right. The game ends when every player is exhausted, or every bridge has been "
                                "passed."),
             "failure": i18n.N_("The ninth dice symbol exhausts you: the column then scores 0, but you keep "
                                "playing.")},
            {"kind": "play",
             "text": i18n.N_("Choose from the four dice the computer left, or refuse, and play on."),
             "turns": 3,
             "success": i18n.N_("Well played. Refuse when a roll would waste your numbers, but not too often.")},
        ],
    },
    {
        "id": "roll-accelerations",
        "game": "roll",
        "title": i18n.N_("Accelerations"),
        "summary": i18n.N_("Arrow boxes let you push any expedition one box further, even in a chain."),
        **SOLO,
        "setup": {"seed": 4, "position": {"sheets": [{"orange": [1], "blue": [2, 2]}]},
                  "actions": ["roll green blue purple 3 6 8"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Some boxes carry an arrow. When you write a number in one, you may accelerate any "
                             "one of your expeditions: write its highest number again in its next box (a 1 to "
                             "start a new expedition)."),
             "highlights": ["box:blue:3", "box:orange:2"]},
            {"kind": "act",
             "text": i18n.N_("Take blue and 3: the 3 lands in blue box 3, an arrow box."),
             "highlights": ["die:colour:1", "die:number:0", "box:blue:3"],
             "expected": ["take blue 3"],
             "success": i18n.N_("An arrow! Now choose the expedition to accelerate."),
             "failure": i18n.N_("Take blue and 3 this time.")},
            {"kind": "act",
             "text": i18n.N_("Accelerate orange: its 1 is written again in orange box 2, which is an arrow box too."),
             "highlights": ["accelerate:orange", "box:orange:2"],
             "expected": ["accelerate orange"],
             "success": i18n.N_("Orange reads 1, 1, and box 2 is an arrow: you may accelerate again."),
             "failure": i18n.N_("Choose orange for this acceleration.")},
            {"kind": "act",
             "text": i18n.N_("Use this acceleration to start a new expedition: red, yellow, green or purple gets a "
                             "1 in its first box, the lowest start there is."),
             "highlights": ["accelerate:red", "accelerate:purple"],
             "expected": ["accelerate red", "accelerate yellow", "accelerate green", "accelerate purple"],
             "replies": ["roll red yellow blue 2 5 7"],
             "success": i18n.N_("One pair of dice filled three boxes. You rolled again."),
             "failure": i18n.N_("Start an expedition that has no number yet.")},
            {"kind": "choice",
             "text": i18n.N_("May an acceleration mark an expedition's double circle?"),
             "options": [i18n.N_("Yes, like a 0"), i18n.N_("No: an acceleration only writes a number in the next box")],
             "answer": 1,
             "success": i18n.N_("Right: only a 0 taken from the dice marks a circle."),
             "failure": i18n.N_("The rules forbid it: an acceleration writes a number, never the circle.")},
            {"kind": "play",
             "text": i18n.N_("Play three turns on your own and look for arrows."),
             "turns": 3,
             "success": i18n.N_("Well played. Arrows are worth aiming for.")},
        ],
    },
    {
        "id": "roll-artefacts-bridges",
        "game": "roll",
        "title": i18n.N_("Artefacts and bridges"),
        "summary": i18n.N_("Artefact boxes fill the artefact column; the first over a bridge scores 20."),
        **DUEL,
        "setup": {"seed": 5, "position": {"sheets": [{"red": [1, 2, 3, 4, 5, 6]}, {"red": [2, 3, 4, 5, 6]}]},
                  "actions": ["roll red red blue 6 7 8"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Boxes with a vase hold an artefact: writing a number there shades the next artefact "
                             "in the artefact column, from the bottom up. Your red box 5 found one already."),
             "highlights": ["box:red:5", "artefact:1", "box:red:8"]},
            {"kind": "act",
             "text": i18n.N_("Between boxes 6 and 7 of each column lies a bonus bridge. Take red with the 6 or the "
                             "7 (keep the 8 for later): box 7 passes the red bridge."),
             "highlights": ["bridge:red", "box:red:7", "die:number:0", "die:number:1"],
             "expected": ["take red 7", "take red 6"],
             "replies": ["take blue 8", "roll red green purple 1 8 9", "take green 1"],
             "success": i18n.N_("You passed the red bridge first: 20 points. The computer's red bridge is crossed "
                                "out. Then it rolled and took green and 1."),
             "failure": i18n.N_("Take red with the 6 or the 7 to pass the red bridge.")},
            {"kind": "act",
             "text": i18n.N_("Take red and 8: red box 8 holds an artefact."),
             "highlights": ["box:red:8", "artefact:2"],
             "expected": ["take red 8"],
             "replies": ["roll orange yellow blue 2 3 5"],
             "success": i18n.N_("Your second artefact is shaded. The seventh artefact (or dice symbol) passes that "
                                "column's bridge too."),
             "failure": i18n.N_("Take red and 8 for the artefact.")},
            {"kind": "choice",
             "text": i18n.N_("You and another player both write in box 7 of green in the same turn, before anybody "
                             "else. Who gets the 20 points?"),
             "options": [i18n.N_("Only the one who chose first"), i18n.N_("Both of you"), i18n.N_("Nobody")],
             "answer": 1,
             "success": i18n.N_("Right: everyone who passes a bridge in the same turn as the first scores 20."),
             "failure": i18n.N_("Everybody who passes an open bridge in the same turn scores it.")},
            {"kind": "choice",
             "text": i18n.N_("Later all nine red boxes are full. You take red and a number at least as high as the "
                             "top one. What may you do?"),
             "highlights": ["artefact:red"],
             "options": [i18n.N_("Nothing: red is complete"),
                         i18n.N_("Mark red's top artefact and shade an artefact (once per expedition)")],
             "answer": 1,
             "success": i18n.N_("Right: the top artefact rewards a complete expedition once."),
             "failure": i18n.N_("A complete expedition still has its top artefact to claim, once.")},
            {"kind": "play",
             "text": i18n.N_("Play on against the computer: race it to the bridges."),
             "turns": 3,
             "success": i18n.N_("Well played. Bridges pay only the first: watch the other sheets.")},
        ],
    },
    {
        "id": "roll-scoring",
        "game": "roll",
        "title": i18n.N_("Scoring"),
        "summary": i18n.N_("How expeditions, circles, the artefact and dice columns and bridges score."),
        **SOLO,
        "setup": {"seed": 6, "position": {"sheets": [{"red": [1, 2, 3], "green": [2, 3], "circles": ["green"],
                                                      "dice": 2}]},
                  "actions": ["roll red green purple 4 5 9"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Each expedition scores by how many numbers it holds (the scale on the left): one to "
                             "three numbers score negative, four or more positive. An expedition never started "
                             "scores 0."),
             "highlights": ["score:red", "score:purple", "box:red:4"]},
            {"kind": "act",
             "text": i18n.N_("Red holds three numbers: \u221220. Write a fourth red number and watch its score."),
             "highlights": ["box:red:4", "score:red"],
             "expected": ["take red 4", "take red 5", "take red 9"],
             "replies": ["roll orange green blue 0 3 7"],
             "success": i18n.N_("Four numbers: red scores +10 now."),
             "failure": i18n.N_("Write a red number this time.")},
            {"kind": "choice",
             "text": i18n.N_("Green's double circle is marked, so green scores double: with two numbers, \u221230 "
                             "\u00d7 2 = \u221260 (see the top of its column). What will green score with four "
                             "numbers (+10 on the scale)?"),
             "highlights": ["circle:green", "score:green"],
             "options": [i18n.N_("+10"), i18n.N_("+20"), i18n.N_("+40")],
             "answer": 1,
             "success": i18n.N_("Right: the circle doubles gains as well as losses."),
             "failure": i18n.N_("The circle doubles the score from the scale, positive or negative: 10 \u00d7 2.")},
            {"kind": "choice",
             "text": i18n.N_("The artefact column scores by its shaded artefacts (the scale on the right): none "
                             "costs 40 points. How many artefacts do you need before the column scores positive?"),
             "highlights": ["score:artefacts", "artefact:4"],
             "options": [i18n.N_("1"), i18n.N_("4"), i18n.N_("9")],
             "answer": 1,
             "success": i18n.N_("Right: 3 artefacts still cost 10, the fourth scores +10. The dice column uses the "
                                "same scale, up to 70 for eight symbols."),
             "failure": i18n.N_("Read the scale on the right, row by row: 1 \u221230, 2 \u221220, 3 \u221210, 4 "
                                "+10.")},
            {"kind": "info",
             "text": i18n.N_("Each bridge you passed first (or in the same turn as the first) adds 20, never "
                             "doubled. The game ends after a turn in which the last bridge is passed, or every "
                             "player is exhausted; the highest total wins."),
             "highlights": ["score:bridges", "score:total"]},
            {"kind": "play",
             "text": i18n.N_("Play three turns and watch your total."),
             "turns": 3,
             "success": i18n.N_("Well played. Long expeditions, artefacts and bridges make the points.")},
        ],
    },
    {
        "id": "roll-companion",
        "game": "roll",
        "title": i18n.N_("The companion sheet"),
        "summary": i18n.N_("Play with real dice at a table: this device is your game sheet."),
        **SOLO,
        "setup": {"seed": 7, "position": {"sheets": [{"red": [2, 3], "blue": [4]}]},
                  "actions": ["roll red orange blue 3 5 8"]},
        "steps": [
            {"kind": "info",
             "text": i18n.N_("Playing with real dice? Choose Companion on the Roll & Write setup: this device "
                             "becomes your game sheet, the same sheet as here. The dice stay on the table."),
             "highlights": ["sheet:0"]},
            {"kind": "info",
             "text": i18n.N_("Each turn, tap the colour and the number you chose on the entry pad, then the button "
                             "that writes it in the highlighted box (or marks the double circle, with a 0). The "
                             "sheet refuses what the rules forbid, such as a falling number, and asks about arrows "
                             "just as here."),
             "highlights": ["box:red:3", "circle:orange"]},
            {"kind": "act",
             "text": i18n.N_("Try it here: you chose blue and 5 at the table. Tap the blue die and the 5 (on the "
                             "companion sheet: blue and 5 on the entry pad), then write it in the highlighted blue "
                             "box."),
             "highlights": ["die:colour:2", "die:number:1", "box:blue:2"],
             "expected": ["take blue 5"],
             "replies": ["roll yellow green purple 1 6 7"],
             "success": i18n.N_("Blue box 2 holds an artefact: the sheet shaded it for you, and it keeps every "
                                "score."),
             "failure": i18n.N_("Enter blue and 5 this time.")},
            {"kind": "choice",
             "text": i18n.N_("At the table you refused the dice. What do you tap on the companion sheet?"),
             "highlights": ["dice:1"],
             "options": [i18n.N_("Nothing"), i18n.N_("Refuse: it shades your next dice symbol"), i18n.N_("Undo")],
             "answer": 1,
             "success": i18n.N_("Right. Undo takes back an entry if you tapped the wrong thing."),
             "failure": i18n.N_("Every refusal shades a dice symbol: tap Refuse.")},
            {"kind": "choice",
             "text": i18n.N_("Another player reached box 7 of green before you. What do you do on your companion "
                             "sheet?"),
             "highlights": ["bridge:green"],
             "options": [i18n.N_("Nothing: the sheet finds out"),
                         i18n.N_("Tick the green bridge as passed by others: it is crossed out on your sheet"),
                         i18n.N_("Write a 7 in green")],
             "answer": 1,
             "success": i18n.N_("Right. Enter your own choice first: a bridge you pass in the same turn stays "
                                "yours."),
             "failure": i18n.N_("The companion sheet cannot see the others' sheets: tick the bridges they pass "
                                "first.")},
            {"kind": "play",
             "text": i18n.N_("Practise entering pairs here: tap a colour die, a number die, then the button that "
                             "writes it."),
             "turns": 2,
             "success": i18n.N_("Well done. At the end, Final score adds everything up for you.")},
        ],
    },
]
