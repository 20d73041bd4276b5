"""The engine's shortcuts give what the plain way gives: observations, the knock floor, layouts, layoffs."""
import dataclasses
import random

from game.engine import VAN, Drew, Observation, Phase, new_match, observe
from game.engine.cards import DECK, cards_of, mask_of, mask_value
from game.engine.knock import knock_melds, layoff_spots, layoffs, showdown
from game.engine.meldlayout import least_arrangements
from game.engine.melds import all_arrangements, best_discard_key, deadwood_of_mask, meld_kind
from game.engine.meldsearch import throw_floor


def _hands(seed, n, size):
    """Random hands, two in three drawn from a few neighbouring ranks so that melds overlap."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 2 / 3:
            low = rng.randrange(0, 9)
            pool = [s * 13 + r for s in rng.sample(range(4), 3) for r in range(low, low + 5)]
            out.append(rng.sample(pool, size))
        else:
            out.append(rng.sample(range(52), size))
    return out


def test_an_observation_fills_every_field_like_its_class_would():
    state, _ = new_match(VAN, 3)
    seen = 0
    while state.phase is not Phase.MATCH_OVER and seen < 60:
        for seat in (0, 1):
            obs = observe(state, seat)
            fields = {f.name: getattr(obs, f.name) for f in dataclasses.fields(Observation)}
            assert set(vars(obs)) == set(fields)
            assert obs == Observation(**fields)
        state.apply(state.legal_actions()[0])
        seen += 1


def test_the_knock_floor_never_exceeds_the_best_throw():
    for hand in _hands(1, 1500, 11):
        mask = mask_of(hand)
        assert throw_floor(mask) <= best_discard_key(mask, 0)[1], hand
        forbid = 1 << hand[0]
        assert throw_floor(mask) <= best_discard_key(mask, forbid)[1], hand


def test_least_arrangements_are_the_least_of_all_arrangements_in_the_same_order():
    for hand in _hands(2, 600, 10) + _hands(3, 200, 11):
        mask = mask_of(hand)
        least = deadwood_of_mask(mask)
        plain = [a for a in all_arrangements(mask) if mask_value(mask & ~sum(a)) == least]
        assert least_arrangements(mask) == plain, hand


def _plain_layoffs(k_melds, pool):
    placed, taken = [], 0
    for i, m in enumerate(k_melds):
        cs = cards_of(m)
        if meld_kind(cs) != "run":
            continue
        for step, start in ((-1, cs[0] - 1), (1, cs[-1] + 1)):
            c = start
            while 0 <= c < 52 and c // 13 == cs[0] // 13 and pool >> c & 1 and not taken >> c & 1:
                placed.append((c, i))
                taken |= 1 << c
                c += step
    for i, m in enumerate(k_melds):
        cs = cards_of(m)
        if len(cs) == 3 and meld_kind(cs) == "set":
            for c in range(cs[0] % 13, 52, 13):
                if not m >> c & 1 and pool >> c & 1 and not taken >> c & 1:
                    placed.append((c, i))
                    taken |= 1 << c
    return placed


def test_layoffs_and_the_showdown_match_the_plain_search():
    rng = random.Random(4)
    for knocker in _hands(5, 400, 10):
        defender = rng.sample([c for c in DECK if c not in knocker], 10)
        k_melds = knock_melds(knocker)
        dmask = mask_of(defender)
        assert layoffs(k_melds, dmask) == _plain_layoffs(k_melds, dmask)
        spots = 0
        for m in k_melds:
            cs = cards_of(m)
            if meld_kind(cs) == "run":
                spots |= (1 << cs[0] - 1 if cs[0] % 13 else 0) | (1 << cs[-1] + 1 if cs[-1] % 13 < 12 else 0)
            elif len(cs) == 3:
                spots |= sum(1 << c for c in range(cs[0] % 13, 52, 13)) & ~m
        assert layoff_spots(k_melds) == spots
        # the defender's choice, searched over every arrangement: least deadwood left, most laid off,
        # most melds, the first such arrangement found
        best = None
        for d_arr in all_arrangements(dmask):
            pool = dmask & ~sum(d_arr)
            placed = _plain_layoffs(k_melds, pool)
            key = (mask_value(pool & ~mask_of(c for c, _ in placed)), len(placed), -len(d_arr))
            if best is None or key < best[0]:
                best = (key, d_arr, placed)
        show = showdown(knocker, defender)
        assert [mask_of(m) for m in show.defender.melds] == best[1]
        assert [(int(c), i) for c, i in show.layoffs] == best[2]


def test_a_hidden_stock_draw_is_the_draw_with_its_card_blanked():
    for player in (0, 1):
        for auto in (False, True):
            ev = Drew(player, "stock", DECK[5], auto)
            assert ev.seen_by(1 - player) == dataclasses.replace(ev, card=None)
            assert ev.seen_by(player) is ev


def test_after_the_draw_the_discards_come_first_then_the_knocks_then_big_gin():
    """The referee reads the last legal move to know whether any knock is allowed."""
    from game.engine import BigGin, Discard, Knock

    state, _ = new_match(VAN, 1)
    rng = random.Random(11)
    kinds = set()
    for hand in _hands(5, 400, 11):
        state.phase, state.to_act, state.taken_card = Phase.DISCARD, 0, None
        state.hands[0] = list(cards_of(mask_of(hand)))
        state.knock_limit = rng.choice((0, 10, 25))
        legal = state.legal_actions()
        order = [{Discard: 0, Knock: 1, BigGin: 2}[type(a)] for a in legal]
        assert order == sorted(order) and order[0] == 0
        assert (type(legal[-1]) is Discard) == (not any(type(a) in (Knock, BigGin) for a in legal))
        kinds.update(order)
    assert kinds == {0, 1, 2}
