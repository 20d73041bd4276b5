"""The easy opponent: a beginner who knocks at the first chance and makes visible slips.

It takes the face-up card only when it makes a meld at once (and sometimes overlooks even that),
throws its highest deadwood card but now and then clings to a high card it should throw, and
never thinks about what the opponent collects.
"""
from __future__ import annotations

from game.engine import VALUES, Card, Observation, best_arrangement
from game.engine.melds import best_discard_key

from .base import Bot, forbid_mask
from .knowledge import mask_of_cards, melds_in

MISSED_PICKUP = 0.15  # how often a meld-making face-up card is overlooked
KEEPS_HIGH_CARD = 0.15  # how often a lower deadwood card is thrown instead of the highest


class EasyBot(Bot):
    level = "easy"

    def __init__(self, seed=None, rng=None, missed_pickup: float = MISSED_PICKUP,
                 keeps_high_card: float = KEEPS_HIGH_CARD) -> None:
        super().__init__(seed, rng)
        self.missed_pickup = missed_pickup
        self.keeps_high_card = keeps_high_card

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        if top is None or not melds_in(mask_of_cards(obs.hand), top):
            return False
        return self.rng.random() >= self.missed_pickup

    def choose_discard(self, obs: Observation) -> Card:
        forbidden = obs.forbidden_discard
        allowed = [c for c in obs.hand if c != forbidden]
        dead = [c for c in best_arrangement(obs.hand).deadwood_cards if c != forbidden]
        if not dead:
            c, _ = best_discard_key(mask_of_cards(obs.hand), forbid_mask(obs))
            return Card(c)
        dead.sort(key=lambda c: (VALUES[c], c % 13, c // 13), reverse=True)
        if len(dead) > 1 and VALUES[dead[0]] >= 8 and self.rng.random() < self.keeps_high_card:
            return self.rng.choice(dead[1:])
        return dead[0] if dead[0] in allowed else allowed[0]
