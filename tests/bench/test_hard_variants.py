"""The hard-bot variants kept in bench/ (hard_variants.py, playout.py): they play legally, switched off they
are the shipped bot, and each switch reaches the decision it is meant to change."""
import importlib
import random

import pytest
from helpers.observations import table

from game.bots import HardBot, make_bot, play_match
from game.bots.hard import DEFAULTS
from game.bots.valuemodel import NAMES
from game.engine import VAN, mask_of, parse_cards

variants = importlib.import_module("bench.hard_variants")
playout = importlib.import_module("bench.playout")

LOOSE = "2C 3C 4C 7D 7S 7H KS 9H 6D 5S 8C"  # the hand-made value ranks KS, 9H, 8C, 6D, 5S
KNOCKABLE = "AS 2S 3S 4H 5H 6H 7C 7D 7H 2D KC"


def test_the_variant_with_every_switch_off_is_the_shipped_bot():
    rules = VAN.with_(target=60)
    a = play_match(rules, 4, variants.HardVariant(seed="x"), make_bot("simple", seed=1))
    b = play_match(rules, 4, HardBot(seed="x"), make_bot("simple", seed=1))
    assert a.hands == b.hands
    assert set(DEFAULTS) < set(variants.HardVariant.defaults) and not set(DEFAULTS) & set(variants.EXPERIMENTS)
    with pytest.raises(ValueError, match="rollouts"):
        HardBot(seed=1, rollouts=8)  # the shipped bot takes no experiment


@pytest.mark.parametrize("switches", [{"rollouts": 8, "learned_knock": 0}, {"roll_draw": 6}, {"deep": 3},
                                      {"finish": 1.0, "learned_knock": 0}, {"mix_late": 0.5, "gin_reach": 10}])
def test_each_variant_plays_legally(switches):
    rules = VAN.with_(target=40)
    rec = play_match(rules, 8, variants.HardVariant(seed=1, **switches), make_bot("medium", seed=2),
                     check_invariants=True)
    assert rec.fallbacks == [0, 0] and rec.finished


def test_the_exposure_to_a_knock_favours_the_hand_with_less_deadwood():
    obs = table(KNOCKABLE, stock_size=12, opp_picks="9C 9D 9S TD JD QD")  # two melds picked up: close to a knock
    bot = variants.HardVariant(seed=6, defend_samples=100)
    bot.opp_knock_counts = [10]  # the opponent knocks as soon as it may
    view = bot.view(obs)
    mask = view.hand
    low = mask ^ (1 << int(parse_cards("KC")[0]))  # three melds, 2D 3D: 5 deadwood
    high = mask ^ (1 << int(parse_cards("AS")[0]))  # the spade run broken: 18 deadwood
    exposed_low, exposed_high = bot.exposure(obs, view, [low, high])
    assert exposed_high < 0 < exposed_low  # the low hand often undercuts the knock
    # an opponent that has never knocked above gin is a threat only through its gins
    bot.opp_knock_counts = [0]
    gin_low, gin_high = bot.exposure(obs, view, [low, high])
    assert gin_low <= 0 and gin_high <= 0 and gin_low > gin_high
    assert gin_high > exposed_high  # a gin is rarer than a knock at ten


def test_the_defence_weight_moves_the_throw_among_the_best_few(monkeypatch):
    obs = table(LOOSE)
    plain = HardBot(seed=1)
    view = plain.view(obs)
    ranked = plain.ranked_keeps(view.hand, 0, view.stock_weights(), view, True)
    hard_module = importlib.import_module("game.bots.hard")
    monkeypatch.setattr(hard_module, "WEIGHTS", (-1.0,) + (0.0,) * (len(NAMES) - 1))  # the model takes the first
    favour_third = lambda self, obs, view, keeps: [100.0 if i == 2 else 0.0 for i in range(len(keeps))]  # noqa: E731
    monkeypatch.setattr(variants.HardVariant, "exposure", favour_third)
    assert int(variants.HardVariant(seed=1, defend=0).choose_discard(obs)) == ranked[0][2]
    assert int(variants.HardVariant(seed=1, defend=1).choose_discard(obs)) == ranked[2][2]


def test_play_outs_end_and_score_within_bounds():
    rng = random.Random(3)
    deck = list(range(52))
    policy = playout.Policy(limit=10, me_knock=3, opp_knock=10, late=4)
    for _ in range(200):
        rng.shuffle(deck)
        me, opp = mask_of(deck[:10]), mask_of(deck[10:20])
        assert -150 <= playout.play_out(VAN, me, opp, deck[21:], deck[20], policy) <= 150


def test_the_paired_change_is_taken_match_by_match():
    base = [(1.0, 2.0), (0.0, -1.0), (1.0, 0.5), (0.0, 0.0)]
    same = variants.paired(base, base)
    assert same == [(0.0, 0.0), (0.0, 0.0)]
    better = [(1.0, 3.0), (1.0, 0.0), (1.0, 1.5), (0.0, 1.0)]
    (wins, wins_hw), (points, points_hw) = variants.paired(base, better)
    assert wins == 0.25 and points == 1.0 and wins_hw > 0 and points_hw == 0.0
    with pytest.raises(SystemExit, match="unknown parameter"):
        variants.parse_params("rollouts=8,cleverness=3")
    assert variants.parse_params("rollouts=8,defend=0.5") == {"rollouts": 8.0, "defend": 0.5}


def test_the_command_plays_a_variant_against_its_base(capsys):
    assert variants.main(["deep=3", "--matches", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "deep=3 over hard, against simple: 2 matches, seed 3" in out and "wins " in out and "points " in out
