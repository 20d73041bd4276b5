"""Settings and the resumable match: round trips, every kind of bad file, and a kill during a save."""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from game.app import paths, storage
from game.app.storage import MatchMeta, Settings
from game.engine import CLASSIC, VAN, MatchState, Phase, new_match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    storage.flush()
    paths.set_data_dir(tmp_path)
    storage.take_notices()
    yield tmp_path
    storage.flush()
    paths.set_data_dir(None)
    storage.take_notices()


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
    paths.set_data_dir(None)
    monkeypatch.delenv(paths.ENV_HOME, raising=False)
    calls = []

    def pref_path(org, app):
        calls.append((org, app))
        return str(tmp_path / "pref") + os.sep

    monkeypatch.setattr(pygame.system, "get_pref_path", pref_path)
    assert paths.data_dir() == tmp_path / "pref" and calls == [("GinRummy", "GinRummy")]
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "portable"))
    assert paths.settings_path() == tmp_path / "portable" / "settings.json"
    assert paths.font().is_file() and paths.asset("fonts", "DejaVuSans.ttf") == paths.font()


def test_an_unusable_data_folder_still_lets_the_game_save(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    paths.set_data_dir(blocker / "folder")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "spare"))
    (tmp_path / "spare").mkdir()
    storage.save_settings(Settings(language="ru"))
    assert storage.flush()
    assert storage.load_settings().language == "ru"
    assert (tmp_path / "spare" / "gin-rummy" / "settings.json").exists()


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("locales, expected", [
    ([{"language": "fa", "country": "IR"}], "fa"),
    ([{"language": "ru", "country": "RU"}], "ru"),
    ([{"language": "de", "country": "DE"}], "en"),
    ([{"language": "de", "country": "DE"}, {"language": "ru", "country": None}], "ru"),
    ([], "en"),
])
def test_first_start_picks_the_system_language(monkeypatch, locales, expected):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: locales)
    settings = storage.load_settings()
    assert settings.language == expected
    assert settings.with_(language="en") == Settings()
    assert storage.take_notices() == []


def test_settings_round_trip(data_dir):
    custom = CLASSIC.with_(target=50, gin_bonus=20, undercut_bonus=10, oklahoma=True, turn_timer=15,
                           big_gin_bonus=50, may_discard_taken_card=True)
    settings = Settings(language="fa", level="hard", rules=custom, animation="instant", sound=False, volume=0.35,
                        card_size="large", four_colour=True, high_contrast=True, card_back="red", fullscreen=True,
                        ask_before_knock=True, guide_shown=True, names=("Ali", "Sara"))
    storage.save_settings(settings)
    assert storage.flush()
    text = (data_dir / "settings.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == storage.SETTINGS_VERSION and data["rules"] == custom.to_dict()
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
    "newer version": json.dumps({**Settings().to_dict(), "version": storage.SETTINGS_VERSION + 1}).encode(),
    "no version": json.dumps({"format": storage.SETTINGS_FORMAT, "language": "ru"}).encode(),
    "bad utf-8": b'{"format": "gin-rummy-settings", "version": 1, "language": "\xff\xfe"}',
}


@pytest.mark.parametrize("kind", sorted(BAD_SETTINGS))
def test_a_bad_settings_file_is_set_aside_and_defaults_used(data_dir, kind, monkeypatch):
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


def test_a_hand_edited_field_falls_back_alone(data_dir):
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


def test_only_the_newest_bad_files_are_kept(data_dir):
    for n in range(storage.KEEP_ASIDE + 3):
        (data_dir / "settings.json").write_text("broken %d" % n)
        storage.load_settings()
        storage.flush()
    assert len(aside_files(data_dir, "settings")) == storage.KEEP_ASIDE


def test_a_failed_write_keeps_the_last_good_settings(data_dir, monkeypatch):
    storage.save_settings(Settings(language="ru"))
    assert storage.flush()
    errors = storage.write_errors()

    def broken_replace(src, dst):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", broken_replace)
    storage.save_settings(Settings(language="fa"))
    assert storage.flush()
    monkeypatch.undo()
    assert storage.write_errors() == errors + 1
    assert storage.load_settings().language == "ru"
    assert not list(data_dir.glob("*.tmp"))


# --- the saved match --------------------------------------------------------------------------


@pytest.mark.parametrize("seed, actions", [(1, 0), (2, 1), (3, 7), (4, 40), (5, 200)])
def test_match_round_trip(seed, actions):
    state = played_state(seed, actions)
    assert state.phase is not Phase.MATCH_OVER
    meta = MatchMeta("bot", ("Ali", ""), bot_level="hard", bot_seat=1)
    storage.save_match(state, meta)
    assert storage.has_match()
    loaded_state, loaded_meta = storage.load_match()
    assert loaded_state == state and loaded_meta == meta
    assert loaded_state.legal_actions() == state.legal_actions()
    assert loaded_meta.human_seat == 0 and loaded_meta.opponent_key == "hard"


def test_hotseat_round_trip_keeps_names_and_the_last_save_wins():
    meta = MatchMeta("hotseat", ("علی", "Саша"))
    first, second = played_state(9, 3), played_state(9, 4)
    storage.save_match(first, meta)
    storage.save_match(second, meta)
    state, loaded = storage.load_match()
    assert state == second and loaded.names == ("علی", "Саша") and loaded.bot_seat is None
    assert loaded.match_id == meta.match_id and loaded.opponent_key == "hotseat:Саша"


def test_a_finished_match_clears_the_save():
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
        MatchMeta("online", ("A", "B"))
    assert MatchMeta.from_dict({"mode": "hotseat", "names": ["A", "B"]}).names == ("A", "B")


def _good_match_text(seed=21, actions=5):
    return storage.match_text(played_state(seed, actions), MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=0))


def _edit(mutate):
    data = json.loads(_good_match_text())
    mutate(data)
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
    "newer version": _edit(lambda d: d.__setitem__("version", storage.MATCH_VERSION + 1)),
    "newer engine save": _edit(lambda d: d["match"].__setitem__("version", 99)),
    "bad meta": _edit(lambda d: d["meta"].__setitem__("mode", "online")),
    "no match": _edit(lambda d: d.pop("match")),
    "not ours": json.dumps({"format": "x"}).encode(),
}


@pytest.mark.parametrize("kind", sorted(BAD_MATCHES))
def test_a_bad_saved_match_is_set_aside_with_a_notice(data_dir, kind):
    (data_dir / "match.json").write_bytes(BAD_MATCHES[kind])
    assert storage.load_match() is None
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["notice.match_reset"] and notices[0].detail
    kept = aside_files(data_dir, "match")
    assert len(kept) == 1 and kept[0].read_bytes() == BAD_MATCHES[kind]
    assert not (data_dir / "match.json").exists() and not storage.has_match()


def test_a_failed_save_leaves_the_last_good_one(data_dir, monkeypatch):
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


def test_a_half_written_temp_file_is_ignored_and_tidied(data_dir):
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
    sys.path.insert(0, sys.argv[2])
    from game.app import paths, storage
    from game.app.storage import MatchMeta
    from game.engine import VAN, new_match
    paths.set_data_dir(sys.argv[1])
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


def test_a_process_killed_while_saving_leaves_a_readable_save(data_dir):
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


def test_randomly_damaged_saves_never_crash(data_dir):
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
    assert storage.load_settings() == Settings(language=storage.system_language())
