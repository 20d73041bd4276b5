"""Card backs, drawn by the game: a white border round a patterned field, at twice the size, then scaled.

``paint`` touches no display and no font, so it may run on a worker thread.  The translation key of
a back's name is ``settings.card_back.<name>``.
"""
from __future__ import annotations

import math

import pygame

from game.app.shell.vocab import CARD_BACKS

BACKS = CARD_BACKS

# field, pattern lines, accents
SCHEMES = {
    "blue": ((24, 52, 128), (112, 146, 222), (200, 214, 246)),
    "red": ((138, 20, 34), (222, 112, 116), (246, 204, 204)),
    "green": ((16, 84, 56), (34, 116, 78), (222, 196, 120)),
}
BORDER = (250, 250, 247)
EDGE = (88, 88, 98)
EDGE_HC = (0, 0, 0)


def label_key(name: str) -> str:
    return "settings.card_back." + name


def paint(w: int, h: int, name: str, high_contrast: bool = False) -> pygame.Surface:
    """The back called ``name`` (an unknown name paints the first one) at ``w`` by ``h``."""
    if name not in SCHEMES:
        name = BACKS[0]
    field, line, accent = SCHEMES[name]
    W, H = w * 2, h * 2
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    r = max(3, w // 12) * 2
    edge_w = 4 if high_contrast else 2
    pygame.draw.rect(big, EDGE_HC if high_contrast else EDGE, big.get_rect(), border_radius=r)
    pygame.draw.rect(big, BORDER, big.get_rect().inflate(-edge_w * 2, -edge_w * 2), border_radius=r - edge_w)
    margin = max(4, round(w * 0.13))
    inner = big.get_rect().inflate(-margin * 2, -margin * 2)
    ir = max(2, r // 2)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(field)
    if name == "green":
        _diamonds(pattern, w, field, line, accent)
    else:
        _lattice(pattern, w, field, line, accent)
    # a frame line inside the field, then the field's rounded corners
    inset = max(3, round(w * 0.07))
    pygame.draw.rect(pattern, accent, pattern.get_rect().inflate(-inset * 2, -inset * 2), max(1, round(w / 40)),
                     border_radius=max(1, ir - inset // 2))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=ir)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, inner)
    return pygame.transform.smoothscale(big, (w, h))


def _lattice(surf: pygame.Surface, w: int, field, line, accent) -> None:
    """The classic back: a fine diagonal lattice with a dot in every cell, a medallion in the middle."""
    W, H = surf.get_size()
    step = max(6, round(w * 0.17))  # at twice the size
    lw = max(1, round(w / 45))
    cx, cy = W / 2, H / 2
    for k in range(-H - step, W + H + step, step):
        x = k + (cx % step)
        pygame.draw.line(surf, line, (x, 0), (x + H, H), lw)
        pygame.draw.line(surf, line, (x, 0), (x - H, H), lw)
    dot = max(1, round(w / 34))
    for j in range(-1, H // step + 2):
        for i in range(-1, W // step + 2):
            x = cx + (i - W // step // 2) * step
            y = cy + (j - H // step // 2) * step + step / 2
            pygame.draw.circle(surf, accent, (round(x), round(y)), dot)
    # the medallion: a ring with a four-pointed star
    rad = round(min(W, H) * 0.2)
    pygame.draw.circle(surf, field, (round(cx), round(cy)), rad + lw * 2)
    pygame.draw.circle(surf, accent, (round(cx), round(cy)), rad, max(1, lw * 2))
    pygame.draw.circle(surf, line, (round(cx), round(cy)), round(rad * 0.78), max(1, lw))
    pts = []
    for i in range(8):
        a = math.pi / 4 * i - math.pi / 2
        rr = rad * (0.66 if i % 2 == 0 else 0.2)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, accent, pts)


def _diamonds(surf: pygame.Surface, w: int, field, line, accent) -> None:
    """Harlequin diamonds in two greens, crossed by thin gold lines, a gold diamond in the middle."""
    W, H = surf.get_size()
    dx = max(6, round(w * 0.2))
    dy = round(dx * 1.35)
    cx, cy = W / 2, H / 2
    nx, ny = W // dx + 3, H // dy + 3
    for j in range(-ny, ny + 1):
        for i in range(-nx, nx + 1):
            if i % 2 or j % 2:
                continue  # diamonds centred on this lattice tile the plane; these ones are left in the field
            x, y = cx + i * dx / 2, cy + j * dy / 2
            pygame.draw.polygon(surf, line, [(x, y - dy / 2), (x + dx / 2, y), (x, y + dy / 2), (x - dx / 2, y)])
    lw = max(1, round(w / 60))
    run = H * dx / dy  # how far a line through the diamonds' centres moves across over the height
    for m in range(-nx - 2, nx + 3):
        x0 = cx + m * dx
        pygame.draw.line(surf, accent, (x0 - run, cy - H), (x0 + run, cy + H), lw)
        pygame.draw.line(surf, accent, (x0 + run, cy - H), (x0 - run, cy + H), lw)
    # the centre: a gold diamond on the field colour
    rx, ry = W * 0.2, H * 0.17
    outer = [(cx, cy - ry * 1.25), (cx + rx * 1.25, cy), (cx, cy + ry * 1.25), (cx - rx * 1.25, cy)]
    pygame.draw.polygon(surf, field, outer)
    pygame.draw.polygon(surf, accent, outer, max(1, lw * 2))
    inner = [(cx, cy - ry * 0.8), (cx + rx * 0.8, cy), (cx, cy + ry * 0.8), (cx - rx * 0.8, cy)]
    pygame.draw.polygon(surf, accent, inner)
    core = [(cx, cy - ry * 0.35), (cx + rx * 0.35, cy), (cx, cy + ry * 0.35), (cx - rx * 0.35, cy)]
    pygame.draw.polygon(surf, field, core)
