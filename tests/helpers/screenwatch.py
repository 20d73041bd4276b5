"""What a screen shows, caught while it is drawn: every line of the game's own text (with the width it was
given and the paragraph it belongs to), every box and rule it draws, every wrap it asks for, and every
element pygame-gui holds (buttons, labels, entries, sliders, drop-downs, tooltips), found by walking the
UI manager's sprite group rather than from a list."""
from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from game.app.lang import text

TOAST = 10_000  # the layer of the toast: above every scene and widget


@dataclass
class Drawn:
    scene: int  # index in the stack of the scene that drew it (TOAST for the toast)
    what: str
    rect: pygame.Rect
    limit: int | None = None  # the width it was given
    size: int = 0  # the size asked for ...
    fitted: int = 0  # ... and the size it was drawn at
    box: pygame.Rect | None = None  # the paragraph it belongs to
    literal: bool = False  # drawn as it is (a file's path)
    where: str = ""  # the module and function that drew it


@dataclass
class Wrapped:
    scene: int
    what: str
    lines: list[str]
    where: str


@dataclass
class Recorder:
    scene: int = 0
    texts: list[Drawn] = field(default_factory=list)
    panels: list[Drawn] = field(default_factory=list)
    rules: list[Drawn] = field(default_factory=list)  # straight lines drawn by the game
    wraps: list[Wrapped] = field(default_factory=list)
    box: pygame.Rect | None = None

    def clear(self) -> None:
        self.texts.clear()
        self.panels.clear()
        self.rules.clear()
        self.wraps.clear()


_SKIPPED = ("game.app.lang.text", "game.app.looks.panels", __name__)


def caller() -> str:
    """``module.function`` of the first caller outside the text module, the shared looks and this one."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in _SKIPPED:
        frame = frame.f_back
    if frame is None:
        return "?"
    return frame.f_globals.get("__name__", "?").rsplit(".", 1)[-1] + "." + frame.f_code.co_name


def _from_screen() -> bool:
    """Drawn by a screen's own code (a scene, the play scene's parts, the shell), not inside a card's art."""
    frame = sys._getframe(2)
    name = str(frame.f_globals.get("__name__", "")) if frame is not None else ""
    return name.startswith(("game.app.scenes", "game.app.play", "game.app.stage", "game.app.program"))


def watch(rec: Recorder) -> Callable[[], None]:
    """Watch text.draw, text.wrap, text.draw_wrapped, pygame.draw.line and every module's panel();
    returns the undo."""
    undo: list[tuple[Any, str, Any]] = []
    real_draw, real_wrapped, real_wrap = text.draw, text.draw_wrapped, text.wrap
    real_line = pygame.draw.line

    def draw(surface, line, size, color, pos, anchor="center", bold=False, max_width=None, shadow=None, **kw):
        rect = real_draw(surface, line, size, color, pos, anchor, bold, max_width, shadow, **kw)
        literal = bool(kw.get("literal", False))
        fitted = text.fit_size(line, size, max_width, bold, **({"literal": True} if literal else {}))
        rec.texts.append(Drawn(rec.scene, text.shown(line, literal), rect.copy(), max_width, int(size), fitted,
                               rec.box, literal, caller()))
        return rect

    def draw_wrapped(surface, line, size, color, rect, *args, **kwargs):
        rec.box = pygame.Rect(rect)
        try:
            return real_wrapped(surface, line, size, color, rect, *args, **kwargs)
        finally:
            rec.box = None

    def wrap(line, size, width, bold=False):
        lines = real_wrap(line, size, width, bold)
        rec.wraps.append(Wrapped(rec.scene, line, list(lines), caller()))
        return lines

    def rule(surface, colour, start, end, width=1):
        made = real_line(surface, colour, start, end, width)
        if _from_screen():
            rec.rules.append(Drawn(rec.scene, "rule", made.copy(), where=caller()))
        return made

    undo += [(text, "draw", real_draw), (text, "draw_wrapped", real_wrapped), (text, "wrap", real_wrap),
             (pygame.draw, "line", real_line)]
    text.draw, text.draw_wrapped, text.wrap = draw, draw_wrapped, wrap  # type: ignore[assignment]
    pygame.draw.line = rule  # type: ignore[assignment]
    from game.app.looks import panels as looks

    real_panel = looks.panel

    def panel(surface, rect, *args, **kwargs):
        rec.panels.append(Drawn(rec.scene, "panel", pygame.Rect(rect), where=caller()))
        return real_panel(surface, rect, *args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("game.app") and getattr(module, "panel", None) is real_panel:
            undo.append((module, "panel", real_panel))
            module.panel = panel  # type: ignore[attr-defined]

    def restore() -> None:
        for owner, attr, value in undo:
            setattr(owner, attr, value)

    return restore


def draw_watched(app, rec: Recorder) -> None:
    """What ``App.draw`` does, noting which scene draws each thing (the toast on a layer of its own)."""
    rec.clear()
    stack = app.stack
    first = max((i for i, s in enumerate(stack) if s.opaque), default=0)
    surface = app.screen
    for i in range(first, len(stack)):
        rec.scene = i
        stack[i].draw(surface)
    app.ui.draw_ui(surface)
    if app.scenes.toast_text and app.time < app.scenes.toast_until:
        rec.scene = TOAST
        app.scenes._draw_toast(surface, app.layout)


# ------------------------------------------------------------------ pygame-gui's elements

WIDGETS = (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel, pygame_gui.elements.UITextEntryLine,
           pygame_gui.elements.UIHorizontalSlider, pygame_gui.elements.UIDropDownMenu,
           pygame_gui.elements.UITextBox, pygame_gui.elements.UITooltip)


def elements(app) -> list[Any]:
    """Every visible element the UI manager draws that a player reads or uses (containers aside)."""
    out = []
    for element in app.ui.get_sprite_group().sprites():
        if isinstance(element, WIDGETS) and element.alive() and element.visible:
            parent = getattr(element, "ui_container", None)
            if isinstance(element, pygame_gui.elements.UITextBox) and isinstance(
                    getattr(parent, "parent_element", None), pygame_gui.elements.UITooltip):
                continue  # the tooltip's own text box: the tooltip stands for it
            out.append(element)
    return out


def label_of(element: Any) -> str:
    if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel,
                            pygame_gui.elements.UITextEntryLine)):
        return element.text or ""
    if isinstance(element, pygame_gui.elements.UIDropDownMenu):
        return str(element.selected_option[0] if isinstance(element.selected_option, tuple)
                   else element.selected_option)
    if isinstance(element, pygame_gui.elements.UITooltip):
        return getattr(element.text_block, "html_text", "") or ""
    if isinstance(element, pygame_gui.elements.UITextBox):
        return element.html_text or ""
    return ""


def text_width(element: Any) -> int:
    """How wide the element's own line is in its own font (0 for a wrapped box or no line)."""
    if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
        line = element.text or ""
        return element.font.size(line)[0] if line else 0
    return 0


def frame_width(element: Any) -> int:
    """The width a widget's border and shadow take from its text, both sides together."""
    border = element.border_width
    sides = border.get("left", 0) + border.get("right", 0) if isinstance(border, dict) else 2 * int(border)
    return int(sides) + 2 * int(element.shadow_width)


def tooltips(app) -> list[tuple[Any, Any]]:
    """Each element that has a tooltip shows it in turn, as a long hover would: ``(element, tooltip)``,
    the tooltip taken down again once the next is asked for (and after the last)."""
    out = []
    for element in elements(app):
        tip = getattr(element, "tool_tip_text", None)
        if not tip or getattr(element, "tool_tip", None) is not None:
            continue
        element.hover_time = element.tool_tip_delay + 1.0
        element.while_hovering(0.0, element.rect.center)
        shown = element.tool_tip
        if shown is not None:
            out.append((element, shown))
            shown.kill()
            element.tool_tip = None
        element.hover_time = 0.0
    return out
