"""The pygame-gui side of the window: one UI manager per widget scale, themed for the current language.

Widget fonts come in a few steps of the layout's scale, so a resize within a step reuses the manager
rather than building a new one; each manager is switched to the current language (right-to-left rows
and fonts for Persian) the first time it is used in that language.  Only the manager of the current
step is kept: each holds its fonts and a 4 MB atlas of widget shapes, and the window settles on a new
size seldom (``App`` waits for a resize to end), so building one again costs less than keeping it.
"""
from __future__ import annotations

import copy
import json
import logging
from collections.abc import Sequence
from functools import lru_cache

import pygame_gui

from game.app.config.resources import FONT_BOLD, FONT_REGULAR, THEME
from game.app.lang import i18n, rtl, text
from game.app.looks.layout import Layout

log = logging.getLogger(__name__)

KEPT = 1  # UI managers kept, the current one included


def ui_step(s: float) -> float:
    """Widget font scale for a layout scale (a few steps, so UI managers can be reused)."""
    for step in (0.8, 1.0, 1.25, 1.5, 1.75, 2.0):
        if s < step + 0.12:
            return step
    return 2.0


def scaled_theme(theme: dict[str, object], factor: float) -> dict[str, object]:
    out = copy.deepcopy(theme)

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "font" and isinstance(v, dict) and "size" in v:
                    v["size"] = str(max(10, round(int(v["size"]) * factor)))
                else:
                    walk(v)

    walk(out)
    return out


def prepare_manager(manager: pygame_gui.UIManager, theme: dict[str, object] | None = None) -> None:
    """Switch a UI manager to the current language (right-to-left rows and fonts for fa).

    With the theme given, the bold and italic right-to-left fonts of its sizes are loaded up front
    (text-box markup would otherwise load them left to right).
    """
    sizes = i18n.widget_font_sizes(theme) if theme and i18n.is_rtl() else ()
    try:
        fonts = manager.get_theme().get_font_dictionary()
        sizes = tuple(s for s in sizes
                      if not fonts.check_font_preloaded(fonts.create_font_id(s, "dejavu_rtl", True, False, True)))
    except AttributeError:  # another pygame-gui: let it load what it needs
        pass
    rtl.prepare_manager(manager, i18n.language(), sizes)


@lru_cache(maxsize=1)
def _theme_file() -> dict[str, object]:
    try:
        data = json.loads(THEME.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def widget_font(layout: Layout, ids: Sequence[str]) -> tuple[int, bool]:
    """The font size and boldness a widget gets from the theme at this layout; ``ids`` from the most
    specific (``#knock``, ``@tool``) to the element type (``button``), as pygame-gui looks them up."""
    theme = _theme_file()
    for key in (*ids, "defaults"):
        block = theme.get(key)
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            size = max(10, round(int(font["size"]) * ui_step(layout.s)))
            return size, str(font.get("bold", "0")) == "1"
    return max(10, round(17 * ui_step(layout.s))), False


def label_width(layout: Layout, label: str, ids: Sequence[str] = ("button",)) -> int:
    """The width a widget needs for ``label`` in its theme font: the text, the border and some air."""
    size, bold = widget_font(layout, ids)
    return text.measure(label, size, bold)[0] + 2 * (2 + 2) + round(size * 1.2)


class Managers:
    """The UI managers made so far, by widget scale, and the theme they are made from."""

    def __init__(self) -> None:
        try:
            self.theme = json.loads(THEME.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("theme unreadable, using defaults: %s", exc)
            self.theme = {}
        self._made: dict[float, pygame_gui.UIManager] = {}
        self._themes: dict[float, dict[str, object]] = {}
        self._language: dict[float, str] = {}

    def for_layout(self, layout: Layout) -> pygame_gui.UIManager:
        step = ui_step(layout.s)
        mgr = self._made.get(step)
        if mgr is None:
            mgr = pygame_gui.UIManager((layout.w, layout.h), None, enable_live_theme_updates=False)
            mgr.add_font_paths("dejavu", str(FONT_REGULAR), str(FONT_BOLD))
            theme = i18n.widget_theme(scaled_theme(self.theme, step))  # per-language fonts, RTL for fa
            mgr.get_theme().load_theme(theme)
            self._made[step] = mgr
            self._themes[step] = theme
            older = [s for s in self._made if s != step]
            for old in older[:max(0, len(older) - (KEPT - 1))]:  # the least recently used go
                del self._made[old], self._themes[old]
                self._language.pop(old, None)
        else:
            mgr.set_window_resolution((layout.w, layout.h))
            self._made[step] = self._made.pop(step)  # the most recently used last
        if self._language.get(step) != i18n.language():
            prepare_manager(mgr, self._themes[step])
            self._language[step] = i18n.language()
        return mgr
