"""The headless simulator: its table, its options, and that a seed gives the same figures."""
import argparse
import pathlib
import subprocess
import sys

import pytest

from game import sim
from game.engine import CLASSIC, VAN

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_wilson_interval():
    p, lo, hi = sim.wilson(60, 100)
    assert p == 0.6 and 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert sim.wilson(0, 0) == (0.0, 0.0, 0.0)
    p, lo, hi = sim.wilson(10, 10)
    assert p == 1.0 and hi == 1.0 and lo > 0.7


def test_same_seed_same_figures_with_one_or_two_workers():
    rules = VAN.with_(target=40)
    one = sim.simulate("easy", "simple", rules, 6, seed=3, workers=1).figures()
    two = sim.simulate("easy", "simple", rules, 6, seed=3, workers=2).figures()
    assert one == two
    other = sim.simulate("easy", "simple", rules, 6, seed=4, workers=1).figures()
    assert other != one


def test_figures_add_up():
    s = sim.simulate("medium", "easy", CLASSIC.with_(target=50), 8, seed=1)
    f = s.figures()
    assert f["matches"] == 8 and s.wins["a"] + s.wins["b"] == 8
    assert f["fallbacks"] == 0
    assert abs(sum(f[f"rate_{k}"] for k in sim.KINDS) - 1.0) < 1e-9
    for kind in ("knock", "gin", "undercut"):
        assert abs(f[f"rate_{kind}_a"] + f[f"rate_{kind}_b"] - f[f"rate_{kind}"]) < 1e-9
    q1, med, q3, lo, hi = f["turns"]
    assert lo <= q1 <= med <= q3 <= hi
    assert 0 <= f["knock_deadwood_all"] <= 10
    table = sim.format_table(s, "classic", 50)
    for label in ("match wins", "95% CI", "points per hand", "undercut rate", "dead rate", "turns per hand",
                  "deadwood at knock", "big gin rate", "gin rate", "knock rate"):
        assert label in table


def test_rule_switches_and_targets_from_the_command_line():
    rules = sim.build_rules("van", 50, [sim.parse_switch("oklahoma=true"), sim.parse_switch("dead_hand_stock=3")])
    assert rules.target == 50 and rules.oklahoma is True and rules.dead_hand_stock == 3
    assert sim.build_rules("classic", 50, []) == CLASSIC.with_(target=50, turn_limit=sim.BOT_TURN_LIMIT)
    with pytest.raises((ValueError, argparse.ArgumentTypeError)):
        sim.parse_switch("oklahoma")


def test_module_runs_from_the_command_line():
    r = subprocess.run(
        [sys.executable, "-m", "game.sim", "easy", "medium", "--matches", "3", "--seed", "2", "--target", "30"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "easy (A) vs medium (B): 3 matches to 30" in r.stdout
    assert "referee fallbacks         0" in r.stdout
    bad = subprocess.run([sys.executable, "-m", "game.sim", "easy", "wizard"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
    bad = subprocess.run([sys.executable, "-m", "game.sim", "--rule", "knock_limit=99"], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "knock_limit" in bad.stderr


def test_the_worker_count_is_bounded_and_huge_runs_are_streamed(capsys, monkeypatch):
    import os

    with pytest.raises(SystemExit):
        sim.main(["easy", "easy", "--matches", "2", "--workers", str((os.cpu_count() or 1) * 4 + 1)])
    assert "--workers must be from 1 to" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        sim.main(["easy", "easy", "--matches", "2", "--workers", "0"])

    class Enough(Exception):
        pass

    played = []
    real = sim.run_one

    def counted(job):
        played.append(job)
        if len(played) > 3:
            raise Enough
        return real(job)

    # a billion matches are not built in memory first: the first ones are played from a stream at once
    monkeypatch.setattr(sim, "run_one", counted)
    with pytest.raises(Enough):
        sim.simulate("easy", "easy", sim.build_rules("van", None, []), 10**9, 1, workers=1)
    assert len(played) == 4


def test_three_player_and_pair_tables_report_per_level():
    from game.sim_table import format_tables, simulate_tables

    three = simulate_tables("three", ("easy", "medium", "easy"), VAN.with_(target=40), 4, seed=2)
    assert three.tables == 4 and sum(three.match_wins) == 4 and three.fallbacks == 0
    # each hand is played by two of the three levels
    assert sum(three.played) == 2 * three.hands and sum(three.won) == three.hands - three.ends["dead"]
    pairs = simulate_tables("pairs", ("easy", "easy", "medium", "easy"), VAN.with_(target=40), 3, seed=2)
    # a pair's win counts for both partners (slots 0 and 2, 1 and 3)
    assert pairs.match_wins[0] == pairs.match_wins[2] and pairs.match_wins[1] == pairs.match_wins[3]
    assert pairs.match_wins[0] + pairs.match_wins[1] == 3 and pairs.hands % 2 == 0
    text = format_tables(pairs, "van", 40)
    assert "two pairs" in text and "partners: easy (0) with medium (2)" in text
    with pytest.raises(ValueError, match="needs 3 levels"):
        simulate_tables("three", ("easy", "easy"), VAN, 1, seed=1)


def test_tables_from_the_command_line():
    for extra in (["--players", "3", "--seats", "easy,easy,medium"], ["--pairs", "--seats", "easy,easy,easy,medium"]):
        r = subprocess.run([sys.executable, "-m", "game.sim", "--matches", "2", "--target", "30", *extra],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert "match wins" in r.stdout and "hands per table" in r.stdout
    r = subprocess.run([sys.executable, "-m", "game.sim", "--players", "3", "--preset", "hollywood"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Hollywood scoring is for two players" in r.stderr


def test_the_run_ends_with_its_speed_after_the_table(capsys):
    assert sim.main(["easy", "easy", "--matches", "3", "--target", "30"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    hands = int(next(x for x in lines if x.startswith("hands per match")).split("(")[1].split()[0])
    last = lines[-1]
    assert last.startswith("speed") and f"({hands:,} hands in " in last and last.endswith(", 1 worker)")
    rate = float(last.split()[1].replace(",", ""))
    seconds = float(last.split(" in ")[1].split()[0])
    assert rate > 0 and abs(hands / rate - seconds) <= 0.006  # seconds are printed to 0.01
    assert sim.speed_line(10, 0.0, 2).endswith("(10 hands in 0.00 s, 2 workers)")


def test_table_switches_and_the_pairs_target_from_the_command_line(capsys):
    assert sim.main(["--pairs", "--seats", "easy,easy,easy,easy", "--matches", "1"]) == 0
    assert "a net score per hand to 125, preset van" in capsys.readouterr().out  # Hoyle's partnership game
    assert sim.main(["--pairs", "--seats", "easy,easy,easy,easy", "--matches", "1", "--target", "40",
                     "--pairs-scoring", "sum"]) == 0
    assert "the sum of their duels to 40" in capsys.readouterr().out
    assert sim.main(["--players", "3", "--seats", "easy,easy,easy", "--matches", "1", "--target", "30",
                     "--three-dealer", "loser"]) == 0
    assert "the loser of each hand dealing the next to 30" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        sim.main(["--players", "3", "--three-dealer", "winner"])
