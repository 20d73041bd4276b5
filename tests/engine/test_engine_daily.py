"""The deal of the day: a public seed from the date, the same deals for everyone, the best result kept."""
import datetime
import hashlib

import pytest

from game.engine import MatchState
from game.engine.daily import DAILY_RULES, DailyResult, better, daily_deal, daily_seed, utc_day


def test_the_seed_follows_the_published_recipe():
    digest = hashlib.sha256(b"gin-rummy/daily/v1\n2026-12-03").digest()
    assert daily_seed("2026-12-03") == int.from_bytes(digest[:8], "big")
    assert daily_seed("2026-12-03") != daily_seed("2026-12-04")


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-02-30", "20261203", "2026-12-3", "", None, 20261203])
def test_a_bad_day_is_refused_with_a_clear_message(bad):
    with pytest.raises(ValueError, match="day|date"):
        daily_seed(bad)


def test_every_player_gets_the_same_deals_whatever_they_play():
    deal = daily_deal("2026-12-03")
    a, _ = MatchState.new(deal.rules, deal.seed)
    b, _ = MatchState.new(deal.rules, deal.seed)
    assert a.to_dict() == b.to_dict() and deal.rules == DAILY_RULES


def test_the_level_turns_with_the_days():
    levels = [daily_deal(f"2026-12-{d:02d}").level for d in range(1, 7)]
    assert set(levels) == {"easy", "medium", "hard"} and levels[:3] == levels[3:]


def test_the_utc_day():
    tehran = datetime.timezone(datetime.timedelta(hours=3, minutes=30))
    assert utc_day(datetime.datetime(2026, 12, 4, 2, 0, tzinfo=tehran)) == "2026-12-03"


def result(day="2026-12-03", won=True, scores=(104, 60), hands=6):
    deal = daily_deal(day)
    return DailyResult(day, deal.seed, deal.level, won, scores, hands, record={"moves": []})


def test_the_best_result_of_the_day():
    first = result(won=False, scores=(80, 101))
    assert better(first, None)
    assert better(result(), first)  # a win beats a loss
    assert better(result(scores=(120, 40)), result())  # then the larger margin
    assert better(result(hands=4), result())  # then fewer hands
    assert not better(result(), result())
    assert better(result(day="2026-12-04", won=False), result())  # a new day starts afresh


def test_a_kept_result_round_trips_and_refuses_a_wrong_seed():
    kept = result()
    assert DailyResult.from_dict(kept.to_dict()) == kept
    for bad in ({**kept.to_dict(), "seed": 1}, {**kept.to_dict(), "level": "easy" if kept.level != "easy" else "hard"},
                {**kept.to_dict(), "scores": [1]}, {**kept.to_dict(), "day": "yesterday"}, [], None):
        with pytest.raises(ValueError):
            DailyResult.from_dict(bad)
