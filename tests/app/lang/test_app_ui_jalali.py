"""The Solar Hijri calendar of Persian dates, against dates known from the official calendar."""
from __future__ import annotations

import datetime as dt

import pytest

from game.app.lang import jalali


@pytest.mark.parametrize("gregorian, solar", [
    (dt.date(2024, 3, 20), (1403, 1, 1)),  # Nowruz 1403
    (dt.date(2026, 12, 1), (1405, 9, 10)),
    (dt.date(2025, 3, 20), (1403, 12, 30)),  # 1403 is a leap year: a 30th of Esfand
    (dt.date(2025, 3, 21), (1404, 1, 1)),
    (dt.date(2024, 3, 19), (1402, 12, 29)),
    (dt.date(1979, 2, 11), (1357, 11, 22)),
    (dt.date(2000, 1, 1), (1378, 10, 11)),
    (dt.date(2017, 3, 21), (1396, 1, 1)),
    (dt.date(2020, 3, 20), (1399, 1, 1)),
    (dt.date(2023, 9, 23), (1402, 7, 1)),
    (dt.date(2028, 3, 20), (1407, 1, 1)),
])
def test_known_dates(gregorian, solar):
    assert jalali.from_gregorian(gregorian) == solar
    assert jalali.to_gregorian(*solar) == gregorian


@pytest.mark.slow
def test_every_day_of_two_centuries_follows_the_day_before():
    day = dt.date(1901, 1, 1)
    before = jalali.from_gregorian(day)
    while day < dt.date(2101, 1, 1):
        day += dt.timedelta(days=1)
        now = jalali.from_gregorian(day)
        y, m, d = before
        if d < jalali.month_length(y, m):
            assert now == (y, m, d + 1)
        elif m < 12:
            assert now == (y, m + 1, 1)
        else:
            assert now == (y + 1, 1, 1)
        before = now


def test_leap_years_and_month_names():
    assert [y for y in range(1395, 1412) if jalali.is_leap(y)] == [1395, 1399, 1403, 1408]
    assert jalali.long_date(dt.date(2026, 12, 1)) == "10 آذر 1405"
    assert len(jalali.MONTHS) == 12


def test_dates_outside_the_known_cycle_are_refused():
    with pytest.raises(ValueError):
        jalali.from_gregorian(dt.date(1700, 1, 1))
