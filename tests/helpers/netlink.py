"""What the connection's tests share: quick timings, a relay in a thread, a TCP proxy that can cut the line."""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time

from game.net.relay import Limits, Relay
from game.net.transport import Connection, Event, Timing

QUICK = Timing(handshake=2.0, resume_window=3.0, keepalive=1.0, retry=0.05, connect=2.0)


def next_event(link: Connection, kinds: tuple[str, ...] = ("connected", "resumed", "paused", "refused", "lost"),
               timeout: float = 5.0) -> Event:
    """The next event of one of ``kinds`` (frames and other kinds in between are skipped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = link.receive(timeout=max(0.0, deadline - time.monotonic()) or 0.01)
        if event is not None and event.kind in kinds:
            return event
    raise AssertionError(f"no {kinds} event within {timeout} s")


def frames(link: Connection, count: int, timeout: float = 5.0) -> list[bytes]:
    got = []
    while len(got) < count:
        got.append(next_event(link, ("frame",), timeout).payload)
    return got


class _LoopThread:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 5.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class RelayThread(_LoopThread):
    """A relay on a free localhost port; ``tap`` records every frame it forwards."""

    def __init__(self, limits: Limits | None = None) -> None:
        super().__init__()
        self.relay = Relay(limits or Limits())
        self.seen: list[bytes | str] = []
        self.relay.tap = lambda room, frame: self.seen.append(frame)

        async def start() -> int:
            ready: asyncio.Future[int] = self.loop.create_future()
            self.task = asyncio.ensure_future(self.relay.serve("127.0.0.1", 0, ready))
            return await ready

        self.port = self.run(start())
        self.uri = f"ws://127.0.0.1:{self.port}"

    def drop(self, room: str, role: str) -> None:
        async def close() -> None:
            await self.relay.rooms[room].sides[role].close(1001, "test cut")

        self.run(close())

    def stop(self) -> None:
        async def halt() -> None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

        self.run(halt())
        super().stop()


class Proxy(_LoopThread):
    """A TCP proxy to ``port``: ``cut`` drops every open connection, ``blocked`` refuses new ones."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self.target = port
        self.blocked = False
        self.writers: list[asyncio.StreamWriter] = []

        async def start() -> int:
            self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
            return self.server.sockets[0].getsockname()[1]

        self.port = self.run(start())
        self.address = f"127.0.0.1:{self.port}"

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.blocked:
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self.writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        async def close() -> None:
            for writer in self.writers:
                with contextlib.suppress(Exception):
                    writer.transport.abort()
            self.writers.clear()

        self.run(close())
