"""Shared looks: the felt, panels, ribbons, chips and colours used by every scene and the HUD.

Panels and ribbons are drawn once per size and kept in the shared byte-bounded cache, so a window
resized many times keeps only what it still shows."""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.looks import felt as cloth
from game.app.looks.surfcache import CACHE

FELT = (22, 92, 58)
FELT_DARK = (12, 56, 34)
INK = (242, 238, 223)
INK_DIM = (190, 205, 192)
GOLD = (226, 195, 92)
RED = (225, 80, 70)
PANEL = (8, 28, 18, 215)  # see-through: the scoreboard over the felt
SOLID = (8, 28, 18, 255)  # every box a player reads: nothing below may show through it
MELD_COLOURS = ((226, 195, 92), (110, 190, 255), (240, 130, 200), (140, 230, 140))

def felt(size: tuple[int, int], dark: bool = False) -> pygame.Surface:
    """The table cloth the player chose, with its texture and light (built once per size)."""
    return cloth.surface(size, dark=dark)


def _keep(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return CACHE.put(key, surf)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=SOLID, border=GOLD, radius: int = 14,
          width: int = 2) -> None:
    key = ("panel", rect.size, colour, border, radius, width)
    s = CACHE.get(key)
    if s is None:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(s, border, s.get_rect(), width, border_radius=radius)
        s = _keep(key, s)
    surface.blit(s, rect)


def veil(surface: pygame.Surface, alpha: int = 150) -> None:
    key = ("veil", surface.get_size(), alpha)
    s = CACHE.get(key)
    if s is None:
        s = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        s = _keep(key, s)
    surface.blit(s, (0, 0))


def ribbon(size: tuple[int, int], colour=(6, 22, 14), line=GOLD) -> pygame.Surface:
    """A band across the table for a banner: dark in the middle, fading out toward both ends, with thin
    gold lines along its edges.  The surface is shared: set its alpha before each blit.

    One ribbon is kept per width: a banner that grows asks for a new height every frame, and keeping
    each would push everything else (the faces the next deal needs) out of the cache."""
    w, h = max(2, int(size[0])), max(2, int(size[1]))
    key = ("ribbon", w, colour, line)
    s = CACHE.get(key)
    if s is not None and s.get_height() == h:
        return s
    # the fade as a small strip scaled up: cheap at any width
    strip = pygame.Surface((64, 1), pygame.SRCALPHA)
    for x in range(64):
        d = abs(x - 31.5) / 32
        strip.set_at((x, 0), (*colour, round(225 * (1 - d ** 3))))
    s = pygame.transform.smoothscale(strip, (w, h))
    edge = pygame.Surface((64, 1), pygame.SRCALPHA)
    for x in range(64):
        d = abs(x - 31.5) / 32
        edge.set_at((x, 0), (*line, round(255 * (1 - d ** 2))))
    thick = max(1, h // 40)
    edge = pygame.transform.smoothscale(edge, (w, thick))
    s.blit(edge, (0, 0))
    s.blit(edge, (0, h - thick))
    return _keep(key, s)


def chip(surface: pygame.Surface, label: str, center, size: int, fill=GOLD, ink=(20, 20, 12)) -> pygame.Rect:
    """A small rounded tag (the dealer marker and similar)."""
    tw, th = text.measure(label, size, True)
    rect = pygame.Rect(0, 0, tw + size, round(th * 1.35))
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, (40, 30, 10), rect, 1, border_radius=rect.height // 2)
    text.draw(surface, label, size, ink, rect.center, bold=True)
    return rect
