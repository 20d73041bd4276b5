"""After a knock: the knocker's layout, the defender's layoffs, and the showdown that scores them.

The knocker lays out melds chosen from the knocker's own cards alone (``knock_melds``); the defender
then melds and lays off so as to keep the least deadwood (``showdown``).  Against gin nothing is
laid off.  The meld search itself is in ``melds.py``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, mask_of, mask_value
from .meldlayout import least_arrangements
from .melds import Arrangement, all_arrangements, as_mask, best_meld_masks, deadwood_of_mask
from .meldsearch import RUNS_FROM, SETS_FROM

_EACH_SUIT = 1 | 1 << 13 | 1 << 26 | 1 << 39  # shifted left by a rank: the four cards of that rank
_RUNS = frozenset(m for runs in RUNS_FROM for m in runs)
_SETS_OF_THREE = frozenset(m for sets in SETS_FROM for m in sets if m.bit_count() == 3)


def layoffs(knocker_melds: Sequence[int], pool: int) -> list[tuple[int, int]]:
    """Which cards of ``pool`` (a mask) can be laid off onto the knocker's melds, as (card, meld index).

    A set of three takes its fourth card; a run takes cards at either end, chained.  Every card
    that some meld can reach is laid off at once (they never compete for room), so this is the
    most a defender can lay off from that pool.
    """
    placed: list[tuple[int, int]] = []
    taken = 0
    for i, m in enumerate(knocker_melds):
        if m not in _RUNS:
            continue
        lo = (m & -m).bit_length() - 1
        hi = m.bit_length() - 1
        suit = lo // 13
        c = lo - 1
        while c >= suit * 13 and pool & (1 << c) and not taken & (1 << c):
            placed.append((c, i))
            taken |= 1 << c
            c -= 1
        c = hi + 1
        while c < suit * 13 + 13 and pool & (1 << c) and not taken & (1 << c):
            placed.append((c, i))
            taken |= 1 << c
            c += 1
    for i, m in enumerate(knocker_melds):
        if m in _SETS_OF_THREE:
            rank = ((m & -m).bit_length() - 1) % 13
            for s in range(4):
                c = s * 13 + rank
                if not m & (1 << c) and pool & (1 << c) and not taken & (1 << c):
                    placed.append((c, i))
                    taken |= 1 << c
    return placed


@dataclass(frozen=True)
class KnockShowdown:
    """Both hands laid out after a knock, with the defender's layoffs."""

    knocker: Arrangement
    defender: Arrangement  # the defender's melds and the deadwood left after layoffs
    layoffs: tuple[tuple[Card, int], ...]  # (card, index into knocker.melds)
    defender_deadwood_before_layoffs: int

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker.deadwood

    @property
    def defender_deadwood(self) -> int:
        return self.defender.deadwood


def layoff_spots(meld_masks: Sequence[int], own: int = 0) -> int:
    """The cards (as a mask) that could be laid off straight onto these melds, leaving out ``own``.

    A run takes the card just below and just above it in its suit; a set of three takes the missing
    fourth card.  Only the melds and ``own`` (the hand they come from) are looked at.
    """
    spots = 0
    for m in meld_masks:
        if m in _RUNS:
            lo = (m & -m).bit_length() - 1
            hi = m.bit_length() - 1
            if lo % 13 > 0:
                spots |= 1 << (lo - 1)
            if hi % 13 < 12:
                spots |= 1 << (hi + 1)
        elif m.bit_count() == 3:
            rank = ((m & -m).bit_length() - 1) % 13
            spots |= (_EACH_SUIT << rank) & ~m
    return spots & ~own


def knock_melds(cards: Iterable[int] | int) -> list[int]:
    """The melds (as masks) a knocker lays out, chosen from the knocker's own cards alone.

    Among the arrangements with the least deadwood, the one with the fewest layoff spots
    (``layoff_spots``) is laid out; among those, the one whose sorted meld masks come first.
    Nothing about the defender's hand enters the choice.
    """
    kmask = as_mask(cards)
    best: tuple[int, tuple[int, ...]] | None = None
    chosen: list[int] = []
    for arr in least_arrangements(kmask):
        key = (layoff_spots(arr, kmask).bit_count(), tuple(sorted(arr)))
        if best is None or key < best:
            best, chosen = key, arr
    return chosen


def knock_arrangement(cards: Iterable[int]) -> Arrangement:
    """The knocker's laid-out melds and deadwood, as ``showdown`` shows them for a knock."""
    mask = mask_of(cards)
    return Arrangement.from_masks(knock_melds(mask), mask)


def showdown(knocker_cards: Iterable[int], defender_cards: Iterable[int], allow_layoffs: bool = True,
             k_melds: Sequence[int] | None = None) -> KnockShowdown:
    """Lay out a knock: the knocker's melds, then the defender's melds and layoffs chosen jointly.

    The knocker's layout depends on the knocker's cards only (``knock_melds``: least deadwood, then
    the fewest layoff spots); the defender's melds and layoffs together leave the least deadwood
    possible against it.  Against gin (``allow_layoffs=False``) nothing is laid off.  ``k_melds``
    are the knocker's melds when laid out by hand (``declared.py`` has checked them).
    """
    kmask = mask_of(knocker_cards)
    dmask = mask_of(defender_cards)
    if kmask & dmask:
        raise ValueError("the two hands share a card")
    dbest = deadwood_of_mask(dmask)
    if not allow_layoffs:
        return KnockShowdown(
            Arrangement.from_masks(best_meld_masks(kmask) if k_melds is None else k_melds, kmask),
            Arrangement.from_masks(best_meld_masks(dmask), dmask),
            (),
            dbest,
        )
    k_arr = knock_melds(kmask) if k_melds is None else list(k_melds)
    best: tuple[tuple[int, int, int], list[int], list[tuple[int, int]]] | None = None
    # with no card of the defender next to a knocker's meld nothing is laid off, and only the
    # least-deadwood arrangements (in the same order) can come first
    candidates = all_arrangements(dmask) if layoff_spots(k_arr) & dmask else iter(least_arrangements(dmask))
    for d_arr in candidates:
        used = 0
        for m in d_arr:
            used |= m
        pool = dmask & ~used
        placed = layoffs(k_arr, pool)
        laid = mask_of(c for c, _ in placed)
        key = (mask_value(pool & ~laid), len(placed), -len(d_arr))
        if best is None or key < best[0]:
            best = (key, d_arr, placed)
    assert best is not None  # the empty arrangement is always there
    _, d_arr, placed = best
    knocker = Arrangement.from_masks(k_arr, kmask)
    defender = Arrangement.from_masks(d_arr, dmask & ~mask_of(c for c, _ in placed))
    return KnockShowdown(
        knocker,
        defender,
        tuple((Card(c), i) for c, i in placed),
        dbest,
    )
