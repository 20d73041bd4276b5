"""One way to turn a match seed into the values the game needs, so that no two uses can be confused.

``derive_bytes(match_seed, label)`` / ``derive_seed(match_seed, label)`` are the only derivation.
The labels in use:

- ``"secret/deal/<hand number>"``: the deal secret of a hand of a seeded match (``fairness.py``);
- ``"lot"``: the first dealer's lot;
- ``"bot/<seat>"``: the seed of the bot in that seat; ``"hint/<seat>"``: the hint's randomness.

Whoever needs randomness of its own (a bot) gets ``derive_seed(match_seed, <its label>)``, never the
match seed itself: SHA-256 cannot be run backwards, so a derived value tells nothing about the match
seed or about the values derived for other labels, and the deals cannot be rebuilt from it.  Deal
secrets live under their own ``secret/`` prefix so that no seed handed out ever shares bytes with
one.  (A match seed drawn from a small range can still be found by trying every value in it:
matches that must be safe from that need a seed of 64 bits or more, or the fair deal's fresh
secrets.)

The encoding, so that any language can reproduce it: the UTF-8 bytes of

    "gin-rummy/derive/v1" LF <the seed in decimal, a minus sign first if negative> LF <label>

(LF is the byte 0x0A).  ``derive_bytes`` is the SHA-256 digest of that message (32 bytes);
``derive_seed`` is its first 8 bytes read as an unsigned big-endian integer (0 .. 2**64 - 1).
"""
from __future__ import annotations

import hashlib

DERIVE_PREFIX = "gin-rummy/derive/v1"


def _message(match_seed: int, label: str) -> bytes:
    if not isinstance(match_seed, int) or isinstance(match_seed, bool):
        raise ValueError(f"the match seed must be an int, not {match_seed!r}")
    if not isinstance(label, str):
        raise ValueError(f"the label must be text, not {label!r}")
    return f"{DERIVE_PREFIX}\n{match_seed:d}\n{label}".encode()


def derive_bytes(match_seed: int, label: str) -> bytes:
    """The 32-byte SHA-256 digest for ``label`` (see the module's documentation)."""
    return hashlib.sha256(_message(match_seed, label)).digest()


def derive_seed(match_seed: int, label: str) -> int:
    """A 64-bit seed for ``label`` (e.g. ``"bot/1"``) derived from the match seed."""
    return int.from_bytes(derive_bytes(match_seed, label)[:8], "big")


def secret_label(hand_no: int) -> str:
    """The label of a seeded hand's deal secret."""
    return f"secret/deal/{hand_no:d}"


def bot_label(seat: int) -> str:
    """The label of the bot sitting in ``seat``."""
    return f"bot/{seat:d}"
