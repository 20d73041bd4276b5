"""``game.verify`` and ``game.replay`` read a file the same way (``game/engine/textfile.py``): a byte-order
mark, CRLF line ends, a raw U+2028 in a name and fields they do not know are read alike; a file too large,
not UTF-8, or a line with a key twice is refused alike, with the same words."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import VAN, Phase, TimerMove, new_match
from game.engine.fairness_chain import MatchSeal
from game.engine.record import HandRecord
from game.engine.record_file import FileHeader, dump_file
from game.engine.textfile import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[2]


def _history(hands: int = 2) -> str:
    seal = MatchSeal(bytes(range(32)), player_seed="read alike")
    state, _ = new_match(VAN, 3, source=seal.deal(12))
    records = []
    for n in range(hands):
        record = HandRecord.at_deal(state)
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            seat = state.to_act
            state.apply(TimerMove(), None)
            record = record.with_move(seat, TimerMove())
        records.append(record.finished(state.last_result, state.revealed_deal()))
        if state.phase is Phase.MATCH_OVER or n == hands - 1:
            break
        state.next_hand(seal.deal(None))
    return dump_file(FileHeader(match="abc123", names=("Ann\u2028Lee", "")), records)


def _run(module: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def _unknown_fields(text: str) -> str:
    return "\n".join(json.dumps({**json.loads(x), "zz_later": [1, {"a": None}]}, ensure_ascii=False)
                     for x in text.split("\n") if x) + "\n"


@pytest.mark.parametrize("change", [
    lambda t: t,
    lambda t: "\ufeff" + t,
    lambda t: t.replace("\n", "\r\n"),
    _unknown_fields,
], ids=["plain", "byte-order mark", "CRLF", "unknown fields"])
def test_both_read_a_history_file_alike(tmp_path, change):
    text = _history()
    assert "\u2028" in text  # a raw line separator inside a name: no line end
    path = tmp_path / "match.jsonl"
    path.write_bytes(change(text).encode("utf-8"))
    replayed, verified = _run("game.replay", path), _run("game.verify", path)
    assert replayed.returncode == 0 and verified.returncode == 0, replayed.stderr + verified.stdout
    assert replayed.stdout.count("\nHand ") == verified.stdout.count(": OK") == 2


@pytest.mark.parametrize("data,words", [
    (b"{" + b" " * MAX_FILE_BYTES + b"}\n", "too large"),
    (b'{"format": "gin-rummy-history", "names": ["\xe9"]}\n', "not text (UTF-8)"),
], ids=["too large", "not UTF-8"])
def test_both_refuse_a_file_alike(tmp_path, data, words):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    for module in ("game.replay", "game.verify"):
        run = _run(module, path)
        assert run.returncode == 1 and words in run.stderr and "Traceback" not in run.stderr, (module, run.stderr)


def test_a_line_with_a_key_twice_is_no_hand_to_either(tmp_path):
    lines = _history().split("\n")
    lines[1] = lines[1][:-1] + ', "dealer": 0}'
    path = tmp_path / "match.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replayed, verified = _run("game.replay", path), _run("game.verify", path)
    assert "appears twice" in replayed.stderr and replayed.stdout.count("\nHand ") == 1
    assert "appears twice" in verified.stdout and verified.returncode == 1
