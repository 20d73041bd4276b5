"""The commutative cipher of the deal: Pohlig-Hellman in the prime-order subgroup of edwards25519.

Locking a point multiplies it by a secret scalar; two locks commute, so either player can take off their
own lock whatever the order they were put on.  The group has prime order ``L``: there is no
quadratic-residue bit to read and no small subgroup to hide a card in, as long as every point received is
checked (canonical, in the main subgroup, not the identity), which ``check_point`` does.  The arithmetic
is libsodium's (through PyNaCl); docs/online.md says why this group and how a card becomes a point.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from nacl import bindings as _na
from nacl.exceptions import RuntimeError as _NaclRuntimeError

from game.engine import Card

L = 2**252 + 27742317777372353535851937790883648493
POINT_BYTES = 32
SCALAR_BYTES = 32
CARD_LABEL = b"gin-rummy/online/v1/card/"


class CipherError(ValueError):
    """A point or a key that the cipher refuses, with what was wrong in plain words."""


def card_input(card: int) -> bytes:
    """The 32 bytes a card is mapped from: SHA-256 of the label and the card's name ("AC" ... "KS")."""
    return hashlib.sha256(CARD_LABEL + str(Card(card)).encode("ascii")).digest()


def _encode_cards() -> tuple[bytes, ...]:
    return tuple(_na.crypto_core_ed25519_from_uniform(card_input(i)) for i in range(52))


CARD_POINTS: tuple[bytes, ...] = _encode_cards()
CARD_OF_POINT: dict[bytes, int] = {p: i for i, p in enumerate(CARD_POINTS)}


def check_point(point: object) -> bytes:
    """A received point, refused unless canonical, in the prime-order subgroup and not the identity."""
    if not isinstance(point, bytes) or len(point) != POINT_BYTES:
        raise CipherError("a point must be 32 bytes")
    if not _na.crypto_core_ed25519_is_valid_point(point):
        raise CipherError("not a point of the prime-order group (small order, off the curve or not canonical)")
    if int.from_bytes(point, "little") & ((1 << 255) - 1) >= 2**255 - 19:
        raise CipherError("a point's encoding is not canonical")
    return point


def check_scalar(scalar: object) -> bytes:
    """A received key, refused unless canonical (below L) and not zero."""
    if not isinstance(scalar, bytes) or len(scalar) != SCALAR_BYTES:
        raise CipherError("a key must be 32 bytes")
    value = int.from_bytes(scalar, "little")
    if value >= L:
        raise CipherError("a key must be below the group order")
    if value == 0:
        raise CipherError("a key must not be zero")
    return scalar


def scalar_from_int(value: int) -> bytes:
    return check_scalar((value % L).to_bytes(SCALAR_BYTES, "little"))


def new_key(randbytes: Callable[[int], bytes] | None = None) -> bytes:
    """A fresh key: 64 random bytes reduced mod L (no bias worth the name), from the given source or ``secrets``."""
    source = randbytes or secrets.token_bytes
    while True:
        wide = source(64)
        if len(wide) != 64:
            raise CipherError("the random source gave the wrong number of bytes")
        key = _na.crypto_core_ed25519_scalar_reduce(wide)
        if int.from_bytes(key, "little") != 0:
            return bytes(key)


def invert(key: bytes) -> bytes:
    return bytes(_na.crypto_core_ed25519_scalar_invert(check_scalar(key)))


def mul_keys(first: bytes, second: bytes) -> bytes:
    return bytes(_na.crypto_core_ed25519_scalar_mul(first, second))


def lock(key: bytes, point: bytes) -> bytes:
    """The point locked once more with the key (a scalar multiplication)."""
    try:
        return bytes(_na.crypto_scalarmult_ed25519_noclamp(key, point))
    except _NaclRuntimeError as exc:  # libsodium refuses a result that is the identity
        raise CipherError("locking gave the identity") from exc


def unlock(key: bytes, point: bytes) -> bytes:
    """The point with the key's lock taken off (multiplied by the key's inverse)."""
    return lock(invert(key), point)


def card_of(point: bytes) -> int | None:
    """The card a fully unlocked point encodes, or None when it encodes none."""
    return CARD_OF_POINT.get(point)
