"""Match over: a celebration for a win (confetti, cards dancing along the table, a fanfare), then the
whole story of the match on one screen: each player's total with its bonuses and records, the race to
the target as a chart, and the score sheet hand by hand.  A loss gets a quiet, dignified summary.

The intro is a timeline (``anim``); the effects move in ``update`` and are only drawn here.  A click,
Space or Enter skips the celebration; after it, Enter plays again and Escape goes to the menu.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pygame

from game.engine import Card, HandResult

from .. import text
from ..anim import Animation, Call, Sequence, Tween, Wait, in_out_cubic, out_cubic
from ..celebration import CardCascade, Confetti, Effects
from ..i18n import tr
from ..looks import GOLD, INK, INK_DIM, MELD_COLOURS, felt, panel, ribbon
from ..match import Match
from ..scene import Scene

SEAT_COLOURS = (MELD_COLOURS[0], MELD_COLOURS[1])  # the two players' colours in the plates and the chart
CELEBRATION = 2.4  # seconds of celebration before the score sheet comes up (times the animation speed)


@dataclass
class Record:
    """One player's match in numbers."""

    hand_points: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    best: int = 0


def elide(s: str, size: int, width: int, bold: bool = True) -> str:
    """``s`` cut short with an ellipsis where it would be wider than ``width`` at ``size``."""
    if text.measure(s, size, bold)[0] <= width:
        return s
    while len(s) > 1 and text.measure(s + "\u2026", size, bold)[0] > width:
        s = s[:-1]
    return s.rstrip() + "\u2026"


def records(history: list[HandResult]) -> tuple[Record, Record]:
    out = (Record(), Record())
    for r in history:
        if r.winner is None:
            continue
        rec = out[r.winner]
        rec.hand_points += r.points
        rec.hands_won += 1
        rec.best = max(rec.best, r.points)
        if r.kind in ("gin", "big_gin"):
            rec.gins += 1
        elif r.kind == "undercut":
            rec.undercuts += 1
    return out


def running_totals(history: list[HandResult]) -> list[tuple[int, int]]:
    """Each seat's total after each hand, starting from 0 to 0."""
    run = [0, 0]
    out = [(0, 0)]
    for r in history:
        if r.winner is not None:
            run[r.winner] += r.points
        out.append((run[0], run[1]))
    return out


class MatchOverScene(Scene):
    name = "match_over"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        st = match.state
        final = st.final
        self.winner = final.winner if final else (0 if st.scores[0] >= st.scores[1] else 1)
        self.totals = final.totals if final else (st.scores[0], st.scores[1])
        self.celebrate = not match.is_bot(self.winner)  # the player beat the computer, or a hot-seat win
        self.effects = Effects()
        self.sheet = 0.0  # 0: the celebration; 1: the score sheet in place
        self.timeline: Animation = Sequence()
        self._ui_shown = False
        self._ahead: Iterator | None = None  # the score sheet being painted ahead (see ``paint_ahead``)

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        speed = self.app.table.speed
        if self.celebrate:
            self.app.cue("fanfare")
            self.start_effects()
            self.timeline = Sequence(Wait(CELEBRATION * speed), Tween(0.6 * speed, self._set_sheet, in_out_cubic),
                                     Call(self._sheet_in))
        else:
            self.app.cue("match_lost")
            self.timeline = Sequence(Tween(0.45 * speed, self._set_sheet, out_cubic), Call(self._sheet_in))
        if speed <= 0:
            self.skip()

    def start_effects(self) -> None:
        lay = self.app.layout
        speed = self.app.table.speed
        seed = self.match.setup.seed % 100_000
        # as many strips on a big window as on a small one, only larger: the same look for the same work
        self.effects.add(Confetti((lay.w, lay.h), max(4, lay.px(9)), speed, count=150, seed=seed))
        deck = [Card(i) for i in range(52)]
        random.Random(seed).shuffle(deck)
        size = (round(lay.cw * 0.7), round(lay.ch * 0.7))  # a size the card painter keeps ready
        self.effects.add(CardCascade((lay.w, lay.h), size, speed, deck[:16], self.app.card_style, seed=seed))

    def _set_sheet(self, v: float) -> None:
        self.sheet = v

    def _sheet_in(self) -> None:
        self.sheet = 1.0
        for e in self.effects.items:
            if isinstance(e, CardCascade):
                e.life = min(e.life, e.age)  # no more cards are thrown; those in the air bounce away

    def skip(self) -> None:
        """The score sheet at once (the same screen the celebration ends on, without its pieces)."""
        self.timeline.finish()
        self.effects.clear()

    def build_ui(self) -> None:
        """The buttons are made at once and shown with the score sheet (making widgets takes longer than a
        frame of the celebration should)."""
        self._ui_shown = self.sheet >= 1.0
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.3), round(lay.button_h * 1.15)
        gap = lay.px(16)
        y = lay.h - bh - lay.px(18)
        self.button(lay.rect(lay.w / 2 - bw - gap / 2, y, bw, bh), "button.play_again", "#play_again",
                    self.again, class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap / 2, y, bw, bh), "button.to_menu", "#to_menu", self.app.nav.to_menu,
                    class_id="@tool")
        if not self._ui_shown:
            for w in self.widgets:
                w.hide()

    def show_ui(self) -> None:
        if self._ui_shown or self.covered:
            return
        self._ui_shown = True
        for w in self.widgets:
            w.show()

    def resize(self) -> None:
        super().resize()
        self._ahead = None
        if self.effects:
            self.effects.clear()
            if self.sheet < 1.0 and self.celebrate:
                self.start_effects()

    def again(self) -> None:
        setup = replace(self.match.setup, seed=self.app.nav.next_seed())
        self.app.nav.start_match(setup, practice=setup.vs_bot and self.app.settings.practice)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.sheet < 1.0:
                    self.skip()
                else:
                    self.again()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.to_menu()
        elif event.type == pygame.MOUSEBUTTONDOWN and self.sheet < 1.0:
            self.skip()

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self.effects.update(dt)
        if self.sheet >= 1.0:
            self.show_ui()

    # ------------------------------------------------------------------ words and numbers

    def rows(self) -> list[tuple[str, str, str, str, str]]:
        """Hand, result, the sum, then each seat's running total (with +points where it scored)."""
        say = self.match.say
        out = []
        run = [0, 0]
        for r in self.match.state.history:
            cells = ["", ""]
            if r.kind == "dead":
                label, total = tr("over.kind.dead"), ""
            else:
                who = r.winner if r.kind == "undercut" else r.knocker
                assert who is not None and r.winner is not None  # only a dead hand has neither
                label, total = say("over.kind." + r.kind, who), r.sum_text
                run[r.winner] += r.points
            for seat in (0, 1):
                gained = r.kind != "dead" and r.winner == seat
                cells[seat] = f"{run[seat]}  (+{r.points})" if gained else str(run[seat])
            out.append((str(r.hand_no + 1), label, total, cells[0], cells[1]))
        return out

    def plate_lines(self, seat: int) -> list[tuple[str, str]]:
        """``(label, value)`` lines of a player's plate: where the total came from, then the records."""
        st = self.match.state
        rules = st.rules
        final = st.final
        rec = records(st.history)[seat]
        lines = [(tr("over.hand_points"), str(rec.hand_points))]
        if final is not None and rules.line_bonus:
            lines.append((tr("over.line_bonus"), str(final.line_bonus[seat])))
        if final is not None and rules.game_bonus:
            lines.append((tr("over.game_bonus"), str(final.game_bonus[seat])))
        if final is not None and final.shutout and seat == final.winner:
            lines.append((tr("over.shutout"), "\u00d72"))
        lines += [(tr("over.hands_won"), str(rec.hands_won)), (tr("over.gins"), str(rec.gins)),
                  (tr("over.undercuts"), str(rec.undercuts)), (tr("over.best_hand"), str(rec.best))]
        return lines

    # ------------------------------------------------------------------ places

    def heading_bottom(self) -> float:
        """The lower edge of the heading once it sits at the top."""
        lay = self.app.layout
        y_line = lay.px(44) + lay.font(40) * 0.62 + lay.font(22) * 0.8
        if self.celebrate:
            return y_line + lay.font(22) * 0.65
        return y_line + lay.font(22) * 0.55 + lay.font(16) * 1.7

    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The players' plates, the race chart and the score sheet (in place).  The sheet takes the wide
        column; with few hands it is only as tall as they need and the chart goes under it, the plates then
        filling their column; with many, the sheet fills its column and the chart goes under the plates."""
        lay = self.app.layout
        top = round(self.heading_bottom() + lay.px(12))
        bottom = lay.h - round(lay.button_h * 1.15) - lay.px(34)
        gap = lay.px(16)
        inner = lay.w - 4 * lay.margin
        left_w = round((inner - gap) * 0.38)
        left = lay.rect(lay.margin * 2, top, left_w, bottom - top)
        right = lay.rect(lay.margin * 2 + left_w + gap, top, inner - left_w - gap, bottom - top)
        sheet_h = self.sheet_height()
        if right.height - sheet_h - gap >= lay.px(150):
            sheet = pygame.Rect(right.left, right.top, right.width, sheet_h)
            chart = pygame.Rect(right.left, sheet.bottom + gap, right.width, right.bottom - sheet.bottom - gap)
            return left, chart, sheet
        plates_h = min(left.height, 2 * self.plate_height() + gap)
        if left.height - plates_h - gap < lay.px(110):
            return left, pygame.Rect(left.left, left.bottom, left.width, 0), right
        chart = pygame.Rect(left.left, left.top + plates_h + gap, left.width, left.height - plates_h - gap)
        return pygame.Rect(left.left, left.top, left.width, plates_h), chart, right

    def sheet_height(self) -> int:
        """The score sheet's height with every hand on a comfortable row."""
        lay = self.app.layout
        pad = lay.px(16)
        return round(pad * 2 + lay.font(18) * 1.3 + (len(self.match.state.history) + 2) * lay.font(15) * 2.0)

    def plate_height(self) -> int:
        lay = self.app.layout
        n = max(len(self.plate_lines(0)), len(self.plate_lines(1)))
        return round(lay.px(16) * 2 + lay.font(34) * 1.35 + lay.px(6) + n * lay.font(15) * 1.55)

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        self.effects.draw(surface)
        t = self.sheet
        self.draw_heading(surface, t)
        if t <= 0:
            self.paint_ahead()
            return
        lift = round((1 - t) * lay.h * 0.7)
        plates, chart, sheet = (r.move(0, lift) for r in self.areas())
        self.draw_plates(surface, plates)
        if chart.height >= lay.px(100):
            self.draw_chart(surface, chart)
        self.draw_sheet(surface, sheet)

    def paint_ahead(self) -> None:
        """While the match is celebrated, the score sheet is painted off screen a few lines per frame, so its
        panels and words are ready when it comes up (rather than all on one frame)."""
        if self._ahead is None:
            scratch = pygame.Surface((1, 1))
            plates, chart, sheet = self.areas()
            parts = [self.plates_steps(scratch, plates), self.sheet_steps(scratch, sheet)]
            if chart.height >= self.app.layout.px(100):
                self.draw_chart(scratch, chart)
            self._ahead = itertools.chain(*parts)
        for _ in range(2):
            if next(self._ahead, StopIteration) is StopIteration:
                return

    def draw_heading(self, surface: pygame.Surface, t: float) -> None:
        """The winner and the totals: large in the middle while the match is celebrated, then at the top."""
        lay = self.app.layout
        st = self.match.state
        name = self.match.name
        won = self.celebrate
        title = self.match.say("over.title", self.winner)
        line = tr("over.totals", name1=name(0), t1=self.totals[0], name2=name(1), t2=self.totals[1])
        maxw = lay.w - 2 * lay.margin
        big = 1.0 + 0.55 * (1 - t)
        y_title = lay.h * 0.42 * (1 - t) + lay.px(44) * t
        colour = GOLD if won else INK
        moving = 0 < t < 1
        y_line = y_title + lay.font(40) * big * 0.62 + lay.font(22) * big * 0.8
        if won and t < 1:  # a band behind the words, so the dancing cards never hide them
            h = round(lay.font(40) * big * 1.25 + lay.font(22) * big * 1.4 + lay.px(24))
            band = ribbon((lay.w, h))
            band.set_alpha(round(255 * (1 - t)))
            surface.blit(band, band.get_rect(center=(round(lay.w / 2), round((y_title + y_line) / 2 + lay.px(4)))))
        self._draw_scaled(surface, title, lay.font(40), big, colour, (lay.w / 2, y_title), maxw, True, won, moving)
        self._draw_scaled(surface, line, lay.font(22), big, INK, (lay.w / 2, y_line), maxw, True, False, moving)
        if not won:
            sub = tr("over.lost_line", name=name(self.winner), target=st.rules.target)
            y_sub = y_line + lay.font(22) * big * 0.55 + lay.font(16)
            text.draw(surface, sub, lay.font(16), INK_DIM, (lay.w / 2, y_sub), max_width=maxw)

    def _draw_scaled(self, surface: pygame.Surface, s: str, size: int, scale: float, colour, center,
                     maxw: int, bold: bool, shadow: bool, moving: bool) -> None:
        """Text drawn at ``size * scale``: rendered at that size when still, scaled while it moves (so the
        text cache does not fill with a size per frame)."""
        fitted = text.fit_size(s, size, maxw, bold)
        if not moving:
            text.draw(surface, s, round(fitted * scale), colour, center, bold=bold,
                      shadow=(0, 0, 0) if shadow else None, max_width=maxw)
            return
        img = text.render(s, fitted, colour, bold)
        w, h = img.get_size()
        img = pygame.transform.smoothscale(img, (max(1, round(w * scale)), max(1, round(h * scale))))
        if shadow:
            dark = text.render(s, fitted, (0, 0, 0), bold)
            dark = pygame.transform.smoothscale(dark, img.get_size())
            off = max(1, round(fitted * scale) // 14)
            surface.blit(dark, dark.get_rect(center=(round(center[0]) + off, round(center[1]) + off)))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def draw_plates(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        for _ in self.plates_steps(surface, area):
            pass

    def plates_steps(self, surface: pygame.Surface, area: pygame.Rect) -> Iterator[None]:
        lay = self.app.layout
        gap = lay.px(16)
        h = (area.height - gap) // 2
        order = (self.winner, 1 - self.winner)
        for i, seat in enumerate(order):
            rect = pygame.Rect(area.left, area.top + i * (h + gap), area.width, h)
            yield from self.plate_steps(surface, rect, seat)

    def plate_steps(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> Iterator[None]:
        """Draws a player's plate, pausing (``yield``) after its heading and after each line."""
        lay = self.app.layout
        won = seat == self.winner
        panel(surface, rect, border=GOLD if won else (90, 110, 96), radius=lay.px(14), width=max(2, lay.px(3)) if won
              else 2)
        pad = lay.px(16)
        near = rect.left + pad if not lay.mirror else rect.right - pad  # where lines start
        far = rect.right - pad if not lay.mirror else rect.left + pad
        big = lay.font(34)
        y = rect.top + pad + big * 0.62
        # the player's colour, as in the chart
        bar = pygame.Rect(0, 0, lay.px(6), round(big * 0.9))
        bar.center = (round(near + (lay.px(3) if not lay.mirror else -lay.px(3))), round(y))
        pygame.draw.rect(surface, SEAT_COLOURS[seat], bar, border_radius=lay.px(3))
        name_x = near + (lay.px(14) if not lay.mirror else -lay.px(14))
        total = str(self.totals[seat])
        tw = text.measure(total, big, True)[0]
        text.draw(surface, total, big, GOLD if won else INK, (far, y), lay.anchor("midright"), bold=True)
        room = rect.width - 2 * pad - lay.px(14) - tw - lay.px(12)
        text.draw(surface, self.match.name(seat), lay.font(20), INK, (name_x, y - lay.font(20) * 0.45 if won else y),
                  lay.anchor("midleft"), bold=True, max_width=room)
        if won:
            text.draw(surface, tr("over.winner"), lay.font(13), GOLD, (name_x, y + lay.font(13) * 0.95),
                      lay.anchor("midleft"), bold=True, max_width=room)
        yield
        y = rect.top + pad + big * 1.35
        pygame.draw.line(surface, (60, 80, 66), (rect.left + pad, round(y)), (rect.right - pad, round(y)), 1)
        size = lay.font(15)
        lines = self.plate_lines(seat)
        step = max(size * 1.45, min(size * 2.5, (rect.bottom - pad - y - lay.px(6)) / max(1, len(lines))))
        y += lay.px(6) + step / 2
        for label, value in lines:
            if y > rect.bottom - pad / 2:
                break
            text.draw(surface, value, size, INK, (far, y), lay.anchor("midright"), bold=True)
            text.draw(surface, label, size, INK_DIM, (near, y), lay.anchor("midleft"),
                      max_width=rect.width - 2 * pad - lay.px(60))
            y += step
            yield

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Both running totals hand by hand, with the target as a dashed line."""
        lay = self.app.layout
        st = self.match.state
        panel(surface, rect, radius=lay.px(14))
        pad = lay.px(16)
        text.draw(surface, tr("over.race", target=st.rules.target), lay.font(15), GOLD,
                  (rect.centerx, rect.top + pad + lay.font(15) * 0.5), bold=True, max_width=rect.width - 2 * pad)
        runs = running_totals(st.history)
        plot = pygame.Rect(rect.left + pad + lay.px(26), rect.top + pad + lay.font(15) * 1.6,
                           rect.width - 2 * pad - lay.px(34), 0)
        plot.height = rect.bottom - pad - lay.font(12) * 1.4 - plot.top
        if plot.height < lay.px(30) or plot.width < lay.px(60):
            return
        if lay.mirror:
            plot.x = rect.right - (plot.left - rect.left) - plot.width
        top_value = max(st.rules.target, max(max(a, b) for a, b in runs)) * 1.08
        n = max(1, len(runs) - 1)

        def at(i: int, v: float) -> tuple[int, int]:
            x = plot.left + plot.width * i / n
            if lay.mirror:
                x = plot.right - plot.width * i / n
            return round(x), round(plot.bottom - plot.height * v / top_value)

        # axes and the target
        pygame.draw.line(surface, (70, 96, 80), (plot.left, plot.bottom), (plot.right, plot.bottom), 1)
        ty = at(0, st.rules.target)[1]
        dash = lay.px(8)
        for x in range(plot.left, plot.right, dash * 2):
            pygame.draw.line(surface, INK_DIM, (x, ty), (min(x + dash, plot.right), ty), 1)
        text.draw(surface, str(st.rules.target), lay.font(12), INK_DIM,
                  (plot.left - lay.px(6) if not lay.mirror else plot.right + lay.px(6), ty), lay.anchor("midright"))
        width = max(2, lay.px(3))
        for seat in (1 - self.winner, self.winner):  # the winner's line on top
            points = [at(i, run[seat]) for i, run in enumerate(runs)]
            if len(points) > 1:
                pygame.draw.lines(surface, SEAT_COLOURS[seat], False, points, width)
            for p in points[1:]:
                pygame.draw.circle(surface, SEAT_COLOURS[seat], p, width + 1)
        # hand numbers along the bottom (as many as fit)
        every = max(1, round(n / max(1, plot.width // lay.px(34))))
        for i in range(1, n + 1, every):
            text.draw(surface, str(i), lay.font(12), INK_DIM, (at(i, 0)[0], plot.bottom + lay.font(12) * 0.8))

    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        for _ in self.sheet_steps(surface, rect):
            pass

    def sheet_steps(self, surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
        """Draws the score sheet, pausing (``yield``) after its heads and after each row."""
        lay = self.app.layout
        name = self.match.name
        panel(surface, rect, radius=lay.px(14))
        rows = self.rows()
        pad = lay.px(16)
        head = lay.font(18)
        ty = rect.top + pad + head * 0.5
        text.draw(surface, tr("over.sheet"), head, GOLD, (rect.centerx, ty), bold=True)
        # rows fill the sheet: taller (and a little larger) when there are few hands
        body_top = ty + head * 0.8
        body_h = rect.bottom - pad - body_top
        base = lay.font(15)
        slots = len(rows) + 2  # the column heads and the total
        row_h = max(base * 1.45, min(base * 2.3, body_h / max(1, slots)))
        size = max(lay.font(13), min(lay.font(19), round(row_h / 1.75)))
        room = max(1, int(body_h / row_h + 0.05) - 2)
        hidden = max(0, len(rows) - room)
        if hidden:
            room -= 1
            hidden = len(rows) - room
        cols = [0.08, 0.36, 0.2, 0.18, 0.18]  # hand, result, sum, running totals of seat 0 and seat 1
        inner = rect.width - 2 * pad
        xs: list[float] = [rect.left + pad]
        for f in cols[:-1]:
            xs.append(xs[-1] + inner * f)
        if lay.mirror:
            xs = [rect.left + rect.right - x for x in xs]
        widths = [round(inner * f) - lay.px(6) for f in cols]
        anchor = lay.anchor("midleft")
        y = body_top + row_h / 2
        heads = (tr("over.col.hand"), tr("over.col.result"), tr("over.col.sum"), name(0), name(1))
        for i, h in enumerate(heads):
            small = max(text.MIN_SIZE, round(size * 0.8))
            if i >= 3 and text.measure(h, small, True)[0] > widths[i]:
                # a long name: on two lines rather than too small to read or wider than its column
                lines = text.wrap(h, small, widths[i], bold=True)[:2]
                for k, part in enumerate(lines):
                    dy = (k - (len(lines) - 1) / 2) * small * 1.1
                    text.draw(surface, elide(part, small, widths[i]), small, GOLD, (xs[i], y + dy), anchor, bold=True)
                continue
            text.draw(surface, h, size, GOLD, (xs[i], y), anchor, bold=True, max_width=widths[i])
        line_y = round(y + row_h / 2)
        pygame.draw.line(surface, (60, 80, 66), (rect.left + pad, line_y), (rect.right - pad, line_y), 1)
        yield
        if hidden:
            y += row_h
            text.draw(surface, tr("over.earlier", n=hidden), lay.font(13), INK_DIM, (xs[1], y), anchor,
                      max_width=widths[1] + widths[2])
        history = self.match.state.history
        for k, row in enumerate(rows[-room:] if hidden else rows):
            y += row_h
            r = history[len(rows) - (room if hidden else len(rows)) + k]
            if k % 2:
                stripe = pygame.Rect(rect.left + pad // 2, round(y - row_h / 2), rect.width - pad, round(row_h))
                pygame.draw.rect(surface, (18, 44, 30), stripe, border_radius=lay.px(4))
            for i, cell in enumerate(row):
                scored = i >= 3 and r.winner == i - 3
                text.draw(surface, cell, size, GOLD if scored else INK, (xs[i], y), anchor, bold=scored,
                          max_width=widths[i])
            yield
        y = rect.bottom - pad - row_h / 2
        line_y = round(y - row_h / 2)
        pygame.draw.line(surface, GOLD, (rect.left + pad, line_y), (rect.right - pad, line_y), 1)
        text.draw(surface, tr("over.total"), size, GOLD, (xs[1], y), anchor, bold=True, max_width=widths[1])
        for i in (0, 1):
            text.draw(surface, str(self.totals[i]), round(size * 1.15), GOLD, (xs[3 + i], y), anchor, bold=True)
