"""Two sides of the deal, or two referees, wired together in memory through the wire form: tests, bench, sim."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from game.engine import Action, Event, HandResult, MatchState, Rules
from game.net.deck import DeckSide, KeyBook, RandBytes
from game.net.messages import decode, encode
from game.net.referee import HandReferee


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


def pump_referees(refs: Sequence[HandReferee], seat: int, sent: list[dict[str, Any]],
                  wire: list[bytes] | None = None) -> None:
    """Deliver one referee's messages to the other, and every answer, until both are quiet."""
    queue = deque((seat, m) for m in sent)
    while queue:
        who, msg = queue.popleft()
        frame = encode(msg)
        if wire is not None:
            wire.append(frame)
        other = refs[1 - who]
        queue.extend((other.seat, reply) for reply in other.receive(decode(frame)))


def play_match(rules: Rules, first_dealer: int, choose: Callable[[int, MatchState], Action],
               randbytes: Callable[[int], bytes] | None = None, wire: list[bytes] | None = None,
               most_hands: int = 1000, listen: Callable[[int, list[Event]], None] | None = None
               ) -> list[HandReferee]:
    """A whole match between two referees in memory, each seat's moves from ``choose(seat, its state)``.

    ``listen(seat, events)`` hears what each seat saw, before every choice.  Returns the last hand's
    referees; each hand is checked at its end like an online hand.
    """
    books, dealer, history = (KeyBook(), KeyBook()), first_dealer, tuple[HandResult, ...]()
    for hand in range(1, most_hands + 1):
        refs = [HandReferee(s, hand, rules, dealer, books[s], randbytes, history) for s in (0, 1)]
        pump_referees(refs, 0, refs[0].start(), wire)
        while not (refs[0].over and refs[1].over):
            _tell(refs, listen)
            state = refs[0].state
            assert state is not None and state.to_act is not None
            seat = state.to_act
            mine = refs[seat].state
            assert mine is not None
            pump_referees(refs, seat, refs[seat].play(choose(seat, mine)), wire)
        _tell(refs, listen)
        following = refs[0].following()
        if following is None:
            return refs
        dealer, history = following
    return refs


def _tell(refs: Sequence[HandReferee], listen: Callable[[int, list[Event]], None] | None) -> None:
    if listen is not None:
        for ref in refs:
            listen(ref.seat, ref.take_events())
