"""The statistics file: match history and statistics in SQLite, recorded from the engine's HandResult
and FinalScore (the tables, their rows and the figures are ``stats_rows``).

Each write is one transaction and runs on a worker thread so a frame never waits for the disk; a hand
or match recorded twice (replayed after a crash) is stored once.

A match the player left for a new one is stored as lost and marked ``abandoned``.  A file of an older
schema is upgraded in place (its rows kept); one that takes no writes is still read as it is.

Nothing read is trusted: every row is checked (``stats_rows.valid_hand``, ``valid_match``) before it
is counted or shown.  Bad rows are left out and reported once (``NOTICE_STATS_ROWS``): a copy of the
file as it was is kept aside and the rows are taken out of the live file; where that cannot be done
they are only skipped.  A damaged, oversized or newer-version database (or a folder in its place) is
set aside with a timestamp, recreated, and a ``NOTICE_STATS`` goes to the notice sink the statistics
were given (the app's store).  A database that cannot be written (a read-only file or folder, a full
disk) is not damaged: it stays where it is, is still read, and ``NOTICE_CANNOT_SAVE`` says once that
the statistics are not being kept.
``SilentStats`` answers every query with nothing and records nothing (tests, pictures).
"""
from __future__ import annotations

import atexit
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from game.app.matches.meta import MatchMeta
from game.app.records.stats_rows import (
    HAND_COLUMNS,
    HAND_INSERT,
    MATCH_COLUMNS,
    MATCH_COLUMNS_V1,
    MATCH_INSERT,
    SCHEMA,
    SCHEMA_VERSION,
    HandRow,
    MatchRecord,
    MatchRow,
    OpponentStats,
    figures,
    hand_row,
    match_row,
    valid_hand,
    valid_match,
)
from game.app.storage.files import (
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
from game.app.storage.notices import NOTICE_CANNOT_SAVE, NOTICE_FILE_LEFT, NOTICE_STATS, NOTICE_STATS_ROWS, NoticeSink
from game.engine import FinalScore, HandEnded, HandResult, MatchEnded, MatchState, Rules

__all__ = ["MatchRecord", "OpponentStats", "SilentStats", "Stats"]

log = logging.getLogger(__name__)

STATS_LIMIT = 256 * 1024 * 1024  # years of daily play stay far below this; a bigger file is not ours


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
        self._match_columns = MATCH_COLUMNS  # what the open database is read with
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
                        for statement in SCHEMA.split(";"):
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
            self._match_columns = MATCH_COLUMNS if _has_column(conn, "matches", "abandoned") else MATCH_COLUMNS_V1
            # A hand-edited table with missing columns shows here rather than in the middle of play.
            conn.execute(f"SELECT {self._match_columns} FROM matches LIMIT 0")
            conn.execute(f"SELECT {HAND_COLUMNS} FROM hands LIMIT 0")
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
        bad_hands = [r[0] for r in conn.execute(f"SELECT {HAND_COLUMNS} FROM hands") if valid_hand(r) is None]
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

    def _rows(self, conn: sqlite3.Connection) -> tuple[list[HandRow], list[MatchRow]]:
        """Every good row, oldest first; a bad row found now (the file changed under us) is set aside too."""
        hands: list[HandRow] = []
        matches: list[MatchRow] = []
        bad_hands: list[Any] = []
        bad_matches: list[Any] = []
        for row in conn.execute(f"SELECT {HAND_COLUMNS} FROM hands"):
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
        row = hand_row(meta, rules, result, time.time() if when is None else when)
        self._write(lambda conn: conn.execute(HAND_INSERT, row))

    def record_match(self, meta: MatchMeta, rules: Rules, final: FinalScore, hands: int,
                     when: float | None = None, abandoned: bool = False) -> None:
        """Store a finished match; ``hands`` is how many hands it took (dead hands included).

        ``abandoned``: the player left it unfinished for a new one; it counts as lost whatever ``final`` says.
        """
        row = match_row(meta, rules, final, hands, time.time() if when is None else when, abandoned)
        self._write(lambda conn: conn.execute(MATCH_INSERT, row))

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
        hands = [hand_row(meta, state.rules, r, when) for r in state.history]
        last = state.history[-1].hand_no + 1 if state.history else 1
        match = match_row(meta, state.rules, state.final, last, when)

        def write(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                conn.executemany(HAND_INSERT, hands)
                conn.execute(MATCH_INSERT, match)
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

    def _all(self) -> tuple[list[HandRow], list[MatchRow]]:
        self.flush()
        result: tuple[list[HandRow], list[MatchRow]] = self._run(self._rows, ([], []))
        return result

    def opponents(self) -> list[OpponentStats]:
        """One line per opponent met, bots first (easy, medium, hard), then hot-seat names."""
        hands, matches = self._all()
        keys = {h.opponent for h in hands} | {m.opponent for m in matches}
        order = {"easy": 0, "medium": 1, "hard": 2}
        return [figures(k, hands, matches) for k in sorted(keys, key=lambda k: (order.get(k, 3), k.lower(), k))]

    def opponent(self, key: str) -> OpponentStats:
        hands, matches = self._all()
        return figures(key, hands, matches)

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        """The last finished matches, newest first."""
        _, matches = self._all()
        newest = sorted(matches, key=lambda m: (m.finished_at, m.rowid), reverse=True)[:max(0, limit)]
        return [MatchRecord(m.match_id, m.finished_at, m.opponent, m.names, m.preset, m.target, m.my_total,
                            m.their_total, bool(m.won), m.hands, bool(m.abandoned)) for m in newest]



def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))



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
