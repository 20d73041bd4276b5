"""Checks of a hand record's fields, shared by the record and the history file: each raises
``RecordError`` with a short reason."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import Card


class RecordError(ValueError):
    """A hand record or history file that cannot be used: damaged, impossible, or from a newer version."""


def codes(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def card_text(x: Any, name: str) -> list[Card]:
    if not isinstance(x, str):
        raise RecordError(f"the {name} must be written as card codes")
    try:
        return [Card.parse(t) for t in x.split()]
    except ValueError:
        raise RecordError(f"the {name} holds something that is not a card") from None


def shown(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def seat_of(x: Any, name: str) -> int:
    if type(x) is not int or x not in (0, 1):
        raise RecordError(f"{name} must be seat 0 or 1, not {shown(x)}")
    return x


def opt_seat_of(x: Any, name: str) -> int | None:
    return None if x is None else seat_of(x, name)


def count_of(x: Any, name: str, most: int) -> int:
    if type(x) is not int or not 0 <= x <= most:
        raise RecordError(f"{name} must be a whole number from 0 to {most}, not {shown(x)}")
    return x


def pair_of(x: Any, name: str, most: int) -> tuple[int, int]:
    if not isinstance(x, list) or len(x) != 2:
        raise RecordError(f"{name} must hold two numbers")
    return count_of(x[0], name, most), count_of(x[1], name, most)
