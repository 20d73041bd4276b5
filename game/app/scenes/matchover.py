"""Match over: the winner, the totals with any bonuses, the score sheet hand by hand."""
from __future__ import annotations

import pygame

from .. import text
from ..i18n import tr
from ..looks import GOLD, INK, INK_DIM, felt, panel
from ..match import Match
from ..scene import Scene


class MatchOverScene(Scene):
    name = "match_over"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match

    def enter(self) -> None:
        super().enter()
        w = self.match.state.winner
        self.app.cue("match_won" if w is not None and not self.match.is_bot(w) else "match_lost")

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.3), round(lay.button_h * 1.15)
        gap = lay.px(16)
        y = lay.h - bh - lay.px(22)
        self.button(lay.rect(lay.w / 2 - bw - gap / 2, y, bw, bh), "button.play_again", "#play_again",
                    self.again, class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap / 2, y, bw, bh), "button.to_menu", "#to_menu", self.app.nav.to_menu,
                    class_id="@tool")

    def again(self) -> None:
        setup = self.match.setup
        from dataclasses import replace

        self.app.nav.start_match(replace(setup, seed=self.app.nav.next_seed()))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.again()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.to_menu()

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

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        st = self.match.state
        name = self.match.name
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        final = st.final
        winner = final.winner if final else (0 if st.scores[0] >= st.scores[1] else 1)
        text.draw(surface, self.match.say("over.title", winner), lay.font(40), GOLD, (lay.w / 2, lay.px(46)),
                  bold=True, shadow=(0, 0, 0), max_width=lay.w - 2 * lay.margin)
        totals = final.totals if final else tuple(st.scores)
        text.draw(surface, tr("over.totals", name1=name(0), t1=totals[0], name2=name(1), t2=totals[1]),
                  lay.font(24), INK, (lay.w / 2, lay.px(96)), bold=True, max_width=lay.w - 2 * lay.margin)
        y = lay.px(124)
        if final and (any(final.line_bonus) or any(final.game_bonus) or final.shutout):
            parts = [f"{tr('over.hand_points')}: {final.hand_points[0]} / {final.hand_points[1]}"]
            if any(final.line_bonus):
                parts.append(f"{tr('over.line_bonus')}: {final.line_bonus[0]} / {final.line_bonus[1]}")
            if any(final.game_bonus):
                parts.append(f"{tr('over.game_bonus')}: {final.game_bonus[0]} / {final.game_bonus[1]}")
            if final.shutout:
                parts.append(tr("over.shutout"))
            text.draw(surface, " · ".join(parts), lay.font(15), INK_DIM, (lay.w / 2, y),
                      max_width=lay.w - 2 * lay.margin)
            y += lay.px(20)
        # the score sheet
        w = min(lay.w - 2 * lay.margin, lay.px(980))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), y + lay.px(10), w,
                           lay.h - y - lay.px(10) - round(lay.button_h * 1.15) - lay.px(44))
        panel(surface, rect, radius=lay.px(14))
        size = lay.font(15)
        row_h = round(size * 1.6)
        cols = [0.08, 0.34, 0.2, 0.19, 0.19]  # hand, result, sum, running totals of seat 0 and seat 1
        xs: list[float] = [rect.left + lay.px(16)]
        for f in cols[:-1]:
            xs.append(xs[-1] + (rect.width - lay.px(32)) * f)
        ty = rect.top + lay.px(22)
        text.draw(surface, tr("over.sheet"), lay.font(18), GOLD, (rect.centerx, ty), bold=True)
        ty += row_h
        heads = (tr("over.col.hand"), tr("over.col.result"), tr("over.col.sum"), name(0), name(1))
        for i, h in enumerate(heads):
            text.draw(surface, h, size, GOLD, (lay.mx(xs[i]), ty), lay.anchor("midleft"), bold=True,
                      max_width=round((rect.width - lay.px(32)) * cols[i]) - lay.px(6))
        rows = self.rows()
        room = max(1, int((rect.bottom - ty - row_h * 1.6) // row_h))
        shown = rows[-room:] if len(rows) > room else rows
        for row in shown:
            ty += row_h
            for i, cell in enumerate(row):
                text.draw(surface, cell, size, INK, (lay.mx(xs[i]), ty), lay.anchor("midleft"),
                          max_width=round((rect.width - lay.px(32)) * cols[i]) - lay.px(6))
        ty = rect.bottom - row_h
        text.draw(surface, tr("over.total"), size, GOLD, (lay.mx(xs[1]), ty), lay.anchor("midleft"), bold=True)
        for i in (0, 1):
            text.draw(surface, str(totals[i]), lay.font(17), GOLD, (lay.mx(xs[3 + i]), ty), lay.anchor("midleft"),
                      bold=True)
