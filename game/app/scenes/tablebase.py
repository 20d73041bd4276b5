"""The table's furniture the deal, play and result scenes share: the felt, the scoreboard, the names by
the hands, the stock's count and seal, the bars under melds and the deal check.  Where the cards go is
``tableplaces.TablePlaces``.
"""
from __future__ import annotations

import pygame

from game.app.animation.showdown import scores_before
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS, PANEL, chip, felt, panel
from game.engine import IN_PLAY, Card

from .tableplaces import RETIRED_SCALE, SUIT_ORDER, TablePlaces, arrangement, meld_ids, retired_spot, sorted_hand

__all__ = ["SUIT_ORDER", "TableScene", "arrangement", "meld_ids", "sorted_hand"]


class TableScene(TablePlaces):
    """A scene that shows the card table for a match."""

    def draw_felt(self, surface: pygame.Surface, piles: bool = True) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        for x in (lay.stock_x, lay.discard_x) if piles else ():
            r = lay.card_rect(x, lay.pile_y).inflate(lay.px(8), lay.px(8))
            pygame.draw.rect(surface, (16, 70, 44), r, max(1, lay.px(2)), border_radius=lay.cw // 10)

    def draw_scoreboard(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        st = self.state
        size = lay.font(16)
        w = self.scoreboard_width(size)
        row = round(size * 1.55)
        rect = lay.rect(lay.margin, lay.px(8), w, row * 3 + lay.px(10))
        panel(surface, rect, colour=PANEL, border=None, radius=lay.px(10))
        totals = self.totals_before_reveal()
        x_name = rect.left + lay.px(28) if not lay.mirror else rect.right - lay.px(28)
        x_score = rect.right - lay.px(12) if not lay.mirror else rect.left + lay.px(12)
        for i, seat in enumerate((self.top, self.bottom)):
            y = rect.top + lay.px(6) + row * i + row / 2
            if st.to_act == seat:
                pygame.draw.circle(surface, GOLD, (round(lay.mx(rect.left + lay.px(14)) if not lay.mirror
                                                          else rect.right - lay.px(14)), round(y)), lay.px(5))
            text.draw(surface, self.match.name(seat), size, INK, (x_name, y), lay.anchor("midleft"),
                      max_width=self.name_room(w, size))
            text.draw(surface, str(totals[seat]), size, GOLD, (x_score, y), lay.anchor("midright"), bold=True)
        y = rect.top + lay.px(6) + row * 2 + row / 2
        text.draw(surface, self.match.hand_line(), lay.font(14), INK_DIM, (x_name, y), lay.anchor("midleft"),
                  max_width=w - lay.px(36))
        self.draw_table_notes(surface)

    def table_notes(self) -> list[str]:
        """What the table says beside the scoreboard: who sits out, and the deal of the day with its public seed."""
        notes = [n for n in (self.match.table_note(),) if n is not None]
        daily = self.app.nav.tables.daily
        if daily is not None and self.match is self.app.nav.match:
            from .gamenight import day_words

            notes.append(tr("table.daily", day=day_words(daily.day), seed=daily.seed))
        return notes

    def draw_table_notes(self, surface: pygame.Surface) -> None:
        """Under the Menu button, right of the other hand (left of it in a right-to-left language)."""
        lay = self.app.layout
        size = lay.font(13)
        xs = self.top_row(max(1, len(self.state.hands[self.top])))
        left = round(max(xs) + lay.cw * lay.opp_scale / 2) + lay.px(16)
        box = pygame.Rect(left, lay.px(14) + lay.button_h, lay.w - lay.margin - left, lay.h // 4)
        if lay.mirror:
            box.x = lay.w - box.right
        for note in self.table_notes():
            box.y += text.draw_wrapped(surface, note, size, GOLD, box, align="right") + lay.px(4)

    def totals_before_reveal(self) -> tuple[int, int]:
        """The totals as the table shows them: a hand just ended keeps the old ones until its result
        scene rolls them after the points line (the scoreboard changes once, never back)."""
        st = self.state
        r = st.last_result
        if r is None or st.phase in IN_PLAY:
            return st.scores[0], st.scores[1]
        return scores_before(st.scores, r)

    def scoreboard_width(self, size: int) -> int:
        """Wide enough for both names and a three-digit total at a readable size (long Russian names on
        a small window)."""
        lay = self.app.layout
        names = max(text.measure(self.match.name(seat), size)[0] for seat in (0, 1))
        need = names + lay.px(28) + self.score_room(size) + lay.px(12)
        return min(max(lay.px(250), need), round(lay.w * 0.4))

    def score_room(self, size: int) -> int:
        """The width a total takes at the scoreboard's right, with the air that keeps it off the name."""
        return text.measure("888", round(size * 1.15), True)[0] + self.app.layout.px(12)

    def name_room(self, width: int, size: int) -> int:
        """How wide a name may be on a scoreboard ``width`` wide (it never runs into its total)."""
        return width - self.app.layout.px(28 + 12) - self.score_room(size)

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        """Names by the hands, the dealer chip, the opponent's pickups and the stock count."""
        lay = self.app.layout
        st = self.state
        size = lay.font(15)
        # top seat
        t = self.top
        xs = self.top_row(max(1, len(st.hands[t])))
        left = min(xs) - lay.cw * lay.opp_scale / 2
        right = max(xs) + lay.cw * lay.opp_scale / 2
        if lay.mirror:
            left, right = right, left
        gap = lay.px(14)
        room = (left - gap - lay.margin) if not lay.mirror else (lay.w - left - gap - lay.margin)
        text.draw(surface, self.match.name(t), size, INK, (left - gap if not lay.mirror else left + gap,
                  lay.opp_y - size * 0.8), lay.anchor("midright"), bold=True, max_width=max(lay.px(60), round(room)))
        if self.match.deals(t):
            chip(surface, tr("table.dealer"), (left - gap - lay.px(40) if not lay.mirror else left + gap + lay.px(40),
                 lay.opp_y + size * 0.9), lay.font(12))
        count = len(st.picks[t])
        if count:
            text.draw(surface, tr("table.took", n=count), size, GOLD,
                      (right + gap if not lay.mirror else right - gap, lay.opp_y), lay.anchor("midleft"), bold=True)
        # bottom seat
        b = self.bottom
        x = lay.mx(lay.margin + lay.px(8))
        text.draw(surface, self.match.name(b), size, INK, (x, lay.hand_y - size), lay.anchor("midleft"),
                  bold=True, max_width=lay.col_w)
        if self.match.deals(b):
            half = (text.measure(tr("table.dealer"), lay.font(12), True)[0] + lay.font(12)) / 2
            chip(surface, tr("table.dealer"), (x + half if not lay.mirror else x - half,
                 lay.hand_y + size * 0.6), lay.font(12))
        own = len(st.picks[b])
        if own:
            text.draw(surface, tr("table.took", n=own), lay.font(13), INK_DIM,
                      (x, lay.hand_y + size * 2.1), lay.anchor("midleft"))
        # stock count and the deck's seal above the stock (the band under the piles is the toast's), and
        # the refused upcard
        above = lay.pile_y - lay.ch / 2 - lay.px(10)  # clear of the glow around a pile to draw from
        if st.stock:
            text.draw(surface, tr("table.stock_count", n=len(st.stock)), lay.font(14), INK_DIM,
                      (lay.stock_x, above), "midbottom")
        seal = self.match.seal()
        if seal is not None:
            text.draw(surface, tr("table.seal", seal=seal.fingerprint), lay.font(12), INK_DIM,
                      (lay.stock_x, above - lay.font(14) * 1.3), "midbottom", max_width=round(lay.cw * 2.2),
                      literal=True)
        if st.out_of_play:  # its name over the card
            x, y = retired_spot(lay)
            text.draw(surface, tr("table.out_of_play"), lay.font(12), INK_DIM,
                      (x, y - lay.ch * RETIRED_SCALE / 2 - lay.px(4)), "midbottom", max_width=round(lay.cw * 2))
    def deal_check(self) -> tuple[str, bool] | None:
        """After a sealed hand: one quiet line (the details are on demand), and whether the revealed secret
        matches the seal shown before; the cut is named after the seat that gave it."""
        seal = self.match.seal()
        deal = self.state.revealed_deal()
        if seal is None or deal is None:
            return None
        if not seal.check(deal):
            return tr("result.seal_bad"), False
        dealer = self.state.last_result.dealer if self.state.last_result is not None else self.state.dealer
        if not seal.by_player:
            words = tr("result.seal_ok_game_cut")
        elif self.match.vs_bot:
            words = tr("result.seal_ok")
        else:
            words = tr("result.seal_ok_named", name=self.match.name(1 - dealer))
        return words + " · " + tr("result.seal_more"), True

    def draw_meld_marks(self, surface: pygame.Surface, order: list[Card]) -> None:
        """A coloured bar under each meld of the viewer's hand (see ``meld_bars``)."""
        lay = self.app.layout
        y = round(lay.hand_y + lay.ch / 2 + lay.px(7))
        for i, x0, x1 in self.meld_bars(order):
            pygame.draw.rect(surface, MELD_COLOURS[i % len(MELD_COLOURS)],
                             pygame.Rect(round(x0), y, round(x1 - x0), max(3, lay.px(5))), border_radius=lay.px(3))
