"""Two machines joined by a code over websockets, for a caller that is not asyncio (the pygame loop, the simulator).

The asyncio loop runs in a background thread; the caller hands ``send`` opaque payloads and reads ``events``:
``connected``, ``frame`` (a payload arrived), ``paused`` (the line dropped), ``resumed``, ``refused`` and
``lost`` (the end: left, abandoned after the resume window, unreachable or locked).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed, WebSocketException

from game.net.auth import (
    BYE,
    DATA,
    FRAME_OVERHEAD,
    MATCH_ID,
    MAX_FAILED_TRIES,
    MAX_PAYLOAD,
    RESUME,
    SEQ,
    FrameError,
    GuestHandshake,
    HostHandshake,
    JoinCode,
    Keys,
    MatchCounters,
    Refused,
    Sealer,
    new_code,
    parse_code,
    read_resume,
    refusal,
)
from game.net.discovery import local_address
from game.net.relay import relay_hello

EVENT_KINDS = ("connected", "frame", "paused", "resumed", "refused", "lost")


@dataclass(frozen=True)
class Event:
    """``reason`` is one stable word a screen can translate; ``text`` says it in English for logs."""

    kind: str
    reason: str = ""
    text: str = ""
    payload: bytes = b""


@dataclass(frozen=True)
class Timing:
    """Seconds; the tests shrink them all."""

    handshake: float = 10.0
    resume_window: float = 120.0
    keepalive: float = 5.0
    retry: float = 0.5
    connect: float = 5.0


class _RelayBusy(Exception):
    """The relay still holds a connection in our seat (one just closing): try again shortly."""


def _text(message: object) -> bytes:
    if isinstance(message, str):
        return message.encode()
    raise refusal("malformed", "a handshake message came as binary")


class _Link:
    """The protocol of one side over successive websockets: handshake, counters, frames, pauses."""

    def __init__(self, code: JoinCode, is_host: bool, timing: Timing) -> None:
        self.code, self.is_host, self.timing = code, is_host, timing
        self.failed_tries = 0
        self.events: queue.Queue[Event] = queue.Queue()
        self._match = MatchCounters()
        self._over = False
        self._ws: Any = None
        self._wire: asyncio.Queue[bytes] | None = None
        self._sealer: Sealer | None = None
        self._paused_at: float | None = None
        self._loop = asyncio.new_event_loop()
        self._done: asyncio.Event | None = None

    def _emit(self, kind: str, reason: str = "", text: str = "", payload: bytes = b"") -> None:
        self.events.put(Event(kind, reason, text, payload))

    def _finish(self, reason: str, text: str) -> None:
        if not self._over:
            self._over = True
            self._emit("lost", reason, text)
        if self._done is not None:
            self._done.set()

    def _submit(self, payload: bytes) -> None:
        seq = len(self._match.sent)
        self._match.sent.append(payload)
        if self._wire is not None and self._sealer is not None:
            self._wire.put_nowait(self._sealer.seal(DATA, SEQ.pack(seq) + payload))

    def _pause(self, ws: Any) -> None:
        if self._ws is not ws:
            return
        self._ws, self._wire, self._sealer = None, None, None
        if self._over or self._match.match_id is None or self._paused_at is not None:
            return
        self._paused_at = paused = time.monotonic()
        self._emit("paused", "dropped", "the connection dropped")
        self._loop.call_later(self.timing.resume_window, self._abandon, paused)

    def _abandon(self, paused: float) -> None:
        if self._paused_at == paused:
            self._finish("abandoned", "no reconnection within the resume window")

    async def _handshake(self, ws: Any) -> Keys:
        wait = self.timing.handshake
        try:
            if not self.is_host:
                guest = GuestHandshake(self.code)
                await ws.send(guest.hello().decode())
                confirm, keys = guest.receive(_text(await asyncio.wait_for(ws.recv(), wait)))
                await ws.send(confirm.decode())
                return keys
            if self.failed_tries >= MAX_FAILED_TRIES:
                raise refusal("locked", "too many wrong codes were tried: host a new game for a new code")
            host = HostHandshake(self.code)
            answer = host.receive_hello(_text(await asyncio.wait_for(ws.recv(), wait)))
            self.failed_tries += 1  # a try from here on, whatever happens, until the confirmation proves the code
            await ws.send(answer.decode())
            keys = host.receive_confirm(_text(await asyncio.wait_for(ws.recv(), wait)))
            self.failed_tries -= 1
            return keys
        except Refused as refused:
            if refused.reply:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(refused.reply.decode())
            raise

    async def _agree(self, ws: Any, sealer: Sealer) -> int:
        """Swap the match's id and counters; returns how many payloads the other side already has."""
        wait = self.timing.handshake
        if not self.is_host:
            await ws.send(sealer.seal(RESUME, self._match.resume_body()))
        found, peer_received = read_resume(*sealer.open(await asyncio.wait_for(ws.recv(), wait)))
        self._match.backlog(peer_received)  # counts that cannot be right are refused before anything changes
        known = self._match.match_id
        if self.is_host and known is None and found == bytes(MATCH_ID):
            self._match.match_id = os.urandom(MATCH_ID)
        elif found != known and (self.is_host or known is not None):
            with contextlib.suppress(ConnectionClosed):
                await ws.send(sealer.seal(BYE, b"busy"))
            raise Refused("busy", "a different match is already on under this code")
        self._match.match_id = self._match.match_id or found
        await self._retire_old(ws)
        if self.is_host:
            await ws.send(sealer.seal(RESUME, self._match.resume_body()))
        return peer_received

    async def _retire_old(self, ws: Any) -> None:
        """A reconnection wins over a connection not yet known to be dead; its frames stop counting."""
        old = self._ws
        self._ws, self._wire, self._sealer = ws, None, None
        if old is not None and old is not ws:
            await old.close(1000, "replaced by a new connection")

    async def _connection(self, ws: Any) -> None:
        """One websocket from handshake to drop; problems become events, never exceptions."""
        try:
            keys = await self._handshake(ws)
            sealer = Sealer.for_role(keys, self.is_host)
            peer_received = await self._agree(ws, sealer)
            backlog = self._match.backlog(peer_received)
            self._wire, self._sealer = asyncio.Queue(), sealer
            for seq, payload in backlog:
                self._wire.put_nowait(sealer.seal(DATA, SEQ.pack(seq) + payload))
            self._emit("resumed" if self._paused_at is not None else "connected")
            self._paused_at = None
            await self._pump(ws, sealer, self._wire)
        except Refused as refused:
            self._emit("refused", refused.reason, str(refused))
            if not self.is_host:
                self._finish(refused.reason, str(refused))
        except FrameError as error:
            self._emit("refused", "frame", str(error))
            await ws.close(1008, "a frame was refused")
        except (ConnectionClosed, TimeoutError, OSError, WebSocketException):
            pass
        finally:
            if self.is_host and self.failed_tries >= MAX_FAILED_TRIES:
                self._finish("locked", "too many wrong codes were tried: host a new game for a new code")
            self._pause(ws)

    async def _pump(self, ws: Any, sealer: Sealer, wire: asyncio.Queue[bytes]) -> None:
        async def write() -> None:
            while True:
                await ws.send(await wire.get())

        writer = asyncio.create_task(write())
        try:
            async for frame in ws:
                if self._ws is not ws:
                    return
                if not isinstance(frame, bytes):
                    raise FrameError("a text message where a sealed frame belongs")
                kind, body = sealer.open(frame)
                if kind == BYE:
                    self._finish("left", "the other player left: " + body.decode("utf-8", "replace"))
                    return
                if kind != DATA or len(body) < SEQ.size or SEQ.unpack_from(body)[0] != self._match.received:
                    raise FrameError("a frame out of the match's sequence")
                self._match.received += 1
                self._emit("frame", payload=body[SEQ.size:])
        finally:
            writer.cancel()


class Connection(_Link):
    """One side of a match's link, driven from any thread; ``host`` and ``join`` make one."""

    def __init__(self, code: JoinCode, is_host: bool, timing: Timing, uri: str = "", relay: bool = False) -> None:
        super().__init__(code, is_host, timing)
        self.port = 0
        self._uri, self._relay = uri, relay
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="gin-rummy-link")

    def _start(self, main: Callable[[], Awaitable[None]]) -> Connection:
        self._main = main
        self._thread.start()
        self._ready.wait(self.timing.connect + 1)
        return self

    # --- the caller's side (any thread) ---

    def send(self, payload: bytes) -> bool:
        """Queue a payload for the other side, kept across a pause; False once the match is over."""
        if not isinstance(payload, bytes) or len(payload) > MAX_PAYLOAD:
            raise ValueError(f"a payload is bytes of at most {MAX_PAYLOAD} bytes")
        try:
            self._loop.call_soon_threadsafe(self._submit, payload)
        except RuntimeError:  # the loop has just ended with the match
            return False
        return not self._over

    def receive(self, timeout: float | None = None) -> Event | None:
        try:
            return self.events.get(timeout=timeout) if timeout != 0 else self.events.get_nowait()
        except queue.Empty:
            return None

    @property
    def over(self) -> bool:
        return self._over

    @property
    def address(self) -> str:
        """What a host shows its friend beside the code: this machine's "address:port" on the local network."""
        return f"{local_address()}:{self.port}" if self.port else ""

    def close(self, reason: str = "left") -> None:
        """Tell the other side (when connected) and stop; safe to call twice."""
        if self._thread.is_alive() and not self._over:
            coro = self._close(reason)
            try:
                asyncio.run_coroutine_threadsafe(coro, self._loop).result(self.timing.connect)
            except Exception:  # the loop ended meanwhile: nothing is left to tell
                coro.close()
        self._thread.join(self.timing.connect + 2)

    # --- the loop thread ---

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._done = asyncio.Event()
        try:
            self._loop.run_until_complete(self._supervise())
        finally:
            self._over = True
            self._ready.set()
            self._loop.close()

    async def _supervise(self) -> None:
        """Run the side's main task until the match is over, then give it a second to close politely."""
        assert self._done is not None
        main = asyncio.ensure_future(self._main())
        done = asyncio.ensure_future(self._done.wait())
        await asyncio.wait({main, done}, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.wait({main}, timeout=1.0)
        if main.done() and not main.cancelled() and main.exception() is not None:
            self._finish("failed", f"the link stopped: {main.exception()!r}")  # a safety net: never a silent end
        for task in (main, done):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _close(self, reason: str) -> None:
        ws, sealer = self._ws, self._sealer
        if ws is not None and sealer is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(sealer.seal(BYE, reason.encode()[:200]))
        self._finish("closed", "the match was closed on this side")
        if ws is not None:
            await ws.close(1000, "left")

    async def _serve(self, bind: str, port: int) -> None:
        async def handle(ws: Any) -> None:
            if not self._over:
                await self._connection(ws)

        options = self._socket_options()
        try:
            async with serve(handle, bind, port, **options) as server:
                self.port = next(iter(server.sockets)).getsockname()[1]
                self._ready.set()
                assert self._done is not None
                await self._done.wait()
                for ws in list(server.connections):
                    await ws.close(1001, "the match is over")
        except OSError as error:
            self._finish("unreachable", f"could not listen on port {port}: {error.strerror}")

    async def _dial(self) -> None:
        self._ready.set()
        started = time.monotonic()
        while not self._over:
            try:
                async with connect(self._uri, open_timeout=self.timing.connect, **self._socket_options()) as ws:
                    if self._relay:
                        await self._meet(ws)
                    await self._connection(ws)
            except _RelayBusy:
                if self._match.match_id is None and time.monotonic() - started > self.timing.connect:
                    self._finish("busy", "the relay holds another player in this game's room")
            except Refused as refused:
                self._emit("refused", refused.reason, str(refused))
                self._finish(refused.reason, str(refused))
            except (OSError, TimeoutError, WebSocketException, ValueError) as error:  # ValueError: a bad address
                if self._match.match_id is None and not (self.is_host and self._relay):
                    self._finish("unreachable", f"the other side cannot be reached: {error}")
            if not self._over:
                await asyncio.sleep(self.timing.retry)

    async def _meet(self, ws: Any) -> None:
        """Name the room to the relay and wait for the other side (a host waits as long as it takes)."""
        await ws.send(relay_hello(self.code.room, "host" if self.is_host else "guest"))
        while True:
            wait = None if self.is_host and self._match.match_id is None else self.timing.resume_window
            try:
                said = json.loads(await asyncio.wait_for(ws.recv(), wait))
            except ValueError:
                said = None
            if not isinstance(said, dict):
                raise Refused("malformed", "the relay answered with something that is not its protocol")
            if said.get("type") == "paired":
                return
            if said.get("type") == "refused":
                if said.get("reason") == "busy":
                    raise _RelayBusy()
                raise Refused(str(said.get("reason")), f"the relay refused: {said.get('reason')}")

    def _socket_options(self) -> dict[str, Any]:
        # sealed frames do not compress: no permessage-deflate, and the size limit is exact
        return {"max_size": MAX_PAYLOAD + FRAME_OVERHEAD, "compression": None, "ping_interval": self.timing.keepalive,
                "ping_timeout": self.timing.keepalive, "close_timeout": 1.0}


def host(code: JoinCode | None = None, *, bind: str = "0.0.0.0", port: int = 0, relay: str = "",
         timing: Timing = Timing()) -> Connection:
    """Host a match: listen on ``bind:port`` (see ``.port``), or wait at ``relay`` (a ws:// address)."""
    link = Connection(code or new_code(), True, timing, relay, bool(relay))
    return link._start(link._dial if relay else lambda: link._serve(bind, port))


def join(code: JoinCode | str, address: str = "", *, relay: str = "", timing: Timing = Timing()) -> Connection:
    """Join a match by code (typed text is read by ``parse_code``, which raises ``CodeError`` with what to fix)
    at ``address`` ("host:port") or through ``relay``."""
    code = parse_code(code) if isinstance(code, str) else code
    link = Connection(code, False, timing, relay or f"ws://{address}", bool(relay))
    return link._start(link._dial)
