"""The history on screen: the menu's History button, matches newest first, a match's hands, the replay
(back and forth lands on the same positions, both hands face up), the coach from History and from the
result screen, damaged hands and hot-seat matches refused with a notice, import by dropping a file,
practice mode's undo key, and no English word on the Persian and Russian screens."""
from __future__ import annotations

import time

import pygame
import pytest
from helpers.apps import _apps, frames
from helpers.texts import english_words, widget_texts

from game.app.config.settings import Settings
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.matches.match import MatchSetup
from game.app.pictures.staging import play_to_end_of_hand
from game.app.program.app import App
from game.app.records.stats import Stats
from game.app.scenes import replay_panel
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.play import PlayScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.result import ResultScene
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage import SilentStore
from game.engine import NextHand, Phase, preset
from game.engine.record import replay
from game.engine.record_file import FileHeader, dump_file

pytestmark = pytest.mark.usefixtures("close_apps")


def make(tmp_path, lang="en", size=(1280, 720)) -> App:
    text.reset()  # fonts cached by an earlier pygame session (a painter thread may have restarted the font module)
    stats = Stats(tmp_path / "stats.sqlite3", background=False)
    services = Services(store=SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog())
    app = App(size=size, settings=Settings(language=lang, animation="instant"), services=services)
    _apps.append(app)
    app.nav.seed = 70
    return app


def play_hands(app: App, setup: MatchSetup, hands: int, finish: bool = False):
    app.nav.start_match(setup)
    match = app.nav.match
    for _ in range(200):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER or (not finish and len(match.state.history) >= hands):
            break
        match.apply(NextHand(), None)
    return match


def wait_for_review(app: App, scene: ReplayScene) -> None:
    for _ in range(500):
        frames(app, 1)
        if scene.review is not None or scene.coach_failed:
            return
        time.sleep(0.01)
    raise AssertionError("the coach never answered")


def button(scene, object_id: str):
    for widget in scene.widgets:
        if object_id in widget.get_object_ids():
            return widget
    return None


def dated(app: App, when: dict[str, float]) -> None:
    """Give matches the times their rows carry (started and last played), as if played at those times."""
    import sqlite3

    app.services.stats.flush()
    conn = sqlite3.connect(app.services.stats.path)
    conn.executemany("UPDATE history_matches SET started_at = ?, updated_at = ? WHERE match_id = ?",
                     [(t, t, match_id) for match_id, t in when.items()])
    conn.commit()
    conn.close()


def test_the_menu_opens_the_history_newest_first(tmp_path):
    app = make(tmp_path)
    # played in the other order than their times say: the list follows the times
    second = play_hands(app, MatchSetup("hotseat", preset("classic", 50), 4, names=("Ava", "Ben")), 1, finish=True)
    first = play_hands(app, MatchSetup("bot", preset("van"), 3, level="hard"), 2)
    app.nav.to_menu()
    dated(app, {first.info.match_id: 1_700_000_000.0, second.info.match_id: 1_700_003_600.0})
    frames(app)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.actions[button(menu, "#history")]()
    frames(app)
    scene = app.top
    assert isinstance(scene, HistoryScene)
    assert [e.match_id for e in scene.entries] == [second.info.match_id, first.info.match_id]
    assert scene.entries[0].finished and not scene.entries[1].finished
    scene.key(pygame.K_DOWN)
    scene.key(pygame.K_RETURN)
    frames(app)
    assert scene.entry is not None and len(scene.hands) == 2
    scene.key(pygame.K_ESCAPE)
    assert scene.entry is None and scene.selected == 1
    scene.key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.top, MenuScene)


def test_a_replay_steps_back_and_forth_over_the_same_positions(tmp_path):
    app = make(tmp_path)
    match = play_hands(app, MatchSetup("bot", preset("van"), 5, level="medium"), 1)
    app.nav.show_history()
    scene = app.top
    scene.open()
    scene.open()
    frames(app)
    rp = app.top
    assert isinstance(rp, ReplayScene)
    play = replay(rp.record)
    assert play.result == match.state.history[0]
    seen = app.table.sprites
    for pos in [1, 2, 3, 2, 1, 0, 1, 4, 3] + list(range(len(play))) + [0]:
        rp.go(pos)
        frames(app, 2)
        assert rp.state.to_dict() == play.steps[pos].state.to_dict()
        for seat in (0, 1):
            for c in rp.state.hands[seat]:
                assert seen[c].target.face  # both hands face up
        assert set(rp.state.hands[0]) | set(rp.state.hands[1]) <= rp.visible_cards()
    rp.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert rp.pos == rp.last and replay_panel.result_lines(rp)
    rp.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert rp.pos == 0
    rp.toggle_play()
    for _ in range(240):
        frames(app, 1)
    assert rp.pos >= 3
    rp.close()
    assert app.top is scene


@pytest.mark.slow
def test_the_coach_from_history_and_from_the_result_screen(tmp_path):
    app = make(tmp_path)
    match = play_hands(app, MatchSetup("bot", preset("van"), 6, level="hard"), 1)
    app.nav.show_result(match, 0)
    frames(app)
    result = app.top
    assert isinstance(result, ResultScene)
    coach = button(result, "#coach")
    assert coach is not None
    before = {c: (s.target.x, s.target.y) for c, s in app.table.sprites.items()}
    result.actions[coach]()
    rp = app.top
    assert isinstance(rp, ReplayScene) and rp.coach
    wait_for_review(app, rp)
    assert rp.review is not None and rp.review.hand_no == match.state.history[-1].hand_no
    ahead = [j.index for j in rp.review.costly if j.index > rp.pos]  # the replay opens at the first move
    rp.next_note()
    if ahead:
        assert rp.note() is not None and rp.pos == ahead[0]
        frames(app)
    rp.close()
    assert app.top is result
    assert {c: (s.target.x, s.target.y) for c, s in app.table.sprites.items()} == before
    app.nav.show_history()
    h = app.top
    h.open()
    h.coach()
    rp = app.top
    assert isinstance(rp, ReplayScene) and rp.coach
    wait_for_review(app, rp)
    assert rp.review is not None


def test_hot_seat_results_offer_no_coach(tmp_path):
    app = make(tmp_path)
    match = play_hands(app, MatchSetup("hotseat", preset("van"), 7, names=("Ava", "Ben")), 1)
    app.nav.show_result(match, None)
    frames(app)
    assert button(app.top, "#coach") is None
    app.nav.show_history()
    h = app.top
    h.open()
    assert h.entry is None and "hot-seat" in app.scenes.toast_text  # not over yet: its hands stay hidden


def test_a_damaged_hand_is_refused_with_a_notice(tmp_path):
    import sqlite3

    app = make(tmp_path)
    match = play_hands(app, MatchSetup("bot", preset("van"), 8, level="easy"), 2)
    conn = sqlite3.connect(app.services.stats.path)
    conn.execute("UPDATE history_hands SET record = '{\"format\": 1}' WHERE hand_no = 0 AND match_id = ?",
                 (match.info.match_id,))
    conn.commit()
    conn.close()
    app.nav.show_history()
    h = app.top
    h.open()
    assert [x.ok for x in h.hands] == [False, True]
    h.open()
    frames(app)
    assert app.top is h and app.scenes.toast_text and "damaged" in app.scenes.toast_text
    h.coach()
    assert app.top is h


def test_a_dropped_file_is_imported(tmp_path):
    source = make(tmp_path / "a")
    match = play_hands(source, MatchSetup("bot", preset("van"), 9, level="easy"), 2)
    text_of = source.nav.history().files.export_text(match.info.match_id)
    path = tmp_path / "shared.jsonl"
    path.write_text(text_of, encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(dump_file(FileHeader(match="x1"), [])[:-1] + "{oops\n", encoding="utf-8")
    app = make(tmp_path / "b")
    app.nav.show_history()
    h = app.top
    assert h.entries == []
    h.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert h.entries == [] and "cannot be opened" in app.scenes.toast_text
    h.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    assert [e.match_id for e in h.entries] == [match.info.match_id] and h.entries[0].imported
    h.open()
    assert [x.record for x in h.hands] == [x.record for x in source.nav.history().hands(match.info.match_id)]
    h.files.ask_import()
    frames(app)
    assert h.dialog is not None and not h.dialog.delete_button.visible
    h.back()


def test_the_undo_key_takes_back_the_players_move_in_practice(tmp_path):
    app = make(tmp_path)
    app.nav.start_match(MatchSetup("bot", preset("van"), 10, level="medium"), practice=True)
    app.top.finish()
    for _ in range(600):
        frames(app, 1)
        if isinstance(app.top, PlayScene) and app.top.human_turn():
            break
    play = app.top
    assert isinstance(play, PlayScene) and play.human_turn()
    before = app.nav.match.state.to_dict()
    play.human_action(play.state.legal_actions()[0])
    assert app.nav.match.state.to_dict() != before
    play.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
    assert app.nav.match.state.to_dict() == before and play.human_turn()
    assert app.nav.recorder.practice
    assert play.model.log_lines == [tr("practice.undone")] and play.model.selected is None  # the turn afresh
    assert app.nav.match.bot is not None and app.nav.match.bot.seat == 1  # the computer was told the hand again
    frames(app, 3)
    app.nav.start_match(MatchSetup("bot", preset("van"), 11, level="medium"))
    app.top.finish()
    for _ in range(600):
        frames(app, 1)
        if isinstance(app.top, PlayScene) and app.top.human_turn():
            break
    play = app.top
    play.human_action(play.state.legal_actions()[0])
    after = app.nav.match.state.to_dict()
    play.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
    assert app.nav.match.state.to_dict() == after  # not a practice match: nothing is taken back


@pytest.mark.parametrize("lang", ["fa", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_history_screens_show_no_english_word(monkeypatch, tmp_path, lang, size):
    app = make(tmp_path, lang, size)
    play_hands(app, MatchSetup("bot", preset("van"), 12, level="hard"), 2)
    drawn: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    seen = {}

    def look(name):
        drawn.clear()
        frames(app, 3)
        app.draw()
        seen[name] = drawn + widget_texts(app)

    app.nav.show_history()
    look("history")
    h = app.top
    h.open()
    look("hands")
    h.coach()
    rp = app.top
    wait_for_review(app, rp)
    rp.go(3)
    look("replay")
    rp.next_note()
    look("coach")
    rp.go(rp.last, snap=True)
    look("showdown")
    found = {name: english_words(strings) for name, strings in seen.items()}
    assert all(seen.values())
    assert not any(found.values()), {k: v for k, v in found.items() if v}
