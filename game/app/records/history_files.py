"""The hand history's files: a match (or one hand) written out for sharing, and a file read back in.

Exports are written on a writer thread of their own into a folder beside the statistics file.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol

from game.app.records.history_entries import HandEntry, MatchEntry
from game.app.storage.files import FileTooLarge, NotAFile, Writer, read_limited
from game.engine.record import RecordError
from game.engine.record_file import LoadedFile, dump_file, load_file

HISTORY_KEEP = 200  # matches kept by default (the oldest go first); the settings may choose another number
EXPORT_FOLDER = "history"  # beside the statistics file
EXPORT_SUFFIX = ".jsonl"
IMPORT_LIMIT = 4 * 1024 * 1024

_exports = Writer("history-export")


class HistoryTables(Protocol):
    """What the files read from and add to: the history's tables (a ``History``)."""

    @property
    def folder(self) -> Path | None: ...

    def match(self, match_id: str) -> MatchEntry | None: ...

    def hands(self, match_id: str) -> list[HandEntry]: ...

    def add_file(self, loaded: LoadedFile, keep: int = HISTORY_KEEP, when: float | None = None) -> MatchEntry: ...


class HistoryFiles:
    """Export and import of the history held in ``tables`` (a ``History`` holds this as ``files``)."""

    def __init__(self, tables: HistoryTables) -> None:
        self.tables = tables

    def export_text(self, match_id: str, hand_no: int | None = None) -> str | None:
        """A history file of the match (or of one of its hands); None when there is nothing to write."""
        entry = self.tables.match(match_id)
        if entry is None:
            return None
        records = [h.record for h in self.tables.hands(match_id) if h.record is not None
                   and (hand_no is None or h.hand_no == hand_no)]
        if not records:
            return None
        if entry.table is not None:  # a table's hand is exported as its duel, a match of two
            if hand_no is None:
                return None
            entry = entry.duel(hand_no)
        return dump_file(entry.header(), records)

    def export(self, match_id: str, hand_no: int | None = None, when: float | None = None) -> Path | None:
        """Write the match (or one hand) to a file in the export folder, on a writer thread; its path."""
        folder = self.tables.folder
        text = self.export_text(match_id, hand_no)
        if folder is None or text is None:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
        name = f"match-{stamp}" if hand_no is None else f"hand-{stamp}-{hand_no + 1}"
        path = folder / (name + EXPORT_SUFFIX)
        _exports.submit(path, text)
        return path

    def import_file(self, path: str | Path, keep: int = HISTORY_KEEP) -> tuple[MatchEntry, LoadedFile]:
        """Read a history file and keep its hands; ``RecordError`` says why a file is refused."""
        try:
            raw = read_limited(Path(path), IMPORT_LIMIT)
        except FileTooLarge:
            raise RecordError("the file is too large") from None
        except NotAFile as e:  # a link, a pipe or a folder: only a regular file is read
            raise RecordError(f"the file cannot be read: {e}") from None
        except OSError as e:
            raise RecordError(f"the file cannot be read: {e.strerror or e}") from None
        if raw is None:
            raise RecordError("there is no such file")
        loaded = load_file(raw)
        return self.tables.add_file(loaded, keep), loaded


def flush_exports(timeout: float = 5.0) -> bool:
    return _exports.flush(timeout)
