"""What a player types: the characters a text entry takes, and a name made fit to show.

pygame's font refuses to render a line that is nothing but zero-width characters (a zero-width space,
a bidi mark, the Persian half-space on its own) and cannot encode a lone surrogate, and pygame-gui's
entry renders every chunk it holds: one such character typed into an empty field raised from deep in
the widget.  So an entry refuses those characters, and a name keeps only what can be drawn.
"""
from __future__ import annotations

import sys
import unicodedata

import pygame_gui

# characters that draw nothing or cannot be encoded: format (zero-width, bidi marks, BOM), controls,
# surrogates, unassigned and private-use code points, line and paragraph separators
_HIDDEN = frozenset(("Cf", "Cc", "Cs", "Cn", "Co", "Zl", "Zp"))
# Unicode's default-ignorable code points that are marks or letters (the grapheme joiner, variation
# selectors, Mongolian selectors, Khmer inherent vowels, Hangul fillers) draw nothing alone too, and
# the object replacement character has no glyph of any width
_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xFFFC, 0xFFFC), (0xE0000, 0xE0FFF))
REFUSED: frozenset[str] = frozenset(
    [c for c in map(chr, range(0x10000)) if unicodedata.category(c) in _HIDDEN]
    + [chr(i) for lo, hi in _IGNORABLE for i in range(lo, hi + 1)]
)
NAME_LIMIT = 16


def refused(c: str) -> bool:
    return c in REFUSED or (ord(c) > 0xFFFF and unicodedata.category(c) in _HIDDEN)


def clean(text: str, limit: int = sys.maxsize) -> str:
    """``text`` without the characters an entry refuses, at most ``limit`` characters long."""
    return "".join(c for c in str(text) if not refused(c))[:limit]


def visible(c: str) -> bool:
    """Whether ``c`` puts ink on the screen by itself (a letter, a digit, a sign; a mark counts only on
    something visible)."""
    return not refused(c) and not c.isspace() and not unicodedata.category(c).startswith("M")


def normal_name(raw: str, limit: int = NAME_LIMIT) -> str:
    """A player's name as kept and shown: refused characters dropped, spaces run together and trimmed,
    marks before any letter dropped, cut to ``limit``; empty when nothing visible is left, so the
    seat's default name stands in for it."""
    kept = " ".join(clean(raw).split())
    start = next((i for i, c in enumerate(kept) if visible(c)), len(kept))
    return unicodedata.normalize("NFC", kept[start:])[:limit].strip()


def guard(entry: pygame_gui.elements.UITextEntryLine, limit: int) -> None:
    """``entry`` refuses the characters no font can draw alone and holds at most ``limit`` characters
    (a 10,000-character paste is refused whole rather than laid out)."""
    entry.forbidden_characters = REFUSED  # type: ignore[assignment]  # pygame-gui only tests membership
    entry.set_text_length_limit(limit)
