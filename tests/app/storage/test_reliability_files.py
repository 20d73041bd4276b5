"""Every kind of damaged or unusable file, for each of the game's three files (settings.json,
match.json, stats.sqlite3): the real services and app start, say clearly what happened, keep the
original, and the game plays on (menu, a match, a move).

Read-only files and folders are tried as a user the file permissions hold for: a process running
as root is dropped to ``nobody`` or, where ``nobody`` cannot run this Python, to root without the
capabilities that override file permissions.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[3]
TESTS = Path(__file__).resolve().parent

FILES = ("settings", "match", "stats")
KINDS = ("empty", "truncated", "random bytes", "wrong shape", "illegal", "huge values", "huge file", "folder",
         "read-only file", "read-only folder", "symlink")
RESTRICTED = ("read-only file", "read-only folder")
NAMES = {"settings": "settings.json", "match": "match.json", "stats": "stats.sqlite3"}
NOBODY = 65534


# --- the game, started on a folder and played for one move (also run in a child process) ----------


def play_once(folder: str | Path) -> dict:
    """Start the real services and app on ``folder``, reach the menu, continue or start a match,
    make one move and go back to the menu.  What the player was told and whether the move was made."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.pictures.staging import plain_move
    from game.app.program.app import App
    from game.app.stage.services import Services

    pygame.quit()  # a fresh start: nothing of an earlier test's pygame (fonts made before a quit) carries over
    services = Services.for_player(Path(folder))
    app = App(size=(960, 600), services=services)
    app.nav.seed = 2024  # the same seeded deals every run (the fair deal's fresh secrets would vary them)
    app.pace = 0.0
    keys: list[str] = []
    real_take = app.nav.take_notices

    def take() -> list:
        out = real_take()
        keys.extend(n.key for n in out)
        return out

    app.nav.take_notices = take  # type: ignore[method-assign]
    toasts: list[str] = []
    real_toast = app.toast

    def toast(message: str, seconds: float = 2.6) -> None:
        toasts.append(message)
        real_toast(message, seconds)

    app.toast = toast  # type: ignore[method-assign]
    out: dict = {"moved": False, "resumed": False}
    try:
        app.nav.to_menu()
        frames(app, 2)
        menu = app.top
        out["menu"] = menu.name
        out["offered_continue"] = menu.can_continue
        if menu.can_continue:
            menu.continue_match()
            out["resumed"] = app.top.name != "menu"
            frames(app, 2)
        if app.top.name == "menu":
            app.top.start()
        if app.top.name == "cut":  # a fair deal: the player cuts
            app.top.do_cut(30)
            frames(app, 2)
        if app.top.name == "deal":
            app.top.finish()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            top = app.top
            if top.name == "play" and top.human_turn():
                break
            if top.name == "curtain":
                app.pop(top)
            frames(app, 1)
            time.sleep(0.001)
        out["scene"] = app.top.name
        play = app.top
        if play.name == "play" and play.human_turn():
            before = play.state.to_dict()
            out["moved"] = play.human_action(plain_move(play.state, want_knock=False)) and \
                play.state.to_dict() != before
        frames(app, 2)
        services.store.flush()
        services.stats.flush()
        # a second move lets the save listener tell what the first one's write found
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            top = app.top
            if top.name == "play" and top.human_turn():
                top.human_action(plain_move(top.state, want_knock=False))
                break
            if top.name != "play":
                break
            frames(app, 1)
            time.sleep(0.001)
        services.store.flush()
        app.nav.to_menu()
        frames(app, 2)
        out["notices"] = keys
        out["toasts"] = toasts
        out["menu_after"] = app.top.name
    finally:
        app.close()
        pygame.quit()
    return out


def frames(app, n: int) -> None:
    for _ in range(n):
        app.frame(1 / 60, present=False)


# --- running without root's override ------------------------------------------------------------


def _drop_overrides() -> None:  # in the child, before it starts Python: root without the override capabilities
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def _env() -> dict:
    return dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=os.pathsep.join([str(ROOT), str(TESTS)]))


class Unprivileged:
    """How to run a child process that file permissions hold back, and as whom (``uid``)."""

    def __init__(self) -> None:
        self.kwargs: dict = {}
        self.prefix: list[str] = []
        self.uid = os.geteuid() if hasattr(os, "geteuid") else -1
        self.how = "as this user"
        if self.uid != 0:
            return
        probe = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); import game.app.storage"]
        as_nobody = dict(user=NOBODY, group=NOBODY, extra_groups=[])
        try:
            ok = subprocess.run(probe, capture_output=True, env=_env(), timeout=60, cwd="/",
                                **as_nobody).returncode == 0
        except OSError:  # nobody may not even start this Python
            ok = False
        if ok:
            self.kwargs, self.uid, self.how = as_nobody, NOBODY, "as nobody"
            return
        setpriv = shutil.which("setpriv")
        if setpriv:
            self.prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]
            self.how = "as root without the override capabilities (setpriv)"
        else:
            self.kwargs = {"preexec_fn": _drop_overrides}
            self.how = "as root without the override capabilities (prctl)"

    def run(self, argv: list[str], timeout: float = 240) -> subprocess.CompletedProcess:
        return subprocess.run(self.prefix + argv, capture_output=True, text=True, env=_env(), timeout=timeout,
                              cwd="/", **self.kwargs)

    def can_write(self, folder: Path) -> bool:
        """Whether this user can still make a file in ``folder`` (then permissions prove nothing here)."""
        code = f"import pathlib; (pathlib.Path({str(folder)!r}) / 'probe').write_text('x')"
        r = self.run([sys.executable, "-c", code], timeout=60)
        (folder / "probe").unlink(missing_ok=True)
        return r.returncode == 0


@pytest.fixture(scope="module")
def unprivileged() -> Unprivileged:
    if os.name != "posix":
        pytest.skip("file permissions are tried on POSIX systems")
    return Unprivileged()


@pytest.fixture
def shared_tmp():
    """A folder under the system's temp folder that another user may enter (pytest's own is private)."""
    base = Path(tempfile.mkdtemp(prefix="gin-rummy-test-"))
    base.chmod(0o755)
    yield base
    for p in [base, *base.rglob("*")]:
        if not p.is_symlink():
            p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(base, ignore_errors=True)


# --- good files, and each kind of damage ------------------------------------------------------------


def good_settings() -> bytes:
    from game.app.config.settings import Settings

    return (json.dumps(Settings(level="easy", animation="instant").to_dict(), indent=2) + "\n").encode()


def good_match_state():
    from game.app.pictures.staging import plain_move
    from game.engine import VAN, Phase, new_match

    state, _ = new_match(VAN, 77, computer_seat=1)
    for _ in range(5):
        if state.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            break
        state.apply(plain_move(state, want_knock=False), state.to_act)
    return state


def good_match() -> bytes:
    from game.app.matches.meta import MatchMeta
    from game.app.storage import match_text

    return match_text(good_match_state(), MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)).encode()


def good_stats(path: Path) -> None:
    from game.app.matches.meta import MatchMeta
    from game.app.records.stats import Stats
    from game.engine import VAN, FinalScore, HandResult

    s = Stats(path, background=False)
    meta = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)
    s.record_hand(meta, VAN, HandResult(hand_no=0, dealer=0, kind="gin", knocker=0, winner=0, points=40,
                                        knocker_deadwood=0, defender_deadwood=15, sum_text="40"), when=1000)
    s.record_match(meta, VAN, FinalScore(0, (140, 20), (0, 0), (0, 0), False, (140, 20), 120), 3, when=2000)
    s.close()


def _bad_rows(path: Path, how: str) -> None:
    """A good database with one row edited by hand: a wrong type, or a value out of any range."""
    good_stats(path)
    conn = sqlite3.connect(path)
    if how == "type":
        conn.execute("UPDATE matches SET finished_at = 'yesterday'")
        conn.execute("UPDATE hands SET kind = 17")
    else:
        conn.execute("UPDATE matches SET finished_at = 1e300, my_total = 1e300")
        conn.execute("UPDATE hands SET points = 1e300")
    conn.commit()
    conn.close()


def make(folder: Path, which: str, kind: str, elsewhere: Path) -> dict:
    """Put the ``kind`` of damage in place of ``which`` in ``folder``; what must be kept of it."""
    path = folder / NAMES[which]
    rng = random.Random(f"{which}/{kind}")
    if which == "stats":
        scratch = elsewhere / "good.sqlite3"
        good_stats(scratch)
        good = scratch.read_bytes()
    else:
        good = good_settings() if which == "settings" else good_match()
    keep: dict = {"kind": "bytes"}
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(good[:len(good) // 2])
    elif kind == "random bytes":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(5000)))
    elif kind == "wrong shape":
        if which == "stats":
            conn = sqlite3.connect(path)
            conn.execute("CREATE TABLE matches (something TEXT)")
            conn.commit()
            conn.close()
        else:
            path.write_text(json.dumps([{"format": "gin-rummy-settings"}, 1, 2, 3]))
    elif kind == "illegal":
        if which == "settings":
            d = json.loads(good)
            d["rules"]["target"] = 0
            d["language"] = "xx"
            path.write_text(json.dumps(d))
        elif which == "match":
            from game.app.storage.resume import open_envelope, seal_envelope
            d = open_envelope(json.loads(good))
            d["match"]["hands"][0][0] = d["match"]["hands"][1][0]  # a card twice
            path.write_text(seal_envelope(d))
        else:
            _bad_rows(path, "type")
            keep = {"kind": "rows"}
    elif kind == "huge values":
        if which == "settings":
            d = json.loads(good)
            d["volume"] = 1e300
            d["rules"]["target"] = 10**300
            path.write_text(json.dumps(d))
        elif which == "match":
            from game.app.storage.resume import open_envelope, seal_envelope
            d = open_envelope(json.loads(good))
            d["match"]["hand_no"] = 10**300
            d["match"]["scores"] = [1e300, 0]
            path.write_text(seal_envelope(d))
        else:
            _bad_rows(path, "range")
            keep = {"kind": "rows"}
    elif kind == "huge file":
        with open(path, "wb") as f:
            f.write(good[:100])
            f.truncate(300 * 1024 * 1024 + 1)  # sparse: over every limit, nothing on the disk
        keep = {"kind": "size", "size": path.stat().st_size}
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
        keep = {"kind": "folder"}
    elif kind == "symlink":
        target = elsewhere / ("target-" + NAMES[which])
        target.write_bytes(bytes(rng.randrange(256) for _ in range(3000)))
        path.symlink_to(target)
        return {"kind": "link", "target": str(target), "bytes": target.read_bytes()}
    elif kind in RESTRICTED:
        if which == "stats":
            shutil.copyfile(scratch, path)
        else:
            path.write_bytes(good)
    if keep["kind"] in ("bytes", "rows"):
        keep["bytes"] = path.read_bytes()
    return keep


def expected_notices(which: str, kind: str) -> set[str]:
    if kind in RESTRICTED:
        return {"notice.cannot_save"}
    if which == "settings":
        return {"notice.settings_reset"}
    if which == "match":
        return {"notice.match_reset"}
    if kind in ("illegal", "huge values"):
        return {"notice.stats_rows_skipped"}
    if kind == "empty":
        return set()  # SQLite's own empty database (what a first start makes): nothing to lose or tell
    return {"notice.stats_reset"}


def check_kept(folder: Path, which: str, kind: str, keep: dict) -> None:
    path = folder / NAMES[which]
    stem, suffix = path.stem, path.suffix
    aside = sorted(folder.glob(f"{stem}.damaged-*{suffix}"))
    if kind in RESTRICTED:
        assert path.read_bytes() == keep["bytes"], "a read-only file was changed"
        assert not aside, "a read-only file is not damaged and stays where it is"
        return
    if keep["kind"] == "bytes":
        if kind == "empty" and which == "stats":
            return
        assert any(p.is_file() and p.read_bytes() == keep["bytes"] for p in aside), (which, kind, aside)
    elif keep["kind"] == "rows":
        assert aside, "a copy of the file as it was is kept"
        conn = sqlite3.connect(aside[0])
        kept = conn.execute("SELECT finished_at FROM matches").fetchall() + conn.execute(
            "SELECT points FROM hands").fetchall()
        conn.close()
        assert kept and any(type(v[0]) is str or v[0] == 1e300 for v in kept), kept  # the bad rows are in the copy
        live = sqlite3.connect(path)
        assert live.execute("SELECT COUNT(*) FROM matches WHERE typeof(finished_at) = 'text'"
                            " OR finished_at > 1e200").fetchone()[0] == 0
        live.close()
    elif keep["kind"] == "size":
        assert any(p.stat().st_size == keep["size"] for p in aside)
    elif keep["kind"] == "folder":
        assert any(p.is_dir() and (p / "inside.txt").read_text() == "mine" for p in aside)
    elif keep["kind"] == "link":
        assert any(p.is_symlink() and os.readlink(p) == keep["target"] for p in aside)
        assert Path(keep["target"]).read_bytes() == keep["bytes"]


# the toast when a write that failed works again, as the children (in English) word it
SAVING_AGAIN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))[
    "notice.saving_back_short"]


def check_result(which: str, kind: str, result: dict) -> None:
    assert result["menu"] == "menu" and result["menu_after"] == "menu", result
    assert result["moved"], f"no move could be made: {result}"
    again = [t for t in result["toasts"] if t == SAVING_AGAIN]
    result = dict(result, toasts=[t for t in result["toasts"] if t != SAVING_AGAIN])
    if again:  # "saving works again" is said only after the trouble was
        assert result["toasts"] or "notice.cannot_save" in result["notices"], again
    told = set(result["notices"]) | ({"notice.cannot_save"} if result["toasts"] else set())
    expected = expected_notices(which, kind)
    assert expected <= told, f"{which}/{kind}: expected {expected}, told {told}"
    if not expected:
        assert not told, told
    assert result["notices"].count("notice.cannot_save") + len(result["toasts"]) <= 1, "said more than once"
    if kind in RESTRICTED:
        assert "notice.stats_reset" not in told and "notice.settings_reset" not in told, told


# --- the tests ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in RESTRICTED])
@pytest.mark.parametrize("which", FILES)
def test_a_damaged_file_is_told_kept_and_the_game_plays_on(tmp_path, which, kind):
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    keep = make(folder, which, kind, elsewhere)
    result = play_once(folder)
    check_result(which, kind, result)
    check_kept(folder, which, kind, keep)


RESTRICTED_CHILD = """
import json, sys
from test_reliability_files import play_once
for folder in sys.argv[1:]:
    print(json.dumps({"folder": folder, "result": play_once(folder)}), flush=True)
"""


@pytest.mark.slow
def test_read_only_files_and_folders_are_not_damaged_and_the_game_plays_on(unprivileged, shared_tmp):
    """As a user without root's override: a read-only file or folder is read, kept as it is, the
    player is told once that progress cannot be saved, and the game plays."""
    cases = []
    for which in FILES:
        for kind in RESTRICTED:
            folder = shared_tmp / f"{which}-{kind.replace(' ', '-')}"
            elsewhere = shared_tmp / f"elsewhere-{which}-{kind.replace(' ', '-')}"
            folder.mkdir()
            elsewhere.mkdir()
            keep = make(folder, which, kind, elsewhere)
            if kind == "read-only file":
                (folder / NAMES[which]).chmod(0o444)
                if unprivileged.uid >= 0:
                    os.chown(folder, unprivileged.uid, -1)
                    os.chown(folder / NAMES[which], unprivileged.uid, -1)
            else:
                folder.chmod(0o555)
            cases.append((which, kind, folder, keep))
    if all(unprivileged.can_write(folder) for _, kind, folder, _ in cases if kind == "read-only folder"):
        if os.geteuid() == 0:
            pytest.fail(f"running {unprivileged.how} still writes into a read-only folder")
        pytest.skip("this user writes into read-only folders: file permissions cannot be tried here")
    r = unprivileged.run([sys.executable, "-c", RESTRICTED_CHILD, *(str(c[2]) for c in cases)])
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    results = {line["folder"]: line["result"] for line in lines}
    for which, kind, folder, keep in cases:
        check_result(which, kind, results[str(folder)])
        check_kept(folder, which, kind, keep)


@pytest.mark.slow
def test_two_copies_on_one_folder_the_second_leaves_without_touching_a_file(tmp_path):
    """The first copy (the real program, playing) holds the folder; a second start says the game is
    already open and leaves every file, a write in progress included, exactly as it was; once the first
    is killed, the lock is gone with it."""
    from game.app.storage import LOCK_FILE, FolderLock

    home = tmp_path / "home"
    home.mkdir()
    (home / "match.json").write_bytes(good_match())
    env = dict(_env(), GIN_RUMMY_HOME=str(home))
    first = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert first.poll() is None, first.stderr.read().decode() if first.stderr else ""
            if (home / LOCK_FILE).exists() and (home / "stats.sqlite3").exists():
                probe = subprocess.run([sys.executable, "-c", "import sys; from game.app.storage import FolderLock;"
                                        f" FolderLock({str(home)!r}).acquire()"], env=env, capture_output=True)
                if probe.returncode != 0 and b"AlreadyOpen" in probe.stderr:
                    break
            assert time.monotonic() < deadline, "the first copy never took the folder"
            time.sleep(0.1)
        (home / "match.json.abc123.tmp").write_text("the first copy's write in progress")
        before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.iterdir()}
        second = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke"], env=env, capture_output=True,
                                text=True, timeout=120, cwd=tmp_path)
        assert second.returncode == 3, second.stdout + second.stderr
        assert "already open" in second.stderr and str(home) in second.stderr
        assert "Traceback" not in second.stderr
        after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.iterdir()}
        # (the first copy, still playing, may add a line to its own error log meanwhile)
        changed = sorted(n for n in set(before) | set(after) if before.get(n) != after.get(n) and n != "error.log")
        assert not changed, f"the second copy touched {changed}"  # not a byte, not a time stamp, not a file
    finally:
        first.kill()  # SIGKILL: no chance to tidy up
        first.wait(30)
    with FolderLock(home) as lock:  # a killed copy holds nothing
        assert lock.held
    again = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke"], env=env, capture_output=True,
                           text=True, timeout=120, cwd=tmp_path)
    assert again.returncode == 0 and "menu reached" in again.stdout, again.stdout + again.stderr
    assert not (home / "match.json.abc123.tmp").exists()  # now its owner is gone, the half write is tidied


def test_the_lock_is_shared_inside_one_process_and_refused_across_processes(tmp_path):
    from game.app.storage import AlreadyOpen, FolderLock

    a = FolderLock(tmp_path).acquire()
    b = FolderLock(tmp_path).acquire()  # the same process (a restart in a test): the same holder
    assert a.held and b.held
    code = ("import sys; from game.app.storage import FolderLock, AlreadyOpen\n"
            f"try:\n    FolderLock({str(tmp_path)!r}).acquire()\nexcept AlreadyOpen:\n    sys.exit(3)\n")
    assert subprocess.run([sys.executable, "-c", code], env=_env()).returncode == 3
    a.release()
    assert subprocess.run([sys.executable, "-c", code], env=_env()).returncode == 3  # b still holds it
    b.release()
    assert subprocess.run([sys.executable, "-c", code], env=_env()).returncode == 0
    with FolderLock(tmp_path) as again:  # the child let go when it ended
        assert again.held and isinstance(AlreadyOpen(tmp_path), RuntimeError)
