"""All text the game draws itself goes through this module (fonts, shaping, caching, fitting).

Keeping it in one place is what lets right-to-left shaping be added for every string at once.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from .resources import FONT_BOLD, FONT_REGULAR

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_CACHE_SIZE = 600
MIN_SIZE = 9

Color = tuple[int, int, int] | tuple[int, int, int, int]


def reset() -> None:
    """Forget fonts and rendered lines (after pygame's font module was shut down and started again)."""
    _fonts.clear()
    _cache.clear()
    _fits.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(MIN_SIZE, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)
        _fonts[key] = f
    return f


def render(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """One line of text as a surface with alpha (cached: the same strings are drawn every frame)."""
    key = (text, int(size), tuple(color), bold)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    surf = font(size, bold).render(text, True, color)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    if len(color) == 4 and color[3] < 255:
        surf.set_alpha(color[3])
    _cache[key] = surf
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return surf


def measure(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    return font(size, bold).size(text)


_fits: dict[tuple, int] = {}


def fit_size(text: str, size: int, max_width: int | None, bold: bool = False) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``max_width`` (never clipped)."""
    size = int(size)
    if max_width is None:
        return size
    key = (text, size, int(max_width), bold)
    fitted = _fits.get(key)
    if fitted is None:
        fitted = size
        while fitted > MIN_SIZE and measure(text, fitted, bold)[0] > max_width:
            fitted -= 1
        if len(_fits) > 2000:
            _fits.clear()
        _fits[key] = fitted
    return fitted


_ANCHORS = {
    "center": "center", "midleft": "midleft", "midright": "midright", "midtop": "midtop",
    "midbottom": "midbottom", "topleft": "topleft", "topright": "topright",
    "bottomleft": "bottomleft", "bottomright": "bottomright",
}


def draw(surface: pygame.Surface, text: str, size: int, color: Color, pos: tuple[float, float],
         anchor: str = "center", bold: bool = False, max_width: int | None = None,
         shadow: Color | None = None) -> pygame.Rect:
    """Draw one line anchored at ``pos``; shrinks to ``max_width`` rather than clipping."""
    size = fit_size(text, size, max_width, bold)
    surf = render(text, size, color, bold)
    rect = surf.get_rect(**{_ANCHORS.get(anchor, "center"): (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        off = max(1, size // 14)
        surface.blit(render(text, size, shadow, bold), rect.move(off, off))
    surface.blit(surf, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap; explicit newlines start new lines."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def draw_wrapped(surface: pygame.Surface, text: str, size: int, color: Color, rect: pygame.Rect,
                 bold: bool = False, align: str = "left", line_gap: float = 1.25) -> int:
    """Draw wrapped text into ``rect``; returns the height used."""
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
