"""A whole match between two sessions over a real connection on this machine, each seat in a thread of its own.

For the benchmark and the tests: the join code, the key exchange and the sealed frames all run, so
the figures are the protocol's with the network's own work (but not its distance) included.
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

from game.engine import VAN, Action, DrawStock, HandDealt, MatchState, Rules
from game.net.auth import FRAME_OVERHEAD
from game.net.session import Link, Session
from game.net.transport import Connection, Timing, host, join

Chooser = Callable[[MatchState, int, random.Random], Action]


def drive(session: Session, choose: Chooser, rng: random.Random, seconds: float = 120.0) -> dict[str, Any]:
    """Play one seat until the match is finished: each deal's time (from the last hand's check to this
    seat's cards) and each draw from the stock's round trip (until the card is open), in seconds."""
    deals: list[float] = []
    trips: list[float] = []
    began = time.perf_counter()
    hand_from: float | None = None
    drew: float | None = None
    while not session.finished and time.perf_counter() - began < seconds:
        for notice in session.poll(0.0 if session.my_turn else 0.05):
            now = time.perf_counter()
            if notice.kind in ("setup", "hand_over"):
                hand_from = now
            elif isinstance(notice.event, HandDealt) and hand_from is not None:
                deals.append(now - hand_from)
                hand_from = None
        if drew is not None and session.my_turn:
            trips.append(time.perf_counter() - drew)
            drew = None
        if session.my_turn:
            state = session.state
            assert state is not None
            action = choose(state, session.seat, rng)
            start = time.perf_counter()
            session.play(action)
            drew = start if isinstance(action, DrawStock) else None
    return {"deals": deals, "trips": trips, "bytes": session.sent_bytes + FRAME_OVERHEAD * session.sent_frames,
            "hands": len(session.records), "ended": session.ended}


def localhost_match(seed: int, choose: Chooser, rules: Rules = VAN, seconds: float = 120.0,
                    wrap: Callable[[Connection], Link] | None = None, **options: Any) -> dict[str, Any]:
    """Both seats of one match over localhost; both sides' deals, round trips and bytes together.

    ``wrap`` stands between the guest and its connection (a test's lying peer); ``options`` go to both
    sessions.  ``sessions`` holds both, the host's first."""
    link = host(bind="127.0.0.1", port=0, timing=Timing(resume_window=10.0))
    guest_link = join(str(link.code), f"127.0.0.1:{link.port}", timing=Timing(resume_window=10.0))
    guest: Link = guest_link if wrap is None else wrap(guest_link)
    sessions = [Session(link, "host", rules, auto_next=True, **options),
                Session(guest, "guest", auto_next=True, **options)]
    found: list[dict[str, Any]] = [{}, {}]

    def run(seat: int) -> None:
        found[seat] = drive(sessions[seat], choose, random.Random(seed * 2 + seat), seconds)

    threads = [threading.Thread(target=run, args=(seat,), name=f"seat-{seat}") for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 5)
    for session in sessions:
        session.close()
    mine, theirs = found
    if not mine or not theirs:
        raise RuntimeError("a seat of the localhost match did not finish")
    return {"deals": mine["deals"] + theirs["deals"], "trips": mine["trips"] + theirs["trips"],
            "bytes": mine["bytes"] + theirs["bytes"], "hands": mine["hands"],
            "ended": mine["ended"] or theirs["ended"], "sessions": sessions}
