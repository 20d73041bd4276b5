"""The provably fair deal: the documented test vectors, verification, the export and its checker, the
state machine dealing from a secret and a cut, secrecy until the hand is over, and no bias."""
import dataclasses
import hashlib
import hmac
import json
import pathlib
import random
import struct
import subprocess
import sys

import pytest

from game.engine import (
    DECK,
    VAN,
    Card,
    DeckSource,
    Event,
    FairDeal,
    HandDealt,
    IllegalAction,
    IllegalReason,
    MatchState,
    NextHand,
    Observation,
    Phase,
    SaveError,
    TimerMove,
    commitment,
    deal_order,
    dealt_hands,
    derive_bytes,
    fingerprint,
    new_match,
    observe,
    seeded_secret,
    verify,
    verify_record,
)
from game.engine.fairness import CUT_MAX, _shuffle, stream_block

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "fairness.md"


# ---------------------------------------------------------------- an independent implementation


def reference_order(secret: bytes, cut: int, hand_no: int) -> list[str]:
    """docs/fairness.md, written out again from the text alone (a whole buffer, not a generator)."""
    names = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    buffer = b""
    block = 0
    offset = 0

    def next_word():
        nonlocal buffer, block, offset
        if offset + 4 > len(buffer):
            numbers = cut.to_bytes(4, "big") + hand_no.to_bytes(4, "big") + block.to_bytes(4, "big")
            buffer += hmac.new(secret, b"gin-rummy/deal/v1" + numbers, hashlib.sha256).digest()
            block += 1
        word = int.from_bytes(buffer[offset:offset + 4], "big")
        offset += 4
        return word

    deck = list(names)
    for i in range(51, 0, -1):
        n = i + 1
        while True:
            x = next_word()
            if x < 2**32 - (2**32 % n):
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# ---------------------------------------------------------------- the documented vectors


def doc_vectors():
    text = DOC.read_text(encoding="utf-8")
    vectors = []
    for chunk in text.split("```vector")[1:]:
        body = chunk.split("```")[0]
        fields = {}
        for line in body.strip().splitlines():
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
        vectors.append(fields)
    return vectors


VECTORS = [v for v in doc_vectors() if "player_seed" not in v and "version" not in v]  # version 1 (v2, v3: own files)


def test_the_document_holds_test_vectors():
    assert len(VECTORS) >= 4
    assert any("seed" in v for v in VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"hand{v['hand_no']}-cut{v['cut']}")
def test_documented_vector(vector):
    secret = bytes.fromhex(vector["secret"])
    cut, hand_no = int(vector["cut"]), int(vector["hand_no"])
    assert commitment(secret) == vector["commitment"] == hashlib.sha256(secret).hexdigest()
    assert fingerprint(vector["commitment"]) == vector["fingerprint"]
    assert stream_block(secret, cut, hand_no, 0).hex() == vector["block0"]
    order = vector["order"].split()
    assert [str(c) for c in deal_order(secret, cut, hand_no)] == order
    assert reference_order(secret, cut, hand_no) == order
    assert verify(vector["commitment"], vector["secret"], cut, hand_no, order)
    if "seed" in vector:
        seed = int(vector["seed"])
        assert seeded_secret(seed, hand_no) == secret == derive_bytes(seed, f"secret/deal/{hand_no}")
        # a seeded match deals exactly this order
        state, events = new_match(VAN, seed)
        assert state.hand_no == hand_no and state.deal.cut == cut
        hands = dealt_hands(deal_order(secret, cut, hand_no), state.dealer)
        assert tuple(state.hands[0]) == hands[0] and tuple(state.hands[1]) == hands[1]
        assert str(state.upcard) == order[20]
        assert [str(c) for c in reversed(state.stock)] == order[21:]
        assert events[0].commitment == vector["commitment"]


def test_the_engine_agrees_with_the_reference_on_many_inputs():
    rng = random.Random("reference")
    for _ in range(200):
        secret = rng.randbytes(32)
        cut = rng.choice([0, 1, 51, CUT_MAX, rng.randrange(2**32)])
        hand_no = rng.randrange(1000)
        assert [str(c) for c in deal_order(secret, cut, hand_no)] == reference_order(secret, cut, hand_no)


def test_rejected_numbers_are_drawn_again_past_the_first_seven_blocks():
    """The shuffle reads seven blocks at once; a stream full of rejections must read on, as the text says."""
    rng = random.Random("rejections")
    for _ in range(50):
        words = [0xFFFFFFFF if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(400)]
        deck = list(range(52))
        stream = iter(words)
        for i in range(51, 0, -1):
            n = i + 1
            x = next(stream)
            while x >= 2**32 - (2**32 % n):
                x = next(stream)
            j = x % n
            deck[i], deck[j] = deck[j], deck[i]
        blocks = [struct.pack(">8I", *words[k:k + 8]) for k in range(0, len(words), 8)]
        assert list(_shuffle(blocks.__getitem__)) == deck


# ---------------------------------------------------------------- verification


SECRET = bytes(range(100, 132))


def _good():
    return commitment(SECRET), SECRET, 9, 4, list(deal_order(SECRET, 9, 4))


def test_verify_accepts_the_true_hand_and_explains():
    result = verify(*_good())
    assert result.ok and bool(result)
    ok, explanation = result
    assert ok and explanation.startswith("OK") and fingerprint(commitment(SECRET)) in explanation
    # the secret may be given as hex, the order as text or cards
    c, s, cut, hand, order = _good()
    assert verify(c.upper(), s.hex(), cut, hand, [str(x) for x in order])


def _flip(data: bytes, bit: int) -> bytes:
    b = bytearray(data)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


@pytest.mark.parametrize("tamper,message", [
    (lambda c, s, cut, h, o: (c, _flip(s, 0), cut, h, o), "does not match the commitment"),
    (lambda c, s, cut, h, o: (c, _flip(s, 255), cut, h, o), "does not match the commitment"),
    (lambda c, s, cut, h, o: (c, s, cut + 1, h, o), "first difference"),
    (lambda c, s, cut, h, o: (c, s, 0, h, o), "first difference"),
    (lambda c, s, cut, h, o: (c, s, cut, h + 1, o), "first difference"),
    (lambda c, s, cut, h, o: (c, s, cut, h, o[1:] + o[:1]), "first difference at card 1"),
    (lambda c, s, cut, h, o: (c, s, cut, h, o[:50] + [o[51], o[50]]), "card 51"),
    (lambda c, s, cut, h, o: (c[:-1] + ("0" if c[-1] != "0" else "1"), s, cut, h, o), "commitment"),
    (lambda c, s, cut, h, o: ("xyz", s, cut, h, o), "64 hex digits"),
    (lambda c, s, cut, h, o: (c, s[:31], cut, h, o), "32 bytes"),
    (lambda c, s, cut, h, o: (c, "zz" * 32, cut, h, o), "hex digits"),
    (lambda c, s, cut, h, o: (c, s, -1, h, o), "the cut"),
    (lambda c, s, cut, h, o: (c, s, CUT_MAX + 1, h, o), "the cut"),
    (lambda c, s, cut, h, o: (c, s, cut, -1, o), "hand number"),
    (lambda c, s, cut, h, o: (c, s, cut, h, o[:51]), "52 cards"),
    (lambda c, s, cut, h, o: (c, s, cut, h, o[:51] + [o[0]]), "52 cards"),
    (lambda c, s, cut, h, o: (c, s, cut, h, ["ZZ"] * 52), "not a card"),
])
def test_verify_refuses_a_tampered_secret_cut_hand_or_order(tamper, message):
    result = verify(*tamper(*_good()))
    assert not result.ok and not bool(result)
    ok, explanation = result
    assert not ok and message in explanation


def test_a_record_with_tampered_hands_or_upcard_fails():
    record = FairDeal(SECRET, 9, 4).record(dealer=0)
    assert verify_record(record)
    swapped = json.loads(json.dumps(record))
    swapped["hands"] = [swapped["hands"][1], swapped["hands"][0]]
    assert "dealt hand does not follow" in verify_record(swapped).explanation
    wrong_dealer = {**record, "dealer": 1}
    assert not verify_record(wrong_dealer)
    upcard = {**record, "upcard": record["order"][21]}
    assert "upcard" in verify_record(upcard).explanation
    for broken in ({**record, "format": "x"}, {**record, "version": 2}, {k: v for k, v in record.items() if k != "cut"},
                   {**record, "secret": 5}, {**record, "order": "AS"}, {**record, "dealer": 2}, [], "text"):
        assert not verify_record(broken)


# ---------------------------------------------------------------- python3 -m game.verify


def _run_verify(path):
    return subprocess.run([sys.executable, "-m", "game.verify", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def _played_export(seed, hands=3):
    """The JSON lines of a few hands of a match dealt from fresh secrets and cuts."""
    rng = random.Random(seed)
    state, _ = new_match(VAN, seed, source=DeckSource(rng.randbytes(32), rng.randrange(52)))
    lines = []
    for _ in range(hands):
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            state.apply(TimerMove())
        lines.append(state.export_hand())
        if state.phase is Phase.MATCH_OVER:
            break
        state.next_hand(DeckSource(rng.randbytes(32), rng.randrange(2**32)))
    return lines


def test_verify_command_says_ok_and_exits_0(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(_played_export(5)) + "\n", encoding="utf-8")
    run = _run_verify(path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count(": OK") == 3 and run.stdout.strip().endswith("OK")


def test_verify_command_says_what_does_not_match_and_exits_1(tmp_path):
    lines = _played_export(6)
    record = json.loads(lines[1])
    record["secret"] = _flip(bytes.fromhex(record["secret"]), 3).hex()
    lines[1] = json.dumps(record)
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    run = _run_verify(path)
    assert run.returncode == 1
    out = run.stdout.splitlines()
    assert ": OK" in out[0] and "DOES NOT MATCH" in out[1] and "commitment" in out[1] and ": OK" in out[2]
    assert out[-1] == "FAILED"
    for text in ("", "not json\n", json.dumps({"format": "gin-rummy-fair-deal"})):
        path.write_text(text, encoding="utf-8")
        assert _run_verify(path).returncode == 1
    assert _run_verify(tmp_path / "missing.jsonl").returncode == 1


# ---------------------------------------------------------------- the state machine


def test_a_match_can_start_and_go_on_from_secrets_and_cuts():
    first = DeckSource(bytes(32), 7)
    state, events = new_match(VAN, 1, source=first)
    order = deal_order(bytes(32), 7, 0)
    hands = dealt_hands(order, state.dealer)
    assert (tuple(state.hands[0]), tuple(state.hands[1])) == hands
    assert state.upcard == order[20] and state.stock[-1] == order[21] and len(state.stock) == 31
    assert events[0].commitment == state.deal_commitment == commitment(bytes(32))
    while state.phase is not Phase.HAND_OVER:
        state.apply(TimerMove())
    second = DeckSource(b"\x07" * 32, CUT_MAX)
    state.next_hand(second)
    assert state.hand_no == 1 and state.deal == FairDeal(b"\x07" * 32, CUT_MAX, 1)
    assert state.upcard == deal_order(b"\x07" * 32, CUT_MAX, 1)[20]
    # next_hand is refused like NextHand, and changes nothing
    during = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        state.next_hand(second)
    assert info.value.reason is IllegalReason.WRONG_PHASE and state.to_dict() == during
    # without a source the seed deals, as before
    while state.phase is not Phase.HAND_OVER:
        state.apply(TimerMove())
    state.apply(NextHand())
    assert state.deal.secret == seeded_secret(1, 2) and state.deal.cut == 0


def test_same_secret_and_cut_same_deal_and_any_change_another_deal():
    a, _ = new_match(VAN, 3, source=DeckSource(SECRET, 10))
    b, _ = new_match(VAN, 3, source=DeckSource(SECRET, 10))
    c, _ = new_match(VAN, 3, source=DeckSource(SECRET, 11))
    d, _ = new_match(VAN, 3, source=DeckSource(_flip(SECRET, 9), 10))
    assert a == b
    assert a.hands != c.hands and a.hands != d.hands


def test_a_source_is_checked():
    with pytest.raises(ValueError, match="32 bytes"):
        DeckSource(b"short", 0)
    with pytest.raises(ValueError, match="the cut"):
        DeckSource(SECRET, 2**32)
    with pytest.raises(ValueError, match="the cut"):
        DeckSource(SECRET, True)
    with pytest.raises(ValueError):
        DeckSource("00" * 32, 0)


def test_export_only_once_the_hand_is_over_and_the_export_verifies():
    state, _ = new_match(VAN, 8, source=DeckSource(SECRET, 2))
    with pytest.raises(ValueError, match="secret stays hidden"):
        state.export_hand()
    assert state.revealed_deal() is None
    while state.phase is not Phase.HAND_OVER:
        state.apply(TimerMove())
    line = state.export_hand()
    record = json.loads(line)
    assert verify_record(record) and record["hand_no"] == 0 and record["secret"] == SECRET.hex()
    assert record["dealer"] == state.last_result.dealer
    assert state.revealed_deal() == FairDeal(SECRET, 2, 0)


def test_the_deal_survives_a_save_and_a_tampered_deal_is_dropped_or_refused():
    state, _ = new_match(VAN, 8, source=DeckSource(SECRET, 2))
    state.apply(TimerMove())
    loaded = MatchState.from_json(state.to_json())
    assert loaded == state and loaded.deal == state.deal
    while loaded.phase is not Phase.HAND_OVER:
        loaded.apply(TimerMove())
        state.apply(TimerMove())
    assert loaded.export_hand() == state.export_hand()
    data = state.to_dict()
    # a deal that does not give these cards is dropped: the match loads, the hand cannot be exported
    for change in (
        lambda d: d["deal"].__setitem__("secret", _flip(SECRET, 0).hex()),
        lambda d: d["deal"].__setitem__("cut", 3),
        lambda d: d["deal"].__setitem__("hand_no", 1),
        lambda d: d.__setitem__("stock", d["stock"][1:] + d["stock"][:1]),
    ):
        edited = json.loads(json.dumps(data))
        change(edited)
        loaded = MatchState.from_dict(edited)
        assert loaded.deal is None and loaded.revealed_deal() is None
        with pytest.raises(ValueError, match="only a finished hand"):
            loaded.export_hand()
    # a deal field that is not one is refused with the save
    for change, message in (
        (lambda d: d["deal"].__setitem__("secret", "AB" * 32), "hex digits"),
        (lambda d: d["deal"].__setitem__("secret", "ab" * 31), "hex digits"),
        (lambda d: d["deal"].__setitem__("cut", 2**40), "out of range"),
        (lambda d: d["deal"].pop("cut"), "must hold"),
        (lambda d: d.__setitem__("deal", "secret"), "must hold"),
    ):
        damaged = json.loads(json.dumps(data))
        change(damaged)
        with pytest.raises(SaveError, match=message):
            MatchState.from_dict(damaged)


def test_a_save_from_before_the_fair_deal_still_loads_and_plays_on():
    state, _ = new_match(VAN, 12)
    data = state.to_dict()
    del data["deal"]  # saves written before the fair deal have no such field
    loaded = MatchState.from_dict(data)
    assert loaded.deal is None and loaded.deal_commitment is None
    while loaded.phase is not Phase.HAND_OVER:
        loaded.apply(TimerMove())
    with pytest.raises(ValueError):
        loaded.export_hand()
    loaded.apply(NextHand())
    assert loaded.deal is not None and loaded.deal.secret == seeded_secret(12, 1)


# ---------------------------------------------------------------- nothing secret reaches a seat


def _walk(thing, found, seen):
    """Every bytes, str, Card and FairDeal inside ``thing`` (dataclasses, tuples, lists, dicts)."""
    if isinstance(thing, (bytes, bytearray, str, FairDeal, DeckSource)):
        found.append(thing)
        if not isinstance(thing, (FairDeal, DeckSource)):
            return
    if isinstance(thing, (int, float, bool)) or thing is None or id(thing) in seen:
        return
    seen.add(id(thing))
    assert not isinstance(thing, MatchState)
    if dataclasses.is_dataclass(thing):
        for f in dataclasses.fields(thing):
            _walk(getattr(thing, f.name), found, seen)
    elif isinstance(thing, dict):
        for k, v in thing.items():
            _walk(k, found, seen)
            _walk(v, found, seen)
    elif isinstance(thing, (list, tuple, set, frozenset)):
        for v in thing:
            _walk(v, found, seen)


def _leaks(thing, secret: bytes):
    found = []
    _walk(thing, found, set())
    bad = []
    for x in found:
        if isinstance(x, (FairDeal, DeckSource)):
            bad.append(type(x).__name__)
        elif isinstance(x, (bytes, bytearray)) and secret in bytes(x):
            bad.append("the secret's bytes")
        elif isinstance(x, str) and (secret.hex() in x.lower() or secret.hex()[:16] in x.lower()):
            bad.append("the secret's hex")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("rules", [VAN, VAN.with_(upcard_offer="classic", target=30)])
def test_no_seat_ever_sees_the_secret(rules):
    """Events and observations carry the commitment only; the secret stays in the state, which shows it
    (``revealed_deal``, ``export_hand``) once the hand is over."""
    secret = bytes(range(7, 39))
    state, events = new_match(rules, 44, source=DeckSource(secret, 5))
    dealt = [e for e in events if isinstance(e, HandDealt)][0]
    assert dealt.commitment == commitment(secret) and dealt.seen_by(0).commitment == dealt.commitment
    rng = random.Random(1)
    for _ in range(3000):
        for p in (0, 1):
            obs = observe(state, p)
            assert obs.deal_commitment == state.deal_commitment
            assert not _leaks(obs, secret), _leaks(obs, secret)
            for e in events:
                seen = e.seen_by(p)
                assert isinstance(seen, (Event, Observation))
                assert not _leaks(seen, secret), (seen, _leaks(seen, secret))
        if state.phase is Phase.MATCH_OVER:
            break
        if state.phase is Phase.HAND_OVER:
            assert state.revealed_deal().secret == secret
            secret = rng.randbytes(32)
            events = state.next_hand(DeckSource(secret, rng.randrange(52)))
            continue
        assert state.revealed_deal() is None
        actions = state.legal_actions()
        events = state.apply(rng.choice(actions) if rng.random() < 0.3 else TimerMove())
    else:
        raise AssertionError("the match did not end")
    assert secret.hex() not in repr(DeckSource(secret, 5)) and secret.hex() not in repr(FairDeal(secret, 5, 0))
    assert str(secret) not in repr(FairDeal(secret, 5, 0))


def test_the_leak_check_can_fail():
    secret = bytes(range(7, 39))
    assert _leaks(FairDeal(secret, 5, 0), secret)
    assert _leaks({"x": secret.hex()}, secret)
    assert _leaks((1, [b"..." + secret]), secret)
    assert not _leaks({"x": commitment(secret)}, secret)


# ---------------------------------------------------------------- no bias


def _position_table(shuffle, deals):
    table = [[0] * 52 for _ in range(52)]
    for n in range(deals):
        for position, card in enumerate(shuffle(n)):
            table[int(card)][position] += 1
    return table


def _chi_square(table, deals):
    expected = deals / 52
    return sum((count - expected) ** 2 / expected for row in table for count in row)


DEALS = 20_000
DF = 51 * 51  # a 52 x 52 table whose rows and columns each add up to DEALS
# generous: the mean is DF and the standard deviation sqrt(2 * DF) ~ 72; this is DF + 6 standard deviations
THRESHOLD = DF + 6 * (2 * DF) ** 0.5


def _fair(n):
    return deal_order(derive_bytes(20_000, f"chi-square/{n}"), n % 52, n)


def test_chi_square_finds_no_bias_in_card_positions():
    table = _position_table(_fair, DEALS)
    assert all(sum(row) == DEALS for row in table)
    assert all(sum(table[c][p] for c in range(52)) == DEALS for p in range(52))
    chi2 = _chi_square(table, DEALS)
    assert chi2 < THRESHOLD, f"chi-square {chi2:.0f} with {DF} degrees of freedom"
    assert chi2 > DF - 6 * (2 * DF) ** 0.5  # suspiciously perfect would be a broken test


def test_the_chi_square_test_does_find_a_biased_shuffle():
    """A shuffle with modulo bias (one byte per draw, no rejection) must fail the same threshold."""

    def biased(n):
        rng = random.Random(n)
        deck = list(DECK)
        for i in range(51, 0, -1):
            j = rng.randrange(256) % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    assert _chi_square(_position_table(biased, DEALS), DEALS) > THRESHOLD


def test_every_card_is_dealt_exactly_once():
    for n in range(200):
        order = _fair(n)
        assert sorted(order) == list(DECK) and all(isinstance(c, Card) for c in order)
