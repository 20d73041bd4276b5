"""What happened, as the engine reports it after each action.

Events carry everything; ``event.seen_by(player)`` is the copy that a seated player may see (the
opponent's dealt cards and stock draws blanked out).  Bots and hot-seat screens only get those copies.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card
from .scoring import FinalScore, HandResult


class Event:
    __slots__ = ()

    def seen_by(self, player: int) -> Event:
        return self


@dataclass(frozen=True)
class HandDealt(Event):
    hand_no: int
    dealer: int
    upcard: Card
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    knock_limit: int
    stock_size: int
    commitment: str | None = None  # SHA-256 of the hand's secret (public); None when not known

    def seen_by(self, player: int) -> HandDealt:
        h0, h1 = self.hands
        return replace(self, hands=(h0 if player == 0 else None, h1 if player == 1 else None))


@dataclass(frozen=True)
class UpcardDecision(Event):
    """A player took or passed the first upcard when it was offered."""

    player: int
    card: Card
    taken: bool


@dataclass(frozen=True)
class UpcardRetired(Event):
    """Both passed the upcard and, by the classic rule, it leaves play for this hand."""

    card: Card


@dataclass(frozen=True)
class Drew(Event):
    """``source`` is 'stock' or 'discard'; a stock card is None for the opponent."""

    player: int
    source: str
    card: Card | None
    auto: bool = False

    def seen_by(self, player: int) -> Drew:
        if self.source == "stock" and player != self.player:
            hidden = _HIDDEN_DRAWS.get((self.player, self.auto))
            return hidden if hidden is not None else Drew(self.player, self.source, None, self.auto)
        return self


_HIDDEN_DRAWS = {(p, auto): Drew(p, "stock", None, auto) for p in (0, 1) for auto in (False, True)}
"""A stock draw as the other seat sees it: only who drew and whether the timer drew are left."""


@dataclass(frozen=True)
class Discarded(Event):
    player: int
    card: Card
    auto: bool = False


@dataclass(frozen=True)
class Knocked(Event):
    """``kind`` is knock, gin or big_gin; ``card`` is the discard (None on big gin)."""

    player: int
    card: Card | None
    kind: str


@dataclass(frozen=True)
class HandEnded(Event):
    result: HandResult
    scores: tuple[int, int]


@dataclass(frozen=True)
class MatchEnded(Event):
    final: FinalScore
