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
        if cls is Knock:
            return Knock(Card.parse(str(data.get("card", ""))), _meld_list(data.get("melds")),
                         None if data.get("layoffs") is None else _cards(data["layoffs"]))
        if cls is Discard:
            return Discard(Card.parse(str(data.get("card", ""))))
        return cls()


def _cards(xs: Any) -> tuple[Card, ...]:
    if not isinstance(xs, list) or len(xs) > 11:
        raise ValueError(f"not a list of cards: {str(xs)[:40]!r}")
    return tuple(Card.parse(str(x)) for x in xs)


def _meld_list(xs: Any) -> tuple[tuple[Card, ...], ...] | None:
    if xs is None:
        return None
    if not isinstance(xs, list) or len(xs) > 11:
        raise ValueError(f"not a list of melds: {str(xs)[:40]!r}")
    return tuple(_cards(m) for m in xs)


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
    """Throw ``card`` and end the hand: a knock, or gin when no deadwood is left.

    ``melds`` is the knocker's own arrangement and ``layoffs`` the defender's chosen layoffs, for a
    table that lets players lay out by hand; None leaves each to the engine's best, as bots play.
    """

    card: Card
    melds: tuple[tuple[Card, ...], ...] | None = None
    layoffs: tuple[Card, ...] | None = None

    def __eq__(self, other: object) -> bool:
        return self is other or (other.__class__ is Knock and self.card == other.card
                                 and self.melds == other.melds and self.layoffs == other.layoffs)

    def __hash__(self) -> int:
        return hash((self.card, self.melds, self.layoffs))

    @property
    def declared(self) -> bool:
        return self.melds is not None or self.layoffs is not None

    def to_dict(self) -> dict[str, Any]:
        d = Action.to_dict(self)
        if self.melds is not None:
            d["melds"] = [[str(c) for c in m] for m in self.melds]
        if self.layoffs is not None:
            d["layoffs"] = [str(c) for c in self.layoffs]
        return d

    def __str__(self) -> str:
        text = f"knock {self.card}"
        if self.melds is not None:
            text += " melds " + " ".join("".join(str(c) for c in m) for m in self.melds)
        if self.layoffs is not None:
            text += " layoffs " + ("".join(str(c) for c in self.layoffs) or "none")
        return text


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
