"""Where the game's own files live: found from this module's location, never the working directory."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
I18N = ASSETS / "i18n"
THEME = ASSETS / "theme.json"
FONT_REGULAR = FONTS / "DejaVuSans.ttf"
FONT_BOLD = FONTS / "DejaVuSans-Bold.ttf"
