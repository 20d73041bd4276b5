"""A whole online match between two sessions in memory: setup, hands, clocks, pauses and every way it ends."""
import hashlib
import importlib.util
import pathlib
import random

import pytest
from helpers.netsession import memory_pair, plain_move, run_pair

from game.engine import VAN, IllegalAction, Knock
from game.net.messages import encode, message
from game.net.session import Session
from game.net.setup import first_dealer
from game.net.transport import Event

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _pair(rules=VAN, auto_next=True, wire=None, clock=None, **options):
    host, guest = memory_pair(wire)
    extra = {"clock": clock} if clock is not None else {}
    a = Session(host, "Ann", rules, auto_next=auto_next, **extra, **options)
    b = Session(guest, "Bob", auto_next=auto_next, **extra, **options)
    return a, b


def _until(sessions, done, rng=None, steps=20_000):
    rng = rng or random.Random(3)
    seen = [[], []]
    for _ in range(steps):
        for i, s in enumerate(sessions):
            seen[i] += s.poll()
        if done():  # looked at before either plays on: a turn reached must not be played past
            return seen
        for s in sessions:
            if s.my_turn:
                s.play(plain_move(s, rng))
                break  # the other hears of it at the next poll
    raise AssertionError("the sessions did not get there")


def _settle(sessions, rounds=5):
    """Deliver what is in flight, playing nothing."""
    for _ in range(rounds):
        for s in sessions:
            s.poll()


def _kinds(notices):
    return [n.kind for n in notices if n.kind != "event"]


def test_a_whole_match_is_agreed_played_and_checked_alike_on_both_sides():
    a, b = _pair(VAN.with_(target=50))
    seen = run_pair([a, b], random.Random(5))
    assert a.ended is None and b.ended is None and a.match_over and b.match_over
    assert a.names == b.names == ("Ann", "Bob")
    assert b.rules == a.rules == VAN.with_(target=50)
    hands = len(a.records)
    assert hands >= 1 and len(b.records) == hands
    results = [[n.result for n in s if n.kind == "hand_over"] for s in seen]
    assert results[0] == results[1] and len(results[0]) == hands
    assert _kinds(seen[0])[0] == "setup" and _kinds(seen[0])[-1] == "match_over"
    assert any(n.kind == "event" for n in seen[1])
    for seat in "AB":  # each side's messages, as sent and as received
        assert ([m for m in a.records[0]["messages"] if m["from"] == seat]
                == [m for m in b.records[0]["messages"] if m["from"] == seat])


def test_a_recorded_hand_passes_the_standalone_checker():
    spec = importlib.util.spec_from_file_location("check_online", ROOT / "tools" / "check_online.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    a, b = _pair(VAN.with_(target=50))
    run_pair([a, b], random.Random(6))
    from game.engine import Card

    order = check.check(a.records[0])
    assert order == [str(Card(c)) for c in a.referee.deck.order] or len(a.records) > 1
    assert len(set(order)) == 52


def test_a_written_record_is_checked_by_the_standalone_checker(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("check_online", ROOT / "tools" / "check_online.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    a, b = _pair(VAN.with_(target=50))
    run_pair([a, b], random.Random(8))
    path = str(tmp_path / "hand-1.json")
    b.write_record(1, path)
    assert check.main([path]) == 0
    assert "every step of both seats checks out" in capsys.readouterr().out
    with pytest.raises(ValueError):
        b.write_record(len(b.records) + 1, path)


def test_the_first_dealer_needs_both_draws():
    one, other = bytes(32), bytes([1]) * 32
    dealers = {first_dealer(one, bytes([i]) * 32) for i in range(16)}
    assert dealers == {0, 1}  # the guest's draw alone can change it
    assert {first_dealer(bytes([i]) * 32, other) for i in range(16)} == {0, 1}
    a, b = _pair()
    _until([a, b], lambda: a.referee is not None and b.referee is not None)
    assert a.referee.dealer == b.referee.dealer == first_dealer(a.setup.draw, b.setup.draw)


def test_without_auto_next_the_next_hand_waits_for_both_players():
    a, b = _pair(VAN.with_(target=250), auto_next=False)
    _until([a, b], lambda: a.between_hands and b.between_hands)
    assert a.hand == b.hand == 1
    a.next_hand()
    for _ in range(20):
        a.poll(), b.poll()
    assert a.hand == 1 and a.between_hands is False  # the host waits for the guest
    b.next_hand()
    _until([a, b], lambda: a.hand == b.hand == 2 and a.state is not None and b.state is not None)
    with pytest.raises(ValueError):
        b.next_hand()


def test_an_illegal_move_is_refused_locally_and_the_match_goes_on():
    a, b = _pair()
    _until([a, b], lambda: a.my_turn or b.my_turn)
    mover = a if a.my_turn else b
    card = mover.state.hands[mover.seat][0]
    with pytest.raises((IllegalAction, ValueError)):
        mover.play(Knock(card))
    assert mover.ended is None and mover.my_turn
    other = b if mover is a else a
    with pytest.raises(ValueError, match="not this seat's turn"):
        other.play(plain_move(other, random.Random(1)))


def _spy(session, kinds=("hello",)):
    """Hold back the session's frames of these types (a side that withholds or forges them)."""
    held = []
    send = session.link.send

    def filtered(payload):
        if any(f'"type":"{k}"'.encode() in payload for k in kinds):
            held.append(payload)
            return True
        return send(payload)
    session.link.send = filtered
    return held


def test_a_guest_that_sets_the_rules_is_refused():
    a, b = _pair()
    _spy(b)
    b.link.other.events.put(Event("frame", payload=encode(message(
        "hello", 0, 0, protocol="gin-rummy-match/1", name="Bob", rules='{"target":50}', commit="0" * 64))))
    notices = a.poll() + a.poll()
    assert a.ended is not None and a.ended.word == "net.bad_setup" and a.ended.party == "peer"
    assert "ended" in _kinds(notices)
    b.poll()
    assert b.ended is not None and b.ended.word == "net.peer_stopped"


def test_another_protocol_version_is_refused_with_its_notice():
    a, b = _pair()
    _spy(a)
    a.link.other.events.put(Event("frame", payload=encode(message(
        "hello", 0, 0, protocol="gin-rummy-match/9", name="Ann", rules="", commit="0" * 64))))
    b.poll()
    assert b.ended.word == "net.version"


def test_a_draw_that_does_not_match_its_commitment_is_refused():
    a, b = _pair()
    _spy(b, ("open",))
    a.poll(), b.poll(), a.poll()
    forged = hashlib.sha256(b"x").hexdigest()
    b.link.other.events.put(Event("frame", payload=encode(message("open", 0, 1, nonce=forged))))
    a.poll()
    assert a.ended.word == "net.bad_setup" and "commitment" in a.ended.text


def test_a_replayed_match_message_is_refused():
    a, b = _pair()
    a.poll(), b.poll()
    b.link.other.events.put(Event("frame", payload=encode(message(
        "hello", 0, 0, protocol="gin-rummy-match/1", name="Bob", rules="", commit="0" * 64))))
    a.poll()
    assert a.ended.word == "net.replayed"


def test_malformed_and_oversized_frames_end_the_match_with_their_notice():
    for payload, word in ((b"{not json", "net.malformed"), (b"x" * 70_000, "net.oversized")):
        a, b = _pair()
        a.poll(), b.poll()
        b.link.other.events.put(Event("frame", payload=payload))
        a.poll()
        assert a.ended.word == word and a.ended.party == "peer"
        b.poll()
        assert b.ended.word == "net.peer_stopped"


def test_a_peer_that_does_not_move_is_stalled_after_its_turn_time_and_tolerance():
    clock = Clock()
    a, b = _pair(VAN.with_(turn_timer=15), clock=clock, tolerance=5.0)
    _until([a, b], lambda: a.my_turn or b.my_turn)
    _settle([a, b])
    waiting = b if a.my_turn else a
    mover = a if a.my_turn else b
    assert mover.time_left() == pytest.approx(15.0)
    clock.now += 19.0
    waiting.poll()
    assert waiting.ended is None
    clock.now += 2.0
    waiting.poll()
    assert waiting.ended.word == "net.stalled" and waiting.ended.party == "peer"


def test_a_move_far_past_its_time_is_not_sent():
    clock = Clock()
    wire = []
    a, b = _pair(VAN.with_(turn_timer=15), clock=clock, tolerance=5.0, wire=wire)
    _until([a, b], lambda: a.my_turn or b.my_turn)
    mover, other = (a, b) if a.my_turn else (b, a)
    clock.now += 30.0
    sent = len(wire)
    mover.play(plain_move(mover, random.Random(2)))
    assert mover.ended.word == "net.stalled" and mover.ended.party == "self"
    assert [b'"type":"notice"' in frame for _, frame in wire[sent:]] == [True]
    other.poll()  # its own clock ran out too, before the notice is read
    assert other.ended.word == "net.stalled" and other.ended.party == "peer"


def test_a_pause_stops_the_clocks_and_a_lost_line_ends_the_match_as_abandoned():
    clock = Clock()
    a, b = _pair(VAN.with_(turn_timer=15), clock=clock)
    _until([a, b], lambda: a.my_turn or b.my_turn)
    _settle([a, b])
    waiting = b if a.my_turn else a
    waiting.link.events.put(Event("paused", "dropped", "the line dropped"))
    assert _kinds(waiting.poll()) == ["paused"]
    clock.now += 100.0
    assert waiting.poll() == [] and waiting.ended is None and not waiting.my_turn
    waiting.link.events.put(Event("resumed"))
    assert _kinds(waiting.poll()) == ["resumed"]
    waiting.link.events.put(Event("lost", "abandoned", "no reconnection within the window"))
    waiting.poll()
    assert waiting.ended.word == "abandoned" and waiting.finished


def test_a_setup_that_never_comes_is_stalled_after_the_patience():
    clock = Clock()
    a, b = _pair(clock=clock, patience=3.0)
    _spy(b, ("hello", "open"))
    a.poll(), b.poll()
    clock.now += 2.0
    a.poll()
    assert a.ended is None
    clock.now += 2.0
    a.poll()
    assert a.ended.word == "net.stalled"


def test_a_move_that_arrives_after_its_time_is_refused_not_played():
    clock = Clock()
    host, guest = memory_pair()
    rules = VAN.with_(turn_timer=15)
    sessions = [Session(host, "Ann", rules, clock=clock, tolerance=5.0),
                Session(guest, "Bob", clock=clock, tolerance=500.0)]  # the late mover would still send
    _until(sessions, lambda: sessions[1].my_turn)
    _settle(sessions)
    late, judge = sessions[1], sessions[0]
    clock.now += 25.0
    late.play(plain_move(late, random.Random(4)))
    moves = len(judge.referee.moves)
    judge.poll()
    assert judge.ended.word == "net.stalled" and len(judge.referee.moves) == moves
