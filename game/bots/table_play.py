"""Whole three- and four-player matches between bots, refereed as two-player hands are.

Each duel is a fresh hand: the two bots that play it are told a new match from their duel seat,
hear only that duel's events as their seat sees them, and decide through the same referee.  A bot
that sits a hand out hears nothing of it (in a real room it would not see the cards either).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine import Action, Event, HandEnded
from game.engine.fairness import DeckSource
from game.engine.table import SEATS, Table, TableFinal, TableHand

from .base import Bot
from .referee import decide_checked


@dataclass
class TableRecord:
    """How a bot table went: its finished hands, its end and any answers the referee replaced."""

    seed: int
    kind: str
    hands: list[TableHand] = field(default_factory=list)
    final: TableFinal | None = None
    fallbacks: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    finished: bool = True


class TableBots:
    """The computers at a table, one bot per seat they hold, and the one way they move: the simulator plays
    whole tables with it, the app the duels two computers play off screen.

    A bot is told a new match from its duel seat at the start of each duel it plays and hears only that
    duel's events as its seat sees them; a bot that sits a hand out hears nothing of it.
    """

    def __init__(self, bots: dict[int, Bot]) -> None:
        self.bots = bots  # table seat -> bot (the seats a person holds have none)

    def start_duel(self, table: Table, events: Sequence[Event]) -> None:
        """The duel just dealt: its bots start a match from their duel seats and hear its first events."""
        for duel_seat, seat in enumerate(table.duel.seats):
            if seat in self.bots:
                self.bots[seat].new_match(duel_seat, table.duel_rules)
        self.deliver(table, events)

    def deliver(self, table: Table, events: Sequence[Event]) -> None:
        for seat in table.duel.seats:
            duel_seat = table.duel.duel_seat(seat)
            if seat in self.bots and duel_seat is not None:
                for ev in events:
                    self.bots[seat].on_event(ev.seen_by(duel_seat))

    def decide(self, table: Table, seat: int) -> tuple[Action, str | None]:
        """The bot's answer at ``seat``, checked by the referee (a broken answer becomes a legal one, named)."""
        return decide_checked(self.bots[seat], table.observe(seat))

    def play(self, table: Table, seat: int, action: Action) -> list[Event]:
        """Apply a checked answer and tell the duel's bots what their seats saw of it."""
        events = table.apply(action, seat)
        self.deliver(table, events)
        return events


def play_table(
    table: Table,
    events: Sequence[Event],
    bots: Sequence[Bot],
    *,
    check_invariants: bool = False,
    max_hands: int = 600,
    watch: Callable[[Table, list[Event]], None] | None = None,
    sources: Callable[[int], DeckSource] | None = None,
) -> TableRecord:
    """Play ``table`` (just dealt, with its first ``events``) to the end, one bot per seat.

    ``check_invariants`` checks the duel's state after every action; ``watch`` is told the table
    and the events after every action (tests use both).  ``sources`` gives the sealed deck of duel
    ``n`` (its secret, cut and player's seed); without it the duels are dealt from the table's seed.
    """
    if len(bots) != SEATS[table.kind]:
        raise ValueError(f"a {table.kind} table seats {SEATS[table.kind]} bots, not {len(bots)}")
    record = TableRecord(seed=table.seed, kind=table.kind, fallbacks=[0] * len(bots))
    seats = TableBots(dict(enumerate(bots)))
    seats.start_duel(table, events)
    while not table.over:
        if table.duel_over:
            if table.hand_no + 1 >= max_hands:
                record.finished = False
                break
            seats.start_duel(table, table.advance(None if sources is None else sources(table.hand_no + 1)))
            continue
        seat = table.to_act
        assert seat is not None  # a duel is in play
        action, problem = seats.decide(table, seat)
        if problem is not None:
            record.fallbacks[seat] += 1
            record.problems.append(f"hand {table.hand_no} seat {seat}: {problem}")
        step = seats.play(table, seat, action)
        if check_invariants and table.state is not None:
            table.state.check_invariants()
        if watch:
            watch(table, step)
        if any(isinstance(ev, HandEnded) for ev in step):
            record.hands.append(table.history[-1])
    record.final = table.final
    return record
