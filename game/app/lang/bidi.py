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

from game.app.config import paths
from game.app.config.vocab import RTL_LANGUAGES
from game.app.lang.uax9 import _CLOSERS, _PAIRS, _STRONG_R, bidi_levels

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
NBSP = "\u00a0"

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
_GROUPING = re.compile(r"(?<=[0-9]),(?=[0-9]{3}(?![0-9]))")
_SEPARATOR = re.compile(r" ?\u00b7 ?")
PERSIAN_COMMA = "\u060c"  # between phrases: a mark of the script, never read as a digit


def localize(text: str, lang: str) -> str:
    """A line as a Persian screen writes it: its numbers in Persian digits (``localize_numbers``) and the
    middle dot between phrases as the Persian comma, since "·" beside Persian digits reads as the Persian
    zero (the way CLDR's Persian locale and Persian software write lists).  Other languages unchanged."""
    if lang != "fa":
        return text
    return localize_numbers(_SEPARATOR.sub(PERSIAN_COMMA + " ", text), lang)


def localize_numbers(text: str, lang: str) -> str:
    """Every number of a Persian screen in Persian digits, with the Persian decimal and thousands separators
    (5.9: ۵٫۹, 1,589: ۱٬۵۸۹).

    Digits inside a Latin word stay as they are: a key name such as F11 is printed on the keyboard so, and
    a file's name (match.damaged-20260101.json) is what the player finds in the folder.
    Other languages keep their text unchanged.
    """
    if lang != "fa" or not any("0" <= c <= "9" for c in text):
        return text
    text = _DECIMAL_POINT.sub("\u066b", text)
    text = _GROUPING.sub("\u066c", text)  # the Arabic thousands separator: 1,589 -> ۱٬۵۸۹
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
