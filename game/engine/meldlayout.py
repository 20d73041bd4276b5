"""Which melds to lay out: the arrangement the game shows, and every least-deadwood arrangement.

Both walk the hand from its lowest card, as ``melds.all_arrangements`` does, and lean on the exact
search of ``meldsearch.py`` (its per-suit tables and its least deadwood) to keep to arrangements
that leave the least deadwood.
"""
from __future__ import annotations

from .meldsearch import (  # the search's own tables and steps, shared within the engine
    _RANK_VALUE,
    _RUN_DW,
    _SUIT_RUNS,
    RUN_START_OK,
    RUNS_FROM,
    SETS_FROM,
    SPREAD,
    SUIT,
    SUIT_VALUE,
    _free_ranks,
    _set_choices,
    _suit_tables,
    least_deadwood,
)


def _sets_laid(mask: int, ranks: int) -> list[int]:
    """The choices of sets (as card masks) that some least-deadwood arrangement of ``mask`` lays."""
    dw = _RUN_DW
    free = _free_ranks(mask, ranks)
    laid = free * SPREAD & mask
    mask ^= laid
    choices = _set_choices(mask, ranks ^ free)
    totals = []
    for s in choices:
        m = mask ^ s
        totals.append(dw[m & SUIT] + dw[m >> 13 & SUIT] + dw[m >> 26 & SUIT] + dw[m >> 39])
    least = min(totals)
    return [s | laid for s, t in zip(choices, totals, strict=True) if t == least]


def arrangement_masks(mask: int) -> list[int]:
    """Meld masks of one least-deadwood arrangement (melds preferred on ties, longer runs first).

    The lowest card still in some meld goes first: into the first of its melds (runs from it,
    longest first, then its sets, largest first) that some least-deadwood arrangement uses, else
    into the deadwood.  ``laid`` holds the choices of sets of those arrangements, narrowed as
    melds are taken; once no set is left to lay, the suits' tables finish the work.
    """
    if not _RUN_DW:
        _suit_tables()
    runs = _SUIT_RUNS
    a = mask & SUIT
    b = mask >> 13 & SUIT
    c = mask >> 26 & SUIT
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)):  # no set: each suit's table says it all
        melds = list(runs[a])
        if runs[b]:
            melds += [m << 13 for m in runs[b]]
        if runs[c]:
            melds += [m << 26 for m in runs[c]]
        if runs[d]:
            melds += [m << 39 for m in runs[d]]
        return melds
    melds = []
    laid: list[int] = []
    while True:
        # cards in no meld of what is left are deadwood whatever happens: only the rest is searched
        r3 = mask & (mask >> 1) & (mask >> 2) & RUN_START_OK
        a = mask & SUIT
        b = (mask >> 13) & SUIT
        c = (mask >> 26) & SUIT
        d = mask >> 39
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        mask &= r3 | r3 << 1 | r3 << 2 | ranks * SPREAD
        if ranks and not laid:
            laid = _sets_laid(mask, ranks)
        if not ranks or laid == [0]:
            for shift in (0, 13, 26, 39):
                if runs[mask >> shift & SUIT]:
                    melds += [m << shift for m in runs[mask >> shift & SUIT]]
            return melds
        low = mask & -mask
        meld, keep = _first_meld(mask, low.bit_length() - 1, laid)
        if meld:
            laid = keep
            melds.append(meld)
            mask ^= meld
        else:
            mask ^= low


def _first_meld(mask: int, card: int, laid: list[int]) -> tuple[int, list[int]]:
    """The first meld from ``card`` (the lowest) that an arrangement of ``laid`` uses, and those
    choices of sets narrowed to it (less the set taken); (0, []) when ``card`` is deadwood in all."""
    dw = _RUN_DW
    shift = card - card % 13
    for m in RUNS_FROM[card][::-1]:
        if m & mask == m:
            ml = m >> shift
            keep = []
            for s in laid:
                p = (mask ^ s) >> shift & SUIT
                if not s & m and dw[p ^ ml] == dw[p]:
                    keep.append(s)
            if keep:
                return m, keep
    rank_cards = SPREAD << card % 13
    for m in SETS_FROM[card][::-1]:
        if m & mask == m:
            keep = [s ^ m for s in laid if s & rank_cards == m]
            if keep:
                return m, keep
    return 0, []


def least_arrangements(mask: int) -> list[list[int]]:
    """Every arrangement of ``mask`` with the least deadwood, each listing its melds by lowest card,
    in the order ``melds.all_arrangements`` would give them."""
    return _least_arrangements(mask, least_deadwood(mask))


def _least_arrangements(mask: int, target: int) -> list[list[int]]:
    r3 = mask & (mask >> 1) & (mask >> 2) & RUN_START_OK
    a = mask & SUIT
    b = (mask >> 13) & SUIT
    c = (mask >> 26) & SUIT
    d = mask >> 39
    live = (r3 | r3 << 1 | r3 << 2 | ((a & b & (c | d)) | (c & d & (a | b))) * SPREAD) & mask
    dead = mask ^ live
    if dead:  # cards in no meld are deadwood in every arrangement
        target -= SUIT_VALUE[dead & SUIT] + SUIT_VALUE[dead >> 13 & SUIT] + SUIT_VALUE[dead >> 26 & SUIT] \
            + SUIT_VALUE[dead >> 39]
        mask = live
    if not mask:
        return [[]]
    low = mask & -mask
    card = low.bit_length() - 1
    value = _RANK_VALUE[card % 13]
    out = []
    if least_deadwood(mask ^ low) == target - value:
        out = _least_arrangements(mask ^ low, target - value)
    for meld in RUNS_FROM[card] + SETS_FROM[card]:
        if meld & mask == meld and least_deadwood(mask ^ meld) == target:
            out += [[meld, *tail] for tail in _least_arrangements(mask ^ meld, target)]
    return out
