"""Card sense shared by the bots: which cards meld together, where the unseen cards may be.

Everything works on 52-bit masks (bit ``i`` is ``Card(i)``) so it can lean on the engine's cached
``best_discard_key`` and ``deadwood_of_mask``.  A ``TableView`` is built from one seat's observation
and memory only; it never sees the stock or the opponent's hand.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from game.engine import VALUES, Card, Observation, Rules, best_arrangement
from game.engine.melds import best_discard_key, deadwood_of_mask
from game.engine.scoring import settle_knock

from .memory import HandMemory

FULL = (1 << 52) - 1


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _tables() -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...], tuple[int, ...]]:
    pairs: list[tuple[tuple[int, int], ...]] = []
    related: list[int] = []
    same_rank: list[int] = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        ranks = [s * 13 + rank for s in range(4) if s != suit]
        ps = [(ranks[i], ranks[j]) for i in range(3) for j in range(i + 1, 3)]
        for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
            if 0 <= a < 13 and 0 <= b < 13:
                ps.append((suit * 13 + a, suit * 13 + b))
        pairs.append(tuple(ps))
        rel = 0
        for a, b in ps:
            rel |= 1 << a | 1 << b
        related.append(rel)
        same_rank.append(_mask(ranks))
    return tuple(pairs), tuple(related), tuple(same_rank)


MELD_PAIRS, RELATED, SAME_RANK = _tables()
"""MELD_PAIRS[c]: the pairs (a, b) that make a three-card meld with c.  RELATED[c]: their union."""


def mask_of_cards(cards: Iterable[int]) -> int:
    return _mask(cards)


def melds_in(mask: int, card: int) -> bool:
    """Is ``card`` part of some meld (set or run of three or more) among the cards of ``mask``?"""
    return meld_cover(mask | 1 << card) >> card & 1 == 1


def layoff_targets(cards: Iterable[int]) -> list[tuple[str, int, int]]:
    """The melds of a knocking hand's best arrangement as (kind, low card, high card) for layoffs."""
    out = []
    for meld in best_arrangement(cards).melds:
        cs = sorted(int(c) for c in meld)
        if len({c % 13 for c in cs}) == 1:
            out.append(("set", cs[0], len(cs)))
        else:
            out.append(("run", cs[0], cs[-1]))
    return out


def laid_off_mask(targets: list[tuple[str, int, int]], opp: int) -> int:
    """Cards of ``opp`` that could go onto the knocker's melds (runs extend in chains)."""
    laid = 0
    for kind, a, b in targets:
        if kind == "set":
            if b == 3:
                laid |= SAME_RANK[a] & opp
        else:
            suit = a // 13
            c = a - 1
            while c >= suit * 13 and opp >> c & 1:
                laid |= 1 << c
                c -= 1
            c = b + 1
            while c < suit * 13 + 13 and opp >> c & 1:
                laid |= 1 << c
                c += 1
    return laid


def defender_deadwood(targets: list[tuple[str, int, int]], opp: int) -> int:
    """The defender's deadwood after layoffs, estimated: keep all melds, or lay off all that fits."""
    d = deadwood_of_mask(opp)
    if not targets or d == 0:
        return d
    laid = laid_off_mask(targets, opp)
    if laid:
        d = min(d, deadwood_of_mask(opp & ~laid))
    return d


def knock_points(rules: Rules, k: int, my_rest: int, opp: int) -> float:
    """Points for the knocker holding ``my_rest`` (deadwood ``k``, 0: gin) against the defender ``opp``,
    laid off by the estimate above; negative when undercut."""
    targets = layoff_targets(cards(my_rest)) if k else []  # nothing is laid off on gin
    return float(settle_knock(rules, k, defender_deadwood(targets, opp)))


class TableView:
    """One seat's picture of the hand: where every card may be, and how likely the opponent holds it."""

    __slots__ = ("hand", "pile", "gone", "opp_known", "unseen", "n_unknown", "weights", "probs", "stock_size")

    def __init__(self, obs: Observation, memory: HandMemory | None = None, opponent_model: bool = True) -> None:
        self.hand = _mask(obs.hand)
        self.pile = _mask(obs.discard_pile)
        self.gone = self.pile | _mask(obs.out_of_play)
        self.opp_known = _mask(obs.opponent_picks) & ~self.hand & ~self.gone
        self.unseen = FULL & ~(self.hand | self.gone | self.opp_known)
        self.n_unknown = max(0, obs.opponent_hand_size - bin(self.opp_known).count("1"))
        self.stock_size = obs.stock_size
        weights = [0.0] * 52
        for c in _bits(self.unseen):
            weights[c] = 1.0
        if opponent_model and memory is not None and memory.hand_no == obs.hand_no:
            for d in memory.opp_discards:
                self._scale(weights, d, 0.55, 0.7)
            for d in memory.opp_refused:
                self._scale(weights, d, 0.75, 0.85)
        for p in _bits(self.opp_known):
            self._scale(weights, p, 1.8, 1.6)
        self.weights = weights
        total = sum(weights)
        probs = [0.0] * 52
        if total > 0 and self.n_unknown:
            f = self.n_unknown / total
            for c in _bits(self.unseen):
                probs[c] = min(0.97, weights[c] * f)
        for c in _bits(self.opp_known):
            probs[c] = 1.0
        self.probs = probs

    @staticmethod
    def _scale(weights: list[float], card: int, rank_factor: float, run_factor: float) -> None:
        for c in _bits(SAME_RANK[card]):
            if weights[c]:
                weights[c] *= rank_factor
        suit, rank = divmod(card, 13)
        for dr, f in ((-1, run_factor), (1, run_factor), (-2, (1 + run_factor) / 2), (2, (1 + run_factor) / 2)):
            r = rank + dr
            if 0 <= r < 13:
                c = suit * 13 + r
                if weights[c]:
                    weights[c] *= f

    def danger(self, card: int) -> float:
        """Chance that ``card`` would join a meld in the opponent's hand (so they would take it)."""
        p = self.probs
        miss = 1.0
        for a, b in MELD_PAIRS[card]:
            pa, pb = p[a], p[b]
            if pa and pb:
                miss *= 1.0 - pa * pb
        return 1.0 - miss

    def stock_weights(self) -> list[tuple[int, float]]:
        """Each unseen card with the chance (unnormalised) that it is the next stock card."""
        p = self.probs
        return [(c, 1.0 - p[c]) for c in _bits(self.unseen)]

    def sample_opponent(self, rng: random.Random, extra: int = 0) -> int:
        """One guess of the opponent's whole hand, as a mask, drawn by the weights.

        The opponent has been keeping good cards and throwing bad ones, so a plain random hand is
        too weak: with ``extra`` > 0, that many more cards are drawn and the worst thrown away.
        """
        n = self.n_unknown
        if n <= 0:
            return self.opp_known
        w = self.weights
        keyed = sorted(((rng.random() ** (1.0 / w[c]), c) for c in _bits(self.unseen)), reverse=True)
        extra = max(0, min(extra, len(keyed) - n))
        m = self.opp_known
        for _, c in keyed[: n + extra]:
            m |= 1 << c
        known = self.opp_known
        for _ in range(extra):
            c, _ = best_discard_key(m, 0)
            if known >> c & 1:  # a card they showed stays: throw the best of the others
                c = min(_bits(m & ~known), key=lambda x: deadwood_of_mask(m ^ (1 << x)))
            m ^= 1 << c
        return m


_RANK0 = sum(1 << (13 * s) for s in range(4))
_RANK1 = _RANK0 << 1
_RANK12 = _RANK0 << 12
_RANK11 = _RANK0 << 11
_SUIT13 = (1 << 13) - 1
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_RUN_START = sum(((1 << 11) - 1) << (13 * s) for s in range(4))  # ranks A..J start a run of three


def completion_mask(mask: int) -> int:
    """The cards outside ``mask`` that would make a meld with two of its cards."""
    l1 = (mask << 1) & ~_RANK0 & FULL
    l2 = (mask << 2) & ~(_RANK0 | _RANK1) & FULL
    r1 = (mask >> 1) & ~_RANK12
    r2 = (mask >> 2) & ~(_RANK12 | _RANK11)
    runs = (l1 & l2) | (l1 & r1) | (r1 & r2)
    a = mask & _SUIT13
    b = (mask >> 13) & _SUIT13
    c = (mask >> 26) & _SUIT13
    d = (mask >> 39) & _SUIT13
    pairs = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    return (runs | pairs * _SPREAD) & ~mask & FULL


def meld_cover(mask: int) -> int:
    """The cards of ``mask`` that lie in some meld (set or run of three) made of cards of ``mask``."""
    r3 = mask & (mask >> 1) & (mask >> 2) & _RUN_START
    a = mask & _SUIT13
    b = (mask >> 13) & _SUIT13
    c = (mask >> 26) & _SUIT13
    d = mask >> 39
    sets = (a & b & (c | d)) | (c & d & (a | b))
    return (r3 | r3 << 1 | r3 << 2 | sets * _SPREAD) & mask


def completes_meld(mask: int, card: int) -> bool:
    """Does ``card`` make a meld with two cards of ``mask``?  If not, it could only be deadwood there."""
    return bool(completion_mask(mask) >> card & 1)


def expected_after_draw(mask: int, draws: list[tuple[int, float]], dw: int | None = None) -> float:
    """Expected deadwood of a ten-card hand after one more stock draw and the best discard.

    ``draws`` is (card, weight) for each card that might come.  A card that makes no meld with the
    hand can only replace the highest deadwood card, so those need no search.
    """
    return draw_outlook(mask, draws, dw, -1)[0]


def draw_outlook(mask: int, draws: list[tuple[int, float]], dw: int | None, limit: int) -> tuple[float, float, float]:
    """(expected deadwood after one more stock draw, chance it is at most ``limit``, chance of gin)."""
    if dw is None:
        dw = deadwood_of_mask(mask)
    if not draws:
        return float(dw), float(dw <= limit), float(dw == 0)
    _, best10 = best_discard_key(mask, 0)
    completing = completion_mask(mask)
    total = 0.0
    weight = 0.0
    hits = 0.0
    gins = 0.0
    for x, q in draws:
        if completing >> x & 1:
            nd = best_discard_key(mask | 1 << x, 0)[1]
        else:
            nd = VALUES[x] + best10
            if nd > dw:
                nd = dw
        total += q * nd
        weight += q
        if nd <= limit:
            hits += q
            if nd == 0:
                gins += q
    if not weight:
        return float(dw), float(dw <= limit), float(dw == 0)
    return total / weight, hits / weight, gins / weight


def cards(mask: int) -> list[Card]:
    return [Card(c) for c in _bits(mask)]


bits = _bits
