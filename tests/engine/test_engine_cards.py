"""Cards, melds, deadwood and the best discard, checked against the rule pages and a brute force."""
import itertools
import random

import pytest

from game.engine import (
    DECK,
    Card,
    best_arrangement,
    best_discard,
    deadwood,
    discard_deadwoods,
    is_meld,
    meld_kind,
    parse_cards,
)
from game.engine import melds as melds_module
from game.engine.cards import mask_of

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"


def cards(text):
    return parse_cards(text)


# ---------------------------------------------------------------- cards


def test_every_card_parses_back_from_its_text():
    assert len(DECK) == 52
    for i, card in enumerate(DECK):
        assert int(card) == i
        assert Card.parse(str(card)) is card
        assert card.suit == i // 13 and card.rank == i % 13
        assert str(card) == RANK_CHARS[card.rank] + SUIT_CHARS[card.suit]


def test_parse_cards_accepts_commas_spaces_lowercase_and_ten():
    assert [str(c) for c in parse_cards("AS, 2s  10D td")] == ["AS", "2S", "TD", "TD"]
    assert str(Card("KH")) == "KH"
    assert Card(0) is Card.parse("AC")


@pytest.mark.parametrize("bad", ["", "A", "1S", "AX", "ASS", "11S", "ZZ"])
def test_bad_card_text_is_refused_with_a_clear_message(bad):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


@pytest.mark.parametrize("bad", [-1, 52, 3.0, True, None])
def test_bad_card_index_is_refused(bad):
    with pytest.raises(ValueError):
        Card(bad)


def test_card_values_ace_one_pips_face_value_faces_ten():
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "T": 10, "J": 10, "Q": 10, "K": 10}
    for card in DECK:
        assert card.value == expected[str(card)[0]]


def test_symbol_is_for_people():
    assert Card.parse("TS").symbol == "10\u2660"
    assert Card.parse("AH").symbol == "A\u2665"


# ---------------------------------------------------------------- melds


@pytest.mark.parametrize("text,kind", [
    ("7C 7D 7H", "set"),
    ("7C 7D 7H 7S", "set"),
    ("AS 2S 3S", "run"),
    ("9H TH JH QH KH", "run"),
    ("JD QD KD", "run"),
    ("QS KS AS", None),  # ace is low only
    ("KS AS 2S", None),
    ("7C 7D", None),
    ("7C 8C 9D", None),
    ("7C 8C TC", None),
    ("7C 7C 7D", None),
])
def test_meld_kind(text, kind):
    assert meld_kind(cards(text)) == kind
    assert is_meld(cards(text)) == (kind is not None)


def test_ace_is_low_only_in_deadwood():
    assert deadwood(cards("QS KS AS")) == 21
    assert deadwood(cards("KS AS 2S")) == 13
    assert deadwood(cards("AS 2S 3S")) == 0


def test_sets_of_three_and_four_meld():
    assert deadwood(cards("9C 9D 9H")) == 0
    assert deadwood(cards("9C 9D 9H 9S")) == 0
    assert deadwood(cards("9C 9D")) == 18


def test_seed_example_keeps_the_run_not_the_set():
    arr = best_arrangement(cards("7S 8S 9S 7H 7D"))
    assert arr.deadwood == 14
    assert [sorted(str(c) for c in m) for m in arr.melds] == [["7S", "8S", "9S"]]
    assert sorted(str(c) for c in arr.deadwood_cards) == ["7D", "7H"]


def test_a_card_shared_by_a_set_and_a_run_goes_where_it_saves_most():
    # 7S in the set leaves 8S 9S (17); in the run leaves 7C 7D (14); a four-set leaves 17
    assert deadwood(cards("7C 7D 7H 7S 8S 9S")) == 0  # set of three and the run both fit
    assert deadwood(cards("7C 7D 7S 8S 9S")) == 14


def test_best_arrangement_of_ten_cards_reports_melds_and_deadwood_cards():
    hand = cards("AC 2C 3C 4C 5D 5H 5S KD QH 2S")
    arr = best_arrangement(hand)
    assert arr.deadwood == 22
    melded = sorted(str(c) for m in arr.melds for c in m)
    assert melded == sorted(["AC", "2C", "3C", "4C", "5D", "5H", "5S"])
    assert sorted(str(c) for c in arr.deadwood_cards) == ["2S", "KD", "QH"]


# ---------------------------------------------------------------- best discard and its flags


def test_best_discard_knock_gin_and_big_gin_flags():
    gin = best_discard(cards("AC 2C 3C 4D 4H 4S 9S TS JS QS KH"))
    assert str(gin.card) == "KH" and gin.deadwood == 0 and gin.gin and not gin.big_gin
    assert gin.can_knock()

    knock = best_discard(cards("AC 2C 3C 4D 4H 4S 9S TS JS 5H KH"))
    assert str(knock.card) == "KH" and knock.deadwood == 5
    assert knock.can_knock(10) and not knock.can_knock(4) and not knock.gin

    big = best_discard(cards("AC 2C 3C 4D 4H 4S 9S TS JS QS KS"))
    assert big.big_gin and big.deadwood == 0

    none = best_discard(cards("AC 3C 5C 7D 9H JS KD QC 2H 4S 6D"))
    assert not none.can_knock() and not none.gin and not none.big_gin


def test_best_discard_unpacks_to_card_and_arrangement():
    card, arrangement = best_discard(cards("AC 2C 3C 4D 4H 4S 9S TS JS 5H KH"))
    assert str(card) == "KH" and arrangement.deadwood == 5


def test_forbidden_card_is_never_the_discard():
    hand = cards("AC 2C 3C 4D 4H 4S 9S TS JS 5H KH")
    kh = Card.parse("KH")
    choice = best_discard(hand, forbidden=kh)
    assert choice.card != kh
    assert str(choice.card) == "5H" and choice.deadwood == 10  # KH stays as the only deadwood
    assert choice.deadwood == min(deadwood([c for c in hand if c != d]) for d in hand if d != kh)
    # a list with one card works too; two forbidden cards are refused
    assert best_discard(hand, forbidden=[kh]).card == choice.card
    with pytest.raises(ValueError):
        best_discard(hand, forbidden=[kh, Card.parse("5H")])


def test_discard_deadwoods_lists_every_card():
    hand = cards("AC 2C 3C 4D 4H 4S 9S TS JS 5H KH")
    table = discard_deadwoods(hand)
    assert set(table) == set(hand)
    assert table[Card.parse("KH")] == 5
    assert table[Card.parse("5H")] == 10
    assert table[Card.parse("AC")] == 1 + 2 + 3 + 5 + 10 - 1


def test_best_discard_needs_two_distinct_cards():
    with pytest.raises(ValueError):
        best_discard(cards("AC"))
    with pytest.raises(ValueError):
        best_discard(cards("AC AC 2C"))


# ---------------------------------------------------------------- brute force, independent of the engine


def _all_melds(hand):
    """Every meld inside ``hand`` as a frozenset of card ints, found from the definitions alone."""
    found = []
    by_rank = {}
    by_suit = {}
    for c in hand:
        by_rank.setdefault(int(c) % 13, []).append(int(c))
        by_suit.setdefault(int(c) // 13, set()).add(int(c) % 13)
    for group in by_rank.values():
        for size in (3, 4):
            for combo in itertools.combinations(group, size):
                found.append(frozenset(combo))
    for suit, ranks in by_suit.items():
        for start in range(13):
            length = 0
            while start + length < 13 and start + length in ranks:
                length += 1
                if length >= 3:
                    found.append(frozenset(suit * 13 + start + k for k in range(length)))
    return found


def _value(c):
    return min(int(c) % 13 + 1, 10)


def _brute_melded(melds, banned=frozenset()):
    """The most card value that disjoint melds can cover (melds touching ``banned`` are skipped)."""
    usable = [m for m in melds if not m & banned]
    values = [sum(_value(c) for c in m) for m in usable]
    best = 0

    def rec(i, used, total):
        nonlocal best
        if total > best:
            best = total
        for j in range(i, len(usable)):
            m = usable[j]
            if not m & used:
                rec(j + 1, used | m, total + values[j])

    rec(0, frozenset(), 0)
    return best


def brute_deadwood(hand):
    return sum(_value(c) for c in hand) - _brute_melded(_all_melds(hand))


def brute_discards(hand):
    """{card: least deadwood after throwing it}, from the melds of the whole hand."""
    melds = _all_melds(hand)
    total = sum(_value(c) for c in hand)
    return {int(d): total - _value(d) - _brute_melded(melds, frozenset([int(d)])) for d in hand}


def _random_hands(rng, n, size):
    return [rng.sample(DECK, size) for _ in range(n)]


def _meld_rich_hands(rng, n, size):
    """Hands drawn from a few neighbouring ranks, so sets and runs overlap a lot."""
    hands = []
    for _ in range(n):
        width = rng.choice((4, 5, 6))
        low = rng.randrange(0, 14 - width)
        suits = rng.sample(range(4), rng.choice((3, 4)))
        pool = [Card(s * 13 + r) for s in suits for r in range(low, low + width)]
        if len(pool) < size:
            pool += rng.sample([c for c in DECK if c not in pool], size - len(pool))
        hands.append(rng.sample(pool, size))
    return hands


def test_brute_force_agrees_with_the_hand_made_examples():
    # guards the brute force itself
    assert brute_deadwood(cards("7S 8S 9S 7H 7D")) == 14
    assert brute_deadwood(cards("QS KS AS")) == 21
    assert brute_deadwood(cards("7C 7D 7H 7S 8S 9S")) == 0
    assert brute_discards(cards("AC 2C 3C 4D 4H 4S 9S TS JS 5H KH"))[int(Card.parse("KH"))] == 5


def _check_arrangement(hand, arr):
    hand_set = set(hand)
    melded = [c for m in arr.melds for c in m]
    assert len(melded) == len(set(melded)), "melds overlap"
    assert set(melded) <= hand_set
    for m in arr.melds:
        assert frozenset(int(c) for c in m) in set(_all_melds(list(m))), f"not a meld: {m}"
    assert set(arr.deadwood_cards) == hand_set - set(melded)
    assert arr.deadwood == sum(_value(c) for c in arr.deadwood_cards)


@pytest.mark.parametrize("kind", ["random", "meld_rich"])
def test_best_arrangement_matches_brute_force_on_ten_card_hands(kind):
    rng = random.Random(f"arrangement/{kind}")
    make = _random_hands if kind == "random" else _meld_rich_hands
    for hand in make(rng, 2500, 10):
        expected = brute_deadwood(hand)
        arr = best_arrangement(hand)
        assert arr.deadwood == expected, hand
        assert deadwood(hand) == expected, hand
        _check_arrangement(hand, arr)


@pytest.mark.parametrize("kind", ["random", "meld_rich"])
def test_best_discard_matches_brute_force_on_eleven_card_hands(kind):
    rng = random.Random(f"discard/{kind}")
    make = _random_hands if kind == "random" else _meld_rich_hands
    for i, hand in enumerate(make(rng, 2000, 11)):
        table = brute_discards(hand)
        forbidden = rng.choice(hand) if i % 2 else None
        allowed = {c: d for c, d in table.items() if c != forbidden}
        expected = min(allowed.values())

        choice = best_discard(hand, forbidden=forbidden)
        assert choice.card != forbidden
        assert choice.deadwood == expected, (hand, forbidden)
        assert table[int(choice.card)] == expected, "the card named must reach that deadwood"
        assert choice.big_gin == (brute_deadwood(hand) == 0)
        rest = [c for c in hand if c != choice.card]
        _check_arrangement(rest, choice.arrangement)

        forbid_mask = 0 if forbidden is None else 1 << forbidden
        key_card, key_dw = melds_module.best_discard_key(mask_of(hand), forbid_mask)
        assert key_dw == expected and key_card != forbidden and table[key_card] == expected
        # among equal results the higher card goes (rank, then suit)
        ties = [c for c, d in allowed.items() if d == expected]
        assert key_card == max(ties, key=lambda c: (c % 13, c // 13))

        if i % 4 == 0:
            assert {int(c): d for c, d in discard_deadwoods(hand).items()} == table


def test_results_do_not_depend_on_a_warm_cache():
    rng = random.Random("cache")
    hands = _meld_rich_hands(rng, 200, 11)
    warm = [melds_module.best_discard_key(mask_of(h), 0) for h in hands]
    cold = []
    for h in hands:
        melds_module.clear_cache()
        cold.append(melds_module.best_discard_key(mask_of(h), 0))
    assert warm == cold


def test_best_discard_key_refuses_an_empty_choice():
    with pytest.raises(ValueError):
        melds_module.best_discard_key(0, 0)
    one = 1 << int(Card.parse("AS"))
    with pytest.raises(ValueError):
        melds_module.best_discard_key(one, one)
