"""The medium opponent: a patient club player.

It keeps cards that are one card short of a meld, takes the face-up card when it makes a meld or
cuts deadwood a lot, steers clear of cards that plainly join what the opponent picked up, and
knocks only with low deadwood unless the stock is running out.
"""
from __future__ import annotations

from game.engine import VALUES, Card, Observation
from game.engine.melds import best_discard_key, deadwood_of_mask

from .base import Bot, forbid_mask
from .knowledge import RELATED, SAME_RANK, bits, mask_of_cards, melds_in

PATIENT_KNOCK = 5  # knock at or under this much deadwood while the stock is still long
LATE_STOCK = 10  # with this few stock cards left, knock at the rules' limit
PARTNER_COST = 2.0  # deadwood points one near-meld partner is worth keeping
FEED_COST = 6.0  # deadwood points of throwing a card that joins the opponent's pickups


class MediumBot(Bot):
    level = "medium"

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        if top is None:
            return False
        mask = mask_of_cards(obs.hand)
        now = deadwood_of_mask(mask)
        forbid = 0 if obs.rules.may_discard_taken_card else 1 << top
        _, after = best_discard_key(mask | 1 << top, forbid)
        if melds_in(mask, top) and after < now:
            return True
        return after <= now - 6

    def choose_discard(self, obs: Observation) -> Card:
        mask = mask_of_cards(obs.hand)
        c, least = best_discard_key(mask, forbid_mask(obs))
        if self._would_knock(obs, least):
            return Card(c)
        wanted = mask_of_cards(obs.opponent_picks)
        feeds = 0
        for p in bits(wanted):
            feeds |= RELATED[p] | SAME_RANK[p]
        best, best_score = -1, None
        for c in bits(mask & ~forbid_mask(obs)):
            rest = mask ^ (1 << c)
            score = float(deadwood_of_mask(rest))
            partners = bin(RELATED[c] & rest).count("1")
            score += PARTNER_COST * min(partners, 2)
            if feeds >> c & 1:
                score += FEED_COST
            key = (score, -VALUES[c], -c)
            if best_score is None or key < best_score:
                best, best_score = c, key
        return Card(best)

    def knock(self, obs: Observation, card: Card) -> bool:
        return self._would_knock(obs, deadwood_of_mask(mask_of_cards(obs.hand) ^ (1 << card)))

    @staticmethod
    def _would_knock(obs: Observation, left: int) -> bool:
        if left > obs.knock_limit:
            return False
        if left == 0 or obs.stock_size <= LATE_STOCK:
            return True
        return left <= PATIENT_KNOCK
