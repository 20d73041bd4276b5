"""The yardsticks (hard_v1, the Monte Carlo bot), the play-outs behind them, and the simulator's switches."""
import pathlib
import random
import subprocess
import sys

from game import sim
from game.bots import HardBot, make_bot, play_match
from game.bots.easy import _deadwood_cards
from game.bots.hard import DEFAULTS, V1
from game.bots.knowledge import meld_cover, melds_in
from game.bots.rollout import Policy, knock_points, play_out
from game.engine import VALUES, VAN, mask_of, parse_cards
from game.engine.melds import deadwood_of_mask

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_big_gin_bonus_none_parses_and_upcard_offer_none_stays_a_word():
    switches = [sim.parse_switch("upcard_offer=hoyle"), sim.parse_switch("big_gin_bonus=none")]
    rules = sim.build_rules("van", None, switches)
    assert rules.big_gin_bonus is None and rules.upcard_offer == "hoyle"
    assert sim.build_rules("van", None, [sim.parse_switch("upcard_offer=none")]).upcard_offer == "none"
    assert sim.build_rules("van", None, [sim.parse_switch("big_gin_bonus=50")]).big_gin_bonus == 50


def test_the_eaai_rules_run_from_the_command_line():
    r = subprocess.run(
        [sys.executable, "-m", "game.sim", "hard_v1", "simple", "--matches", "2", "--target", "20",
         "--rule", "upcard_offer=hoyle", "--rule", "big_gin_bonus=none"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "referee fallbacks         0" in r.stdout


def test_hard_v1_is_the_hard_bot_with_fixed_parameters():
    bot = sim.make_level("hard_v1", "1/a")
    assert isinstance(bot, HardBot) and bot.p == V1
    assert set(V1) == set(DEFAULTS) and V1["rollouts"] == 0
    a = play_match(VAN.with_(target=40), 5, sim.make_level("hard_v1", "x"), make_bot("simple", seed=1))
    b = play_match(VAN.with_(target=40), 5, HardBot(seed="x", **V1), make_bot("simple", seed=1))
    assert a.hands == b.hands


def test_the_monte_carlo_bot_plays_legally():
    sys.path.insert(0, str(ROOT))
    from bench.mcbot import MonteCarloBot

    rec = play_match(VAN.with_(target=25), 3, MonteCarloBot(seed=1, samples=4), make_bot("simple", seed=2),
                     check_invariants=True)
    assert rec.fallbacks == [0, 0] and rec.finished


def test_hard_with_play_outs_plays_legally():
    rec = play_match(VAN.with_(target=40), 8, HardBot(seed=1, rollouts=8), make_bot("medium", seed=2),
                     check_invariants=True)
    assert rec.fallbacks == [0, 0] and rec.finished


def test_knock_points_score_like_the_engine():
    knocker = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H 2D"))
    defender = mask_of(parse_cards("KC KD QS JS 9C 8C 5C 5D TD 9D"))
    assert knock_points(VAN, 2, knocker, defender) == deadwood_of_mask(defender) - 2
    low = mask_of(parse_cards("8C 9C TC 8D 9D TD JH QH KH AC"))  # 1 deadwood
    assert knock_points(VAN, 2, knocker, low) < 0  # an undercut
    assert knock_points(VAN, 0, knocker, defender) == VAN.gin_bonus + deadwood_of_mask(defender)


def test_play_outs_end_and_score_within_bounds():
    rng = random.Random(3)
    deck = list(range(52))
    for _ in range(200):
        rng.shuffle(deck)
        me, opp = mask_of(deck[:10]), mask_of(deck[10:20])
        pts = play_out(VAN, me, opp, deck[21:], deck[20], Policy(limit=10, me_knock=3, opp_knock=10, late=4))
        assert -150 <= pts <= 150


def test_easy_throws_only_deadwood_cards_highest_first():
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(300):
        rng.shuffle(deck)
        mask = mask_of(deck[:11])
        least = deadwood_of_mask(mask)
        dead = list(_deadwood_cards(mask, mask))
        for c in dead:
            assert deadwood_of_mask(mask ^ (1 << c)) == least - VALUES[c]
        assert [VALUES[c] for c in dead] == sorted((VALUES[c] for c in dead), reverse=True)
        assert bool(dead) == (least > 0)
        for c in range(52):
            if mask >> c & 1 and not meld_cover(mask) >> c & 1:
                assert c in dead and not melds_in(mask ^ (1 << c), c)
