"""Version 2 of ways.json: each person's matches, wins and points by way, and the deal of the day day by day."""
import json
from types import SimpleNamespace

from game.app.matches.meta import MatchMeta
from game.app.records import daybook, playways
from game.app.records.playways import Person
from game.engine.daily import DailyResult, daily_deal


def result(day, won, scores, hands=5):
    deal = daily_deal(day)
    return DailyResult(deal.day, deal.seed, deal.level, won, scores, hands, record={"deals": []})


def test_people_are_counted_by_way_and_name_once_per_match(tmp_path):
    playways.record(tmp_path, "two", True, people=[Person("Ava", True, 110)])
    playways.record(tmp_path, "two", False, match_id="m1", people=[Person("Ava", False, 60), Person("Bo", True, 104)])
    playways.record(tmp_path, "two", False, match_id="m1", people=[Person("Ava", False, 60)])  # again: once
    data = playways.record(tmp_path, "pairs", True, people=[Person("Ava", True, 300), Person(" Ava ", True, 300)])
    assert data["people"]["two"] == {"Ava": {"played": 2, "won": 1, "points": 170},
                                     "Bo": {"played": 1, "won": 1, "points": 104}}
    assert data["people"]["pairs"] == {"Ava": {"played": 1, "won": 1, "points": 300}}
    assert data["ways"]["two"] == {"played": 2, "won": 1}
    again = playways.load(tmp_path)
    assert again == data and again["version"] == playways.VERSION == 2


def test_a_person_without_a_name_counts_alone_but_not_among_others(tmp_path):
    playways.record(tmp_path, "two", True, people=[Person("", True, 104)])
    playways.record(tmp_path, "two", True, people=[Person(" ", False, 20), Person("", True, 104)])
    data = playways.record(tmp_path, "pairs", True, people=[Person("", True, 300), Person("Bo", True, 300)])
    assert data["people"]["two"] == {"": {"played": 1, "won": 1, "points": 104}}
    assert data["people"]["pairs"] == {"Bo": {"played": 1, "won": 1, "points": 300}}


def test_a_version_one_file_still_loads_its_counts_and_its_day(tmp_path):
    kept = result("2026-12-03", True, (110, 40))
    old = {"format": playways.FORMAT, "version": 1, "ways": {"two": {"played": 4, "won": 3}},
           "daily": kept.to_dict(), "counted": ["abc"]}
    (tmp_path / playways.FILE).write_text(json.dumps(old))
    data = playways.load(tmp_path)
    assert data["ways"]["two"] == {"played": 4, "won": 3} and data["counted"] == ["abc"]
    assert data["people"]["two"] == {} and [d["day"] for d in data["days"]] == ["2026-12-03"]
    data = playways.record(tmp_path, "two", True, match_id="abc", people=[Person("Ava", True, 1)])
    assert data["people"]["two"] == {}  # counted already before the file knew people


def test_damaged_people_and_days_are_left_out_and_a_damaged_file_is_set_aside(tmp_path):
    bad = {"format": playways.FORMAT, "version": 2, "ways": {},
           "people": {"two": {"Ava": {"played": 2, "won": 5, "points": 9}, "Bo": {"played": -1, "won": 0, "points": 0},
                              "x" * 200: {"played": 1, "won": 1, "points": 1}}, "three": [1]},
           "days": [{"day": "2026-13-01", "won": True, "scores": [1, 2], "level": "hard", "hands": 1},
                    {"day": "2026-12-01", "won": 1, "scores": [1, 2], "level": "hard", "hands": 1},
                    {"day": "2026-12-02", "won": False, "scores": [50, 100], "level": "hard", "hands": 3}]}
    (tmp_path / playways.FILE).write_text(json.dumps(bad))
    data = playways.load(tmp_path)
    assert data["people"]["two"] == {"Ava": {"played": 2, "won": 2, "points": 9}}
    assert data["people"]["three"] == {}
    assert [d["day"] for d in data["days"]] == ["2026-12-02"]
    (tmp_path / playways.FILE).write_text("{not json")
    playways.record(tmp_path, "two", True, people=[Person("Ava", True, 100)])
    assert any(p.name.startswith("ways.damaged") for p in tmp_path.iterdir())
    assert playways.load(tmp_path)["people"]["two"]["Ava"]["played"] == 1


def test_each_day_keeps_its_best_result_in_order():
    days: list = []
    for r in (result("2026-12-03", False, (60, 104)), result("2026-12-01", True, (101, 90)),
              result("2026-12-03", True, (110, 40)), result("2026-12-03", True, (101, 90))):
        days = daybook.add(days, r)
    assert [(d["day"], d["won"], d["scores"]) for d in days] == [("2026-12-01", True, [101, 90]),
                                                                 ("2026-12-03", True, [110, 40])]


def test_the_book_keeps_more_than_a_year():
    import datetime

    start = datetime.date(2024, 1, 1)
    days: list = []
    for n in range(daybook.DAYS_KEEP + 30):
        days = daybook.add(days, result((start + datetime.timedelta(days=n)).isoformat(), n % 2 == 0, (100, 50)))
    assert len(days) == daybook.DAYS_KEEP > 2 * 366  # more than two years of days, every one played
    assert days[-1]["day"] == (start + datetime.timedelta(days=daybook.DAYS_KEEP + 29)).isoformat()


def _days(*spec):
    return [{"day": d, "won": w, "scores": [100, 50], "level": "hard", "hands": 3} for d, w in spec]


def test_a_missed_day_breaks_the_streak_and_today_not_yet_played_keeps_yesterday_s():
    days = _days(("2026-11-28", True), ("2026-11-30", False), ("2026-12-01", True), ("2026-12-02", True))
    assert daybook.streak(days, "2026-12-02") == daybook.Streak(3, 3, 4, 3)
    assert daybook.streak(days, "2026-12-03").current == 3  # today still to play
    assert daybook.streak(days, "2026-12-04").current == 0  # yesterday missed
    assert daybook.streak(days, "2026-11-30").current == 1  # later days are not counted yet
    assert daybook.streak([], "2026-12-02") == daybook.Streak(0, 0, 0, 0)
    gap = _days(("2026-02-28", True), ("2026-03-01", True))  # across a month's end
    assert daybook.streak(gap, "2026-03-01").current == 2


def test_a_month_s_weeks_start_on_the_given_day():
    import datetime

    weeks = daybook.month_weeks(datetime.date(2026, 12, 1), 31, first_weekday=0)  # a Tuesday
    assert weeks[0][:2] == [None, datetime.date(2026, 12, 1)] and len(weeks) == 5
    assert all(len(w) == 7 for w in weeks) and sum(d is not None for w in weeks for d in w) == 31
    saturday = daybook.month_weeks(datetime.date(2026, 12, 1), 31, first_weekday=5)
    assert saturday[0][3] == datetime.date(2026, 12, 1)


def _finished(mode):
    from game.engine import FinalScore

    meta = MatchMeta(mode, names=("Ava", "Bo"), bot_level="hard" if mode == "bot" else None,
                     bot_seat=1 if mode == "bot" else None)
    state = SimpleNamespace(final=FinalScore(1, (40, 120), (0, 0), (0, 0), False, (40, 150), 110))
    return state, meta


def test_the_people_of_a_two_player_match_and_of_a_table():
    state, meta = _finished("bot")
    assert playways.people_of(state, meta) == (Person("Ava", False, 40),)
    state, meta = _finished("hotseat")
    assert playways.people_of(state, meta) == (Person("Ava", False, 40), Person("Bo", True, 150))
    pairs = playways.table_people("pairs", ("person", "easy", "person", "hard"), ("Ava", "", "Cy", ""), 0, (210, 90))
    assert pairs == (Person("Ava", True, 210), Person("Cy", True, 210))
    three = playways.table_people("three", ("easy", "person", "person"), ("", "Bo"), 2, (10, 20, 130))
    assert three == (Person("Bo", False, 20), Person("", True, 130))
