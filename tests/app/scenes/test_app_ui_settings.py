"""The settings screen: every option shows its choices at once, the looks are previewed, each page can be
reset to its defaults, and the screen is reachable from the pause."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest
from helpers.apps import Driver, start_vs_bot

from game.app.config.settings import Settings
from game.app.lang import i18n
from game.app.looks import cardart
from game.app.scenes.setting_options import PAGES
from game.app.scenes.settings import SettingsScene
from game.engine import VAN

pytestmark = pytest.mark.usefixtures("close_apps")


def open_page(d: Driver, page: str) -> SettingsScene:
    d.app.nav.show_settings()
    d.frame()
    scene = d.top
    assert isinstance(scene, SettingsScene)
    scene.show_page(page)
    d.frame()
    return scene


@pytest.mark.parametrize("language", ["en", "fa", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_every_option_shows_all_its_choices(monkeypatch, language, size):
    from game.app.scenes.setting_options import choices, options_of

    d = Driver(monkeypatch, size=size, language=language, rules=VAN.with_(upcard_offer="classic"))
    for page in PAGES:
        scene = open_page(d, page)
        for option in options_of(page):
            offered = [v for v, _ in choices(option, d.app.settings)]
            buttons = scene.value_buttons.get(option.key)
            drops = [w for w in scene.drops if scene.drops[w][0].key == option.key]
            if buttons is not None:
                assert list(buttons) == offered, option.key
                current = option.get(d.app.settings)
                assert [v for v, b in buttons.items() if b.is_selected] == [current], option.key
            else:
                assert len(drops) == 1, option.key
                listed = [text for text, _ in drops[0].options_list]
                allowed = [v for v, ok in choices(option, d.app.settings) if ok]
                assert [drops[0].selected_option[0]] == [k for k, v in scene.drops[drops[0]][1].items()
                                                         if v == option.get(d.app.settings)]
                assert {scene.drops[drops[0]][1][t] for t in listed} >= set(allowed), option.key
        d.app.pop()
        d.frame()


@pytest.mark.slow
def test_choosing_a_value_and_resetting_a_page(monkeypatch):
    d = Driver(monkeypatch)
    scene = open_page(d, "looks")
    d.press("#set_felt_burgundy")
    d.press("#set_card_back_red")
    assert d.app.settings.felt == "burgundy" and d.app.settings.card_back == "red"
    d.press("#settings_reset")
    assert d.top.name == "confirm"
    d.press("#confirm_yes")
    assert d.top is scene and d.app.settings.felt == "green" and d.app.settings.card_back == "blue"
    scene.show_page("rules")
    d.press("#set_rule_gin_bonus_20")
    assert d.app.settings.preset == "custom"
    d.press("#settings_reset")
    d.press("#confirm_yes")
    assert d.app.settings.rules == VAN
    scene.show_page("general")
    d.press("#set_language_ru")
    d.press("#set_animation_slow")
    d.press("#settings_reset")
    d.press("#confirm_yes")
    assert d.app.settings.animation == Settings().animation and d.app.settings.language == "ru"  # the language stays


def test_the_looks_page_previews_the_choice_under_the_pointer(monkeypatch):
    from game.app.scenes.setting_options import options_of, value_id

    d = Driver(monkeypatch)
    open_page(d, "looks")
    styles = []
    real = cardart.preview
    monkeypatch.setattr(cardart, "preview", lambda size, style: styles.append(style) or real(size, style))
    d.frame()
    assert styles and styles[-1].back == "blue"
    red = d.widget(value_id(next(o for o in options_of("looks") if o.key == "card_back"), "red"))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: red.rect.center)  # the pointer rests on Red
    d.frame(3)
    assert styles[-1].back == "red" and d.app.settings.card_back == "blue"  # seen before it is chosen


def test_settings_from_the_pause(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "easy")
    d.key(pygame.K_ESCAPE)
    d.press("#pause_settings")
    assert d.top.name == "settings" and [s.name for s in d.app.stack] == ["play", "pause", "settings"]
    d.press("#page_looks")
    d.press("#set_four_colour_true")
    assert d.app.settings.four_colour
    d.press("#settings_back")
    assert d.top.name == "pause"
    d.press("#resume")
    assert d.top.name == "play"


def test_the_persian_language_choice_is_shaped_in_every_language(monkeypatch):
    d = Driver(monkeypatch)
    open_page(d, "general")
    button = d.widget("#set_language_fa")
    assert button.text == i18n.persian_widget_text("فارسی")
    assert button.font.get_direction() == pygame.DIRECTION_RTL
    assert isinstance(button, pygame_gui.elements.UIButton)
