"""The player's choices: one ``Settings`` value (defined and stored by ``storage``) and what they mean here.

``storage`` owns the fields, their validation and the file; this module adds what the running app
derives from them (animation speed, the choices a settings screen offers).
"""
from __future__ import annotations

from .storage import ANIMATION_SPEEDS as ANIMATIONS
from .storage import CARD_SIZES, LANGUAGES, LEVELS, Settings, load_settings, save_settings

ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}
CARD_BACKS = ("blue", "red")
VOLUME_STEPS = 20

__all__ = ["ANIMATIONS", "ANIMATION_SPEEDS", "CARD_BACKS", "CARD_SIZES", "LANGUAGES", "LEVELS", "Settings",
           "load_settings", "save_settings", "speed"]


def speed(settings: Settings) -> float:
    """Multiplier on every animation's duration (0 = instant)."""
    return ANIMATION_SPEEDS.get(settings.animation, 1.0)
