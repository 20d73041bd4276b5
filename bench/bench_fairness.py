"""Grinding the fair deal: can a dishonest build pick, among many secrets, one that deals the player worse cards?

    python bench/bench_fairness.py [--hands 300] [--candidates 40] [--seed 7]

For each hand the "grinder" draws ``--candidates`` secrets (version 3: whole match seals) and keeps the one
that, for what it knows of the player's part when it seals, deals the player (the non-dealer, seat 0) the
most deadwood against the computer's.  Then the player gives their real part and the hand is dealt from
the kept secret.  The shift is the player's dealt deadwood minus the computer's, 0 on average for an
honest deal; each line prints its mean and standard error over the hands:

    <case>: shift +x.xx ± y.yy (n hands, best of k)

The strongest grinder known ranks a secret by its shift averaged over all 52 cuts (the cut is the
player's only input it cannot know), and is measured the same way: ``every cut``.  The cases:

- version 1, Enter at once: the cut a player who pressed Enter gave was a constant;
- version 2, fresh seed: a seed typed after the seal, one cut;
- version 2, kept seed, every cut: the seed kept from earlier hands is known when each hand is sealed;
- version 2, kept seed, cut for me: the game knows the seed and chooses the cut;
- version 3, kept seed, every cut: the match is sealed before the seed is asked, and the seed is then kept
  all match: the grinder had to guess it when it sealed (the app's case);
- version 3, fresh seed: the same, one cut (the app's case);
- version 3, cut for me: the cut is 0, the grinder knows it, but not the seed (the app's case).

Every version-3 line must be within two standard errors of 0.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import Card  # noqa: E402
from game.engine.fairness import CUT_CARDS, deal_order, deal_order_v3  # noqa: E402
from game.engine.melds import deadwood_of_mask  # noqa: E402

DEALER = 1  # the computer deals; the player, seat 0, is dealt positions 0, 2, ..., 18
ENTER_CUT = 2147483648  # the cut a player who pressed Enter at once gave in version 1
CARDS = range(52)  # version 2's cuts as the screen offers them
CARDS_V3 = range(1, CUT_CARDS + 1)  # version 3's: the card, from 1
Deal = Callable[[bytes, int], tuple[Card, ...]]  # (secret, cut) -> order


def shift(order: tuple[Card, ...]) -> int:
    """The player's dealt deadwood minus the computer's: above 0 deals the player the worse hand."""
    player = sum(1 << int(c) for c in order[0:20:2])
    computer = sum(1 << int(c) for c in order[1:20:2])
    return deadwood_of_mask(player) - deadwood_of_mask(computer)


def mean_shift(deal: Deal, secret: bytes, cuts: Sequence[int]) -> float:
    return statistics.fmean(shift(deal(secret, c)) for c in cuts)


def grind(rng: random.Random, candidates: int, deal: Deal, cuts: Sequence[int]) -> bytes:
    """The secret, among ``candidates`` fresh ones, worst for the player on average over ``cuts``."""
    return max((rng.randbytes(32) for _ in range(candidates)), key=lambda s: mean_shift(deal, s, cuts))


def v2(seed: str, hand_no: int) -> Deal:
    return lambda secret, cut: deal_order(secret, cut, hand_no, seed, DEALER)


def v3(seed: str, hand: int) -> Deal:
    return lambda secret, cut: deal_order_v3(secret, cut, hand, seed, DEALER)


def line(case: str, values: list[float], candidates: int) -> str:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values))
    return f"{case}: shift {mean:+.2f} ± {se:.2f} ({len(values)} hands, best of {candidates})"


def within(values: list[float]) -> bool:
    return abs(statistics.fmean(values)) < 2 * statistics.stdev(values) / math.sqrt(len(values))


def play(hands: int, k: int, rng: random.Random) -> dict[str, list[float]]:
    """Each case's shift, hand by hand."""
    shifts: dict[str, list[float]] = {}

    def add(case: str, value: float) -> None:
        shifts.setdefault(case, []).append(value)

    for n in range(hands):
        kept, guessed, real = rng.randbytes(16).hex(), rng.randbytes(16).hex(), rng.randbytes(16).hex()
        one_cut = rng.randrange(52)
        v1: Deal = lambda secret, cut, h=n: deal_order(secret, cut, h)  # noqa: E731
        add("version 1, Enter at once", shift(v1(grind(rng, k, v1, [ENTER_CUT]), ENTER_CUT)))
        secret = grind(rng, k, v2(guessed, n), [26])
        add("version 2, fresh seed", shift(v2(real, n)(secret, one_cut)))
        secret = grind(rng, k, v2(kept, n), CARDS)
        add("version 2, kept seed, every cut", mean_shift(v2(kept, n), secret, CARDS))
        game_cut = rng.randrange(52)
        secret = grind(rng, k, v2(kept, n), [game_cut])
        add("version 2, kept seed, cut for me", shift(v2(kept, n)(secret, game_cut)))
        # version 3: the seal comes first, so every candidate is ranked with a guessed seed
        secret = grind(rng, k, v3(guessed, n + 1), CARDS_V3)
        add("version 3, kept seed, every cut", mean_shift(v3(real, n + 1), secret, CARDS_V3))
        secret = grind(rng, k, v3(guessed, n + 1), [one_cut + 1])
        add("version 3, fresh seed", shift(v3(real, n + 1)(secret, one_cut + 1)))
        secret = grind(rng, k, v3(guessed, n + 1), [0])
        add("version 3, cut for me", shift(v3(real, n + 1)(secret, 0)))
    return shifts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--candidates", type=int, default=40)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    if args.hands < 2 or args.candidates < 1:
        p.error("--hands must be at least 2 and --candidates at least 1")
    start = time.perf_counter()
    shifts = play(args.hands, args.candidates, random.Random(args.seed))
    took = time.perf_counter() - start
    print(f"shift = the player's dealt deadwood minus the computer's (mean ± standard error), seed {args.seed}")
    for case, values in shifts.items():
        print(line(case, values, args.candidates))
    app = [v for case, v in shifts.items() if case.startswith("version 3")]
    print("every version-3 case within two standard errors of 0: " + ("yes" if all(map(within, app)) else "NO"))
    print(f"took {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
