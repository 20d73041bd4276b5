"""Game night's setup: a name for each person (remembered), the presets a table allows with Hollywood refused
and the reason said, and the target (pairs to Hoyle's 125 unless another is chosen)."""
from __future__ import annotations

import pygame_gui
import pytest
from helpers.apps import Driver

pytestmark = pytest.mark.usefixtures("close_apps")


def _type_name(d, seat, name):
    entry = d.top.entries[seat]
    entry.set_text(name)
    d.post(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=name)
    d.frame()


def test_the_people_are_named_and_the_names_are_remembered(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=51)
    d.press("#game_night")
    d.press("#night_three")
    d.press("#seat1_person")
    assert set(d.top.entries) == {0, 1}  # a name field for each person, none for the computer
    _type_name(d, 0, "Ann")
    _type_name(d, 1, "Bo")
    d.press("#night_start")
    run = d.app.nav.tables.run
    assert (run.setup.name(0), run.setup.name(1)) == ("Ann", "Bo") and run.setup.seats[2] != "person"
    assert d.app.settings.night_names[:2] == ("Ann", "Bo")
    d.app.nav.to_menu()
    d.frame()
    d.press("#game_night")
    assert d.top.entries[0].get_text() == "Ann"


def test_hollywood_is_refused_with_its_reason_and_the_rules_stay(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=52)
    d.press("#game_night")
    d.press("#night_preset_classic")
    d.press("#night_preset_hollywood")
    assert d.top.preset == "classic"
    assert "Hollywood scoring is for two players" in d.app.scenes.toast_text
    d.press("#night_start")
    rules = d.app.nav.tables.run.table.rules
    assert rules.preset_name == "classic" and not rules.hollywood


def test_pairs_play_to_125_unless_another_target_is_chosen(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=53)
    d.press("#game_night")
    d.press("#night_pairs")
    assert d.top.targets() == [100, 125] and d.top.rules().target == 125
    d.press("#night_target_100")
    assert d.top.rules().target == 100
    d.press("#night_three")
    d.press("#night_preset_classic")
    assert d.top.targets() == [50, 100]
    d.press("#night_target_50")
    d.press("#night_start")
    assert d.app.nav.tables.run.table.rules.target == 50


def test_the_rules_page_says_how_the_table_deals_and_scores(monkeypatch, prefs):
    from game.app.scenes.overlays import RulesScene
    from game.engine import VAN
    from game.engine.rules import TableRules

    d = Driver(monkeypatch, seed=54)

    def said(kind, **house):
        return RulesScene(d.app, VAN, kind, TableRules(**house)).variants()[-1]

    assert "net of its two duels" in said("pairs") and "box" in said("pairs")
    assert "points are added" in said("pairs", pairs_scoring="sum")
    assert "deal passes to the next player" in said("three")
    assert "loser of the hand deals" in said("three", three_dealer="loser")
