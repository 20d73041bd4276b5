"""The hand result: both hands laid out in melds, layoffs flying onto the knocker's melds, the sum."""
from __future__ import annotations

import pygame

from game.engine import Card, HandResult, Phase

from .. import text
from ..anim import Animator, Call, Sequence, Wait
from ..i18n import tr
from ..looks import GOLD, INK, INK_DIM, MELD_COLOURS, RED, panel
from ..match import Match
from ..table import Target
from .replay import offer_coach
from .tablebase import TableScene

SCALE = 0.8


class ResultScene(TableScene):
    name = "result"

    def __init__(self, app, match: Match, viewer: int | None) -> None:
        super().__init__(app, match)
        result = match.state.last_result
        if result is None:
            raise ValueError("a hand result is shown only after a hand has ended")
        self.result: HandResult = result
        # a dead hand shows no cards: in hot-seat neither hand may appear, whoever is at the screen
        dead = result.kind == "dead"
        self.viewer = None if dead and not match.vs_bot else viewer
        self.anim = Animator()
        self.laid = False
        self.clock = 0.0

    # ------------------------------------------------------------------ layout

    @property
    def dead(self) -> bool:
        return self.result.kind == "dead"

    def row_y(self, seat: int) -> float:
        lay = self.app.layout
        if seat == self.bottom:
            return lay.hand_y - lay.px(6)
        return lay.top_bar + lay.ch * SCALE / 2 + lay.px(16)

    def groups(self, seat: int, with_layoffs: bool) -> list[tuple[list[Card], str]]:
        r = self.result
        lay_cards = [c for c, _ in r.layoffs]
        if seat == r.knocker:
            melds = [list(m) for m in r.knocker_melds]
            if with_layoffs:
                for c, i in r.layoffs:
                    if 0 <= i < len(melds):
                        melds[i].append(c)
                melds = [sorted(m, key=lambda c: (c.rank, c.suit)) if len({c.rank for c in m}) > 1
                         else sorted(m, key=lambda c: c.suit) for m in melds]
            out = [(m, "meld") for m in melds]
            if r.knocker_deadwood_cards:
                out.append((list(r.knocker_deadwood_cards), "dead"))
            return out
        out = [(list(m), "meld") for m in r.defender_melds]
        dead = list(r.defender_deadwood_cards) + ([] if with_layoffs else lay_cards)
        if dead:
            out.append((sorted(dead, key=lambda c: (c.value, c.rank, c.suit)), "dead"))
        return out

    def result_targets(self, with_layoffs: bool) -> dict[Card, Target]:
        lay = self.app.layout
        targets = self.targets()
        if self.dead:
            return targets
        for seat in (0, 1):
            cards, gaps = [], []
            for g, _kind in self.groups(seat, with_layoffs):
                for j, c in enumerate(g):
                    cards.append(c)
                    gaps.append(j == 0 and bool(cards[:-1]))
            xs = lay.row_xs(len(cards), gaps, lay.w / 2, lay.w - 2 * lay.margin - lay.px(20), SCALE, 0.7, 0.5)
            y = self.row_y(seat)
            n = len(cards)
            for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                targets[c] = Target(x, y, True, SCALE, 300 + (i if not lay.mirror else n - i), f"show{seat}")
        return targets

    def visible_cards(self) -> set[Card]:
        seen = super().visible_cards()
        if not self.dead:
            seen.update(self.state.hands[0])
            seen.update(self.state.hands[1])
        return seen

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        r = self.result
        won = r is not None and r.winner is not None and (not self.match.vs_bot or not self.match.is_bot(r.winner))
        self.app.cue("hand_won" if won else "hand_lost")
        self.app.table.set_targets(self.result_targets(False))
        if not self.dead and self.result.layoffs:
            # the defender's melds slide in first, then the layoffs fly onto the knocker's melds
            self.anim.add(Sequence(Wait(0.9 * self.app.table.speed), Call(self.lay_off_now)))
        else:
            self.laid = True

    def build_ui(self) -> None:
        lay = self.app.layout
        bw, bh = round(lay.col_w * 1.1), round(lay.button_h * 1.15)
        over = self.state.phase is Phase.MATCH_OVER
        key = "button.continue" if over else "button.next_hand"
        rect = self.panel_rect()
        self.button(lay.rect(lay.w / 2 - bw / 2, rect.bottom - bh - lay.px(14), bw, bh), key, "#next_hand",
                    self.next, class_id="@primary")
        offer_coach(self, lay.rect(lay.w / 2 + bw / 2 + lay.px(12), rect.bottom - bh - lay.px(14), round(bw * 0.7), bh))
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool")

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        top = self.row_y(self.top) + lay.ch * SCALE / 2 + lay.px(34)
        bottom = self.row_y(self.bottom) - lay.ch * SCALE / 2 - lay.px(34)
        w = min(lay.w - 2 * lay.margin, lay.px(760))
        return pygame.Rect(round(lay.w / 2 - w / 2), round(top), round(w), round(bottom - top))

    def next(self) -> None:
        if self.state.phase is Phase.MATCH_OVER:
            self.app.nav.show_match_over(self.match)
            return
        self.app.nav.next_hand(self.match)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                if not self.laid:
                    self.anim.finish_all()
                    self.app.table.settle()
                else:
                    self.next()
            elif event.key == pygame.K_ESCAPE:
                self.app.nav.pause()
        elif event.type == pygame.MOUSEBUTTONDOWN and not self.laid:
            self.anim.finish_all()

    def place_cards(self) -> None:
        self.app.table.set_targets(self.result_targets(self.laid), snap=True)

    def lay_off_now(self) -> None:
        if self.laid:
            return
        self.laid = True
        self.app.table.set_targets(self.result_targets(True))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.app.table.update(dt)
        self.anim.update(dt)

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        self.draw_felt(surface, piles=False)
        self.draw_scoreboard(surface)
        rect = self.panel_rect()
        panel(surface, rect, radius=lay.px(16))
        st = self.state
        self.app.table.draw(surface, self.visible_cards(), skip=set(st.stock) | set(st.discard) | set(st.out_of_play))
        self.draw_marks(surface)
        self.draw_panel(surface, rect)
        self.draw_row_labels(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        if self.dead:
            return
        lay = self.app.layout
        table = self.app.table
        # a bar under each meld (coloured) and under the deadwood (red)
        for seat in (0, 1):
            k = 0
            for cards, kind in self.groups(seat, self.laid):
                xs = [table.sprites[c].x for c in cards]
                y = round(self.row_y(seat) + lay.ch * SCALE / 2 + lay.px(5))
                x0 = min(xs) - lay.cw * SCALE / 2 + lay.px(3)
                x1 = max(xs) + lay.cw * SCALE / 2 - lay.px(3)
                colour = MELD_COLOURS[k % len(MELD_COLOURS)] if kind == "meld" else RED
                k += kind == "meld"
                pygame.draw.rect(surface, colour, pygame.Rect(round(x0), y, round(x1 - x0), max(3, lay.px(4))),
                                 border_radius=lay.px(2))
        if not self.laid:
            return
        for c, _ in self.result.layoffs:
            s = table.sprites[c]
            r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(4), lay.px(4))
            pygame.draw.rect(surface, GOLD, r, max(2, lay.px(3)), border_radius=lay.cw // 9)

    def draw_row_labels(self, surface: pygame.Surface) -> None:
        if self.dead:
            return
        lay = self.app.layout
        r = self.result
        say = self.match.say
        for seat in (0, 1):
            if seat == r.knocker:
                if r.kind in ("gin", "big_gin"):
                    label = say("result.gin_player", seat)
                else:
                    label = say("result.knocker", seat, n=r.knocker_deadwood)
            elif r.layoffs:
                label = say("result.defender", seat, before=r.defender_deadwood_before_layoffs, n=r.defender_deadwood)
            else:
                label = say("result.defender_plain", seat, n=r.defender_deadwood)
            y = self.row_y(seat)
            if seat == self.bottom:
                y -= lay.ch * SCALE / 2 + lay.px(16)
            else:
                y += lay.ch * SCALE / 2 + lay.px(22)
            text.draw(surface, label, lay.font(16), INK, (lay.w / 2, y), bold=True, max_width=lay.w - 2 * lay.margin)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lay = self.app.layout
        r = self.result
        st = self.state
        name = self.match.name
        maxw = rect.width - lay.px(30)
        y = rect.top + lay.px(28)
        if self.dead:
            text.draw(surface, tr("result.title.dead"), lay.font(30), GOLD, (rect.centerx, y), bold=True,
                      max_width=maxw)
            text.draw_wrapped(surface, tr("result.dead_text"), lay.font(17), INK,
                              pygame.Rect(rect.left + lay.px(20), y + lay.px(36), maxw, lay.px(80)), align="center")
        else:
            who = r.winner if r.kind == "undercut" else r.knocker
            assert who is not None and r.winner is not None  # only a dead hand has neither
            say = self.match.say
            text.draw(surface, say("result.title." + r.kind, who), lay.font(30), GOLD, (rect.centerx, y),
                      bold=True, max_width=maxw)
            y += lay.px(50)
            text.draw(surface, say("result.points", r.winner, sum=r.sum_text), lay.font(26), INK,
                      (rect.centerx, y), bold=True, max_width=maxw)
            y += lay.px(32)
            text.draw(surface, tr("result.sum_" + r.kind), lay.font(15), INK_DIM, (rect.centerx, y), max_width=maxw)
            if r.layoffs and self.laid:
                cards = " ".join(c.symbol for c, _ in r.layoffs)
                text.draw(surface, tr("result.laid_off_list", cards=cards), lay.font(16), GOLD,
                          (rect.centerx, y + lay.px(34)), max_width=maxw)
        y = rect.bottom - round(lay.button_h * 1.15) - lay.px(36)
        line = tr("result.score_line", name1=name(self.bottom), s1=st.scores[self.bottom], name2=name(self.top),
                  s2=st.scores[self.top], target=st.rules.target)
        text.draw(surface, line, lay.font(18), INK, (rect.centerx, y), bold=True, max_width=maxw)
        self.draw_deal_check(surface, (rect.centerx, y - lay.px(24)), maxw)
