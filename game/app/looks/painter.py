"""The card painter: one daemon thread painting faces and backs of the sizes asked for, ahead of need.

It paints into a queue (``done``) that the main thread moves into the shared cache in the display's
pixel format (``cardart``).  The sizes it keeps painted are covered by its reservation in the cache,
so they are evicted last (``held``).  The cache keys of every card surface are here too.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import Protocol

from game.app.looks import cardbacks, cardfaces, facelayout
from game.app.looks.surfcache import CACHE
from game.engine import Card

log = logging.getLogger(__name__)

FACES = cardfaces.FACES  # settings.card_face.<name>
BACKS = cardbacks.BACKS  # settings.card_back.<name>
MAX_SIZES = 8  # card sizes the worker keeps painted at once (a screen shows four or five)


class CardStyle(Protocol):
    """What the painter reads of ``cardart.CardStyle``."""

    @property
    def four_colour(self) -> bool: ...

    @property
    def high_contrast(self) -> bool: ...

    @property
    def back(self) -> str: ...

    @property
    def face(self) -> str: ...


def face_style(style: CardStyle) -> tuple[str, bool, bool]:
    return (style.face if style.face in FACES else FACES[0], style.four_colour, style.high_contrast)


def face_key(card: Card, w: int, h: int, fs: tuple) -> tuple:
    return ("face", int(card), w, h, fs)


def quick_key(card: Card, w: int, h: int, fs: tuple) -> tuple:
    return ("quick", int(card), w, h, fs)


def back_key(w: int, h: int, style: CardStyle) -> tuple:
    name = style.back if style.back in BACKS else BACKS[0]
    return ("back", w, h, name, style.high_contrast)


class Painter:
    """One daemon thread painting faces and backs, size by size, in the order asked."""

    def __init__(self) -> None:
        self.done: deque = deque()
        self._cond = threading.Condition()
        self._queue: list[tuple] = []
        self._running: tuple | None = None
        self._kept: dict[tuple, int] = {}  # job id -> bytes its surfaces take
        self._thread: threading.Thread | None = None
        self._paused = False
        self._asked: set[tuple] = set()  # sizes asked for by ``request`` (a face drawn before it was ready)
        self.held_faces: frozenset[tuple] = frozenset()  # (w, h, face style) of the sizes kept
        self.held_backs: frozenset[tuple] = frozenset()  # their backs' cache keys
        self.held_sizes: frozenset[tuple[int, int]] = frozenset()

    # main thread

    def prerender(self, sizes: list[tuple[int, int]], style: CardStyle) -> None:
        jobs = [self._job(size, style) for size in sizes]
        with self._cond:
            if jobs:  # sizes a frame asked for (``request``) and not painted yet are still painted, after these
                ids = {job[0] for job in jobs}
                asked = [job for job in self._queue if job[0] in self._asked and job[0] not in ids]
                jobs += asked[:max(0, MAX_SIZES - len(jobs))]
            self._asked = {job[0] for job in jobs} & self._asked
            self._kept = {job[0]: _job_bytes(job) for job in jobs}
            self._queue = [job for job in jobs if not self._running or job[0] != self._running[0]]
            self._paused = False
            self._start()
        self._reserve()

    def request(self, sizes: list[tuple[int, int]], style: CardStyle) -> None:
        """Ask for sizes on top of those asked for already (a face was needed before it was ready).
        Only the last few sizes asked for this way are kept in mind, so they cannot pile up."""
        for size in sizes:
            job_id = self._id(size, style)
            with self._cond:
                if (self._running and self._running[0] == job_id) or any(j[0] == job_id for j in self._queue):
                    continue
            job = self._job(size, style)
            with self._cond:
                self._kept.pop(job_id, None)
                self._kept[job_id] = _job_bytes(job)
                while len(self._kept) > MAX_SIZES:
                    old = next(iter(self._kept))
                    del self._kept[old]
                    self._queue = [j for j in self._queue if j[0] != old]
                self._queue.append(job)
                self._asked.add(job_id)
                self._start()
            self._reserve()

    def _reserve(self) -> None:
        """Room in the cache for the sizes kept, which it then evicts last (see ``held``)."""
        with self._cond:
            kept = list(self._kept)
            nbytes = sum(self._kept.values())
        self.held_faces = frozenset((size[0], size[1], fs) for size, fs, _ in kept)
        self.held_backs = frozenset(back for _, _, back in kept)
        self.held_sizes = frozenset(size for size, _, _ in kept)
        CACHE.reserve("faces", nbytes, holds=held)

    def set_paused(self, paused: bool) -> None:
        with self._cond:
            self._paused = paused
            self._cond.notify_all()

    def idle(self) -> bool:
        with self._cond:
            return not self._queue and self._running is None

    def wait(self, timeout: float | None) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and self._running is None, timeout)

    @staticmethod
    def _id(size: tuple[int, int], style: CardStyle) -> tuple:
        return (size, face_style(style), back_key(size[0], size[1], style))

    def _job(self, size: tuple[int, int], style: CardStyle) -> tuple:
        fs = face_style(style)
        lay = facelayout.layout(size[0], size[1], fs[0], fs[2])
        return (self._id(size, style), lay, fs, style, cardfaces.glyphs(lay))  # glyphs: main thread only

    def _start(self) -> None:
        self._cond.notify_all()
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="card-art", daemon=True)
            self._thread.start()

    # worker thread

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue) and not self._paused)
                job = self._running = self._queue.pop(0)
            try:
                self._paint(job)
            except Exception:  # a broken art file or a closed pygame: the quick faces stay
                log.exception("painting card faces failed")
            finally:
                with self._cond:
                    self._running = None
                    self._cond.notify_all()

    def _paint(self, job: tuple) -> None:
        job_id, lay, fs, style, glyph_set = job
        w, h = lay.w, lay.h
        key = back_key(w, h, style)
        if key not in CACHE:
            self.done.append((key, cardbacks.paint(w, h, key[3], style.high_contrast)))
        # the quick faces first, so that few need painting on a frame; then the pictures
        cards = sorted((Card(i) for i in range(52)), key=lambda c: cardfaces.uses_art(c, fs[0]))
        for card in cards:
            with self._cond:
                if job_id not in self._kept:
                    return  # superseded by other sizes
            key = face_key(card, w, h, fs)
            if key in CACHE:
                continue
            self.done.append((key, cardfaces.paint(card, lay, fs[1], glyph_set)))
            time.sleep(0)  # let the main thread take the interpreter between faces


def held(key) -> bool:
    """Whether ``key`` is a face, back, shadow or stack of a size the worker keeps painted: the cache
    evicts them last, so the table never has to paint them again on a frame."""
    if not isinstance(key, tuple) or len(key) < 3:
        return False
    kind = key[0]
    if kind == "face" and len(key) == 5:
        return (key[2], key[3], key[4]) in WORKER.held_faces
    if kind == "back":
        return key in WORKER.held_backs
    if kind == "shadow":
        return (key[1], key[2]) in WORKER.held_sizes
    if kind == "stack" and len(key) == 5:
        return key[4] in WORKER.held_backs
    return False


def _job_bytes(job: tuple) -> int:
    lay = job[1]
    return lay.w * lay.h * 4 * 54  # 52 faces, the back, a little room for quick faces


WORKER = Painter()
