"""The statistics: match history and statistics in SQLite, recorded from the engine's HandResult
and FinalScore (the tables, their rows and the figures are ``stats_rows``; the file itself, its
checks and its repairs are ``stats_file``).

Each write is one transaction and runs on a worker thread so a frame never waits for the disk; a hand
or match recorded twice (replayed after a crash) is stored once.

A match the player left for a new one is stored as lost and marked ``abandoned``.  A file of an older
schema is upgraded in place (its rows kept); one that takes no writes is still read as it is.

Nothing read is trusted: every row is checked (``stats_rows.valid_hand``, ``valid_match``) before it
is counted or shown.  Bad rows are left out and reported once (``NOTICE_STATS_ROWS``): a copy of the
file as it was is kept aside and the rows are taken out of the live file; where that cannot be done
they are only skipped.
``SilentStats`` answers every query with nothing and records nothing (tests, pictures).
"""
from __future__ import annotations

import atexit
import contextlib
import datetime
import logging
import queue
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

from game.app.config.vocab import LEVELS
from game.app.matches.meta import MatchMeta
from game.app.records import stats_sql, stats_summary, stats_trends
from game.app.records.stats_file import StatsFile, transaction
from game.app.records.stats_rows import (
    HAND_INSERT,
    HAND_REPLACE,
    MATCH_INSERT,
    MatchRecord,
    OpponentStats,
    hand_row,
    match_row,
)
from game.app.storage.notices import NoticeSink
from game.engine import FinalScore, HandEnded, HandResult, MatchEnded, MatchState, Rules

__all__ = ["MatchRecord", "OpponentStats", "SilentStats", "Stats"]

log = logging.getLogger(__name__)
T = TypeVar("T")
Story = tuple[list[stats_trends.RuleSetLine], dict[datetime.date, stats_trends.Tally]]

DEEP_CHECK_DELAY = 5.0  # seconds after opening a big file before it is read through
COMPACT_BYTES = 1024 * 1024  # less free space than this is not worth rewriting the file for


def _flush_at_exit(ref: weakref.ref[Stats]) -> None:
    """Records still queued when the game exits are written before it goes."""
    stats = ref()
    if stats is not None:
        with contextlib.suppress(Exception):
            stats.flush()


class Stats(StatsFile):
    """The statistics database at ``path``; a reset is reported to ``notices`` (else only logged).

    ``background=False`` writes at once (tests, tools).
    """

    def __init__(self, path: str | Path, notices: NoticeSink | None = None, background: bool = True) -> None:
        super().__init__(path, notices)
        self._background = background
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.failed_writes = 0
        self._deep_timer: threading.Timer | None = None
        self._local = threading.local()  # a batch being gathered on this thread (see ``batch``)
        ref = weakref.ref(self)
        self._at_exit = lambda: _flush_at_exit(ref)  # holds no reference to the statistics themselves
        atexit.register(self._at_exit)

    # --- writes -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Every write queued inside (the history's too) goes to the database in one transaction: all of
        it is there after a kill, or none of it."""
        outer = getattr(self._local, "batch", None)
        if outer is not None:  # already in one: the outer batch takes these writes too
            yield
            return
        fns: list[Callable[[sqlite3.Connection], object]] = []
        self._local.batch = fns
        try:
            yield
        finally:
            self._local.batch = None
        if fns:
            self._write(lambda conn: [fn(conn) for fn in fns])

    def _write(self, fn: Callable[[sqlite3.Connection], object]) -> None:
        pending = getattr(self._local, "batch", None)
        if pending is not None:
            pending.append(fn)
            return

        def job() -> None:
            def in_transaction(conn: sqlite3.Connection) -> bool:
                with transaction(conn):
                    fn(conn)
                return True

            if not self._run(in_transaction, False, write=True):
                self.failed_writes += 1

        if not self._background:
            job()
            return
        self._enqueue(job)

    def _enqueue(self, job: Callable[[], None]) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="stats-writer", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    def _later(self, job: Callable[[], None]) -> None:
        """The check of a big file runs on the writer thread a few seconds after the start, so the start
        neither waits for it nor shares the processor with it."""
        if not self._background:
            job()
            return
        self._deep_timer = threading.Timer(DEEP_CHECK_DELAY, lambda: self._enqueue(job))
        self._deep_timer.daemon = True
        self._deep_timer.start()

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
        if self._deep_timer is not None:
            self._deep_timer.cancel()
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
        self._write(lambda conn: conn.execute(HAND_REPLACE, row))

    def record_match(self, meta: MatchMeta, rules: Rules, final: FinalScore, hands: int,
                     when: float | None = None, abandoned: bool = False) -> None:
        """Store a finished match; ``hands`` is how many hands it took (dead hands included).

        ``abandoned``: the player left it unfinished for a new one; it counts as lost whatever ``final`` says.
        """
        row = match_row(meta, rules, final, hands, time.time() if when is None else when, abandoned)
        self._write(lambda conn: conn.execute(MATCH_INSERT, row))

    def record_events(self, meta: MatchMeta, rules: Rules, events: Iterable[object], hands: int | None = None) -> None:
        """Record the hand and match endings among an action's events (call it after every action)."""
        last_hand = 0
        for event in events:
            if isinstance(event, HandEnded):
                self.record_hand(meta, rules, event.result)
                last_hand = event.result.hand_no
            elif isinstance(event, MatchEnded):
                self.record_match(meta, rules, event.final, hands if hands is not None else last_hand + 1)

    def use(self, fn: Callable[[sqlite3.Connection], T], default: T | None = None, write: bool = False) -> T | None:
        """Let a module that keeps its own tables here use the connection: a write runs ``fn`` on the
        writer thread in one transaction (returns None); a read runs it now, after pending writes."""
        if write:
            self._write(fn)
            return None
        self.flush()
        return self._run(fn, default)

    def record_finished(self, state: MatchState, meta: MatchMeta, also: Callable[[], None] | None = None) -> bool:
        """Make sure a finished match and all its hands are stored (at once, in one transaction with
        whatever ``also`` writes, e.g. the history's end of the match).

        What was recorded already stays as it was; True when the database holds the match now.
        """
        if state.final is None:
            return False
        self.flush()
        when = time.time()
        hands = [hand_row(meta, state.rules, r, when) for r in state.history]
        last = state.history[-1].hand_no + 1 if state.history else 1
        match = match_row(meta, state.rules, state.final, last, when)

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany(HAND_INSERT, hands)
            conn.execute(MATCH_INSERT, match)

        failed = self.failed_writes
        with self.batch():
            self._write(write)
            if also is not None:
                also()
        self.flush()
        return self.failed_writes == failed and self.knows_match(meta.match_id)

    def knows_match(self, match_id: str) -> bool:
        """Whether the statistics hold this match as over (finished or abandoned)."""
        self.flush()
        found = self._run(lambda conn: conn.execute("SELECT 1 FROM matches WHERE match_id = ?",
                                                    (match_id,)).fetchone() is not None, False)
        return bool(found)

    def compact(self) -> None:
        """Give the space of deleted rows back to the disk (after the history let old matches go), on the
        writer thread; only when a good part of the file is free, so it is rare."""

        def vacuum(conn: sqlite3.Connection) -> None:
            free = conn.execute("PRAGMA freelist_count").fetchone()[0]
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            if free * 4 >= pages and free * conn.execute("PRAGMA page_size").fetchone()[0] >= COMPACT_BYTES:
                conn.execute("VACUUM")

        def job() -> None:
            self._run(vacuum, None, write=True)

        if self._background:
            self._enqueue(job)
        else:
            job()

    def reset(self) -> None:
        """Forget everything (after the player confirmed)."""
        self.flush()

        def wipe(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM hands")
            conn.execute("DELETE FROM matches")

        self._write(wipe)
        self.flush()

    # --- queries ----------------------------------------------------------------------------

    def _figures(self, key: str | None = None) -> dict[str, OpponentStats]:
        """From the figures the database keeps (``stats_summary``); a stale one is counted from the rows
        and made again on the writer thread."""
        self.flush()
        found, stale = self._run(
            lambda conn: stats_summary.figures(conn, self.abandoned_column, key, self.checked), ({}, False))
        if stale and not self._read_only:
            self._write(lambda conn: stats_summary.refresh(conn, self.abandoned_column, self.checked))
        return found

    def opponents(self) -> list[OpponentStats]:
        """One line per opponent met, bots first (easy, medium, hard), then hot-seat names."""
        lines = self._figures()
        order: dict[str, int] = {level: i for i, level in enumerate(LEVELS)}
        return [lines[k] for k in sorted(lines, key=lambda k: (order.get(k, 3), k.lower(), k))]

    def opponent(self, key: str) -> OpponentStats:
        return self._figures(key).get(key) or OpponentStats(key)

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        """The last finished matches, newest first."""
        self.flush()
        found: list[MatchRecord] = self._run(lambda conn: stats_sql.recent(conn, self.abandoned_column, limit), [])
        return found

    def story(self) -> Story:
        """The figures by rule set and each local day's matches, counted by SQLite (``stats_trends``)."""
        self.flush()
        col, checked = self.abandoned_column, self.checked
        found: Story = self._run(lambda conn: (stats_trends.by_rules(conn, col, checked),
                                               stats_trends.by_day(conn, col, checked)), ([], {}))
        return found


class SilentStats:
    """Statistics that record nothing and have nothing to show; no file is touched."""

    path: Path | None = None
    failed_writes = 0
    skipped_rows = 0

    def record_hand(self, *args: object, **kwargs: object) -> None:
        """Nothing is recorded (nor by ``record_match`` and ``record_events``); nothing to reset or check."""

    record_match = record_events = reset = close = check = compact = record_hand

    def batch(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def flush(self, timeout: float | None = None) -> bool:
        return True

    def record_finished(self, state: MatchState, meta: MatchMeta, also: Callable[[], None] | None = None) -> bool:
        return True

    def knows_match(self, match_id: str) -> bool:
        return False

    def opponents(self) -> list[OpponentStats]:
        return []

    def opponent(self, key: str) -> OpponentStats:
        return OpponentStats(key)

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        return []

    def story(self) -> Story:
        return [], {}
