"""Languages on screen: our text and pygame-gui widgets in en, fa (right to left, joined) and ru,
switching at run time, the mirrored table, and the rules screen's values."""
from __future__ import annotations

import json
from dataclasses import fields

import pygame
import pygame_gui
import pytest
from helpers.apps import frames, make_app

from game.app.config.resources import FONT_REGULAR, THEME
from game.app.lang import bidi, i18n, text
from game.app.looks.layout import Layout
from game.engine import CLASSIC, VAN, preset

pytestmark = pytest.mark.usefixtures("close_apps")

FA = "ناک"










# --- the theme ----------------------------------------------------------------------------------


def test_every_text_block_of_the_theme_uses_dejavu_in_each_language():
    theme = json.loads(THEME.read_text(encoding="utf-8"))
    out = i18n.widget_theme(theme)
    assert i18n.widget_theme(out) == out  # applying it twice changes nothing
    for name in i18n.WIDGET_BLOCKS + ("@primary", "#knock"):
        fonts = out[name]["font"]
        assert {f["locale"] for f in fonts} == {"en", "ru", "fa"}, name
        for f in fonts:
            assert f["regular_path"] == str(FONT_REGULAR) and FONT_REGULAR.is_file()
            assert (f.get("direction") == "rtl") == (f["locale"] == "fa"), name
        assert {f["size"] for f in fonts} == {str(theme.get(name, {}).get("font", theme["defaults"]["font"])["size"])}
    assert all(f.get("bold") == "1" for f in out["@primary"]["font"])


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_widgets_get_the_shipped_font_and_not_pygame_guis_fallback(monkeypatch, lang):
    app = make_app(monkeypatch, lang)
    app.nav.to_menu()
    frames(app)
    assert app.ui.get_locale() == lang
    button = next(w for w in app.top.widgets if isinstance(w, pygame_gui.elements.UIButton))
    font = button.font
    # the widget's font has the Persian and Cyrillic letters (pygame-gui's own fallback has no Persian)
    sample = FA if lang == "fa" else "Дж"
    assert all(font.get_metrics(c)[0] is not None for c in sample)
    assert font.get_direction() == (pygame.DIRECTION_RTL if lang == "fa" else pygame.DIRECTION_LTR)


# --- our own text -------------------------------------------------------------------------------


def _ink_columns(surf: pygame.Surface) -> list[int]:
    w, h = surf.get_size()
    return [x for x in range(w) if any(surf.get_at((x, y)).a > 100 for y in range(h))]


def test_persian_lines_are_shaped_right_to_left_by_the_text_module():
    pygame.font.init()
    text.reset()
    i18n.set_language("fa")
    try:
        ours = text.render(FA, 30, (255, 255, 255))
        f = pygame.font.Font(str(FONT_REGULAR), 30)
        f.set_script("Arab")
        f.set_direction(pygame.DIRECTION_RTL)
        shaped = f.render(FA, True, (255, 255, 255))  # the shaping library's own output
        assert ours.get_size() == shaped.get_size()
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(shaped, "RGBA")
        f.set_direction(pygame.DIRECTION_LTR)
        f.set_script("Latn")
        unjoined = f.render(FA, True, (255, 255, 255))
        assert _ink_columns(ours) != _ink_columns(unjoined)  # the check can tell joined from not
        # digits keep their order inside Persian: "25" is drawn as the font draws "25" on its own
        line = f"{FA} 25"
        runs = bidi.visual_runs(line, True)
        assert runs[0] == ("25", False) and runs[-1][0].strip() == FA and runs[-1][1]
        assert text.measure(line, 30)[0] == text.render(line, 30, (255, 255, 255)).get_width()
        # wrapped text: lines stay in reading order and start at the right edge
        long = " ".join([FA, "25", "جین", "10"] * 6)
        lines = text.wrap(long, 20, 200)
        # ... with their numbers in Persian digits, as every number on a Persian screen
        assert len(lines) > 1 and " ".join(lines) == bidi.localize_numbers(long, "fa")
        surface = pygame.Surface((400, 400), pygame.SRCALPHA)
        text.draw_wrapped(surface, long, 20, (255, 255, 255), pygame.Rect(0, 0, 200, 400))
        cols = _ink_columns(surface)
        assert max(cols) > 190 and max(cols) < 200
    finally:
        i18n.set_language("en")


def test_latin_and_digit_lines_are_left_alone_on_a_persian_screen():
    pygame.font.init()
    text.reset()
    i18n.set_language("fa")
    try:
        assert not text.right_to_left("Sara 25") and text.right_to_left(FA + " 25")
        a = text.render("10", 20, (0, 0, 0))
        b = text.font(20).render("\u06f1\u06f0", True, (0, 0, 0))  # left to right, in Persian digits
        assert a.get_size() == b.get_size()
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b.convert_alpha() if
                                                                         pygame.display.get_surface() else b, "RGBA")
    finally:
        i18n.set_language("en")


# --- switching at run time ------------------------------------------------------------------------


def test_switching_language_rebuilds_every_widget_and_mirrors_the_table(monkeypatch):
    app = make_app(monkeypatch, "en")
    app.nav.to_menu()
    frames(app)

    def labels():
        return [w.text for w in app.top.widgets if isinstance(w, pygame_gui.elements.UIButton)]

    english = labels()
    assert i18n.tr("menu.start") in english
    app.apply_settings(app.settings.with_(language="fa"))
    frames(app)
    assert i18n.language() == "fa" and app.ui.get_locale() == "fa" and app.layout.mirror
    persian = labels()
    assert bidi.prepare_for_widget(i18n.tr("menu.start"), "fa") in persian
    assert sum(bidi.has_rtl(t) for t in persian) > len(persian) // 2
    app.apply_settings(app.settings.with_(language="ru"))
    frames(app)
    assert app.ui.get_locale() == "ru" and not app.layout.mirror
    assert i18n.tr("menu.start") in labels() and any("а" in t or "о" in t for t in labels())
    assert not any(bidi.has_rtl(t) for t in labels())


def test_the_layout_mirrors_for_persian():
    plain, mirrored = Layout((1280, 720)), Layout((1280, 720), mirror=True)
    r1, r2 = plain.rect(10, 20, 100, 30), mirrored.rect(10, 20, 100, 30)
    assert r1.left == 10 and r2.right == 1270 and r1.top == r2.top
    assert mirrored.anchor("midleft") == "midright" and plain.anchor("midleft") == "midleft"
    xs = mirrored.row_xs(5, [False] * 5, 640, 1000)
    assert xs == sorted(xs, reverse=True)  # the first card of a hand is at the right


# --- the rules screen -----------------------------------------------------------------------------


def test_rules_screen_lists_every_switch_in_force():
    from game.app.scenes.overlays import RulesScene

    base = RulesScene.values(type("R", (), {"rules": VAN})())
    assert len(base) == 13
    changes = {"target": 50, "knock_limit": 7, "oklahoma": True, "gin_bonus": 20, "undercut_bonus": 10,
               "tie_is_undercut": False, "big_gin_bonus": None, "dead_hand_stock": 3,
               "may_discard_taken_card": True, "upcard_offer": "hoyle", "dealer_rule": "loser", "turn_timer": 15,
               "game_bonus": 100, "line_bonus": 25, "shutout_double": True, "straight_gin": True, "hollywood": True}
    # turn_limit guards simulations and bot matches: off at the table, not a rule of the screen
    assert set(changes) | {"first_dealer", "turn_limit"} == {f.name for f in fields(VAN)}
    for name, value in changes.items():
        rules = VAN.with_(knock_limit=value) if name == "knock_limit" else VAN.with_(**{name: value})
        shown = RulesScene.values(type("R", (), {"rules": rules})())
        assert shown != base, name  # every switch shows on the screen
    classic = dict(RulesScene.values(type("R", (), {"rules": CLASSIC})()))
    assert classic[i18n.tr("rules.k.big_gin")] == i18n.tr("rules.v.as_gin")
    assert classic[i18n.tr("rules.k.upcard")] == i18n.tr("rules.v.upcard.classic")


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_rules_screen_from_the_menu_and_from_pause(monkeypatch, lang):
    from game.app.scenes.overlays import PauseScene, RulesScene

    app = make_app(monkeypatch, lang)
    app.nav.to_menu()
    frames(app)
    app.push(RulesScene(app, preset("classic", 50)))
    drawn: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    frames(app)
    assert i18n.tr("rules.title") in drawn and i18n.tr("rules.in_force") in drawn
    shown = " ".join(drawn)
    assert i18n.numbers("50") in drawn and all(w in shown for w in i18n.tr("rules.v.upcard.classic").split())
    app.top.close()
    assert app.top.name == "menu"
    app.push(PauseScene(app))
    app.top.rules()
    frames(app)
    assert app.top.name == "rules"
