"""The scenes on screen: a stack whose top takes the input, drawn from its last opaque scene up, with
the toast (a short message over everything) on top."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.lang import text
from game.app.looks.layout import Layout
from game.app.stage.scene import Scene

if TYPE_CHECKING:
    from pygame_gui import UIManager

log = logging.getLogger(__name__)


class SceneStack:
    """Held by ``App``: the scenes, lowest first, and the toast with the moment it goes."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.toast_text = ""
        self.toast_until = 0.0

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def set_scene(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self._arrive(scene)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].cover()
        self._arrive(scene)

    def _arrive(self, scene: Scene) -> None:
        if scene.curtain:  # the toast was said to the player before: it goes with them
            self.clear_toast()
        self.scenes.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].uncover()

    def replace_top(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self._arrive(scene)

    def close(self) -> None:
        """Every scene leaves, the top first; one that fails to close does not keep the others open."""
        while self.scenes:
            try:
                self.scenes.pop().exit()
            except Exception:
                log.exception("a scene failed to close")

    def toast(self, message: str, until: float) -> None:
        self.toast_text = message
        self.toast_until = until

    def clear_toast(self) -> None:
        self.toast_text = ""

    def draw(self, surface: pygame.Surface, layout: Layout, ui: UIManager, now: float) -> None:
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(surface)
        behind_curtain = self.top is not None and self.top.curtain
        if behind_curtain:
            _close_tooltips(ui)
        ui.draw_ui(surface)
        if self.toast_text and now < self.toast_until and not behind_curtain:
            self._draw_toast(surface, layout)

    def _draw_toast(self, surface: pygame.Surface, lay: Layout) -> None:
        size = lay.font(18)
        w = min(lay.w - lay.margin * 4, text.measure(self.toast_text, size)[0] + lay.px(36))
        rect = pygame.Rect(0, 0, w, round(size * 2.2))
        rect.center = (lay.w // 2, round(lay.hand_y - lay.ch / 2 - lay.lift - size * 1.6))
        pill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (10, 14, 12, 225), pill.get_rect(), border_radius=rect.height // 2)
        pygame.draw.rect(pill, (226, 195, 92, 255), pill.get_rect(), 2, border_radius=rect.height // 2)
        surface.blit(pill, rect)
        text.draw(surface, self.toast_text, size, (245, 240, 225), rect.center, max_width=rect.width - lay.px(20))


def _close_tooltips(ui: UIManager) -> None:
    """A tooltip is pygame-gui's own element, not a scene's widget: covering the scene under a curtain
    does not take it down, so it is closed here (hovering anew brings it back once the curtain lifts)."""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UITooltip):
            element.kill()
