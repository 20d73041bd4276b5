"""The hidden part of a match file, sealed so that no card can be read in a text editor.

A hot-seat player may open ``match.json`` between turns: the hands, the stock and the match's seal
(whose root gives every secret of the match) would show the other player's cards.  They are
compressed and mixed with a keystream (SHAKE-256 of a label and a fresh nonce kept beside them), then
written as base64.  The key is in the file: this keeps the cards out of plain sight, it does not keep
them from a player who runs the game's code on the file (docs/history.md).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import zlib

from game.engine import MAX_SAVE_BYTES, SaveError

LABEL = b"gin-rummy/resume/sealed"
NONCE_BYTES = 16
MAX_OPEN_BYTES = 2 * MAX_SAVE_BYTES  # the match and its hand record, unpacked


def _mix(data: bytes, nonce: bytes) -> bytes:
    if not data:
        return data
    stream = hashlib.shake_256(LABEL + nonce).digest(len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def seal_fields(body: str) -> dict[str, str]:
    """The envelope's ``nonce`` and ``sealed`` fields for ``body`` (a JSON object's text)."""
    nonce = os.urandom(NONCE_BYTES)
    packed = _mix(zlib.compress(body.encode("utf-8"), 6), nonce)
    return {"nonce": nonce.hex(), "sealed": base64.b64encode(packed).decode("ascii")}


def open_fields(data: dict[str, object]) -> dict[str, object]:
    """The object sealed in an envelope by ``seal_fields``; SaveError when it cannot be opened."""
    nonce_hex, sealed = data.get("nonce"), data.get("sealed")
    if not isinstance(nonce_hex, str) or not isinstance(sealed, str):
        raise SaveError("the save's sealed part is missing")
    try:
        nonce = bytes.fromhex(nonce_hex)
        packed = _mix(base64.b64decode(sealed, validate=True), nonce)
        unpack = zlib.decompressobj()
        raw = unpack.decompress(packed, MAX_OPEN_BYTES)
        if unpack.unconsumed_tail or not unpack.eof:
            raise SaveError("the save's sealed part is damaged or too large")
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, binascii.Error, zlib.error, UnicodeDecodeError, RecursionError):
        raise SaveError("the save's sealed part is damaged") from None
    if not isinstance(body, dict):
        raise SaveError("the save's sealed part is damaged")
    return body
