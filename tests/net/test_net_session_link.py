"""A session over a real connection through a proxy that cuts the line: the match pauses, resumes, or is abandoned."""
import random
import time

import pytest
from helpers.netlink import Proxy
from helpers.online import choose

from game.engine import VAN
from game.net.session import Session
from game.net.transport import Timing, host, join

TIMING = Timing(handshake=2.0, resume_window=1.0, keepalive=0.5, retry=0.05, connect=2.0)


RULES = VAN.with_(target=50)


def _through_proxy(rules=RULES):
    link = host(bind="127.0.0.1", port=0, timing=TIMING)
    proxy = Proxy(link.port)
    guest = join(str(link.code), proxy.address, timing=TIMING)
    return [Session(link, "Ann", rules, auto_next=True), Session(guest, "Bob", auto_next=True)], proxy


def _run(sessions, until, seen, seconds=20.0, rng=None):
    rng = rng or random.Random(7)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if until():
            return
        for i, s in enumerate(sessions):
            seen[i] += [n.kind for n in s.poll(0.005)]
            if s.my_turn:
                s.play(choose(s.state, s.seat, rng))
    raise AssertionError(f"not there in {seconds} s: {[s.ended for s in sessions]}")


def _moves(session):
    return 0 if session.referee is None else len(session.referee.moves)


def test_a_cut_line_pauses_the_match_and_it_goes_on_once_the_line_is_back():
    sessions, proxy = _through_proxy()
    seen = [[], []]
    try:
        _run(sessions, lambda: _moves(sessions[0]) >= 3, seen)
        proxy.cut()
        _run(sessions, lambda: all("resumed" in kinds for kinds in seen), seen)
        _run(sessions, lambda: all(s.records for s in sessions), seen)  # the hand goes on and is checked
    finally:
        for s in sessions:
            s.close()
        proxy.stop()
    assert all("paused" in kinds for kinds in seen)
    assert [s.ended for s in sessions] == [None, None]
    assert sessions[0].records[0]["messages"][-1]["type"] == "reveal"


@pytest.mark.slow
def test_a_line_that_stays_down_ends_the_match_as_abandoned():
    sessions, proxy = _through_proxy()
    seen = [[], []]
    try:
        _run(sessions, lambda: _moves(sessions[0]) >= 3, seen)
        proxy.blocked = True
        proxy.cut()
        _run(sessions, lambda: all(s.ended is not None for s in sessions), seen, seconds=10.0)
    finally:
        for s in sessions:
            s.close()
        proxy.stop()
    assert [s.ended.word for s in sessions] == ["abandoned", "abandoned"]
    assert all(s.finished for s in sessions)
