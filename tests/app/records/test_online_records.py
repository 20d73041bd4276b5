"""An online match in the records of both machines as a local one: each side's statistics from its own seat, the
friend an opponent of their own kind, the history's hands with the true cards of both hands, and an early end
kept as abandoned with its reason."""
from __future__ import annotations

import random

from helpers.netsession import memory_pair, plain_move

from game.app.matches.meta import MatchMeta
from game.app.records.history import History
from game.app.records.online_recorder import OnlineRecorder, end_reason
from game.app.records.stats import Stats
from game.engine import preset
from game.engine.record import replay
from game.net.session import Session


def _pair(tmp_path, target: int):
    host_link, guest_link = memory_pair()
    sessions = (Session(host_link, "Ann", preset("classic", target)), Session(guest_link, "Bob"))
    for _ in range(5000):
        for s in sessions:
            s.poll()
        if all(s.state is not None for s in sessions):
            break
    stats = [Stats(tmp_path / f"side{i}.sqlite", background=False) for i in (0, 1)]
    recorders = [OnlineRecorder(History(st), st, MatchMeta("online", names=s.names, seat=s.seat), s)
                 for st, s in zip(stats, sessions, strict=True)]
    return sessions, stats, recorders, (host_link, guest_link)


def _run(sessions, recorders, rng, until) -> None:
    for _ in range(200_000):
        if until():
            return
        for s, rec in zip(sessions, recorders, strict=True):
            for notice in s.poll():
                if notice.kind == "hand_over":
                    rec.hand_checked()
                elif notice.kind == "ended":
                    rec.ended(notice.word)
            if s.my_turn:
                s.play(plain_move(s, rng))
            if s.between_hands:
                s.next_hand()
    raise AssertionError("the match did not get there")


def test_a_whole_online_match_is_kept_on_both_sides_with_the_true_cards(tmp_path):
    sessions, stats, recorders, _ = _pair(tmp_path, 50)
    _run(sessions, recorders, random.Random(3), lambda: all(s.match_over for s in sessions))
    final = sessions[0].state.final
    assert final is not None
    for seat, (st, s) in enumerate(zip(stats, sessions, strict=True)):
        st.flush()
        friend = ("Ann", "Bob")[1 - seat]
        [row] = st.recent_matches()
        assert row.opponent == "online:" + friend and not row.abandoned
        assert row.names == (("Ann", "Bob")[seat], friend)  # the person at this screen first, on either seat
        assert row.won == (final.winner == seat) and row.my_total == final.totals[seat]
        assert [o.opponent for o in st.opponents()] == ["online:" + friend]
        history = History(st)
        [entry] = history.matches()
        assert entry.mode == "online" and entry.seat == seat and entry.finished and entry.winner == final.winner
        hands = history.hands(entry.match_id)
        assert len(hands) == len(s.state.history) >= 1
        for hand, result in zip(hands, s.state.history, strict=True):
            assert hand.record is not None
            play = replay(hand.record)
            assert play.last.last_result == result
            # the true cards of both hands: what the other side dealt to itself is no stand-in
            other = sessions[1 - seat].records[hand.hand_no]
            assert other["hand"] == hand.hand_no + 1
        st.close()
    mine = History(stats[0]).hands(recorders[0].meta.match_id)
    theirs = History(stats[1]).hands(recorders[1].meta.match_id)
    assert [h.record.hands for h in mine] == [h.record.hands for h in theirs]  # both machines, the same deals


def test_an_online_match_the_friend_leaves_is_abandoned_with_the_reason(tmp_path):
    sessions, stats, recorders, links = _pair(tmp_path, 100)
    _run(sessions, recorders, random.Random(4), lambda: len(sessions[1].records) >= 1)
    links[0].close("left")  # the host leaves
    recorders[0].ended("left")
    _run(sessions, recorders, random.Random(4), lambda: sessions[1].finished)
    for st, rec in zip(stats, recorders, strict=True):
        st.flush()
        [row] = st.recent_matches()
        assert row.abandoned and not row.won  # never a win nobody played out
        [entry] = History(st).matches()
        assert not entry.finished and entry.winner is None
        assert len(History(st).hands(entry.match_id)) >= 1  # the hands played to their end stay
        assert end_reason(st, rec.meta.match_id) == "left"
        st.close()


def test_a_friend_online_is_counted_only_in_an_online_row():
    from game.app.records.stats_rows import match_row, valid_match
    from game.engine import FinalScore

    final = FinalScore(1, (0, 40), (0, 0), (0, 0), False, (0, 140), 140)
    meta = MatchMeta("online", names=("Sara", "Ali"), seat=1)
    assert meta.opponent_key == "online:Sara" and meta.human_seat == 1
    row = (1, *match_row(meta, preset("classic", 100), final, 1, 5.0))
    checked = valid_match(row)
    assert checked is not None and checked.won and checked.names == ("Ali", "Sara")
    assert valid_match(row[:3] + ("hotseat",) + row[4:]) is None  # an online friend in a local row: refused
    assert valid_match(row[:2] + ("hotseat:Sara",) + row[3:]) is None  # a local friend in an online row
