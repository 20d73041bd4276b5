"""Words and numbers on screen: Persian digits from one place, Persian dates in the Solar Hijri calendar,
statistics columns that line up in Persian, one name for the computer, Russian gin terms and a log that
tells what happened, and a game that will not start where nobody can see it."""
from __future__ import annotations

import json
import pathlib
import re
import time

import pygame
import pytest
from helpers.apps import Driver

from game.app.lang import bidi, i18n, text
from game.app.launch.main import main
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.screenshots import picture_app
from game.app.pictures.staging import SampleStats
from game.app.records.stats import MatchRecord
from game.app.scenes.overlays import RulesScene
from game.app.scenes.stats import StatsScene, opponent_name
from game.engine import CLASSIC, VAN

pytestmark = pytest.mark.usefixtures("close_apps")

ROOT = pathlib.Path(__file__).resolve().parents[3]
PERSIAN = "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9"


def watch(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    seen: list[tuple[str, pygame.Rect]] = []
    real = text.draw

    def draw(surface, line, *a, **k):
        rect = real(surface, line, *a, **k)
        seen.append((text.shown(line, bool(k.get("literal"))), rect))
        return rect

    monkeypatch.setattr(text, "draw", draw)
    return seen


def test_numbers_take_persian_digits_at_one_place(monkeypatch):
    i18n.set_language("fa")
    try:
        assert text.shown("دست 1 · تا 100") == "دست ۱، تا ۱۰۰"  # no "·" to read as the Persian zero
        assert text.shown("برش 1,589,137") == "برش ۱٬۵۸۹٬۱۳۷"  # the Persian thousands separator
        assert text.shown("F11 تمام‌صفحه") == "F11 تمام‌صفحه"  # a key's name is printed so on the keyboard
        assert text.shown("میانگین 5.9") == "میانگین ۵٫۹"
        assert text.shown("error.log 2026", literal=True) == "error.log 2026"
        assert i18n.widget_text("100") == bidi.prepare_for_widget("۱۰۰", "fa")
        assert text.measure("25", 20) == text.measure("۲۵", 20)
    finally:
        i18n.set_language("en")
    assert text.shown("Hand 1") == "Hand 1" and i18n.widget_text("100") == "100"
    assert text.shown("Hand 1 · to 100 · 1,589") == "Hand 1 · to 100 · 1,589"


def test_the_persian_rules_and_table_show_no_latin_digit(monkeypatch):
    d = Driver(monkeypatch, language="fa")
    seen = watch(monkeypatch)
    d.app.push(RulesScene(d.app, CLASSIC))
    d.frame()
    shown = " ".join(line for line, _ in seen)
    words = re.sub(r"[A-Za-z0-9._/-]*[A-Za-z][A-Za-z0-9._/-]*", "", shown)  # key names such as F11 stay
    assert "۱۰" in shown and not re.search(r"[0-9]", words)


def test_persian_statistics_dates_are_solar_hijri(monkeypatch):
    from game.app.scenes.stats import match_date

    when = time.mktime((2026, 12, 1, 14, 30, 0, 0, 0, -1))
    i18n.set_language("fa")
    try:
        assert match_date(when) == i18n.tr("stats.when", date="10 آذر 1405", time="14:30")
        assert text.shown(match_date(when)) == "۱۰ آذر ۱۴۰۵، ۱۴:۳۰"
    finally:
        i18n.set_language("en")
    assert match_date(when) == "2026-12-01 14:30"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_persian_statistics_headers_sit_over_their_columns(monkeypatch, size):
    app = picture_app(size, "fa")
    d = Driver(monkeypatch, app=app)
    seen = watch(monkeypatch)
    d.app.push(StatsScene(d.app))
    d.frame()
    scene = d.top
    lines: dict[str, pygame.Rect] = {}
    for line, rect in seen:
        lines.setdefault(line, rect)  # the first time a line is drawn
    # the table of figures: each opponent's name centred over its column of figures
    for o in scene.shown():
        head = lines[text.shown(opponent_name(o.opponent))]
        figures = [rect for line, rect in seen if rect.top > head.bottom and abs(rect.centerx - head.centerx) <= 2]
        assert len(figures) >= 9  # one figure in each row
    # the last matches: each header starts where its cells start (the right edge in Persian)
    cells = scene.recent_cells()
    for k, key in enumerate(("stats.col.date", "stats.col.opponent", "stats.col.preset", "stats.col.score",
                             "stats.col.result")):
        head = lines[text.shown(i18n.tr(key))]
        wanted = {text.shown(row[k]) for row in cells}
        column = [rect for line, rect in seen if line in wanted and rect.top > head.bottom]
        assert column and all(abs(rect.right - head.right) <= 1 for rect in column), key
    # nothing of the table under a button
    for w in scene.widgets:
        assert not any(w.get_abs_rect().colliderect(rect) for line, rect in seen), w.object_ids


def test_the_computer_has_one_name(monkeypatch):
    for lang in ("en", "fa", "ru"):
        i18n.set_language(lang)
        try:
            for level in ("easy", "medium", "hard"):
                match = Match(MatchSetup("bot", VAN, 1, level=level), __import__("game.bots").bots)
                assert opponent_name(level) == match.name(1)
        finally:
            i18n.set_language("en")
    assert opponent_name("easy") == "Computer (easy)"


def test_russian_gin_terms_and_a_log_in_the_past():
    ru = json.loads((ROOT / "assets" / "i18n" / "ru.json").read_text(encoding="utf-8"))
    # "ничья" is the dead hand, as Russian players say; equal deadwood at a knock is something else
    for key in ("result.title.dead", "over.kind.dead", "stats.kind.dead", "rules.k.dead"):
        assert "ничья" in ru[key].lower(), key
    for key in ("settings.rule.tie_is_undercut", "rules.k.tie", "rules.v.tie_undercut", "rules.v.tie_knocker"):
        assert "нич" not in ru[key].lower(), key
    present = re.compile(r"\b(берёт|берёте|сбрасывает|сбрасываете|отказывается|отказываетесь|стучит|стучите|"
                         r"выходит)\b")
    for key, value in ru.items():
        if key.startswith("log."):
            assert not present.search(value), (key, value)


@pytest.mark.parametrize("env, platform, problem", [
    ({}, "linux", True),
    ({"DISPLAY": ":0"}, "linux", False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
    ({"SDL_VIDEODRIVER": "dummy"}, "linux", False),
    ({}, "win32", False),
    ({}, "darwin", False),
])
def test_no_display_is_named(env, platform, problem):
    from game.app.launch.main import display_problem

    assert (display_problem(env, platform) is not None) == problem


def test_without_a_display_the_game_says_so_and_exits(monkeypatch, capsys):
    from game.app.launch.main import NO_DISPLAY

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")

    def no_app(*args, **kwargs):
        raise AssertionError("no window may be opened")

    monkeypatch.setattr("game.app.program.app.App", no_app)
    assert main([]) == 1
    assert NO_DISPLAY in capsys.readouterr().err


def test_sample_statistics_show_an_abandoned_match():
    rows = SampleStats().recent_matches()
    assert all(isinstance(r, MatchRecord) for r in rows)
    assert [r.match_id for r in rows if r.abandoned] == ["m1"] and not rows[-1].won
