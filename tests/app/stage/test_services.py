"""The services an app is handed: the real ones live in one folder, the silent ones touch nothing."""
import sys

import pygame

from game.app.config import paths
from game.app.config.settings import Settings
from game.app.matches.meta import MatchMeta
from game.app.records.stats import SilentStats, Stats
from game.app.stage.crash import CrashLog, SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound, Sound
from game.app.storage import NOTICE_STATS, SilentStore, Store
from game.engine import VAN, HandResult, new_match


def test_the_player_services_share_one_folder(tmp_path):
    (tmp_path / "settings.json.x1.tmp").write_text("half a write")
    (tmp_path / "stats.sqlite3").write_bytes(b"not a database at all" * 10)
    services = Services.for_player(tmp_path, settings_hint=Settings(sound=False, volume=0.25))
    try:
        assert isinstance(services.store, Store) and isinstance(services.stats, Stats)
        assert isinstance(services.sound, Sound) and isinstance(services.crash, CrashLog)
        assert not list(tmp_path.glob("*.tmp"))  # tidied at the start
        assert not services.sound.enabled and services.sound.volume == 0.25
        assert services.store.folder == tmp_path and services.stats.path == tmp_path / "stats.sqlite3"
        assert services.stats.opponents() == []  # the damaged database is replaced ...
        assert [n.key for n in services.store.take_notices()] == [NOTICE_STATS]  # ... and the store says so
        meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
        state, _ = new_match(VAN, 5, computer_seat=1)
        services.store.save_match(state, meta)
        services.stats.record_hand(meta, VAN, HandResult(hand_no=0, dealer=0, kind="dead"))
        assert services.crash.log_file() == tmp_path / "error.log"
    finally:
        services.close()
        pygame.mixer.stop()
    assert (tmp_path / "match.json").exists()  # closing wrote what was pending
    again = Stats(tmp_path / "stats.sqlite3", background=False)
    assert again.opponent("easy").hands_played == 1
    again.close()


def test_the_data_folder_is_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "home"))
    services = Services.for_player()
    try:
        assert services.store.folder == tmp_path / "home" == paths.data_dir()
        assert services.sound.enabled and services.sound.volume == Settings().volume
    finally:
        services.close()


def test_silent_services_touch_no_file_and_no_speaker(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "never"))
    hooks = sys.excepthook
    services = Services.silent()
    assert isinstance(services.store, SilentStore) and isinstance(services.stats, SilentStats)
    assert isinstance(services.sound, SilentSound) and isinstance(services.crash, SilentCrashLog)
    settings = services.store.load_settings()
    assert settings == Settings()
    services.store.save_settings(settings.with_(language="ru"))
    meta = MatchMeta("hotseat", ("A", "B"))
    state, _ = new_match(VAN, 6)
    services.store.save_match(state, meta)
    services.stats.record_hand(meta, VAN, HandResult(hand_no=0, dealer=0, kind="dead"))
    services.sound.play("gin")
    services.crash.install()
    assert sys.excepthook is hooks
    assert not services.store.has_match() and services.stats.opponents() == []
    services.close()
    assert list(tmp_path.iterdir()) == []


def test_the_player_services_hold_the_folder_until_they_close(tmp_path):
    import subprocess

    from game.app.storage import LOCK_FILE

    code = ("import sys; from game.app.storage import FolderLock, AlreadyOpen\n"
            f"try:\n    FolderLock({str(tmp_path)!r}).acquire()\nexcept AlreadyOpen:\n    sys.exit(3)\n")
    services = Services.for_player(tmp_path)
    try:
        assert services.lock is not None and services.lock.held and (tmp_path / LOCK_FILE).exists()
        assert subprocess.run([sys.executable, "-c", code]).returncode == 3
    finally:
        services.close()
        pygame.mixer.quit()
    assert not services.lock.held
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_every_notice_and_reason_speaks_every_language_with_the_same_blanks():
    import json
    import re

    from game.app import storage

    keys = [getattr(storage, name) for name in dir(storage) if name.startswith(("NOTICE_", "WHY_"))]
    keys += ["notice.cannot_save_short", "app.already_open"]
    tables = {lang: json.loads((paths.I18N / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("en", "fa", "ru")}
    for key in keys:
        blanks = {lang: set(re.findall(r"{(\w+)}", table[key])) for lang, table in tables.items()}
        assert blanks["en"] == blanks["fa"] == blanks["ru"], (key, blanks)
