"""The provably fair deal: the deck order of a hand is fixed by a secret the game commits to first.

Before a hand the game draws a fresh 32-byte secret (the app takes it from ``os.urandom``; this
module stays pure and only takes the secret as bytes) and shows its commitment, the SHA-256 of
the secret.  The player then chooses the cut, an integer from 0 to 2**32 - 1.  The deck order is a
function of the secret, the cut and the hand number only (``deal_order``); once the hand is over
the game reveals the secret, and anyone can check (``verify``) that it matches the commitment and
gives the cards that were dealt.  The game cannot change the secret after seeing the cut, and the
player cannot steer the deal without knowing the secret.

docs/fairness.md describes every byte so the check can be written again in any language:

- cards: the 52 cards in index order ``AC 2C ... KC AD ... KD AH ... KH AS ... KS`` (index =
  suit * 13 + rank, suits clubs, diamonds, hearts, spades; ranks ace low to king), written as rank
  ``A23456789TJQK`` then suit ``CDHS``;
- the byte stream: HMAC-SHA-256 keyed with the secret over ``b"gin-rummy/deal/v1"`` followed by
  the cut, the hand number and a block counter, each a 4-byte unsigned big-endian integer; block
  0, 1, 2, ... are concatenated;
- a uniform integer below ``n``: the next 4 bytes as an unsigned big-endian integer ``x``, drawn
  again while ``x >= 2**32 - (2**32 % n)``; the result is ``x % n``;
- the shuffle: Fisher-Yates from the top: for ``i`` from 51 down to 1, ``j`` = a uniform integer
  below ``i + 1``, swap positions ``i`` and ``j`` of the deck in index order;
- the deal: position 0 goes to the non-dealer, 1 to the dealer, and so on alternately up to 19;
  position 20 is the upcard; positions 21 to 51 are the stock, 21 on top (drawn first).

A seeded match (tests, ``--seed``) takes its secrets from the seed: the secret of hand ``n`` is
``derive_bytes(seed, "secret/deal/<n>")`` and the cut is 0.  That keeps such matches reproducible, and
it is NOT secret: whoever knows the seed knows every deal.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, Card
from .seeds import derive_bytes, secret_label

SECRET_BYTES = 32
CUT_MIN = 0
CUT_MAX = 2**32 - 1
HAND_NO_MAX = 2**32 - 1
DEAL_DOMAIN = b"gin-rummy/deal/v1"
RECORD_FORMAT = "gin-rummy-fair-deal"
RECORD_VERSION = 1
SEEDED_CUT = 0


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


def commitment(secret: bytes) -> str:
    """The commitment to a secret: SHA-256 of its 32 bytes, as 64 lowercase hex digits."""
    return hashlib.sha256(_check_secret(secret)).hexdigest()


def fingerprint(commitment_hex: str) -> str:
    """The short form to show a person: the first 8 hex digits in two groups, e.g. ``'3f0a 9bc2'``."""
    head = commitment_hex.strip().lower()[:8]
    return f"{head[:4]} {head[4:]}"


# ---------------------------------------------------------------------- the deck order


def _message(cut: int, hand_no: int, counter: int) -> bytes:
    return DEAL_DOMAIN + cut.to_bytes(4, "big") + hand_no.to_bytes(4, "big") + counter.to_bytes(4, "big")


def stream_block(secret: bytes, cut: int, hand_no: int, counter: int) -> bytes:
    """Block ``counter`` (32 bytes) of the byte stream that shuffles the deck."""
    _check_secret(secret)
    _check_number(cut, "the cut", CUT_MAX)
    _check_number(hand_no, "the hand number", HAND_NO_MAX)
    _check_number(counter, "the block counter", 2**32 - 1)
    return hmac.digest(secret, _message(cut, hand_no, counter), "sha256")


_EIGHT_WORDS = struct.Struct(">8I")


def _words(secret: bytes, cut: int, hand_no: int) -> Iterator[int]:
    """The byte stream read as 4-byte unsigned big-endian integers."""
    counter = 0
    while True:
        yield from _EIGHT_WORDS.unpack(hmac.digest(secret, _message(cut, hand_no, counter), "sha256"))
        counter += 1


def deal_order(secret: bytes, cut: int, hand_no: int) -> tuple[Card, ...]:
    """The 52 cards in the order they are dealt (see the module's documentation)."""
    _check_secret(secret)
    _check_number(cut, "the cut", CUT_MAX)
    _check_number(hand_no, "the hand number", HAND_NO_MAX)
    word = _words(bytes(secret), cut, hand_no).__next__
    deck = list(DECK)
    for i in range(51, 0, -1):
        # a uniform j in 0 .. i by rejection sampling (no modulo bias)
        limit = 2**32 - (2**32 % (i + 1))
        x = word()
        while x >= limit:
            x = word()
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


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
    """What the caller supplies to deal a hand: a fresh secret and the player's cut.

    ``repr`` never shows the secret.  Build it after the commitment has been shown and the cut
    chosen: ``DeckSource(secret, cut)``.
    """

    secret: bytes = field(repr=False)
    cut: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "secret", _check_secret(self.secret))
        _check_number(self.cut, "the cut", CUT_MAX)

    @property
    def commitment(self) -> str:
        return commitment(self.secret)

    @classmethod
    def seeded(cls, seed: int, hand_no: int) -> DeckSource:
        """The source of hand ``hand_no`` of a seeded match (reproducible and not secret)."""
        return cls(seeded_secret(seed, hand_no), SEEDED_CUT)


@dataclass(frozen=True)
class FairDeal:
    """One hand's deal: its secret, cut and hand number, and the deck order they give.

    The state keeps this and never hands it to a seat: events and observations carry only
    ``commitment``.  Once the hand is over the state gives it out (``revealed_deal``,
    ``export_hand``) for the player to check.  ``repr`` never shows the secret.
    """

    secret: bytes = field(repr=False)
    cut: int
    hand_no: int
    order: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    commitment: str = field(init=False, repr=False, compare=False)  # worked out once: every observation shows it

    def __post_init__(self) -> None:
        object.__setattr__(self, "secret", _check_secret(self.secret))
        object.__setattr__(self, "order", deal_order(self.secret, self.cut, self.hand_no))
        object.__setattr__(self, "commitment", commitment(self.secret))

    @classmethod
    def from_source(cls, source: DeckSource, hand_no: int) -> FairDeal:
        return cls(source.secret, source.cut, hand_no)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def record(self, dealer: int) -> dict[str, Any]:
        """The exported hand (one JSON object; see ``export_line``) for a hand dealt by ``dealer``."""
        hands = dealt_hands(self.order, dealer)
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "hand_no": self.hand_no,
            "dealer": dealer,
            "commitment": self.commitment,
            "secret": self.secret.hex(),
            "cut": self.cut,
            "order": [str(c) for c in self.order],
            "hands": [[str(c) for c in h] for h in hands],
            "upcard": str(self.order[20]),
        }

    def export_line(self, dealer: int) -> str:
        """The hand as one line of the JSON-lines export that ``python3 -m game.verify`` checks."""
        return json.dumps(self.record(dealer), separators=(", ", ": "))


# ---------------------------------------------------------------------- verification


@dataclass(frozen=True)
class Verification:
    """The answer of ``verify``: ``ok`` and, when not, what does not match.

    ``bool(v)`` is ``v.ok``; ``ok, explanation = v`` unpacks it.
    """

    ok: bool
    problems: tuple[str, ...] = ()
    summary: str = ""

    @property
    def explanation(self) -> str:
        if self.ok:
            return "OK" + (f": {self.summary}" if self.summary else "")
        return "; ".join(self.problems)

    def __bool__(self) -> bool:
        return self.ok

    def __iter__(self) -> Iterator[bool | str]:
        yield self.ok
        yield self.explanation


def _parse_hex_secret(secret: bytes | str) -> bytes:
    if isinstance(secret, str):
        text = secret.strip().lower()
        if len(text) != 2 * SECRET_BYTES or any(ch not in "0123456789abcdef" for ch in text):
            raise ValueError(f"the secret must be {2 * SECRET_BYTES} hex digits")
        return bytes.fromhex(text)
    return _check_secret(secret)


def _parse_order(card_order: Sequence[Card | int | str]) -> list[Card]:
    cards = [Card.parse(c) if isinstance(c, str) else Card(c) for c in card_order]
    if len(cards) != 52 or len(set(cards)) != 52:
        raise ValueError(f"the card order must list the 52 cards once each, not {len(cards)} cards")
    return cards


def verify(
    commitment_hex: str,
    secret: bytes | str,
    cut: int,
    hand_no: int,
    card_order: Sequence[Card | int | str],
) -> Verification:
    """Check a finished hand: the secret matches the commitment, and with the cut and the hand
    number it gives exactly ``card_order``.  ``secret`` is bytes or 64 hex digits."""
    problems: list[str] = []
    try:
        key = _parse_hex_secret(secret)
    except ValueError as e:
        return Verification(False, (str(e),))
    text = commitment_hex.strip().lower() if isinstance(commitment_hex, str) else ""
    if len(text) != 64 or any(ch not in "0123456789abcdef" for ch in text):
        problems.append("the commitment must be 64 hex digits")
    elif commitment(key) != text:
        problems.append(
            f"the secret does not match the commitment: SHA-256 of the secret is {fingerprint(commitment(key))}..., "
            f"the commitment shown was {fingerprint(text)}..."
        )
    try:
        _check_number(cut, "the cut", CUT_MAX)
        _check_number(hand_no, "the hand number", HAND_NO_MAX)
    except ValueError as e:
        return Verification(False, tuple(problems + [str(e)]))
    try:
        given = _parse_order(card_order)
    except ValueError as e:
        return Verification(False, tuple(problems + [str(e)]))
    expected = deal_order(key, cut, hand_no)
    if tuple(given) != expected:
        at = next(i for i, (a, b) in enumerate(zip(given, expected, strict=True)) if a != b)
        problems.append(
            f"the card order is not the one the secret, cut {cut} and hand {hand_no} give: "
            f"first difference at position {at}, {expected[at]} expected, {given[at]} found"
        )
    if problems:
        return Verification(False, tuple(problems))
    return Verification(True, (), f"hand {hand_no}, cut {cut}, commitment {fingerprint(text)}")


def verify_record(record: Mapping[str, Any]) -> Verification:
    """Check one exported hand (a parsed line of the JSON-lines export) on its own."""
    if not isinstance(record, Mapping):
        return Verification(False, ("a hand record must be a JSON object",))
    if record.get("format") != RECORD_FORMAT:
        return Verification(False, (f"not a fair-deal record (format should be {RECORD_FORMAT!r})",))
    if record.get("version") != RECORD_VERSION:
        return Verification(False, (f"unknown record version {record.get('version')!r}",))
    missing = [k for k in ("hand_no", "commitment", "secret", "cut", "order") if k not in record]
    if missing:
        return Verification(False, (f"missing fields: {', '.join(missing)}",))
    secret, order = record["secret"], record["order"]
    if not isinstance(secret, str):
        return Verification(False, ("the secret must be written as hex digits",))
    if not isinstance(order, list):
        return Verification(False, ("the order must be a list of cards",))
    if not isinstance(record["commitment"], str):
        return Verification(False, ("the commitment must be written as hex digits",))
    try:
        result = verify(record["commitment"], secret, record["cut"], record["hand_no"], order)
    except ValueError as e:  # a card that is no card
        return Verification(False, (str(e),))
    if not result.ok:
        return result
    problems: list[str] = []
    cards = _parse_order(order)
    dealer = record.get("dealer")
    if "hands" in record or "upcard" in record:
        if dealer not in (0, 1) or isinstance(dealer, bool):
            return Verification(False, ("the dealer must be seat 0 or 1 to check the hands",))
        if "hands" in record:
            expected_hands = dealt_hands(cards, dealer)
            hands = record["hands"]
            if not isinstance(hands, list) or len(hands) != 2:
                problems.append("hands must be two lists of cards")
            else:
                for seat in (0, 1):
                    try:
                        held = tuple(Card.parse(str(c)) for c in hands[seat])
                    except (ValueError, TypeError):
                        problems.append(f"seat {seat}'s hand holds something that is not a card")
                        continue
                    if held != expected_hands[seat]:
                        problems.append(
                            f"seat {seat}'s dealt hand does not follow the order "
                            f"(expected {' '.join(map(str, expected_hands[seat]))})"
                        )
        if "upcard" in record and record["upcard"] != str(cards[20]):
            problems.append(f"the upcard does not follow the order (expected {cards[20]})")
    if problems:
        return Verification(False, tuple(problems))
    return result
