"""The relay for players who cannot accept connections: ``python -m game.serve [--host H] [--port P]``.

Both players connect out to it; it pairs them by the public room of their join code and forwards sealed
frames it cannot read (docs/online-connection.md). One log line per room on standard error.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

DEFAULT_PORT = 8765


def main(argv: list[str] | None = None) -> int:
    """On a fresh machine the relay runs again in the game's environment, which has the network's packages."""
    from game.bootstrap import ensure

    ensure(["-m", "game.serve", *(sys.argv[1:] if argv is None else argv)])
    from game.net.relay import Limits, Relay

    parser = argparse.ArgumentParser(prog="python -m game.serve", description="The relay for online matches.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--rooms", type=int, default=Limits.rooms, help="most rooms open at once")
    parser.add_argument("--idle", type=float, default=Limits.idle, help="seconds a quiet side is kept")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535 or args.rooms < 1 or args.idle <= 0:
        parser.error("the port is 0 to 65535, the rooms and the idle time are positive")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per room, not per connection
    relay = Relay(Limits(rooms=args.rooms, idle=args.idle))
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(relay.serve(args.host, args.port))
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
