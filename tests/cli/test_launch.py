"""Starting the game the way a player does: main.py from another folder reaches the menu and quits."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_main_py_reaches_the_menu_from_any_folder(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GIN_RUMMY_HOME=str(tmp_path / "home"))
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "smoke: menu reached" in r.stdout
    # the player's files go to the data folder: nothing lands in the working folder
    assert (tmp_path / "home").is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


def test_main_py_starts_with_a_shebang():
    assert (ROOT / "main.py").read_text(encoding="utf-8").startswith("#!/usr/bin/env python3")
