"""The Unicode bidi algorithm (UAX #9) for one paragraph: the embedding level of each character.

Isolates and bracket pairs are followed; explicit embeddings are not (the game never writes them).
Each rule group is its own step over one isolating run sequence, in the standard's order: the weak
types (W1-W7), the bracket pairs (N0), the other neutrals (N1, N2) and the implicit levels (I1, I2).
``bidi`` builds the text the renderers need on top of these levels.
"""
from __future__ import annotations

import unicodedata

_STRONG_R = ("R", "AL")
_NEUTRAL = ("B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI")
_ISOLATE_OPEN = ("LRI", "RLI", "FSI")
_EXPLICIT = ("LRE", "RLE", "LRO", "RLO", "PDF")

_PAIRS = {"(": ")", "[": "]", "{": "}"}  # Unicode's paired brackets (guillemets are not)
_CLOSERS = {v: k for k, v in _PAIRS.items()}


def _bidi_class(c: str) -> str:
    # Suit symbols are neutral in Unicode; we make them left to right so a card name such as "K♠"
    # stays in one piece, rank then suit, inside Persian text.
    if "\u2660" <= c <= "\u2667":
        return "L"
    return unicodedata.bidirectional(c) or "L"


def _first_strong(types: list[str]) -> int | None:
    depth = 0
    for t in types:
        if t in _ISOLATE_OPEN:
            depth += 1
        elif t == "PDI" and depth:
            depth -= 1
        elif depth == 0 and t == "L":
            return 0
        elif depth == 0 and t in _STRONG_R:
            return 1
    return None


def _strong(t: str) -> str | None:
    """The direction a resolved type counts as for the neutrals (numbers count as right to left)."""
    if t == "L":
        return "L"
    if t in ("R", "EN", "AN"):
        return "R"
    return None


def _sequence(text: str, types: list[str], idx: list[int], level: int, levels: list[int]) -> list[int]:
    """The run sequence at ``idx`` without its isolates' content, each isolate resolved on its own (the
    initiator and its PDI stay here as neutrals).  Isolates nest at most as deep as UAX #9 allows (level
    125); deeper ones are plain neutrals."""
    seq: list[int] = []
    i = 0
    while i < len(idx):
        k = idx[i]
        t = types[k]
        if t not in _ISOLATE_OPEN or level >= 123:
            seq.append(k)
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(idx) and depth:
            tj = types[idx[j]]
            if tj in _ISOLATE_OPEN:
                depth += 1
            elif tj == "PDI":
                depth -= 1
            j += 1
        inner = idx[i + 1 : j - 1] if depth == 0 else idx[i + 1 : j]
        rtl = t == "RLI" if t != "FSI" else _first_strong([types[x] for x in inner]) == 1
        _resolve(text, types, inner, (level + 1) | 1 if rtl else (level + 2) & ~1, levels)
        seq.append(k)
        if depth == 0:
            seq.append(idx[j - 1])
        i = j
    return seq


def _weak(work: list[str], removed: list[bool], sor: str) -> list[int]:
    """W1-W7 on ``work`` in place; returns the positions the later rules see (X9's removed aside)."""
    n = len(work)
    prev = sor  # W1: non-spacing marks take the type of what precedes them
    for p in range(n):
        if removed[p]:
            continue
        if work[p] == "NSM":
            work[p] = "ON" if prev in _ISOLATE_OPEN + ("PDI",) else prev
        prev = work[p]
    last = sor  # W2: European digits after Arabic letters are Arabic numbers; W3: AL -> R
    for p in range(n):
        t = work[p]
        if t in ("L", "R", "AL"):
            last = t
        elif t == "EN" and last == "AL":
            work[p] = "AN"
    work[:] = ["R" if t == "AL" else t for t in work]
    live = [p for p in range(n) if not removed[p]]
    for a, b, c in zip(live, live[1:], live[2:], strict=False):  # W4: one separator joins two numbers
        if work[a] == work[c] == "EN" and work[b] in ("ES", "CS"):
            work[b] = "EN"
        elif work[a] == work[c] == "AN" and work[b] == "CS":
            work[b] = "AN"
    for q, p in enumerate(live):  # W5: terminators (%, $, ...) next to European digits are digits
        if work[p] == "EN":
            for direction in (-1, 1):
                r = q + direction
                while 0 <= r < len(live) and work[live[r]] == "ET":
                    work[live[r]] = "EN"
                    r += direction
    for p in live:  # W6: other separators and terminators are neutral
        if work[p] in ("ES", "ET", "CS"):
            work[p] = "ON"
    last = sor  # W7: European digits after a Latin letter are left to right
    for p in live:
        t = work[p]
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            work[p] = "L"
    return live


def _bracket_pairs(chars: str, work: list[str], live: list[int]) -> list[tuple[int, int]]:
    """BD16: the bracket pairs among the live neutrals, as positions in ``live``."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for q, p in enumerate(live):
        ch = chars[p]
        if work[p] != "ON":
            continue
        if ch in _PAIRS:
            if len(stack) >= 63:
                break
            stack.append((_PAIRS[ch], q))
        elif ch in _CLOSERS:
            for s in range(len(stack) - 1, -1, -1):
                if stack[s][0] == ch:
                    pairs.append((stack[s][1], q))
                    del stack[s:]
                    break
    return sorted(pairs)


def _brackets(chars: str, work: list[str], live: list[int], sor: str) -> None:
    """N0: a bracket pair takes the direction of what it encloses."""
    emb = sor
    for qo, qc in _bracket_pairs(chars, work, live):
        inside = {_strong(work[live[q]]) for q in range(qo + 1, qc)} - {None}
        if emb in inside:
            d = emb
        elif inside:
            opposite = inside.pop()
            before = sor
            for q in range(qo - 1, -1, -1):
                sb = _strong(work[live[q]])
                if sb:
                    before = sb
                    break
            d = opposite if before == opposite else emb
        else:
            continue
        work[live[qo]] = work[live[qc]] = d


def _neutrals(work: list[str], live: list[int], sor: str) -> None:
    """N1/N2: neutrals between two strong sides of one direction take it, else the embedding direction."""
    q = 0
    while q < len(live):
        if work[live[q]] not in _NEUTRAL:
            q += 1
            continue
        start = q
        while q < len(live) and work[live[q]] in _NEUTRAL:
            q += 1
        side_a = _strong(work[live[start - 1]]) if start else sor
        side_b = _strong(work[live[q]]) if q < len(live) else sor
        d = side_a if side_a is not None and side_a == side_b else sor
        for r in range(start, q):
            work[live[r]] = d


def _implicit(seq: list[int], work: list[str], removed: list[bool], level: int, levels: list[int]) -> None:
    """I1/I2: the implicit levels; removed characters sit at the level of what precedes them (so a ZWNJ
    stays inside its word)."""
    prev_level = level
    for p, k in enumerate(seq):
        t = work[p]
        if removed[p]:
            levels[k] = prev_level
            continue
        if level % 2 == 0:
            levels[k] = level + (1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            levels[k] = level + (1 if t in ("L", "EN", "AN") else 0)
        prev_level = levels[k]


def _resolve(text: str, types: list[str], idx: list[int], level: int, levels: list[int]) -> None:
    """Resolve the levels of the characters at ``idx`` (one isolating run sequence) at paragraph ``level``."""
    seq = _sequence(text, types, idx, level, levels)
    sor = "R" if level % 2 else "L"
    work = [types[k] for k in seq]
    removed = [t == "BN" or t in _EXPLICIT for t in work]  # X9: they take their neighbour's level later
    live = _weak(work, removed, sor)
    chars = "".join(text[k] for k in seq)
    _brackets(chars, work, live, sor)
    _neutrals(work, live, sor)
    _implicit(seq, work, removed, level, levels)


def bidi_levels(text: str, rtl: bool | None = None) -> list[int]:
    """Embedding level of each character; ``rtl`` None picks the paragraph direction from the text."""
    types = [_bidi_class(c) for c in text]
    if rtl is None:
        rtl = _first_strong(types) == 1
    base = 1 if rtl else 0
    levels = [base] * len(text)
    _resolve(text, types, list(range(len(text))), base, levels)
    # L1: trailing white space and isolate marks sit at the paragraph level.
    for p in range(len(text) - 1, -1, -1):
        if types[p] in ("WS", "LRI", "RLI", "FSI", "PDI", "BN", "S"):
            levels[p] = base
        else:
            break
    return levels
