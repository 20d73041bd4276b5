"""One side of a match in a process of its own: ``netpeer.py host CODE`` or ``netpeer.py join CODE HOST:PORT``.

The host prints its port, then each side sends a greeting and prints the one it gets.
"""
import pathlib
import sys

sys.path[0] = str(pathlib.Path(__file__).resolve().parents[2])  # the project, not this folder (its secrets.py)

from game.net.auth import parse_code  # noqa: E402
from game.net.transport import Timing, host, join  # noqa: E402

TIMING = Timing(handshake=5.0, resume_window=5.0, keepalive=2.0, retry=0.05, connect=5.0)


def main(role: str, code: str, address: str = "") -> int:
    other = "guest" if role == "host" else "host"
    link = host(parse_code(code), bind="127.0.0.1", timing=TIMING) if role == "host" else \
        join(parse_code(code), address, timing=TIMING)
    if role == "host":
        print(link.port, flush=True)
    while (event := link.receive(timeout=10)) is not None:
        if event.kind == "connected":
            link.send(f"hello {other}".encode())
        elif event.kind == "frame":
            print(f"got from {other}: {event.payload.decode()}", flush=True)
            break
        elif event.kind == "lost":
            print(f"lost: {event.reason}", file=sys.stderr)
            return 1
    link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
