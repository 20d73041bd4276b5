"""A table of three or four on screen: who sits in each seat, the duel being shown, the duels computers play alone.

The engine's ``Table`` decides who plays each hand; every hand with a person in it is played through
the two-player scenes as a ``DuelMatch`` (a ``Match`` whose moves go through the table).  A person
facing the computer always sits in the duel's seat 0, where a two-player match puts the person.  A
hand between two computers is played off screen, one move per step on the worker thread, and only
its result is shown on the score sheet.
"""
from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.app.config.vocab import LEVELS
from game.app.lang.i18n import tr
from game.app.matches.match import BOT_SEAT, Match, MatchSetup, event_sounds, public_story
from game.engine import Action, Event, Rules, TimerMove, derive_seed
from game.engine.table import SEATS, Table

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
        given = self.names[seat].strip() if seat < len(self.names) else ""
        return given or tr("night.player_name", n=seat + 1)


class DuelMatch(Match):
    """One hand of a table, as the two-player scenes play it; every move goes through the table."""

    run: TableRun
    table_kind: str

    def name(self, seat: int) -> str:
        return self.run.setup.name(self.run.table.duel.seats[seat])

    def say(self, key: str, seat: int, **params: Any) -> str:
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
        events = self.run.table.apply(action, self.run.table.duel.seats[seat])
        self._tell(action, events)
        return events


class TableRun:
    """A table match in the app: the engine's table, the setup, and the computers' own duels."""

    def __init__(self, setup: TableSetup, bots: Any, sound: Any = None) -> None:
        self.setup = setup
        self.bots = bots
        self.sound = sound
        self.table, _ = Table.new(setup.kind, setup.rules, setup.seed, computers=setup.computers)
        self.alone: dict[int, Any] = {}  # the bots of a duel played off screen, by duel seat
        self.thinking: Future | None = None

    @property
    def headless(self) -> bool:
        """Whether the duel in play is between two computers (played off screen)."""
        return all(seat in self.setup.computers for seat in self.table.duel.seats)

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
        match = DuelMatch(setup, self.bots, resume=table.state)
        match.run, match.table_kind = self, table.kind
        if self.sound is not None:
            match.listeners.append(self._sounds)
        return match

    def _sounds(self, m: Match, action: Action | None, events: list[Event]) -> None:
        for name in event_sounds(events):
            self.sound.play(name)

    def step_alone(self, think: Any) -> bool:
        """Move the computers' own duel on by one decision; True once it is over."""
        table = self.table
        if table.duel_over or table.over:
            return True
        if not self.alone:
            self._seat_bots()
        if self.thinking is None:
            seat = table.to_act
            assert seat is not None
            duel_seat = table.duel.duel_seat(seat)
            assert duel_seat is not None
            self.thinking = think(self.bots.decide, self.alone[duel_seat], table.observe(seat))
            return False
        if not self.thinking.done():
            return False
        future, self.thinking = self.thinking, None
        seat = table.to_act
        assert seat is not None
        try:
            action = future.result()
            events = table.apply(action, seat)
        except Exception:  # a broken answer: the timer's move, which is always legal
            log.exception("a computer's move at the table was refused")
            events = table.apply(TimerMove(), seat)
        for duel_seat, bot in self.alone.items():
            for e in events:
                bot.on_event(e.seen_by(duel_seat))
        if table.duel_over:
            self.alone = {}
            return True
        return False

    def _seat_bots(self) -> None:
        table = self.table
        assert table.state is not None
        for duel_seat, seat in enumerate(table.duel.seats):
            seed = derive_seed(table.seed, f"duel/{table.hand_no}/bot/{duel_seat}")
            bot = self.bots.make_bot(self.setup.seats[seat], seed=seed)
            bot.new_match(duel_seat, table.duel_rules)
            for e in public_story(table.state, duel_seat):
                bot.on_event(e)
            self.alone[duel_seat] = bot
