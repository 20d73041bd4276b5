"""Write the corpus of exported-hand files that both checkers must judge alike (tests/cli/test_verify_corpus.py).

A file named ``ok-*`` must check out and one named ``bad-*`` must not, with ``python3 -m game.verify``
and ``tools/verify_deal.py`` giving every line the same verdict.  Each file is one question the grammar
of docs/fairness.md answers ("Reading a file", "The exported hand").  The secrets are fixed, so the same
run writes the same files:

    python tools/make_verify_corpus.py [--out tests/cli/data/verify_corpus]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.engine.fairness import DeckSource, FairDeal, export_line  # noqa: E402
from game.engine.fairness_chain import MatchSeal  # noqa: E402

DEFAULT_OUT = os.path.join(ROOT, "tests", "cli", "data", "verify_corpus")
Record = dict[str, Any]


def v1() -> Record:
    return FairDeal.from_source(DeckSource.seeded(42, 3), 3).record(1)


def v2(seed: str = "my lucky phrase", hand_no: int = 2) -> Record:
    return FairDeal(bytes(range(32)), 29, hand_no, seed, 0).record(0)


def v3(seed: str = "a phrase for the match", hand: int = 1, cut: int | None = 30, used: int = 0,
       links: int = 1000) -> Record:
    seal = MatchSeal(bytes(range(100, 132)), first_hand=hand - used, links=links, used=used)
    seal.take_seed(seed)
    return FairDeal.from_source(seal.deal(cut), hand - 1, 1).record(1)


def skipped() -> Record:
    """Link 3 of a seal made for hand 1 on, dealt as hand 5 (its order really that link's for hand 5): the
    choice a dealer who skipped links would have made; the commitment binds link 1 to hand 1."""
    seal = MatchSeal(bytes(range(100, 132)), used=2, player_seed="s")
    source = seal.deal(30)
    deal = FairDeal(source.secret, 30, 4, "s", 1, link=1)  # link 1 of a seal for hand 5: its order, its hands
    return with_(deal.record(1), link=3, commitment=seal.commitment)


def line(record: Any) -> str:
    return json.dumps(record, separators=(", ", ": "), ensure_ascii=False)


def with_(record: Record, **changes: Any) -> Record:
    return {**record, **changes}


def without(record: Record, key: str) -> Record:
    return {k: v for k, v in record.items() if k != key}


def swap_cards(record: Record, a: int, b: int) -> Record:
    order = list(record["order"])
    order[a], order[b] = order[b], order[a]
    return with_(record, order=order)


def card_at(record: Record, i: int, text: str) -> Record:
    order = list(record["order"])
    order[i] = text
    return with_(record, order=order)


def text_of(*lines: str, end: str = "\n") -> bytes:
    return (end.join(lines) + end).encode("utf-8")


def deep(levels: int) -> str:
    return line(v2())[:-1] + ', "x": ' + "[" * levels + "]" * levels + "}"


HANDS = v3()["hands"]


def cases() -> dict[str, Callable[[], bytes]]:
    rng = random.Random(7)
    flip = "1" if v2()["secret"][0] != "1" else "2"
    return {
        # what checks out
        "ok-v1": lambda: text_of(line(v1())),
        "ok-v2": lambda: text_of(line(v2())),
        "ok-v3": lambda: text_of(line(v3())),
        "ok-v3-cut-for-me": lambda: text_of(line(v3(cut=None))),
        "ok-v3-three-hands-of-a-match": lambda: text_of(*(line(v3(hand=h, used=h - 1)) for h in (1, 2, 3))),
        "ok-v3-last-link": lambda: text_of(line(v3(hand=1000, used=999))),
        "ok-v3-hand-largest": lambda: text_of(line(v3(hand=2**32 - 1, links=1))),
        "ok-v2-hand-no-largest": lambda: text_of(line(v2(hand_no=2**32 - 1))),
        "ok-v2-empty-seed": lambda: text_of(line(v2(""))),
        "ok-v2-seed-256-bytes": lambda: text_of(line(v2("é" * 128))),
        "ok-v2-seed-astral": lambda: text_of(line(v2("🂡 spades \U0001F0A1"))),
        "ok-v2-seed-u2028-exported": lambda: text_of(export_line(v2("a\u2028b"))),
        "ok-v2-seed-u2028-raw": lambda: text_of(line(v2("a\u2028b"))),
        "ok-v2-seed-u2029-raw": lambda: text_of(line(v2("a\u2029b"))),
        "ok-v2-seed-nel-raw": lambda: text_of(line(v2("a\u0085b"))),
        "ok-v3-seed-nel-exported": lambda: text_of(export_line(v3("x\u0085y\u2028z\rw"))),
        "ok-v2-seed-cr-escaped": lambda: text_of(line(v2("a\rb"))),
        "ok-v2-seed-form-feed-escaped": lambda: text_of(line(v2("a\x0cb\x0bc\x1cd"))),
        "ok-v2-seed-lf-escaped": lambda: text_of(line(v2("a\nb"))),
        "ok-crlf-line-ends": lambda: text_of(line(v1()), line(v2()), end="\r\n"),
        "ok-bom-at-start": lambda: b"\xef\xbb\xbf" + text_of(line(v2())),
        "ok-blank-and-space-lines": lambda: text_of("", " \t", line(v1()), "\r", line(v3())),
        "ok-no-final-line-end": lambda: line(v2()).encode(),
        "ok-unknown-fields": lambda: text_of(line(with_(v3(), note="kept", extra={"a": [1, 2.5, None]}))),
        "ok-v1-lenient-hex": lambda: text_of(line(with_(v1(), commitment=" " + v1()["commitment"].upper() + " "))),
        "ok-v1-without-hands": lambda: text_of(line(without(without(without(v1(), "hands"), "upcard"), "dealer"))),
        "ok-v1-cut-largest": lambda: text_of(line(FairDeal(bytes(32), 2**32 - 1, 0).record(0))),
        "ok-json-escapes-in-names": lambda: text_of(line(v2()).replace('"format"', '"\\u0066ormat"')),
        "ok-tabs-around-tokens": lambda: text_of(line(v3()).replace(", ", ",\t").replace(": ", " :")),
        # what does not
        "bad-empty-file": lambda: b"",
        "bad-only-blank-lines": lambda: b"\n \n\t\r\n",
        "bad-binary": lambda: bytes(rng.randrange(256) for _ in range(400)),
        "bad-latin-1-seed": lambda: line(v2("caf\u00e9")).encode("latin-1"),
        "bad-bom-twice": lambda: b"\xef\xbb\xbf\xef\xbb\xbf" + text_of(line(v2())),
        "bad-bom-on-line-2": lambda: text_of(line(v1()), "\ufeff" + line(v2())),
        "bad-u2028-between-tokens": lambda: text_of(line(v2()).replace(", ", ",\u2028", 1)),
        "bad-nel-between-tokens": lambda: text_of(line(v2()).replace(", ", ",\u0085", 1)),
        "bad-raw-cr-in-seed": lambda: text_of(line(v2("ab")).replace('"ab"', '"a\rb"')),
        "bad-raw-tab-in-seed": lambda: text_of(line(v2("ab")).replace('"ab"', '"a\tb"')),
        "bad-split-at-nel": lambda: text_of(*line(v2("a\u0085b")).split("\u0085")),
        "bad-card-lowercase": lambda: text_of(line(card_at(v2(), 0, v2()["order"][0].lower()))),
        "bad-card-padded": lambda: text_of(line(card_at(v2(), 0, " " + v2()["order"][0] + " "))),
        "bad-card-ten-written-10": lambda: text_of(line(card_at(v1(), v1()["order"].index("TH"), "10H"))),
        "bad-hands-lowercase": lambda: text_of(line(with_(v3(), hands=[[c.lower() for c in h] for h in HANDS]))),
        "bad-upcard-padded": lambda: text_of(line(with_(v2(), upcard=v2()["upcard"] + " "))),
        "bad-duplicate-key": lambda: text_of(line(v2())[:-1] + ', "cut": 29}'),
        "bad-duplicate-key-nested": lambda: text_of(line(v2())[:-1] + ', "x": {"a": 1, "a": 1}}'),
        "bad-cut-float": lambda: text_of(line(with_(v2(), cut=29.0))),
        "bad-hand-float": lambda: text_of(line(v3()).replace('"hand": 1,', '"hand": 1.0,')),
        "bad-hand-exponent": lambda: text_of(line(v3()).replace('"hand": 1,', '"hand": 1e0,')),
        "bad-dealer-true": lambda: text_of(line(v3()).replace('"dealer": 1,', '"dealer": true,')),
        "bad-v1-cut-false": lambda: text_of(line(with_(v1(), cut=False))),
        "bad-version-float": lambda: text_of(line(with_(v2(), version=2.0))),
        "bad-version-text": lambda: text_of(line(with_(v2(), version="2"))),
        "bad-version-4": lambda: text_of(line(with_(v3(), version=4))),
        "bad-nan": lambda: text_of(line(v2()).replace('"cut": 29', '"cut": NaN')),
        "bad-infinity": lambda: text_of(line(v2()).replace('"cut": 29', '"cut": -Infinity')),
        "bad-huge-number": lambda: text_of(line(v2()).replace('"cut": 29', '"cut": ' + "9" * 5000)),
        "bad-seed-257-bytes": lambda: text_of(line(with_(v2("é" * 128), player_seed="é" * 128 + "x"))),
        "bad-seed-lone-surrogate": lambda: text_of(line(v2("ab")).replace('"ab"', '"a\\ud800b"')),
        "bad-seed-null": lambda: text_of(line(with_(v2(), player_seed=None))),
        "bad-seed-changed": lambda: text_of(line(with_(v2(), player_seed="my lucky phrase "))),
        "bad-v1-with-player-seed": lambda: text_of(line(with_(v1(), player_seed=""))),
        "bad-v2-hand-no-too-large": lambda: text_of(line(with_(v2(), hand_no=2**32))),
        "bad-v3-hand-0": lambda: text_of(line(with_(v3(), hand=0))),
        "bad-v3-hand-too-large": lambda: text_of(line(with_(v3(), hand=2**32))),
        "bad-v3-hand-changed": lambda: text_of(line(with_(v3(), hand=2))),
        "bad-v3-link-0": lambda: text_of(line(with_(v3(), link=0))),
        "bad-v3-link-1001": lambda: text_of(line(with_(v3(), link=1001))),
        "bad-v3-link-wrong": lambda: text_of(line(with_(v3(hand=2, used=1), link=1))),
        "bad-v3-link-skipped-to-suit-a-hand": lambda: text_of(line(skipped())),
        "bad-v3-cut-53": lambda: text_of(line(with_(v3(), cut=53))),
        "bad-v3-cut-changed": lambda: text_of(line(with_(v3(), cut=31))),
        "bad-v3-hand-no-instead-of-hand": lambda: text_of(line(with_(without(v3(), "hand"), hand_no=0))),
        "bad-v3-missing-link": lambda: text_of(line(without(v3(), "link"))),
        "bad-v2-missing-dealer": lambda: text_of(line(without(v2(), "dealer"))),
        "bad-v2-dealer-2": lambda: text_of(line(with_(v2(), dealer=2))),
        "bad-v2-dealer-swapped": lambda: text_of(line(with_(v2(), dealer=1))),
        "bad-v2-commitment-uppercase": lambda: text_of(line(with_(v2(), commitment=v2()["commitment"].upper()))),
        "bad-secret-changed": lambda: text_of(line(with_(v2(), secret=flip + v2()["secret"][1:]))),
        "bad-order-swapped": lambda: text_of(line(swap_cards(v3(), 50, 51))),
        "bad-hands-not-following": lambda: text_of(line(with_(v2(), hands=v2()["hands"][::-1]))),
        "bad-format-other": lambda: text_of(line(with_(v2(), format="gin-rummy-fair-deals"))),
        "bad-top-level-list": lambda: text_of("[" + line(v2()) + "]"),
        "bad-top-level-text": lambda: text_of('"hello"'),
        "bad-trailing-text": lambda: text_of(line(v2()) + " x"),
        "bad-two-objects-on-a-line": lambda: text_of(line(v1()) + line(v2())),
        "bad-one-good-one-changed": lambda: text_of(line(v3()), line(with_(v3(), cut=29))),
        "bad-nesting-65-deep": lambda: text_of(deep(65)),
        "bad-nesting-5000-deep": lambda: text_of(deep(5000)),
    }


def write(out: str) -> int:
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    made = cases()
    for name, make in made.items():
        with open(os.path.join(out, name + ".jsonl"), "wb") as f:
            f.write(make())
    return len(made)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=DEFAULT_OUT)
    args = p.parse_args(argv)
    print(f"wrote {write(args.out)} files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
