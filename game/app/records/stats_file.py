"""The statistics file itself: opening, checking and replacing it, running a query or a write on it,
and setting unreadable rows aside (``stats.Stats`` adds the records and figures on top).

A damaged, oversized or newer-version database (or a folder in its place) is set aside with a
timestamp, recreated, and a ``NOTICE_STATS`` goes to the notice sink.  A database that cannot be
written (a read-only file or folder, a full disk) is not damaged: it stays where it is, is still
read, and ``NOTICE_CANNOT_SAVE`` says once that the statistics are not being kept.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from game.app.records import stats_summary
from game.app.records.stats_rows import (
    HAND_COLUMNS,
    MATCH_COLUMNS,
    MATCH_COLUMNS_V1,
    SCHEMA,
    SCHEMA_VERSION,
)
from game.app.records.stats_sql import HAND_OK, INDEXES, match_ok
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
from game.app.storage.notices import (
    NOTICE_CANNOT_SAVE,
    NOTICE_FILE_LEFT,
    NOTICE_SAVING_BACK,
    NOTICE_STATS,
    NOTICE_STATS_ROWS,
    NoticeSink,
)

log = logging.getLogger("game.app.records.stats")
T = TypeVar("T")
D = TypeVar("D")


CHECK_AT_ONCE = 2 * 1024 * 1024  # a file up to this size is checked through at its opening; a bigger one later
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




class StatsFile:
    """The database at ``path``; a reset is reported to ``notices`` (else only logged)."""

    def __init__(self, path: str | Path, notices: NoticeSink | None = None) -> None:
        self.path = Path(path)
        self._notices = notices
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._left = False  # a damaged file that could not be moved aside: left alone, not used
        self._read_only = ""  # why the open database takes no write ("" when it does)
        self._match_columns = MATCH_COLUMNS  # what the open database is read with
        self._told_unsaved = False  # NOTICE_CANNOT_SAVE was given for the present trouble
        self._told_rows = False
        self.checked = False  # every row was checked and no bad one is left in the file
        self.skipped_rows = 0  # bad rows left out of the figures since the start

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
            found = unwritable(self.path.parent, (self.path,))
            if found is not None:
                self._read_only = found[0]
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
        if self._small():
            self._sweep(self._conn)
        else:  # a big file is checked through once, away from the start (see ``deep_check``)
            self._later(self.deep_check)
        return self._conn

    def _small(self) -> bool:
        try:
            return self.path.stat().st_size <= CHECK_AT_ONCE
        except OSError:
            return True

    def _later(self, job: Callable[[], None]) -> None:
        """Run ``job`` soon, off the caller's path (``Stats`` hands it to its writer thread)."""
        job()

    def deep_check(self) -> None:
        """Read the whole file once: a damaged one is set aside and started afresh (``NOTICE_STATS``), bad
        rows are taken out (``NOTICE_STATS_ROWS``)."""
        with self._lock:
            conn = self._conn
            if conn is None:
                return
            try:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"the database is damaged: {check}")
                self._sweep(conn)
            except sqlite3.DatabaseError as e:
                if _is_unavailable(e):
                    log.info("statistics unavailable: %s", e)
                elif self._replace_damaged(e):
                    with contextlib.suppress(Exception):
                        self._connect()

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
            if self._small():  # a bigger file is checked in the background (``deep_check``)
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise _Unusable(f"the database is damaged: {check}")
            if version != SCHEMA_VERSION or not _has_tables(conn):
                try:
                    with transaction(conn):
                        for statement in SCHEMA.split(";"):
                            if statement.strip():
                                conn.execute(statement)
                        if not _has_column(conn, "matches", "abandoned"):  # version 1: upgraded, rows kept
                            conn.execute("ALTER TABLE matches ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0")
                        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                except sqlite3.DatabaseError as e:
                    if not _is_unavailable(e):
                        raise
                    if not _has_tables(conn):
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
            self._notice(NOTICE_CANNOT_SAVE, self.path, detail, why)  # a report of this file: one saving state

    def _saved_again(self) -> None:
        """A write worked: whatever stopped the writes (a full disk) is over, and a later failure is news."""
        self._read_only = ""
        if self._told_unsaved:
            self._told_unsaved = False
            log.warning("statistics are saved again")
            self._notice(NOTICE_SAVING_BACK, self.path, "a write worked")

    def _run(self, fn: Callable[[sqlite3.Connection], T], default: D, write: bool = False) -> T | D:
        """Run ``fn`` on the connection; a database that turns out damaged is replaced once, and one that
        cannot be opened or written now gives ``default`` (a write says so once)."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    before = (conn := self._connect()).total_changes
                    result = fn(conn)
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
                    if write and conn.total_changes > before:  # a write that changed nothing proves nothing
                        self._saved_again()
                    return result
        return default

    # --- bad rows ---------------------------------------------------------------------------

    def _sweep(self, conn: sqlite3.Connection) -> None:
        """Check every row once after opening; bad ones are reported and taken out (see ``_set_rows_aside``)."""
        for statement in INDEXES:  # what the figures read in order (a file that takes no writes goes without)
            with contextlib.suppress(sqlite3.Error):
                conn.execute(statement)
        bad_hands = [r[0] for r in conn.execute(f"SELECT rowid FROM hands WHERE NOT coalesce(({HAND_OK}), 0)")]
        bad_matches = [r[0] for r in conn.execute(
            f"SELECT rowid FROM matches WHERE NOT coalesce(({match_ok(self.abandoned_column)}), 0)")]
        self.checked = not (bad_hands or bad_matches) or self._set_rows_aside(conn, bad_hands, bad_matches)
        stats_summary.remake(conn, self.abandoned_column, self.checked)  # quiet in a file that takes no writes

    def _set_rows_aside(self, conn: sqlite3.Connection, hands: list[object], matches: list[object]) -> bool:
        """Keep a copy of the file as it is, then delete the bad rows from the live file; where either
        cannot be done the rows stay and are only skipped.  Said once.  True when they are out."""
        count = len(hands) + len(matches)
        self.skipped_rows += count
        detail = f"{count} unreadable statistics record(s) left out"
        copy = None
        if not self._read_only and not self._told_rows and all(type(r) is int for r in hands + matches):
            copy = self._copy_aside(conn)  # once a session: after that, rows that stay are only skipped
        if copy is not None:
            try:
                with transaction(conn):
                    conn.executemany("DELETE FROM hands WHERE rowid = ?", [(r,) for r in hands])
                    conn.executemany("DELETE FROM matches WHERE rowid = ?", [(r,) for r in matches])
            except sqlite3.Error as e:
                log.warning("bad statistics rows could not be taken out: %s", e)
                copy = None
        log.warning("%s; %s", detail, f"the file as it was is kept as {copy}" if copy else "the file is unchanged")
        if not self._told_rows:
            self._told_rows = True
            self._notice(NOTICE_STATS_ROWS, copy if copy is not None else self.path, detail)
        return copy is not None

    def _copy_aside(self, conn: sqlite3.Connection) -> Path | None:
        return _copy_aside(conn, self.path)

    @property
    def abandoned_column(self) -> str:
        """How the open file's rows say a match was abandoned (a version-1 file never does)."""
        return "abandoned" if self._match_columns == MATCH_COLUMNS else "0"


def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))



@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN ... COMMIT, or ROLLBACK on any error (the connection is in autocommit mode)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _copy_aside(conn: sqlite3.Connection, path: Path) -> Path | None:
    """A copy of the whole database beside it (before bad rows are taken out); None when it cannot be made."""
    target = aside_name(path)
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


def _has_tables(conn: sqlite3.Connection) -> bool:
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {"matches", "hands"} <= names
