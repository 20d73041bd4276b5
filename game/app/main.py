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


NO_DISPLAY = ("Gin Rummy needs a screen, and none was found: neither DISPLAY nor WAYLAND_DISPLAY is set "
              "(as over SSH). Start it from a desktop session, or over SSH with 'ssh -X'.")
HEADLESS_DRIVERS = ("dummy", "offscreen")


def display_problem(environ: dict[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why no window could be seen, or None.  On Linux and the BSDs a window needs an X or Wayland display;
    a driver chosen on purpose (SDL_VIDEODRIVER, e.g. dummy for tests) is taken at its word."""
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return None
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


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
    problem = display_problem()
    if problem is not None:  # a window nobody can see would be a game nobody can play or close
        print(problem, file=sys.stderr)
        return 1
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
    try:
        app = App(size=args.size, fullscreen=args.fullscreen, services=services, first_match_guide=True)
    except Exception as exc:  # no window at all (a display that refuses us): say so rather than a trace
        import pygame

        if not isinstance(exc, pygame.error):
            raise
        print(f"Gin Rummy could not open its window: {exc}", file=sys.stderr)
        services.close()
        return 1
    if not args.smoke and pygame_driver() in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        print(NO_DISPLAY, file=sys.stderr)  # SDL fell back to a driver that shows nothing
        app.close()
        return 1
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


def pygame_driver() -> str:
    import pygame

    try:
        return str(pygame.display.get_driver())
    except pygame.error:
        return ""


if __name__ == "__main__":
    sys.exit(main())
