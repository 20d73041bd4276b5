"""When something goes wrong: the traceback goes to a log file the player can send us.

A player who double-clicked the game sees no console, so ``CrashLog.report`` writes the error to
``error.log`` in the data folder (rotated, so it never grows without bound) and returns its path
for the error screen.  The log is opened only as a regular file (``open_regular``): a link or a pipe
in its place is set aside with a notice, so no line is ever written through a link.  Every line
written there goes through ``HideCards``: no card is ever named in it, so a failing bot (or anything
else) cannot leak a hidden hand to whoever reads the log.  When nothing usable can be made in the
data folder the log goes to the temporary folder.  The saved match is never touched here: pending
saves are flushed first (the ``flush`` the log was given), so the last good save (from before the
failing action) stays for Continue.  ``SilentCrashLog`` writes no file: a report only goes to
``logging``.
"""
from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import platform
import re
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from game.app.config import paths
from game.app.storage.files import Unusable, check_kind, open_regular, set_aside
from game.app.storage.notices import NOTICE_FILE_ASIDE, NoticeSink

MAX_BYTES = 256 * 1024
BACKUPS = 2
LOGGER = "game"
FALLBACK_NAME = "gin-rummy-error.log"  # in the temp folder, when the data folder takes no file

log = logging.getLogger(LOGGER + ".crash")

_Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
_ThreadHook = Callable[[threading.ExceptHookArgs], object]


# A card as the game writes it (``4H``, ``Card('TS')``): a rank and a suit standing alone.
_CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][CDHS](?![A-Za-z0-9])")


class HideCards(logging.Formatter):
    """The log's formatter: each line, its traceback included, with every card replaced by ``??``."""

    def format(self, record: logging.LogRecord) -> str:
        return _CARD.sub("??", super().format(record))


def _header(context: str) -> str:
    try:
        import pygame

        versions = f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"
    except Exception:
        versions = "pygame unavailable"
    return (f"unexpected error{' while ' + context if context else ''} "
            f"(Python {platform.python_version()}, {versions}, {platform.platform()})")


class _RegularFileHandler(logging.handlers.RotatingFileHandler):
    """The rotating log, its file opened the one way the game opens a file (no link, no pipe)."""

    def _open(self):  # type: ignore[no-untyped-def]
        fd = open_regular(Path(self.baseFilename), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        return os.fdopen(fd, "a", encoding=self.encoding or "utf-8", errors=self.errors)


class CrashLog:
    """The error log in ``folder``; ``flush`` (e.g. the store's) runs before each report; ``notices``
    hears of a log file that had to be set aside."""

    def __init__(self, folder: Path, flush: Callable[[], object] | None = None,
                 notices: NoticeSink | None = None) -> None:
        self.folder = Path(folder)
        self._flush = flush
        self._notices = notices
        self._handler: logging.Handler | None = None
        self._path: Path | None = None
        self._lock = threading.Lock()
        self._hooks: tuple[_Hook, _ThreadHook] | None = None  # the hooks ``install`` replaced

    def _open_handler(self) -> Path:
        """Attach the rotating log file to the ``game`` logger once; return its path."""
        with self._lock:
            if self._handler is not None and self._path is not None:
                return self._path
            candidates = [self.folder / paths.LOG_FILE, Path(tempfile.gettempdir()) / FALLBACK_NAME]
            for candidate in candidates:
                try:
                    candidate.parent.mkdir(parents=True, exist_ok=True)
                    if candidate.parent == self.folder:
                        self._set_aside_unusable(candidate)
                    handler = _RegularFileHandler(candidate, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                  encoding="utf-8")
                except (OSError, Unusable):
                    continue
                handler.setFormatter(HideCards("%(asctime)s %(levelname)s %(name)s: %(message)s"))
                handler.setLevel(logging.WARNING)
                logger = logging.getLogger(LOGGER)
                logger.addHandler(handler)
                if logger.level == logging.NOTSET or logger.level > logging.WARNING:
                    logger.setLevel(logging.WARNING)
                self._handler, self._path = handler, candidate
                return candidate
            raise OSError("no folder accepts the log file")

    def _set_aside_unusable(self, path: Path) -> None:
        """A link, pipe or folder where the log belongs is moved aside (never written through) and told."""
        try:
            check_kind(path)
        except Unusable as e:
            aside = set_aside(path)
            if aside is not None and self._notices is not None:
                self._notices.add_notice(NOTICE_FILE_ASIDE, aside, str(e))

    def log_file(self) -> Path | None:
        """Where errors are written (opening the file if needed); None when no folder is writable."""
        try:
            return self._open_handler()
        except OSError:
            return None

    def report(self, error: BaseException, context: str = "") -> Path | None:
        """Write ``error`` with its traceback to the log and return the log's path for the error screen."""
        if self._flush is not None:
            with contextlib.suppress(Exception):  # the report itself must never fail
                self._flush()
        path = self.log_file()
        if path is None:
            traceback.print_exception(type(error), error, error.__traceback__)
            return None
        logging.getLogger(LOGGER).critical(_header(context), exc_info=(type(error), error, error.__traceback__))
        if self._handler is not None:
            self._handler.flush()
        return path

    def _excepthook(self, kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, tb)
            return
        if error.__traceback__ is None:
            error = error.with_traceback(tb)
        path = self.report(error, "running the game")
        sys.__excepthook__(kind, error, tb)
        if path is not None:
            print(f"The error was written to {path}", file=sys.stderr)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            self.report(args.exc_value, f"in thread {args.thread.name if args.thread else '?'}")

    def install(self) -> Path | None:
        """Log every uncaught error (main thread and worker threads); return the log path.

        The app should still catch errors in its loop itself, call ``report`` and show the error
        screen; this hook is the last line for anything that escapes.
        """
        if self._hooks is None:
            self._hooks = (sys.excepthook, threading.excepthook)
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_hook
        return self.log_file()

    def uninstall(self) -> None:
        """Put back the hooks ``install`` replaced (if ours are still in place) and close the log file."""
        if self._hooks is not None:
            if sys.excepthook == self._excepthook:
                sys.excepthook = self._hooks[0]
            if threading.excepthook == self._thread_hook:
                threading.excepthook = self._hooks[1]
            self._hooks = None
        with self._lock:
            if self._handler is not None:
                logging.getLogger(LOGGER).removeHandler(self._handler)
                self._handler.close()
            self._handler, self._path = None, None


class SilentCrashLog:
    """No log file and no hooks: a report goes to ``logging`` only (tests, pictures)."""

    def log_file(self) -> Path | None:
        return None

    def report(self, error: BaseException, context: str = "") -> Path | None:
        log.error(_header(context), exc_info=(type(error), error, error.__traceback__))
        return None

    def install(self) -> Path | None:
        return None

    def uninstall(self) -> None:
        pass
