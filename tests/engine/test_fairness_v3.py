"""The fair deal's version 3 (docs/fairness.md): the whole match sealed by one hash chain before the player's
seed, each hand checked the moment it ends, the documented vectors in both checkers, records and saves."""
from __future__ import annotations

import datetime
import hashlib
import hmac
import importlib.util
import json
import pathlib
import re

import pytest

from game.engine import VAN, DeckSource, FairDeal, MatchState, Phase, TimerMove, new_match, observe
from game.engine.daily import daily_deal
from game.engine.fairness import CHAIN_LINKS, chain_commitment, deal_order_v3, fingerprint, hand_key_v3
from game.engine.fairness_chain import MatchSeal
from game.engine.fairness_check import verify_deal, verify_record
from game.engine.record import HandRecord

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "fairness.md"
ROOT_SECRET = bytes(range(200, 232))


def _checker():
    spec = importlib.util.spec_from_file_location("verify_deal", ROOT / "tools" / "verify_deal.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STANDALONE = _checker()


def doc_vectors():
    vectors = []
    for chunk in DOC.read_text(encoding="utf-8").split("```vector")[1:]:
        fields = {}
        for line in chunk.split("```")[0].strip().splitlines():
            key, _, value = line.partition(": ")
            fields[key] = value
        vectors.append(fields)
    return [v for v in vectors if v.get("version") == "3"]


V3 = doc_vectors()


def test_the_document_holds_version_3_vectors_with_cut_for_me_and_a_line_break_in_the_seed():
    assert len(V3) >= 3
    seeds = [json.loads(v["player_seed_json"]) for v in V3]
    assert "" in seeds and any("\u2028" in s for s in seeds) and any(not s.isascii() for s in seeds)
    assert "0" in {v["cut"] for v in V3} and {v["dealer"] for v in V3} == {"0", "1"}


@pytest.mark.parametrize("vector", V3, ids=lambda v: f"link{v['link']}")
def test_documented_version_3_vector(vector):
    first, link, hand, cut, dealer = (int(vector[k]) for k in ("first_hand", "link", "hand", "cut", "dealer"))
    seal = MatchSeal(bytes.fromhex(vector["root"]), first, links=int(vector["links"]))
    seed = json.loads(vector["player_seed_json"])
    secret = bytes.fromhex(vector["secret"])
    assert hand == first + link - 1
    assert seal.commitment == vector["commitment"] == chain_commitment(secret, link, first)
    assert fingerprint(vector["commitment"]) == vector["fingerprint"]
    key = hand_key_v3(secret, seed, cut, hand, dealer)
    assert key.hex() == vector["hand_key"]
    assert hmac.new(key, (0).to_bytes(4, "big"), hashlib.sha256).hexdigest() == vector["block0"]
    order = vector["order"].split()
    assert [str(c) for c in deal_order_v3(secret, cut, hand, seed, dealer)] == order
    alone = STANDALONE.key_v3(secret, seed.encode(), cut, hand, dealer)
    assert STANDALONE.order_from(STANDALONE.blocks_keyed(alone)) == order
    seal.used = link - 1
    seal.take_seed(seed)
    assert seal.next_hand == hand
    source = seal.deal(cut or None)
    assert source.secret == secret and source.cut == cut and source.by_player == (cut != 0)
    assert [str(c) for c in FairDeal.from_source(source, hand - 1, dealer).order] == order


def test_the_documented_version_3_export_is_the_engines_byte_for_byte():
    blocks = DOC.read_text(encoding="utf-8").split("```json")[1:]
    line = next(b.split("```")[0].strip() for b in blocks if '"version": 3' in b)
    record = json.loads(line)
    assert "\\u2028" in line and "\u2028" not in line
    assert verify_record(record) and STANDALONE.check(record) is None
    vector = next(v for v in V3 if int(v["link"]) == record["link"])
    deal = FairDeal(bytes.fromhex(vector["secret"]), record["cut"], record["hand"] - 1,
                    json.loads(vector["player_seed_json"]), record["dealer"], link=record["link"])
    assert deal.export_line(record["dealer"]) == line


def test_the_seal_comes_before_the_seed_and_takes_one_seed():
    seal = MatchSeal(ROOT_SECRET)
    shown = seal.commitment
    with pytest.raises(ValueError, match="seed is asked"):
        seal.deal(3)
    seal.take_seed("mine")
    with pytest.raises(ValueError, match="new seal"):
        seal.take_seed("another")
    first, second = seal.deal(5), seal.deal(None)
    assert first.commitment == second.commitment == shown and (first.link, second.link) == (1, 2)
    assert hashlib.sha256(second.secret).digest() == first.secret  # link 2 hashes to link 1: never the other way
    assert (second.cut, second.by_player) == (0, False)  # "cut for me": the game chooses nothing
    for bad in (0, 53, True, 5.0):
        with pytest.raises(ValueError, match="card from 1 to 52"):
            seal.deal(bad)
    assert ROOT_SECRET.hex() not in repr(seal) and first.secret.hex() not in repr(first)


def test_a_used_up_seal_refuses_to_deal_and_a_saved_one_goes_on_alike():
    seal = MatchSeal(ROOT_SECRET, links=3, player_seed="s")
    assert [seal.deal(1).link for _ in range(3)] == [1, 2, 3] and seal.remaining == 0
    with pytest.raises(ValueError, match="seal the match again"):
        seal.deal(1)
    kept = MatchSeal(ROOT_SECRET, player_seed="s")
    kept.deal(7)
    again = MatchSeal.from_dict(json.loads(json.dumps(kept.to_dict())))
    assert again.commitment == kept.commitment and again.deal(9) == kept.deal(9)
    for bad in ({}, {"root": "zz"}, {"root": "00"}, {"root": ROOT_SECRET.hex(), "used": 1001}):
        with pytest.raises(ValueError):
            MatchSeal.from_dict(bad)
    with pytest.raises(ValueError):
        MatchSeal(ROOT_SECRET, links=CHAIN_LINKS + 1)


def _match(seed="kept all match", hands=3):
    """A match sealed before its seed and dealt by version 3: (seal, state, exported lines, hand records)."""
    seal = MatchSeal(ROOT_SECRET)
    seal.take_seed(seed)
    state, events = new_match(VAN, 5, source=seal.deal(20))
    for seat in (0, 1):
        seen = repr(observe(state, seat)) + repr([e.seen_by(seat) for e in events])
        assert seed not in seen and state.deal.secret.hex() not in seen
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
        state.next_hand(seal.deal(None if n % 2 else 40 + n))
        record = HandRecord.at_deal(state)
    return seal, state, lines, records


def test_every_hand_of_a_sealed_match_checks_the_moment_it_ends_against_the_one_commitment():
    seal, state, lines, records = _match()
    assert len(lines) == 3
    for n, line in enumerate(lines):
        record = json.loads(line)
        assert record["version"] == 3 and record["hand"] == n + 1 and record["link"] == n + 1
        assert record["commitment"] == seal.commitment
        assert verify_record(record) and STANDALONE.check(record) is None
        assert not verify_record(dict(record, hand=n + 2)) and STANDALONE.check(dict(record, hand=n + 2))
    assert verify_deal(seal.commitment, state.revealed_deal())
    assert not verify_deal(MatchSeal(bytes(32)).commitment, state.revealed_deal())
    for record, line in zip(records, lines, strict=True):
        again = HandRecord.from_json(record.to_json())
        assert again == record and again.fair.link is not None
        assert again.fair_export() == json.loads(line)


def test_a_version_3_deal_survives_a_save_and_a_replaced_secret_is_noticed():
    _, state, _, _ = _match(hands=1)
    loaded = MatchState.from_json(state.to_json())
    assert loaded.deal == state.deal and loaded.deal.link == 1 and loaded.deal_notice is None
    assert loaded.export_hand() == state.export_hand()
    data = state.to_dict()
    data["deal"]["secret"] = hashlib.sha256(bytes.fromhex(data["deal"]["secret"])).hexdigest()  # an earlier link
    assert MatchState.from_dict(data).deal_notice == "seal"


def test_a_link_deals_its_own_hand_only_so_no_link_can_be_skipped_to_suit_a_seed():
    seal = MatchSeal(ROOT_SECRET, player_seed="learnt")
    first = seal.deal(10)
    later = [seal.deal(10) for _ in range(3)]
    with pytest.raises(ValueError, match="deals hand 2, not hand 4"):
        FairDeal.from_source(later[0], 3, 1)
    # dealt anyway, the skipped-to link checks out against no commitment the player saw
    picked = later[2]  # link 4, taken for hand 2
    order = deal_order_v3(picked.secret, 10, 2, "learnt", 1)
    record = dict(FairDeal.from_source(first, 0, 1).record(1), hand=2, link=4, secret=picked.secret.hex(),
                  order=[str(c) for c in order])
    record.pop("hands")
    record.pop("upcard")
    assert not verify_record(record) and "link 4 cannot deal hand 2" in verify_record(record).explanation
    assert STANDALONE.check(record) is not None
    record.update(hand=4)  # its own hand, with another hand's deal order: refused for the order
    assert not verify_record(record) and STANDALONE.check(record) is not None
    record.update(order=[str(c) for c in deal_order_v3(picked.secret, 10, 4, "learnt", 1)])
    assert verify_record(record) and STANDALONE.check(record) is None  # link 4 is hand 4's, and only its


def test_a_match_sealed_again_binds_its_first_hand():
    seal = MatchSeal(ROOT_SECRET, first_hand=6, player_seed="new seed")
    assert seal.next_hand == 6 and seal.commitment != MatchSeal(ROOT_SECRET).commitment
    deal = FairDeal.from_source(seal.deal(None), 5, 0)
    assert deal.commitment == seal.commitment and json.loads(deal.export_line(0))["hand"] == 6
    assert verify_record(json.loads(deal.export_line(0)))
    for bad in (0, True, 2**32):
        with pytest.raises(ValueError):
            MatchSeal(ROOT_SECRET, first_hand=bad)


def test_a_source_of_a_sealed_match_binds_the_seed_and_a_card_cut():
    with pytest.raises(ValueError, match="player's seed"):
        DeckSource(ROOT_SECRET, 3, link=1)
    with pytest.raises(ValueError, match="the cut"):
        DeckSource(ROOT_SECRET, 53, "s", link=1)
    with pytest.raises(ValueError, match="link"):
        DeckSource(ROOT_SECRET, 3, "s", link=0)


def test_the_documented_ordinal_sets_the_days_level():
    text = DOC.read_text(encoding="utf-8")
    day, ordinal, rest, level = re.search(r"Vector: (\d{4}-\d\d-\d\d) has the ordinal (\d+), \d+ mod 3 = (\d): (\w+)",
                                          text).groups()
    assert datetime.date.fromisoformat(day).toordinal() == int(ordinal) and int(ordinal) % 3 == int(rest)
    assert daily_deal(day).level == level


def test_the_checkers_count_hands_and_cut_cards_from_1_as_the_screen_does():
    seal = MatchSeal(ROOT_SECRET, player_seed="s")
    record = json.loads(FairDeal.from_source(seal.deal(30), 0, 1).export_line(1))
    assert record["hand"] == 1 and record["cut"] == 30
    assert verify_record(record).summary.startswith("hand 1, cut at card 30")
    old = FairDeal(ROOT_SECRET, 29, 0, "s", 1).record(1)
    assert verify_record(old).summary.startswith("hand 1, cut at card 30")
    wrong = dict(old, order=old["order"][1:] + old["order"][:1])
    assert "first difference at card 1" in verify_record(wrong).explanation
