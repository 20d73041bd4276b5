"""The settings screen: two pages (game and looks; rules), each option a button that steps through its
values, and a volume slider.  Every change is saved and applied at once where it can be; the rules
apply from the next match, and the rules page says so."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.engine import PRESETS, TARGET_CHOICES, TIMER_CHOICES, preset
from game.engine.rules import DEALER_RULES, FIRST_DEALERS, UPCARD_OFFERS

from .. import i18n, text
from ..i18n import tr
from ..looks import GOLD, INK, INK_DIM, felt
from ..scene import Scene
from ..settings import ANIMATION_CHOICES, CARD_BACKS, CARD_FACES, CARD_SIZES, FELTS, LANGUAGES, LEVELS, Settings

PAGES = ("general", "rules")
BOOL = (False, True)
TARGETS = (50, 100, 150, 200, 250)
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی", "ru": "Русский"}  # each language in its own words


@dataclass(frozen=True)
class Option:
    """One row: what it is called, the values it steps through, how to read and change the settings."""

    key: str
    values: tuple
    get: Callable[[Settings], Any]
    put: Callable[[Settings, Any], Settings]
    show: Callable[[Any], str]


def widget_text(label: str) -> str:
    """A label ready for a widget's font (digits and Latin inside Persian keep their order)."""
    prepare = getattr(i18n, "widget_text", None)
    return prepare(label) if prepare is not None else label


def _on_off(v: bool) -> str:
    return tr("settings.on") if v else tr("settings.off")


def _field(name: str, values: tuple, show: Callable[[Any], str]) -> Option:
    return Option(name, values, lambda s: getattr(s, name), lambda s, v: s.with_(**{name: v}), show)


def _rule(name: str, values: tuple, show: Callable[[Any], str] = str) -> Option:
    return Option("rule." + name, values, lambda s: getattr(s.rules, name),
                  lambda s, v: s.with_(rules=s.rules.with_(**{name: v})), show)


def _with_preset(s: Settings, name: str) -> Settings:
    if name not in PRESETS:
        name = "van"
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
        Option("guide", BOOL, lambda s: not s.guide_shown, lambda s, v: s.with_(guide_shown=not v), _on_off),
        _field("card_size", CARD_SIZES, lambda v: tr("settings.card_size." + v)),
        _field("four_colour", BOOL, _on_off),
        _field("high_contrast", BOOL, _on_off),
        _field("card_back", CARD_BACKS, lambda v: tr("settings.card_back." + v)),
        _field("card_face", CARD_FACES, lambda v: tr("settings.card_face." + v)),
        _field("felt", FELTS, lambda v: tr("settings.felt." + v)),
    ]


def rule_options() -> list[Option]:
    return [
        Option("preset", ("van", "classic", "custom"), lambda s: s.preset, _with_preset,
               lambda v: tr("preset." + v)),
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
        _rule("upcard_offer", UPCARD_OFFERS, lambda v: tr("settings.upcard_offer." + v)),
        _rule("dealer_rule", DEALER_RULES, lambda v: tr("settings.dealer_rule." + v)),
        _rule("first_dealer", FIRST_DEALERS, lambda v: tr("settings.first_dealer." + v)),
        _rule("game_bonus", (0, 100), lambda v: str(v) if v else tr("settings.off")),
        _rule("line_bonus", (0, 25), lambda v: str(v) if v else tr("settings.off")),
        _rule("shutout_double", BOOL, _on_off),
    ]


def step(option: Option, settings: Settings, by: int = 1) -> Settings:
    """The settings with ``option`` moved to its next value (values the rules refuse are skipped)."""
    values = option.values
    current = option.get(settings)
    i = values.index(current) if current in values else -1
    for k in range(1, len(values) + 1):
        value = values[(i + by * k) % len(values)]
        if option.key == "preset" and value == "custom":
            continue
        try:
            return option.put(settings, value)
        except ValueError:
            continue
    return settings


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app, page: str = "general") -> None:
        super().__init__(app)
        self.page = page if page in PAGES else "general"
        self.rows: list[tuple[Option, pygame.Rect]] = []
        self.value_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.volume_row: pygame.Rect | None = None
        self.tab_buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def options(self) -> list[Option]:
        return general_options() if self.page == "general" else rule_options()

    # ------------------------------------------------------------------ widgets

    def build_ui(self) -> None:
        lay = self.app.layout
        s = lay.s
        bh = lay.button_h
        gap = lay.px(8)
        tw = round(200 * s)
        y = lay.px(78)
        self.tab_buttons = {}
        for i, page in enumerate(PAGES):
            x = lay.w / 2 - tw - gap / 2 + i * (tw + gap)
            b = self.button(lay.rect(x, y, tw, bh), "settings.page." + page, "#page_" + page,
                            partial(self.show_page, page), class_id="@choice")
            self.tab_buttons[page] = b
            if page == self.page:
                b.select()
        top = y + bh + lay.px(22)
        options = self.options()
        rows = len(options) + (1 if self.page == "general" else 0)
        per_col = (rows + 1) // 2
        bottom = lay.h - round(bh * 1.15) - lay.px(64)
        row_h = min(bh + gap, (bottom - top) / max(1, per_col))
        col_w = min(round(560 * s), (lay.w - 2 * lay.margin - lay.px(40)) // 2)
        value_w = round(col_w * 0.4)
        left0 = lay.w / 2 - col_w - lay.px(20)
        self.rows = []
        self.value_buttons = {}
        self.slider = None
        self.volume_row = None
        slots: list[Option | None] = list(options)
        if self.page == "general":
            slots.insert(4, None)  # the volume slider, under the sound switch
        h = round(min(bh, row_h - lay.px(4)))
        for i, option in enumerate(slots):
            col, row = divmod(i, per_col)
            x = left0 + col * (col_w + lay.px(40))
            ry = top + row * row_h
            label_rect = pygame.Rect(round(x), round(ry), col_w - value_w - lay.px(10), h)
            value_rect = lay.rect(x + col_w - value_w, ry, value_w, h)
            if option is None:
                self.volume_row = label_rect
                self.slider = pygame_gui.elements.UIHorizontalSlider(
                    value_rect, round(self.app.settings.volume * 100), (0, 100), self.app.ui,
                    object_id=ObjectID(class_id="@slider", object_id="#volume"), click_increment=5)
                if not self.app.settings.sound:
                    self.slider.disable()
                self.widgets.append(self.slider)
                continue
            b = self.button(value_rect, "", "#set_" + option.key.replace(".", "_"),
                            partial(self.change, option), class_id="@tool",
                            text=widget_text(option.show(option.get(self.app.settings))))
            self.value_buttons[option.key] = b
            self.rows.append((option, label_rect))
        bw = round(lay.col_w * 1.1)
        self.button(lay.rect(lay.w / 2 - bw / 2, lay.h - round(bh * 1.15) - lay.px(16), bw, round(bh * 1.15)),
                    "button.back", "#settings_back", self.close, class_id="@primary")

    def show_page(self, page: str) -> None:
        self.page = page
        self.rebuild_ui()

    def change(self, option: Option, by: int = 1) -> None:
        new = step(option, self.app.settings, by)
        if new != self.app.settings:
            self.app.apply_settings(new)  # rebuilds every scene's widgets when the looks change
        # new labels (the preset follows the switches: Custom when one differs), built like every button
        self.rebuild_ui()

    def close(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            volume = max(0, min(100, int(event.value))) / 100
            if volume != self.app.settings.volume:
                self.app.apply_settings(self.app.settings.with_(volume=volume))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.show_page(PAGES[(PAGES.index(self.page) + 1) % len(PAGES)])

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        text.draw(surface, tr("settings.title"), lay.font(36), GOLD, (lay.w / 2, lay.px(40)), bold=True,
                  shadow=(0, 0, 0))
        size = lay.font(16)
        for option, rect in self.rows:
            self._label(surface, tr("settings." + option.key), rect, size)
        if self.volume_row is not None:
            self._label(surface, tr("settings.volume", n=round(self.app.settings.volume * 100)), self.volume_row,
                        size)
        if self.page == "rules":
            note = tr("settings.rules_next_match")
            match = self.app.nav.match
            if match is not None and match.rules != self.app.settings.rules:
                note = tr("settings.rules_differ")
            y = lay.h - round(lay.button_h * 1.15) - lay.px(40)
            text.draw(surface, note, lay.font(15), INK_DIM, (lay.w / 2, y), max_width=lay.w - 2 * lay.margin)

    def _label(self, surface: pygame.Surface, label: str, rect: pygame.Rect, size: int) -> None:
        lay = self.app.layout
        x = lay.mx(rect.left)
        text.draw(surface, label, size, INK, (x, rect.centery), lay.anchor("midleft"), max_width=rect.width)

