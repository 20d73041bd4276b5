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
from dataclasses import replace

import pygame

from game.app.animation.anim import Animation, Call, Sequence, Tween, Wait, in_out_cubic, out_cubic
from game.app.animation.celebration import CardCascade, Confetti, Effects
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, ribbon
from game.app.matches.match import Match
from game.app.stage.scene import Host, Scene
from game.engine import Card

from .matchstory import MatchStory

CELEBRATION = 2.4  # seconds of celebration before the score sheet comes up (times the animation speed)


class MatchOverScene(Scene):
    name = "match_over"

    def __init__(self, app: Host, match: Match) -> None:
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
        self.story = MatchStory(app, match, self.winner, self.totals)

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        speed = self.app.pace
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
        speed = self.app.pace
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

    # ------------------------------------------------------------------ places

    def heading_bottom(self) -> float:
        """The lower edge of the heading once it sits at the top."""
        lay = self.app.layout
        y_line = lay.px(44) + lay.font(40) * 0.62 + lay.font(22) * 0.8
        if self.celebrate:
            return y_line + lay.font(22) * 0.65
        return y_line + lay.font(22) * 0.55 + lay.font(16) * 1.7

    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The plates, the chart and the score sheet in place, under the heading."""
        return self.story.areas(round(self.heading_bottom() + self.app.layout.px(12)))

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
        story = self.story
        story.draw_plates(surface, plates)
        if chart.height >= lay.px(100):
            story.draw_chart(surface, chart)
        story.draw_sheet(surface, sheet)

    def paint_ahead(self) -> None:
        """While the match is celebrated, the score sheet is painted off screen a few lines per frame, so its
        panels and words are ready when it comes up (rather than all on one frame)."""
        if self._ahead is None:
            scratch = pygame.Surface((1, 1))
            plates, chart, sheet = self.areas()
            story = self.story
            parts = [story.plates_steps(scratch, plates), story.sheet_steps(scratch, sheet)]
            if chart.height >= self.app.layout.px(100):
                story.draw_chart(scratch, chart)
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
