"""Whole hands played online between two referees: both judge every move and agree with the true deal."""
import importlib.util
import pathlib

import pytest
from helpers.online import play_referees, pump_refs, referee_pair

from game.engine import CLASSIC, VAN, Card, Discard, DrawStock
from game.net.errors import DealError


@pytest.mark.parametrize("seed, rules, dealer", [(1, CLASSIC, 0), (2, CLASSIC, 1), (3, VAN, 0), (4, VAN, 1)])
def test_a_whole_hand_ends_with_the_same_checked_result_on_both_sides(seed, rules, dealer):
    refs, moves = play_referees(seed, rules, dealer)
    assert refs[0].result is not None and refs[0].result == refs[1].result
    assert refs[0].deck.order == refs[1].deck.order
    assert moves > 4


def test_hands_end_by_knock_or_gin_as_well_as_dead():
    kinds = {play_referees(seed, VAN, seed % 2)[0][0].result.kind for seed in range(5, 11)}
    assert kinds - {"dead"}, kinds


def _at_discard(seed=21):
    """Two referees where seat 1 (the non-dealer) has drawn from the stock and must now discard."""
    refs = referee_pair(seed, VAN, 0)
    pump_refs(refs, [(1, m) for m in refs[1].play(DrawStock())])
    return refs


def _forged(ref, **fields):
    return ref.deck.note("move", **fields)


def test_a_discard_claimed_at_a_position_that_holds_another_card_is_named():
    refs = _at_discard()
    mover, judge = refs[1], refs[0]
    position = mover._hand_positions(1)[0]
    real = mover.deck.cards[position]
    shown = mover.deck.show([position])
    pump_refs(refs, [(1, m) for m in shown])
    with pytest.raises(DealError) as caught:
        judge.receive(_forged(mover, action="discard", card=(real + 1) % 52, position=position))
    assert (caught.value.notice, caught.value.party) == ("net.wrong_card", "B")


def test_a_discard_of_a_card_the_player_does_not_hold_is_named():
    refs = _at_discard()
    mover, judge = refs[1], refs[0]
    upcard = judge.deck.cards[20]
    with pytest.raises(DealError) as caught:
        judge.receive(_forged(mover, action="discard", card=upcard, position=20))
    assert caught.value.notice == "net.wrong_card"


def test_a_move_out_of_turn_is_refused_by_the_engine():
    refs = _at_discard()
    with pytest.raises(DealError) as caught:
        refs[1].receive(_forged(refs[0], action="draw_stock", card=-1, position=22))
    assert (caught.value.notice, caught.value.party) == ("net.illegal_move", "A")


def test_a_draw_from_a_stock_position_that_is_not_next_is_refused():
    refs = referee_pair(22, VAN, 0)
    with pytest.raises(DealError) as caught:
        refs[0].receive(_forged(refs[1], action="draw_stock", card=-1, position=30))
    assert caught.value.notice == "net.out_of_turn"


def test_a_knock_without_the_hand_shown_is_refused():
    refs = _at_discard()
    mover, judge = refs[1], refs[0]
    position = mover._hand_positions(1)[0]
    pump_refs(refs, [(1, m) for m in mover.deck.show([position])])
    with pytest.raises(DealError) as caught:
        judge.receive(_forged(mover, action="knock", card=mover.deck.cards[position], position=position))
    assert caught.value.notice in ("net.withheld_key", "net.illegal_move")


def test_an_unknown_move_or_a_notice_ends_the_hand_with_its_name():
    refs = referee_pair(23, VAN, 0)
    with pytest.raises(DealError) as caught:
        refs[0].receive(_forged(refs[1], action="shuffle again", card=-1, position=-1))
    assert caught.value.notice == "net.out_of_turn"
    refs = referee_pair(23, VAN, 0)
    with pytest.raises(DealError) as caught:
        refs[0].receive(refs[1].deck.note("notice", notice="net.bad_key", detail="you cheated"))
    assert caught.value.notice == "net.peer_stopped" and "you cheated" in caught.value.detail


def test_this_side_refuses_its_own_illegal_move_before_sending_anything():
    refs = _at_discard()
    sent = refs[0].deck._sent
    with pytest.raises(Exception) as caught:
        refs[0].play(Discard(refs[0].state.hands[0][0]))
    assert "IllegalAction" in type(caught.value).__name__
    assert refs[0].deck._sent == sent


def test_a_played_hand_s_transcript_checks_out_with_the_standalone_checker():
    spec = importlib.util.spec_from_file_location("check_online_ref", pathlib.Path(__file__).parents[2] / "tools"
                                                  / "check_online.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    refs, _ = play_referees(6, VAN, 1)
    transcript = refs[1].deck.transcript()  # seat 0's holds the same messages
    order = tool.check(transcript)
    assert order == [str(Card(c)) for c in refs[1].deck.order]
    claim = next(m for m in transcript["messages"] if m["type"] == "move" and m["card"] >= 0)
    claim["card"] = (claim["card"] + 1) % 52
    with pytest.raises(tool.Refused, match="which holds"):
        tool.check_claims(transcript["messages"], order)


def test_a_whole_match_is_played_hand_after_hand_with_fresh_keys():
    from helpers.online import play_match

    refs, hands = play_match(1, VAN)
    assert hands > 1
    for ref in refs:
        assert ref.state.phase.name == "MATCH_OVER" and ref.state.final is not None
    assert refs[0].state.final == refs[1].state.final
    assert refs[0].following() is None


def test_midway_through_a_hand_each_side_has_sent_keys_only_for_what_the_other_may_see():
    import random

    from helpers.online import choose

    refs = referee_pair(31, VAN, 1)
    rng = random.Random(31)
    for _ in range(16):
        seat = refs[0].state.to_act
        pump_refs(refs, [(seat, m) for m in refs[seat].play(choose(refs[seat].state, seat, rng))])
    assert not refs[0].over
    for ref in refs:
        peer = 1 - ref.seat
        sent = {j for m in ref.deck.log if m["from"] == ref.deck.seat and m["type"] == "keys" for j in m["positions"]}
        allowed = {j for j, seat in ref.holder.items() if seat == peer} | {
            j for j, owner in enumerate(ref.deck.owner) if owner == "both"}
        assert sent <= allowed
        unseen = set(range(52)) - allowed
        assert not sent & unseen


def test_a_move_with_a_card_or_position_it_does_not_carry_is_refused():
    for fields in ({"card": 5, "position": -1}, {"card": -1, "position": 3}):
        refs = referee_pair(24, VAN, 0)
        with pytest.raises(DealError) as caught:
            refs[0].receive(_forged(refs[1], action="pass_upcard", **fields))
        assert caught.value.notice == "net.malformed"


def test_the_replay_from_the_true_deal_must_give_the_result_both_reached():
    import random
    from collections import deque

    from helpers.online import choose

    refs = referee_pair(25, VAN, 0)
    rng = random.Random(25)
    with pytest.raises(DealError) as caught:
        while True:
            seat = refs[0].state.to_act
            queue = deque((seat, m) for m in refs[seat].play(choose(refs[seat].state, seat, rng)))
            while queue:
                sender, msg = queue.popleft()
                judge = refs[1 - sender]
                if msg["type"] == "reveal":  # a move recorded twice: the true deal's replay refuses it
                    judge.moves.insert(0, judge.moves[0])
                queue.extend((judge.seat, reply) for reply in judge.receive(msg))
    assert caught.value.step == "replay" and caught.value.notice in ("net.illegal_move", "net.wrong_card")


def test_a_reveal_before_the_hand_is_over_is_refused():
    refs = _at_discard()
    mover = refs[1]
    early = mover.deck._send("reveal", key=mover.deck._key.hex(), keys=[k.hex() for k in mover.deck._keys])
    with pytest.raises(DealError) as caught:
        refs[0].receive(early)
    assert (caught.value.notice, caught.value.step) == ("net.out_of_turn", "reveal")


def test_what_the_peer_owes_is_named_when_it_stalls():
    refs = referee_pair(26, VAN, 0)
    assert refs[1].overdue() is None  # seat 1, the non-dealer, is to act: it owes nothing, seat 0 waits
    stalled = refs[0].overdue()
    assert (stalled.notice, stalled.party, stalled.step) == ("net.stalled", "B", "move")
    refs[1].play(DrawStock())  # its message never arrives, but seat 1 now waits for seat 0's key
    owed = refs[1].overdue()
    assert (owed.notice, owed.party) == ("net.withheld_key", "A")


def test_stopping_sends_the_notice_the_peer_will_name():
    refs = referee_pair(27, VAN, 0)
    sent = refs[0].stop(DealError("net.bad_key", "B", "keys", "position 3 opens to no card"))
    with pytest.raises(DealError) as caught:
        pump_refs(refs, [(0, m) for m in sent])
    assert caught.value.notice == "net.peer_stopped" and "net.bad_key" in caught.value.detail


def test_moves_an_online_hand_does_not_carry_are_refused_before_anything_is_sent():
    from game.engine import Knock, NextHand, TimerMove

    refs = _at_discard()
    sent = refs[1].deck._sent
    card = refs[1].state.hands[1][0]
    for action in (TimerMove(), NextHand(), Knock(card, melds=())):
        with pytest.raises(ValueError):
            refs[1].play(action)
    assert refs[1].deck._sent == sent


def test_bots_play_a_whole_match_online_from_what_each_seat_sees():
    from game.bots import decide, make_bot
    from game.engine import HandDealt, HandEnded, observe
    from game.net.loopback import play_match

    bots = [make_bot("hard", seed=1), make_bot("simple", seed=2)]
    heard = {0: [], 1: []}

    def listen(seat, events):
        heard[seat] += events
        for event in events:
            bots[seat].on_event(event)

    refs = play_match(VAN, 0, lambda seat, state: decide(bots[seat], observe(state, seat)), listen=listen)
    assert refs[0].state.final is not None and refs[0].state.final == refs[1].state.final
    assert all(getattr(bot, "fallbacks", 0) == 0 for bot in bots)
    for seat in (0, 1):
        dealt = [e for e in heard[seat] if isinstance(e, HandDealt)]
        assert dealt and all(e.hands[1 - seat] is None and e.hands[seat] is not None for e in dealt)
        assert len([e for e in heard[seat] if isinstance(e, HandEnded)]) == len(dealt)


def test_after_a_dropped_connection_each_side_resends_what_the_other_missed():
    import random

    from helpers.online import choose

    refs = referee_pair(28, VAN, 0)
    rng = random.Random(28)
    seat = refs[0].state.to_act
    lost = refs[seat].play(choose(refs[seat].state, seat, rng))  # the connection drops: nothing arrives
    assert lost
    other = refs[1 - seat]
    missed = refs[seat].deck.resend(other.deck.received)
    assert missed == lost
    pump_refs(refs, [(seat, m) for m in missed])
    assert refs[0].state.to_act == refs[1].state.to_act
    with pytest.raises(DealError) as caught:
        refs[seat].deck.resend(refs[seat].deck._sent + 1)
    assert caught.value.notice == "net.replayed"
    with pytest.raises(DealError):  # a message delivered twice is refused, not played twice
        other.receive(lost[-1])
