"""Things the player should be told once, such as a damaged file that was set aside and replaced."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

NOTICE_SETTINGS = "notice.settings_reset"
NOTICE_MATCH = "notice.match_reset"
NOTICE_STATS = "notice.stats_reset"


@dataclass(frozen=True)
class Notice:
    """``key`` is a translation key (with a ``{file}`` placeholder), ``aside`` the kept file, if any."""

    key: str
    aside: Path | None = None
    detail: str = ""


class NoticeSink(Protocol):
    """Where a service reports a notice (a ``Store`` is one)."""

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "") -> None: ...


class Notices:
    """Collects notices from any thread; a key already waiting is not added twice."""

    def __init__(self) -> None:
        self._items: list[Notice] = []
        self._lock = threading.Lock()

    def add(self, key: str, aside: Path | None = None, detail: str = "") -> None:
        with self._lock:
            if all(n.key != key for n in self._items):
                self._items.append(Notice(key, aside, detail))

    def take(self) -> list[Notice]:
        """The notices not taken yet; each is returned once."""
        with self._lock:
            out, self._items = self._items, []
        return out
