"""Cards drawn by the game at the exact size they are shown: faces, backs, shadows, the stock.

Every surface is kept in the shared byte-bounded cache (``surfcache.CACHE``), so a frame only blits
and a window resized many times does not pile up surfaces.  ``draw_face`` is the only place a card's
face reaches the table, which is what the hidden-hand checks rely on.

Faces whose picture comes from an art file (the classic court cards and the ace of spades) take tens
of milliseconds to paint, so they are never painted on a frame: ``prerender`` paints the faces of
the sizes a screen will show on the card painter's thread (``painter``), ahead of need, and a face
that is not ready yet is drawn in its quick form (a framed letter in place of the picture) until it
is.  Every other face and the backs are quick to paint and are painted when first needed if the
worker has not got to them.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from game.app.looks import cardbacks, cardfaces, facelayout
from game.app.looks.cardfaces import EDGE
from game.app.looks.painter import BACKS, FACES, MAX_SIZES
from game.app.looks.painter import WORKER as _worker
from game.app.looks.painter import back_key as _back_key
from game.app.looks.painter import face_key as _face_key
from game.app.looks.painter import face_style as _face_style
from game.app.looks.painter import quick_key as _quick_key
from game.app.looks.surfcache import CACHE
from game.engine import Card

__all__ = ["BACKS", "FACES", "MAX_SIZES", "CardStyle"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CardStyle:
    four_colour: bool = False
    high_contrast: bool = False
    back: str = "blue"  # one of BACKS (an unknown name draws the first)
    face: str = "classic"  # one of FACES (an unknown name draws the first)


def suit_colour(suit: int, style: CardStyle) -> tuple[int, int, int]:
    return cardfaces.suit_colour(suit, style.four_colour, style.high_contrast)


def rank_label(card: Card) -> str:
    return cardfaces.rank_label(card.rank)


def _keep(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    """Cache ``surf`` in the display's pixel format (blits several times faster); main thread only."""
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return CACHE.put(key, surf)


# ------------------------------------------------------------------ faces


def face(card: Card, w: int, h: int, style: CardStyle = CardStyle()) -> pygame.Surface:
    """The face of ``card`` at ``w`` by ``h``.  Never waits for a picture: until it is painted (see
    ``prerender``) a court card comes in its quick form, and the worker is asked for it."""
    _collect()
    fs = _face_style(style)
    key = _face_key(card, w, h, fs)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    lay = facelayout.layout(w, h, fs[0], fs[2])
    if not cardfaces.uses_art(card, fs[0]):
        return _keep(key, cardfaces.paint(card, lay, fs[1], cardfaces.glyphs(lay)))
    _worker.request([(w, h)], style)
    qkey = _quick_key(card, w, h, fs)
    surf = CACHE.get(qkey)
    if surf is None:
        surf = _keep(qkey, cardfaces.paint(card, lay, fs[1], cardfaces.glyphs(lay), art=False))
    return surf


def is_ready(card: Card, w: int, h: int, style: CardStyle = CardStyle()) -> bool:
    """Whether ``face`` would give the finished face now (not the quick form)."""
    _collect()
    return _face_key(card, w, h, _face_style(style)) in CACHE


def ready(size: tuple[int, int], style: CardStyle = CardStyle()) -> bool:
    """Whether all 52 faces and the back at ``size`` are painted (a screen that keeps a picture made
    of faces, like the menu's fan, puts this in its key so it rebuilds once they are)."""
    _collect()
    w, h = size
    fs = _face_style(style)
    return _back_key(w, h, style) in CACHE and all(_face_key(Card(i), w, h, fs) in CACHE for i in range(52))


def prerender(sizes, style: CardStyle = CardStyle()) -> None:
    """Paint all 52 faces and the back at each of ``sizes`` (one ``(w, h)`` or several, the most
    urgent first) on a worker thread.  Replaces the sizes asked for before: a size no longer listed
    is not painted further, and the cache keeps room for the ones listed."""
    _worker.prerender(_sizes(sizes), style)
    _worker.set_paused(False)


def later() -> None:
    """Paint nothing on the worker until ``prerender`` (or ``wait``) is next called: a window is about to
    draw its first frame, which should have the interpreter to itself.  Faces asked for meanwhile
    are remembered and painted then."""
    _worker.set_paused(True)


def hold() -> None:
    """Stop painting ahead: the window is being resized, so the sizes asked for are about to change.  Faces
    drawn meanwhile are still painted as ``face`` asks for them; ``prerender`` starts painting ahead again."""
    _worker.prerender([], CardStyle())


def wait(timeout: float | None = None) -> bool:
    """Block until the worker has painted everything asked for (tests, pictures, benchmarks); returns
    whether it has.  Never call it from a frame."""
    _worker.set_paused(False)
    done = _worker.wait(timeout)
    _collect()
    return done


def idle() -> bool:
    """Whether the worker has nothing left to paint and everything it painted is in the cache."""
    return _worker.idle() and not _worker.done


def _sizes(sizes) -> list[tuple[int, int]]:
    if len(sizes) == 2 and all(isinstance(v, (int, float)) for v in sizes):
        sizes = [sizes]
    out: list[tuple[int, int]] = []
    for w, h in sizes:
        size = (max(1, int(w)), max(1, int(h)))
        if size not in out:
            out.append(size)
    return out


def _collect() -> None:
    """Move what the worker painted into the cache, in the display's format (main thread)."""
    while True:
        try:
            key, surf = _worker.done.popleft()
        except IndexError:
            return
        _keep(key, surf)
        if key[0] == "face":
            CACHE.discard(("quick",) + key[1:])



# ------------------------------------------------------------------ backs, paper, shadows, the stock


def back(w: int, h: int, style: CardStyle = CardStyle()) -> pygame.Surface:
    _collect()
    key = _back_key(w, h, style)
    surf = CACHE.get(key)
    if surf is None:
        surf = _keep(key, cardbacks.paint(w, h, key[3], style.high_contrast))
    return surf


def paper(w: int, h: int) -> pygame.Surface:
    """A plain card outline (the edges of a stack)."""
    return cardfaces.blank(w, h, (232, 228, 215), EDGE, 1, max(3, w // 12))


def shadow(w: int, h: int) -> pygame.Surface:
    key = ("shadow", w, h)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    pad = max(4, w // 10)
    s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 90), pygame.Rect(pad, pad, w, h), border_radius=max(3, w // 12))
    s = pygame.transform.box_blur(s, max(2, pad // 2))
    return _keep(key, s)


def stack(w: int, h: int, layers: int, style: CardStyle = CardStyle()) -> pygame.Surface:
    """The stock as one picture: a shadow, ``layers - 1`` paper edges and the back on top, centred."""
    key = ("stack", w, h, layers, _back_key(w, h, style))
    img = CACHE.get(key)
    if img is not None:
        return img
    step = max(2, round(w * 0.02))
    pad = max(4, w // 10) + layers * step
    img = pygame.Surface((w + pad * 3, h + pad * 3), pygame.SRCALPHA)
    c = (img.get_width() / 2, img.get_height() / 2)
    draw_shadow(img, c, w, h)
    edge = paper(w, h)
    for i in range(layers - 1):
        off = (layers - 1 - i) * step
        img.blit(edge, edge.get_rect(center=(round(c[0] - off), round(c[1] + off))))
    draw_back(img, c, w, h, style)
    return _keep(key, img)


def preview(card_size: tuple[int, int], style: CardStyle = CardStyle()) -> pygame.Surface:
    """A small picture of the style for a settings screen: a back, a king and an ace, fanned.

    Uses the quick king until the picture is painted; draw it every frame (it is cached)."""
    w, h = card_size
    king, ace = Card.parse("KH"), Card.parse("AS")
    done = is_ready(king, w, h, style) and is_ready(ace, w, h, style)
    key = ("preview", w, h, _face_style(style), _back_key(w, h, style), done)
    img = CACHE.get(key)
    if img is not None:
        return img
    step = round(w * 0.55)
    img = pygame.Surface((w + step * 2 + w // 5, h + h // 8), pygame.SRCALPHA)
    for i, surf in enumerate((back(w, h, style), face(king, w, h, style), face(ace, w, h, style))):
        centre = (w // 2 + i * step + w // 10, h // 2 + h // 16)
        draw_shadow(img, centre, w, h)
        img.blit(surf, surf.get_rect(center=centre))
    return _keep(key, img)


# ------------------------------------------------------------------ drawing


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
        size = (max(1, round(s.get_width() * abs(xscale))), max(1, round(s.get_height() * scale)))
        s = pygame.transform.scale(s, size)
    off = max(1, round(w * (0.03 + lift * 0.08)))
    surface.blit(s, s.get_rect(center=(round(center[0]) + off, round(center[1]) + off * 2)))
