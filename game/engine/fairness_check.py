"""Checking a finished hand of the fair deal: ``verify`` for its parts, ``verify_record`` for an exported
record (docs/fairness.md, "The exported hand").  Versions 2 and 3 are strict about text (64 lowercase hex
digits, every bound field present); version 1 keeps the leniency it was published with, so old exports
still check out.  Cards are read exactly as written (``"7H"``, never ``"7h"``, ``" 7H "`` or ``"10H"``)
in every version.  Messages count hands and cut cards from 1, as the screen does."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DECK, Card
from .fairness import (
    CHAIN_LINKS,
    CUT_CARDS,
    CUT_MAX,
    HAND_NO_MAX,
    RECORD_FORMAT,
    SECRET_BYTES,
    VERSIONS,
    FairDeal,
    _check_number,
    _check_secret,
    chain_commitment,
    check_player_seed,
    commitment,
    deal_order,
    deal_order_v3,
    dealt_hands,
    fingerprint,
)

HEX = "0123456789abcdef"
CARDS = 52
CARD_TEXTS = frozenset(str(c) for c in DECK)


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
    link: int | None = None,
) -> Verification:
    """Check a finished hand: the secret matches the commitment, and with the player's part, the hand
    number (and, version 2, the dealer) it gives exactly ``card_order``.  ``secret`` is bytes or 64
    hex digits; ``player_seed`` given means version 2 (strict lowercase hex), and ``link`` too version 3
    (``hand_no`` counts from 0 as in the engine; the record's ``hand`` is one more)."""
    if link is not None:
        return _verify_v3(commitment_hex, secret, cut, hand_no, card_order, player_seed, dealer, link)
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
        part = f"the player's seed, cut {cut}, hand {hand_no + 1} and dealer {dealer}" if strict else \
            f"cut {cut} and hand {hand_no + 1}"
        problems.append(
            f"the card order is not the one the secret, {part} give: "
            f"first difference at card {at + 1}, {expected[at]} expected, {given[at]} found"
        )
    if problems:
        return Verification(False, tuple(problems))
    how = f"cut at card {cut + 1}" if strict and cut < CARDS else f"cut {cut}"  # version 1's cut is a number
    return Verification(True, (), f"hand {hand_no + 1}, {how}, commitment {fingerprint(text)}")


def _verify_v3(shown: str, secret: bytes | str, cut: int, hand_no: int, card_order: Sequence[Card | int | str],
               player_seed: str | None, dealer: int | None, link: int) -> Verification:
    try:
        key = _parse_hex_secret(secret, True)
        if not isinstance(shown, str) or not _is_hex64(shown):
            raise ValueError("the commitment must be 64 lowercase hex digits")
        if not isinstance(hand_no, int) or isinstance(hand_no, bool) or not 1 <= link <= hand_no + 1:
            raise ValueError(f"link {link} cannot deal hand {hand_no + 1}: a seal's link n deals its n-th hand")
        reached = chain_commitment(key, link, hand_no + 2 - link)
        _check_number(cut, "the cut", CUT_CARDS)
        if not isinstance(hand_no, int) or isinstance(hand_no, bool) or not 0 <= hand_no < HAND_NO_MAX:
            raise ValueError(f"the hand must be a whole number from 1 to {HAND_NO_MAX}")
        if player_seed is None or dealer is None:
            raise ValueError("a hand of a sealed match binds the player's seed and the dealer")
        given = _parse_order(card_order)
        expected = deal_order_v3(key, cut, hand_no + 1, player_seed, dealer)
    except ValueError as e:
        return Verification(False, (str(e),))
    if reached != shown:
        return Verification(False, (f"the secret, as link {link} of a seal whose first hand is "
                                    f"{hand_no + 2 - link}, leads to {fingerprint(reached)}..., not to the "
                                    f"commitment shown, {fingerprint(shown)}...",))
    if tuple(given) != expected:
        at = next(i for i, (a, b) in enumerate(zip(given, expected, strict=True)) if a != b)
        return Verification(False, (f"the card order is not the one the secret, the player's seed, the cut, hand "
                                    f"{hand_no + 1} and dealer {dealer} give: first difference at card {at + 1}, "
                                    f"{expected[at]} expected, {given[at]} found",))
    how = f"cut at card {cut}" if cut else "cut by the game"
    return Verification(True, (), f"hand {hand_no + 1}, {how}, link {link}, commitment {fingerprint(shown)}")


def verify_deal(shown: str, deal: FairDeal) -> Verification:
    """Whether a revealed deal is the one the commitment shown before it promised (any version)."""
    return verify(shown, deal.secret, deal.cut, deal.hand_no, deal.order, player_seed=deal.player_seed,
                  dealer=deal.dealer, link=deal.link)


FIELDS = {1: ("hand_no", "commitment", "secret", "cut", "order"),
          2: ("hand_no", "dealer", "player_seed", "commitment", "secret", "cut", "order"),
          3: ("hand", "dealer", "commitment", "link", "secret", "player_seed", "cut", "order")}


def _cards_problem(cards: Any, count: int, what: str) -> str | None:
    if not isinstance(cards, list) or len(cards) != count or not all(isinstance(c, str) and c in CARD_TEXTS
                                                                    for c in cards):
        return f"{what} must list {count} cards, each written as in the document (rank then suit: '7H', 'TS')"
    return None


def _fields_problem(record: Mapping[str, Any], version: int) -> str | None:
    missing = [k for k in FIELDS[version] if k not in record]
    if missing:
        return f"missing fields: {', '.join(missing)}"
    if version == 1 and "player_seed" in record:
        return "a version-1 record holds no player's seed: version 1 never bound one into the deal"
    if not isinstance(record["secret"], str):
        return "the secret must be written as hex digits"
    if not isinstance(record["commitment"], str):
        return "the commitment must be written as hex digits"
    if version >= 2 and not isinstance(record["player_seed"], str):
        return "the player's seed must be text"
    if version >= 2 and (type(record["dealer"]) is not int or record["dealer"] not in (0, 1)):
        return "the dealer must be seat 0 or 1"
    return _cards_problem(record["order"], 52, "the order")


def _dealt_problems(record: Mapping[str, Any], cards: Sequence[Card]) -> list[str]:
    """Whether the optional ``hands`` and ``upcard`` follow the order and the dealer."""
    dealer = record.get("dealer")
    if type(dealer) is not int or dealer not in (0, 1):
        return ["the dealer must be seat 0 or 1 to check the hands"]
    if "hands" in record:
        hands = record["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            return ["hands must be two lists of cards"]
        expected_hands = dealt_hands(cards, dealer)
        for seat in (0, 1):
            problem = _cards_problem(hands[seat], 10, f"seat {seat}'s hand")
            if problem is not None:
                return [problem]
            if hands[seat] != [str(c) for c in expected_hands[seat]]:
                return [f"seat {seat}'s dealt hand does not follow the order "
                        f"(expected {' '.join(map(str, expected_hands[seat]))})"]
    if "upcard" in record and record["upcard"] != str(cards[20]):
        return [f"the upcard does not follow the order (expected {cards[20]})"]
    return []


def _whole_problem(record: Mapping[str, Any], version: int) -> str | None:
    """The whole numbers of a record: JSON integers (not 17.0, not true) within their ranges."""
    ranges = {"hand": (1, HAND_NO_MAX), "link": (1, CHAIN_LINKS), "cut": (0, CUT_CARDS)} if version >= 3 else \
        {"hand_no": (0, HAND_NO_MAX), "cut": (0, CUT_MAX)}
    for name, (low, high) in ranges.items():
        x = record[name]
        if type(x) is not int or not low <= x <= high:
            return f"the {name.replace('_', ' ')} must be a whole number from {low} to {high}"
    return None


def verify_record(record: Mapping[str, Any]) -> Verification:
    """Check one exported hand (a parsed line of the JSON-lines export) on its own."""
    if not isinstance(record, Mapping):
        return Verification(False, ("a hand record must be a JSON object",))
    if record.get("format") != RECORD_FORMAT:
        return Verification(False, (f"not a fair-deal record (format should be {RECORD_FORMAT!r})",))
    version = record.get("version")
    if type(version) is not int or version not in VERSIONS:
        return Verification(False, (f"unknown record version {str(version)[:20]}",))
    problem = _fields_problem(record, version) or _whole_problem(record, version)
    if problem is not None:
        return Verification(False, (problem,))
    extra: dict[str, Any] = {}
    hand_no = record["hand"] - 1 if version >= 3 else record["hand_no"]
    if version >= 2:
        extra = {"player_seed": record["player_seed"], "dealer": record["dealer"]}
    if version >= 3:
        extra["link"] = record["link"]
    result = verify(record["commitment"], record["secret"], record["cut"], hand_no, record["order"], **extra)
    if not result.ok:
        return result
    if "hands" in record or "upcard" in record:
        problems = _dealt_problems(record, _parse_order(record["order"]))
        if problems:
            return Verification(False, tuple(problems))
    return result
