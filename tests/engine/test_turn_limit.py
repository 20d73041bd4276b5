"""The guard against endless hands: with ``turn_limit`` on, a hand that reaches it ends as a dead hand;
every match that ends normally plays exactly as without it."""
import pytest

from game.bots import make_bot
from game.bots.referee import play_match
from game.engine import VAN, Card, Rules
from game.engine.rules import BOT_TURN_LIMIT, TURN_LIMIT_RANGE


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


def test_the_limit_is_off_by_default_and_checked():
    assert VAN.turn_limit == 0 and "turn_limit" not in VAN.to_dict()  # saves and records stay as they were
    assert Rules.from_dict(VAN.with_(turn_limit=BOT_TURN_LIMIT).to_dict()).turn_limit == BOT_TURN_LIMIT
    assert VAN.with_(turn_limit=BOT_TURN_LIMIT).preset_name == "van"
    with pytest.raises(ValueError, match="turn_limit"):
        VAN.with_(turn_limit=3)


def test_two_hoarders_end_every_hand_as_dead_at_the_limit():
    rules = VAN.with_(target=25)  # bot matches turn the limit on by themselves
    record = play_match(rules, 5, Hoarder(1), Hoarder(2), max_hands=6, check_invariants=True)
    assert record.hands, "no hand ended"
    for hand in record.hands:
        assert hand.kind == "dead" and hand.turns == BOT_TURN_LIMIT


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
