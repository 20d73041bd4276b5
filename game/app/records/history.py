"""Hand history: every hand of every match kept in the statistics database, to list, replay, coach,
export and import.

The tables live beside the statistics' own (``history_matches``, ``history_hands``, with their own
schema number in ``history_info``) and are reached through ``Stats.use``: writes go to the
statistics' writer thread, so recording never makes a frame wait.  A hand is stored as its
``HandRecord`` JSON (``game.engine.record``); while a hand is in play its record so far is kept too,
so a resumed match goes on recording the same hand.  Every record is checked again when read (it
must replay through the engine to its recorded ending): a damaged one is listed as damaged and never
opened.  Only the newest ``keep`` matches are kept (``HISTORY_KEEP`` unless the settings say).

``history_recorder.HistoryRecorder`` is the match listener that records, and practice mode's undo.
"""
from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.app.records.history_entries import HandEntry, MatchEntry, _entry, check_record
from game.app.records.history_files import (
    EXPORT_FOLDER,
    EXPORT_SUFFIX,
    HISTORY_KEEP,
    IMPORT_LIMIT,
    HistoryFiles,
    flush_exports,
)
from game.app.records.history_tables import TableLine, forget_lines, read_lines, write_line
from game.app.records.stats import SilentStats, Stats
from game.engine.record import HandRecord, RecordError, replay
from game.engine.record_file import LoadedFile
from game.engine.rules import Rules

log = logging.getLogger(__name__)

__all__ = ["EXPORT_FOLDER", "EXPORT_SUFFIX", "HISTORY_KEEP", "IMPORT_LIMIT", "HandEntry", "History",
           "HistoryUnavailable", "MatchEntry", "check_record", "flush_exports"]

SCHEMA = 1

T = TypeVar("T")

_TABLES = (
    "CREATE TABLE IF NOT EXISTS history_info (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS history_matches (
        match_id TEXT PRIMARY KEY,
        started_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        mode TEXT NOT NULL,
        opponent TEXT NOT NULL,
        names TEXT NOT NULL,
        seat INTEGER NOT NULL,
        preset TEXT NOT NULL,
        target INTEGER NOT NULL,
        scores TEXT NOT NULL,
        hands INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        winner INTEGER,
        practice_mode INTEGER NOT NULL,
        practice INTEGER NOT NULL,
        imported INTEGER NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS history_hands (
        match_id TEXT NOT NULL,
        hand_no INTEGER NOT NULL,
        complete INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (match_id, hand_no)
    )""",
    "CREATE INDEX IF NOT EXISTS history_matches_by_time ON history_matches (updated_at)",
)
_MATCH_COLUMNS = ("match_id, started_at, updated_at, mode, opponent, names, seat, preset, target, scores, hands, "
                  "finished, winner, practice_mode, practice, imported")



class HistoryUnavailable(Exception):
    """The history tables were written by a newer version of the game: they are left alone."""


# ---------------------------------------------------------------------------------------------- the tables


class History:
    """The history tables of a statistics database (``Stats``); with statistics that keep nothing
    (``SilentStats``) the history is empty and records nothing.  ``files`` exports and imports it."""

    def __init__(self, stats: Stats | SilentStats) -> None:
        self.stats = stats
        self._use = stats.use if isinstance(stats, Stats) else None
        self.files = HistoryFiles(self)

    @property
    def available(self) -> bool:
        return self._use is not None

    @property
    def folder(self) -> Path | None:
        """Where exports go: a folder beside the statistics file."""
        path = self.stats.path
        return None if path is None else path.parent / EXPORT_FOLDER

    # ------------------------------------------------------------------ plumbing

    @staticmethod
    def _ensure(conn: sqlite3.Connection) -> None:
        for statement in _TABLES:
            conn.execute(statement)
        row = conn.execute("SELECT value FROM history_info WHERE key = 'schema'").fetchone()
        if row is None:
            conn.execute("INSERT INTO history_info VALUES ('schema', ?)", (str(SCHEMA),))
        elif not str(row[0]).isdigit() or int(row[0]) > SCHEMA:
            raise HistoryUnavailable(f"history schema {row[0]!r}")

    def _write(self, fn: Callable[[sqlite3.Connection], object]) -> None:
        if self._use is None:
            return

        def job(conn: sqlite3.Connection) -> None:
            try:
                self._ensure(conn)
            except HistoryUnavailable as e:
                log.warning("hand history left alone: %s", e)
                return
            fn(conn)

        self._use(job, write=True)

    def _read(self, fn: Callable[[sqlite3.Connection], T], default: T) -> T:
        if self._use is None:
            return default

        def query(conn: sqlite3.Connection) -> T:
            has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_info'")
            if has.fetchone() is None:
                return default
            row = conn.execute("SELECT value FROM history_info WHERE key = 'schema'").fetchone()
            if row is not None and (not str(row[0]).isdigit() or int(row[0]) > SCHEMA):
                return default
            return fn(conn)

        found = self._use(query, default)
        return default if found is None else found

    def flush(self) -> None:
        self.stats.flush()

    # ------------------------------------------------------------------ writes

    def begin_match(self, entry: MatchEntry, keep: int = HISTORY_KEEP) -> None:
        """Note a match that starts (a resumed one keeps its row) and let go of the oldest beyond ``keep``."""
        row = (entry.match_id, entry.started_at, entry.updated_at, entry.mode, entry.opponent,
               json.dumps(list(entry.names), ensure_ascii=False), entry.seat, entry.preset, entry.target,
               json.dumps(list(entry.scores)), entry.hands, int(entry.finished), entry.winner,
               int(entry.practice_mode), int(entry.practice), int(entry.imported))

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(f"INSERT OR IGNORE INTO history_matches ({_MATCH_COLUMNS}) VALUES "
                         "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
            _prune(conn, keep, entry.match_id)

        self._write(write)
        self._compact()

    def save_hand(self, match_id: str, record: HandRecord, scores: tuple[int, int] | None = None,
                  when: float | None = None) -> None:
        """Keep a hand's record (a finished hand: after checking that it replays to its ending).
        ``scores`` (in seat order, after the hand) update the match's line for a finished hand."""
        when = time.time() if when is None else when

        def write(conn: sqlite3.Connection) -> None:
            if record.complete:
                try:
                    replay(record)
                except RecordError as e:  # never store what would not replay
                    log.warning("hand %s of %s not recorded: %s", record.hand_no, match_id, e)
                    return
            conn.execute("INSERT OR REPLACE INTO history_hands VALUES (?,?,?,?)",
                         (match_id, record.hand_no, int(record.complete), record.to_json()))
            if not record.complete:  # played again after a resume: the hand is in no statistics until it ends
                conn.execute("DELETE FROM hands WHERE match_id = ? AND hand_no = ?", (match_id, record.hand_no))
            if record.complete and scores is not None:
                conn.execute("UPDATE history_matches SET scores = ?, updated_at = ?, hands = (SELECT COUNT(*) FROM "
                             "history_hands WHERE match_id = ? AND complete = 1) WHERE match_id = ?",
                             (json.dumps(list(scores)), when, match_id, match_id))

        self._write(write)

    def end_match(self, match_id: str, scores: tuple[int, int], winner: int, when: float | None = None) -> None:
        when = time.time() if when is None else when
        self._write(lambda conn: conn.execute(
            "UPDATE history_matches SET scores = ?, finished = 1, winner = ?, updated_at = ? WHERE match_id = ?",
            (json.dumps(list(scores)), winner, when, match_id)))

    def batch(self) -> contextlib.AbstractContextManager[None]:
        """Writes made inside go to the database in one transaction (``Stats.batch``)."""
        return self.stats.batch()

    def keep_table(self, match_id: str, line: TableLine, rules: Rules, when: float, shown: tuple[str, ...]) -> None:
        """A table's line (``history_tables``), and its match row in step (joins the caller's batch)."""
        self._write(lambda conn: write_line(conn, match_id, line, rules, when, shown))

    def mark_practice(self, match_id: str) -> None:
        """A move of this match was taken back: it is practice, and its hands leave the statistics."""

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE history_matches SET practice = 1 WHERE match_id = ?", (match_id,))
            for table in ("hands", "matches"):  # the statistics' own tables
                conn.execute(f"DELETE FROM {table} WHERE match_id = ?", (match_id,))

        self._write(write)

    def prune(self, keep: int) -> None:
        """Keep the newest ``keep`` matches, and give the space of the others back (``Stats.compact``)."""
        self._write(lambda conn: _prune(conn, keep, ""))
        self._compact()

    def _compact(self) -> None:
        self.stats.compact()

    def forget(self, match_id: str) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM history_hands WHERE match_id = ?", (match_id,))
            conn.execute("DELETE FROM history_matches WHERE match_id = ?", (match_id,))
            forget_lines(conn, [match_id])

        self._write(write)

    def add_file(self, loaded: LoadedFile, keep: int = HISTORY_KEEP, when: float | None = None) -> MatchEntry:
        """Keep the hands of an imported file as a match of the history (replacing an earlier import of it)."""
        h = loaded.header
        last = loaded.hands[-1]
        first = loaded.hands[0]
        when = time.time() if when is None else when
        scores = h.scores if h.finished else _after(last)
        winner = (0 if scores[0] > scores[1] else 1) if h.finished and scores[0] != scores[1] else None
        entry = MatchEntry(
            match_id=h.match, started_at=h.when or when, updated_at=when, mode=h.mode,
            opponent=h.opponent or ("hotseat" if h.mode == "hotseat" else "?"), names=h.names, seat=h.seat,
            preset=first.rules.preset_name, target=first.rules.target, scores=scores, hands=len(loaded.hands),
            finished=h.finished, winner=winner, practice=h.practice, imported=True)

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM history_hands WHERE match_id = ?", (entry.match_id,))
            conn.execute("DELETE FROM history_matches WHERE match_id = ?", (entry.match_id,))
            conn.execute(f"INSERT INTO history_matches ({_MATCH_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         (entry.match_id, entry.started_at, entry.updated_at, entry.mode, entry.opponent,
                          json.dumps(list(entry.names), ensure_ascii=False), entry.seat, entry.preset, entry.target,
                          json.dumps(list(entry.scores)), entry.hands, int(entry.finished), entry.winner, 0,
                          int(entry.practice), 1))
            conn.executemany("INSERT INTO history_hands VALUES (?,?,1,?)",
                             [(entry.match_id, r.hand_no, r.to_json()) for r in loaded.hands])
            _prune(conn, keep, entry.match_id)

        self._write(write)
        return entry

    # ------------------------------------------------------------------ reads

    def matches(self, limit: int | None = None) -> list[MatchEntry]:
        """Matches newest first (by their last hand)."""

        def query(conn: sqlite3.Connection) -> list[MatchEntry]:
            rows = conn.execute(f"SELECT {_MATCH_COLUMNS} FROM history_matches ORDER BY updated_at DESC, rowid DESC"
                                + (" LIMIT ?" if limit is not None else ""), (limit,) if limit is not None else ())
            tables = read_lines(conn)
            return [e for e in (_entry(r, tables) for r in rows) if e is not None]

        none: list[MatchEntry] = []
        return list(self._read(query, none))

    def match(self, match_id: str) -> MatchEntry | None:
        def query(conn: sqlite3.Connection) -> MatchEntry | None:
            row = conn.execute(f"SELECT {_MATCH_COLUMNS} FROM history_matches WHERE match_id = ?",
                               (match_id,)).fetchone()
            return None if row is None else _entry(row, read_lines(conn))

        found = self._read(query, None)
        return found if isinstance(found, MatchEntry) else None

    def hands(self, match_id: str) -> list[HandEntry]:
        """The finished hands of a match in order, each checked (a damaged one comes with its problem)."""

        def query(conn: sqlite3.Connection) -> list[tuple[int, str]]:
            return [(int(r[0]), str(r[1])) for r in conn.execute(
                "SELECT hand_no, record FROM history_hands WHERE match_id = ? AND complete = 1 ORDER BY hand_no",
                (match_id,))]

        none: list[tuple[int, str]] = []
        out = []
        for hand_no, text in self._read(query, none):
            try:
                record = check_record(text)
                if not record.complete:
                    raise RecordError("the hand is not finished")
                out.append(HandEntry(match_id, hand_no, record))
            except RecordError as e:
                out.append(HandEntry(match_id, hand_no, None, str(e)))
        return out

    def partial(self, match_id: str, hand_no: int) -> HandRecord | None:
        """The record kept of a hand (for a resumed match: finished or not, it may be a move or two
        away from the save), if it is usable."""

        def query(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT record FROM history_hands WHERE match_id = ? AND hand_no = ?",
                               (match_id, hand_no)).fetchone()
            return None if row is None else str(row[0])

        text = self._read(query, None)
        if not isinstance(text, str):
            return None
        try:
            return check_record(text)
        except RecordError as e:
            log.warning("the record of the hand in play is unusable: %s", e)
            return None


def _after(record: HandRecord) -> tuple[int, int]:
    """The scores after a finished hand (its ending added to the scores before it)."""
    scores = list(record.scores)
    if record.end is not None and record.end.winner is not None:
        scores[record.end.winner] += record.end.points
    return scores[0], scores[1]


def _prune(conn: sqlite3.Connection, keep: int, spare: str) -> None:
    """Let go of all but the newest ``keep`` matches (never ``spare``, the match being played)."""
    keep = max(1, int(keep))
    old = [r[0] for r in conn.execute(
        "SELECT match_id FROM history_matches WHERE match_id != ? ORDER BY updated_at DESC, rowid DESC "
        "LIMIT -1 OFFSET ?", (spare, keep - (1 if spare else 0)))]
    for match_id in old:
        conn.execute("DELETE FROM history_hands WHERE match_id = ?", (match_id,))
        conn.execute("DELETE FROM history_matches WHERE match_id = ?", (match_id,))
    forget_lines(conn, old)
