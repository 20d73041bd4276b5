"""Properties over random legal play to the end of a match, under many rule combinations."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import (
    CLASSIC,
    IN_PLAY,
    VAN,
    BigGin,
    Card,
    Discard,
    Drew,
    HandDealt,
    HandEnded,
    Knock,
    MatchEnded,
    MatchState,
    NextHand,
    Phase,
    TimerMove,
    best_discard,
    new_match,
    observe,
)

RULE_VARIANTS = [
    VAN,
    CLASSIC,
    VAN.with_(upcard_offer="hoyle", dead_hand_stock=3),
    CLASSIC.with_(oklahoma=True, tie_is_undercut=False, may_discard_taken_card=True),
    VAN.with_(dealer_rule="loser", big_gin_bonus=50, gin_bonus=20, undercut_bonus=10),
    CLASSIC.with_(game_bonus=100, line_bonus=25, shutout_double=True, dealer_rule="alternate"),
]


def _cards_in(value, out):
    """Collect every Card inside an observation field (tuples, actions, nested values)."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            _cards_in(v, out)
    elif isinstance(value, (Discard, Knock)):
        out.add(value.card)
    return out


def _check_observation(state, player):
    obs = observe(state, player)
    assert obs.hand == tuple(state.hands[player])
    assert obs.opponent_hand_size == len(state.hands[1 - player])
    assert obs.stock_size == len(state.stock)
    assert obs.legal_actions == (tuple(state.legal_actions()) if state.to_act == player else obs.legal_actions)
    if state.phase not in IN_PLAY:
        return
    assert obs.last_result is None
    hidden = set(state.hands[1 - player]) - set(state.held_picks(1 - player))
    seen = set()
    for name in ("hand", "discard_pile", "out_of_play", "upcard", "taken_card", "forbidden_discard",
                 "opponent_picks", "own_picks", "legal_actions"):
        _cards_in(getattr(obs, name), seen)
    assert not seen & hidden, f"player {player} sees {sorted(map(str, seen & hidden))}"
    assert set(obs.opponent_picks) <= set(state.hands[1 - player])
    assert set(state.stock).isdisjoint(seen)


def _check_events(events, state_before_hands):
    for event in events:
        for player in (0, 1):
            seen = event.seen_by(player)
            if isinstance(event, HandDealt):
                assert seen.hands[1 - player] is None and seen.hands[player] is not None
            if isinstance(event, Drew) and event.player != player and event.source == "stock":
                assert seen.card is None


def _choose(state, rng):
    actions = state.legal_actions()
    if state.phase is Phase.HAND_OVER:
        return NextHand()
    if rng.random() < 0.08:
        return TimerMove()
    enders = [a for a in actions if isinstance(a, (Knock, BigGin))]
    if enders and rng.random() < 0.7:
        return rng.choice(enders)
    if state.phase is Phase.DISCARD and rng.random() < 0.7:
        choice = best_discard(state.hands[state.to_act], forbidden=state.forbidden_discard())
        return Discard(choice.card)
    plain = [a for a in actions if not isinstance(a, (Knock, BigGin))]
    return rng.choice(plain)


def play_match(rules, seed, computer_seat, save_every):
    rng = random.Random(seed)
    state, events = new_match(rules, seed, computer_seat=computer_seat)
    _check_events(events, None)
    scores = list(state.scores)
    ended_hands = 0
    for step in range(20_000):
        assert state.phase in tuple(Phase)
        assert (state.to_act is None) == (state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER))
        state.check_invariants()
        assert len(state.all_cards()) == 52 and len(set(state.all_cards())) == 52
        for player in (0, 1):
            _check_observation(state, player)
        if state.phase is Phase.MATCH_OVER:
            break
        if save_every and step % save_every == 0:
            loaded = MatchState.from_json(state.to_json())
            assert loaded == state
            state = loaded
        action = _choose(state, rng)
        events = state.apply(action, player=state.to_act)
        _check_events(events, None)
        assert all(a >= b for a, b in zip(state.scores, scores, strict=True)), "scores only grow"
        for event in events:
            if isinstance(event, HandEnded):
                ended_hands += 1
                r = event.result
                gained = [state.scores[p] - scores[p] for p in (0, 1)]
                if r.winner is None:
                    assert gained == [0, 0] and r.kind == "dead"
                else:
                    assert gained[r.winner] == r.points and gained[1 - r.winner] == 0
                    assert r.points >= 0
                    assert r.kind in ("knock", "undercut", "gin", "big_gin")
                assert event.scores == tuple(state.scores)
        scores = list(state.scores)
    else:
        raise AssertionError("the match did not end")
    assert state.phase is Phase.MATCH_OVER
    assert max(state.scores) >= rules.target and state.scores[0] != state.scores[1]
    assert state.final.winner == (0 if state.scores[0] > state.scores[1] else 1)
    assert ended_hands == len(state.history)
    return state


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.integers(0, len(RULE_VARIANTS) - 1),
    target=st.sampled_from([10, 30, 50]),
    seed=st.integers(0, 2 ** 32),
    computer_seat=st.sampled_from([None, 0, 1]),
    save_every=st.sampled_from([0, 1, 7]),
)
@pytest.mark.slow
def test_random_legal_play_keeps_every_invariant_to_the_end_of_a_match(variant, target, seed, computer_seat,
                                                                       save_every):
    play_match(RULE_VARIANTS[variant].with_(target=target), seed, computer_seat, save_every)


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 2 ** 32), variant=st.integers(0, len(RULE_VARIANTS) - 1))
def test_a_match_replays_exactly_from_its_seed_and_moves(seed, variant):
    rules = RULE_VARIANTS[variant].with_(target=20)
    a = play_match(rules, seed, 1, 0)
    b = play_match(rules, seed, 1, 0)
    assert a == b


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 2 ** 32), steps=st.integers(0, 60))
def test_a_saved_match_plays_on_like_the_original(seed, steps):
    rng = random.Random(seed)
    state, _ = new_match(CLASSIC.with_(target=20), seed, computer_seat=0)
    for _ in range(steps):
        if state.phase is Phase.MATCH_OVER:
            break
        state.apply(_choose(state, rng))
    loaded = MatchState.from_json(state.to_json())
    for _ in range(40):
        if state.phase is Phase.MATCH_OVER:
            break
        action = _choose(state, random.Random(len(state.history) * 1000 + state.turns))
        assert state.apply(action) == loaded.apply(action)
        assert state == loaded


def test_match_ended_event_closes_every_match():
    state, _ = new_match(VAN.with_(target=10), 4)
    rng = random.Random(4)
    seen = []
    while state.phase is not Phase.MATCH_OVER:
        seen += state.apply(_choose(state, rng))
    assert isinstance(seen[-1], MatchEnded) and seen[-1].final == state.final
