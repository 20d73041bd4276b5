#!/usr/bin/env python3
"""The player's records at scale: a data folder of many hands and matches, built through the game's own
storage code, then the start, the Statistics and History screens, memory, and trimming the history.

    python bench/bench_records.py                       # 100,000 hands in 10,000 matches
    python bench/bench_records.py --hands 5000 --matches 500 --folder big-data --keep

Printed: the build (rows, file size), launch to the menu's first frame with this folder and with an
empty one (``main.py --smoke``, three runs each, median), opening Statistics and History in a fresh
game (time to their first frame, median of three), the first Statistics after start on a line of its
own, the game's peak memory, and the file size before and after trimming the history to 200 matches.
Goals: a start at most 0.6 s, each screen (the first Statistics too) at most 0.3 s, peak memory at
most 150 MB.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


# --- the build ------------------------------------------------------------------------------------------


def pool_of_matches(count: int, hands: int) -> list[list[tuple[object, object]]]:
    """``count`` bot matches of ``hands`` hands each, every hand with its record and its result."""
    from game.bots import decide, deliver, make_bot
    from game.engine import VAN, HandEnded, NextHand, Phase, new_match, observe
    from game.engine.record import HandRecord

    rules = VAN.with_(target=10_000)
    out = []
    for seed in range(1, count + 1):
        state, events = new_match(rules, seed)
        bots = [make_bot("easy", seed=seed), make_bot("simple", seed=seed + 1)]
        for seat, bot in enumerate(bots):
            bot.new_match(seat, rules)
        deliver(events, bots)
        record = HandRecord.at_deal(state)
        played: list[tuple[object, object]] = []
        while len(played) < hands:
            if state.phase is Phase.HAND_OVER:
                deliver(state.apply(NextHand()), bots)
                record = HandRecord.at_deal(state)
                continue
            seat = state.to_act
            action = decide(bots[seat], observe(state, seat))
            events = state.apply(action, seat)
            deliver(events, bots)
            record = record.with_move(seat, action)
            for e in events:
                if isinstance(e, HandEnded):
                    played.append((record.finished(e.result), e.result))
        out.append(played)
    return out


def build(folder: Path, hands: int, matches: int) -> None:
    """Every match through the game's own code: the history's import path (``History.add_file``, which
    stores checked records without replaying each again) and the statistics' ``record_hand`` and
    ``record_match``; a hundred matches to a transaction, so the build does not wait on the disk."""
    from game.app.config import paths
    from game.app.matches.meta import MatchMeta
    from game.app.records.history import History
    from game.app.records.stats import Stats
    from game.engine import VAN, FinalScore
    from game.engine.record_file import FileHeader, LoadedFile

    per = max(1, hands // matches)
    pool = pool_of_matches(12, per)
    stats = Stats(folder / paths.STATS_FILE, background=False)
    history = History(stats)
    start = time.time() - matches * 3600.0
    levels = ("easy", "medium", "hard")
    outer = None
    for i in range(matches):
        played = pool[i % len(pool)]
        hotseat = i % 9 == 8
        meta = MatchMeta("hotseat", ("Ann", f"Friend {i % 5}")) if hotseat else \
            MatchMeta("bot", ("", ""), bot_level=levels[i % 3], bot_seat=1)
        when = start + i * 3600.0
        scores = [0, 0]
        for _, result in played:
            if result.winner is not None:
                scores[result.winner] += result.points
        winner = 0 if scores[0] >= scores[1] else 1
        final = FinalScore(winner=winner, hand_points=(scores[0], scores[1]), line_bonus=(0, 0), game_bonus=(0, 0),
                           shutout=False, totals=(scores[0], scores[1]), margin=abs(scores[0] - scores[1]))
        header = FileHeader(match=meta.match_id, seat=0, names=meta.names, opponent="hotseat" if hotseat else
                            str(meta.bot_level), mode=meta.mode, when=when, scores=(scores[0], scores[1]),
                            finished=True)
        if i % 100 == 0:
            if outer is not None:
                outer.__exit__(None, None, None)
            outer = stats.batch()
            outer.__enter__()
        with stats.batch():
            history.add_file(LoadedFile(header, tuple(r for r, _ in played)), keep=matches + 1000, when=when)
            for n, (_, result) in enumerate(played):
                stats.record_hand(meta, VAN, result, when + n)
            stats.record_match(meta, VAN, final, len(played), when + len(played))
        if (i + 1) % 1000 == 0:
            print(f"  built {i + 1} matches", flush=True)
    if outer is not None:
        outer.__exit__(None, None, None)
    stats.close()


# --- the measurements ----------------------------------------------------------------------------------


def smoke_start(folder: Path) -> float:
    """``main.py --smoke`` in ``folder``: the game's own count from its start to the menu's first frame."""
    env = dict(ENV, GIN_RUMMY_HOME=str(folder))
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=300).stdout
    for line in out.splitlines():
        if line.startswith("smoke: menu reached in"):
            return float(line.split()[-2])
    raise RuntimeError(f"the menu was not reached: {out[-500:]}")


SCREENS = r"""
import json, resource, sys, time
from pathlib import Path
from game.app.launch.main import open_services
from game.app.program.app import App
from game.app.scenes.stats import StatsScene

services = open_services(Path(sys.argv[1]))
app = App(size=(1280, 720), services=services)
app.nav.to_menu()
app.frame(1 / 60)
from game.app.records.stats import DEEP_CHECK_DELAY


def measure(out):
    t = time.perf_counter()
    app.push(StatsScene(app))
    app.frame(1 / 60)
    out["stats"].append(time.perf_counter() - t)
    app.pop()
    app.frame(1 / 60)
    t = time.perf_counter()
    services.stats.story()  # the rule sets and the days of the chart, counted by SQLite
    out["story"].append(time.perf_counter() - t)
    t = time.perf_counter()
    app.nav.show_history()
    app.frame(1 / 60)
    out["history"].append(time.perf_counter() - t)
    app.pop()
    app.frame(1 / 60)


out = {"stats": [], "history": [], "first_stats": [], "first_history": [], "story": []}
first = {"stats": out["first_stats"], "history": out["first_history"], "story": []}
measure(first)  # at once, before the start's check of a big file has run
time.sleep(DEEP_CHECK_DELAY + 0.5)
services.stats.flush()  # that check done: every row checked, the covering indexes there
for _ in range(3):
    measure(out)
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
app.close()
print("RESULT " + json.dumps(out))
"""


def screens(folder: Path) -> dict:
    r = subprocess.run([sys.executable, "-c", SCREENS, str(folder)], env=ENV, cwd=ROOT, capture_output=True,
                       text=True, timeout=600)
    for line in r.stdout.splitlines():
        if line.startswith("RESULT "):
            return dict(json.loads(line[len("RESULT "):]))
    raise RuntimeError(f"the screens were not measured: {r.stderr[-1500:]}")


def trim(folder: Path, keep: int) -> tuple[int, int, float]:
    """The file's size before and after the history keeps only ``keep`` matches, and the seconds it took."""
    from game.app.config import paths
    from game.app.records.history import History
    from game.app.records.stats import Stats

    path = folder / paths.STATS_FILE
    before = path.stat().st_size
    stats = Stats(path, background=False)
    t = time.perf_counter()
    History(stats).prune(keep)
    stats.flush()
    took = time.perf_counter() - t
    stats.close()
    return before, path.stat().st_size, took


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--matches", type=int, default=10_000)
    p.add_argument("--folder", type=Path, default=None, help="build here (default: a temporary folder)")
    p.add_argument("--keep", action="store_true", help="keep the folder afterwards")
    args = p.parse_args(argv)
    if args.matches < 1 or args.hands < args.matches:
        p.error("--matches must be at least 1 and --hands at least --matches")
    own = None if args.folder is not None else tempfile.TemporaryDirectory(prefix="gin-rummy-records-")
    folder = args.folder if args.folder is not None else Path(own.name)  # type: ignore[union-attr]
    folder.mkdir(parents=True, exist_ok=True)
    try:
        t = time.perf_counter()
        build(folder, args.hands, args.matches)
        size = (folder / "stats.sqlite3").stat().st_size
        print(f"built {args.matches} matches, {args.hands // args.matches * args.matches} hands: {mb(size)} "
              f"in {time.perf_counter() - t:.0f} s")
        with tempfile.TemporaryDirectory(prefix="gin-rummy-empty-") as empty:
            small = statistics.median(smoke_start(Path(empty)) for _ in range(3))
        big = statistics.median(smoke_start(folder) for _ in range(3))
        print(f"start to the menu's first frame: {big:.2f} s (an empty folder: {small:.2f} s; goal at most 0.6 s)")
        shown = screens(folder)
        print(f"opening Statistics: {statistics.median(shown['stats']):.3f} s, History: "
              f"{statistics.median(shown['history']):.3f} s (medians of 3; goal at most 0.3 s each); "
              f"the first, before the start's check of the file: {shown['first_stats'][0]:.3f} s and "
              f"{shown['first_history'][0]:.3f} s")
        print(f"the first Statistics after start: {shown['first_stats'][0]:.3f} s "
              f"(goal at most 0.3 s; its figures are kept by the database, not counted from the rows)")
        print(f"the figures by rule set and by day (read when the Statistics' rule sets or its chart are first shown): "
              f"{statistics.median(shown['story']):.3f} s (median of 3)")
        print(f"peak memory of the game: {shown['peak_mb']:.0f} MB (goal at most 150 MB)")
        before, after, took = trim(folder, 200)
        print(f"trimming the history to 200 matches: {mb(before)} -> {mb(after)} in {took:.1f} s")
    finally:
        if own is not None and not args.keep:
            own.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
