"""Right-to-left text without pygame: the Unicode bidi algorithm and the text the renderers need.

pygame-ce's font renderer (SDL_ttf with HarfBuzz) joins Arabic-script letters when the font is set to
the ``Arab`` script and right-to-left direction, but it lays out the *whole* line right to left with no
bidirectional reordering, so "25" would come out as "52".  We run the Unicode bidi algorithm (UAX #9
for one paragraph; isolates and bracket pairs, no explicit embeddings) ourselves.  This module holds
the pure text part (testable without a display); ``rtl`` draws with it.

* pygame-gui widgets take one string, so ``prepare_for_widget`` keeps Persian runs in logical order
  (HarfBuzz still joins them) and reverses each left-to-right run, which the widget's right-to-left
  theme font (``"script": "Arab", "direction": "rtl"``) reverses back.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from game.app.shell import paths
from game.app.shell.vocab import RTL_LANGUAGES

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
NBSP = "\u00a0"

_STRONG_R = ("R", "AL")
_NEUTRAL = ("B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI")
_ISOLATE_OPEN = ("LRI", "RLI", "FSI")
_EXPLICIT = ("LRE", "RLE", "LRO", "RLO", "PDF")

_PAIRS = {"(": ")", "[": "]", "{": "}"}  # Unicode's paired brackets (guillemets are not)
_CLOSERS = {v: k for k, v in _PAIRS.items()}
_MIRROR = {"<": ">", ">": "<", "\u00ab": "\u00bb", "\u00bb": "\u00ab", "\u2039": "\u203a", "\u203a": "\u2039",
           **_PAIRS, **_CLOSERS}

_PERSIAN_DIGITS = str.maketrans("0123456789", "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9")


def is_rtl_language(lang: str) -> bool:
    return lang in RTL_LANGUAGES


def has_rtl(text: str) -> bool:
    """True when the text holds a right-to-left letter (Persian, Arabic, Hebrew)."""
    return any(unicodedata.bidirectional(c) in _STRONG_R for c in text)


def localize_digits(text: str, lang: str) -> str:
    """Persian text reads better with Persian digits; other languages keep ASCII digits."""
    return text.translate(_PERSIAN_DIGITS) if lang == "fa" else text


_LATIN_WORD = re.compile(r"[A-Za-z0-9._/\\-]*[A-Za-z][A-Za-z0-9._/\\-]*")  # F11, Ava2, a file's name
_DECIMAL_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9])")


def localize_numbers(text: str, lang: str) -> str:
    """Every number of a Persian screen in Persian digits, with the Persian decimal separator (5.9: ۵٫۹).

    Digits inside a Latin word stay as they are: a key name such as F11 is printed on the keyboard so, and
    a file's name (match.damaged-20260101.json) is what the player finds in the folder.
    Other languages keep their text unchanged.
    """
    if lang != "fa" or not any("0" <= c <= "9" for c in text):
        return text
    text = _DECIMAL_POINT.sub("\u066b", text)
    out = []
    pos = 0
    for word in _LATIN_WORD.finditer(text):
        out.append(text[pos:word.start()].translate(_PERSIAN_DIGITS))
        out.append(word.group())
        pos = word.end()
    out.append(text[pos:].translate(_PERSIAN_DIGITS))
    return "".join(out)


def ltr_isolate(text: str) -> str:
    """Wrap ``text`` so it is laid out left to right as one block (a sum like "14 - 8 = 6")."""
    return LRI + text + PDI


def isolate(text: str) -> str:
    """Wrap inserted text (a player's name) so its direction does not leak into what follows it.

    Without it "Sara ۲۰" in a Persian line is read as one left-to-right phrase.
    """
    return FSI + text + PDI


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


def _resolve(text: str, types: list[str], idx: list[int], level: int, levels: list[int]) -> None:
    """Resolve the levels of the characters at ``idx`` (one isolating run sequence) at paragraph ``level``.

    Isolates nest at most as deep as UAX #9 allows (level 125); deeper ones are plain neutrals.
    """
    # Isolates: resolve their content separately; the initiator and PDI are neutrals of this sequence.
    seq: list[int] = []
    i = 0
    while i < len(idx):
        k = idx[i]
        t = types[k]
        if t in _ISOLATE_OPEN and level < 123:
            depth, j = 1, i + 1
            while j < len(idx) and depth:
                tj = types[idx[j]]
                if tj in _ISOLATE_OPEN:
                    depth += 1
                elif tj == "PDI":
                    depth -= 1
                j += 1
            inner = idx[i + 1 : j - 1] if depth == 0 else idx[i + 1 : j]
            if t == "LRI":
                rtl = False
            elif t == "RLI":
                rtl = True
            else:
                rtl = _first_strong([types[x] for x in inner]) == 1
            inner_level = (level + 1) | 1 if rtl else (level + 2) & ~1
            _resolve(text, types, inner, inner_level, levels)
            seq.append(k)
            if depth == 0:
                seq.append(idx[j - 1])
            i = j
        else:
            seq.append(k)
            i += 1

    sor = "R" if level % 2 else "L"
    work = [types[k] for k in seq]
    n = len(work)
    # X9: boundary neutrals and explicit embeddings take their neighbour's type later; mark them.
    removed = [t == "BN" or t in _EXPLICIT for t in work]

    # W1: non-spacing marks take the type of what precedes them.
    prev = sor
    for p in range(n):
        if removed[p]:
            continue
        if work[p] == "NSM":
            work[p] = "ON" if prev in _ISOLATE_OPEN + ("PDI",) else prev
        prev = work[p]
    # W2: European digits after Arabic letters are Arabic numbers; W3: AL -> R.
    last = sor
    for p in range(n):
        t = work[p]
        if t in ("L", "R", "AL"):
            last = t
        elif t == "EN" and last == "AL":
            work[p] = "AN"
    work = ["R" if t == "AL" else t for t in work]
    live = [p for p in range(n) if not removed[p]]
    # W4: one separator between two numbers of a kind joins them.
    for a, b, c in zip(live, live[1:], live[2:], strict=False):
        tb = work[b]
        if work[a] == work[c] == "EN" and tb in ("ES", "CS"):
            work[b] = "EN"
        elif work[a] == work[c] == "AN" and tb == "CS":
            work[b] = "AN"
    # W5: terminators (%, $, ...) next to European digits are digits.
    for q, p in enumerate(live):
        if work[p] == "EN":
            for direction in (-1, 1):
                r = q + direction
                while 0 <= r < len(live) and work[live[r]] == "ET":
                    work[live[r]] = "EN"
                    r += direction
    # W6: other separators and terminators are neutral.
    for p in live:
        if work[p] in ("ES", "ET", "CS"):
            work[p] = "ON"
    # W7: European digits after a Latin letter are left to right.
    last = sor
    for p in live:
        t = work[p]
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            work[p] = "L"

    def strong(t: str) -> str | None:
        if t == "L":
            return "L"
        if t in ("R", "EN", "AN"):
            return "R"
        return None

    emb = sor
    # N0: a bracket pair takes the direction of what it encloses.
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for q, p in enumerate(live):
        ch = text[seq[p]]
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
    for qo, qc in sorted(pairs):
        inside = {strong(work[live[q]]) for q in range(qo + 1, qc)} - {None}
        if emb in inside:
            d = emb
        elif inside:
            opposite = inside.pop()
            before = sor
            for q in range(qo - 1, -1, -1):
                sb = strong(work[live[q]])
                if sb:
                    before = sb
                    break
            d = opposite if before == opposite else emb
        else:
            continue
        work[live[qo]] = work[live[qc]] = d
    # N1/N2: neutrals between two strong sides of one direction take it, else the embedding direction.
    q = 0
    while q < len(live):
        if work[live[q]] not in _NEUTRAL:
            q += 1
            continue
        start = q
        while q < len(live) and work[live[q]] in _NEUTRAL:
            q += 1
        side_a = strong(work[live[start - 1]]) if start else sor
        side_b = strong(work[live[q]]) if q < len(live) else sor
        d = side_a if side_a is not None and side_a == side_b else emb
        for r in range(start, q):
            work[live[r]] = d
    # I1/I2: implicit levels.
    for p in range(n):
        t = work[p]
        if removed[p]:
            continue
        if level % 2 == 0:
            lv = level + (1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            lv = level + (1 if t in ("L", "EN", "AN") else 0)
        levels[seq[p]] = lv
    # Removed characters sit at the level of what precedes them (so a ZWNJ stays inside its word).
    prev_level = level
    for p in range(n):
        if removed[p]:
            levels[seq[p]] = prev_level
        else:
            prev_level = levels[seq[p]]


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


def _reorder(text: str, levels: list[int]) -> list[int]:
    """L2: the index of each character in visual (left to right) order."""
    order = list(range(len(text)))
    if not levels:
        return order
    highest = max(levels)
    lowest_odd = min(lv for lv in levels) | 1
    for lv in range(highest, lowest_odd - 1, -1):
        p = 0
        while p < len(order):
            if levels[order[p]] >= lv:
                start = p
                while p < len(order) and levels[order[p]] >= lv:
                    p += 1
                order[start:p] = order[start:p][::-1]
            else:
                p += 1
    return order


_INVISIBLE = frozenset((LRI, RLI, FSI, PDI, "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u200e", "\u200f"))


@lru_cache(maxsize=2048)
def visual_order(text: str, rtl: bool | None = None, mirror: bool = True) -> str:
    """What a reader sees, left to right (mirrored brackets applied, direction marks dropped)."""
    levels = bidi_levels(text, rtl)
    out = []
    for k in _reorder(text, levels):
        c = text[k]
        if c in _INVISIBLE:
            continue
        out.append(_MIRROR.get(c, c) if mirror and levels[k] % 2 else c)
    return "".join(out)


@lru_cache(maxsize=2048)
def for_rtl_renderer(text: str, rtl: bool | None = True, keep_ltr_runs_together: bool = False) -> str:
    """The string that a right-to-left HarfBuzz renderer turns into the correct picture of ``text``.

    The renderer reverses the whole line and mirrors every bracket, so we give it the visual order
    reversed: right-to-left runs come back in logical order (and join), left-to-right runs reversed.
    ``keep_ltr_runs_together`` turns spaces inside left-to-right runs into no-break spaces, so that a
    widget's word wrap cannot split "Gin Rummy" and swap its words between two lines.
    """
    levels = bidi_levels(text, rtl)
    out = []
    order = _reorder(text, levels)
    for pos in range(len(order) - 1, -1, -1):
        k = order[pos]
        c = text[k]
        if c in _INVISIBLE:
            continue
        if levels[k] % 2 == 0:
            c = _MIRROR.get(c, c)  # the renderer mirrors it back
            if keep_ltr_runs_together and c == " " and 0 < pos < len(order) - 1:
                left, right = order[pos - 1], order[pos + 1]
                if levels[left] % 2 == 0 and levels[right] % 2 == 0 and text[left] != " " and text[right] != " ":
                    c = NBSP
        out.append(c)
    return "".join(out)


_MARKUP = re.compile(r"(<[^<>]*>|&#?\w+;)")


def prepare_for_widget(text: str, lang: str) -> str:
    """Text for a pygame-gui widget whose theme font is right to left (see docs); others unchanged.

    A multi-line widget wraps the prepared text itself, which is safe: the runs stay in reading order
    and left-to-right runs are kept on one line.  Explicit line breaks are prepared line by line.
    Text-box markup (``<b>``, ``<br>``, ``&lt;``) stays as it is; the text between tags is prepared
    piece by piece.
    """
    if not is_rtl_language(lang):
        return text
    out = []
    for line in text.split("\n"):
        parts = _MARKUP.split(line)
        out.append("".join(part if n % 2 else for_rtl_renderer(part, True, True) for n, part in enumerate(parts)))
    return "\n".join(out)


def visual_runs(text: str, rtl: bool | None = None) -> list[tuple[str, bool]]:
    """The line as pieces from left to right: ``(text for the renderer, right_to_left)``.

    A right-to-left piece is in logical order (HarfBuzz joins and reverses it itself); a
    left-to-right piece is drawn as is, so Latin keeps its own kerning.
    """
    levels = bidi_levels(text, rtl)
    runs: list[tuple[str, bool]] = []
    current: list[str] = []
    odd = None
    for k in _reorder(text, levels):
        c = text[k]
        if c in _INVISIBLE:
            continue
        is_odd = levels[k] % 2 == 1
        if odd is not None and is_odd != odd and current:
            runs.append(("".join(current[::-1]) if odd else "".join(current), odd))
            current = []
        odd = is_odd
        current.append(c)
    if current:
        runs.append(("".join(current[::-1]) if odd else "".join(current), bool(odd)))
    return runs


def widget_fonts(size: int = 16, regular: str | None = None, bold: str | None = None) -> list[dict[str, str]]:
    """The ``"font"`` list for a pygame-gui theme block: DejaVu for en and ru, right to left for fa.

    pygame-gui picks the entry whose ``locale`` matches the manager's language; without an ``fa``
    entry it falls back to a font with no Persian letters.  The right-to-left font has its own name,
    so pygame-gui does not share it with the left-to-right one.  Put the list into every element
    block that shows text (label, button, text_box, text_entry_line, drop_down_menu, ...).
    """
    regular = regular or str(paths.font("DejaVuSans.ttf"))
    bold = bold or str(paths.font("DejaVuSans-Bold.ttf"))
    files = {"regular_path": regular, "bold_path": bold, "italic_path": regular, "bold_italic_path": bold}
    blocks = [{"name": "dejavu", "locale": lang, "size": str(size), **files} for lang in ("en", "ru")]
    blocks.append({"name": "dejavu_rtl", "locale": "fa", "size": str(size), "script": "Arab", "direction": "rtl",
                   **files})
    return blocks
