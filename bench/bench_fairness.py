"""Grinding the fair deal: can a dishonest build pick, among many secrets, one that deals the player worse cards?

    python bench/bench_fairness.py [--hands 600] [--candidates 1000] [--seed 7]

For each hand the "grinder" draws ``--candidates`` secrets and keeps the one that, for the player's
part it expects, deals the player (the non-dealer, seat 0) the most deadwood against the computer's.
Then the player gives their real part and the hand is dealt from the kept secret.  Printed: the mean
shift, the player's dealt deadwood minus the computer's (0 on average for an honest deal), with its
standard error, for

- version 1, the cut the grinder expected (a player who presses Enter at once: the middle of the
  range, 2147483648): the grinder sees the very deal it will get;
- version 1, a cut drawn from the ~1280 a 1280-pixel screen offers: the grinder guessed one of them;
- version 2, a fresh 128-bit seed typed after the seal was shown (and a cut 0..51): the grinder had to
  guess the seed, and cannot;
- version 2, the seed the grinder already knew (kept from earlier hands) and a cut 0..51: only the
  cut is fresh, so the grinder gains what guessing one card of 52 gives it.

The last shift must be indistinguishable from zero (|mean| < 2 standard errors).
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import Card  # noqa: E402
from game.engine.fairness import CUT_MAX, deal_order  # noqa: E402
from game.engine.melds import deadwood_of_mask  # noqa: E402

DEALER = 1  # the computer deals; the player, seat 0, is dealt positions 0, 2, ..., 18
ENTER_CUT = 2147483648  # the cut a player who presses Enter at once gave (the marker in the middle)
SCREEN_CUTS = 1280


def shift(order: tuple[Card, ...]) -> int:
    """The player's dealt deadwood minus the computer's: above 0 deals the player the worse hand."""
    player = sum(1 << int(c) for c in order[0:20:2])
    computer = sum(1 << int(c) for c in order[1:20:2])
    return deadwood_of_mask(player) - deadwood_of_mask(computer)


def grind(rng: random.Random, candidates: int, deal: Callable[[bytes], tuple[Card, ...]]) -> bytes:
    """The secret, among ``candidates`` fresh ones, whose deal under the expected part is worst for the player."""
    best, best_shift = b"", -10**9
    for _ in range(candidates):
        secret = rng.randbytes(32)
        s = shift(deal(secret))
        if s > best_shift:
            best, best_shift = secret, s
    return best


def summary(name: str, values: list[int]) -> str:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values))
    verdict = "indistinguishable from 0" if abs(mean) < 2 * se else "shifted"
    return f"{name:<62} {mean:+7.2f} ± {se:4.2f} (2 SE {2 * se:4.2f}: {verdict})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=600)
    p.add_argument("--candidates", type=int, default=1000)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    if args.hands < 2 or args.candidates < 1:
        p.error("--hands must be at least 2 and --candidates at least 1")
    rng = random.Random(args.seed)
    v1_enter: list[int] = []
    v1_screen: list[int] = []
    v2_fresh: list[int] = []
    v2_kept: list[int] = []
    start = time.perf_counter()
    for hand_no in range(args.hands):
        # version 1: the grinder expects the Enter-at-once cut
        kept = grind(rng, args.candidates, lambda s, h=hand_no: deal_order(s, ENTER_CUT, h))
        v1_enter.append(shift(deal_order(kept, ENTER_CUT, hand_no)))
        screen_cut = round(rng.randrange(SCREEN_CUTS) / (SCREEN_CUTS - 1) * CUT_MAX)
        v1_screen.append(shift(deal_order(kept, screen_cut, hand_no)))
        # version 2: the grinder expects the seed it knew (empty) and a cut; the player types a new seed
        kept = grind(rng, args.candidates, lambda s, h=hand_no: deal_order(s, 26, h, "", DEALER))
        fresh_seed = rng.randbytes(16).hex()  # 128 bits the grinder could not know
        v2_fresh.append(shift(deal_order(kept, rng.randrange(52), hand_no, fresh_seed, DEALER)))
        v2_kept.append(shift(deal_order(kept, rng.randrange(52), hand_no, "", DEALER)))
    took = time.perf_counter() - start
    print(f"best of {args.candidates} secrets chosen before the player's part, {args.hands} hands, seed {args.seed}")
    print("shift = the player's dealt deadwood minus the computer's (mean ± standard error)")
    print(summary("version 1, the cut the grinder expected (Enter at once)", v1_enter))
    print(summary(f"version 1, a cut from the {SCREEN_CUTS} a screen offers", v1_screen))
    print(summary("version 2, a fresh 128-bit seed typed after the seal", v2_fresh))
    print(summary("version 2, a seed the grinder knew, a cut 0..51", v2_kept))
    print(f"took {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
