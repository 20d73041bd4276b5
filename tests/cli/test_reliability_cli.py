"""The command line: a bad argument gets one clear line and status 2, never a traceback; a window size
is bounded; a second copy of the game says the game is already open and leaves."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.app.launch import main as cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("args, words", [
    (["--size", "100000x100000"], "at most 7680x4320"),
    (["--size", "7681x720"], "at most 7680x4320"),
    (["--size", "100x100"], "at least 320x240"),
    (["--size", "big"], "WIDTHxHEIGHT"),
    (["--size", "1280x720x3"], "WIDTHxHEIGHT"),
    (["--size", "1e3x720"], "WIDTHxHEIGHT"),
    (["--size=-1280x720"], "WIDTHxHEIGHT"),
    (["--seed", "twelve"], "whole number"),
    (["--seed", str(2**300)], "smaller than"),
    (["--animation", "warp"], "invalid choice"),
    (["--no-such-option"], "unrecognized arguments"),
])
def test_a_bad_argument_is_one_clear_line(capsys, args, words):
    with pytest.raises(SystemExit) as stop:
        cli.parse(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_the_largest_and_smallest_sizes_are_taken():
    assert cli.parse(["--size", "7680x4320"]).size == (7680, 4320)
    assert cli.parse(["--size", " 320X240 "]).size == (320, 240)
    assert cli.parse(["--seed", "-5"]).seed == -5


@pytest.mark.parametrize("where", ["a file", "inside a file", "empty"])
def test_screenshots_into_a_place_that_takes_no_file(tmp_path, capsys, where):
    blocker = tmp_path / "blocker"
    blocker.write_text("I am a file")
    target = {"a file": str(blocker), "inside a file": str(blocker / "pictures"), "empty": " "}[where]
    with pytest.raises(SystemExit) as stop:
        cli.parse(["--screenshots", target])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "cannot write pictures to" in err and "Traceback" not in err


def test_the_real_command_line_says_it_plainly(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GIN_RUMMY_HOME=str(tmp_path / "home"))
    for args, words in ((["--size", "100000x100000"], "at most 7680x4320"),
                        (["--screenshots", str(ROOT / "main.py" / "x")], "cannot write pictures")):
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env, capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "home").exists()  # a refused start touches no data folder


def test_a_second_copy_is_told_and_leaves(monkeypatch, tmp_path, capsys):
    from game.app.stage.services import Services
    from game.app.storage import AlreadyOpen

    def taken(cls, folder=None, settings_hint=None):
        raise AlreadyOpen(tmp_path)

    monkeypatch.setattr(Services, "for_player", classmethod(taken))
    monkeypatch.setenv("GIN_RUMMY_HOME", str(tmp_path))
    assert cli.main([]) == cli.EXIT_ALREADY_OPEN
    err = capsys.readouterr().err
    assert "already open" in err and str(tmp_path) in err and "GIN_RUMMY_HOME" in err
