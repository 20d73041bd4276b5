"""What the hand history lists: a match (``MatchEntry``) and a hand (``HandEntry``) as read back from
the history tables, each checked before it is shown."""
from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass
from typing import Any  # Any: for a row as sqlite3 gives it (_entry checks it)

from game.app.records.history_tables import TableLine
from game.engine.record import HandRecord, replay
from game.engine.record_file import FileHeader

log = logging.getLogger("game.app.records.history")


@dataclass(frozen=True)
class MatchEntry:
    """One match in the history, as the list shows it.  ``seat`` is the recorded player's seat (the
    human against the computer, seat 0 in hot-seat); ``scores`` are in seat order."""

    match_id: str
    started_at: float
    updated_at: float
    mode: str
    opponent: str  # a bot level, "hotseat", or "online"
    names: tuple[str, str]
    seat: int
    preset: str
    target: int
    scores: tuple[int, int]
    hands: int
    finished: bool
    winner: int | None
    practice_mode: bool = False
    practice: bool = False
    imported: bool = False
    table: TableLine | None = None  # a table of three or four: the whole table, its duels as its hands

    @property
    def vs_bot(self) -> bool:
        return self.mode == "bot"

    @property
    def my_score(self) -> int:
        return self.scores[self.seat]

    @property
    def their_score(self) -> int:
        return self.scores[1 - self.seat]

    @property
    def won(self) -> bool | None:
        return None if self.winner is None else self.winner == self.seat

    @property
    def hands_open(self) -> bool:
        """Whether its hands may be shown: a hot-seat match's only once it is over (both hands show), a table's
        once it is over or left, or at once when one person sits at it; an online match's at once (each hand is
        kept once both have opened every card)."""
        if self.table is not None:
            return self.table.state != "playing" or self.table.people == 1
        return self.vs_bot or self.finished or self.mode == "online"

    def duel(self, hand_no: int, names: tuple[str, str] | None = None) -> MatchEntry:
        """One duel of a table as a match of two, so its hand is named, replayed and exported as it was played:
        against the computer from the person's seat, else between its two people (``names``: as shown; else
        as typed).  Any other match is itself."""
        line = self.table
        seats = line.duels.get(hand_no) if line is not None else None
        if line is None or seats is None:
            return self
        kinds = [line.seats[s] for s in seats]
        named = names if names is not None else (line.names[seats[0]], line.names[seats[1]])
        if kinds != ["person", "person"]:
            bot = 1 if kinds[0] == "person" else 0
            return dataclasses.replace(self, mode="bot", opponent=kinds[bot], names=named, seat=1 - bot, table=None)
        return dataclasses.replace(self, mode="hotseat", opponent="hotseat", names=named, seat=0, table=None)

    def header(self) -> FileHeader:
        return FileHeader(match=self.match_id, seat=self.seat, names=self.names, opponent=self.opponent,
                          mode=self.mode, when=self.started_at, scores=self.scores, finished=self.finished,
                          practice=self.practice)


@dataclass(frozen=True)
class HandEntry:
    """One hand of a match: its record, or (when the stored record is damaged) None and what is wrong."""

    match_id: str
    hand_no: int
    record: HandRecord | None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.record is not None


def _entry(row: tuple[Any, ...], tables: dict[str, TableLine] | None = None) -> MatchEntry | None:  # Any: a row
    """The row as sqlite3 gives it as an entry, checked, with its table's line when it is a table's."""
    table = (tables or {}).get(str(row[0]))
    try:
        names = json.loads(row[5])
        scores = json.loads(row[9])
        return MatchEntry(
            match_id=str(row[0]), started_at=float(row[1]), updated_at=float(row[2]), mode=str(row[3]),
            opponent=str(row[4]), names=(str(names[0]), str(names[1])), seat=1 if row[6] == 1 else 0,
            preset=str(row[7]), target=int(row[8]), scores=(int(scores[0]), int(scores[1])), hands=int(row[10]),
            finished=bool(row[11]) or (table is not None and table.state == "finished"),
            winner=row[12] if row[12] in (0, 1) else None, practice_mode=bool(row[13]),
            practice=bool(row[14]), imported=bool(row[15]), table=table)
    except (ValueError, TypeError, IndexError, KeyError):
        log.warning("a damaged history row was skipped: %r", row[:1])
        return None


def check_record(text: str) -> HandRecord:
    """A stored hand's record, checked by replaying it (``RecordError`` when it is damaged)."""
    record = HandRecord.from_json(text)
    replay(record)
    return record
