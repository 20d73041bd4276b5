"""The coach's knock arithmetic: the expected points of a knock over sampled opponent hands, and of
playing on, estimated by playing the hand out from the same samples with plain policies."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Rules
from game.engine.melds import best_discard_key, deadwood_of_mask

from .hard import knock_outcome
from .knowledge import TableView, bits, knock_points

MAX_TURNS = 200  # a played-out hand ends by a knock or the stock long before this


def knock_score(rules: Rules, rest: int, k: int, samples: Sequence[int]) -> tuple[float, float]:
    """(expected points of knocking with the ten cards ``rest``, chance of an undercut) over the
    sampled opponent hands; points are the knocker's (negative when undercut)."""
    if not samples:
        return 0.0, 0.0
    if k == 0:
        return sum(rules.gin_bonus + deadwood_of_mask(s) for s in samples) / len(samples), 0.0
    return knock_outcome(rules, rest, k, samples)


def stock_for(view: TableView, opp: int, rng: random.Random) -> list[int]:
    """A stock order for one sampled opponent hand: the other unseen cards, shuffled."""
    stock = list(bits(view.unseen & ~opp))
    rng.shuffle(stock)
    return stock


def play_on(rules: Rules, limit: int, mine: int, thrown: int, samples: Sequence[int], stocks: Sequence[list[int]],
            hold: int, late: int, habit: int) -> float:
    """The expected points of playing on with the ten cards ``mine`` after throwing ``thrown``, the
    opponent to move: each sampled opponent hand is played out once against its own stock order."""
    if not samples:
        return 0.0
    total = 0.0
    for opp, stock in zip(samples, stocks, strict=True):
        total += rollout(rules, limit, mine, opp, list(stock), thrown, hold, late, habit)
    return total / len(samples)


def rollout(rules: Rules, limit: int, mine: int, opp: int, stock: list[int], top: int | None,
            hold: int, late: int, habit: int) -> float:
    """Play a hand out from here with plain policies and return the points for ``mine`` (the
    opponent moves first).  Each side takes the face-up card when it lowers its deadwood, else draws
    from the stock, and throws the card leaving the least deadwood.  The player goes gin when it can
    and knocks like the hard bot (not with ``hold`` or less unless the stock is down to ``late``);
    the opponent knocks at ``habit`` or less (at once when its habit is unknown)."""
    hands = [opp, mine]
    mover = 0
    for _ in range(MAX_TURNS):
        m = hands[mover]
        dw = deadwood_of_mask(m)
        forbid = 0
        if top is not None and best_discard_key(m | 1 << top, 1 << top)[1] < dw:
            m |= 1 << top
            forbid = 0 if rules.may_discard_taken_card else 1 << top
        elif stock:
            m |= 1 << stock.pop()
        else:
            return 0.0
        if deadwood_of_mask(m) == 0:
            bonus = rules.big_gin_bonus if rules.big_gin_bonus is not None else rules.gin_bonus
            return _signed(mover, bonus + deadwood_of_mask(hands[1 - mover]))
        c, d = best_discard_key(m, forbid)
        m ^= 1 << c
        hands[mover] = m
        if d == 0:
            return _signed(mover, rules.gin_bonus + deadwood_of_mask(hands[1 - mover]))
        if d <= limit:
            player = mover == 1
            if (d > hold if player else habit < 0 or d <= habit) or len(stock) <= late:
                return _signed(mover, knock_points(rules, d, m, hands[1 - mover]))
        top = c
        if len(stock) <= rules.dead_hand_stock:
            return 0.0
        mover = 1 - mover
    return 0.0


def _signed(mover: int, points: float) -> float:
    """Points won by ``mover`` (0: the opponent, 1: the player) from the player's side."""
    return points if mover == 1 else -points
