"""A table killed (SIGKILL) at random moments of its play and saves: the next start finds nothing
damaged, the statistics and the history agree, and Continue brings the table back at most one action
behind the last save the game handed over.  Tables end now and then, and a run often kills itself at a
table's end (before its count, or before its file is dropped): the next start settles it, so a finished
table is never offered again and every finished table in the history is counted by its way of playing."""
from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CHILD = ROOT / "tests" / "helpers" / "table_child.py"
sys.path.insert(0, str(ROOT / "tools"))
import soak_checks  # noqa: E402
from helpers.table_child import canon, kept_id  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the test kills with SIGKILL")


def on_disk(folder: Path) -> str:
    path = folder / "table.json"
    return canon(path.read_bytes()) if path.is_file() else "none"


def one_run(folder: Path, seed: int, wait: float, **extra: str) -> list[list[str]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONDONTWRITEBYTECODE="1", **extra)
    proc = subprocess.Popen([sys.executable, str(CHILD), str(folder), str(seed)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, cwd=str(ROOT))
    lines: list[str] = []
    reader = threading.Thread(target=lines.extend, args=(proc.stdout,), daemon=True)
    reader.start()
    ended = False
    try:
        proc.wait(wait)
        ended = True  # it ended before our kill: only a kill of its own at a table's end is allowed
    except subprocess.TimeoutExpired:
        pass
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    reader.join(10)
    words = [line.split() for line in lines]
    if ended and (proc.returncode != -signal.SIGKILL or not words or words[-1][:1] != ["self-kill"]):
        pytest.fail(f"the game ended by itself (status {proc.returncode}): {lines[-5:]}")
    return words


def records_behind_the_save(folder: Path) -> tuple[list[str], int]:
    """How the statistics and the history disagree with the kept table: every duel a person finished in
    the save is recorded in both, and they hold no duel of the table beyond the one the save has in play
    (the records go first, so they may be that one move ahead); and how many kept duels were compared."""
    from game.app.matches.tablekeep import read_table

    path = folder / "table.json"
    if not path.is_file() or not (folder / "stats.sqlite3").is_file():
        return [], 0
    setup, table = read_table(path.read_bytes())
    match_id = f"{table.kind}{table.seed:x}"
    saved = {h.hand_no for h in table.history if any(s not in setup.computers for s in h.duel.seats)}
    with tempfile.TemporaryDirectory() as scratch:  # read a copy: the database is left as the kill left it
        for name in ("stats.sqlite3", "stats.sqlite3-wal"):
            if (folder / name).is_file():
                shutil.copy(folder / name, Path(scratch) / name)
        conn = sqlite3.connect(Path(scratch) / "stats.sqlite3")
        try:
            stats = {n for (n,) in conn.execute("SELECT hand_no FROM hands WHERE match_id = ?", (match_id,))}
            history = {n for (n,) in conn.execute(
                "SELECT hand_no FROM history_hands WHERE match_id = ? AND complete = 1", (match_id,))}
        finally:
            conn.close()
    problems = []
    for where, held in (("statistics", stats), ("history", history)):
        if saved - held:
            problems.append(f"duels {sorted(saved - held)} of {match_id} kept in the table, not in the {where}")
        if held - saved - {table.hand_no}:
            problems.append(f"duels {sorted(held - saved)} of {match_id} in the {where}, not in the table")
    return problems, len(saved)


def problems_after(folder: Path, before: str, words: list[list[str]]) -> tuple[list[str], int, int]:
    """What went wrong in one run; how many saves it handed over; how many recorded duels were compared."""
    problems = []
    announced: dict[int, str] = {0: before}
    done = 0
    for w in words:
        if not w:
            continue
        if w[0] == "settled":  # the start dropped a table the records hold as finished (or left)
            announced[0] = before = "none"
        elif w[0] == "unsettled":
            problems.append(" ".join(w))
        elif w[0] == "saving" and len(w) == 3:  # a line the kill cut short came before its save was handed over
            announced[int(w[1])] = w[2]
        elif w[0] == "saved" and len(w) == 2:
            done = int(w[1])
        elif w[0] == "offer" and len(w) == 2 and w[1] != before:
            problems.append(f"the start offered {w[1]}, the disk held {before}")
        elif w[0] == "resumed" and len(w) == 2 and w[1] != before:
            problems.append(f"Continue brought back {w[1]}, not the kept {before}")
        elif w[0] in ("notice", "error-screen"):
            problems.append(" ".join(w))
    after = on_disk(folder)
    # at most one action back: the last save handed over, the one before it, or one in flight
    allowed = {announced[i] for i in announced if i >= done - 1}
    if after not in allowed:
        problems.append(f"the disk holds {after}, not one of {sorted(allowed)}")
    damaged = sorted(p.name for p in folder.glob("*.damaged-*"))
    if damaged:
        problems.append(f"files set aside as damaged: {damaged}")
    problems += [f"statistics and history disagree: {d}" for d in soak_checks.mismatches(folder)]
    behind, compared = records_behind_the_save(folder)
    return problems + behind, done, compared


def finished_tables(folder: Path) -> tuple[set[str], set[str]]:
    """The tables the history holds as finished, and the ids the ways of playing counted (a start settled
    first, as the game's next start would)."""
    from game.app.records import playways
    from game.app.records.history import History
    from game.app.stage.services import Services

    services = Services.for_player(folder)
    try:
        done = {e.match_id for e in History(services.stats).matches() if e.table and e.table.state == "finished"}
    finally:
        services.close()
    return done, set(playways.load(folder)["counted"])


@pytest.mark.slow
def test_a_table_killed_at_fifty_random_moments_comes_back_each_time(tmp_path):
    rng = random.Random(39)
    failures, saves, resumed, compared = [], 0, 0, 0
    for n in range(50):
        before = on_disk(tmp_path)
        words = one_run(tmp_path, rng.randrange(2**32), rng.uniform(1.2, 3.5))
        problems, done, duels = problems_after(tmp_path, before, words)
        saves += done
        compared += duels
        resumed += any(w[:1] == ["resumed"] for w in words)
        failures += [f"kill {n + 1}: {p}" for p in problems]
    assert not failures, "\n".join(failures)
    assert saves > 200 and resumed >= 25  # the kills came during play, and most starts continued a table
    assert compared >= 25  # the records were held to finished duels of kept tables, not to empty ones
    finished, counted = finished_tables(tmp_path)
    assert finished <= counted and kept_id(tmp_path) not in finished  # each counted, none offered again


@pytest.mark.slow
@pytest.mark.parametrize("end", ["before-count", "before-drop"])
def test_a_table_killed_at_its_end_is_settled_by_the_next_start(tmp_path, end):
    """Killed between its last duel's records and its count, or between its count and its file's drop: the
    next start counts it (once) and drops it, and Continue never offers it."""
    from game.app.records import playways

    words = one_run(tmp_path, 3, 240, TABLE_CHILD_TARGET="10", TABLE_CHILD_END=end)
    assert words and words[-1] == ["self-kill", end], words[-3:]
    kept = kept_id(tmp_path)
    assert kept is not None  # the kill left the table's file behind
    problems, _, _ = problems_after(tmp_path, on_disk(tmp_path), [])
    assert not problems
    again = one_run(tmp_path, 4, 4.0, TABLE_CHILD_TARGET="10", TABLE_CHILD_END="on")
    assert ["settled", kept] in again and not [w for w in again if w[:1] == ["unsettled"]]
    finished, counted = finished_tables(tmp_path)
    assert kept in finished and kept in counted and kept_id(tmp_path) != kept
    ways = playways.load(tmp_path)["ways"]
    assert ways["three"]["played"] + ways["pairs"]["played"] == 1  # the start counted it once (and only it)
    assert not soak_checks.mismatches(tmp_path)
