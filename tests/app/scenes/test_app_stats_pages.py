"""The Statistics screen's pages: tabs and keys between them, each page drawn in three languages, the
chart mirrored on a Persian screen, the calendar's months and the streak as the pages show them."""
from __future__ import annotations

import datetime

import pygame
import pytest
from helpers.apps import frames, make_app

from game.app.config import paths
from game.app.lang import i18n, jalali, text
from game.app.pictures import statshots
from game.app.records import playways
from game.app.records.playways import Person
from game.app.records.stats import Stats
from game.app.records.stats_trends import Bucket, Tally
from game.app.scenes import daycalendar, statchart
from game.app.scenes.stats import TABS, StatsScene
from game.engine.daily import DailyResult, daily_deal

pytestmark = pytest.mark.usefixtures("close_apps")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "home"))


@pytest.fixture
def seeded(tmp_path):
    import random

    stats = Stats(tmp_path / "s.sqlite3", background=False)
    rng = random.Random(3)
    statshots._matches(stats, rng)
    statshots._ways(tmp_path, rng)
    yield stats, tmp_path, statshots.TODAY
    stats.close()


def drawn(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: seen.append(s) or real(s, *a, **k))
    return seen


def _key(scene, key, mod=0):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_every_page_draws_its_figures_in_each_language(monkeypatch, seeded, lang):
    app = make_app(monkeypatch, lang, size=(800, 600))
    app.nav.to_menu()
    scene = StatsScene(app, seeded=seeded)
    app.push(scene)
    seen = drawn(monkeypatch)
    expected = {
        "rules": i18n.tr("stats.total"),
        "ways": i18n.tr("stats.mode.pairs"),
        "time": i18n.tr("stats.time.by_month"),
        "daily": i18n.plural("stats.daily.streak", 8),
        "opponents": i18n.tr("stats.recent"),
    }
    for tab in TABS:
        scene.show_tab(tab)
        seen.clear()
        frames(app, 2)
        assert text.shown(expected[tab]) in [text.shown(s) for s in seen] or expected[tab] in seen, tab
        ids = [w.object_ids[-1] for w in scene.widgets]
        assert all("#stats_tab_" + t in ids for t in TABS)
        assert ("#stats_month_prev" in ids) == (tab == "daily")


def test_tab_and_the_number_keys_move_between_pages(monkeypatch, seeded):
    app = make_app(monkeypatch)
    app.nav.to_menu()
    scene = StatsScene(app, seeded=seeded)
    app.push(scene)
    frames(app)
    _key(scene, pygame.K_TAB)
    assert scene.tab == "rules"
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.tab == "daily"
    _key(scene, pygame.K_3)
    assert scene.tab == "ways"
    tab = next(w for w in scene.widgets if w.object_ids[-1] == "#stats_tab_time")
    scene.actions[tab]()
    assert scene.tab == "time"
    assert next(w for w in scene.widgets if w.object_ids[-1] == "#stats_tab_time").is_selected


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_earlier_months_are_reached_and_no_further_than_the_first_day(monkeypatch, seeded, lang):
    app = make_app(monkeypatch, lang)
    app.nav.to_menu()
    scene = StatsScene(app, "daily", seeded=seeded)
    app.push(scene)
    frames(app)
    oldest = scene.oldest_month()
    assert oldest == 1  # five weeks back: 9 December (18 Azar), the month before in either calendar
    newer = next(w for w in scene.widgets if w.object_ids[-1] == "#stats_month_next")
    assert not newer.is_enabled
    back = pygame.K_RIGHT if lang == "fa" else pygame.K_LEFT  # towards the past, the way the page reads
    for _ in range(5):
        _key(scene, back)
    assert scene.back_months == oldest
    older = next(w for w in scene.widgets if w.object_ids[-1] == "#stats_month_prev")
    assert not older.is_enabled
    scene.actions[next(w for w in scene.widgets if w.object_ids[-1] == "#stats_month_next")]()
    assert scene.back_months == oldest - 1
    frames(app)


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_empty_pages_say_what_will_come(monkeypatch, tmp_path, lang):
    stats = Stats(tmp_path / "e.sqlite3", background=False)
    app = make_app(monkeypatch, lang)
    app.nav.to_menu()
    scene = StatsScene(app, seeded=(stats, tmp_path / "none", "2026-01-14"))
    app.push(scene)
    seen = drawn(monkeypatch)
    for tab, key in (("rules", "stats.rules.empty"), ("ways", "stats.ways.empty"), ("time", "stats.time.empty"),
                     ("daily", "stats.daily.empty")):
        scene.show_tab(tab)
        seen.clear()
        frames(app, 2)
        first = text.wrap(i18n.tr(key), app.layout.font(18), 10_000)[0]
        assert first in seen, tab
    stats.close()


def test_the_chart_runs_right_to_left_when_mirrored():
    plot = pygame.Rect(100, 50, 400, 200)
    values = [0.0, 50.0, None, 100.0]
    ltr = statchart.chart_points(values, plot, 100.0, mirror=False)
    rtl = statchart.chart_points(values, plot, 100.0, mirror=True)
    assert ltr[0] == (100, 250) and ltr[-1] == (500, 50) and ltr[2] is None and rtl[2] is None
    for a, b in zip(ltr, rtl, strict=True):
        if a is not None and b is not None:
            assert b == (plot.left + plot.right - a[0], a[1])  # the same height, the other side
    assert statchart.chart_points([10.0], plot, 20.0, mirror=True) == [(300, 150)]
    assert statchart.chart_points([500.0], plot, 20.0, mirror=False) == [(300, 50)]  # held inside the plot


def test_the_chart_is_drawn_at_each_size_mirrored_and_not(monkeypatch):
    from game.app.looks.layout import Layout

    buckets = [Bucket(datetime.date(2026, m, 1), Tally(m, m // 2, 10 * m, 100 + m)) for m in range(1, 10)]
    for size, mirror in (((800, 600), False), ((1920, 1080), True)):
        lay = Layout(size, mirror=mirror)
        surface = pygame.Surface(size)
        rect = pygame.Rect(40, 100, size[0] - 80, size[1] - 200)
        statchart.draw_trend(surface, rect, lay, "month", buckets)
        gold = [x for x in range(rect.left, rect.right, 4) if surface.get_at((x, rect.centery - 40))[:3] != (0, 0, 0)]
        assert gold  # something of the grid or the lines crosses the plot


def test_dates_on_the_axis_are_the_screen_s_own():
    i18n.set_language("fa")
    try:
        day = datetime.date(2026, 1, 5)
        y, m, d = jalali.from_gregorian(day)
        assert statchart.bucket_label(day, "week") == i18n.tr("stats.day_month", day=d, month=jalali.MONTHS[m - 1])
        assert str(y) in statchart.bucket_label(day, "month")
    finally:
        i18n.set_language("en")
    assert statchart.bucket_label(datetime.date(2026, 1, 5), "week") == "5 Jan"
    assert statchart.bucket_label(datetime.date(2026, 3, 1), "month") == "March 2026"


def test_a_month_in_each_calendar():
    today = datetime.date(2026, 1, 14)
    first, length, _ = daycalendar.month_at(today, 0, persian=False)
    assert (first, length) == (datetime.date(2026, 1, 1), 31)
    first, length, _ = daycalendar.month_at(today, 1, persian=False)
    assert (first, length) == (datetime.date(2025, 12, 1), 31)
    first, length, _ = daycalendar.month_at(today, 0, persian=True)
    assert first == jalali.to_gregorian(1404, 10, 1) and length == 30  # Dey
    first, _, _ = daycalendar.month_at(today, 10, persian=True)
    assert first == jalali.to_gregorian(1403, 12, 1)  # across the year's end


def test_the_streak_page_tells_today_s_result(monkeypatch, tmp_path):
    deal = daily_deal("2026-01-14")
    playways.record(tmp_path, "daily", True, DailyResult(deal.day, deal.seed, deal.level, True, (120, 33), 4, {}),
                    people=[Person("Ava", True, 120)])
    stats = Stats(tmp_path / "s.sqlite3", background=False)
    app = make_app(monkeypatch)
    app.nav.to_menu()
    app.push(StatsScene(app, "daily", seeded=(stats, tmp_path, "2026-01-14")))
    seen = drawn(monkeypatch)
    frames(app)
    assert i18n.tr("stats.daily.today_won", mine=120, theirs=33) in seen
    assert i18n.plural("stats.daily.streak", 1) in seen
    stats.close()
