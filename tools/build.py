#!/usr/bin/env python3
"""Build the standalone, double-clickable game with PyInstaller.

    python tools/build.py            # one file in dist/ (plus a .desktop launcher on Linux)
    python tools/build.py --smoke    # then start the built program headless and check it reaches the menu

Everything the game loads at run time (fonts, theme, translations, pygame-gui's own data) goes inside
the program; the game finds it relative to its own code, so the working directory never matters.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "GinRummy"
TITLE = "Gin Rummy"


def program_path(dist: Path) -> Path:
    return dist / (NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist: Path, work: Path) -> Path:
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        sys.exit("PyInstaller is not installed: python -m pip install -r requirements-build.txt")
    sep = os.pathsep
    args = [
        str(ROOT / "main.py"),
        "--name", NAME,
        "--onefile",
        "--windowed",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
        "--collect-submodules", "pygame_gui",
        "--copy-metadata", "pygame-gui",
        "--collect-data", "i18n",
        "--hidden-import", "sqlite3",
        "--paths", str(ROOT),
        "--additional-hooks-dir", str(ROOT / "tools" / "hooks"),  # pygame-gui's data without unused fonts
    ]
    icon = ROOT / "assets" / "icon.png"
    if sys.platform in ("win32", "darwin") and icon.exists():
        args += ["--icon", str(icon)]  # PyInstaller converts it when Pillow is present
    pyinstaller.run(args)
    program = program_path(dist)
    if not program.exists():
        sys.exit(f"the build did not produce {program}")
    return program


def write_desktop_entry(program: Path, dist: Path) -> Path:
    """A freedesktop launcher beside the program, with the game's icon."""
    icon = dist / "gin-rummy.png"
    shutil.copyfile(ROOT / "assets" / "icon.png", icon)
    entry = dist / "gin-rummy.desktop"
    entry.write_text(
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={TITLE}\n"
        "Name[fa]=جین رامی\n"
        "Name[ru]=Джин Рамми\n"
        "Comment=Two-player Gin Rummy against a bot or a friend\n"
        f'Exec="{program.resolve()}"\n'
        f"Icon={icon.resolve()}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n",
        encoding="utf-8",
    )
    entry.chmod(0o755)
    return entry


def smoke(program: Path, timeout: float = 60.0) -> float:
    """Start the built program headless; it must reach the menu and exit cleanly."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    result = subprocess.run([str(program), "--smoke"], env=env, capture_output=True, text=True, timeout=timeout)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"smoke run failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the program goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder")
    parser.add_argument("--smoke", action="store_true", help="start the built program headless afterwards")
    args = parser.parse_args(argv)
    program = build(args.dist, args.work)
    print(f"built {program} ({program.stat().st_size / 1e6:.1f} MB)")
    if sys.platform.startswith("linux"):
        print(f"launcher {write_desktop_entry(program, args.dist)}")
    if args.smoke:
        print(f"smoke run reached the menu and quit in {smoke(program):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
