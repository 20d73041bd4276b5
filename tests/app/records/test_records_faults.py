"""Faults the records must survive: a failing bot's cards kept out of the log, a log that is not a
file, an abandoned match recorded as such, and a full disk that clears itself when space returns."""
from __future__ import annotations

import logging
import os
import re
import shutil
import threading
from collections import namedtuple

import pytest

from game.app.matches.meta import MatchMeta
from game.app.records.stats import Stats
from game.app.stage.crash import CrashLog
from game.app.storage import NOTICE_CANNOT_SAVE, Store
from game.app.storage import files as storage_files
from game.app.storage.notices import NOTICE_SAVING_BACK
from game.engine import VAN, Phase, new_match

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][CDHS](?![A-Za-z0-9])")


@pytest.fixture
def crash(tmp_path):
    log = CrashLog(tmp_path)
    yield log
    log.uninstall()


def bot_cards_in(text, cards):
    return [c for c in cards if str(c) in CARD.findall(text)]


def test_a_failing_bot_never_puts_a_card_in_the_log(crash, tmp_path):
    import game.bots as bots
    from game.app.matches.match import BOT_SEAT, Match, MatchSetup

    class Clumsy:
        """The real bots, with a bot that fails on every event it is told and names its hand as it goes."""

        def __getattr__(self, name):
            return getattr(bots, name)

        def make_bot(self, level, seed=None):
            bot = bots.make_bot(level, seed=seed)

            def on_event(event):
                raise RuntimeError(f"the bot tripped holding {event!r}")

            bot.on_event = on_event
            return bot

    crash.install()
    match = Match(MatchSetup("bot", VAN, 123, "easy"), Clumsy())
    state = match.state
    hidden = list(state.hands[BOT_SEAT])
    logging.getLogger("game.app.play.driver").exception("the bot's move failed with %s", hidden)
    try:
        raise ValueError(f"no good move in {hidden} / {[str(c) for c in hidden]}")
    except ValueError:
        logging.getLogger("game.app.play.driver").exception("the bot's move failed")
    text = (tmp_path / "error.log").read_text(encoding="utf-8")
    assert "bot failed to take in" in text and "the bot tripped" in text and "Traceback" in text
    assert bot_cards_in(text, hidden) == []
    assert CARD.findall(text) == []  # not one card, whoever holds it


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_an_error_log_that_is_a_named_pipe_is_never_opened_and_is_set_aside(tmp_path, monkeypatch):
    import stat
    import tempfile

    from game.app.storage import SilentStore
    from game.app.storage.notices import NOTICE_FILE_ASIDE

    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare))
    os.mkfifo(tmp_path / "error.log")
    notices = SilentStore()
    crash = CrashLog(tmp_path, notices=notices)
    found = []
    t = threading.Thread(target=lambda: found.append(crash.log_file()), daemon=True)
    t.start()
    t.join(10)
    try:
        if t.is_alive():  # unblock the open so the test ends
            fd = os.open(tmp_path / "error.log", os.O_RDONLY | os.O_NONBLOCK)
            t.join(5)
            os.close(fd)
            pytest.fail("opening the log hung on a named pipe")
        assert found == [tmp_path / "error.log"] and (tmp_path / "error.log").is_file()
        kept = list(tmp_path.glob("error.damaged-*.log"))
        assert len(kept) == 1 and stat.S_ISFIFO(kept[0].lstat().st_mode), kept
        told = notices.take_notices()
        assert [n.key for n in told] == [NOTICE_FILE_ASIDE] and told[0].aside == kept[0]
    finally:
        crash.uninstall()


def test_a_hotseat_match_left_after_its_first_hand_is_recorded_as_abandoned(tmp_path):
    from game.app.pictures.staging import plain_move
    from game.app.scenes.savedmatch import record_abandoned

    Services = namedtuple("Services", "stats")
    store = Store(tmp_path)
    stats = Stats(tmp_path / "stats.sqlite3", notices=store, background=False)
    meta = MatchMeta("hotseat", ("Ann", "Bob"))
    state, _ = new_match(VAN, 31)
    while state.phase is not Phase.HAND_OVER:
        events = state.apply(plain_move(state, want_knock=True), state.to_act)
        stats.record_events(meta, state.rules, events)
    record_abandoned(Services(stats), state, meta)
    stats.flush()
    recent = stats.recent_matches()
    assert [(m.match_id, m.abandoned, m.won, m.hands) for m in recent] == [(meta.match_id, True, False, 1)]
    assert stats.opponent(meta.opponent_key).matches_played == 1
    assert store.take_notices() == [] and stats.skipped_rows == 0
    assert not list(tmp_path.glob("*.damaged-*"))
    stats.close()
    store.close()


def test_a_disk_full_at_start_clears_when_space_returns_and_the_player_is_told(tmp_path, monkeypatch):
    Usage = namedtuple("Usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: Usage(10**9, 10**9, 0))
    store = Store(tmp_path)
    store.startup()
    assert store.saving_fails
    assert [n.key for n in store.take_notices()] == [NOTICE_CANNOT_SAVE]
    monkeypatch.undo()  # space is back
    store.save_settings(store.load_settings())
    store.flush()
    assert not store.saving_fails
    assert store.take_saving_back()  # a toast during play, once
    assert not store.take_saving_back() and store.take_notices() == []
    monkeypatch.setattr(storage_files, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(
        OSError(28, "No space left on device")))
    store.save_settings(store.load_settings())
    store.flush()
    assert store.saving_fails and store.take_trouble() is not None  # a new trouble is news again
    monkeypatch.undo()
    store.save_settings(store.load_settings())
    store.flush()
    assert not store.saving_fails and [n.key for n in store.take_notices()] == [NOTICE_SAVING_BACK]
    store.close()


def test_statistics_that_could_not_be_written_recover_when_space_returns(tmp_path, monkeypatch):
    from game.app.pictures.staging import plain_move

    store = Store(tmp_path)
    stats = Stats(tmp_path / "stats.sqlite3", notices=store, background=False)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    state, _ = new_match(VAN, 7, computer_seat=1)
    stats.check()
    import sqlite3

    real = sqlite3.Connection.execute


    def full(conn, sql, *args):
        if sql.startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")
        return real(conn, sql, *args)

    ended = []
    while state.phase is not Phase.HAND_OVER:
        ended += state.apply(plain_move(state, want_knock=True), state.to_act)
    monkeypatch.setattr(stats, "_connect", lambda real_connect=stats._connect: _Wrapped(real_connect(), full))
    stats.record_events(meta, state.rules, ended)
    assert stats.failed_writes == 1
    assert [n.key for n in store.take_notices()] == [NOTICE_CANNOT_SAVE]
    monkeypatch.undo()
    stats.record_events(meta, state.rules, ended)
    assert stats.opponent("easy").hands_played == 1
    assert [n.key for n in store.take_notices()] == [NOTICE_SAVING_BACK]
    stats.close()
    store.close()


class _Wrapped:
    """A connection whose ``execute`` goes through ``fn`` (to play a full disk)."""

    def __init__(self, conn, fn):
        self._conn, self._fn = conn, fn

    def execute(self, sql, *args):
        return self._fn(self._conn, sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)
