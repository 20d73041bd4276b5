"""The game's own files (fonts, theme, icon): found from the code's location, never the working directory."""
from __future__ import annotations

from game.app.shell.paths import ASSETS, FONTS, I18N, ROOT

THEME = ASSETS / "theme.json"
ICON = ASSETS / "icon.png"
FONT_REGULAR = FONTS / "DejaVuSans.ttf"
FONT_BOLD = FONTS / "DejaVuSans-Bold.ttf"

__all__ = ["ROOT", "ASSETS", "FONTS", "I18N", "THEME", "ICON", "FONT_REGULAR", "FONT_BOLD"]
