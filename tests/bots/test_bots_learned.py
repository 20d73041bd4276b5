"""The hard bot's learned throw and knock choices: the model drives them, within bounds, without numpy."""
import importlib
import subprocess
import sys

import pytest
from helpers.observations import table

from game.bots import HardBot, make_bot, play_match, value_weights
from game.bots import hard as hard_module
from game.bots.hard import DEFAULTS
from game.bots.valuemodel import KNOCK_NAMES, NAMES, features, knock_features, stage_of
from game.engine import VAN, mask_of, parse_cards
from game.engine.melds import deadwood_of_mask

# eleven cards whose throws the hand-made value ranks KS, 9H, 8C, 6D, 5S (no ties)
LOOSE = "2C 3C 4C 7D 7S 7H KS 9H 6D 5S 8C"
# eleven cards that may knock: melds AS-2S-3S, 4H-5H-6H, 7C-7D-7H, then 2D 3D and a loose king
KNOCKABLE = "AS 2S 3S 4H 5H 6H 7C 7D 7H 2D KC"


def test_the_weights_fit_their_features():
    obs = table(LOOSE)
    mask = mask_of(obs.hand)
    rest = mask ^ (1 << int(parse_cards("KS")[0]))
    feats = features(rest, deadwood_of_mask(rest), [(c, 1.0) for c in range(52) if not mask >> c & 1], 10, 0.5,
                     3.0, 0.0)
    assert len(feats) == len(NAMES) == len(value_weights.WEIGHTS)
    assert len(knock_features(4, 8.0, 0.1, 0.5, True, False, 6.0)) == len(KNOCK_NAMES)
    assert len(value_weights.KNOCK_WEIGHTS) == len(KNOCK_NAMES)
    assert stage_of(31, 2) == 0.0 and stage_of(2, 2) == 1.0 and stage_of(40, 2) == 0.0


def test_the_learned_throw_is_one_of_the_hand_made_best_three(monkeypatch):
    obs = table(LOOSE)
    plain = HardBot(seed=1)
    view = plain.view(obs)
    ranked = plain.ranked_keeps(view.hand, 0, view.stock_weights(), view, True)
    assert len(ranked) > 3
    # a model that likes what the hand-made value dislikes takes the third best, never anything worse
    contrary = (1.0,) + (0.0,) * (len(NAMES) - 1)
    monkeypatch.setattr(hard_module, "WEIGHTS", contrary)
    assert int(HardBot(seed=1, learned=3).choose_discard(obs)) == ranked[2][2]
    assert int(HardBot(seed=1, learned=2).choose_discard(obs)) == ranked[1][2]
    # and one that agrees with it takes its first choice
    monkeypatch.setattr(hard_module, "WEIGHTS", (-1.0,) + (0.0,) * (len(NAMES) - 1))
    assert int(HardBot(seed=1, learned=3).choose_discard(obs)) == ranked[0][2]


@pytest.mark.parametrize("bias, knocks", [(50.0, True), (-50.0, False)])
def test_the_learned_knock_follows_the_model(monkeypatch, bias, knocks):
    obs = table(KNOCKABLE, stock_size=20)
    weights = (bias,) + (0.0,) * (len(KNOCK_NAMES) - 1)
    monkeypatch.setattr(hard_module, "KNOCK_WEIGHTS", weights)
    bot = HardBot(seed=2, learned_knock=1)
    card, knock = bot.plan_discard(obs, bot.view(obs))
    assert knock is knocks
    if knocks:
        assert deadwood_of_mask(mask_of(obs.hand) ^ (1 << card)) <= obs.knock_limit


def test_gin_is_always_taken_whatever_the_model(monkeypatch):
    monkeypatch.setattr(hard_module, "KNOCK_WEIGHTS", (-100.0,) + (0.0,) * (len(KNOCK_NAMES) - 1))
    obs = table("AS 2S 3S 4H 5H 6H 7C 7D 7H 7S KC")
    bot = HardBot(seed=3, learned_knock=1)
    card, knock = bot.plan_discard(obs, bot.view(obs))
    assert knock and deadwood_of_mask(mask_of(obs.hand) ^ (1 << card)) == 0


def test_the_learned_bot_plays_whole_matches_legally():
    bot = make_bot("hard", seed=4)
    assert bot.p["learned"] == DEFAULTS["learned"] > 1 and bot.p["learned_knock"] == 1  # the game's hard bot learns
    rec = play_match(VAN.with_(target=60), 9, bot, make_bot("simple", seed=5), check_invariants=True)
    assert rec.fallbacks == [0, 0] and rec.finished


def test_the_bots_load_without_numpy():
    code = "import sys, game.bots, game.bots.hard; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("once", [True, False])
def test_the_trainer_explores_once_a_hand_when_asked(once):
    trainer = importlib.import_module("tools.train_value")
    me = trainer.Recorder(seed=2, explore=1.0, knock_explore=1.0, once=once)

    def watch(state, events):
        me.truth[0] = state

    rec = play_match(VAN.with_(target=60), 5, me, make_bot("simple", seed=6), watch=watch)
    hands = len(rec.hands)
    assert rec.fallbacks == [0, 0] and me.rows
    if once:  # one explored choice in each hand at most, and none left open
        assert len(me.rows) <= hands and not me._open
    else:  # exploring every throw writes many choices a hand
        assert len(me.rows) > 2 * hands


@pytest.mark.parametrize("opponents", [["simple", "medium", "hard_v1", "self"], ["simple", "self"], ["simple"]])
def test_the_trainer_meets_every_opponent_from_both_seats(opponents):
    trainer = importlib.import_module("tools.train_value")
    plan = trainer.schedule(8 * len(opponents), opponents)
    assert [i for i, _, _ in plan] == list(range(8 * len(opponents)))
    for name in opponents:
        seats = [seat for _, opponent, seat in plan if opponent == name]
        assert len(seats) == 8 and seats.count(0) == seats.count(1) == 4


def test_forked_labels_leave_the_match_as_the_bot_plays_it():
    trainer = importlib.import_module("tools.train_value")
    rules = VAN.with_(target=40)
    me = trainer.Forker(seed=2)
    bots = (me, make_bot("simple", seed=6))
    me.game[1] = bots

    def watch(state, events):
        me.game[0] = state

    forked = play_match(rules, 5, *bots, watch=watch)
    twin = HardBot(seed=2)
    plain = play_match(rules, 5, twin, make_bot("simple", seed=6))
    assert forked.hands == plain.hands and forked.fallbacks == [0, 0]  # the play-outs changed nothing ...
    assert me.rng.getstate() == twin.rng.getstate()  # ... not even the bot's own random draws
    kinds = {kind for kind, _, _ in me.forked}
    assert kinds == {"throw", "knock"}
    for kind, feats, points in me.forked:
        if kind == "knock":
            assert len(feats) == 1 and len(feats[0]) == len(KNOCK_NAMES) and len(points) == 2
        else:
            assert 2 <= len(feats) == len(points) <= 3 and all(len(f) == len(NAMES) for f in feats)


def test_a_forked_knock_scores_what_the_engine_scores():
    from game.bots.knowledge import knock_points
    from game.engine import Card, MatchState, observe

    trainer = importlib.import_module("tools.train_value")
    mine, theirs = parse_cards(KNOCKABLE), parse_cards("QH QD QS JC TC 9C 3D 5C 8S 8H")
    upcard = parse_cards("4C")
    rest = [Card(c) for c in range(52) if Card(c) not in set(mine) | set(theirs) | set(upcard)]
    state = MatchState.from_position(VAN, [mine, theirs], rest, upcard, dealer=1, phase="discard", to_act=0, turns=4)
    before = state.to_dict()
    me, other = trainer.Forker(seed=1), make_bot("simple", seed=2)
    me.new_match(0, VAN)
    other.new_match(1, VAN)
    me.game[:] = [state, (me, other)]
    me.choose_discard(observe(state, 0))
    assert state.to_dict() == before  # the play-outs ran on copies
    knocks = [points for kind, _, points in me.forked if kind == "knock"]
    assert len(knocks) == 1
    kept = mask_of(mine) ^ (1 << int(Card.parse("KC")))
    assert knocks[0][0] == knock_points(VAN, deadwood_of_mask(kept), kept, mask_of(theirs))


def test_a_forked_choice_is_worth_the_points_of_the_option_the_weights_pick():
    trainer = importlib.import_module("tools.train_value")
    low, high = [0.0] * len(NAMES), [0.0] * len(NAMES)
    high[1] = 1.0
    rows = [("throw", [low, high, low], [3.0, 9.0, 0.0]), ("knock", [[1.0] * len(KNOCK_NAMES)], [4.0, -2.0])]
    pick_high = high  # weights that favour the option with the feature
    knock_yes, knock_no = [1.0] * len(KNOCK_NAMES), [-1.0] * len(KNOCK_NAMES)
    assert trainer.worth(rows[:1], pick_high) == [9.0 - 4.0]  # the option with the feature, over the mean
    assert trainer.worth(rows[:1], [-v for v in pick_high]) == [3.0 - 4.0]  # the first of the tied others
    assert trainer.worth(rows[1:], knock_yes) == [4.0 - 1.0] and trainer.worth(rows[1:], knock_no) == [-2.0 - 1.0]
