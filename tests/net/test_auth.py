"""The join code, the SPAKE2 handshake and the sealed frames, without any socket."""
import hashlib
import json
import pathlib
import re

import pytest

from game.net import auth
from game.net.auth import (
    ALPHABET,
    DATA,
    MAX_PAYLOAD,
    CodeError,
    FrameError,
    GuestHandshake,
    HostHandshake,
    JoinCode,
    Refused,
    Sealer,
    new_code,
    parse_code,
)

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "online-connection.md"
CODE = JoinCode("K7QD", "3MXV9")


def _vectors() -> dict[str, str]:
    block = DOC.read_text(encoding="utf-8").split("## Vectors", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    return dict(line.split(": ", 1) for line in block.strip().splitlines())


def _shake(seed: bytes):
    return lambda n: hashlib.shake_256(seed).digest(n)


def _handshake(guest_code: JoinCode = CODE, host_code: JoinCode = CODE):
    guest, host = GuestHandshake(guest_code), HostHandshake(host_code)
    hello = guest.hello()
    answer = host.receive_hello(hello)
    confirm, guest_keys = guest.receive(answer)
    return hello, answer, confirm, guest_keys, host.receive_confirm(confirm)


def test_a_code_is_read_leniently_and_says_what_is_wrong():
    assert parse_code("k7qd 3mxv9") == CODE
    assert parse_code(" K7QD-3MXV9 ") == CODE
    assert parse_code("k7qd-3mxvg") == JoinCode("K7QD", "3MXVG")
    assert parse_code("oil0-ILOO1") == JoinCode("0110", "11001")
    with pytest.raises(CodeError, match="has 9 symbols, this one has 8"):
        parse_code("K7QD-3MXV")
    with pytest.raises(CodeError, match="'U'"):
        parse_code("K7QD-3MXVU")
    with pytest.raises(CodeError, match="'!'"):
        parse_code("K7QD!3MXV9")


def test_new_codes_use_the_alphabet_and_read_back():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code.room) == 4 and len(code.secret) == 5
        assert set(code.room + code.secret) <= set(ALPHABET)
        assert parse_code(str(code)) == code


def test_the_same_code_gives_both_sides_the_same_keys_and_frames_go_both_ways():
    *_, guest_keys, host_keys = _handshake()
    assert guest_keys == host_keys
    guest, host = Sealer.for_role(guest_keys, host=False), Sealer.for_role(host_keys, host=True)
    assert host.open(guest.seal(DATA, b"to the host")) == (DATA, b"to the host")
    assert guest.open(host.seal(DATA, b"to the guest")) == (DATA, b"to the guest")
    assert len({guest_keys.guest_to_host, guest_keys.host_to_guest, guest_keys.guest_confirm,
                guest_keys.host_confirm}) == 4


def test_a_wrong_code_is_told_apart_and_the_host_hears_of_it():
    guest, host = GuestHandshake(JoinCode("K7QD", "3MXV8")), HostHandshake(CODE)
    with pytest.raises(Refused) as refused:
        guest.receive(host.receive_hello(guest.hello()))
    assert refused.value.reason == "wrong-code"
    assert "code does not match" in str(refused.value)
    with pytest.raises(Refused) as heard:
        host.receive_confirm(refused.value.reply)
    assert heard.value.reason == "wrong-code"


def test_a_forged_confirmation_is_a_wrong_code_for_the_host():
    guest, host = GuestHandshake(CODE), HostHandshake(CODE)
    guest.receive(host.receive_hello(guest.hello()))
    forged = json.dumps({"protocol": "gin-rummy", "version": 1, "type": "confirm", "confirm": "00" * 32})
    with pytest.raises(Refused) as refused:
        host.receive_confirm(forged.encode())
    assert refused.value.reason == "wrong-code"


def test_a_captured_exchange_holds_no_trace_of_the_secret():
    hello, answer, confirm, keys, _ = _handshake()
    sealed = Sealer.for_role(keys, host=False).seal(DATA, b"payload")
    wire = hello + answer + confirm + sealed
    messages = [json.loads(m) for m in (hello, answer, confirm)]
    assert {k for m in messages for k in m} == {"protocol", "version", "type", "room", "spake2", "confirm"}
    secret = CODE.secret
    for trace in (secret.encode(), secret.lower().encode(), str(CODE).encode(), CODE.password(),
                  hashlib.sha256(CODE.password()).digest(), hashlib.sha256(secret.encode()).digest()):
        assert trace not in wire and trace.hex().encode() not in wire
    # an eavesdropper who guesses the right code still cannot check the host's confirmation offline: without
    # the guest's secret scalar any SPAKE2 run of theirs gives another key
    host_message = bytes.fromhex(messages[1]["spake2"])
    for guess in (CODE, JoinCode("K7QD", "3MXV8")):
        attacker = auth.spake2.SPAKE2_A(guess.password(), idA=auth.ID_GUEST, idB=auth.ID_HOST)
        attacker_message = attacker.start()
        derived = auth.derive_keys(attacker.finish(host_message), guess.room, attacker_message, host_message)
        assert derived.host_confirm.hex() != messages[1]["confirm"]


@pytest.mark.parametrize(("message", "reason"), [
    (b"not json", "malformed"),
    (b"[1, 2]", "malformed"),
    (b'{"protocol": "chess", "version": 1}', "malformed"),
    (b'{"protocol": "gin-rummy", "version": 2, "type": "hello"}', "version"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "hello", "room": "K7QD"}', "malformed"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "hello", "room": "K7QD", "spake2": 5}', "malformed"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "hello", "room": "K7QD", "spake2": "zz"}', "malformed"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "hello", "room": "K7QD", "spake2": "' + b"41" * 33 + b'"}',
     "malformed"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "hello", "room": "AAAA", "spake2": "' + b"41" * 33 + b'"}',
     "no-such-game"),
    (b'{"protocol": "gin-rummy", "version": 1, "type": "confirm", "room": "K7QD", "spake2": "41"}', "malformed"),
    (b"{" + b" " * 2000 + b"}", "malformed"),
])
def test_a_bad_hello_is_refused_with_a_reply_never_a_crash(message, reason):
    host = HostHandshake(CODE)
    with pytest.raises(Refused) as refused:
        host.receive_hello(message)
    assert refused.value.reason == reason
    reply = json.loads(refused.value.reply)
    assert reply == {"protocol": "gin-rummy", "version": 1, "type": "refused", "reason": reason}


def test_a_confirmation_before_the_hello_is_refused():
    with pytest.raises(Refused, match="out of turn"):
        HostHandshake(CODE).receive_confirm(b'{"protocol":"gin-rummy","version":1,"type":"confirm","confirm":"00"}')


def test_the_guest_reads_a_refusal_and_a_different_version():
    guest = GuestHandshake(CODE)
    with pytest.raises(Refused) as refused:
        guest.receive(b'{"protocol":"gin-rummy","version":1,"type":"refused","reason":"locked"}')
    assert refused.value.reason == "locked" and refused.value.reply == b""
    with pytest.raises(Refused, match="version 3, this game runs 1") as version:
        guest.receive(b'{"protocol":"gin-rummy","version":3,"type":"hello"}')
    assert version.value.reason == "version"


def _pair():
    *_, keys, _ = _handshake()
    return Sealer.for_role(keys, host=False), Sealer.for_role(keys, host=True)


def test_replayed_reordered_dropped_and_forged_frames_are_refused_and_change_nothing():
    guest, host = _pair()
    first, second, third = (guest.seal(DATA, bytes([n])) for n in range(3))
    assert host.open(first) == (DATA, b"\x00")
    with pytest.raises(FrameError, match="replayed"):
        host.open(first)
    with pytest.raises(FrameError, match="out of order"):
        host.open(third)
    forged = second[:-1] + bytes([second[-1] ^ 1])
    with pytest.raises(FrameError, match="forged"):
        host.open(forged)
    stranger = Sealer.for_role(_handshake()[3], host=True)  # the same code, another connection's keys
    with pytest.raises(FrameError, match="forged"):
        guest.open(stranger.seal(DATA, b"x"))
    assert host.open(second) == (DATA, b"\x01")
    assert host.open(third) == (DATA, b"\x02")


@pytest.mark.parametrize("frame", [b"", b"\x00" * 10, "text", bytes(MAX_PAYLOAD + 100)])
def test_short_oversized_and_malformed_frames_are_refused(frame):
    _, host = _pair()
    with pytest.raises(FrameError):
        host.open(frame)
    assert host.received == 0


def test_a_frame_of_unknown_kind_is_refused():
    guest, host = _pair()
    with pytest.raises(FrameError, match="unknown kind"):
        host.open(guest.seal(9, b""))


def test_the_vectors_of_the_page_hold():
    vectors = _vectors()
    code = parse_code(vectors["typed"])
    assert str(code) == vectors["code"]
    assert code.password().decode() == vectors["password"]
    keys = auth.derive_keys(bytes(range(32)), code.room, b"A" + b"\x11" * 32, b"B" + b"\x22" * 32)
    assert keys.guest_to_host.hex() == vectors["guest->host"]
    assert keys.host_to_guest.hex() == vectors["host->guest"]
    assert keys.guest_confirm.hex() == vectors["guest confirm"]
    assert keys.host_confirm.hex() == vectors["host confirm"]
    frame = Sealer(keys.guest_to_host, keys.host_to_guest).seal(DATA, bytes(8) + b"hello")
    assert frame.hex() == vectors["frame"]
    guest = GuestHandshake(code, entropy=_shake(b"guest entropy"))
    host = HostHandshake(code, entropy=_shake(b"host entropy"))
    assert guest.hello().decode() == vectors["guest hello"]
    answer = host.receive_hello(guest.hello())
    assert answer.decode() == vectors["host hello"]
    confirm, guest_keys = guest.receive(answer)
    assert confirm.decode() == vectors["guest confirmation"]
    assert host.receive_confirm(confirm) == guest_keys


def test_the_page_names_every_info_string_and_identity():
    text = DOC.read_text(encoding="utf-8")
    for info in auth.INFO.values():
        assert f"`{info.decode()}`" in text
    for identity in (auth.ID_GUEST, auth.ID_HOST):
        assert f'b"{identity.decode()}"' in text
    assert re.search(rf"After \*\*{auth.MAX_FAILED_TRIES}\*\* failed tries", text)
    assert f"`{ALPHABET}`" in text
