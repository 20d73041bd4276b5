"""The player's choices: one frozen ``Settings`` value, its JSON form and what the running app derives from it.

The file itself (where it lives, atomic writes, a damaged file set aside) is ``storage``'s business;
here are the fields, their validation field by field, and the choices a settings screen offers.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any  # Any: for the Value alias: a setting's value, of its own field's type

from game.app.config.vocab import (
    ANIMATION_CHOICES,
    ANIMATION_FACTORS,
    CARD_BACKS,
    CARD_FACES,
    CARD_SIZES,
    FELTS,
    LANGUAGES,
    LEVELS,
    NAME_MAX,
    AnimationSpeed,
    CardFace,
    CardSize,
    Felt,
    Language,
    Level,
)
from game.engine import VAN, Rules
from game.engine.fileformat import FileFormat
from game.engine.rules import PARAMETER

SETTINGS_FORMAT = "gin-rummy-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE = FileFormat(SETTINGS_FORMAT, SETTINGS_VERSION, not_object="the settings are not a JSON object",
                           not_ours="the file is not a settings file of this game",
                           no_version="unknown settings version {version}",
                           unknown="unknown settings version {version}",
                           newer="the settings were written by a newer version of the game ({version})")
VOLUME_STEPS = 20
QUIET = ("arrange_melds", "export_folder")
"""Settings added after the first settings file, written only when changed: a default file keeps its form."""

__all__ = [
    "ANIMATION_CHOICES", "ANIMATION_FACTORS", "CARD_BACKS", "CARD_FACES", "CARD_SIZES", "FELTS", "LANGUAGES", "LEVELS",
    "SETTINGS_FORMAT", "SETTINGS_VERSION", "VOLUME_STEPS", "Settings", "settings_from_dict", "speed",
    "system_language",
]


Value = Any  # Any: a setting's value, of the type its own field has (each field's check makes it so)


@dataclass(frozen=True)
class Settings:
    """Everything the player chooses.  ``rules`` holds every engine switch, target and turn timer."""

    language: Language = "en"
    level: Level = "medium"
    rules: Rules = VAN
    animation: AnimationSpeed = "normal"
    sound: bool = True
    volume: float = 0.8
    card_size: CardSize = "normal"
    four_colour: bool = False
    high_contrast: bool = False
    card_back: str = "blue"  # any short name is kept; the UI draws the backs it knows (CARD_BACKS), else blue
    card_face: CardFace = "classic"
    felt: Felt = "green"
    fullscreen: bool = False
    ask_before_knock: bool = False
    arrange_melds: bool = False  # the player lays out their own melds and chooses their layoffs
    cut_for_me: bool = False  # the game cuts at random: quicker, but the hand is not player-verified
    practice: bool = False  # new matches against the computer allow taking moves back (kept out of the wins)
    history_keep: int = 200  # how many matches the history keeps (the oldest go first)
    guide_shown: bool = False
    lesson_done: bool = False  # the first lesson was offered (or played); How to play still has it
    names: tuple[str, str] = ("", "")
    night_names: tuple[str, ...] = ("", "", "", "")  # the people at game night's table, seat by seat
    export_folder: str = ""  # where the last export went: the folder dialog opens there next time

    @property
    def preset(self) -> str:
        """van, classic or custom (a switch differs from both presets)."""
        return self.rules.preset_name

    def with_(self, **changes: Value) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Value]:
        d: dict[str, Value] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in QUIET and value == f.default:
                continue
            if f.name == "rules":
                value = value.to_dict()
            elif f.name in ("names", "night_names"):
                value = list(value)
            d[f.name] = value
        return d


def speed(settings: Settings) -> float:
    """Multiplier on every animation's duration (0 = instant)."""
    return ANIMATION_FACTORS.get(settings.animation, 1.0)


def system_language() -> Language:
    """The first of the player's preferred languages that we speak, else English."""
    try:
        import pygame

        for loc in pygame.system.get_pref_locales():
            lang = str(loc.get("language", "")).lower()
            for known in LANGUAGES:
                if lang == known:
                    return known
    except Exception:  # no SDL locale support: English
        pass
    return "en"


# --- reading a settings file field by field ------------------------------------------------------


def _choice(options: tuple[str, ...]) -> Callable[[Value], Value]:
    def check(v: object) -> Value:
        if v not in options:
            raise ValueError(f"must be one of {options}")
        return v

    return check


def _boolean(v: object) -> bool:
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def _volume(v: object) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
        raise ValueError("must be a number from 0 to 1")
    return float(v)


def _card_back(v: object) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= 32 or not all(c.isalnum() or c in "-_" for c in v):
        raise ValueError("must be a short name")
    return v


def _names(v: object) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != 2 or not all(isinstance(n, str) for n in v):
        raise ValueError("must be two names")
    return tuple(n.strip()[:NAME_MAX] for n in v)


def _night_names(v: object) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != 4 or not all(isinstance(n, str) for n in v):
        raise ValueError("must be four names")
    return tuple(n.strip()[:NAME_MAX] for n in v)


def _rules(v: object) -> tuple[Rules, list[str]]:
    """Each bad or unknown switch falls back to the default; the good ones are kept."""
    if not isinstance(v, dict):
        raise ValueError("must be an object")
    good: dict[str, Value] = {}
    bad: list[str] = []
    for name, value in v.items():
        parameter = PARAMETER.get(name)
        if parameter is None:
            bad.append(f"rules.{name}: unknown switch")
        elif parameter.problem(value) is not None:
            bad.append(f"rules.{name}: {value!r}")
        else:
            good[name] = value
    return VAN.with_(**good), bad


def _folder(v: object) -> str:
    if not isinstance(v, str) or len(v) > 4096 or "\0" in v:
        raise ValueError("must be a folder's path")
    return v


def _history_keep(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 10_000:
        raise ValueError("must be a whole number from 1 to 10000")
    return v


_CHECKS: dict[str, Callable[[Value], Value]] = {
    "language": _choice(LANGUAGES),
    "level": _choice(LEVELS),
    "animation": _choice(ANIMATION_CHOICES),
    "sound": _boolean,
    "volume": _volume,
    "card_size": _choice(CARD_SIZES),
    "four_colour": _boolean,
    "high_contrast": _boolean,
    "card_back": _card_back,
    "card_face": _choice(CARD_FACES),
    "felt": _choice(FELTS),
    "fullscreen": _boolean,
    "ask_before_knock": _boolean,
    "arrange_melds": _boolean,
    "cut_for_me": _boolean,
    "practice": _boolean,
    "history_keep": _history_keep,
    "guide_shown": _boolean,
    "lesson_done": _boolean,
    "names": _names,
    "night_names": _night_names,
    "export_folder": _folder,
}


def settings_from_dict(data: object, defaults: Settings | None = None) -> tuple[Settings, list[str]]:
    """Settings from a parsed file, field by field: a bad field gets its default.

    Returns the settings and what was wrong (empty when the file was good).  Raises ValueError when
    the file as a whole is unusable (not an object, not ours, or from a newer version).
    """
    SETTINGS_FILE.check(data, ValueError)
    assert isinstance(data, dict)  # the check refuses anything but an object
    settings = defaults or Settings()
    changes: dict[str, Value] = {}
    problems: list[str] = []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        try:
            changes[name] = check(data[name])
        except (ValueError, TypeError) as e:
            problems.append(f"{name}: {e}")
    if "rules" in data:
        try:
            rules, bad = _rules(data["rules"])
            changes["rules"] = rules
            problems += bad
        except ValueError as e:
            problems.append(f"rules: {e}")
    return replace(settings, **changes), problems
