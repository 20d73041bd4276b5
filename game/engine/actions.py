"""The moves a player can make: small typed values, compared by value."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card


class Action:
    """Base of every move; ``str(action)`` is a short readable form."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(self).__name__}
        card = getattr(self, "card", None)
        if card is not None:
            d["card"] = str(card)
        return d

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or data.get("type") not in _BY_NAME:
            raise ValueError(f"not an action: {data!r}")
        cls = _BY_NAME[data["type"]]
        if cls is Discard or cls is Knock:
            return _CARD_ACTIONS[data["type"]](Card.parse(str(data.get("card", ""))))
        return cls()


@dataclass(frozen=True, slots=True)
class TakeUpcard(Action):
    def __str__(self) -> str:
        return "take upcard"


@dataclass(frozen=True, slots=True)
class PassUpcard(Action):
    def __str__(self) -> str:
        return "pass upcard"


@dataclass(frozen=True, slots=True)
class DrawStock(Action):
    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard(Action):
    def __str__(self) -> str:
        return "draw discard"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: Card

    def __eq__(self, other: object) -> bool:  # every move is checked against a list of them
        return self is other or (other.__class__ is Discard and self.card == other.card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Throw ``card`` and end the hand: a knock, or gin when no deadwood is left."""

    card: Card

    def __eq__(self, other: object) -> bool:
        return self is other or (other.__class__ is Knock and self.card == other.card)

    def __str__(self) -> str:
        return f"knock {self.card}"


@dataclass(frozen=True, slots=True)
class BigGin(Action):
    """All eleven cards melded after the draw: end the hand with no discard."""

    def __str__(self) -> str:
        return "big gin"


@dataclass(frozen=True, slots=True)
class TimerMove(Action):
    """The turn clock ran out: the engine plays pass, or draw-from-stock and the best discard."""

    def __str__(self) -> str:
        return "timer move"


@dataclass(frozen=True, slots=True)
class NextHand(Action):
    def __str__(self) -> str:
        return "next hand"


DISCARDS = tuple(Discard(Card(c)) for c in range(52))
"""``DISCARDS[card]`` equals ``Discard(card)``: actions are values, so one of each will do."""
KNOCKS = tuple(Knock(Card(c)) for c in range(52))

_BY_NAME: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (TakeUpcard, PassUpcard, DrawStock, DrawDiscard, Discard, Knock, BigGin, TimerMove, NextHand)
}
_CARD_ACTIONS: dict[str, type[Discard] | type[Knock]] = {"Discard": Discard, "Knock": Knock}
