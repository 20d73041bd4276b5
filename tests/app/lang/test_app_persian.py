"""Persian typography as Persian software writes it: the Persian comma between phrases (no "·" to read as
the Persian zero), Arabic thousands and decimal separators, sums left to right wherever they stand, one
register of address, and a volume slider that grows to the left."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers.apps import make_app

from game.app.config.settings import Settings
from game.app.lang import bidi, i18n, text
from game.app.pictures.staging import find_result
from game.app.scenes.matchstory import MatchStory
from game.app.scenes.result import ResultScene
from game.app.scenes.settings import SettingsScene

pytestmark = pytest.mark.usefixtures("close_apps")

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def persian():
    i18n.set_language("fa")
    yield
    i18n.set_language("en")


def test_a_persian_line_separates_phrases_with_the_persian_comma(persian):
    shown = text.shown("دست 2 · تا 50")
    assert shown == "دست ۲، تا ۵۰" and "\u00b7" not in shown
    assert text.shown("برش 1,589,137,899 و 5.5") == "برش ۱٬۵۸۹٬۱۳۷٬۸۹۹ و ۵٫۵"
    assert "\u00b7" not in i18n.widget_text("Alexandra · Konstantin")


def test_other_languages_keep_their_marks():
    assert bidi.localize("Hand 2 · to 50 · 1,589.5", "ru") == "Hand 2 · to 50 · 1,589.5"


def test_a_sum_reads_left_to_right_in_the_result_panel_as_on_the_score_sheet(monkeypatch, persian):
    app = make_app(monkeypatch, "fa")
    match = find_result(app, "knock")
    assert match is not None
    r = match.state.last_result
    app.nav.match = match
    app.nav.show_result(match, 0)
    scene = app.top
    assert isinstance(scene, ResultScene)
    line = next(s for s, *_ in scene.panel_lines() if i18n.numbers(r.sum_text) in text.shown(s)
                or bidi.LRI in s)
    runs = bidi.visual_runs(text.shown(line), True)
    equation = text.shown(r.sum_text)
    assert (equation, False) in runs  # one left-to-right run, as written
    sheet = MatchStory(app, match, 0, (0, 0)).rows()[0][2]
    assert bidi.visual_runs(text.shown(sheet), None) == [(equation, False)]


def test_the_persian_strings_keep_one_register():
    """The app speaks to the player with the informal "تو": no formal plural imperatives or "شما"."""
    strings = json.loads((ROOT / "assets" / "i18n" / "fa.json").read_text(encoding="utf-8"))
    formal = re.compile(r"(^|\s)(شما|بزنید|کنید|بروید|بکشید|بیندازید|بگیرید|بدهید|ببینید|بمانید)(\s|$|[.،:!؟])")
    assert not [k for k, v in strings.items() if formal.search(v)]


def test_the_volume_slider_grows_to_the_left_on_a_persian_screen(monkeypatch, persian):
    app = make_app(monkeypatch, "fa")
    app.apply_settings(Settings(language="fa", animation="instant", volume=0.8))
    app.nav.show_settings()
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.slider is not None
    assert scene.slider.get_current_value() == 20  # 80 % from the right
    scene.handle_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.slider,
                                          value=30, ui_object_id="#volume"))
    assert app.settings.volume == pytest.approx(0.7)
