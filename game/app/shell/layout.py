"""Where things go on the table for a window size.

Two scales: ``s`` sizes the furniture (fonts, buttons, margins) from the window against 1280x720; the
cards follow the window's smaller side, as large as the player's hand of eleven still fits between
the name column and the buttons, so a big window shows big cards rather than an empty table.

Every x position goes through ``mx`` so the whole table can mirror for right-to-left languages.
"""
from __future__ import annotations

import pygame


class Layout:
    BASE = (1280, 720)

    def __init__(self, size: tuple[int, int], large_cards: bool = False, mirror: bool = False) -> None:
        w, h = max(320, size[0]), max(240, size[1])
        self.w, self.h = w, h
        self.mirror = mirror
        s = min(w / self.BASE[0], h / self.BASE[1])
        self.s = s
        self.large = large_cards
        self.margin = round(14 * s)
        self.col_w = round(170 * s)
        self.button_h = max(30, round(42 * s))
        self.top_bar = round(46 * s)
        self.cw = self.card_width(w, h, large_cards)
        self.ch = round(self.cw * 1.4)
        self.opp_scale = 0.72
        # the opponent's hand sits below the scoreboard's height, so its name label (left of it) is clear
        label = self.font(15)
        self.opp_y = max(self.top_bar + self.ch * self.opp_scale / 2 + 12 * s,
                         self.scoreboard_bottom + label * 1.45 + self.px(4))
        self.hand_y = h - round(48 * s) - self.ch / 2
        self.counter_y = h - round(22 * s)
        opp_bottom = self.opp_y + self.ch * self.opp_scale / 2
        hand_top = self.hand_y - self.ch / 2 - self.ch * 0.18
        self.pile_y = (opp_bottom + hand_top) / 2
        # the piles in reading order (stock first), unmirrored; stock_x/discard_x are where they are drawn
        self.stock_lx = w / 2 - self.cw * 0.75
        self.discard_lx = w / 2 + self.cw * 0.75
        self.stock_x = self.mx(self.stock_lx)
        self.discard_x = self.mx(self.discard_lx)
        self.lift = self.ch * 0.18

    # ------------------------------------------------------------------ card size

    SIDE_SHARE = 0.165  # card width as a share of the window's smaller side
    LARGE = 1.12  # the large card setting
    HAND_SPAN = (7.3, 6.5)  # card widths the eleven-card hand needs (normal, large: a tighter fan)
    MIN_CARD = 36
    CARD_STEP = 4  # card widths come in steps of this many pixels

    def card_width(self, w: int, h: int, large: bool) -> int:
        """Cards grow with the window's smaller side, bounded by the room for a hand of eleven between
        the name column and the buttons (the large setting fans the hand a little tighter)."""
        by_side = min(w, h) * self.SIDE_SHARE * (self.LARGE if large else 1.0)
        by_hand = self.hand_max_width / self.HAND_SPAN[1 if large else 0]
        # in steps of a few pixels: a window dragged a little keeps its painted cards
        return max(self.MIN_CARD, int(min(by_side, by_hand)) // self.CARD_STEP * self.CARD_STEP)

    @property
    def scoreboard_bottom(self) -> int:
        """The lower edge of the scoreboard in the top corner (three rows of ``font(16)``)."""
        return self.px(8) + round(self.font(16) * 1.55) * 3 + self.px(10)

    # ------------------------------------------------------------------ helpers

    def px(self, base: float) -> int:
        return max(1, round(base * self.s))

    def font(self, base: float) -> int:
        return max(11, round(base * self.s))

    def mx(self, x: float) -> float:
        return self.w - x if self.mirror else x

    def anchor(self, anchor: str) -> str:
        """Swap left and right in an anchor name when mirrored."""
        if not self.mirror:
            return anchor
        return anchor.replace("left", "\0").replace("right", "left").replace("\0", "right")

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect given by its left edge in unmirrored coordinates."""
        r = pygame.Rect(round(x), round(y), round(w), round(h))
        if self.mirror:
            r.x = self.w - r.right
        return r

    def card_rect(self, x: float, y: float, scale: float = 1.0) -> pygame.Rect:
        r = pygame.Rect(0, 0, round(self.cw * scale), round(self.ch * scale))
        r.center = (round(x), round(y))
        return r

    # ------------------------------------------------------------------ rows of cards

    def row_xs(self, n: int, gaps_before: list[bool], center_x: float, max_width: float,
               scale: float = 1.0, step_frac: float = 0.62, gap_frac: float = 0.28) -> list[float]:
        """Centres of ``n`` overlapping cards; ``gaps_before[i]`` opens a gap before card i."""
        if n == 0:
            return []
        cw = self.cw * scale
        gap = cw * gap_frac
        ngaps = sum(1 for i, g in enumerate(gaps_before) if g and i > 0)
        step = cw * step_frac
        width = cw + step * (n - 1) + gap * ngaps
        if width > max_width and n > 1:
            gap = min(gap, cw * 0.16)
            step = max(cw * 0.22, (max_width - cw - gap * ngaps) / (n - 1))
            width = cw + step * (n - 1) + gap * ngaps
        x = center_x - width / 2 + cw / 2
        xs = []
        for i in range(n):
            if i > 0:
                x += step + (gap if gaps_before[i] else 0)
            xs.append(self.mx(x))
        return xs

    @property
    def hand_max_width(self) -> float:
        return self.w - 2 * (self.col_w + self.margin * 2)

    @property
    def opp_max_width(self) -> float:
        return self.w * 0.5
