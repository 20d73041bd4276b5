"""The first-match guide: three short tips, each pointing at what it explains (the deadwood counter,
the Knock button, the piles).  Shown once; the settings can bring it back."""
from __future__ import annotations

import pygame

from .. import text
from ..i18n import tr
from ..looks import GOLD, INK, panel
from ..scene import Scene

STEPS = ("counter", "knock", "piles")


class GuideScene(Scene):
    name = "guide"
    opaque = False

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.step = 0

    # ------------------------------------------------------------------ where each tip points

    def target(self) -> pygame.Rect:
        lay = self.app.layout
        key = STEPS[self.step]
        if key == "counter":
            w = round(lay.hand_max_width * 0.7)
            return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.counter_y - lay.px(14)), w, lay.px(28))
        if key == "knock":
            b = self.play.buttons.get("knock")
            if b is not None:
                return b.get_abs_rect().inflate(lay.px(10), lay.px(10))
            return pygame.Rect(lay.w - lay.margin - lay.col_w, round(lay.hand_y - lay.ch / 2), lay.col_w, lay.button_h)
        stock = lay.card_rect(lay.stock_x, lay.pile_y)
        discard = lay.card_rect(lay.discard_x, lay.pile_y)
        return stock.union(discard).inflate(lay.px(16), lay.px(16))

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        t = self.target()
        w = min(lay.w - 2 * lay.margin, lay.px(440))
        size = lay.font(16)
        lines = len(text.wrap(tr("guide." + STEPS[self.step]), size, w - lay.px(32)))
        h = lay.px(44) + round(lines * size * 1.25) + lay.px(12) + lay.button_h + lay.px(12)
        key = STEPS[self.step]
        if key == "piles":
            x = t.left - w - lay.px(24) if not lay.mirror else t.right + lay.px(24)
            y = t.centery - h / 2
        elif key == "knock":
            x = t.left - w - lay.px(20) if not lay.mirror else t.right + lay.px(20)
            y = t.top - h - lay.px(12)
        else:  # beside the counter, above the hand's left end, so the hand stays in sight
            x = lay.margin * 2 if not lay.mirror else lay.w - lay.margin * 2 - w
            y = t.top - h - lay.px(16)
        r = pygame.Rect(round(x), round(y), w, h)
        return r.clamp(pygame.Rect(lay.margin, lay.margin, lay.w - 2 * lay.margin, lay.h - 2 * lay.margin))

    # ------------------------------------------------------------------ widgets

    def enter(self) -> None:
        super().enter()
        self._show_knock()

    def _show_knock(self) -> None:
        """The scene below hides its widgets while covered; the Knock button is one of the tips' subjects."""
        b = self.play.buttons.get("knock")
        if b is not None and b.alive() and not b.visible:
            b.show()

    def resize(self) -> None:
        super().resize()
        self._show_knock()

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bw, bh, gap = round(lay.col_w * 0.8), lay.button_h, lay.px(10)
        last = self.step == len(STEPS) - 1
        y = r.bottom - bh - lay.px(12)
        right = pygame.Rect(r.right - bw - lay.px(14), y, bw, bh)
        left = pygame.Rect(right.left - bw - gap, y, bw, bh)
        if lay.mirror:
            right.x, left.x = r.left + lay.px(14), r.left + lay.px(14) + bw + gap
        self.button(right, "guide.done" if last else "guide.next", "#guide_next", self.next, class_id="@primary")
        if not last:
            self.button(left, "guide.skip", "#guide_skip", self.finish, class_id="@tool")

    def next(self) -> None:
        if self.step >= len(STEPS) - 1:
            self.finish()
            return
        self.step += 1
        self.rebuild_ui()
        self._show_knock()

    def finish(self) -> None:
        self.app.pop(self)
        if not self.app.settings.guide_shown:
            self.app.apply_settings(self.app.settings.with_(guide_shown=True))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next()
            elif event.key == pygame.K_ESCAPE:
                self.finish()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        t = self.target()
        r = self.panel_rect()
        shade = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        pygame.draw.rect(shade, (0, 0, 0, 0), t, border_radius=lay.px(10))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, GOLD, t, max(2, lay.px(3)), border_radius=lay.px(10))
        # a line from the tip to what it explains
        a = pygame.Vector2(r.center)
        b = pygame.Vector2(t.center)
        start = a + (b - a) * 0.0
        end = b + (a - b).normalize() * min(t.width, t.height) * 0.5 if a != b else b
        pygame.draw.line(surface, GOLD, start, end, max(2, lay.px(3)))
        pygame.draw.circle(surface, GOLD, end, max(3, lay.px(6)))
        panel(surface, r, radius=lay.px(14))
        key = STEPS[self.step]
        text.draw(surface, tr("guide.title", n=self.step + 1, total=len(STEPS)), lay.font(15), GOLD,
                  (lay.mx(r.left + lay.px(16)) if not lay.mirror else r.right - lay.px(16), r.top + lay.px(18)),
                  lay.anchor("midleft"), bold=True)
        body = pygame.Rect(r.left + lay.px(16), r.top + lay.px(32), r.width - lay.px(32), r.height - lay.px(40))
        text.draw_wrapped(surface, tr("guide." + key), lay.font(16), INK, body, line_gap=1.25,
                          align="right" if lay.mirror else "left")
