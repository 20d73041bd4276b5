"""The statistics screen: empty database, figures per opponent, the last matches, reset with confirmation."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest
from helpers.apps import frames, make_app

from game.app.config import paths
from game.app.lang import bidi, i18n, text
from game.app.matches.meta import MatchMeta
from game.app.records import playways
from game.app.records.stats import Stats
from game.app.scenes.stats import ROWS, StatsScene, opponent_name, row_value
from game.engine import VAN, FinalScore, HandResult

pytestmark = pytest.mark.usefixtures("close_apps")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path))


def hand(n: int, kind: str, winner: int, points: int, knocker: int, kdw: int = 0, ddw: int = 0) -> HandResult:
    return HandResult(hand_no=n, dealer=0, kind=kind, knocker=knocker, winner=winner, points=points,
                      knocker_deadwood=kdw, defender_deadwood=ddw, sum_text=str(points))


BOT = MatchMeta("bot", names=("", ""), bot_level="hard", bot_seat=1)
FRIEND = MatchMeta("hotseat", names=("Ali", "Sara"))


def fill(db: Stats) -> None:
    db.record_hand(BOT, VAN, hand(0, "gin", 0, 33, 0, 0, 8), when=1)
    db.record_hand(BOT, VAN, hand(1, "knock", 0, 12, 0, 6, 18), when=2)
    db.record_hand(BOT, VAN, hand(2, "undercut", 1, 27, 0, 5, 3), when=3)
    db.record_match(BOT, VAN, FinalScore(0, (105, 27), (0, 0), (0, 0), False, (105, 27), 78), 3, when=4)
    db.record_hand(FRIEND, VAN, hand(0, "big_gin", 0, 45, 0, 0, 14), when=5)


def drawn_strings(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: seen.append(s) or real(s, *a, **k))
    return seen


def test_an_empty_database_shows_a_calm_screen_and_no_reset(monkeypatch):
    app = make_app(monkeypatch)
    app.nav.to_menu()
    app.push(StatsScene(app))
    seen = drawn_strings(monkeypatch)
    frames(app)
    first_line = next(s for s in seen if s and i18n.tr("stats.empty").startswith(s))
    assert len(first_line) > 10
    reset = next(w for w in app.top.widgets if w.object_ids[-1] == "#stats_reset")
    assert not reset.is_enabled
    app.top.back()
    assert app.top.name == "menu"


def test_figures_per_opponent_and_the_last_matches(monkeypatch, tmp_path):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    fill(db)
    app = make_app(monkeypatch)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    seen = drawn_strings(monkeypatch)
    frames(app)
    scene = app.top
    keys = [o.opponent for o in scene.opponents]
    assert keys == ["hard", "hotseat:Sara"]
    hard = scene.opponents[0]
    values = {row: row_value(row, hard) for row in ROWS}
    assert values["matches"] == i18n.tr("stats.of", won=1, played=1)
    assert values["hands"] == i18n.tr("stats.of", won=2, played=3)
    assert values["gins"] == "1" and values["undercuts_suffered"] == "1" and values["undercuts_given"] == "0"
    assert values["avg_deadwood"] == i18n.tr("stats.decimal", value="3.7")  # (0 + 6 + 5) / 3
    assert values["best_hand"] == i18n.tr("stats.best_hand_value", points=33, kind=i18n.tr("stats.kind.gin"))
    assert values["streak"] == "1"
    assert row_value("big_gins", scene.opponents[1]) == "1"
    assert opponent_name("hotseat:Sara") in seen and opponent_name("hard") in seen
    assert i18n.tr("stats.score", mine=105, theirs=27) in seen and i18n.tr("stats.won") in seen
    for row in ROWS:
        assert i18n.tr("stats.row." + row) in seen
    db.close()


def test_reset_asks_first_and_cancel_keeps_everything(monkeypatch, tmp_path):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    fill(db)
    app = make_app(monkeypatch)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    frames(app)
    scene = app.top
    scene.folder = tmp_path  # the ways of playing, with a person and a day, go with the figures
    playways.record(tmp_path, "three", True, match_id="t1", people=[playways.Person("Ava", True, 120)])
    scene.ask_reset()
    frames(app)
    assert scene.dialog is not None and scene.dialog.alive()
    # Cancel: the figures stay
    scene.dialog.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                                  ui_element=scene.dialog.cancel_button))
    frames(app)
    assert scene.dialog is None and len(db.opponents()) == 2
    # Confirm: everything goes, and the screen shows the empty state
    scene.ask_reset()
    frames(app)
    scene.dialog.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                                  ui_element=scene.dialog.confirm_button))
    frames(app)
    assert db.opponents() == [] and db.recent_matches() == []
    assert scene.opponents == [] and scene.dialog is None
    ways = playways.load(tmp_path)
    assert ways["ways"]["three"] == {"played": 0, "won": 0} and not any(ways["people"].values()) and ways["days"] == []
    assert playways.record(tmp_path, "three", True, match_id="t1")["ways"]["three"]["played"] == 0  # counted once
    db.close()


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_the_screen_and_its_dialog_speak_the_language(monkeypatch, tmp_path, lang):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    fill(db)
    app = make_app(monkeypatch, lang)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    frames(app)
    scene = app.top
    scene.ask_reset()
    frames(app)
    assert scene.dialog.cancel_button.text == bidi.prepare_for_widget(i18n.tr("button.cancel"), lang)
    assert scene.dialog.confirm_button.text == bidi.prepare_for_widget(i18n.tr("stats.reset_confirm"), lang)
    app.top.back()
    assert app.top.name == "menu"
    db.close()


def test_many_opponents_are_paged(monkeypatch, tmp_path):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    for n, name in enumerate(("Ali", "Bita", "Cyrus", "Dara", "Elham", "Farid")):
        meta = MatchMeta("hotseat", names=("Me", name))
        db.record_hand(meta, VAN, hand(0, "knock", 0, 10 + n, 0, 4, 14 + n), when=n + 1)
    app = make_app(monkeypatch)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    frames(app)
    scene = app.top
    assert scene.pages() == 2 and len(scene.shown()) == 4
    first = [o.opponent for o in scene.shown()]
    nxt = next(w for w in scene.widgets if w.object_ids[-1] == "#stats_next")
    scene.actions[nxt]()
    frames(app)
    assert [o.opponent for o in scene.shown()] == ["hotseat:Elham", "hotseat:Farid"]
    assert not set(first) & {o.opponent for o in scene.shown()}
    scene.turn(1)
    assert [o.opponent for o in scene.shown()] == first
    db.close()


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_a_hot_seat_match_names_both_people_never_a_question_mark(monkeypatch, tmp_path, lang):
    from game.app.scenes.stats import match_people

    db = Stats(tmp_path / "s.sqlite3", background=False)
    nameless = MatchMeta("hotseat", names=("", ""))
    db.record_hand(nameless, VAN, hand(0, "knock", 0, 12, 0, 6, 18), when=1)
    db.record_match(nameless, VAN, FinalScore(0, (12, 0), (0, 0), (0, 0), False, (12, 0), 12), 1, when=2)
    db.record_match(FRIEND, VAN, FinalScore(1, (0, 50), (0, 0), (0, 0), False, (0, 50), 50), 1, when=3)
    app = make_app(monkeypatch, lang)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    seen = drawn_strings(monkeypatch)
    frames(app)
    defaults = match_people("hotseat:?", ("", ""))
    named = match_people("hotseat:Sara", ("Ali", "Sara"))
    for name in (i18n.tr("menu.name1_default"), i18n.tr("menu.name2_default")):
        assert name in defaults
    assert "Ali" in named and "Sara" in named
    assert defaults in seen and named in seen
    assert "?" not in " ".join(seen)  # the friend with no name is "Friend" over the figures, never "?"
    assert opponent_name("hotseat:?") == i18n.tr("stats.friend") and opponent_name("hotseat:?") in seen
    db.close()


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_a_friend_online_is_an_opponent_of_their_own_named_online(monkeypatch, tmp_path, lang):
    db = Stats(tmp_path / "s.sqlite3", background=False)
    online = MatchMeta("online", names=("Sara", "Ali"), seat=1)  # the guest's side: Ali here, Sara the friend
    db.record_hand(online, VAN, hand(0, "gin", 1, 40, 1, 0, 12), when=1)
    db.record_match(online, VAN, FinalScore(1, (0, 40), (0, 0), (0, 0), False, (0, 140), 140), 1, when=2)
    db.record_hand(FRIEND, VAN, hand(0, "knock", 0, 12, 0, 6, 18), when=3)
    app = make_app(monkeypatch, lang)
    app.services.stats = db
    app.nav.to_menu()
    app.push(StatsScene(app))
    seen = drawn_strings(monkeypatch)
    frames(app)
    keys = {o.opponent for o in app.top.opponents}
    assert keys == {"online:Sara", "hotseat:Sara"}  # the same name met online and at this screen: two lines
    named = opponent_name("online:Sara")
    assert "Sara" in named and named != opponent_name("hotseat:Sara")
    assert i18n.tr("stats.friend_online_named", name="").strip() in named  # "(online)" in the screen's language
    assert named in seen
    assert i18n.tr("stats.won") in seen  # the guest won it: counted from the guest's own seat
    assert opponent_name("online:?") == i18n.tr("stats.friend_online")
    db.close()
