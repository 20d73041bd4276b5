"""Cards drawn by the game at the exact size they are shown: corners, pips, face designs, backs.

Surfaces are cached per card, size and style, so a frame only blits.  ``draw_face`` is the only
place a card's face reaches the screen, which is what the hidden-hand checks rely on.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Card
from game.engine.cards import RANKS, SUIT_SYMBOLS

from . import text


@dataclass(frozen=True)
class CardStyle:
    four_colour: bool = False
    high_contrast: bool = False
    back: str = "blue"


PAPER = (250, 248, 240)
PAPER_HC = (255, 255, 255)
EDGE = (60, 60, 70)
RED = (200, 30, 40)
BLACK = (25, 25, 30)
FOUR = {0: (20, 120, 45), 1: (25, 80, 210), 2: (205, 25, 35), 3: (20, 20, 25)}
BACKS = {"blue": ((28, 62, 140), (70, 110, 200)), "red": ((140, 28, 40), (205, 80, 90))}

_cache: dict[tuple, pygame.Surface] = {}
_CACHE_LIMIT = 400


def suit_colour(suit: int, style: CardStyle) -> tuple[int, int, int]:
    if style.four_colour:
        return FOUR[suit]
    if style.high_contrast:
        return (215, 0, 0) if suit in (1, 2) else (0, 0, 0)
    return RED if suit in (1, 2) else BLACK


def rank_label(card: Card) -> str:
    r = RANKS[card.rank]
    return "10" if r == "T" else r


def _remember(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    if len(_cache) > _CACHE_LIMIT:
        _cache.clear()
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()  # the display's pixel format blits several times faster
    _cache[key] = surf
    return surf


def _radius(w: int) -> int:
    return max(3, w // 12)


def _blank(w: int, h: int, fill, edge, edge_w: int) -> pygame.Surface:
    """A rounded card shape with smooth edges (drawn at twice the size, then scaled down)."""
    key = ("blank", w, h, fill, edge, edge_w)
    if key in _cache:
        return _cache[key]
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    r = _radius(w) * 2
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-edge_w * 4, -edge_w * 4), border_radius=max(1, r - edge_w * 2))
    return _remember(key, pygame.transform.smoothscale(big, (w, h)))


def paper(w: int, h: int) -> pygame.Surface:
    """A plain card outline (the edges of a stack)."""
    return _blank(w, h, (232, 228, 215), EDGE, 1)


# pip positions in a unit box (x across, y down); lower-half pips are drawn upside down
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}


def face(card: Card, w: int, h: int, style: CardStyle = CardStyle()) -> pygame.Surface:
    key = ("face", int(card), w, h, style)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    hc = style.high_contrast
    surf = _blank(w, h, PAPER_HC if hc else PAPER, (0, 0, 0) if hc else EDGE, 2 if hc else 1).copy()
    colour = suit_colour(card.suit, style)
    sym = SUIT_SYMBOLS[card.suit]
    label = rank_label(card)
    # corners: rank over suit, top-left and (upside down) bottom-right
    rs = max(9, int(h * (0.2 if hc else 0.18)))
    ss = max(8, int(h * (0.15 if hc else 0.135)))
    pad = max(2, int(w * 0.05))
    corner = pygame.Surface((int(w * 0.25), rs + ss + 2), pygame.SRCALPHA)
    cw = corner.get_width()
    img = text.render(label, rs, colour, bold=True)
    if img.get_width() > cw:  # "10": narrow the glyphs rather than shrink them
        img = pygame.transform.smoothscale(img, (cw, img.get_height()))
    corner.blit(img, img.get_rect(midtop=(cw // 2, 0)))
    text.draw(corner, sym, ss, colour, (cw // 2, int(rs * 0.98)), "midtop")
    surf.blit(corner, (pad - int(w * 0.02), pad))
    surf.blit(pygame.transform.rotate(corner, 180), (w - pad - cw + int(w * 0.02), h - pad - corner.get_height()))
    # middle
    n = card.rank + 1
    box = pygame.Rect(int(w * 0.36), int(h * 0.19), int(w * 0.28), int(h * 0.62))
    if n == 1:
        size = int(w * 0.56)
        text.draw(surf, sym, size, colour, (w / 2, h / 2), "center")
    elif n <= 10:
        size = max(8, int(min(w * 0.21, h * 0.15)))
        pip = text.render(sym, size, colour)
        flipped = pygame.transform.rotate(pip, 180)
        for fx, fy in _PIPS[n]:
            x = box.left + fx * box.width
            y = box.top + fy * box.height
            img = flipped if fy > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(x), round(y))))
    else:
        _court(surf, card, w, h, colour, sym, hc)
    return _remember(key, surf)


def _court(surf, card: Card, w: int, h: int, colour, sym: str, hc: bool) -> None:
    """Jack, queen, king: a framed panel with a large letter between two suit marks."""
    panel = pygame.Rect(int(w * 0.28), int(h * 0.17), int(w * 0.44), int(h * 0.66))
    tint = tuple(int(255 - (255 - c) * 0.16) for c in colour)
    pygame.draw.rect(surf, tint, panel, border_radius=max(2, w // 20))
    pygame.draw.rect(surf, colour, panel, width=max(1, w // 45), border_radius=max(2, w // 20))
    letter = RANKS[card.rank]
    text.draw(surf, letter, int(h * 0.3), colour, panel.center, "center", bold=True)
    s = int(h * 0.11)
    text.draw(surf, sym, s, colour, (panel.centerx, panel.top + int(h * 0.02)), "midtop")
    mark = text.render(sym, s, colour)
    mark = pygame.transform.rotate(mark, 180)
    surf.blit(mark, mark.get_rect(midbottom=(panel.centerx, panel.bottom - int(h * 0.02))))


def back(w: int, h: int, style: CardStyle = CardStyle()) -> pygame.Surface:
    key = ("back", w, h, style.back, style.high_contrast)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    dark, light = BACKS.get(style.back, BACKS["blue"])
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    r = _radius(w) * 2
    pygame.draw.rect(big, (0, 0, 0) if style.high_contrast else EDGE, big.get_rect(), border_radius=r)
    pygame.draw.rect(big, (250, 250, 250), big.get_rect().inflate(-4, -4), border_radius=r - 2)
    inner = big.get_rect().inflate(-int(w * 0.16), -int(w * 0.16))
    pygame.draw.rect(big, dark, inner, border_radius=max(2, r // 2))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(8, int(w * 0.2))
    lw = max(1, w // 40)
    for k in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pattern, light, (k, 0), (k + inner.height, inner.height), lw)
        pygame.draw.line(pattern, light, (k, inner.height), (k + inner.height, 0), lw)
    pygame.draw.circle(pattern, light, (inner.width // 2, inner.height // 2), int(w * 0.32), lw * 2)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, r // 2))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, inner)
    return _remember(key, pygame.transform.smoothscale(big, (w, h)))


def shadow(w: int, h: int) -> pygame.Surface:
    key = ("shadow", w, h)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    pad = max(4, w // 10)
    s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 90), pygame.Rect(pad, pad, w, h), border_radius=_radius(w))
    s = pygame.transform.box_blur(s, max(2, pad // 2))
    return _remember(key, s)


def _blit_scaled(surface: pygame.Surface, img: pygame.Surface, center, xscale: float, scale: float) -> pygame.Rect:
    w, h = img.get_size()
    tw, th = max(1, round(w * abs(xscale) * scale)), max(1, round(h * scale))
    if (tw, th) != (w, h):
        img = pygame.transform.smoothscale(img, (tw, th))
    return surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def draw_face(surface: pygame.Surface, card: Card, center, w: int, h: int, style: CardStyle,
              xscale: float = 1.0, scale: float = 1.0) -> pygame.Rect:
    """Put ``card`` face up on ``surface`` (``xscale`` < 1 while it flips)."""
    return _blit_scaled(surface, face(card, w, h, style), center, xscale, scale)


def draw_back(surface: pygame.Surface, center, w: int, h: int, style: CardStyle,
              xscale: float = 1.0, scale: float = 1.0) -> pygame.Rect:
    return _blit_scaled(surface, back(w, h, style), center, xscale, scale)


def draw_shadow(surface: pygame.Surface, center, w: int, h: int, lift: float = 0.0,
                xscale: float = 1.0, scale: float = 1.0) -> None:
    s = shadow(w, h)
    if xscale != 1.0 or scale != 1.0:
        s = pygame.transform.scale(s, (max(1, round(s.get_width() * abs(xscale))), max(1, round(s.get_height() * scale))))
    off = max(1, round(w * (0.03 + lift * 0.08)))
    surface.blit(s, s.get_rect(center=(round(center[0]) + off, round(center[1]) + off * 2)))
