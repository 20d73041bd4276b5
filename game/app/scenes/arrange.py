"""Laying out a knock by hand, as at a real table: the knocker moves cards between melds and deadwood
before confirming, the defender picks which cards to lay off onto the knocker's melds.

The engine alone judges a layout (``why_illegal`` on the knock that carries it); this overlay words its
refusal.  The engine's best layout is what the overlay opens with, and one key (B) away.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS, RED, panel, veil
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import (
    Card,
    IllegalAction,
    IllegalReason,
    Knock,
    cards_of,
    deadwood,
    knocker_melds,
    layoffs,
    mask_of,
)

NEW, DEADWOOD = "new", "deadwood"


@dataclass
class KnockLayout:
    """What the overlay edits: the knocker's kept cards in melds, or the defender's chosen layoffs."""

    knock: Knock
    kept: list[Card]  # the knocker's cards after the throw
    limit: int = 10  # the knock limit of the hand
    defender: list[Card] = field(default_factory=list)  # set only when the defender is choosing
    melds: list[list[Card]] = field(default_factory=list)
    chosen: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.knock.melds is not None:
            self.melds = [list(m) for m in self.knock.melds]
        else:
            self.melds = [cards_of(m) for m in knocker_melds(mask_of(self.kept), Knock(self.knock.card))]
        if self.defending:
            self.best()

    @property
    def defending(self) -> bool:
        return bool(self.defender)

    def best(self) -> None:
        """The engine's layout: its melds for the knocker, every card that fits for the defender."""
        if self.defending:
            spots = layoffs([mask_of(m) for m in self.melds], mask_of(self.defender))
            self.chosen = [Card(c) for c, _ in spots]
        else:
            self.melds = [cards_of(m) for m in knocker_melds(mask_of(self.kept), Knock(self.knock.card))]

    @property
    def deadwood(self) -> list[Card]:
        used = {c for m in self.melds for c in m}
        return [c for c in self.kept if c not in used]

    def can_lay_off(self) -> set[Card]:
        spots = layoffs([mask_of(m) for m in self.melds], mask_of(self.defender))
        return {Card(c) for c, _ in spots}

    def move(self, card: Card, to: int | str) -> None:
        """The knocker moves ``card`` into meld ``to``, a new meld, or the deadwood."""
        for m in self.melds:
            if card in m:
                m.remove(card)
        if to == NEW:
            self.melds.append([card])
        elif isinstance(to, int) and 0 <= to < len(self.melds):
            self.melds[to].append(card)
            self.melds[to].sort(key=lambda c: (c.rank, c.suit))
        self.melds = [m for m in self.melds if m]

    def toggle(self, card: Card) -> None:
        if card in self.chosen:
            self.chosen.remove(card)
        elif card in self.defender:
            self.chosen.append(card)

    def action(self) -> Knock:
        melds = tuple(tuple(m) for m in self.melds)
        if self.defending:
            return Knock(self.knock.card, self.knock.melds, tuple(self.chosen))
        return Knock(self.knock.card, melds, None)


def arrangement_refusal(error: IllegalAction) -> str:
    """The refused layout in words, from the engine's reason."""
    p = error.params
    card = p.get("card")
    symbol = card.symbol if isinstance(card, Card) else ""
    reason = error.reason
    if reason is IllegalReason.MELD_NOT_VALID:
        meld = p.get("meld")
        shown = " ".join(c.symbol for c in meld) if isinstance(meld, tuple) else ""
        return tr("arrange.why.not_a_meld", meld=shown)
    if reason is IllegalReason.ARRANGEMENT_TOO_MUCH_DEADWOOD:
        return tr("arrange.why.deadwood", n=p.get("deadwood"), limit=p.get("limit"))
    if reason is IllegalReason.LAYOFF_NO_PLACE:
        return tr("arrange.why.no_place", card=symbol)
    if reason is IllegalReason.LAYOFF_AFTER_GIN:
        return tr("arrange.why.gin")
    if reason in (IllegalReason.MELD_CARD_TWICE, IllegalReason.LAYOFF_CARD_TWICE):
        return tr("arrange.why.twice", card=symbol)
    return tr("arrange.why.not_yours", card=symbol)


class ArrangeScene(Scene):
    """The knock laid out by hand over the table; ``check`` is the engine's question, ``done`` plays it."""

    name = "arrange"
    opaque = False

    def __init__(self, app: Host, layout: KnockLayout, check: Callable[[Knock], IllegalAction | None],
                 done: Callable[[Knock], None]) -> None:
        super().__init__(app)
        self.layout = layout
        self.check = check
        self.done = done
        self.selected: Card | None = None
        self.message = ""

    # ------------------------------------------------------------------ geometry

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(900))
        h = min(lay.h - 2 * lay.margin, lay.px(640))
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def rows(self) -> list[tuple[int | str, pygame.Rect]]:
        """Each row's key (a meld's index, ``new`` or ``deadwood``; the defender's hand is ``deadwood``)
        and its box, top to bottom between the title and the buttons."""
        lay = self.app.layout
        r = self.panel_rect()
        keys: list[int | str] = list(range(len(self.layout.melds)))
        keys += [DEADWOOD] if self.layout.defending else [NEW, DEADWOOD]
        top = r.top + lay.px(20) + round(lay.font(20) * 1.4) + self.help_height() + lay.px(4)
        bottom = r.bottom - round(lay.button_h * 1.1) - lay.px(24) - round(lay.font(15) * 1.5)
        step = (bottom - top) / max(1, len(keys))
        return [(k, pygame.Rect(r.left + lay.px(16), round(top + i * step), r.width - lay.px(32),
                                round(step) - lay.px(4))) for i, k in enumerate(keys)]

    def help_text(self) -> str:
        return tr("arrange.help_defend" if self.layout.defending else "arrange.help")

    def help_height(self) -> int:
        size = self.app.layout.font(15)
        lines = len(text.wrap(self.help_text(), size, self.panel_rect().width - self.app.layout.px(48)))
        return round(lines * size * 1.25)

    def row_cards(self, key: int | str) -> list[Card]:
        if isinstance(key, int):
            return self.layout.melds[key]
        if key == DEADWOOD:
            return self.layout.defender if self.layout.defending else self.layout.deadwood
        return []

    def card_size(self, row: pygame.Rect) -> tuple[int, int]:
        """As large as the rows allow, and small enough that the longest row needs no overlap."""
        lay = self.app.layout
        most = max([3, len(self.layout.deadwood), len(self.layout.defender)] + [len(m) for m in self.layout.melds])
        room = row.width - self.label_width() - lay.px(24) - (most - 1) * lay.px(6)
        ch = min(lay.ch, row.height - lay.px(16), int(room / most * 1.4))
        return round(ch / 1.4), ch

    def card_spots(self, key: int | str, row: pygame.Rect) -> list[tuple[Card, pygame.Rect]]:
        """Where each card of the row lies: after the row's words, in reading order."""
        lay = self.app.layout
        cw, ch = self.card_size(row)
        label = self.label_width()
        cards = self.row_cards(key)
        room = row.width - label - lay.px(12) - cw
        step = min(cw + lay.px(6), room / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        spots = []
        for i, c in enumerate(cards):
            x = row.left + label + lay.px(12) + i * step
            rect = pygame.Rect(round(x), row.centery - ch // 2, cw, ch)
            if lay.mirror:
                rect.x = row.left + row.right - rect.right
            spots.append((c, rect))
        return spots

    def label_width(self) -> int:
        lay = self.app.layout
        return min(lay.px(190), round(self.panel_rect().width * 0.24))

    def row_label(self, key: int | str) -> str:
        if isinstance(key, int):
            return tr("arrange.their_meld" if self.layout.defending else "arrange.meld", n=key + 1)
        if key == NEW:
            return tr("arrange.new_meld")
        if self.layout.defending:
            return tr("arrange.your_cards")
        return tr("arrange.deadwood", n=sum(c.value for c in self.layout.deadwood))

    # ------------------------------------------------------------------ widgets and input

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bh, gap = round(lay.button_h * 1.1), lay.px(12)
        keys = ("button.confirm_layout", "button.best_layout", "button.cancel")
        n = 2 if self.layout.defending else 3  # the other's knock is played: the defender cannot take it back
        bw = min((r.width - 2 * lay.px(24) - 2 * gap) // 3,
                 max([lay.col_w] + [label_width(lay, tr(k), ("@primary", "button")) for k in keys]))
        y = r.bottom - bh - lay.px(16)
        x0 = lay.w / 2 - (n * bw + (n - 1) * gap) / 2
        self.button(lay.rect(x0, y, bw, bh), keys[0], "#arrange_confirm", self.confirm, class_id="@primary")
        self.button(lay.rect(x0 + bw + gap, y, bw, bh), keys[1], "#arrange_best", self.best, class_id="@tool")
        if n == 3:
            self.button(lay.rect(x0 + 2 * (bw + gap), y, bw, bh), keys[2], "#arrange_cancel", self.cancel,
                        class_id="@tool")

    def best(self) -> None:
        self.layout.best()
        self.selected = None
        self.message = ""

    def cancel(self) -> None:
        self.app.pop(self)

    def confirm(self) -> None:
        action = self.layout.action()
        error = self.check(action)
        if error is not None:
            self.message = arrangement_refusal(error)
            return
        self.app.pop(self)
        self.done(action)

    def click(self, pos: tuple[int, int]) -> None:
        """A card picks it up (the defender: chooses or drops it); a row then takes the card picked up."""
        for key, row in self.rows():
            for card, rect in reversed(self.card_spots(key, row)):
                if rect.collidepoint(pos):
                    self.message = ""
                    if self.layout.defending:
                        self.layout.toggle(card)
                    else:
                        self.selected = None if self.selected == card else card
                    return
            if row.collidepoint(pos) and self.selected is not None:
                self.layout.move(self.selected, key)
                self.selected = None
                self.message = ""
                return

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            elif event.key == pygame.K_b:
                self.best()
            elif event.key == pygame.K_ESCAPE and not self.layout.defending:
                self.cancel()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface, 150)
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        inner = r.width - lay.px(48)
        title = "arrange.title_defend" if self.layout.defending else "arrange.title"
        y = r.top + lay.px(20)
        text.draw(surface, tr(title, card=self.layout.knock.card.symbol), lay.font(20), GOLD, (r.centerx, y),
                  anchor="midtop", bold=True, max_width=inner)
        text.draw_wrapped(surface, self.help_text(), lay.font(15), INK_DIM,
                          pygame.Rect(r.left + lay.px(24), y + round(lay.font(20) * 1.4), inner, self.help_height()),
                          align="center")
        can = self.layout.can_lay_off() if self.layout.defending else set()
        for key, row in self.rows():
            self.draw_row(surface, key, row, can)
        status = self.message or self.status()
        text.draw(surface, status, lay.font(15), RED if self.message else INK,
                  (r.centerx, r.bottom - round(lay.button_h * 1.1) - lay.px(22)), anchor="midbottom",
                  bold=bool(self.message), max_width=inner)

    def status(self) -> str:
        if self.layout.defending:
            left = deadwood(c for c in self.layout.defender if c not in self.layout.chosen)
            return tr("arrange.after_layoffs", n=left)
        return tr("arrange.limit", n=sum(c.value for c in self.layout.deadwood), limit=self.layout.limit)

    def draw_row(self, surface: pygame.Surface, key: int | str, row: pygame.Rect, can: set[Card]) -> None:
        lay = self.app.layout
        colour = MELD_COLOURS[key % len(MELD_COLOURS)] if isinstance(key, int) else INK_DIM
        pygame.draw.rect(surface, colour, row, width=max(1, lay.px(1)), border_radius=lay.px(8))
        size, width = lay.font(15), self.label_width() - lay.px(8)
        label = self.row_label(key)
        lines = len(text.wrap(label, size, width, bold=isinstance(key, int)))
        box = pygame.Rect(0, round(row.centery - lines * size * 1.25 / 2), width, row.height)
        box.left = row.right - lay.px(8) - width if lay.mirror else row.left + lay.px(10)
        text.draw_wrapped(surface, label, size, colour, box, bold=isinstance(key, int))
        style = self.app.card_style
        for card, rect in self.card_spots(key, row):
            lifted = card == self.selected or card in self.layout.chosen
            spot = rect.move(0, -lay.px(8)) if lifted else rect
            surface.blit(cardart.face(card, rect.width, rect.height, style), spot)
            if self.layout.defending and key == DEADWOOD and card not in can:
                veil_card = pygame.Surface(spot.size, pygame.SRCALPHA)
                veil_card.fill((0, 0, 0, 140))
                surface.blit(veil_card, spot)
            if lifted:
                pygame.draw.rect(surface, GOLD, spot, width=max(2, lay.px(3)), border_radius=lay.px(6))
