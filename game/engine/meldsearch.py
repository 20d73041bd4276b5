"""The exact meld search over 52-bit masks, built on tables of every pattern of one suit's 13 cards.

Runs stay within a suit, a set takes the cards of one rank from three or four suits, and a rank
has room for one set at most.  So an arrangement is a choice of sets (one or none for each rank
held three or four times) and then, each suit on its own, runs among the cards left: the least
deadwood is the least, over those few choices, of a sum of four lookups in a per-suit table.  The
best throw and the arrangement laid out come from per-suit tables in the same way.  The tables
are built on first use and depend on no hand.  The answers for hands that hold sets, which cost a
search over the choices, are kept (up to a bound): bots ask about the same hands again and again.
"""
from __future__ import annotations

import threading
from collections.abc import Sequence

from .cards import VALUES

INF = 1 << 40
SUIT = 0x1FFF
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # shifted left by a rank: the four cards of that rank
RUN_START_OK = sum(SUIT >> 2 << (13 * s) for s in range(4))  # ranks A..J can start a run of three
_RANK_VALUE = VALUES[:13]


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


RUNS_FROM, SETS_FROM = _build_meld_tables()
"""For each card, the runs (shortest first) and the sets in which it is the lowest card."""


def _suit_values() -> list[int]:
    values = [0] * 8192
    for p in range(1, 8192):
        low = p & -p
        values[p] = values[p ^ low] + _RANK_VALUE[low.bit_length() - 1]
    return values


SUIT_VALUE = _suit_values()
"""The card value of each pattern of one suit."""

# For the cards of one rank (a pattern of SPREAD bits): the sets they can form, as such patterns.
_RANK_PATTERNS = [sum(1 << 13 * s for s in range(4) if k >> s & 1) for k in range(16)]
_SETS_OF_RANK = {
    p: tuple(q for q in _RANK_PATTERNS if q & p == q and bin(q).count("1") >= 3)
    for p in _RANK_PATTERNS
    if bin(p).count("1") >= 3
}
# For each rank and the pattern of its cards: no set, then each set they can form, as card masks.
_RANK_CHOICES = tuple({p: (0, *(q << r for q in sets)) for p, sets in _SETS_OF_RANK.items()} for r in range(13))

# Per pattern of one suit, with runs alone: the least deadwood; the best single throw as
# ``deadwood after * 64 - rank * 4`` (INF for no card) and what it gains; the runs laid out.
# ``_RUN_DW`` is filled last, so once it holds the table, all of them do.
_RUN_DW: list[int] = []
_THROW: list[int] = []
_GAIN: list[int] = []
_SUIT_RUNS: list[tuple[int, ...]] = []
_TABLES_LOCK = threading.Lock()

_CACHE_LIMIT = 200_000
_LEAST: dict[int, int] = {}
_THROWS: dict[int, int] = {}


def clear_cache() -> None:
    """Forget the kept answers (benchmarks call this to measure cold)."""
    _LEAST.clear()
    _THROWS.clear()


def _suit_tables() -> None:
    """Build the per-suit tables once; a thread that comes while they are built waits for them."""
    with _TABLES_LOCK:
        if _RUN_DW:
            return
        dw, throw = _run_tables()
        _THROW[:] = throw
        _GAIN[:] = [t - w * 64 for t, w in zip(throw, dw, strict=True)]
        _SUIT_RUNS[:] = _suit_runs(dw)
        _RUN_DW[:] = dw


def _run_tables() -> tuple[list[int], list[int]]:
    """The least deadwood with runs alone and the best throw; smaller sub-patterns come first."""
    dw = [0] * 8192
    throw = [INF] * 8192
    for p in range(1, 8192):
        low = p & -p
        best = _RANK_VALUE[low.bit_length() - 1] + dw[p ^ low]
        run = low * 7
        while run < 8192 and run & p == run:
            v = dw[p ^ run]
            if v < best:
                best = v
            run = run * 2 + low
        dw[p] = best
        throw[p] = _throw_among(dw, p, p)
    return dw, throw


def _suit_runs(dw: list[int]) -> list[tuple[int, ...]]:
    """The runs ``arrangement_masks`` lays out in one suit: from the lowest card in a run, the
    longest run from it that keeps the least deadwood, else that card is deadwood."""
    runs: list[tuple[int, ...]] = [()] * 8192
    for p in range(1, 8192):
        r3 = p & p >> 1 & p >> 2
        live = (r3 | r3 << 1 | r3 << 2) & p
        if live != p:
            runs[p] = runs[live]
            continue
        low = p & -p
        options = []
        run = low * 7
        while run < 8192 and run & p == run:
            options.append(run)
            run = run * 2 + low
        runs[p] = runs[p ^ low]
        for m in reversed(options):
            if dw[p ^ m] == dw[p]:
                runs[p] = (m, *runs[p ^ m])
                break
    return runs


def _set_choices(mask: int, ranks: int) -> Sequence[int]:
    """Every choice of sets among ``ranks`` (ranks held three or four times), as card masks, none first."""
    if not ranks:
        return (0,)
    low = ranks & -ranks
    r = low.bit_length() - 1
    choices: Sequence[int] = _RANK_CHOICES[r][mask >> r & SPREAD]
    ranks ^= low
    while ranks:
        low = ranks & -ranks
        r = low.bit_length() - 1
        ranks ^= low
        choices = [x | y for x in choices for y in _RANK_CHOICES[r][mask >> r & SPREAD]]
    return choices


def least_deadwood(mask: int) -> int:
    """The least deadwood of the cards in ``mask`` over every arrangement."""
    if not _RUN_DW:
        _suit_tables()
    dw = _RUN_DW
    a = mask & SUIT
    b = mask >> 13 & SUIT
    c = mask >> 26 & SUIT
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return dw[a] + dw[b] + dw[c] + dw[d]
    best = _LEAST.get(mask, INF)
    if best < INF:
        return best
    key = mask
    # a rank none of whose cards can join a run is best melded whole
    free = _free_ranks(mask, ranks)
    if free:
        mask &= ~(free * SPREAD)
        ranks ^= free
    for s in _set_choices(mask, ranks):
        m = mask ^ s
        v = dw[m & SUIT] + dw[m >> 13 & SUIT] + dw[m >> 26 & SUIT] + dw[m >> 39]
        if v < best:
            best = v
    if len(_LEAST) > _CACHE_LIMIT:
        _LEAST.clear()
    _LEAST[key] = best
    return best


def _suit_throw(p: int, forbid: int) -> int:
    """``_THROW[p]`` when the card ``forbid`` (a bit of the pattern) may not go."""
    return _throw_among(_RUN_DW, p, p ^ forbid)


def _throw_among(dw: list[int], p: int, rest: int) -> int:
    """The best throw from pattern ``p`` of one of the cards ``rest``, by the runs-alone deadwood ``dw``."""
    best = INF
    while rest:
        low = rest & -rest
        v = dw[p ^ low] * 64 - (low.bit_length() - 1) * 4
        if v < best:
            best = v
        rest ^= low
    return best


def _throw_key(m: int, forbid: int) -> int:
    """Best throw from ``m`` with runs alone, as ``deadwood * 64 + (63 - priority)``; INF or more if none.

    A throw changes its own suit's deadwood only; among equal results the suit breaks the tie
    after the rank.  ``forbid`` is a card mask or 0.
    """
    dw = _RUN_DW
    a = m & SUIT
    b = m >> 13 & SUIT
    c = m >> 26 & SUIT
    d = m >> 39
    base = (dw[a] + dw[b] + dw[c] + dw[d]) * 64 + 63
    if not forbid & m:
        gain = _GAIN
        best = gain[a]
        v = gain[b] - 1
        if v < best:
            best = v
        v = gain[c] - 2
        if v < best:
            best = v
        v = gain[d] - 3
        if v < best:
            best = v
        return base + best
    best = INF
    for s, p in enumerate((a, b, c, d)):
        if p:
            f = forbid >> 13 * s & SUIT
            v = (_suit_throw(p, f) if f else _THROW[p]) - dw[p] * 64 - s
            if v < best:
                best = v
    return base + best


def _free_ranks(mask: int, ranks: int) -> int:
    """The ranks of ``ranks`` none of whose cards in ``mask`` can join a run: their sets are always laid."""
    r3 = mask & mask >> 1 & mask >> 2 & RUN_START_OK
    runs = r3 | r3 << 1 | r3 << 2
    return ranks & ~(runs | runs >> 13 | runs >> 26 | runs >> 39)


def _free_throw(mask: int, free: int, forbid: int, rest_dw: int) -> int:
    """The best throw of a card of a ``free`` rank, as a key; ``rest_dw`` is the least deadwood
    without those ranks.  Three of a rank stay a set after one of four goes; of three, two are left
    as deadwood.  Among one rank's cards the highest suit goes."""
    best = INF
    while free:
        low = free & -free
        r = low.bit_length() - 1
        free ^= low
        q = mask >> r & SPREAD
        extra = 0 if q.bit_count() == 4 else 2 * _RANK_VALUE[r]
        for s in (3, 2, 1, 0):
            if q >> 13 * s & 1 and not forbid >> (13 * s + r) & 1:
                v = (rest_dw + extra) * 64 + 63 - r * 4 - s
                if v < best:
                    best = v
                break
    return best


def best_throw(mask: int, forbid: int) -> int:
    """Best discard from ``mask`` as ``deadwood * 64 + (63 - priority)``; ``forbid`` is a card mask or 0.

    The thrown card is never in the chosen sets: throwing a card of a set of four leaves the set
    of the other three, which is another choice.
    """
    if not _RUN_DW:
        _suit_tables()
    a = mask & SUIT
    b = mask >> 13 & SUIT
    c = mask >> 26 & SUIT
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return _throw_key(mask, forbid)
    key = mask | forbid.bit_length() << 53
    best = _THROWS.get(key, INF)
    if best < INF:
        return best
    free = _free_ranks(mask, ranks)
    if free:
        rest = mask & ~(free * SPREAD)
        best = _free_throw(mask, free, forbid, least_deadwood(rest))
        mask = rest
        ranks ^= free
    for s in _set_choices(mask, ranks):
        v = _throw_key(mask ^ s, forbid & ~s)
        if v < best:
            best = v
    if len(_THROWS) > _CACHE_LIMIT:
        _THROWS.clear()
    _THROWS[key] = best
    return best


def throw_floor(mask: int) -> int:
    """A floor under the deadwood any single throw from ``mask`` leaves: cards in no meld stay
    deadwood whatever is thrown, but the highest of them may go."""
    r3 = mask & (mask >> 1) & (mask >> 2) & RUN_START_OK
    a = mask & SUIT
    b = (mask >> 13) & SUIT
    c = (mask >> 26) & SUIT
    d = mask >> 39
    dead = mask & ~(r3 | r3 << 1 | r3 << 2 | ((a & b & (c | d)) | (c & d & (a | b))) * SPREAD)
    if not dead:
        return 0
    value = SUIT_VALUE
    ranks = (dead | dead >> 13 | dead >> 26 | dead >> 39) & SUIT
    return value[dead & SUIT] + value[dead >> 13 & SUIT] + value[dead >> 26 & SUIT] + value[dead >> 39] \
        - _RANK_VALUE[ranks.bit_length() - 1]
