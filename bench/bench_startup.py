#!/usr/bin/env python3
"""Time from launch to the menu's first frame, from source and from the standalone build.

The game, started with --smoke, prints a line beginning with "smoke: menu reached" once the menu's first
frame is on screen, then quits.  This script times that line from outside the process, so interpreter
start-up and imports are counted.  Goals: under 1.5 s from source, under 3 s for the built program.

    python bench/bench_startup.py [--runs 5] [--program dist/GinRummy]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_to_first_frame(cmd: list[str], timeout: float = 60.0) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    try:
        for line in proc.stdout:
            if line.startswith("smoke: menu reached"):
                elapsed = time.perf_counter() - start
                proc.wait(timeout=timeout)
                return elapsed
        raise RuntimeError(f"{cmd[0]} exited ({proc.wait()}) without reporting its first frame")
    finally:
        if proc.poll() is None:
            proc.kill()


def report(label: str, cmd: list[str], runs: int, goal: float) -> None:
    times = [time_to_first_frame(cmd) for _ in range(runs)]
    print(
        f"{label:<22} median {statistics.median(times):6.2f} s   best {min(times):6.2f} s   "
        f"worst {max(times):6.2f} s   goal < {goal:.1f} s   ({runs} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    exe = "GinRummy.exe" if sys.platform == "win32" else "GinRummy"
    parser.add_argument("--program", type=Path, default=ROOT / "dist" / exe, help="the standalone build")
    args = parser.parse_args()
    print("launch to the menu's first frame (headless)")
    report("from source", [sys.executable, str(ROOT / "main.py"), "--smoke"], args.runs, 1.5)
    if args.program.exists():
        report("standalone build", [str(args.program), "--smoke"], args.runs, 3.0)
    else:
        print(f"standalone build       skipped: {args.program.name} not built (python tools/build.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
