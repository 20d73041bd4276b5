"""The strength goals of the bot levels, measured: match wins with 95% intervals against each goal.

Run: python bench/bench_strength.py [--matches 2000] [--seed 1] [--workers 2]
Van preset, matches to 100, the bots swapping seats every match (the same runs as ``python -m game.sim``).
A goal is met when the whole interval clears it; a long run (10,000 matches) narrows the interval.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.engine import VAN  # noqa: E402
from game.sim import simulate  # noqa: E402

GOALS = (  # (A, B, lowest rate, highest rate) for A's match wins
    ("medium", "easy", 0.60, 1.0),
    ("hard", "medium", 0.60, 1.0),
    ("hard", "simple", 0.70, 1.0),
    ("easy", "simple", 0.25, 0.45),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{'A vs B':18}{'matches':>9}{'A wins':>9}{'95% CI':>18}{'goal':>14}  {'verdict':10}{'seconds':>8}")
    for a, b, low, high in GOALS:
        start = time.perf_counter()
        f = simulate(a, b, VAN, args.matches, args.seed, args.workers).figures()
        rate, lo, hi = f["match_win_a"]
        goal = f">= {low:.0%}" if high >= 1.0 else f"{low:.0%}..{high:.0%}"
        verdict = "met" if lo > low and (high >= 1.0 or hi < high) else ("reached" if low <= rate <= high else "missed")
        print(f"{a + ' vs ' + b:18}{f['matches']:>9}{rate:>9.1%}{f'{lo:.1%} .. {hi:.1%}':>18}{goal:>14}  "
              f"{verdict:10}{time.perf_counter() - start:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
