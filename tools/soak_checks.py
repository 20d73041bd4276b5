"""What the kill-and-resume soak checks in the data folder besides the save: the statistics and the
hand history agree, and a setting the screen showed is on disk.

The database is read from a copy (with its journal, which the copy's first open plays back as the
game's next start would).
"""
from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

STATS = "stats.sqlite3"


def digest(state) -> str:
    return hashlib.sha256(state.to_json().encode("utf-8")).hexdigest()[:16]


def on_disk(folder: Path) -> str:
    """What the folder's match file holds: ``none``, ``over:<id>``, ``live:<id>:<digest>`` or ``bad:<why>``."""
    from game.app.storage import MATCH_READ_LIMIT, read_limited, read_saved

    try:
        raw = read_limited(folder / "match.json", MATCH_READ_LIMIT)
    except Exception as e:
        return f"bad:{e}"
    if raw is None:
        return "none"
    try:
        saved = read_saved(raw)
    except Exception as e:
        return f"bad:{e}"
    if saved.over:
        return f"over:{saved.meta.match_id if saved.meta else '?'}"
    assert saved.state is not None and saved.meta is not None
    return f"live:{saved.meta.match_id}:{digest(saved.state)}"


def recorded_matches(folder: Path) -> set[str] | None:
    """The match ids in the statistics, read from a copy (with its journal, which the copy's first
    open plays back as the game's next start would); None when the database does not open cleanly."""
    import shutil
    import tempfile

    path = folder / "stats.sqlite3"
    if not path.exists():
        return set()
    with tempfile.TemporaryDirectory(prefix="gin-rummy-soak-stats-") as scratch:
        for extra in ("", "-journal", "-wal", "-shm"):
            if (folder / ("stats.sqlite3" + extra)).exists():
                shutil.copyfile(folder / ("stats.sqlite3" + extra), Path(scratch) / ("stats.sqlite3" + extra))
        try:
            conn = sqlite3.connect(Path(scratch) / "stats.sqlite3")
            try:
                if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    return None
                tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if "matches" not in tables:
                    return set()
                return {r[0] for r in conn.execute("SELECT match_id FROM matches")}
            finally:
                conn.close()
        except sqlite3.Error:
            return None


def _copy(folder: Path, scratch: Path) -> Path | None:
    if not (folder / STATS).exists():
        return None
    for extra in ("", "-journal", "-wal", "-shm"):
        if (folder / (STATS + extra)).exists():
            shutil.copyfile(folder / (STATS + extra), scratch / (STATS + extra))
    return scratch / STATS


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _history_hands(conn: sqlite3.Connection) -> set[tuple[str, int, str, int]]:
    from game.engine.record import HandRecord

    out = set()
    for match_id, hand_no, text in conn.execute(
            "SELECT h.match_id, h.hand_no, h.record FROM history_hands h JOIN history_matches m "
            "ON m.match_id = h.match_id WHERE h.complete = 1 AND m.practice = 0 AND m.imported = 0"):
        end = HandRecord.from_json(text).end
        out.add((match_id, hand_no, end.kind if end else "?", end.points if end else -1))
    return out


def mismatches(folder: Path) -> list[str]:
    """How the statistics and the history disagree: a hand in one and not the other (or ending
    differently), a match over in one and not the other.  Abandoned matches are over in the
    statistics only (the history lists them unfinished)."""
    with tempfile.TemporaryDirectory(prefix="gin-rummy-soak-records-") as scratch:
        path = _copy(folder, Path(scratch))
        if path is None:
            return []
        conn = sqlite3.connect(path)
        try:
            tables = _tables(conn)
            if not {"hands", "matches", "history_hands", "history_matches"} <= tables:
                return []
            practice = {r[0] for r in conn.execute("SELECT match_id FROM history_matches WHERE practice = 1")}
            stats_hands = {(m, n, k, p) for m, n, k, p in conn.execute(
                "SELECT match_id, hand_no, kind, points FROM hands") if m not in practice}
            history_hands = _history_hands(conn)
            stats_over = {r[0] for r in conn.execute("SELECT match_id FROM matches WHERE abandoned = 0")}
            history_over = {r[0] for r in conn.execute(
                "SELECT match_id FROM history_matches WHERE finished = 1 AND practice = 0 AND imported = 0")}
        finally:
            conn.close()
    problems = [f"hand {h[:2]} ({h[2]}, {h[3]}) only in the statistics" for h in sorted(stats_hands - history_hands)]
    problems += [f"hand {h[:2]} ({h[2]}, {h[3]}) only in the history" for h in sorted(history_hands - stats_hands)]
    problems += [f"match {m} over in the statistics only" for m in sorted(stats_over - history_over)]
    problems += [f"match {m} over in the history only" for m in sorted(history_over - stats_over)]
    return problems


def recorded_over(folder: Path) -> set[str]:
    """The matches the statistics hold as over (finished or abandoned)."""
    with tempfile.TemporaryDirectory(prefix="gin-rummy-soak-records-") as scratch:
        path = _copy(folder, Path(scratch))
        if path is None:
            return set()
        conn = sqlite3.connect(path)
        try:
            if "matches" not in _tables(conn):
                return set()
            return {r[0] for r in conn.execute("SELECT match_id FROM matches")}
        except sqlite3.Error:
            return set()
        finally:
            conn.close()


def volume_on_disk(folder: Path) -> float | None:
    try:
        return float(json.loads((folder / "settings.json").read_text(encoding="utf-8"))["volume"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def setting_lost(before: float | None, words: list[list[str]], after: float | None) -> str | None:
    """A volume the screen showed that the disk does not hold (nor a later one announced); None if kept."""
    shown = None
    later: set[float] = set()
    for w in words:
        if len(w) == 2 and w[0] == "setting":
            later.add(float(w[1]))
        elif len(w) == 2 and w[0] == "shown":
            shown = float(w[1])
            later = set()
    if shown is None:  # nothing shown in this run: the disk holds what it held, or a change in flight
        if before is None or after == before or after in later:  # (a first start writes its defaults)
            return None
        return f"the settings hold {after}, never shown (was {before})"
    if after == shown or after in later:
        return None
    return f"the screen showed volume {shown} but the settings hold {after}"
