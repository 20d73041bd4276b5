"""The provably fair deal: the deck order of a hand is fixed by a secret the game commits to first.

Before a hand the game draws a fresh 32-byte secret (the app takes it from ``os.urandom``; this
module stays pure and only takes the secret as bytes) and shows its commitment, the SHA-256 of
the secret.  The player then gives their part: a seed phrase of their own (version 2) and the cut.
The deck order is a public function of the secret and the player's part (``deal_order``); once the
hand is over the game reveals the secret, and anyone can check that it matches the commitment and
gives the cards that were dealt (``fairness_check``).  docs/fairness.md describes every byte.

Version 2 (a hand dealt with the player's seed):

- ``hand_key = HMAC-SHA-256(secret, b"gin-rummy/deal/v2" || u8(dealer) || u32(hand_no) || u32(cut)
  || u16(len(seed)) || seed)``, where ``seed`` is the UTF-8 of the player's seed phrase;
- the byte stream: block ``k`` is ``HMAC-SHA-256(hand_key, u32(k))``.

Version 3 (a match sealed before the player's seed, ``fairness_chain.py``): the secrets of a match
are the links of a hash chain whose end, the match's commitment, is shown before the player gives
their seed; hand ``h`` (from 1) takes the next link, and the cut is the card from 1 to 52 (0: the game
cut, choosing nothing):

- ``hand_key = HMAC-SHA-256(secret, b"gin-rummy/deal/v3" || u8(dealer) || u32(h) || u8(cut)
  || u16(len(seed)) || seed)``, and the byte stream as in version 2.

Version 1 (seeded matches, and hands dealt before version 2): block ``k`` is
``HMAC-SHA-256(secret, b"gin-rummy/deal/v1" || u32(cut) || u32(hand_no) || u32(k))``; the dealer and
no seed of the player's enter it.

Both then read the stream as 4-byte unsigned big-endian integers, draw a number below ``n`` by
rejection (``x >= 2**32 - (2**32 % n)`` is drawn again; the number is ``x % n``) and shuffle the
deck in index order (``AC 2C ... KC AD ... KS``) by Fisher-Yates from the top.  Position 0 goes to
the non-dealer, 1 to the dealer, and so on up to 19; 20 is the upcard; 21 to 51 the stock, 21 drawn
first.

A seeded match (tests, ``--seed``) takes its secrets from the seed (version 1, cut 0): it is
reproducible, and NOT secret.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, Card
from .seeds import derive_bytes, secret_label

SECRET_BYTES = 32
CUT_MIN = 0
CUT_MAX = 2**32 - 1
HAND_NO_MAX = 2**32 - 1
PLAYER_SEED_MAX_BYTES = 256
DEAL_DOMAIN = b"gin-rummy/deal/v1"
DEAL_DOMAIN_V2 = b"gin-rummy/deal/v2"
DEAL_DOMAIN_V3 = b"gin-rummy/deal/v3"
SEAL_DOMAIN = b"gin-rummy/seal/v3"
RECORD_FORMAT = "gin-rummy-fair-deal"
RECORD_VERSION = 3
VERSIONS = (1, 2, 3)
CHAIN_LINKS = 1000  # the links of one match's chain: a match longer than that is sealed again
CUT_CARDS = 52  # version 3: the cut is the card, 1 to 52; 0 when the game cut ("cut for me")
SEEDED_CUT = 0
FINGERPRINT_DIGITS = 16  # 64 bits, in four groups of four


# ---------------------------------------------------------------------- the commitment


def _check_secret(secret: bytes) -> bytes:
    if not isinstance(secret, (bytes, bytearray)):
        raise ValueError("the secret must be bytes")
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"the secret must be {SECRET_BYTES} bytes, not {len(secret)}")
    return bytes(secret)


def _check_number(value: int, name: str, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ValueError(f"{name} must be a whole number from 0 to {most}")
    return value


def check_player_seed(seed: str) -> bytes:
    """The seed phrase's bytes (UTF-8, as typed: no normalisation); ValueError when it cannot be one."""
    if not isinstance(seed, str):
        raise ValueError("the player's seed must be text")
    try:
        data = seed.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("the player's seed is not valid text") from None
    if len(data) > PLAYER_SEED_MAX_BYTES:
        raise ValueError(f"the player's seed must be at most {PLAYER_SEED_MAX_BYTES} bytes of UTF-8")
    return data


def _check_dealer(dealer: int) -> int:
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise ValueError("the dealer must be seat 0 or 1")
    return dealer


def commitment(secret: bytes) -> str:
    """The commitment to a secret: SHA-256 of its 32 bytes, as 64 lowercase hex digits."""
    return hashlib.sha256(_check_secret(secret)).hexdigest()


def fingerprint(commitment_hex: str) -> str:
    """The form a person compares: the first 16 hex digits (64 bits) in groups of four, ``'630d cd29 66c4 3366'``."""
    head = commitment_hex.strip().lower()[:FINGERPRINT_DIGITS]
    return " ".join(head[i : i + 4] for i in range(0, len(head), 4))


# ---------------------------------------------------------------------- the deck order


def _message(cut: int, hand_no: int, counter: int) -> bytes:
    return DEAL_DOMAIN + cut.to_bytes(4, "big") + hand_no.to_bytes(4, "big") + counter.to_bytes(4, "big")


def stream_block(secret: bytes, cut: int, hand_no: int, counter: int) -> bytes:
    """Block ``counter`` (32 bytes) of the version-1 byte stream."""
    _check_secret(secret)
    _check_number(cut, "the cut", CUT_MAX)
    _check_number(hand_no, "the hand number", HAND_NO_MAX)
    _check_number(counter, "the block counter", 2**32 - 1)
    return hmac.digest(secret, _message(cut, hand_no, counter), "sha256")


def hand_key(secret: bytes, player_seed: str, cut: int, hand_no: int, dealer: int) -> bytes:
    """Version 2: the key of a hand's byte stream, binding the secret, the player's part and the dealer."""
    seed = check_player_seed(player_seed)
    message = (DEAL_DOMAIN_V2 + bytes([_check_dealer(dealer)])
               + _check_number(hand_no, "the hand number", HAND_NO_MAX).to_bytes(4, "big")
               + _check_number(cut, "the cut", CUT_MAX).to_bytes(4, "big")
               + len(seed).to_bytes(2, "big") + seed)
    return hmac.digest(_check_secret(secret), message, "sha256")


def hand_key_v3(secret: bytes, player_seed: str, cut: int, hand: int, dealer: int) -> bytes:
    """Version 3: the hand's key; ``hand`` counts from 1 and ``cut`` is the card (0: cut by the game)."""
    seed = check_player_seed(player_seed)
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= HAND_NO_MAX:
        raise ValueError(f"the hand must be a whole number from 1 to {HAND_NO_MAX}")
    message = (DEAL_DOMAIN_V3 + bytes([_check_dealer(dealer)]) + hand.to_bytes(4, "big")
               + bytes([_check_number(cut, "the cut", CUT_CARDS)]) + len(seed).to_bytes(2, "big") + seed)
    return hmac.digest(_check_secret(secret), message, "sha256")


def chain_commitment(secret: bytes, link: int, first_hand: int) -> str:
    """Version 3: the match's commitment that the secret of link ``link`` (from 1) leads to, for a seal whose
    link 1 deals hand ``first_hand``: ``link - 1`` rounds of SHA-256 give link 1, and the commitment is
    ``SHA-256("gin-rummy/seal/v3" || u32(first_hand) || link 1)``, so a link fits one hand only."""
    value = _check_secret(secret)
    if not isinstance(link, int) or isinstance(link, bool) or not 1 <= link <= CHAIN_LINKS:
        raise ValueError(f"the link must be a whole number from 1 to {CHAIN_LINKS}")
    if not isinstance(first_hand, int) or isinstance(first_hand, bool) or not 1 <= first_hand <= HAND_NO_MAX:
        raise ValueError(f"the seal's first hand must be a whole number from 1 to {HAND_NO_MAX}: the link is past "
                         "the hand")
    for _ in range(link - 1):
        value = hashlib.sha256(value).digest()
    return hashlib.sha256(SEAL_DOMAIN + first_hand.to_bytes(4, "big") + value).hexdigest()


_EIGHT_WORDS = struct.Struct(">8I")  # a 32-byte block as eight 4-byte big-endian words
_FIRST_BLOCKS = 7  # 56 numbers: the 51 swaps need more only after six rejections, each a chance below 2**-26
_FIRST_WORDS = struct.Struct(f">{8 * _FIRST_BLOCKS}I")
_LIMITS = tuple(2**32 - (2**32 % n) if n else 0 for n in range(53))  # rejection bound for numbers below n


def _blocks_v1(secret: bytes, cut: int, hand_no: int) -> Callable[[int], bytes]:
    head = DEAL_DOMAIN + cut.to_bytes(4, "big") + hand_no.to_bytes(4, "big")
    return lambda k: hmac.digest(secret, head + k.to_bytes(4, "big"), "sha256")


def _blocks_v2(key: bytes) -> Callable[[int], bytes]:
    return lambda k: hmac.digest(key, k.to_bytes(4, "big"), "sha256")


def _shuffle(block: Callable[[int], bytes]) -> tuple[Card, ...]:
    """Fisher-Yates from the top, each number drawn from the stream whose block ``k`` is ``block(k)``."""
    words = list(_FIRST_WORDS.unpack(b"".join([block(k) for k in range(_FIRST_BLOCKS)])))
    deck = list(DECK)
    k = 0
    limits = _LIMITS
    for i in range(51, 0, -1):
        n = i + 1
        x = words[k]
        k += 1
        while x >= limits[n]:  # drawn again: read on so this swap and the i - 1 after it have words
            while len(words) < k + i:
                words.extend(_EIGHT_WORDS.unpack(block(len(words) // 8)))
            x = words[k]
            k += 1
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deal_order_v3(secret: bytes, cut: int, hand: int, player_seed: str, dealer: int) -> tuple[Card, ...]:
    """Version 3: the 52 cards of hand ``hand`` (from 1), cut at card ``cut`` (0: by the game)."""
    return _shuffle(_blocks_v2(hand_key_v3(secret, player_seed, cut, hand, dealer)))


def deal_order(secret: bytes, cut: int, hand_no: int, player_seed: str | None = None,
               dealer: int | None = None) -> tuple[Card, ...]:
    """The 52 cards in the order they are dealt: version 2 with ``player_seed`` (and ``dealer``), else 1."""
    _check_secret(secret)
    _check_number(cut, "the cut", CUT_MAX)
    _check_number(hand_no, "the hand number", HAND_NO_MAX)
    if player_seed is None:
        return _shuffle(_blocks_v1(bytes(secret), cut, hand_no))
    if dealer is None:
        raise ValueError("a hand dealt with the player's seed binds the dealer: give it")
    return _shuffle(_blocks_v2(hand_key(secret, player_seed, cut, hand_no, dealer)))


def dealt_hands(order: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The ten cards each seat is dealt from ``order`` (seat 0's, seat 1's), in dealing order."""
    if dealer not in (0, 1):
        raise ValueError("the dealer must be seat 0 or 1")
    first, second = tuple(order[0:20:2]), tuple(order[1:20:2])
    return (second, first) if dealer == 0 else (first, second)


def seeded_secret(seed: int, hand_no: int) -> bytes:
    """The secret of hand ``hand_no`` of a seeded match: derived from the seed, so NOT secret."""
    return derive_bytes(seed, secret_label(hand_no))


# ---------------------------------------------------------------------- sources and deals


@dataclass(frozen=True)
class DeckSource:
    """What the caller supplies to deal a hand: a fresh secret, the cut and the player's seed.

    ``player_seed`` None deals by version 1 (seeded matches, old saves); text deals by version 2, or
    by version 3 when ``link`` names the secret's place in its match's chain (``fairness_chain``).
    ``by_player`` says whether a player gave the cut (False: "cut for me").  ``repr`` never shows
    the secret.  Build it after the commitment has been shown and the player has given their part.
    """

    secret: bytes = field(repr=False)
    cut: int = 0
    player_seed: str | None = None
    by_player: bool = True
    link: int | None = None
    first_hand: int = 1  # version 3: the hand (from 1) that link 1 of the seal deals

    def __post_init__(self) -> None:
        object.__setattr__(self, "secret", _check_secret(self.secret))
        _check_number(self.cut, "the cut", CUT_CARDS if self.link is not None else CUT_MAX)
        if self.player_seed is not None:
            check_player_seed(self.player_seed)
        if self.link is not None:
            chain_commitment(self.secret, self.link, self.first_hand)
            if self.player_seed is None:
                raise ValueError("a hand of a sealed match is dealt with the player's seed")

    @property
    def commitment(self) -> str:
        if self.link is None:
            return commitment(self.secret)
        return chain_commitment(self.secret, self.link, self.first_hand)

    @classmethod
    def seeded(cls, seed: int, hand_no: int) -> DeckSource:
        """The source of hand ``hand_no`` of a seeded match (reproducible and not secret)."""
        return cls(seeded_secret(seed, hand_no), SEEDED_CUT, by_player=False)


@dataclass(frozen=True)
class FairDeal:
    """One hand's deal: its secret, the player's part, the hand number and dealer, and the order they give.

    The state keeps this and never hands it to a seat: events and observations carry only
    ``commitment`` (version 3: the match's).  Once the hand is over the state gives it out
    (``revealed_deal``, ``export_hand``) for the player to check.  ``repr`` never shows the secret.
    ``hand_no`` counts from 0 inside the engine; a version-3 record writes it from 1 as ``hand``.
    """

    secret: bytes = field(repr=False)
    cut: int
    hand_no: int
    player_seed: str | None = None
    dealer: int | None = None  # bound into a version-2 or 3 deal; version 1 does not bind it
    by_player: bool = field(default=True, compare=False)
    link: int | None = None  # version 3: the secret's place in the match's chain, from 1
    order: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    commitment: str = field(init=False, repr=False, compare=False)  # worked out once: every observation shows it

    def __post_init__(self) -> None:
        object.__setattr__(self, "secret", _check_secret(self.secret))
        if self.link is None:
            order = deal_order(self.secret, self.cut, self.hand_no, self.player_seed, self.dealer)
            shown = commitment(self.secret)
        else:
            if self.player_seed is None or self.dealer is None:
                raise ValueError("a hand of a sealed match binds the player's seed and the dealer: give them")
            order = deal_order_v3(self.secret, self.cut, self.hand_no + 1, self.player_seed, self.dealer)
            shown = chain_commitment(self.secret, self.link, self.hand_no + 2 - self.link)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "commitment", shown)

    @classmethod
    def from_source(cls, source: DeckSource, hand_no: int, dealer: int | None = None) -> FairDeal:
        if source.link is not None and hand_no + 1 != source.first_hand + source.link - 1:
            raise ValueError(f"link {source.link} of this seal deals hand {source.first_hand + source.link - 1}, "
                             f"not hand {hand_no + 1}")
        bound = dealer if source.player_seed is not None else None
        return cls(source.secret, source.cut, hand_no, source.player_seed, bound, source.by_player, source.link)

    @property
    def version(self) -> int:
        return 1 if self.player_seed is None else 2 if self.link is None else 3

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def record(self, dealer: int) -> dict[str, Any]:
        """The exported hand (one JSON object; see ``export_line``) for a hand dealt by ``dealer``."""
        if self.dealer is not None and dealer != self.dealer:
            raise ValueError(f"this hand was dealt by seat {self.dealer}, not {dealer}")
        return record_fields(self.version, self.hand_no, dealer, self.commitment, self.secret.hex(),
                             self.player_seed, self.cut, self.link, self.order)

    def export_line(self, dealer: int) -> str:
        """The hand as one line of the JSON-lines export that ``python3 -m game.verify`` checks."""
        return export_line(self.record(dealer))


def record_fields(version: int, hand_no: int, dealer: int, shown: str, secret_hex: str, player_seed: str | None,
                  cut: int, link: int | None, order: Sequence[Card]) -> dict[str, Any]:
    """The exported hand's fields in their documented order (docs/fairness.md, "The exported hand")."""
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": version}
    if version >= 3:
        record.update({"hand": hand_no + 1, "dealer": dealer, "commitment": shown, "link": link})
    else:
        record.update({"hand_no": hand_no, "dealer": dealer, "commitment": shown})
    record["secret"] = secret_hex
    if player_seed is not None:
        record["player_seed"] = player_seed
    hands = dealt_hands(order, dealer)
    record.update({"cut": cut, "order": [str(c) for c in order], "hands": [[str(c) for c in h] for h in hands],
                   "upcard": str(order[20])})
    return record


# Every character Python's str.splitlines breaks at, apart from LF, which JSON escapes already.
_LINE_BREAKS = {ord(ch): f"\\u{ord(ch):04x}" for ch in "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


def export_line(record: dict[str, Any]) -> str:
    """One exported hand as one line: JSON with every character some reader takes for a line break
    escaped (U+2028, U+2029, U+0085, CR ...), so that no reader splits the line inside the seed."""
    return json.dumps(record, separators=(", ", ": "), ensure_ascii=False).translate(_LINE_BREAKS)
