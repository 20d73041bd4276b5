"""The settings screen's options: each row's values, how it reads and changes the settings, and the
page resets.  No pygame: the screen (``settings``) lays them out."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any  # Any: for the Value alias: an option's value differs from row to row

from game.app.config.settings import (
    ANIMATION_CHOICES,
    CARD_BACKS,
    CARD_FACES,
    CARD_SIZES,
    FELTS,
    LANGUAGES,
    LEVELS,
    Settings,
)
from game.app.lang.i18n import tr
from game.engine import CUSTOM, PARAMETERS, PRESETS, RULE_NAMES, TARGET_CHOICES, Parameter, preset
from game.engine.parameters import BOOL

PAGES = ("general", "looks", "rules")
FIRST_RULES = ("target", "turn_timer")  # the match's length first, then the switches in the rule book's order
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی", "ru": "Русский"}  # each language in its own words


Value = Any  # Any: an option's value, whose type differs from row to row (a word, a number, a switch)


@dataclass(frozen=True)
class Option:
    """One row: what it is called, its values, how to read and change the settings, how a value reads
    (short, on its button) and, where a value needs more words, what it means (a tool tip)."""

    key: str
    values: tuple
    get: Callable[[Settings], Value]
    put: Callable[[Settings, Value], Settings]
    show: Callable[[Value], str]
    explain: Callable[[Value], str | None] = lambda value: None


def _on_off(v: bool) -> str:
    return tr("settings.on") if v else tr("settings.off")


def _field(name: str, values: tuple, show: Callable[[Value], str]) -> Option:
    return Option(name, values, lambda s: getattr(s, name), lambda s, v: s.with_(**{name: v}), show)


def _rule(p: Parameter) -> Option:
    name = p.name
    return Option("rule." + name, p.choices, lambda s: getattr(s.rules, name),
                  lambda s, v: s.with_(rules=s.rules.with_(**{name: v})), _RULE_SHOWN.get(name, _shown(p)),
                  _RULE_EXPLAINED.get(name, lambda value: None))


def _shown(p: Parameter) -> Callable[[Value], str]:
    """How a value reads when its switch has no words of its own: on/off, the value's text, 0 as off."""
    if p.kind is bool:
        return _on_off
    if p.kind is str:
        return lambda v: tr(f"settings.{p.name}.{v}")
    return lambda v: str(v) if v else tr("settings.off")


_RULE_SHOWN: dict[str, Callable[[Value], str]] = {
    "turn_timer": lambda v: tr("settings.seconds", n=v) if v else tr("settings.off"),
    "knock_limit": lambda v: str(v) if v else tr("settings.gin_only"),
    "big_gin_bonus": lambda v: str(v) if v is not None else tr("settings.as_gin"),
}
_RULE_EXPLAINED: dict[str, Callable[[Value], str | None]] = {
    "upcard_offer": lambda v: tr("settings.upcard_offer.explain." + v),
}


def _with_preset(s: Settings, name: str) -> Settings:
    if name not in PRESETS:
        raise ValueError("only a named preset can be chosen; custom rules come from the switches")
    target = s.rules.target if s.rules.target in TARGET_CHOICES[name] else TARGET_CHOICES[name][-1]
    return s.with_(rules=preset(name, target))


def general_options() -> list[Option]:
    return [
        _field("language", LANGUAGES, lambda v: LANGUAGE_NAMES.get(v) or str(v)),
        _field("level", LEVELS, lambda v: tr("menu.level." + v)),
        _field("animation", ANIMATION_CHOICES, lambda v: tr("settings.animation." + v)),
        _field("sound", BOOL, _on_off),
        _field("fullscreen", BOOL, _on_off),
        _field("ask_before_knock", BOOL, _on_off),
        _field("arrange_melds", BOOL, _on_off),
        _field("cut_for_me", BOOL, _on_off),
        _field("practice", BOOL, _on_off),
        Option("guide", BOOL, lambda s: not s.guide_shown, lambda s, v: s.with_(guide_shown=not v), _on_off),
    ]


def looks_options() -> list[Option]:
    return [
        _field("card_size", CARD_SIZES, lambda v: tr("settings.card_size." + v)),
        _field("four_colour", BOOL, _on_off),
        _field("high_contrast", BOOL, _on_off),
        _field("card_back", CARD_BACKS, lambda v: tr("settings.card_back." + v)),
        _field("card_face", CARD_FACES, lambda v: tr("settings.card_face." + v)),
        _field("felt", FELTS, lambda v: tr("settings.felt." + v)),
    ]


def rule_options() -> list[Option]:
    """The preset, then a row for every switch that has more than one value to offer."""
    rows = sorted((p for p in PARAMETERS if p.offered),
                  key=lambda p: FIRST_RULES.index(p.name) if p.name in FIRST_RULES else len(FIRST_RULES))
    return [
        Option("preset", RULE_NAMES, lambda s: s.preset, _with_preset,
               lambda v: tr("preset." + v), lambda v: tr("settings.preset.explain." + v)),
        *(_rule(p) for p in rows),
    ]


def options_of(page: str) -> list[Option]:
    return {"general": general_options, "looks": looks_options, "rules": rule_options}[page]()


def choices(option: Option, settings: Settings) -> list[tuple[Value, bool]]:
    """Each value the option shows and whether it may be chosen now (the rules refuse some mixtures).

    Custom is shown only while the rules are custom: it is what the switches make, not a choice."""
    current = option.get(settings)
    out = []
    for value in option.values:
        if option.key == "preset" and value == CUSTOM:
            if current == CUSTOM:
                out.append((value, False))
            continue
        try:
            option.put(settings, value)
            out.append((value, True))
        except ValueError:
            out.append((value, False))
    return out


def step(option: Option, settings: Settings, by: int = 1) -> Settings:
    """The settings with ``option`` moved to its next value (values the rules refuse are skipped)."""
    values = option.values
    current = option.get(settings)
    i = values.index(current) if current in values else -1
    for k in range(1, len(values) + 1):
        value = values[(i + by * k) % len(values)]
        try:
            return option.put(settings, value)
        except ValueError:
            continue
    return settings


def reset_page(settings: Settings, page: str) -> Settings:
    """The settings with every option of ``page`` at its default (the language stays: it is the player's)."""
    plain = Settings()
    if page == "rules":
        return settings.with_(rules=plain.rules)
    out = settings
    for option in options_of(page):
        if option.key != "language":
            out = option.put(out, option.get(plain))
    if page == "general":
        out = out.with_(volume=plain.volume)
    return out


def value_id(option: Option, value: Value) -> str:
    """The object id of a value's button, e.g. ``#set_card_size_large``, ``#set_rule_big_gin_bonus_none``."""
    return "#set_" + option.key.replace(".", "_") + "_" + str(value).lower()
