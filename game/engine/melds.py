"""Melds, deadwood, arrangements, best discard: stateless and shared by the state, the bots and the tests.

Hands are searched as 52-bit masks.  The search always takes the lowest card
left: it is either deadwood or part of a meld in which it is the lowest card
(a run starting at it, or a set whose other cards are of higher suits).  That
covers every arrangement exactly once, so the minimum is exact (no greedy
"sets first"), and the results of sub-hands are cached across calls.

What happens after a knock (the knocker's layout, layoffs, the showdown) is in ``knock.py``.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .cards import VALUES, Card, cards_of, mask_of, mask_value

_INF = 1 << 40


def _build_meld_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    runs_from: list[tuple[int, ...]] = []
    sets_from: list[tuple[int, ...]] = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        runs: list[int] = []
        for length in range(3, 14 - rank):
            runs.append(sum(1 << (c + k) for k in range(length)))
        higher = [(s * 13 + rank) for s in range(suit + 1, 4)]
        sets: list[int] = []
        for i in range(len(higher)):
            for j in range(i + 1, len(higher)):
                sets.append((1 << c) | (1 << higher[i]) | (1 << higher[j]))
        if len(higher) == 3:
            sets.append((1 << c) | sum(1 << h for h in higher))
        runs_from.append(tuple(runs))
        sets_from.append(tuple(sets))
    return tuple(runs_from), tuple(sets_from)


_RUNS_FROM, _SETS_FROM = _build_meld_tables()
# Ordering key for "which card to throw" among equal results: higher rank, then higher suit.
_PRIORITY = tuple((c % 13) * 4 + c // 13 for c in range(52))
_BY_PRIORITY = tuple(sorted(range(52), key=lambda c: _PRIORITY[c]))

_DW: dict[int, int] = {}
_BD: dict[int, int] = {}
_CACHE_LIMIT = 400_000


def clear_cache() -> None:
    """Forget cached sub-hand results (benchmarks call this to measure cold)."""
    _DW.clear()
    _BD.clear()


def _dw(mask: int) -> int:
    """Least deadwood of the cards in ``mask``."""
    r = _DW.get(mask)
    if r is not None:
        return r
    low = mask & -mask
    c = low.bit_length() - 1
    rest = mask ^ low
    best = VALUES[c] + (_dw(rest) if rest else 0)
    for m in _RUNS_FROM[c]:
        if m & mask != m:
            break  # a longer run needs this one too
        rem = mask ^ m
        v = _dw(rem) if rem else 0
        if v < best:
            best = v
    for m in _SETS_FROM[c]:
        if m & mask == m:
            rem = mask ^ m
            v = _dw(rem) if rem else 0
            if v < best:
                best = v
    if len(_DW) > _CACHE_LIMIT:
        _DW.clear()
    _DW[mask] = best
    return best


def _bd(mask: int, forbid: int) -> int:
    """Best discard from ``mask`` as ``deadwood * 64 + (63 - priority)``; ``forbid`` is a card mask or 0.

    The lowest card is deadwood, the discard, or in a meld starting at it.
    Equal deadwood prefers throwing the higher card.
    """
    key = mask | (forbid.bit_length() << 53)
    r = _BD.get(key)
    if r is not None:
        return r
    low = mask & -mask
    c = low.bit_length() - 1
    rest = mask ^ low
    best = _INF
    if rest:
        best = VALUES[c] * 64 + _bd(rest, forbid)
    if low != forbid:
        v = (_dw(rest) if rest else 0) * 64 + 63 - _PRIORITY[c]
        if v < best:
            best = v
    for m in _RUNS_FROM[c]:
        if m & mask != m:
            break
        rem = mask ^ m
        if rem:
            v = _bd(rem, forbid)
            if v < best:
                best = v
    for m in _SETS_FROM[c]:
        if m & mask == m:
            rem = mask ^ m
            if rem:
                v = _bd(rem, forbid)
                if v < best:
                    best = v
    if len(_BD) > _CACHE_LIMIT:
        _BD.clear()
    _BD[key] = best
    return best


_SUIT = 0x1FFF
_RUN_START_OK = sum(_SUIT >> 2 << (13 * s) for s in range(4))  # ranks A..J can start a run of three
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_SUIT_VALUE = tuple(mask_value(m) for m in range(1 << 13))


def _split_live(mask: int) -> tuple[int, int]:
    """(cards that lie in some meld of the hand, value of the cards that lie in none)."""
    r3 = mask & (mask >> 1) & (mask >> 2) & _RUN_START_OK
    a = mask & _SUIT
    b = (mask >> 13) & _SUIT
    c = (mask >> 26) & _SUIT
    d = mask >> 39
    ranks3 = (a & b & (c | d)) | (c & d & (a | b))
    live = (r3 | r3 << 1 | r3 << 2 | ranks3 * _SPREAD) & mask
    dead = mask ^ live
    return live, (
        _SUIT_VALUE[dead & _SUIT]
        + _SUIT_VALUE[(dead >> 13) & _SUIT]
        + _SUIT_VALUE[(dead >> 26) & _SUIT]
        + _SUIT_VALUE[dead >> 39]
    )


def _top_card(mask: int) -> int:
    """The highest card of a non-empty mask by throwing priority (rank, then suit)."""
    folded = (mask | mask >> 13 | mask >> 26 | mask >> 39) & _SUIT
    rank = folded.bit_length() - 1
    for s in (3, 2, 1, 0):
        if mask >> (s * 13 + rank) & 1:
            return s * 13 + rank
    raise AssertionError("empty mask")


def deadwood_of_mask(mask: int) -> int:
    live, dead_value = _split_live(mask)
    return dead_value + (_dw(live) if live else 0)


def deadwood(cards: Iterable[int]) -> int:
    """The least deadwood over every arrangement of ``cards``."""
    return deadwood_of_mask(mask_of(cards))


def best_meld_masks(mask: int) -> list[int]:
    """Meld masks of one least-deadwood arrangement (melds preferred on ties, longer runs first)."""
    melds: list[int] = []
    while True:
        # cards in no meld of what is left are deadwood whatever happens: only the rest is searched
        mask = _split_live(mask)[0]
        if not mask:
            break
        target = _dw(mask)
        low = mask & -mask
        c = low.bit_length() - 1
        chosen = 0
        options = [m for m in _RUNS_FROM[c] if m & mask == m][::-1]
        options += [m for m in _SETS_FROM[c] if m & mask == m][::-1]
        for m in options:
            rem = mask ^ m
            if (_dw(rem) if rem else 0) == target:
                chosen = m
                break
        if chosen:
            melds.append(chosen)
            mask ^= chosen
        else:
            mask ^= low
    return melds


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


# Deadwood cards are listed by value, then rank, then suit.
_DEADWOOD_ORDER = tuple(VALUES[c] * 64 + (c % 13) * 4 + c // 13 for c in range(52))


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
        dead = cards_of(rest)
        dead.sort(key=_DEADWOOD_ORDER.__getitem__)
        # cards_of lists by index (suit, then rank): runs come out in rank order, sets in suit order
        return cls(
            melds=tuple(tuple(cards_of(m)) for m in meld_masks),
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
    """What ``best_discard`` answers: the card, the arrangement it leaves, and what that allows."""

    card: Card
    arrangement: Arrangement
    big_gin: bool  # all eleven cards melded before any discard

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood

    @property
    def gin(self) -> bool:
        return self.arrangement.deadwood == 0

    def can_knock(self, limit: int = 10) -> bool:
        return self.arrangement.deadwood <= limit

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
    live, dead_value = _split_live(mask)
    # Cards in no meld at all are plain deadwood: the best of them to throw is the highest one.
    best = _INF
    dead = (mask ^ live) & ~forbid
    if dead:
        top = _top_card(dead)
        best = (dead_value - VALUES[top] + (_dw(live) if live else 0)) * 64 + 63 - _PRIORITY[top]
    if live & ~forbid:
        v = dead_value * 64 + _bd(live, forbid & live)
        if v < best:
            best = v
    return _BY_PRIORITY[63 - (best & 63)], best >> 6


def best_discard(cards: Iterable[int], forbidden: Iterable[int] | int | None = None) -> DiscardChoice:
    """The discard that leaves the least deadwood (ties: the higher card), and that arrangement.

    ``forbidden`` is a card that may not be thrown (the one just taken from the discard pile).
    """
    cards = list(cards)
    mask = mask_of(cards)
    if len(cards) < 2 or bin(mask).count("1") != len(cards):
        raise ValueError("best_discard needs at least two distinct cards")
    if forbidden is None:
        forbid = 0
    elif isinstance(forbidden, int):
        forbid = 1 << forbidden
    else:
        forbid = mask_of(forbidden)
        if bin(forbid).count("1") > 1:
            raise ValueError("at most one card can be forbidden")
    forbid &= mask
    c, left = best_discard_key(mask, forbid)
    rest = mask ^ (1 << c)
    # All cards melded with a count that is no multiple of three means a meld of four or more, which
    # can spare a card (either end of a run, any card of a set): so big gin implies a discard to gin.
    big_gin = (left == 0 or len(cards) % 3 == 0) and deadwood_of_mask(mask) == 0
    return DiscardChoice(Card(c), Arrangement.from_masks(best_meld_masks(rest), rest), big_gin)


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
    """Every collection of disjoint melds (as masks) in a hand, the empty one included."""
    mask = as_mask(cards)

    def rec(m: int) -> Iterator[list[int]]:
        if not m:
            yield []
            return
        low = m & -m
        c = low.bit_length() - 1
        for tail in rec(m ^ low):
            yield tail
        for meld in _RUNS_FROM[c] + _SETS_FROM[c]:
            if meld & m == meld:
                for tail in rec(m ^ meld):
                    yield [meld] + tail

    return rec(mask)
