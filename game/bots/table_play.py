"""Whole three- and four-player matches between bots, refereed as two-player hands are.

Each duel is a fresh hand: the two bots that play it are told a new match from their duel seat,
hear only that duel's events as their seat sees them, and decide through the same referee.  A bot
that sits a hand out hears nothing of it (in a real room it would not see the cards either).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine import Event, HandEnded
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


def _deliver(table: Table, events: Sequence[Event], bots: Sequence[Bot]) -> None:
    for seat in table.duel.seats:
        duel_seat = table.duel.duel_seat(seat)
        assert duel_seat is not None
        for ev in events:
            bots[seat].on_event(ev.seen_by(duel_seat))


def _start_duel(table: Table, events: Sequence[Event], bots: Sequence[Bot]) -> None:
    for duel_seat, seat in enumerate(table.duel.seats):
        bots[seat].new_match(duel_seat, table.duel_rules)
    _deliver(table, events, bots)


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
    _start_duel(table, events, bots)
    while not table.over:
        if table.duel_over:
            if table.hand_no + 1 >= max_hands:
                record.finished = False
                break
            _start_duel(table, table.advance(None if sources is None else sources(table.hand_no + 1)), bots)
            continue
        seat = table.to_act
        assert seat is not None  # a duel is in play
        action, problem = decide_checked(bots[seat], table.observe(seat))
        if problem is not None:
            record.fallbacks[seat] += 1
            record.problems.append(f"hand {table.hand_no} seat {seat}: {problem}")
        step = table.apply(action, seat)
        if check_invariants and table.state is not None:
            table.state.check_invariants()
        _deliver(table, step, bots)
        if watch:
            watch(table, step)
        if any(isinstance(ev, HandEnded) for ev in step):
            record.hands.append(table.history[-1])
    record.final = table.final
    return record
