"""Two games, each in a process of its own and headless, meet over the loopback address: one hosts through the
menu and shows its code, the other joins with it, both agree the host's match by name, and when the friend
leaves the host is told so."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[2]


def _game(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               GIN_RUMMY_HOME=str(tmp_path / args[1]),
               PYTHONPATH=os.pathsep.join((str(TESTS.parent), str(TESTS))))
    return subprocess.Popen([sys.executable, "-m", "helpers.netgame", *args], cwd=TESTS, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.slow  # two games start
def test_two_games_in_two_processes_agree_a_match_and_the_host_hears_its_friend_leave(tmp_path):
    host = _game(tmp_path, "host", "Ann")
    try:
        assert host.stdout is not None
        first = host.stdout.readline().split()
        assert first[0] == "code", first + [host.stderr.read() if host.stderr else ""]
        guest = _game(tmp_path, "join", "Bob", first[1], first[2])
        out, err = guest.communicate(timeout=60)
        assert out.split("\n")[0] == "agreed Ann", out + err
        rest, err = host.communicate(timeout=60)
        assert rest.split("\n")[:2] == ["agreed Bob", "failed left"], rest + err
    finally:
        host.kill()
