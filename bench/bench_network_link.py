"""The link between two machines over localhost: a frame's round trip and what a handshake costs.

Prints figures; it asserts nothing.  Run it from the repository root:

    python bench/bench_network_link.py [--frames 500] [--size 200]

Both ends run in this process, each with the asyncio thread of ``game.net.transport``; a round trip is the
guest's ``send``, the host's ``receive`` and ``send`` back, and the guest's ``receive``, so it counts both
threads' queues as the game would see them.  Rows: directly, and through a relay (``game.net.relay``, in a
third thread here).  The handshake's bytes are counted by a TCP proxy in front of the host (or the relay):
the websocket upgrade, the three handshake messages and the two sealed counters frames, both ways.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.net.auth import new_code  # noqa: E402
from game.net.relay import Relay  # noqa: E402
from game.net.transport import Connection, host, join  # noqa: E402


class CountingProxy:
    """A TCP proxy on a free port in a thread of its own, counting the bytes it carries."""

    def __init__(self, target: int) -> None:
        self.target, self.bytes = target, 0
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)

    async def _start(self) -> int:
        server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return int(server.sockets[0].getsockname()[1])

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            while data := await src.read(65536):
                self.bytes += len(data)
                dst.write(data)
                await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)


def start_relay() -> int:
    """A relay on a free port, served by a loop in a thread of its own."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    async def serve() -> int:
        ready = loop.create_future()
        RUNNING.append(asyncio.ensure_future(Relay().serve("127.0.0.1", 0, ready)))
        return int(await ready)

    return asyncio.run_coroutine_threadsafe(serve(), loop).result(5)


RUNNING: list[asyncio.Future[None]] = []  # the relays' tasks, kept from the garbage collector


PAUSES: list[str] = []  # a pause during a run would spoil its figures: they are counted and printed


def wait_for(link: Connection, kind: str) -> bytes:
    while True:
        event = link.receive(timeout=10)
        if event is None or event.kind == "lost":
            raise SystemExit(f"the link failed while waiting for {kind}: {event}")
        if event.kind == "paused":
            PAUSES.append(event.text)
        if event.kind == kind:
            return event.payload


def measure(via_relay: bool, frames: int, size: int) -> None:
    code = new_code()
    started = time.perf_counter()
    if via_relay:
        proxy = CountingProxy(start_relay())
        uri = f"ws://127.0.0.1:{proxy.port}"
        server, guest = host(code, relay=uri), join(code, relay=uri)
    else:
        server = host(code, bind="127.0.0.1")
        proxy = CountingProxy(server.port)
        guest = join(code, f"127.0.0.1:{proxy.port}")
    wait_for(server, "connected")
    wait_for(guest, "connected")
    handshake_ms, handshake_bytes = (time.perf_counter() - started) * 1000, proxy.bytes
    payload = os.urandom(size)
    times = []
    for _ in range(frames):
        sent = time.perf_counter()
        guest.send(payload)
        server.send(wait_for(server, "frame"))
        wait_for(guest, "frame")
        times.append((time.perf_counter() - sent) * 1000)
    carried = (proxy.bytes - handshake_bytes) / (2 * frames)
    guest.close()
    server.close()
    times.sort()
    name = "through a relay" if via_relay else "directly"
    print(f"{name:16} round trip of a {size}-byte frame: median {statistics.median(times):.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.2f} ms, worst {times[-1]:.2f} ms ({frames} frames, "
          f"{len(PAUSES)} pauses)")
    PAUSES.clear()
    legs = "both legs, to and from the relay" if via_relay else "both ways"
    print(f"{'':16} handshake to both connected: {handshake_ms:.1f} ms, {handshake_bytes} bytes on the wire "
          f"({legs}); a {size}-byte payload takes {carried:.0f} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=500)
    parser.add_argument("--size", type=int, default=200, help="payload bytes (a move is about 200)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; target: a round trip <= 5 ms")
    measure(False, args.frames, args.size)
    measure(True, args.frames, args.size)


if __name__ == "__main__":
    main()
