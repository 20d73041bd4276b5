"""Two sides of the deal wired together in memory, every message through its wire form: tests, bench, sim."""
from __future__ import annotations

from collections import deque
from typing import Any

from game.net.deck import DeckSide, KeyBook, RandBytes
from game.net.messages import decode, encode


def pump(a: DeckSide, b: DeckSide, sent: list[tuple[str, dict[str, Any]]], wire: list[bytes] | None = None) -> None:
    """Deliver ``(seat, message)`` pairs and every reply they cause, in order, until both sides are quiet."""
    queue = deque(sent)
    while queue:
        seat, msg = queue.popleft()
        frame = encode(msg)
        if wire is not None:
            wire.append(frame)
        receiver = b if seat == a.seat else a
        queue.extend((receiver.seat, reply) for reply in receiver.receive(decode(frame)))


def send(side: DeckSide, messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(side.seat, m) for m in messages]


def deal_pair(hand: int = 1, dealer: str = "A", rand_a: RandBytes | None = None, rand_b: RandBytes | None = None,
              wire: list[bytes] | None = None, books: tuple[KeyBook, KeyBook] | None = None
              ) -> tuple[DeckSide, DeckSide]:
    """Both sides of one hand, shuffled and dealt (ten cards each, the upcard shown)."""
    book_a, book_b = books or (KeyBook(), KeyBook())
    a = DeckSide("A", hand, dealer, rand_a, book_a)
    b = DeckSide("B", hand, dealer, rand_b, book_b)
    pump(a, b, send(a, a.start()), wire)
    return a, b


def finish(a: DeckSide, b: DeckSide, wire: list[bytes] | None = None) -> None:
    """Both sides reveal their keys and check each other's every step."""
    pump(a, b, send(a, a.reveal()) + send(b, b.reveal()), wire)
