"""Every closed vocabulary of the app, defined once.

The game's own (levels, opponents, table kinds, rules' names) are the engine's (``engine/parameters.py``),
re-exported here; the app's are below.  Each is a ``Literal`` type (what a field may hold, checked by
mypy) with a tuple of its values in the order the settings screen offers them (``typing.get_args``
of the type, so the two cannot drift apart).
The values are the plain strings the JSON files and the translation keys use.
"""
from __future__ import annotations

from typing import Literal, get_args

from game.engine import (
    LEVELS,
    OPPONENTS,
    PARAMETERS,
    PRESET_NAMES,
    RULE_NAMES,
    TABLE_KINDS,
    Level,
    Opponent,
    TableKind,
)

Language = Literal["en", "fa", "ru"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
RTL_LANGUAGES: frozenset[Language] = frozenset({"fa"})  # written right to left

Mode = Literal["bot", "hotseat", "online"]  # online: with a friend on another machine
MODES: tuple[Mode, ...] = get_args(Mode)

AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
ANIMATION_CHOICES: tuple[AnimationSpeed, ...] = get_args(AnimationSpeed)
ANIMATION_FACTORS: dict[AnimationSpeed, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}
"""Multiplier on every animation's duration (0: instant)."""

CardSize = Literal["normal", "large"]
CARD_SIZES: tuple[CardSize, ...] = get_args(CardSize)

CardBack = Literal["blue", "red", "green"]
CARD_BACKS: tuple[CardBack, ...] = get_args(CardBack)

CardFace = Literal["classic", "large_print"]  # large print: today's big-index design
CARD_FACES: tuple[CardFace, ...] = get_args(CardFace)

Felt = Literal["green", "blue", "burgundy"]
FELTS: tuple[Felt, ...] = get_args(Felt)

SortMode = Literal["melds", "rank", "suit", "custom"]
SORT_MODES: tuple[SortMode, ...] = get_args(SortMode)
SORT_CYCLE: tuple[SortMode, ...] = ("melds", "rank", "suit")  # what the sort button steps through
"""``custom`` is a hand the player arranged by dragging; the sort button leaves it for ``melds``."""

NAME_MAX = 24  # the longest player name kept, in characters

__all__ = [
    "ANIMATION_CHOICES", "ANIMATION_FACTORS", "CARD_BACKS", "CARD_FACES", "CARD_SIZES", "FELTS", "LANGUAGES",
    "LEVELS", "MODES", "OPPONENTS", "RULE_NAMES", "TABLE_KINDS", "CardFace", "Felt", "Opponent", "TableKind",
    "NAME_MAX", "RTL_LANGUAGES", "SORT_CYCLE", "SORT_MODES", "AnimationSpeed", "CardBack", "CardSize",
    "Language", "Level", "Mode", "SortMode", "is_rtl_language", "text_keys",
]


def is_rtl_language(lang: str) -> bool:
    return lang in RTL_LANGUAGES


def text_keys() -> tuple[str, ...]:
    """Every text the screens show the engine's vocabularies by: a switch's row and its word values, each
    preset's name and words, each level's.  A new switch, preset or level needs these in every language."""
    rows = [p for p in PARAMETERS if p.offered]
    return (*(f"settings.rule.{p.name}" for p in rows),
            *(f"settings.{p.name}.{v}" for p in rows if p.kind is str for v in p.choices),
            *(f"{kind}.{name}" for name in RULE_NAMES for kind in ("preset", "settings.preset.explain")),
            *(f"menu.preset.{name}.about" for name in RULE_NAMES), *(f"menu.preset.{name}" for name in PRESET_NAMES),
            *(f"menu.level.{level}{about}" for level in LEVELS for about in ("", ".about")))
