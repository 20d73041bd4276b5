"""Dealing: the first dealer's lot, a hand dealt from its ``FairDeal``, and what the deal reveals.

Every deal comes from a ``FairDeal`` (``fairness.py``): by default its secret is derived from the
match seed and the hand number, so a match replays exactly and whoever holds a seed derived for
another label (a bot) cannot rebuild the deals; a caller can instead supply a fresh secret and the
player's cut (``DeckSource``) for a provably fair deal.
"""
from __future__ import annotations

import random

from .cards import VALUES
from .core import IN_PLAY, MatchCore, Phase
from .events import Event, HandDealt
from .fairness import DeckSource, FairDeal, dealt_hands
from .rules import Rules
from .seeds import derive_seed


def oklahoma_limit(upcard: int, cap: int = 10) -> int:
    """Knock limit under Oklahoma: the upcard's value; an ace means gin only."""
    if upcard % 13 == 0:
        return 0
    return min(VALUES[upcard], cap)


def hand_knock_limit(rules: Rules, upcard: int) -> int:
    """The knock limit of a hand whose first upcard is ``upcard`` (0, gin only, in straight gin)."""
    if rules.straight_gin:
        return 0
    return oklahoma_limit(upcard, rules.knock_limit) if rules.oklahoma else rules.knock_limit


def first_dealer(rules: Rules, seed: int, computer_seat: int | None) -> int:
    """Who deals the first hand: the computer when the rules say so, else the seed's lot."""
    if rules.first_dealer == "computer" and computer_seat in (0, 1):
        return computer_seat
    return random.Random(derive_seed(seed, "lot")).randrange(2)


def deal(s: MatchCore, source: DeckSource | None = None) -> list[Event]:
    """Deal hand ``s.hand_no`` from ``source`` (a fresh secret and the player's cut), else from the seed."""
    if source is None:
        source = DeckSource.seeded(s.seed, s.hand_no)
    fair = FairDeal.from_source(source, s.hand_no, s.dealer)
    order = fair.order
    s.deal = fair
    hands = dealt_hands(order, s.dealer)
    s.hands = [list(hands[0]), list(hands[1])]
    s.upcard = order[20]
    s.discard = [order[20]]
    s.stock = list(reversed(order[21:]))  # the top (drawn first) is the end of the list
    s.out_of_play = []
    s.picks = [[], []]
    s.taken_card = None
    s.stock_only = False
    s.turns = 0
    s.offer_stage = 0
    s.knock_limit = hand_knock_limit(s.rules, s.upcard)
    s.phase = Phase.UPCARD_OFFER if s.rules.upcard_offer != "none" else Phase.DRAW
    s.to_act = s.non_dealer
    s.last_result = None
    return [
        HandDealt(
            hand_no=s.hand_no,
            dealer=s.dealer,
            upcard=s.upcard,
            hands=(tuple(s.hands[0]), tuple(s.hands[1])),
            knock_limit=s.knock_limit,
            stock_size=len(s.stock),
            commitment=fair.commitment,
        )
    ]


def deal_commitment(s: MatchCore) -> str | None:
    """The commitment of the hand being played (or just over): public from the deal on."""
    if s.deal is None or s.deal.hand_no != s.hand_no:
        return None
    return s.deal.commitment


def deal_follows_cards(s: MatchCore) -> bool:
    """Whether ``s.deal`` is this hand's deal and the upcard and the undrawn stock follow its order.

    Play only ever draws from the top of the stock, so this holds for every dealt hand unless
    the position was edited (a hand-edited save loses its deal: it cannot be exported).
    """
    fair = s.deal
    if fair is None or fair.hand_no != s.hand_no:
        return False
    order = fair.order
    left = len(s.stock)
    return left <= 31 and s.upcard == order[20] and s.stock == list(reversed(order[52 - left :]))


def revealed_deal(s: MatchCore) -> FairDeal | None:
    """The finished hand's deal, secret included; None while the hand is in play."""
    if s.phase in IN_PLAY or not deal_follows_cards(s):
        return None
    return s.deal


def export_hand(s: MatchCore) -> str:
    """The finished hand as one JSON line for ``python3 -m game.verify`` (see docs/fairness.md).

    Raises ValueError while the hand is still in play (its secret stays hidden until it ends).
    """
    fair = revealed_deal(s)
    if fair is None or s.last_result is None:
        raise ValueError("only a finished hand can be exported: its secret stays hidden until it ends")
    return fair.export_line(s.last_result.dealer)
