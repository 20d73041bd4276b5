"""The figures by rule set and over time, counted by SQLite, are those a plain count of the rows gives."""
from __future__ import annotations

import datetime
import random
import sqlite3
import time

from game.app.lang import jalali
from game.app.matches.meta import MatchMeta
from game.app.records import stats_trends
from game.app.records.stats import SilentStats, Stats
from game.app.records.stats_trends import Bucket, Tally
from game.engine import FinalScore, preset

RULE_SETS = (("van", 100), ("classic", 100), ("classic", 50), ("straight", 100))


def _random_rows(db: Stats, rng: random.Random, n: int) -> list[tuple]:
    rows = []
    start = 1_760_000_000.0
    for _ in range(n):
        name, target = rng.choice(RULE_SETS)
        rules = preset(name, target)
        meta = MatchMeta("bot", ("", ""), bot_level=rng.choice(("easy", "hard")), bot_seat=1)
        winner = rng.randrange(2)
        mine, theirs = rng.randrange(200), rng.randrange(200)
        hands = rng.randrange(1, 20)
        when = start + rng.random() * 400 * 86400
        abandoned = rng.random() < 0.1
        db.record_match(meta, rules, FinalScore(winner, (mine, theirs), (0, 0), (0, 0), False, (mine + 5, theirs), 1),
                        hands, when=when, abandoned=abandoned)
        rows.append((rules.preset_name, target, int(winner == 0 and not abandoned), hands, mine, when))
    return rows


def test_rule_sets_and_days_agree_with_a_plain_count(tmp_path):
    rng = random.Random(7)
    db = Stats(tmp_path / "s.sqlite3", background=False)
    rows = _random_rows(db, rng, 300)
    lines, days = db.story()
    expect: dict[tuple[str, int], Tally] = {}
    for p, t, won, hands, points, _ in rows:
        expect[(p, t)] = expect.get((p, t), Tally()) + Tally(1, won, hands, points)
    assert {(x.preset, x.target): x.tally for x in lines} == expect
    assert [x.tally.played for x in lines] == sorted((x.tally.played for x in lines), reverse=True)
    by_day: dict[datetime.date, Tally] = {}
    for _, _, won, hands, points, when in rows:
        d = datetime.date(*time.localtime(when)[:3])
        by_day[d] = by_day.get(d, Tally()) + Tally(1, won, hands, points)
    assert days == by_day
    assert stats_trends.total(lines) == sum(by_day.values(), Tally())
    db.close()


def test_a_bad_row_is_not_counted(tmp_path):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    _random_rows(db, random.Random(1), 5)
    db.close()
    with sqlite3.connect(tmp_path / "s.sqlite3") as conn:  # changed behind the game's back
        conn.execute("UPDATE matches SET target = -4 WHERE rowid = 1")
        assert sum(x.tally.played for x in stats_trends.by_rules(conn, "abandoned")) == 4
        assert sum(t.played for t in stats_trends.by_day(conn, "abandoned").values()) == 4
    conn.close()
    db = Stats(tmp_path / "s.sqlite3", background=False)
    lines, days = db.story()
    assert sum(x.tally.played for x in lines) == 4 == sum(t.played for t in days.values())
    db.close()


def test_short_spans_go_by_weeks_long_ones_by_months_with_empty_ones_between():
    d = datetime.date
    unit, weeks = stats_trends.buckets({d(2026, 12, 1): Tally(2, 1, 10, 50), d(2026, 12, 3): Tally(1, 1, 4, 40),
                                        d(2026, 12, 16): Tally(1, 0, 5, 5)})
    assert unit == "week"
    assert weeks == [Bucket(d(2026, 11, 30), Tally(3, 2, 14, 90)), Bucket(d(2026, 12, 7), Tally()),
                     Bucket(d(2026, 12, 14), Tally(1, 0, 5, 5))]
    assert weeks[0].tally.win_rate == 2 / 3 and weeks[1].tally.win_rate is None and weeks[0].tally.per_hand == 90 / 14
    unit, months = stats_trends.buckets({d(2026, 1, 31): Tally(1, 1, 1, 1), d(2026, 12, 1): Tally(1, 0, 1, 1)})
    assert unit == "month" and len(months) == 12 and months[0].start == d(2026, 1, 1)
    assert months[-1] == Bucket(d(2026, 12, 1), Tally(1, 0, 1, 1))


def test_a_persian_screen_counts_jalali_months_and_weeks_from_saturday():
    d = datetime.date
    days = {d(2026, 3, 20): Tally(1, 1, 1, 1), d(2026, 3, 21): Tally(1, 0, 1, 1), d(2026, 12, 1): Tally(1, 0, 1, 1)}
    unit, months = stats_trends.buckets(days, persian=True)
    assert unit == "month"
    assert months[0].start == jalali.to_gregorian(1404, 12, 1) and months[0].tally.played == 1  # Esfand 1404
    assert months[1].start == d(2026, 3, 21) == jalali.to_gregorian(1405, 1, 1)  # Nowruz starts a month
    assert all(jalali.from_gregorian(b.start)[2] == 1 for b in months)
    assert stats_trends.week_start(d(2026, 12, 4), persian=True) == d(2026, 11, 28)  # a Saturday


def test_many_months_keep_the_last_three_years():
    d = datetime.date
    unit, months = stats_trends.buckets({d(2019, 1, 5): Tally(1, 1, 1, 1), d(2026, 12, 5): Tally(1, 1, 1, 1)})
    assert unit == "month" and len(months) == stats_trends.MOST_BUCKETS and months[-1].start == d(2026, 12, 1)


def test_silent_statistics_tell_no_story():
    assert SilentStats().story() == ([], {})
    assert stats_trends.buckets({}) == ("week", [])
