"""How long the coach takes to judge a hand: a beginner (the easy bot, seat 0) against the hard bot,
every finished hand reviewed from seat 0's side.

    python bench/bench_coach.py [--matches 4] [--seed 1]

Prints, per hand, the player's decisions and the time of the review; then the mean, median, 95th
percentile and slowest review, and the time for a typical hand (the one with the median number of
decisions).  The coach runs on the app's worker thread; the goal is under 2 s for a typical hand.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import decide, deliver, make_bot  # noqa: E402
from game.bots.coach import review  # noqa: E402
from game.engine import VAN, HandEnded, NextHand, Phase, new_match, observe  # noqa: E402
from game.engine.record import HandRecord, replay  # noqa: E402


def recorded_hands(seed: int) -> list[HandRecord]:
    state, events = new_match(VAN, seed)
    players = [make_bot("easy", seed=seed), make_bot("hard", seed=seed + 1)]
    for seat, bot in enumerate(players):
        bot.new_match(seat, VAN)
    deliver(events, players)
    record = HandRecord.at_deal(state)
    out = []
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.HAND_OVER:
            deliver(state.apply(NextHand()), players)
            record = HandRecord.at_deal(state)
            continue
        seat = state.to_act
        assert seat is not None
        action = decide(players[seat], observe(state, seat))
        events = state.apply(action, seat)
        deliver(events, players)
        record = record.with_move(seat, action)
        for e in events:
            if isinstance(e, HandEnded):
                out.append(record.finished(e.result))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--matches", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rows = []
    for m in range(args.matches):
        earlier = []
        for record in recorded_hands(args.seed + 10 * m):
            decisions = len(replay(record).decisions(0))
            start = time.perf_counter()
            got = review(record, 0, earlier)
            took = time.perf_counter() - start
            earlier.append(replay(record).result)
            rows.append((decisions, took, len(got.costly), got.points))
    times = sorted(t for _, t, _, _ in rows)
    by_size = sorted(rows, key=lambda r: r[0])
    typical = by_size[len(by_size) // 2]
    print(f"{len(rows)} hands reviewed ({sum(r[0] for r in rows)} decisions), "
          f"{sum(r[2] for r in rows)} costly moves marked, {sum(r[3] for r in rows)} points in all")
    print(f"review time: mean {statistics.mean(times) * 1000:.0f} ms, median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {times[int(len(times) * 0.95) - 1] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms")
    print(f"a typical hand ({typical[0]} decisions): {typical[1] * 1000:.0f} ms (goal: under 2000 ms)")


if __name__ == "__main__":
    main()
