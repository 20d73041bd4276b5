"""The scenes on screen: a stack whose top takes the input, drawn from its last opaque scene up, with
the toast (a short message over everything) on top."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.lang import text
from game.app.looks.layout import Layout
from game.app.stage.scene import Scene

if TYPE_CHECKING:
    from pygame_gui import UIManager


class SceneStack:
    """The app's scene half (``App`` mixes it in)."""

    stack: list[Scene]
    layout: Layout
    ui: UIManager
    time: float
    toast_text: str
    toast_until: float

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def set_scene(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].cover()
        self.stack.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack or (scene is not None and self.stack[-1] is not scene):
            return
        self.stack.pop().exit()
        if self.stack:
            self.stack[-1].uncover()

    def replace_top(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def toast(self, message: str, seconds: float = 2.6) -> None:
        self.toast_text = message
        self.toast_until = self.time + seconds

    def _draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(surface)
        self.ui.draw_ui(surface)
        if self.toast_text and self.time < self.toast_until:
            self._draw_toast(surface)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = lay.font(18)
        w = min(lay.w - lay.margin * 4, text.measure(self.toast_text, size)[0] + lay.px(36))
        rect = pygame.Rect(0, 0, w, round(size * 2.2))
        rect.center = (lay.w // 2, round(lay.hand_y - lay.ch / 2 - lay.lift - size * 1.6))
        pill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (10, 14, 12, 225), pill.get_rect(), border_radius=rect.height // 2)
        pygame.draw.rect(pill, (226, 195, 92, 255), pill.get_rect(), 2, border_radius=rect.height // 2)
        surface.blit(pill, rect)
        text.draw(surface, self.toast_text, size, (245, 240, 225), rect.center, max_width=rect.width - lay.px(20))
