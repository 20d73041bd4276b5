"""One way to turn a match seed into the numbers the game needs, so that no two uses can be confused.

``derive_seed(match_seed, label)`` is the only derivation: every deal uses the label
``"deal/<hand number>"`` and the first dealer's lot ``"lot"``.  Whoever needs randomness of its own
(a bot: ``"bot/<seat>"``, a hint: ``"hint/<seat>"``) gets ``derive_seed(match_seed, <its label>)``,
never the match seed itself: SHA-256 cannot be run backwards, so a derived value tells nothing about
the match seed or about the values derived for other labels.  (A match seed drawn from a small range
can still be found by trying every value in it: matches that must be safe from that need a seed of
64 bits or more, or the provably fair deal of ``fairness.py``.)

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
    """The 32-byte SHA-256 digest that ``derive_seed`` is cut from (see the module's documentation)."""
    return hashlib.sha256(_message(match_seed, label)).digest()


def derive_seed(match_seed: int, label: str) -> int:
    """A 64-bit seed for ``label`` (e.g. ``"deal/3"``, ``"bot/1"``) derived from the match seed."""
    return int.from_bytes(derive_bytes(match_seed, label)[:8], "big")


def deal_label(hand_no: int) -> str:
    """The label of a hand's deal."""
    return f"deal/{hand_no:d}"


def bot_label(seat: int) -> str:
    """The label of the bot sitting in ``seat``."""
    return f"bot/{seat:d}"
