"""Card faces: where the corner indices, pips and pictures go on a card of a given size, and the paint.

``layout`` is pure geometry: every rectangle a face uses, computed so that no pip, ace or picture ever
comes near a corner index, at any size.  ``paint`` builds one face from that geometry; it touches no
display and no font, so it may run on a worker thread.  Text glyphs are the one thing a worker does
not make (font rendering stays on the main thread, where the rest of the game's text is rendered):
``glyphs`` renders them there, as white masks that ``paint`` tints.

Two faces: ``classic`` (compact indices, standard pip layouts, court pictures from the public-domain
Vector Playing Cards art in ``assets/cards``) and ``large_print`` (big indices, framed court letters).
"""
from __future__ import annotations

import io
import logging
import threading
from dataclasses import dataclass

import pygame

from game.app.looks.facelayout import ART_H, ART_W, COURT_CROP, FaceLayout
from game.app.looks.surfcache import CACHE
from game.app.shell import paths
from game.app.shell.resources import FONT_BOLD
from game.app.shell.vocab import CARD_FACES
from game.engine import Card
from game.engine.cards import RANKS

log = logging.getLogger(__name__)

FACES = CARD_FACES

PAPER = (251, 250, 245)
PAPER_HC = (255, 255, 255)
EDGE = (88, 88, 98)
EDGE_HC = (0, 0, 0)
RED = (200, 30, 40)
BLACK = (25, 25, 30)
RED_HC = (215, 0, 0)
BLACK_HC = (0, 0, 0)
FOUR = {0: (20, 120, 45), 1: (25, 80, 210), 2: (205, 25, 35), 3: (20, 20, 25)}  # clubs, diamonds, hearts, spades

WHITE = (255, 255, 255)
FRAME = (40, 40, 48)  # the line round a court picture

# --- the court and ace-of-spades pictures -----------------------------------------------------------

ART_DIR = paths.asset("cards")
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
_COURT_WORDS = {10: "jack", 11: "queen", 12: "king"}
# the part of the art file used, as fractions of its width and height (left, top, right, bottom)
ACE_CROP = (0.1800, 0.1960, 0.8200, 0.7620)  # the ornate spade of the ace of spades
MASTER = 256  # width at which an art file is read once, for every card size up to it
MIRROR = True  # the pictures face the other way: their suit marks then sit clear of the indices
ACE_ASPECT = ART_W * (ACE_CROP[2] - ACE_CROP[0]) / (ART_H * (ACE_CROP[3] - ACE_CROP[1]))


def art_file(card: Card):
    """The art a classic face takes its picture from, or None for a face drawn by the game alone."""
    if card.rank in _COURT_WORDS:
        return ART_DIR / f"{_COURT_WORDS[card.rank]}_of_{_SUIT_WORDS[card.suit]}.svg"
    if card.rank == 0 and card.suit == 3:
        return ART_DIR / "ace_of_spades.svg"
    return None


def uses_art(card: Card, face: str) -> bool:
    """Whether painting this face reads an art file (slow: tens of milliseconds, so never on a frame)."""
    return face == "classic" and art_file(card) is not None


# --- colours --------------------------------------------------------------------------------------


def suit_colour(suit: int, four_colour: bool, high_contrast: bool) -> tuple[int, int, int]:
    if four_colour:
        return FOUR[suit]
    if high_contrast:
        return RED_HC if suit in (1, 2) else BLACK_HC
    return RED if suit in (1, 2) else BLACK


def rank_label(rank: int) -> str:
    r = RANKS[rank]
    return "10" if r == "T" else r


# --- suit shapes (drawn for this game; a 100 by 100 box, point up) ----------------------------------

SUIT_PATHS = (
    (  # clubs: three lobes and a flared stem
        '<circle cx="50" cy="25" r="23"/><circle cx="25" cy="59" r="23"/><circle cx="75" cy="59" r="23"/>'
        '<circle cx="50" cy="55" r="12"/><path d="M47 58 C46 80 42 92 32 100 L68 100 C58 92 54 80 53 58 Z"/>'
    ),
    (  # diamonds: slightly drawn-in sides
        '<path d="M50 0 C60 17 72 34 86 50 C72 66 60 83 50 100 C40 83 28 66 14 50 C28 34 40 17 50 0 Z"/>'
    ),
    (  # hearts
        '<path d="M50 97 C44 85 30 71 16 57 C5 46 0 37 0 27 C0 12 11 2 25 2 C36 2 45 9 50 20 C55 9 64 2 75 2 '
        'C89 2 100 12 100 27 C100 37 95 46 84 57 C70 71 56 85 50 97 Z"/>'
    ),
    (  # spades
        '<path d="M50 0 C44 14 30 28 15 40 C5 48 0 56 0 66 C0 80 11 89 24 89 C35 89 43 84 47 76 C46 86 42 94 '
        '34 100 L66 100 C58 94 54 86 53 76 C57 84 65 89 76 89 C89 89 100 80 100 66 C100 56 95 48 85 40 '
        'C70 28 56 14 50 0 Z"/>'
    ),
)


def suit_shape(suit: int, size: int, colour, upside_down: bool = False) -> pygame.Surface:
    """A suit symbol filling a ``size`` square (cached; safe on any thread)."""
    key = ("suit", suit, size, tuple(colour), upside_down)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    if upside_down:
        surf = pygame.transform.rotate(suit_shape(suit, size, colour), 180)
    else:
        fill = "#{:02x}{:02x}{:02x}".format(*colour[:3])
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
               f'<g fill="{fill}">{SUIT_PATHS[suit]}</g></svg>')
        surf = pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (size, size))
    return CACHE.put(key, surf)


# --- corner glyphs (main thread) ----------------------------------------------------------------------

CAP = 0.729  # capital height of DejaVu Sans Bold, in ems


@dataclass(frozen=True)
class Glyphs:
    """White masks of the rank labels at one index size, and of J, Q, K for a framed letter."""

    ranks: tuple[pygame.Surface, ...]
    letters: tuple[pygame.Surface, ...]


def _ink(font: pygame.font.Font, label: str, gap: int) -> pygame.Surface:
    """``label`` cut to its ink; each character cut separately and set ``gap`` apart (a tight "10")."""
    parts = []
    for ch in label:
        img = font.render(ch, True, WHITE)
        box = img.get_bounding_rect()
        parts.append((img, box))
    top = min(b.top for _, b in parts)
    bottom = max(b.bottom for _, b in parts)
    width = sum(b.width for _, b in parts) + gap * (len(parts) - 1)
    out = pygame.Surface((max(1, width), max(1, bottom - top)), pygame.SRCALPHA)
    x = 0
    for img, box in parts:
        out.blit(img, (x, box.top - top), box)
        x += box.width + gap
    return out


def _sized(cap: int, labels, max_w: int, max_h: int) -> tuple[pygame.Surface, ...]:
    font = pygame.font.Font(str(FONT_BOLD), max(6, round(cap / CAP)))  # its own: a glyph set is made once
    ref = _ink(font, "K", 0).get_height()
    scale = cap / max(1, ref)
    out = []
    for label in labels:
        img = _ink(font, label, max(1, round(cap * 0.04)))
        iw, ih = img.get_size()
        tw, th = round(iw * scale), round(ih * scale)
        if th > max_h:
            tw, th = round(tw * max_h / th), max_h
        tw = min(tw, max_w)
        if (tw, th) != (iw, ih):
            img = pygame.transform.smoothscale(img, (max(1, tw), max(1, th)))
        out.append(img)
    return tuple(out)


def glyphs(lay: FaceLayout) -> Glyphs:
    """The index and letter glyphs for ``lay`` (main thread only, like all the game's text rendering)."""
    key = ("glyphs", lay.rank_h, lay.rank_box.size, lay.letter_h, lay.panel.w)
    found = _glyph_sets.get(key)
    if found is not None:
        return found
    if not pygame.font.get_init():
        pygame.font.init()
    ranks = _sized(lay.rank_h, [rank_label(r) for r in range(13)], lay.rank_box.w, lay.rank_box.h)
    letters = _sized(lay.letter_h, [RANKS[r] for r in (10, 11, 12)], round(lay.panel.w * 0.8),
                     round(lay.letter_h * 1.25))
    found = Glyphs(ranks, letters)
    if len(_glyph_sets) > 48:
        _glyph_sets.pop(next(iter(_glyph_sets)))
    _glyph_sets[key] = found
    return found


_glyph_sets: dict[tuple, Glyphs] = {}


def tinted(mask: pygame.Surface, colour) -> pygame.Surface:
    img = mask.copy()
    img.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return img


# --- paint ------------------------------------------------------------------------------------------


def blank(w: int, h: int, fill, edge, edge_w: int, radius: int) -> pygame.Surface:
    """A rounded card shape with smooth edges (drawn at twice the size, then scaled down; cached)."""
    key = ("blank", w, h, tuple(fill), tuple(edge), edge_w, radius)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    r = radius * 2
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-edge_w * 4, -edge_w * 4), border_radius=max(1, r - edge_w * 2))
    return CACHE.put(key, pygame.transform.smoothscale(big, (w, h)))


def _art(path, crop, rect: pygame.Rect, paper) -> pygame.Surface:
    """The ``crop`` part of an art file, shown at ``rect``'s size (stretched if its shape differs).

    Reading an art file takes tens of milliseconds whatever the size, so each is read once at a
    generous size (``MASTER`` wide, or wider when needed) and every card size is scaled down from that."""
    left, top, right, bottom = crop
    master = CACHE.get(("art", path.name, crop))
    if master is None or master.get_width() < rect.w:
        mw = max(MASTER, rect.w)
        fw = round(mw / (right - left))  # the file is rendered at its own proportions (the loader keeps them)
        full = (fw, round(fw * ART_H / ART_W))
        img = pygame.image.load_sized_svg(str(path), full)
        area = pygame.Rect(round(full[0] * left), round(full[1] * top), mw, round(full[1] * (bottom - top)))
        master = pygame.Surface(area.size, pygame.SRCALPHA)
        master.blit(img, (0, 0), area.clip(img.get_rect()))
        CACHE.put(("art", path.name, crop), master, lasting=True)  # read for every card size
    out = pygame.transform.smoothscale(master, rect.size)
    if tuple(paper) != WHITE:  # the art's white becomes our paper
        out.fill((*paper, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


_PAINTING = threading.Lock()  # cached suit shapes, art and glyphs are shared: one face is painted at a time


def paint(card: Card, lay: FaceLayout, four_colour: bool, glyph_set: Glyphs, art: bool = True) -> pygame.Surface:
    """One card face (see ``_paint``); the card painter's thread and the main thread take turns, since
    a surface being blitted in one thread may not be blitted in another at the same moment."""
    with _PAINTING:
        return _paint(card, lay, four_colour, glyph_set, art)


def _paint(card: Card, lay: FaceLayout, four_colour: bool, glyph_set: Glyphs, art: bool = True) -> pygame.Surface:
    """One face.  ``art`` False paints the quick version (a framed letter instead of a court picture).

    Safe on a worker thread: it uses only ``glyph_set`` for text and never converts to the display.
    """
    hc = lay.high_contrast
    paper = PAPER_HC if hc else PAPER
    surf = blank(lay.w, lay.h, paper, EDGE_HC if hc else EDGE, lay.edge_w, lay.radius).copy()
    colour = suit_colour(card.suit, four_colour, hc)
    rank = card.rank
    if rank == 0:
        _ace(surf, card, lay, colour, paper, art)
    elif rank <= 9:
        for r, flipped in lay.pip_rects(rank + 1):
            surf.blit(suit_shape(card.suit, lay.pip, colour, flipped), r)
    else:
        done = False
        if art and lay.face == "classic":
            done = _picture(surf, card, lay, paper)
        if not done:
            _framed_letter(surf, card, lay, colour, glyph_set)
    _corners(surf, card, lay, colour, glyph_set)
    return surf


def _ace(surf, card: Card, lay: FaceLayout, colour, paper, art: bool) -> None:
    path = art_file(card)
    if art and path is not None and lay.face == "classic":
        h = lay.ace.h
        w = min(lay.ace.w, round(h * ACE_ASPECT))
        rect = pygame.Rect(0, 0, w, round(w / ACE_ASPECT))
        rect.center = lay.ace.center
        try:
            surf.blit(_art(path, ACE_CROP, rect, paper), rect)
            return
        except (pygame.error, OSError, FileNotFoundError) as exc:
            log.warning("card art unreadable (%s): %s", path.name, exc)
    side = round(lay.ace.w * (0.78 if lay.face == "classic" else 1.0))
    r = pygame.Rect(0, 0, side, side)
    r.center = lay.ace.center
    surf.blit(suit_shape(card.suit, side, colour), r)


def _picture(surf, card: Card, lay: FaceLayout, paper) -> bool:
    path = art_file(card)
    try:
        art = _art(path, COURT_CROP, lay.picture, paper)
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.warning("card art unreadable (%s): %s", path.name, exc)
        return False
    if MIRROR:
        art = pygame.transform.flip(art, True, False)
    surf.blit(art, lay.picture)
    p, n = lay.picture, lay.notch
    line = max(1, lay.w // 90)
    if n.w > 0 and n.h > 0:
        b = lay.turned(n)
        surf.fill(paper, n)
        surf.fill(paper, b)
        r, bt = p.right - 1, p.bottom - 1
        points = [(n.right, p.top), (r, p.top), (r, b.top - 1), (b.left - 1, b.top - 1), (b.left - 1, bt),
                  (p.left, bt), (p.left, n.bottom), (n.right, n.bottom)]
        pygame.draw.lines(surf, FRAME, True, points, line)
    else:
        pygame.draw.rect(surf, FRAME, p, line)  # crisp at every size
    return True


def _framed_letter(surf, card: Card, lay: FaceLayout, colour, glyph_set: Glyphs) -> None:
    """Jack, queen, king drawn by the game: a tinted frame with a large letter between two suit marks."""
    panel = lay.panel
    tint = tuple(int(255 - (255 - c) * 0.14) for c in colour)
    rad = max(2, lay.w // 20)
    pygame.draw.rect(surf, tint, panel, border_radius=rad)
    pygame.draw.rect(surf, colour, panel, width=max(1, lay.w // 45), border_radius=rad)
    letter = tinted(glyph_set.letters[card.rank - 10], colour)
    surf.blit(letter, letter.get_rect(center=panel.center))
    s = max(4, min(round(panel.w * 0.3), (panel.h - letter.get_height()) // 2 - max(2, lay.h // 40)))
    gap = max(1, lay.h // 60)
    top = suit_shape(card.suit, s, colour)
    surf.blit(top, top.get_rect(midtop=(panel.centerx, panel.top + gap + 1)))
    bottom = suit_shape(card.suit, s, colour, True)
    surf.blit(bottom, bottom.get_rect(midbottom=(panel.centerx, panel.bottom - gap - 1)))


def _corners(surf, card: Card, lay: FaceLayout, colour, glyph_set: Glyphs) -> None:
    index = lay.index
    corner = pygame.Surface(index.size, pygame.SRCALPHA)
    rank_box = lay.rank_box.move(-index.x, -index.y)
    img = tinted(glyph_set.ranks[card.rank], colour)
    corner.blit(img, img.get_rect(midtop=rank_box.midtop))
    corner.blit(suit_shape(card.suit, lay.suit_box.w, colour), lay.suit_box.move(-index.x, -index.y))
    surf.blit(corner, index)
    surf.blit(pygame.transform.rotate(corner, 180), lay.turned(index))
