"""Scenes drawn over others: the pause menu, the rules, and the hot-seat curtain."""
from __future__ import annotations

import pygame

from game.engine import Rules

from .. import text
from ..i18n import tr
from ..scene import Scene
from .common import GOLD, INK, INK_DIM, felt, panel, veil


class PauseScene(Scene):
    name = "pause"
    opaque = False

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.5), round(lay.button_h * 1.1)
        x = lay.w / 2 - bw / 2
        y = lay.h / 2 - lay.px(40)
        gap = lay.px(12)
        self.button(lay.rect(x, y, bw, bh), "button.resume", "#resume", self.resume, class_id="@primary")
        self.button(lay.rect(x, y + bh + gap, bw, bh), "button.rules", "#pause_rules", self.rules, class_id="@tool")
        self.button(lay.rect(x, y + 2 * (bh + gap), bw, bh), "button.leave", "#leave", self.leave, class_id="@tool")

    def resume(self) -> None:
        self.app.pop(self)

    def rules(self) -> None:
        rules = None
        for s in self.app.stack:
            match = getattr(s, "match", None)
            if match is not None:
                rules = match.rules
        self.app.push(RulesScene(self.app, rules))

    def leave(self) -> None:
        self.app.to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.resume()
            elif event.key == pygame.K_r:
                self.rules()
            elif event.key in (pygame.K_q, pygame.K_m):
                self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 160)
        bw = round(lay.col_w * 1.5) + lay.px(60)
        rect = pygame.Rect(0, 0, bw, round(lay.button_h * 1.1) * 3 + lay.px(24) + lay.px(110))
        rect.center = (lay.w // 2, round(lay.h / 2 - lay.px(40) + rect.height / 2 - lay.px(78)))
        panel(surface, rect, radius=lay.px(16))
        text.draw(surface, tr("pause.title"), lay.font(32), GOLD, (lay.w / 2, rect.top + lay.px(36)), bold=True)


class RulesScene(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app, rules: Rules | None) -> None:
        super().__init__(app)
        from game.engine import VAN

        self.rules = rules or VAN

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(900))
        h = min(lay.h - 2 * lay.margin, lay.px(620))
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bw, bh = lay.col_w, lay.button_h
        self.button(pygame.Rect(r.centerx - bw // 2, r.bottom - bh - lay.px(16), bw, bh), "button.close",
                    "#close_rules", self.close, class_id="@primary")

    def close(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.close()

    def body(self) -> str:
        r = self.rules
        if r.big_gin_bonus is None:
            big = tr("rules.big_gin_as_gin")
        else:
            big = tr("rules.big_gin", bonus=r.big_gin_bonus)
        return tr("rules.body", limit=r.knock_limit, undercut=r.undercut_bonus, gin=r.gin_bonus,
                  big_gin_line=big, target=r.target)

    def values(self) -> str:
        r = self.rules
        timer = tr("rules.timer_off") if not r.turn_timer else tr("rules.timer_seconds", n=r.turn_timer)
        return tr("rules.values", preset=tr("preset." + r.preset_name), limit=r.knock_limit, gin=r.gin_bonus,
                  undercut=r.undercut_bonus, timer=timer)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 170)
        rect = self.panel_rect()
        panel(surface, rect, radius=lay.px(16))
        text.draw(surface, tr("rules.title"), lay.font(30), GOLD, (rect.centerx, rect.top + lay.px(34)), bold=True)
        inner = rect.inflate(-lay.px(60), 0)
        inner.top = rect.top + lay.px(70)
        inner.height = rect.height - lay.px(150)
        size = lay.font(17)
        # shrink the text until it fits the panel
        while size > 11:
            lines = sum(len(text.wrap(p, size, inner.width)) for p in self.body().split("\n"))
            if lines * size * 1.3 + size * 2.5 <= inner.height:
                break
            size -= 1
        used = text.draw_wrapped(surface, self.body(), size, INK, inner, line_gap=1.3)
        text.draw_wrapped(surface, self.values(), size, GOLD,
                          pygame.Rect(inner.left, inner.top + used + size, inner.width, size * 3), line_gap=1.3)


class CurtainScene(Scene):
    """Covers the whole table between hot-seat turns: no card of either hand is drawn under it."""

    name = "curtain"
    opaque = True

    def __init__(self, app, play, seat: int) -> None:
        super().__init__(app)
        self.play = play
        self.seat = seat

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.5), round(lay.button_h * 1.2)
        self.button(lay.rect(lay.w / 2 - bw / 2, lay.h / 2 + lay.px(50), bw, bh), "curtain.show", "#continue",
                    self.reveal, class_id="@primary")
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.pause, class_id="@tool")

    def reveal(self) -> None:
        self.app.pop(self)
        self.play.reveal_to(self.seat)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.reveal()
            elif event.key == pygame.K_ESCAPE:
                self.app.pause()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        match = self.play.match
        st = match.state
        name = match.name(self.seat)
        text.draw(surface, tr("curtain.pass_to", name=name), lay.font(44), GOLD, (lay.w / 2, lay.h / 2 - lay.px(60)),
                  bold=True, max_width=lay.w - 2 * lay.margin, shadow=(0, 0, 0))
        text.draw(surface, tr("curtain.hint", name=name), lay.font(18), INK, (lay.w / 2, lay.h / 2),
                  max_width=lay.w - 2 * lay.margin)
        line = tr("result.score_line", name1=match.name(0), s1=st.scores[0], name2=match.name(1),
                  s2=st.scores[1], target=st.rules.target)
        text.draw(surface, line, lay.font(16), INK_DIM, (lay.w / 2, lay.h - lay.px(40)), max_width=lay.w - 2 * lay.margin)
