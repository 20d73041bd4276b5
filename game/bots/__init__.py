"""Computer opponents: bots that hear events, answer four questions, and see only their own seat.

``make_bot("hard", seed=1)`` builds a bot; ``decide(bot, obs)`` asks it for a checked engine action;
``play_match(rules, seed, bot0, bot1)`` plays a whole match; ``hint(obs)`` gives a player advice.
"""
from __future__ import annotations

from game.engine import LEVELS  # what a player chooses; "simple" is the yardstick

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .memory import HandMemory
from .referee import PlayedMatch, decide, decide_checked, deliver, play_match
from .simple import SimpleBot

BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot, "simple": SimpleBot}


def make_bot(level: str, seed: int | str | None = None) -> Bot:
    """A new bot of ``level`` (easy, medium, hard or simple) with its own seeded randomness."""
    try:
        cls = BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from {sorted(BOTS)}") from None
    bot: Bot = cls(seed=seed)
    return bot


from .hint import Advisor, Hint, hint  # noqa: E402  (the advisor is built on the hard bot)

__all__ = [
    "Advisor", "BOTS", "Bot", "EasyBot", "HandMemory", "HardBot", "Hint", "LEVELS", "PlayedMatch",
    "MediumBot", "SimpleBot", "decide", "decide_checked", "deliver", "hint", "make_bot", "play_match",
]
