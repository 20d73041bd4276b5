"""Compatibility for callers not yet handed a ``Store``: delete after the merge.

The old module-level functions, each delegating to one default ``Store`` for the current data
folder (``paths.data_dir()``), made when first needed and replaced when the folder changes.
"""
from __future__ import annotations

import threading
from pathlib import Path

from game.engine import MatchState

from .. import paths
from ..matchmeta import MatchMeta
from ..settings import Settings, settings_from_dict, system_language
from .notices import Notice
from .store import Store

__all__ = ["MatchMeta", "add_notice", "clear_match", "default_store", "flush", "has_match", "load_match",
           "load_settings", "save_match", "save_settings", "settings_from_dict", "startup", "system_language",
           "take_notices"]

_default: Store | None = None
_lock = threading.Lock()


def default_store() -> Store:
    global _default
    folder = paths.data_dir()
    with _lock:
        if _default is None or _default.folder != folder:
            if _default is not None:
                _default.close()
            _default = Store(folder)
        return _default


def startup() -> None:
    default_store().startup()


def load_settings() -> Settings:
    return default_store().load_settings()


def save_settings(settings: Settings) -> None:
    default_store().save_settings(settings)


def save_match(state: MatchState, meta: MatchMeta) -> None:
    default_store().save_match(state, meta)


def clear_match() -> None:
    default_store().clear_match()


def has_match() -> bool:
    return default_store().has_match()


def load_match() -> tuple[MatchState, MatchMeta] | None:
    return default_store().load_match()


def add_notice(key: str, aside: Path | None = None, detail: str = "") -> None:
    default_store().add_notice(key, aside, detail)


def take_notices() -> list[Notice]:
    return default_store().take_notices()


def flush(timeout: float = 5.0) -> bool:
    store = _default
    return True if store is None else store.flush(timeout)
