"""The table cloth: a coloured felt with a fine grain, soft clouding and a vignette, built per window size.

Fast to build at any size: the grain is one small noise tile laid side by side, the clouding and the
vignette one small shade map scaled up and multiplied in.  Surfaces live in the shared byte-bounded
cache, so a window resized many times keeps only the felts of the sizes it still shows.  The
translation key of a felt's name is ``settings.felt.<name>``.
"""
from __future__ import annotations

import random
from statistics import NormalDist

import pygame

from game.app.looks.surfcache import CACHE
from game.app.shell.vocab import FELTS as vocab_felts

FELTS = vocab_felts
COLOURS = {"green": (28, 112, 70), "blue": (26, 82, 134), "burgundy": (124, 32, 48)}
DARK = 0.6  # the dark felt behind menus and panels, as a share of the light one

TILE = 256  # side of the grain tile
GRAIN = 4.0  # spread of the grain, in colour levels
SHADE = (64, 40)  # the shade map's size before it is scaled up
EDGE_DARK = 0.5  # what is left of the colour in the far corners
CLOUD = 0.05  # depth of the soft clouding

_current: str = FELTS[0]


def choose(name: str) -> None:
    """The felt ``surface`` draws when it is not given a name (an unknown name: the first felt)."""
    global _current
    _current = name if name in COLOURS else FELTS[0]


def current() -> str:
    return _current


def label_key(name: str) -> str:
    return "settings.felt." + name


def colour(name: str | None = None, dark: bool = False) -> tuple[int, int, int]:
    """The felt's colour in the middle of the table."""
    base = COLOURS.get(name or _current, COLOURS[FELTS[0]])
    if not dark:
        return base
    r, g, b = base
    return round(r * DARK), round(g * DARK), round(b * DARK)


def surface(size: tuple[int, int], name: str | None = None, dark: bool = False) -> pygame.Surface:
    """The felt ``name`` (None: the chosen one) covering ``size``; cached."""
    name = name if name in COLOURS else _current
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = ("felt", name, dark, w, h)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    CACHE.reserve("felt", 2 * w * h * 4)  # the light and the dark felt of the window's size
    return CACHE.put(key, build((w, h), name, dark))


def build(size: tuple[int, int], name: str, dark: bool = False) -> pygame.Surface:
    """A new felt surface (not cached).

    Built in place, in the display's pixel format when there is a display: the shade map is scaled
    straight into the new surface and the grain tiles are multiplied over it (the same pixels as grain
    times shade, since the multiply blend is symmetric), so a big window's felt takes no second
    window-sized surface on the way."""
    w, h = size
    display = pygame.display.get_surface()
    surf = pygame.Surface((w, h), 0, display) if display is not None else pygame.Surface((w, h))
    pygame.transform.smoothscale(_shade(name, w / h).convert(surf), (w, h), surf)
    tile = _tile(name, dark).convert(surf)  # one pixel format: plain copies
    for y in range(0, h, TILE):
        for x in range(0, w, TILE):
            surf.blit(tile, (x, y), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def preview(name: str, size: tuple[int, int] = (96, 60), dark: bool = False) -> pygame.Surface:
    """A small rounded swatch of the felt ``name`` for a settings screen (cached)."""
    w, h = max(4, int(size[0])), max(4, int(size[1]))
    key = ("felt-preview", name, dark, w, h)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    cloth = build((w, h), name if name in COLOURS else FELTS[0], dark)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, min(w, h) // 8)
    pygame.draw.rect(surf, (255, 255, 255, 255), surf.get_rect(), border_radius=radius)
    surf.blit(cloth, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(surf, (0, 0, 0, 110), surf.get_rect(), max(1, min(w, h) // 40), border_radius=radius)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return CACHE.put(key, surf)


def _tile(name: str, dark: bool) -> pygame.Surface:
    """The base colour with a fine random grain; its pixels are independent, so tiles meet unseen."""
    key = ("felt-tile", name, dark)
    tile = CACHE.get(key)
    if tile is not None:
        return tile
    base = colour(name, dark)
    rng = random.Random(f"felt-{name}")
    noise = rng.randbytes(TILE * TILE)
    normal = NormalDist()
    deltas = [normal.inv_cdf((n + 0.5) / 256) * GRAIN for n in range(256)]
    pixels = bytearray(TILE * TILE * 3)
    for i, c in enumerate(base):
        # brighter channels move a little more, so the grain stays the felt's own colour
        k = 0.6 + 0.4 * c / max(base)
        table = bytes(max(0, min(255, round(c + d * k))) for d in deltas)
        pixels[i::3] = noise.translate(table)
    tile = pygame.image.frombytes(bytes(pixels), (TILE, TILE), "RGB")
    return CACHE.put(key, tile, lasting=True)


def _shade(name: str, aspect: float) -> pygame.Surface:
    """A small map of how much light each part of the cloth gets: clouding times a vignette."""
    sw, sh = SHADE
    aspect = round(aspect * 20) / 20  # near aspects share one map
    key = ("felt-shade", name, aspect)
    shade = CACHE.get(key)
    if shade is not None:
        return shade
    rng = random.Random(f"shade-{name}")
    # clouds: a coarse noise, smoothed by scaling a tiny grid up to the map's size
    coarse = pygame.Surface((9, 6))
    for y in range(6):
        for x in range(9):
            v = rng.randint(0, 255)
            coarse.set_at((x, y), (v, v, v))
    clouds = pygame.transform.smoothscale(coarse, (sw, sh))
    pixels = bytearray(sw * sh * 3)
    ax = min(1.0, aspect / 1.6)  # a wide window darkens less at its sides than at its top and bottom
    for y in range(sh):
        dy = (y + 0.5) / sh * 2 - 1
        for x in range(sw):
            dx = ((x + 0.5) / sw * 2 - 1) * ax
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.35)
            fall = d * d * (3 - 2 * d)  # smoothstep
            light = 1.0 - (1.0 - EDGE_DARK) * fall
            light *= 1.0 - CLOUD * clouds.get_at((x, y))[0] / 255
            v = max(0, min(255, round(255 * light)))
            i = (y * sw + x) * 3
            pixels[i:i + 3] = bytes((v, v, v))
    shade = pygame.image.frombytes(bytes(pixels), (sw, sh), "RGB")
    return CACHE.put(key, shade, lasting=True)
