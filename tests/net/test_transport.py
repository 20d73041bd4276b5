"""Two ends over localhost: frames both ways, wrong codes, hostile frames, pauses and reconnection."""
import contextlib
import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest
from helpers.netlink import QUICK, Proxy, frames, next_event
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.auth import (
    DATA,
    MAX_FAILED_TRIES,
    MAX_PAYLOAD,
    RESUME,
    CodeError,
    GuestHandshake,
    JoinCode,
    Sealer,
    new_code,
)
from game.net.transport import Connection, Timing, host, join

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def pair():
    """A host and a guest joined directly, both connected; closed after the test."""
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    guest = join(code, f"127.0.0.1:{server.port}", timing=QUICK)
    assert next_event(server).kind == "connected" and next_event(guest).kind == "connected"
    yield server, guest
    guest.close()
    server.close()


@contextlib.contextmanager
def _raw_guest(server: Connection, code: JoinCode):
    """A hand-driven guest that completes the handshake: a hostile peer's starting point."""
    with connect(f"ws://127.0.0.1:{server.port}", open_timeout=2) as ws:
        handshake = GuestHandshake(code)
        ws.send(handshake.hello().decode())
        confirm, keys = handshake.receive(ws.recv(timeout=2).encode())
        ws.send(confirm.decode())
        yield ws, Sealer.for_role(keys, host=False)


def test_frames_go_both_ways_in_order(pair):
    server, guest = pair
    for n in range(50):
        assert guest.send(b"g%d" % n) and server.send(b"h%d" % n)
    assert frames(server, 50) == [b"g%d" % n for n in range(50)]
    assert frames(guest, 50) == [b"h%d" % n for n in range(50)]
    big = bytes(range(256)) * (MAX_PAYLOAD // 256)
    guest.send(big)
    assert frames(server, 1) == [big]


def test_the_host_shows_an_address_with_its_port(pair):
    server, guest = pair
    address, _, port = server.address.rpartition(":")
    assert int(port) == server.port and address.count(".") == 3
    assert guest.address == ""


def test_a_payload_too_big_or_not_bytes_is_refused_clearly(pair):
    _, guest = pair
    with pytest.raises(ValueError, match="at most 65536 bytes"):
        guest.send(bytes(MAX_PAYLOAD + 1))
    with pytest.raises(ValueError):
        guest.send("text")  # type: ignore[arg-type]


def test_leaving_tells_the_other_side_and_sending_after_says_so(pair):
    server, guest = pair
    guest.close("see you")
    event = next_event(server)
    assert (event.kind, event.reason) == ("lost", "left") and "see you" in event.text
    assert (next_event(guest).kind, guest.over) == ("lost", True)
    assert guest.send(b"late") is False


def test_a_wrong_code_is_refused_on_both_sides_and_the_right_one_still_joins():
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    wrong = join(JoinCode(code.room, "00000" if code.secret != "00000" else "11111"), f"127.0.0.1:{server.port}",
                 timing=QUICK)
    refused = next_event(wrong)
    assert (refused.kind, refused.reason) == ("refused", "wrong-code")
    assert next_event(wrong).kind == "lost"
    assert next_event(server).reason == "wrong-code" and not server.over
    right = join(code, f"127.0.0.1:{server.port}", timing=QUICK)
    assert next_event(right).kind == "connected" and next_event(server).kind == "connected"
    right.close()
    server.close()


def test_the_host_locks_after_a_few_wrong_codes():
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    wrong = JoinCode(code.room, "00000" if code.secret != "00000" else "11111")
    for _ in range(MAX_FAILED_TRIES):
        attempt = join(wrong, f"127.0.0.1:{server.port}", timing=QUICK)
        assert next_event(attempt, ("lost",)).reason == "wrong-code"
    assert next_event(server, ("lost",)).reason == "locked"
    late = join(code, f"127.0.0.1:{server.port}", timing=QUICK)
    assert next_event(late, ("lost",)).kind == "lost"  # even the right code: the game is gone
    server.close()


def test_an_unreachable_host_is_reported():
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    port = server.port
    server.close()
    guest = join(code, f"127.0.0.1:{port}", timing=QUICK)
    event = next_event(guest)
    assert (event.kind, event.reason) == ("lost", "unreachable")


def test_a_different_version_is_refused_before_anything_else():
    server = host(new_code(), bind="127.0.0.1", timing=QUICK)
    with connect(f"ws://127.0.0.1:{server.port}", open_timeout=2) as ws:
        ws.send(json.dumps({"protocol": "gin-rummy", "version": 99, "type": "hello"}))
        assert json.loads(ws.recv(timeout=2))["reason"] == "version"
    assert next_event(server).reason == "version" and not server.over
    server.close()


@pytest.mark.parametrize("attack", ["replay", "forged", "text", "oversized", "garbage", "out-of-sequence"])
def test_a_hostile_frame_is_refused_without_a_crash_and_the_match_goes_on(attack):
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    with _raw_guest(server, code) as (ws, sealer):
        ws.send(sealer.seal(RESUME, bytes(24)))
        ws.recv(timeout=2)  # the host's counters
        assert next_event(server).kind == "connected"
        good = sealer.seal(DATA, bytes(8) + b"fine")
        ws.send(good)
        if attack == "forged":
            bad = sealer.seal(DATA, (1).to_bytes(8, "big") + b"x")
            bad = bad[:-1] + bytes([bad[-1] ^ 1])
        else:
            bad = {"replay": good, "text": "hello", "oversized": bytes(MAX_PAYLOAD + 200), "garbage": b"\x00\x01",
                   "out-of-sequence": sealer.seal(DATA, (7).to_bytes(8, "big") + b"skip")}[attack]
        ws.send(bad)
        assert frames(server, 1) == [b"fine"]
        event = next_event(server)
        if attack != "oversized":  # the websocket layer itself closes on an oversized message
            assert (event.kind, event.reason) == ("refused", "frame")
            event = next_event(server)
        assert event.kind == "paused" and not server.over
    server.close()


def test_a_reconnection_within_the_window_resumes_and_nothing_is_lost_or_doubled():
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    proxy = Proxy(server.port)
    guest = join(code, proxy.address, timing=QUICK)
    assert next_event(server).kind == next_event(guest).kind == "connected"
    guest.send(b"before")
    assert frames(server, 1) == [b"before"]
    proxy.blocked = True
    proxy.cut()
    assert next_event(guest).kind == "paused"
    for n in range(5):
        guest.send(b"during %d" % n)
        server.send(b"back %d" % n)
    assert next_event(server).kind == "paused"
    proxy.blocked = False
    assert next_event(guest).kind == "resumed" and next_event(server).kind == "resumed"
    assert frames(server, 5) == [b"during %d" % n for n in range(5)]
    assert frames(guest, 5) == [b"back %d" % n for n in range(5)]
    guest.send(b"after")
    assert frames(server, 1) == [b"after"]
    guest.close()
    server.close()
    proxy.stop()


def test_after_the_window_the_match_is_abandoned_on_both_sides():
    timing = dataclasses.replace(QUICK, resume_window=0.5)
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=timing)
    proxy = Proxy(server.port)
    guest = join(code, proxy.address, timing=timing)
    assert next_event(server).kind == next_event(guest).kind == "connected"
    proxy.blocked = True
    proxy.cut()
    assert next_event(guest).kind == "paused" and next_event(server).kind == "paused"
    assert next_event(guest).reason == "abandoned" and next_event(server).reason == "abandoned"
    proxy.blocked = False
    again = join(code, proxy.address, timing=timing)
    assert next_event(again).kind == "lost"  # the host is gone: the code no longer opens a match
    proxy.stop()


def test_a_new_guest_cannot_take_over_a_match_in_progress(pair):
    server, guest = pair
    intruder = join(server.code, f"127.0.0.1:{server.port}", timing=QUICK)
    event = next_event(intruder)
    assert (event.kind, event.reason) == ("refused", "busy")
    guest.send(b"still here")
    assert frames(server, 1) == [b"still here"]


def test_two_processes_join_by_code_over_localhost():
    script = ROOT / "tests" / "helpers" / "netpeer.py"
    code = str(new_code())
    hosting = subprocess.Popen([sys.executable, str(script), "host", code], cwd=ROOT, stdout=subprocess.PIPE,
                               text=True)
    try:
        port = hosting.stdout.readline().strip()
        joining = subprocess.run([sys.executable, str(script), "join", code, f"127.0.0.1:{port}"], cwd=ROOT,
                                 capture_output=True, text=True, timeout=20)
        hosted, _ = hosting.communicate(timeout=20)
    finally:
        hosting.kill()
    assert joining.returncode == 0, joining.stderr
    assert "got from host: hello guest" in joining.stdout
    assert "got from guest: hello host" in hosted


def test_a_silent_peer_is_dropped_after_the_handshake_time_and_costs_a_try_once_answered():
    timing = dataclasses.replace(QUICK, handshake=0.3)
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=timing)
    with connect(f"ws://127.0.0.1:{server.port}", open_timeout=2) as ws, pytest.raises(ConnectionClosed):
        ws.recv(timeout=3)  # says nothing: closed by the host
    assert server.failed_tries == 0
    with connect(f"ws://127.0.0.1:{server.port}", open_timeout=2) as ws:
        ws.send(GuestHandshake(code).hello().decode())
        assert json.loads(ws.recv(timeout=2))["type"] == "hello"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=3)  # learns the answer, never confirms: that was a guess
    assert server.failed_tries == 1 and not server.over
    server.close()


def test_bad_addresses_codes_and_ports_end_calmly():
    with pytest.raises(CodeError, match="9 symbols"):
        join("K7QD-3MX", "127.0.0.1:1", timing=QUICK)
    for address in ("nonsense host:port", "256.1.1.1:80", "127.0.0.1:notaport"):
        event = next_event(join("K7QD-3MXV9", address, timing=QUICK))
        assert (event.kind, event.reason) == ("lost", "unreachable"), address
    first = host(new_code(), bind="127.0.0.1", timing=QUICK)
    second = host(new_code(), bind="127.0.0.1", port=first.port, timing=QUICK)
    event = next_event(second)
    assert (event.kind, event.reason) == ("lost", "unreachable") and "could not listen" in event.text
    first.close()


@pytest.mark.parametrize(("resume", "reason"), [
    (b"\x07" * 16 + bytes(8), "busy"),  # a match the host never had
    (bytes(16) + (5).to_bytes(8, "big"), "frame"),  # claims five payloads the host never sent
    (b"short", "frame"),
])
def test_counters_that_cannot_be_right_are_refused(resume, reason):
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    with _raw_guest(server, code) as (ws, sealer):
        ws.send(sealer.seal(RESUME, resume))
        event = next_event(server)
        assert (event.kind, event.reason) == ("refused", reason)
    assert not server.over  # the friend can still join
    guest = join(code, f"127.0.0.1:{server.port}", timing=QUICK)
    assert next_event(guest).kind == "connected"
    guest.close()
    server.close()


def test_data_before_the_counters_is_refused():
    code = new_code()
    server = host(code, bind="127.0.0.1", timing=QUICK)
    with _raw_guest(server, code) as (ws, sealer):
        ws.send(sealer.seal(DATA, bytes(8) + b"too early"))
        event = next_event(server)
        assert (event.kind, event.reason) == ("refused", "frame") and "counters" in event.text
    assert server.events.empty()  # no frame delivered, no match begun
    server.close()


def test_the_page_states_the_timings_the_link_uses():
    text = (ROOT / "docs" / "online-connection.md").read_text(encoding="utf-8")
    timing = Timing()
    assert f"pings every {timing.keepalive:g} s" in text
    assert f"no answer to a ping within {timing.keepalive:g} s" in text
    assert f"When **{timing.resume_window:g} s** pass" in text
    assert timing.retry == 0.5 and "every half second" in text
    for reason in ("left", "closed", "abandoned", "unreachable", "locked", "wrong-code", "failed"):
        assert f"`{reason}`" in text
