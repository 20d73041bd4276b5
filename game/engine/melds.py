"""Melds, deadwood, arrangements, best discard: stateless and shared by the state, the bots and the tests.

Hands are searched as 52-bit masks by ``meldsearch.py``: every choice of sets, then runs in
each suit from per-suit tables, so the minimum is exact (no greedy "sets first").  Here are the
public questions on top of it and what they answer with.

What happens after a knock (the knocker's layout, layoffs, the showdown) is in ``knock.py``.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .cards import Card, cards_of, mask_of
from .meldlayout import arrangement_masks
from .meldsearch import RUN_START_OK as _RUN_START_OK
from .meldsearch import RUNS_FROM as _RUNS_FROM
from .meldsearch import SETS_FROM as _SETS_FROM
from .meldsearch import SPREAD as _SPREAD
from .meldsearch import SUIT as _SUIT
from .meldsearch import SUIT_VALUE as _SUIT_VALUE
from .meldsearch import best_throw, least_deadwood
from .meldsearch import clear_cache as clear_cache  # benchmarks measure cold with it

# Ordering key for "which card to throw" among equal results: higher rank, then higher suit.
_PRIORITY = tuple((c % 13) * 4 + c // 13 for c in range(52))
_BY_PRIORITY = tuple(sorted(range(52), key=lambda c: _PRIORITY[c]))
_MELD_CARDS = {m: tuple(cards_of(m)) for ms in (*_RUNS_FROM, *_SETS_FROM) for m in ms}


deadwood_of_mask = least_deadwood
"""The least deadwood of the cards of a mask (bots call it very often: no wrapper in between)."""


def deadwood(cards: Iterable[int]) -> int:
    """The least deadwood over every arrangement of ``cards``."""
    return deadwood_of_mask(mask_of(cards))


def best_meld_masks(mask: int) -> list[int]:
    """Meld masks of one least-deadwood arrangement (melds preferred on ties, longer runs first)."""
    return arrangement_masks(mask)


def meld_kind(cards: Iterable[int]) -> str | None:
    """'set', 'run' or None for a group of cards."""
    cs = sorted(int(c) for c in cards)
    if len(cs) < 3 or len(set(cs)) != len(cs):
        return None
    if len({c % 13 for c in cs}) == 1 and len(cs) <= 4:
        return "set"
    if len({c // 13 for c in cs}) == 1 and all(b - a == 1 for a, b in zip(cs, cs[1:], strict=False)):
        return "run"
    return None


def is_meld(cards: Iterable[int]) -> bool:
    return meld_kind(cards) is not None


def _mask_value(mask: int) -> int:
    return (
        _SUIT_VALUE[mask & _SUIT]
        + _SUIT_VALUE[(mask >> 13) & _SUIT]
        + _SUIT_VALUE[(mask >> 26) & _SUIT]
        + _SUIT_VALUE[mask >> 39]
    )


# Deadwood cards are listed by value, then rank, then suit: by rank, then suit, as value follows
# rank.  A suit's pattern spread out rank-major (bit rank * 4) lists them so as its bits are read,
# a byte (two ranks) at a time.
_RANK_MAJOR = [0] * 8192
for _p in range(1, 8192):
    _RANK_MAJOR[_p] = _RANK_MAJOR[_p & (_p - 1)] | 1 << ((_p & -_p).bit_length() - 1) * 4
_BY_PRIORITY_CARDS = tuple(Card(c) for c in _BY_PRIORITY)
_BYTE_CARDS = tuple(
    tuple(tuple(_BY_PRIORITY_CARDS[8 * k + i] for i in range(8) if v >> i & 1 and 8 * k + i < 52) for v in range(256))
    for k in range(7)
)


def rank_major(mask: int) -> int:
    """``mask`` laid out by rank, then suit: ``PRIORITY_CARDS[i]`` is the card of bit ``i``, so the
    highest bit is the card of highest rank (and of the highest suit among those)."""
    major = _RANK_MAJOR
    return major[mask & _SUIT] | major[mask >> 13 & _SUIT] << 1 | major[mask >> 26 & _SUIT] << 2 \
        | major[mask >> 39] << 3


PRIORITY_CARDS = _BY_PRIORITY_CARDS


def _deadwood_cards(mask: int) -> list[Card]:
    """The cards of ``mask`` by rank, then suit."""
    spread = rank_major(mask)
    out: list[Card] = []
    for chunk in _BYTE_CARDS:
        if spread & 255:
            out += chunk[spread & 255]
        spread >>= 8
        if not spread:
            break
    return out


@dataclass(frozen=True)
class Arrangement:
    """Melds (each a list of cards) and the deadwood cards left over."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @classmethod
    def from_masks(cls, meld_masks: Sequence[int], hand_mask: int) -> Arrangement:
        used = 0
        for m in meld_masks:
            used |= m
        rest = hand_mask & ~used
        dead = _deadwood_cards(rest)
        # cards_of lists by index (suit, then rank): runs come out in rank order, sets in suit order
        return cls(
            melds=tuple(_MELD_CARDS.get(m) or tuple(cards_of(m)) for m in meld_masks),
            deadwood_cards=tuple(dead),
            deadwood=_mask_value(rest),
        )

    @property
    def melded_cards(self) -> list[Card]:
        return [c for m in self.melds for c in m]


def best_arrangement(cards: Iterable[int]) -> Arrangement:
    """The disjoint melds with the least deadwood over all arrangements."""
    mask = mask_of(cards)
    return Arrangement.from_masks(best_meld_masks(mask), mask)


@dataclass(frozen=True)
class DiscardChoice:
    """What ``best_discard`` answers: the card, the deadwood it leaves, and what that allows.

    The arrangement left is laid out when first asked for: most callers only want the card.
    """

    card: Card
    deadwood: int
    big_gin: bool  # all eleven cards melded before any discard
    rest: int = field(repr=False)  # the cards kept, as a mask

    @property
    def arrangement(self) -> Arrangement:
        laid: Arrangement | None = self.__dict__.get("_laid")
        if laid is None:  # two threads may both lay it out: they find the same, and either one is kept
            laid = Arrangement.from_masks(arrangement_masks(self.rest), self.rest)
            self.__dict__["_laid"] = laid
        return laid

    @property
    def gin(self) -> bool:
        return self.deadwood == 0

    def can_knock(self, limit: int = 10) -> bool:
        return self.deadwood <= limit

    def __iter__(self) -> Iterator[Card | Arrangement]:  # lets callers write: card, arrangement = best_discard(hand)
        yield self.card
        yield self.arrangement


def best_discard_key(mask: int, forbid: int = 0) -> tuple[int, int]:
    """(card index, deadwood after it) of the best discard from a mask; the fast path for bots.

    ``forbid`` is the mask of at most one card that may not be thrown.
    """
    if not mask or mask == forbid:
        raise ValueError("no card can be discarded from this hand")
    if forbid & (forbid - 1):
        raise ValueError("at most one card can be forbidden")
    best = best_throw(mask, forbid & mask)
    return _BY_PRIORITY[63 - (best & 63)], best >> 6


def best_discard(cards: Iterable[int], forbidden: Iterable[int] | int | None = None) -> DiscardChoice:
    """The discard that leaves the least deadwood (ties: the higher card), and that arrangement.

    ``forbidden`` is a card that may not be thrown (the one just taken from the discard pile).
    """
    cards = list(cards)
    mask = mask_of(cards)
    if len(cards) < 2 or mask.bit_count() != len(cards):
        raise ValueError("best_discard needs at least two distinct cards")
    if forbidden is None:
        forbid = 0
    elif isinstance(forbidden, int):
        forbid = 1 << forbidden
    else:
        forbid = mask_of(forbidden)
        if forbid.bit_count() > 1:
            raise ValueError("at most one card can be forbidden")
    key = best_throw(mask, forbid & mask)  # two cards or more and at most one forbidden: a card can go
    card = _BY_PRIORITY_CARDS[63 - (key & 63)]
    rest = mask ^ (1 << card)
    # All cards melded with a count that is no multiple of three means a meld of four or more, which
    # can spare a card (either end of a run, any card of a set): so big gin implies a discard to gin.
    big_gin = (key < 64 or len(cards) % 3 == 0) and least_deadwood(mask) == 0
    return DiscardChoice(card, key >> 6, big_gin, rest)


def discard_deadwoods(cards: Iterable[int]) -> dict[Card, int]:
    """Deadwood left after throwing each card (the counter a player sees when pointing at a card)."""
    hand = [Card(c) for c in cards]
    mask = mask_of(hand)
    return {c: deadwood_of_mask(mask ^ (1 << c)) for c in hand}


# ---------------------------------------------------------------- every arrangement


def as_mask(cards: Iterable[int] | int) -> int:
    """A hand given as cards, or as a mask already (a single ``Card`` is a hand of one)."""
    if isinstance(cards, Card):
        return 1 << cards
    if isinstance(cards, int):
        return cards
    return mask_of(cards)


def all_arrangements(cards: Iterable[int] | int) -> Iterator[list[int]]:
    """Every collection of disjoint melds (as masks) in a hand, the empty one included.

    The lowest card is left out first, then put in each meld from it (runs, then sets); each
    collection lists its melds by their lowest card.
    """
    return iter(_arrangements(as_mask(cards)))


def _arrangements(m: int) -> list[list[int]]:
    # cards in no meld change nothing but the length of the way: they are dropped at once
    r3 = m & (m >> 1) & (m >> 2) & _RUN_START_OK
    a = m & _SUIT
    b = m >> 13 & _SUIT
    c = m >> 26 & _SUIT
    d = m >> 39
    m &= r3 | r3 << 1 | r3 << 2 | ((a & b & (c | d)) | (c & d & (a | b))) * _SPREAD
    if not m:
        return [[]]
    low = m & -m
    card = low.bit_length() - 1
    out = _arrangements(m ^ low)
    for meld in _RUNS_FROM[card] + _SETS_FROM[card]:
        if meld & m == meld:
            out += [[meld, *tail] for tail in _arrangements(m ^ meld)]
    return out
