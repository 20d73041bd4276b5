"""A yes/no question over the current scene (e.g. "Knock now?"), drawn with the game's own texts."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import INK, panel, veil
from game.app.stage.scene import Scene
from game.app.stage.uitheme import label_width

if TYPE_CHECKING:
    from game.app.stage.scene import Host


class ConfirmScene(Scene):
    name = "confirm"
    opaque = False

    def __init__(self, app: Host, question: str, yes_key: str, on_yes: Callable[[], None],
                 no_key: str = "button.cancel") -> None:
        super().__init__(app)
        self.question = question
        self.yes_key = yes_key
        self.no_key = no_key
        self.on_yes = on_yes

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(560))
        size = lay.font(20)
        lines = len(text.wrap(self.question, size, w - lay.px(48), bold=True))
        h = lay.px(24) + round(lines * size * 1.25) + lay.px(28) + round(lay.button_h * 1.1) + lay.px(20)
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bh, gap = round(lay.button_h * 1.1), lay.px(16)
        bw = self.button_width(r.width - 2 * lay.px(24) - gap)
        y = r.bottom - bh - lay.px(20)
        self.button(lay.rect(lay.w / 2 - bw - gap / 2, y, bw, bh), self.yes_key, "#confirm_yes", self.yes,
                    class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap / 2, y, bw, bh), self.no_key, "#confirm_no", self.no, class_id="@tool")

    def button_width(self, room: int) -> int:
        """Both buttons as wide as the longer label needs ("Leave to menu"), within the panel."""
        lay = self.app.layout
        need = max(label_width(lay, tr(self.yes_key), ("@primary", "button")),
                   label_width(lay, tr(self.no_key), ("@tool", "button")))
        return min(max(lay.col_w, need), room // 2)

    def yes(self) -> None:
        self.app.pop(self)
        self.on_yes()

    def no(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_k):
                self.yes()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 140)
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        text.draw_wrapped(surface, self.question, lay.font(20), INK,
                          pygame.Rect(r.left + lay.px(24), r.top + lay.px(24), r.width - lay.px(48), r.height),
                          bold=True, align="center")
