"""The statistics' figures kept by the database itself, one row per opponent, so the first Statistics
after a start reads a few rows instead of a hundred thousand.

Triggers keep the table in the same transaction as the rows they count: a hand or match that passes
its check (``stats_sql.HAND_OK``, ``match_ok``) adds to its opponent's counts, runs and best hand.  A
row that arrives out of time order, and any row deleted or changed, marks its opponent stale: a stale
opponent is counted from the rows (``stats_sql.figures``, exactly as before) and its kept row made
again on the writer thread (``refresh``).  A file that takes no writes, or whose kept rows are not
there yet, is counted from the rows.  Kept rows that fail their own check count as stale.
"""
from __future__ import annotations

import re
import sqlite3

from game.app.records import stats_sql
from game.app.records.stats_rows import HAND_COLUMNS, MATCH_COLUMNS, OpponentStats

_HAND_COLS = ("match_id", "hand_no", "opponent", "preset", "kind", "me_knocked", "won", "points",
              "knocker_deadwood", "defender_deadwood", "sum_text", "played_at")
_MATCH_COLS = ("match_id", "opponent", "mode", "names", "preset", "target", "my_score", "their_score", "my_total",
               "their_total", "won", "hands", "finished_at", "abandoned")
_COUNTS = ("matches_played", "matches_won", "match_run", "match_longest", "hands_played", "hands_won", "gins",
           "big_gins", "undercuts_given", "undercuts_suffered", "knocks", "knock_deadwood", "hand_run",
           "hand_longest")

TABLE = ("CREATE TABLE IF NOT EXISTS figures_kept (opponent TEXT PRIMARY KEY, stale INTEGER NOT NULL DEFAULT 0, "
         + ", ".join(f"{c} INTEGER NOT NULL DEFAULT 0" for c in _COUNTS)
         + ", match_last REAL, hand_last REAL, best_points INTEGER NOT NULL DEFAULT -1, best_kind TEXT)")
INFO = "CREATE TABLE IF NOT EXISTS figures_info (key TEXT PRIMARY KEY, value TEXT NOT NULL)"


def _on_new(condition: str, columns: tuple[str, ...]) -> str:
    """``condition`` asked of the row being inserted: each column named outside quotes becomes ``NEW.col``."""
    names = re.compile(r"\b(" + "|".join(columns) + r")\b")
    parts = re.split(r"('(?:[^']|'')*')", condition)
    return "".join(p if i % 2 else names.sub(r"NEW.\1", p) for i, p in enumerate(parts))


_HAND_RUN = "CASE WHEN NEW.won IS NULL THEN hand_run WHEN NEW.won = 1 THEN hand_run + 1 ELSE 0 END"
_BETTER = "(NEW.won = 1 AND NEW.points > best_points)"
_MATCH_RUN = "CASE WHEN NEW.won = 1 THEN match_run + 1 ELSE 0 END"


def _triggers(abandoned: str) -> tuple[str, ...]:
    hand_ok = _on_new(stats_sql.HAND_OK, _HAND_COLS)
    match_ok = _on_new(stats_sql.match_ok(abandoned), _MATCH_COLS)
    stale = "UPDATE figures_kept SET stale = 1 WHERE opponent = {}.opponent;"
    # never a conflict inside a trigger: the outer statement's OR REPLACE would rule it and reset the row
    new_row = ("INSERT INTO figures_kept (opponent, stale) SELECT NEW.opponent, {} "
               "WHERE NOT EXISTS (SELECT 1 FROM figures_kept WHERE opponent = NEW.opponent);")
    same = {"hands": "match_id = NEW.match_id AND hand_no = NEW.hand_no", "matches": "match_id = NEW.match_id"}
    return (
        f"""CREATE TRIGGER IF NOT EXISTS figures_hand AFTER INSERT ON hands WHEN {hand_ok} BEGIN
            {new_row.format(0)}
            UPDATE figures_kept SET stale = stale OR coalesce(NEW.played_at <= hand_last, 0),
                hands_played = hands_played + 1, hands_won = hands_won + coalesce(NEW.won = 1, 0),
                gins = gins + coalesce(NEW.won = 1 AND NEW.kind = 'gin', 0),
                big_gins = big_gins + coalesce(NEW.won = 1 AND NEW.kind = 'big_gin', 0),
                undercuts_given = undercuts_given + coalesce(NEW.won = 1 AND NEW.kind = 'undercut', 0),
                undercuts_suffered = undercuts_suffered + coalesce(NEW.won = 0 AND NEW.kind = 'undercut', 0),
                knocks = knocks + coalesce(NEW.me_knocked = 1 AND NEW.knocker_deadwood IS NOT NULL, 0),
                knock_deadwood = knock_deadwood
                    + CASE WHEN NEW.me_knocked = 1 THEN coalesce(NEW.knocker_deadwood, 0) ELSE 0 END,
                hand_run = {_HAND_RUN}, hand_longest = max(hand_longest, {_HAND_RUN}),
                hand_last = max(coalesce(hand_last, NEW.played_at), NEW.played_at),
                best_kind = CASE WHEN {_BETTER} THEN NEW.kind ELSE best_kind END,
                best_points = CASE WHEN {_BETTER} THEN NEW.points ELSE best_points END
            WHERE opponent = NEW.opponent;
        END""",
        f"""CREATE TRIGGER IF NOT EXISTS figures_match AFTER INSERT ON matches WHEN {match_ok} BEGIN
            {new_row.format(0)}
            UPDATE figures_kept SET stale = stale OR coalesce(NEW.finished_at <= match_last, 0),
                matches_played = matches_played + 1, matches_won = matches_won + NEW.won,
                match_run = {_MATCH_RUN}, match_longest = max(match_longest, {_MATCH_RUN}),
                match_last = max(coalesce(match_last, NEW.finished_at), NEW.finished_at)
            WHERE opponent = NEW.opponent;
        END""",
        *(f"CREATE TRIGGER IF NOT EXISTS figures_{table}_{what} AFTER {what.upper()} ON {table} BEGIN "
          f"{stale.format('OLD')} END" for table in ("hands", "matches") for what in ("delete", "update")),
        *(f"CREATE TRIGGER IF NOT EXISTS figures_{table}_moved AFTER UPDATE ON {table} BEGIN "
          f"{new_row.format(1)} {stale.format('NEW')} END" for table in ("hands", "matches")),
        *(f"CREATE TRIGGER IF NOT EXISTS figures_{table}_replaced BEFORE INSERT ON {table} "  # OR REPLACE's delete
          f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {same[table]}) BEGIN "
          f"UPDATE figures_kept SET stale = 1 WHERE opponent IN (SELECT opponent FROM {table} WHERE {same[table]}) "
          f"OR opponent = NEW.opponent; END" for table in ("hands", "matches")),
    )


def install(conn: sqlite3.Connection, abandoned: str) -> bool:
    """The kept table and its triggers (in a file that takes writes); False when they cannot be made."""
    if abandoned != "abandoned":  # a version-1 file read as it is: counted from the rows
        return False
    try:
        for statement in (TABLE, INFO, *_triggers(abandoned)):  # each made once: a kill between is made up next time
            conn.execute(statement)
    except sqlite3.Error:
        return False
    return True


def remake(conn: sqlite3.Connection, abandoned: str, checked: bool) -> None:
    """The kept table, its triggers and every kept row made anew from the rows (after the start's sweep)."""
    if not install(conn, abandoned):
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            refresh(conn, abandoned, checked, everyone=True)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error:
        pass  # counted from the rows until the next start


def complete(conn: sqlite3.Connection) -> bool:
    """Whether every opponent's kept row is there (made since the last ``refresh`` of the whole file)."""
    try:
        row = conn.execute("SELECT value FROM figures_info WHERE key = 'complete'").fetchone()
    except sqlite3.Error:
        return False
    return row is not None and row[0] == "1"


def _kept(row: tuple[object, ...]) -> tuple[str, OpponentStats] | None:
    """A kept row as the screen's line, or None when it is stale or fails its check."""
    key, stale, *counts = row[:2 + len(_COUNTS)]
    best_points, best_kind = row[-2], row[-1]
    v = {name: c for name, c in zip(_COUNTS, counts, strict=True) if type(c) is int and c >= 0}
    if stale != 0 or not isinstance(key, str) or len(v) != len(_COUNTS):
        return None
    if type(best_points) is not int or (best_points >= 0) != isinstance(best_kind, str):
        return None
    knocks, dead = v["knocks"], v["knock_deadwood"]
    return key, OpponentStats(
        opponent=key, matches_played=v["matches_played"], matches_won=v["matches_won"],
        hands_played=v["hands_played"], hands_won=v["hands_won"], gins=v["gins"], big_gins=v["big_gins"],
        undercuts_given=v["undercuts_given"], undercuts_suffered=v["undercuts_suffered"],
        average_knock_deadwood=round(dead / knocks, 1) if knocks else None,
        best_hand_points=max(best_points, 0), best_hand_kind=best_kind if isinstance(best_kind, str) else None,
        longest_win_streak=v["match_longest"], longest_hand_streak=v["hand_longest"])


def figures(conn: sqlite3.Connection, abandoned: str, key: str | None = None,
            checked: bool = False) -> tuple[dict[str, OpponentStats], bool]:
    """Every opponent's line (or ``key``'s), from the kept rows where they are good, else from the rows;
    and whether some kept row needs a ``refresh``."""
    if not complete(conn):
        return stats_sql.figures(conn, abandoned, key, checked), False
    conn.execute(f"SELECT {HAND_COLUMNS} FROM hands LIMIT 0")  # the rows' tables as they should be, or the
    conn.execute(f"SELECT {MATCH_COLUMNS} FROM matches LIMIT 0")  # error that replaces a damaged file
    only, args = ("WHERE opponent = ?", (key,)) if key is not None else ("", ())
    columns = ", ".join(("opponent", "stale", *_COUNTS, "best_points", "best_kind"))
    out: dict[str, OpponentStats] = {}
    stale: list[str] = []
    for row in conn.execute(f"SELECT {columns} FROM figures_kept {only}", args):
        kept = _kept(tuple(row))
        if kept is None:
            stale.append(str(row[0]))
        elif kept[1].matches_played or kept[1].hands_played:
            out[kept[0]] = kept[1]
    for k in stale:
        out.update(stats_sql.figures(conn, abandoned, k, checked))
    return out, bool(stale)


def _tail_run(conn: sqlite3.Connection, sql_ok: str, table: str, when: str, opponent: str) -> tuple[int, object]:
    """The run of wins at the end of an opponent's rows in time order, and the time of the last row."""
    last_loss = (f"(SELECT MAX({when}) FROM {table} WHERE opponent = ?1 AND {sql_ok} AND won = 0)")
    run = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE opponent = ?1 AND {sql_ok} AND won = 1 "
                       f"AND {when} >= coalesce({last_loss}, -1e300)", (opponent,)).fetchone()[0]
    last = conn.execute(f"SELECT MAX({when}) FROM {table} WHERE opponent = ?1 AND {sql_ok}", (opponent,)).fetchone()[0]
    return int(run), last


def refresh(conn: sqlite3.Connection, abandoned: str, checked: bool, everyone: bool = False) -> None:
    """Make the stale kept rows (``everyone``: all of them, and the table is complete) again from the
    rows; call it inside a transaction."""
    h_ok = "1" if checked else stats_sql.HAND_OK
    m_ok = "1" if checked else stats_sql.match_ok(abandoned)
    if everyone:
        conn.execute("DELETE FROM figures_kept")
        keys = [r[0] for r in conn.execute(f"SELECT DISTINCT opponent FROM hands WHERE {h_ok} UNION "
                                           f"SELECT DISTINCT opponent FROM matches WHERE {m_ok}")]
    else:
        keys = [r[0] for r in conn.execute("SELECT opponent FROM figures_kept WHERE stale != 0")]
    for k in keys:
        _write_row(conn, k, stats_sql.figures(conn, abandoned, k, checked).get(k), h_ok, m_ok)
    if everyone:
        conn.execute("INSERT OR REPLACE INTO figures_info VALUES ('complete', '1')")


def _write_row(conn: sqlite3.Connection, key: object, line: OpponentStats | None, h_ok: str, m_ok: str) -> None:
    conn.execute("DELETE FROM figures_kept WHERE opponent = ?", (key,))
    if line is None or not isinstance(key, str):
        return
    hand_run, hand_last = _tail_run(conn, h_ok, "hands", "played_at", key)
    match_run, match_last = _tail_run(conn, m_ok, "matches", "finished_at", key)
    knocks, dead = conn.execute(
        f"SELECT COUNT(knocker_deadwood), coalesce(SUM(knocker_deadwood), 0) FROM hands "
        f"WHERE opponent = ? AND {h_ok} AND me_knocked = 1", (key,)).fetchone()
    best = (line.best_hand_points, line.best_hand_kind) if line.best_hand_kind is not None else (-1, None)
    conn.execute(
        "INSERT INTO figures_kept (opponent, stale, matches_played, matches_won, match_run, match_longest, "
        "hands_played, hands_won, gins, big_gins, undercuts_given, undercuts_suffered, knocks, knock_deadwood, "
        "hand_run, hand_longest, match_last, hand_last, best_points, best_kind) "
        "VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (key, line.matches_played, line.matches_won, match_run, line.longest_win_streak, line.hands_played,
         line.hands_won, line.gins, line.big_gins, line.undercuts_given, line.undercuts_suffered, int(knocks),
         int(dead), hand_run, line.longest_hand_streak, match_last, hand_last, *best))
