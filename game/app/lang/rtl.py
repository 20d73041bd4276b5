"""Right-to-left text on screen: Persian that reads right to left, joined, with digits and Latin the
right way round (the bidi algorithm itself is in ``bidi``).

* our own text (``render_line``): the line is cut into direction runs in display order; HarfBuzz draws
  each run (right-to-left runs joined) and the runs are placed left to right, so Latin keeps its kerning;
* wrapping happens before reordering (per line), so wrapped paragraphs keep their line order;
* ``prepare_manager`` makes a pygame-gui manager lay Persian out right to left.

``pygame.freetype`` does no shaping at all: never use it for text that may be Persian.
"""
from __future__ import annotations

import pygame

from game.app.lang.bidi import has_rtl, visual_runs


def _direction(font: pygame.font.Font, rtl: bool) -> None:
    font.set_script("Arab" if rtl else "Latn")
    font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)


def _render(font: pygame.font.Font, text: str, antialias: bool, color, background) -> pygame.Surface:
    try:
        return font.render(text, antialias, color, background)
    except pygame.error:  # "Text has zero width": only joiners or marks
        return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)


def render_line(font: pygame.font.Font, text: str, color, rtl: bool | None = None, antialias: bool = True,
                background=None) -> pygame.Surface:
    """Render one line: plain for left-to-right text, reordered and joined when Persian is involved.

    ``rtl`` is the paragraph direction (True for a Persian screen); None guesses it from the text.
    Each direction run is drawn by HarfBuzz on its own and the runs are placed left to right.  The
    font is left in left-to-right mode for whoever renders with it next.
    """
    if not has_rtl(text) and not rtl:
        _direction(font, False)
        return _render(font, text, antialias, color, background)
    pieces = []
    try:
        for piece, is_rtl in visual_runs(text, rtl):
            _direction(font, is_rtl)
            pieces.append(_render(font, piece, antialias, color, background))
    finally:
        _direction(font, False)
    if len(pieces) == 1:
        return pieces[0]
    if not pieces:
        return _render(font, "", antialias, color, background)
    width = sum(p.get_width() for p in pieces)
    height = max(p.get_height() for p in pieces)
    if background is None:
        line = pygame.Surface((width, height), pygame.SRCALPHA)
    else:
        line = pygame.Surface((width, height))
        line.fill(background)
    x = 0
    for p in pieces:
        line.blit(p, (x, 0))
        x += p.get_width()
    return line


def line_width(font: pygame.font.Font, text: str, rtl: bool | None = None) -> int:
    if not has_rtl(text) and not rtl:
        _direction(font, False)
        return font.size(text)[0]
    width = 0
    try:
        for piece, is_rtl in visual_runs(text, rtl):
            _direction(font, is_rtl)
            width += font.size(piece)[0]
    finally:
        _direction(font, False)
    return width


def wrap_lines(font: pygame.font.Font, text: str, width: int, rtl: bool | None = None) -> list[str]:
    """Break ``text`` into lines of at most ``width`` pixels, in logical order (wrap first, reorder later).

    Render each returned line with ``render_line``; a word longer than the width gets a line of its own.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        current = ""
        for word in words:
            candidate = word if not current else current + " " + word
            if current and line_width(font, candidate, rtl) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def render_wrapped(font: pygame.font.Font, text: str, color, width: int, rtl: bool | None = None,
                   align: str | None = None, line_spacing: int = 0, antialias: bool = True) -> pygame.Surface:
    """A transparent surface with ``text`` wrapped to ``width``: right-aligned for Persian by default."""
    if rtl is None:
        rtl = has_rtl(text)
    align = align or ("right" if rtl else "left")
    rendered = [render_line(font, line, color, rtl, antialias) for line in wrap_lines(font, text, width, rtl)]
    step = max([font.get_linesize()] + [r.get_height() for r in rendered]) + line_spacing
    surface = pygame.Surface((width, max(1, step * len(rendered))), pygame.SRCALPHA)
    for n, line in enumerate(rendered):
        if align == "right":
            x = width - line.get_width()
        elif align == "center":
            x = (width - line.get_width()) // 2
        else:
            x = 0
        surface.blit(line, (x, n * step))
    return surface


def prepare_manager(manager, lang: str, font_sizes: tuple[int, ...] = ()) -> None:
    """Make a pygame-gui manager lay Persian out right to left, then switch it to ``lang``.

    pygame-gui 0.6.14 takes a text box's row direction from its default font for the locale, and it
    knows no ``fa``: we lend ``fa`` its Arabic default (right to left; the theme's own fonts still
    draw the text).  Bold and italic variants, which markup like ``<b>`` loads on demand, would come
    out left to right, so they are preloaded right to left for ``font_sizes``.
    """
    try:
        fonts = manager.get_theme().get_font_dictionary()
        table = getattr(fonts, "default_font_dictionary", None)
        if isinstance(table, dict) and "ar" in table:
            table.setdefault("fa", table["ar"])
    except AttributeError:  # another pygame-gui: keep its defaults
        pass
    if font_sizes:
        manager.preload_fonts([
            {"name": "dejavu_rtl", "point_size": size, "style": style, "script": "Arab", "direction": "rtl"}
            for size in font_sizes for style in ("bold", "italic", "bold_italic")
        ])
    manager.set_locale(lang)
