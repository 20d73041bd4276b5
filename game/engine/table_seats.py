"""Who plays each hand of a table of three or two pairs: the duel's seats, who sits out, who deals.

Three players: the dealer of each hand sits it out and the other two play, the player on the
dealer's left (the next seat) first.  Who deals next is a switch (``TableRules.three_dealer``):
``next``, the deal passes to the next seat after every hand, a dead one too (the custom the Russian
rules page describes); or ``loser``, the loser of the hand deals next and so sits out while the
winner plays the one who sat out (the printed rules of three-handed gin), a dead hand being dealt
again by the same dealer as in a game for two.

Two pairs (Hoyle's and Pagat's partnership game): seats 0 and 2 against 1 and 3, partners across.
Every hand each player plays a duel against a player of the other pair, the opponents changing every
hand: 0 against 1 and 2 against 3, then 0 against 3 and 2 against 1, and so on.  In each duel the
same pair deals for two hands running, then the other.  A pair's hand is its two duels.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .parameters import TABLE_DUELS, TABLE_KINDS, TABLE_SEATS
from .rules import TableRules
from .scoring import HandResult
from .seeds import derive_seed

KINDS = TABLE_KINDS
SEATS: dict[str, int] = dict(TABLE_SEATS)
DUELS_PER_HAND: dict[str, int] = dict(TABLE_DUELS)


@dataclass(frozen=True)
class Duel:
    """Who plays one hand: the table seats in duel seats 0 and 1, who sits out, and the duel seat dealing."""

    seats: tuple[int, int]
    sitting_out: tuple[int, ...]
    dealer: int = 1

    @property
    def dealer_seat(self) -> int:
        return self.seats[self.dealer]

    def turned(self) -> Duel:
        """The same duel with its two players in the other duel seats."""
        return Duel((self.seats[1], self.seats[0]), self.sitting_out, 1 - self.dealer)

    def duel_seat(self, seat: int) -> int | None:
        """The seat (0 or 1) a table seat holds in this duel, None when it sits out."""
        return self.seats.index(seat) if seat in self.seats else None


@dataclass(frozen=True)
class TableHand:
    """A finished duel: who played, who sat out, and the two-player hand's own result."""

    hand_no: int
    duel: Duel
    result: HandResult

    @property
    def winner(self) -> int | None:
        """The table seat that won the hand (None for a dead hand)."""
        return None if self.result.winner is None else self.duel.seats[self.result.winner]

    @property
    def loser(self) -> int | None:
        """The table seat that lost the hand (None for a dead hand)."""
        return None if self.result.winner is None else self.duel.seats[1 - self.result.winner]


def side_of(kind: str, seat: int) -> int:
    """The side that scores for ``seat``: the seat itself with three players, its pair with four."""
    return seat % 2 if kind == "pairs" else seat


def table_lot(seed: int, kind: str) -> int:
    """The first dealer (three) or the pair that deals first (pairs), drawn from the seed."""
    return random.Random(derive_seed(seed, "table/lot")).randrange(3 if kind == "three" else 2)


def duel_for(kind: str, hand_no: int, first: int, computers: frozenset[int] = frozenset()) -> Duel:
    """Who plays duel ``hand_no`` when the deal passes on by itself (pairs, or three with ``next``).

    ``first`` is the first dealer (three) or the dealing pair (pairs).  A person facing a computer
    (``computers`` are the seats the computer plays) takes duel seat 0, the seat a two-player match
    gives the person; otherwise the first to play is duel seat 0.
    """
    if kind == "three":
        return _seated(_three((first + hand_no) % 3), computers)
    round_no, index = divmod(hand_no, 2)
    mine = 0 if index == 0 else 2  # the duel of seat 0, then the duel of seat 2
    theirs = (mine + 1) % 4 if round_no % 2 == 0 else (mine + 3) % 4  # opponents change every hand
    a_deals = (round_no // 2 + first) % 2 == 0
    seats = (theirs, mine) if a_deals else (mine, theirs)
    return _seated(Duel(seats, tuple(s for s in range(4) if s not in seats)), computers)


def duel_after(kind: str, house: TableRules, first: int, history: Sequence[TableHand],
               computers: frozenset[int] = frozenset()) -> Duel:
    """Who plays the duel that follows ``history`` (the one in play, or the next one after a finished one)."""
    if kind == "pairs" or house.three_dealer == "next":
        return duel_for(kind, len(history), first, computers)
    dealer = first
    for hand in history:
        loser = hand.loser
        if loser is not None:
            dealer = loser  # a dead hand: the same dealer deals again
    return _seated(_three(dealer), computers)


def _three(dealer: int) -> Duel:
    return Duel(((dealer + 1) % 3, (dealer + 2) % 3), (dealer,))


def _seated(duel: Duel, computers: frozenset[int]) -> Duel:
    if duel.seats[0] in computers and duel.seats[1] not in computers:
        return duel.turned()
    return duel
