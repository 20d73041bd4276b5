"""The statistics' story: figures by rule set, and the win rate and points per hand over time.

Both come from the ``matches`` rows, counted by SQLite (a match row holds its rule set, its hands and
the points its hands earned), so the screen never reads the hands however many were played.  Over
time, SQLite sums each quarter hour, put into local days here; the days go into weeks or months (of
the screen's calendar: the Jalali one on a Persian screen), weeks while the span fits in half a year.
"""
from __future__ import annotations

import datetime
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from game.app.lang import jalali
from game.app.records.stats_sql import match_ok

QUARTER = 900  # seconds
WEEKS_SPAN = 182  # days: a longer span is shown by months
MOST_BUCKETS = 36  # the last three years of months at most


@dataclass(frozen=True)
class Tally:
    """Matches played and won, the hands they took and the points those hands earned the player."""

    played: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.played + other.played, self.won + other.won, self.hands + other.hands,
                     self.points + other.points)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


@dataclass(frozen=True)
class RuleSetLine:
    preset: str
    target: int
    tally: Tally


@dataclass(frozen=True)
class Bucket:
    start: datetime.date  # the first day of the week or month (Gregorian), as the chart labels it
    tally: Tally


def by_rules(conn: sqlite3.Connection, abandoned: str, checked: bool = False) -> list[RuleSetLine]:
    """One line per rule set (preset and target) played, the most played first."""
    ok = "1" if checked else match_ok(abandoned)
    rows = conn.execute(f"""SELECT preset, target, COUNT(*), SUM(won), SUM(hands), SUM(my_score) FROM matches
                            WHERE {ok} GROUP BY preset, target ORDER BY COUNT(*) DESC, preset, target""")
    return [RuleSetLine(str(p), int(t), Tally(int(n), int(w or 0), int(h or 0), int(s or 0)))
            for p, t, n, w, h, s in rows]


def by_day(conn: sqlite3.Connection, abandoned: str, checked: bool = False) -> dict[datetime.date, Tally]:
    """Each local day's matches: SQLite sums each quarter hour (every time zone's offset is whole
    quarters), the quarters are put into their local days here, far faster than a date per row."""
    ok = "1" if checked else match_ok(abandoned)
    rows = conn.execute(f"""SELECT CAST(finished_at / {QUARTER} AS INTEGER) AS q, COUNT(*), SUM(won), SUM(hands),
                            SUM(my_score) FROM matches WHERE {ok} GROUP BY q""")
    sums: dict[tuple[int, int, int], list[int]] = {}
    for q, n, w, h, s in rows:
        try:
            day = time.localtime(int(q) * QUARTER)[:3]
        except (ValueError, OverflowError, OSError):  # a moment the system cannot name: left out
            continue
        got = sums.get(day)
        if got is None:
            sums[day] = [n, w or 0, h or 0, s or 0]
        else:
            got[0] += n
            got[1] += w or 0
            got[2] += h or 0
            got[3] += s or 0
    return {datetime.date(*day): Tally(*(int(v) for v in got)) for day, got in sums.items()}


def month_start(day: datetime.date, persian: bool) -> datetime.date:
    """The first day of ``day``'s month, in the Jalali calendar on a Persian screen."""
    if persian and jalali.FIRST_YEAR + 1 <= day.year - 621 <= jalali.LAST_YEAR - 1:
        year, month, _ = jalali.from_gregorian(day)
        return jalali.to_gregorian(year, month, 1)
    return day.replace(day=1)


def week_start(day: datetime.date, persian: bool) -> datetime.date:
    """The first day of ``day``'s week: Monday, or Saturday on a Persian screen."""
    first = 5 if persian else 0
    return day - datetime.timedelta(days=(day.weekday() - first) % 7)


def buckets(days: dict[datetime.date, Tally], persian: bool = False) -> tuple[str, list[Bucket]]:
    """("week" or "month", the buckets in time order, empty ones between included), the last
    ``MOST_BUCKETS`` of them."""
    if not days:
        return "week", []
    first, last = min(days), max(days)
    unit = "week" if (last - first).days <= WEEKS_SPAN else "month"
    start = week_start if unit == "week" else month_start
    sums: dict[datetime.date, Tally] = {}
    for d, t in days.items():
        key = start(d, persian)
        sums[key] = sums.get(key, Tally()) + t
    out: list[Bucket] = []
    at = start(first, persian)
    while at <= last:
        out.append(Bucket(at, sums.get(at, Tally())))
        at = start(at + datetime.timedelta(days=7 if unit == "week" else 32), persian)
    return unit, out[-MOST_BUCKETS:]


def total(lines: Iterable[RuleSetLine]) -> Tally:
    out = Tally()
    for line in lines:
        out = out + line.tally
    return out
