"""Hand records: a recorded hand replays to the same result, back and forth lands on the same positions,
the JSON form round-trips, a damaged record is refused (never a crash), and ``python3 -m game.replay``
prints a hand."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.records import play_recorded

from game.engine import (
    CLASSIC,
    VAN,
    Discard,
    DrawStock,
    Knock,
    Phase,
)
from game.engine.record import FORMAT, HandRecord, RecordedMove, RecordError, replay
from game.engine.record_file import FileHeader, dump_file, load_file

ROOT = Path(__file__).resolve().parents[2]
RULES = [VAN, CLASSIC.with_(target=50), VAN.with_(upcard_offer="hoyle", oklahoma=True, target=60),
         VAN.with_(may_discard_taken_card=True, dead_hand_stock=3, big_gin_bonus=50, target=60)]




@pytest.mark.parametrize("rules", RULES, ids=["van", "classic", "hoyle-oklahoma", "switches"])
def test_a_recorded_hand_replays_to_the_same_result(rules):
    played = play_recorded(rules, 8)
    assert len(played) >= 3
    for record, result, hands, after in played:
        play = replay(record)
        assert play.result == result  # every field: melds, layoffs, sum, turns
        assert play.last.hands == hands
        assert play.last.scores == after["scores"] and play.last.phase.value == after["phase"]
        again = HandRecord.from_json(record.to_json())
        assert again == record
        assert replay(again).result == result
        assert len(record.to_json()) < 1500  # compact: about a kilobyte a hand


def test_back_and_forth_lands_on_the_same_positions():
    record = max((r for r, *_ in play_recorded(VAN, 3, hands=4)), key=lambda r: len(r.moves))
    play = replay(record)
    fresh = [replay(record.cut(i)).last.to_dict() for i in range(len(record.moves))] + [play.last.to_dict()]
    assert [play.state(i).to_dict() for i in range(len(play))] == fresh
    rng = random.Random(5)
    pos = 0
    for _ in range(300):
        pos = max(0, min(len(play) - 1, pos + rng.choice((-3, -1, -1, 1, 1, 2))))
        assert play.state(pos).to_dict() == fresh[pos]
    copy = play.state(2)
    copy.hands[0].clear()  # a copy is free to change: the replay keeps its positions
    assert play.state(2).to_dict() == fresh[2]


def test_a_partial_record_is_a_hand_in_play():
    record = play_recorded(VAN, 9, hands=1)[0][0]
    half = record.cut(len(record.moves) // 2)
    assert not half.complete and replay(half).result is None
    assert replay(half).last.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)
    assert HandRecord.from_json(half.to_json()) == half


def test_decisions_and_what_a_seat_was_told():
    record = play_recorded(VAN, 4, hands=1)[0][0]
    play = replay(record)
    for seat in (0, 1):
        for i in play.decisions(seat):
            assert play.steps[i].state.to_act == seat and record.moves[i].seat == seat
        told = play.seen_events(seat, len(play) - 2)
        dealt = told[0]
        assert dealt.hands[seat] is not None and dealt.hands[1 - seat] is None  # the opponent's deal is hidden


def test_moves_are_short_tokens():
    assert RecordedMove.parse("1x7H") == RecordedMove(1, Discard(RecordedMove.parse("0x7H").action.card))
    assert str(RecordedMove(0, Knock(RecordedMove.parse("0kTD").action.card))) == "0kTD"
    assert RecordedMove.parse("0s") == RecordedMove(0, DrawStock())
    for bad in ("", "2s", "0q", "0x", "0xZZ", "0s7H", "0kT", 7, None):
        with pytest.raises(RecordError):
            RecordedMove.parse(bad)


def _damaged_variants(record: HandRecord):
    d = record.to_dict()
    text = record.to_json()

    def edit(**changes):
        x = json.loads(json.dumps(d))
        x.update(changes)
        return json.dumps(x)

    deal = list(d["deal"])
    twice = deal[0].split()
    twice[0] = twice[1]
    moves = d["moves"].split()
    yield "truncated", text[: len(text) // 2]
    yield "not json", "{hand: 3"
    yield "a list", "[1, 2]"
    yield "other format", edit(format="gin-rummy-match")
    yield "newer", edit(version=99)
    yield "no version", edit(version="1")
    yield "bad rules", edit(rules={"target": -5})
    yield "unknown rule", edit(rules={**d["rules"], "jokers": True})
    yield "card twice", edit(deal=[" ".join(twice)] + deal[1:])
    yield "not a card", edit(deal=[deal[0].replace(deal[0][:2], "ZZ", 1)] + deal[1:])
    yield "short hand", edit(deal=[deal[0][3:]] + deal[1:])
    yield "bad seat", edit(dealer=2)
    yield "bool seat", edit(dealer=True)
    yield "negative score", edit(scores=[-1, 0])
    yield "match over", edit(scores=[record.rules.target + 5, 0])
    yield "huge hand number", edit(hand=10**30)
    yield "illegal move", edit(moves=" ".join(moves[:1] + ["0xAS" if moves[1][0] == "0" else "1xAS"] + moves[2:]))
    yield "out of turn", edit(moves=" ".join([("1" if moves[0][0] == "0" else "0") + moves[0][1:]] + moves[1:]))
    yield "missing moves", edit(moves=" ".join(moves[:-1]))
    yield "move after the end", edit(moves=" ".join(moves + [moves[-2]]))
    yield "other ending", edit(end={**d["end"], "points": d["end"]["points"] + 1})
    yield "ending without winner", edit(end={**d["end"], "winner": None})
    yield "ended but no ending", edit(end=None)
    yield "too large", " " * (70 * 1024) + text
    yield "deep", "[" * 5000 + "]" * 5000


def test_a_damaged_record_is_refused_with_a_reason_never_a_crash():
    record = max((r for r, *_ in play_recorded(VAN, 2, hands=3)), key=lambda r: len(r.moves))
    assert record.end is not None and record.end.kind != "dead"
    for name, text in _damaged_variants(record):
        with pytest.raises(RecordError) as caught:
            replay(HandRecord.from_json(text))
        assert str(caught.value), name


def test_random_damage_is_refused_or_harmless():
    """Any edit of the text either still gives a record that replays, or a RecordError: nothing else escapes."""
    record = play_recorded(VAN, 8, hands=1)[0][0]
    text = record.to_json()
    rng = random.Random(11)
    refused = 0
    for _ in range(1500):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice('0123456789ACDHSTJQKxskdptbz :,"[]{}-')
        try:
            replay(HandRecord.from_json("".join(chars)))
        except RecordError:
            refused += 1
    assert refused > 1000


def test_a_history_file_round_trips_and_names_its_damaged_lines():
    played = play_recorded(CLASSIC.with_(target=50), 12, levels=("easy", "hard"))
    records = [r for r, *_ in played]
    header = FileHeader(match="abc123", seat=0, names=("Ava", ""), opponent="hard", mode="bot", when=1.7e9,
                        scores=(12, 55), finished=True)
    text = dump_file(header, records)
    assert text.count("\n") == len(records) + 1 and all(json.loads(line) for line in text.splitlines())
    loaded = load_file(text)
    assert loaded.header == header and list(loaded.hands) == records and not loaded.problems
    assert load_file(text.encode("utf-8")).hands == loaded.hands
    lines = text.splitlines()
    lines[2] = lines[2].replace('"moves":"', '"moves":"0xAS ', 1)
    damaged = load_file("\n".join(lines))
    assert len(damaged.hands) == len(records) - 1 and damaged.problems[0].startswith("line 3:")
    for bad in ("", "\n\n", "not json\n" + lines[1], json.dumps({"format": FORMAT}) + "\n" + lines[1],
                lines[0] + "\n", lines[0] + "\n" + "{}\n", b"\xff\xfe" * 10,
                json.dumps({**header.to_dict(), "version": 7}) + "\n" + lines[1],
                json.dumps({**header.to_dict(), "match": "a b"}) + "\n" + lines[1]):
        with pytest.raises(RecordError):
            load_file(bad)


def test_the_command_line_prints_a_hand(tmp_path):
    played = play_recorded(VAN, 6, levels=("easy", "hard"), hands=2)
    path = tmp_path / "match.jsonl"
    path.write_text(dump_file(FileHeader(match="m1", opponent="hard"), [r for r, *_ in played]), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "game.replay", str(path), "--hand", "2", "--coach"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Hand 2" in out and "Hand 1 " not in out and "Coach:" in out
    result = played[1][1]
    assert result.sum_text in out
    assert "pygame" not in run.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a history\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "game.replay", str(bad)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1 and "not a usable" in run.stderr and "Traceback" not in run.stderr
