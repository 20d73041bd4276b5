"""The score sheet of a table of three or four, shown between its hands and at its end.

It is also the curtain between the people at the table: no card is drawn here, and the next hand
starts only when the player it names presses Play.  A hand between two computers is played here,
off screen, and only its line appears on the sheet.
"""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, felt, panel
from game.app.matches.tablerun import TableRun
from game.app.stage.scene import Scene

from .tablesheet_grid import SheetGrid


class TableSheetScene(Scene):
    name = "table_sheet"
    curtain = True

    def __init__(self, app, run: TableRun) -> None:
        super().__init__(app)
        self.run = run
        self.playing_alone = False
        self.grid = SheetGrid(run)

    # ------------------------------------------------------------------ what it says

    def headline(self) -> str:
        table, name = self.run.table, self.run.setup.name
        if table.final is not None:
            w = table.final.winner
            if table.kind == "pairs":
                return tr("sheet.winner_pair", name=tr("sheet.pair", a=name(w), b=name(w + 2)))
            return tr("sheet.winner", name=name(w))
        if self.playing_alone:
            return tr("sheet.bots_playing")
        a, b = self.upcoming()
        return tr("sheet.next", a=name(a), b=name(b))

    def pass_to(self) -> str | None:
        """The person the next hand is shown to, when several people share the screen and it is theirs alone."""
        setup, table = self.run.setup, self.run.table
        if table.over or self.playing_alone or setup.people < 2:
            return None
        people = [s for s in self.upcoming() if setup.seats[s] == "person"]
        return setup.name(people[0]) if len(people) == 1 else None

    def upcoming(self) -> tuple[int, int]:
        """Who plays the next hand (the one in play, or the one after a finished one)."""
        duel = self.run.table.upcoming_duel
        return duel.seats[0], duel.seats[1]

    # ------------------------------------------------------------------ widgets and actions

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.4), round(lay.button_h * 1.1)
        y = lay.h - lay.margin - bh
        over = self.run.table.over
        self.play_button = self.button(lay.rect(lay.w / 2 - bw - lay.px(8), y, bw, bh),
                                       "button.to_menu" if over else "sheet.play", "#sheet_play", self.play,
                                       class_id="@primary")
        if not over:
            self.button(lay.rect(lay.w / 2 + lay.px(8), y, bw, bh), "button.rules", "#sheet_rules", self.rules,
                        class_id="@tool")
        if self.playing_alone:
            self.play_button.disable()

    def play(self) -> None:
        table = self.run.table
        if table.over:
            self.app.nav.to_menu()
            return
        if self.playing_alone:
            return
        if self.run.fair and self.run.undealt:  # sealed: the duel is dealt after its cut
            self.app.nav.tables.deal_sealed()
            return
        if table.duel_over:
            self.run.advance()
        if self.run.headless:
            self.playing_alone = True
            self.rebuild_ui()
            return
        self.app.nav.tables.play_duel()

    def rules(self) -> None:
        from .overlays import RulesScene

        table = self.run.table
        self.app.push(RulesScene(self.app, table.rules, table.kind, table.house))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.nav.to_menu()

    def update(self, dt: float) -> None:
        if self.playing_alone and self.run.step_alone(self.app.think):
            self.playing_alone = False
            self.rebuild_ui()

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = pygame.Rect(lay.margin, lay.margin // 2, lay.w - 2 * lay.margin,
                        lay.h - lay.margin - lay.margin // 2 - lay.button_h - lay.px(8))
        panel(surface, r, radius=lay.px(16))
        rules = self.run.table.rules
        title = tr("sheet.title") + " · " + tr("sheet.target", target=rules.target)
        text.draw(surface, title, lay.font(26), GOLD, (r.centerx, r.top + lay.px(26)), bold=True,
                  max_width=r.width - lay.px(40))
        text.draw(surface, self.headline(), lay.font(19), INK, (r.centerx, r.top + lay.px(58)), bold=True,
                  max_width=r.width - lay.px(40))
        y = r.top + lay.px(84)
        person = self.pass_to()
        if person is not None:  # the screen goes to the one person of the next hand, the others look away
            text.draw(surface, tr("curtain.pass_to", name=person), lay.font(17), GOLD, (r.centerx, y), bold=True,
                      max_width=r.width - lay.px(40))
        y += round(lay.font(17) * 1.3)
        grid = pygame.Rect(r.left + lay.px(20), y, r.width - lay.px(40), r.bottom - y - lay.px(12))
        self.grid.draw(surface, grid, lay.px, lay.mirror, lay.font(16))
