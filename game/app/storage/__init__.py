"""The player's files: ``Store`` (settings and the resumable match in one folder) and ``SilentStore``.

``files`` does the file handling (atomic writes, the writer thread, bounded reads, set-aside),
``notices`` collects what the player should be told, ``resume`` is the saved match's format,
``lock`` keeps a second copy of the game out of a folder in use, and ``store`` puts them together.
The settings model is ``game.app.config.settings``, who plays whom is ``game.app.matches.meta``.
"""
from __future__ import annotations

from .files import (
    KEEP_ASIDE,
    READ_LIMIT,
    WHY_DISK,
    WHY_FULL,
    WHY_READ_ONLY_FILE,
    WHY_READ_ONLY_FOLDER,
    FileTooLarge,
    NotAFile,
    Unusable,
    atomic_write,
    read_limited,
    remove_stale_temps,
    set_aside,
)
from .lock import LOCK_FILE, AlreadyOpen, FolderLock
from .notices import (
    NOTICE_CANNOT_SAVE,
    NOTICE_FILE_LEFT,
    NOTICE_MATCH,
    NOTICE_SAVING_BACK,
    NOTICE_SETTINGS,
    NOTICE_STATS,
    NOTICE_STATS_ROWS,
    Notice,
    Notices,
    NoticeSink,
)
from .resume import MATCH_FORMAT, MATCH_READ_LIMIT, MATCH_VERSION, SavedMatch, match_text, parse_match, read_saved
from .silent import SilentStore
from .store import Store

__all__ = [
    "KEEP_ASIDE", "LOCK_FILE", "MATCH_FORMAT", "MATCH_READ_LIMIT", "MATCH_VERSION", "NOTICE_CANNOT_SAVE",
    "NOTICE_FILE_LEFT", "NOTICE_MATCH", "NOTICE_SAVING_BACK", "NOTICE_SETTINGS", "NOTICE_STATS", "NOTICE_STATS_ROWS",
    "READ_LIMIT",
    "WHY_DISK", "WHY_FULL", "WHY_READ_ONLY_FILE", "WHY_READ_ONLY_FOLDER", "AlreadyOpen", "FileTooLarge",
    "FolderLock", "NotAFile", "Notice", "NoticeSink", "Notices", "SavedMatch", "SilentStore", "Store", "Unusable",
    "atomic_write", "match_text", "parse_match", "read_limited", "read_saved", "remove_stale_temps", "set_aside",
]
