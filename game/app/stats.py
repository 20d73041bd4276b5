"""Match history and statistics in SQLite, recorded from the engine's HandResult and FinalScore.

Everything is stored from one player's side: the human against a bot, seat 0 in hot-seat
(``MatchMeta.human_seat``), grouped by ``MatchMeta.opponent_key`` (a bot level or
``hotseat:<name>``).  Each write is one transaction and runs on a worker thread so a frame never
waits for the disk; a hand or match recorded twice (replayed after a crash) is stored once.

A match the player left for a new one is stored as lost and marked ``abandoned``.  A file of an older
schema is upgraded in place (its rows kept); one that takes no writes is still read as it is.

Nothing read is trusted: every row is checked (types and ranges) before it is counted or shown.
Bad rows are left out and reported once (``NOTICE_STATS_ROWS``): a copy of the file as it was is
kept aside and the rows are taken out of the live file; where that cannot be done they are only
skipped.  A damaged, oversized or newer-version database (or a folder in its place) is set aside
with a timestamp, recreated, and a ``NOTICE_STATS`` goes to the notice sink the statistics were
given (the app's store).  A database that cannot be written (a read-only file or folder, a full
disk) is not damaged: it stays where it is, is still read, and ``NOTICE_CANNOT_SAVE`` says once
that the statistics are not being kept.
``SilentStats`` answers every query with nothing and records nothing (tests, pictures).
"""
from __future__ import annotations

import atexit
import contextlib
import json
import logging
import math
import os
import queue
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import FinalScore, HandEnded, HandResult, MatchEnded, MatchState, Rules
from game.engine.scoring import MAX_HAND_POINTS

from .matchmeta import MatchMeta
from .storage.files import (
    WHY_DISK,
    WHY_FULL,
    WHY_READ_ONLY_FILE,
    WHY_READ_ONLY_FOLDER,
    Unusable,
    aside_name,
    check_kind,
    kept_aside,
    set_aside,
    unwritable,
)
from .storage.notices import NOTICE_CANNOT_SAVE, NOTICE_FILE_LEFT, NOTICE_STATS, NOTICE_STATS_ROWS, NoticeSink
from .vocab import LEVELS

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2  # 2: matches.abandoned (a version-1 file is upgraded in place, its rows kept)
STATS_LIMIT = 256 * 1024 * 1024  # years of daily play stay far below this; a bigger file is not ours

KINDS = ("knock", "undercut", "gin", "big_gin", "dead")
PRESETS = ("van", "classic", "custom")
MODES = ("bot", "hotseat")
TIME_RANGE = (0.0, 32503680000.0)  # 1970 to 3000: what every system can show as a date
MAX_DEADWOOD = 110  # eleven cards of ten
MAX_TARGET = 10_000
MAX_TOTAL = 10_000_000  # points with every bonus and doubling, far beyond any real match
MAX_HANDS = 100_001
MAX_TEXT = 200

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    match_id TEXT PRIMARY KEY,
    opponent TEXT NOT NULL,
    mode TEXT NOT NULL,
    names TEXT NOT NULL,
    preset TEXT NOT NULL,
    target INTEGER NOT NULL,
    my_score INTEGER NOT NULL,
    their_score INTEGER NOT NULL,
    my_total INTEGER NOT NULL,
    their_total INTEGER NOT NULL,
    won INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    abandoned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS hands (
    match_id TEXT NOT NULL,
    hand_no INTEGER NOT NULL,
    opponent TEXT NOT NULL,
    preset TEXT NOT NULL,
    kind TEXT NOT NULL,
    me_knocked INTEGER,
    won INTEGER,
    points INTEGER NOT NULL,
    knocker_deadwood INTEGER,
    defender_deadwood INTEGER,
    sum_text TEXT NOT NULL,
    played_at REAL NOT NULL,
    PRIMARY KEY (match_id, hand_no)
);
CREATE INDEX IF NOT EXISTS hands_by_opponent ON hands (opponent);
CREATE INDEX IF NOT EXISTS matches_by_time ON matches (finished_at);
"""


@dataclass(frozen=True)
class OpponentStats:
    """One line of the statistics screen.  ``average_knock_deadwood`` is None before a first knock."""

    opponent: str
    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    undercuts_suffered: int = 0
    average_knock_deadwood: float | None = None
    best_hand_points: int = 0
    best_hand_kind: str | None = None
    longest_win_streak: int = 0  # matches won in a row
    longest_hand_streak: int = 0  # hands won in a row


@dataclass(frozen=True)
class MatchRecord:
    match_id: str
    finished_at: float  # seconds since the epoch; the UI formats the date
    opponent: str
    names: tuple[str, str]  # (the recorded player, the opponent)
    preset: str
    target: int
    my_total: int
    their_total: int
    won: bool
    hands: int
    abandoned: bool = False  # left unfinished for a new match: counted as lost


class _Unusable(Exception):
    """The database file is not one we can use (damaged, newer, too large, or not ours)."""


class _Unavailable(Exception):
    """The database cannot be opened or written just now (read-only, full, no permission): not damaged."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(detail or why)
        self.why = why


_UNAVAILABLE = {"SQLITE_READONLY", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_BUSY",
                "SQLITE_LOCKED", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_NOLFS"}
_UNAVAILABLE_WORDS = ("readonly", "read-only", "disk is full", "unable to open", "disk i/o", "is locked",
                      "access permission", "authorization")


def _is_unavailable(error: BaseException) -> bool:
    """Whether a database error means "cannot write (or open) now" rather than "damaged"."""
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str) and name:
        return "_".join(name.split("_")[:2]) in _UNAVAILABLE
    text = str(error).lower()
    return any(w in text for w in _UNAVAILABLE_WORDS)


def _why(error: BaseException, path: Path) -> str:
    text = (str(getattr(error, "sqlite_errorname", "")) + " " + str(error)).lower()
    if "full" in text:
        return WHY_FULL
    if "readonly" in text or "read-only" in text or "permission" in text or "unable to open" in text \
            or "cantopen" in text:
        if path.is_file() and not os.access(path, os.W_OK):
            return WHY_READ_ONLY_FILE
        return WHY_READ_ONLY_FOLDER
    return WHY_DISK


# --- what a row must be to be counted -------------------------------------------------------------


@dataclass(frozen=True)
class _Hand:
    rowid: int
    opponent: str
    kind: str
    me_knocked: int | None
    won: int | None
    points: int
    knocker_deadwood: int | None
    played_at: float


@dataclass(frozen=True)
class _Match:
    rowid: int
    match_id: str
    opponent: str
    names: tuple[str, str]
    preset: str
    target: int
    my_total: int
    their_total: int
    won: int
    hands: int
    finished_at: float
    abandoned: int


_HAND_COLUMNS = ("rowid, match_id, hand_no, opponent, preset, kind, me_knocked, won, points, knocker_deadwood,"
                 " defender_deadwood, sum_text, played_at")
_MATCH_FIELDS = ("match_id, opponent, mode, names, preset, target, my_score, their_score, my_total, their_total,"
                 " won, hands, finished_at, abandoned")
_MATCH_COLUMNS = "rowid, " + _MATCH_FIELDS
_MATCH_INSERT = f"INSERT OR IGNORE INTO matches ({_MATCH_FIELDS}) VALUES ({','.join('?' * 14)})"
_HAND_INSERT = "INSERT OR IGNORE INTO hands VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
# A version-1 file that cannot be upgraded (it takes no writes) is still read: its matches were all finished.
_MATCH_COLUMNS_V1 = _MATCH_COLUMNS.replace(", abandoned", ", 0")


def _text(x: Any, most: int = MAX_TEXT) -> bool:
    return isinstance(x, str) and len(x) <= most


def _whole(x: Any, low: int, high: int) -> bool:
    return type(x) is int and low <= x <= high


def _flag(x: Any, optional: bool = False) -> bool:
    return (optional and x is None) or (type(x) is int and x in (0, 1))


def _when(x: Any) -> bool:
    return type(x) in (int, float) and math.isfinite(x) and TIME_RANGE[0] <= x <= TIME_RANGE[1]


def _opponent(x: Any) -> bool:
    return _text(x, 64) and (x in LEVELS or x.startswith("hotseat:"))


def valid_hand(row: tuple[Any, ...]) -> _Hand | None:
    """A ``hands`` row (in ``_HAND_COLUMNS`` order) as checked values, or None when any of it is wrong."""
    if len(row) != 13:
        return None
    rowid, match_id, hand_no, opponent, preset, kind, knocked, won, points, kdw, ddw, sum_text, when = row
    ok = (type(rowid) is int and _text(match_id, 64) and bool(match_id) and _whole(hand_no, 0, MAX_HANDS)
          and _opponent(opponent) and preset in PRESETS and kind in KINDS and _flag(knocked, True)
          and _flag(won, True) and _whole(points, 0, MAX_HAND_POINTS)
          and (kdw is None or _whole(kdw, 0, MAX_DEADWOOD)) and (ddw is None or _whole(ddw, 0, MAX_DEADWOOD))
          and _text(sum_text) and _when(when))
    if not ok:
        return None
    return _Hand(rowid, opponent, kind, knocked, won, points, kdw, float(when))


def valid_match(row: tuple[Any, ...]) -> _Match | None:
    """A ``matches`` row (in ``_MATCH_COLUMNS`` order) as checked values, or None when any of it is wrong."""
    if len(row) != 15:
        return None
    (rowid, match_id, opponent, mode, names_text, preset, target, my_score, their_score, my_total, their_total,
     won, hands, when, abandoned) = row
    ok = (type(rowid) is int and _text(match_id, 64) and bool(match_id) and _opponent(opponent) and mode in MODES
          and _text(names_text, 400) and preset in PRESETS and _whole(target, 1, MAX_TARGET)
          and _whole(my_score, 0, MAX_TOTAL) and _whole(their_score, 0, MAX_TOTAL)
          and _whole(my_total, 0, MAX_TOTAL) and _whole(their_total, 0, MAX_TOTAL) and _flag(won)
          and _whole(hands, 1, MAX_HANDS) and _when(when) and _flag(abandoned) and not (abandoned and won))
    if not ok:
        return None
    try:
        names = json.loads(names_text)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(names, list) and len(names) == 2 and all(_text(n, 64) for n in names)):
        return None
    return _Match(rowid, match_id, opponent, (names[0], names[1]), preset, target, my_total, their_total, won,
                  hands, float(when), abandoned)


def _flush_at_exit(ref: weakref.ref[Stats]) -> None:
    """Records still queued when the game exits are written before it goes."""
    stats = ref()
    if stats is not None:
        with contextlib.suppress(Exception):
            stats.flush()


class Stats:
    """The statistics database at ``path``; a reset is reported to ``notices`` (else only logged).

    ``background=False`` writes at once (tests, tools).
    """

    def __init__(self, path: str | Path, notices: NoticeSink | None = None, background: bool = True) -> None:
        self.path = Path(path)
        self._notices = notices
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._background = background
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._left = False  # a damaged file that could not be moved aside: left alone, not used
        self._read_only = ""  # why the open database takes no write ("" when it does)
        self._match_columns = _MATCH_COLUMNS  # what the open database is read with
        self._told_unsaved = False  # NOTICE_CANNOT_SAVE was given for the present trouble
        self._told_rows = False
        self.failed_writes = 0
        self.skipped_rows = 0  # bad rows left out of the figures since the start
        ref = weakref.ref(self)
        self._at_exit = lambda: _flush_at_exit(ref)  # holds no reference to the statistics themselves
        atexit.register(self._at_exit)

    def _notice(self, key: str, aside: Path | None, detail: str, why: str = "") -> None:
        if self._notices is None:
            return
        if why:
            self._notices.add_notice(key, aside, detail, why)
        else:  # a sink written before reasons existed takes three
            self._notices.add_notice(key, aside, detail)

    # --- connection -------------------------------------------------------------------------

    def check(self) -> None:
        """Open the database now (at the start), so any notice about it is ready for the first menu."""
        self._run(lambda conn: True, False)
        if self._conn is not None and not self._read_only:
            why = unwritable(self.path.parent, (self.path,))
            if why is not None:
                self._read_only = why
        if self._read_only:
            self._cannot_save(self._read_only, "the statistics file takes no writes")

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        if self._left:
            raise _Unavailable(WHY_DISK, "the damaged statistics file was left in place")
        try:
            self._conn = self._open()
        except _Unavailable:
            raise
        except (sqlite3.DatabaseError, _Unusable) as e:
            if isinstance(e, sqlite3.DatabaseError) and _is_unavailable(e):
                raise _Unavailable(_why(e, self.path), str(e)) from e
            if not self._replace_damaged(e):
                raise _Unavailable(WHY_DISK, "the damaged statistics file was left in place") from e
            self._conn = self._open()
        self._sweep(self._conn)
        return self._conn

    def _open(self) -> sqlite3.Connection:
        try:
            check_kind(self.path)
            if self.path.exists() and self.path.stat().st_size > STATS_LIMIT:
                raise _Unusable(f"the file is too large (over {STATS_LIMIT} bytes)")
        except Unusable as e:
            raise _Unusable(str(e)) from None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise _Unavailable(WHY_READ_ONLY_FOLDER, str(e)) from None
        self._read_only = ""
        conn = sqlite3.connect(self.path, timeout=5, check_same_thread=False, isolation_level=None)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Unusable(f"the statistics were written by a newer version of the game ({version})")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Unusable(f"the database is damaged: {check}")
            if version != SCHEMA_VERSION or not self._has_tables(conn):
                try:
                    with _transaction(conn):
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                conn.execute(statement)
                        if not _has_column(conn, "matches", "abandoned"):  # version 1: upgraded, rows kept
                            conn.execute("ALTER TABLE matches ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0")
                        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                except sqlite3.DatabaseError as e:
                    if not _is_unavailable(e):
                        raise
                    if not self._has_tables(conn):
                        raise _Unavailable(_why(e, self.path), str(e)) from None
                    self._read_only = _why(e, self.path)
            self._match_columns = _MATCH_COLUMNS if _has_column(conn, "matches", "abandoned") else _MATCH_COLUMNS_V1
            # A hand-edited table with missing columns shows here rather than in the middle of play.
            conn.execute(f"SELECT {self._match_columns} FROM matches LIMIT 0")
            conn.execute(f"SELECT {_HAND_COLUMNS} FROM hands LIMIT 0")
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _has_tables(conn: sqlite3.Connection) -> bool:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return {"matches", "hands"} <= names

    def _replace_damaged(self, error: Exception) -> bool:
        """Set the damaged file aside and start afresh; False (the file left untouched) when it cannot be moved."""
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
        aside = set_aside(self.path)
        if aside is None and kept_aside(self.path):
            self._left = True
            log.warning("statistics unusable (%s) and could not be moved aside: left as they are", error)
            self._notice(NOTICE_FILE_LEFT, self.path, str(error))
            return False
        for extra in ("-journal", "-wal", "-shm"):  # they belong to the old file: they go with it
            old = self.path.with_name(self.path.name + extra)
            if not os.path.lexists(old):
                continue
            try:
                if aside is None:
                    raise OSError("no file to go with")
                os.replace(old, aside.with_name(aside.name + extra))
            except OSError:
                with contextlib.suppress(OSError):
                    old.unlink()  # left here it would be played into the new file
        log.warning("statistics reset (%s); the old file is %s", error, aside)
        self._notice(NOTICE_STATS, aside, str(error))
        return True

    def _cannot_save(self, why: str, detail: str) -> None:
        if not self._told_unsaved:
            self._told_unsaved = True
            log.warning("statistics cannot be saved: %s", detail)
            self._notice(NOTICE_CANNOT_SAVE, self.path.parent, detail, why)

    def _run(self, fn: Callable[[sqlite3.Connection], Any], default: Any = None, write: bool = False) -> Any:
        """Run ``fn`` on the connection; a database that turns out damaged is replaced once.

        A database that cannot be opened or written now gives ``default`` (a write says so once).
        """
        with self._lock:
            for attempt in (1, 2):
                try:
                    result = fn(self._connect())
                except _Unavailable as e:
                    log.info("statistics unavailable: %s", e)
                    if write or not self._conn:
                        self._cannot_save(e.why, str(e))
                    return default
                except sqlite3.DatabaseError as e:
                    if _is_unavailable(e):
                        log.info("statistics unavailable: %s", e)
                        if write:
                            self._cannot_save(_why(e, self.path), str(e))
                        return default
                    if attempt == 2:
                        log.warning("statistics unavailable: %s", e)
                        return default
                    if not self._replace_damaged(e):
                        return default
                except OSError as e:
                    log.warning("statistics unavailable: %s", e)
                    if write:
                        self._cannot_save(WHY_DISK, str(e))
                    return default
                else:
                    if write:
                        self._told_unsaved = False  # a later failure is news again
                    return result
        return default

    # --- bad rows ---------------------------------------------------------------------------

    def _sweep(self, conn: sqlite3.Connection) -> None:
        """Check every row once after opening; bad ones are reported and taken out (see ``_set_rows_aside``)."""
        bad_hands = [r[0] for r in conn.execute(f"SELECT {_HAND_COLUMNS} FROM hands") if valid_hand(r) is None]
        bad_matches = [r[0] for r in conn.execute(f"SELECT {self._match_columns} FROM matches")
                       if valid_match(r) is None]
        if bad_hands or bad_matches:
            self._set_rows_aside(conn, bad_hands, bad_matches)

    def _set_rows_aside(self, conn: sqlite3.Connection, hands: list[Any], matches: list[Any]) -> None:
        """Keep a copy of the file as it is, then delete the bad rows from the live file; where either
        cannot be done the rows stay and are only skipped.  Said once."""
        count = len(hands) + len(matches)
        self.skipped_rows += count
        detail = f"{count} unreadable statistics record(s) left out"
        copy = None
        if not self._read_only and not self._told_rows and all(type(r) is int for r in hands + matches):
            copy = self._copy_aside(conn)  # once a session: after that, rows that stay are only skipped
        if copy is not None:
            try:
                with _transaction(conn):
                    conn.executemany("DELETE FROM hands WHERE rowid = ?", [(r,) for r in hands])
                    conn.executemany("DELETE FROM matches WHERE rowid = ?", [(r,) for r in matches])
            except sqlite3.Error as e:
                log.warning("bad statistics rows could not be taken out: %s", e)
                copy = None
        log.warning("%s; %s", detail, f"the file as it was is kept as {copy}" if copy else "the file is unchanged")
        if not self._told_rows:
            self._told_rows = True
            self._notice(NOTICE_STATS_ROWS, copy if copy is not None else self.path, detail)

    def _copy_aside(self, conn: sqlite3.Connection) -> Path | None:
        target = aside_name(self.path)
        try:
            dest = sqlite3.connect(target)
            try:
                conn.backup(dest)
            finally:
                dest.close()
        except (sqlite3.Error, OSError) as e:
            log.warning("could not keep a copy of the statistics: %s", e)
            with contextlib.suppress(OSError):
                target.unlink()
            return None
        return target

    def _rows(self, conn: sqlite3.Connection) -> tuple[list[_Hand], list[_Match]]:
        """Every good row, oldest first; a bad row found now (the file changed under us) is set aside too."""
        hands: list[_Hand] = []
        matches: list[_Match] = []
        bad_hands: list[Any] = []
        bad_matches: list[Any] = []
        for row in conn.execute(f"SELECT {_HAND_COLUMNS} FROM hands"):
            h = valid_hand(row)
            if h is None:
                bad_hands.append(row[0])
            else:
                hands.append(h)
        for row in conn.execute(f"SELECT {self._match_columns} FROM matches"):
            m = valid_match(row)
            if m is None:
                bad_matches.append(row[0])
            else:
                matches.append(m)
        if bad_hands or bad_matches:
            self._set_rows_aside(conn, bad_hands, bad_matches)
        hands.sort(key=lambda h: (h.played_at, h.rowid))
        matches.sort(key=lambda m: (m.finished_at, m.rowid))
        return hands, matches

    # --- writes -----------------------------------------------------------------------------

    def _write(self, fn: Callable[[sqlite3.Connection], object]) -> None:
        def job() -> None:
            def in_transaction(conn: sqlite3.Connection) -> bool:
                with _transaction(conn):
                    fn(conn)
                return True

            if not self._run(in_transaction, False, write=True):
                self.failed_writes += 1

        if not self._background:
            job()
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="stats-writer", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                job()
            except Exception as e:  # never let one bad record stop later ones
                self.failed_writes += 1
                log.warning("statistics write failed: %s", e)
            finally:
                self._jobs.task_done()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every recorded hand and match is in the database; False when ``timeout`` ran out."""
        if self._thread is None or not self._thread.is_alive():
            return True
        if timeout is None:
            self._jobs.join()
            return True
        done = threading.Event()
        self._jobs.put(done.set)
        return done.wait(timeout)

    def close(self) -> None:
        self.flush()
        atexit.unregister(self._at_exit)
        if self._thread is not None and self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(2)
        self._thread = None
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def record_hand(self, meta: MatchMeta, rules: Rules, result: HandResult, when: float | None = None) -> None:
        """Store a finished hand (dead hands too: they count as played)."""
        row = _hand_row(meta, rules, result, time.time() if when is None else when)
        self._write(lambda conn: conn.execute(_HAND_INSERT, row))

    def record_match(self, meta: MatchMeta, rules: Rules, final: FinalScore, hands: int,
                     when: float | None = None, abandoned: bool = False) -> None:
        """Store a finished match; ``hands`` is how many hands it took (dead hands included).

        ``abandoned``: the player left it unfinished for a new one; it counts as lost whatever ``final`` says.
        """
        row = _match_row(meta, rules, final, hands, time.time() if when is None else when, abandoned)
        self._write(lambda conn: conn.execute(_MATCH_INSERT, row))

    def record_events(self, meta: MatchMeta, rules: Rules, events: Iterable[Any], hands: int | None = None) -> None:
        """Record the hand and match endings among an action's events (call it after every action)."""
        last_hand = 0
        for event in events:
            if isinstance(event, HandEnded):
                self.record_hand(meta, rules, event.result)
                last_hand = event.result.hand_no
            elif isinstance(event, MatchEnded):
                self.record_match(meta, rules, event.final, hands if hands is not None else last_hand + 1)

    def use(self, fn: Callable[[sqlite3.Connection], Any], default: Any = None, write: bool = False) -> Any:
        """Let a module that keeps its own tables here use the connection: a write runs ``fn`` on the
        writer thread in one transaction (returns None); a read runs it now, after pending writes."""
        if write:
            self._write(fn)
            return None
        self.flush()
        return self._run(fn, default)

    def record_finished(self, state: MatchState, meta: MatchMeta) -> bool:
        """Make sure a finished match and all its hands are stored (at once, in one transaction).

        What was recorded already stays as it was; True when the database holds the match now.
        """
        if state.final is None:
            return False
        self.flush()
        when = time.time()
        hands = [_hand_row(meta, state.rules, r, when) for r in state.history]
        last = state.history[-1].hand_no + 1 if state.history else 1
        match = _match_row(meta, state.rules, state.final, last, when)

        def write(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                conn.executemany(_HAND_INSERT, hands)
                conn.execute(_MATCH_INSERT, match)
            return True

        return bool(self._run(write, False, write=True))

    def reset(self) -> None:
        """Forget everything (after the player confirmed)."""
        self.flush()

        def wipe(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM hands")
            conn.execute("DELETE FROM matches")

        self._write(wipe)
        self.flush()

    # --- queries ----------------------------------------------------------------------------

    def _all(self) -> tuple[list[_Hand], list[_Match]]:
        self.flush()
        result: tuple[list[_Hand], list[_Match]] = self._run(self._rows, ([], []))
        return result

    def opponents(self) -> list[OpponentStats]:
        """One line per opponent met, bots first (easy, medium, hard), then hot-seat names."""
        hands, matches = self._all()
        keys = {h.opponent for h in hands} | {m.opponent for m in matches}
        order = {"easy": 0, "medium": 1, "hard": 2}
        return [_figures(k, hands, matches) for k in sorted(keys, key=lambda k: (order.get(k, 3), k.lower(), k))]

    def opponent(self, key: str) -> OpponentStats:
        hands, matches = self._all()
        return _figures(key, hands, matches)

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        """The last finished matches, newest first."""
        _, matches = self._all()
        newest = sorted(matches, key=lambda m: (m.finished_at, m.rowid), reverse=True)[:max(0, limit)]
        return [MatchRecord(m.match_id, m.finished_at, m.opponent, m.names, m.preset, m.target, m.my_total,
                            m.their_total, bool(m.won), m.hands, bool(m.abandoned)) for m in newest]


def _hand_row(meta: MatchMeta, rules: Rules, result: HandResult, when: float) -> tuple[Any, ...]:
    me = meta.human_seat
    won = None if result.winner is None else int(result.winner == me)
    knocked = None if result.knocker is None else int(result.knocker == me)
    return (meta.match_id, result.hand_no, meta.opponent_key, rules.preset_name, result.kind, knocked, won,
            result.points, result.knocker_deadwood if result.knocker is not None else None,
            result.defender_deadwood if result.knocker is not None else None, result.sum_text, when)


def _match_row(meta: MatchMeta, rules: Rules, final: FinalScore, hands: int, when: float,
               abandoned: bool = False) -> tuple[Any, ...]:
    me = meta.human_seat
    names = [meta.names[me], meta.names[1 - me]]
    won = int(final.winner == me and not abandoned)
    return (meta.match_id, meta.opponent_key, meta.mode, json.dumps(names, ensure_ascii=False),
            rules.preset_name, rules.target, final.hand_points[me], final.hand_points[1 - me],
            final.totals[me], final.totals[1 - me], won, hands, when, int(abandoned))


def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))


def _figures(key: str, all_hands: list[_Hand], all_matches: list[_Match]) -> OpponentStats:
    """One opponent's line, counted from checked rows (oldest first)."""
    hands = [h for h in all_hands if h.opponent == key]
    matches = [m for m in all_matches if m.opponent == key]
    mine = [h for h in hands if h.won == 1]
    knocks = [h.knocker_deadwood for h in hands if h.me_knocked == 1 and h.knocker_deadwood is not None]
    best = None
    for h in mine:  # the most points; of equals, the earliest
        if best is None or h.points > best.points:
            best = h
    return OpponentStats(
        opponent=key, matches_played=len(matches), matches_won=sum(m.won for m in matches),
        hands_played=len(hands), hands_won=len(mine),
        gins=sum(h.kind == "gin" for h in mine), big_gins=sum(h.kind == "big_gin" for h in mine),
        undercuts_given=sum(h.kind == "undercut" for h in mine),
        undercuts_suffered=sum(h.kind == "undercut" and h.won == 0 for h in hands),
        average_knock_deadwood=round(sum(knocks) / len(knocks), 1) if knocks else None,
        best_hand_points=best.points if best else 0, best_hand_kind=best.kind if best else None,
        longest_win_streak=_streak([m.won for m in matches]),
        longest_hand_streak=_streak([h.won for h in hands if h.won is not None]))


class SilentStats:
    """Statistics that record nothing and have nothing to show; no file is touched."""

    path: Path | None = None
    failed_writes = 0
    skipped_rows = 0

    def record_hand(self, *args: Any, **kwargs: Any) -> None:
        """Nothing is recorded (nor by ``record_match`` and ``record_events``); nothing to reset or check."""

    record_match = record_events = reset = close = check = record_hand

    def flush(self, timeout: float | None = None) -> bool:
        return True

    def record_finished(self, state: MatchState, meta: MatchMeta) -> bool:
        return True

    def opponents(self) -> list[OpponentStats]:
        return []

    def opponent(self, key: str) -> OpponentStats:
        return OpponentStats(key)

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        return []


def _streak(results: list[int]) -> int:
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN ... COMMIT, or ROLLBACK on any error (the connection is in autocommit mode)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
