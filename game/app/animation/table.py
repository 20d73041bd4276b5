"""The 52 card sprites on the table: each flies, flips and settles toward the place a scene gives it.

Scenes say where every card should be (a target per card); the table animates the difference, so a
player who clicks ahead always acts on the true state while the cards catch up.  A face is only
drawn for cards in the ``visible`` set the scene passes to ``draw``; any other card shows its back.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.app.animation.anim import in_out_cubic, out_cubic
from game.app.looks import cardart
from game.app.looks.cardart import CardStyle
from game.app.looks.layout import Layout
from game.engine import Card


@dataclass
class Target:
    x: float
    y: float
    face: bool = False
    scale: float = 1.0
    z: int = 0
    zone: str = ""  # stock | discard | hand0 | hand1 | out | show
    delay: float = 0.0
    dim: bool = False


class Sprite:
    __slots__ = ("card", "x", "y", "scale", "face", "target", "move_from", "move_t", "move_dur",
                 "move_delay", "flip_t", "flip_dur", "flip_delay", "shown_face", "z", "dim")

    def __init__(self, card: Card, x: float, y: float) -> None:
        self.card = card
        self.x, self.y, self.scale = x, y, 1.0
        self.face = False  # the face it is turning toward
        self.shown_face = False  # what shows now (switches halfway through a flip)
        self.target: Target | None = None
        self.move_from = (x, y, 1.0)
        self.move_t = 1.0
        self.move_dur = 0.0
        self.move_delay = 0.0
        self.flip_t = 1.0
        self.flip_dur = 0.0
        self.flip_delay = 0.0
        self.z = 0
        self.dim = False

    @property
    def moving(self) -> bool:
        return self.move_t < 1.0 or self.flip_t < 1.0

    @property
    def xscale(self) -> float:
        if self.flip_t >= 1.0:
            return 1.0
        return max(0.04, abs(math.cos(math.pi * self.flip_t)))


class CardTable:
    MOVE_TIME = 0.34
    FLIP_TIME = 0.24

    def __init__(self, layout: Layout, style: CardStyle | None = None, speed: float = 1.0) -> None:
        self.layout = layout
        self.style = style or CardStyle()
        self.speed = speed
        self.sprites: dict[Card, Sprite] = {}
        self.reset()

    def reset(self) -> None:
        lay = self.layout
        self.sprites = {Card(i): Sprite(Card(i), lay.stock_x, lay.pile_y) for i in range(52)}

    def relayout(self, layout: Layout) -> None:
        """A new window size: keep every card where it is in proportion, then settle at once."""
        fx, fy = layout.w / self.layout.w, layout.h / self.layout.h
        for s in self.sprites.values():
            s.x *= fx
            s.y *= fy
            s.move_t = 1.0
        self.layout = layout

    # ------------------------------------------------------------------ targets

    def set_targets(self, targets: dict[Card, Target], snap: bool = False) -> None:
        for card, t in targets.items():
            self.set_target(card, t, snap)

    def set_target(self, card: Card, t: Target, snap: bool = False) -> None:
        s = self.sprites[card]
        old = s.target
        s.z = t.z
        s.dim = t.dim
        if snap or self.speed <= 0:
            s.x, s.y, s.scale = t.x, t.y, t.scale
            s.move_t = 1.0
            s.face = s.shown_face = t.face
            s.flip_t = 1.0
            s.target = t
            return
        if old is None or abs(old.x - t.x) > 0.5 or abs(old.y - t.y) > 0.5 or abs(old.scale - t.scale) > 0.01:
            dist = math.hypot(t.x - s.x, t.y - s.y)
            if dist < 0.5 and abs(s.scale - t.scale) < 0.01:
                s.move_t = 1.0
            else:
                s.move_from = (s.x, s.y, s.scale)
                s.move_t = 0.0
                base = self.MOVE_TIME * (0.55 if dist < self.layout.cw * 1.5 else 1.0)
                s.move_dur = base * self.speed
                s.move_delay = t.delay * self.speed
        if t.face != s.face:
            s.face = t.face
            s.flip_t = 0.0
            s.flip_dur = self.FLIP_TIME * self.speed
            s.flip_delay = (t.delay * self.speed + (s.move_dur * 0.3 if s.move_t < 1.0 else 0.0))
        s.target = t

    def fly_back(self, card: Card, pos: tuple[float, float]) -> None:
        """A card let go at ``pos`` (a drag that threw nothing) flies back from there to its place."""
        s = self.sprites[card]
        s.x, s.y = pos
        s.move_t = 1.0
        s.target = None

    def settle(self) -> None:
        """Finish every movement now."""
        for s in self.sprites.values():
            if s.target is not None:
                s.x, s.y, s.scale = s.target.x, s.target.y, s.target.scale
            s.move_t = 1.0
            s.flip_t = 1.0
            s.shown_face = s.face

    @property
    def busy(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        for s in self.sprites.values():
            if s.move_t < 1.0:
                if s.move_delay > 0:
                    s.move_delay -= dt
                else:
                    s.move_t = 1.0 if s.move_dur <= 0 else min(1.0, s.move_t + dt / s.move_dur)
                    t = s.target
                    if t is None:
                        continue
                    e = in_out_cubic(s.move_t) if s.move_dur > 0.3 else out_cubic(s.move_t)
                    fx, fy, fs = s.move_from
                    s.x = fx + (t.x - fx) * e
                    s.y = fy + (t.y - fy) * e
                    s.scale = fs + (t.scale - fs) * e
            elif s.target is not None:
                s.x, s.y, s.scale = s.target.x, s.target.y, s.target.scale
            if s.flip_t < 1.0:
                if s.flip_delay > 0:
                    s.flip_delay -= dt
                else:
                    s.flip_t = 1.0 if s.flip_dur <= 0 else min(1.0, s.flip_t + dt / s.flip_dur)
                    if s.flip_t >= 0.5:
                        s.shown_face = s.face
            else:
                s.shown_face = s.face

    # ------------------------------------------------------------------ draw

    def target_rect(self, card: Card) -> pygame.Rect | None:
        s = self.sprites[card]
        if s.target is None:
            return None
        return self.layout.card_rect(s.target.x, s.target.y, s.target.scale)

    def draw_card(self, surface: pygame.Surface, card: Card, x: float, y: float, scale: float,
                  face: bool, visible: set, xscale: float = 1.0, shadow: bool = True, lift: float = 0.0,
                  base: float | None = None) -> None:
        """Cards are cached at their resting scale (``base``); in-between sizes are scaled from it."""
        lay = self.layout
        base = scale if base is None else base
        w, h = round(lay.cw * base), round(lay.ch * base)
        rel = scale / base if base else 1.0
        if abs(rel - 1.0) < 0.01:
            rel = 1.0
        if shadow:
            cardart.draw_shadow(surface, (x, y), w, h, lift, xscale * rel, rel)
        if face and card in visible:
            cardart.draw_face(surface, card, (x, y), w, h, self.style, xscale, rel)
        else:
            cardart.draw_back(surface, (x, y), w, h, self.style, xscale, rel)

    def draw(self, surface: pygame.Surface, visible: set, skip: set | None = None) -> None:
        """Piles, then resting cards by z, then cards in flight on top."""
        resting: list[Sprite] = []
        flying: list[Sprite] = []
        stock_static = 0
        for s in self.sprites.values():
            if s.target is None or (skip and s.card in skip):
                continue
            waiting = s.move_t < 1.0 and s.move_delay > 0
            if waiting:
                if self._from_stock(s):
                    stock_static += 1
                else:
                    resting.append(s)
            elif s.moving:
                flying.append(s)
            elif s.target.zone == "stock":
                stock_static += 1
            else:
                resting.append(s)
        if stock_static:
            self._draw_stock(surface, stock_static)
        resting.sort(key=lambda s: s.z)
        for s in resting:
            self.draw_card(surface, s.card, s.x, s.y, s.scale, s.shown_face, visible, base=_scale(s))
            if s.dim:
                self._dim(surface, s)
        flying.sort(key=lambda s: (s.move_t >= 1.0, s.z))
        for s in flying:
            self.draw_card(surface, s.card, s.x, s.y, s.scale, s.shown_face, visible, s.xscale, lift=0.6,
                           base=_scale(s))

    def _from_stock(self, s: Sprite) -> bool:
        fx, fy, _ = s.move_from
        return abs(fx - self.layout.stock_x) < 2 and abs(fy - self.layout.pile_y) < 2

    def _draw_stock(self, surface: pygame.Surface, count: int) -> None:
        """The stock as one picture of a stack whose thickness follows the count."""
        lay = self.layout
        layers = min(4, max(1, count // 8 + 1))
        img = cardart.stack(lay.cw, lay.ch, layers, self.style)
        surface.blit(img, img.get_rect(center=(round(lay.stock_x), round(lay.pile_y))))

    def _dim(self, surface: pygame.Surface, s: Sprite) -> None:
        r = self.layout.card_rect(s.x, s.y, s.scale)
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 15, 120), veil.get_rect(), border_radius=max(3, r.width // 12))
        surface.blit(veil, r)


def _scale(s: Sprite) -> float:
    """The size a sprite comes to rest at (its own size when it has no place yet)."""
    return s.target.scale if s.target is not None else s.scale
