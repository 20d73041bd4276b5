"""Two games, each in a process of its own and headless, meet over the loopback address: one hosts through the
menu and shows its code, the other joins with it, both agree the host's match by name, and each plays its seat
of a hand on the real table to the same result."""
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


@pytest.mark.slow  # two games start and play a hand
def test_two_games_in_two_processes_play_a_hand_to_the_result_screen(tmp_path):
    host = _game(tmp_path, "host", "Ann")
    try:
        assert host.stdout is not None
        first = host.stdout.readline().split()
        assert first[:1] == ["code"], first + [host.stderr.read() if host.stderr else ""]
        guest = _game(tmp_path, "join", "Bob", first[1], first[2])
        out, err = guest.communicate(timeout=90)
        rest, err_host = host.communicate(timeout=90)
        joined, hosted = out.split("\n"), rest.split("\n")
        assert joined[0] == "agreed Ann" and hosted[0] == "agreed Bob", out + err + rest + err_host
        seen_by_guest, seen_by_host = joined[1].split(), hosted[1].split()
        assert seen_by_guest[:2] == ["result", "1"] and seen_by_host[:2] == ["result", "0"], out + err + rest + err_host
        assert seen_by_guest[2:] == seen_by_host[2:]  # one hand, one result on both screens
    finally:
        host.kill()
