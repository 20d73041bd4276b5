"""The cut: the game has sealed its half of the shuffle (its seal is on screen before any card moves);
the player cuts the deck, which is the other half.  Click a point on the deck, or move the marker
with the arrow keys and press Enter; "Cut for me" lets the game choose (that hand is then not
player-verified).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.animation.anim import Tween, out_cubic
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.fairdeal import SealedDeck, cut_at, random_cut
from game.app.shell.scene import Scene

if TYPE_CHECKING:
    from game.app.shell.scene import Host

CUT_TIME = 0.45  # seconds (times the animation speed) the two halves take to change places
STEPS = 51  # arrow-key marker positions between the cards


class CutScene(Scene):
    name = "cut"

    def __init__(self, app: Host, sealed: SealedDeck, cutter: str | None,
                 on_cut: Callable[[int, bool], None]) -> None:
        super().__init__(app)
        self.sealed = sealed
        self.cutter = cutter  # the player's name in hot-seat; None against the computer
        self.on_cut = on_cut
        self.marker = 0.5  # where the cut would go, 0..1 along the deck
        self.cut: int | None = None
        self.by_player = True
        self.split: Tween | None = None

    # ------------------------------------------------------------------ widgets

    def build_ui(self) -> None:
        lay = self.app.layout
        label = tr("cut.for_me")
        bw = max(round(lay.col_w * 1.2), text.measure(label, lay.font(21))[0] + lay.px(56))
        bh = lay.button_h
        y = round(self.deck_rect().bottom + lay.px(30))
        self.button(lay.rect(lay.w / 2 - bw / 2, y, bw, bh), "cut.for_me", "#cut_for_me", self.cut_for_me,
                    class_id="@tool")
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool")

    # ------------------------------------------------------------------ geometry

    def deck_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin - lay.cw, lay.px(900))
        rect = pygame.Rect(0, 0, round(w + lay.cw), lay.ch)
        rect.center = (lay.w // 2, round(lay.h * 0.52))
        return rect

    def fraction_at(self, x: float) -> float:
        r = self.deck_rect()
        span = max(1, r.width - self.app.layout.cw)
        f = (x - r.left - self.app.layout.cw / 2) / span
        return 1.0 - f if self.app.layout.mirror else f

    # ------------------------------------------------------------------ cutting

    def do_cut(self, cut: int, by_player: bool) -> None:
        if self.cut is not None:
            return
        self.cut, self.by_player = cut, by_player
        self.app.cue("deal")
        speed = self.app.pace
        self.split = Tween(CUT_TIME * speed, ease=out_cubic)
        if speed <= 0:
            self.finish()

    def cut_for_me(self) -> None:
        self.do_cut(random_cut(), False)

    def finish(self) -> None:
        if self.cut is None:
            return
        cut, by_player = self.cut, self.by_player
        self.on_cut(cut, by_player)

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if self.cut is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN:
                self.finish()  # skip the animation
            return
        lay = self.app.layout
        if event.type == pygame.MOUSEMOTION and self.deck_rect().collidepoint(event.pos):
            self.marker = min(1.0, max(0.0, self.fraction_at(event.pos[0])))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.deck_rect().collidepoint(event.pos):
            self.marker = min(1.0, max(0.0, self.fraction_at(event.pos[0])))
            self.do_cut(cut_at(self.marker), True)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = (1 if event.key == pygame.K_RIGHT else -1) * (-1 if lay.mirror else 1)
                self.marker = min(1.0, max(0.0, round(self.marker * STEPS + step) / STEPS))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN):
                self.do_cut(cut_at(self.marker), True)
            elif event.key == pygame.K_c:
                self.cut_for_me()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.pause()

    def update(self, dt: float) -> None:
        if self.split is not None:
            self.split.update(dt)
            if self.split.done:
                self.split = None
                self.finish()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        width = lay.w - 2 * lay.margin
        title = tr("cut.title_named", name=self.cutter) if self.cutter else tr("cut.title")
        text.draw(surface, title, lay.font(34), GOLD, (lay.w / 2, lay.h * 0.12), bold=True, max_width=width)
        box_w = min(width, lay.px(760))
        size = lay.font(14)
        lines = text.wrap(tr("cut.explain"), size, box_w - lay.px(32))
        line_h = round(size * 1.35)
        box = pygame.Rect(0, 0, box_w, lay.px(48) + line_h * len(lines) + lay.px(12))
        box.midtop = (lay.w // 2, round(lay.h * 0.12 + lay.px(34)))
        panel(surface, box, radius=lay.px(12))
        text.draw(surface, tr("cut.sealed", seal=self.sealed.fingerprint), lay.font(19), INK,
                  (box.centerx, box.top + lay.px(24)), bold=True, max_width=box.width - lay.px(24))
        for i, line in enumerate(lines):
            text.draw(surface, line, size, INK_DIM, (box.centerx, box.top + lay.px(48) + line_h * i + line_h / 2))
        self.draw_deck(surface)
        hint = tr("cut.hint") if self.cut is None else tr("cut.done", n=f"{self.cut:,}")
        text.draw(surface, hint, lay.font(16), INK, (lay.w / 2, self.deck_rect().top - lay.px(36)),
                  max_width=width)

    def draw_deck(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        r = self.deck_rect()
        style = self.app.card_style
        back = cardart.back(lay.cw, lay.ch, style)
        n = 52
        step = (r.width - lay.cw) / (n - 1)
        at = round(self.marker * (n - 1))
        if lay.mirror:
            at = n - 1 - at
        shift = 0.0
        if self.cut is not None:
            done = self.split.value if self.split is not None else 1.0
            shift = done
        for i in range(n):
            x = r.left + i * step
            if self.cut is not None:
                # the two halves change places: the far part comes to the front
                left_part = i < at
                width_other = (n - at) * step if left_part else at * step
                x += width_other * shift if left_part else -width_other * shift
                y_off = -lay.px(18) * (1 - abs(2 * shift - 1)) * (1 if left_part else -1)
            else:
                y_off = -lay.px(10) if i >= at else 0
            surface.blit(back, (round(x), round(r.top + y_off)))
        if self.cut is None:
            mx = r.left + at * step
            pygame.draw.line(surface, GOLD, (round(mx), r.top - lay.px(14)), (round(mx), r.bottom + lay.px(14)),
                             max(2, lay.px(3)))
