"""Shown after an unexpected error: what happened, where the log is, and that the match is kept.

A player who started the game by double-clicking sees no console, so the log's path is on screen.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.stage.scene import Host, Scene


class ErrorScene(Scene):
    name = "error"

    def __init__(self, app: Host, log_path: Path | None) -> None:
        super().__init__(app)
        self.log_path = log_path

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(820))
        h = min(lay.h - 2 * lay.margin, lay.px(330))
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bw, bh, gap = round(lay.col_w * 1.6), round(lay.button_h * 1.1), lay.px(16)
        y = r.bottom - bh - lay.px(22)
        self.button(lay.rect(lay.w / 2 - bw - gap / 2, y, bw, bh), "error.to_menu", "#error_menu", self.app.nav.to_menu,
                    class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap / 2, y, bw, bh), "menu.quit", "#error_quit", self.quit, class_id="@tool")

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.nav.to_menu()
            elif event.key == pygame.K_ESCAPE:
                self.quit()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        text.draw(surface, tr("error.title"), lay.font(32), GOLD, (r.centerx, r.top + lay.px(40)), bold=True,
                  max_width=r.width - lay.px(40))
        inner = pygame.Rect(r.left + lay.px(30), r.top + lay.px(80), r.width - lay.px(60), lay.px(90))
        used = text.draw_wrapped(surface, tr("error.body"), lay.font(17), INK, inner)  # from the reading edge
        y = inner.top + used + lay.px(16)
        if self.log_path is not None:
            text.draw(surface, tr("error.log_at"), lay.font(15), INK_DIM, (r.centerx, y),
                      max_width=r.width - lay.px(40))
            text.draw(surface, str(self.log_path), lay.font(15), INK, (r.centerx, y + lay.px(26)),
                      max_width=r.width - lay.px(40), literal=True)
        else:
            text.draw(surface, tr("error.no_log"), lay.font(15), INK_DIM, (r.centerx, y),
                      max_width=r.width - lay.px(40))
