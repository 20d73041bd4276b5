"""Tables are sealed like a match: ``game.sim --players 3`` and ``--pairs`` with ``--fair-records`` write
each duel's exported hand (the format of the two-player ``--fair-records``), ``game.verify`` accepts every
one, and refuses each of them once any single field is changed."""
import json
import pathlib
import subprocess
import sys

import pytest

from game import verify
from game.engine.fairness_check import verify_record

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = 100


def changed(record, field):
    """``record`` with ``field`` alone changed, to a value of the right shape."""
    bad = json.loads(json.dumps(record))
    value = bad[field]
    if field == "order":
        value[0], value[1] = value[1], value[0]
    elif field == "hands":
        value[0][0], value[1][0] = value[1][0], value[0][0]
    elif field == "upcard":
        bad[field] = record["order"][21]
    elif field in ("commitment", "secret"):
        bad[field] = ("1" if value[0] != "1" else "2") + value[1:]
    elif field == "player_seed":
        bad[field] = value + "x"
    elif field == "format":
        bad[field] = "gin-rummy-hand-of-cards"
    elif field == "dealer":
        bad[field] = 1 - value
    elif field == "version":
        bad[field] = 1
    else:  # hand_no, cut
        bad[field] = value + 1
    assert bad != record
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("table", [["--players", "3", "--seats", "easy,simple,easy"],
                                   ["--pairs", "--seats", "easy,simple,easy,simple"]], ids=["three", "pairs"])
def test_every_table_record_verifies_and_no_single_change_passes(tmp_path, table, capsys):
    run = subprocess.run([sys.executable, "-m", "game.sim", *table, "--matches", str(TABLES),
                          "--fair-records", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    files = sorted(tmp_path.glob("match-*.jsonl"))
    assert len(files) == TABLES
    fields = set()
    for f in files:
        assert verify.main([str(f)]) == 0  # the checker's own verdict on the whole file
        records = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
        assert records and [r["hand_no"] for r in records] == list(range(len(records)))
        for record in records[:2]:
            assert record["version"] == 2 and record["player_seed"] and verify_record(record).ok
            for field in record:
                fields.add(field)
                assert not verify_record(changed(record, field)).ok, (f.name, record["hand_no"], field)
    capsys.readouterr()
    assert fields == {"format", "version", "hand_no", "dealer", "commitment", "secret", "player_seed", "cut",
                      "order", "hands", "upcard"}
    one = subprocess.run([sys.executable, "-m", "game.verify", str(files[0])], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert one.returncode == 0 and one.stdout.strip().endswith("OK")
    bad = files[0].read_text(encoding="utf-8").splitlines()
    bad[0] = json.dumps(changed(json.loads(bad[0]), "cut"))
    files[0].write_text("\n".join(bad) + "\n", encoding="utf-8")
    assert verify.main([str(files[0])]) == 1


def test_a_table_run_writes_one_record_per_duel(tmp_path):
    from game.sim_table import run_table

    result = run_table("pairs", ("easy", "easy", "easy", "easy"), {"target": 30}, 4, 0, records=str(tmp_path))
    lines = (tmp_path / f"match-{4 * 1_000_003}.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == result["hands"] and all(verify_record(json.loads(line)).ok for line in lines)
