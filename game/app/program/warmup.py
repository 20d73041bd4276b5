"""The modules the menu does not need, imported behind it once its first frame is on screen.

The game opens on the menu as soon as the menu can be drawn; the other screens, the result's layout
and the bots are imported on a thread of their own right after, so the first deal does not wait for
them either.  A screen shown before its turn here is simply imported then (imports are thread-safe,
and the app's modules import no circle, which ``tests/test_architecture.py`` holds).
"""
from __future__ import annotations

import importlib
import logging
import threading

from game.app.program.flow import LATER

log = logging.getLogger(__name__)

MODULES = ("game.app.scenes.result_layout", *LATER, "game.bots")

_started = threading.Event()


def start(modules: tuple[str, ...] = MODULES) -> threading.Thread | None:
    """Import ``modules`` on a daemon thread (once a process: later calls return None)."""
    if _started.is_set():
        return None
    _started.set()
    thread = threading.Thread(target=load, args=(modules,), name="warm-up", daemon=True)
    thread.start()
    return thread


def load(modules: tuple[str, ...]) -> list[str]:
    """Import each module; returns those that failed (logged: the screen will say so when it is opened)."""
    failed = []
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:
            log.exception("importing %s ahead of need failed", name)
            failed.append(name)
    return failed
