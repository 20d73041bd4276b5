"""The hand result, staged on the table: the banner, the melds spread, the defender's hand turned over,
layoffs flying one by one, the counts, the points line, and only then the scoreboard's roll.

The order lives in ``showdown.Showdown``; this scene says where the cards go at each stage, draws what
the showdown's state says, and adds the flourishes (``celebration``).  A click, Space or Enter skips
to the end; the next one goes on to the next hand.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.app.animation.celebration import Burst, Effects, Glow
from game.app.animation.showdown import COUNTS, Hooks, Showdown
from game.app.animation.table import Target
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS, PANEL, RED, panel, ribbon
from game.app.matches.match import Match
from game.app.shell.scene import Host
from game.engine import Card, Phase

from .coaching import offer_coach
from .result_layout import PanelPlan, ResultLayout

STAGGER = 0.035  # seconds between the cards of a row setting off


class ResultScene(ResultLayout):
    name = "result"

    def __init__(self, app: Host, match: Match, viewer: int | None) -> None:
        result = match.state.last_result
        if result is None:
            raise ValueError("a hand result is shown only after a hand has ended")
        super().__init__(app, match, result)
        # a dead hand shows no cards: in hot-seat neither hand may appear, whoever is at the screen
        self.viewer = None if self.dead and not match.vs_bot else viewer
        self.effects = Effects()
        laid_values = [c.value for c, _ in result.layoffs]
        scores = match.state.scores
        won = result.winner is not None and (not match.vs_bot or not match.is_bot(result.winner))
        self.showdown = Showdown(result, result.knocker_deadwood, result.defender_deadwood + sum(laid_values),
                                 laid_values, (scores[0], scores[1]), app.pace,
                                 Hooks(place=self.stage_cards, cue=app.cue, flourish=self.flourish), you_won=won)
        self._placed: tuple[bool, bool, int] = (False, False, 0)
        self._button_shown = False
        self.labelled: set[int] = set()  # seats whose row has landed and shows its label
        self.next_button: pygame_gui.elements.UIButton | None = None
        self.coach_button: Any = None
        self.clock = 0.0

    # ------------------------------------------------------------------ what the showdown has shown

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

    def visible_cards(self) -> set[Card]:
        """Public cards and the viewer's hand, and each hand once its row is turned over (never before)."""
        seen = super().visible_cards()
        if not self.dead:
            for seat in (0, 1):
                if self.out(seat):
                    seen.update(self.state.hands[seat])
        return seen

    # ------------------------------------------------------------------ where the cards go now

    def stage_targets(self) -> dict[Card, Target]:
        """Where every card belongs at the showdown's current stage."""
        targets = self.targets()
        if self.dead:
            return targets
        for seat in (0, 1):
            if self.out(seat):
                targets.update(self.row_targets(seat, self.showdown.laid))
        return targets

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        table = self.app.table
        # cards with no place yet (a resumed match) start where the table had them
        fresh = {c: t for c, t in self.targets().items() if table.sprites[c].target is None}
        if fresh:
            table.set_targets(fresh, snap=True)
        if self.app.pace <= 0:
            self.skip()

    def build_ui(self) -> None:
        """The Next button is made at once but shown only with the points line (making a widget takes longer
        than a frame should, so it is not made in the middle of the animation)."""
        lay = self.app.layout
        self._button_shown = self.finished or (self.showdown.points_shown and self.showdown.panel >= 1.0)
        plan = self.panel_plan()
        self.next_button = self.button(plan.button, self.button_key(), "#next_hand", self.next,
                                       class_id="@primary")
        coach = pygame.Rect(plan.button.right + lay.px(12), plan.button.top, round(plan.button.width * 0.7),
                            plan.button.height)
        if coach.right > lay.w - lay.margin:  # no room beside it: on its other side
            coach.right = plan.button.left - lay.px(12)
        self.coach_button = offer_coach(self, coach)
        if not self._button_shown:
            self.next_button.hide()
            if self.coach_button is not None:
                self.coach_button.hide()
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool")

    def next(self) -> None:
        if self.state.phase is Phase.MATCH_OVER:
            self.app.nav.show_match_over(self.match)
            return
        self.app.nav.next_hand(self.match)

    def skip(self) -> None:
        """Everything the showdown has left happens at once (the same end as watching it)."""
        self.showdown.finish()
        self.app.table.set_targets(self.stage_targets())
        self.app.table.settle()
        self.effects.clear()
        self.show_button()

    def show_button(self) -> None:
        if self._button_shown or self.covered or self.next_button is None:
            return
        self._button_shown = True
        self.next_button.show()
        if self.coach_button is not None:
            self.coach_button.show()

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                if not self.finished:
                    self.skip()
                else:
                    self.next()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.pause()
        elif event.type == pygame.MOUSEBUTTONDOWN and not self.finished and not self.on_widget(event.pos):
            self.skip()

    def on_widget(self, pos) -> bool:
        """Whether ``pos`` is on a visible button (a click there is the button's, not a skip)."""
        return any(w.visible and w.rect.collidepoint(pos) for w in self.widgets)

    def place_cards(self) -> None:
        self.effects.clear()  # sparks belong to the old size
        self.app.table.set_targets(self.stage_targets(), snap=True)

    def stage_cards(self) -> None:
        """The showdown moved on: send the cards of the new stage on their way (a newly turned row one card
        after another, a layoff on its own)."""
        sd = self.showdown
        targets = self.stage_targets()
        was_k, was_d, _was_laid = self._placed
        self._placed = (sd.knocker_out, sd.defender_out, sd.laid)
        r = self.result
        for seat, now, before in ((r.knocker, sd.knocker_out, was_k), (r.defender, sd.defender_out, was_d)):
            if seat is None or not now or before:
                continue
            row = [c for c, t in targets.items() if t.zone == f"show{seat}"]
            row.sort(key=lambda c: targets[c].x * (-1 if self.app.layout.mirror else 1))
            for i, c in enumerate(row):
                targets[c].delay = i * STAGGER
        self.app.table.set_targets(targets)

    def flourish(self, kind: str) -> None:
        """Gold sparks and a glow: gin and big gin at the banner, an undercut at the panel's title, a warm
        glow on the total that rolls."""
        lay = self.app.layout
        speed = self.app.pace
        seed = self.result.hand_no * 7 + len(self.result.kind)
        if kind in ("gin", "big_gin"):
            c = self.banner_rect().center
            self.effects.add(Glow(c, lay.px(300 if kind == "big_gin" else 240), speed, life=1.6))
            self.effects.add(Burst(c, lay.px(230), speed, count=170 if kind == "big_gin" else 120, seed=seed))
        elif kind == "undercut":
            rect = self.panel_rect()
            c = (rect.centerx, rect.top + lay.px(34))
            self.effects.add(Glow(c, lay.px(200), speed, life=1.4))
            self.effects.add(Burst(c, lay.px(200), speed, count=100, seed=seed))
        elif kind == "roll" and self.result.winner is not None:
            rect, score_x, ys = self.scoreboard_places()
            y = ys[0] if self.result.winner == self.top else ys[1]
            self.effects.add(Glow((score_x, y), lay.px(46), speed, life=self.showdown.ROLL_TIME + 0.5))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.app.table.update(dt)
        self.showdown.update(dt)
        self.effects.update(dt)
        for seat in (0, 1):
            if seat not in self.labelled and self.landed(seat):
                self.labelled.add(seat)  # a row's label comes once its cards first land, then stays
        if self.showdown.points_shown and self.showdown.panel >= 1.0:
            self.show_button()  # the panel is whole once its points line is out

    # ------------------------------------------------------------------ draw

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
        st = self.state
        size = lay.font(16)
        rect, x_score, ys = self.scoreboard_places()
        panel(surface, rect, colour=PANEL, border=None, radius=lay.px(10))
        x_name = rect.left + lay.px(28) if not lay.mirror else rect.right - lay.px(28)
        shown = self.showdown.shown_scores
        rolling = self.showdown.rolled and not self.finished
        for seat, y in zip((self.top, self.bottom), ys, strict=True):
            text.draw(surface, self.match.name(seat), size, INK, (x_name, y), lay.anchor("midleft"),
                      max_width=rect.width - lay.px(62))
            grow = rolling and seat == self.result.winner
            text.draw(surface, str(shown[seat]), round(size * 1.15) if grow else size, GOLD, (x_score, y),
                      lay.anchor("midright"), bold=True)
        y = rect.top + lay.px(6) + round(size * 1.55) * 2.5
        info = tr("table.hand_no", n=st.hand_no + 1) + " · " + tr("table.to_target", target=st.rules.target)
        text.draw(surface, info, lay.font(14), INK_DIM, (x_name, y), lay.anchor("midleft"),
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
        n = 0 if n is None else n
        if seat == r.knocker:
            if r.kind in ("gin", "big_gin"):
                return say("result.gin_player", seat)
            return say("result.knocker", seat, n=n)
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
        y: float = box.top
        for line, size, colour, bold, gap in self.panel_lines(plan.k, box.width):
            y += size * gap
            text.draw(surface, line, size, colour, (box.centerx, y), "midtop", bold=bold, max_width=box.width)
            y += size * 1.2
