"""Engine positions for tests: a match rigged to a chosen position, cards by name, and named hands."""
from __future__ import annotations

from game.engine import (
    DECK,
    VAN,
    MatchState,
    Phase,
    parse_cards,
)


def rig(rules=VAN, hands=("", ""), discard="", stock_top="", dealer=0, to_act="auto",
        phase=Phase.DRAW, stock_size=20, taken=None, seed=0, upcard=None, history=(), hand_no=None):
    """A match in a chosen position: the given hands, the discard pile (bottom first), the stock's top
    cards (top first).  The other cards fill the stock up to ``stock_size`` and then lie at the bottom
    of the discard pile, so all 52 cards stay in play.  ``upcard`` (the first card turned up this hand)
    goes to the very bottom of the pile; by default it is the bottom card of the pile."""
    h0, h1 = parse_cards(hands[0]), parse_cards(hands[1])
    pile = parse_cards(discard)
    top = parse_cards(stock_top)
    first = parse_cards(upcard) if upcard else []
    named = h0 + h1 + pile + top + first
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in DECK if c not in set(named)]
    filler = stock_size - len(top)
    assert 0 <= filler <= len(rest)
    stock = rest[:filler] + top[::-1]
    pile = first + rest[filler:] + pile
    return MatchState.from_position(
        rules, (h0, h1), stock, pile, dealer=dealer, phase=phase, to_act=to_act,
        upcard=None if pile else top[0], taken_card=taken, seed=seed, history=history, hand_no=hand_no,
    )


def card(text):
    return parse_cards(text)[0]


# The knocker's eleven cards: 2H3H4H, 9S9D9C, JDQDKD, 8S and KS to throw.  Knock with KS leaves 8.
KNOCK_8 = "2H 3H 4H 9S 9D 9C JD QD KD 8S KS"


# The same melds with 5H on the run: throwing KS is gin.
GIN = "2H 3H 4H 5H 9S 9D 9C JD QD KD KS"


# All eleven melded.
BIG_GIN = "2H 3H 4H 5H 9S 9D 9C TD JD QD KD"


# Defenders: 4C5C6C7C and 6S6H6D melded; 9H can go on the nines.
DEF_14 = "4C 5C 6C 7C 6S 6H 6D 9H KH 4S"  # 23 before layoffs, 14 after


DEF_5 = "4C 5C 6C 7C 6S 6H 6D 9H 4S AS"  # 14 before, 5 after


DEF_8 = "4C 5C 6C 7C 6S 6H 6D 9H 5S 3S"  # 17 before, 8 after: ties a knock with 8
