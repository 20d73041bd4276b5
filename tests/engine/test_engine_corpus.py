"""The meld search answers a recorded corpus of hands exactly as when it was recorded.

``tests/engine/data/meld_corpus.jsonl`` was written by ``tools/make_meld_corpus.py`` (random and meld-rich
hands of 10 and 11 cards, some with a card that may not be thrown): the best discard with its
arrangement and big gin, the least-deadwood arrangement and the knocker's layout.
"""
import json
import os

import pytest

from game.engine import Card, best_arrangement, best_discard, parse_cards
from game.engine.cards import format_cards, mask_of
from game.engine.knock import knock_melds
from game.engine.melds import best_discard_key, clear_cache, deadwood

CORPUS = os.path.join(os.path.dirname(__file__), "data", "meld_corpus.jsonl")


def _rows():
    with open(CORPUS, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


ROWS = _rows()


def _arrangement(arr):
    return {"melds": [format_cards(m) for m in arr.melds], "deadwood_cards": format_cards(arr.deadwood_cards)}


def _check(row):
    cards = parse_cards(row["hand"])
    where = f"hand {row['hand']} (forbidden {row['forbidden']})"
    assert deadwood(cards) == row["deadwood"], where
    arr = best_arrangement(cards)
    assert _arrangement(arr) == row["arrangement"], where
    assert arr.deadwood == row["deadwood"], where
    mask = mask_of(cards)
    layout = [format_cards(Card(c) for c in range(52) if m >> c & 1) for m in knock_melds(mask)]
    assert layout == row["knock_melds"], where
    if "best_discard" not in row:
        return
    want = row["best_discard"]
    forbidden = None if row["forbidden"] is None else Card.parse(row["forbidden"])
    choice = best_discard(cards, forbidden)
    got = {"card": str(choice.card), "deadwood": choice.deadwood, "big_gin": choice.big_gin,
           "arrangement": _arrangement(choice.arrangement)}
    assert got == want, where
    c, left = best_discard_key(mask, 0 if forbidden is None else 1 << forbidden)
    assert (str(Card(c)), left) == (want["card"], want["deadwood"]), where


def test_the_corpus_holds_many_hands_of_each_kind():
    kinds = {(row["kind"], len(parse_cards(row["hand"]))) for row in ROWS}
    assert kinds == {("random", 10), ("random", 11), ("meld-rich", 10), ("meld-rich", 11)}
    assert len(ROWS) >= 1000
    assert sum(1 for row in ROWS if row["forbidden"]) >= 200
    assert sum(1 for row in ROWS if len(row["arrangement"]["melds"]) >= 3) >= 100


@pytest.mark.parametrize("cold", [True, False], ids=["cold", "warm"])
def test_every_recorded_answer_is_reproduced(cold):
    """Cold clears the sub-hand cache before each hand; warm reuses what earlier hands left in it."""
    clear_cache()
    for row in ROWS:
        if cold:
            clear_cache()
        _check(row)
