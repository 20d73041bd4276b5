"""A hostile peer sends any well-formed message at any moment: the honest side ends cleanly or goes on, and
never raises anything but a DealError naming the peer."""
import random

import pytest
from helpers.online import choose, pump_refs, referee_pair

from game.engine import VAN
from game.net import cipher
from game.net.errors import DealError
from game.net.messages import MessageError, decode, encode
from game.net.referee import MOVES


def _mutate(msg, rng):
    changed = dict(msg)
    field = rng.choice(sorted(set(msg) - {"type"}))
    value = msg[field]
    if field == "action":
        changed[field] = rng.choice(sorted(MOVES))
    elif isinstance(value, int):
        changed[field] = rng.choice([value + 1, value - 1, rng.randrange(-1, 52)])
    elif isinstance(value, str) and len(value) == 64:
        changed[field] = rng.choice([cipher.new_key().hex(), rng.choice(cipher.CARD_POINTS).hex(), value[::-1]])
    elif isinstance(value, list) and value:
        items = list(value)
        i = rng.randrange(len(items))
        items[i] = rng.randrange(52) if isinstance(items[i], int) else cipher.new_key().hex()
        changed[field] = items
    elif isinstance(value, str):
        changed[field] = {"you": "both", "both": "you"}.get(value, value)
    return changed


def _one_attack(seed):
    rng = random.Random(seed)
    refs = referee_pair(seed, VAN, seed % 2)
    for _ in range(rng.randrange(0, 30)):
        if refs[0].over:
            return "over"
        seat = refs[0].state.to_act
        pump_refs(refs, [(seat, m) for m in refs[seat].play(choose(refs[seat].state, seat, rng))])
    if refs[0].over:
        return "over"
    seat = refs[0].state.to_act
    hostile, honest = refs[seat], refs[1 - seat]
    sent = hostile.play(choose(hostile.state, seat, rng))
    target = rng.randrange(len(sent))
    for i, msg in enumerate(sent):
        if i == target:
            msg = _mutate(msg, rng)
        try:
            frame = encode(msg)
        except MessageError:
            return "malformed"
        try:
            honest.receive(decode(frame))
        except DealError as error:
            assert error.party == hostile.deck.seat, str(error)
            return error.notice
    return "accepted"


def test_mutated_messages_end_the_hand_cleanly_and_name_the_peer():
    outcomes = [_one_attack(seed) for seed in range(16)]
    assert len({o for o in outcomes if o.startswith("net.")}) >= 3, outcomes


@pytest.mark.slow
def test_many_more_mutated_messages_end_the_hand_cleanly():
    outcomes = [_one_attack(seed) for seed in range(16, 400)]
    assert len({o for o in outcomes if o.startswith("net.")}) >= 6, outcomes
