"""The hand result, staged on the table: the banner, the melds spread, the defender's hand turned over,
layoffs flying one by one, the counts, the points line, and only then the scoreboard's roll.

The order lives in ``showdown.Showdown``; this scene says where the cards go at each stage, draws what
the showdown's state says, and adds the flourishes (``celebration``).  A click, Space or Enter skips
to the end; the next one goes on to the next hand.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.app.animation.celebration import Burst, Effects, Glow
from game.app.animation.showdown import Hooks, Showdown
from game.app.animation.table import Target
from game.app.lang.i18n import tr
from game.app.matches.match import Match
from game.app.stage.scene import Host
from game.engine import Card, Phase

from .coaching import offer_coach
from .result_draw import ResultDrawing

STAGGER = 0.035  # seconds between the cards of a row setting off


class ResultScene(ResultDrawing):
    name = "result"

    def __init__(self, app: Host, match: Match, viewer: int | None) -> None:
        result = match.state.last_result
        if result is None:
            raise ValueError("a hand result is shown only after a hand has ended")
        super().__init__(app, match, result)
        self.check_rect: pygame.Rect | None = None  # where the deal check line was drawn
        # a dead hand shows no cards: in hot-seat neither hand may appear, whoever is at the screen
        self.viewer = None if self.dead and match.home is None else viewer
        self.effects = Effects()
        laid_values = [c.value for c, _ in result.layoffs]
        scores = match.state.scores
        won = result.winner is not None and match.home in (None, result.winner)
        self.showdown = Showdown(result, result.knocker_deadwood, result.defender_deadwood + sum(laid_values),
                                 laid_values, (scores[0], scores[1]), app.pace,
                                 Hooks(place=self.stage_cards, cue=app.cue, flourish=self.flourish), you_won=won)
        self._placed: tuple[bool, bool, int] = (False, False, 0)
        self._button_shown = False
        self.labelled = set()
        self.next_button: pygame_gui.elements.UIButton | None = None
        self.coach_button: pygame_gui.elements.UIButton | None = None
        self.clock = 0.0
        self.said: str | None = None  # what the Next button says the next deal waits for

    # ------------------------------------------------------------------ what the showdown has shown

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
        self.coach_button = offer_coach(self, plan.coach)
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
            elif event.key == pygame.K_d and self.finished:
                self.deal_details()
        elif event.type == pygame.MOUSEBUTTONDOWN and not self.finished and not self.on_widget(event.pos):
            self.skip()
        elif event.type == pygame.MOUSEBUTTONDOWN and self.check_rect is not None \
                and self.check_rect.collidepoint(event.pos) and not self.on_widget(event.pos):
            self.deal_details()

    def deal_details(self) -> None:
        """The deal's details (seal, secret, seed, cut, export) over the result, when the hand was sealed."""
        if self.deal_check() is not None:
            from .deal_details import DealDetailsScene

            self.app.push(DealDetailsScene(self.app, self.match))

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
        self.between_hands()

    def between_hands(self) -> None:
        """A friend's match is heard while its result shows (the friend leaving is said here); once the next
        hand is asked for, the Next button says it is being dealt, and a toast when it waits for the friend."""
        self.match.idle()
        if self.app.top is not self:
            return  # the next hand is dealt, or the friend left: gone on
        for words in self.match.take_notices():
            self.app.toast(words, 6.0)
        waiting = self.match.waiting()
        if waiting == self.said or self.next_button is None:
            return
        if waiting is None:
            self.next_button.set_text(tr(self.button_key()))
            self.next_button.enable()
        elif self.said is None:
            self.next_button.set_text(tr("net.dealing"))
            self.next_button.disable()
        if waiting is not None and waiting != tr("net.dealing"):
            self.app.toast(waiting, 6.0)  # the friend, by name: a toast has room for any name
        self.said = waiting

    # ------------------------------------------------------------------ draw
