"""Decision times of each bot level: mean, p50, p95 and max per decision, over seeded matches.

Run: python bench/bench_bots.py [--matches N] [--levels easy medium hard simple]
Each level plays the simple reference bot on the van preset; only the measured bot's decisions count.
The yardsticks ``hard_v1`` and ``mc`` (bench/mcbot.py) may be timed too.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.mcbot import make_level  # noqa: E402
from game.bots import decide, deliver  # noqa: E402
from game.engine import VAN, NextHand, Phase, new_match, observe  # noqa: E402


def timed_match(level: str, seed: int, times: list[float], opponent: str = "simple") -> None:
    bots = (make_level(level, seed=seed), make_level(opponent, seed=seed + 1))
    state, events = new_match(VAN, seed)
    for seat, bot in enumerate(bots):
        bot.new_match(seat, VAN)
    deliver(events, bots)
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.HAND_OVER:
            events = state.apply(NextHand())
        else:
            seat = state.to_act
            obs = observe(state, seat)
            start = time.perf_counter()
            action = decide(bots[seat], obs)
            if seat == 0:
                times.append(time.perf_counter() - start)
            events = state.apply(action, seat)
        deliver(events, bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--levels", nargs="+", default=["easy", "medium", "hard", "simple"])
    args = parser.parse_args()
    print(f"{'level':8}{'decisions':>10}{'mean ms':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for level in args.levels:
        times: list[float] = []
        for i in range(args.matches):
            timed_match(level, 1000 + i, times)
        ms = sorted(t * 1000 for t in times)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"{level:8}{len(ms):>10}{statistics.fmean(ms):>10.2f}{statistics.median(ms):>10.2f}"
              f"{p95:>10.2f}{ms[-1]:>10.2f}")


if __name__ == "__main__":
    main()
