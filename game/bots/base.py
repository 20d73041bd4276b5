"""The bot interface: a bot hears events and answers four questions, seeing only what its seat sees.

Report calls (``new_match``, ``on_event``) keep the bot's memory; decision calls get the seat's
``Observation`` and answer plain values.  ``game.bots.referee.decide`` turns the answers into engine
actions and checks them, so a bot never builds actions or touches the match state.
"""
from __future__ import annotations

import random

from game.engine import VAN, Card, Event, Observation, Rules
from game.engine.melds import best_discard_key

from .knowledge import mask_of_cards
from .memory import HandMemory


class Bot:
    """Base of every computer opponent; subclasses override the decision calls.

    All randomness comes from ``self.rng``, a ``random.Random`` seeded at creation, so a seeded match
    replays exactly.  A bot keeps no state outside itself, so several can think in parallel threads.
    """

    level = "base"

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self.seat = 0
        self.rules: Rules = VAN
        self.memory = HandMemory(0)
        self.fallbacks = 0  # answers the referee had to replace (counted by the referee)

    # ---------------------------------------------------------------- report calls

    def new_match(self, seat: int, rules: Rules) -> None:
        """A new match starts: this bot sits in ``seat`` and plays by ``rules``."""
        self.seat = seat
        self.rules = rules
        self.memory = HandMemory(seat)

    def on_event(self, event: Event) -> None:
        """One event, as this seat may see it (``event.seen_by(seat)``)."""
        self.memory.update(event)

    # ---------------------------------------------------------------- decision calls

    def take_upcard(self, obs: Observation) -> bool:
        """The first upcard is offered (classic or Hoyle offer): take it?"""
        return self.draw_from_discard(obs)

    def draw_from_discard(self, obs: Observation) -> bool:
        """True to take the top of the discard pile, False to draw from the stock."""
        return False

    def choose_discard(self, obs: Observation) -> Card:
        """Which card to throw (eleven cards in hand); the referee then asks ``knock``."""
        c, _ = best_discard_key(mask_of_cards(obs.hand), forbid_mask(obs))
        return Card(c)

    def knock(self, obs: Observation, card: Card) -> bool:
        """Asked only when throwing ``card`` allows a knock (or gin): end the hand now?"""
        return True

    def big_gin(self, obs: Observation) -> bool:
        """Asked only when all eleven cards are melded after the draw: claim big gin now?"""
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat}>"


def forbid_mask(obs: Observation) -> int:
    """The card this seat may not throw now, as a mask (0 when any card may go)."""
    return 0 if obs.forbidden_discard is None else 1 << obs.forbidden_discard
