"""The yardsticks (hard_v1, the Monte Carlo bot of bench/), the knock settlement, and the simulator's switches."""
import pathlib
import random
import subprocess
import sys

from game import sim
from game.bots import HardBot, make_bot, play_match
from game.bots.easy import _deadwood_cards
from game.bots.hard import DEFAULTS, V1
from game.bots.knowledge import knock_points, meld_cover, melds_in
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
    assert set(V1) == set(DEFAULTS) and V1["learned"] == 0
    a = play_match(VAN.with_(target=40), 5, sim.make_level("hard_v1", "x"), make_bot("simple", seed=1))
    b = play_match(VAN.with_(target=40), 5, HardBot(seed="x", **V1), make_bot("simple", seed=1))
    assert a.hands == b.hands


def test_the_monte_carlo_bot_plays_legally():
    from bench.mcbot import MonteCarloBot, make_level

    rec = play_match(VAN.with_(target=25), 3, MonteCarloBot(seed=1, samples=4), make_bot("simple", seed=2),
                     check_invariants=True)
    assert rec.fallbacks == [0, 0] and rec.finished
    assert isinstance(make_level("mc", "1/a"), MonteCarloBot) and make_level("hard", "1/a").level == "hard"


def test_the_game_never_reaches_into_bench():
    """An installed copy has no bench/: the simulator offers only what the game ships."""
    assert "mc" not in sim.LEVELS
    code = "import sys, game.sim; print(sorted(m for m in sys.modules if m.split('.')[0] == 'bench'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr
    r = subprocess.run([sys.executable, "-m", "game.sim", "hard", "mc", "--matches", "1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "invalid choice: 'mc'" in r.stderr


def test_knock_points_score_like_the_engine():
    knocker = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H 2D"))
    defender = mask_of(parse_cards("KC KD QS JS 9C 8C 5C 5D TD 9D"))
    assert knock_points(VAN, 2, knocker, defender) == deadwood_of_mask(defender) - 2
    low = mask_of(parse_cards("8C 9C TC 8D 9D TD JH QH KH AC"))  # 1 deadwood
    assert knock_points(VAN, 2, knocker, low) < 0  # an undercut
    assert knock_points(VAN, 0, knocker, defender) == VAN.gin_bonus + deadwood_of_mask(defender)


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
