"""An online match kept in the statistics and the history as a local one, on each side from its own seat.

A hand is kept once both sides have checked it, with its true cards (the table's state has stand-ins for the
friend's cards this side never saw), so its replay shows what really happened.  A match that stops early
(the friend left, the line lost, a cheat found) is kept as abandoned, with the reason, never as a result
nobody played out.  Each hand goes in one transaction; an online match is not resumed after the program ends.
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from game.app.matches.meta import MatchMeta
from game.app.records.history import HISTORY_KEEP, History, MatchEntry
from game.app.records.stats import SilentStats, Stats
from game.app.records.stats_rows import abandoned_final
from game.engine import IN_PLAY, HandResult, MatchState, Phase
from game.engine.record import HandRecord
from game.net.session_view import SessionView

ENDS = ("CREATE TABLE IF NOT EXISTS online_ends (match_id TEXT PRIMARY KEY, reason TEXT NOT NULL, "
        "ended_at REAL NOT NULL)")
REASON_MAX = 64


def end_reason(stats: Stats | SilentStats, match_id: str) -> str | None:
    """Why an online match stopped before its end (a notice word such as ``left``), or None."""
    if not isinstance(stats, Stats):
        return None

    def read(conn: sqlite3.Connection) -> str | None:
        try:
            row = conn.execute("SELECT reason FROM online_ends WHERE match_id = ?", (match_id,)).fetchone()
        except sqlite3.OperationalError:  # no online match has ended early here
            return None
        return str(row[0]) if row is not None else None

    return stats.use(read)


class OnlineRecorder:
    """Told each hand checked by both (``hand_checked``) and the early end (``ended``) by the online table."""

    def __init__(self, history: History, stats: Stats | SilentStats, meta: MatchMeta, session: SessionView, *,
                 keep: int = HISTORY_KEEP, clock: Callable[[], float] = time.time) -> None:
        self.history, self.stats, self.meta, self.session, self.clock = history, stats, meta, session, clock
        self.kept: set[int] = set()  # the hands kept, by number
        self.last: HandRecord | None = None
        self.over = False  # the match is in the records as finished or abandoned
        self.standing: MatchState | None = None  # the match after its last checked hand (the next deal has none yet)
        rules = session.rules
        assert rules is not None, "a session is recorded once its match is agreed"
        self.rules = rules
        now = clock()
        history.begin_match(MatchEntry(
            match_id=meta.match_id, started_at=now, updated_at=now, mode="online", opponent="online",
            names=(meta.names[0], meta.names[1]), seat=meta.human_seat, preset=rules.preset_name, target=rules.target,
            scores=(0, 0), hands=0, finished=False, winner=None), keep)

    def hand_checked(self) -> None:
        """Keep the hand both sides have just checked, and the match when it was the last."""
        record, result, state = self.session.true_hand(), self._result(), self.session.state
        if record is None or result is None or state is None or record.hand_no in self.kept:
            return  # a hand checked after an early end is kept all the same: it was played to its end
        self.kept.add(record.hand_no)
        self.last, self.standing = record, state.copy()
        scores, now = (state.scores[0], state.scores[1]), self.clock()
        with self.stats.batch():
            self.history.save_hand(self.meta.match_id, record, scores, when=now)
            self.stats.record_hand(self.meta, self.rules, result, when=now)
            if state.phase is Phase.MATCH_OVER and state.final is not None and not self.over:
                self.over = True
                self.history.end_match(self.meta.match_id, scores, state.final.winner, when=now)
                self.stats.record_match(self.meta, self.rules, state.final, record.hand_no + 1, when=now)

    def _result(self) -> HandResult | None:
        ref = self.session.referee
        return None if ref is None else ref.result

    def ended(self, reason: str) -> None:
        """The match stopped before its end: abandoned, with why, and lost by nobody's play."""
        state = self.session.state or self.standing
        if self.over or state is None:
            return
        self.over = True
        hands = max(1, len(self.kept) + (1 if state.phase in IN_PLAY else 0))
        now, why = self.clock(), reason[:REASON_MAX]
        with self.stats.batch():
            self.stats.record_match(self.meta, self.rules, abandoned_final(state, self.meta), hands,
                                    when=now, abandoned=True)
            if isinstance(self.stats, Stats):
                self.stats.use(lambda conn: _keep_end(conn, self.meta.match_id, why, now), write=True)


def _keep_end(conn: sqlite3.Connection, match_id: str, reason: str, when: float) -> None:
    conn.execute(ENDS)
    conn.execute("INSERT OR REPLACE INTO online_ends VALUES (?,?,?)", (match_id, reason, when))
