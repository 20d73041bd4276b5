"""A table of three or four on screen: who sits in each seat, the duel being shown, the duels computers play alone.

The engine's ``Table`` decides who plays each hand; every hand with a person in it is played through
the two-player scenes as a ``DuelMatch`` (a ``Match`` whose moves go through the table).  A person
facing the computer always sits in the duel's seat 0, where a two-player match puts the person.  A
hand between two computers is played off screen, one move per step on the worker thread, and only
its result is shown on the score sheet.
"""
from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.app.config.vocab import LEVELS
from game.app.lang import typed
from game.app.lang.i18n import tr
from game.app.matches.match import BOT_SEAT, BotKit, HandsFlow, Match, MatchSetup, event_sounds, public_story
from game.app.matches.meta import MatchMeta
from game.engine import Action, Event, Rules, derive_seed
from game.engine.fairness_chain import MatchSeal
from game.engine.table import SEATS, Table

if TYPE_CHECKING:  # the bots load behind the menu (``program/warmup.py``), not with it
    from game.bots.table_play import TableBots

log = logging.getLogger(__name__)

SEAT_KINDS = ("person", *LEVELS)


@dataclass(frozen=True)
class TableSetup:
    """``seats`` holds "person" or a computer level for each seat; ``names`` the people's names."""

    kind: str
    rules: Rules
    seed: int
    seats: tuple[str, ...]
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in SEATS or len(self.seats) != SEATS[self.kind]:
            raise ValueError(f"a {self.kind} table needs {SEATS.get(self.kind, '?')} seats, not {len(self.seats)}")
        if any(s not in SEAT_KINDS for s in self.seats) or "person" not in self.seats:
            raise ValueError("every seat is a person or a computer level, and one at least is a person")

    @property
    def computers(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s != "person")

    @property
    def people(self) -> int:
        return sum(s == "person" for s in self.seats)

    def name(self, seat: int) -> str:
        if self.seats[seat] != "person":
            return tr("night.computer_seat", n=seat + 1, level=tr("level." + self.seats[seat]))
        given = typed.normal_name(self.names[seat]) if seat < len(self.names) else ""
        return given or tr("night.player_name", n=seat + 1)


class Sounds(Protocol):
    def play(self, name: str) -> None: ...


class TableLedger(Protocol):
    """Where a table's line goes in the history (``records.history_tables.TableHistory``): written at each
    duel's end inside ``batch``, the transaction of that duel's own records."""

    def batch(self) -> contextlib.AbstractContextManager[None]: ...

    def note(self, match_id: str, setup: TableSetup, table: Table, state: str | None = None) -> None: ...


class Unrecorded:
    """The ledger of a table kept in no history (tests, pictures)."""

    def batch(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def note(self, match_id: str, setup: TableSetup, table: Table, state: str | None = None) -> None:
        return None


def record_id(table: Table) -> str:
    """A table's id in the statistics and the history: its way of playing and its seed, so every duel of one
    table (and the same duel replayed after a kill) is recorded under one match, its duel's number."""
    return f"{table.kind}{table.seed:x}"


@dataclass
class DuelMatch(Match):
    """One hand of a table, as the two-player scenes play it; every move goes through the table."""

    run: TableRun = field(kw_only=True)

    @property
    def table_kind(self) -> str:
        return self.run.table.kind

    def after_hand(self, flow: HandsFlow) -> None:
        flow.show_table_sheet()

    def name(self, seat: int) -> str:
        return self.run.setup.name(self.run.table.duel.seats[seat])

    def hand_line(self) -> str:
        """The table's hand (with pairs both duels are one hand) and the table's target."""
        return (tr("table.hand_no", n=self.run.table.table_hand_no + 1) + " · "
                + tr("table.to_target", target=self.rules.target))

    def deals(self, seat: int) -> bool:
        return self.run.table.kind != "three" and super().deals(seat)

    def table_note(self) -> str | None:
        """Who deals and sits this hand out (three), or who plays the pair's other duel (pairs)."""
        duel, name = self.run.table.duel, self.run.setup.name
        if self.run.table.kind == "three":
            return tr("table.sits_out", name=name(duel.sitting_out[0]))
        a, b = duel.sitting_out
        return tr("table.other_duel", a=name(a), b=name(b))

    def say(self, key: str, seat: int, **params: object) -> str:
        if self.run.setup.people == 1:  # one person at the table: the "you" sentences fit
            return super().say(key, seat, **params)
        return tr(key, name=self.name(seat), **params)

    @property
    def rules(self) -> Rules:
        return self.run.table.rules

    def apply(self, action: Action, player: int | None) -> list[Event]:
        seat = self.state.to_act if player is None else player
        if seat is None:
            raise ValueError("nobody is to act between hands")
        run = self.run
        events = run.table.apply(action, run.table.duel.seats[seat])
        with run.ledger.batch():  # the duel's records and, at its end, the table's line: one transaction
            self._tell(action, events)  # the records first (the listeners), then the table's save, as for two
            if run.table.duel_over:
                run.note()
        run.changed(run)
        return events


class TableRun:
    """A table match in the app: the engine's table, the setup, and the computers' own duels."""

    def __init__(self, setup: TableSetup, bots: BotKit, sound: Sounds | None = None, table: Table | None = None,
                 changed: Callable[[TableRun], None] = lambda run: None, chain: MatchSeal | None = None,
                 ledger: TableLedger | None = None) -> None:
        self.setup = setup
        self.ledger: TableLedger = Unrecorded() if ledger is None else ledger
        self.bots = bots
        self.sound = sound
        self.changed = changed  # told after every move and deal, so the table is kept as it stands
        # the table's seal, one link a duel in order (None: dealt from the seed, or sealed anew at the next cut)
        self.chain = chain
        # a table not dealt yet is a sealed one waiting for its first cut (an unsealed table deals at once)
        self.fair = chain is not None or (table is not None and (table.sealed or table.state is None))
        if table is None:
            if self.fair:  # nothing dealt before the first cut
                table = Table(setup.kind, setup.rules, setup.seed, computers=setup.computers)
            else:
                table, _ = Table.new(setup.kind, setup.rules, setup.seed, computers=setup.computers)
        self.table = table
        self.alone: TableBots | None = None  # the computers of a duel played off screen
        self.thinking: Future[tuple[Action, str | None]] | None = None

    @property
    def headless(self) -> bool:
        """Whether the duel in play is between two computers (played off screen)."""
        return all(seat in self.setup.computers for seat in self.table.duel.seats)

    def advance(self) -> None:
        """Deal the table's next duel (only the table deals between duels)."""
        self.table.advance()
        self.changed(self)

    @property
    def undealt(self) -> bool:
        """Whether the next duel waits for its deal (before the first, or once a duel is over)."""
        return self.table.state is None or self.table.duel_over

    def next_seal(self, new_seal: Callable[[int], MatchSeal]) -> MatchSeal:
        """The seal the next duel deals from: the table's, or ``new_seal(its hand)`` when it has none (a
        damaged save) or every link is used; a new seal asks the seed again."""
        if self.chain is None or self.chain.remaining == 0:
            return new_seal(len(self.table.history) + 1)
        return self.chain

    def cutter(self) -> int | None:
        """The seat that cuts the next duel: its non-dealer person, else its person; None between computers."""
        duel = self.table.upcoming_duel
        people = [s for s in duel.seats if s not in self.setup.computers]
        if len(people) == 2:
            return next(s for s in duel.seats if s != duel.dealer)
        return people[0] if people else None

    def deal_sealed(self, seal: MatchSeal, cut: int | None) -> None:
        """Deal the next duel from ``seal`` (which becomes the table's) at card ``cut``; None: the game cut
        (always so for a duel between two computers: nobody's choice)."""
        source = seal.deal(cut if self.cutter() is not None else None)
        self.chain = seal
        old = self.table
        if old.state is None:
            self.table, _ = Table.new(old.kind, old.rules, old.seed, source, old.computers, old.house)
        else:
            old.advance(source)
        self.changed(self)

    def duel_match(self) -> DuelMatch:
        """The duel in play as a match the two-player scenes can show."""
        table, duel = self.table, self.table.duel
        levels = [self.setup.seats[s] for s in duel.seats]
        seed = derive_seed(table.seed, f"duel/{table.hand_no}")
        if levels[BOT_SEAT] != "person":
            setup = MatchSetup("bot", table.duel_rules, seed, level=levels[BOT_SEAT])  # type: ignore[arg-type]
        else:
            setup = MatchSetup("hotseat", table.duel_rules, seed, names=(self.setup.name(duel.seats[0]),
                                                                          self.setup.name(duel.seats[1])))
        assert table.state is not None
        match = DuelMatch(setup, self.bots, resume=table.state, run=self)
        match.info = self.duel_meta(setup)
        if self.sound is not None:
            match.listeners.append(self._sounds)
        return match

    @property
    def record_id(self) -> str:
        return record_id(self.table)

    def note(self, state: str | None = None) -> None:
        """The table's line in the history as it stands (``state``: "abandoned" when it is left)."""
        self.ledger.note(self.record_id, self.setup, self.table, state)

    def duel_meta(self, setup: MatchSetup) -> MatchMeta:
        """Who plays the duel, as the records keep it: the people's names, the computer's level."""
        duel = self.table.duel
        if setup.vs_bot:
            return MatchMeta("bot", names=(self.setup.name(duel.seats[0]), ""), bot_level=setup.level,
                             bot_seat=BOT_SEAT, match_id=self.record_id)
        return MatchMeta("hotseat", names=setup.names, match_id=self.record_id)

    def _sounds(self, m: Match, action: Action | None, events: list[Event]) -> None:
        assert self.sound is not None
        for name in event_sounds(events):
            self.sound.play(name)

    def step_alone(self, think: Callable[..., Future[tuple[Action, str | None]]]) -> bool:
        """Move the computers' own duel on by one decision; True once it is over.  The decision is made on
        the worker ``think`` hands it to, the move here: the same loop as ``game.sim``'s tables."""
        table = self.table
        if table.duel_over or table.over:
            return True
        if self.alone is None:
            self.alone = self._seat_bots()
        seat = table.to_act
        assert seat is not None
        if self.thinking is None:
            self.thinking = think(self.alone.decide, table, seat)
            return False
        if not self.thinking.done():
            return False
        future, self.thinking = self.thinking, None
        action, problem = future.result()
        if problem is not None:  # the referee put a legal move in its place
            log.warning("a computer's move at the table was replaced: %s", problem)
        self.alone.play(table, seat, action)
        if table.duel_over:  # the table's line (its end, maybe) in the history before the table's save
            self.note()
        self.changed(self)
        if table.duel_over:
            self.alone = None
            return True
        return False

    def _seat_bots(self) -> TableBots:
        """Fresh computers for the duel in play, each seeded for this duel and told what its seat has seen."""
        table = self.table
        assert table.state is not None
        bots = {}
        for duel_seat, seat in enumerate(table.duel.seats):
            seed = derive_seed(table.seed, f"duel/{table.hand_no}/bot/{duel_seat}")
            bots[seat] = self.bots.make_bot(self.setup.seats[seat], seed=seed)
        from game.bots.table_play import TableBots

        alone = TableBots(bots)
        alone.start_duel(table, [])
        for duel_seat, seat in enumerate(table.duel.seats):
            for e in public_story(table.state, duel_seat):
                bots[seat].on_event(e)
        return alone
