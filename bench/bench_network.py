"""The deal dealt by both, timed in one process: both sides' work for a deal, a draw's keys, the check at the end.

    python bench/bench_network.py [--hands 20] [--draws 12] [--played 5] [--localhost 1]

Prints the median and worst of each figure and the bytes a hand puts on the wire (every frame, as
encoded, before the connection's own framing and encryption); then ``--played`` whole hands between
two referees (``game/net/referee.py``, a plain player on each side): a move's round trip in process
(the mover's messages, the other side's judgement and its answers) and the bytes of a played hand.
Last, ``--localhost`` whole matches between two sessions (``game/net/session.py``), each seat in a thread
of its own, over a real connection on localhost (join code, key exchange, sealed frames): a deal from
the last hand's check to the seat holding its cards, a draw from the stock's round trip (the move, the
other side's judgement and key, the card opened), and the bytes of a hand with the connection's framing.
The targets on a two-core machine: a deal (four passes, ten cards each and the upcard) within 0.5 s,
a move's round trip within 5 ms (here without the network), and at most 50 KB a hand.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import random  # noqa: E402
from collections import deque  # noqa: E402

from game.engine import VAN, Action, BigGin, Discard, DrawStock, Knock, MatchState, best_discard  # noqa: E402
from game.net import loopback as lb  # noqa: E402
from game.net.deck import KeyBook  # noqa: E402
from game.net.localhost import localhost_match  # noqa: E402
from game.net.messages import decode, encode  # noqa: E402
from game.net.referee import HandReferee  # noqa: E402


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


def _choose(state: MatchState, seat: int, rng: random.Random) -> Action:
    acts = state.legal_actions()
    ends = [a for a in acts if isinstance(a, (Knock, BigGin))]
    if ends:
        return ends[0]
    if DrawStock() in acts:
        return DrawStock()
    best = Discard(best_discard(state.hands[seat], state.taken_card).card)
    return best if best in acts else rng.choice(acts)


def _deliver(refs: list[HandReferee], seat: int, sent: list[dict[str, Any]], wire: list[bytes]) -> None:
    queue = deque((seat, m) for m in sent)
    while queue:
        who, msg = queue.popleft()
        frame = encode(msg)
        wire.append(frame)
        other = refs[1 - who]
        queue.extend((other.seat, reply) for reply in other.receive(decode(frame)))


def played_hand(seed: int) -> tuple[list[float], int]:
    """A whole hand between two referees: each move's round trip in seconds, and the bytes on the wire."""
    rng, wire = random.Random(seed), list[bytes]()
    refs = [HandReferee(s, 1, VAN, seed % 2, randbytes=random.Random(seed * 2 + s).randbytes) for s in (0, 1)]
    _deliver(refs, 0, refs[0].start(), wire)
    times = []
    while not (refs[0].over and refs[1].over):
        seat = refs[0].state.to_act
        action = _choose(refs[seat].state, seat, rng)
        start = time.perf_counter()
        _deliver(refs, seat, refs[seat].play(action), wire)
        times.append(time.perf_counter() - start)
    return times, sum(len(f) for f in wire)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--draws", type=int, default=12, help="cards drawn and shown a hand")
    parser.add_argument("--played", type=int, default=5, help="whole hands played between two referees")
    parser.add_argument("--localhost", type=int, default=1, help="whole matches between two sessions over localhost")
    args = parser.parse_args(argv)
    if (not 1 <= args.hands <= 10_000 or not 0 <= args.draws <= 31 or not 0 <= args.played <= 1000
            or not 0 <= args.localhost <= 100):
        parser.error("--hands from 1 to 10000, --draws from 0 to 31, --played from 0 to 1000, --localhost to 100")
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
    if args.played:
        hands = [played_hand(seed) for seed in range(1, args.played + 1)]
        moves = sorted(t * 1000 for times, _ in hands for t in times)
        print(f"a move's round trip, in process: median {statistics.median(moves):.2f} ms, "
              f"95th percentile {moves[int(0.95 * (len(moves) - 1))]:.2f} ms, worst {moves[-1]:.2f} ms "
              f"({len(moves)} moves; the last of a hand includes the check at the end)")
        played = [b for _, b in hands]
        print(f"on the wire a played hand: median {statistics.median(played) / 1000:.1f} KB, "
              f"worst {max(played) / 1000:.1f} KB")
    if args.localhost:
        _print_localhost([localhost_match(seed, _choose) for seed in range(1, args.localhost + 1)])
    return 0


def _print_localhost(matches: list[dict[str, Any]]) -> None:
    deals = sorted(t * 1000 for m in matches for t in m["deals"])
    trips = sorted(t * 1000 for m in matches for t in m["trips"])
    hands = sum(m["hands"] for m in matches)
    print(f"over localhost, {len(matches)} matches of {hands} hands: a deal median {statistics.median(deals):.1f} ms, "
          f"worst {deals[-1]:.1f} ms; a draw's round trip median {statistics.median(trips):.2f} ms, "
          f"95th percentile {trips[int(0.95 * (len(trips) - 1))]:.2f} ms; "
          f"{sum(m['bytes'] for m in matches) / hands / 1000:.1f} KB a hand on the wire")


if __name__ == "__main__":
    sys.exit(main())
