"""Quick play-outs of the rest of a hand on card masks, for the Monte Carlo yardstick and the hard-bot
variants that weigh a knock against playing on (no game level plays them).

A play-out starts from one guess of the opponent's hand and of the stock order (drawn from the seat's
own ``TableView``: the unseen cards, never the real ones) and plays both sides with fast fixed
policies until someone knocks, goes gin or the stock runs out.  It returns the points of the hand
for the seat that asked (negative when the opponent scores).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.bots.knowledge import bits, knock_points, melds_in
from game.engine import Rules
from game.engine.melds import best_discard_key

MAX_TURNS = 60  # a play-out in which both sides only ever take face-up cards stops here


@dataclass(frozen=True)
class Policy:
    """How each side plays in a play-out.

    ``me_knock``: the seat knocks with this much deadwood or less (gin always, any legal knock once the
    stock is down to ``late`` cards beyond the dead-hand count).  ``opp_knock``: the opponent knocks with
    this much or less.  Both take the face-up card when it makes a meld with their hand.
    """

    limit: int
    me_knock: int
    opp_knock: int
    late: int


def play_out(rules: Rules, me: int, opp: int, stock: list[int], top: int, policy: Policy) -> float:
    """Points for 'me' when the hand goes on: the opponent moves first, facing ``top`` on the pile.

    ``me`` and ``opp`` are ten-card masks; ``stock`` lists the stock cards, next card last (it is
    not changed).
    """
    stock = list(stock)
    dead_at = rules.dead_hand_stock
    forbid_taken = not rules.may_discard_taken_card
    late_at = dead_at + policy.late
    hands = [opp, me]  # index 0 moves first
    knock_at = (policy.opp_knock, policy.me_knock)
    side = 0
    for _ in range(MAX_TURNS):
        hand = hands[side]
        if melds_in(hand, top):
            hand |= 1 << top
            forbid = 1 << top if forbid_taken else 0
        else:
            if len(stock) <= dead_at:
                return 0.0
            hand |= 1 << stock.pop()
            forbid = 0
        c, d = best_discard_key(hand, forbid)
        hand ^= 1 << c
        hands[side] = hand
        top = c
        if d == 0 or (d <= policy.limit and (d <= knock_at[side] or (side == 1 and len(stock) <= late_at))):
            pts = knock_points(rules, d, hand, hands[1 - side])
            return pts if side == 1 else -pts
        if len(stock) <= dead_at:
            return 0.0
        side = 1 - side
    return 0.0  # both sides keep taking each other's throws: call it a dead hand


def stock_of(unseen: int, opp: int, rng: random.Random) -> list[int]:
    """One guess of the stock order, given a guess of the opponent's hand: every other unseen card."""
    stock = list(bits(unseen & ~opp))
    rng.shuffle(stock)
    return stock
