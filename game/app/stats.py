"""Match history and statistics in SQLite, recorded from the engine's HandResult and FinalScore.

Everything is stored from one player's side: the human against a bot, seat 0 in hot-seat
(``MatchMeta.human_seat``), grouped by ``MatchMeta.opponent_key`` (a bot level or
``hotseat:<name>``).  Each write is one transaction and runs on a worker thread so a frame never
waits for the disk; a hand or match recorded twice (replayed after a crash) is stored once.
A damaged or newer-version database is set aside with a timestamp, recreated, and a
``NOTICE_STATS`` goes to the notice sink the statistics were given (the app's store).
``SilentStats`` answers every query with nothing and records nothing (tests, pictures).
"""
from __future__ import annotations

import atexit
import contextlib
import json
import logging
import queue
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import FinalScore, HandEnded, HandResult, MatchEnded, Rules

from .matchmeta import MatchMeta
from .storage.files import set_aside
from .storage.notices import NOTICE_STATS, NoticeSink

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

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
    finished_at REAL NOT NULL
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


class _Unusable(Exception):
    """The database file is not one we can use (damaged, newer, or not ours)."""


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
        self.failed_writes = 0
        ref = weakref.ref(self)
        self._at_exit = lambda: _flush_at_exit(ref)  # holds no reference to the statistics themselves
        atexit.register(self._at_exit)

    # --- connection -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        try:
            self._conn = self._open()
        except (sqlite3.DatabaseError, _Unusable) as e:
            self._replace_damaged(e)
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=5, check_same_thread=False, isolation_level=None)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Unusable(f"the statistics were written by a newer version of the game ({version})")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Unusable(f"the database is damaged: {check}")
            with _transaction(conn):
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            # A hand-edited table with missing columns shows here rather than in the middle of play.
            conn.execute("SELECT match_id, opponent, mode, names, preset, target, my_score, their_score, "
                         "my_total, their_total, won, hands, finished_at FROM matches LIMIT 0")
            conn.execute("SELECT match_id, hand_no, opponent, preset, kind, me_knocked, won, points, "
                         "knocker_deadwood, defender_deadwood, sum_text, played_at FROM hands LIMIT 0")
        except BaseException:
            conn.close()
            raise
        return conn

    def _replace_damaged(self, error: Exception) -> None:
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
        aside = set_aside(self.path)
        for extra in ("-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                self.path.with_name(self.path.name + extra).unlink()
        log.warning("statistics reset (%s); the old file is %s", error, aside)
        if self._notices is not None:
            self._notices.add_notice(NOTICE_STATS, aside, str(error))

    def _run(self, fn: Callable[[sqlite3.Connection], Any], default: Any = None) -> Any:
        """Run ``fn`` on the connection; a database that breaks under us is replaced once."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    return fn(self._connect())
                except (sqlite3.DatabaseError, _Unusable) as e:
                    if attempt == 2 or isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
                        log.warning("statistics unavailable: %s", e)
                        return default
                    self._replace_damaged(e)
                except OSError as e:
                    log.warning("statistics unavailable: %s", e)
                    return default
        return default

    # --- writes -----------------------------------------------------------------------------

    def _write(self, fn: Callable[[sqlite3.Connection], object]) -> None:
        def job() -> None:
            def in_transaction(conn: sqlite3.Connection) -> bool:
                with _transaction(conn):
                    fn(conn)
                return True

            if not self._run(in_transaction, False):
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

    def flush(self) -> None:
        """Wait until every recorded hand and match is in the database."""
        if self._thread is not None and self._thread.is_alive():
            self._jobs.join()

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
        me = meta.human_seat
        when = time.time() if when is None else when
        won = None if result.winner is None else int(result.winner == me)
        knocked = None if result.knocker is None else int(result.knocker == me)
        row = (meta.match_id, result.hand_no, meta.opponent_key, rules.preset_name, result.kind, knocked, won,
               result.points, result.knocker_deadwood if result.knocker is not None else None,
               result.defender_deadwood if result.knocker is not None else None, result.sum_text, when)
        self._write(lambda conn: conn.execute("INSERT OR IGNORE INTO hands VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", row))

    def record_match(self, meta: MatchMeta, rules: Rules, final: FinalScore, hands: int,
                     when: float | None = None) -> None:
        """Store a finished match; ``hands`` is how many hands it took (dead hands included)."""
        me = meta.human_seat
        when = time.time() if when is None else when
        names = [meta.names[me], meta.names[1 - me]]
        row = (meta.match_id, meta.opponent_key, meta.mode, json.dumps(names, ensure_ascii=False),
               rules.preset_name, rules.target, final.hand_points[me], final.hand_points[1 - me],
               final.totals[me], final.totals[1 - me], int(final.winner == me), hands, when)
        self._write(lambda conn: conn.execute("INSERT OR IGNORE INTO matches VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                                              row))

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

    def reset(self) -> None:
        """Forget everything (after the player confirmed)."""
        self.flush()

        def wipe(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM hands")
            conn.execute("DELETE FROM matches")

        self._write(wipe)
        self.flush()

    # --- queries ----------------------------------------------------------------------------

    def opponents(self) -> list[OpponentStats]:
        """One line per opponent met, bots first (easy, medium, hard), then hot-seat names."""
        self.flush()
        keys = self._run(lambda c: [r[0] for r in c.execute(
            "SELECT opponent FROM hands UNION SELECT opponent FROM matches")], [])
        order = {"easy": 0, "medium": 1, "hard": 2}
        keys.sort(key=lambda k: (order.get(k, 3), k.lower()))
        return [self.opponent(k) for k in keys]

    def opponent(self, key: str) -> OpponentStats:
        self.flush()

        def query(c: sqlite3.Connection) -> OpponentStats:
            m = c.execute("SELECT COUNT(*), COALESCE(SUM(won), 0) FROM matches WHERE opponent = ?", (key,)).fetchone()
            h = c.execute(
                "SELECT COUNT(*), COALESCE(SUM(won = 1), 0),"
                " COALESCE(SUM(kind = 'gin' AND won = 1), 0), COALESCE(SUM(kind = 'big_gin' AND won = 1), 0),"
                " COALESCE(SUM(kind = 'undercut' AND won = 1), 0), COALESCE(SUM(kind = 'undercut' AND won = 0), 0),"
                " AVG(CASE WHEN me_knocked = 1 THEN knocker_deadwood END)"
                " FROM hands WHERE opponent = ?", (key,)).fetchone()
            best = c.execute("SELECT points, kind FROM hands WHERE opponent = ? AND won = 1"
                             " ORDER BY points DESC, played_at LIMIT 1", (key,)).fetchone()
            match_results = [r[0] for r in c.execute(
                "SELECT won FROM matches WHERE opponent = ? ORDER BY finished_at, rowid", (key,))]
            hand_results = [r[0] for r in c.execute(
                "SELECT won FROM hands WHERE opponent = ? AND won IS NOT NULL ORDER BY played_at, rowid", (key,))]
            return OpponentStats(
                opponent=key, matches_played=m[0], matches_won=m[1], hands_played=h[0], hands_won=h[1],
                gins=h[2], big_gins=h[3], undercuts_given=h[4], undercuts_suffered=h[5],
                average_knock_deadwood=None if h[6] is None else round(h[6], 1),
                best_hand_points=best[0] if best else 0, best_hand_kind=best[1] if best else None,
                longest_win_streak=_streak(match_results), longest_hand_streak=_streak(hand_results))

        return self._run(query, OpponentStats(key))

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        """The last finished matches, newest first."""
        self.flush()

        def query(c: sqlite3.Connection) -> list[MatchRecord]:
            out = []
            for row in c.execute("SELECT match_id, finished_at, opponent, names, preset, target, my_total,"
                                 " their_total, won, hands FROM matches ORDER BY finished_at DESC, rowid DESC"
                                 " LIMIT ?", (limit,)):
                try:
                    names = tuple(json.loads(row[3]))[:2]
                except ValueError:
                    names = ("", "")
                out.append(MatchRecord(row[0], row[1], row[2], names, row[4], row[5], row[6], row[7],
                                       bool(row[8]), row[9]))
            return out

        return self._run(query, [])


class SilentStats:
    """Statistics that record nothing and have nothing to show; no file is touched."""

    path: Path | None = None
    failed_writes = 0

    def record_hand(self, *args: Any, **kwargs: Any) -> None:
        """Nothing is recorded (nor by ``record_match`` and ``record_events``); nothing to reset or flush."""

    record_match = record_events = reset = flush = close = record_hand

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
