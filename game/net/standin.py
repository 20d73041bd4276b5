"""One seat's engine state of a hand it cannot fully see: stand-ins for the cards it does not know.

A seat knows its own cards, the upcard and what was shown; the engine needs all 52 somewhere.  The
unknown positions (the other hand, the stock) get the unknown cards in any order, and when a card
comes to light at a position its stand-in trades places with it, wherever that card stood in for
another.  The unknown cards are alike to this seat, so the engine judges every move as it would with
the true deal; at the hand's end the true deal replays the hand to confirm it (``replay``).
"""
from __future__ import annotations

from collections.abc import Sequence

from game.engine import Action, Card, HandResult, MatchState, Phase, Rules

DECK = 52
UPCARD = 20


def dealt(position: int, dealer: int) -> int | None:
    """The seat dealt a position (the non-dealer the even ones below 20), or None for the upcard and stock."""
    if position >= UPCARD:
        return None
    return dealer if position % 2 else 1 - dealer


def position_state(rules: Rules, layout: Sequence[int], dealer: int, hand_no: int,
                   history: Sequence[HandResult]) -> MatchState:
    """The engine's state of a hand just dealt from ``layout`` (position -> card), as the engine deals."""
    hands = [[Card(layout[j]) for j in range(UPCARD) if dealt(j, dealer) == seat] for seat in (0, 1)]
    phase = Phase.UPCARD_OFFER if rules.upcard_offer != "none" else Phase.DRAW
    return MatchState.from_position(rules, hands, [Card(c) for c in reversed(layout[UPCARD + 1:])],
                                    [Card(layout[UPCARD])], dealer=dealer, phase=phase, hand_no=hand_no,
                                    history=history)


class StandIns:
    """The layout (position -> card) behind one seat's engine state, true where the seat knows the card."""

    def __init__(self, known: dict[int, int], rules: Rules, dealer: int, hand_no: int,
                 history: Sequence[HandResult]) -> None:
        rest = iter(sorted(set(range(DECK)) - set(known.values())))
        self.layout = [known[j] if j in known else next(rest) for j in range(DECK)]
        self.known = set(known)
        self.state = position_state(rules, self.layout, dealer, hand_no, history)

    def learn(self, position: int, card: int) -> None:
        """The card at ``position`` is ``card``: it trades places with the stand-in there."""
        if position in self.known:
            if self.layout[position] != card:
                raise ValueError(f"position {position} was known to hold another card")
            return
        other = self.layout.index(card)
        if other in self.known:
            raise ValueError(f"card {Card(card)} is known to lie at position {other}")
        standin = self.layout[position]
        self.layout[position], self.layout[other] = card, standin
        self.known.add(position)
        if standin != card:
            s = self.state
            for pile in (s.hands[0], s.hands[1], s.stock):
                for i, c in enumerate(pile):
                    if c == card:
                        pile[i] = Card(standin)
                    elif c == standin:
                        pile[i] = Card(card)


def replay(rules: Rules, order: Sequence[int], dealer: int, hand_no: int, history: Sequence[HandResult],
           moves: Sequence[tuple[Action, int]]) -> HandResult | None:
    """The hand played again from the true deal through the engine; its result (IllegalAction if a move fails)."""
    state = position_state(rules, order, dealer, hand_no, history)
    for action, seat in moves:
        state.apply(action, seat)
    return state.last_result
