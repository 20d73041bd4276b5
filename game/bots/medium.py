"""The medium opponent: builds its hand like the hard bot, but lays no traps.

It counts the cards and keeps those close to melds exactly as the hard bot does (the same code, with
the parameters in ``MEDIUM``), and checks a knock against sampled opponent hands, but it knocks as
soon as a knock is safe enough: it never plays on with low deadwood to undercut the opponent's knock
or to chase gin, and it does not study the opponent's knocking habit.  Nor does it use the hard
bot's learned throw and knock choices.  A club player who knows the cards but not the opponent.
"""
from __future__ import annotations

import random

from .hard import V1, HardBot

MEDIUM: dict[str, float] = {
    **V1,
    "hold_below": 0,  # never plays on with low deadwood ...
    "hold_margin": 99,  # ... whatever the opponent's habit
    "max_undercut": 0.3,  # knocks unless an undercut looks likely
    "min_gain": 0.0,
}


class MediumBot(HardBot):
    level = "medium"

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None, **params: float) -> None:
        super().__init__(seed, rng, **{**MEDIUM, **params})
