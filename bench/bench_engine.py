"""Speed of the engine's meld search beside RLCard and OpenSpiel, on the same hands in the same run.

Prints a table; it asserts nothing.  Run it from the repository root:

    python bench/bench_engine.py [--hands N] [--seed S] [--repeats R]

Rows:
- best_arrangement on random 10-card hands;
- exact best discard on random and on meld-rich 11-card hands, through the public ``best_discard``
  (the card and its deadwood; then again with the arrangement it leaves, which ``best_discard``
  lays out only when asked) and through the mask path ``melds.best_discard_key``.
"cold" calls ``game.engine.melds.clear_cache()`` before each hand (the clearing is not timed), so
nothing learnt on one hand helps the next; "warm" times the same hands again with the cache filled.
Every figure times each hand at its fastest of ``--repeats`` passes, and each pass of ours runs
right beside a pass of OpenSpiel's, so other work on the machine weighs on both alike.

RLCard (``rlcard.games.gin_rummy.utils.melding``) and OpenSpiel (``pyspiel.gin_rummy.GinRummyUtils``)
are optional: without them their columns say why they were skipped.  An exact best discard in
RLCard is its best 10-card meld cluster for each of the 11 discards; in OpenSpiel it is its 10-card
``min_deadwood`` for each of the 11 discards (its own 11-card ``min_deadwood`` is not exact).
Each library's deadwood answers are checked against ours and mismatches are counted.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.engine import (  # noqa: E402
    DECK,
    Card,
    best_arrangement,
    best_discard,
    melds,  # noqa: E402
)
from game.engine.cards import mask_of  # noqa: E402

# ---------------------------------------------------------------- hands


def random_hands(rng: random.Random, n: int, size: int) -> list[list[Card]]:
    return [rng.sample(DECK, size) for _ in range(n)]


def meld_rich_hands(rng: random.Random, n: int, size: int) -> list[list[Card]]:
    """Hands drawn from a few neighbouring ranks in three or four suits: sets and runs overlap."""
    hands = []
    for _ in range(n):
        width = rng.choice((4, 5, 6))
        low = rng.randrange(0, 14 - width)
        suits = rng.sample(range(4), rng.choice((3, 4)))
        pool = [Card(s * 13 + r) for s in suits for r in range(low, low + width)]
        if len(pool) < size:
            pool += rng.sample([c for c in DECK if c not in pool], size - len(pool))
        hands.append(rng.sample(pool, size))
    return hands


# ---------------------------------------------------------------- timing


REPEATS = 3


def one_pass(fn, items, cold: bool) -> tuple[list[float], list]:
    """Seconds spent in ``fn`` on each of ``items`` (cache clearing excluded) and the answers."""
    out = []
    spent = []
    for item in items:
        if cold:
            melds.clear_cache()
        t = time.perf_counter()
        out.append(fn(item))
        spent.append(time.perf_counter() - t)
    return spent, out


def fastest(best: list[float] | None, spent: list[float]) -> list[float]:
    """Each item's fastest time so far: a pass disturbed by other work on the machine only loses
    the items it slowed down."""
    return spent if best is None else [min(a, b) for a, b in zip(best, spent, strict=True)]


def timed(fn, items, cold: bool) -> tuple[float, list]:
    """Seconds over ``items``, each item at its fastest of REPEATS passes, and the answers."""
    best = None
    for _ in range(REPEATS):
        spent, out = one_pass(fn, items, cold)
        best = fastest(best, spent)
    return sum(best), out


def rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


# ---------------------------------------------------------------- our engine


def ours_arrangement(hand):
    return best_arrangement(hand).deadwood


def ours_discard(hand):
    return best_discard(hand).deadwood


def ours_discard_laid(hand):
    return best_discard(hand).arrangement.deadwood


def ours_key(mask):
    return melds.best_discard_key(mask, 0)[1]


# ---------------------------------------------------------------- RLCard


def load_rlcard():
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except Exception as e:  # noqa: BLE001 - any import failure means the comparison is skipped
        return None, f"RLCard not importable ({type(e).__name__}: {e})"

    def to_rl(hand):
        return [utils.card_from_text(str(c)) for c in hand]

    def deadwood10(hand10):
        clusters = melding.get_best_meld_clusters(hand=hand10)
        if clusters:
            return utils.get_deadwood_count(hand=hand10, meld_cluster=clusters[0])
        return sum(utils.get_deadwood_value(c) for c in hand10)

    def best_discard_dw(hand11):
        return min(deadwood10(hand11[:i] + hand11[i + 1:]) for i in range(len(hand11)))

    return (to_rl, deadwood10, best_discard_dw), None


# ---------------------------------------------------------------- OpenSpiel


def load_openspiel():
    try:
        import pyspiel
    except Exception as e:  # noqa: BLE001
        return None, f"OpenSpiel not importable ({type(e).__name__}: {e})"
    try:
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    except Exception as e:  # noqa: BLE001
        return None, f"OpenSpiel has no gin rummy utilities ({type(e).__name__}: {e})"

    def to_os(hand):
        # the same index layout (suit * 13 + rank); suits are only relabelled, which keeps melds
        return [int(c) for c in hand]

    min_deadwood = utils.min_deadwood

    def deadwood10(hand10):
        return min_deadwood(hand10)

    def best_discard_dw(hand11):
        return min(min_deadwood(hand11[:i] + hand11[i + 1:]) for i in range(len(hand11)))

    return (to_os, deadwood10, best_discard_dw), None


# ---------------------------------------------------------------- the run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per row (default 1000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=3, help="passes per measurement; the fastest counts")
    args = parser.parse_args()
    global REPEATS
    REPEATS = max(1, args.repeats)
    n = args.hands
    rng = random.Random(args.seed)
    sets = {
        "random 10": random_hands(rng, n, 10),
        "random 11": random_hands(rng, n, 11),
        "meld-rich 11": meld_rich_hands(rng, n, 11),
    }

    rl, rl_why = load_rlcard()
    osp, os_why = load_openspiel()

    rows = []  # (task, ours label, ours rate, rl rate, os rate, mismatches)

    rl_runs = {}  # hand set -> (rate, answers) of RLCard

    def rlcard(set_name):
        """Time RLCard once per hand set (it is slow); every row on that set compares with the same run."""
        if set_name not in rl_runs:
            hands = sets[set_name]
            convert, dw10, bd11 = rl
            fn = dw10 if len(hands[0]) == 10 else bd11
            secs, out = timed(fn, [convert(h) for h in hands], cold=False)
            rl_runs[set_name] = (rate(len(hands), secs), out)
        return rl_runs[set_name]

    def compare(label, set_name, ours_fn, ours_input):
        """Time ours cold and warm and OpenSpiel over the same hands, and check the answers agree.

        Each pass of ours runs right beside a pass of OpenSpiel, so other work on the machine
        weighs on both alike; each keeps its best pass.
        """
        hands = sets[set_name]
        inputs = [ours_input(h) for h in hands]
        os_fn = os_items = None
        if osp is not None:
            convert, dw10, bd11 = osp
            os_fn = dw10 if len(hands[0]) == 10 else bd11
            os_items = [convert(h) for h in hands]
        cold_t = warm_t = os_t = None
        os_out = None
        for _ in range(REPEATS):
            spent, cold_out = one_pass(ours_fn, inputs, cold=True)
            cold_t = fastest(cold_t, spent)
            melds.clear_cache()
            for item in inputs:  # fill the cache
                ours_fn(item)
            spent, warm_out = one_pass(ours_fn, inputs, cold=False)
            warm_t = fastest(warm_t, spent)
            if os_fn is not None:
                spent, os_out = one_pass(os_fn, os_items, cold=False)
                os_t = fastest(os_t, spent)
        cold_s, warm_s, os_s = sum(cold_t), sum(warm_t), sum(os_t or [0.0])
        notes = [] if cold_out == warm_out else ["ours: cold and warm answers differ"]
        rl_rate = None
        if rl is not None:
            rl_rate, rl_out = rlcard(set_name)
            notes.append(f"RLCard {sum(1 for a, b in zip(rl_out, cold_out, strict=True) if a != b)} mismatches")
        os_rate = None
        if os_out is not None:
            os_rate = rate(len(hands), os_s)
            notes.append(f"OpenSpiel {sum(1 for a, b in zip(os_out, cold_out, strict=True) if a != b)} mismatches")
        rows.append((label, rate(len(hands), cold_s), rate(len(hands), warm_s), rl_rate, os_rate, "; ".join(notes)))

    compare("best_arrangement, random 10", "random 10", ours_arrangement, list)
    for name in ("random 11", "meld-rich 11"):
        compare(f"best_discard, {name}", name, ours_discard, list)
        compare(f"  + arrangement, {name}", name, ours_discard_laid, list)
        compare(f"best_discard_key, {name}", name, ours_key, mask_of)

    print(f"Gin Rummy engine benchmark: {n} hands per row, seed {args.seed}, each hand at its fastest of "
          f"{REPEATS} passes, Python {platform.python_version()} on {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("cold = melds.clear_cache() before each hand (not timed); warm = the same hands again, cache filled")
    print("RLCard: 10-card best meld clusters (x11 discards for a best discard); "
          "OpenSpiel: 10-card min_deadwood (x11 discards)")
    for lib, why in ((rl, rl_why), (osp, os_why)):
        if lib is None:
            print(f"SKIPPED: {why}")
    print()
    head = f"{'task (per second)':32} {'ours cold':>11} {'ours warm':>11} {'RLCard':>10} {'OpenSpiel':>10} " \
           f"{'cold/RL':>8} {'cold/OS':>8} {'warm/OS':>8}"
    print(head)
    print("-" * len(head))

    def fmt(x):
        return f"{x:,.0f}" if x is not None else "skipped"

    def ratio(a, b):
        return f"{a / b:.1f}x" if a is not None and b else "-"

    for label, cold, warm, rlr, osr, _notes in rows:
        print(f"{label:32} {fmt(cold):>11} {fmt(warm):>11} {fmt(rlr):>10} {fmt(osr):>10} "
              f"{ratio(cold, rlr):>8} {ratio(cold, osr):>8} {ratio(warm, osr):>8}")
    print()
    print_together(rows, n)
    for label, *_, notes in rows:
        if notes:
            print(f"check {label}: {notes}")
    print("spec figures: RLCard about 5,000 and OpenSpiel about 55,000 exact best discards/s; "
          "goal at least 10x RLCard and 2x OpenSpiel")


def print_together(rows, n: int) -> None:
    """Each way to the best discard over both sets of 11-card hands at once (hands over total time)."""
    by_label = {row[0]: row for row in rows}
    for way, name in (("best_discard", "best_discard"), ("  + arrangement", "best_discard with its arrangement"),
                      ("best_discard_key", "best_discard_key")):
        parts = [by_label[f"{way}, {hands}"] for hands in ("random 11", "meld-rich 11")]
        cold = 2 * n / sum(n / row[1] for row in parts)
        os_rate = 2 * n / sum(n / row[4] for row in parts) if all(row[4] for row in parts) else None
        versus = f", OpenSpiel {os_rate:,.0f}: {cold / os_rate:.2f}x" if os_rate else ""
        print(f"{name} on all {2 * n:,} 11-card hands: ours cold {cold:,.0f}/s{versus}")
    print()


if __name__ == "__main__":
    main()
