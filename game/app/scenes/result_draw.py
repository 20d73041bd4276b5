"""What the hand result draws from the showdown's state: the scoreboard as the showdown shows it, the
banner, the bars under the rows, the rows' labels and the panel's lines.  Drawing only: the stages and
the cards' places are ``ResultScene``'s (``result.py``)."""
from __future__ import annotations

import pygame

from game.app.animation.celebration import Burst, Effects, Glow
from game.app.animation.showdown import COUNTS, Showdown
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS, PANEL, RED, panel, ribbon

from .result_layout import PanelPlan, ResultLayout


class ResultDrawing(ResultLayout):
    """The result's picture; ``ResultScene`` gives it the showdown, the flourishes and the labelled rows."""

    showdown: Showdown
    effects: Effects
    labelled: set[int]  # seats whose row has landed and shows its label

    @property
    def laid(self) -> bool:
        """Whether every layoff lies on its meld (the end state of the cards)."""
        return self.showdown.laid == len(self.result.layoffs)

    @property
    def finished(self) -> bool:
        return self.showdown.finished

    def out(self, seat: int) -> bool:
        """Whether ``seat``'s row is laid out face up."""
        sd = self.showdown
        return sd.knocker_out if seat == self.result.knocker else sd.defender_out

    def draw(self, surface: pygame.Surface) -> None:
        sd = self.showdown
        self.draw_felt(surface, piles=not sd.points_shown)
        self.draw_scoreboard(surface)
        st = self.state
        skip = set(st.stock) | set(st.discard) | set(st.out_of_play) if sd.points_shown else None
        self.effects.draw(surface, (Glow,))
        self.app.table.draw(surface, self.visible_cards(), skip=skip)
        self.draw_marks(surface)
        self.draw_row_labels(surface)
        self.draw_banner(surface)
        if sd.points_shown:
            plan = self.panel_plan()
            shift = round((1 - sd.panel) * -self.app.layout.px(24)) if sd.panel < 1 else 0
            panel(surface, plan.rect.move(0, shift), radius=self.app.layout.px(16))
            self.draw_panel(surface, plan, shift)
        self.effects.draw(surface, (Burst,))

    def scoreboard_places(self) -> tuple[pygame.Rect, float, tuple[float, float]]:
        """The scoreboard's box, the x of its totals and the y of its two rows (top seat, bottom seat)."""
        lay = self.app.layout
        size = lay.font(16)
        row = round(size * 1.55)
        rect = lay.rect(lay.margin, lay.px(8), self.scoreboard_width(size), row * 3 + lay.px(10))
        x_score = rect.right - lay.px(12) if not lay.mirror else rect.left + lay.px(12)
        ys = tuple(rect.top + lay.px(6) + row * i + row / 2 for i in (0, 1))
        return rect, x_score, (ys[0], ys[1])

    def draw_scoreboard(self, surface: pygame.Surface) -> None:
        """The table's scoreboard with the totals as the showdown shows them: the old ones until the
        points line is out, then rolling to the new."""
        lay = self.app.layout
        size = lay.font(16)
        rect, x_score, ys = self.scoreboard_places()
        panel(surface, rect, colour=PANEL, border=None, radius=lay.px(10))
        x_name = rect.left + lay.px(28) if not lay.mirror else rect.right - lay.px(28)
        shown = self.showdown.shown_scores
        rolling = self.showdown.rolled and not self.finished
        for seat, y in zip((self.top, self.bottom), ys, strict=True):
            text.draw(surface, self.match.name(seat), size, INK, (x_name, y), lay.anchor("midleft"),
                      max_width=self.name_room(rect.width, size))
            grow = rolling and seat == self.result.winner
            text.draw(surface, str(shown[seat]), round(size * 1.15) if grow else size, GOLD, (x_score, y),
                      lay.anchor("midright"), bold=True)
        y = rect.top + lay.px(6) + round(size * 1.55) * 2.5
        text.draw(surface, self.match.hand_line(), lay.font(14), INK_DIM, (x_name, y), lay.anchor("midleft"),
                  max_width=rect.width - lay.px(36))

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The move and who made it across the middle of the table: popping in, then fading as the cards
        spread."""
        sd = self.showdown
        v = sd.banner
        if v <= 0.01:
            return
        lay = self.app.layout
        rect = self.banner_rect()
        fading = sd.knocker_out or sd.points_shown
        alpha = max(0.0, min(1.0, v if fading else v * 1.6))
        grow = 1.0 if fading else 0.55 + 0.45 * v
        band = ribbon((rect.width, rect.height))
        band.set_alpha(round(255 * alpha))
        surface.blit(band, rect)
        r = self.result
        word = tr("showdown." + sd.banner_kind)
        who = r.knocker if r.knocker is not None else None
        size = round(lay.font(54) * grow)
        words = text.render(word, text.fit_size(word, size, rect.width - lay.px(40), True), GOLD, True)
        name = self.match.name(who) if who is not None else tr("showdown.dead_sub")
        sub = text.render(name, text.fit_size(name, lay.font(20), rect.width - lay.px(40), False), INK)
        gap = lay.px(2)
        total = words.get_height() + gap + sub.get_height()
        y = rect.centery - total / 2
        for img in (words, sub):
            if alpha < 0.99:
                img = img.copy()
                img.set_alpha(round(255 * alpha))
            surface.blit(img, img.get_rect(midtop=(rect.centerx, round(y))))
            y += img.get_height() + gap

    def draw_marks(self, surface: pygame.Surface) -> None:
        if self.dead:
            return
        lay = self.app.layout
        table = self.app.table
        sd = self.showdown
        # a bar under each meld (coloured) and under the deadwood (red), once the row's cards have landed
        for seat in (0, 1):
            if not self.out(seat):
                continue
            groups = self.groups(seat, sd.laid)
            if any(table.sprites[c].moving for g, _ in groups for c in g):
                continue
            k = 0
            for cards, kind in groups:
                xs = [table.sprites[c].x for c in cards]
                y = round(self.row_y(seat) + lay.ch * self.scale / 2 + lay.px(5))
                x0 = min(xs) - lay.cw * self.scale / 2 + lay.px(3)
                x1 = max(xs) + lay.cw * self.scale / 2 - lay.px(3)
                colour = MELD_COLOURS[k % len(MELD_COLOURS)] if kind == "meld" else RED
                k += kind == "meld"
                pygame.draw.rect(surface, colour, pygame.Rect(round(x0), y, round(x1 - x0), max(3, lay.px(4))),
                                 border_radius=lay.px(2))
        for c, _ in self.result.layoffs[:sd.laid]:
            s = table.sprites[c]
            if s.moving:
                continue
            r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(4), lay.px(4))
            pygame.draw.rect(surface, GOLD, r, max(2, lay.px(3)), border_radius=lay.cw // 9)

    def landed(self, seat: int) -> bool:
        """Whether ``seat``'s row is out and its cards have come to rest (its label and bars show then)."""
        if not self.out(seat):
            return False
        zone = f"show{seat}"
        sprites = [self.app.table.sprites[c] for g, _ in self.groups(seat, self.showdown.laid) for c in g]
        return not any(s.moving for s in sprites if s.target is not None and s.target.zone == zone)

    def row_label(self, seat: int) -> str:
        r = self.result
        say = self.match.say
        n = self.showdown.count(seat)
        if seat == r.knocker:
            if r.kind in ("gin", "big_gin"):
                return say("result.gin_player", seat)
            return say("result.knocker_named", seat) if n is None else say("result.knocker", seat, n=n)
        if n is None:  # the count is not out yet: no number it would correct a moment later
            return say("result.defender_named", seat)
        if r.layoffs and COUNTS in self.showdown.log:
            before = r.defender_deadwood + sum(c.value for c, _ in r.layoffs)
            return say("result.defender", seat, before=before, n=n)
        return say("result.defender_plain", seat, n=n)

    def draw_row_labels(self, surface: pygame.Surface) -> None:
        if self.dead:
            return
        lay = self.app.layout
        for seat in (0, 1):
            if seat not in self.labelled:
                continue
            text.draw(surface, self.row_label(seat), lay.font(16), INK, (lay.w / 2, self.label_y(seat)), bold=True,
                      max_width=self.label_width(seat))

    def draw_panel(self, surface: pygame.Surface, plan: PanelPlan, shift: int = 0) -> None:
        box = plan.text.move(0, shift)
        lines = self.panel_lines(plan.k, box.width)
        y: float = box.top + max(0, box.height - self.lines_height(lines)) / 2  # the panel is as tall as it gets
        self.check_rect = None
        for line, size, colour, bold, gap in lines:
            y += size * gap
            drawn = text.draw(surface, line, size, colour, (box.centerx, y), "midtop", bold=bold, max_width=box.width)
            if line[:1] in ("\u2714", "\u2716"):
                self.check_rect = drawn.inflate(8, 8)  # the deal check: a click opens its details
            y += size * 1.2
