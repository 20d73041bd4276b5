"""One seat's whole online match over a ``Connection``, for a caller that polls (the pygame loop, the simulator).

How a caller uses it, from one thread::

    session = Session(transport.host(), "Ann", rules)        # or Session(transport.join(code, address), "Bob")
    while not session.finished:
        for notice in session.poll(0.05):                    # never raises; what happened since the last call
            ...                                              # notice.kind: see NOTICE_KINDS
        if session.my_turn:
            session.play(action)                             # IllegalAction when the engine refuses it
        if session.between_hands:
            session.next_hand()                              # when the player is ready for the next deal
    session.close()

The setup comes first (``game.net.setup``: the host's rules, both names, the first dealer drawn by both),
then hand after hand with a ``HandReferee``; every frame is a message of ``game.net.messages``.  The
local seat is 0 for the host and 1 for the guest; ``state`` is its engine state (stand-ins for the
cards it cannot see: show the player ``observation()``), ``records`` every checked hand's transcript
(``write_record`` writes one for ``tools/check_online.py``).  The peer's moves come as ``event``
notices (the engine's events as this seat sees them), like the local seat's own.

Time: while the peer owes a move, it has the rules' ``turn_timer`` seconds plus ``tolerance`` from when
this side saw its turn begin (a move later than that ends the match as ``net.stalled``); while it owes
a step of the deal, ``patience`` seconds; between hands, ``linger``.  A dropped connection pauses the
match and every clock; on ``resumed`` the clocks start again.  The transport resumes within its
window (two minutes) or reports the match lost: it ends as ``abandoned``.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from game.engine import Action, HandResult, Phase, Rules
from game.net.deck import KeyBook
from game.net.errors import DealError
from game.net.messages import MessageError, decode, encode, message
from game.net.referee import HandReferee
from game.net.session_view import NOTICE_KINDS, Link, Notice, SessionView
from game.net.setup import Setup

__all__ = ["NOTICE_KINDS", "Link", "Notice", "Session", "SessionView"]

SESSION_TYPES = frozenset(("hello", "open", "next", "done"))


class Session(SessionView):
    """One seat of an online match; ``poll``, ``play`` and ``next_hand`` may come from different threads."""

    def __init__(self, link: Link, name: str, rules: Rules | None = None, *, patience: float = 20.0,
                 tolerance: float = 5.0, linger: float = 600.0, auto_next: bool = False,
                 clock: Callable[[], float] = time.monotonic, randbytes: Callable[[int], bytes] | None = None
                 ) -> None:
        self.link, self.seat = link, 0 if link.is_host else 1
        self.setup = Setup(link.is_host, name, rules, randbytes)
        self.patience, self.tolerance, self.linger, self.auto_next = patience, tolerance, linger, auto_next
        self.clock, self.randbytes = clock, randbytes
        self.referee = None
        self.book = KeyBook()
        self.history: tuple[HandResult, ...] = ()
        self.records: list[dict[str, Any]] = []
        self.ended = None
        self.match_over = self.peer_done = self.paused = False
        self.sent_bytes = self.sent_frames = self.frames = 0
        self.turnarounds = 0  # how often this side sent after hearing from the other: round trips, both sides
        self._heard = False
        self._notices: list[Notice] = []
        self._sent = self._taken = 0
        self._hello_sent = False
        self._ready = self._peer_ready = 0  # the hands each side is ready for
        self._since = clock()
        self._lock = threading.RLock()  # the caller's threads take turns: a frame never lands mid-move


    # ------------------------------------------------------------------ what the caller does

    def play(self, action: Action) -> None:
        """The local seat's move; ``IllegalAction`` (nothing sent) when refused, ``ValueError`` when not its turn.

        A move later than the turn's time and the tolerance is not sent: the match ends as ``net.stalled``."""
        with self._lock:
            if not self.my_turn:
                raise ValueError("it is not this seat's turn")
            left = self.time_left()
            if left is not None and left < -self.tolerance:
                self._end("net.stalled", "the turn's time ran out before the move", "self")
                return
            assert self.referee is not None
            try:
                self._send_all(self.referee.play(action))
            except DealError as exc:  # this side's own deal cannot go on: end, never a traceback
                self._end(exc.notice, str(exc), "self", exc)
                return
            self._since = self.clock()
            self._after_step()

    def next_hand(self) -> None:
        """The local player is ready for the next deal (the host deals once both are)."""
        with self._lock:
            self._next_hand()

    def _next_hand(self) -> None:
        if not self.between_hands:
            raise ValueError("no hand waits to be dealt")
        self._ready = self.hand + 1
        if self.seat == 1:
            self._send_session("next", self._ready)
            self._open_hand(self._ready)
        elif self._peer_ready == self._ready:
            self._open_hand(self._ready)
        self._since = self.clock()

    def close(self, reason: str = "left") -> None:
        self.link.close(reason)

    def poll(self, timeout: float = 0.0) -> list[Notice]:
        """Take what arrived (waiting up to ``timeout`` for the first), run the clocks, and say what happened."""
        event = None if self.finished else self.link.receive(timeout)
        with self._lock:
            self._check_clock()  # a move that comes after its time is refused, not played
            while event is not None:
                self._on_link(event)
                event = None if self.finished else self.link.receive(0)
            self._check_clock()
            notices, self._notices = self._notices, []
        return notices

    # ------------------------------------------------------------------ the link

    def _on_link(self, event: Any) -> None:
        kind = event.kind
        if kind == "connected" and not self._hello_sent:
            self._hello_sent = True
            self._send_session("hello", 0, **self.setup.hello())
        elif kind in ("paused", "resumed"):
            self.paused = kind == "paused"
            self._since = self.clock()
            if not self.over:
                self._notices.append(Notice(kind, event.reason, event.text))
        elif kind == "refused" and not self.over:
            self._notices.append(Notice("refused", event.reason, event.text))
        elif kind == "lost":
            self.peer_done = self.peer_done or self.match_over
            if not self.over:
                self._end(event.reason or "lost", event.text or "the connection was lost", "", notify=False)
        elif kind == "frame" and not self.over:
            self._on_frame(event.payload)
        elif kind == "frame" and self.match_over:
            self._late_frame(event.payload)

    def _late_frame(self, payload: bytes) -> None:
        try:
            msg = decode(payload)
        except MessageError:
            return
        self.peer_done = self.peer_done or msg["type"] == "done"

    def _on_frame(self, payload: bytes) -> None:
        self.frames += 1
        self._heard = True
        self._since = self.clock()
        try:
            msg = decode(payload)
            if msg["type"] in SESSION_TYPES or (msg["type"] == "notice" and msg["hand"] == 0):
                self._on_session(msg)
            elif self.referee is None:
                raise DealError("net.out_of_turn", "peer", str(msg["type"]), "a message of a hand before its deal")
            else:
                self._send_all(self.referee.receive(msg))
                self._after_step()
        except MessageError as exc:
            self._end(exc.notice, exc.detail, "peer")
        except DealError as exc:
            self._end(exc.notice, str(exc), "self" if exc.party == self._own_party else "peer", exc)
        except (ValueError, KeyError, IndexError, TypeError) as exc:  # a safety net: a strange message, no crash
            self._end("net.malformed", f"a message that could not be read: {exc!r}", "peer")

    @property
    def _own_party(self) -> str:
        return "AB"[self.seat]

    def _on_session(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if msg["seq"] != self._taken:
            raise DealError("net.replayed", "peer", kind, f"match message {msg['seq']}, expected {self._taken}")
        self._taken += 1
        if kind == "notice":
            raise DealError("net.peer_stopped", "peer", "notice", f"{msg['notice']}: {msg['detail']}")
        if kind == "hello":
            self._send_session("open", 0, **self.setup.on_hello(msg, "peer"))
        elif kind == "open":
            self._on_open(msg)
        elif kind == "next":
            ref = self.referee
            if self.seat != 0 or ref is None or ref.result is None or msg["hand"] != self.hand + 1:
                raise DealError("net.out_of_turn", "peer", "next", f"hand {msg['hand']} was not due")
            self._peer_ready = msg["hand"]
            if self._ready == self._peer_ready:
                self._open_hand(self._ready)
        elif kind == "done":
            if not self.match_over:
                raise DealError("net.out_of_turn", "peer", "done", "the match is not over on this side")
            self.peer_done = True

    def _on_open(self, msg: dict[str, Any]) -> None:
        dealer = self.setup.on_open(msg, "peer")
        host, guest = self.names
        self._notices.append(Notice("setup", "agreed", f"{host} hosts {guest}; seat {dealer} deals first"))
        self._ready = self._peer_ready = 1
        self._open_hand(1, dealer)

    # ------------------------------------------------------------------ hands

    def _open_hand(self, hand: int, dealer: int | None = None) -> None:
        if dealer is None:
            assert self.referee is not None
            following = self.referee.following()
            assert following is not None
            dealer, self.history = following
        assert self.rules is not None
        self.referee = HandReferee(self.seat, hand, self.rules, dealer, self.book, self.randbytes, self.history)
        if self.seat == 0:
            self._send_all(self.referee.start())

    def _after_step(self) -> None:
        ref = self.referee
        assert ref is not None
        self._notices += [Notice("event", type(e).__name__, event=e) for e in ref.take_events()]
        result = ref.result
        if result is None or len(self.records) >= ref.deck.hand:
            return
        self.records.append(ref.deck.transcript())
        self._notices.append(Notice("hand_over", "checked", f"hand {ref.deck.hand} checked", result=result))
        if ref.state is not None and ref.state.phase == Phase.MATCH_OVER:
            self.match_over = True
            self._notices.append(Notice("match_over", "over", "the match is over and every hand checked"))
            self._send_session("done", ref.deck.hand)
        elif self.auto_next:
            self._next_hand()

    # ------------------------------------------------------------------ sending, clocks, the end

    def _send(self, msg: dict[str, Any]) -> None:
        frame = encode(msg)
        self.sent_bytes += len(frame)
        self.sent_frames += 1
        self.turnarounds += self._heard
        self._heard = False
        self.link.send(frame)

    def _send_all(self, messages: list[dict[str, Any]]) -> None:
        for msg in messages:
            self._send(msg)

    def _send_session(self, kind: str, hand: int, **fields: Any) -> None:
        self._send(message(kind, hand, self._sent, **fields))
        self._sent += 1

    def _owed(self) -> tuple[DealError | None, float]:
        """What the peer owes now, and how long it may take."""
        ref = self.referee
        if ref is None:
            return DealError("net.stalled", "peer", "setup", "the match setup did not come"), self.patience
        if self.seat == 0 and self.between_hands is False and ref.result is not None and self._ready > self.hand:
            return DealError("net.stalled", "peer", "next", "the other side did not come to the next hand"), self.linger
        owed = ref.overdue()
        if owed is not None and owed.notice == "net.stalled" and owed.step == "move":
            timer = self.rules.turn_timer if self.rules is not None else 0
            return owed, (timer + self.tolerance if timer else self.linger)
        return owed, self.patience

    def _check_clock(self) -> None:
        if self.over or self.paused or not self._hello_sent:
            return
        owed, limit = self._owed()
        if owed is not None and self.clock() - self._since > limit:
            self._end(owed.notice, str(owed), "peer", owed)

    def _end(self, word: str, text: str, party: str, error: DealError | None = None, notify: bool = True) -> None:
        """Stop the match: tell the peer why (unless the line is gone) and the caller."""
        if self.over:
            return
        if notify:
            try:
                if self.referee is not None and error is not None:
                    self._send_all(self.referee.stop(error))
                else:
                    self._send_session("notice", 0, notice=word[:64], detail=text[:400])
            except (ValueError, DealError):  # the notice is a courtesy: the match ends all the same
                pass
        self.ended = Notice("ended", word, text, party)
        self._notices.append(self.ended)
