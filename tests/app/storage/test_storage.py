"""Settings and the resumable match: round trips, every kind of bad file, and a kill during a save."""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.app.config import paths
from game.app.config.settings import SETTINGS_FORMAT, SETTINGS_VERSION, Settings, system_language
from game.app.matches.meta import MatchMeta
from game.app.storage import (
    KEEP_ASIDE,
    MATCH_READ_LIMIT,
    MATCH_VERSION,
    NOTICE_MATCH,
    NOTICE_SETTINGS,
    READ_LIMIT,
    SilentStore,
    Store,
    match_text,
)
from game.app.storage.resume import open_envelope, seal_envelope
from game.engine import CLASSIC, VAN, MatchState, Phase, new_match

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path


@pytest.fixture
def storage(tmp_path):
    """The store every test here uses (named like the module it replaced, so the tests read the same)."""
    store = Store(tmp_path)
    yield store
    store.close()


def aside_files(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.damaged-*"))


def played_state(seed: int, actions: int, rules=VAN) -> MatchState:
    state, _ = new_match(rules, seed, computer_seat=1)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


# --- where the files live ---------------------------------------------------------------------


def test_the_data_folder_comes_from_pygame_or_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv(paths.ENV_HOME, raising=False)
    calls = []

    def pref_path(org, app):
        calls.append((org, app))
        return str(tmp_path / "pref") + os.sep

    monkeypatch.setattr(pygame.system, "get_pref_path", pref_path)
    assert paths.data_dir() == tmp_path / "pref" and calls == [("GinRummy", "GinRummy")]
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "portable"))
    assert paths.data_dir() == tmp_path / "portable" and (tmp_path / "portable").is_dir()
    assert Store(paths.data_dir()).settings_path == tmp_path / "portable" / "settings.json"
    assert paths.font().is_file() and paths.asset("fonts", "DejaVuSans.ttf") == paths.font()


def test_an_unusable_data_folder_still_lets_the_game_save(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(paths.ENV_HOME, str(blocker / "folder"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "spare"))
    (tmp_path / "spare").mkdir()
    store = Store(paths.data_dir())
    store.save_settings(Settings(language="ru"))
    assert store.flush()
    assert store.load_settings().language == "ru"
    assert (tmp_path / "spare" / "gin-rummy" / "settings.json").exists()
    store.close()


def test_a_store_makes_its_folder_on_the_first_write(tmp_path):
    store = Store(tmp_path / "new" / "folder")
    assert not (tmp_path / "new").exists() and store.load_settings() == Settings(language=system_language())
    store.save_settings(Settings(level="hard"))
    store.close()
    assert store.write_errors == 0 and store.load_settings().level == "hard"


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("locales, expected", [
    ([{"language": "fa", "country": "IR"}], "fa"),
    ([{"language": "ru", "country": "RU"}], "ru"),
    ([{"language": "de", "country": "DE"}], "en"),
    ([{"language": "de", "country": "DE"}, {"language": "ru", "country": None}], "ru"),
    ([], "en"),
])
def test_first_start_picks_the_system_language(storage, monkeypatch, locales, expected):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: locales)
    settings = storage.load_settings()
    assert settings.language == expected
    assert settings.with_(language="en") == Settings()
    assert storage.take_notices() == []


def test_settings_round_trip(storage, data_dir):
    custom = CLASSIC.with_(target=50, gin_bonus=20, undercut_bonus=10, oklahoma=True, turn_timer=15,
                           big_gin_bonus=50, may_discard_taken_card=True)
    settings = Settings(language="fa", level="hard", rules=custom, animation="instant", sound=False, volume=0.35,
                        card_size="large", four_colour=True, high_contrast=True, card_back="red", fullscreen=True,
                        ask_before_knock=True, guide_shown=True, names=("Ali", "Sara"))
    storage.save_settings(settings)
    assert storage.flush()
    text = (data_dir / "settings.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == SETTINGS_VERSION and data["rules"] == custom.to_dict()
    assert "\n  " in text  # readable, indented
    loaded = storage.load_settings()
    assert loaded == settings
    assert loaded.preset == "custom" and Settings().preset == "van"
    assert Settings(rules=CLASSIC.with_(target=50)).preset == "classic"
    assert storage.take_notices() == []


BAD_SETTINGS = {
    "garbage": b"\x00\xff not json at all",
    "empty": b"",
    "blank": b"  \n\t ",
    "truncated": json.dumps(Settings().to_dict()).encode()[:40],
    "not an object": b"[1, 2, 3]",
    "not ours": json.dumps({"format": "something else", "version": 1}).encode(),
    "newer version": json.dumps({**Settings().to_dict(), "version": SETTINGS_VERSION + 1}).encode(),
    "no version": json.dumps({"format": SETTINGS_FORMAT, "language": "ru"}).encode(),
    "too large": json.dumps({**Settings().to_dict(), "pad": "x" * READ_LIMIT}).encode(),
    "bad utf-8": b'{"format": "gin-rummy-settings", "version": 1, "language": "\xff\xfe"}',
}


@pytest.mark.parametrize("kind", sorted(BAD_SETTINGS))
def test_a_bad_settings_file_is_set_aside_and_defaults_used(storage, data_dir, kind, monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "en", "country": "GB"}])
    path = data_dir / "settings.json"
    path.write_bytes(BAD_SETTINGS[kind])
    settings = storage.load_settings()
    assert settings == Settings()
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["notice.settings_reset"]
    kept = aside_files(data_dir, "settings")
    assert len(kept) == 1 and kept[0].read_bytes() == BAD_SETTINGS[kind] and notices[0].aside == kept[0]
    assert storage.flush()
    assert storage.load_settings() == Settings()  # a good file was written in its place
    assert storage.take_notices() == []  # the notice is shown once


def test_a_hand_edited_field_falls_back_alone(storage, data_dir):
    good = Settings(language="ru", volume=0.5, four_colour=True, rules=CLASSIC).to_dict()
    good["volume"] = "loud"
    good["four_colour"] = "yes"
    good["rules"]["gin_bonus"] = 21
    good["rules"]["no_such_switch"] = True
    good["rules"]["knock_limit"] = True
    good["some_future_key"] = 1
    (data_dir / "settings.json").write_text(json.dumps(good), encoding="utf-8")
    settings = storage.load_settings()
    assert settings.language == "ru" and settings.rules.upcard_offer == "classic"
    assert settings.volume == Settings().volume and settings.four_colour is False
    assert settings.rules.gin_bonus == VAN.gin_bonus and settings.rules.knock_limit == VAN.knock_limit
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["notice.settings_reset"]
    for word in ("volume", "four_colour", "gin_bonus", "no_such_switch", "knock_limit"):
        assert word in notices[0].detail
    assert len(aside_files(data_dir, "settings")) == 1


def test_only_the_newest_bad_files_are_kept(storage, data_dir):
    for n in range(KEEP_ASIDE + 3):
        (data_dir / "settings.json").write_text(f"broken {n}")
        storage.load_settings()
        storage.flush()
    assert len(aside_files(data_dir, "settings")) == KEEP_ASIDE


def test_a_failed_write_keeps_the_last_good_settings(storage, data_dir, monkeypatch):
    storage.save_settings(Settings(language="ru"))
    assert storage.flush()
    errors = storage.write_errors

    def broken_replace(src, dst):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", broken_replace)
    storage.save_settings(Settings(language="fa"))
    assert storage.flush()
    monkeypatch.undo()
    assert storage.write_errors == errors + 1
    assert storage.load_settings().language == "ru"
    assert not list(data_dir.glob("*.tmp"))


# --- the saved match --------------------------------------------------------------------------


@pytest.mark.parametrize("seed, actions", [(1, 0), (2, 1), (3, 7), (4, 40), (5, 200)])
def test_match_round_trip(storage, seed, actions):
    state = played_state(seed, actions)
    assert state.phase is not Phase.MATCH_OVER
    meta = MatchMeta("bot", ("Ali", ""), bot_level="hard", bot_seat=1)
    storage.save_match(state, meta)
    assert storage.has_match()
    loaded_state, loaded_meta = storage.load_match()
    assert loaded_state == state and loaded_meta == meta
    assert loaded_state.legal_actions() == state.legal_actions()
    assert loaded_meta.human_seat == 0 and loaded_meta.opponent_key == "hard"


def test_hotseat_round_trip_keeps_names_and_the_last_save_wins(storage):
    meta = MatchMeta("hotseat", ("علی", "Саша"))
    first, second = played_state(9, 3), played_state(9, 4)
    storage.save_match(first, meta)
    storage.save_match(second, meta)
    state, loaded = storage.load_match()
    assert state == second and loaded.names == ("علی", "Саша") and loaded.bot_seat is None
    assert loaded.match_id == meta.match_id and loaded.opponent_key == "hotseat:Саша"


def test_a_finished_match_clears_the_save(storage):
    state = played_state(11, 2)
    meta = MatchMeta("hotseat", ("A", "B"))
    storage.save_match(state, meta)
    assert storage.has_match()
    state.phase = Phase.MATCH_OVER  # what the engine sets when someone reaches the target
    storage.save_match(state, meta)
    assert not storage.has_match()
    assert storage.flush() and storage.load_match() is None
    storage.save_match(played_state(12, 2), meta)
    storage.clear_match()
    assert not storage.has_match() and storage.load_match() is None


def test_meta_is_validated():
    with pytest.raises(ValueError):
        MatchMeta("bot", ("A", "B"), bot_level="impossible", bot_seat=1)
    with pytest.raises(ValueError):
        MatchMeta("bot", ("A", "B"), bot_level="easy", bot_seat=2)
    with pytest.raises(ValueError):
        MatchMeta("hotseat", ("A", "B"), bot_level="easy")
    with pytest.raises(ValueError):
        MatchMeta("postal", ("A", "B"))
    with pytest.raises(ValueError):  # the person at this screen sits in one of two seats online, in seat 0 else
        MatchMeta("online", ("A", "B"), seat=2)
    with pytest.raises(ValueError):
        MatchMeta("hotseat", ("A", "B"), seat=1)
    assert MatchMeta("online", ("A", "B"), seat=1).human_seat == 1
    assert MatchMeta.from_dict({"mode": "hotseat", "names": ["A", "B"]}).names == ("A", "B")


def _good_match_text(seed=21, actions=5):
    return match_text(played_state(seed, actions), MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=0))


def _edit(mutate):
    data = open_envelope(json.loads(_good_match_text()))
    mutate(data)
    return seal_envelope(data).encode()


def _damaged_seal():
    data = json.loads(_good_match_text())
    sealed = data["sealed"]
    data["sealed"] = sealed[:40] + ("A" if sealed[40] != "A" else "B") + sealed[41:]
    return json.dumps(data).encode()


def _card_twice(d):
    d["match"]["hands"][0][0] = d["match"]["hands"][1][0]


BAD_MATCHES = {
    "garbage": b"\x89PNG\r\n\x1a\n",
    "empty": b"",
    "truncated": _good_match_text().encode()[:300],
    "a card twice": _edit(_card_twice),
    "51 cards": _edit(lambda d: d["match"]["stock"].pop()),
    "bad phase": _edit(lambda d: d["match"].__setitem__("phase", "dancing")),
    "newer version": _edit(lambda d: d.__setitem__("version", MATCH_VERSION + 1)),
    "newer engine save": _edit(lambda d: d["match"].__setitem__("version", 99)),
    "bad meta": _edit(lambda d: d["meta"].__setitem__("mode", "online")),
    "no match": _edit(lambda d: d.pop("match")),
    "damaged seal": _damaged_seal(),
    "no seal": _edit(lambda d: None).replace(b'"sealed"', b'"unsealed"'),
    "not ours": json.dumps({"format": "x"}).encode(),
    "too large": _good_match_text().encode()[:-2] + b" " * MATCH_READ_LIMIT + b"}\n",
}


@pytest.mark.parametrize("kind", sorted(BAD_MATCHES))
def test_a_bad_saved_match_is_set_aside_with_a_notice(storage, data_dir, kind):
    (data_dir / "match.json").write_bytes(BAD_MATCHES[kind])
    assert storage.load_match() is None
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["notice.match_reset"] and notices[0].detail
    kept = aside_files(data_dir, "match")
    assert len(kept) == 1 and kept[0].read_bytes() == BAD_MATCHES[kind]
    assert not (data_dir / "match.json").exists() and not storage.has_match()


def test_a_failed_save_leaves_the_last_good_one(storage, data_dir, monkeypatch):
    good = played_state(31, 6)
    meta = MatchMeta("bot", ("", ""), bot_level="medium", bot_seat=1)
    storage.save_match(good, meta)
    assert storage.flush()

    def killed(src, dst):
        raise KeyboardInterrupt  # the process dies between writing the temp file and renaming it

    monkeypatch.setattr(os, "replace", killed)
    storage.save_match(played_state(31, 7), meta)
    storage.flush()
    monkeypatch.undo()
    assert storage.load_match()[0] == good
    assert not list(data_dir.glob("*.tmp"))


def test_a_half_written_temp_file_is_ignored_and_tidied(storage, data_dir):
    good = played_state(41, 3)
    storage.save_match(good, MatchMeta("hotseat", ("A", "B")))
    assert storage.flush()
    half = _good_match_text(41, 4)[:200]
    (data_dir / "match.json.k2j3.tmp").write_text(half)
    assert storage.load_match()[0] == good
    storage.startup()
    assert not list(data_dir.glob("*.tmp"))


KILLED_WRITER = textwrap.dedent("""
    import random, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from game.app.matches.meta import MatchMeta
    from game.app.storage import Store
    from game.engine import VAN, new_match
    storage = Store(Path(sys.argv[1]))
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    rng = random.Random(int(sys.argv[3]))
    first = True
    while True:
        state, _ = new_match(VAN, rng.randrange(10**6), computer_seat=1)
        for _ in range(rng.randrange(60)):
            legal = state.legal_actions()
            if not legal or state.phase.value == "match_over":
                break
            state.apply(rng.choice(legal))
        if state.phase.value == "match_over":
            continue
        storage.save_match(state, meta)
        if first:
            storage.flush()
            print("saved", flush=True)
            first = False
""")


@pytest.mark.slow
def test_a_process_killed_while_saving_leaves_a_readable_save(storage, data_dir):
    """Kill a real process that saves in a tight loop, at random moments: the save always loads."""
    rng = random.Random(5)
    for attempt in range(4):
        proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(data_dir), str(ROOT), str(attempt)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert proc.stdout.readline().strip() == "saved"
            time.sleep(0.05 + rng.random() * 0.3)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
        loaded = storage.load_match()
        assert loaded is not None, storage.take_notices()
        loaded[0].check_invariants()
        assert storage.take_notices() == []


def test_randomly_damaged_saves_never_crash(storage, data_dir):
    """Flip, cut and insert bytes in a good save: loading gives the match back or None, never an error."""
    good = _good_match_text(51, 30).encode()
    rng = random.Random(8)
    refused = 0
    for _ in range(150):
        data = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            how = rng.randrange(3)
            if how == 0:
                data[at] = rng.randrange(256)
            elif how == 1:
                del data[at:at + rng.randint(1, 40)]
            else:
                data[at:at] = bytes(rng.randrange(32, 127) for _ in range(rng.randint(1, 5)))
        (data_dir / "match.json").write_bytes(bytes(data))
        result = storage.load_match()
        if result is None:
            refused += 1
        else:
            result[0].check_invariants()
    assert refused > 0
    (data_dir / "match.json").write_bytes(b"[" * 100000)
    assert storage.load_match() is None
    (data_dir / "settings.json").write_bytes(b"{\"a\":" * 100000)
    assert storage.load_settings() == Settings(language=system_language())


# --- bounded reads, notices per store, threads, the silent store ---------------------------------


def test_files_over_the_read_limit_are_refused_unread(storage, data_dir, monkeypatch):
    """A huge file is never read whole: at most one byte past the limit, then it is set aside."""
    good = _good_match_text(61, 4)
    (data_dir / "match.json").write_text(good + " " * (MATCH_READ_LIMIT - len(good.encode())))
    assert storage.load_match() is not None  # exactly at the limit: still ours
    (data_dir / "match.json").write_text(good + " " * (MATCH_READ_LIMIT + 1 - len(good.encode())))
    (data_dir / "settings.json").write_bytes(b"{" + b" " * (5 * READ_LIMIT) + b"}")
    asked = []
    real_read = os.read
    real_fdopen = os.fdopen

    def watching_fdopen(fd, mode="r", *args, **kwargs):
        f = real_fdopen(fd, mode, *args, **kwargs)
        if "b" in mode and "r" in mode:
            inner = f.read
            f.read = lambda n=-1: asked.append(n) or inner(n)
        return f

    monkeypatch.setattr(os, "fdopen", watching_fdopen)
    monkeypatch.setattr(os, "read", lambda fd, n: asked.append(n) or real_read(fd, n))
    assert storage.load_match() is None
    assert storage.load_settings() == Settings(language=system_language())
    monkeypatch.undo()
    assert all(0 < n <= MATCH_READ_LIMIT + 1 for n in asked)  # refused by their size: nothing read at all
    notices = storage.take_notices()
    assert [n.key for n in notices] == [NOTICE_MATCH, NOTICE_SETTINGS]
    assert all("too large" in n.detail for n in notices)
    assert len(aside_files(data_dir, "match")) == 1 and len(aside_files(data_dir, "settings")) == 1


def test_a_file_that_grows_past_the_limit_is_read_no_further(tmp_path, monkeypatch):
    """The size seen before opening is not trusted: the read itself stops one byte past the limit."""
    from game.app.storage import FileTooLarge, read_limited

    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, 100) == b"x" * 100
    with pytest.raises(FileTooLarge):
        read_limited(path, 99)
    huge = tmp_path / "huge"
    with open(huge, "wb") as f:
        f.truncate(10 * 1024**3)  # sparse: refused by its size without a byte read
    real_open = os.open

    def never_opened(path, *args, **kwargs):
        assert os.fspath(path) != os.fspath(huge), "the huge file was opened"
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", never_opened)
    with pytest.raises(FileTooLarge):
        read_limited(huge)


def test_each_store_keeps_its_own_notices_and_files(tmp_path):
    a, b = Store(tmp_path / "a"), Store(tmp_path / "b")
    a.add_notice(NOTICE_MATCH, None, "one")
    a.add_notice(NOTICE_MATCH, None, "the same key again")
    assert b.take_notices() == []
    [notice] = a.take_notices()
    assert (notice.key, notice.detail) == (NOTICE_MATCH, "one") and a.take_notices() == []
    a.save_settings(Settings(language="fa"))
    a.close()
    b.close()
    assert (tmp_path / "a" / "settings.json").exists() and not (tmp_path / "b").exists()
    assert a.folder == tmp_path / "a" and a.match_path == tmp_path / "a" / "match.json"


def test_a_closed_store_lets_its_writer_thread_go(tmp_path):
    def writers() -> int:
        return sum(t.name == "file-writer" for t in threading.enumerate())

    before = writers()
    stores = [Store(tmp_path / str(n)) for n in range(5)]
    for store in stores:
        store.save_settings(Settings())
    for store in stores:
        store.close()
    deadline = time.monotonic() + 5
    while writers() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert writers() <= before
    stores[0].save_settings(Settings(level="easy"))  # a closed store still works
    assert stores[0].flush() and stores[0].load_settings().level == "easy"


def test_the_silent_store_touches_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = SilentStore()
    store.startup()
    assert store.load_settings() == Settings()
    store.save_settings(Settings(language="ru"))
    state = played_state(71, 3)
    store.save_match(state, MatchMeta("hotseat", ("A", "B")))
    assert not store.has_match() and store.load_match() is None
    store.clear_match()
    assert store.flush() and store.write_errors == 0
    assert store.set_aside(tmp_path / "anything") is None
    store.add_notice(NOTICE_MATCH)
    assert [n.key for n in store.take_notices()] == [NOTICE_MATCH]
    store.close()
    assert list(tmp_path.iterdir()) == []
