"""Code paths that differ on Windows, run here where they can: the folder lock through ``msvcrt``, the private
environment's Python, where the assets and fonts are found (checkout, installed wheel, one-file build)."""
import os
from pathlib import Path

import pytest

from game import bootstrap
from game.app.config import paths
from game.app.storage import lock


class FakeMsvcrt:
    """``msvcrt.locking`` as Windows does it: one byte, refused (OSError) while another descriptor holds it."""

    LK_NBLCK = 2
    LK_UNLCK = 0

    def __init__(self) -> None:
        self.holders: dict[tuple[int, int], int] = {}  # (device, inode) -> the descriptor holding it
        self.calls: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        self.calls.append((fd, mode, nbytes))
        assert os.lseek(fd, 0, os.SEEK_CUR) == 0, "Windows locks from the file position: it must be at byte 0"
        if mode == self.LK_NBLCK:
            if key in self.holders and self.holders[key] != fd:
                raise OSError(13, "Permission denied")
            self.holders[key] = fd
        elif mode == self.LK_UNLCK:
            if self.holders.get(key) != fd:
                raise OSError(13, "not locked")
            del self.holders[key]


def test_the_windows_lock_refuses_a_second_holder_and_lets_go(tmp_path):
    fake = FakeMsvcrt()
    locks = lock.WindowsLocks(fake)
    path = tmp_path / "gin-rummy.lock"
    a = os.open(path, os.O_RDWR | os.O_CREAT)
    b = os.open(path, os.O_RDWR)
    try:
        os.write(a, b"123\n")  # the position moves: the lock must still be taken at byte 0
        assert locks.try_lock(a)
        assert not locks.try_lock(b)
        locks.unlock(a)
        assert locks.try_lock(b)
        locks.unlock(a)  # not held by a: no error reaches the caller
        assert all(n == 1 for _, _, n in fake.calls)
    finally:
        os.close(a)
        os.close(b)


def test_the_folder_lock_uses_the_windows_locks_where_they_are_the_systems(tmp_path, monkeypatch):
    fake = FakeMsvcrt()
    monkeypatch.setattr(lock, "LOCKS", lock.WindowsLocks(fake))
    other = os.open(tmp_path / lock.LOCK_FILE, os.O_RDWR | os.O_CREAT)  # another copy of the game holds it
    try:
        fake.locking(other, fake.LK_NBLCK, 1)
        with pytest.raises(lock.AlreadyOpen):
            lock.FolderLock(tmp_path).acquire()
        fake.locking(other, fake.LK_UNLCK, 1)
        held = lock.FolderLock(tmp_path).acquire()
        assert held.held and len(fake.holders) == 1
        held.release()
        assert not fake.holders
    finally:
        os.close(other)


def test_each_system_gets_its_own_locks():
    assert isinstance(lock.system_locks("linux"), lock.PosixLocks)
    assert isinstance(lock.LOCKS, lock.WindowsLocks if os.name == "nt" else lock.PosixLocks)


def test_the_private_environments_python_on_each_system(tmp_path):
    assert bootstrap.env_python(tmp_path, windows=True) == tmp_path / "Scripts" / "python.exe"
    assert bootstrap.env_python(tmp_path, windows=False) == tmp_path / "bin" / "python"


def test_assets_are_found_in_a_checkout_an_installed_wheel_and_a_one_file_build(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / "assets" / "fonts").mkdir(parents=True)
    (checkout / "game").mkdir()
    assert paths.find_assets(checkout) == checkout / "assets"
    site = tmp_path / "site-packages"  # a wheel puts the assets inside the package
    (site / "game" / "assets" / "fonts").mkdir(parents=True)
    assert paths.find_assets(site) == site / "game" / "assets"


def test_the_shipped_fonts_and_theme_are_where_the_code_looks():
    from game.app.config import resources

    for f in (resources.FONT_REGULAR, resources.FONT_BOLD, resources.THEME, resources.ICON):
        assert Path(f).is_file(), f
    assert paths.font() == resources.FONT_REGULAR
