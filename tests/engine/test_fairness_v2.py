"""The fair deal's version 2 (docs/fairness.md): the player's seed and the dealer bound into the deal, the
documented vectors, the single-file checker, records kept with each hand, and saves that notice a
replaced secret."""
from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

from game.engine import VAN, DeckSource, FairDeal, MatchState, NextHand, Phase, TimerMove, new_match, observe
from game.engine.fairness import commitment, deal_order, fingerprint, hand_key
from game.engine.fairness_check import verify, verify_record
from game.engine.record import HandRecord
from game.engine.record_fair import DealSeal
from game.engine.record_file import FileHeader, dump_file

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "fairness.md"
CHECKER = ROOT / "tools" / "verify_deal.py"
SECRET = bytes(range(50, 82))


def _checker():
    spec = importlib.util.spec_from_file_location("verify_deal", CHECKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STANDALONE = _checker()


def doc_vectors():
    vectors = []
    for chunk in DOC.read_text(encoding="utf-8").split("```vector")[1:]:
        fields = {}
        for line in chunk.split("```")[0].strip().splitlines():
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
        vectors.append(fields)
    return vectors


V2 = [v for v in doc_vectors() if "player_seed" in v and v.get("version") != "3"]


def test_the_document_holds_version_2_vectors_with_a_seed_beyond_ascii():
    assert len(V2) >= 3
    assert any(v["player_seed"] == "" for v in V2) and any(not v["player_seed"].isascii() for v in V2)
    assert {v["dealer"] for v in V2} == {"0", "1"}


@pytest.mark.parametrize("vector", V2, ids=lambda v: f"hand{v['hand_no']}-dealer{v['dealer']}")
def test_documented_version_2_vector(vector):
    secret = bytes.fromhex(vector["secret"])
    seed, cut = vector["player_seed"], int(vector["cut"])
    hand_no, dealer = int(vector["hand_no"]), int(vector["dealer"])
    assert commitment(secret) == vector["commitment"] == hashlib.sha256(secret).hexdigest()
    assert fingerprint(vector["commitment"]) == vector["fingerprint"]
    key = hand_key(secret, seed, cut, hand_no, dealer)
    assert key.hex() == vector["hand_key"]
    assert hmac.new(key, (0).to_bytes(4, "big"), hashlib.sha256).hexdigest() == vector["block0"]
    order = vector["order"].split()
    assert [str(c) for c in deal_order(secret, cut, hand_no, seed, dealer)] == order
    key = STANDALONE.key_v2(secret, seed.encode(), cut, hand_no, dealer)
    assert STANDALONE.order_from(STANDALONE.blocks_keyed(key)) == order
    assert verify(vector["commitment"], vector["secret"], cut, hand_no, order, player_seed=seed, dealer=dealer)
    # the other dealer, another seed, another cut: another deal
    assert deal_order(secret, cut, hand_no, seed, 1 - dealer) != deal_order(secret, cut, hand_no, seed, dealer)
    assert deal_order(secret, cut, hand_no, seed + "!", dealer) != deal_order(secret, cut, hand_no, seed, dealer)
    assert deal_order(secret, cut ^ 1, hand_no, seed, dealer) != deal_order(secret, cut, hand_no, seed, dealer)


def test_the_documented_export_line_checks_out_in_both_checkers():
    line = DOC.read_text(encoding="utf-8").split("```json")[1].split("```")[0].strip()
    record = json.loads(line)
    assert record["version"] == 2 and verify_record(record) and STANDALONE.check(record) is None
    first = V2[0]
    assert record["secret"] == first["secret"] and record["order"] == first["order"].split()
    deal = FairDeal(bytes.fromhex(first["secret"]), 0, 0, first["player_seed"], record["dealer"])
    assert deal.export_line(record["dealer"]) == line


# ---------------------------------------------------------------- what a record binds


def _record(seed="a phrase of mine", cut=7, hand_no=2, dealer=0):
    return FairDeal(SECRET, cut, hand_no, seed, dealer).record(dealer)


def _relabelled(record):
    """The same cards told as dealt by the other seat: the hands swapped to match."""
    other = dict(record, dealer=1 - record["dealer"], hands=[record["hands"][1], record["hands"][0]])
    return other


def _tampered():
    good = _record()
    swapped = dict(good, order=list(good["order"]))
    swapped["order"][30], swapped["order"][31] = swapped["order"][31], swapped["order"][30]
    flipped = bytearray(SECRET)
    flipped[5] ^= 1
    return {
        "a card moved": swapped,
        "a byte of the secret": dict(good, secret=bytes(flipped).hex()),
        "the dealer flipped": _relabelled(good),
        "the dealer flipped, hands kept": dict(good, dealer=1),
        "the player's seed": dict(good, player_seed="a phrase of mine."),
        "the cut": dict(good, cut=8),
        "the hand number": dict(good, hand_no=3),
        "upper-case hex": dict(good, secret=good["secret"].upper()),
        "no dealer": {k: v for k, v in good.items() if k != "dealer"},
        "no seed": {k: v for k, v in good.items() if k != "player_seed"},
        "dealer true": dict(good, dealer=True),
    }


def test_a_version_2_record_checks_out_in_both_checkers():
    record = _record()
    assert verify_record(record) and STANDALONE.check(record) is None
    assert verify_record(json.loads(json.dumps(record)))


@pytest.mark.parametrize("name", list(_tampered()))
def test_both_checkers_refuse_a_changed_record(name):
    record = _tampered()[name]
    assert not verify_record(record), name
    assert STANDALONE.check(record) is not None, name


def test_version_1_records_still_check_out_in_both_checkers():
    record = FairDeal(SECRET, 9, 4).record(1)
    assert record["version"] == 1 and "player_seed" not in record
    assert verify_record(record) and STANDALONE.check(record) is None
    lenient = dict(record, secret=" " + record["secret"].upper())
    assert verify_record(lenient) and STANDALONE.check(lenient) is None
    assert not verify_record(dict(record, cut=10)) and STANDALONE.check(dict(record, cut=10)) is not None


def test_the_single_file_checker_uses_the_standard_library_only():
    imports = [line.split()[1] for line in CHECKER.read_text(encoding="utf-8").splitlines()
               if line.startswith(("import ", "from "))]
    assert imports and all(name.split(".")[0] in sys.stdlib_module_names for name in imports)


def _run(args, cwd=ROOT):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, timeout=120)


# ---------------------------------------------------------------- a match dealt with the player's seed


def _played(seed="my own words", hands=3):
    """A match dealt by version 2 for ``hands`` hands: (state, exported lines, finished hand records)."""
    source = DeckSource(SECRET, 11, player_seed=seed)
    state, _ = new_match(VAN, 5, source=source)
    lines, records = [], []
    record = HandRecord.at_deal(state)
    for n in range(hands):
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            seat = state.to_act
            state.apply(TimerMove(), None)
            record = record.with_move(seat, TimerMove())
        lines.append(state.export_hand())
        records.append(record.finished(state.last_result, state.revealed_deal()))
        if state.phase is Phase.MATCH_OVER or n == hands - 1:
            break
        secret = hashlib.sha256(SECRET + bytes([n])).digest()
        state.next_hand(DeckSource(secret, n, player_seed=seed + str(n)))
        record = HandRecord.at_deal(state)
    return state, lines, records


def test_a_match_deals_by_version_2_binds_its_dealer_and_no_seat_sees_the_seed():
    seed = "nobody else knows this"
    source = DeckSource(SECRET, 11, player_seed=seed)
    state, events = new_match(VAN, 5, source=source)
    assert state.deal.version == 2 and state.deal.dealer == state.dealer
    assert state.deal.order == deal_order(SECRET, 11, 0, seed, state.dealer)
    for seat in (0, 1):
        seen = repr(observe(state, seat)) + repr([e.seen_by(seat) for e in events])
        assert seed not in seen and SECRET.hex() not in seen
    _, lines, _ = _played(seed)
    assert lines and all(verify_record(json.loads(line)) for line in lines)
    assert all(json.loads(line)["version"] == 2 for line in lines)


def test_a_hand_record_keeps_its_seal_and_shows_the_secret_only_once_over():
    state, lines, records = _played()
    first = HandRecord.at_deal(new_match(VAN, 5, source=DeckSource(SECRET, 11, player_seed="my own words"))[0])
    assert first.fair is not None and first.fair.secret is None and first.fair.player_seed == "my own words"
    assert "secret" not in first.to_dict()["fair"]
    for record, line in zip(records, lines, strict=True):
        again = HandRecord.from_json(record.to_json())
        assert again == record and again.fair.secret is not None
        assert again.fair_export() == json.loads(line)
        assert verify_record(again.fair_export())


def test_a_history_file_checks_out_through_its_recorded_seals(tmp_path):
    _, _, records = _played()
    path = tmp_path / "match.json"
    path.write_text(dump_file(FileHeader(match="abc123"), records), encoding="utf-8")
    run = _run(["-m", "game.verify", str(path)])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count(": OK") == len(records)
    # a recorded card changed in the seal's secret: named, and the file fails
    data = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    data[1]["fair"]["secret"] = "0" * 64
    data[-1].pop("fair")
    path.write_text("\n".join(json.dumps(d) for d in data) + "\n", encoding="utf-8")
    run = _run(["-m", "game.verify", str(path)])
    assert run.returncode == 1 and run.stdout.strip().endswith("FAILED")
    assert "does not match the commitment" in run.stdout and "carries no fair deal" in run.stdout


def test_a_day_is_never_taken_as_checked_for_hands_exported_for_replay(tmp_path):
    from game import verify

    _, _, records = _played()
    ok, report = verify.check_text(dump_file(FileHeader(match="abc123"), records), "2026-12-03")
    assert not ok and all("exported for replay" in line for line in report if line.startswith("line"))


def test_the_single_file_checker_runs_on_the_games_exports(tmp_path):
    _, lines, _ = _played()
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = _run([str(CHECKER), str(path)], cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("OK"), run.stdout + run.stderr
    bad = json.loads(lines[0])
    bad["player_seed"] += "x"
    path.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    run = _run([str(CHECKER), str(path)], cwd=tmp_path)
    assert run.returncode == 1 and "DOES NOT MATCH" in run.stdout


def test_the_simulator_writes_fair_records_that_verify(tmp_path):
    run = _run(["-m", "game.sim", "simple", "simple", "--matches", "2", "--target", "30",
                "--fair-records", str(tmp_path)])
    assert run.returncode == 0, run.stderr
    files = sorted(tmp_path.glob("match-*.jsonl"))
    assert len(files) == 2
    for f in files:
        lines = f.read_text(encoding="utf-8").splitlines()
        assert lines and all(verify_record(json.loads(line)) for line in lines)
        assert _run(["-m", "game.verify", str(f)]).returncode == 0


# ---------------------------------------------------------------- saves


def test_a_version_2_deal_survives_a_save():
    state, _ = new_match(VAN, 8, source=DeckSource(SECRET, 3, player_seed="kept", by_player=False))
    state.apply(TimerMove())
    loaded = MatchState.from_json(state.to_json())
    assert loaded == state and loaded.deal == state.deal and loaded.deal_notice is None
    assert loaded.deal.player_seed == "kept" and loaded.deal.by_player is False


def test_a_save_whose_secret_was_replaced_is_noticed():
    state, _ = new_match(VAN, 8, source=DeckSource(SECRET, 3, player_seed="kept"))
    data = state.to_dict()
    other = bytes(32)
    data["deal"]["secret"] = other.hex()
    loaded = MatchState.from_dict(data)
    assert loaded.deal is None and loaded.deal_notice == "seal"
    # with the cards rearranged to the new secret too, the commitment still gives it away
    order = [str(c) for c in deal_order(other, 3, 0, "kept", state.dealer)]
    non_dealer, dealer = order[0:20:2], order[1:20:2]
    data["hands"] = [dealer, non_dealer] if state.dealer == 0 else [non_dealer, dealer]
    data["upcard"], data["discard"], data["stock"] = order[20], [order[20]], order[:20:-1]
    assert MatchState.from_dict(data).deal_notice == "seal"
    # a save from before the commitment was saved: the replaced secret does not give its cards
    old = state.to_dict()
    old["deal"] = {"hand_no": 0, "cut": 3, "secret": other.hex()}
    assert MatchState.from_dict(old).deal_notice == "cards"
    assert MatchState.from_dict(state.to_dict()).deal_notice is None


def test_a_new_hand_can_follow_a_loaded_version_2_save():
    state, _ = new_match(VAN, 8, source=DeckSource(SECRET, 3, player_seed="kept"))
    while state.phase is not Phase.HAND_OVER:
        state.apply(TimerMove())
    loaded = MatchState.from_json(state.to_json())
    assert loaded.export_hand() == state.export_hand()
    loaded.apply(NextHand())
    assert loaded.deal is not None and loaded.deal.version == 1  # the seed's deal, when no source is given
    assert DealSeal.of(loaded.deal).secret is None
