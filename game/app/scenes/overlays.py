"""Scenes drawn over others: the pause menu, the rules, and the hot-seat curtain."""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel, veil
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import Rules
from game.engine.rules import TABLE_RULES, TableRules

from .confirm import ConfirmScene


class PauseScene(Scene):
    name = "pause"
    opaque = False
    CHOICES = (("button.resume", "#resume", "@primary"), ("button.rules", "#pause_rules", "@tool"),
               ("pause.settings", "#pause_settings", "@tool"), ("button.leave", "#leave", "@tool"))

    def _sizes(self) -> tuple[int, int, int]:
        lay = self.app.layout
        bw = max([round(lay.col_w * 1.5)] + [label_width(lay, tr(k), (c, "button")) for k, _, c in self.CHOICES])
        return min(bw, lay.w - 2 * lay.margin - lay.px(60)), round(lay.button_h * 1.1), lay.px(12)

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh, gap = self._sizes()
        x = lay.w / 2 - bw / 2
        y = self.panel_rect().top + lay.px(70)
        actions = (self.resume, self.rules, self.settings, self.leave)
        for n, ((key, oid, cls), fn) in enumerate(zip(self.CHOICES, actions, strict=True)):
            self.button(lay.rect(x, y + n * (bh + gap), bw, bh), key, oid, fn, class_id=cls)

    def resume(self) -> None:
        self.app.pop(self)

    def settings(self) -> None:
        self.app.nav.show_settings()

    def rules(self) -> None:
        match, run = self.app.nav.match, self.app.nav.tables.run
        rules, table = (match.rules, match.table_kind) if match is not None else (None, None)
        house = run.table.house if table is not None and run is not None else None
        self.app.push(RulesScene(self.app, rules, table, house))

    def leave(self) -> None:
        """To the menu, after the player agrees (the match stays saved for Continue)."""
        self.app.push(ConfirmScene(self.app, tr("pause.leave_question"), "button.leave", self.app.nav.to_menu))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and self.app.top is self:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.resume()
            elif event.key == pygame.K_r:
                self.rules()
            elif event.key == pygame.K_s:
                self.settings()
            elif event.key in (pygame.K_q, pygame.K_m):
                self.leave()

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        bw, bh, gap = self._sizes()
        n = len(self.CHOICES)
        rect = pygame.Rect(0, 0, bw + lay.px(60), lay.px(70) + n * bh + (n - 1) * gap + lay.px(28))
        rect.center = (lay.w // 2, lay.h // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 160)
        rect = self.panel_rect()
        panel(surface, rect, radius=lay.px(16))
        text.draw(surface, tr("pause.title"), lay.font(32), GOLD, (lay.w / 2, rect.top + lay.px(36)), bold=True)


class RulesScene(Scene):
    """How to play: a short text, small card pictures (set, run, deadwood, layoff), the values in force."""

    name = "rules"
    opaque = False

    def __init__(self, app: Host, rules: Rules | None, table: str | None = None,
                 house: TableRules | None = None) -> None:
        super().__init__(app)
        from game.engine import VAN

        self.rules = rules or VAN
        self.table = table  # "three" or "pairs" at a bigger table
        self.house = house or TABLE_RULES  # how that table deals and scores

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(1200))
        h = lay.h - 2 * lay.margin
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bw, bh = lay.col_w, lay.button_h
        close = pygame.Rect(r.centerx - bw // 2, r.bottom - bh - lay.px(12), bw, bh)
        if self.app.nav.match is None:  # the lesson is offered where no match would be left behind
            lw = max(bw, label_width(lay, tr("lesson.open"), ("@tool", "button")))
            gap = lay.px(12)
            close.x = round(r.centerx - (bw + gap + lw) / 2)
            lesson = pygame.Rect(close.right + gap, close.y, lw, bh)
            if lay.mirror:
                lesson.x, close.x = close.x, close.x + lw + gap
            self.button(lesson, "lesson.open", "#lesson_open", self.app.nav.show_lesson, class_id="@tool")
        self.button(close, "button.close", "#close_rules", self.close, class_id="@primary")

    def close(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.close()

    # ------------------------------------------------------------------ what it says

    def body(self) -> str:
        r = self.rules
        big = tr("rules.big_gin_as_gin") if r.big_gin_bonus is None else tr("rules.big_gin", bonus=r.big_gin_bonus)
        limit = tr("rules.v.oklahoma") if r.oklahoma else r.knock_limit
        body = tr("rules.body", limit=limit, undercut=r.undercut_bonus, gin=r.gin_bonus,
                  big_gin_line=big, target=r.target)
        return "\n".join([body, *self.variants()])

    def variants(self) -> list[str]:
        """A paragraph for each way of playing in force beyond the plain two-player game."""
        r = self.rules
        extra = [tr("rules.straight_gin", gin=r.gin_bonus, dead=r.dead_hand_stock)] if r.straight_gin else []
        if r.hollywood:
            extra.append(tr("rules.hollywood", target=r.target))
        if self.table:
            if self.table == "pairs":  # the switches' own ways: the deal's next seat, the pairs' sum
                switch = "" if self.house.pairs_scoring == "sum" else "_net"
            else:
                switch = "" if self.house.three_dealer == "next" else "_loser"
            extra.append(tr("rules." + self.table + switch, target=r.target))
        return extra

    def values(self) -> list[tuple[str, str]]:
        """(label, value) for every switch in force, in the language of the screen."""
        r = self.rules
        yes_no = {True: tr("rules.v.yes"), False: tr("rules.v.no")}
        bonuses = []
        if r.game_bonus:
            bonuses.append(tr("rules.v.game_bonus", n=r.game_bonus))
        if r.line_bonus:
            bonuses.append(tr("rules.v.line_bonus", n=r.line_bonus))
        if r.shutout_double:
            bonuses.append(tr("rules.v.shutout"))
        return [
            (tr("rules.k.preset"), tr("preset." + r.preset_name)),
            (tr("rules.k.target"), str(r.target)),
            (tr("rules.k.knock"), tr("rules.v.straight") if r.straight_gin
             else tr("rules.v.oklahoma") if r.oklahoma else str(r.knock_limit)),
            (tr("rules.k.gin"), str(r.gin_bonus)),
            (tr("rules.k.big_gin"), tr("rules.v.as_gin") if r.big_gin_bonus is None else str(r.big_gin_bonus)),
            (tr("rules.k.undercut"), str(r.undercut_bonus)),
            (tr("rules.k.tie"), tr("rules.v.tie_undercut") if r.tie_is_undercut else tr("rules.v.tie_knocker")),
            (tr("rules.k.dead"), tr("rules.v.dead", n=r.dead_hand_stock)),
            (tr("rules.k.taken"), yes_no[bool(r.may_discard_taken_card)]),
            (tr("rules.k.dealer"), tr("rules.v.dealer." + r.dealer_rule)),
            (tr("rules.k.upcard"), tr("rules.v.upcard." + r.upcard_offer)),
            (tr("rules.k.timer"),
             tr("rules.timer_off") if not r.turn_timer else tr("rules.timer_seconds", n=r.turn_timer)),
            (tr("rules.k.bonuses"), tr("rules.v.list_sep").join(bonuses) if bonuses else tr("rules.v.none")),
        ] + ([(tr("rules.k.hollywood"), tr("rules.v.hollywood"))] if r.hollywood else [])

    @staticmethod
    def pictures() -> list[tuple[str, list[str], list[str]]]:
        """(caption, cards, cards shown as added) for each example picture."""
        return [
            (tr("rules.pic.set"), ["7S", "7H", "7D"], []),
            (tr("rules.pic.run"), ["4H", "5H", "6H", "7H"], []),
            (tr("rules.pic.deadwood", n=12), ["KC", "2D"], []),
            (tr("rules.pic.layoff"), ["5H", "6H", "7H"], ["8H"]),
        ]

    # ------------------------------------------------------------------ draw

    def draw_pictures(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        from game.engine import Card

        lay = self.app.layout
        pics = self.pictures()
        slot = area.height / len(pics)
        size = lay.font(14)
        # every caption on at most two lines (smaller type only when two are not enough)
        captions = [text.wrap(caption, size, area.width, bold=True) for caption, _, _ in pics]
        while size > 11 and max(len(c) for c in captions) > 2:
            size -= 1
            captions = [text.wrap(caption, size, area.width, bold=True) for caption, _, _ in pics]
        line_h = round(size * 1.2)
        caption_h = line_h * max(len(c) for c in captions)
        ch = max(24, min(round(slot - caption_h - lay.px(14)), round(lay.ch * 0.55)))
        cw = round(ch / 1.4)
        for n, ((_, cards, added), lines) in enumerate(zip(pics, captions, strict=True)):
            y = area.top + slot * n
            # ``area`` is already placed for the reading direction: start at its reading edge
            for k, line in enumerate(lines):
                text.draw(surface, line, size, GOLD, (area.right if lay.mirror else area.left, y + line_h * (k + 0.5)),
                          lay.anchor("midleft"), bold=True, max_width=area.width)
            step = round(cw * 0.62)
            # cards always run left to right (card order is not text), placed at the reading side
            total = cw + step * (len(cards) + len(added) - 1) + (lay.px(10) if added else 0)
            x = area.left if not lay.mirror else area.right - total
            top = round(y + caption_h + lay.px(6))
            for k, code in enumerate(cards + added):
                if k == len(cards) and added:
                    x += lay.px(10)
                face = cardart.face(Card.parse(code), cw, ch, self.app.card_style)
                surface.blit(face, (round(x), top))
                if code in added:
                    pygame.draw.rect(surface, GOLD, pygame.Rect(round(x), top, cw, ch), max(2, lay.px(3)),
                                     border_radius=max(3, cw // 10))
                x += step

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 170)
        rect = self.panel_rect()
        panel(surface, rect, radius=lay.px(16))
        text.draw(surface, tr("rules.title"), lay.font(30), GOLD, (rect.centerx, rect.top + lay.px(30)), bold=True)
        pad = lay.px(26)
        top = rect.top + lay.px(58)
        bottom = rect.bottom - lay.button_h - lay.px(22)
        pic_w = round((rect.width - 2 * pad) * 0.27)
        values = self.values()
        vsize = lay.font(14)
        col_w = (rect.width - 2 * pad) / 2
        gap = lay.px(14)
        label_w = min(round(col_w * 0.45), max(text.measure(label, vsize)[0] for label, _ in values) + gap)
        value_w = round(col_w - label_w - gap)
        line_h = round(vsize * 1.3)
        # labels and values wrap in their own columns rather than shrink out of sight
        labels = [text.wrap(label, vsize, label_w - gap) for label, _ in values]
        wrapped = [text.wrap(value, vsize, value_w, bold=True) for _, value in values]
        lines = [max(len(a), len(b)) for a, b in zip(labels, wrapped, strict=True)]
        half = -(-len(values) // 2)
        heights = [sum(lines[:half]), sum(lines[half:])]
        values_h = max(heights) * line_h + vsize * 2 + lay.px(4)
        text_w = rect.width - 2 * pad - pic_w - pad
        # text on the reading side, pictures on the other
        text_rect = lay.rect(rect.left + pad, top, text_w, bottom - values_h - top - lay.px(8))
        pic_rect = lay.rect(rect.right - pad - pic_w, top, pic_w, text_rect.height)
        body = self.body()
        size = lay.font(19)
        while size > 10:
            count = sum(len(text.wrap(p, size, text_rect.width)) for p in body.split("\n"))
            if count * size * 1.3 <= text_rect.height:
                break
            size -= 1
        text.draw_wrapped(surface, body, size, INK, text_rect, line_gap=1.3)
        self.draw_pictures(surface, pic_rect)
        # the values in force, two columns of "label  value"
        y0 = bottom - values_h
        pygame.draw.line(surface, GOLD, (rect.left + pad, y0), (rect.right - pad, y0), 1)
        text.draw(surface, tr("rules.in_force"), lay.font(16), GOLD, (lay.mx(rect.left + pad), y0 + vsize),
                  lay.anchor("midleft"), bold=True)
        ys = [y0 + vsize * 2, y0 + vsize * 2]
        for n, (label_lines, value_lines, count) in enumerate(zip(labels, wrapped, lines, strict=True)):
            col = 0 if n < half else 1
            y = ys[col] + line_h / 2
            left = rect.left + pad + col * col_w  # unmirrored; the panel is centred, so lay.mx mirrors it
            lx, vx = lay.mx(left), lay.mx(left + label_w)
            for k, line in enumerate(label_lines):
                text.draw(surface, line, vsize, INK_DIM, (lx, y + k * line_h), lay.anchor("midleft"),
                          max_width=label_w - gap)
            for k, line in enumerate(value_lines):
                text.draw(surface, line, vsize, INK, (vx, y + k * line_h), lay.anchor("midleft"), bold=True,
                          max_width=value_w)
            ys[col] += line_h * count


class CurtainScene(Scene):
    """Covers the whole table between hot-seat turns: no card of either hand is drawn under it."""

    name = "curtain"
    opaque = True
    curtain = True

    def __init__(self, app: Host, play, seat: int) -> None:
        super().__init__(app)
        self.play = play
        self.seat = seat

    def build_ui(self) -> None:
        lay = self.app.layout
        bw = max(round(lay.col_w * 1.5), label_width(lay, tr("curtain.show"), ("@primary", "button")))
        bh = round(lay.button_h * 1.2)
        self.button(lay.rect(lay.w / 2 - bw / 2, lay.h / 2 + lay.px(50), bw, bh), "curtain.show", "#continue",
                    self.reveal, class_id="@primary")
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool")

    def reveal(self) -> None:
        self.app.pop(self)
        self.play.reveal_to(self.seat)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.reveal()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.pause()

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
                  s2=st.scores[1], target=match.rules.target)
        text.draw(surface, line, lay.font(16), INK_DIM, (lay.w / 2, lay.h - lay.px(40)),
                  max_width=lay.w - 2 * lay.margin)
