"""A whole hand dealt by both sides in memory: each learns just its cards, and the end checks every step."""
import random

import pytest
from helpers.online import play_hand, rand

from game.engine.fairness import dealt_hands
from game.net import loopback as lb
from game.net.deck import DeckSide, KeyBook, dealt_positions, shuffled
from game.net.errors import DealError


def test_each_side_learns_its_ten_cards_and_the_upcard_only():
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    assert sorted(a.cards) == dealt_positions("A", "A") + [20]
    assert sorted(b.cards) == dealt_positions("B", "A") + [20]
    assert a.card_at(20) == b.card_at(20)
    assert not set(a.cards.values()) & {b.cards[j] for j in dealt_positions("B", "A")}
    assert a.order is None and b.order is None


def test_a_whole_hand_ends_with_both_sides_agreeing_on_the_full_deal():
    a, b = play_hand(seed=4, dealer="B", draws=8)
    lb.finish(a, b)
    assert a.order == b.order and sorted(a.order) == list(range(52))
    for side in (a, b):
        for position, card in side.cards.items():
            assert side.order[position] == card
    hands = dealt_hands(a.order, 1)  # seat 1 is "B", the dealer
    assert sorted(hands[0]) == sorted(a.cards[j] for j in dealt_positions("A", "B"))
    assert sorted(hands[1]) == sorted(b.cards[j] for j in dealt_positions("B", "B"))
    assert a.overdue() is None and b.overdue() is None


def test_the_same_random_sources_deal_the_same_hand_and_others_another():
    first, again = play_hand(seed=7), play_hand(seed=7)
    lb.finish(*first)
    lb.finish(*again)
    other = play_hand(seed=8)
    lb.finish(*other)
    assert first[0].order == again[0].order != other[0].order


def test_the_order_is_fixed_by_neither_side_alone():
    orders = set()
    for seed_b in range(3):
        a, b = lb.deal_pair(1, "A", rand(1), rand(100 + seed_b))
        lb.finish(a, b)
        orders.add(tuple(a.order))
    assert len(orders) == 3


def test_fresh_keys_every_hand_of_a_match():
    books = (KeyBook(), KeyBook())
    first = lb.deal_pair(1, "A", books=books)
    second = lb.deal_pair(2, "B", books=books)
    assert first[0]._key != second[0]._key and not set(first[0]._keys) & set(second[0]._keys)


def test_a_key_source_that_repeats_itself_still_gives_distinct_keys():
    source = random.Random(1)
    state = {"n": 0}

    def stuttering(n):
        state["n"] += 1
        return source.randbytes(n) if state["n"] % 3 else b"\x07" * n

    side = DeckSide("A", 1, "A", stuttering)
    assert len({side._key, *side._keys}) == 53


def test_steps_out_of_order_are_refused_on_this_side_too():
    side = DeckSide("B", 1, "A")
    with pytest.raises(DealError) as caught:
        side.start()
    assert caught.value.notice == "net.out_of_turn"
    with pytest.raises(DealError):
        side.show([20])
    with pytest.raises(DealError):
        side.reveal()
    with pytest.raises(ValueError):
        DeckSide("C", 1, "A")


def test_what_is_owed_is_named_when_the_peer_stalls():
    a = DeckSide("A", 1, "A", rand(1))
    assert a.overdue() is None
    a.start()
    stalled = a.overdue()
    assert (stalled.notice, stalled.party, stalled.step) == ("net.stalled", "B", "deck 2")
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    a.deal_to(21, "A")
    owed = a.overdue()
    assert (owed.notice, owed.party) == ("net.withheld_key", "B") and "21" in owed.detail
    lb.pump(a, b, lb.send(b, b.deal_to(21, "A")))
    a.reveal()
    assert a.overdue().step == "reveal"


def test_shuffled_is_a_permutation_and_uses_the_source():
    items = [bytes([i]) for i in range(52)]
    out = shuffled(items, rand(3))
    assert sorted(out) == items and out != items and out == shuffled(items, rand(3))
