"""The settings screen and the one Settings value: changes apply at once, are saved, and come back;
a damaged file gives defaults and one notice; the first-match guide, the knock question and the error
screen."""
from __future__ import annotations

import json
import random

import pygame
import pytest
from helpers.apps import KeepDriver, drop, start, store

from game.app.config import paths
from game.app.config.settings import Settings, settings_from_dict, system_language
from game.app.lang import i18n
from game.app.scenes.menu import notice_text
from game.engine import CLASSIC, VAN, Knock, Phase, best_discard

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


def open_settings(d) -> None:
    d.press("#settings")
    assert d.top.name == "settings"


def choose(d, object_id: str, label: str) -> None:
    """Pick ``label`` in the drop-down list ``object_id`` (as pygame-gui reports a choice)."""
    import pygame_gui

    drop = d.widget(object_id)
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text=i18n.widget_text(label),
           selected_option_id=label, ui_object_id=object_id)
    d.frame(2)


def pick(d, key: str, value: str, label: str) -> None:
    """Choose a value: its button when the choices are a row of buttons, else in the drop-down list."""
    buttons = [w for w in d.top.widgets if f"#set_{key}_{value}" in w.object_ids and w.visible]
    if buttons:
        d.click(buttons[0].rect.center)
    else:
        choose(d, f"#set_{key}", label)


def shown_choice(d, key: str) -> str:
    """The value an option shows as chosen: its selected button, or the drop-down list's choice."""
    import pygame_gui

    for w in d.top.widgets:
        if isinstance(w, pygame_gui.elements.UIDropDownMenu) and f"#set_{key}" in w.object_ids:
            return w.selected_option[0]
        if isinstance(w, pygame_gui.elements.UIButton) and w.is_selected and \
                any(i.startswith(f"#set_{key}_") for i in w.object_ids):
            return w.text
    raise AssertionError(f"no choice shown for {key}")


@pytest.mark.slow
def test_changes_apply_at_once_are_saved_and_come_back(monkeypatch):
    d = KeepDriver(monkeypatch)
    app = d.app
    open_settings(d)
    cw = app.layout.cw
    d.press("#page_looks")
    d.press("#set_four_colour_true")
    assert app.settings.four_colour and app.table.style.four_colour
    d.press("#set_card_size_large")
    assert app.settings.card_size == "large" and app.layout.cw > cw
    d.press("#page_general")
    d.press("#set_animation_fast")
    assert app.settings.animation == "fast" and app.pace == pytest.approx(0.55)
    d.press("#set_language_fa")  # the screen turns right to left at once
    assert app.settings.language == "fa" and i18n.language() == "fa" and app.layout.mirror
    d.press("#set_language_ru")
    assert i18n.language() == "ru" and not app.layout.mirror
    d.press("#page_rules")
    d.press("#set_rule_oklahoma_true")
    assert app.settings.rules.oklahoma and app.settings.preset == "custom"
    assert shown_choice(d, "preset") == i18n.tr("preset.custom")
    pick(d, "preset", "van", i18n.tr("preset.van"))  # back to a named preset
    assert app.settings.rules == VAN and shown_choice(d, "preset") == i18n.tr("preset.van")
    pick(d, "preset", "classic", i18n.tr("preset.classic"))
    assert app.settings.rules == CLASSIC
    choose(d, "#set_rule_turn_timer", i18n.tr("settings.seconds", n=15))
    assert app.settings.rules.turn_timer == 15 and app.settings.preset == "classic"
    chosen = app.settings
    d.press("#settings_back")
    assert d.top.name == "menu"
    store(d).flush()
    data = json.loads((paths.data_dir() / paths.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data["language"] == "ru" and data["rules"]["turn_timer"] == 15 and data["four_colour"] is True
    drop(d)
    d2 = KeepDriver(monkeypatch)
    assert d2.app.settings == chosen
    assert d2.app.layout.cw > 0 and d2.app.table.style.four_colour
    # the next match is played by the chosen rules
    d2.press("#start")
    assert d2.app.nav.match.rules == chosen.rules


def test_a_damaged_settings_file_gives_defaults_and_one_notice(monkeypatch, prefs):  # noqa: F811 (the imported fixture)
    (prefs / paths.SETTINGS_FILE).write_text('{"format": "gin-rummy-settings", "version": 1, "volume": "loud", "langu')
    d = KeepDriver(monkeypatch)
    assert d.app.settings == Settings(language=system_language())
    assert len(d.top.notices) == 1 and "settings.damaged-" in notice_text(d.top.notices[0])
    assert d.widget("#notice_ok")
    d.frame(3)  # drawn without trouble
    assert list(prefs.glob("settings.damaged-*.json"))
    drop(d)
    d2 = KeepDriver(monkeypatch)  # the good file written in its place loads quietly
    assert not d2.top.notices


@pytest.mark.slow
def test_a_monkey_on_the_settings_screen_leaves_valid_saved_settings(monkeypatch):
    d = KeepDriver(monkeypatch, size=(960, 600))
    rng = random.Random(5)
    open_settings(d)
    for _ in range(160):
        if d.top.name != "settings":
            d.app.nav.to_menu()
            d.frame()
            open_settings(d)
        buttons = [w for w in d.top.widgets if w.visible and w.object_ids[-1] != "#settings_back"]
        if rng.random() < 0.08:
            d.key(pygame.K_TAB)
        else:
            w = rng.choice(buttons)
            d.click(w.rect.center)
        s = d.app.settings
        assert settings_from_dict(s.to_dict()) == (s, [])
    store(d).flush()
    assert store(d).load_settings() == d.app.settings
    assert not store(d).take_notices()


def test_the_volume_and_sound_switches_reach_the_mixer(monkeypatch):
    d = KeepDriver(monkeypatch)
    sound = d.app.services.sound
    open_settings(d)
    slider = d.widget("#volume")
    d.post(pygame_gui_event("UI_HORIZONTAL_SLIDER_MOVED"), ui_element=slider, value=30, ui_object_id="#volume")
    d.frame()
    assert d.app.settings.volume == pytest.approx(0.3) and sound.volume == pytest.approx(0.3)
    d.press("#set_sound_false")
    assert not d.app.settings.sound and not sound.enabled
    assert not d.widget("#volume").is_enabled


def pygame_gui_event(name: str) -> int:
    import pygame_gui

    return getattr(pygame_gui, name)


def test_the_first_match_guide_shows_once_and_comes_back_from_settings(monkeypatch):
    d = KeepDriver(monkeypatch, guide=True)
    start(d, "easy")
    d.wait(lambda: d.top.name == "guide")
    for _ in range(3):
        d.press("#guide_next")
    assert d.top.name == "play" and d.app.settings.guide_shown
    drop(d)
    d2 = KeepDriver(monkeypatch, guide=True)
    assert d2.app.settings.guide_shown
    start(d2, "easy")
    d2.frame(60)
    assert d2.top.name != "guide"
    d2.app.nav.to_menu()
    d2.frame()
    open_settings(d2)
    d2.press("#set_guide_true")  # the tips on again
    assert not d2.app.settings.guide_shown


def test_ask_before_knocking(monkeypatch):
    from game.app.pictures.staging import plain_move

    d = KeepDriver(monkeypatch, settings=Settings(ask_before_knock=True, animation="instant"))
    # a seeded match played forward until the player at the bottom may knock
    for seed in range(1, 200):
        d.app.nav.seed = seed
        start(d, "easy")
        match = d.app.nav.match
        st = match.state
        for _ in range(60):
            if st.phase is Phase.DISCARD and st.to_act == 0:
                choice = best_discard(st.hands[0], forbidden=st.forbidden_discard())
                if Knock(choice.card) in st.legal_actions():
                    break
            if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
                break
            match.apply(plain_move(st, want_knock=False), st.to_act)
        if st.phase is Phase.DISCARD and st.to_act == 0 and any(isinstance(a, Knock) for a in st.legal_actions()):
            break
        d.app.nav.to_menu()
        d.frame()
    d.app.nav.begin_play(match)
    d.frame(2)
    hands = st.hand_no
    d.key(pygame.K_k)
    assert d.top.name == "confirm" and st.phase is Phase.DISCARD  # nothing happened yet
    d.press("#confirm_no")
    assert d.top.name == "play" and st.phase is Phase.DISCARD
    d.key(pygame.K_k)
    d.press("#confirm_yes")
    assert st.last_result is not None and st.last_result.knocker == 0 and st.hand_no == hands


def test_an_unexpected_error_shows_the_error_screen_and_keeps_the_match(monkeypatch, prefs):  # noqa: F811 (the imported fixture)
    from game.app.scenes.play import PlayScene

    d = KeepDriver(monkeypatch, seed=77)
    start(d, "medium")
    d.wait(lambda: d.top.name == "play" and d.top.human_turn())
    store(d).flush()
    saved = (prefs / paths.MATCH_FILE).read_text(encoding="utf-8")

    def broken(self, dt):
        raise RuntimeError("something unexpected in the play scene")

    monkeypatch.setattr(PlayScene, "update", broken)
    seen = []

    def stop_on_error_screen(app):
        if app.top is not None and app.top.name == "error":
            seen.append(app.top.log_path)
            app.running = False

    d.app.on_frame.append(stop_on_error_screen)
    try:
        d.app.run()  # the loop survives the error and shows the screen; run() returns normally
    finally:
        d.app.services.crash.uninstall()
    assert seen and seen[0] == prefs / paths.LOG_FILE
    log = (prefs / paths.LOG_FILE).read_text(encoding="utf-8")
    assert "something unexpected in the play scene" in log and "Traceback" in log
    assert (prefs / paths.MATCH_FILE).read_text(encoding="utf-8") == saved  # the saved match is kept
    assert store(d).has_match()


def test_f12_screenshots_go_to_the_data_folder(monkeypatch, prefs, tmp_path_factory):  # noqa: F811 (the imported fixture)
    d = KeepDriver(monkeypatch)
    d.key(pygame.K_F12)
    shots = list((prefs / "screenshots").glob("gin-rummy-*.png"))
    assert len(shots) == 1 and shots[0].stat().st_size > 0


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_every_option_and_value_on_the_screen_is_translated(lang):
    from game.app.scenes.setting_options import general_options, looks_options, rule_options

    i18n.set_language(lang)
    try:
        for option in general_options() + looks_options() + rule_options():
            assert i18n.has("settings." + option.key), option.key
            for value in option.values:
                shown = option.show(value)
                assert shown and not shown.startswith(("settings.", "preset.", "level.", "menu.")), (option.key, value)
    finally:
        i18n.set_language("en")


def test_the_rules_page_is_built_from_the_engines_switches():
    """A row per switch a player chooses, its values the declared ones in their order: the match's length
    first, then the rule book's order; a bad switch in the file falls back to its default, by the same check."""
    from game.app.scenes.setting_options import rule_options
    from game.engine import PARAMETERS, RULE_NAMES

    rows = rule_options()
    assert rows[0].key == "preset" and rows[0].values == RULE_NAMES
    offered = [p for p in PARAMETERS if p.offered]
    assert [o.key for o in rows[1:3]] == ["rule.target", "rule.turn_timer"]
    assert sorted(o.key for o in rows[1:]) == sorted("rule." + p.name for p in offered)
    assert [o.key for o in rows[3:]] == ["rule." + p.name for p in offered if p.name not in ("target", "turn_timer")]
    for option, p in ((o, next(p for p in offered if "rule." + p.name == o.key)) for o in rows[1:]):
        assert option.values == p.choices
    shown = {o.key: o for o in rows}
    assert shown["rule.upcard_offer"].show("hoyle") == i18n.tr("settings.upcard_offer.hoyle")
    assert shown["rule.game_bonus"].show(0) == i18n.tr("settings.off") and shown["rule.game_bonus"].show(100) == "100"
    assert shown["rule.big_gin_bonus"].show(None) == i18n.tr("settings.as_gin")
    settings, problems = settings_from_dict({"format": "gin-rummy-settings", "version": 1,
                                             "rules": {"gin_bonus": 30, "oklahoma": True, "warp": 1}})
    assert settings.rules == VAN.with_(oklahoma=True)
    assert problems == ["rules.gin_bonus: 30", "rules.warp: unknown switch"]
