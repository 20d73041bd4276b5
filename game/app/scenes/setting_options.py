"""The settings screen's options: each row's values, how it reads and changes the settings, and the
page resets.  No pygame: the screen (``settings``) lays them out."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
from game.engine import PRESETS, TARGET_CHOICES, TIMER_CHOICES, preset
from game.engine.rules import DEALER_RULES, FIRST_DEALERS, UPCARD_OFFERS

PAGES = ("general", "looks", "rules")
BOOL = (False, True)
TARGETS = (50, 100, 150, 200, 250)
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی", "ru": "Русский"}  # each language in its own words


@dataclass(frozen=True)
class Option:
    """One row: what it is called, its values, how to read and change the settings, how a value reads
    (short, on its button) and, where a value needs more words, what it means (a tool tip)."""

    key: str
    values: tuple
    get: Callable[[Settings], Any]
    put: Callable[[Settings, Any], Settings]
    show: Callable[[Any], str]
    explain: Callable[[Any], str | None] = lambda value: None


def _on_off(v: bool) -> str:
    return tr("settings.on") if v else tr("settings.off")


def _field(name: str, values: tuple, show: Callable[[Any], str]) -> Option:
    return Option(name, values, lambda s: getattr(s, name), lambda s, v: s.with_(**{name: v}), show)


def _rule(name: str, values: tuple, show: Callable[[Any], str] = str,
          explain: Callable[[Any], str | None] = lambda value: None) -> Option:
    return Option("rule." + name, values, lambda s: getattr(s.rules, name),
                  lambda s, v: s.with_(rules=s.rules.with_(**{name: v})), show, explain)


def _with_preset(s: Settings, name: str) -> Settings:
    if name not in PRESETS:
        raise ValueError("only a named preset can be chosen; custom rules come from the switches")
    target = s.rules.target if s.rules.target in TARGET_CHOICES[name] else TARGET_CHOICES[name][-1]
    return s.with_(rules=preset(name, target))


def general_options() -> list[Option]:
    return [
        _field("language", LANGUAGES, lambda v: LANGUAGE_NAMES.get(v, v)),
        _field("level", LEVELS, lambda v: tr("menu.level." + v)),
        _field("animation", ANIMATION_CHOICES, lambda v: tr("settings.animation." + v)),
        _field("sound", BOOL, _on_off),
        _field("fullscreen", BOOL, _on_off),
        _field("ask_before_knock", BOOL, _on_off),
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
    return [
        Option("preset", ("van", "classic", "straight", "hollywood", "custom"), lambda s: s.preset, _with_preset,
               lambda v: tr("preset." + v), lambda v: tr("settings.preset.explain." + v)),
        _rule("target", TARGETS),
        _rule("turn_timer", TIMER_CHOICES, lambda v: tr("settings.seconds", n=v) if v else tr("settings.off")),
        _rule("knock_limit", tuple(range(10, -1, -1)), lambda v: str(v) if v else tr("settings.gin_only")),
        _rule("oklahoma", BOOL, _on_off),
        _rule("gin_bonus", (25, 20)),
        _rule("undercut_bonus", (25, 20, 10)),
        _rule("tie_is_undercut", BOOL, _on_off),
        _rule("big_gin_bonus", (31, 50, None), lambda v: str(v) if v is not None else tr("settings.as_gin")),
        _rule("dead_hand_stock", (2, 3)),
        _rule("may_discard_taken_card", BOOL, _on_off),
        _rule("upcard_offer", UPCARD_OFFERS, lambda v: tr("settings.upcard_offer." + v),
              lambda v: tr("settings.upcard_offer.explain." + v)),
        _rule("dealer_rule", DEALER_RULES, lambda v: tr("settings.dealer_rule." + v)),
        _rule("first_dealer", FIRST_DEALERS, lambda v: tr("settings.first_dealer." + v)),
        _rule("game_bonus", (0, 100), lambda v: str(v) if v else tr("settings.off")),
        _rule("line_bonus", (0, 25), lambda v: str(v) if v else tr("settings.off")),
        _rule("shutout_double", BOOL, _on_off),
        _rule("straight_gin", BOOL, _on_off),
        _rule("hollywood", BOOL, _on_off),
    ]


def options_of(page: str) -> list[Option]:
    return {"general": general_options, "looks": looks_options, "rules": rule_options}[page]()


def choices(option: Option, settings: Settings) -> list[tuple[Any, bool]]:
    """Each value the option shows and whether it may be chosen now (the rules refuse some mixtures).

    Custom is shown only while the rules are custom: it is what the switches make, not a choice."""
    current = option.get(settings)
    out = []
    for value in option.values:
        if option.key == "preset" and value == "custom":
            if current == "custom":
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


def value_id(option: Option, value: Any) -> str:
    """The object id of a value's button, e.g. ``#set_card_size_large``, ``#set_rule_big_gin_bonus_none``."""
    return "#set_" + option.key.replace(".", "_") + "_" + str(value).lower()
