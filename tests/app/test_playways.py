"""Matches counted by way of playing, and the day's best result kept with its deals, in the data folder."""
import json

from game.app.records import playways
from game.engine import CLASSIC, VAN, seeded_secret, verify_record
from game.engine.daily import DailyResult, daily_deal
from game.engine.rules import HOLLYWOOD, STRAIGHT


def result(won, scores, hands=5):
    deal = daily_deal("2026-12-03")
    return DailyResult(deal.day, deal.seed, deal.level, won, scores, hands, record={"deals": []})


def test_ways_of_playing():
    assert playways.way_of(VAN) == "two" and playways.way_of(CLASSIC, "three") == "three"
    assert playways.way_of(HOLLYWOOD) == "hollywood" and playways.way_of(STRAIGHT) == "straight"
    assert playways.way_of(VAN, "pairs") == "pairs" and playways.way_of(VAN, daily=True) == "daily"


def test_counts_and_the_best_daily_result_survive_a_reload(tmp_path):
    playways.record(tmp_path, "three", True)
    playways.record(tmp_path, "three", False)
    playways.record(tmp_path, "daily", False, result(False, (60, 104)))
    playways.record(tmp_path, "daily", True, result(True, (110, 40)))
    data = playways.record(tmp_path, "daily", True, result(True, (101, 90)))  # a win by less: not kept
    assert data["ways"]["three"] == {"played": 2, "won": 1} and data["ways"]["daily"] == {"played": 3, "won": 2}
    again = playways.load(tmp_path)
    assert again == data and playways.kept_daily(again).scores == (110, 40)


def test_a_damaged_file_counts_as_empty(tmp_path):
    (tmp_path / playways.FILE).write_text("{not json")
    assert playways.load(tmp_path)["ways"]["two"] == {"played": 0, "won": 0}
    (tmp_path / playways.FILE).write_text(json.dumps({"format": playways.FORMAT, "ways": {"two": {"played": -3}},
                                                      "daily": {"day": "2026-12-03", "seed": 1}}))
    data = playways.load(tmp_path)
    assert data["ways"]["two"] == {"played": 0, "won": 0} and data["daily"] is None


def test_a_daily_deal_exports_as_a_seeded_deal_anyone_can_rebuild():
    seed = daily_deal("2026-12-03").seed
    line = json.loads(playways.seeded_export(seed, 2, 1))
    assert verify_record(line).ok
    assert line["secret"] == seeded_secret(seed, 2).hex()  # the secret follows from the public seed
