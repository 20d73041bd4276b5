"""The easy opponent: a beginner who knocks at the first chance and makes visible slips.

It takes the face-up card only when it makes a meld at once (and sometimes overlooks even that),
throws its highest deadwood card but now and then clings to a high card it should throw, and
never thinks about what the opponent collects.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from game.engine import VALUES, Card, Observation
from game.engine.melds import PRIORITY_CARDS, best_discard_key, deadwood_of_mask, rank_major

from .base import Bot, forbid_mask
from .knowledge import mask_of_cards, meld_cover, melds_in

MISSED_PICKUP = 0.15  # how often a meld-making face-up card is overlooked
KEEPS_HIGH_CARD = 0.15  # how often a lower deadwood card is thrown instead of the highest


class EasyBot(Bot):
    level = "easy"

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None,
                 missed_pickup: float = MISSED_PICKUP, keeps_high_card: float = KEEPS_HIGH_CARD) -> None:
        super().__init__(seed, rng)
        self.missed_pickup = missed_pickup
        self.keeps_high_card = keeps_high_card

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        if top is None or not melds_in(mask_of_cards(obs.hand), top):
            return False
        return self.rng.random() >= self.missed_pickup

    def choose_discard(self, obs: Observation) -> Card:
        mask = mask_of_cards(obs.hand)
        forbid = forbid_mask(obs)
        dead = _deadwood_cards(mask & ~forbid, mask)
        first = next(dead, None)
        if first is None:
            c, _ = best_discard_key(mask, forbid)
            return Card(c)
        if VALUES[first] >= 8:
            second = next(dead, None)
            if second is not None and self.rng.random() < self.keeps_high_card:
                return Card(self.rng.choice([second, *dead]))
        return Card(first)


def _deadwood_cards(allowed: int, mask: int) -> Iterator[int]:
    """The cards of ``allowed`` that are deadwood in a best arrangement of ``mask``, highest first
    (by value, then rank, then suit: by rank, then suit, as value follows rank)."""
    sure = mask & ~meld_cover(mask)  # in no meld at all
    least = -1
    spread = rank_major(allowed)
    while spread:
        top = spread.bit_length() - 1
        spread ^= 1 << top
        c = PRIORITY_CARDS[top]
        if sure >> c & 1:
            yield c
            continue
        if least < 0:
            least = deadwood_of_mask(mask)
        if deadwood_of_mask(mask ^ (1 << c)) == least - VALUES[c]:
            yield c
