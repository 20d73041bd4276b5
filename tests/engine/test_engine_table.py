"""Three and four at one table: who plays whom, the table's scores, whole bot matches and the save.

The rotation, worked by hand.  Three players, first dealer seat 0: hand 0 seat 0 deals and sits
out, seat 1 (on the dealer's left) plays first against seat 2; hand 1 seat 1 sits out, 2 plays 0;
hand 2 seat 2 sits out, 0 plays 1; hand 3 is hand 0 again.  Four players, pairs {0, 2} and {1, 3},
pair 0 dealing first: hand 0 is 0 against 1 and 2 against 3; hand 1 is 0 against 3 and 2 against 1;
pair 0 deals both; hands 2 and 3 repeat the pairings with pair 1 dealing, and so on.
"""
import json

import pytest

from game.bots import Bot, make_bot
from game.bots.table_play import play_table
from game.engine import CLASSIC, VAN, DrawStock, HandDealt, HandResult, IllegalAction, IllegalReason, SaveError
from game.engine.rules import HOLLYWOOD, LEGACY_TABLE, STRAIGHT
from game.engine.table import Duel, Table, TableHand, duel_for, side_of, table_final
from game.engine.table_save import load_saved, table_dumps, table_from_dict, table_to_dict


def hand(hand_no, duel, winner_seat, points):
    """A finished duel won by table seat ``winner_seat`` (None: a dead hand)."""
    if winner_seat is None:
        return TableHand(hand_no, duel, HandResult(hand_no=hand_no, dealer=1, kind="dead"))
    w = duel.seats.index(winner_seat)
    result = HandResult(hand_no=hand_no, dealer=1, kind="knock", knocker=w, winner=w, points=points)
    return TableHand(hand_no, duel, result)


def test_three_rotation_worked_by_hand():
    seats = [(duel_for("three", h, 0).seats, duel_for("three", h, 0).sitting_out) for h in range(4)]
    assert seats == [((1, 2), (0,)), ((2, 0), (1,)), ((0, 1), (2,)), ((1, 2), (0,))]
    assert duel_for("three", 0, 2) == Duel((0, 1), (2,))


def test_pairs_rotation_worked_by_hand():
    seats = [duel_for("pairs", h, 0).seats for h in range(8)]
    # (first to play, dealer): pair 0 deals hands 0-1 (round 0 and 1 of duels), pair 1 the next two
    assert seats == [(1, 0), (3, 2), (3, 0), (1, 2), (0, 1), (2, 3), (0, 3), (2, 1)]
    assert duel_for("pairs", 0, 0).sitting_out == (2, 3)
    assert duel_for("pairs", 0, 1).seats == (0, 1)  # pair 1 deals first


def test_three_scoring_worked_by_hand():
    rules = CLASSIC.with_(target=50)
    d = [duel_for("three", h, 0) for h in range(5)]
    history = [
        hand(0, d[0], 1, 20),     # seat 1 beats 2: 0 / 20 / 0
        hand(1, d[1], None, 0),   # 2 and 0 draw a dead hand; the deal still passes on
        hand(2, d[2], 0, 30),     # seat 0 beats 1: 30 / 20 / 0
        hand(3, d[3], 2, 45),     # seat 2 beats 1: 30 / 20 / 45
    ]
    assert table_final("three", rules, history) is None
    history.append(hand(4, d[4], 0, 25))  # seat 0 beats 2: 55 / 20 / 45, past 50: seat 0 wins
    final = table_final("three", rules, history)
    assert final.winner == 0 and final.hand_points == (55, 20, 45) and final.hands_won == (2, 1, 1)
    assert final.totals == (55, 20, 45)
    bonus = table_final("three", rules.with_(game_bonus=100, line_bonus=25), history)
    # 55 + 100 + 2 boxes of 25 = 205; 20 + 25 = 45; 45 + 25 = 70
    assert bonus.totals == (205, 45, 70)


def test_pairs_scoring_by_the_sum_switch_worked_by_hand():
    """The plain sum (``pairs_scoring="sum"``): each duel's points to its winner's pair, a box per duel."""
    rules = VAN.with_(target=100)
    d = [duel_for("pairs", h, 0) for h in range(6)]
    history = [
        hand(0, d[0], 0, 30), hand(1, d[1], 3, 12),   # pair 0: 30, pair 1: 12
        hand(2, d[2], 0, 25), hand(3, d[3], 2, 40),   # pair 0: 95, pair 1: 12
        hand(4, d[4], 0, 10),                          # pair 0: 105, but its partner's duel is still on
    ]
    assert table_final("pairs", rules, history, LEGACY_TABLE) is None
    history.append(hand(5, d[5], 3, 50))              # pair 1: 62; the hand is over: pair 0 wins 105 to 62
    final = table_final("pairs", rules, history, LEGACY_TABLE)
    assert final.winner == 0 and final.hand_points == (105, 62) and final.hands_won == (4, 2)
    # pair 0 takes both duels of the first hand, 60 + 50, pair 1 scored nothing: a shutout doubles
    # 110 + 100 game bonus = 210 to 420
    shut = table_final("pairs", rules.with_(shutout_double=True, game_bonus=100), [hand(0, d[0], 0, 60),
                                                                                 hand(1, d[1], 2, 50)],
                       LEGACY_TABLE)
    assert shut.shutout and shut.hand_points == (110, 0) and shut.totals == (420, 0)


def test_pairs_level_past_the_target_play_on():
    d = [duel_for("pairs", h, 0) for h in range(2)]
    history = [hand(0, d[0], 0, 110), hand(1, d[1], 3, 110)]
    assert table_final("pairs", VAN, history, LEGACY_TABLE) is None
    history = [hand(0, d[0], 0, 110), hand(1, d[1], 3, 110), hand(2, d[0], 0, 0), hand(3, d[1], 3, 0)]
    assert table_final("pairs", VAN, history) is None  # by Hoyle's net: 110 - 110, nobody scored


def test_hollywood_is_for_two_players():
    with pytest.raises(ValueError, match="Hollywood"):
        Table("three", HOLLYWOOD, 1)
    with pytest.raises(ValueError, match="three"):
        Table("five", VAN, 1)


def test_a_seat_sitting_out_cannot_move_and_nothing_changes():
    table, _ = Table.new("three", VAN, 9)
    out = table.duel.sitting_out[0]
    before = table_to_dict(table)
    with pytest.raises(IllegalAction) as refused:
        table.apply(DrawStock(), out)
    assert refused.value.reason is IllegalReason.NOT_YOUR_TURN
    assert table_to_dict(table) == before
    with pytest.raises(ValueError, match="sits this hand out"):
        table.observe(out)
    with pytest.raises(IllegalAction):
        table.advance()


class Spy(Bot):
    """A simple player that keeps every event it was told, to check what it saw."""

    def __init__(self, inner):
        super().__init__(seed=0)
        self.inner, self.seen = inner, []

    def new_match(self, seat, rules):
        super().new_match(seat, rules)
        self.inner.new_match(seat, rules)

    def on_event(self, event):
        self.seen.append((self.seat, event))
        self.inner.on_event(event)

    def take_upcard(self, obs):
        return self.inner.take_upcard(obs)

    def draw_from_discard(self, obs):
        return self.inner.draw_from_discard(obs)

    def choose_discard(self, obs):
        assert obs.player == self.seat and len(obs.hand) == 11
        return self.inner.choose_discard(obs)

    def knock(self, obs, card):
        return self.inner.knock(obs, card)

    def big_gin(self, obs):
        return self.inner.big_gin(obs)


LEVEL_SEATS = {
    "three": [("easy", "medium", "hard"), ("hard", "hard", "easy")],
    "pairs": [("easy", "medium", "hard", "medium"), ("hard", "easy", "hard", "easy")],
}


@pytest.mark.parametrize("kind,levels", [(k, lv) for k, lvs in LEVEL_SEATS.items() for lv in lvs])
@pytest.mark.parametrize("rules", [VAN, STRAIGHT], ids=["van", "straight"])
def test_whole_bot_tables_at_every_level(kind, levels, rules):
    bots = [Spy(make_bot(level, seed=f"t/{i}")) for i, level in enumerate(levels)]
    table, events = Table.new(kind, rules.with_(target=60), 21)
    record = play_table(table, events, bots, check_invariants=True)
    assert record.final is not None and record.finished and record.fallbacks == [0] * len(levels)
    # every hand was played by the seats whose turn it was
    for n, h in enumerate(record.hands):
        assert h.hand_no == n and h.duel == duel_for(kind, n, table.first)
    # the sides' points add up from the hands (a pair's net per hand), and only the winner reached the target
    sides = 3 if kind == "three" else 2
    points = [0] * sides
    for n in range(0, len(record.hands), 4 - sides):
        gains = [0] * sides
        for h in record.hands[n:n + 4 - sides]:
            if h.result.winner is not None:
                gains[side_of(kind, h.duel.seats[h.result.winner])] += h.result.points
        if kind == "pairs":
            gains = [max(gains[0] - gains[1], 0), max(gains[1] - gains[0], 0)]
        points = [p + g for p, g in zip(points, gains, strict=True)]
    assert tuple(points) == record.final.hand_points == table.scores()
    assert points[record.final.winner] == max(points) >= 60 and points.count(max(points)) == 1
    # a seat only heard the hands it played, and never the cards of the hand it did not hold
    for seat, bot in enumerate(bots):
        played = [h for h in record.hands if seat in h.duel.seats]
        deals = [ev for _, ev in bot.seen if isinstance(ev, HandDealt)]
        assert len(deals) in (len(played), len(played) + 1)  # the last may be unfinished: none here
        for duel_seat, ev in bot.seen:
            if isinstance(ev, HandDealt):
                assert ev.hands[1 - duel_seat] is None and ev.hands[duel_seat] is not None
    if rules.straight_gin:
        assert all(h.result.kind in ("gin", "big_gin", "dead") for h in record.hands)


@pytest.mark.parametrize("kind", ["three", "pairs"])
def test_table_save_round_trip_at_every_step(kind):
    table, events = Table.new(kind, VAN.with_(target=40), 5)
    saved = []
    play_table(table, events, [make_bot("easy", seed=i) for i in range(3 if kind == "three" else 4)],
               watch=lambda t, ev: saved.append(table_dumps(t)))
    for text in saved[::5] + saved[-1:]:
        loaded = load_saved(text)
        assert isinstance(loaded, Table) and table_dumps(loaded) == text
    assert load_saved(saved[-1]).over


def test_table_save_refuses_edits():
    table, events = Table.new("three", VAN.with_(target=40), 5)
    play_table(table, events, [make_bot("easy", seed=i) for i in range(3)])
    data = table_to_dict(table)
    moved = json.loads(json.dumps(data))
    moved["history"][0]["seats"] = moved["history"][0]["seats"][::-1]
    wrong_first = dict(data, first=7)
    newer = dict(data, version=3)
    more = json.loads(json.dumps(data))
    more["history"].append(more["history"][-1])
    for bad in (moved, wrong_first, newer, more, dict(data, kind="five"), dict(data, duel=None), "x"):
        with pytest.raises(SaveError):
            table_from_dict(bad)
    with pytest.raises(SaveError):
        load_saved('{"format": "chess"}')


def test_old_two_player_saves_load_through_the_same_door():
    from game.engine import MatchState
    state, _ = MatchState.new(VAN, 3)
    assert isinstance(load_saved(state.to_json()), MatchState)


def test_a_person_facing_the_computer_takes_duel_seat_0():
    # hand 0 of three with seat 0 dealing: seat 1 plays first against seat 2 (the duel's dealer)
    plain = duel_for("three", 0, 0)
    assert (plain.seats, plain.dealer, plain.dealer_seat) == ((1, 2), 1, 2)
    turned = duel_for("three", 0, 0, frozenset({1}))
    # the computer in seat 1 still plays first: it is the duel's seat 1 and seat 0 (table seat 2) deals
    assert (turned.seats, turned.dealer, turned.dealer_seat) == ((2, 1), 0, 2)
    assert duel_for("three", 0, 0, frozenset({1, 2})) == plain  # two computers: as dealt
    table, _ = Table.new("three", VAN, 3, computers=frozenset({1}))
    first = table.duel
    assert table.state.dealer == first.dealer and table.to_act == first.seats[1 - first.dealer]


def test_a_table_with_computers_saves_and_loads():
    table, events = Table.new("pairs", VAN.with_(target=40), 8, computers=frozenset({1, 3}))
    saved = []
    play_table(table, events, [make_bot("easy", seed=i) for i in range(4)],
               watch=lambda t, ev: saved.append(table_dumps(t)))
    assert all(h.duel.seats[0] in (0, 2) for h in table.history)  # the people sit in duel seat 0
    for text in saved[::9] + saved[-1:]:
        assert table_dumps(load_saved(text)) == text
