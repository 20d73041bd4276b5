"""Three or four at one table: a run of ordinary two-player hands between the seats whose turn it is.

Gin Rummy is a game for two; a bigger table only chooses who plays whom.  Each hand here is a
plain two-player ``MatchState`` (a "duel") dealt from the table's seed, so the hand's rules, its
legal actions and its scoring are exactly those of two players.  This module picks the two seats
of each duel, rotates them, and keeps the table's score.

Three players (the custom the Russian rules page describes): the dealer of each hand
sits it out and the other two play; the deal then passes to the left (the next
seat), after a dead hand too.  The player on the dealer's left plays first (the duel's non-dealer).
Each player keeps his own total; the first to reach the target wins.

Four players, two pairs (the partnership game of Hoyle and Pagat): seats 0 and 2 are one pair,
seats 1 and 3 the other, partners sitting across.  Every hand, each player plays a duel against one
player of the other pair, and the opponents change every hand: 0 against 1 and 2 against 3, then 0
against 3 and 2 against 1, and so on.  In each duel the same pair deals for two hands running, then
the other, so that every pairing is dealt by each side in turn.  A pair's points are the sum of what
its two players won; once both duels of a hand are over, the pair at or past the target with more
points wins (pairs level at or past the target play another hand).

At the end the table adds the scorekeeping bonuses the rules switch on, as two players would: the
box bonus for each hand a side won, the game bonus to the winner, and the shutout doubling when
no other side scored.  Hollywood scoring is for two players and is refused here.

Seats are numbered 0..n-1 around the table; a pair is 0 (seats 0 and 2) or 1 (seats 1 and 3).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .core import IN_PLAY, Phase
from .dealing import deal
from .errors import IllegalAction, IllegalReason
from .events import Event
from .fairness import DeckSource
from .observation import Observation, observe
from .rules import Rules
from .scoring import HandResult
from .seeds import derive_seed
from .state import MatchState

KINDS = ("three", "pairs")
SEATS = {"three": 3, "pairs": 4}
DUELS_PER_HAND = {"three": 1, "pairs": 2}
DUEL_TARGET = 10_000
"""A duel is one hand: its own match never reaches this target, so the table alone decides the end."""


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


@dataclass(frozen=True)
class TableFinal:
    """The end of a table match, per side (a seat with three players, a pair with four)."""

    winner: int
    hand_points: tuple[int, ...]
    hands_won: tuple[int, ...]
    line_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout: bool
    totals: tuple[int, ...]


def duel_for(kind: str, hand_no: int, first: int, computers: frozenset[int] = frozenset()) -> Duel:
    """Who plays hand ``hand_no`` of a table whose first dealer (three) or dealing pair (pairs) is ``first``.

    A person facing a computer (``computers`` are the seats the computer plays) takes duel seat 0,
    the seat a two-player match gives the person; otherwise the first to play is duel seat 0.
    """
    duel = _duel(kind, hand_no, first)
    if duel.seats[0] in computers and duel.seats[1] not in computers:
        return duel.turned()
    return duel


def _duel(kind: str, hand_no: int, first: int) -> Duel:
    if kind == "three":
        dealer = (first + hand_no) % 3
        return Duel(((dealer + 1) % 3, (dealer + 2) % 3), (dealer,))
    round_no, index = divmod(hand_no, 2)
    mine = 0 if index == 0 else 2  # the duel of seat 0, then the duel of seat 2
    theirs = (mine + 1) % 4 if round_no % 2 == 0 else (mine + 3) % 4  # opponents change every hand
    a_deals = (round_no // 2 + first) % 2 == 0
    seats = (theirs, mine) if a_deals else (mine, theirs)
    return Duel(seats, tuple(s for s in range(4) if s not in seats))


def side_of(kind: str, seat: int) -> int:
    """The side that scores for ``seat``: the seat itself with three players, its pair with four."""
    return seat % 2 if kind == "pairs" else seat


def side_points(kind: str, history: Sequence[TableHand]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's points and hands won, added up from the history."""
    sides = 2 if kind == "pairs" else 3
    points, won = [0] * sides, [0] * sides
    for hand in history:
        if hand.winner is not None:
            points[side_of(kind, hand.winner)] += hand.result.points
            won[side_of(kind, hand.winner)] += 1
    return tuple(points), tuple(won)


def table_final(kind: str, rules: Rules, history: Sequence[TableHand]) -> TableFinal | None:
    """The table's result when the match is decided after ``history``, else None."""
    if not history:
        return None
    if kind == "pairs" and len(history) % 2:
        return None  # a pair's hand is over when both its duels are
    points, won = side_points(kind, history)
    best = max(points)
    if best < rules.target or points.count(best) > 1:
        return None
    winner = points.index(best)
    line = tuple(rules.line_bonus * w for w in won)
    game = tuple(rules.game_bonus if side == winner else 0 for side in range(len(points)))
    totals = [p + lb + g for p, lb, g in zip(points, line, game, strict=True)]
    shutout = rules.shutout_double and all(p == 0 for side, p in enumerate(points) if side != winner)
    if shutout:
        totals[winner] *= 2
    return TableFinal(winner, points, won, line, game, shutout, tuple(totals))


def table_lot(seed: int, kind: str) -> int:
    """The first dealer (three) or the pair that deals first (pairs), drawn from the seed."""
    return random.Random(derive_seed(seed, "table/lot")).randrange(3 if kind == "three" else 2)


class Table:
    """A three- or four-player match: the duel in play, the finished hands and the table's end.

    ``apply`` and ``observe`` take table seats; the duel's events and observations speak of duel
    seats (0 and 1), which ``duel.duel_seat`` translates.  Between duels ``advance`` deals the next.
    """

    def __init__(
        self, kind: str, rules: Rules, seed: int, first: int | None = None, computers: frozenset[int] = frozenset()
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"a table is 'three' or 'pairs', not {kind!r}")
        if rules.hollywood:
            raise ValueError("Hollywood scoring is for two players; a table of three or four keeps one score")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be an int")
        self.kind = kind
        self.rules = rules
        self.seed = seed
        self.first = table_lot(seed, kind) if first is None else first
        if not computers <= set(range(SEATS[kind])):
            raise ValueError(f"the computer's seats {sorted(computers)} are not seats of this table")
        self.computers = frozenset(computers)
        self.history: list[TableHand] = []
        self.state: MatchState | None = None
        self.final: TableFinal | None = None

    # ---------------------------------------------------------------- creation and dealing

    @classmethod
    def new(
        cls, kind: str, rules: Rules, seed: int, source: DeckSource | None = None,
        computers: frozenset[int] = frozenset(),
    ) -> tuple[Table, list[Event]]:
        """A new table with its first duel dealt (from ``source`` when given, else from the seed)."""
        table = cls(kind, rules, seed, computers=computers)
        return table, table._deal(source)

    @property
    def players(self) -> int:
        return SEATS[self.kind]

    @property
    def duel_rules(self) -> Rules:
        """The rules of each duel: the table's, with a target no single hand reaches."""
        return self.rules.with_(target=DUEL_TARGET)

    @property
    def hand_no(self) -> int:
        """The number of the duel in play or just over (0 for the first)."""
        if self.state is None:
            return len(self.history)
        return self.state.hand_no

    @property
    def duel(self) -> Duel:
        return duel_for(self.kind, self.hand_no, self.first, self.computers)

    def _deal(self, source: DeckSource | None) -> list[Event]:
        state = MatchState(self.duel_rules, self.seed, 0)
        state.hand_no = len(self.history)
        state.dealer = self.duel.dealer
        self.state = state
        return deal(state, source)

    # ---------------------------------------------------------------- questions

    @property
    def over(self) -> bool:
        return self.final is not None

    @property
    def duel_over(self) -> bool:
        return self.state is not None and self.state.phase not in IN_PLAY

    @property
    def to_act(self) -> int | None:
        """The table seat to act, None between duels."""
        if self.state is None or self.state.to_act is None:
            return None
        return self.duel.seats[self.state.to_act]

    def scores(self) -> tuple[int, ...]:
        """Each side's points so far (three seats, or two pairs)."""
        return side_points(self.kind, self.history)[0]

    def seat_points(self) -> tuple[int, ...]:
        """What each seat won so far, whatever its side."""
        points = [0] * self.players
        for hand in self.history:
            if hand.winner is not None:
                points[hand.winner] += hand.result.points
        return tuple(points)

    def observe(self, seat: int) -> Observation:
        """What table seat ``seat`` may know of the duel it plays (``ValueError`` if it sits out)."""
        duel_seat = self.duel.duel_seat(seat)
        if self.state is None or duel_seat is None:
            raise ValueError(f"seat {seat} sits this hand out")
        return observe(self.state, duel_seat)

    # ---------------------------------------------------------------- play

    def legal_actions(self) -> list[Action]:
        return [] if self.state is None or self.over else self.state.legal_actions()

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Play ``action`` for table seat ``seat`` in the duel; refused like the two-player engine."""
        if self.state is None:
            raise AssertionError("a table always has a duel")
        duel_seat = self.duel.duel_seat(seat)
        if duel_seat is None:
            to_act = self.to_act
            raise IllegalAction(
                f"seat {seat} sits this hand out", IllegalReason.NOT_YOUR_TURN,
                {"player": seat, "to_act": to_act}, action,
            )
        events = self.state.apply(action, duel_seat)
        if self.duel_over:
            self._record()
        return events

    def _record(self) -> None:
        assert self.state is not None and self.state.last_result is not None
        self.history.append(TableHand(self.state.hand_no, self.duel, self.state.last_result))
        self.final = table_final(self.kind, self.rules, self.history)

    def advance(self, source: DeckSource | None = None) -> list[Event]:
        """Deal the next duel once the last one is over (from ``source`` when given)."""
        if self.over:
            raise IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, None)
        if not self.duel_over:
            raise IllegalAction(
                "the hand is still being played", IllegalReason.WRONG_PHASE,
                {"phase": Phase.DRAW, "action": "NextHand"}, None,
            )
        return self._deal(source)
