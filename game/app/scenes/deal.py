"""The deal: cards fly from the stock one by one, alternately, then the upcard turns over."""
from __future__ import annotations

import pygame

from game.app.animation.anim import Wait
from game.app.looks import cardart
from game.app.matches.match import Match
from game.app.stage.scene import Host

from .tablebase import TableScene

DEAL_STEP = 0.075


class DealScene(TableScene):
    name = "deal"

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app, match)
        self.viewer = match.home  # the person's seat (a friend's game over the network: theirs), None in hot-seat
        self.clock = Wait(0.0)

    def enter(self) -> None:
        super().enter()
        self.paint_ahead()
        table = self.app.table
        table.reset()
        st = self.state
        lay = self.app.layout
        # everything starts in the stock, face down
        from game.app.animation.table import Target

        for s in table.sprites.values():
            table.set_target(s.card, Target(lay.stock_x, lay.pile_y, False, 1.0, 0, "stock"), snap=True)
        targets = self.targets()
        nd, d = st.non_dealer, st.dealer
        order = {}
        for i in range(10):
            for k, seat in enumerate((nd, d)):
                if i < len(st.hands[seat]):
                    order[st.hands[seat][i]] = 2 * i + k
        n = len(order)
        for card, t in targets.items():
            if card in order:
                t.delay = order[card] * DEAL_STEP
                t.z = 300 + order[card] if t.zone != "stock" else t.z
            elif t.zone in ("discard", "under"):
                t.delay = n * DEAL_STEP + 0.1
        for card, t in targets.items():
            table.set_target(card, t)
        # resting z values once the cards have landed
        self.final = self.targets()
        self.app.cue("deal")
        self.clock = Wait((n * DEAL_STEP + 0.45 + table.MOVE_TIME) * self.app.pace)

    def paint_ahead(self) -> None:
        """Have the card painter's thread paint the table's faces again if any have gone, before the
        first card turns, so no frame of the deal paints one."""
        lay = self.app.layout
        style = self.app.card_style
        sizes = [(round(lay.cw * s), round(lay.ch * s)) for s in (1.0, lay.opp_scale)]
        prerender = getattr(self.app, "prerender_cards", None)  # the app's sizes and order
        if prerender is not None and not all(cardart.ready(size, style) for size in sizes):
            prerender()

    def place_cards(self) -> None:
        if hasattr(self, "final"):  # a resize while dealing: the cards land at once
            self.app.table.set_targets(self.final, snap=True)

    def build_ui(self) -> None:
        """The Menu button, where the table has it: a click meant for it is never lost to the deal."""
        lay = self.app.layout
        w = round(lay.col_w * 0.7)
        self.button(lay.rect(lay.w - lay.margin - w, lay.px(8), w, lay.button_h), "button.menu", "#menu_button",
                    self.app.nav.pause, class_id="@tool")

    def finish(self, event: pygame.event.Event | None = None) -> None:
        """Land every card and open the table; ``event`` (the click or key that cut the deal short) is
        then handed to the table, so it does there what the player meant."""
        table = self.app.table
        table.set_targets(self.final)
        table.settle()
        self.app.nav.begin_play(self.match)
        top = self.app.top
        if event is not None and top is not None and top is not self:
            self.app.ui.process_events(event)
            top.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if self.app.top is not self:
            return
        on_button = event.type == pygame.MOUSEBUTTONDOWN and any(
            w.visible and w.get_abs_rect().collidepoint(event.pos) for w in self.widgets)
        if (event.type == pygame.MOUSEBUTTONDOWN and not on_button) or (
                event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE):
            self.finish(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.nav.pause()

    def update(self, dt: float) -> None:
        self.app.table.update(dt)
        self.clock.update(dt)
        if self.clock.done and not self.app.table.busy:
            self.finish()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_felt(surface)
        self.draw_scoreboard(surface)
        self.app.table.draw(surface, self.visible_cards())
        self.draw_seat_labels(surface)
