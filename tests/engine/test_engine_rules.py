"""Scoring for both presets, the showdown and layoffs, every switch of ``Rules``, and the match's end."""
import random

import pytest
from helpers.positions import BIG_GIN, DEF_5, DEF_8, DEF_14, GIN, KNOCK_8, card, rig

from game.engine import (
    CLASSIC,
    DECK,
    PRESETS,
    TARGET_CHOICES,
    TIMER_CHOICES,
    VAN,
    BigGin,
    HandEnded,
    HandResult,
    IllegalAction,
    Knock,
    MatchEnded,
    NextHand,
    Phase,
    Rules,
    SaveError,
    deadwood,
    knock_arrangement,
    knock_melds,
    layoff_spots,
    new_match,
    oklahoma_limit,
    parse_cards,
    preset,
    showdown,
)
from game.engine.cards import cards_of, mask_of
from game.engine.rules import HOLLYWOOD, STRAIGHT


def end_hand(rules, knocker_cards, defender_cards, action, knocker=0):
    hands = [knocker_cards, defender_cards] if knocker == 0 else [defender_cards, knocker_cards]
    state = rig(rules, hands=tuple(hands), phase=Phase.DISCARD, to_act=knocker, dealer=1 - knocker)
    events = state.apply(action)
    state.check_invariants()
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and ended[0].result == state.last_result
    return state, state.last_result


BOTH = pytest.mark.parametrize("rules", [VAN, CLASSIC], ids=["van", "classic"])


# ---------------------------------------------------------------- the scoring table


@BOTH
def test_knock_scores_the_difference_to_the_knocker(rules):
    # seed 000: knock with 8, the defender stays at 14 after laying off: the knocker scores 6
    state, r = end_hand(rules, KNOCK_8, DEF_14, Knock(card("KS")))
    assert (r.kind, r.winner, r.points) == ("knock", 0, 6)
    assert r.knocker_deadwood == 8 and r.defender_deadwood == 14
    assert r.defender_deadwood_before_layoffs == 23
    assert [(str(c), i) for c, i in r.layoffs] == [("9H", [sorted(map(str, m)) for m in r.knocker_melds]
                                                         .index(["9C", "9D", "9S"]))]
    assert r.sum_text == "14 - 8 = 6"
    assert state.scores == [6, 0] and state.hands_won == [1, 0]


@BOTH
def test_undercut_scores_difference_plus_25_to_the_defender(rules):
    # seed 000: knock with 8, the defender lays off to 5: the defender scores 3 + 25 = 28
    state, r = end_hand(rules, KNOCK_8, DEF_5, Knock(card("KS")))
    assert (r.kind, r.winner, r.points, r.bonus) == ("undercut", 1, 28, 25)
    assert r.sum_text == "3 + 25 = 28"
    assert state.scores == [0, 28]


@BOTH
def test_a_tie_is_an_undercut(rules):
    _, r = end_hand(rules, KNOCK_8, DEF_8, Knock(card("KS")))
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 25)


@BOTH
def test_gin_scores_25_plus_deadwood_with_no_layoffs(rules):
    _, r = end_hand(rules, GIN, DEF_14, Knock(card("KS")))
    assert (r.kind, r.winner, r.points) == ("gin", 0, 25 + 23)
    assert r.layoffs == () and r.defender_deadwood == 23 == r.defender_deadwood_before_layoffs


def test_big_gin_scores_31_in_van():
    _, r = end_hand(VAN, BIG_GIN, DEF_14, BigGin())
    assert (r.kind, r.winner, r.points, r.bonus) == ("big_gin", 0, 31 + 23, 31)
    assert r.layoffs == () and r.discard is None


def test_big_gin_counts_as_gin_in_classic():
    state, r = end_hand(CLASSIC, BIG_GIN, DEF_14, BigGin())
    assert (r.winner, r.points, r.bonus) == (0, 25 + 23, 25)
    assert r.layoffs == ()
    # classic has no big gin: eleven melded cards are announced, scored and recorded as gin
    assert r.kind == "gin" and r.discard is None
    assert state.history[-1].kind == "gin"


def test_scores_for_either_seat():
    state, r = end_hand(VAN, KNOCK_8, DEF_5, Knock(card("KS")), knocker=1)
    assert (r.knocker, r.winner, r.points) == (1, 0, 28)
    assert state.scores == [28, 0]


# ---------------------------------------------------------------- switches of the scoring


@pytest.mark.parametrize("bonus", [20, 25])
def test_gin_bonus_switch(bonus):
    _, r = end_hand(VAN.with_(gin_bonus=bonus), GIN, DEF_14, Knock(card("KS")))
    assert r.points == bonus + 23


@pytest.mark.parametrize("bonus", [10, 20, 25])
def test_undercut_bonus_switch(bonus):
    _, r = end_hand(CLASSIC.with_(undercut_bonus=bonus), KNOCK_8, DEF_5, Knock(card("KS")))
    assert (r.winner, r.points) == (1, 3 + bonus)


def test_tie_goes_to_the_knocker_switch():
    state, r = end_hand(VAN.with_(tie_is_undercut=False), KNOCK_8, DEF_8, Knock(card("KS")))
    assert (r.kind, r.winner, r.points) == ("knock", 0, 0)
    # a real undercut is still an undercut
    _, r = end_hand(VAN.with_(tie_is_undercut=False), KNOCK_8, DEF_5, Knock(card("KS")))
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 28)


@pytest.mark.parametrize("bonus,expected", [(None, 25 + 23), (31, 31 + 23), (50, 50 + 23)])
def test_big_gin_bonus_switch(bonus, expected):
    _, r = end_hand(VAN.with_(big_gin_bonus=bonus), BIG_GIN, DEF_14, BigGin())
    assert r.points == expected


def test_big_gin_as_gin_follows_the_gin_bonus():
    _, r = end_hand(VAN.with_(big_gin_bonus=None, gin_bonus=20), BIG_GIN, DEF_14, BigGin())
    assert r.points == 20 + 23


# ---------------------------------------------------------------- Oklahoma


def _deal_with_upcard(rules, rank_char):
    for seed in range(2000):
        state, events = new_match(rules, seed)
        if str(state.upcard)[0] == rank_char:
            return state, events
    raise AssertionError("no such deal")


@pytest.mark.parametrize("rank_char,limit", [("A", 0), ("2", 2), ("5", 5), ("9", 9), ("T", 10), ("K", 10)])
def test_oklahoma_upcard_sets_the_knock_limit(rank_char, limit):
    rules = VAN.with_(oklahoma=True)
    state, events = _deal_with_upcard(rules, rank_char)
    assert state.knock_limit == limit == events[0].knock_limit
    assert oklahoma_limit(state.upcard) == limit


def test_without_oklahoma_the_limit_is_ten_whatever_the_upcard():
    state, _ = _deal_with_upcard(VAN, "A")
    assert state.knock_limit == 10


@pytest.mark.parametrize("upcard,limit,allowed", [("AD", 0, False), ("7D", 7, False), ("8D", 8, True),
                                                   ("TC", 10, True)])
def test_knock_limit_is_enforced(upcard, limit, allowed):
    state = rig(VAN.with_(oklahoma=True), hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0, upcard=upcard)
    assert state.knock_limit == limit
    assert (Knock(card("KS")) in state.legal_actions()) == allowed
    if not allowed:
        with pytest.raises(IllegalAction, match=f"the limit is {limit}"):
            state.apply(Knock(card("KS")))


def test_ace_upcard_means_gin_only():
    state = rig(VAN.with_(oklahoma=True), hands=(GIN, DEF_14), phase=Phase.DISCARD, to_act=0, upcard="AD")
    assert state.knock_limit == 0
    knocks = [a for a in state.legal_actions() if isinstance(a, Knock)]
    assert knocks == [Knock(card("KS"))]
    state.apply(Knock(card("KS")))
    assert state.last_result.kind == "gin"


# ---------------------------------------------------------------- the showdown


def _show(knocker, defender):
    return showdown(parse_cards(knocker), parse_cards(defender))


def _melds(arrangement):
    return sorted(" ".join(sorted(map(str, m))) for m in arrangement.melds)


def test_seed_layoff_chain_onto_both_ends_of_a_run():
    # seed 001: 6C and TC onto 7C8C9C drop the defender's deadwood from 20 to 4
    s = _show("7C 8C 9C 2D 3D 4D JH QH KH AS", "5H 5D 5S TS JS QS KS 6C TC 4S")
    assert s.defender_deadwood_before_layoffs == 20 and s.defender_deadwood == 4
    assert sorted(str(c) for c, _ in s.layoffs) == ["6C", "TC"]
    run = [sorted(map(str, m)) for m in s.knocker.melds].index(["7C", "8C", "9C"])
    assert {i for _, i in s.layoffs} == {run}


def test_layoff_chains_run_several_cards_long():
    s = _show("7C 8C 9C 2D 3D 4D JH QH KH AS", "5H 5D 5S 4C 5C 6C TC JC 2S 3S")
    # 4C5C6C could meld, but they all go onto the run with TC and JC: only 2S 3S remain
    assert s.defender_deadwood == 5


def test_layoffs_onto_two_runs_of_one_suit():
    s = _show("2C 3C 4C 8C 9C TC AD AH 2D 2H", "5C 7C KD QD JH 9H 8S 6D 4S 3S")
    assert s.knocker_deadwood == 6
    placed = {str(c): i for c, i in s.layoffs}
    assert set(placed) == {"5C", "7C"} and placed["5C"] != placed["7C"]
    assert s.defender_deadwood == s.defender_deadwood_before_layoffs - 12


def test_card_that_fits_a_set_or_a_run_goes_on_the_run_to_carry_the_chain():
    # 7C fits the sevens and the end of 4C5C6C; only on the run can 8C follow it
    s = _show("7H 7D 7S 4C 5C 6C AD 2H 3S 4D", "7C 8C KD QD JH 9H 8S 6D 4S 3H")
    assert sorted(str(c) for c, _ in s.layoffs) == ["7C", "8C"]
    assert s.defender_deadwood == s.defender_deadwood_before_layoffs - 15


def test_fourth_card_goes_onto_a_set_of_three():
    s = _show("7H 7D 7S 4C 5C 6C AD 2H 3S 4D", "7C KD QD JH 9H 8S 6D 4S 3H 2C")
    assert [str(c) for c, _ in s.layoffs] == ["7C"]
    sevens = [sorted(map(str, m)) for m in s.knocker.melds].index(["7D", "7H", "7S"])
    run = [sorted(map(str, m)) for m in s.knocker.melds].index(["4C", "5C", "6C"])
    assert s.layoffs[0][1] in (sevens, run)


def test_ace_low_in_layoffs():
    # nothing goes onto the king end of J-Q-K, an ace fits below 2-3-4
    s = _show("JC QC KC 2D 3D 4D 5H 5S 5C AH", "AC AD TS 9S 8H 7H 6S 4S 3S 2S")
    placed = sorted(str(c) for c, _ in s.layoffs)
    assert "AC" not in placed and "AD" in placed


def test_knocker_shows_the_arrangement_that_leaves_least_room_for_layoffs():
    # 7C7D7H + 7S8S9STS or 7C7D7H7S + 8S9STS both leave 4; only the first would take 6S
    s = _show("7C 7D 7H 7S 8S 9S TS 2D AH AC", "6S KD QC 3H 5D 9H JH 2S 4C 8D")
    assert s.knocker_deadwood == 4
    assert _melds(s.knocker) == ["7C 7D 7H 7S", "8S 9S TS"]
    assert "6S" not in {str(c) for c, _ in s.layoffs}


def test_knocker_layout_prefers_fewest_layoff_spots_from_its_own_cards():
    # 3C3D3H3S + 4D5D6D leaves one spot (7D); 3C3H3S + 3D4D5D6D leaves two (2D, 7D)
    hand = parse_cards("AC 3C 5C 3D 4D 5D 6D AH 3H 3S")
    arrangement = knock_arrangement(hand)
    assert _melds(arrangement) == ["3C 3D 3H 3S", "4D 5D 6D"] and arrangement.deadwood == 7
    assert cards_of(layoff_spots(knock_melds(hand), mask_of(hand))) == parse_cards("7D")
    other = [mask_of(parse_cards("3C 3H 3S")), mask_of(parse_cards("3D 4D 5D 6D"))]
    assert sorted(map(str, cards_of(layoff_spots(other, mask_of(hand))))) == ["2D", "7D"]


@pytest.mark.parametrize("defender", [
    "2D KS QS JH 9C 8C 6H 5S TD 4H",  # 2D would go onto 3D4D5D6D
    "7D KS QS JH 9C 8C 6H 5S TD 4H",  # 7D goes on either way
    "KS QS JH 9C 8C 6H 5S TD 4H 2H",  # nothing to lay off
])
def test_knocker_layout_is_the_same_whatever_the_defender_holds(defender):
    knocker = "AC 3C 5C 3D 4D 5D 6D AH 3H 3S"
    s = _show(knocker, defender)
    assert _melds(s.knocker) == ["3C 3D 3H 3S", "4D 5D 6D"]
    assert s.knocker == knock_arrangement(parse_cards(knocker))


def test_knocker_melds_never_depend_on_the_defender_hand():
    rng = random.Random("layout")
    checked = 0
    while checked < 60:
        knocker = rng.sample(list(DECK), 10)
        if deadwood(knocker) > 10:
            continue
        rest = [c for c in DECK if c not in knocker]
        expected = knock_arrangement(knocker)
        layouts = {showdown(knocker, rng.sample(rest, 10)).knocker for _ in range(8)}
        assert layouts == {expected}
        checked += 1


def test_defender_chooses_melds_and_layoffs_jointly():
    # alone, 7S8S9S is the defender's best meld (7H 7D left: 14 more); but melding the sevens
    # lets 8S and 9S go onto TS JS QS: 35 left instead of 49
    defender = "7H 7D 7S 8S 9S KH QD 8H 4D 3H"
    assert _melds(_show("AH 2C 3C 4C 5D 6H 8C TC JC QH", defender).defender) == ["7S 8S 9S"]
    s = _show("TS JS QS 2C 3C 4C 5D 5H 5C AD", defender)
    assert _melds(s.defender) == ["7D 7H 7S"]
    assert sorted(str(c) for c, _ in s.layoffs) == ["8S", "9S"]
    assert s.defender_deadwood == 35 and s.defender_deadwood_before_layoffs == 49


def test_no_layoffs_against_gin_in_the_showdown_function():
    s = showdown(parse_cards("2H 3H 4H 5H 9S 9D 9C JD QD KD"), parse_cards(DEF_14), allow_layoffs=False)
    assert s.layoffs == () and s.defender_deadwood == 23


def test_showdown_refuses_shared_cards():
    with pytest.raises(ValueError):
        _show("7C 8C 9C", "7C 2D 3D")


# ---------------------------------------------------------------- the match


def history_for(s0, s1):
    """A hand history that adds up to these scores: one won hand per player who has points."""
    history = []
    for seat, points in ((0, s0), (1, s1)):
        if points:
            history.append(HandResult(hand_no=len(history), dealer=0, kind="knock", knocker=seat,
                                      winner=seat, points=points))
    return history


def knock_for_six(rules, scores, knocker=0):
    hands = (KNOCK_8, DEF_14) if knocker == 0 else (DEF_14, KNOCK_8)
    state = rig(rules, hands=hands, phase=Phase.DISCARD, to_act=knocker, dealer=1 - knocker,
                history=history_for(*scores))
    assert state.scores == list(scores) and state.hand_no == len(state.history)
    events = state.apply(Knock(card("KS")))
    state.check_invariants()
    return state, events


@pytest.mark.parametrize("rules,before,over", [
    (VAN, (94, 0), True),
    (VAN, (93, 0), False),
    (preset("classic", 50), (44, 30), True),
    (preset("classic", 50), (43, 30), False),
    (preset("classic", 100), (93, 30), False),
])
def test_first_to_reach_the_target_wins(rules, before, over):
    state, events = knock_for_six(rules, before)
    assert state.scores == [before[0] + 6, before[1]]
    assert (state.phase is Phase.MATCH_OVER) == over
    assert any(isinstance(e, MatchEnded) for e in events) == over
    if over:
        assert state.winner == 0 and state.final.totals == (before[0] + 6, before[1])
        assert state.legal_actions() == []
    else:
        assert state.legal_actions() == [NextHand()]


def test_equal_totals_at_the_target_play_another_hand():
    # one hand scores for one player only, so equal totals at the target can only stand between
    # hands; the match then goes on until one player leads
    history = history_for(100, 100)
    state = rig(VAN, hands=(KNOCK_8[:-3], DEF_14), discard="KS", dealer=1, phase=Phase.HAND_OVER,
                history=history)
    assert state.scores == [100, 100] and state.final is None
    assert state.legal_actions() == [NextHand()]
    events = state.apply(NextHand())
    assert state.phase in (Phase.DRAW, Phase.UPCARD_OFFER) and events
    # and during a hand, a total at the target with a leader cannot stand: the match would be over
    with pytest.raises(SaveError, match="reached the target but the match is not over"):
        rig(VAN, hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0, dealer=1, history=history_for(94, 100))


def _final(rules, before, knocker=0):
    state, events = knock_for_six(rules, before, knocker)
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert ended
    return ended[0].final


def test_no_bonuses_in_either_preset():
    for rules in (VAN, CLASSIC):
        final = _final(rules, (94, 20))
        assert final.totals == (100, 20) and final.line_bonus == (0, 0) and final.game_bonus == (0, 0)
        assert not final.shutout and final.margin == 80


def test_game_bonus_switch():
    final = _final(VAN.with_(game_bonus=100), (94, 20))
    assert final.game_bonus == (100, 0) and final.totals == (200, 20)


def test_line_bonus_switch():
    final = _final(VAN.with_(line_bonus=25), (94, 20))
    # player 0 won two hands (the history's and this one), player 1 one
    assert final.line_bonus == (50, 25) and final.totals == (150, 45)


def test_shutout_doubling_switch():
    final = _final(VAN.with_(shutout_double=True), (94, 0))
    assert final.shutout and final.totals == (200, 0)
    final = _final(VAN.with_(shutout_double=True), (94, 5))
    assert not final.shutout and final.totals == (100, 5)


def test_all_bonuses_together():
    final = _final(VAN.with_(game_bonus=100, line_bonus=25, shutout_double=True), (94, 0), knocker=0)
    assert final.totals == ((100 + 50 + 100) * 2, 0) and final.winner == 0


# ---------------------------------------------------------------- rules values and presets


def test_presets_follow_the_rule_pages():
    assert PRESETS == {"van": VAN, "classic": CLASSIC, "straight": STRAIGHT, "hollywood": HOLLYWOOD}
    assert CLASSIC.with_(straight_gin=True, game_bonus=100, line_bonus=25, shutout_double=True) == STRAIGHT
    assert CLASSIC.with_(hollywood=True, game_bonus=100, line_bonus=25, shutout_double=True) == HOLLYWOOD
    assert (VAN.target, VAN.knock_limit, VAN.gin_bonus, VAN.undercut_bonus, VAN.big_gin_bonus) == (100, 10, 25, 25, 31)
    assert (VAN.upcard_offer, VAN.dealer_rule, VAN.first_dealer, VAN.turn_timer) == ("none", "alternate", "lot", 40)
    assert (CLASSIC.gin_bonus, CLASSIC.undercut_bonus, CLASSIC.big_gin_bonus) == (25, 25, None)
    assert (CLASSIC.upcard_offer, CLASSIC.dealer_rule, CLASSIC.first_dealer) == ("classic", "loser", "computer")
    for rules in (VAN, CLASSIC):
        assert rules.tie_is_undercut and not rules.oklahoma and rules.dead_hand_stock == 2
        assert not rules.may_discard_taken_card
        assert (rules.game_bonus, rules.line_bonus, rules.shutout_double) == (0, 0, False)
    assert TARGET_CHOICES == {"van": (100,), "classic": (50, 100), "straight": (100,), "hollywood": (100,)}
    assert TIMER_CHOICES == (0, 15, 20, 30, 40, 60)


def test_preset_by_name_and_target():
    assert preset("classic", 50).target == 50 and preset("classic", 50).preset_name == "classic"
    assert preset("van").preset_name == "van"
    assert VAN.with_(turn_timer=15).preset_name == "van"
    assert VAN.with_(gin_bonus=20).preset_name == "custom"
    assert VAN.with_(target=50).preset_name == "custom"
    with pytest.raises(ValueError, match="plays to"):
        preset("van", 50)
    with pytest.raises(ValueError, match="unknown preset"):
        preset("oklahoma")


@pytest.mark.parametrize("change", [
    {"target": 0}, {"target": "100"}, {"target": 100.0}, {"knock_limit": 11}, {"knock_limit": 5.0},
    {"knock_limit": True}, {"gin_bonus": 30}, {"undercut_bonus": 15}, {"big_gin_bonus": 40},
    {"dead_hand_stock": 4}, {"upcard_offer": "sometimes"}, {"dealer_rule": "winner"},
    {"first_dealer": "human"}, {"turn_timer": 45}, {"game_bonus": 50}, {"line_bonus": 10},
    {"oklahoma": 1}, {"tie_is_undercut": "yes"}, {"may_discard_taken_card": None}, {"shutout_double": 0},
])
def test_invalid_switch_values_are_refused_with_the_switch_named(change):
    name = next(iter(change))
    with pytest.raises(ValueError, match=name):
        VAN.with_(**change)


def test_rules_round_trip_through_a_dict():
    rules = CLASSIC.with_(oklahoma=True, undercut_bonus=10, big_gin_bonus=50, target=50)
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="unknown rule switches"):
        Rules.from_dict({**rules.to_dict(), "jokers": True})


# ---------------------------------------------------------------- the switches' declaration


def test_every_switch_is_declared_with_its_default_and_values():
    from dataclasses import fields

    from game.engine.rules import PARAMETER, PARAMETERS

    assert [p.name for p in PARAMETERS] == [f.name for f in fields(Rules)]
    for p in PARAMETERS:
        assert getattr(VAN, p.name) == p.default
        for value in p.choices:  # every value offered is one the rules take
            assert getattr(VAN.with_(**{p.name: value}), p.name) == value
    assert PARAMETER["big_gin_bonus"].choices == (31, 50, None) and PARAMETER["target"].span == (1, 10_000)
    assert PARAMETER["upcard_offer"].kind is str and PARAMETER["oklahoma"].choices == (False, True)
    assert VAN.with_(target=37).target == 37 and VAN.with_(turn_limit=60).turn_limit == 60
    with pytest.raises(ValueError, match="turn_limit must be 0 or from 60 to 10000, not 59"):
        VAN.with_(turn_limit=59)


def test_a_switch_is_one_field_and_its_parameter_follows():
    """What adding a switch takes: the field with ``rule``; checks, saves and screens read it from there."""
    from dataclasses import dataclass

    from game.engine.parameters import parameters_of, rule

    @dataclass(frozen=True)
    class More:
        next_dealer: str = rule("rotate", ("rotate", "winner"), since=3)
        pairs_scoring: bool = rule(False, quiet=True)

    dealer, pairs = parameters_of(More)
    assert (dealer.name, dealer.kind, dealer.default, dealer.choices, dealer.since) == (
        "next_dealer", str, "rotate", ("rotate", "winner"), 3)
    assert dealer.problem("loser") == "next_dealer must be one of rotate, winner, not 'loser'"
    assert dealer.problem("winner") is None and pairs.problem(1) == "pairs_scoring must be true or false"
    assert pairs.quiet and pairs.offered and not parameters_of(Rules)[-1].offered  # turn_limit: no row


def test_words_from_the_command_line_become_the_switchs_type():
    from game.engine.rules import PARAMETER

    assert PARAMETER["oklahoma"].read("on") is True and PARAMETER["oklahoma"].read("false") is False
    assert PARAMETER["big_gin_bonus"].read("none") is None and PARAMETER["dead_hand_stock"].read("3") == 3
    assert PARAMETER["upcard_offer"].read("none") == "none"  # a word switch keeps its words
    assert PARAMETER["knock_limit"].read("many") == "many"  # left for the check to refuse by name


def test_saves_take_the_oldest_format_that_holds_their_switches():
    from game.engine.save import version_for

    assert VAN.to_dict()["turn_limit"] == 200 and VAN.with_(turn_limit=80).to_dict()["turn_limit"] == 80
    assert version_for(VAN) == 1 and version_for(VAN.with_(turn_limit=80)) == 1
    assert version_for(STRAIGHT) == 2 and version_for(HOLLYWOOD) == 2
    state, _ = new_match(STRAIGHT, 1)
    data = state.to_dict()
    assert data["version"] == 2
    with pytest.raises(SaveError, match="a version 1 save cannot hold straight_gin"):
        type(state).from_dict({**data, "version": 1})
