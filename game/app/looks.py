"""Shared looks: the felt, panels, chips and colours used by every scene and the HUD."""
from __future__ import annotations

import pygame

from . import felt as cloth
from . import text

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


_panels: dict[tuple, pygame.Surface] = {}


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=SOLID, border=GOLD, radius: int = 14,
          width: int = 2) -> None:
    key = (rect.size, colour, border, radius, width)
    s = _panels.get(key)
    if s is None:
        if len(_panels) > 40:
            _panels.clear()
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(s, border, s.get_rect(), width, border_radius=radius)
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        _panels[key] = s
    surface.blit(s, rect)


def veil(surface: pygame.Surface, alpha: int = 150) -> None:
    key = ("veil", surface.get_size(), alpha)
    s = _panels.get(key)
    if s is None:
        s = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        _panels[key] = s
    surface.blit(s, (0, 0))


def chip(surface: pygame.Surface, label: str, center, size: int, fill=GOLD, ink=(20, 20, 12)) -> pygame.Rect:
    """A small rounded tag (the dealer marker and similar)."""
    tw, th = text.measure(label, size, True)
    rect = pygame.Rect(0, 0, tw + size, round(th * 1.35))
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, (40, 30, 10), rect, 1, border_radius=rect.height // 2)
    text.draw(surface, label, size, ink, rect.center, bold=True)
    return rect
