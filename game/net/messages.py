"""The deal protocol's messages: their schema, their one canonical JSON form, and the checks on arrival.

A frame is at most 64 KiB of UTF-8 JSON: one object, keys sorted, no spaces, ASCII only, exactly the
bytes ``encode`` writes (so a message has one form and cannot be altered in transit without notice).
Every type lists all its fields; a missing, unknown or ill-typed field refuses the whole message with a
``MessageError`` naming the field.  Points and keys travel as 64 lowercase hex digits.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

PROTOCOL = "gin-rummy-deal/1"
MAX_FRAME = 64 * 1024
MAX_SEQ = 2**31 - 1
MAX_HAND = 100_000
DECK = 52
HEX_DIGITS = frozenset("0123456789abcdef")
NOTICE_TEXT = 400
NAME_TEXT = 40
RULES_TEXT = 2000


class MessageError(ValueError):
    """A frame that is not a well-formed message of the protocol; ``notice`` is the key a screen translates."""

    def __init__(self, detail: str, notice: str = "net.malformed") -> None:
        super().__init__(detail)
        self.notice = notice
        self.detail = detail


@dataclass(frozen=True)
class Field:
    """One field's kind: "int", "enum", "hex32", "hex32s", "ints" or "text", with its limits."""

    kind: str
    low: int = 0
    high: int = 0
    values: tuple[str, ...] = ()


_COMMON = {"type": Field("enum"), "hand": Field("int", 0, MAX_HAND), "seq": Field("int", 0, MAX_SEQ)}

SCHEMA: dict[str, dict[str, Field]] = {
    # the four passes of the shuffle: 1 and 3 by the host (seat "A"), 2 and 4 by the guest ("B")
    "deck": {"stage": Field("int", 1, 4), "points": Field("hex32s", DECK, DECK)},
    # keys for some positions: "you" for the receiver alone (a draw), "both" to show the cards
    "keys": {"to": Field("enum", values=("you", "both")), "positions": Field("ints", 1, DECK),
             "keys": Field("hex32s", 1, DECK)},
    # the hand's end: the sender's first key and all 52 position keys, for the other to check every step
    "reveal": {"key": Field("hex32"), "keys": Field("hex32s", DECK, DECK)},
    # a move of the match, in the engine's words (checked by the referee, not here)
    "move": {"action": Field("text", 1, 40), "card": Field("int", -1, DECK - 1),
             "position": Field("int", -1, DECK - 1)},
    # the sender stops: why, as a notice key and a detail
    "notice": {"notice": Field("text", 1, 64), "detail": Field("text", 0, NOTICE_TEXT)},
    # the match around the hands (game.net.session), numbered apart from the deal's messages:
    # each side's name, the host's rules as canonical JSON (the guest's empty), a commitment to its draw
    "hello": {"protocol": Field("text", 1, 40), "name": Field("text", 0, NAME_TEXT),
              "rules": Field("text", 0, RULES_TEXT), "commit": Field("hex32")},
    # the draw behind the commitment: both draws together choose the first dealer
    "open": {"nonce": Field("hex32")},
    # the guest is ready for hand ``hand``; the host deals it then
    "next": {},
    # the match is over and this side has checked every hand
    "done": {},
}


def encode(message: dict[str, Any]) -> bytes:
    """The one canonical form of a message; refuses (``MessageError``) a message that would not decode."""
    frame = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    decode(frame)
    return frame


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise MessageError(f"the field {key!r} appears twice")
        found[key] = value
    return found


def decode(frame: object) -> dict[str, Any]:
    """A received frame as a checked message; anything else raises ``MessageError``, never another error."""
    if not isinstance(frame, (bytes, bytearray)):
        raise MessageError("a frame must be bytes")
    if len(frame) > MAX_FRAME:
        raise MessageError(f"a frame of {len(frame)} bytes is over the limit of {MAX_FRAME}", "net.oversized")
    try:
        text = bytes(frame).decode("ascii")
        message = json.loads(text, object_pairs_hook=_no_duplicates,
                             parse_constant=_refuse_constant, parse_float=_refuse_float)
    except MessageError:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise MessageError(f"not JSON in ASCII: {exc}") from None
    if not isinstance(message, dict):
        raise MessageError("a message must be a JSON object")
    _check(message)
    canonical = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    if canonical != text:
        raise MessageError("the message is not in its canonical form (sorted keys, no spaces)")
    return message


def _refuse_constant(name: str) -> Any:
    raise MessageError(f"{name} is not allowed")


def _refuse_float(text: str) -> Any:
    raise MessageError(f"a number with a fraction ({text}) is not allowed")


def _check(message: dict[str, Any]) -> None:
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise MessageError(f"unknown message type {kind!r}")
    fields = {**_COMMON, **SCHEMA[kind]}
    extra = sorted(set(message) - set(fields))
    missing = sorted(set(fields) - set(message))
    if extra:
        raise MessageError(f"a {kind} message has unknown fields {extra}")
    if missing:
        raise MessageError(f"a {kind} message lacks the fields {missing}")
    for name, field in fields.items():
        if name != "type":
            _check_field(kind, name, field, message[name])
    if kind == "keys" and len(message["positions"]) != len(message["keys"]):
        raise MessageError("a keys message needs one key for each position")
    if kind == "keys" and len(set(message["positions"])) != len(message["positions"]):
        raise MessageError("a keys message names a position twice")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hex32(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= HEX_DIGITS


def _check_field(kind: str, name: str, field: Field, value: object) -> None:
    where = f"{kind}.{name}"
    if field.kind == "int":
        if not _is_int(value) or not field.low <= value <= field.high:  # type: ignore[operator]
            raise MessageError(f"{where} must be a whole number from {field.low} to {field.high}")
    elif field.kind == "enum":
        if value not in field.values:
            raise MessageError(f"{where} must be one of {list(field.values)}")
    elif field.kind == "text":
        if not isinstance(value, str) or not field.low <= len(value) <= field.high or not value.isprintable():
            raise MessageError(f"{where} must be printable text of {field.low} to {field.high} characters")
    elif field.kind == "hex32":
        if not _is_hex32(value):
            raise MessageError(f"{where} must be 64 lowercase hex digits")
    else:
        _check_list(where, field, value)


def _check_list(where: str, field: Field, value: object) -> None:
    if not isinstance(value, list) or not field.low <= len(value) <= field.high:
        raise MessageError(f"{where} must be a list of {field.low} to {field.high} items")
    if field.kind == "hex32s" and not all(_is_hex32(v) for v in value):
        raise MessageError(f"{where} must hold 64 lowercase hex digits each")
    if field.kind == "ints" and not all(_is_int(v) and 0 <= v < DECK for v in value):
        raise MessageError(f"{where} must hold positions from 0 to {DECK - 1}")


def message(kind: str, hand: int, seq: int, **fields: Any) -> dict[str, Any]:
    """A message of the given type, checked as it would be on arrival."""
    built = {"type": kind, "hand": hand, "seq": seq, **fields}
    _check(built)
    return built
