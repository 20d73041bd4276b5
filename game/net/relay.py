"""A relay both players connect out to: it pairs them by the code's public room and forwards sealed frames.

It never learns the code's secret, so it can neither read the frames nor test guesses offline; an active
relay could only try a guess per connection, like anyone else, against the host's limit of tries.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.auth import ALPHABET, FRAME_OVERHEAD, MAX_PAYLOAD, PROTOCOL, ROOM_LENGTH, VERSION

ROLES = ("host", "guest")


@dataclass(frozen=True)
class Limits:
    rooms: int = 200
    frame: int = MAX_PAYLOAD + FRAME_OVERHEAD
    rate: float = 500.0  # frames a second each side may send, on average (a bot plays far faster than a person)
    burst: int = 2000  # frames it may send at once (a deal is a burst)
    idle: float = 300.0  # seconds without a frame before a side is closed
    hello: float = 10.0  # seconds to say which room


def relay_hello(room: str, role: str) -> str:
    return json.dumps({"protocol": PROTOCOL, "version": VERSION, "type": "relay", "room": room, "role": role},
                      separators=(",", ":"))


def _reply(kind: str, **fields: object) -> str:
    return json.dumps({"protocol": PROTOCOL, "version": VERSION, "type": kind, **fields}, separators=(",", ":"))


def read_hello(text: object) -> tuple[str, str] | str:
    """(room, role) from a side's first message, or the word of refusal."""
    try:
        found = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        found = None
    if not isinstance(found, dict) or found.get("protocol") != PROTOCOL:
        return "malformed"
    if found.get("version") != VERSION:
        return "version"
    room, role = found.get("room"), found.get("role")
    if (found.get("type") != "relay" or role not in ROLES or not isinstance(room, str)
            or len(room) != ROOM_LENGTH or any(c not in ALPHABET for c in room)):
        return "malformed"
    return room, str(role)


@dataclass
class _Room:
    name: str
    opened: float = field(default_factory=time.monotonic)
    sides: dict[str, ServerConnection] = field(default_factory=dict)
    paired: asyncio.Event = field(default_factory=asyncio.Event)
    frames: int = 0
    size: int = 0


class _Bucket:
    """A token bucket: ``rate`` frames a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Relay:
    def __init__(self, limits: Limits = Limits(), log: logging.Logger | None = None) -> None:
        self.limits = limits
        self.log = log or logging.getLogger("game.serve")
        self.rooms: dict[str, _Room] = {}
        self.frames = 0  # every frame forwarded, for the log
        self._closing: set[asyncio.Future[None]] = set()
        self.tap: Callable[[str, bytes | str], None] | None = None  # sees each forwarded frame (tests)

    async def serve(self, host: str, port: int, ready: asyncio.Future[int] | None = None) -> None:
        """Serve until cancelled; ``ready`` gets the port (useful with port 0)."""
        async with serve(self.handle, host, port, max_size=self.limits.frame, compression=None, ping_interval=20,
                         ping_timeout=20, close_timeout=2) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            self.log.info("relay listening on port %d", bound)
            if ready is not None:
                ready.set_result(bound)
            await asyncio.Future()

    async def handle(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello)
        except (TimeoutError, ConnectionClosed):
            return
        said = read_hello(first)
        if isinstance(said, str):
            return await self._refuse(ws, said)
        name, role = said
        room = self.rooms.get(name)
        if room is None:
            if len(self.rooms) >= self.limits.rooms:
                return await self._refuse(ws, "full")
            room = self.rooms[name] = _Room(name)
            self.log.info("room %s opened", name)
        if role in room.sides:
            return await self._refuse(ws, "busy")
        room.sides[role] = ws
        try:
            await self._pair_and_forward(ws, room, role)
        except ConnectionClosed:
            pass
        finally:
            await self._leave(room, role, ws)

    async def _pair_and_forward(self, ws: ServerConnection, room: _Room, role: str) -> None:
        if len(room.sides) == 2:
            for side in room.sides.values():
                with contextlib.suppress(ConnectionClosed):
                    await side.send(_reply("paired"))
            room.paired.set()
        else:
            await ws.send(_reply("waiting"))
            paired, gone = asyncio.ensure_future(room.paired.wait()), asyncio.ensure_future(ws.wait_closed())
            await asyncio.wait({paired, gone}, timeout=self.limits.idle, return_when=asyncio.FIRST_COMPLETED)
            for task in (paired, gone):
                task.cancel()
            if not room.paired.is_set():  # the side left, or nobody came
                await ws.close(1000, "nobody came")
                return
        bucket = _Bucket(self.limits.rate, self.limits.burst)
        other = "guest" if role == "host" else "host"
        while True:
            try:
                frame = await asyncio.wait_for(ws.recv(), self.limits.idle)
            except TimeoutError:
                await ws.close(1000, "idle")
                return
            except ConnectionClosed:
                return
            if not bucket.take():
                self._kick(ws, "too many frames")
                return
            partner = room.sides.get(other)
            if partner is None:
                return
            if self.tap is not None:
                self.tap(room.name, frame)
            with contextlib.suppress(ConnectionClosed):
                await partner.send(frame)
            room.frames += 1
            room.size += len(frame)
            self.frames += 1

    async def _leave(self, room: _Room, role: str, ws: ServerConnection) -> None:
        if room.sides.get(role) is ws:
            del room.sides[role]
        room.paired = asyncio.Event()
        for partner in list(room.sides.values()):
            await partner.close(1001, "the other player left")  # both come back and pair again
        if not room.sides and self.rooms.get(room.name) is room:
            del self.rooms[room.name]
            self.log.info("room %s closed after %.1f s: %d frames, %d bytes forwarded", room.name,
                          time.monotonic() - room.opened, room.frames, room.size)

    def _kick(self, ws: ServerConnection, reason: str) -> None:
        """Close without waiting, then cut: a flooding side's unread frames would hold up the closing handshake."""
        task = asyncio.ensure_future(ws.close(1008, reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)
        asyncio.get_running_loop().call_later(0.2, ws.transport.abort)
        self.log.info("closed a side: %s", reason)

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(_reply("refused", reason=reason))
            await ws.close(1008, reason)
        self.log.info("refused a connection: %s", reason)
