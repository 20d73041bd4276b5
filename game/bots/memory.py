"""What one seat remembers of the current hand, built only from the events that seat was told.

The observation already shows the discard pile and the opponent's held pickups; the order of play
(who threw what, which face-up cards the opponent refused) is only in the events, so bots keep it here.
"""
from __future__ import annotations

from game.engine import (
    Card,
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    Knocked,
    UpcardDecision,
    UpcardRetired,
)


class HandMemory:
    """The public story of the hand as one seat saw it."""

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat
        self.reset()

    def reset(self) -> None:
        self.hand_no = -1
        self.dealer = 0
        self.knock_limit = 10
        self.pile: list[Card] = []  # the discard pile as seen, top last
        self.opp_discards: list[Card] = []
        self.opp_picks: list[Card] = []  # every card the opponent took face up (held or not)
        self.opp_refused: list[Card] = []  # face-up cards the opponent could have taken but did not
        self.my_discards: list[Card] = []
        self.opp_stock_draws = 0
        self.finished = False

    def update(self, event: Event) -> None:
        """Follow one event (the copy this seat may see).  Unknown events are ignored."""
        me = self.seat
        if isinstance(event, Discarded):
            self.pile.append(event.card)
            if event.player == me:
                self.my_discards.append(event.card)
            else:
                self.opp_discards.append(event.card)
        elif isinstance(event, Drew):
            if event.source == "discard":
                if self.pile:
                    self.pile.pop()
                if event.player != me and event.card is not None:
                    self.opp_picks.append(event.card)
            elif event.player != me:
                self.opp_stock_draws += 1
                if self.pile and (not self.opp_refused or self.opp_refused[-1] != self.pile[-1]):
                    self.opp_refused.append(self.pile[-1])
        elif isinstance(event, HandDealt):
            self.reset()
            self.hand_no = event.hand_no
            self.dealer = event.dealer
            self.knock_limit = event.knock_limit
            self.pile = [event.upcard]
        elif isinstance(event, UpcardDecision):
            if event.taken:
                if self.pile:
                    self.pile.pop()
                if event.player != me:
                    self.opp_picks.append(event.card)
            elif event.player != me:
                self.opp_refused.append(event.card)
        elif isinstance(event, UpcardRetired):
            if self.pile:
                self.pile.pop()
        elif isinstance(event, (Knocked, HandEnded)):
            self.finished = True
