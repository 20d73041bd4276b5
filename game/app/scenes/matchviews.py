"""What a player may look up during a match without leaving the table: the move log of the hand, the
score sheet so far and the whole discard pile.

Each is an overlay over the play scene, so the play scene (and its turn clock) stands still while it is
open.  They show only what both seats may see: the log never names a card drawn from the stock, and the
pile and the cards taken from it were face up for both players.  Tabs along the bottom (and the keys L,
Tab and V) go from one view to another; Esc, Enter or the view's own key closes it.
"""
from __future__ import annotations

from functools import partial

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, panel, veil
from game.app.matches.match import Match
from game.app.play.model import PlayModel
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import Card

from .matchstory import MatchStory

VIEW_KEYS = {pygame.K_l: "log", pygame.K_TAB: "scores", pygame.K_v: "discards"}
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
TABS = ("log", "scores", "discards")


def open_view(app: Host, model: PlayModel, kind: str) -> None:
    """Show the view ``kind`` over the play scene whose ``model`` it reads (in place of another view open)."""
    view = {"log": MoveLogView, "scores": ScoreSheetView, "discards": DiscardPileView}[kind](app, model)
    if isinstance(app.top, MatchView):
        app.replace_top(view)
    else:
        app.push(view)


class MatchView(Scene):
    """A panel over the table with the view's tabs and a Close button."""

    opaque = False
    kind = ""
    app: Host

    def __init__(self, app: Host, model: PlayModel) -> None:
        super().__init__(app)
        self.model = model
        self.name = "view_" + self.kind

    @property
    def match(self) -> Match:
        return self.model.match

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        # small windows get nearly all of the screen: the score sheet's columns need the room
        w = min(lay.w - 2 * lay.margin, max(lay.px(980), 760))
        h = min(lay.h - 2 * lay.margin, max(lay.px(640), 560))
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def body_rect(self) -> pygame.Rect:
        """Between the title and the row of buttons."""
        lay = self.app.layout
        r = self.panel_rect()
        top = r.top + lay.px(58)
        return pygame.Rect(r.left + lay.px(22), top, r.width - lay.px(44), r.bottom - lay.button_h - lay.px(24) - top)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        keys = [f"view.{k}" for k in TABS] + ["button.close"]
        gap = lay.px(8)
        widths = [max(round(lay.col_w * 0.8), label_width(lay, tr(k), ("@primary" if k == "button.close" else "@tool",
                                                                   "button"))) for k in keys]
        scale = min(1.0, (r.width - lay.px(24) - gap * (len(keys) - 1)) / sum(widths))
        widths = [round(w * scale) for w in widths]
        x = r.centerx - (sum(widths) + gap * (len(keys) - 1)) / 2
        y = r.bottom - lay.button_h - lay.px(12)
        order = list(zip(keys, [*TABS, ""], widths, strict=True))
        for key, kind, w in order:  # lay.rect places them for the reading direction
            if kind:
                b = self.button(lay.rect(x, y, w, lay.button_h), key, f"#view_tab_{kind}",
                                partial(self.switch, kind), class_id="@tool")
                if kind == self.kind:
                    b.select()
            else:
                self.button(lay.rect(x, y, w, lay.button_h), key, "#close_view", self.close, class_id="@primary")
            x += w + gap

    def switch(self, kind: str) -> None:
        if kind == self.kind:
            return
        open_view(self.app, self.model, kind)

    def close(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type != pygame.KEYDOWN or self.app.top is not self:
            return
        kind = VIEW_KEYS.get(event.key)
        if event.key in CLOSE_KEYS or kind == self.kind:
            self.close()
        elif kind is not None:
            self.switch(kind)
        else:
            self.on_key(event.key)

    def on_key(self, key: int) -> None:
        """A key the view itself answers (scrolling)."""

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 170)
        rect = self.panel_rect()
        panel(surface, rect, radius=lay.px(16))
        text.draw(surface, self.title(), lay.font(26), GOLD, (rect.centerx, rect.top + lay.px(30)), bold=True,
                  max_width=rect.width - lay.px(40))
        self.draw_body(surface, self.body_rect())

    def title(self) -> str:
        return tr("view." + self.kind + ".title")

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        raise NotImplementedError


class MoveLogView(MatchView):
    """Every move of the hand by both players, newest at the bottom; the wheel and the arrows scroll."""

    kind = "log"

    def __init__(self, app: Host, model: PlayModel) -> None:
        super().__init__(app, model)
        self.scroll = 0  # lines scrolled up from the newest

    def lines(self) -> list[str]:
        return list(self.model.log_lines)

    def page(self) -> int:
        lay = self.app.layout
        return max(1, int(self.body_rect().height // (lay.font(16) * 1.5)))

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(max(0, len(self.lines()) - self.page()), self.scroll + n))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.MOUSEWHEEL and self.app.top is self:
            self.scroll_by(3 * event.y)

    def on_key(self, key: int) -> None:
        step = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: self.page(), pygame.K_PAGEDOWN: -self.page(),
                pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}.get(key)
        if step is not None:
            self.scroll_by(step)

    def shown(self) -> tuple[list[str], int, int]:
        """(the lines on screen, how many are above them, how many below)."""
        lines = self.lines()
        page = self.page()
        end = len(lines) - self.scroll
        start = max(0, end - page)
        return lines[start:end], start, len(lines) - end

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        lay = self.app.layout
        size = lay.font(16)
        step = size * 1.5
        shown, above, below = self.shown()
        if not shown:
            text.draw(surface, tr("view.log.empty"), size, INK_DIM, area.center, max_width=area.width)
            return
        x = area.right if lay.mirror else area.left
        y = area.top + step / 2
        for i, line in enumerate(shown):
            newest = below == 0 and i == len(shown) - 1
            text.draw(surface, line, size, INK if newest else INK_DIM, (x + (lay.px(18) * (-1 if lay.mirror else 1)),
                      y + i * step), lay.anchor("midleft"), bold=newest, max_width=area.width - lay.px(24))
        if above:
            text.draw(surface, "\u25b2", lay.font(13), GOLD, (x, area.top + step / 2), lay.anchor("midleft"))
        if below:
            text.draw(surface, "\u25bc", lay.font(13), GOLD, (x, area.top + step * (len(shown) - 0.5)),
                      lay.anchor("midleft"))


class ScoreSheetView(MatchView):
    """The match-over score sheet, drawn for the match so far."""

    kind = "scores"

    def title(self) -> str:
        st = self.match.state
        return tr("view.scores.title", hand=st.hand_no + 1, target=st.rules.target)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        st = self.match.state
        scores = (st.scores[0], st.scores[1])
        leader = 0 if scores[0] >= scores[1] else 1
        MatchStory(self.app, self.match, leader, scores).draw_sheet(surface, area)
        if not st.history:
            lay = self.app.layout
            text.draw(surface, tr("view.scores.none"), lay.font(16), INK_DIM, area.center, max_width=area.width)


class DiscardPileView(MatchView):
    """The discard pile from its first card to the top one, and the cards each player took from it."""

    kind = "discards"

    def cards(self) -> list[Card]:
        return list(self.match.state.discard)

    def taken(self) -> list[tuple[int, list[Card]]]:
        st = self.match.state
        return [(seat, list(st.held_picks(seat))) for seat in (0, 1)]

    def card_size(self, area: pygame.Rect, n: int) -> tuple[int, int, int]:
        """(card width, card height, cards per row): the largest cards that fit in rows."""
        lay = self.app.layout
        gap = lay.px(8)
        cw = lay.cw
        while cw > 18:
            ch = round(cw * 1.4)
            per_row = max(1, int((area.width + gap) // (cw + gap)))
            rows = -(-n // per_row)
            if rows * (ch + gap) <= area.height:
                return cw, ch, per_row
            cw -= 2
        return cw, round(cw * 1.4), max(1, int((area.width + gap) // (cw + gap)))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        lay = self.app.layout
        size = lay.font(15)
        x0 = area.right if lay.mirror else area.left
        text.draw(surface, tr("view.discards.order"), size, INK_DIM, (x0, area.top + size * 0.6),
                  lay.anchor("midleft"), max_width=area.width)
        taken_lines = [tr("view.discards.taken", name=self.match.name(seat), cards=" ".join(c.symbol for c in cs))
                       for seat, cs in self.taken() if cs]
        line_h = round(size * 1.5)
        cards_area = pygame.Rect(area.left, area.top + line_h + lay.px(6), area.width,
                                 area.height - line_h * (1 + len(taken_lines)) - lay.px(12))
        cards = self.cards()
        if not cards:
            text.draw(surface, tr("view.discards.empty"), size, INK_DIM, cards_area.center, max_width=area.width)
        else:
            self.draw_cards(surface, cards_area, cards)
        y = area.bottom - line_h * (len(taken_lines) - 0.5)
        for i, line in enumerate(taken_lines):
            text.draw(surface, line, size, INK, (x0, y + i * line_h), lay.anchor("midleft"), max_width=area.width)

    def draw_cards(self, surface: pygame.Surface, area: pygame.Rect, cards: list[Card]) -> None:
        """Left to right in rows (card order is not text), the top card ringed in gold."""
        lay = self.app.layout
        gap = lay.px(8)
        cw, ch, per_row = self.card_size(area, len(cards))
        row_w = min(len(cards), per_row) * (cw + gap) - gap
        left = area.centerx - row_w / 2
        for i, card in enumerate(cards):
            x = round(left + (i % per_row) * (cw + gap))
            y = round(area.top + (i // per_row) * (ch + gap))
            surface.blit(cardart.face(card, cw, ch, self.app.card_style), (x, y))
            if i == len(cards) - 1:
                pygame.draw.rect(surface, GOLD, pygame.Rect(x - 2, y - 2, cw + 4, ch + 4), max(2, lay.px(3)),
                                 border_radius=max(3, cw // 10))
