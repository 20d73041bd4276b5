"""A short kill-and-resume soak (``tools/soak.py``): the real game, killed at random moments of its
start-up, play and saves, loses at most the move in flight, never offers a finished match again,
keeps the statistics of every finished match and finds nothing damaged at the next start.  And the
soak itself can tell: the writer as it was (each file synced before its rename) fails it on a slow disk."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import soak  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the soak kills with SIGKILL")


@pytest.mark.slow
def test_killed_at_random_moments_the_game_loses_at_most_the_move_in_flight():
    lines: list[str] = []
    report = soak.run(kills=12, seed=12, max_wait=2.6, log=lines.append)
    assert report.kills == 12
    assert not report.failures, "\n".join(report.failures)
    assert report.saves > 0 and report.in_startup < report.kills  # it did play, not only start


@pytest.mark.slow
def test_the_soak_catches_saves_that_fall_behind():
    # six chances: one kill may land just as the old writer has caught up (the disk then one save behind)
    report = soak.run(kills=6, seed=3, min_wait=2.3, max_wait=2.7, slow=0.3, old_writer=True, log=lambda s: None)
    assert report.failures, report.summary()
    assert all("the disk holds" in f for f in report.failures), report.failures


@pytest.mark.slow
def test_on_a_busy_machine_a_kill_still_loses_at_most_the_move_in_flight():
    """Every core kept busy beside the game: the writer thread lags, and the move waits for its save."""
    report = soak.run(kills=5, seed=41, min_wait=4.0, max_wait=8.0, busy=os.cpu_count() or 2, log=lambda s: None)
    assert report.kills == 5
    assert not report.failures, "\n".join(report.failures)
    assert report.saves > 0 and report.damaged == 0 and report.mismatches == 0
