"""Celebrations: gold sparks, a soft glow, falling confetti and cards that bounce across the table.

Each effect is an animation (``anim.Animation``): ``update`` moves its pieces on the fixed logic step
and ``draw`` only blits them.  Pieces are drawn from a few small sprites painted once per size and kept
in the shared byte-bounded cache, so a frame full of confetti is a few hundred small blits.  Effects
take the animation speed like every tween (a factor on durations: slow stretches them, 0 ends them at
once) and a seed, so the same moment looks the same in pictures and tests.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.app.animation.anim import Animation
from game.app.looks import cardart
from game.app.looks.surfcache import CACHE

Colour = tuple[int, int, int]

SPARK_GOLD: tuple[Colour, ...] = ((255, 220, 120), (250, 196, 70), (255, 240, 190), (235, 170, 50))
CONFETTI: tuple[Colour, ...] = ((226, 195, 92), (110, 190, 255), (240, 110, 150), (140, 230, 140),
                                (250, 250, 245), (245, 150, 60))
FADE_STEPS = 8  # a spark fades through this many painted brightnesses
SPIN_FRAMES = 12  # a confetti piece turns through this many painted poses


def _keep(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    """Cache ``surf`` in the display's pixel format (sprites without alpha are blitted added)."""
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
    return CACHE.put(key, surf)


def spark(radius: int, colour: Colour, level: int) -> pygame.Surface:
    """A round spark with a soft edge, ``level`` of ``FADE_STEPS`` bright; drawn added to the picture."""
    key = ("spark", radius, colour, level)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    size = radius * 2 + 1
    surf = pygame.Surface((size, size))
    k = (level + 1) / FADE_STEPS
    for i in range(radius, 0, -1):
        f = k * (1 - (i - 1) / radius) ** 1.6
        pygame.draw.circle(surf, tuple(round(c * f) for c in colour), (radius, radius), i)
    return _keep(key, surf)


def glow(radius: int, colour: Colour = (255, 214, 110)) -> pygame.Surface:
    """A soft round halo (black at the edge), blitted added so it only brightens what is below."""
    key = ("glow", radius, colour)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    small = 48
    disc = pygame.Surface((small * 2, small * 2))
    for i in range(small, 0, -2):
        f = (1 - i / small) ** 2
        pygame.draw.circle(disc, tuple(round(c * f) for c in colour), (small, small), i)
    surf = pygame.transform.smoothscale(disc, (radius * 2, radius * 2))
    return _keep(key, surf)


def confetti_piece(w: int, h: int, colour: Colour, frame: int) -> pygame.Surface:
    """A paper strip turning over: ``frame`` of ``SPIN_FRAMES`` poses (its height follows a cosine)."""
    key = ("confetti", w, h, colour, frame)
    surf = CACHE.get(key)
    if surf is not None:
        return surf
    turn = math.cos(frame / SPIN_FRAMES * 2 * math.pi)
    ph = max(1, round(h * abs(turn)))
    shade = 0.72 + 0.28 * abs(turn)
    strip = pygame.Surface((w, ph), pygame.SRCALPHA)
    strip.fill((*(round(c * shade) for c in colour), 255))
    angle = (frame * 37) % 180
    return _keep(key, pygame.transform.rotate(strip, angle))


class Effect(Animation):
    """An effect that lives for ``life`` seconds (times the speed); ``stop`` ends it at once."""

    def __init__(self, speed: float) -> None:
        self.speed = speed
        self.done = speed <= 0
        self.age = 0.0

    def step(self, dt: float) -> None:
        raise NotImplementedError

    def update(self, dt: float) -> None:
        if self.done:
            return
        # a huge step (``finish``) ends the effect instead of simulating it
        if dt > 5:
            self.stop()
            return
        dt = dt / self.speed
        self.age += dt
        self.step(dt)

    def stop(self) -> None:
        self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Burst(Effect):
    """Gold sparks thrown out from a point, falling and fading (gin, an undercut, a won hand)."""

    def __init__(self, center: tuple[float, float], reach: float, speed: float, count: int = 90,
                 seed: int = 1, colours: Sequence[Colour] = SPARK_GOLD, life: float = 1.3) -> None:
        super().__init__(speed)
        rng = random.Random(seed)
        self.reach = reach
        self.life = life
        cx, cy = center
        self.pieces: list[list[float]] = []  # x, y, vx, vy, life left, life, radius, colour index
        for _ in range(count):
            a = rng.uniform(0, 2 * math.pi)
            v = reach * rng.uniform(0.6, 1.9)
            life_i = life * rng.uniform(0.5, 1.0)
            self.pieces.append([cx, cy, math.cos(a) * v, math.sin(a) * v * 0.8 - reach * 0.5, life_i, life_i,
                                rng.choice((3, 4, 4, 5, 6, 7)), rng.randrange(len(colours))])
        self.colours = tuple(colours)
        self.scale = max(0.6, reach / 220)

    def step(self, dt: float) -> None:
        drag = math.exp(-2.2 * dt)
        g = self.reach * 1.6 * dt
        alive = 0
        for p in self.pieces:
            if p[4] <= 0:
                continue
            p[2] *= drag
            p[3] = p[3] * drag + g
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[4] -= dt
            alive += p[4] > 0
        if not alive:
            self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        batch = []
        for x, y, _vx, _vy, left, life, r, ci in self.pieces:
            if left <= 0:
                continue
            level = min(FADE_STEPS - 1, int(left / life * FADE_STEPS))
            img = spark(max(1, round(r * self.scale)), self.colours[int(ci)], level)
            side = img.get_width()
            half = side // 2
            batch.append((img, (int(x) - half, int(y) - half), (0, 0, side, side), pygame.BLEND_RGB_ADD))
        surface.blits(batch, doreturn=False)


class Glow(Effect):
    """A halo that swells and fades behind something worth looking at (a gin banner, a new total)."""

    def __init__(self, center: tuple[float, float], radius: int, speed: float, life: float = 1.4,
                 colour: Colour = (255, 214, 110)) -> None:
        super().__init__(speed)
        self.center = center
        self.radius = max(4, int(radius))
        self.life = life
        self.colour = colour

    def step(self, dt: float) -> None:
        if self.age >= self.life:
            self.done = True

    @property
    def strength(self) -> float:
        t = min(1.0, self.age / self.life)
        return math.sin(math.pi * t) ** 0.7

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        levels = 6
        level = round(self.strength * levels)
        if level <= 0:
            return
        r, g, b = (round(c * level / levels) for c in self.colour)
        img = glow(self.radius, (r, g, b))
        surface.blit(img, img.get_rect(center=(round(self.center[0]), round(self.center[1]))),
                     special_flags=pygame.BLEND_RGB_ADD)


class Confetti(Effect):
    """Paper strips falling over the whole window, swaying and turning over, for ``life`` seconds.

    The strips' poses are painted when the effect starts (a few dozen small sprites), so no frame paints."""

    def __init__(self, size: tuple[int, int], unit: float, speed: float, count: int = 140, seed: int = 1,
                 life: float = 5.0) -> None:
        super().__init__(speed)
        self.w, self.h = size
        self.unit = unit
        self.life = life
        self.rng = random.Random(seed)
        self.pieces: list[list[float]] = [self._piece(first=True) for _ in range(count)]
        u = max(2, round(unit * 0.9)), max(3, round(unit * 1.9))
        self.sprites = [[confetti_piece(u[0], u[1], colour, f) for f in range(SPIN_FRAMES)] for colour in CONFETTI]
        self.halves = [[(img.get_width() // 2, img.get_height() // 2) for img in poses] for poses in self.sprites]

    def _piece(self, first: bool = False) -> list[float]:
        rng = self.rng
        u = self.unit
        y = rng.uniform(-self.h * 0.8, self.h * 0.15) if first else rng.uniform(-u * 6, -u)
        # x, y, fall speed, sway phase, sway rate, spin, colour index
        return [rng.uniform(0, self.w), y, u * rng.uniform(22, 38), rng.uniform(0, 6.3), rng.uniform(1.5, 3.5),
                rng.uniform(0, SPIN_FRAMES), rng.randrange(len(CONFETTI))]

    def step(self, dt: float) -> None:
        ending = self.age >= self.life
        bottom = self.h + self.unit * 2
        sway = self.unit * 2.2 * dt
        spin = 9 * dt
        sin = math.sin
        alive = 0
        for i, p in enumerate(self.pieces):
            if p[1] > bottom:
                if ending:
                    continue
                self.pieces[i] = p = self._piece()
            p[1] += p[2] * dt
            p[3] += p[4] * dt
            p[0] += sin(p[3]) * sway
            p[5] = (p[5] + spin) % SPIN_FRAMES
            alive += 1
        if ending and not alive:
            self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        top, bottom = -self.unit * 2, self.h + self.unit * 2
        sprites, halves = self.sprites, self.halves
        batch = []
        for x, y, _v, _ph, _r, spin, ci in self.pieces:
            if top < y < bottom:
                c, f = int(ci), int(spin)
                hw, hh = halves[c][f]
                batch.append((sprites[c][f], (int(x) - hw, int(y) - hh)))
        surface.blits(batch, doreturn=False)


class CardCascade(Effect):
    """Cards thrown in from the top corners one after another, bouncing along the bottom of the window
    until they leave it at the side: the old victory dance of card games."""

    def __init__(self, size: tuple[int, int], card: tuple[int, int], speed: float, cards: Sequence, style,
                 seed: int = 1, every: float = 0.28, life: float = 4.5) -> None:
        super().__init__(speed)
        self.w, self.h = size
        self.cw, self.ch = card
        self.style = style
        self.deck = list(cards)
        self.rng = random.Random(seed)
        self.every = every
        self.life = life
        self.next_in = 0.0
        self.flying: list[list] = []  # x, y, vx, vy, card

    def step(self, dt: float) -> None:
        rng = self.rng
        self.next_in -= dt
        if self.age < self.life and self.next_in <= 0 and self.deck:
            self.next_in += self.every
            left = rng.random() < 0.5
            x = self.cw * 0.6 if left else self.w - self.cw * 0.6
            vx = self.w * rng.uniform(0.18, 0.34) * (1 if left else -1)
            self.flying.append([x, self.ch * 0.2, vx, -self.h * rng.uniform(0.0, 0.4), self.deck.pop()])
        g = self.h * 2.4
        floor = self.h - self.ch / 2
        for f in self.flying:
            f[3] += g * dt
            f[0] += f[2] * dt
            f[1] += f[3] * dt
            if f[1] > floor and f[3] > 0:
                f[1] = floor
                f[3] = -f[3] * 0.72
        self.flying = [f for f in self.flying if -self.cw < f[0] < self.w + self.cw]
        if self.age >= self.life and not self.flying:
            self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        for x, y, _vx, _vy, card in self.flying:
            cardart.draw_shadow(surface, (x, y), self.cw, self.ch, 0.8)
            cardart.draw_face(surface, card, (x, y), self.cw, self.ch, self.style)


class Effects:
    """The effects a scene shows now: added, advanced, drawn, dropped when done."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def add(self, effect: Effect) -> Effect:
        if not effect.done:
            self.items.append(effect)
        return effect

    def update(self, dt: float) -> None:
        for e in self.items:
            e.update(dt)
        self.items = [e for e in self.items if not e.done]

    def clear(self) -> None:
        self.items.clear()

    def __bool__(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface, kinds: tuple[type, ...] | None = None) -> None:
        for e in self.items:
            if kinds is None or isinstance(e, kinds):
                e.draw(surface)
