"""How well a seat reads the opponent's hand: the chance that a throw joins a meld there, scored.

Run: python bench/bench_reading.py [--matches 20] [--opponent simple] [--particles 200] [--moves 1]
The hard bot plays matches to 100 (van preset, seats swapping).  At each of its throws, every card
of its eleven is a candidate, and the truth is whether it makes a meld with two cards of the
opponent's real hand.  Each estimate is scored by its log-loss (lower is better; a constant at the
base rate is the floor to beat, 0 would be knowing): the table view the hard bot uses
(``TableView.danger``) and the particle reading of ``bench/posterior.py`` fed the same events.
The particle reading's time is printed per event it followed.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.posterior import HandPosterior  # noqa: E402
from game.bots import decide  # noqa: E402
from game.bots.knowledge import TableView, melds_in  # noqa: E402
from game.engine import VAN, Phase, new_match, observe  # noqa: E402
from game.sim import make_level, match_seed  # noqa: E402


def loss(p: float, hit: bool) -> float:
    p = min(max(p, 1e-3), 1.0 - 1e-3)
    return -math.log(p if hit else 1.0 - p)


def measure(matches: int, opponent: str, seed: int, particles: int = 200, moves: int = 1) -> dict[str, float]:
    n = hits = 0
    table = reading = seconds = 0.0
    events_seen = 0
    for index in range(matches):
        ms = match_seed(seed, index)
        me = index % 2
        hard, opp = make_level("hard", f"{ms}/a"), make_level(opponent, f"{ms}/b")
        bots = (hard, opp) if me == 0 else (opp, hard)
        for s, b in enumerate(bots):
            b.new_match(s, VAN)
        post = HandPosterior(me, VAN, random.Random(f"{ms}/p"), particles=particles, moves=moves)
        state, events = new_match(VAN, seed=ms)
        while True:
            for e in events:
                for s, b in enumerate(bots):
                    b.on_event(e.seen_by(s))
                start = time.perf_counter()
                post.on_event(e.seen_by(me))
                seconds += time.perf_counter() - start
                events_seen += 1
            if state.phase is Phase.MATCH_OVER:
                break
            seat = state.to_act if state.to_act is not None else 0
            obs = observe(state, seat)
            if seat == me and obs.phase is Phase.DISCARD:
                view = TableView(obs, hard.memory)
                real = sum(1 << c for c in state.hands[1 - me])
                for c in obs.hand:
                    hit = melds_in(real, c)
                    n += 1
                    hits += hit
                    table += loss(view.danger(c), hit)
                    reading += loss(post.danger(c), hit)
            events = state.apply(decide(bots[seat], obs), seat)
    base = hits / n
    return {
        "candidates": n, "base": base, "constant": -(base * math.log(base) + (1 - base) * math.log(1 - base)),
        "table": table / n, "reading": reading / n, "ms_per_event": 1000 * seconds / max(1, events_seen),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--particles", type=int, default=200)
    parser.add_argument("--moves", type=int, default=1)
    args = parser.parse_args()
    f = measure(args.matches, args.opponent, args.seed, particles=args.particles, moves=args.moves)
    print(f"hard's throws against {args.opponent}, {args.matches} matches: {f['candidates']} candidate cards, "
          f"{f['base']:.1%} join a real opponent meld")
    print(f"log-loss  constant {f['constant']:.4f}  table view {f['table']:.4f}  "
          f"particle reading ({args.particles} stories, {args.moves} moves) {f['reading']:.4f}  "
          f"({f['ms_per_event']:.1f} ms an event)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
