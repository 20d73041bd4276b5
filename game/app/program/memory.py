"""Giving memory the game no longer uses back to the system.

Surfaces of a window size nobody draws any more are dropped from the caches when a resize has
settled; what they leave behind is handed back here.  Two things keep a process large after its
surfaces are freed: objects in reference cycles (an old screen's widgets, a replaced UI manager) wait
for Python's full collection, and the C allocator keeps freed blocks for later.  On glibc the large
blocks (felts, window-sized pictures) are given their own mappings, which go back to the system the
moment they are freed, and ``release`` trims what is left; elsewhere those two steps do nothing.
"""
from __future__ import annotations

import ctypes
import gc
import logging
import sys

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # mallopt parameters (malloc.h)
M_ARENA_MAX = -8
# blocks at least this large get their own mapping: felts, the window, the UI's shape atlas; not the
# smaller surfaces made and freed every frame (a mapping each time would cost page faults on every frame)
MMAP_THRESHOLD = 2 * 1024 * 1024
ARENA_MAX = 2  # the main thread and one for all the others (the card painter, the UI's font loaders)

_libc: ctypes.CDLL | None = None
_looked = False
_tuned = False


def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (it has ``malloc_trim``), else None; looked up once."""
    global _libc, _looked
    if not _looked:
        _looked = True
        if sys.platform.startswith("linux"):
            try:
                # the process's own symbols hold the C library's; find_library would start a subprocess
                lib = ctypes.CDLL(None)
                if not hasattr(lib, "malloc_trim"):
                    lib = ctypes.CDLL("libc.so.6")
                if hasattr(lib, "malloc_trim") and hasattr(lib, "mallopt"):
                    lib.malloc_trim.argtypes = [ctypes.c_size_t]
                    lib.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
                    _libc = lib
            except (OSError, AttributeError) as exc:
                log.debug("no glibc allocator controls: %s", exc)
    return _libc


def tune() -> bool:
    """Set the allocator up for a game that frees big pictures often (once; before threads start is
    best).  Returns whether it could."""
    global _tuned
    lib = _glibc()
    if lib is None:
        return False
    if not _tuned:
        _tuned = True
        try:
            # a fixed threshold: glibc would otherwise raise it to the size of each big block freed,
            # after which window-sized pictures come from the heap and leave holes in it
            lib.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
            lib.mallopt(M_ARENA_MAX, ARENA_MAX)
        except Exception as exc:  # never a reason not to play
            log.debug("mallopt failed: %s", exc)
            return False
    return True


def trim() -> bool:
    """Hand the allocator's free pages back to the system (glibc); whether anything was returned."""
    lib = _glibc()
    if lib is None:
        return False
    try:
        return bool(lib.malloc_trim(0))
    except Exception as exc:
        log.debug("malloc_trim failed: %s", exc)
        return False


def release() -> None:
    """Free what only reference cycles still hold, then trim (a few milliseconds: call it when the
    game has just done something slow anyway, like settling on a new window size)."""
    gc.collect()
    trim()
