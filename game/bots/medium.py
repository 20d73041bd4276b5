"""The medium opponent: builds its hand like the hard bot, but lays no traps.

It counts the cards and keeps those close to melds exactly as the hard bot does (the same code, with
the parameters in ``MEDIUM``), but it knocks as soon as it may (at its last draw before a dead hand,
when the knock is expected to score): it never plays on with low deadwood to undercut the opponent's
knock or to chase gin, and it does not study the opponent's knocking habit.  Nor does it use the hard
bot's learned throw and knock choices.  A club player who knows the cards but not the opponent.
"""
from __future__ import annotations

import random

from .hard import DEFAULTS, V1, HardBot

MEDIUM: dict[str, float] = {
    **V1,
    "reach": DEFAULTS["reach"],  # builds its hand with the hard bot's own value ...
    "danger": DEFAULTS["danger"],
    "wanted": DEFAULTS["wanted"],
    "late_stock": DEFAULTS["late_stock"],
    "hold_below": 0,  # ... but never plays on with low deadwood ...
    "hold_margin": 99,  # ... whatever the opponent's habit
    "max_undercut": 1.01,  # and knocks as soon as it may
    "min_gain": -999.0,
}


class MediumBot(HardBot):
    level = "medium"

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None, **params: float) -> None:
        super().__init__(seed, rng, **{**MEDIUM, **params})
