"""One grammar, two checkers: ``game.verify`` and the standard-library ``tools/verify_deal.py`` give every line of
every file the same verdict (docs/fairness.md, "Reading a file"), on the corpus and on random bytes and JSON,
and neither ever ends in a traceback."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import verify
from game.engine.fairness import DeckSource, FairDeal, export_line
from game.engine.fairness_chain import MatchSeal

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "cli" / "data" / "verify_corpus"
CHECKER = ROOT / "tools" / "verify_deal.py"
VERDICT = re.compile(r"^line (\d+)(?:, hand \d+)?: (OK|DOES NOT MATCH)")
SCRATCH = pathlib.Path(tempfile.mkdtemp(prefix="verify-corpus-"))


def _load(path: pathlib.Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STANDALONE = _load(CHECKER, "verify_deal")
MAKER = _load(ROOT / "tools" / "make_verify_corpus.py", "make_verify_corpus")


def _run(main, argv) -> tuple[int, list[tuple[int, bool]], str]:
    """Exit status, each line's verdict (line number, OK) and what was printed, run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code
    verdicts = [(int(m[1]), m[2] == "OK") for m in map(VERDICT.match, out.getvalue().splitlines()) if m]
    return code, verdicts, out.getvalue() + err.getvalue()


def judge_both(path: pathlib.Path) -> tuple[int, list[tuple[int, bool]]]:
    game = _run(verify.main, [str(path)])
    alone = _run(STANDALONE.main, ["verify_deal.py", str(path)])
    assert game[:2] == alone[:2], f"{path.name}:\ngame.verify:\n{game[2]}\nverify_deal.py:\n{alone[2]}"
    assert "Traceback" not in game[2] + alone[2]
    return game[0], game[1]


def _judge_bytes(data: bytes) -> int:
    path = SCRATCH / "case.jsonl"
    path.write_bytes(data)
    return judge_both(path)[0]


FILES = sorted(CORPUS.glob("*.jsonl"))


def test_the_corpus_holds_sixty_files_or_more_valid_and_not():
    assert len(FILES) >= 60
    assert sum(f.name.startswith("ok-") for f in FILES) >= 20 and sum(f.name.startswith("bad-") for f in FILES) >= 40


def test_the_corpus_is_what_its_maker_writes(tmp_path):
    MAKER.write(str(tmp_path / "c"))
    made = {p.name: p.read_bytes() for p in (tmp_path / "c").iterdir()}
    assert made == {p.name: p.read_bytes() for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_both_checkers_judge_each_corpus_file_alike_and_as_its_name_says(path):
    code, verdicts = judge_both(path)
    assert code == (0 if path.name.startswith("ok-") else 1)
    if path.name.startswith("ok-"):
        assert verdicts and all(ok for _, ok in verdicts)


def _record() -> dict:
    seal = MatchSeal(bytes(range(7, 39)))
    seal.take_seed("seed")
    return FairDeal.from_source(seal.deal(12), 0, 0).record(0)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["format", "version", "hand", "hand_no", "dealer", "commitment", "link", "secret",
                          "player_seed", "cut", "order", "hands", "upcard"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_get_the_same_verdict_from_both_and_no_traceback(data):
    _judge_bytes(data)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_random_json_gets_the_same_verdict_from_both(value):
    _judge_bytes((json.dumps(value, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass"))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(FIELDS, JSON, min_size=1, max_size=3), st.sets(FIELDS, max_size=2), st.sampled_from([1, 2, 3]))
def test_a_record_with_random_fields_gets_the_same_verdict_from_both(changes, dropped, version):
    record = {k: v for k, v in {**_record(), "version": version, **changes}.items() if k not in dropped}
    _judge_bytes((json.dumps(record) + "\n").encode("utf-8", "surrogatepass"))


def test_the_export_escapes_every_line_break_but_keeps_the_seed():
    breaks = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\n"
    seal = MatchSeal(bytes(32))
    seal.take_seed("a" + breaks + "b")
    deal = FairDeal.from_source(seal.deal(None), 0, 1)
    text = deal.export_line(1)
    assert len(text.splitlines()) == 1 and not set(text) & set(breaks)
    assert json.loads(text)["player_seed"] == "a" + breaks + "b"
    path = SCRATCH / "escaped.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    assert judge_both(path) == (0, [(1, True)])
    seeded = FairDeal.from_source(DeckSource.seeded(3, 0), 0)
    assert export_line(seeded.record(0)) == seeded.export_line(0)


@pytest.mark.parametrize("program", [["-m", "game.verify"], [str(CHECKER)]], ids=["game.verify", "verify_deal"])
def test_help_works_and_a_day_that_is_no_date_is_refused_as_one(program, tmp_path):
    run = subprocess.run([sys.executable, *program, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0 and "--day" in run.stdout and not run.stderr
    hand = tmp_path / "h.jsonl"
    hand.write_text(export_line(_record()) + "\n", encoding="utf-8")
    for day in ("2026-13-01", "2026-02-30", "２０２６-01-01", "2026-1-011"):
        run = subprocess.run([sys.executable, *program, str(hand), "--day", day], capture_output=True, text=True,
                             cwd=ROOT, timeout=60)
        assert run.returncode == 2 and "day" in run.stderr and "line 1" not in run.stdout, (day, run.stderr)
        assert "Traceback" not in run.stderr
