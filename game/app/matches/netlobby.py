"""Hosting or joining a match over the network before its first card: the code, the address, the wait, then
the match agreed by both (the host's rules, both names) in a ``Session`` ready to be played.

The calls that block (listening, dialling, the local network's look-up) run on the worker the lobby is
handed, so a frame never waits on the network; the screen polls ``Lobby.poll`` and shows ``state``.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Protocol

from game.engine import Rules
from game.net import discovery, transport
from game.net.auth import CodeError, JoinCode, new_code, parse_code
from game.net.errors import NOTICES
from game.net.session import Session

STATES = ("idle", "starting", "finding", "waiting", "connecting", "connected", "agreed", "failed")
# the words a failure is shown by (each has its sentence, ``net.reason.<word>``); any other is "failed"
REASONS = ("code", "not_found", "wrong-code", "locked", "busy", "version", "malformed", "no-such-game", "left",
           "closed", "abandoned", "unreachable", "failed")


def reason_key(reason: str) -> str:
    """The words of a failure: the protocol's notice (a side broke it) or the lobby's own sentence."""
    return reason if reason in NOTICES else "net.reason." + reason


class Closes(Protocol):
    def close(self) -> None: ...


class Link(Protocol):
    """What the lobby and the session need of a connection (``transport.Connection``)."""

    is_host: bool

    def send(self, payload: bytes) -> bool: ...

    @property
    def address(self) -> str: ...

    @property
    def port(self) -> int: ...

    def receive(self, timeout: float | None = None) -> transport.Event | None: ...

    def close(self, reason: str = "left") -> None: ...


@dataclass(frozen=True)
class LinkKit:
    """The network calls the lobby makes; tests and pictures hand in their own (loopback only, no multicast)."""

    host: Callable[..., Link] = transport.host
    join: Callable[..., Link] = transport.join
    find: Callable[[str, float], str | None] = discovery.find
    advertise: Callable[[str, int, str], Closes | None] = discovery.advertise
    new_code: Callable[[], JoinCode] = new_code
    bind: str = "0.0.0.0"
    find_seconds: float = 3.0
    timing: transport.Timing = field(default_factory=transport.Timing)


# Persian and Arabic-Indic digits (and the decimal point a Persian screen shows in an address) as typed
_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٫", "01234567890123456789.")


def latin(typed: str) -> str:
    """What a player typed in their own digits, as the network reads it."""
    return typed.translate(_LATIN).strip()


def relay_address(typed: str) -> str:
    """A typed relay ("host:port" or a ws:// address) as the websocket address to dial; "" for none."""
    typed = latin(typed)
    if not typed:
        return ""
    return typed if typed.startswith(("ws://", "wss://")) else "ws://" + typed


class Replayed:
    """The link as the session first sees it: the event the lobby already read, then the link's own."""

    def __init__(self, link: Link, first: transport.Event) -> None:
        self.link, self.first = link, [first]
        self.is_host = link.is_host

    def send(self, payload: bytes) -> bool:
        return self.link.send(payload)

    def receive(self, timeout: float | None = None) -> transport.Event | None:
        return self.first.pop() if self.first else self.link.receive(timeout)

    def close(self, reason: str = "left") -> None:
        self.link.close(reason)


class Lobby:
    """One side's way to a connected friend: host (a fresh code) or join (a typed code)."""

    def __init__(self, kit: LinkKit, think: Callable[..., Future[Link | None]]) -> None:
        self.kit, self.think = kit, think
        self.state = "idle"
        self.reason = ""  # why it failed, one of ``REASONS``
        self.detail = ""  # what to fix in a typed code, in English (for the log)
        self.code: JoinCode | None = None
        self.address = ""  # what the host shows (or the address the guest dials)
        self.link: Link | None = None
        self.session: Session | None = None  # the match being agreed once the friend is in
        self.name, self.rules = "", None  # type: tuple[str, Rules | None]
        self._advert: Closes | None = None
        self._future: Future[Link | None] | None = None

    # ------------------------------------------------------------------ opening

    def open_host(self, name: str, rules: Rules, relay: str = "") -> None:
        """Listen (or wait at ``relay``) under a fresh code; the match is ``name``'s to ``rules``."""
        self.close()
        self.name, self.rules = name, rules
        self.code, self.state, self.reason = self.kit.new_code(), "starting", ""
        self._future = self.think(self._host, self.code, relay_address(relay))

    def _host(self, code: JoinCode, relay: str) -> Link:
        link = self.kit.host(code, bind=self.kit.bind, relay=relay, timing=self.kit.timing)
        if not relay and link.port:
            self._advert = self.kit.advertise(code.room, link.port, link.address.rsplit(":", 1)[0])
        return link

    def open_join(self, name: str, typed_code: str, address: str = "", relay: str = "") -> None:
        """Join by a typed code at ``address``, through ``relay``, or where the local network finds it."""
        self.close()
        self.name, self.rules = name, None
        try:
            self.code = parse_code(latin(typed_code))
        except CodeError as error:
            self.state, self.reason, self.detail = "failed", "code", str(error)
            return
        self.reason, self.address = "", latin(address)
        self.state = "connecting" if self.address or relay.strip() else "finding"
        self._future = self.think(self._join, self.code, self.address, relay_address(relay))

    def _join(self, code: JoinCode, address: str, relay: str) -> Link | None:
        if not address and not relay:
            found = self.kit.find(code.room, self.kit.find_seconds)
            if found is None:
                return None
            self.address = found
        return self.kit.join(code, self.address, relay=relay, timing=self.kit.timing)

    # ------------------------------------------------------------------ each frame

    def poll(self) -> str:
        """Take what the worker and the link have to say; the state after it."""
        future = self._future
        if future is not None and future.done():
            self._future = None
            self._started(future)
        while self.link is not None and self.state in ("waiting", "connecting"):
            event = self.link.receive(0)
            if event is None:
                break
            if event.kind == "connected":  # the session says hello on it
                self.state, self.session = "connected", Session(Replayed(self.link, event), self.name, self.rules)
            elif event.kind in ("refused", "lost"):
                self._fail(event.reason)
        if self.session is not None and self.state in ("connected", "agreed"):
            self._agree(self.session)
        return self.state

    def _agree(self, session: Session) -> None:
        for notice in session.poll(0):
            if notice.kind == "setup":
                self.state = "agreed"
            elif notice.kind == "ended":
                self._fail(notice.word)

    @property
    def friend(self) -> str:
        """The friend's name once the match is agreed."""
        if self.session is None or self.state != "agreed":
            return ""
        return self.session.names[1 - self.session.seat]

    def _started(self, future: Future[Link | None]) -> None:
        error = future.exception()
        link = None if error is not None else future.result()
        if link is None:
            self._fail("not_found" if error is None else "failed")
            return
        self.link = link
        if self.state == "starting":
            self.state = "waiting"
            self.address = self.link.address if self.link.port else ""
        else:
            self.state = "connecting"

    def _fail(self, reason: str) -> None:
        self.state = "failed"
        self.reason = reason if reason in REASONS or reason in NOTICES else "failed"
        self._drop()

    # ------------------------------------------------------------------ closing

    def take(self) -> Session:
        """The agreed match, handed to the play; the lobby no longer closes it."""
        if self.state != "agreed" or self.session is None:
            raise RuntimeError("the lobby has no agreed match to hand over")
        session, self.session, self.link = self.session, None, None
        self._stop_advert()
        return session

    def close(self) -> None:
        """Give up whatever is open (the link is closed on the worker: closing waits for the other side)."""
        self._drop()
        self.state, self.reason = "idle", ""

    def _drop(self) -> None:
        self._stop_advert()
        link, self.link, self.session = self.link, None, None
        if link is not None:
            self.think(link.close)
        pending, self._future = self._future, None
        if pending is not None:  # a link still opening is closed as soon as it is open
            pending.add_done_callback(_close_late)

    def _stop_advert(self) -> None:
        advert, self._advert = self._advert, None
        if advert is not None:
            advert.close()


def _close_late(future: Future[Link | None]) -> None:
    link = future.result() if future.exception() is None else None
    if link is not None:
        link.close()
