"""The join code, the SPAKE2 exchange it keys, and the sealed frames that follow (sans-IO).

A code such as ``K7QD-3MXV9`` has a public room (4 symbols, what a relay pairs by) and a secret (5 symbols).
SPAKE2 turns the whole code into a shared key without letting anyone test a guess offline from a captured
exchange: each guess costs a live connection, and the host gives up after ``MAX_FAILED_TRIES`` wrong ones.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import struct
from collections.abc import Callable
from dataclasses import dataclass

import spake2  # type: ignore[import-untyped]
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

PROTOCOL = "gin-rummy"
VERSION = 1
# Crockford's base 32: digits and capitals without I, L, O, U, so no two symbols sound or look alike
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ROOM_LENGTH = 4
SECRET_LENGTH = 5
MAX_FAILED_TRIES = 5
MAX_PAYLOAD = 64 * 1024
HANDSHAKE_LIMIT = 1024
ID_GUEST = b"gin-rummy/1 guest"
ID_HOST = b"gin-rummy/1 host"
INFO = {name: f"gin-rummy/1 {name}".encode()
        for name in ("guest->host", "host->guest", "guest confirm", "host confirm")}
# what a sealed frame carries, in its first plaintext byte
DATA, RESUME, BYE = 1, 2, 3
COUNTER = SEQ = struct.Struct(">Q")
MATCH_ID = 16
TAG_SIZE = 16
FRAME_OVERHEAD = COUNTER.size + 1 + COUNTER.size + TAG_SIZE  # counter, kind, sequence number, GCM tag
_READALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


class CodeError(ValueError):
    """A join code that cannot be read; the message says what to fix."""


class Refused(Exception):
    """The handshake ended without keys: ``reason`` is one word a screen can translate.

    ``reply`` is what to send the other end before closing (empty when it should hear nothing).
    """

    def __init__(self, reason: str, message: str, reply: bytes = b"") -> None:
        super().__init__(message)
        self.reason = reason
        self.reply = reply


class FrameError(Exception):
    """A sealed frame was refused: replayed, reordered, dropped, forged, oversized or malformed."""


@dataclass(frozen=True)
class JoinCode:
    room: str
    secret: str

    def __str__(self) -> str:
        return f"{self.room}-{self.secret}"

    def password(self) -> bytes:
        return f"{PROTOCOL}/{VERSION} code {self}".encode()


def new_code(choice: Callable[[str], str] = secrets.choice) -> JoinCode:
    return JoinCode("".join(choice(ALPHABET) for _ in range(ROOM_LENGTH)),
                    "".join(choice(ALPHABET) for _ in range(SECRET_LENGTH)))


def parse_code(text: str) -> JoinCode:
    """Read a typed code leniently: any case, spaces and dashes ignored, O read as 0, I and L as 1."""
    cleaned = "".join(text.split()).replace("-", "").upper().translate(_READALIKES)
    wrong = sorted({c for c in cleaned if c not in ALPHABET})
    if wrong:
        raise CodeError(f"a join code has only digits and letters; {''.join(wrong)!r} is not one of them")
    if len(cleaned) != ROOM_LENGTH + SECRET_LENGTH:
        raise CodeError(f"a join code has {ROOM_LENGTH + SECRET_LENGTH} symbols, this one has {len(cleaned)}")
    return JoinCode(cleaned[:ROOM_LENGTH], cleaned[ROOM_LENGTH:])


@dataclass(frozen=True)
class Keys:
    """Everything the SPAKE2 key derives: one AES-256-GCM key per direction and one confirmation per side."""

    guest_to_host: bytes
    host_to_guest: bytes
    guest_confirm: bytes
    host_confirm: bytes


def derive_keys(shared: bytes, room: str, guest_message: bytes, host_message: bytes) -> Keys:
    salt = hashlib.sha256(room.encode() + guest_message + host_message).digest()

    def expand(name: str) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=INFO[name]).derive(shared)

    return Keys(expand("guest->host"), expand("host->guest"), expand("guest confirm"), expand("host confirm"))


def _message(**fields: object) -> bytes:
    return json.dumps({"protocol": PROTOCOL, "version": VERSION, **fields}, separators=(",", ":")).encode()


def refusal(reason: str, message: str) -> Refused:
    return Refused(reason, message, _message(type="refused", reason=reason))


def _read(data: bytes, expected: dict[str, type]) -> dict[str, object]:
    """A handshake message checked against its schema; the version is checked before anything else."""
    if len(data) > HANDSHAKE_LIMIT:
        raise refusal("malformed", "the other side sent an oversized handshake message")
    try:
        found = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise refusal("malformed", "the other side sent a handshake message that is not JSON") from None
    if not isinstance(found, dict) or found.get("protocol") != PROTOCOL:
        raise refusal("malformed", "the other side does not speak this game's protocol")
    if found.get("version") != VERSION:
        raise refusal("version", f"the other side runs protocol version {found.get('version')!r}, "
                                 f"this game runs {VERSION}: both players need the same version")
    if found.get("type") == "refused" and isinstance(found.get("reason"), str):
        raise Refused(str(found["reason"]), f"the other side refused: {found['reason']}")
    schema = {"protocol": str, "version": int, **expected}
    if set(found) != set(schema) or any(not isinstance(found[k], t) for k, t in schema.items()):
        raise refusal("malformed", f"the other side sent a malformed {expected.get('type', 'handshake')} message")
    return found


def _hex(found: dict[str, object], key: str, size: int) -> bytes:
    try:
        value = bytes.fromhex(str(found[key]))
    except ValueError:
        value = b""
    if len(value) != size:
        raise refusal("malformed", f"the other side sent a malformed {key}")
    return value


class GuestHandshake:
    """The joining side: hello with its SPAKE2 message, then check the host's confirmation and send its own."""

    def __init__(self, code: JoinCode, entropy: Callable[[int], bytes] = os.urandom) -> None:
        self.code = code
        self._spake = spake2.SPAKE2_A(code.password(), idA=ID_GUEST, idB=ID_HOST, entropy_f=entropy)
        self._message = self._spake.start()

    def hello(self) -> bytes:
        return _message(type="hello", room=self.code.room, spake2=self._message.hex())

    def receive(self, data: bytes) -> tuple[bytes, Keys]:
        """The host's answer -> (the confirmation to send, the keys); a wrong code raises ``Refused``."""
        found = _read(data, {"type": str, "spake2": str, "confirm": str})
        if found["type"] != "hello":
            raise refusal("malformed", "the host did not answer with a hello")
        host_message = _hex(found, "spake2", len(self._message))
        try:
            shared = self._spake.finish(host_message)
        except Exception:  # the package raises its own kinds for a bad point
            raise refusal("malformed", "the host's key exchange message is not valid") from None
        keys = derive_keys(shared, self.code.room, self._message, host_message)
        if not hmac.compare_digest(_hex(found, "confirm", 32), keys.host_confirm):
            raise refusal("wrong-code", "the code does not match the host's game: check it and try again")
        return _message(type="confirm", confirm=keys.guest_confirm.hex()), keys


class HostHandshake:
    """The hosting side: answer a hello with its SPAKE2 message and confirmation, then check the guest's."""

    def __init__(self, code: JoinCode, entropy: Callable[[int], bytes] = os.urandom) -> None:
        self.code = code
        self._spake = spake2.SPAKE2_B(code.password(), idA=ID_GUEST, idB=ID_HOST, entropy_f=entropy)
        self._message = self._spake.start()
        self._keys: Keys | None = None

    def receive_hello(self, data: bytes) -> bytes:
        found = _read(data, {"type": str, "room": str, "spake2": str})
        if found["type"] != "hello":
            raise refusal("malformed", "the guest did not start with a hello")
        if found["room"] != self.code.room:
            raise refusal("no-such-game", "no game is hosted here under that code")
        guest_message = _hex(found, "spake2", len(self._message))
        try:
            shared = self._spake.finish(guest_message)
        except Exception:  # the package raises its own kinds for a bad point
            raise refusal("malformed", "the guest's key exchange message is not valid") from None
        self._keys = derive_keys(shared, self.code.room, guest_message, self._message)
        return _message(type="hello", spake2=self._message.hex(), confirm=self._keys.host_confirm.hex())

    def receive_confirm(self, data: bytes) -> Keys:
        found = _read(data, {"type": str, "confirm": str})
        if self._keys is None or found["type"] != "confirm":
            raise refusal("malformed", "the guest's confirmation came out of turn")
        if not hmac.compare_digest(_hex(found, "confirm", 32), self._keys.guest_confirm):
            raise refusal("wrong-code", "someone tried to join with a wrong code")
        return self._keys


class Sealer:
    """One connection's frames both ways: AES-256-GCM, a per-direction counter that must go up by exactly one.

    A frame is ``counter (8 bytes, big-endian) || AES-GCM(kind || body)``, the counter being the nonce's last
    8 bytes and the associated data; a replayed, reordered, dropped or forged frame fails ``open``.
    """

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._send, self._receive = AESGCM(send_key), AESGCM(receive_key)
        self.sent = 0
        self.received = 0

    @classmethod
    def for_role(cls, keys: Keys, host: bool) -> Sealer:
        if host:
            return cls(keys.host_to_guest, keys.guest_to_host)
        return cls(keys.guest_to_host, keys.host_to_guest)

    def seal(self, kind: int, body: bytes) -> bytes:
        header = COUNTER.pack(self.sent)
        self.sent += 1
        return header + self._send.encrypt(bytes(4) + header, bytes([kind]) + body, header)

    def open(self, frame: bytes) -> tuple[int, bytes]:
        if not isinstance(frame, bytes) or len(frame) < COUNTER.size + 1 + TAG_SIZE:
            raise FrameError("a frame too short to be sealed")
        if len(frame) > MAX_PAYLOAD + FRAME_OVERHEAD:
            raise FrameError("an oversized frame")
        (counter,) = COUNTER.unpack_from(frame)
        if counter < self.received:
            raise FrameError(f"a replayed frame (number {counter}, expected {self.received})")
        if counter > self.received:
            raise FrameError(f"a frame out of order (number {counter}, expected {self.received})")
        header = frame[:COUNTER.size]
        try:
            plain = self._receive.decrypt(bytes(4) + header, frame[COUNTER.size:], header)
        except InvalidTag:
            raise FrameError("a forged or damaged frame") from None
        self.received += 1
        if plain[0] not in (DATA, RESUME, BYE):
            raise FrameError(f"a frame of unknown kind {plain[0]}")
        return plain[0], plain[1:]


class MatchCounters:
    """What outlives one connection: the match's id, every payload sent, how many payloads arrived.

    A reconnection swaps ``resume_body`` both ways, then each side sends its ``backlog`` again, in order.
    """

    def __init__(self) -> None:
        self.match_id: bytes | None = None
        self.sent: list[bytes] = []
        self.received = 0

    def resume_body(self) -> bytes:
        return (self.match_id or bytes(MATCH_ID)) + SEQ.pack(self.received)

    def backlog(self, peer_received: int) -> list[tuple[int, bytes]]:
        if not 0 <= peer_received <= len(self.sent):
            raise FrameError(f"the other side counts {peer_received} payloads received, {len(self.sent)} were sent")
        return [(seq, self.sent[seq]) for seq in range(peer_received, len(self.sent))]


def read_resume(kind: int, body: bytes) -> tuple[bytes, int]:
    if kind == BYE:
        word = body.decode("utf-8", "replace")
        raise Refused(word, f"the other side refused: {word}")
    if kind != RESUME or len(body) != MATCH_ID + SEQ.size:
        raise FrameError("the first sealed frame was not the match's counters")
    return body[:MATCH_ID], SEQ.unpack(body[MATCH_ID:])[0]
