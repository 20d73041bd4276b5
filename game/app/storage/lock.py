"""One copy of the game per data folder: a lock file held open with the system's own lock.

Two copies on one folder would overwrite each other's saves and statistics, and one's start-up
would tidy away the other's write in progress.  The first copy holds ``FolderLock``; a second one
gets ``AlreadyOpen`` before it touches any file.  The lock is the operating system's
(``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on an open file, so a copy that crashed or
was killed holds nothing: the system lets go of its lock with its process, and the file left behind
means nothing.

Inside one process the lock is shared: a second ``FolderLock`` on the same folder (a test that
drops an app and starts another, as a restart would) counts as the same holder.
"""
from __future__ import annotations

import contextlib
import errno
import importlib
import logging
import os
import sys
import threading
from pathlib import Path
from typing import Protocol

from .files import Unusable, check_kind, open_regular, set_aside

log = logging.getLogger(__name__)

LOCK_FILE = "gin-rummy.lock"


class Msvcrt(Protocol):
    """What the lock uses of Windows' ``msvcrt`` (a module of that system only)."""

    @property
    def LK_NBLCK(self) -> int: ...

    @property
    def LK_UNLCK(self) -> int: ...

    def locking(self, fd: int, mode: int, nbytes: int, /) -> None: ...


class Fcntl(Protocol):
    """What the lock uses of POSIX's ``fcntl`` (a module Windows lacks)."""

    @property
    def LOCK_EX(self) -> int: ...

    @property
    def LOCK_NB(self) -> int: ...

    @property
    def LOCK_UN(self) -> int: ...

    def flock(self, fd: int, operation: int, /) -> None: ...


class WindowsLocks:
    """``msvcrt.locking`` on the lock file's first byte: Windows lets go of it when the process ends."""

    def __init__(self, msvcrt: Msvcrt) -> None:
        self.msvcrt = msvcrt

    def try_lock(self, fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            self.msvcrt.locking(fd, self.msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def unlock(self, fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            self.msvcrt.locking(fd, self.msvcrt.LK_UNLCK, 1)


class PosixLocks:
    """``fcntl.flock``: the system lets go of it when the process ends."""

    def __init__(self, fcntl: Fcntl) -> None:
        self.fcntl = fcntl

    def try_lock(self, fd: int) -> bool:
        try:
            self.fcntl.flock(fd, self.fcntl.LOCK_EX | self.fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True

    def unlock(self, fd: int) -> None:
        with contextlib.suppress(OSError):
            self.fcntl.flock(fd, self.fcntl.LOCK_UN)


def system_locks(platform: str = sys.platform) -> WindowsLocks | PosixLocks:
    """The locks of the system the game runs on."""
    if platform == "win32":
        return WindowsLocks(importlib.import_module("msvcrt"))
    return PosixLocks(importlib.import_module("fcntl"))


LOCKS = system_locks()


class AlreadyOpen(RuntimeError):
    """Another running copy of the game holds the data folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"the game is already open on {folder}")
        self.folder = folder


_held: dict[str, list[int]] = {}  # folder -> [fd, holders] for the locks this process holds
_held_lock = threading.Lock()


def _key(folder: Path) -> str:
    return os.path.normcase(os.path.realpath(folder))


class FolderLock:
    """The lock on ``folder``; ``acquire`` raises ``AlreadyOpen`` when another process holds it.

    Where no lock can be taken at all (a folder that takes no file, a file system without locks)
    the game goes on without one: ``held`` is False and ``why`` says why.  Nothing can then be
    written there by either copy, or the system cannot tell, which the log records.
    """

    def __init__(self, folder: Path, name: str = LOCK_FILE) -> None:
        self.folder = Path(folder)
        self.path = self.folder / name
        self.held = False
        self.why = ""
        self.aside: tuple[Path, str] | None = None  # a link or pipe found in the lock file's place, moved there

    def acquire(self) -> FolderLock:
        key = _key(self.folder)
        with _held_lock:
            if self.held:
                return self
            if key in _held:
                _held[key][1] += 1
                self.held = True
                return self
            fd = self._open()
            if fd is None:
                return self
            try:
                locked = LOCKS.try_lock(fd)
            except OSError as e:  # the file system has no locks (some network shares)
                os.close(fd)
                self.why = f"the folder cannot be locked: {e}"
                log.warning("%s; two copies of the game could overwrite each other's files", self.why)
                return self
            if not locked:
                os.close(fd)
                raise AlreadyOpen(self.folder)
            _held[key] = [fd, 1]
            self.held = True
            with contextlib.suppress(OSError):  # who holds it, for a person who looks
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode())
        return self

    def _open(self) -> int | None:
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
        try:
            check_kind(self.path)
        except Unusable as e:  # a link or a pipe: moved aside, never opened (``open_regular`` checks again)
            moved = set_aside(self.path)
            if moved is not None:
                self.aside = (moved, str(e))
        flags = os.O_CREAT
        try:
            return open_regular(self.path, os.O_RDWR | flags)
        except (OSError, Unusable) as e:
            first = e
        try:  # a read-only folder may still hold the lock file of an earlier start
            return open_regular(self.path)
        except (OSError, Unusable):
            self.why = f"no lock file can be made: {getattr(first, 'strerror', None) or first}"
            log.warning("%s in %s", self.why, self.folder)
            return None

    def release(self) -> None:
        """Let go (the last holder in this process unlocks and closes the file, which stays)."""
        key = _key(self.folder)
        with _held_lock:
            if not self.held:
                return
            self.held = False
            entry = _held.get(key)
            if entry is None:
                return
            entry[1] -= 1
            if entry[1] <= 0:
                del _held[key]
                LOCKS.unlock(entry[0])
                with contextlib.suppress(OSError):
                    os.close(entry[0])

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
