"""Things the player should be told once, such as a damaged file that was set aside and replaced."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

NOTICE_SETTINGS = "notice.settings_reset"
NOTICE_MATCH = "notice.match_reset"
NOTICE_STATS = "notice.stats_reset"
NOTICE_STATS_ROWS = "notice.stats_rows_skipped"  # some records unreadable: left out, the old file copied aside
NOTICE_FILE_ASIDE = "notice.file_aside"  # a link, pipe or device where a file of ours belongs: moved aside
NOTICE_WAYS = "notice.ways_reset"  # ways.json could not be read: set aside, counted afresh
NOTICE_FILE_LEFT = "notice.file_left"  # a bad file that could not be moved aside: left untouched, not used
NOTICE_CANNOT_SAVE = "notice.cannot_save"  # progress cannot be saved (``why`` says why); play goes on
NOTICE_SAVING_BACK = "notice.saving_back"  # saving works again after it had failed


@dataclass(frozen=True)
class Notice:
    """``key`` is a translation key with ``{file}`` (the name of ``aside``), ``{path}`` (all of it) and
    ``{why}`` (the translation of ``why``) placeholders; ``aside`` is the file or folder the notice is
    about (the kept copy of a damaged file), ``detail`` what the log says."""

    key: str
    aside: Path | None = None
    detail: str = ""
    why: str = ""


class NoticeSink(Protocol):
    """Where a service reports a notice (a ``Store`` is one)."""

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None: ...


class Notices:
    """Collects notices from any thread; a key already waiting is not added twice."""

    def __init__(self) -> None:
        self._items: list[Notice] = []
        self._lock = threading.Lock()

    def add(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None:
        with self._lock:
            if all(n.key != key for n in self._items):
                self._items.append(Notice(key, aside, detail, why))

    def take(self) -> list[Notice]:
        """The notices not taken yet; each is returned once."""
        with self._lock:
            out, self._items = self._items, []
        return out

    def take_key(self, key: str) -> Notice | None:
        """The waiting notice with ``key``, taken out (shown another way, so the menu does not repeat it)."""
        with self._lock:
            for n in self._items:
                if n.key == key:
                    self._items.remove(n)
                    return n
        return None
