"""A table scored and dealt by the book: Hoyle's partnership net, the three players' dealer switch,
the table's refusals, a property test of the rotation, and a sealed table that saves and resumes.

Pairs are 0 (seats 0 and 2) and 1 (seats 1 and 3).  With pair 0 dealing first, a pairs hand is two
duels: hand 0 is 0 against 1 and 2 against 3; hand 1 is 0 against 3 and 2 against 1 (duel_for).
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.bots.table_play import play_table
from game.engine import VAN, Discard, DrawStock, HandResult, IllegalAction, IllegalReason, Knock, NextHand, best_discard
from game.engine.fairness import DeckSource
from game.engine.fairness_check import verify_record
from game.engine.rules import LEGACY_TABLE, PAIRS_TARGET, TableRules, table_target
from game.engine.seeds import derive_bytes
from game.engine.table import Table, TableHand, duel_for, table_final
from game.engine.table_save import load_saved, table_dumps, table_to_dict

NET = TableRules()
SUM = TableRules(pairs_scoring="sum")
LOSER = TableRules(three_dealer="loser")


def won(n, seat, points, first=0):
    """Duel ``n`` of a pairs table (pair ``first`` dealing first), won by table seat ``seat``."""
    duel = duel_for("pairs", n, first)
    w = duel.seats.index(seat)
    return TableHand(n, duel, HandResult(hand_no=n, dealer=1, kind="knock", knocker=w, winner=w, points=points))


def test_pairs_net_6_for_the_hand():
    # hand 0: 0 beats 1 by 20 (pair 0 +20), 3 beats 2 by 5 (pair 1 +5): pair 0 nets 15 and the box
    history = [won(0, 0, 20), won(1, 3, 5)]
    # hand 1: 0 beats 3 by 7 (pair 0 +7), 1 beats 2 by 13 (pair 1 +13): pair 1 nets 13 - 7 = 6 and the box
    history += [won(2, 0, 7), won(3, 1, 13)]
    table = Table("pairs", VAN, 1, first=0)
    table.history = history
    hands = table.sheet()
    assert [h.points for h in hands] == [(15, 0), (0, 6)] and [h.box for h in hands] == [0, 1]
    assert [len(h.duels) for h in hands] == [2, 2] and all(h.complete for h in hands)
    assert table.scores() == (15, 6)
    # the plain sum would give pair 0 20 + 7 = 27 and pair 1 5 + 13 = 18, and a box per duel won
    table.house = SUM
    assert table.scores() == (27, 18) and [h.box for h in table.sheet()] == [0, 1, 0, 1]


def test_a_pair_at_95_that_nets_minus_6_has_not_won():
    rules = VAN.with_(target=100)
    history = [won(0, 0, 60), won(1, 2, 35)]  # hand 0: pair 0 nets 60 + 35 = 95
    # hand 1: 0 beats 3 by 10 (pair 0 +10), 1 beats 2 by 16 (pair 1 +16): pair 1 nets 6, pair 0 stays on 95
    history += [won(2, 0, 10), won(3, 1, 16)]
    assert table_final("pairs", rules, history, NET) is None
    table = Table("pairs", rules, 1, first=0)
    table.history = history
    assert table.scores() == (95, 6)
    # adding the duels, pair 0 would have 105 and the match
    assert table_final("pairs", rules, history, SUM).winner == 0


def test_a_pair_reaching_100_in_one_duel_while_the_other_wins_5_has_netted_95():
    rules = VAN.with_(target=100)
    history = [won(0, 0, 45), won(1, 2, 30)]  # hand 0: pair 0 nets 45 + 30 = 75
    # hand 1: 0 beats 3 by 25 (pair 0 at 75 + 25 = 100 in that duel), 1 beats 2 by 5:
    # pair 0 nets 25 - 5 = 20 for the hand: 95, short of 100
    history += [won(2, 0, 25), won(3, 1, 5)]
    assert table_final("pairs", rules, history, NET) is None
    table = Table("pairs", rules, 1, first=0)
    table.history = history
    assert table.scores() == (95, 0)
    assert table_final("pairs", rules, history, SUM).winner == 0  # the sum: 100 to 5


def test_110_is_not_yet_the_game_at_125():
    rules = table_target("pairs", VAN)
    assert rules.target == PAIRS_TARGET == 125 and table_target("three", VAN).target == 100
    assert table_target("pairs", VAN, 150).target == 150  # the player may pick another target
    history = [won(0, 0, 60), won(1, 2, 50)]  # pair 0 nets 110
    assert table_final("pairs", rules, history) is None  # 110 < 125
    assert table_final("pairs", VAN, history).winner == 0  # to 100 it would be the game
    history += [won(2, 0, 10), won(3, 2, 5)]  # pair 0 nets 15 more: 125, the game
    final = table_final("pairs", rules, history)
    # 125 points, 2 boxes; pair 1 nothing: no bonus switched on in VAN
    assert final.winner == 0 and final.hand_points == (125, 0) and final.hands_won == (2, 0)


def test_a_pair_hand_whose_duels_cancel_out_gives_no_box():
    history = [won(0, 0, 12), won(1, 3, 12)]  # 0 beats 1 by 12, 3 beats 2 by 12: net 0
    table = Table("pairs", VAN, 1, first=0)
    table.history = history
    assert table.sheet()[0].box is None and table.scores() == (0, 0)
    table.history = history[:1]  # the second duel still in play: the hand stands at 12 for pair 0
    assert not table.sheet()[0].complete and table.scores() == (12, 0)


# ---------------------------------------------------------------- three players: who deals next


def three_hand(n, duel, winner_seat):
    """A finished duel of three won by ``winner_seat`` by 10 (None: a dead hand)."""
    if winner_seat is None:
        return TableHand(n, duel, HandResult(hand_no=n, dealer=1, kind="dead"))
    w = duel.seats.index(winner_seat)
    return TableHand(n, duel, HandResult(hand_no=n, dealer=1, kind="knock", knocker=w, winner=w, points=10))


def test_three_the_loser_deals_next_and_sits_out():
    table = Table("three", VAN, 1, first=0, house=LOSER)
    # hand 0: seat 0 deals and sits out, 1 plays 2
    assert (table.upcoming_duel.seats, table.upcoming_duel.sitting_out) == ((1, 2), (0,))
    table.history.append(three_hand(0, table.upcoming_duel, 1))  # 1 beats 2: 2 deals and sits out
    assert (table.upcoming_duel.seats, table.upcoming_duel.sitting_out) == ((0, 1), (2,))
    table.history.append(three_hand(1, table.upcoming_duel, 1))  # 1 beats 0: 0 deals and sits out
    assert table.upcoming_duel.sitting_out == (0,)
    table.history.append(three_hand(2, table.upcoming_duel, None))  # a dead hand: 0 deals again
    assert (table.upcoming_duel.seats, table.upcoming_duel.sitting_out) == ((1, 2), (0,))
    # by the next seat the same hands would have had seats 0, 1, 2 and then 0 sitting out
    assert [duel_for("three", n, 0).sitting_out for n in range(4)] == [(0,), (1,), (2,), (0,)]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_whole_bot_table_deals_to_the_loser(seed):
    table, events = Table.new("three", VAN.with_(target=60), seed, house=LOSER)
    record = play_table(table, events, [make_bot("easy", seed=i) for i in range(3)], check_invariants=True)
    assert record.final is not None
    out = table.first
    for h in record.hands:
        assert h.duel.sitting_out == (out,) and h.duel.dealer_seat == (out + 2) % 3
        out = out if h.loser is None else h.loser
    text = table_dumps(table)
    assert table_dumps(load_saved(text)) == text


# ---------------------------------------------------------------- the table's refusals


def play_out_duel(table, rng_pick=0):
    while not table.duel_over:
        table.apply(table.legal_actions()[rng_pick % len(table.legal_actions())], table.to_act)


def refused_unchanged(table, action, seat, reason):
    before = table_to_dict(table)
    with pytest.raises(IllegalAction) as refused:
        table.apply(action, seat)
    assert refused.value.reason is reason and str(refused.value)
    assert table_to_dict(table) == before
    return refused.value


def test_next_hand_is_refused_between_duels_and_in_play():
    table, _ = Table.new("pairs", VAN, 5)
    error = refused_unchanged(table, NextHand(), table.to_act, IllegalReason.WRONG_PHASE)
    assert "advance()" in str(error)
    play_out_duel(table)
    assert table.legal_actions() == []  # between duels the table has nothing to play: advance deals
    for seat in range(4):
        refused_unchanged(table, NextHand(), seat, IllegalReason.WRONG_PHASE)
    coming = table.upcoming_duel
    table.advance()
    assert table.duel == coming and table.state.hand_no == 1 and table.state.dealer == coming.dealer


def test_every_action_after_the_end_is_refused():
    table, events = Table.new("three", VAN.with_(target=30), 7)
    play_table(table, events, [make_bot("easy", seed=i) for i in range(3)])
    assert table.over and table.legal_actions() == []
    final = table.final
    for seat in range(3):
        for action in (NextHand(), DrawStock()):
            error = refused_unchanged(table, action, seat, IllegalReason.MATCH_OVER)
            assert "over" in str(error)
    with pytest.raises(IllegalAction):
        table.advance()
    assert table.final == final


# ---------------------------------------------------------------- the rotation, driven through legal actions


def expected_sitting_out(kind, house, first, history):
    """The rotation worked out again, on its own: who sits the next duel out."""
    if kind == "pairs":
        return duel_for("pairs", len(history), first).sitting_out
    out = first
    for n, h in enumerate(history):
        if house.three_dealer == "next":
            out = (first + n + 1) % 3
        elif h.result.winner is not None:
            out = h.duel.seats[1 - h.result.winner]
    return (out,)


def pick(table, actions, n):
    """One of the legal actions: the draw as ``n`` says, the best throw (a knock when it may) to end hands."""
    throws = [a for a in actions if isinstance(a, (Discard, Knock))]
    if not throws:
        if table.state.turns % 3 == 2 and DrawStock() in actions:
            return DrawStock()  # every third turn from the stock at least: it runs down, the hand ends
        return actions[n % len(actions)]
    state = table.state
    card = best_discard(state.hands[state.to_act], forbidden=state.forbidden_discard()).card
    chosen = Knock(card) if Knock(card) in actions else Discard(card)
    assert chosen in actions
    return chosen


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["three", "pairs"]), seed=st.integers(0, 2**31),
       scoring=st.sampled_from(["net", "sum"]), dealer=st.sampled_from(["next", "loser"]),
       picks=st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_tables_driven_only_through_legal_actions_rotate_as_advance_deals(kind, seed, scoring, dealer, picks):
    house = TableRules(pairs_scoring=scoring, three_dealer=dealer)
    table, _ = Table.new(kind, VAN.with_(target=60), seed, house=house)
    step = 0
    for _ in range(3000):
        if table.over:
            break
        actions = table.legal_actions()
        if not actions:  # between duels: NextHand is refused for every seat, advance deals the rotation's duel
            for seat in range(table.players):
                refused_unchanged(table, NextHand(), seat, IllegalReason.WRONG_PHASE)
            predicted = table.upcoming_duel
            table.advance()
            assert table.duel == predicted
            assert table.duel.sitting_out == expected_sitting_out(kind, house, table.first, table.history)
            continue
        seat = table.to_act
        if step % 7 == 3:  # now and then a seat sitting out tries to move: refused, nothing changes
            out = table.duel.sitting_out[0]
            refused_unchanged(table, actions[0], out, IllegalReason.NOT_YOUR_TURN)
        table.apply(pick(table, actions, picks[step % len(picks)]), seat)
        step += 1
    assert table.over, "a table to 60 ends within 3000 moves when every throw is the best one"
    for n, h in enumerate(table.history):
        assert h.duel.sitting_out == expected_sitting_out(kind, house, table.first, table.history[:n])
    assert table.final == table_final(kind, table.rules, table.history, house)
    assert table_dumps(load_saved(table_dumps(table))) == table_dumps(table)
    for seat in range(table.players):
        refused_unchanged(table, NextHand(), seat, IllegalReason.MATCH_OVER)


# ---------------------------------------------------------------- saves: the switches and the sealed deal


def test_a_save_keeps_the_switches_and_an_old_save_resumes_as_it_was_played():
    table, events = Table.new("pairs", VAN.with_(target=40), 8, house=LOSER)
    play_table(table, events, [make_bot("easy", seed=i) for i in range(4)], max_hands=3)
    data = table_to_dict(table)
    assert data["version"] == 2 and data["house"] == {"pairs_scoring": "net", "three_dealer": "loser"}
    assert load_saved(json.dumps(data)).house == LOSER
    old = dict(data, version=1)
    del old["house"]
    assert load_saved(json.dumps(old)).house == LEGACY_TABLE  # version 1 tables added their duels up
    with pytest.raises(Exception, match="pairs_scoring"):
        load_saved(json.dumps(dict(data, house={"pairs_scoring": "most"})))


def sealed_source(n):
    """What the app hands over for a sealed duel: a fresh secret, the player's cut and seed phrase."""
    return DeckSource(derive_bytes(99, f"test/secret/{n}"), cut=1000 + n, player_seed=f"moon {n}")


def test_a_sealed_table_exports_checkable_hands_and_resumes_exactly_from_its_save():
    table, events = Table.new("three", VAN.with_(target=40), 11, source=sealed_source(0))
    assert events[0].commitment == sealed_source(0).commitment  # the seal is shown as the hand is dealt
    lines = []
    for n in range(4):
        for _ in range(4):  # a few moves in, then saved as the app saves after every action
            table.apply(table.legal_actions()[n % 2], table.to_act)
        resumed = load_saved(table_dumps(table))
        assert resumed.state.deal == table.state.deal  # secret, cut and the player's seed are kept
        for t in (table, resumed):
            play_out_duel(t, rng_pick=n)
        line = table.state.export_hand()
        assert resumed.state.export_hand() == line and table_dumps(resumed) == table_dumps(table)
        record = json.loads(line)
        assert record["version"] == 2 and record["player_seed"] == f"moon {n}" and record["cut"] == 1000 + n
        assert record["hand_no"] == n and verify_record(record).ok
        lines.append(line)
        if table.over:
            break
        assert table.sealed and resumed.sealed
        before = table_dumps(table)
        with pytest.raises(ValueError, match="sealed deck"):
            table.advance()  # never a silent fall back to the seed's deal
        assert table_dumps(table) == before
        table.advance(sealed_source(n + 1))
    assert len(lines) >= 2
    assert not Table.new("three", VAN, 11)[0].sealed  # a table dealt from its seed
