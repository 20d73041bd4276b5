"""Command line: play, ``--smoke`` (start, reach the menu, exit), ``--screenshots DIR`` (every scene to PNG)."""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

START = time.perf_counter()


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("write the size as WIDTHxHEIGHT, e.g. 1280x720") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return w, h


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py", description="Gin Rummy")
    p.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    p.add_argument("--seed", type=int, default=None, help="deal matches from this seed (replays exactly)")
    p.add_argument("--animation", choices=("slow", "normal", "fast", "instant"), default=None)
    p.add_argument("--smoke", action="store_true", help="start, reach the menu, exit after a few frames")
    p.add_argument("--screenshots", metavar="DIR", help="render every scene to PNG files in DIR and exit")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke or args.screenshots:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App
    from .settings import speed

    if args.screenshots:
        from .pictures import render_all, render_settings

        shots = render_all(args.screenshots) + render_settings(args.screenshots)
        for p in shots:
            print(p)
        return 0
    from . import paths
    from .services import Services

    smoke_home = None
    folder = None
    if args.smoke and not os.environ.get(paths.ENV_HOME):
        # a full start (settings, sound, statistics) that leaves the player's own folder alone
        smoke_home = tempfile.TemporaryDirectory(prefix="gin-rummy-smoke-")
        folder = Path(smoke_home.name)
    services = Services.for_player(folder)
    services.crash.install()
    app = App(size=args.size, fullscreen=args.fullscreen, services=services, first_match_guide=True)
    if args.animation:
        app.settings = app.settings.with_(animation=args.animation)
        app.table.speed = speed(app.settings)
    app.nav.seed = args.seed
    app.nav.to_menu()
    if args.smoke:
        for _ in range(5):
            app.frame(1 / 60)
        ok = app.top is not None and app.top.name == "menu"
        print(f"smoke: menu reached in {time.perf_counter() - START:.2f} s" if ok else "smoke: menu not reached")
        app.close()
        if smoke_home is not None:
            smoke_home.cleanup()
        return 0 if ok else 1
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
