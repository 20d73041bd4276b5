"""When something goes wrong: the traceback goes to a log file the player can send us.

A player who double-clicked the game sees no console, so ``report`` writes the error to
``error.log`` in the data folder (rotated, so it never grows without bound) and returns its path
for the error screen.  The saved match is never touched here: pending saves are flushed, so the
last good save (from before the failing action) stays for Continue.
"""
from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
import tempfile
import threading
import traceback
from pathlib import Path
from types import TracebackType

from . import paths

MAX_BYTES = 256 * 1024
BACKUPS = 2
LOGGER = "game"

_handler: logging.Handler | None = None
_path: Path | None = None
_lock = threading.Lock()


def _open_handler() -> Path:
    """Attach the rotating log file to the ``game`` logger once; return its path."""
    global _handler, _path
    with _lock:
        if _handler is not None and _path is not None:
            return _path
        candidates = []
        try:
            candidates.append(paths.log_path())
        except OSError:
            pass
        candidates.append(Path(tempfile.gettempdir()) / "gin-rummy-error.log")
        for candidate in candidates:
            try:
                handler = logging.handlers.RotatingFileHandler(candidate, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                               encoding="utf-8", delay=False)
            except OSError:
                continue
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
            handler.setLevel(logging.WARNING)
            logger = logging.getLogger(LOGGER)
            logger.addHandler(handler)
            if logger.level == logging.NOTSET or logger.level > logging.WARNING:
                logger.setLevel(logging.WARNING)
            _handler, _path = handler, candidate
            return candidate
        raise OSError("no folder accepts the log file")


def log_file() -> Path | None:
    """Where errors are written (opening the file if needed); None when no folder is writable."""
    try:
        return _open_handler()
    except OSError:
        return None


def report(error: BaseException, context: str = "") -> Path | None:
    """Write ``error`` with its traceback to the log and return the log's path for the error screen."""
    try:
        from . import storage

        storage.flush(2.0)
    except Exception:  # the report itself must never fail
        pass
    path = log_file()
    if path is None:
        traceback.print_exception(type(error), error, error.__traceback__)
        return None
    try:
        import pygame

        versions = f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"
    except Exception:
        versions = "pygame unavailable"
    header = (f"unexpected error{' while ' + context if context else ''} "
              f"(Python {platform.python_version()}, {versions}, {platform.platform()})")
    logging.getLogger(LOGGER).critical(header, exc_info=(type(error), error, error.__traceback__))
    if _handler is not None:
        _handler.flush()
    return path


def _excepthook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return
    if error.__traceback__ is None:
        error = error.with_traceback(tb)
    path = report(error, "running the game")
    sys.__excepthook__(kind, error, tb)
    if path is not None:
        print(f"The error was written to {path}", file=sys.stderr)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        report(args.exc_value, f"in thread {args.thread.name if args.thread else '?'}")


def install() -> Path | None:
    """Log every uncaught error (main thread and worker threads); return the log path.

    The app should still catch errors in its loop itself, call ``report`` and show the error screen;
    this hook is the last line for anything that escapes.
    """
    sys.excepthook = _excepthook
    threading.excepthook = _thread_hook
    return log_file()


def uninstall() -> None:
    """Undo ``install`` and close the log (tests, or before pointing the data folder elsewhere)."""
    global _handler, _path
    sys.excepthook = sys.__excepthook__
    threading.excepthook = threading.__excepthook__
    with _lock:
        if _handler is not None:
            logging.getLogger(LOGGER).removeHandler(_handler)
            _handler.close()
        _handler, _path = None, None
