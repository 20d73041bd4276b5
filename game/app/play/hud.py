"""What the play scene draws over the cards: pile glows, card marks, the status line and turn clock,
the hint, the log, the deadwood counter and the card being dragged.  Drawing only: nothing changes here."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.app.animation.anim import pulse
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED
from game.engine import Card, Discard, Knock, Phase, discard_deadwoods
from game.engine.cards import mask_of
from game.engine.melds import deadwood_of_mask

from .driver import URGENT_SECONDS, TurnClock
from .model import PlayModel

if TYPE_CHECKING:
    from game.app.stage.scene import Host

Colour = tuple[int, int, int]


class PlayHud:
    def __init__(self, host: Host, model: PlayModel, clock: TurnClock) -> None:
        self.host = host
        self.model = model
        self.clock = clock

    # ------------------------------------------------------------------ words

    def status_text(self) -> str:
        m = self.model
        st = m.state
        if (still := m.match.standstill()) is not None:  # a friend's line is down: not "thinking"
            return still
        if not m.in_play() or st.to_act is None:
            return tr("status.hand_over")
        name = m.match.name(st.to_act)
        if m.match.is_bot(st.to_act):
            return tr("status.bot_thinking", name=name)
        if not m.human_turn():
            return tr("status.waiting", name=name)
        stage = {Phase.UPCARD_OFFER: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard"}[st.phase]
        if m.match.home is not None:  # the person at this screen plays one seat: "your" turn
            return tr("status.your_" + stage)
        return tr("status.named_" + stage, name=name)

    def counter_text(self) -> tuple[str, Colour]:
        m = self.model
        st = m.state
        hand = st.hands[m.bottom]
        if m.viewer is None or not hand:
            return "", INK
        pointed = None
        if m.drag is not None and m.drag.active and m.drag.card is not None:
            pointed = m.drag.card
        elif m.keyboard and m.my_hand():
            pointed = m.cursor_card()
        elif m.hover is not None:
            pointed = m.hover
        elif m.selected is not None:
            pointed = m.selected
        limit = st.knock_limit
        if pointed is not None and pointed == st.forbidden_discard():
            pointed = None  # it may not be thrown this turn: no preview of throwing it
        if len(hand) == 11 and pointed is not None and pointed in hand:
            left = discard_deadwoods(hand)[pointed]
            if left == 0:
                return tr("table.throw_preview_gin", card=pointed.symbol), GOLD
            if left <= limit:
                return tr("table.throw_preview_knock", card=pointed.symbol, n=left), GOLD
            return tr("table.throw_preview", card=pointed.symbol, n=left), INK
        dw = deadwood_of_mask(mask_of(hand))
        note = tr("table.knock_limit", n=limit) if limit > 0 else tr("table.knock_limit_gin")
        return tr("table.deadwood", n=dw) + " · " + note, INK

    # ------------------------------------------------------------------ drawing

    def draw_counter(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        msg, colour = self.counter_text()
        if msg:
            text.draw(surface, msg, lay.font(17), colour, (lay.w / 2, lay.counter_y), bold=True,
                      max_width=round(lay.hand_max_width))

    def draw_highlights(self, surface: pygame.Surface) -> None:
        """Glows behind the card just drawn and around the piles a player can use now."""
        lay = self.host.layout
        m = self.model
        st = m.state
        hand = set(m.my_hand())
        for c, left in m.fresh.items():
            s = self.host.table.sprites.get(c)
            if s is None or c not in hand or s.target is None:
                continue
            r = lay.card_rect(s.target.x, s.target.y, s.target.scale).inflate(lay.px(14), lay.px(14))
            halo = pygame.Surface(r.size, pygame.SRCALPHA)
            alpha = round(200 * min(1.0, left / 0.6))
            pygame.draw.rect(halo, (255, 236, 150, alpha), halo.get_rect(), border_radius=lay.cw // 7)
            surface.blit(halo, r)
        if not m.human_turn():
            return
        glow = 0.5 + 0.5 * pulse(m.clock * 0.8)
        width = max(2, lay.px(4))
        places = []
        if st.phase is Phase.DRAW:
            places.append(lay.stock_x)
            if st.discard and not st.stock_only:
                places.append(lay.discard_x)
        elif (st.phase is Phase.DISCARD and (m.selected is not None or (m.drag and m.drag.active))
              or st.phase is Phase.UPCARD_OFFER):
            places.append(lay.discard_x)
        for x in places:
            r = lay.card_rect(x, lay.pile_y).inflate(lay.px(12), lay.px(12))
            ring = tuple(round(v * (0.6 + 0.4 * glow)) for v in GOLD)
            pygame.draw.rect(surface, ring, r, width, border_radius=lay.cw // 8)

    def draw_card_marks(self, surface: pygame.Surface) -> None:
        """Outlines: the keyboard cursor, the hinted card, the card that may not be thrown back, a new card."""
        lay = self.host.layout
        table = self.host.table
        m = self.model
        hand = m.my_hand()
        marks: list[tuple[Card, Colour]] = []
        if m.keyboard and hand:
            marks.append((hand[min(m.cursor, len(hand) - 1)], (120, 200, 255)))
        if isinstance(m.hint_action, (Discard, Knock)):
            marks.append((m.hint_action.card, GOLD))
        forbidden = m.state.forbidden_discard() if m.human_turn() else None
        for c, colour in marks:
            if c not in table.sprites or c not in set(hand):
                continue
            s = table.sprites[c]
            r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(4), lay.px(4))
            pygame.draw.rect(surface, colour, r, max(2, lay.px(3)), border_radius=lay.cw // 9)
        if forbidden is not None and forbidden in hand:
            # a red mark in the card's visible strip: it may not go back to the pile this turn
            s = table.sprites[forbidden]
            r = lay.card_rect(s.x, s.y, s.scale)
            x = r.left + r.width * 0.45
            text.draw(surface, "\u2715", lay.font(18), RED, (x, r.top + lay.px(14)), bold=True)

    def draw_status(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        m = self.model
        x = lay.mx(lay.discard_lx + lay.cw * 0.5 + lay.px(28))
        y = lay.pile_y - lay.ch / 2 + lay.px(12)
        maxw = round(lay.w - (lay.discard_lx + lay.cw * 0.5 + lay.px(28)) - lay.margin)
        mine = m.human_turn()
        text.draw(surface, self.status_text(), lay.font(21), GOLD if mine else INK, (x, y), lay.anchor("midleft"),
                  bold=True, max_width=maxw)
        limit = self.clock.full(m)
        if limit and mine and self.clock.key is not None:
            self.draw_timer(surface, x, y + lay.px(44), limit)
            if self.clock.held:  # a hint stops the clock until the turn is over: the ring says why it stands
                gap = lay.px(40) + lay.px(10)
                text.draw(surface, tr("hint.clock_held"), lay.font(14), INK_DIM,
                          (x + (-gap if lay.mirror else gap), y + lay.px(44)), lay.anchor("midleft"),
                          max_width=maxw - gap)
        if m.hint_text:
            size = lay.font(15)
            hy = y + lay.px(84)
            lines = text.wrap(m.hint_text, size, maxw)[:3]
            for i, line in enumerate(lines):
                text.draw(surface, line, size, INK, (x, hy + i * size * 1.3), lay.anchor("midleft"))

    def draw_timer(self, surface: pygame.Surface, x: float, y: float, limit: float) -> None:
        """The seconds left in a ring; dim while the clock is held (the player reads a hint)."""
        lay = self.host.layout
        left = max(0.0, self.clock.left)
        urgent = left <= URGENT_SECONDS
        r = lay.px(20)
        cx = x + (r if not lay.mirror else -r)
        colour = INK_DIM if self.clock.held else RED if urgent else GOLD
        if urgent and not self.clock.held:
            grow = 1 + 0.12 * pulse(left)
            r = round(r * grow)
        pygame.draw.circle(surface, (10, 40, 26), (round(cx), round(y)), r)
        frac = left / limit
        rect = pygame.Rect(0, 0, r * 2, r * 2)
        rect.center = (round(cx), round(y))
        if frac > 0:
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, max(3, lay.px(4)))
        text.draw(surface, str(math.ceil(left)), lay.font(15), colour, (cx, y), bold=True)

    def draw_log(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        lines = self.model.log_lines[-3:]  # the whole hand's log is a view of its own
        if not lines:
            return
        size = lay.font(14)
        right = lay.stock_lx - lay.cw * 0.5 - lay.px(24)
        maxw = round(right - lay.margin)
        y = lay.pile_y - lay.ch / 2 + lay.px(10)
        n = len(lines)
        for i, line in enumerate(lines):
            colour = INK if i == n - 1 else INK_DIM
            text.draw(surface, line, size, colour, (lay.mx(right), y + i * size * 1.45), lay.anchor("midright"),
                      max_width=maxw)

    def draw_drag(self, surface: pygame.Surface, visible: set[Card]) -> None:
        d = self.model.drag
        if d is None:
            return
        table = self.host.table
        x, y = d.pos
        discard = self.model.state.discard
        if d.kind == "card" and d.card is not None:
            table.draw_card(surface, d.card, x, y, 1.0, True, visible, lift=1.0)
        elif d.kind == "discard" and discard:
            table.draw_card(surface, discard[-1], x, y, 1.0, True, visible, lift=1.0)
        else:
            table.draw_card(surface, Card(0), x, y, 1.0, False, set(), lift=1.0)
