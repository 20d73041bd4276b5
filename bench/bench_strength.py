"""The strength goals of the bot levels, measured: match wins with 95% intervals against each goal.

Run: python bench/bench_strength.py [--matches 2000] [--seed 1] [--workers 2] [--only hard-simple ...]
Matches to 100, the bots swapping seats every match (the same runs as ``python -m game.sim``).  Van preset,
and the EAAI challenge's rules (van with the Hoyle upcard offer and no big gin bonus) where marked.
``hard_v1`` is the hard bot as first released and ``mc`` the Monte Carlo bot of ``bench/mcbot.py``
(about 50 times slower than the others: its rows play ``--mc-matches``).
A goal is met when the whole interval clears it.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.mcbot import make_level  # noqa: E402
from game.engine import VAN, Rules  # noqa: E402
from game.sim import simulate  # noqa: E402

EAAI = VAN.with_(upcard_offer="hoyle", big_gin_bonus=None)

GOALS: tuple[tuple[str, str, str, float, float], ...] = (  # (A, B, rules, lowest, highest rate of A's wins)
    ("hard", "simple", "van", 0.80, 1.0),
    ("hard", "simple", "eaai", 0.80, 1.0),
    ("hard", "hard_v1", "van", 0.65, 1.0),
    ("hard", "mc", "van", 0.60, 1.0),
    ("hard", "medium", "van", 0.65, 1.0),
    ("medium", "simple", "van", 0.60, 1.0),
    ("easy", "simple", "van", 0.25, 0.45),
)
RULES: dict[str, Rules] = {"van": VAN, "eaai": EAAI}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--mc-matches", type=int, default=200, help="matches for the rows against mc")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", nargs="+", default=None, metavar="A-B[-eaai]", help="e.g. hard-simple-eaai")
    args = parser.parse_args()
    print(f"{'A vs B':24}{'matches':>9}{'A wins':>9}{'95% CI':>18}{'goal':>14}  {'verdict':10}{'seconds':>8}")
    for a, b, rules_name, low, high in GOALS:
        name = f"{a}-{b}" + ("" if rules_name == "van" else f"-{rules_name}")
        if args.only and name not in args.only:
            continue
        n = args.mc_matches if "mc" in (a, b) else args.matches
        start = time.perf_counter()
        f = simulate(a, b, RULES[rules_name], n, args.seed, args.workers, make=make_level).figures()
        rate, lo, hi = f["match_win_a"]
        goal = f">= {low:.0%}" if high >= 1.0 else f"{low:.0%}..{high:.0%}"
        verdict = "met" if lo > low and (high >= 1.0 or hi < high) else ("reached" if low <= rate <= high else "missed")
        label = f"{a} vs {b}" + ("" if rules_name == "van" else f" ({rules_name})")
        print(f"{label:24}{f['matches']:>9}{rate:>9.1%}{f'{lo:.1%} .. {hi:.1%}':>18}{goal:>14}  "
              f"{verdict:10}{time.perf_counter() - start:>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
