"""Checking a finished hand of the fair deal: ``verify`` for its parts, ``verify_record`` for an exported
record (docs/fairness.md, "The exported hand").  Version 2 is strict about text (64 lowercase hex digits,
every bound field present); version 1 keeps the leniency it was published with, so old exports still
check out."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .fairness import (
    CUT_MAX,
    HAND_NO_MAX,
    RECORD_FORMAT,
    SECRET_BYTES,
    VERSIONS,
    _check_number,
    _check_secret,
    check_player_seed,
    commitment,
    deal_order,
    dealt_hands,
    fingerprint,
)

HEX = "0123456789abcdef"


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


def _is_hex64(text: str) -> bool:
    return len(text) == 64 and all(ch in HEX for ch in text)


def _parse_hex_secret(secret: bytes | str, strict: bool) -> bytes:
    if isinstance(secret, str):
        text = secret if strict else secret.strip().lower()
        if not _is_hex64(text):
            case = "lowercase " if strict else ""
            raise ValueError(f"the secret must be {2 * SECRET_BYTES} {case}hex digits")
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
    *,
    player_seed: str | None = None,
    dealer: int | None = None,
) -> Verification:
    """Check a finished hand: the secret matches the commitment, and with the player's part, the hand
    number (and, version 2, the dealer) it gives exactly ``card_order``.  ``secret`` is bytes or 64
    hex digits; ``player_seed`` given means version 2 (strict lowercase hex)."""
    strict = player_seed is not None
    problems: list[str] = []
    try:
        key = _parse_hex_secret(secret, strict)
    except ValueError as e:
        return Verification(False, (str(e),))
    text = commitment_hex if isinstance(commitment_hex, str) else ""
    text = text if strict else text.strip().lower()
    if not _is_hex64(text):
        problems.append("the commitment must be 64 " + ("lowercase " if strict else "") + "hex digits")
    elif commitment(key) != text:
        problems.append(
            f"the secret does not match the commitment: SHA-256 of the secret is {fingerprint(commitment(key))}..., "
            f"the commitment shown was {fingerprint(text)}..."
        )
    try:
        _check_number(cut, "the cut", CUT_MAX)
        _check_number(hand_no, "the hand number", HAND_NO_MAX)
        if strict:
            assert player_seed is not None
            check_player_seed(player_seed)
            if dealer is None:
                raise ValueError("the dealer must be seat 0 or 1")
        given = _parse_order(card_order)
        expected = deal_order(key, cut, hand_no, player_seed, dealer)
    except ValueError as e:
        return Verification(False, tuple(problems + [str(e)]))
    if tuple(given) != expected:
        at = next(i for i, (a, b) in enumerate(zip(given, expected, strict=True)) if a != b)
        part = f"the player's seed, cut {cut}, hand {hand_no} and dealer {dealer}" if strict else \
            f"cut {cut} and hand {hand_no}"
        problems.append(
            f"the card order is not the one the secret, {part} give: "
            f"first difference at position {at}, {expected[at]} expected, {given[at]} found"
        )
    if problems:
        return Verification(False, tuple(problems))
    return Verification(True, (), f"hand {hand_no}, cut {cut}, commitment {fingerprint(text)}")


def _fields_problem(record: Mapping[str, Any], version: int) -> str | None:
    needed = ["hand_no", "commitment", "secret", "cut", "order"]
    if version >= 2:
        needed[1:1] = ["dealer", "player_seed"]
    missing = [k for k in needed if k not in record]
    if missing:
        return f"missing fields: {', '.join(missing)}"
    if not isinstance(record["secret"], str):
        return "the secret must be written as hex digits"
    if not isinstance(record["commitment"], str):
        return "the commitment must be written as hex digits"
    if not isinstance(record["order"], list):
        return "the order must be a list of cards"
    if version >= 2 and not isinstance(record["player_seed"], str):
        return "the player's seed must be text"
    return None


def _dealt_problems(record: Mapping[str, Any], cards: Sequence[Card]) -> list[str]:
    """Whether the optional ``hands`` and ``upcard`` follow the order and the dealer."""
    dealer = record.get("dealer")
    if dealer not in (0, 1) or isinstance(dealer, bool):
        return ["the dealer must be seat 0 or 1 to check the hands"]
    problems: list[str] = []
    if "hands" in record:
        expected_hands = dealt_hands(cards, dealer)
        hands = record["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            return ["hands must be two lists of cards"]
        for seat in (0, 1):
            try:
                held = tuple(Card.parse(str(c)) for c in hands[seat])
            except (ValueError, TypeError):
                problems.append(f"seat {seat}'s hand holds something that is not a card")
                continue
            if held != expected_hands[seat]:
                problems.append(f"seat {seat}'s dealt hand does not follow the order "
                                f"(expected {' '.join(map(str, expected_hands[seat]))})")
    if "upcard" in record and record["upcard"] != str(cards[20]):
        problems.append(f"the upcard does not follow the order (expected {cards[20]})")
    return problems


def verify_record(record: Mapping[str, Any]) -> Verification:
    """Check one exported hand (a parsed line of the JSON-lines export) on its own."""
    if not isinstance(record, Mapping):
        return Verification(False, ("a hand record must be a JSON object",))
    if record.get("format") != RECORD_FORMAT:
        return Verification(False, (f"not a fair-deal record (format should be {RECORD_FORMAT!r})",))
    version = record.get("version")
    if type(version) is not int or version not in VERSIONS:
        return Verification(False, (f"unknown record version {version!r}",))
    problem = _fields_problem(record, version)
    if problem is not None:
        return Verification(False, (problem,))
    extra: dict[str, Any] = {}
    if version >= 2:
        dealer = record["dealer"]
        if type(dealer) is not int or dealer not in (0, 1):
            return Verification(False, ("the dealer must be seat 0 or 1",))
        extra = {"player_seed": record["player_seed"], "dealer": dealer}
    try:
        result = verify(record["commitment"], record["secret"], record["cut"], record["hand_no"], record["order"],
                        **extra)
    except ValueError as e:  # a card that is no card
        return Verification(False, (str(e),))
    if not result.ok:
        return result
    if "hands" in record or "upcard" in record:
        problems = _dealt_problems(record, _parse_order(record["order"]))
        if problems:
            return Verification(False, tuple(problems))
    return result
