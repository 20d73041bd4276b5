"""One saving state behind every saving notice: "progress cannot be saved" and "saving works again" are
the turns of one state of the folder, whoever reports (the store's writer, the statistics), so the player
never has both at once, nor hears that saving works while a file still takes no write."""
from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path

import pytest

from game.app.matches.meta import MatchMeta
from game.app.pictures.staging import plain_move
from game.app.records.stats import Stats
from game.app.storage import NOTICE_CANNOT_SAVE, NOTICE_SAVING_BACK, WHY_READ_ONLY_FILE, Store
from game.app.storage import files as storage_files
from game.app.storage.trouble import SavingTrouble
from game.engine import VAN, Phase, new_match

SAVING = (NOTICE_CANNOT_SAVE, NOTICE_SAVING_BACK)


def read_only(monkeypatch, *paths: Path) -> None:
    """The files take no write, as for a player without root's override (the tests may run as root)."""
    real = os.access
    names = {os.fspath(p) for p in paths}
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if os.fspath(p) in names and mode & os.W_OK
                        else real(p, mode, **kw))


def keys(store) -> list[str]:
    return [n.key for n in store.take_notices() if n.key in SAVING]


def a_move(state):
    return plain_move(state, want_knock=False)


def test_a_read_only_settings_file_says_cannot_save_once_and_never_saved_again(tmp_path, monkeypatch):
    first = Store(tmp_path)
    first.save_settings(first.load_settings())
    first.close()
    read_only(monkeypatch, tmp_path / "settings.json")
    store = Store(tmp_path)
    store.startup()
    stats = Stats(tmp_path / "stats.sqlite3", notices=store, background=False)
    stats.check()
    told = [n for n in store.take_notices() if n.key in SAVING]
    assert [n.key for n in told] == [NOTICE_CANNOT_SAVE] and told[0].why == WHY_READ_ONLY_FILE
    assert told[0].aside == tmp_path  # the notice names the folder
    state, _ = new_match(VAN, 5)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    for _ in range(3):  # the save and the statistics keep working: that is no news while settings cannot be kept
        state.apply(a_move(state), state.to_act)
        store.save_match(state, meta)
        store.flush()
        store.save_settings(store.load_settings())  # the settings file still refuses
        assert keys(store) == [] and store.saving_fails
    monkeypatch.undo()  # the player makes the file writable again and changes a setting
    store.save_settings(store.load_settings())
    assert keys(store) == [NOTICE_SAVING_BACK] and not store.saving_fails
    stats.close()
    store.close()


def test_a_full_disk_for_the_saves_and_the_statistics_is_one_trouble_and_one_recovery(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.startup()
    stats = Stats(tmp_path / "stats.sqlite3", notices=store, background=False)
    stats.check()
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    state, _ = new_match(VAN, 7)
    ended = []
    while state.phase is not Phase.HAND_OVER:
        ended += state.apply(plain_move(state, want_knock=True), state.to_act)
    real_connect = stats._connect
    full_db = pytest.MonkeyPatch()
    full_db.setattr(stats, "_connect", lambda: _Full(real_connect()))
    monkeypatch.setattr(storage_files, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(
        OSError(28, "No space left on device")))
    store.save_match(state, meta)
    store.flush()
    stats.record_events(meta, state.rules, ended)
    assert keys(store) == [NOTICE_CANNOT_SAVE]  # once, though two services failed
    monkeypatch.undo()  # space for the save's small file, not yet for the database
    store.save_match(state, meta)
    store.flush()
    assert keys(store) == [] and store.saving_fails  # the statistics still take nothing: no "saved again"
    full_db.undo()
    stats.record_events(meta, state.rules, ended)
    assert keys(store) == [NOTICE_SAVING_BACK] and not store.saving_fails
    assert stats.opponent("easy").hands_played == 1
    stats.close()
    store.close()


def test_a_trouble_over_before_the_player_looked_is_never_told(tmp_path, monkeypatch):
    store = Store(tmp_path)
    state, _ = new_match(VAN, 3)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    monkeypatch.setattr(storage_files, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(
        OSError(28, "No space left on device")))
    store.save_match(state, meta)
    store.flush()
    monkeypatch.undo()
    store.save_match(state, meta)
    store.flush()
    assert keys(store) == [] and store.take_trouble() is None and not store.take_saving_back()
    store.close()


def test_whatever_reports_in_whatever_order_the_notices_follow_the_state(tmp_path):
    """Random reports of failures and successes by several files, notices taken at random moments: never
    both at once, the last told is the state, and "saved again" only after "cannot be saved" was told."""
    rng = random.Random(41)
    for _ in range(200):
        trouble = SavingTrouble(tmp_path)
        sources = [tmp_path, tmp_path / "settings.json", tmp_path / "match.json", tmp_path / "stats.sqlite3"]
        told_failing = False
        for _ in range(rng.randrange(1, 30)):
            source = rng.choice(sources)
            if rng.random() < 0.5:
                trouble.add_notice(NOTICE_CANNOT_SAVE, source, "", "notice.why.disk_full")
            elif rng.random() < 0.5:
                trouble.add_notice(NOTICE_SAVING_BACK, source)
            else:
                trouble.written(source, None if rng.random() < 0.5 else OSError(28, "full"))
            if rng.random() < 0.3:
                taken = [n.key for n in trouble.take_notices()]
                assert len(taken) <= 1, taken
                if taken == [NOTICE_SAVING_BACK]:
                    assert told_failing and not trouble.saving_fails
                    told_failing = False
                elif taken == [NOTICE_CANNOT_SAVE]:
                    assert not told_failing and trouble.saving_fails
                    told_failing = True
        taken = [n.key for n in trouble.take_notices()]
        assert len(taken) <= 1
        if taken:
            told_failing = taken == [NOTICE_CANNOT_SAVE]
        assert told_failing == trouble.saving_fails  # once everything is shown, the player knows the state


class _Full:
    """A connection on a full disk: every insert fails."""

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, *args):
        if sql.startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_the_menu_over_a_read_only_settings_file_never_says_saved_again(tmp_path, monkeypatch):
    from test_reliability_files import play_once

    first = Store(tmp_path)
    first.save_settings(first.load_settings())
    first.close()
    read_only(monkeypatch, tmp_path / "settings.json")
    result = play_once(tmp_path)  # the menu, a match, two moves, the menu again
    assert result["moved"], result
    told = [k for k in result["notices"] if k in SAVING]
    assert told == [NOTICE_CANNOT_SAVE] and not result["toasts"], result
