#!/usr/bin/env python3
"""Kill-and-resume soak: start the real game, play, kill it (SIGKILL) at a random moment, check the
data folder, start it again where it stopped, over and over.

    python3 tools/soak.py --kills 150          # about six minutes
    python3 tools/soak.py --kills 20 --seed 7 --folder soak-data
    python3 tools/soak.py --kills 20 --slow-disk 0.3                 # a disk that takes 0.3 s per sync
    python3 tools/soak.py --kills 5 --slow-disk 0.3 --old-writer     # the soak must fail here
    python3 tools/soak.py --kills 100 --busy                         # every core kept busy beside the game

Each run is a child process that starts the game the way ``main.py`` does (the folder's lock, the
player's files, statistics, the crash log), builds the app, and plays through the real scenes
against the computer or hot-seat at a brisk but human pace: Continue when there is a saved match,
else a new match to a low target, one move after another, the next hand, the next match.  Before
each save it announces the state it is about to save (``saving``) and after handing the save over
it reports it done (``saved``); once a finished match has been shown it says ``finished``.  The
child is killed at a random moment of its life (start-up, play, saves, the end of a match).

After every kill the folder must hold, exactly:

- a state the child announced, at most one save behind the last one it reported done (so at most
  the move in flight is lost), or the state it started from when it reported nothing yet;
- never a finished match to continue;
- the statistics of every finished match;
- no damaged file set aside, and no notice at the next start.

The exit status is 0 when no check failed.  ``run()`` does the same from Python (the test suite
runs a short soak).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import soak_checks  # noqa: E402  (beside this file)
from soak_checks import digest, on_disk, recorded_matches  # noqa: E402

TARGET = 25  # matches end every few hands, so match ends (and their markers) are killed often too


# --- the child: the real game, driven --------------------------------------------------------------


def slow_disk(seconds: float, old_writer: bool = False) -> None:
    """A disk that takes ``seconds`` to sync a file.  ``old_writer``: the writer as it was before saves
    were made prompt, syncing each file before its rename (to check the soak itself: it must then see
    saves fall behind)."""
    from game.app.storage import files

    real_write, real_fsync = files.atomic_write, os.fsync

    def fsync(fd: int) -> None:
        time.sleep(seconds)
        real_fsync(fd)

    os.fsync = fsync
    if old_writer:
        from game.app.program import listeners

        files.atomic_write = lambda path, text, durable=True: real_write(path, text, durable=True)
        listeners.SAVE_AHEAD_SECONDS = 0.0  # nor did a move wait for its save then


def announce(services, say) -> None:
    """Make the services say each save before and after handing it over, each drop, each finished match."""
    from game.engine import Phase

    store = services.store
    count = [0]
    real_save, real_clear, real_finished = store.save_match, store.clear_match, services.match_finished

    def save(state, meta, hand=None, seal=None) -> None:
        count[0] += 1
        over = state.phase is Phase.MATCH_OVER
        say("saving", count[0], f"over:{meta.match_id}" if over else f"live:{meta.match_id}:{digest(state)}")
        real_save(state, meta, hand, seal)
        say("saved", count[0])

    def clear() -> None:  # the marker's work is done: no match on disk is the same as the marker
        say("saving", count[0], "none")
        real_clear()

    def finished(state, meta) -> None:
        real_finished(state, meta)
        say("finished", meta.match_id)

    store.save_match = save  # type: ignore[method-assign]
    store.clear_match = clear  # type: ignore[method-assign]
    services.match_finished = finished  # type: ignore[method-assign]


def drive(app, rng: random.Random, say) -> int:
    """Play through the real scenes at a quick human pace, changing a setting now and then."""
    from game.app.pictures.staging import plain_move

    opponent = rng.choice(("easy", "easy", "medium", "hotseat"))
    think_until = 0.0
    last = time.perf_counter()
    parent = os.getppid()
    while app.running:
        if os.getppid() != parent:  # the soak is gone: no game plays on alone
            return 2
        now = time.perf_counter()
        app.frame(min(now - last, 0.05), present=False)
        last = now
        top = app.top
        name = top.name if top is not None else ""
        if rng.random() < 0.01:  # now and then the player changes a setting: it shows at once
            volume = round(rng.uniform(0.05, 1.0), 2)
            say("setting", volume)
            app.apply_settings(app.settings.with_(volume=volume))
            say("shown", volume)
        if name == "menu":
            if top.can_continue:
                top.continue_match()
            else:
                top.choose("opponent", opponent)
                top.start()
        elif name == "deal":
            top.finish()
        elif name == "curtain":
            top.reveal()
        elif name == "play" and top.human_turn():
            if think_until == 0.0:
                think_until = now + rng.uniform(0.01, 0.12)  # a quick player
            elif now >= think_until:
                think_until = 0.0
                top.human_action(plain_move(top.state, want_knock=rng.random() < 0.7))
        elif name == "result":
            top.next()
        elif name == "matchover":
            top.again()
        elif name == "error":
            say("error-screen", app.error_log)
            return 1
        time.sleep(0.004)
    return 0


def child(folder: Path, seed: int, slow: float = 0.0, old_writer: bool = False) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    rng = random.Random(seed)

    def say(*words: object) -> None:
        print(*words, flush=True)

    say("start")
    if slow:
        slow_disk(slow, old_writer)
    from game.app.launch.main import open_services
    from game.app.storage import AlreadyOpen

    try:
        services = open_services(folder)
    except AlreadyOpen:
        say("already-open")
        return 3
    say("up")
    from game.app.program.app import App
    from game.engine import VAN

    announce(services, say)

    app = App(size=(800, 600), services=services)
    app.settings = app.settings.with_(rules=VAN.with_(target=TARGET), animation="fast")
    app.pace = 0.05  # the computer's pauses and the cards' flights, cut to a twentieth
    app.nav.seed = rng.randrange(1, 2**40)
    real_take = app.nav.take_notices

    def take() -> list:
        out = real_take()
        for n in out:
            say("notice", n.key, json.dumps(n.detail))
        return out

    app.nav.take_notices = take  # type: ignore[method-assign]
    say("offer", services.store.saved_match_id() if services.store.has_match() else "none")
    app.nav.to_menu()
    return drive(app, rng, say)


# --- the parent: kill, look, check ------------------------------------------------------------------


@dataclass
class Report:
    kills: int = 0
    failures: list[str] = field(default_factory=list)
    saves: int = 0  # saves reported done, over all runs
    finished: int = 0  # matches finished and shown
    in_startup: int = 0  # kills before the child's menu could play
    behind: int = 0  # kills after which the disk was one save behind the last reported
    in_flight: int = 0  # kills after which the disk held a save announced but not yet reported
    damaged: int = 0  # files set aside as damaged
    mismatches: int = 0  # disagreements between the statistics and the history, summed over the kills
    offered_again: int = 0  # starts that offered a match the records (or the screen) had as over
    settings_shown: int = 0
    settings_lost: int = 0  # settings the screen showed that the disk did not hold after the kill
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.kills} kills in {self.seconds:.0f} s: {len(self.failures)} failures; "
                f"{self.saves} saves reported, {self.finished} matches finished, {self.settings_shown} "
                f"settings shown; {self.in_startup} kills during start-up, disk one save behind after "
                f"{self.behind}, a save in flight on disk after {self.in_flight}\n"
                f"damaged files: {self.damaged}; mismatches between statistics and history: {self.mismatches}; "
                f"finished matches offered again: {self.offered_again}; settings lost after they were shown: "
                f"{self.settings_lost}")


BUSY_LOOP = "while True:\n    pass\n"


def busy_machine(cores: int) -> list[subprocess.Popen]:
    """``cores`` processes that each keep one core busy beside the game, until they are killed."""
    return [subprocess.Popen([sys.executable, "-c", BUSY_LOOP], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(cores)]


def run(kills: int = 150, seed: int = 1, folder: Path | None = None, max_wait: float = 3.0,
        log=print, min_wait: float = 0.0, slow: float = 0.0, old_writer: bool = False, busy: int = 0) -> Report:
    """``kills`` runs of the game, each killed between ``min_wait`` and ``max_wait`` seconds after its
    start; the report of all checks.  ``slow``, ``old_writer``: see ``slow_disk``; ``busy``: that many
    cores kept busy all along (``busy_machine``)."""
    import tempfile

    rng = random.Random(seed)
    own = None
    if folder is None:
        own = tempfile.TemporaryDirectory(prefix="gin-rummy-soak-")
        folder = Path(own.name)
    folder.mkdir(parents=True, exist_ok=True)
    report = Report()
    finished_ids: set[str] = set()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONDONTWRITEBYTECODE="1")
    start = time.monotonic()
    hogs = busy_machine(busy)
    try:
        for n in range(kills):
            before = on_disk(folder)
            over_before, volume_before = soak_checks.recorded_over(folder), soak_checks.volume_on_disk(folder)
            lines: list[str] = []
            proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--child", str(folder),
                                     "--seed", str(rng.randrange(2**32)), "--slow-disk", str(slow),
                                     *(["--old-writer"] if old_writer else [])],
                                    stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
            errors: list[str] = []
            readers = [threading.Thread(target=lines.extend, args=(proc.stdout,), daemon=True),
                       threading.Thread(target=errors.extend, args=(proc.stderr,), daemon=True)]
            for t in readers:
                t.start()
            wait = rng.uniform(min_wait, max_wait)
            try:
                proc.wait(wait)
                ended = True
            except subprocess.TimeoutExpired:
                ended = False
            finally:
                proc.send_signal(signal.SIGKILL)  # also when the soak itself is interrupted
                proc.wait(30)
            for t in readers:
                t.join(10)
            report.kills += 1
            words = [line.split() for line in lines]
            over_before |= finished_ids  # finished in earlier runs (this run's start came before its own)
            problems = check(folder, before, words, finished_ids, report)
            problems += check_records(folder, words, over_before, volume_before, report)
            if ended:
                problems.append(f"the game ended by itself (status {proc.returncode}): {''.join(errors)[-2000:]}")
            for p in problems:
                report.failures.append(f"kill {n + 1} after {wait:.2f} s: {p}")
                log(f"FAIL kill {n + 1} after {wait:.2f} s: {p}")
            if (n + 1) % 25 == 0:
                log(f"{n + 1} kills, {len(report.failures)} failures")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait(30)
        report.seconds = time.monotonic() - start
        if own is not None:
            own.cleanup()
    return report


def check_records(folder: Path, words: list[list[str]], over: set[str], volume_before: float | None,
                  report: Report) -> list[str]:
    """The start offered no match already over; the statistics and the history agree; a setting shown is kept."""
    problems = []
    for w in words:
        if len(w) == 2 and w[0] == "offer" and w[1] in over:
            report.offered_again += 1
            problems.append(f"a finished match was offered again: {w[1]}")
        elif len(w) == 2 and w[0] == "shown":
            report.settings_shown += 1
    disagree = soak_checks.mismatches(folder)
    report.mismatches += len(disagree)
    problems += [f"statistics and history disagree: {d}" for d in disagree[:5]]
    lost = soak_checks.setting_lost(volume_before, words, soak_checks.volume_on_disk(folder))
    if lost is not None:
        report.settings_lost += 1
        problems.append(lost)
    return problems


def check(folder: Path, before: str, words: list[list[str]], finished_ids: set[str], report: Report) -> list[str]:
    problems: list[str] = []
    announced: dict[int, set[str]] = {0: {before}}
    done = 0
    for w in words:
        if not w:
            continue
        if w[0] == "saving" and len(w) == 3:
            announced.setdefault(int(w[1]), set()).add(w[2])
        elif w[0] == "saved" and len(w) == 2:
            done = int(w[1])
            report.saves += 1
        elif w[0] == "finished" and len(w) == 2:
            finished_ids.add(w[1])
            report.finished += 1
        elif w[0] == "notice":
            problems.append(f"the start after a kill had something to tell: {' '.join(w[1:])}")
        elif w[0] in ("already-open", "error-screen"):
            problems.append(" ".join(w))
    if not any(w and w[0] == "saved" for w in words):
        report.in_startup += 1
    after = on_disk(folder)
    if after.startswith("bad:"):
        problems.append(f"the save on disk is unusable: {after}")
    # the disk must hold an announced state at most one behind the last reported (or the start's)
    allowed = {i: tokens for i, tokens in announced.items() if i >= done - 1}
    if after not in set().union(*allowed.values()):
        problems.append(f"the disk holds {after}; the last saves reported done were "
                        f"{[sorted(announced.get(i, ())) for i in (done - 1, done)]} (started from {before})")
    else:
        index = max(i for i, tokens in allowed.items() if after in tokens)
        if index < done:
            report.behind += 1
        elif index > done:
            report.in_flight += 1
    if after.startswith("live:") and after.split(":")[1] in finished_ids:
        problems.append(f"a finished match is offered again: {after}")
    recorded = recorded_matches(folder)
    if recorded is None:
        problems.append("the statistics do not open cleanly")
    elif not finished_ids <= recorded:
        problems.append(f"finished matches missing from the statistics: {sorted(finished_ids - recorded)}")
    damaged = sorted(p.name for p in folder.glob("*.damaged-*"))
    report.damaged = len(damaged)
    if damaged:
        problems.append(f"files set aside as damaged: {damaged}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kills", type=int, default=150, help="how many times to kill the game (default 150)")
    p.add_argument("--seed", type=int, default=1, help="the soak's own randomness (kill times, moves)")
    p.add_argument("--folder", type=Path, default=None, help="the data folder (default: a new temporary one)")
    p.add_argument("--max-wait", type=float, default=3.0, help="the latest moment of a kill after a start, s")
    p.add_argument("--min-wait", type=float, default=0.0, help="the earliest moment of a kill after a start, s")
    p.add_argument("--slow-disk", type=float, default=0.0, metavar="SECONDS",
                   help="a disk that takes this long to sync a file")
    p.add_argument("--old-writer", action="store_true",
                   help="check the soak itself: the writer as it was, syncing each file before its rename")
    p.add_argument("--busy", nargs="?", type=int, const=os.cpu_count() or 2, default=0, metavar="CORES",
                   help="keep this many cores busy beside the game (alone: every core)")
    p.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child is not None:
        return child(args.child, args.seed, args.slow_disk, args.old_writer)
    if args.kills < 1 or not 0 <= args.min_wait <= args.max_wait or args.max_wait <= 0 or not 0 <= args.busy <= 64:
        p.error("--kills must be at least 1, 0 <= --min-wait <= --max-wait, --max-wait above 0, "
                "and --busy from 0 to 64")
    report = run(args.kills, args.seed, args.folder, args.max_wait, min_wait=args.min_wait, slow=args.slow_disk,
                 old_writer=args.old_writer, busy=args.busy)
    print(report.summary())
    return 0 if not report.failures else 1


if __name__ == "__main__":
    sys.exit(main())
