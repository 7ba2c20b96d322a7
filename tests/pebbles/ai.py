"""The computer player of Pebbles: it leaves the heap a multiple of four when it can.

>>> import random
>>> from lostcities import bots
>>> from tests.pebbles import rules
>>> state = rules.Game().new_game(random.Random(1))
>>> bots.choose(bot("easy"), state.view(0), random.Random(0)).notation()
'take 1'
"""

from __future__ import annotations

import random
import typing

from lostcities import api, bots
from tests.pebbles import rules


class EasyBot(bots.Instant[rules.View]):
    """Takes what leaves a multiple of four pebbles, else one."""

    name = "easy"
    view_type = rules.View

    def decide(self, view: rules.View, rng: random.Random) -> api.Action:
        return rules.Take(view.heap % 4 or 1)


bot: typing.Final = bots.Levels(easy=EasyBot)
"""The computer players by level (the game's ``bot_levels``)."""
