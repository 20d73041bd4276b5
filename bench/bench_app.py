"""Prints the play scene's frame time (update + draw, p50 and p99) headless with animations running,
at 1280x720 and 1920x1080, and the time from start to the first frame.

    python bench/bench_app.py [--frames N]
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
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FIRST_FRAME = """
import os, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from game.app.app import App
app = App(size=(1280, 720))
app.to_menu()
app.frame(1 / 60)
print(time.perf_counter() - t0)
"""


def first_frame_seconds() -> float:
    """A fresh interpreter: imports, window, fonts, theme and the menu's first frame."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME.format(root=str(ROOT))], capture_output=True,
                         text=True, env=dict(os.environ), check=True)
    wall = time.perf_counter() - t0
    inside = float(out.stdout.strip().splitlines()[-1])
    return inside, wall


def frame_times(size: tuple[int, int], frames: int, cpu: list[float] | None = None) -> list[float]:
    """Wall time per frame; ``cpu`` (if given) collects this thread's CPU time per frame, which a busy
    machine's other processes do not inflate."""
    from game.app.app import STEP, App
    from game.app.match import MatchSetup
    from game.app.settings import Settings
    from game.engine import DrawStock, Phase, preset

    app = App(size=size, settings=Settings(animation="normal"))
    app.seed = 9
    app.start_match(MatchSetup("bot", preset("van"), 9, level="hard"))
    app.top.finish()
    play = app.top
    times = []
    hand = play.my_hand()
    for i in range(frames):
        # keep the cards moving: hover sweeps across the hand, the hand re-sorts, cards fly
        if i % 30 == 0 and play.state.phase is Phase.DRAW and play.human_turn():
            play.human_action(DrawStock())
        if i % 7 == 0 and hand:
            play.hover = hand[(i // 7) % len(hand)]
            play.refresh_targets()
        if i % 45 == 0:
            play.press_sort()
        t0, c0 = time.perf_counter(), time.thread_time()
        app.update(STEP)
        app.update(STEP)
        app.ui.update(1 / 60)
        app.draw()
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(time.thread_time() - c0)
        hand = play.my_hand() if app.top is play else hand
        if app.top is not play:
            break
    app.close()
    return times


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=600)
    args = p.parse_args()
    inside, wall = first_frame_seconds()
    print(f"start to first frame: {inside * 1000:.0f} ms in-process, {wall * 1000:.0f} ms including interpreter start"
          f" (goal < 1500 ms)")
    import pygame

    print(f"load average now: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (other work inflates wall times)")
    for size in ((1280, 720), (1920, 1080)):
        cpu: list[float] = []
        ts = frame_times(size, args.frames, cpu)
        warm, warm_cpu = ts[30:] or ts, cpu[30:] or cpu
        goal = "  (goal p99 < 8 ms)" if size == (1280, 720) else ""
        print(f"play scene {size[0]}x{size[1]}, {len(warm)} frames: wall p50 {pct(warm, 50) * 1000:.2f} ms, "
              f"p99 {pct(warm, 99) * 1000:.2f} ms, mean {statistics.mean(warm) * 1000:.2f} ms{goal}")
        print(f"    this thread's CPU time: p50 {pct(warm_cpu, 50) * 1000:.2f} ms, "
              f"p99 {pct(warm_cpu, 99) * 1000:.2f} ms")
        pygame.display.quit()


if __name__ == "__main__":
    main()
