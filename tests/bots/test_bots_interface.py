"""The bot interface and the referee: answers become legal actions, bad answers a counted timer move."""
import pytest

from game.bots import BOTS, LEVELS, Bot, decide, decide_checked, make_bot, play_match
from game.engine import (
    CLASSIC,
    VAN,
    Card,
    Discard,
    DrawStock,
    NextHand,
    Observation,
    Phase,
    TimerMove,
    new_match,
    observe,
    parse_cards,
)


def _state_in(phase, rules=VAN, seed=3):
    state, _ = new_match(rules, seed)
    for _ in range(200):
        if state.phase is phase:
            return state
        if state.phase is Phase.HAND_OVER:
            state.apply(NextHand())
        elif state.phase is Phase.DRAW and phase is Phase.DISCARD:
            state.apply(DrawStock())
        else:
            state.apply(TimerMove())
    raise AssertionError(f"never reached {phase}")


def test_make_bot_builds_every_level_and_refuses_unknown_ones():
    for level in (*LEVELS, "simple"):
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Bot) and bot.level == level
    assert set(LEVELS) == {"easy", "medium", "hard"} and set(BOTS) >= set(LEVELS)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "simple"])
@pytest.mark.parametrize("phase", [Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD])
def test_decide_answers_a_legal_action_in_every_phase(level, phase):
    state = _state_in(phase, CLASSIC if phase is Phase.UPCARD_OFFER else VAN)
    bot = make_bot(level, seed=2)
    bot.new_match(state.to_act, state.rules)
    obs = observe(state, state.to_act)
    action, problem = decide_checked(bot, obs)
    assert problem is None
    assert action in obs.legal_actions
    assert not isinstance(action, TimerMove)


def test_decide_between_hands_deals_the_next_hand_and_refuses_when_not_asked():
    state = _state_in(Phase.HAND_OVER)
    assert decide(make_bot("easy"), observe(state, 0)) == NextHand()
    state = _state_in(Phase.DRAW)
    with pytest.raises(ValueError, match="nothing to decide"):
        decide(make_bot("easy"), observe(state, 1 - state.to_act))


class _Broken(Bot):
    def __init__(self, mode):
        super().__init__(seed=0)
        self.mode = mode

    def draw_from_discard(self, obs):
        if self.mode == "raise":
            raise RuntimeError("thinking failed")
        if self.mode == "not_bool":
            return "yes"
        return False

    def choose_discard(self, obs: Observation) -> Card:
        if self.mode == "not_in_hand":
            return next(c for c in map(Card, range(52)) if c not in obs.hand)
        if self.mode == "forbidden":
            return obs.forbidden_discard
        if self.mode == "not_a_card":
            return "KS"
        return obs.hand[0]

    def knock(self, obs, card):
        return True


@pytest.mark.parametrize("mode", ["raise", "not_bool"])
def test_a_bad_draw_answer_becomes_the_counted_timer_move(mode):
    state = _state_in(Phase.DRAW)
    obs = observe(state, state.to_act)
    bot = _Broken(mode)
    assert decide(bot, obs) == TimerMove()
    assert bot.fallbacks == 1
    action, problem = decide_checked(bot, obs)
    assert action == TimerMove() and problem


@pytest.mark.parametrize("mode", ["not_in_hand", "not_a_card", "forbidden"])
def test_a_bad_discard_answer_becomes_the_counted_timer_move(mode):
    state = _state_in(Phase.DRAW)
    from game.engine import DrawDiscard

    state.apply(DrawDiscard())  # the taken card may not be thrown back (van)
    obs = observe(state, state.to_act)
    assert obs.forbidden_discard is not None
    bot = _Broken(mode)
    assert decide(bot, obs) == TimerMove()
    assert bot.fallbacks == 1
    state.apply(TimerMove())  # the fallback is legal


def test_a_knock_is_played_only_when_the_rules_allow_it():
    # the broken bot always wants to knock with its first card; the referee asks only when legal
    from game.engine import Knock

    for seed in range(12):
        state = _state_in(Phase.DRAW, seed=seed)
        state.apply(DrawStock())
        obs = observe(state, state.to_act)
        bot = _Broken("ok")
        action = decide(bot, obs)
        first = obs.hand[0]
        expected = Knock(first) if Knock(first) in obs.legal_actions else Discard(first)
        assert action == expected and bot.fallbacks == 0


def test_play_match_counts_fallbacks_of_a_broken_bot_and_still_finishes():
    rec = play_match(VAN.with_(target=30), 5, _Broken("raise"), make_bot("easy", seed=1))
    assert rec.winner in (0, 1)
    assert rec.fallbacks[0] > 0 and rec.fallbacks[1] == 0
    assert rec.problems and "RuntimeError" in rec.problems[0]


def test_seeded_matches_replay_exactly():
    def run():
        rec = play_match(VAN, 11, make_bot("hard", seed=4), make_bot("medium", seed=5))
        return rec.winner, rec.scores, [(h.kind, h.winner, h.points, h.turns) for h in rec.hands]

    assert run() == run()


def test_base_bot_plays_a_legal_default_game():
    rec = play_match(VAN.with_(target=40), 2, Bot(seed=1), Bot(seed=2), check_invariants=True)
    assert rec.winner in (0, 1) and rec.fallbacks == [0, 0]


def test_hard_bot_parameters_are_checked():
    from game.bots import HardBot

    assert HardBot(seed=1, samples=10).p["samples"] == 10
    with pytest.raises(ValueError, match="unknown hard-bot parameters"):
        HardBot(seed=1, cleverness=11)


def test_a_bots_discard_is_an_engine_card():
    # the interface speaks engine cards: a bot's discard is a Card the engine understands
    state = _state_in(Phase.DRAW)
    state.apply(DrawStock())
    obs = observe(state, state.to_act)
    card = make_bot("hard", seed=1).choose_discard(obs)
    assert isinstance(card, Card) and card in obs.hand
    assert parse_cards(str(card)) == [card]


def test_the_documented_example_plays_a_hand():
    import contextlib
    import io
    import pathlib
    import re

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", doc, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/bots.md", "exec"), {})
    assert "won by seat" in out.getvalue() and "points" in out.getvalue()
