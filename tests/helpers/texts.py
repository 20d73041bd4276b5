"""Catching English on a translated screen: the words found in strings, and every widget's text."""
from __future__ import annotations

import re

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


HEX_GROUPS = re.compile(r"\b[0-9a-f]{4} [0-9a-f]{4}\b")


ALLOWED = {"Esc", "Enter", "Ava", "Ben"}  # key names on the keyboard, the test players' names


def english_words(strings) -> list[str]:
    out = []
    for s in strings:
        s = HEX_GROUPS.sub("", s)  # a deck's seal is hexadecimal digits, not words ("b6a4 def1")
        for w in LATIN_WORD.findall(s):
            if w not in ALLOWED and w[::-1] not in ALLOWED:  # widget text on a Persian screen is pre-reversed
                out.append(f"{w!r} in {s!r}")
    return out


def widget_texts(app) -> list[str]:
    out = []
    for el in app.ui.get_sprite_group().sprites():
        for attr in ("text", "html_text", "placeholder_text", "window_display_title"):
            value = getattr(el, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
    return out
