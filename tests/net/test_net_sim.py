"""``game.sim --network``: matches between two processes over localhost, summed up in one line."""
import re
import subprocess
import sys

import pytest

from game import sim
from game.sim_network import NetworkSummary

LINE = re.compile(r"^network: (\d+) matches, (\d+) hands, (\d+) desyncs, (\d+) refused, "
                  r"([\d.]+) KB a hand, ([\d.]+) round trips a hand$")


def _side(results, ended="", refused=0):
    return {"index": 0, "results": results, "scores": [0, 0], "ended": ended, "refused": refused,
            "bytes": 30_000 * len(results), "turns": 50 * len(results)}


def test_the_summary_counts_a_desync_and_an_early_end():
    summary = NetworkSummary()
    summary.add(_side(["h1", "h2"]), _side(["h1", "h2"]))
    assert (summary.desyncs, summary.refused, summary.hands) == (0, 0, 2)
    summary.add(_side(["h1"]), _side(["h1x"]))
    assert summary.desyncs == 1
    summary.add(_side(["h1"], ended="net.stalled"), _side(["h1"]))
    assert summary.refused == 1 and "ended early" in summary.problems[-1]
    assert LINE.match(summary.line()).groups() == ("3", "4", "1", "1", "60.0", "50.0")


def test_network_refuses_options_it_cannot_honour(capsys):
    with pytest.raises(SystemExit):
        sim.main(["easy", "simple", "--network", "--workers", "2"])
    with pytest.raises(SystemExit):
        sim.main(["easy", "simple", "--network", "--players", "3"])
    assert "--network" in capsys.readouterr().err


@pytest.mark.slow
def test_a_handful_of_matches_between_two_processes_end_in_one_clean_line():
    run = subprocess.run([sys.executable, "-m", "game.sim", "easy", "simple", "--matches", "3", "--target", "50",
                          "--network"], capture_output=True, text=True, timeout=300)
    lines = run.stdout.strip().splitlines()
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(lines) == 1
    found = LINE.match(lines[0])
    assert found, lines[0]
    matches, hands, desyncs, refused, kb, trips = found.groups()
    assert (matches, desyncs, refused) == ("3", "0", "0")
    assert int(hands) >= 3 and 5 < float(kb) <= 50 and float(trips) > 5


def test_network_runs_in_the_game_s_environment_first(monkeypatch):
    """On a fresh machine (no websockets in the running Python) the simulator restarts itself in the game's
    environment, as main.py does, rather than stopping on an import."""
    import game.bootstrap
    from game import sim

    asked = []

    def ensure(launch):
        asked.append(launch)
        raise SystemExit(7)

    monkeypatch.setattr(game.bootstrap, "ensure", ensure)
    with pytest.raises(SystemExit) as stopped:
        sim.main(["easy", "hard", "--matches", "2", "--network"])
    assert stopped.value.code == 7 and asked == [["-m", "game.sim", "easy", "hard", "--matches", "2", "--network"]]
