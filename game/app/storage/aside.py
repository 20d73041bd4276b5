"""Bad files kept for a look: renamed beside themselves with a timestamp, the newest few kept, never deleted
while they are the only copy."""
from __future__ import annotations

import contextlib
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("game.app.storage.files")

KEEP_ASIDE = 5  # damaged files of one kind kept for a look; older ones are deleted


def aside_name(path: Path) -> Path:
    """A free name beside ``path`` for a kept copy: ``<stem>.damaged-<timestamp>[-n]<suffix>``."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    return target


def _prune_aside(path: Path) -> None:
    def age(p: Path) -> float:
        try:
            return p.lstat().st_mtime
        except OSError:
            return 0.0

    kept = sorted(path.parent.glob(f"{path.stem}.damaged-*{path.suffix}"), key=age)
    for old in kept[:-KEEP_ASIDE]:
        with contextlib.suppress(OSError):
            if old.is_symlink() or old.is_file():
                old.unlink()


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<stem>.damaged-<timestamp><suffix>`` beside it; keep the newest few.

    Returns the new name, or None when there was nothing to set aside or the rename failed: the
    original is then left exactly where it was (never deleted), and the caller must not write over it.
    """
    path = Path(path)
    if not os.path.lexists(path):
        return None
    target = aside_name(path)
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not set %s aside (%s); it is left as it was", path, e)
        return None
    _prune_aside(path)
    return target


def kept_aside(path: Path) -> bool:
    """True when a bad file is still in place after ``set_aside`` returned None (it must not be overwritten)."""
    return os.path.lexists(path)
