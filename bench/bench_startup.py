#!/usr/bin/env python3
"""Time from launch to the menu's first frame, from source and from the standalone build, and what the
start spends it on.

The game, started with --smoke, prints a line beginning with "smoke: menu reached" as soon as the menu's
first frame is on screen (then a line with the moments of its start: imports, services, window, menu,
first frame, and the process's CPU time so far), runs a few more frames and quits.  This script times
that first line from outside the process, so interpreter start-up and imports are counted.  It also
prints where the imports of a start go (``python -X importtime``, the modules a start imports before
its first frame, grouped), and the load average with every figure: other work on the machine
inflates wall times, CPU times much less.  Each start runs as a player's does, with Python's bytecode
caches: one start that is not counted writes them, and ``PYTHONDONTWRITEBYTECODE`` is left out of the
game's environment (set, it would make every start compile the game's source again).

Goals: at most 0.4 s from source (best of 5 on a quiet machine), the built program as fast.

    python bench/bench_startup.py [--runs 5] [--program dist/GinRummy] [--skip-imports]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A player's Python keeps each module's compiled bytecode after the first start; a shell that forbids it
# (PYTHONDONTWRITEBYTECODE) would time compiling the game's source on every launch instead.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
GOAL = 0.4
# what a start imports before its first frame (``launch.main.play``; the menu comes with the flow)
START_IMPORTS = ("import game.bootstrap, game.app.launch.main; from game.app.program.app import App; "
                 "import game.app.config.settings, game.app.storage")


def load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def time_to_first_frame(cmd: list[str], timeout: float = 60.0) -> tuple[float, str]:
    """Seconds until the game says its first frame is up, and its line of moments."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=ENV, cwd=ROOT)
    assert proc.stdout is not None
    try:
        elapsed = None
        moments = ""
        for line in proc.stdout:
            if line.startswith("smoke: menu reached"):
                elapsed = time.perf_counter() - start
            elif elapsed is not None and line.startswith("smoke: "):
                moments = line.strip()[len("smoke: "):]
                break
        if elapsed is None:
            raise RuntimeError(f"{cmd[0]} exited ({proc.wait()}) without reporting its first frame")
        proc.wait(timeout=timeout)
        return elapsed, moments
    finally:
        if proc.poll() is None:
            proc.kill()


def report(label: str, cmd: list[str], runs: int) -> None:
    time_to_first_frame(cmd)  # not counted: a first start after a change writes the bytecode caches
    results = []
    for _ in range(runs):
        results.append(time_to_first_frame(cmd))
        print(f"  {label:<18} {results[-1][0]:6.3f} s   ({results[-1][1]})   {load()}")
    times = [t for t, _ in results]
    best = min(times)
    print(f"{label:<20} best {best:6.3f} s   median {statistics.median(times):6.3f} s   worst {max(times):6.3f} s"
          f"   goal <= {GOAL:.1f} s: {'met' if best <= GOAL else 'MISSED'}   ({runs} runs, {load()})")


def group(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "game":
        return ".".join(parts[:3]) if len(parts) > 2 and parts[1] == "app" else ".".join(parts[:2])
    if parts[0] in ("pygame", "pygame_gui"):
        return parts[0]
    return "standard library and others"


def import_breakdown(runs: int = 3) -> None:
    """Self time of every module a start imports before its first frame, summed by package (best of
    ``runs`` for each package)."""
    best: dict[str, float] = {}
    totals = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", START_IMPORTS], capture_output=True,
                             text=True, env=dict(ENV, PYTHONPATH=str(ROOT)), cwd=ROOT, check=True)
        sums: dict[str, float] = defaultdict(float)
        for line in out.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            own, _, name = line.split(":", 1)[1].split("|")
            sums[group(name.strip())] += int(own) / 1e6
        totals.append(sum(sums.values()))
        for name, seconds in sums.items():
            best[name] = min(best.get(name, seconds), seconds)
    print(f"imports before the first frame (python -X importtime, self time by package, best of {runs}; "
          f"{load()}):")
    for name, seconds in sorted(best.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<30} {seconds * 1000:7.1f} ms")
    print(f"  {'all':<30} {min(totals) * 1000:7.1f} ms (best whole run)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    exe = "GinRummy.exe" if sys.platform == "win32" else "GinRummy"
    parser.add_argument("--program", type=Path, default=ROOT / "dist" / exe, help="the standalone build")
    parser.add_argument("--skip-imports", action="store_true", help="leave out the import breakdown")
    args = parser.parse_args()
    print(f"launch to the menu's first frame (headless), {os.cpu_count()} cores, {load()}; bytecode caches "
          f"written by one start that is not counted")
    report("from source", [sys.executable, str(ROOT / "main.py"), "--smoke"], args.runs)
    if args.program.exists():
        report("standalone build", [str(args.program), "--smoke"], args.runs)
    else:
        print(f"standalone build       skipped: {args.program.name} not built (python tools/build.py)")
    if not args.skip_imports:
        import_breakdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
