"""Straight gin and Hollywood scoring, against scores worked out by hand in the comments.

Hollywood follows Hoyle: a player's first won hand goes in game 1, the second in games 1 and 2,
the third and later in all three; a closed game takes no more entries; a player shut out of a
closed game makes his next entry as the first of the next open game.  Each game is settled like a
one-game match (the preset: game bonus 100, 25 a box, a shutout doubled).
"""
import json

import pytest
from helpers.positions import DEF_14, GIN, KNOCK_8, card, rig

from game.bots import make_bot, play_match
from game.engine import (
    CLASSIC,
    VAN,
    Discard,
    HandResult,
    IllegalAction,
    IllegalReason,
    Knock,
    MatchState,
    Phase,
    hollywood,
)
from game.engine.outcome import settle
from game.engine.rules import HOLLYWOOD, STRAIGHT
from game.engine.save import state_from_dict


def won(hand_no, player, points):
    return HandResult(hand_no=hand_no, dealer=1 - player, kind="knock", knocker=player, winner=player, points=points)


def dead(hand_no):
    return HandResult(hand_no=hand_no, dealer=0, kind="dead")


# ---------------------------------------------------------------- straight gin


@pytest.mark.parametrize("rules", [STRAIGHT, VAN.with_(straight_gin=True)], ids=["preset", "switch"])
def test_straight_gin_offers_no_knock_below_gin(rules):
    # KNOCK_8 could knock with 8 deadwood under any other rules; here only discards are legal
    state = rig(rules, hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0, dealer=1)
    assert state.knock_limit == 0
    assert not [a for a in state.legal_actions() if isinstance(a, Knock)]
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Knock(card("KS")))
    assert refused.value.reason is IllegalReason.KNOCK_NOT_ALLOWED_GIN_ONLY
    assert state.to_dict() == before


def test_straight_gin_ends_only_by_gin_and_scores_it():
    state = rig(STRAIGHT, hands=(GIN, DEF_14), phase=Phase.DISCARD, to_act=0, dealer=1)
    assert [a for a in state.legal_actions() if isinstance(a, Knock)] == [Knock(card("KS"))]
    state.apply(Knock(card("KS")))
    # gin: 25 + the defender's 23 deadwood (4C5C6C7C and 6S6H6D melded; 9H 4S KH left: 9 + 4 + 10)
    assert state.last_result.kind == "gin" and state.last_result.points == 48


def test_straight_gin_hand_dies_when_the_stock_runs_down():
    state = rig(STRAIGHT, hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0, dealer=1, stock_size=2)
    state.apply(Discard(card("KS")))
    assert state.phase is Phase.HAND_OVER and state.last_result.kind == "dead"


def test_the_oklahoma_upcard_does_not_reopen_knocking_in_straight_gin():
    rules = CLASSIC.with_(straight_gin=True, oklahoma=True)
    state = rig(rules, hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0, dealer=1, upcard="TD")
    assert state.knock_limit == 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_straight_gin_without_a_refused_answer(level):
    knocks = []
    record = play_match(STRAIGHT, 11, make_bot(level, seed=1), make_bot("hard", seed=2), check_invariants=True,
                        watch=lambda s, ev: knocks.extend(e for e in ev if type(e).__name__ == "Knocked"))
    assert record.winner is not None and record.fallbacks == [0, 0]
    assert all(h.kind in ("gin", "big_gin", "dead") for h in record.hands)
    assert knocks and all(k.kind in ("gin", "big_gin") for k in knocks)


# ---------------------------------------------------------------- Hollywood: the sheet


def test_hollywood_sheet_worked_by_hand():
    history = [
        won(0, 0, 25),  # A's 1st win: G1 A 25
        won(1, 0, 18),  # A's 2nd: G1 A 43, G2 A 18
        won(2, 0, 36),  # A's 3rd: G1 A 79, G2 A 54, G3 A 36
        won(3, 1, 30),  # B's 1st: G1 B 30
        dead(4),        # nothing
        won(5, 0, 30),  # A: G1 A 109 closes; G2 A 84; G3 A 66
        won(6, 1, 20),  # B's 2nd: G1 is closed, so G2 B 20 only
        won(7, 0, 20),  # A: G2 A 104 closes; G3 A 86
        won(8, 1, 15),  # B's 3rd: G3 B 15 (the only open game)
        won(9, 0, 14),  # A: G3 A 100 closes: all three are over
    ]
    sheet = hollywood.sheet(HOLLYWOOD, history)
    assert [e.games for e in sheet.entries] == [(0,), (0, 1), (0, 1, 2), (0,), (0, 1, 2), (1,), (1, 2), (2,), (2,)]
    g1, g2, g3 = sheet.games
    assert (g1.points, g1.boxes) == ((109, 30), (4, 1))
    assert (g2.points, g2.boxes) == ((104, 20), (4, 1))
    assert (g3.points, g3.boxes) == ((100, 15), (4, 1))
    # each game: A 100 game bonus + 4 boxes of 25; B 1 box of 25
    assert g1.final.totals == (109 + 100 + 100, 30 + 25) == (309, 55)
    assert g2.final.totals == (104 + 100 + 100, 20 + 25) == (304, 45)
    assert g3.final.totals == (100 + 100 + 100, 15 + 25) == (300, 40)
    final = hollywood.final(HOLLYWOOD, history)
    assert final.winner == 0 and final.totals == (913, 140) and final.margin == 773
    assert len(final.games) == 3 and not final.shutout
    assert hollywood.final(HOLLYWOOD, history[:-1]) is None  # game 3 was still open


def test_hollywood_shutout_and_the_shut_out_players_next_entry():
    history = [
        won(0, 0, 40),  # G1 A 40
        won(1, 0, 30),  # G1 A 70, G2 A 30
        won(2, 0, 35),  # G1 A 105 closes with B on 0; G2 A 65; G3 A 35
        won(3, 1, 10),  # B was shut out of G1: his first entry is the first of G2
        won(4, 1, 10),  # B's second counts from G2: G2 B 20, G3 B 10
        won(5, 0, 40),  # G2 A 105 closes; G3 A 75
        won(6, 0, 25),  # G3 A 100 closes
    ]
    sheet = hollywood.sheet(HOLLYWOOD, history)
    assert [e.games for e in sheet.entries] == [(0,), (0, 1), (0, 1, 2), (1,), (1, 2), (1, 2), (2,)]
    g1, g2, g3 = sheet.games
    # G1: A (105 + 100 + 3 boxes of 25) doubled for the shutout = 560; B 0
    assert g1.final.shutout and g1.final.totals == (560, 0)
    # G2: A boxes are hands 1, 2, 5; B's hands 3, 4: A 105 + 100 + 75 = 280, B 20 + 50 = 70
    assert g2.points == (105, 20) and g2.final.totals == (280, 70)
    # G3: A boxes 2, 5, 6: 100 + 100 + 75 = 275; B 10 + 25 = 35
    assert g3.points == (100, 10) and g3.final.totals == (275, 35)
    final = hollywood.final(HOLLYWOOD, history)
    assert final.totals == (1115, 105) and final.shutout and final.winner == 0


def test_hollywood_plain_scores_close_no_match_until_all_three_games_do():
    # one game scoring would end here (A at 105); Hollywood goes on
    history = [won(0, 0, 40), won(1, 0, 30), won(2, 0, 35)]
    assert settle(HOLLYWOOD, (105, 0), (3, 0), history) is None
    assert settle(CLASSIC, (105, 0), (3, 0), history).winner == 0


def test_hollywood_a_late_starter_counts_from_the_first_open_game():
    rules = HOLLYWOOD.with_(game_bonus=0, line_bonus=0, shutout_double=False)
    history = [won(0, 0, 50), won(1, 0, 50), won(2, 1, 100), won(3, 1, 100), won(4, 1, 100)]
    # hands 0-1: G1 A 100 closes (B on 0), G2 A 50.  Hand 2: B's first win opens his count at G2:
    # G2 B 100 closes.  Hand 3: B's second counts G2 and G3; only G3 is open: G3 B 100 closes (A 0).
    # Hand 4 comes after the last game closed and is entered nowhere.
    sheet = hollywood.sheet(rules, history)
    assert [g.points for g in sheet.games] == [(100, 0), (50, 100), (0, 100)]
    assert len(sheet.entries) == 4
    final = hollywood.final(rules, history)
    # no bonuses: A 100 + 50 + 0 = 150, B 0 + 100 + 100 = 200: B wins by 50
    assert final.totals == (150, 200) and final.winner == 1 and final.margin == 50


def test_hollywood_a_player_shut_out_of_game_2_enters_his_next_win_in_game_3():
    # Hoyle (as rummy-games.com prints it): "If a player was shut out in one game, his next score is
    # entered as the first score in the next game in progress."  A scored in game 1, then game 2 closed
    # with A on 0: A's next win is his first entry in game 3, not lost.
    rules = HOLLYWOOD.with_(game_bonus=0, line_bonus=0, shutout_double=False)
    history = [
        won(0, 1, 80),   # B's 1st: G1 B 80
        won(1, 0, 100),  # A's 1st: G1 A 100 closes, A wins G1 (100 to 80)
        won(2, 1, 100),  # B's 2nd: G1 is closed, G2 B 100 closes with A on 0: A is shut out of G2
        won(3, 0, 5),    # A's 2nd: G1 and G2 are closed; his first score in G3, the game in progress: G3 A 5
        won(4, 1, 20),   # B's 3rd: G3 B 20
        won(5, 0, 95),   # A's 3rd: G3 A 5 + 95 = 100 closes
    ]
    sheet = hollywood.sheet(rules, history)
    assert [e.games for e in sheet.entries] == [(0,), (0,), (1,), (2,), (2,), (2,)]
    assert [g.points for g in sheet.games] == [(100, 80), (0, 100), (100, 20)]
    final = hollywood.final(rules, history)
    # A 100 + 0 + 100 = 200, B 80 + 100 + 20 = 200: level, and A won two of the three games (G1, G3)
    assert final.totals == (200, 200) and final.winner == 0 and final.margin == 0


def test_hollywood_the_shut_out_entry_changes_the_totals():
    # A scored in G1, then B closed G1 and G2 (A on 0 in G2): A's next win is his first score in G3
    rules = HOLLYWOOD.with_(game_bonus=0, line_bonus=0, shutout_double=False)
    history = [
        won(0, 0, 10),   # A's 1st: G1 A 10
        won(1, 1, 90),   # B's 1st: G1 B 90
        won(2, 1, 10),   # B's 2nd: G1 B 100 closes (B wins G1), G2 B 10
        won(3, 1, 95),   # B's 3rd: G2 B 105 closes with A on 0, G3 B 95
        won(4, 0, 20),   # A's 2nd: G1 and G2 closed; his first score in G3: G3 A 20 (before the fix: nowhere)
        won(5, 1, 5),    # B: G3 B 100 closes, 100 to 20
    ]
    sheet = hollywood.sheet(rules, history)
    assert [e.games for e in sheet.entries] == [(0,), (0,), (0, 1), (1, 2), (2,), (2,)]
    assert [g.points for g in sheet.games] == [(10, 100), (0, 105), (20, 100)]
    # no bonuses: A 10 + 0 + 20 = 30, B 100 + 105 + 100 = 305
    assert hollywood.final(rules, history).totals == (30, 305)


# ---------------------------------------------------------------- Hollywood: the match and its save


def _hollywood_match(seed=3):
    states = []
    record = play_match(HOLLYWOOD, seed, make_bot("medium", seed=1), make_bot("hard", seed=2), check_invariants=True,
                        watch=lambda s, ev: states.append(s.to_dict()))
    return record, states


def test_a_hollywood_match_ends_when_the_third_game_closes():
    record, states = _hollywood_match()
    assert record.winner is not None and record.fallbacks == [0, 0]
    final = hollywood.final(HOLLYWOOD, record.hands)
    assert final is not None and final.winner == record.winner
    assert hollywood.final(HOLLYWOOD, record.hands[:-1]) is None
    # one game scoring would have ended earlier: some hand took a player past 100 before the end
    assert any(max(d["scores"]) >= 100 and d["phase"] != "match_over" for d in states)


def test_hollywood_saves_as_version_2_and_loads_at_every_step():
    _, states = _hollywood_match(seed=5)
    for data in states[::7] + states[-1:]:
        assert data["version"] == 2
        assert state_from_dict(json.loads(json.dumps(data)), MatchState).to_dict() == data


def test_a_version_1_save_cannot_claim_the_new_switches():
    state, _ = MatchState.new(STRAIGHT, 4)
    data = state.to_dict()
    assert data["version"] == 2
    data["version"] = 1
    with pytest.raises(ValueError, match="version 1 save"):
        state_from_dict(data, MatchState)
    plain, _ = MatchState.new(VAN, 4)
    assert plain.to_dict()["version"] == 1  # older copies of the game still read plain matches


def test_an_edited_hollywood_save_claiming_the_end_too_early_is_refused():
    record, states = _hollywood_match(seed=7)
    early = next(d for d in states if d["phase"] == "hand_over" and max(d["scores"]) >= 100)
    edited = dict(early, phase="match_over")
    with pytest.raises(ValueError, match="Hollywood game is still open"):
        state_from_dict(edited, MatchState)
