"""Where files live: the player's data folder (settings, saved match, statistics, logs) and our assets.

The data folder is pygame's per-user preferences folder; ``GIN_RUMMY_HOME`` points it elsewhere
(a portable install, a test).  The services are handed the folder (``Services.for_player``); the
file names in it are defined here.
"""
from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

ORG = "GinRummy"
APP = "GinRummy"
ENV_HOME = "GIN_RUMMY_HOME"

ROOT = Path(__file__).resolve().parents[3]


def find_assets(root: Path = ROOT) -> Path:
    """``game/assets`` in an installed wheel; else ``assets/`` beside ``game/`` (a checkout, a one-file build)."""
    inside = root / "game" / "assets"
    return inside if inside.is_dir() else root / "assets"


ASSETS = find_assets()
FONTS = ASSETS / "fonts"
I18N = ASSETS / "i18n"

SETTINGS_FILE = "settings.json"
MATCH_FILE = "match.json"
TABLE_FILE = "table.json"  # a table of three or four being played
STATS_FILE = "stats.sqlite3"
LOG_FILE = "error.log"


def data_dir() -> Path:
    """The folder for the player's files, created when missing.

    Falls back to a folder in the home directory when pygame cannot name one, and to the temp folder
    when the chosen one cannot be created: the game keeps running either way.
    """
    folder: Path | None
    if os.environ.get(ENV_HOME):
        folder = Path(os.environ[ENV_HOME])
    else:
        folder = None
        try:
            import pygame

            folder = Path(pygame.system.get_pref_path(ORG, APP))
        except Exception:  # pygame.error, or no usable SDL: fall back below
            folder = None
        if folder is None:
            folder = Path.home() / ".gin-rummy"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:  # a read-only or odd home: keep playing, with files in the temp folder
        fallback = Path(tempfile.gettempdir()) / "gin-rummy"
        logging.getLogger(__name__).warning("cannot use %s (%s); using %s", folder, e, fallback)
        fallback.mkdir(parents=True, exist_ok=True)
        return fallback
    return folder


def asset(*parts: str) -> Path:
    """A file under ``assets/``, found from the code's location (works from any working directory)."""
    return ASSETS.joinpath(*parts)


def font(name: str = "DejaVuSans.ttf") -> Path:
    return FONTS / name
