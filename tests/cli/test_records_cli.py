"""Clean errors from the command-line tools on hostile input: a message, an exit code, no traceback."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          input=stdin)


def test_verify_says_plainly_that_a_deeply_nested_file_is_not_a_hand(tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    r = run("-m", "game.verify", str(deep))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr + r.stdout and "RecursionError" not in r.stderr + r.stdout
    assert "line 1" in r.stdout and "FAILED" in r.stdout


def test_verify_refuses_what_is_not_a_regular_file(tmp_path):
    r = run("-m", "game.verify", str(tmp_path))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert str(tmp_path) in r.stderr


def test_sim_names_an_unknown_rule_switch_in_its_own_words():
    r = run("-m", "game.sim", "--rule", "bogus=1", "--matches", "1")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "__init__" not in r.stderr and "unexpected keyword" not in r.stderr
    assert "unknown rule switch" in r.stderr and "bogus" in r.stderr


def test_replay_says_plainly_that_a_deeply_nested_file_is_not_a_history(tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("{\"a\":" * 50_000 + "1" + "}" * 50_000 + "\n")
    r = run("-m", "game.replay", str(deep))
    assert r.returncode != 0 and "Traceback" not in r.stderr + r.stdout
