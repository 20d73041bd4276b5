"""Cards as small interned ints, so hands can double as 52-bit masks.

A card's index is ``suit * 13 + rank`` (rank 0 = ace ... 12 = king, suits in
``CDHS`` order).  Consecutive ranks of one suit are consecutive bits, which is
what makes run detection and the meld search cheap.
"""
from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades
FULL_DECK_MASK = (1 << 52) - 1


class Card(int):
    """One of the 52 cards; ``Card(i)`` and ``Card.parse("AS")`` return the shared instance."""

    __slots__ = ()

    def __new__(cls, index: int | str | Card) -> Card:
        if isinstance(index, str):
            return cls.parse(index)
        if isinstance(index, Card):
            return index
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise ValueError(f"a card index must be an int from 0 to 51, not {index!r}")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip().upper()
        if t.startswith("10") and len(t) == 3:
            t = "T" + t[2]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(
                f"not a card: {text!r} (write rank then suit, rank in {RANKS}, suit in {SUITS}, e.g. 'AS' or 'TD')"
            )
        return _CARDS[SUITS.index(t[1]) * 13 + RANKS.index(t[0])]

    @property
    def rank(self) -> int:
        return int(self) % 13

    @property
    def suit(self) -> int:
        return int(self) // 13

    @property
    def value(self) -> int:
        return VALUES[self]

    @property
    def mask(self) -> int:
        return 1 << int(self)

    @property
    def rank_char(self) -> str:
        return RANKS[int(self) % 13]

    @property
    def suit_char(self) -> str:
        return SUITS[int(self) // 13]

    @property
    def symbol(self) -> str:
        """Rank and suit symbol for people, e.g. '10♠'."""
        r = RANKS[self.rank]
        return ("10" if r == "T" else r) + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[int(self) % 13] + SUITS[int(self) // 13]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:  # keeps copies interned
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
DECK: tuple[Card, ...] = _CARDS
VALUES: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """``parse_cards("AS 2S 3S TD")`` -> four cards; commas and extra spaces are fine."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) if isinstance(p, str) else Card(p) for p in parts]


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in index order (clubs A..K, then diamonds, ...)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        mask ^= low
    return total
