"""File handling for the player's files: prompt atomic writes, a background writer, bounded reads, bad files set aside.

Every write goes to a temporary file in the same folder and replaces the old file in one step
(``os.replace``), so a crash or a killed process leaves either the old or the new file, never half
of one.  The writer renames first and asks the disk to make the file durable (``fsync``) right
after, on a thread of its own: a slow disk never holds a save back, so a killed game loses at most
the write that was in flight at that moment.
"""
from __future__ import annotations

import contextlib
import errno
import logging
import os
import shutil
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .aside import KEEP_ASIDE, aside_name, kept_aside, set_aside

log = logging.getLogger(__name__)

__all__ = ["KEEP_ASIDE", "aside_name", "kept_aside", "set_aside"]  # from .aside, where they live

READ_LIMIT = 1024 * 1024  # settings: no file of ours is anywhere near this; a bigger one is not ours
IDLE_SECONDS = 2.0  # the writer thread ends after this long without work (and starts again on demand)
LOW_SPACE = 64 * 1024  # less free space than this in the data folder: saves are about to fail

# Why a write cannot be done, as translation keys (``notice.why.<key>``) the player reads.
WHY_READ_ONLY_FOLDER = "notice.why.folder_read_only"
WHY_READ_ONLY_FILE = "notice.why.file_read_only"
WHY_FULL = "notice.why.disk_full"
WHY_DISK = "notice.why.disk_error"


class Unusable(ValueError):
    """A file that is not ours to read: it is kept aside (or left alone), never used."""


class FileTooLarge(Unusable):
    """A file is bigger than any file this game writes: it is not read at all."""


class NotAFile(Unusable):
    """A folder, a device, a pipe or a link to nothing where a file of ours should be."""


class Refused(OSError):
    """A write this store will not do: the file there could not be kept aside, so it is left alone."""


def why_failed(error: BaseException) -> str:
    """The player's reason (a ``WHY_*`` key) for a failed write."""
    code = getattr(error, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG):
        return WHY_FULL
    if code == errno.EROFS:
        return WHY_READ_ONLY_FOLDER
    if code in (errno.EACCES, errno.EPERM):
        filename = getattr(error, "filename", None)
        if filename and os.path.isfile(filename) and not os.access(filename, os.W_OK):
            return WHY_READ_ONLY_FILE
        return WHY_READ_ONLY_FOLDER
    return WHY_DISK


def unwritable(folder: Path, files: tuple[Path, ...] = ()) -> tuple[str, Path] | None:
    """Why nothing (or not everything) can be saved in ``folder``, seen before trying, and where (the
    folder, or the read-only file); None when all looks fine."""
    folder = Path(folder)
    if folder.is_dir():
        if not os.access(folder, os.W_OK):
            return WHY_READ_ONLY_FOLDER, folder
        with contextlib.suppress(OSError):
            if shutil.disk_usage(folder).free < LOW_SPACE:
                return WHY_FULL, folder
    for f in files:
        if f.is_file() and not os.access(f, os.W_OK):
            return WHY_READ_ONLY_FILE, f
    return None


def check_kind(path: Path) -> None:
    """Raise ``NotAFile`` when something other than a regular file (or nothing) is at ``path``; a link,
    even to a regular file, is refused: what the game writes there would land wherever it points."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:  # a name too long, a folder on the way that cannot be searched, ...
        raise NotAFile(f"not a usable file: {e.strerror or e}") from None
    if stat.S_ISLNK(st.st_mode):
        raise NotAFile("a link to another file")
    if not stat.S_ISREG(st.st_mode):
        raise NotAFile("a folder is in its place" if stat.S_ISDIR(st.st_mode) else "not a regular file")


def open_regular(path: Path, flags: int = os.O_RDONLY, mode: int = 0o644) -> int:
    """A descriptor of the regular file at ``path``, the one way the game opens a file of its own.

    A link is not followed (``O_NOFOLLOW``), a pipe or device is never waited on (``O_NONBLOCK``) and
    anything that turns out not to be a regular file once open is closed again: ``NotAFile`` for all of
    them, OSError when the system refuses the open.
    """
    check_kind(path)
    extra = getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | extra, mode)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.ENXIO, getattr(errno, "EMLINK", errno.ELOOP)):
            raise NotAFile("not a regular file") from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between the look and the open
            raise NotAFile("not a regular file")
        if getattr(os, "O_NONBLOCK", 0):  # POSIX: reads and writes wait as usual once it is a file
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_limited(path: Path, limit: int = READ_LIMIT) -> bytes | None:
    """The file's bytes, or None when there is no file.

    Raises ``FileTooLarge`` for a file over ``limit`` bytes (never reading more than ``limit + 1``),
    ``NotAFile`` for a folder, device, pipe or link in its place (``open_regular``: a pipe cannot hang
    the game, a link is not followed), and OSError when it cannot be read.
    """
    check_kind(path)
    try:
        if os.lstat(path).st_size > limit:  # not even opened
            raise FileTooLarge(f"the file is too large (over {limit} bytes)")
        fd = open_regular(path)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        if os.fstat(f.fileno()).st_size > limit:
            raise FileTooLarge(f"the file is too large (over {limit} bytes)")
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise FileTooLarge(f"the file is too large (over {limit} bytes)")
    return raw


def atomic_write(path: Path, text: str, durable: bool = True) -> None:
    """Write ``text`` to ``path`` so that a crash at any moment leaves the old or the new file whole.

    ``durable``: the data reaches the disk (``fsync``) before the rename, as a power cut needs; without
    it the rename happens at once and ``sync_file`` may follow (what the background writer does).
    """
    path = Path(path)
    try:
        check_kind(path)
    except NotAFile as e:
        raise Refused(errno.EEXIST, f"not written over: {e}", str(path)) from None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_dir(path.parent)


def sync_file(path: Path) -> None:
    """Ask the disk to keep ``path`` and its name for good (after a rename); quiet when it cannot."""
    flags = os.O_RDWR if os.name == "nt" else os.O_RDONLY  # Windows flushes only a handle open for writing
    try:
        fd = open_regular(path, flags)
        with os.fdopen(fd, "rb") as f:
            os.fsync(f.fileno())
    except (OSError, NotAFile):
        return
    _sync_dir(Path(path).parent)


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
    """Temporary files left by a write that was killed half way are never read; drop them.

    Only the copy of the game that holds the folder's lock may call this: another copy's temporary
    file is a write in progress.
    """
    for tmp in Path(folder).glob("*.tmp"):
        with contextlib.suppress(OSError):
            if tmp.is_file() and not tmp.is_symlink():
                tmp.unlink()


Report = Callable[[Path, BaseException | None], None]


class Writer:
    """A background thread that writes files; only the newest text per file is written.

    The thread starts on the first write and ends after a while without work (or at ``stop``), so an
    idle writer holds no thread.  A written file is renamed into place at once and made durable
    (``fsync``) by a second thread, so a slow disk never delays the next save.  A failed write is
    counted in ``errors``, logged and handed to ``report`` (with None after a good write); the last
    good file stays in place.  A file over which a damaged original was left (``guard``) is never
    written or deleted, nor is a file the player made read-only.
    """

    def __init__(self, name: str = "file-writer", report: Report | None = None) -> None:
        self._name = name
        self._report = report
        self._cond = threading.Condition()
        self._pending: dict[Path, str | None] = {}  # None: delete the file
        self._busy = False
        self._current: tuple[Path, str | None] | None = None  # being written right now
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._guarded: set[Path] = set()
        self._unsynced: set[Path] = set()
        self._syncing = False
        self._sync_thread: threading.Thread | None = None
        self._failing: set[Path] = set()  # logged once until a write of it works again
        self.errors = 0

    def guard(self, path: Path) -> None:
        """Never write or delete ``path`` (a damaged file that could not be moved aside is there)."""
        with self._cond:
            self._guarded.add(Path(path))
            self._pending.pop(Path(path), None)

    def guarded(self, path: Path) -> bool:
        with self._cond:
            return Path(path) in self._guarded

    def submit(self, path: Path, text: str | None) -> None:
        """Write ``text`` to ``path`` soon (None: delete the file); replaces a pending write of that file."""
        with self._cond:
            p = Path(path)
            if p in self._guarded:
                return
            self._pending[p] = text
            self._stopping = False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def write_now(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` before returning (the rename only; the sync to the disk follows on the
        writer's thread): for what the player has just been shown, which a kill must not take back.
        A pending write of the file is dropped (this one is newer); a failure is reported like any write."""
        p = Path(path)
        with self._cond:
            self._pending.pop(p, None)
            while self._current is not None and self._current[0] == p:  # an older text being written
                self._cond.wait(0.5)
            error: BaseException | None = None
            try:  # under the lock: the writer thread cannot start an older write of the file meanwhile
                self._do(p, text)
            except Exception as e:
                error = e
                self.errors += 1
                log.warning("could not write %s: %s", p, e)
        if self._report is not None:
            try:
                self._report(p, error)
            except Exception:
                log.exception("a write report failed")

    def pending(self, path: Path) -> tuple[bool, str | None]:
        """(True, text) when a write of ``path`` is queued or running (text None: a delete)."""
        with self._cond:
            p = Path(path)
            if p in self._pending:
                return True, self._pending[p]
            if self._current is not None and self._current[0] == p:
                return True, self._current[1]
            return False, None

    def flush(self, timeout: float = 5.0, durable: bool = False) -> bool:
        """Wait until every submitted write is in place (``durable``: and synced to the disk);
        False when that took longer than ``timeout``."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy or (durable and (self._unsynced or self._syncing)):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def stop(self) -> None:
        """Let the threads end once nothing is pending (a later ``submit`` starts a new one)."""
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
            error: BaseException | None = None
            try:
                self._do(path, text)
            except BaseException as e:  # a full disk or a read-only folder must not stop the game
                error = e
                self.errors += 1
                level = logging.DEBUG if path in self._failing else logging.WARNING
                self._failing.add(path)
                log.log(level, "could not write %s: %s", path, e)
            else:
                if path in self._failing:
                    self._failing.discard(path)
                    log.warning("%s is written again", path)
            finally:
                if self._report is not None:  # before the write counts as done: ``flush`` waits for it too
                    try:
                        self._report(path, error)
                    except Exception:
                        log.exception("a write report failed")
                with self._cond:
                    self._busy = False
                    self._current = None
                    self._cond.notify_all()

    def _do(self, path: Path, text: str | None) -> None:
        if self.guarded(path):
            return
        if os.path.lexists(path) and os.path.isfile(path) and not os.access(path, os.W_OK):
            raise Refused(errno.EACCES, "the file is read-only", str(path))
        if text is None:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text, durable=False)
        with self._cond:
            self._unsynced.add(path)
            if self._sync_thread is None:
                self._sync_thread = threading.Thread(target=self._sync_run, name=self._name + "-sync", daemon=True)
                self._sync_thread.start()
            self._cond.notify_all()

    def _sync_run(self) -> None:
        while True:
            with self._cond:
                if not self._unsynced and not self._stopping:
                    self._cond.wait(IDLE_SECONDS)
                if not self._unsynced:
                    self._sync_thread = None
                    self._cond.notify_all()
                    return
                path = self._unsynced.pop()
                self._syncing = True
            try:
                sync_file(path)
            finally:
                with self._cond:
                    self._syncing = False
                    self._cond.notify_all()
