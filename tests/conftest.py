"""Shared test setup: headless SDL, and the project root on the import path."""
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


@pytest.fixture
def close_apps():
    """The test leaves pygame shut down, so nothing of it (threads, SDL state) outlives the test."""
    yield
    from helpers.apps import close_apps

    close_apps()


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    """A temporary data folder for the test; never the player's own."""
    from game.app.shell import paths

    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path))
    return tmp_path
