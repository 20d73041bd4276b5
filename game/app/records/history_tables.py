"""A table of three or four in the hand history: one line for the whole table (its kind, who sat where, the
sides' scores, the winner, whether it is being played, finished or abandoned, and which seats played each
recorded duel), with its duels under it as the table's hands.

The line is written at the end of every duel, in the same transaction as that duel's records (the duel's
listeners run inside ``TableHistory.batch``), so the table's end is in the history exactly when its last
duel is; an abandoned table is marked when it is left for something else.  The line sits in a table of
its own (``history_tables``) beside the match's row, which it keeps in step (scores, rules, time); the
table is over by its line, not by the row (``MatchEntry.finished`` reads both).
"""
from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.app.config.vocab import LEVELS
from game.engine import TABLE_KINDS
from game.engine.table import SEATS, side_of

if TYPE_CHECKING:
    from game.app.matches.tablerun import TableSetup
    from game.engine import Rules
    from game.engine.table import Table

log = logging.getLogger("game.app.records.history")

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
STATES = (PLAYING, FINISHED, ABANDONED)
TABLE = ("CREATE TABLE IF NOT EXISTS history_tables (match_id TEXT PRIMARY KEY, line TEXT NOT NULL)")


@dataclass(frozen=True)
class TableLine:
    """A table as the history keeps it.  ``seats`` holds "person" or a computer level per seat, ``names``
    the people's names as typed; ``scores`` are per side (a seat of three, a pair of four; the final totals
    once finished); ``winner`` is the winning side; ``duels`` maps a recorded duel's number to its seats."""

    kind: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None
    state: str
    duels: dict[int, tuple[int, int]] = field(default_factory=dict)

    @property
    def sides(self) -> int:
        return 2 if self.kind == "pairs" else 3

    @property
    def people(self) -> int:
        return sum(s == "person" for s in self.seats)

    @property
    def person_won(self) -> bool:
        """Whether a person's side won the table."""
        return self.winner is not None and any(
            kind == "person" and side_of(self.kind, seat) == self.winner for seat, kind in enumerate(self.seats))

    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, "seats": list(self.seats), "names": list(self.names),
                           "scores": list(self.scores), "winner": self.winner, "state": self.state,
                           "duels": [[n, a, b] for n, (a, b) in sorted(self.duels.items())]}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> TableLine:
        """The line back; ``ValueError`` (or ``TypeError``) when it is damaged."""
        d = json.loads(text)
        kind, seats, names = d["kind"], tuple(d["seats"]), tuple(str(n)[:16] for n in d["names"])
        if kind not in TABLE_KINDS or len(seats) != SEATS[kind] or any(s != "person" and s not in LEVELS
                                                                         for s in seats):
            raise ValueError("the table's seats are not readable")
        scores = tuple(int(s) for s in d["scores"])
        sides = 2 if kind == "pairs" else 3
        winner = d["winner"]
        if len(scores) != sides or (winner is not None and winner not in range(sides)) or d["state"] not in STATES:
            raise ValueError("the table's scores are not readable")
        duels = {int(n): (int(a), int(b)) for n, a, b in d["duels"]}
        if any(not (0 <= a < len(seats) and 0 <= b < len(seats)) for a, b in duels.values()):
            raise ValueError("a duel's seats are not seats of the table")
        return cls(kind, seats, names + ("",) * (len(seats) - len(names)), scores, winner, d["state"], duels)


def line_of(seats: tuple[str, ...], names: tuple[str, ...], table: Table, state: str | None = None) -> TableLine:
    """The line of ``table`` as it stands (``state``: abandoned when it is left; else as the table is)."""
    final = table.final
    if state is None:
        state = FINISHED if final is not None else PLAYING
    scores = final.totals if final is not None else table.scores()
    people = {h.hand_no: (h.duel.seats[0], h.duel.seats[1]) for h in table.history
              if any(seats[s] == "person" for s in h.duel.seats)}
    if table.state is not None and not table.duel_over and any(seats[s] == "person" for s in table.duel.seats):
        people[table.hand_no] = (table.duel.seats[0], table.duel.seats[1])  # the duel in play, recorded as it goes
    return TableLine(table.kind, seats, tuple(names) + ("",) * (len(seats) - len(names)), tuple(scores),
                     None if final is None else final.winner, state, people)


def write_line(conn: sqlite3.Connection, match_id: str, line: TableLine, rules: Rules, when: float,
               shown: tuple[str, ...]) -> None:
    """Keep ``line`` and the table's match row in step with it (made here when no duel made it yet; a reader
    that knows no table sees a match of its first two seats, ``shown`` as the table named them, unfinished:
    the row's own end is a match of two's, which the statistics hold too)."""
    conn.execute(TABLE)
    pair = (line.scores[0], line.scores[1])
    conn.execute("INSERT OR IGNORE INTO history_matches (match_id, started_at, updated_at, mode, opponent, names, "
                 "seat, preset, target, scores, hands, finished, winner, practice_mode, practice, imported) "
                 "VALUES (?,?,?,'hotseat','hotseat',?,0,?,?,?,0,0,NULL,0,0,0)",
                 (match_id, when, when, json.dumps(list(shown[:2]), ensure_ascii=False), rules.preset_name,
                  rules.target, json.dumps(pair)))
    conn.execute("UPDATE history_matches SET scores = ?, updated_at = ?, preset = ?, target = ? WHERE match_id = ?",
                 (json.dumps(pair), when, rules.preset_name, rules.target, match_id))  # a duel's target: no hand's
    conn.execute("INSERT OR REPLACE INTO history_tables VALUES (?, ?)", (match_id, line.to_json()))


def read_lines(conn: sqlite3.Connection) -> dict[str, TableLine]:
    """Every table's line that can be read (a damaged one is left out: its row shows as a match)."""
    has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_tables'").fetchone()
    if has is None:
        return {}
    out = {}
    for match_id, text in conn.execute("SELECT match_id, line FROM history_tables"):
        try:
            out[str(match_id)] = TableLine.from_json(str(text))
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            log.warning("a damaged table line was skipped: %r", match_id)
    return out


def forget_lines(conn: sqlite3.Connection, match_ids: list[str]) -> None:
    has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_tables'").fetchone()
    if has is not None:
        conn.executemany("DELETE FROM history_tables WHERE match_id = ?", [(m,) for m in match_ids])


class Keeps(Protocol):
    """What the line is written through (``history.History``)."""

    def batch(self) -> contextlib.AbstractContextManager[None]: ...

    def keep_table(self, match_id: str, line: TableLine, rules: Rules, when: float, shown: tuple[str, ...]) -> None:
        ...


class TableHistory:
    """What a table's run writes to the history (``TableRun.ledger``): its line at each duel's end, in one
    transaction with that duel's records (``batch``), and when the table is abandoned."""

    def __init__(self, history: Keeps, clock: Callable[[], float] = time.time) -> None:
        self.history = history
        self.clock = clock

    def batch(self) -> contextlib.AbstractContextManager[None]:
        return self.history.batch()

    def note(self, match_id: str, setup: TableSetup, table: Table, state: str | None = None) -> None:
        """Write the table's line as it stands (joins the batch the caller is in)."""
        shown = tuple(setup.name(s) if kind == "person" else "" for s, kind in enumerate(setup.seats))
        line = line_of(setup.seats, setup.names, table, state)
        self.history.keep_table(match_id, line, table.rules, self.clock(), shown)
