"""The match state machine: deals, turns, the upcard offer, dead hands, dealers, the timer, illegal moves."""
import pytest
from helpers.positions import card, rig

from game.engine import (
    CLASSIC,
    DECK,
    VAN,
    BigGin,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    Drew,
    HandDealt,
    HandEnded,
    IllegalAction,
    IllegalReason,
    Knock,
    Knocked,
    MatchState,
    NextHand,
    PassUpcard,
    Phase,
    SaveError,
    TakeUpcard,
    TimerMove,
    UpcardDecision,
    UpcardRetired,
    best_discard,
    deadwood,
    new_match,
    observe,
    parse_cards,
    why_illegal,
)


def play_to_hand_end(state, limit=200):
    """Drive a hand with the engine's own timer move until it ends."""
    for _ in range(limit):
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        state.apply(TimerMove())
    raise AssertionError("the hand did not end")


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("rules", [VAN, CLASSIC])
def test_deal_gives_ten_each_one_upcard_and_31_stock(rules):
    state, events = new_match(rules, seed=7, computer_seat=1)
    assert [len(h) for h in state.hands] == [10, 10]
    assert len(state.discard) == 1 and state.upcard == state.discard[0]
    assert len(state.stock) == 31
    assert sorted(state.all_cards()) == list(DECK)
    dealt = events[0]
    assert isinstance(dealt, HandDealt) and dealt.stock_size == 31 and dealt.upcard == state.upcard
    assert state.to_act == state.non_dealer
    state.check_invariants()


def test_same_seed_same_deal_and_different_seed_different_deal():
    a, _ = new_match(VAN, seed=123)
    b, _ = new_match(VAN, seed=123)
    c, _ = new_match(VAN, seed=124)
    assert a.to_dict() == b.to_dict()
    assert a.hands != c.hands
    # replaying the same moves keeps them equal, next hands included
    for _ in range(3):
        play_to_hand_end(a)
        play_to_hand_end(b)
        assert a.to_dict() == b.to_dict()
        if a.phase is Phase.MATCH_OVER:
            break
        a.apply(NextHand())
        b.apply(NextHand())
        assert a.to_dict() == b.to_dict()


def test_hand_dealt_event_hides_the_other_hand():
    state, events = new_match(VAN, seed=5)
    dealt = events[0]
    for p in (0, 1):
        seen = dealt.seen_by(p)
        assert seen.hands[p] == tuple(state.hands[p])
        assert seen.hands[1 - p] is None


# ---------------------------------------------------------------- a turn


def test_turn_draw_stock_then_discard_passes_the_turn():
    state = rig(hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="8D", stock_top="6H", dealer=1)
    events = state.apply(DrawStock(), player=0)
    assert isinstance(events[0], Drew) and events[0].card == card("6H") and events[0].source == "stock"
    assert events[0].seen_by(1).card is None and events[0].seen_by(0).card == card("6H")
    assert state.phase is Phase.DISCARD and len(state.hands[0]) == 11
    events = state.apply(Discard(card("KS")), player=0)
    assert events == [Discarded(0, card("KS"))]
    assert state.phase is Phase.DRAW and state.to_act == 1 and state.discard[-1] == card("KS")
    state.check_invariants()


def test_card_taken_from_the_discard_pile_cannot_go_straight_back():
    state = rig(hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="8D", dealer=1)
    events = state.apply(DrawDiscard())
    assert events[0].source == "discard" and events[0].seen_by(1).card == card("8D")
    assert Discard(card("8D")) not in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="just taken from the discard pile"):
        state.apply(Discard(card("8D")))
    assert state.to_dict() == before
    assert state.forbidden_discard() == card("8D")
    # the opponent sees the pick
    assert state.held_picks(0) == [card("8D")]


def test_switch_may_discard_the_taken_card():
    rules = VAN.with_(may_discard_taken_card=True)
    state = rig(rules, hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="8D", dealer=1)
    state.apply(DrawDiscard())
    assert Discard(card("8D")) in state.legal_actions()
    state.apply(Discard(card("8D")))
    assert state.discard[-1] == card("8D") and state.to_act == 1


def test_knock_is_offered_only_when_the_discard_leaves_at_most_the_limit():
    # after drawing 5H: throwing KH leaves 5 (knock), throwing 5H leaves 10 (knock), AC leaves 20
    state = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS KH", "AD 2D 3D 5C 7S 9C JH QS KC 6C"),
                stock_top="5H", discard="8D", dealer=1)
    state.apply(DrawStock())
    legal = state.legal_actions()
    assert Knock(card("KH")) in legal and Knock(card("5H")) in legal
    assert Knock(card("AC")) not in legal and Discard(card("AC")) in legal
    assert BigGin() not in legal
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="leaves 20 deadwood, the limit is 10"):
        state.apply(Knock(card("AC")))
    assert state.to_dict() == before


def test_knocking_is_never_forced():
    state = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS KH", "AD 2D 3D 5C 7S 9C JH QS KC 6C"),
                stock_top="5H", discard="8D", dealer=1)
    state.apply(DrawStock())
    state.apply(Discard(card("KH")))
    assert state.phase is Phase.DRAW and state.to_act == 1


def test_big_gin_is_offered_with_eleven_melded_cards():
    state = rig(hands=("2H 3H 4H 5H 9S 9D 9C JD QD KD", "4C 5C 6C 7C 6S 6H 6D 9H KH 4S"),
                stock_top="TD", discard="8S", dealer=1)
    state.apply(DrawStock())
    assert BigGin() in state.legal_actions()
    events = state.apply(BigGin())
    assert events[0] == Knocked(0, None, "big_gin")
    result = state.last_result
    assert result.kind == "big_gin" and result.winner == 0
    assert state.phase is Phase.HAND_OVER and state.to_act is None
    state.check_invariants()


# ---------------------------------------------------------------- the first upcard


def _offer_state(rules, seed=11):
    state, _ = new_match(rules, seed)
    assert state.phase is Phase.UPCARD_OFFER
    return state


@pytest.mark.parametrize("offer", ["classic", "hoyle"])
def test_upcard_offered_to_non_dealer_then_dealer(offer):
    state = _offer_state(VAN.with_(upcard_offer=offer))
    nd, d = state.non_dealer, state.dealer
    up = state.upcard
    assert state.to_act == nd and set(state.legal_actions()) == {TakeUpcard(), PassUpcard()}
    with pytest.raises(IllegalAction):
        state.apply(PassUpcard(), player=d)
    assert state.apply(PassUpcard(), player=nd) == [UpcardDecision(nd, up, False)]
    assert state.to_act == d and state.phase is Phase.UPCARD_OFFER


@pytest.mark.parametrize("offer", ["classic", "hoyle"])
def test_taking_the_upcard_goes_straight_to_discarding(offer):
    for taker_stage in (0, 1):
        state = _offer_state(VAN.with_(upcard_offer=offer))
        up = state.upcard
        if taker_stage:
            state.apply(PassUpcard())
        taker = state.to_act
        events = state.apply(TakeUpcard())
        assert events == [UpcardDecision(taker, up, True)]
        assert state.phase is Phase.DISCARD and state.to_act == taker
        assert up in state.hands[taker] and len(state.stock) == 31
        assert Discard(up) not in state.legal_actions()  # just taken: not straight back
        thrown = next(c for c in state.hands[taker] if c != up)
        state.apply(Discard(thrown))
        assert state.to_act == 1 - taker and state.phase is Phase.DRAW


def test_classic_both_refuse_upcard_leaves_play_and_non_dealer_draws_stock():
    state = _offer_state(CLASSIC)
    up = state.upcard
    state.apply(PassUpcard())
    events = state.apply(PassUpcard())
    assert UpcardRetired(up) in events
    assert state.out_of_play == [up] and state.discard == []
    assert state.phase is Phase.DRAW and state.to_act == state.non_dealer
    assert state.legal_actions() == [DrawStock()]
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        state.apply(DrawDiscard())
    state.check_invariants()
    play_to_hand_end(state)
    assert up not in state.hands[0] + state.hands[1] + state.discard + state.stock


def test_hoyle_both_refuse_upcard_stays_but_first_draw_is_from_stock():
    state = _offer_state(VAN.with_(upcard_offer="hoyle"))
    up = state.upcard
    state.apply(PassUpcard())
    state.apply(PassUpcard())
    assert state.discard == [up] and state.out_of_play == []
    assert state.to_act == state.non_dealer and state.legal_actions() == [DrawStock()]
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="first draw must come from the stock"):
        state.apply(DrawDiscard())
    assert state.to_dict() == before
    state.apply(DrawStock())
    state.apply(Discard(state.hands[state.to_act][0]))
    assert DrawDiscard() in state.legal_actions()  # from then on the pile is open


def test_van_has_no_offer_and_non_dealer_may_take_the_upcard_on_a_normal_turn():
    state, _ = new_match(VAN, seed=3)
    assert state.phase is Phase.DRAW and state.to_act == state.non_dealer
    assert set(state.legal_actions()) == {DrawStock(), DrawDiscard()}
    up = state.upcard
    state.apply(DrawDiscard())
    assert up in state.hands[state.to_act]


# ---------------------------------------------------------------- dead hands


@pytest.mark.parametrize("limit", [2, 3])
def test_dead_hand_when_a_turn_ends_without_knock_at_the_stock_limit(limit):
    rules = VAN.with_(dead_hand_stock=limit)
    hands = ("AC 3C 5C 7D 9H JS KD QC 2H 4S", "AD 3D 5D 7H 9S JC KH QD 2S 4H")
    # one card above the limit: the draw brings it to the limit, the discard ends the hand
    state = rig(rules, hands=hands, discard="8C", stock_size=limit + 1, dealer=1)
    hand_no, dealer, scores = state.hand_no, state.dealer, list(state.scores)
    state.apply(DrawStock())
    assert state.phase is Phase.DISCARD  # still a turn to play
    events = state.apply(Discard(card("KD")))
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert ended and ended[0].result.kind == "dead" and ended[0].result.winner is None
    assert ended[0].result.knocker_melds == () and ended[0].result.defender_melds == ()
    assert state.phase is Phase.HAND_OVER and state.scores == scores
    assert len(state.stock) == limit
    state.apply(NextHand())
    assert state.hand_no == hand_no + 1 and state.dealer == dealer  # the same dealer deals again
    assert len(state.stock) == 31  # a fresh deck: the discard pile is not reshuffled into the old stock


@pytest.mark.parametrize("limit", [2, 3])
def test_hand_goes_on_one_card_above_the_dead_limit(limit):
    rules = VAN.with_(dead_hand_stock=limit)
    hands = ("AC 3C 5C 7D 9H JS KD QC 2H 4S", "AD 3D 5D 7H 9S JC KH QD 2S 4H")
    state = rig(rules, hands=hands, discard="8C", stock_size=limit + 2, dealer=1)
    state.apply(DrawStock())
    state.apply(Discard(card("KD")))
    assert state.phase is Phase.DRAW and len(state.stock) == limit + 1


def test_knock_on_the_last_turn_still_scores():
    state = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS KH", "AD 2D 3D 5C 7S 9C JH QS KC 6C"),
                stock_top="5H", discard="8D", stock_size=3, dealer=1)
    state.apply(DrawStock())
    state.apply(Knock(card("KH")))
    assert state.last_result.kind in ("knock", "undercut") and state.last_result.winner is not None


def test_timer_drives_a_hand_to_a_dead_end_at_two_cards():
    # the timer never knocks, so a hand played by it alone can only end dead
    state, _ = new_match(VAN, seed=99)
    play_to_hand_end(state)
    assert state.last_result.kind == "dead"
    assert len(state.stock) == 2


# ---------------------------------------------------------------- dealers


def _score_a_knock(state, winner_seat):
    """Rig the current hand so ``winner_seat`` knocks and wins with a plain knock."""
    rules = state.rules
    other = 1 - winner_seat
    hands = ["", ""]
    hands[winner_seat] = "2H 3H 4H 9S 9D 9C JD QD KD 8S"
    hands[other] = "4C 5C 6C 7C 6S 6H 6D 9H KH 4S"
    fresh = rig(rules, hands=tuple(hands), stock_top="KS", discard="AD", dealer=state.dealer,
                to_act=winner_seat, history=state.history, hand_no=state.hand_no)
    fresh.apply(DrawStock())
    fresh.apply(Knock(card("KS")))
    assert fresh.last_result.winner == winner_seat
    return fresh


@pytest.mark.parametrize("winner", [0, 1])
def test_alternate_dealer_rule(winner):
    state = new_match(VAN, seed=1)[0]
    dealer = state.dealer
    state = _score_a_knock(state, winner)
    assert state.dealer == 1 - dealer
    state.apply(NextHand())
    assert state.dealer == 1 - dealer and state.to_act == dealer


@pytest.mark.parametrize("winner", [0, 1])
def test_loser_deals_rule(winner):
    state = new_match(CLASSIC, seed=1, computer_seat=1)[0]
    state = _score_a_knock(state, winner)
    state.apply(NextHand())
    assert state.dealer == 1 - winner


def test_classic_first_dealer_is_the_computer():
    for seat in (0, 1):
        for seed in range(10):
            state, events = new_match(CLASSIC, seed, computer_seat=seat)
            assert state.dealer == seat and events[0].dealer == seat
            assert state.to_act == 1 - seat  # so the upcard is offered to the person first


def test_first_dealer_by_lot_in_van_and_in_classic_hot_seat():
    for rules, seat in ((VAN, 1), (VAN, None), (CLASSIC, None)):
        dealers = {new_match(rules, seed, computer_seat=seat)[0].dealer for seed in range(40)}
        assert dealers == {0, 1}
    # the lot is part of the seed
    assert new_match(VAN, 17)[0].dealer == new_match(VAN, 17)[0].dealer


# ---------------------------------------------------------------- the turn timer


def test_timer_during_the_offer_passes():
    state = _offer_state(CLASSIC)
    nd, up = state.non_dealer, state.upcard
    events = state.apply(TimerMove())
    assert events == [UpcardDecision(nd, up, False)]
    events = state.apply(TimerMove())
    assert events[0] == UpcardDecision(state.dealer, up, False)
    assert state.phase is Phase.DRAW


def test_timer_in_the_draw_phase_draws_stock_and_throws_the_least_deadwood_card_without_knocking():
    # gin is there for the taking after 5H, but the timer never knocks
    state = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS QS", "AD 2D 3D 5C 7S 9C JH QH KC 6C"),
                stock_top="KH", discard="5H", dealer=1)
    events = state.apply(TimerMove())
    drew = [e for e in events if isinstance(e, Drew)]
    thrown = [e for e in events if isinstance(e, Discarded)]
    assert drew and drew[0].source == "stock" and drew[0].card == card("KH") and drew[0].auto
    assert drew[0].seen_by(1).card is None
    assert thrown and thrown[0].card == card("KH") and thrown[0].auto
    assert not any(isinstance(e, Knocked) for e in events)
    assert state.phase is Phase.DRAW and state.to_act == 1


def test_timer_in_the_discard_phase_respects_the_forbidden_card():
    state = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS 5C", "AD 2D 3D 6C 7S 9C JH QH KC 8C"),
                discard="KH", dealer=1)
    state.apply(DrawDiscard())
    hand = list(state.hands[0])
    events = state.apply(TimerMove())
    thrown = [e for e in events if isinstance(e, Discarded)][0]
    expected = best_discard(hand, forbidden=card("KH"))
    assert thrown.card != card("KH") and thrown.card == expected.card
    assert deadwood(state.hands[0]) == expected.deadwood
    assert not any(isinstance(e, Knocked) for e in events)


def test_timer_is_illegal_between_hands():
    state, _ = new_match(VAN, seed=99)
    play_to_hand_end(state)
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(TimerMove())
    assert state.to_dict() == before


# ---------------------------------------------------------------- illegal actions


def _positions():
    offer = _offer_state(CLASSIC)
    draw = rig(hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
               discard="8D", dealer=1)
    discard = rig(hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S 8D", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                  discard="6S", dealer=1, phase=Phase.DISCARD, taken="8D")
    over, _ = new_match(VAN, seed=99)
    play_to_hand_end(over)
    return offer, draw, discard, over


def _match_over():
    state = rig(hands=("2H 3H 4H 9S 9D 9C JD QD KD 8S", "4C 5C 6C 7C 6S 6H 6D 9H KH 4S"),
                stock_top="KS", discard="AD", dealer=1, rules=VAN.with_(target=5))
    state.apply(DrawStock())
    state.apply(Knock(card("KS")))
    assert state.phase is Phase.MATCH_OVER
    return state


def _gin_only():
    """Oklahoma with an ace upcard: the knock limit is 0, only gin may end the hand."""
    state = rig(VAN.with_(oklahoma=True), hands=("AC 2C 3C 4D 4H 4S 9S TS JS 5C 8C", "AD 2D 3D 6C 7S 9C JH QH KC 8D"),
                dealer=1, phase=Phase.DISCARD, upcard="AS")
    assert state.knock_limit == 0
    return state


R = IllegalReason


def test_illegal_actions_raise_with_a_message_a_reason_and_change_nothing():
    offer, draw, discard, over = _positions()
    finished = _match_over()
    gin_only = _gin_only()
    KS, AH, D8 = card("KS"), card("AH"), card("8D")
    cases = [
        (offer, DrawStock(), "not allowed in the upcard offer phase", R.WRONG_PHASE,
         {"phase": Phase.UPCARD_OFFER, "action": "DrawStock"}),
        (offer, Discard(offer.hands[offer.to_act][0]), "not allowed", R.WRONG_PHASE,
         {"phase": Phase.UPCARD_OFFER, "action": "Discard"}),
        (offer, NextHand(), "not allowed", R.WRONG_PHASE, {"phase": Phase.UPCARD_OFFER, "action": "NextHand"}),
        (draw, Discard(KS), "not allowed in the draw phase", R.WRONG_PHASE, {"phase": Phase.DRAW, "action": "Discard"}),
        (draw, TakeUpcard(), "not allowed", R.WRONG_PHASE, {"phase": Phase.DRAW, "action": "TakeUpcard"}),
        (draw, BigGin(), "not allowed", R.WRONG_PHASE, {"phase": Phase.DRAW, "action": "BigGin"}),
        (discard, DrawStock(), "not allowed in the discard phase", R.WRONG_PHASE,
         {"phase": Phase.DISCARD, "action": "DrawStock"}),
        (discard, Discard(AH), "AH is not in your hand", R.CARD_NOT_IN_HAND, {"card": AH}),
        (discard, Knock(AH), "AH is not in your hand", R.CARD_NOT_IN_HAND, {"card": AH}),
        (discard, Knock(KS), "cannot knock", R.KNOCK_TOO_MUCH_DEADWOOD,
         {"card": KS, "deadwood": deadwood(c for c in discard.hands[0] if c != KS), "limit": 10}),
        (discard, Discard(D8), "cannot be thrown back", R.THROW_BACK_FORBIDDEN, {"card": D8}),
        (discard, Knock(D8), "cannot be thrown back", R.THROW_BACK_FORBIDDEN, {"card": D8}),
        (discard, BigGin(), "big gin needs all eleven cards", R.BIG_GIN_NOT_MELDED,
         {"deadwood": deadwood(discard.hands[0])}),
        (gin_only, Knock(card("8C")), "the limit is 0: only gin", R.KNOCK_NOT_ALLOWED_GIN_ONLY,
         {"card": card("8C"), "deadwood": 5, "limit": 0}),
        (over, DrawStock(), "not allowed in the hand over phase", R.WRONG_PHASE,
         {"phase": Phase.HAND_OVER, "action": "DrawStock"}),
        (over, Discard(card("AS")), "not allowed", R.WRONG_PHASE, {"phase": Phase.HAND_OVER, "action": "Discard"}),
        (over, TimerMove(), "not allowed", R.WRONG_PHASE, {"phase": Phase.HAND_OVER, "action": "TimerMove"}),
        (finished, NextHand(), "the match is over", R.MATCH_OVER, {}),
        (finished, TimerMove(), "the match is over", R.MATCH_OVER, {}),
        (draw, "draw", "not an action", R.NOT_AN_ACTION, {"value": "draw"}),
    ]
    for state, action, message, reason, params in cases:
        before = state.to_dict()
        with pytest.raises(IllegalAction, match=message) as info:
            state.apply(action)
        assert info.value.reason is reason, (action, message)
        assert info.value.params == params, (action, message)
        assert info.value.action == action
        assert state.to_dict() == before, (action, message)
        # asked first, the same answer, and nothing raised or changed
        told = why_illegal(state, action)
        assert told is not None and (told.reason, told.params, str(told)) == (reason, params, str(info.value))
        assert state.why_illegal(action) is not None
        assert state.to_dict() == before
        assert not state.is_legal(action)


def test_every_reason_code_is_raised_by_some_case():
    # the cases above plus the two below cover every code but OTHER, which the engine never raises
    used = {R.WRONG_PHASE, R.CARD_NOT_IN_HAND, R.KNOCK_TOO_MUCH_DEADWOOD, R.THROW_BACK_FORBIDDEN,
            R.BIG_GIN_NOT_MELDED, R.KNOCK_NOT_ALLOWED_GIN_ONLY, R.MATCH_OVER, R.NOT_AN_ACTION,
            R.NOT_YOUR_TURN, R.FIRST_DRAW_FROM_STOCK, R.DISCARD_PILE_EMPTY}
    # a knock laid out by hand: tests/engine/test_declared.py raises each of these
    used |= {R.MELD_NOT_VALID, R.MELD_CARD_NOT_IN_HAND, R.MELD_CARD_TWICE, R.ARRANGEMENT_TOO_MUCH_DEADWOOD,
             R.LAYOFF_NOT_DEFENDERS, R.LAYOFF_CARD_TWICE, R.LAYOFF_NO_PLACE, R.LAYOFF_AFTER_GIN}
    assert used | {R.OTHER} == set(IllegalReason)
    assert all(isinstance(r.value, str) and r == r.value for r in IllegalReason)  # a str enum


def test_draw_from_the_pile_refusals_have_their_own_codes():
    classic = _offer_state(CLASSIC)
    classic.apply(PassUpcard())
    classic.apply(PassUpcard())
    error = why_illegal(classic, DrawDiscard())
    assert error is not None and error.reason is R.DISCARD_PILE_EMPTY and error.params == {}
    hoyle = _offer_state(VAN.with_(upcard_offer="hoyle"))
    hoyle.apply(PassUpcard())
    hoyle.apply(PassUpcard())
    with pytest.raises(IllegalAction) as info:
        hoyle.apply(DrawDiscard())
    assert info.value.reason is R.FIRST_DRAW_FROM_STOCK


def test_an_illegal_action_keeps_its_reason_through_pickling():
    import pickle

    _, _, discard, _ = _positions()
    error = why_illegal(discard, Knock(card("KS")))
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.reason, copy.params, str(copy), copy.action) == (error.reason, error.params, str(error), error.action)
    plain = IllegalAction("made elsewhere")
    assert plain.reason is R.OTHER and plain.params == {} and str(plain) == "made elsewhere"


@pytest.mark.slow
def test_why_illegal_agrees_with_legal_actions_everywhere_in_play():
    every = [TakeUpcard(), PassUpcard(), DrawStock(), DrawDiscard(), BigGin(), NextHand(), TimerMove()]
    every += [Discard(c) for c in DECK] + [Knock(c) for c in DECK]
    for rules in (VAN, CLASSIC, VAN.with_(upcard_offer="hoyle", oklahoma=True, may_discard_taken_card=True)):
        state, _ = new_match(rules.with_(target=25), seed=5)
        for step in range(400):
            legal = set(state.legal_actions())
            in_play = state.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)
            before = state.to_dict()
            for action in every:
                error = why_illegal(state, action)
                expected_legal = action in legal or (in_play and isinstance(action, TimerMove))
                assert (error is None) == expected_legal, (state, action, error)
                if error is not None:
                    assert error.reason is not R.OTHER and str(error)
                for other in (0, 1):
                    seat_error = why_illegal(state, action, player=other)
                    if state.to_act is not None and other != state.to_act:
                        assert seat_error is not None and seat_error.reason is R.NOT_YOUR_TURN or (
                            seat_error is not None and seat_error.reason is R.NOT_AN_ACTION)
            assert state.to_dict() == before
            if state.phase is Phase.MATCH_OVER:
                break
            actions = sorted(legal, key=str)
            state.apply(actions[(step * 7) % len(actions)])


def test_legal_actions_are_all_accepted():
    for state in _positions():
        for action in state.legal_actions():
            copy = state.copy()
            copy.apply(action)
            copy.check_invariants()


def test_match_over_has_no_legal_actions():
    state = _match_over()
    assert state.legal_actions() == []
    assert state.to_act is None and state.winner == 0
    assert isinstance(state, MatchState)


# ---------------------------------------------------------------- what each seat sees


def test_observation_shows_own_hand_public_picks_and_no_hidden_cards():
    state = rig(hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="8D", stock_top="6H", dealer=1)
    state.apply(DrawDiscard(), player=0)
    me, them = observe(state, 0), observe(state, 1)
    assert me.hand == tuple(state.hands[0]) and me.my_turn and me.legal_actions
    assert me.forbidden_discard == card("8D") and me.taken_card == card("8D")
    assert them.hand == tuple(state.hands[1]) and not them.my_turn and them.legal_actions == ()
    assert them.opponent_picks == (card("8D"),) and them.opponent_pick_count == 1
    assert them.taken_card is None and them.forbidden_discard is None
    assert them.opponent_hand_size == 11 and them.stock_size == len(state.stock)
    hidden_from_them = set(state.hands[0]) - {card("8D")}
    visible = set(them.hand) | set(them.discard_pile) | set(them.opponent_picks) | set(them.out_of_play)
    assert not visible & hidden_from_them
    assert "6H" not in {str(c) for c in visible}  # the stock stays face down
    with pytest.raises(ValueError):
        observe(state, 2)


# ---------------------------------------------------------------- building a position


def test_from_position_rebuilds_a_dealt_match_exactly():
    for rules, seed in ((VAN, 31), (CLASSIC, 32)):
        dealt, _ = new_match(rules, seed)
        built = MatchState.from_position(rules, dealt.hands, dealt.stock, dealt.discard, dealer=dealt.dealer,
                                         phase=dealt.phase, seed=seed, deal=dealt.deal)
        assert built == dealt
        assert built.legal_actions() == dealt.legal_actions()
        bare = MatchState.from_position(rules, dealt.hands, dealt.stock, dealt.discard, dealer=dealt.dealer,
                                        phase=dealt.phase, seed=seed)
        assert bare.deal is None and bare.to_dict() == {**dealt.to_dict(), "deal": None}
        with pytest.raises(SaveError, match="do not follow the hand's deal"):
            MatchState.from_position(rules, dealt.hands, dealt.stock[::-1], dealt.discard, dealer=dealt.dealer,
                                     phase=dealt.phase, seed=seed, deal=dealt.deal)


def test_from_position_takes_text_and_fills_in_the_defaults():
    state = rig(VAN.with_(oklahoma=True), hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S 8D", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="6S", dealer=1, phase=Phase.DISCARD, taken="8D", upcard="7D")
    assert state.to_act == 0 and state.upcard == card("7D") and state.knock_limit == 7
    assert state.taken_card == card("8D") and state.held_picks(0) == [card("8D")]
    assert state.forbidden_discard() == card("8D")
    assert state.scores == [0, 0] and state.hand_no == 0 and state.last_result is None
    state.check_invariants()


@pytest.mark.parametrize("change,message", [
    ({"hands": ("AC 2C", "AD")}, "cards"),
    ({"hands": ("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AC 2D 3D 5H 7S 9C JH QS KC 4C")}, "twice"),
    ({"phase": Phase.DISCARD}, "11 cards"),
    ({"to_act": None}, "someone must be to act"),
    ({"knock_limit": 7}, "knock limit"),
    ({"taken_card": "AC"}, "taken this turn"),
    ({"phase": "lunch"}, "lunch"),
    ({"hands": ("AC 2C 3C 5D 7H 9S JD QH KS ZZ", "AD 2D 3D 5H 7S 9C JH QS KC 4C")}, "not a card"),
])
def test_from_position_refuses_what_could_not_arise_in_play(change, message):
    hands = ("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C")
    named = set(parse_cards(hands[0] + " " + hands[1]))
    rest = [c for c in DECK if c not in named]
    args = {"hands": hands, "stock": rest[:31], "discard": rest[31:], "dealer": 1}
    MatchState.from_position(VAN, **args)  # the unchanged position is fine
    args.update(change)
    with pytest.raises(SaveError, match=message):
        MatchState.from_position(VAN, **args)


# ---------------------------------------------------------------- turns and public picks


def test_every_discard_counts_a_turn_and_the_hand_result_keeps_the_count():
    state, _ = new_match(VAN, seed=99)
    assert state.turns == 0
    for expected in range(1, 6):
        state.apply(DrawStock())
        assert state.turns == expected - 1  # a draw is not a turn yet
        state.apply(Discard(best_discard(state.hands[state.to_act]).card))
        assert state.turns == expected
        assert observe(state, 0).turns == observe(state, 1).turns == expected
    play_to_hand_end(state)
    assert state.last_result.kind == "dead"
    assert state.turns == state.last_result.turns == 31 - 2  # every stock card drawn down to two
    state.apply(NextHand())
    assert state.turns == 0


def test_a_knock_and_a_big_gin_count_as_turns():
    knock = rig(hands=("AC 2C 3C 4D 4H 4S 9S TS JS KH", "AD 2D 3D 5C 7S 9C JH QS KC 6C"),
                stock_top="5H", discard="8D", dealer=1)
    knock.apply(DrawStock())
    knock.apply(Discard(card("KH")))
    knock.apply(DrawStock())
    knock.apply(Discard(knock.hands[1][-1]))
    knock.apply(DrawStock())
    knock.apply(Knock(best_discard(knock.hands[0]).card))
    assert knock.last_result.turns == 3
    big = rig(hands=("2H 3H 4H 5H 9S 9D 9C JD QD KD", "4C 5C 6C 7C 6S 6H 6D 9H KH 4S"),
              stock_top="TD", discard="8S", dealer=1)
    big.apply(DrawStock())
    big.apply(BigGin())
    assert big.last_result.turns == 1


@pytest.mark.parametrize("throw_back_allowed", [True, False])
def test_a_picked_card_once_thrown_is_no_longer_shown_as_held(throw_back_allowed):
    rules = VAN.with_(may_discard_taken_card=throw_back_allowed)
    state = rig(rules, hands=("AC 2C 3C 5D 7H 9S JD QH KS 4S", "AD 2D 3D 5H 7S 9C JH QS KC 4C"),
                discard="8D", stock_top="6H 6D", dealer=1)
    state.apply(DrawDiscard(), player=0)
    assert observe(state, 1).opponent_picks == (card("8D"),) and observe(state, 0).own_picks == (card("8D"),)
    if throw_back_allowed:
        state.apply(Discard(card("8D")), player=0)  # straight back onto the pile
    else:
        state.apply(Discard(card("KS")), player=0)
        assert observe(state, 1).opponent_picks == (card("8D"),)  # still held
        state.apply(DrawStock(), player=1)
        state.apply(Discard(card("KC")), player=1)
        state.apply(DrawStock(), player=0)
        state.apply(Discard(card("8D")), player=0)  # thrown a turn later
    seen = observe(state, 1)
    assert seen.opponent_picks == () and seen.opponent_pick_count == 1
    assert observe(state, 0).own_picks == ()
    assert state.held_picks(0) == []
    assert card("8D") in seen.discard_pile
