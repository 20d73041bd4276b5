"""Errors are written to a bounded log in the data folder, and the saved match survives them."""
import logging
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from game.app.matches.meta import MatchMeta
from game.app.stage.crash import BACKUPS, MAX_BYTES, CrashLog, SilentCrashLog
from game.app.storage import Store
from game.engine import VAN, new_match

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path)
    yield s
    s.close()


@pytest.fixture
def crash(tmp_path, store):
    log = CrashLog(tmp_path, flush=store.flush)
    yield log
    log.uninstall()


def fail(message):
    def inner():
        raise RuntimeError(message)

    try:
        inner()
    except RuntimeError as e:
        return e


def test_report_writes_the_traceback_and_returns_the_path(crash, data_dir):
    path = crash.report(fail("the table fell over"), "drawing the play scene")
    assert path == data_dir / "error.log" == crash.log_file()
    text = path.read_text(encoding="utf-8")
    assert "the table fell over" in text and "Traceback" in text and "in inner" in text
    assert "drawing the play scene" in text and "pygame-ce" in text


def test_the_log_is_rotated_and_bounded(crash, data_dir):
    for n in range(400):
        crash.report(fail("x" * 2000 + str(n)))
    logs = sorted(data_dir.glob("error.log*"))
    assert 2 <= len(logs) <= BACKUPS + 1
    assert all(p.stat().st_size <= MAX_BYTES + 8000 for p in logs)
    assert "x" * 2000 + "399" in (data_dir / "error.log").read_text(encoding="utf-8")


def test_a_report_keeps_the_saved_match(crash, store, data_dir):
    state, _ = new_match(VAN, 17, computer_seat=1)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    store.save_match(state, meta)  # still pending when the error comes
    crash.report(fail("boom"))
    assert (data_dir / "match.json").exists()
    assert store.load_match()[0] == state


def test_storage_warnings_land_in_the_log_too(crash, store, data_dir):
    crash.install()
    (data_dir / "settings.json").write_text("{broken")
    store.load_settings()
    assert "settings reset" in (data_dir / "error.log").read_text(encoding="utf-8")


def test_install_catches_errors_in_worker_threads(crash, data_dir):
    before = sys.excepthook, threading.excepthook
    assert crash.install() == data_dir / "error.log"
    assert sys.excepthook is not sys.__excepthook__
    t = threading.Thread(target=lambda: 1 / 0, name="bot-thinker")
    t.start()
    t.join()
    text = (data_dir / "error.log").read_text(encoding="utf-8")
    assert "ZeroDivisionError" in text and "bot-thinker" in text
    crash.uninstall()
    assert (sys.excepthook, threading.excepthook) == before


def test_an_uncaught_error_is_logged_in_a_real_process(tmp_path):
    code = ("from game.app.stage.services import Services; Services.for_player().crash.install(); "
            "raise ValueError('uncaught in main')")
    env = dict(os.environ, GIN_RUMMY_HOME=str(tmp_path), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "uncaught in main" in (tmp_path / "error.log").read_text(encoding="utf-8")
    assert str(tmp_path / "error.log") in r.stderr


def test_an_unwritable_data_folder_falls_back(tmp_path, monkeypatch):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare))
    crash = CrashLog(blocked / "inside")
    try:
        path = crash.report(fail("nowhere to write"))
        assert path is not None and spare in path.parents
        assert "nowhere to write" in path.read_text(encoding="utf-8")
    finally:
        crash.uninstall()


def test_the_silent_log_writes_no_file(tmp_path, monkeypatch, caplog):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    crash = SilentCrashLog()
    before = sys.excepthook
    assert crash.install() is None and sys.excepthook is before
    with caplog.at_level(logging.ERROR):
        assert crash.report(fail("quietly"), "a picture") is None
    assert "quietly" in caplog.text and "a picture" in caplog.text
    assert crash.log_file() is None
    crash.uninstall()
    assert list(tmp_path.iterdir()) == []


def test_a_failing_bot_is_logged_with_what_its_seat_saw_and_no_more(crash, data_dir):
    """The log of a bot that fails to take in an event holds the event as the bot's seat saw it:
    its own hand, never the player's cards nor a card drawn from the stock by the player."""
    import game.bots as bots
    from game.app.matches.match import BOT_SEAT, Match, MatchSetup
    from game.engine import DrawStock, HandDealt

    class Clumsy:
        """The real bots' module, with a bot that fails on every event it is told."""

        def __getattr__(self, name):
            return getattr(bots, name)

        def make_bot(self, level, seed=None):
            bot = bots.make_bot(level, seed=seed)

            def on_event(event):
                raise RuntimeError("the bot tripped")

            bot.on_event = on_event
            return bot

    crash.install()
    match = Match(MatchSetup("bot", VAN, 123, "easy"), Clumsy())
    state = match.state
    human = 1 - BOT_SEAT
    while state.to_act != human or state.phase.value != "draw":
        match.apply(state.legal_actions()[-1], state.to_act)
    match.apply(DrawStock(), human)
    drawn = state.hands[human][-1]
    text = (data_dir / "error.log").read_text(encoding="utf-8")
    assert "bot failed to take in" in text and "HandDealt" in text
    secret = set(state.hands[human]) - set(state.picks[human])  # what the bot never saw
    assert drawn in secret
    for card in secret:  # the player's hand: the dealt cards and the card just drawn
        assert f"'{card}'" not in text and f"card={card!r}" not in text and repr(card) not in text, card
    assert repr(drawn) not in text
    dealt = HandDealt(hand_no=0, dealer=0, upcard=state.discard[0], hands=(tuple(state.hands[0]),
                                                                           tuple(state.hands[1])), knock_limit=10,
                      stock_size=31)
    assert repr(dealt.seen_by(BOT_SEAT).hands[human]) == "None"
