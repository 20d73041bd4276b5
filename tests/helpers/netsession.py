"""Two sessions joined in memory (frames through queues, as a Connection delivers them), and a player for them."""
from __future__ import annotations

import queue
import random

from game.net.session import Session
from game.net.transport import Event


class MemoryLink:
    """One end of an in-memory line: what it sends is the other end's ``frame`` events; ``wire`` sees every byte."""

    def __init__(self, is_host: bool, wire: list | None = None) -> None:
        self.is_host = is_host
        self.events: queue.Queue = queue.Queue()
        self.other: MemoryLink | None = None
        self.wire = wire
        self.closed = False
        self.events.put(Event("connected"))

    def send(self, payload: bytes) -> bool:
        assert isinstance(payload, bytes)
        if self.wire is not None:
            self.wire.append((self.is_host, payload))
        if not self.closed and self.other is not None:
            self.other.events.put(Event("frame", payload=payload))
        return not self.closed

    def receive(self, timeout=None):
        try:
            return self.events.get_nowait()
        except queue.Empty:
            return None

    def close(self, reason: str = "left") -> None:
        if not self.closed and self.other is not None:
            self.other.events.put(Event("lost", "left", "the other player left"))
        self.closed = True
        self.events.put(Event("lost", "closed", "closed on this side"))


def memory_pair(wire: list | None = None) -> tuple[MemoryLink, MemoryLink]:
    host, guest = MemoryLink(True, wire), MemoryLink(False, wire)
    host.other, guest.other = guest, host
    return host, guest


def plain_move(session: Session, rng: random.Random):
    """A legal move for the local seat from its own observation (no bot needed)."""
    from helpers.online import choose

    state = session.state
    assert state is not None
    return choose(state, session.seat, rng)


def run_pair(sessions, rng: random.Random, most_steps: int = 200_000, cheat=None) -> list[list]:
    """Poll both sessions, playing each seat's turn, until both are finished; the notices each saw."""
    seen: list[list] = [[], []]
    for _ in range(most_steps):
        if all(s.finished for s in sessions):
            break
        for i, s in enumerate(sessions):
            seen[i] += s.poll()
            if s.my_turn:
                s.play(plain_move(s, rng))
    return seen
