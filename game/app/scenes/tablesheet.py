"""The score sheet of a table of three or four, shown between its hands and at its end.

It is also the curtain between the people at the table: no card is drawn here, and the next hand
starts only when the player it names presses Play.  A hand between two computers is played here,
off screen, and only its line appears on the sheet.
"""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.tablerun import TableRun
from game.app.stage.scene import Scene

ROWS_SHOWN = 12


class TableSheetScene(Scene):
    name = "table_sheet"

    def __init__(self, app, run: TableRun) -> None:
        super().__init__(app)
        self.run = run
        self.playing_alone = False
        self.counted = False

    # ------------------------------------------------------------------ what it says

    def lines(self, most: int = ROWS_SHOWN) -> list[tuple[str, str]]:
        """(who played, who sat out, how it ended) for the last ``most`` hands, newest last."""
        name = self.run.setup.name
        out = []
        for h in self.run.table.history[-most:] if most > 0 else []:
            a, b = h.duel.seats
            who = tr("sheet.hand", n=h.hand_no + 1) + " · " + tr("sheet.duel", a=name(a), b=name(b))
            if self.run.table.kind == "three":  # with pairs the other two play their own duel
                out_names = tr("rules.v.list_sep").join(name(s) for s in h.duel.sitting_out)
                who += " · " + tr("sheet.sat_out", names=out_names)
            ended = tr("sheet.dead") if h.winner is None else tr("sheet.won", name=name(h.winner),
                                                                  points=h.result.points)
            out.append((who, ended))
        return out

    def totals(self) -> list[str]:
        """Each side's total: a seat with three players, a pair (both names) with four."""
        name, table = self.run.setup.name, self.run.table
        scores = table.scores()
        if table.kind == "pairs":
            sides = [tr("sheet.pair", a=name(0), b=name(2)), tr("sheet.pair", a=name(1), b=name(3))]
        else:
            sides = [name(s) for s in range(3)]
        return [f"{side}: {points}" for side, points in zip(sides, scores, strict=True)]

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
        from game.engine.table import duel_for

        table = self.run.table
        hand_no = table.hand_no + (1 if table.duel_over else 0)
        duel = duel_for(table.kind, hand_no, table.first, table.computers)
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
        if over and not self.counted:
            self.count()

    def play(self) -> None:
        table = self.run.table
        if table.over:
            self.app.nav.to_menu()
            return
        if self.playing_alone:
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

        self.app.push(RulesScene(self.app, self.run.table.rules, self.run.table.kind))

    def count(self) -> None:
        """The finished table in the statistics by way of playing: won when a person's side won."""
        from game.app.records import playways

        self.counted = True
        table, setup = self.run.table, self.run.setup
        final = table.final
        if final is None:
            return
        won = any(s == "person" and (s_i % 2 if table.kind == "pairs" else s_i) == final.winner
                  for s_i, s in enumerate(setup.seats))
        folder = playways.folder_of(self.app.services)
        self.app.think(playways.record, folder, table.kind, won)

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
        w = min(lay.w - 2 * lay.margin, lay.px(1100))
        top = lay.margin
        r = pygame.Rect(round(lay.w / 2 - w / 2), top, w, lay.h - top - lay.margin * 2 - lay.button_h)
        panel(surface, r, radius=lay.px(16))
        rules = self.run.table.rules
        title = tr("sheet.title") + " · " + tr("sheet.target", target=rules.target)
        text.draw(surface, title, lay.font(28), GOLD, (r.centerx, r.top + lay.px(30)), bold=True,
                  max_width=r.width - lay.px(40))
        text.draw(surface, self.headline(), lay.font(20), INK, (r.centerx, r.top + lay.px(66)), bold=True,
                  max_width=r.width - lay.px(40))
        y = r.top + lay.px(100)
        person = self.pass_to()
        if person is not None:  # the screen goes to the one person of the next hand, the others look away
            text.draw(surface, tr("curtain.pass_to", name=person), lay.font(17), GOLD, (r.centerx, y), bold=True,
                      max_width=r.width - lay.px(40))
            y += round(lay.font(17) * 1.6)
        size, step = lay.font(16), round(lay.font(16) * 1.5)
        for total in self.totals():
            text.draw(surface, total, lay.font(18), GOLD, (r.centerx, y), bold=True, max_width=r.width - lay.px(40))
            y += round(lay.font(18) * 1.4)
        y += lay.px(8)
        left, right = r.left + lay.px(24), r.right - lay.px(24)
        for who, ended in self.lines((r.bottom - y) // step):
            start, end = (right, left) if lay.mirror else (left, right)
            text.draw(surface, who, size, INK_DIM, (start, y), lay.anchor("midleft"),
                      max_width=round((right - left) * 0.72))
            text.draw(surface, ended, size, INK, (end, y), lay.anchor("midright"),
                      max_width=round((right - left) * 0.26))
            y += step
