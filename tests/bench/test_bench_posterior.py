"""The particle reading of the opponent's hand (bench/posterior.py): its bookkeeping follows the hand exactly."""
import importlib
import math
import random

import pytest

from game.bots import decide, make_bot
from game.engine import VAN, Drew, HandDealt, Phase, new_match, observe

EAAI = VAN.with_(upcard_offer="hoyle", big_gin_bonus=None)
posterior = importlib.import_module("bench.posterior")


def _follow(rules, seed, check):
    """Play hard (seat 0) against simple; after every event, ``check(post, story, state)`` with the
    opponent's true story (dealt cards, then its stock draws) known to the test only; ``state`` is
    checked against only after the last event of each action, when it has caught up."""
    state, events = new_match(rules, seed=seed)
    bots = (make_bot("hard", seed=seed), make_bot("simple", seed=seed + 1))
    for s, b in enumerate(bots):
        b.new_match(s, rules)
    post = posterior.HandPosterior(0, rules, random.Random(seed), particles=40)
    story: list[int] = []
    while True:
        for i, e in enumerate(events):
            if isinstance(e, HandDealt):
                story = [int(c) for c in e.hands[1]]
            elif isinstance(e, Drew) and e.player == 1 and e.source == "stock":
                story.append(int(e.card))
            for s, b in enumerate(bots):
                b.on_event(e.seen_by(s))
            post.on_event(e.seen_by(0))
            if i == len(events) - 1:
                check(post, story, state)
        if state.phase is Phase.MATCH_OVER or state.hand_no > 3:
            return
        seat = state.to_act if state.to_act is not None else 0
        events = state.apply(decide(bots[seat], observe(state, seat)), seat)


@pytest.mark.parametrize("rules", [VAN, EAAI], ids=["van", "eaai"])
def test_the_true_story_of_a_plain_player_fits_every_step_and_gives_its_hand(rules):
    checked = []

    def check(post, story, state):
        if not post.active or post._stock_draw:  # mid-turn: the drawn card is not in a story yet
            return
        loglik, hand = post.replay(story)
        assert loglik == 0.0, post.steps  # the simple bot does exactly what the model says
        assert hand == sum(1 << c for c in state.hands[1])
        checked.append(len(post.steps))

    for seed in (3, 4):
        _follow(rules, seed, check)
    assert len(checked) > 50 and max(checked) > 10


def test_the_stories_hold_only_unseen_cards_and_a_wrong_story_is_ruled_out():
    seen = []

    def check(post, story, state):
        if not post.active:
            return
        size = len(state.hands[1]) - (1 if post._stock_draw else 0)
        mine = sum(1 << c for c in state.hands[0])
        pile = sum(1 << c for c in state.discard)
        for h, w in zip(post.hands, post.weights, strict=True):
            if w:  # a story ruled out keeps its weight of nothing until the next resampling
                assert bin(h).count("1") == size
                assert not h & (mine | pile)
        assert all(0.0 <= post.danger(c) <= 1.0 for c in range(52))
        assert math.isclose(sum(post.card_chances()), size)
        if post.steps and not post._stock_draw and any(k == posterior.THROW for k, _, _ in post.steps):
            thrown = next(c for k, c, _ in post.steps if k == posterior.THROW)
            wrong = [c for c in story if c != thrown]  # the opponent never held its first throw
            wrong += [c for c in range(52) if c not in story and not (mine | pile) >> c & 1][:1]
            assert post.replay(wrong)[0] == -math.inf
            seen.append(True)

    _follow(VAN, 5, check)
    assert seen


def test_when_every_story_is_ruled_out_fresh_ones_fit_the_throws():
    def check(post, story, state):
        if post.active and not post._stock_draw and sum(1 for k, _, _ in post.steps if k == posterior.THROW) == 3:
            post._restart()
            size = len(state.hands[1])
            for s, h, ll in zip(post.stories, post.hands, post.loglik, strict=True):
                assert bin(h).count("1") == size
                assert ll == post.replay(s)[0] or ll == -1e9

    _follow(VAN, 6, check)
