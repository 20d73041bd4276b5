"""What a caller is told by and reads of an online match (``game.net.session``): its notices and its view."""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.engine import Event, HandResult, MatchState, Observation, Rules, observe
from game.engine.record import HandRecord
from game.net.referee import HandReferee
from game.net.setup import Setup
from game.net.standin import position_state

NOTICE_KINDS = ("setup", "event", "paused", "resumed", "refused", "hand_over", "match_over", "ended")
"""``setup``: the match is agreed (names, rules, first dealer); ``event``: an engine event this seat saw
(``event``); ``paused``/``resumed``: the line dropped / came back; ``refused``: a stranger's try was
turned away (the match goes on); ``hand_over``: a hand checked by both (``result``); ``match_over``;
``ended``: the match stopped early, ``word`` says why (a key of ``errors.NOTICES`` when a side broke
the protocol, ``party`` "peer" or "self"; else the transport's reason: ``left``, ``abandoned``, ...)."""


@dataclass(frozen=True)
class Notice:
    """What the caller is told; ``word`` is stable (a screen translates it), ``text`` is English for logs."""

    kind: str
    word: str = ""
    text: str = ""
    party: str = ""
    event: Event | None = None
    result: HandResult | None = None


class Link(Protocol):
    """What the session needs of a ``transport.Connection``."""

    is_host: bool

    def send(self, payload: bytes) -> bool: ...
    def receive(self, timeout: float | None = None) -> Any: ...
    def close(self, reason: str = "left") -> None: ...


class SessionView:
    """What a caller reads of a session: the match as the local seat knows it, and whose turn it is."""

    seat: int
    setup: Setup
    referee: HandReferee | None
    ended: Notice | None
    match_over: bool
    peer_done: bool
    paused: bool
    clock: Callable[[], float]
    _ready: int
    _since: float
    records: list[dict[str, Any]]

    @property
    def rules(self) -> Rules | None:
        return self.setup.rules

    @property
    def names(self) -> tuple[str, str]:
        return self.setup.names

    @property
    def state(self) -> MatchState | None:
        return None if self.referee is None else self.referee.state

    def observation(self) -> Observation | None:
        """What the local seat may know, as the bots and the screens read it."""
        state = self.state
        return None if state is None else observe(state, self.seat)

    @property
    def hand(self) -> int:
        return 0 if self.referee is None else self.referee.deck.hand

    @property
    def over(self) -> bool:
        return self.match_over or self.ended is not None

    @property
    def finished(self) -> bool:
        """Nothing more will happen: ended, or over and the peer has checked every hand too."""
        return self.ended is not None or (self.match_over and self.peer_done)

    @property
    def my_turn(self) -> bool:
        ref = self.referee
        return (not self.over and not self.paused and ref is not None and ref.state is not None
                and ref.pending is None and not ref.over and ref.state.to_act == self.seat)

    @property
    def between_hands(self) -> bool:
        """The last hand is checked and the next waits for this side's ``next_hand``."""
        ref = self.referee
        return not self.over and ref is not None and ref.result is not None and self._ready <= self.hand

    def time_left(self) -> float | None:
        """Seconds left of the local seat's turn (negative when past), or None without a clock or turn."""
        if not self.my_turn or self.rules is None or not self.rules.turn_timer:
            return None
        return self.rules.turn_timer - (self.clock() - self._since)

    def true_hand(self) -> HandRecord | None:
        """The hand just checked by both as it was really dealt and played, no stand-in among its cards (for a
        history that replays it); None while the hand is unchecked."""
        ref = self.referee
        if ref is None or ref.result is None or ref.deck.order is None or self.rules is None:
            return None
        start = position_state(self.rules, ref.deck.order, ref.dealer, ref.deck.hand - 1, ref.history)
        record = HandRecord.at_deal(start)
        for action, seat in ref.moves:
            record = record.with_move(seat, action)
        return record.finished(ref.result)

    def write_record(self, hand: int, path: str) -> None:
        """Write a checked hand's transcript (for ``tools/check_online.py``) whole or not at all."""
        if not 1 <= hand <= len(self.records):
            raise ValueError(f"hand {hand} is not a checked hand of this match")
        text = json.dumps(self.records[hand - 1], sort_keys=True, separators=(",", ":"))
        with open(path + ".tmp", "w", encoding="ascii") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(path + ".tmp", path)
