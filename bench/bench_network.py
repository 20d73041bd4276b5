"""The deal dealt by both, timed in one process: both sides' work for a deal, a draw's keys, the check at the end.

    python bench/bench_network.py [--hands 20] [--draws 12]

Prints the median and worst of each figure and the bytes a hand puts on the wire (every frame, as
encoded, before the connection's own framing and encryption).  The target on a two-core machine: a
deal (four passes, ten cards each and the upcard) within 0.5 s, and at most 50 KB a hand.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.net import loopback as lb  # noqa: E402
from game.net.deck import KeyBook  # noqa: E402


def one_hand(hand: int, draws: int, books: tuple[KeyBook, KeyBook]) -> dict[str, float]:
    wire: list[bytes] = []
    start = time.perf_counter()
    a, b = lb.deal_pair(hand, "AB"[hand % 2], wire=wire, books=books)
    dealt = time.perf_counter()
    sides = {"A": a, "B": b}
    drawer = "B" if hand % 2 == 0 else "A"
    draw_times = []
    for turn in range(draws):
        position = 21 + turn
        me, other = sides[drawer], sides["B" if drawer == "A" else "A"]
        t = time.perf_counter()
        lb.pump(a, b, lb.send(me, me.deal_to(position, drawer)), wire)
        lb.pump(a, b, lb.send(other, other.deal_to(position, drawer)), wire)
        lb.pump(a, b, lb.send(me, me.show([position])), wire)
        draw_times.append(time.perf_counter() - t)
        drawer = other.seat
    t = time.perf_counter()
    lb.finish(a, b, wire)
    end = time.perf_counter()
    return {"deal": dealt - start, "draw": statistics.median(draw_times) if draw_times else 0.0,
            "end": end - t, "bytes": float(sum(len(f) for f in wire)), "frames": float(len(wire))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--draws", type=int, default=12, help="cards drawn and shown a hand")
    args = parser.parse_args(argv)
    if not 1 <= args.hands <= 10_000 or not 0 <= args.draws <= 31:
        parser.error("--hands from 1 to 10000, --draws from 0 to 31")
    books = (KeyBook(), KeyBook())
    runs = [one_hand(h, args.draws, books) for h in range(1, args.hands + 1)]
    for name, label in (("deal", "a deal, both sides (four passes, 10 cards each, the upcard)"),
                        ("draw", "a draw: its key sent and opened, then shown to both"),
                        ("end", "the check at the end, both sides (reveal and redo every step)")):
        values = [r[name] * 1000 for r in runs]
        print(f"{label}: median {statistics.median(values):.1f} ms, worst {max(values):.1f} ms")
    size = [r["bytes"] for r in runs]
    print(f"on the wire a hand with {args.draws} draws: {statistics.median(size) / 1000:.1f} KB "
          f"in {int(runs[0]['frames'])} frames (worst {max(size) / 1000:.1f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
