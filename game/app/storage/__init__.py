"""The player's files: ``Store`` (settings and the resumable match in one folder) and ``SilentStore``.

``files`` does the file handling (atomic writes, the writer thread, bounded reads, set-aside),
``notices`` collects what the player should be told, ``resume`` is the saved match's format and
``store`` puts them together.  The settings model is ``game.app.settings``, who plays whom is
``game.app.matchmeta``.
"""
from __future__ import annotations

from .files import KEEP_ASIDE, READ_LIMIT, FileTooLarge, atomic_write, read_limited, remove_stale_temps, set_aside
from .notices import NOTICE_MATCH, NOTICE_SETTINGS, NOTICE_STATS, Notice, Notices, NoticeSink
from .resume import MATCH_FORMAT, MATCH_VERSION, match_text, parse_match
from .store import SilentStore, Store

__all__ = [
    "KEEP_ASIDE", "MATCH_FORMAT", "MATCH_VERSION", "NOTICE_MATCH", "NOTICE_SETTINGS", "NOTICE_STATS",
    "READ_LIMIT", "FileTooLarge", "Notice", "NoticeSink", "Notices", "SilentStore", "Store", "atomic_write",
    "match_text", "parse_match", "read_limited", "remove_stale_temps", "set_aside",
]
