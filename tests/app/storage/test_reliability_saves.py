"""Saves: in place within moments of a move whatever the disk's speed, a finished match never offered
again (and its statistics complete), a bad file kept (never deleted, never written over), a save that
parses but cannot be resumed kept aside, and "progress cannot be saved" said once."""
from __future__ import annotations

import os
import threading

import pygame
import pytest

from game.app.matches.meta import MatchMeta
from game.app.records.stats import Stats
from game.app.scenes.menu import notice_text
from game.app.stage.services import Services
from game.app.storage import (
    NOTICE_CANNOT_SAVE,
    NOTICE_FILE_LEFT,
    NOTICE_MATCH,
    NOTICE_SAVING_BACK,
    NOTICE_SETTINGS,
    WHY_FULL,
    Store,
    match_text,
    read_saved,
)
from game.app.storage import files as storage_files
from game.engine import VAN, NextHand, Phase, new_match

pytestmark = pytest.mark.usefixtures("close_apps")

META = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)


def played(seed: int, moves: int, target: int = 100):
    from game.app.pictures.staging import plain_move

    state, _ = new_match(VAN.with_(target=target), seed, computer_seat=1)
    for _ in range(moves):
        if state.phase is Phase.HAND_OVER:
            state.apply(NextHand(), None)
        elif state.phase is Phase.MATCH_OVER:
            break
        else:
            state.apply(plain_move(state), state.to_act)
    return state


def finished(seed: int = 5):
    state = played(seed, 5000, target=10)
    assert state.phase is Phase.MATCH_OVER
    return state


@pytest.fixture(autouse=True)
def _fresh_pygame():
    """Each test starts pygame afresh: no font of an earlier test's pygame carries over."""
    pygame.quit()
    yield


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path)
    yield s
    s.close()


# --- prompt saves -----------------------------------------------------------------------------------


def test_a_slow_disk_never_holds_a_save_back(store, tmp_path, monkeypatch):
    """The rename comes first; the sync to the disk follows on its own thread, so a move's save is in
    place at once even while the disk does not answer at all."""
    real_fsync = os.fsync
    syncing, release = threading.Event(), threading.Event()

    def blocked_fsync(fd):
        syncing.set()
        release.wait(30)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", blocked_fsync)
    states = [played(3, n) for n in range(1, 6)]
    try:
        for state in states:
            store.save_match(state, META)
            assert store.flush(5), "a save waited for the disk"
            assert read_saved((tmp_path / "match.json").read_bytes()).state == state
        assert syncing.wait(5)  # the disk is asked to keep it ...
        assert not store._writer.flush(0, durable=True)  # ... and still holds it: every save above went in meanwhile
    finally:
        release.set()
    assert store._writer.flush(5, durable=True)


def test_a_finished_match_leaves_a_marker_that_is_never_continued(store, tmp_path):
    store.save_match(played(4, 6), META)
    store.flush()
    assert store.has_match()
    done = finished()
    store.save_match(done, META)
    assert not store.has_match()
    store.flush()
    text = (tmp_path / "match.json").read_text(encoding="utf-8")
    assert '"over": true' in text[:200]
    fresh = Store(tmp_path)
    assert fresh.load_match() is None and not fresh.has_match() and fresh.take_notices() == []
    state, meta = fresh.take_finished_match()
    assert state == done and meta == META
    assert (tmp_path / "match.json").exists()  # load_match keeps it for the statistics to take
    fresh.close()


def test_the_next_start_records_a_finished_match_from_its_marker_then_drops_it(tmp_path):
    """A game stopped between the end of a match and the statistics: the next start completes them."""
    done = finished(7)
    (tmp_path / "match.json").write_text(match_text(done, META), encoding="utf-8")
    services = Services.for_player(tmp_path)
    try:
        assert not services.store.has_match()
        line = services.stats.opponent("easy")
        assert line.matches_played == 1 and line.hands_played == len(done.history)
        services.store.flush()
        assert not (tmp_path / "match.json").exists()
        assert services.store.take_notices() == []
    finally:
        services.close()
        pygame.mixer.quit()
    again = Services.for_player(tmp_path)  # and only once: the marker is gone
    try:
        assert again.stats.opponent("easy").matches_played == 1
    finally:
        again.close()


def test_the_end_of_a_match_is_on_disk_before_the_player_sees_it(tmp_path):
    """The listener's end of match: statistics written, then no save at all, before it returns."""
    import game.bots as bots
    from game.app.matches.match import Match, MatchSetup
    from game.app.pictures.staging import plain_move
    from game.app.program import listeners as match_listeners

    services = Services.for_player(tmp_path)
    try:
        match = Match(MatchSetup("bot", VAN.with_(target=10), 9, "easy"), bots)
        match_listeners.attach(match, services)
        seen = []

        def look(m, action, events):  # what a scene would find right after the final move
            if m.state.phase is Phase.MATCH_OVER:
                seen.append((os.path.exists(tmp_path / "match.json"),
                             Stats(tmp_path / "stats.sqlite3", background=False).opponent("easy").matches_played))

        match.listeners.append(look)
        state = match.state
        while state.phase is not Phase.MATCH_OVER:
            if state.phase is Phase.HAND_OVER:
                match.apply(NextHand(), None)
            else:
                match.apply(plain_move(state), state.to_act)
        assert seen == [(False, 1)]
    finally:
        services.close()


# --- bad files: kept, never deleted, never written over -------------------------------------------------


def test_a_bad_file_that_cannot_be_moved_aside_is_left_untouched(store, tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_bytes(b"{broken")

    def no_rename(src, dst):
        raise PermissionError(13, "renaming is not allowed here")

    monkeypatch.setattr(storage_files.os, "replace", no_rename)
    settings = store.load_settings()
    monkeypatch.undo()
    assert settings.level == "medium"  # defaults
    [notice] = store.take_notices()
    assert notice.key == NOTICE_FILE_LEFT and notice.aside == tmp_path / "settings.json"
    store.save_settings(settings.with_(level="hard"))
    store.flush()
    assert (tmp_path / "settings.json").read_bytes() == b"{broken"  # not deleted, not written over
    assert not list(tmp_path.glob("settings.damaged-*"))


def test_a_folder_in_place_of_the_save_is_set_aside_at_the_start(tmp_path):
    (tmp_path / "match.json").mkdir()
    (tmp_path / "match.json" / "keep.txt").write_text("mine")
    store = Store(tmp_path)
    store.startup()
    try:
        assert not store.has_match() and store.load_match() is None
        [notice] = store.take_notices()
        assert notice.key == NOTICE_MATCH and notice.aside.is_dir()
        assert (notice.aside / "keep.txt").read_text() == "mine"
        store.save_match(played(2, 3), META)
        store.flush()
        assert store.load_match() is not None  # saves work again
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["fifo", "dangling link", "link loop"])
def test_no_pipe_or_odd_link_hangs_or_stops_the_start(tmp_path, kind):
    if os.name != "posix":
        pytest.skip("pipes and links as POSIX makes them")
    path = tmp_path / "settings.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    else:
        path.symlink_to(tmp_path / "settings.json")
    store = Store(tmp_path)
    store.startup()
    try:
        assert store.load_settings().level == "medium"
        [notice] = store.take_notices()
        assert notice.key == NOTICE_SETTINGS and os.path.lexists(notice.aside)
    finally:
        store.close()


def test_a_save_that_parses_but_cannot_be_resumed_is_kept_aside(tmp_path, monkeypatch):

    from game.app.matches.match import Match
    from game.app.program.app import App

    state = played(6, 4)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=0)  # the app seats the computer in seat 1
    original = match_text(state, meta).encode()
    (tmp_path / "match.json").write_bytes(original)
    app = App(services=Services.for_player(tmp_path))
    try:
        app.nav.to_menu()
        assert app.top.can_continue
        app.top.continue_match()
        assert app.top.name == "menu" and not app.top.can_continue
        assert any("match.damaged-" in notice_text(n) for n in app.top.notices)
        kept = list(tmp_path.glob("match.damaged-*.json"))
        assert len(kept) == 1 and kept[0].read_bytes() == original
        with pytest.raises(ValueError):
            Match.resumed(state, meta, app.bots)
    finally:
        app.close()
        pygame.quit()


# --- "progress cannot be saved" -----------------------------------------------------------------------


def test_a_failing_disk_is_told_once_with_its_reason(store, tmp_path, monkeypatch):
    def full(path, text, durable=True):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(storage_files, "atomic_write", full)
    for n in range(1, 40):
        store.save_match(played(8, n), META)
        store.save_settings(store.load_settings())
    store.flush()
    notices = store.take_notices()
    assert [(n.key, n.why) for n in notices] == [(NOTICE_CANNOT_SAVE, WHY_FULL)]
    assert store.take_trouble() is None and store.saving_fails
    monkeypatch.undo()
    store.save_match(played(8, 40), META)
    store.save_settings(store.load_settings())
    store.flush()
    assert not store.saving_fails and [n.key for n in store.take_notices()] == [NOTICE_SAVING_BACK]
    monkeypatch.setattr(storage_files, "atomic_write", full)
    store.save_match(played(8, 41), META)
    store.flush()
    assert store.take_trouble() == WHY_FULL  # a new trouble, for a toast during play, once
    assert store.take_trouble() is None and store.take_notices() == []


def test_during_play_a_failing_disk_is_a_toast_once_and_not_repeated_in_the_menu(tmp_path, monkeypatch):
    import game.bots as bots
    from game.app.lang.i18n import tr
    from game.app.matches.match import Match, MatchSetup
    from game.app.pictures.staging import plain_move
    from game.app.program import listeners as match_listeners

    services = Services.for_player(tmp_path)
    told: list[str] = []
    try:
        match = Match(MatchSetup("bot", VAN, 19, "easy"), bots)
        match_listeners.attach(match, services, tell=told.append)
        services.store.flush()

        def full(path, text, durable=True):
            raise OSError(28, "No space left on device", str(path))

        monkeypatch.setattr(storage_files, "atomic_write", full)
        state = match.state
        for _ in range(12):
            if state.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
                break
            match.apply(plain_move(state, want_knock=False), state.to_act)
            services.store.flush()
        assert told == [tr("notice.cannot_save_short", why=tr(WHY_FULL))]
        assert all(n.key != NOTICE_CANNOT_SAVE for n in services.store.take_notices())
    finally:
        monkeypatch.undo()
        services.close()
