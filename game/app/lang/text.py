"""All text the game draws itself goes through this module (fonts, shaping, caching, fitting).

Keeping it in one place is what makes right-to-left shaping apply to every string at once: on a
Persian screen a line with Persian letters is laid out right to left, joined by HarfBuzz, with digit
and Latin runs in reading order (see ``rtl``); other lines render as they are.  It is also the one
place where numbers take the digits of the screen's language (Persian digits on a Persian screen):
every line drawn, measured or wrapped here does, unless it is ``literal`` (a file's path).
"""
from __future__ import annotations

import re
from collections import OrderedDict

import pygame

from game.app.config.resources import FONT_BOLD, FONT_REGULAR
from game.app.lang import bidi, i18n, rtl

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_SIZE = 600
_CACHE_BYTES = 8 * 1024 * 1024  # rendered lines kept, by size: big window lines weigh far more than small ones
_FONTS = 32  # open fonts kept (a screen uses a dozen sizes; each open font holds a few hundred KB)
_cached_bytes = 0
MIN_SIZE = 9

Color = tuple[int, int, int] | tuple[int, int, int, int]


def reset() -> None:
    """Forget fonts and rendered lines (after pygame's font module was shut down and started again, and
    when the window settles on a new size, which changes the size of every line drawn)."""
    global _cached_bytes
    _fonts.clear()
    _cache.clear()
    _cached_bytes = 0
    _fits.clear()
    _wraps.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(MIN_SIZE, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)
        while len(_fonts) >= _FONTS:  # the oldest opened goes (opening one again is quick)
            del _fonts[next(iter(_fonts))]
        _fonts[key] = f
    return f


def right_to_left(text: str) -> bool:
    """Whether a line is laid out as a right-to-left paragraph (a Persian screen and Persian letters in it).

    Lines of digits, card names or Latin names stay left to right in every language.
    """
    return i18n.is_rtl() and bidi.has_rtl(text)


def shown(text: str, literal: bool = False) -> str:
    """The line as the screen shows it: numbers in the language's digits (unless ``literal``), and a
    lone surrogate (which no font can encode) as the replacement character."""
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text if literal else i18n.numbers(text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _plain(f: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """pygame's own render, except that a line of nothing but zero-width characters (which pygame
    refuses) is an empty surface of the line's height."""
    try:
        return f.render(text, True, color)
    except pygame.error:
        return pygame.Surface((0, f.get_height()), pygame.SRCALPHA)


def render(text: str, size: int, color: Color, bold: bool = False, literal: bool = False) -> pygame.Surface:
    """One line of text as a surface with alpha (cached: the same strings are drawn every frame)."""
    text = shown(text, literal)
    direction = right_to_left(text)
    key = (text, int(size), tuple(color), bold, direction)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    if direction or bidi.has_rtl(text):
        surf = rtl.render_line(font(size, bold), text, color, rtl=direction or None)
    else:
        surf = _plain(font(size, bold), text, color)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    if len(color) == 4 and color[3] < 255:
        surf.set_alpha(color[3])
    global _cached_bytes
    _cache[key] = surf
    _cached_bytes += _weight(surf)
    while _cache and (len(_cache) > _CACHE_SIZE or _cached_bytes > _CACHE_BYTES):
        _, old = _cache.popitem(last=False)
        _cached_bytes -= _weight(old)
    return surf


def _weight(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


def measure(text: str, size: int, bold: bool = False, literal: bool = False) -> tuple[int, int]:
    text = shown(text, literal)
    f = font(size, bold)
    if bidi.has_rtl(text):
        return rtl.line_width(f, text, right_to_left(text) or None), f.get_height()
    return f.size(text)


_fits: dict[tuple, int] = {}


def fit_size(text: str, size: int, max_width: int | None, bold: bool = False, literal: bool = False) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``max_width`` (never clipped)."""
    size = int(size)
    if max_width is None:
        return size
    text = shown(text, literal)
    key = (text, size, int(max_width), bold, right_to_left(text))
    fitted = _fits.get(key)
    if fitted is None:
        fitted = size
        while fitted > MIN_SIZE and measure(text, fitted, bold)[0] > max_width:
            fitted -= 1
        if len(_fits) > 2000:
            _fits.clear()
        _fits[key] = fitted
    return fitted


def elide(line: str, size: int, width: int, bold: bool = False) -> str:
    """``line`` cut short with an ellipsis where it would be wider than ``width`` at ``size``."""
    if measure(line, size, bold)[0] <= width:
        return line
    while len(line) > 1 and measure(line + "\u2026", size, bold)[0] > width:
        line = line[:-1]
    return line.rstrip() + "\u2026"


def wrap_short(line: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``line`` wrapped to ``width`` in at most ``most`` lines, the last cut with an ellipsis when
    more would follow (a line that must never push its neighbours aside)."""
    lines = wrap(line, size, width, bold)
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [elide(" ".join(lines[most - 1:]), size, width, bold)]


_ANCHORS = {
    "center": "center", "midleft": "midleft", "midright": "midright", "midtop": "midtop",
    "midbottom": "midbottom", "topleft": "topleft", "topright": "topright",
    "bottomleft": "bottomleft", "bottomright": "bottomright",
}


def draw(surface: pygame.Surface, text: str, size: int, color: Color, pos: tuple[float, float],
         anchor: str = "center", bold: bool = False, max_width: int | None = None,
         shadow: Color | None = None, literal: bool = False) -> pygame.Rect:
    """Draw one line anchored at ``pos``; shrinks to ``max_width`` rather than clipping.

    ``literal`` keeps the text's digits as they are (a file's path); every other line shows its numbers
    in the digits of the screen's language."""
    text = shown(text, literal)
    size = fit_size(text, size, max_width, bold, literal=True)
    surf = render(text, size, color, bold, literal=True)
    rect = surf.get_rect(**{_ANCHORS.get(anchor, "center"): (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        off = max(1, size // 14)
        surface.blit(render(text, size, shadow, bold, literal=True), rect.move(off, off))
    surface.blit(surf, rect)
    return rect


_wraps: dict[tuple, list[str]] = {}


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap in reading order; explicit newlines start new lines (cached: drawn every frame).

    The lines come with their numbers in the language's digits, as they are drawn."""
    text = shown(text)
    key = (text, int(size), int(width), bold, i18n.is_rtl())
    lines = _wraps.get(key)
    if lines is None:
        if len(_wraps) > 500:
            _wraps.clear()
        lines = _wraps[key] = _wrap(text, int(size), int(width), bold)
    return list(lines)


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    return rtl.wrap_lines(font(size, bold), text, width, right_to_left(text) or None)


def draw_wrapped(surface: pygame.Surface, text: str, size: int, color: Color, rect: pygame.Rect,
                 bold: bool = False, align: str = "left", line_gap: float = 1.25) -> int:
    """Draw wrapped text into ``rect``; returns the height used.

    ``align`` is given for a left-to-right screen: on a Persian screen left and right swap, so a
    paragraph starts at the right edge.
    """
    if i18n.is_rtl():
        align = {"left": "right", "right": "left"}.get(align, align)
    y = rect.top
    step = int(size * line_gap)
    for line in wrap(text, size, rect.width, bold):
        if align == "center":
            draw(surface, line, size, color, (rect.centerx, y), "midtop", bold)
        elif align == "right":
            draw(surface, line, size, color, (rect.right, y), "topright", bold)
        else:
            draw(surface, line, size, color, (rect.left, y), "topleft", bold)
        y += step
    return y - rect.top
