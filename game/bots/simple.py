"""The yardstick: the simple strategy of the EAAI Gin Rummy challenge's baseline player.

Take the face-up card when it joins a meld among the eleven cards, else draw from the stock;
throw a card that leaves the least deadwood, at random among equals (never the face-up card just
taken); knock, gin or big gin as soon as the rules allow.
"""
from __future__ import annotations

from game.engine import Card, Observation
from game.engine.melds import deadwood_of_mask

from .base import Bot
from .knowledge import mask_of_cards, melds_in


class SimpleBot(Bot):
    level = "simple"

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        return top is not None and melds_in(mask_of_cards(obs.hand), top)

    def choose_discard(self, obs: Observation) -> Card:
        mask = mask_of_cards(obs.hand)
        best: list[Card] = []
        least = None
        for c in obs.hand:
            if c == obs.taken_card or c == obs.forbidden_discard:
                continue
            d = deadwood_of_mask(mask ^ (1 << c))
            if least is None or d < least:
                least, best = d, [c]
            elif d == least:
                best.append(c)
        return self.rng.choice(sorted(best))
