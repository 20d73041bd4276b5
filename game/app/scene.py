"""The scene protocol: enter/exit, events, fixed-step update, draw; widgets built from the layout."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from . import i18n
from .i18n import tr

if TYPE_CHECKING:
    from .host import Host


class Scene:
    opaque = True  # covers the whole screen, so scenes below are not drawn
    name = "scene"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.actions: dict[object, Callable[[], None]] = {}
        self.covered = False

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.clear_ui()

    def cover(self) -> None:
        self.covered = True
        for w in self.widgets:
            w.hide()

    def uncover(self) -> None:
        self.covered = False
        self.rebuild_ui()

    def resize(self) -> None:
        self.rebuild_ui()

    def rebuild_ui(self) -> None:
        self.clear_ui()
        self.build_ui()
        if self.covered:
            for w in self.widgets:
                w.hide()

    def clear_ui(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()
        self.actions.clear()

    def build_ui(self) -> None:
        """Create this scene's widgets for the current layout."""

    # ------------------------------------------------------------------ widgets

    def button(self, rect: pygame.Rect, key: str, object_id: str, action: Callable[[], None],
               class_id: str | None = None, text: str | None = None,
               tip: str | None = None) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(
            relative_rect=rect, text=text if text is not None else i18n.widget_text(tr(key)), manager=self.app.ui,
            object_id=ObjectID(class_id=class_id, object_id=object_id), tool_tip_text=tip)
        self.widgets.append(b)
        self.actions[b] = action
        return b

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            fn = self.actions.get(event.ui_element)
            if fn is not None:
                fn()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
