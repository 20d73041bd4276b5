"""The wheel carries the game's assets: fonts, card art, theme and translations go inside the ``game`` package.

In a checkout the assets stay at the top of the repository (``assets/``); an installed copy finds them at
``game/assets`` (``game/app/config/paths.py`` looks in both places).
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithAssets(build_py):
    def run(self) -> None:
        super().run()
        source = Path(__file__).resolve().parent / "assets"
        shutil.copytree(source, Path(self.build_lib) / "game" / "assets", dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithAssets})
