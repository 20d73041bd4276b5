"""What the statistics keep: the two tables, their rows checked before they are trusted, and the
figures counted from them.

Everything is from one player's side: the human against a bot, this screen's seat online, seat 0 in hot-seat
(``MatchMeta.human_seat``), grouped by ``MatchMeta.opponent_key`` (a bot level, ``hotseat:<name>``, ``online:<name>``).
A row is counted only when every field has the type and range it was written with; ``stats.Stats``
keeps the file these rows live in.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any  # Any: for the Cell alias: a value as sqlite3 returns it

from game.app.config.vocab import LEVELS, MODES, RULE_NAMES
from game.app.matches.meta import MatchMeta
from game.engine import FinalScore, HandResult, MatchState, Rules
from game.engine.scoring import KINDS, MAX_HAND_POINTS

SCHEMA_VERSION = 2  # 2: matches.abandoned (a version-1 file is upgraded in place, its rows kept)
PRESETS = RULE_NAMES  # what a match's rules were called
TIME_RANGE = (0.0, 32503680000.0)  # 1970 to 3000: what every system can show as a date
MAX_DEADWOOD = 110  # eleven cards of ten
MAX_TARGET = 10_000
MAX_TOTAL = 10_000_000  # points with every bonus and doubling, far beyond any real match
MAX_HANDS = 100_001
MAX_TEXT = 200

SCHEMA = """
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



@dataclass(frozen=True)
class HandRow:
    rowid: int
    opponent: str
    kind: str
    me_knocked: int | None
    won: int | None
    points: int
    knocker_deadwood: int | None
    played_at: float


@dataclass(frozen=True)
class MatchRow:
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


HAND_COLUMNS = ("rowid, match_id, hand_no, opponent, preset, kind, me_knocked, won, points, knocker_deadwood,"
                 " defender_deadwood, sum_text, played_at")
MATCH_FIELDS = ("match_id, opponent, mode, names, preset, target, my_score, their_score, my_total, their_total,"
                 " won, hands, finished_at, abandoned")
MATCH_COLUMNS = "rowid, " + MATCH_FIELDS
MATCH_INSERT = f"INSERT OR IGNORE INTO matches ({MATCH_FIELDS}) VALUES ({','.join('?' * 14)})"
HAND_INSERT = "INSERT OR IGNORE INTO hands VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
# A hand played again after a resume (the save was a move behind) is kept as it ended this time, as the
# history keeps it.
HAND_REPLACE = HAND_INSERT.replace("OR IGNORE", "OR REPLACE")
# A version-1 file that cannot be upgraded (it takes no writes) is still read: its matches were all finished.
MATCH_COLUMNS_V1 = MATCH_COLUMNS.replace(", abandoned", ", 0")

Cell = Any  # Any: a value as sqlite3 returns it, checked here before it is used


def _text(x: object, most: int = MAX_TEXT) -> bool:
    return isinstance(x, str) and len(x) <= most


def _whole(x: object, low: int, high: int) -> bool:
    return type(x) is int and low <= x <= high


def _flag(x: object, optional: bool = False) -> bool:
    return (optional and x is None) or (type(x) is int and x in (0, 1))


def _when(x: object) -> bool:
    return (type(x) is int or type(x) is float) and isinstance(x, (int, float)) and math.isfinite(x) \
        and TIME_RANGE[0] <= x <= TIME_RANGE[1]


def _opponent(x: object) -> bool:
    return isinstance(x, str) and _text(x, 64) and (x in LEVELS or x.startswith(("hotseat:", "online:")))


def valid_hand(row: tuple[Cell, ...]) -> HandRow | None:
    """A ``hands`` row (in ``HAND_COLUMNS`` order) as checked values, or None when any of it is wrong."""
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
    return HandRow(rowid, opponent, kind, knocked, won, points, kdw, float(when))


def valid_match(row: tuple[Cell, ...]) -> MatchRow | None:
    """A ``matches`` row (in ``MATCH_COLUMNS`` order) as checked values, or None when any of it is wrong."""
    if len(row) != 15:
        return None
    (rowid, match_id, opponent, mode, names_text, preset, target, my_score, their_score, my_total, their_total,
     won, hands, when, abandoned) = row
    ok = (type(rowid) is int and _text(match_id, 64) and bool(match_id) and _opponent(opponent) and mode in MODES
          and _text(names_text, 400) and preset in PRESETS and _whole(target, 1, MAX_TARGET)
          and _whole(my_score, 0, MAX_TOTAL) and _whole(their_score, 0, MAX_TOTAL)
          and _whole(my_total, 0, MAX_TOTAL) and _whole(their_total, 0, MAX_TOTAL) and _flag(won)
          and _whole(hands, 1, MAX_HANDS) and _when(when) and _flag(abandoned) and not (abandoned and won)
          and (mode == "online") == str(opponent).startswith("online:"))  # a friend online is one only online
    if not ok:
        return None
    try:
        names = json.loads(names_text)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(names, list) and len(names) == 2 and all(_text(n, 64) for n in names)):
        return None
    return MatchRow(rowid, match_id, opponent, (names[0], names[1]), preset, target, my_total, their_total, won,
                  hands, float(when), abandoned)


def hand_row(meta: MatchMeta, rules: Rules, result: HandResult, when: float) -> tuple[object, ...]:
    me = meta.human_seat
    won = None if result.winner is None else int(result.winner == me)
    knocked = None if result.knocker is None else int(result.knocker == me)
    return (meta.match_id, result.hand_no, meta.opponent_key, rules.preset_name, result.kind, knocked, won,
            result.points, result.knocker_deadwood if result.knocker is not None else None,
            result.defender_deadwood if result.knocker is not None else None, result.sum_text, when)


def match_row(meta: MatchMeta, rules: Rules, final: FinalScore, hands: int, when: float,
               abandoned: bool = False) -> tuple[object, ...]:
    me = meta.human_seat
    names = [meta.names[me], meta.names[1 - me]]
    won = int(final.winner == me and not abandoned)
    return (meta.match_id, meta.opponent_key, meta.mode, json.dumps(names, ensure_ascii=False),
            rules.preset_name, rules.target, final.hand_points[me], final.hand_points[1 - me],
            final.totals[me], final.totals[1 - me], won, hands, when, int(abandoned))


def abandoned_final(state: MatchState, meta: MatchMeta) -> FinalScore:
    """The final score of a match left unfinished: the scores as they stand, lost by the player who left."""
    me = meta.human_seat
    scores = (int(state.scores[0]), int(state.scores[1]))
    return FinalScore(winner=1 - me, hand_points=scores, line_bonus=(0, 0), game_bonus=(0, 0), shutout=False,
                      totals=scores, margin=abs(scores[0] - scores[1]))


def figures(key: str, all_hands: list[HandRow], all_matches: list[MatchRow]) -> OpponentStats:
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


def _streak(results: list[int]) -> int:
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best
