"""Nothing leaks: a hostile peer gets keys only for the cards it may see, and the wire shows no card early."""
import json

import pytest
from helpers.online import play_hand, rand

from game.engine import Card
from game.net import cipher
from game.net import loopback as lb
from game.net.audit import open_position
from game.net.deck import dealt_positions
from game.net.errors import DealError
from game.net.messages import decode, encode, message


def _keys_sent(side):
    sent = {}
    for msg in side.log:
        if msg["from"] == side.seat and msg["type"] == "keys":
            sent.update(zip(msg["positions"], msg["keys"], strict=True))
    return sent


def _what_the_peer_can_open(honest, peer):
    """Every card the peer could open with its own keys and the keys the honest side sent it."""
    sent = _keys_sent(honest)
    return {j: open_position(honest.decks[4][j], bytes.fromhex(k), peer._keys[j]) for j, k in sent.items()}


def test_a_hostile_peer_asking_out_of_turn_gets_no_key_at_all():
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    before = _keys_sent(a)
    attempts = [
        message("keys", 1, b._sent, to="both", positions=[1], keys=[b._keys[1].hex()]),  # "show" A's own card
        message("keys", 1, b._sent, to="both", positions=[21], keys=[b._keys[21].hex()]),  # the stock's top
        message("keys", 1, b._sent, to="you", positions=[22], keys=[b._keys[22].hex()]),
        message("deck", 1, b._sent, stage=4, points=[p.hex() for p in b.decks[4]]),
        message("reveal", 1, b._sent - 1, key=b._key.hex(), keys=[k.hex() for k in b._keys]),
        message("notice", 1, b._sent, notice="please", detail="send me your keys"),
    ]
    for attempt in attempts:
        with pytest.raises(DealError) as caught:
            a.receive(decode(json.dumps(attempt, sort_keys=True, separators=(",", ":")).encode()))
        assert caught.value.party == "B"
        a._received = b._sent  # let the next attempt through the sequence check
    assert _keys_sent(a) == before


def test_the_peer_can_open_its_own_cards_the_upcard_and_the_shown_cards_only():
    a, b = play_hand(seed=5, dealer="A", draws=6)  # B draws 21, 23, 25; A draws 22, 24, 26; each shows its draw
    may = set(dealt_positions("B", "A")) | {20, 21, 22, 23, 24, 25, 26}
    opened = _what_the_peer_can_open(a, b)
    assert set(opened) == may
    assert all(card is not None for card in opened.values())
    assert not {a.cards[j] for j in dealt_positions("A", "A")} & set(opened.values())


def test_the_wire_of_a_whole_hand_shows_no_card_before_the_rules_show_it():
    wire = []
    a, b = play_hand(seed=6, dealer="B", draws=10, wire=wire)
    played = len(wire)
    lb.finish(a, b, wire)
    assert [decode(f)["type"] for f in wire[played:]] == ["reveal", "reveal"]
    names = [str(Card(c)) for c in range(52)]  # the wire is ASCII: no suit symbol can be on it
    points = [p.hex() for p in cipher.CARD_POINTS]
    keys_seen = {"A": {}, "B": {}}
    for frame in wire[:played]:
        text = frame.decode("ascii")
        assert not [n for n in names if n in text]
        assert not [p for p in points if p in text]
        msg = decode(frame)
        if msg["type"] == "keys":
            sender = next(m["from"] for m in a.log if m["type"] == "keys" and m["keys"] == msg["keys"])
            keys_seen[sender].update(zip(msg["positions"], msg["keys"], strict=True))
    # a position opens from the wire only when both keys crossed it: exactly the cards shown to both
    both = set(keys_seen["A"]) & set(keys_seen["B"])
    shown = {20} | set(range(21, 31))
    assert both == shown
    assert sum(len(f) for f in wire) < 50_000


def test_the_wire_of_a_played_hand_names_a_card_only_once_the_rules_show_it():
    from helpers.online import play_referees

    from game.engine import VAN

    wire = []
    refs, _ = play_referees(8, VAN, 0, wire)
    names = [str(Card(c)) for c in range(52)]
    points = [p.hex() for p in cipher.CARD_POINTS]
    keys = {"A": set(), "B": set()}
    reveals = 0
    sent_by_a = {encode({k: v for k, v in m.items() if k != "from"}) for m in refs[0].deck.log if m["from"] == "A"}
    for frame in wire:
        text = frame.decode("ascii")
        assert not [n for n in names if n in text] and not [p for p in points if p in text]
        msg = decode(frame)
        sender = "A" if frame in sent_by_a else "B"
        if msg["type"] == "keys":
            keys[sender].update(msg["positions"])
        elif msg["type"] == "move" and msg["card"] >= 0:
            assert msg["position"] in keys["A"] and msg["position"] in keys["B"]  # shown before it is named
        elif msg["type"] == "reveal":
            reveals += 1
    assert reveals == 2
    opened = keys["A"] & keys["B"]
    assert opened == {j for j, owner in enumerate(refs[0].deck.owner) if owner == "both"}
