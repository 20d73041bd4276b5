"""File handling for the player's files: atomic writes, a background writer, bounded reads, bad files set aside.

Every write goes to a temporary file in the same folder, is flushed to disk, and replaces the old
file in one step (``os.replace``), so a crash or a killed process leaves either the old or the new
file, never half of one.
"""
from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

KEEP_ASIDE = 5  # damaged files of one kind kept for a look; older ones are deleted
READ_LIMIT = 1024 * 1024  # no file of ours is anywhere near this; a bigger one is not ours
IDLE_SECONDS = 2.0  # the writer thread ends after this long without work (and starts again on demand)


class FileTooLarge(ValueError):
    """A file is bigger than any file this game writes: it is not read at all."""


def read_limited(path: Path, limit: int = READ_LIMIT) -> bytes | None:
    """The file's bytes, or None when there is no file.

    Raises ``FileTooLarge`` for a file over ``limit`` bytes (never reading more than ``limit + 1``)
    and OSError when it cannot be read.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except FileNotFoundError:
        return None
    if len(raw) > limit:
        raise FileTooLarge(f"the file is too large (over {limit} bytes)")
    return raw


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash at any moment leaves the old or the new file whole."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(folder: Path) -> None:
    """Temporary files left by a write that was killed half way are never read; drop them."""
    for tmp in Path(folder).glob("*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<stem>.damaged-<timestamp><suffix>`` beside it; keep the newest few."""
    path = Path(path)
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not set %s aside: %s", path, e)
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    kept = sorted(path.parent.glob(f"{path.stem}.damaged-*{path.suffix}"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-KEEP_ASIDE]:
        with contextlib.suppress(OSError):
            old.unlink()
    return target


class Writer:
    """A background thread that writes files; only the newest text per file is written.

    The thread starts on the first write and ends after a while without work (or at ``stop``), so an
    idle writer holds no thread.  A failed write is counted in ``errors`` and logged; the last good
    file stays in place.
    """

    def __init__(self, name: str = "file-writer") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._pending: dict[Path, str | None] = {}  # None: delete the file
        self._busy = False
        self._current: tuple[Path, str | None] | None = None  # being written right now
        self._thread: threading.Thread | None = None
        self._stopping = False
        self.errors = 0

    def submit(self, path: Path, text: str | None) -> None:
        """Write ``text`` to ``path`` soon (None: delete the file); replaces a pending write of that file."""
        with self._cond:
            self._pending[Path(path)] = text
            self._stopping = False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self, path: Path) -> tuple[bool, str | None]:
        """(True, text) when a write of ``path`` is queued or running (text None: a delete)."""
        with self._cond:
            p = Path(path)
            if p in self._pending:
                return True, self._pending[p]
            if self._current is not None and self._current[0] == p:
                return True, self._current[1]
            return False, None

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted write is on disk; False when that took longer than ``timeout``."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def stop(self) -> None:
        """Let the thread end once nothing is pending (a later ``submit`` starts a new one)."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()

    def _next(self) -> tuple[Path, str | None] | None:
        """The next write to do, or None when the thread should end (called with the lock held)."""
        if not self._pending and not self._stopping:
            self._cond.wait(IDLE_SECONDS)
        if not self._pending:
            self._thread = None
            self._cond.notify_all()
            return None
        path, text = next(iter(self._pending.items()))
        del self._pending[path]
        self._busy = True
        self._current = (path, text)
        return path, text

    def _run(self) -> None:
        while True:
            with self._cond:
                job = self._next()
            if job is None:
                return
            path, text = job
            try:
                if text is None:
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
                else:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    atomic_write(path, text)
            except BaseException as e:  # a full disk or a read-only folder must not stop the game
                self.errors += 1
                log.warning("could not write %s: %s", path, e)
            finally:
                with self._cond:
                    self._busy = False
                    self._current = None
                    self._cond.notify_all()
