"""Where everything goes on a card face of a given size: indices, pips, the ace, the court picture.

Pure geometry (rectangles only), so the tests can check that nothing touches the corner indices at any
size, and the painter can run it on any thread.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

COURT_CROP = (0.1295, 0.0898, 0.8700, 0.9106)  # the framed picture, without the art's own corner marks
ART_W, ART_H = 167.087, 242.667  # the art files' own size (their proportions)
COURT_ASPECT = ART_W * (COURT_CROP[2] - COURT_CROP[0]) / (ART_H * (COURT_CROP[3] - COURT_CROP[1]))
STRETCH = 1.1  # how much taller than drawn a court picture may be shown


# --- geometry -------------------------------------------------------------------------------------

# pip centres: column -1 / 0 / 1 (left, middle, right), row from 0 (top row) to 1 (bottom row)
PIPS = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1),
         (1, 1)),
}


@dataclass(frozen=True)
class FaceLayout:
    """Every rectangle of one face design at one card size (top-left corner index; the other is the
    same turned half a turn about the card's centre)."""

    w: int
    h: int
    face: str
    high_contrast: bool
    rank_h: int  # height of a capital in the corner index
    rank_box: pygame.Rect  # the rank (room below the line for the tail of a Q and the hook of a J)
    suit_box: pygame.Rect  # the corner suit, under the rank
    pip: int  # side of a pip's square
    cols: tuple[int, int, int]  # pip column centres
    rows: tuple[int, int]  # centres of the top and bottom pip rows
    ace: pygame.Rect  # an ace's centre suit
    picture: pygame.Rect  # a court card's picture: its frame, notched round the corner indices
    notch: pygame.Rect  # the top-left notch (the bottom-right one is it turned); may be empty
    panel: pygame.Rect  # the framed letter (large print, and a court card before its picture is ready)
    letter_h: int  # capital height of the framed letter (large print and the quick court)
    edge_w: int
    radius: int

    @property
    def index(self) -> pygame.Rect:
        """The top-left corner index as one rectangle."""
        return self.rank_box.union(self.suit_box)

    def turned(self, r: pygame.Rect) -> pygame.Rect:
        """``r`` turned half a turn about the card's centre."""
        return pygame.Rect(self.w - r.right, self.h - r.bottom, r.w, r.h)

    def index_rects(self) -> list[pygame.Rect]:
        return [self.rank_box, self.suit_box, self.turned(self.rank_box), self.turned(self.suit_box)]

    def pip_rects(self, n: int) -> list[tuple[pygame.Rect, bool]]:
        """The ``n`` pips of a 2 to 10 as (square, upside down); the lower half is the upper half
        turned, to the pixel."""
        return [(self._pip(col, fy), fy > 0.5) for col, fy in PIPS[n]]

    def _pip(self, col: int, fy: float) -> pygame.Rect:
        if fy > 0.5:
            return self.turned(self._pip(-col, 1 - fy))
        if col == 1:
            r = self._pip(-1, fy)
            return pygame.Rect(self.w - r.right, r.y, r.w, r.h)
        top, bottom = self.rows
        r = pygame.Rect(0, 0, self.pip, self.pip)
        r.center = (self.cols[col + 1], round(top + (bottom - top) * fy))
        if col == 0:
            r.x = (self.w - self.pip) // 2
        if fy == 0.5:
            r.y = (self.h - self.pip) // 2
        return r

    def centre_rects(self, rank: int) -> list[pygame.Rect]:
        """What the middle of a card of ``rank`` (0 = ace) covers."""
        if rank == 0:
            return [self.ace]
        if rank <= 9:
            return [r for r, _ in self.pip_rects(rank + 1)]
        return self.picture_rects() + [self.panel]

    def picture_rects(self) -> list[pygame.Rect]:
        """The notched picture as three rectangles: beside the top notch, the middle, beside the bottom one."""
        p, n = self.picture, self.notch
        if n.w <= 0 or n.h <= 0:
            return [p]
        top = pygame.Rect(n.right, p.top, p.right - n.right, n.h)
        middle = pygame.Rect(p.left, n.bottom, p.w, p.h - 2 * n.h)
        return [top, middle, self.turned(top)]


@lru_cache(maxsize=256)
def layout(w: int, h: int, face: str = "classic", high_contrast: bool = False) -> FaceLayout:
    large = face == "large_print"
    pad_x = max(2, round(w * 0.04))
    pad_y = max(2, round(h * 0.035))
    rank_h = max(7, round(h * (0.145 if large else 0.108) * (1.06 if high_contrast else 1.0)))
    col_w = round(rank_h * 1.05)
    rank_box = pygame.Rect(pad_x, pad_y, col_w, round(rank_h * 1.2))
    suit_s = max(5, round(rank_h * (0.8 if large else 0.86)))
    suit_box = pygame.Rect(0, rank_box.bottom + max(1, round(rank_h * 0.04)), suit_s, suit_s)
    suit_box.centerx = rank_box.centerx
    index = rank_box.union(suit_box)
    gap = max(2, round(w * 0.03))
    # pips: the side columns stay clear of the indices; the middle column clears the side columns
    inner = w - 2 * (index.right + gap)  # the width between the two index columns
    g = max(1, round(w * 0.02))
    pip = max(1, min(round(w * (0.17 if large else 0.19)), (inner - 2 * g) // 3))
    left = index.right + gap + (pip + 1) // 2
    cols = (left, w // 2, w - left)
    top = max(round(h * (0.2 if large else 0.175)), pad_y + pip // 2 + 1)
    rows = (top, h - top)
    # an ace: large, clear of the indices side to side or top to bottom
    room_x = w - 2 * (index.right + gap)
    room_y = h - 2 * (index.bottom + gap)
    side = max(1, min(round(w * (0.5 if large else 0.62)), max(room_x, room_y)))
    ace = pygame.Rect(0, 0, side, side)
    ace.center = (w // 2, h // 2)
    # a framed letter (large print; a court card until its picture is ready): between the index columns
    pw = max(2, inner)
    ph = min(h - 2 * pad_y, round(pw / COURT_ASPECT * STRETCH))
    panel = pygame.Rect(0, 0, pw, ph)
    panel.center = (w // 2, h // 2)
    # a court picture: as tall as the card allows, notched round the indices where they reach into it
    margin_y = max(2, round(h * 0.055))
    ph = h - 2 * margin_y
    pw = min(w - 2 * pad_x, round(ph * COURT_ASPECT / STRETCH))
    picture = pygame.Rect((w - pw) // 2, margin_y, pw, ph)
    notch = pygame.Rect(picture.left, picture.top, max(0, index.right + gap - picture.left),
                        max(0, index.bottom + gap - picture.top))
    letter_h = max(7, round(min(panel.w * 0.62, panel.h * 0.3)))
    edge_w = 2 if high_contrast else 1
    return FaceLayout(w, h, face, high_contrast, rank_h, rank_box, suit_box, pip, cols, rows, ace, picture,
                      notch, panel, letter_h, edge_w, max(3, w // 12))
