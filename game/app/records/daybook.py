"""The deal of the day, day by day: the best result of each day played, the streak, a month's calendar.

Kept in ``ways.json`` (``playways``) as a list of small entries, one a day, the newest ``DAYS_KEEP``
(more than two years, so a year back is always there).  Days are UTC days, as the deal of the day is.
A streak is days played in a row: a missed day breaks it, and today not yet played keeps yesterday's.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TypedDict

from game.engine.daily import DailyResult

DAYS_KEEP = 800
MAX_SCORE = 10_000_000


class DayEntry(TypedDict):
    day: str
    won: bool
    scores: list[int]  # the player's, the computer's
    level: str
    hands: int


def entry_of(result: DailyResult) -> DayEntry:
    return {"day": result.day, "won": bool(result.won), "scores": [int(result.scores[0]), int(result.scores[1])],
            "level": str(result.level), "hands": int(result.hands)}


def _rank(e: DayEntry) -> tuple[bool, int, int]:
    """A win first, then the larger margin, then fewer hands (as ``daily.better``)."""
    return e["won"], e["scores"][0] - e["scores"][1], -e["hands"]


def checked(found: object) -> DayEntry | None:
    """An entry as read from the file, or None when any field is not what it was written as."""
    if not isinstance(found, dict):
        return None
    day, won, scores, level, hands = (found.get(k) for k in ("day", "won", "scores", "level", "hands"))
    try:
        datetime.date.fromisoformat(str(day))
    except ValueError:
        return None
    if not (isinstance(day, str) and len(day) == 10 and type(won) is bool and isinstance(level, str)
            and len(level) <= 16 and type(hands) is int and 0 <= hands <= 100_000 and isinstance(scores, list)
            and len(scores) == 2 and all(type(s) is int and 0 <= s <= MAX_SCORE for s in scores)):
        return None
    return {"day": day, "won": won, "scores": list(scores), "level": level, "hands": hands}


def read(found: object) -> list[DayEntry]:
    """The kept days, one entry a day in order; damaged entries are left out."""
    days: dict[str, DayEntry] = {}
    for raw in found if isinstance(found, list) else []:
        e = checked(raw)
        if e is not None and (e["day"] not in days or _rank(e) > _rank(days[e["day"]])):
            days[e["day"]] = e
    return [days[d] for d in sorted(days)][-DAYS_KEEP:]


def add(days: list[DayEntry], result: DailyResult) -> list[DayEntry]:
    """The days with ``result`` in its day's place when it is that day's best."""
    new = entry_of(result)
    kept = {e["day"]: e for e in days}
    old = kept.get(new["day"])
    if old is None or _rank(new) > _rank(old):
        kept[new["day"]] = new
    return [kept[d] for d in sorted(kept)][-DAYS_KEEP:]


@dataclass(frozen=True)
class Streak:
    current: int  # days played in a row up to today (or yesterday, while today is still to play)
    longest: int
    played: int
    won: int


def streak(days: list[DayEntry], today: str) -> Streak:
    """The streak of days played in a row, as of ``today`` (a day in the future of the entries is ignored)."""
    dates = sorted({datetime.date.fromisoformat(e["day"]) for e in days if e["day"] <= today})
    longest = run = 0
    last: datetime.date | None = None
    for d in dates:
        run = run + 1 if last is not None and (d - last).days == 1 else 1
        longest = max(longest, run)
        last = d
    now = datetime.date.fromisoformat(today)
    current = run if last is not None and (now - last).days <= 1 else 0
    won = sum(1 for e in days if e["won"] and e["day"] <= today)
    return Streak(current, longest, len(dates), won)


def month_weeks(first: datetime.date, length: int, first_weekday: int = 0) -> list[list[datetime.date | None]]:
    """A month of ``length`` days from ``first`` as weeks of seven (None outside the month), each week
    starting on ``first_weekday`` (0 Monday ... 6 Sunday; 5, Saturday, on a Persian screen); any
    calendar's month fits, the Jalali one too."""
    lead = (first.weekday() - first_weekday) % 7
    cells: list[datetime.date | None] = [None] * lead
    cells += [first + datetime.timedelta(days=n) for n in range(length)]
    cells += [None] * (-len(cells) % 7)
    return [cells[i:i + 7] for i in range(0, len(cells), 7)]


def by_day(days: list[DayEntry]) -> dict[str, DayEntry]:
    return {e["day"]: e for e in days}
