"""The Solar Hijri (Jalali) calendar for Persian dates: a pure conversion from the Gregorian calendar.

The year starts at Nowruz; the first six months have 31 days, the next five 30, the last (Esfand) 29,
or 30 in a leap year.  Leap years follow the 33-year arithmetic cycle, which agrees with the official
calendar for the years 1210 to 1630 (1831 to 2251 of the Gregorian calendar); outside them the
conversion refuses rather than guess.
"""
from __future__ import annotations

import datetime as _dt

MONTHS = ("فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور",
          "مهر", "آبان", "آذر", "دی", "بهمن", "اسفند")
FIRST_YEAR, LAST_YEAR = 1210, 1630
_LEAP_IN_CYCLE = frozenset({1, 5, 9, 13, 17, 22, 26, 30})
_ANCHOR_YEAR = 1403
_ANCHOR = _dt.date(2024, 3, 20)  # 1 Farvardin 1403


def is_leap(year: int) -> bool:
    """Whether the Jalali ``year`` has 366 days (a 30th of Esfand)."""
    return year % 33 in _LEAP_IN_CYCLE


def year_length(year: int) -> int:
    return 366 if is_leap(year) else 365


def month_length(year: int, month: int) -> int:
    if not 1 <= month <= 12:
        raise ValueError(f"no month {month}")
    if month <= 6:
        return 31
    if month <= 11:
        return 30
    return 30 if is_leap(year) else 29


def nowruz(year: int) -> _dt.date:
    """The Gregorian date of 1 Farvardin of the Jalali ``year``."""
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(f"the year {year} is outside {FIRST_YEAR}-{LAST_YEAR}")
    days = 0
    if year >= _ANCHOR_YEAR:
        days = sum(year_length(y) for y in range(_ANCHOR_YEAR, year))
    else:
        days = -sum(year_length(y) for y in range(year, _ANCHOR_YEAR))
    return _ANCHOR + _dt.timedelta(days=days)


def from_gregorian(date: _dt.date) -> tuple[int, int, int]:
    """(year, month, day) in the Jalali calendar for a Gregorian ``date``."""
    year = date.year - 621
    if date < nowruz(year):
        year -= 1
    left = (date - nowruz(year)).days
    month = 1
    while left >= month_length(year, month):
        left -= month_length(year, month)
        month += 1
    return year, month, left + 1


def to_gregorian(year: int, month: int, day: int) -> _dt.date:
    """The Gregorian date of a Jalali (year, month, day)."""
    if not 1 <= day <= month_length(year, month):
        raise ValueError(f"month {month} of {year} has no day {day}")
    days = sum(month_length(year, m) for m in range(1, month)) + day - 1
    return nowruz(year) + _dt.timedelta(days=days)


def long_date(date: _dt.date) -> str:
    """A date as Persian readers write it: day, month name, year (digits left to the screen's language)."""
    year, month, day = from_gregorian(date)
    return f"{day} {MONTHS[month - 1]} {year}"
