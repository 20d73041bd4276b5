"""bench/bench_fairness.py: one line per case in the documented form, the grinder keeps the secret worst for
the player, and the version-3 grinder ranks with a seed other than the one the player gives."""
import importlib
import random
import re

bench = importlib.import_module("bench.bench_fairness")

LINE = re.compile(r"^(.+): shift [+-]\d+\.\d\d ± \d+\.\d\d \((\d+) hands, best of (\d+)\)$")
CASES = {"version 1, Enter at once", "version 2, fresh seed", "version 2, kept seed, every cut",
         "version 2, kept seed, cut for me", "version 3, kept seed, every cut", "version 3, fresh seed",
         "version 3, cut for me"}


def test_the_run_prints_one_line_per_case_in_the_documented_form(capsys):
    assert bench.main(["--hands", "3", "--candidates", "2"]) == 0
    found = [LINE.match(x) for x in capsys.readouterr().out.splitlines()]
    cases = {m[1]: (int(m[2]), int(m[3])) for m in found if m}
    assert set(cases) == CASES and set(cases.values()) == {(3, 2)}


def test_the_grinder_keeps_the_candidate_worst_for_the_player_over_the_cuts():
    deal = bench.v2("kept", 0)
    kept = bench.grind(random.Random(5), 6, deal, range(4))
    again = random.Random(5)
    candidates = [again.randbytes(32) for _ in range(6)]
    assert kept == max(candidates, key=lambda s: bench.mean_shift(deal, s, range(4)))


def test_a_grinder_that_knows_the_seed_and_cut_shifts_the_deal_and_one_sealed_first_does_not():
    shifts = bench.play(6, 12, random.Random(3))
    assert min(shifts["version 2, kept seed, cut for me"]) > 0  # it sees the very deal it picks
    sealed_first, seen = shifts["version 3, kept seed, every cut"], shifts["version 2, kept seed, cut for me"]
    assert abs(sum(sealed_first)) < abs(sum(seen))
