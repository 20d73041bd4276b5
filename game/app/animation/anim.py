"""Animations as objects advanced by the fixed-step update; drawing only reads their values.

Durations are multiplied by the animation speed (0 makes every animation finish at once), so
tests and the "instant" setting run the same code paths.
"""
from __future__ import annotations

import math
from collections.abc import Callable


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def pulse(t: float) -> float:
    """0..1..0 once per second-long period; used for glows and the urgent timer."""
    return 0.5 - 0.5 * math.cos(t * 2 * math.pi)


class Animation:
    done = False

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        while not self.done:
            self.update(1e9)


class Tween(Animation):
    """Runs ``setter(eased t)`` from 0 to 1 over ``duration`` after ``delay`` seconds."""

    def __init__(self, duration: float, setter: Callable[[float], None] | None = None,
                 ease: Callable[[float], float] = out_cubic, delay: float = 0.0,
                 on_done: Callable[[], None] | None = None) -> None:
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.setter = setter
        self.ease = ease
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        self.value = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        raw = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        self.value = self.ease(raw)
        if self.setter:
            self.setter(self.value)
        if raw >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()


class Wait(Tween):
    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, None, linear, 0.0, on_done)


class Call(Animation):
    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> None:
        if not self.done:
            self.done = True
            self.fn()


class Sequence(Animation):
    """Children one after another; leftover time flows into the next child."""

    def __init__(self, *steps: Animation) -> None:
        self.steps = list(steps)
        self.index = 0
        self.done = not self.steps

    def update(self, dt: float) -> None:
        while not self.done:
            step = self.steps[self.index]
            before = getattr(step, "elapsed", None)
            step.update(dt)
            if not step.done:
                return
            if isinstance(step, Tween) and before is not None:  # the rest of dt flows on
                dt = max(0.0, dt - (step.delay + step.duration - before))
            self.index += 1
            if self.index >= len(self.steps):
                self.done = True


class Parallel(Animation):
    def __init__(self, *items: Animation) -> None:
        self.items = list(items)
        self.done = not self.items

    def update(self, dt: float) -> None:
        for a in self.items:
            a.update(dt)
        self.done = all(a.done for a in self.items)


class Animator:
    """The running animations of a scene."""

    def __init__(self) -> None:
        self.items: list[Animation] = []

    def add(self, a: Animation) -> Animation:
        self.items.append(a)
        return a

    def update(self, dt: float) -> None:
        if not self.items:
            return
        for a in list(self.items):
            a.update(dt)
        self.items = [a for a in self.items if not a.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def finish_all(self) -> None:
        for _ in range(100):
            if not self.items:
                return
            for a in list(self.items):
                a.finish()
            self.items = [a for a in self.items if not a.done]
