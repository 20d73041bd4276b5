"""The statistics' figures counted by SQLite itself, so the Statistics screen opens as fast with a
hundred thousand hands as with ten: the same checks as ``stats_rows.valid_hand`` and ``valid_match``
as SQL conditions, the counts and the best hand by aggregates, the streaks by window functions.

A row that fails its check is never counted (the sweep takes such rows out of the file; one that
cannot be taken out is still left out here).
"""
from __future__ import annotations

import sqlite3

from game.app.config.vocab import LEVELS
from game.app.records.stats_rows import (
    KINDS,
    MAX_DEADWOOD,
    MAX_HANDS,
    MAX_TARGET,
    MAX_TEXT,
    MAX_TOTAL,
    MODES,
    PRESETS,
    TIME_RANGE,
    MatchRecord,
    OpponentStats,
)
from game.engine.scoring import MAX_HAND_POINTS


def _words(values: tuple[str, ...]) -> str:
    return "(" + ",".join("'" + v.replace("'", "''") + "'" for v in values) + ")"


def _int(col: str, low: int, high: int, optional: bool = False) -> str:
    check = f"(typeof({col}) = 'integer' AND {col} BETWEEN {low} AND {high})"
    return f"({col} IS NULL OR {check})" if optional else check


def _text(col: str, most: int) -> str:
    return f"(typeof({col}) = 'text' AND length({col}) <= {most})"


_OPPONENT = (f"({_text('opponent', 64)} AND (opponent IN {_words(tuple(LEVELS))} "
             "OR substr(opponent, 1, 8) = 'hotseat:' OR substr(opponent, 1, 7) = 'online:'))")


def _when(col: str) -> str:
    return f"(typeof({col}) IN ('integer', 'real') AND {col} BETWEEN {TIME_RANGE[0]} AND {TIME_RANGE[1]})"


HAND_OK = " AND ".join((
    _text("match_id", 64), "length(match_id) > 0", _int("hand_no", 0, MAX_HANDS), _OPPONENT,
    f"preset IN {_words(PRESETS)}", f"kind IN {_words(KINDS)}", _int("me_knocked", 0, 1, True),
    _int("won", 0, 1, True), _int("points", 0, MAX_HAND_POINTS), _int("knocker_deadwood", 0, MAX_DEADWOOD, True),
    _int("defender_deadwood", 0, MAX_DEADWOOD, True), _text("sum_text", MAX_TEXT), _when("played_at")))
"""A ``hands`` row ``stats_rows.valid_hand`` accepts."""

_NAMES = ("(json_valid(names) AND json_type(names) = 'array' AND json_array_length(names) = 2 "
          "AND json_type(names, '$[0]') = 'text' AND json_type(names, '$[1]') = 'text' "
          "AND length(json_extract(names, '$[0]')) <= 64 AND length(json_extract(names, '$[1]')) <= 64)")


def match_ok(abandoned: str = "abandoned") -> str:
    """A ``matches`` row ``stats_rows.valid_match`` accepts (``abandoned``: the column, or ``0`` in an old file)."""
    return " AND ".join((
        _text("match_id", 64), "length(match_id) > 0", _OPPONENT, f"mode IN {_words(MODES)}", _text("names", 400),
        f"preset IN {_words(PRESETS)}", _int("target", 1, MAX_TARGET), _int("my_score", 0, MAX_TOTAL),
        _int("their_score", 0, MAX_TOTAL), _int("my_total", 0, MAX_TOTAL), _int("their_total", 0, MAX_TOTAL),
        _int("won", 0, 1), _int("hands", 1, MAX_HANDS), _when("finished_at"), _int(abandoned, 0, 1),
        f"NOT ({abandoned} = 1 AND won = 1)", "((mode = 'online') = (substr(opponent, 1, 7) = 'online:'))", _NAMES))


INDEXES = ("CREATE INDEX IF NOT EXISTS hands_in_order ON hands (opponent, played_at, won, points, kind)",
           "CREATE INDEX IF NOT EXISTS matches_in_order ON matches (opponent, finished_at, won)")
"""Read in order straight from these: the streaks and the best hand need no sort and no row of the table."""


def _runs(rows: object) -> tuple[dict[str, int], dict[str, tuple[int, str]]]:
    """Per opponent, the longest run of won rows and the best won hand (most points, the earliest of
    equals), from ``(opponent, won, points, kind)`` rows in time order (``won`` NULL: skipped)."""
    longest: dict[str, int] = {}
    run: dict[str, int] = {}
    best: dict[str, tuple[int, str]] = {}
    for key, won, points, kind in rows:  # type: ignore[attr-defined]
        if won is None:
            continue
        n = run.get(key, 0) + 1 if won == 1 else 0
        run[key] = n
        if n > longest.get(key, 0):
            longest[key] = n
        if won == 1 and points is not None and points > best.get(key, (-1, ""))[0]:
            best[key] = (points, kind)
    return longest, best


def figures(conn: sqlite3.Connection, abandoned: str, key: str | None = None,
            checked: bool = False) -> dict[str, OpponentStats]:
    """Every opponent's line (or ``key``'s alone), counted in the database.  ``checked``: every row was
    checked already (the sweep took the bad ones out), so the conditions need not be asked again."""
    only, args = ("AND opponent = ?", (key,)) if key is not None else ("", ())
    h_ok = "1" if checked else HAND_OK
    m_ok = "1" if checked else match_ok(abandoned)
    out: dict[str, dict[str, object]] = {}
    for k, played, won in conn.execute(
            f"SELECT opponent, COUNT(*), SUM(won) FROM matches WHERE {m_ok} {only} GROUP BY opponent", args):
        out.setdefault(str(k), {}).update(matches_played=int(played), matches_won=int(won or 0))
    for row in conn.execute(f"""
            SELECT opponent, COUNT(*), SUM(won = 1), SUM(won = 1 AND kind = 'gin'), SUM(won = 1 AND kind = 'big_gin'),
                   SUM(won = 1 AND kind = 'undercut'), SUM(won = 0 AND kind = 'undercut'),
                   AVG(CASE WHEN me_knocked = 1 THEN knocker_deadwood END)
            FROM hands WHERE {h_ok} {only} GROUP BY opponent""", args):
        k, hands, won, gins, big, given, suffered, average = row
        out.setdefault(str(k), {}).update(
            hands_played=int(hands), hands_won=int(won or 0), gins=int(gins or 0), big_gins=int(big or 0),
            undercuts_given=int(given or 0), undercuts_suffered=int(suffered or 0),
            average_knock_deadwood=None if average is None else round(float(average), 1))
    streaks, best = _runs(conn.execute(
        f"SELECT opponent, won, points, kind FROM hands WHERE {h_ok} {only} ORDER BY opponent, played_at", args))
    for k, (points, kind) in best.items():
        out.setdefault(k, {}).update(best_hand_points=int(points), best_hand_kind=str(kind))
    for k, n in streaks.items():
        out.setdefault(k, {})["longest_hand_streak"] = n
    wins, _ = _runs(conn.execute(
        f"SELECT opponent, won, 0, '' FROM matches WHERE {m_ok} {only} ORDER BY opponent, finished_at", args))
    for k, n in wins.items():
        out.setdefault(k, {})["longest_win_streak"] = n
    return {k: OpponentStats(opponent=k, **v) for k, v in out.items()}  # type: ignore[arg-type]


def recent(conn: sqlite3.Connection, abandoned: str, limit: int) -> list[MatchRecord]:
    """The last finished matches, newest first (the index on ``finished_at`` reads only these)."""
    rows = conn.execute(f"""
        SELECT match_id, finished_at, opponent, names, preset, target, my_total, their_total, won, hands, {abandoned}
        FROM matches WHERE {match_ok(abandoned)} ORDER BY finished_at DESC, rowid DESC LIMIT ?""", (max(0, limit),))
    out = []
    for (match_id, when, opponent, names, preset, target, mine, theirs, won, hands, left) in rows:
        first, second = _names(names)
        out.append(MatchRecord(str(match_id), float(when), str(opponent), (first, second), str(preset), int(target),
                               int(mine), int(theirs), bool(won), int(hands), bool(left)))
    return out


def _names(text: str) -> tuple[str, str]:
    import json

    names = json.loads(text)
    return str(names[0]), str(names[1])
