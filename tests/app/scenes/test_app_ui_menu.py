"""The menu and leaving a match: rows that stay in place, Continue that says what it resumes, a match or a
custom rule set dropped only when the player agrees, and an abandoned match counted as lost."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from helpers.apps import Driver

from game.app.lang import i18n
from game.app.pictures.screenshots import picture_app
from game.app.pictures.staging import LONG_NAMES, play_to_end_of_hand
from game.app.records.stats import SilentStats
from game.app.scenes.stats import StatsScene
from game.engine import VAN, NextHand, Phase

pytestmark = pytest.mark.usefixtures("close_apps")


class Recording(SilentStats):
    """Statistics that remember the matches recorded (and nothing else)."""

    def __init__(self) -> None:
        self.matches: list[tuple] = []

    def record_match(self, meta, rules, final, hands, when=None, abandoned=False) -> None:  # type: ignore[override]
        self.matches.append((meta, rules, final, hands, abandoned))


def driver(monkeypatch, size=(1280, 720), language="en") -> Driver:
    return Driver(monkeypatch, app=picture_app(size, language))


def rect(d: Driver, object_id: str) -> pygame.Rect:
    return d.widget(object_id).get_abs_rect()


def test_choosing_a_friend_moves_nothing_under_the_pointer(monkeypatch):
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        d = driver(monkeypatch, size)
        before = {oid: rect(d, oid) for oid in ("#start", "#preset_van", "#target_100", "#settings")}
        d.press("#opponent_hotseat")
        assert d.widget("#name1") and d.widget("#name2")
        assert {oid: rect(d, oid) for oid in before} == before
        d.press("#opponent_hard")
        assert {oid: rect(d, oid) for oid in before} == before


def play_a_little(d: Driver, opponent: str) -> None:
    d.press("#opponent_" + opponent)
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    for _ in range(40):
        d.frame()
        if d.top.name == "curtain":
            d.key(pygame.K_RETURN)
    assert d.app.nav.match.state.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)


def leave(d: Driver) -> None:
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"
    d.press("#leave")
    assert d.top.name == "confirm"  # leaving asks first
    d.press("#confirm_yes")
    assert d.top.name == "menu"


def test_continue_says_what_it_resumes_and_the_menu_shows_that_match(monkeypatch):
    d = driver(monkeypatch)
    d.press("#opponent_hotseat")
    for entry, name in zip(d.top.controls.entries, LONG_NAMES, strict=True):
        entry.set_text(name)
    play_a_little(d, "hotseat")
    leave(d)
    menu = d.top
    assert menu.can_continue and menu.saved is not None
    seen: list[str] = []
    from game.app.lang import text

    real = text.draw
    monkeypatch.setattr(text, "draw", lambda s, line, *a, **k: seen.append(line) or real(s, line, *a, **k))
    d.frame()
    summary = i18n.tr("menu.saved_match", who=i18n.tr("menu.saved_friends", name1=LONG_NAMES[0],
                                                          name2=LONG_NAMES[1]),
                      mine=0, theirs=0, rules=i18n.tr("menu.saved_rules", preset=i18n.tr("preset.van"), target=100))
    assert summary in seen
    # the opponent row shows whom the saved match is against, not the default level
    assert d.widget("#opponent_hotseat").is_selected and not d.widget("#opponent_hard").is_selected
    assert [e.get_text() for e in menu.controls.entries] == list(LONG_NAMES)


def test_a_new_match_over_a_saved_one_asks_and_counts_it_lost(monkeypatch):
    d = driver(monkeypatch)
    stats = Recording()
    d.app.services.stats = stats
    play_a_little(d, "hard")
    match = d.app.nav.match
    play_to_end_of_hand(match)  # a hand scored, then the next one dealt: the score is not 0 : 0
    match.apply(NextHand(), None)
    scores = tuple(match.state.scores)
    assert sum(scores) > 0
    d.app.nav.begin_play(match)
    d.frame(2)
    leave(d)
    d.press("#start")
    assert d.top.name == "confirm" and not stats.matches  # nothing is dropped without asking
    d.press("#confirm_no")
    assert d.top.name == "menu" and d.top.can_continue
    d.press("#start")
    d.press("#confirm_yes")
    assert d.top.name in ("deal", "play")
    assert len(stats.matches) == 1
    meta, rules, final, hands, abandoned = stats.matches[0]
    assert meta.match_id == match.info.match_id and meta.bot_level == "hard"
    assert final.winner == 1 and final.totals == scores and hands == 2 and abandoned


def test_an_abandoned_match_reads_abandoned_in_the_statistics(monkeypatch):
    from game.app.scenes.stats import match_result

    d = driver(monkeypatch)
    record = SimpleNamespace(won=False, abandoned=True)
    assert match_result(record) == i18n.tr("stats.abandoned")
    assert match_result(SimpleNamespace(won=False, abandoned=False)) == i18n.tr("stats.lost")
    d.app.push(StatsScene(d.app))
    d.frame()
    assert d.top.name == "stats"


def test_leaving_a_custom_rule_set_for_a_preset_asks_first(monkeypatch):
    d = driver(monkeypatch)
    custom = VAN.with_(gin_bonus=20)
    d.app.apply_settings(d.app.settings.with_(rules=custom))
    d.top.rebuild_ui()
    d.frame()
    assert d.widget("#preset_custom").is_selected
    d.press("#preset_classic")
    assert d.top.name == "confirm" and d.app.settings.rules == custom
    d.press("#confirm_no")  # kept, and still a choice
    assert d.top.name == "menu" and d.app.settings.rules == custom and d.widget("#preset_custom").is_selected
    d.press("#preset_van")
    d.press("#confirm_yes")
    assert d.app.settings.rules == VAN and d.app.settings.preset == "van"


def test_a_greyed_out_target_says_why(monkeypatch):
    d = driver(monkeypatch)
    fifty = d.widget("#target_50")
    assert not fifty.is_enabled and fifty.tool_tip_text
    assert "100" in fifty.tool_tip_text


def test_a_latin_name_reads_left_to_right_on_a_persian_screen(monkeypatch):
    import pygame_gui

    d = driver(monkeypatch, language="fa")
    d.top.names = ["Alexandra", "سارا"]
    d.press("#opponent_hotseat")
    latin, persian = d.top.controls.entries
    assert latin.font.get_direction() == pygame.DIRECTION_LTR and latin.get_text() == "Alexandra"
    assert persian.font.get_direction() == pygame.DIRECTION_RTL
    # typing a Latin name into a field that read right to left turns it around
    d.post(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=persian, text="Sam", ui_object_id="#name2")
    persian.set_text("Sam")
    d.frame(2)
    fresh = d.top.controls.entries[1]
    assert fresh is not persian and fresh.get_text() == "Sam" and fresh.font.get_direction() == pygame.DIRECTION_LTR


def test_the_rows_offer_the_engines_opponents_and_presets(monkeypatch):
    from game.app.scenes.menu_widgets import MenuWidgets
    from game.app.stage.scene import Scene
    from game.engine import OPPONENTS, PRESET_NAMES

    d = driver(monkeypatch)
    groups = {}
    for group, key in d.top.controls.choice_buttons:
        groups.setdefault(group, []).append(key)
    assert tuple(groups["opponent"]) == OPPONENTS and tuple(groups["preset"]) == PRESET_NAMES
    assert isinstance(d.top.controls, MenuWidgets) and not issubclass(MenuWidgets, Scene)  # a part, not a base
    d.press("#opponent_easy")
    d.key(pygame.K_LEFT)  # the arrows step through the same row, round the end
    assert d.top.opponent == "hotseat" and d.widget("#opponent_hotseat").is_selected


def test_the_menu_offers_again_the_opponent_last_played(monkeypatch):
    """A friend is not a level, so the settings cannot remember one: the way between screens does."""
    d = driver(monkeypatch)
    assert d.app.nav.menu_choice is None
    play_a_little(d, "hotseat")
    assert d.app.nav.menu_choice == "hotseat" and d.app.settings.level == "medium"
    leave(d)
    d.app.services.store.clear_match()  # nothing saved to show: only the remembered choice says hotseat
    d.app.nav.to_menu()
    assert d.top.name == "menu" and d.top.saved is None and d.top.opponent == "hotseat"
    assert d.widget("#opponent_hotseat").is_selected and not d.widget("#opponent_medium").is_selected
