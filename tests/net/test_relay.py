"""The relay: it pairs two sides by room, forwards what it cannot read, and keeps its limits."""
import contextlib
import json
import logging
import pathlib
import re
import socket
import subprocess
import sys
import time

import pytest
from helpers.netlink import QUICK, RelayThread, frames, next_event
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.auth import JoinCode, new_code
from game.net.relay import Limits, relay_hello
from game.net.transport import host, join

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def relay():
    running = RelayThread()
    yield running
    running.stop()


def _pair(relay, code):
    server = host(code, relay=relay.uri, timing=QUICK)
    guest = join(code, relay=relay.uri, timing=QUICK)
    assert next_event(server).kind == "connected" and next_event(guest).kind == "connected"
    return server, guest


def test_two_sides_meet_through_the_relay_which_reads_nothing(relay, caplog):
    caplog.set_level(logging.INFO, logger="game.serve")
    code = new_code()
    server, guest = _pair(relay, code)
    secret = b"QUEEN OF SPADES in the guest's hand"
    guest.send(secret)
    server.send(secret + b" (echo)")
    assert frames(server, 1) == [secret] and frames(guest, 1) == [secret + b" (echo)"]
    guest.close()
    server.close()
    deadline = time.monotonic() + 5
    while relay.relay.rooms and time.monotonic() < deadline:  # the relay hears of both leaving
        time.sleep(0.01)
    seen = [m.encode() if isinstance(m, str) else m for m in relay.seen]
    assert len(seen) >= 6  # the handshake, the counters and the two payloads
    for message in seen:
        assert b"QUEEN" not in message and code.secret.encode() not in message
    assert any(re.search(rf"room {code.room} opened", r.message) for r in caplog.records)
    assert any(re.search(rf"room {code.room} closed after .* frames, \d+ bytes", r.message) for r in caplog.records)


def test_a_dropped_side_comes_back_through_the_relay_and_resumes(relay):
    code = new_code()
    server, guest = _pair(relay, code)
    relay.drop(code.room, "guest")
    assert next_event(guest).kind == "paused" and next_event(server).kind == "paused"
    guest.send(b"while away")
    assert next_event(guest).kind == "resumed" and next_event(server).kind == "resumed"
    assert frames(server, 1) == [b"while away"]
    guest.close()
    server.close()


def test_a_wrong_code_through_the_relay_is_refused_and_the_host_waits_on(relay):
    code = new_code()
    server = host(code, relay=relay.uri, timing=QUICK)
    wrong = join(JoinCode(code.room, "00000" if code.secret != "00000" else "11111"), relay=relay.uri, timing=QUICK)
    assert next_event(wrong).reason == "wrong-code"
    assert next_event(server).reason == "wrong-code"
    guest = join(code, relay=relay.uri, timing=QUICK)
    assert next_event(guest).kind == "connected" and next_event(server).kind == "connected"
    guest.close()
    server.close()


def _refusal(uri: str, first: str) -> str:
    with connect(uri, open_timeout=2) as ws:
        ws.send(first)
        return json.loads(ws.recv(timeout=2))["reason"]


@pytest.mark.parametrize(("first", "reason"), [
    ("not json", "malformed"),
    (json.dumps({"protocol": "gin-rummy", "version": 7, "type": "relay", "room": "ABCD", "role": "host"}), "version"),
    (relay_hello("ABCD", "referee"), "malformed"),
    (relay_hello("ABC", "host"), "malformed"),
    (relay_hello("abcd", "host"), "malformed"),
])
def test_a_bad_first_message_is_refused(relay, first, reason):
    assert _refusal(relay.uri, first) == reason


def test_one_side_per_role_and_a_limit_of_rooms():
    small = RelayThread(Limits(rooms=1))
    try:
        with connect(small.uri, open_timeout=2) as first:
            first.send(relay_hello("ABCD", "host"))
            assert json.loads(first.recv(timeout=2))["type"] == "waiting"
            assert _refusal(small.uri, relay_hello("ABCD", "host")) == "busy"
            assert _refusal(small.uri, relay_hello("WXYZ", "host")) == "full"
    finally:
        small.stop()


@contextlib.contextmanager
def _paired(uri: str):
    with connect(uri, open_timeout=2) as host_ws, connect(uri, open_timeout=2) as guest_ws:
        host_ws.send(relay_hello("ABCD", "host"))
        host_ws.recv(timeout=2)
        guest_ws.send(relay_hello("ABCD", "guest"))
        assert json.loads(guest_ws.recv(timeout=2))["type"] == "paired"
        assert json.loads(host_ws.recv(timeout=2))["type"] == "paired"
        yield host_ws, guest_ws


@pytest.mark.parametrize(("limits", "abuse", "code"), [
    (Limits(rate=1.0, burst=3), "flood", 1008),
    (Limits(frame=1000), "oversized", 1009),
    (Limits(idle=0.2), "quiet", 1000),
])
def test_a_side_over_a_limit_is_closed_and_its_partner_too(limits, abuse, code):
    small = RelayThread(limits)
    try:
        with _paired(small.uri) as (host_ws, guest_ws):
            with pytest.raises(ConnectionClosed) as closed:
                if abuse == "flood":
                    for _ in range(20):
                        guest_ws.send(b"x")
                elif abuse == "oversized":
                    guest_ws.send(bytes(2000))
                while True:
                    guest_ws.recv(timeout=2)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code
            with pytest.raises(ConnectionClosed):
                while True:
                    host_ws.recv(timeout=2)
    finally:
        small.stop()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_relay_command_serves_two_players():
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "game.serve", "--host", "127.0.0.1", "--port", str(port)],
                               cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert f"relay listening on port {port}" in process.stderr.readline()
        code = new_code()
        server = host(code, relay=f"ws://127.0.0.1:{port}", timing=QUICK)
        guest = join(code, relay=f"ws://127.0.0.1:{port}", timing=QUICK)
        assert next_event(server).kind == "connected" and next_event(guest).kind == "connected"
        server.send(b"dealt")
        assert frames(guest, 1) == [b"dealt"]
        guest.close()
        server.close()
    finally:
        process.terminate()
        process.wait(10)


def test_the_relay_command_says_what_is_wrong():
    bad = subprocess.run([sys.executable, "-m", "game.serve", "--port", "70000"], cwd=ROOT, capture_output=True,
                         text=True, timeout=20)
    assert bad.returncode == 2 and "the port is 0 to 65535" in bad.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = subprocess.run([sys.executable, "-m", "game.serve", "--host", "127.0.0.1", "--port", str(port)],
                              cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert busy.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in busy.stderr
    assert "Traceback" not in busy.stderr


def test_the_page_states_the_relays_limits():
    text = (ROOT / "docs" / "online-connection.md").read_text(encoding="utf-8")
    limits = Limits()
    assert (f"Limits: {limits.rooms} rooms, one frame at most 65 536 + 33 bytes, {limits.rate:g} frames a second "
            f"per side on average ({limits.burst} at once), {limits.idle:g} s without a frame, {limits.hello:g} s "
            "to name a room") in " ".join(text.split())
    assert limits.frame == 65536 + 33


def test_the_relay_command_runs_in_the_game_s_environment_first(monkeypatch):
    import game.bootstrap
    from game import serve

    asked = []

    def ensure(launch):
        asked.append(launch)
        raise SystemExit(7)

    monkeypatch.setattr(game.bootstrap, "ensure", ensure)
    with pytest.raises(SystemExit) as stopped:
        serve.main(["--port", "0"])
    assert stopped.value.code == 7 and asked == [["-m", "game.serve", "--port", "0"]]
