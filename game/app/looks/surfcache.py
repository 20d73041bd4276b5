"""A least-recently-used store of surfaces bounded by the bytes they hold, not by how many there are.

Card faces, backs and the felt are built once per size and kept here.  A window resized many times
leaves surfaces of sizes nobody draws any more; they are the least recently used, so they go first
when a new one would pass the budget.  Users of the cache may ask for a larger budget while they
need it (``reserve``): a big screen needs more bytes for the same set of surfaces, and a budget
below what one frame draws would rebuild the same surfaces over and over.

Nearly everything kept is drawn for one window size.  Surfaces that serve every size (the art read
from files, the felt's grain tile) are put as ``lasting``; when the window settles on a new size the
rest is dropped at once (``drop_sized``), before the new size's surfaces are built next to them.

A reservation may also say which entries it covers (``holds``): those go only after every entry no
reservation covers.  Card faces painted ahead for the table are covered, so surfaces a celebration
or a showdown builds for a moment push out each other, never the faces the next deal flies.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

MB = 1024 * 1024
DEFAULT_BUDGET = 48 * MB
HEADROOM = 1.25  # the budget over what the users reserved


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory one surface holds."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    """Thread-safe; ``get`` marks an entry as used, ``put`` evicts the least recently used."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.base_budget = int(budget)
        self._reserved: dict[str, int] = {}
        self._holds: dict[str, Callable[[Hashable], bool]] = {}
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._lasting: set[Hashable] = set()
        self._bytes = 0
        self._lock = threading.Lock()
        self.evictions = 0

    # ------------------------------------------------------------------ budget

    @property
    def budget(self) -> int:
        return max(self.base_budget, int(sum(self._reserved.values()) * HEADROOM))

    def reserve(self, name: str, nbytes: int, holds: Callable[[Hashable], bool] | None = None) -> None:
        """Say that ``name`` needs about ``nbytes`` kept at once (replaces its earlier reservation).
        ``holds(key)`` tells the entries the reservation is for: they are evicted last."""
        with self._lock:
            if nbytes > 0:
                self._reserved[name] = int(nbytes)
            else:
                self._reserved.pop(name, None)
            if nbytes > 0 and holds is not None:
                self._holds[name] = holds
            else:
                self._holds.pop(name, None)
            self._trim()

    def held(self, key: Hashable) -> bool:
        """Whether a reservation covers ``key`` (it would be evicted last)."""
        return any(holds(key) for holds in list(self._holds.values()))

    # ------------------------------------------------------------------ entries

    @property
    def nbytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def held_keys(self) -> list[Hashable]:
        """The keys held now, the least recently used first."""
        with self._lock:
            return list(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        with self._lock:
            surf = self._items.get(key)
            if surf is not None:
                self._items.move_to_end(key)
            return surf

    def put(self, key: Hashable, surf: pygame.Surface, lasting: bool = False) -> pygame.Surface:
        """Keep ``surf`` under ``key`` (a surface larger than the whole budget is returned, not kept).
        ``lasting``: it serves every window size, so ``drop_sized`` leaves it."""
        size = surface_bytes(surf)
        with self._lock:
            self._pop(key)
            if size <= self.budget:
                self._items[key] = surf
                self._bytes += size
                if lasting:
                    self._lasting.add(key)
                self._trim()
        return surf

    def discard(self, key: Hashable) -> None:
        with self._lock:
            self._pop(key)

    def drop_sized(self) -> int:
        """Forget every surface not put as lasting (the window has a new size); returns the bytes freed."""
        with self._lock:
            before = self._bytes
            for key in [k for k in self._items if k not in self._lasting]:
                self._pop(key)
            return before - self._bytes

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._lasting.clear()
            self._bytes = 0

    def _pop(self, key: Hashable) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self._bytes -= surface_bytes(old)
            self._lasting.discard(key)

    def _trim(self) -> None:
        budget = self.budget
        if self._bytes <= budget:
            return
        if self._holds:  # the least recently used entry no reservation covers goes first
            for key in list(self._items):
                if self._bytes <= budget:
                    return
                if not self.held(key):
                    self._evict(key)
        while self._bytes > budget and self._items:
            self._evict(next(iter(self._items)))

    def _evict(self, key: Hashable) -> None:
        self._pop(key)
        self.evictions += 1


CACHE = SurfaceCache()
