"""Write the recorded corpus of meld answers that ``tests/engine/test_engine_corpus.py`` replays.

The corpus pins the meld search's public answers (best discard, its deadwood and arrangement, the
least-deadwood arrangement, the knocker's layout) on fixed hands, so a faster search can be checked
to answer exactly as before.  Run it from the repository root; the same seed writes the same file:

    python tools/make_meld_corpus.py [--out tests/engine/data/meld_corpus.jsonl] [--seed 7]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.engine import DECK, Card, best_arrangement, best_discard  # noqa: E402
from game.engine.cards import format_cards, mask_of  # noqa: E402
from game.engine.knock import knock_melds  # noqa: E402
from game.engine.melds import Arrangement, deadwood  # noqa: E402

DEFAULT_OUT = os.path.join(ROOT, "tests", "data", "meld_corpus.jsonl")


def meld_rich(rng: random.Random, size: int) -> list[Card]:
    """A hand from a few neighbouring ranks in three or four suits, where sets and runs overlap."""
    width = rng.choice((3, 4, 5, 6))
    low = rng.randrange(0, 14 - width)
    suits = rng.sample(range(4), rng.choice((3, 4)))
    pool = [Card(s * 13 + r) for s in suits for r in range(low, low + width)]
    if len(pool) < size:
        pool += rng.sample([c for c in DECK if c not in pool], size - len(pool))
    return rng.sample(pool, size)


def hands(rng: random.Random) -> list[tuple[str, list[Card]]]:
    """The corpus hands: random and meld-rich, of 11 cards (a discard to choose) and of 10."""
    out: list[tuple[str, list[Card]]] = []
    out += [("random", rng.sample(DECK, 11)) for _ in range(600)]
    out += [("meld-rich", meld_rich(rng, 11)) for _ in range(900)]
    out += [("random", rng.sample(DECK, 10)) for _ in range(200)]
    out += [("meld-rich", meld_rich(rng, 10)) for _ in range(300)]
    return out


def arrangement_dict(arr: Arrangement) -> dict:
    return {"melds": [format_cards(m) for m in arr.melds], "deadwood_cards": format_cards(arr.deadwood_cards)}


def answers(cards: list[Card], forbidden: Card | None) -> dict:
    """The public answers for one hand (``forbidden`` only matters for an 11-card hand).

    An arrangement's deadwood is the value of its deadwood cards; the mask path ``best_discard_key``
    must agree with ``best_discard``, which the test checks, so neither is stored twice.
    """
    arr = best_arrangement(cards)
    out: dict = {"deadwood": deadwood(cards), "arrangement": arrangement_dict(arr)}
    mask = mask_of(cards)
    out["knock_melds"] = [format_cards(Card(c) for c in range(52) if m >> c & 1) for m in knock_melds(mask)]
    if len(cards) == 11:
        choice = best_discard(cards, forbidden)
        out["best_discard"] = {
            "card": str(choice.card),
            "deadwood": choice.deadwood,
            "big_gin": choice.big_gin,
            "arrangement": arrangement_dict(choice.arrangement),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for kind, cards in hands(rng):
        # a third of the 11-card hands have a card that may not be thrown (just taken from the pile)
        forbidden = rng.choice(cards) if len(cards) == 11 and rng.random() < 1 / 3 else None
        row = {"kind": kind, "hand": format_cards(cards), "forbidden": None if forbidden is None else str(forbidden)}
        row.update(answers(cards, forbidden))
        lines.append(json.dumps(row, separators=(",", ":")))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, args.out)
    print(f"{len(lines)} hands written to {args.out}")


if __name__ == "__main__":
    main()
