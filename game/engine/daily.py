"""The deal of the day: a public seed made from the date, the same deals for every player.

``daily_seed("2026-12-03")`` is the first 8 bytes, read as an unsigned big-endian integer, of the
SHA-256 digest of the UTF-8 text ``"gin-rummy/daily/v1" LF "2026-12-03"`` (the UTC date, ISO
form; LF is the byte 0x0A).  Anyone can compute it, so the seed is public on purpose: the deals of
a daily match are the seeded deals of that seed (``seeds.py``: hand n's secret is derived for the
label ``secret/deal/<n>``), and a result can be checked by replaying the recorded moves on them.

The day also fixes the computer's level (easy, medium, hard in turn, by the date's ordinal) and the
rules (the van preset), so every player meets the same opponent.  ``DailyResult`` is what a player
keeps: the best result of the day, compared by ``better``.
"""
from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .fairness import SEEDED_CUT, seeded_secret
from .parameters import LEVELS
from .rules import VAN, Rules

DAILY_PREFIX = "gin-rummy/daily/v1"
DAILY_LEVELS = LEVELS  # the day's level goes round the levels in their order
DAILY_RULES = VAN
_MAX_POINTS = 10_000
_MAX_HANDS = 100_000


def parse_day(text: str) -> datetime.date:
    """The date of an ISO ``YYYY-MM-DD`` text; ``ValueError`` naming the problem for anything else."""
    if (not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-"
            or not (text[:4] + text[5:7] + text[8:]).isdigit() or not text.isascii()):
        raise ValueError(f"a day is written YYYY-MM-DD, not {str(text)[:20]!r}")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date") from None


def daily_seed(day: str) -> int:
    """The public seed of ``day`` (see the module's documentation for the exact recipe)."""
    parse_day(day)
    digest = hashlib.sha256(f"{DAILY_PREFIX}\n{day}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class DailyDeal:
    """What the day offers: its seed, the computer's level and the rules."""

    day: str
    seed: int
    level: str
    rules: Rules


def daily_deal(day: str) -> DailyDeal:
    level = DAILY_LEVELS[parse_day(day).toordinal() % len(DAILY_LEVELS)]
    return DailyDeal(day, daily_seed(day), level, DAILY_RULES)


def utc_day(moment: datetime.datetime) -> str:
    """The UTC day of an aware moment (a naive one is taken as UTC)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(datetime.timezone.utc)
    return moment.date().isoformat()


@dataclass(frozen=True)
class DailyResult:
    """A finished daily match as the player keeps it; ``record`` is the match's own record (moves, deals)."""

    day: str
    seed: int
    level: str
    won: bool
    scores: tuple[int, int]  # the player's, the computer's
    hands: int
    record: Any = None

    @property
    def margin(self) -> int:
        return self.scores[0] - self.scores[1]

    def to_dict(self) -> dict[str, Any]:
        return {"day": self.day, "seed": self.seed, "level": self.level, "won": self.won,
                "scores": list(self.scores), "hands": self.hands, "record": self.record}

    @classmethod
    def from_dict(cls, d: Any) -> DailyResult:
        """A kept result, checked: the seed and level must be the day's (``ValueError`` otherwise)."""
        if not isinstance(d, dict):
            raise ValueError("a daily result must be an object")
        deal = daily_deal(str(d.get("day")))
        if d.get("seed") != deal.seed or d.get("level") != deal.level:
            raise ValueError(f"the seed or level is not the one of {deal.day}")
        scores, hands, won = d.get("scores"), d.get("hands"), d.get("won")
        if not (isinstance(scores, list) and len(scores) == 2
                and all(type(x) is int and 0 <= x <= _MAX_POINTS for x in scores)):
            raise ValueError("a daily result's scores must be two whole numbers")
        if type(hands) is not int or not 0 <= hands <= _MAX_HANDS or not isinstance(won, bool):
            raise ValueError("a daily result needs its hands and whether it was won")
        return cls(deal.day, deal.seed, deal.level, won, (scores[0], scores[1]), hands, d.get("record"))


def better(new: DailyResult, old: DailyResult | None) -> bool:
    """Whether ``new`` beats the kept result of the same day: a win first, then the larger margin, then fewer hands."""
    if old is None or old.day != new.day:
        return old is None or new.day > old.day
    return (new.won, new.margin, -new.hands) > (old.won, old.margin, -old.hands)


def day_deal_problem(record: Mapping[str, Any], day: str) -> str | None:
    """Why an exported hand (a fair-deal record) is not a hand of ``day``'s deal, or None when it is.

    A daily deal is public by design, so what proves it is that the hand's secret is the one the
    day's seed gives for its hand number, with the seeded cut (the record's own check, that the
    secret gives its cards, is ``fairness_check.verify_record``)."""
    seed = daily_seed(day)
    hand_no, secret = record.get("hand_no"), record.get("secret")
    if type(hand_no) is not int or hand_no < 0 or not isinstance(secret, str):
        return "the record has no hand number or secret to check against the day"
    if record.get("version") != 1 or record.get("cut") != SEEDED_CUT:
        return f"the deal of {day} is dealt by version 1 with cut {SEEDED_CUT}: this hand was dealt otherwise"
    if secret.strip().lower() != seeded_secret(seed, hand_no).hex():
        return f"this secret is not the one the public seed of {day} gives hand {hand_no + 1}"
    return None
