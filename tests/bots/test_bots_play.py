"""Seeded bot matches under every preset and rule switch: no illegal move, engine invariants hold."""
import itertools

import pytest

from game.bots import LEVELS, make_bot, play_match
from game.engine import CLASSIC, VAN

SWITCHED = {
    "van": VAN.with_(target=40),
    "classic": CLASSIC.with_(target=40),
    "oklahoma": VAN.with_(oklahoma=True, target=40),
    "knock_limit_0": VAN.with_(knock_limit=0, target=40),
    "dead_at_3": VAN.with_(dead_hand_stock=3, target=40),
    "hoyle_offer": VAN.with_(upcard_offer="hoyle", target=40),
    "may_rethrow": CLASSIC.with_(may_discard_taken_card=True, target=40),
    "big_gin_50": VAN.with_(big_gin_bonus=50, gin_bonus=20, undercut_bonus=10, tie_is_undercut=False, target=40),
    "bonuses": CLASSIC.with_(line_bonus=25, game_bonus=100, shutout_double=True, dealer_rule="alternate", target=40),
}
PAIRS = list(itertools.product((*LEVELS, "simple"), repeat=2))


@pytest.mark.parametrize("name", sorted(SWITCHED))
def test_every_level_pair_plays_legally_under_each_switch(name):
    rules = SWITCHED[name]
    hands = 0
    kinds = set()
    for i, (a, b) in enumerate(PAIRS):
        if (i + len(name)) % 2:  # half the pairs per switch keeps the run short; each pair meets often
            continue
        rec = play_match(rules, 100 + i, make_bot(a, seed=i), make_bot(b, seed=i + 50), check_invariants=True)
        assert rec.fallbacks == [0, 0], rec.problems[:3]
        assert rec.finished and rec.winner in (0, 1)
        assert max(rec.scores) >= rules.target
        hands += len(rec.hands)
        kinds.update(h.kind for h in rec.hands)
        for h in rec.hands:
            if h.kind in ("knock", "undercut"):
                assert h.knocker_deadwood <= 10
            if h.kind == "gin":
                assert h.knocker_deadwood == 0
    assert hands >= 10
    assert kinds & {"knock", "gin", "undercut"}


@pytest.mark.slow
def test_a_few_hundred_hands_cover_every_way_a_hand_ends():
    kinds = {}
    total = 0
    for name, rules in sorted(SWITCHED.items()):
        for i, (a, b) in enumerate(PAIRS[::2]):
            rec = play_match(rules.with_(target=60), 7 * i + len(name), make_bot(a, seed=i), make_bot(b, seed=~i))
            assert rec.fallbacks == [0, 0]
            for h in rec.hands:
                kinds[h.kind] = kinds.get(h.kind, 0) + 1
            total += len(rec.hands)
    assert total >= 300
    assert {"knock", "gin", "undercut"} <= set(kinds)


def test_knock_limit_zero_means_only_gin_for_every_level():
    rules = VAN.with_(knock_limit=0, target=30)
    for level in (*LEVELS, "simple"):
        rec = play_match(rules, 3, make_bot(level, seed=1), make_bot(level, seed=2), check_invariants=True)
        assert rec.fallbacks == [0, 0]
        assert all(h.kind in ("gin", "big_gin", "dead") for h in rec.hands)
