"""Three or four at one table: a run of ordinary two-player hands between the seats whose turn it is.

Gin Rummy is a game for two; a bigger table only chooses who plays whom.  Each hand here is a
plain two-player ``MatchState`` (a "duel") dealt from a sealed deck exactly as a two-player hand is
(``dealing.deal``: from the table's seed, or from the caller's ``DeckSource`` with its secret, cut
and player's seed), so the hand's rules, legal actions, scoring and fair-deal export are exactly
those of two players.  ``table_seats`` picks the two seats of each duel and who deals;
``table_score`` keeps the table's score sheet; the switches are ``rules.TableRules``.

Between duels the table deals the next one by ``advance()`` alone: ``apply`` refuses ``NextHand``
(which would deal the duel's own next hand, not the table's) and every action once the match is
over, with the reason, leaving the table unchanged.  Hollywood scoring is for two players and is
refused here.  Seats are numbered 0..n-1 around the table; a pair is 0 (seats 0 and 2) or 1 (1 and 3).
"""
from __future__ import annotations

from .actions import Action, NextHand
from .core import IN_PLAY
from .dealing import deal
from .errors import IllegalAction, IllegalReason
from .events import Event
from .fairness import DeckSource
from .observation import Observation, observe
from .rules import TABLE_RULES, Rules, TableRules
from .state import MatchState
from .table_score import ScoredHand, TableFinal, scored_hands, side_points, table_final
from .table_seats import (
    DUELS_PER_HAND,
    KINDS,
    SEATS,
    Duel,
    TableHand,
    duel_after,
    duel_for,
    side_of,
    table_lot,
)

__all__ = [
    "DUELS_PER_HAND", "DUEL_TARGET", "KINDS", "SEATS", "Duel", "ScoredHand", "Table", "TableFinal", "TableHand",
    "duel_after", "duel_for", "scored_hands", "side_of", "side_points", "table_final", "table_lot",
]

DUEL_TARGET = 10_000
"""A duel is one hand: its own match never reaches this target, so the table alone decides the end."""


class Table:
    """A three- or four-player match: the duel in play, the finished hands and the table's end.

    ``apply`` and ``observe`` take table seats; the duel's events and observations speak of duel
    seats (0 and 1), which ``duel.duel_seat`` translates.  Between duels ``advance`` deals the next.
    """

    def __init__(
        self, kind: str, rules: Rules, seed: int, first: int | None = None, computers: frozenset[int] = frozenset(),
        house: TableRules = TABLE_RULES,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"a table is 'three' or 'pairs', not {kind!r}")
        if rules.hollywood:
            raise ValueError("Hollywood scoring is for two players; a table of three or four keeps one score")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be an int")
        if not isinstance(house, TableRules):
            raise ValueError("the table's switches must be TableRules")
        self.kind = kind
        self.rules = rules
        self.house = house
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
        computers: frozenset[int] = frozenset(), house: TableRules = TABLE_RULES,
    ) -> tuple[Table, list[Event]]:
        """A new table with its first duel dealt (from ``source`` when given, else from the seed)."""
        table = cls(kind, rules, seed, computers=computers, house=house)
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
    def table_hand_no(self) -> int:
        """The number of the table's hand in play or just over: with pairs, both duels are one hand."""
        return self.hand_no // DUELS_PER_HAND[self.kind]

    @property
    def duel(self) -> Duel:
        """Who plays the duel in play (or just over)."""
        n = self.hand_no
        return self.history[n].duel if n < len(self.history) else self.upcoming_duel

    @property
    def upcoming_duel(self) -> Duel:
        """Who plays the duel in play, or the next one once the last is over (what ``advance`` will deal)."""
        return duel_after(self.kind, self.house, self.first, self.history, self.computers)

    def _deal(self, source: DeckSource | None) -> list[Event]:
        duel = self.upcoming_duel
        state = MatchState(self.duel_rules, self.seed, 0)
        state.hand_no = len(self.history)
        state.dealer = duel.dealer
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
    def sealed(self) -> bool:
        """Whether the duel in play came from a caller's sealed deck (a secret, the cut, the player's seed)
        rather than the seed: then every later duel must too, so ``advance`` asks for its ``DeckSource``."""
        state = self.state
        if state is None:
            return False
        return state.deal_notice is not None or (state.deal is not None and state.deal.player_seed is not None)

    @property
    def to_act(self) -> int | None:
        """The table seat to act, None between duels."""
        if self.state is None or self.state.to_act is None:
            return None
        return self.duel.seats[self.state.to_act]

    def scores(self) -> tuple[int, ...]:
        """Each side's points so far (three seats, or two pairs; a pair's hand in play as it stands)."""
        return side_points(self.kind, self.history, self.house)[0]

    def sheet(self) -> list[ScoredHand]:
        """The score sheet: each hand, its duels, each side's points from it (a pair's net) and its box."""
        return scored_hands(self.kind, self.history, self.house)

    def seat_points(self) -> tuple[int, ...]:
        """What each seat won in its duels so far, whatever its side."""
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
        """The duel's legal actions; none between duels (``advance`` deals) nor once the match is over."""
        if self.state is None or self.over or self.duel_over:
            return []
        return self.state.legal_actions()

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Play ``action`` for table seat ``seat`` in the duel; refused like the two-player engine."""
        if self.state is None:
            raise AssertionError("a table always has a duel")
        if self.over:
            raise IllegalAction("the table's match is over: no action is played after its end",
                                IllegalReason.MATCH_OVER, {}, action)
        if isinstance(action, NextHand):
            raise IllegalAction(
                "a table deals its next hand with advance(), which picks the seats and the dealer; NextHand is "
                "not played at a table", IllegalReason.WRONG_PHASE,
                {"phase": self.state.phase, "action": "NextHand"}, action,
            )
        duel_seat = self.duel.duel_seat(seat)
        if duel_seat is None:
            raise IllegalAction(
                f"seat {seat} sits this hand out", IllegalReason.NOT_YOUR_TURN,
                {"player": seat, "to_act": self.to_act}, action,
            )
        events = self.state.apply(action, duel_seat)
        if self.duel_over:
            self._record()
        return events

    def _record(self) -> None:
        assert self.state is not None and self.state.last_result is not None
        self.history.append(TableHand(self.state.hand_no, self.upcoming_duel, self.state.last_result))
        self.final = table_final(self.kind, self.rules, self.history, self.house)

    def advance(self, source: DeckSource | None = None) -> list[Event]:
        """Deal the next duel once the last one is over (from ``source`` when given; a sealed table needs it)."""
        if self.over:
            raise IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, None)
        if not self.duel_over:
            assert self.state is not None
            raise IllegalAction(
                "the hand is still being played", IllegalReason.WRONG_PHASE,
                {"phase": self.state.phase, "action": "NextHand"}, None,
            )
        if source is None and self.sealed:
            raise ValueError("this table deals every hand from a sealed deck: advance() needs the next hand's "
                             "DeckSource (its secret, the cut and the player's seed)")
        return self._deal(source)
