"""The bots' card sense: meld tables, the hand memory, the table view and the layoff estimate."""
import random

from helpers.observations import table

from game.bots import HandMemory, make_bot
from game.bots.knowledge import (
    FULL,
    MELD_PAIRS,
    TableView,
    completion_mask,
    defender_deadwood,
    expected_after_draw,
    layoff_targets,
    melds_in,
)
from game.engine import (
    VALUES,
    Card,
    Discarded,
    Drew,
    HandDealt,
    UpcardDecision,
    best_discard,
    is_meld,
    mask_of,
    parse_cards,
    showdown,
)
from game.engine.melds import best_discard_key, deadwood_of_mask


def test_meld_pairs_are_exactly_the_three_card_melds():
    for c in range(52):
        expected = set()
        for a in range(52):
            for b in range(a + 1, 52):
                if c not in (a, b) and is_meld([Card(a), Card(b), Card(c)]):
                    expected.add((a, b))
        assert {tuple(sorted(p)) for p in MELD_PAIRS[c]} == expected


def test_completion_mask_matches_a_brute_force():
    rng = random.Random(3)
    for _ in range(3000):
        m = mask_of(rng.sample(range(52), rng.randint(0, 12)))
        expected = 0
        for x in range(52):
            if not m >> x & 1 and melds_in(m, x):
                expected |= 1 << x
        assert completion_mask(m) == expected


def test_expected_after_draw_matches_the_plain_average():
    rng = random.Random(8)
    for _ in range(200):
        cards = rng.sample(range(52), 10)
        mask = mask_of(cards)
        draws = [(x, 1.0 + (x % 3)) for x in rng.sample([c for c in range(52) if c not in cards], 20)]
        plain = sum(q * best_discard([*cards, x]).deadwood for x, q in draws) / sum(q for _, q in draws)
        assert abs(expected_after_draw(mask, draws) - plain) < 1e-9


def test_defender_estimate_matches_the_engines_showdown_almost_always():
    # the engine lets the knocker show the arrangement worst for the defender and searches every
    # layoff; the estimate keeps the best arrangement and tries "all layoffs" or "none"
    rng = random.Random(5)
    exact = 0
    for _ in range(400):
        deck = rng.sample(range(52), 20)
        knocker, defender = deck[:10], deck[10:]
        show = showdown(knocker, defender)
        guess = defender_deadwood(layoff_targets(knocker), mask_of(defender))
        assert guess <= show.defender_deadwood_before_layoffs
        exact += guess == show.defender_deadwood
    assert exact >= 390
    # the seed's example: 6♣ and 10♣ go onto 7♣ 8♣ 9♣, 20 deadwood drops to 4
    knocker = parse_cards("7C 8C 9C 2S 3S 4S 5H 5D 5S AD")
    defender = parse_cards("6C TC 4H KS KH QD 2C 3D 3H 3C")
    expected = showdown(knocker, defender).defender_deadwood
    assert defender_deadwood(layoff_targets(knocker), mask_of(defender)) == expected


def test_memory_follows_the_opponents_picks_refusals_and_discards():
    mem = HandMemory(0)
    up, a, b, c = parse_cards("7H 9S KD 3C")
    mem.update(HandDealt(hand_no=0, dealer=0, upcard=up, hands=((), None), knock_limit=10, stock_size=31))
    mem.update(UpcardDecision(1, up, False))
    mem.update(Drew(1, "stock", None))
    mem.update(Discarded(1, a))
    mem.update(Drew(0, "discard", a))
    mem.update(Discarded(0, b))
    mem.update(Drew(1, "discard", b))
    mem.update(Discarded(1, c))
    assert mem.opp_refused == [up]  # refused once at the offer; the stock draw after it is not a second refusal
    assert mem.opp_discards == [a, c]
    assert mem.opp_picks == [b]
    assert mem.my_discards == [b]
    assert mem.pile == [up, c]
    assert mem.opp_stock_draws == 1


def test_table_view_knows_where_cards_cannot_be():
    obs = table("AS 2S 3S 4H 5H 6H 7C 7D 7H KD", pile="9C 9D", opp_picks="QS")
    view = TableView(obs)
    assert view.hand == mask_of(obs.hand)
    for c in parse_cards("AS 9C 9D"):
        assert view.probs[c] == 0.0
    assert view.probs[parse_cards("QS")[0]] == 1.0
    assert view.n_unknown == 9
    assert abs(sum(view.probs) - 10) < 0.5
    assert view.unseen == FULL & ~mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KD 9C 9D QS"))
    # the opponent holds Q♠: Q♥ and J♠ are more likely in their hand than an unrelated card
    qh, js, tc = parse_cards("QH JS 4C")
    assert view.probs[qh] > view.probs[tc] and view.probs[js] > view.probs[tc]
    assert view.danger(qh) > view.danger(tc)
    rng = random.Random(1)
    for _ in range(50):
        opp = view.sample_opponent(rng, extra=2)
        assert bin(opp).count("1") == 10
        assert opp & view.hand == 0 and opp & view.gone == 0
        assert opp >> parse_cards("QS")[0] & 1


def test_hard_bot_never_feeds_a_meld_the_opponent_showed():
    # the opponent took 9♦ and 9♠: 9♣, the highest deadwood, would give them a set
    hand = "AS 2S 3S 4D 5D 6D 9C 8H 5C 2H 4C"
    assert best_discard(parse_cards(hand)).card == parse_cards("9C")[0]
    bot = make_bot("hard", seed=1)
    obs = table(hand, opp_picks="9D 9S")
    assert bot.choose_discard(obs) != parse_cards("9C")[0]
    assert bot.choose_discard(table(hand)) == parse_cards("9C")[0]


def _worst_card_value(opp: int) -> int:
    d = deadwood_of_mask(opp)
    return d - best_discard_key(opp, 0)[1] if d else 0


def test_hard_bot_samples_opponent_hands_that_fit_the_card_it_threw():
    hand = "AS 2S 3S 4D 5D 6D 9C 8H 5C 2H 4C"
    thrown = parse_cards("KH JD TC 9H 8S QC")  # the opponent's throws, the queen last
    obs = table(hand, pile="KD " + " ".join(str(c) for c in thrown))
    bot = make_bot("hard", seed=3)
    bot.new_match(0, obs.rules)
    bot.on_event(HandDealt(hand_no=obs.hand_no, dealer=1, upcard=parse_cards("KD")[0], hands=((), None),
                           knock_limit=10, stock_size=21))
    bot.on_event(UpcardDecision(1, parse_cards("KD")[0], False))
    view = TableView(obs, bot.memory)
    plain = bot.opponent_samples(obs, view, 40)  # nothing thrown yet: any likely hand
    for card in thrown:
        bot.on_event(Drew(1, "stock", None))
        bot.on_event(Discarded(1, card))
    fitted = bot.opponent_samples(obs, view, 40)
    cap = VALUES[thrown[-1]] + bot.p["worst_slack"]
    for samples in (plain, fitted):
        assert 10 <= len(samples) <= 40  # hands that fit the evidence, at least a quarter of those asked
        assert all(bin(s).count("1") == 10 and s & view.hand == 0 for s in samples)
    # having thrown a queen, the opponent keeps no loose picture card (worth as much): the samples agree
    assert all(_worst_card_value(s) <= cap for s in fitted)
    assert sum(_worst_card_value(s) > cap for s in plain) >= 10
