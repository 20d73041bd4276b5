"""Seeds: one derivation for every use, deals reproducible from the match seed, none from a bot's seed."""
import hashlib
import json
import random

import pytest

from game.engine import (
    CLASSIC,
    DECK,
    VAN,
    MatchState,
    NextHand,
    Phase,
    TimerMove,
    bot_label,
    derive_bytes,
    derive_seed,
    new_match,
    secret_label,
)
from game.engine.fairness import deal_order


def _shuffled(seed):
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def _dealt_cards(state):
    """The 21 cards of a fresh deal in dealing order (non-dealer first) plus the upcard."""
    nd, d = state.non_dealer, state.dealer
    order = []
    for a, b in zip(state.hands[nd], state.hands[d], strict=True):
        order += [a, b]
    return order + [state.upcard]


def _deck_to_deal(deck):
    return list(deck[:21])


def _seeded_deal(seed, hand_no):
    """The deal of a seeded hand: the fair-deal order from the secret derived for "secret/deal/<n>", cut 0."""
    return _deck_to_deal(deal_order(derive_bytes(seed, secret_label(hand_no)), 0, hand_no))


def play_hand(state):
    while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        state.apply(TimerMove())


def test_derive_seed_follows_the_documented_encoding():
    for seed, label in ((0, "deal/0"), (7, "bot/1"), (-3, "lot"), (2**70, "hint/0"), (5, "é/ü")):
        message = f"gin-rummy/derive/v1\n{seed}\n{label}".encode()
        digest = hashlib.sha256(message).digest()
        assert derive_bytes(seed, label) == digest
        assert derive_seed(seed, label) == int.from_bytes(digest[:8], "big")
        assert 0 <= derive_seed(seed, label) < 2**64
    assert secret_label(3) == "secret/deal/3" and bot_label(1) == "bot/1"


def test_derived_seeds_differ_by_label_and_by_seed():
    labels = [secret_label(n) for n in range(50)] + [bot_label(0), bot_label(1), "lot", "hint/0", "hint/1"]
    values = {derive_seed(123, label) for label in labels}
    assert len(values) == len(labels)
    assert len({derive_seed(seed, "bot/1") for seed in range(1000)}) == 1000
    # near-miss labels are different labels
    assert derive_seed(1, "deal/1") != derive_seed(1, "deal/01") != derive_seed(11, "deal/")
    with pytest.raises(ValueError):
        derive_seed("7", "deal/0")
    with pytest.raises(ValueError):
        derive_seed(True, "deal/0")


def test_every_deal_comes_from_the_derived_seed_of_its_hand():
    state, _ = new_match(VAN, seed=2024)
    for hand_no in range(4):
        assert state.hand_no == hand_no
        assert _dealt_cards(state) == _seeded_deal(2024, hand_no)
        assert state.deal.secret == derive_bytes(2024, secret_label(hand_no)) and state.deal.cut == 0
        play_hand(state)
        if state.phase is Phase.MATCH_OVER:
            break
        state.apply(NextHand())


def test_same_seed_same_deals_and_the_deal_depends_only_on_seed_and_hand_number():
    a, _ = new_match(CLASSIC, seed=77, computer_seat=1)
    b, _ = new_match(CLASSIC, seed=77, computer_seat=1)
    for _ in range(3):
        assert a.hands == b.hands and a.stock == b.stock and a.upcard == b.upcard
        play_hand(a)
        play_hand(b)
        a.apply(NextHand())
        b.apply(NextHand())
    # hand 1 is the same whatever happened in hand 0
    other, _ = new_match(VAN, seed=77)
    play_hand(other)
    other.apply(NextHand())
    first, _ = new_match(VAN, seed=77)
    assert _dealt_cards(other)[:20] != _dealt_cards(first)[:20]
    assert _dealt_cards(other) == _seeded_deal(77, 1)


@pytest.mark.parametrize("seed", [1, 2, 12345, 2**31 - 1])
def test_a_bot_seed_gives_no_way_to_rebuild_the_deals(seed):
    bot_seeds = [derive_seed(seed, bot_label(seat)) for seat in (0, 1)]
    state, _ = new_match(VAN, seed)
    deals = []
    for _ in range(6):
        deals.append(_dealt_cards(state))
        play_hand(state)
        if state.phase is Phase.MATCH_OVER:
            break
        state.apply(NextHand())
    for bot_seed in bot_seeds:
        assert bot_seed != seed and bot_seed not in {derive_seed(seed, secret_label(n)) for n in range(100)}
        assert all(derive_bytes(seed, secret_label(n))[:8] != bot_seed.to_bytes(8, "big") for n in range(100))
        guesses = []
        for n in range(len(deals)):
            # the old formula, the new one with the bot seed in place of the match seed, and the bot seed
            guesses.append(_deck_to_deal(_shuffled(f"{bot_seed}/{n}")))
            guesses.append(_seeded_deal(bot_seed, n))
            for label in ("lot", "bot/0", "bot/1", "hint/0", f"deal/{n}", secret_label(n)):
                guesses.append(_deck_to_deal(_shuffled(derive_seed(bot_seed, label))))
                for cut in (0, 1, n):
                    guesses.append(_deck_to_deal(deal_order(derive_bytes(bot_seed, label), cut, n)))
                    guesses.append(_deck_to_deal(deal_order(derive_bytes(bot_seed, label)[:16] * 2, cut, n)))
        guesses.append(_deck_to_deal(_shuffled(bot_seed)))
        for deal in deals:
            assert deal not in guesses
        # a whole match started from the bot's seed deals other cards
        theirs, _ = new_match(VAN, bot_seed)
        assert _dealt_cards(theirs) != deals[0]
    # and the old formula with the match seed itself no longer gives the deal either
    assert deals[0] != _deck_to_deal(_shuffled(f"{seed}/0"))
    assert deals[0] == _seeded_deal(seed, 0)


def test_a_save_with_its_seed_deals_the_next_hands_as_the_match_would_have():
    original, _ = new_match(VAN, seed=31337)
    play_hand(original)
    saved = original.to_json()
    original.apply(NextHand())
    for _ in range(2):
        loaded = MatchState.from_json(saved)
        assert json.loads(saved)["seed"] == 31337
        loaded.apply(NextHand())
        assert loaded == original
