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

import json
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.app.storage.files import FileTooLarge, Writer, read_limited
from game.engine.record import HandRecord, RecordError, replay
from game.engine.record_file import FileHeader, LoadedFile, dump_file, load_file

log = logging.getLogger(__name__)

HISTORY_KEEP = 200  # matches kept by default (the oldest go first); the settings may choose another number
SCHEMA = 1
EXPORT_FOLDER = "history"  # beside the statistics file
EXPORT_SUFFIX = ".jsonl"
IMPORT_LIMIT = 4 * 1024 * 1024

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

_exports = Writer("history-export")


class HistoryUnavailable(Exception):
    """The history tables were written by a newer version of the game: they are left alone."""


# ---------------------------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class MatchEntry:
    """One match in the history, as the list shows it.  ``seat`` is the recorded player's seat (the
    human against the computer, seat 0 in hot-seat); ``scores`` are in seat order."""

    match_id: str
    started_at: float
    updated_at: float
    mode: str
    opponent: str  # a bot level, or "hotseat"
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
        """Whether its hands may be shown: a hot-seat match's only once it is over (both hands show)."""
        return self.vs_bot or self.finished

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


def _entry(row: tuple[Any, ...]) -> MatchEntry | None:
    try:
        names = json.loads(row[5])
        scores = json.loads(row[9])
        return MatchEntry(
            match_id=str(row[0]), started_at=float(row[1]), updated_at=float(row[2]), mode=str(row[3]),
            opponent=str(row[4]), names=(str(names[0]), str(names[1])), seat=1 if row[6] == 1 else 0,
            preset=str(row[7]), target=int(row[8]), scores=(int(scores[0]), int(scores[1])), hands=int(row[10]),
            finished=bool(row[11]), winner=row[12] if row[12] in (0, 1) else None, practice_mode=bool(row[13]),
            practice=bool(row[14]), imported=bool(row[15]))
    except (ValueError, TypeError, IndexError, KeyError):
        log.warning("a damaged history row was skipped: %r", row[:1])
        return None


def check_record(text: str) -> HandRecord:
    """A stored hand's record, checked by replaying it (``RecordError`` when it is damaged)."""
    record = HandRecord.from_json(text)
    replay(record)
    return record


# ---------------------------------------------------------------------------------------------- the tables


class History:
    """The history tables of a statistics database (``Stats``); with statistics that keep nothing
    (``SilentStats``) the history is empty and records nothing."""

    def __init__(self, stats: Any) -> None:
        self.stats = stats
        self._use: Callable[..., Any] | None = getattr(stats, "use", None)

    @property
    def available(self) -> bool:
        return self._use is not None

    @property
    def folder(self) -> Path | None:
        """Where exports go: a folder beside the statistics file."""
        path = getattr(self.stats, "path", None)
        return None if path is None else Path(path).parent / EXPORT_FOLDER

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

    def _read(self, fn: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        if self._use is None:
            return default

        def query(conn: sqlite3.Connection) -> Any:
            has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_info'")
            if has.fetchone() is None:
                return default
            row = conn.execute("SELECT value FROM history_info WHERE key = 'schema'").fetchone()
            if row is not None and (not str(row[0]).isdigit() or int(row[0]) > SCHEMA):
                return default
            return fn(conn)

        return self._use(query, default)

    def flush(self) -> None:
        flush = getattr(self.stats, "flush", None)
        if flush is not None:
            flush()

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

    def mark_practice(self, match_id: str) -> None:
        """A move of this match was taken back: it is practice, and its hands leave the statistics."""

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE history_matches SET practice = 1 WHERE match_id = ?", (match_id,))
            for table in ("hands", "matches"):  # the statistics' own tables
                conn.execute(f"DELETE FROM {table} WHERE match_id = ?", (match_id,))

        self._write(write)

    def prune(self, keep: int) -> None:
        self._write(lambda conn: _prune(conn, keep, ""))

    def forget(self, match_id: str) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM history_hands WHERE match_id = ?", (match_id,))
            conn.execute("DELETE FROM history_matches WHERE match_id = ?", (match_id,))

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
            return [e for e in (_entry(r) for r in rows) if e is not None]

        return list(self._read(query, []))

    def match(self, match_id: str) -> MatchEntry | None:
        def query(conn: sqlite3.Connection) -> MatchEntry | None:
            row = conn.execute(f"SELECT {_MATCH_COLUMNS} FROM history_matches WHERE match_id = ?",
                               (match_id,)).fetchone()
            return None if row is None else _entry(row)

        found = self._read(query, None)
        return found if isinstance(found, MatchEntry) else None

    def hands(self, match_id: str) -> list[HandEntry]:
        """The finished hands of a match in order, each checked (a damaged one comes with its problem)."""

        def query(conn: sqlite3.Connection) -> list[tuple[int, str]]:
            return [(int(r[0]), str(r[1])) for r in conn.execute(
                "SELECT hand_no, record FROM history_hands WHERE match_id = ? AND complete = 1 ORDER BY hand_no",
                (match_id,))]

        out = []
        for hand_no, text in self._read(query, []):
            try:
                record = check_record(text)
                if not record.complete:
                    raise RecordError("the hand is not finished")
                out.append(HandEntry(match_id, hand_no, record))
            except RecordError as e:
                out.append(HandEntry(match_id, hand_no, None, str(e)))
        return out

    def partial(self, match_id: str, hand_no: int) -> HandRecord | None:
        """The record so far of a hand still in play (for a resumed match), if it is usable."""

        def query(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT record FROM history_hands WHERE match_id = ? AND hand_no = ? AND complete = 0",
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

    # ------------------------------------------------------------------ files

    def export_text(self, match_id: str, hand_no: int | None = None) -> str | None:
        """A history file of the match (or of one of its hands); None when there is nothing to write."""
        entry = self.match(match_id)
        if entry is None:
            return None
        records = [h.record for h in self.hands(match_id) if h.record is not None
                   and (hand_no is None or h.hand_no == hand_no)]
        if not records:
            return None
        return dump_file(entry.header(), records)

    def export(self, match_id: str, hand_no: int | None = None, when: float | None = None) -> Path | None:
        """Write the match (or one hand) to a file in the export folder, on a writer thread; its path."""
        folder = self.folder
        text = self.export_text(match_id, hand_no)
        if folder is None or text is None:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
        name = f"match-{stamp}" if hand_no is None else f"hand-{stamp}-{hand_no + 1}"
        path = folder / (name + EXPORT_SUFFIX)
        _exports.submit(path, text)
        return path

    def import_file(self, path: str | Path, keep: int = HISTORY_KEEP) -> tuple[MatchEntry, LoadedFile]:
        """Read a history file and keep its hands; ``RecordError`` says why a file is refused."""
        try:
            raw = read_limited(Path(path), IMPORT_LIMIT)
        except FileTooLarge:
            raise RecordError("the file is too large") from None
        except OSError as e:
            raise RecordError(f"the file cannot be read: {e.strerror or e}") from None
        if raw is None:
            raise RecordError("there is no such file")
        loaded = load_file(raw)
        return self.add_file(loaded, keep), loaded


def flush_exports(timeout: float = 5.0) -> bool:
    return _exports.flush(timeout)


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
    conn.execute("DELETE FROM history_hands WHERE match_id NOT IN (SELECT match_id FROM history_matches)")


# ---------------------------------------------------------------------------------------------- recording
