"""The hand's end: each step of a seat redone from the keys it revealed, and the whole deal opened.

Seat "A" put deck 1 (the 52 cards locked with its first key, shuffled) and deck 3 (deck 2 with its first
key taken off and one key a position put on); seat "B" put decks 2 and 4 the same way over A's.  A step
that does not come out exactly names the seat and the deck.  docs/online.md, "The check at the end".
"""
from __future__ import annotations

from collections.abc import Sequence

from game.net.cipher import CARD_POINTS, CipherError, card_of, check_scalar, invert, lock, mul_keys
from game.net.errors import DealError

DECK = 52
OWN_DECKS = {"A": (1, 3), "B": (2, 4)}


def check_keys(seat: str, key: bytes, keys: Sequence[bytes]) -> None:
    """A seat's revealed keys: 52 position keys and a first key, all valid and all different."""
    if len(keys) != DECK:
        raise DealError("net.withheld_key", seat, "reveal", f"{len(keys)} position keys, not {DECK}")
    try:
        for k in (key, *keys):
            check_scalar(k)
    except CipherError as exc:
        raise DealError("net.bad_key", seat, "reveal", str(exc)) from None
    if len({key, *keys}) != DECK + 1:
        raise DealError("net.reused_key", seat, "reveal", "the same key serves twice among the revealed keys")


def check_steps(seat: str, decks: dict[int, list[bytes]], key: bytes, keys: Sequence[bytes]) -> None:
    """Redo the seat's two passes over the deck from its revealed keys; raise ``DealError`` at the first lie."""
    check_keys(seat, key, keys)
    first, second = OWN_DECKS[seat]
    source = list(CARD_POINTS) if seat == "A" else decks[1]
    expected = {lock(key, point) for point in source}
    for index, point in enumerate(decks[first]):
        if point not in expected:
            raise DealError("net.forged_deck", seat, f"deck {first}",
                            f"item {index} is not one of the deck {first - 1 or 'of cards'} "
                            f"items under the key {seat} revealed (a card replaced or duplicated)")
    unkey = invert(key)
    for position in range(DECK):
        if lock(mul_keys(keys[position], unkey), decks[second - 1][position]) != decks[second][position]:
            raise DealError("net.bad_key", seat, f"deck {second}",
                            f"position {position}: the revealed keys do not turn deck {second - 1} into deck {second}")


def open_all(deck4: Sequence[bytes], keys_a: Sequence[bytes], keys_b: Sequence[bytes], party: str) -> list[int]:
    """The card at every position of the final deck, from both seats' position keys; ``party`` is blamed."""
    cards: list[int] = []
    for position, point in enumerate(deck4):
        card = open_position(point, keys_a[position], keys_b[position])
        if card is None:
            raise DealError("net.bad_key", party, "reveal", f"position {position} opens to no card")
        if card in cards:
            raise DealError("net.duplicate_card", party, "reveal", f"position {position} repeats a card")
        cards.append(card)
    return cards


def open_position(point: bytes, key_a: bytes, key_b: bytes) -> int | None:
    """The card under both seats' keys at one position, or None when the keys open it to no card."""
    try:
        return card_of(lock(invert(mul_keys(key_a, key_b)), point))
    except CipherError:
        return None
