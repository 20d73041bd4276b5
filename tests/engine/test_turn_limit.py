"""The guard against endless hands: with ``turn_limit`` on (every preset, the simulator), a hand that reaches it
ends as a dead hand that says why; every match that ends normally plays exactly as without it."""
import pytest

from game.bots import make_bot
from game.bots.referee import play_match
from game.engine import VAN, Card, HandResult, Rules
from game.engine.rules import BOT_TURN_LIMIT, PRESETS, TURN_LIMIT, TURN_LIMIT_RANGE


class Hoarder:
    """A bot that always takes the discard (and the upcard) and never knocks: the stock never shrinks."""

    def __init__(self, seed):
        self.inner = make_bot("easy", seed=seed)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def take_upcard(self, obs):
        return True

    def draw_from_discard(self, obs):
        return True

    def knock(self, obs, card):
        return False

    def big_gin(self, obs):
        return False

    def choose_discard(self, obs):
        return next(Card(c) for c in obs.hand if c != obs.forbidden_discard)


def test_every_preset_has_the_limit_and_it_is_checked():
    assert all(rules.turn_limit == TURN_LIMIT == BOT_TURN_LIMIT for rules in PRESETS.values())
    assert VAN.to_dict()["turn_limit"] == TURN_LIMIT  # saves and records say which limit they played by
    assert Rules.from_dict(VAN.with_(turn_limit=0).to_dict()).turn_limit == 0  # off stays off when read back
    old = VAN.to_dict()
    del old["turn_limit"]
    assert Rules.from_dict(old) == VAN  # a save from before the switch reads with the limit on
    assert VAN.with_(turn_limit=0).preset_name == VAN.with_(turn_limit=500).preset_name == "van"
    with pytest.raises(ValueError, match="turn_limit"):
        VAN.with_(turn_limit=3)


def test_two_hoarders_end_every_hand_as_dead_at_the_limit():
    rules = VAN.with_(target=25)  # bot matches turn the limit on by themselves
    record = play_match(rules, 5, Hoarder(1), Hoarder(2), max_hands=6, check_invariants=True)
    assert record.hands, "no hand ended"
    for hand in record.hands:
        assert hand.kind == "dead" and hand.turns == BOT_TURN_LIMIT
        assert hand.dead_reason == "turn_limit"  # the outcome says why, for the words on screen


def test_the_reason_survives_a_save_and_a_stock_dead_hand_says_stock():
    at_limit = HandResult(hand_no=3, dealer=0, kind="dead", turns=TURN_LIMIT, turn_limit=True)
    assert HandResult.from_dict(at_limit.to_dict()) == at_limit and at_limit.dead_reason == "turn_limit"
    by_stock = HandResult(hand_no=3, dealer=0, kind="dead", turns=29)
    assert "turn_limit" not in by_stock.to_dict() and by_stock.dead_reason == "stock"
    won = HandResult(hand_no=3, dealer=0, kind="knock", knocker=1, winner=1, points=9)
    assert won.dead_reason is None
    with pytest.raises(ValueError, match="turn_limit"):
        HandResult.from_dict(dict(at_limit.to_dict(), turn_limit="yes"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_matches_that_end_normally_are_identical_with_the_guard(seed):
    a = play_match(VAN.with_(turn_limit=TURN_LIMIT_RANGE[1]), seed, make_bot("easy", seed=seed),
                   make_bot("medium", seed=seed + 1))
    b = play_match(VAN.with_(turn_limit=BOT_TURN_LIMIT), seed, make_bot("easy", seed=seed),
                   make_bot("medium", seed=seed + 1))
    assert (a.winner, a.scores, a.hands) == (b.winner, b.scores, b.hands)


def test_the_simulator_turns_the_guard_on():
    from game.sim import build_rules

    assert build_rules("van", None, []).turn_limit == BOT_TURN_LIMIT
    assert build_rules("van", None, [("turn_limit", 0)]).turn_limit == 0
