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


def _kept(tmp_path, day="2026-12-03", seed=None, hands=3):
    deal = daily_deal(day)
    deals = [playways.seeded_export(deal.seed if seed is None else seed, n, n % 2) for n in range(1, hands + 1)]
    kept = DailyResult(deal.day, deal.seed, deal.level, True, (104, 31), hands, record={"deals": deals})
    playways.record(tmp_path, "daily", True, kept)
    return tmp_path / playways.FILE


def test_the_verifier_holds_a_kept_daily_result_to_its_day(tmp_path, capsys):
    from game import verify

    assert verify.WAYS_FORMAT == playways.FORMAT
    path = _kept(tmp_path)
    assert verify.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "the deal of the day 2026-12-03" in out and out.count("the deal of 2026-12-03") == 3
    assert verify.main([str(path), "--day", "2026-12-03"]) == 0
    assert verify.main([str(path), "--day", "2026-12-04"]) == 1
    assert "is of 2026-12-03, not 2026-12-04" in capsys.readouterr().out


def test_deals_of_another_seed_are_not_the_day_s_even_when_each_checks_out(tmp_path, capsys):
    from game import verify

    path = _kept(tmp_path, seed=12345)
    lines = json.loads(path.read_text())["daily"]["record"]["deals"]
    assert all(verify_record(json.loads(x)).ok for x in lines)  # each hand is a fair deal on its own ...
    assert verify.main([str(path)]) == 1  # ... but not the deal of the day the result claims
    assert "is not the one the public seed of 2026-12-03 gives hand 2" in capsys.readouterr().out  # hand_no 1
    exported = tmp_path / "hands.jsonl"
    exported.write_text("\n".join(lines) + "\n")
    assert verify.main([str(exported)]) == 0  # without a day, nothing ties them to one
    assert verify.main([str(exported), "--day", "2026-12-03"]) == 1
    day_lines = json.loads(_kept(tmp_path / "b").read_text())["daily"]["record"]["deals"]
    exported.write_text("\n".join(day_lines) + "\n")
    assert verify.main([str(exported), "--day", "2026-12-03"]) == 0


def test_a_ways_file_without_a_daily_result_or_with_missing_deals_is_refused(tmp_path, capsys):
    from game import verify

    playways.record(tmp_path, "two", True)
    assert verify.main([str(tmp_path / playways.FILE)]) == 1
    assert "keeps no daily result" in capsys.readouterr().out
    path = _kept(tmp_path / "c")
    data = json.loads(path.read_text())
    data["daily"]["hands"] = 4  # one deal fewer than the hands counted
    path.write_text(json.dumps(data))
    assert verify.main([str(path)]) == 1
    assert "counts 4 hands but keeps 3 deals" in capsys.readouterr().out
    import pytest

    with pytest.raises(SystemExit):
        verify.main([str(path), "--day", "03.12.2026"])


def test_the_one_file_checker_holds_hands_to_a_day_as_the_game_does(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    checker = Path(__file__).resolve().parents[3] / "tools" / "verify_deal.py"
    day_lines = json.loads(_kept(tmp_path / "a").read_text())["daily"]["record"]["deals"]
    other_lines = json.loads(_kept(tmp_path / "b", seed=12345).read_text())["daily"]["record"]["deals"]
    for lines, day, code in ((day_lines, "2026-12-03", 0), (day_lines, "2026-12-04", 1), (other_lines, "2026-12-03", 1),
                             (other_lines, None, 0)):
        path = tmp_path / "hands.jsonl"
        path.write_text("\n".join(lines) + "\n")
        args = [sys.executable, str(checker), str(path)] + (["--day", day] if day else [])
        run = subprocess.run(args, capture_output=True, text=True, timeout=60)
        assert run.returncode == code, run.stdout + run.stderr
