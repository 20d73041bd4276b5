"""Command line: play, ``--smoke`` (start, reach the menu, exit), ``--screenshots DIR`` (every scene to PNG).

Every bad argument gets one clear line (and exit status 2), never a traceback; a second copy of the
game on a data folder in use says so and leaves (status 3) without touching a file.
"""
from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.stage.services import Services

START = time.perf_counter()

MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)  # 8K: larger windows are no real screen and would never reach the menu
SEED_BITS = 255  # the engine takes seeds below 2**256 either way; matches count up from the seed
EXIT_BAD_ARGUMENT = 2
EXIT_ALREADY_OPEN = 3


def _size(text: str) -> tuple[int, int]:
    parts = text.strip().lower().split("x")
    try:
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError
        w, h = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"write the size as WIDTHxHEIGHT, e.g. 1280x720 (not {text!r})") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window can be at most {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def _seed(text: str) -> int:
    try:
        seed = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number (not {text!r})") from None
    if seed.bit_length() > SEED_BITS:
        raise argparse.ArgumentTypeError(f"the seed must be smaller than 2**{SEED_BITS} either way")
    return seed


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py", description="Gin Rummy")
    p.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    p.add_argument("--seed", type=_seed, default=None, help="deal matches from this seed (replays exactly)")
    p.add_argument("--animation", choices=("slow", "normal", "fast", "instant"), default=None)
    p.add_argument("--smoke", action="store_true", help="start, reach the menu, exit after a few frames")
    p.add_argument("--screenshots", metavar="DIR", help="render every scene to PNG files in DIR and exit")
    args = p.parse_args(argv)
    if args.screenshots is not None:
        problem = _writable_folder(args.screenshots)
        if problem:
            p.error(f"argument --screenshots: cannot write pictures to {args.screenshots!r}: {problem}")
    return args


def _writable_folder(name: str) -> str:
    """Why no file can be written in the folder ``name`` (made when missing); "" when it can."""
    if not name.strip():
        return "no folder named"
    folder = Path(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".write-test-")
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as e:
        return getattr(e, "strerror", None) or str(e)
    return ""


def already_open_message(folder: Path) -> str:
    return (f"Gin Rummy is already open on the data folder {folder}.\n"
            "Switch to the open window (or close it) and try again. To run a second copy, give it a folder "
            f"of its own with the environment variable GIN_RUMMY_HOME.")


def _show_already_open(folder: Path) -> None:
    """The message on stderr, and in a small window where there is a screen to show one."""
    print(already_open_message(folder), file=sys.stderr)
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return
    try:
        import pygame

        from game.app.config.settings import system_language
        from game.app.lang import i18n

        i18n.set_language(system_language())
        pygame.display.message_box(i18n.tr("app.title"), i18n.tr("app.already_open", folder=str(folder)), "warn")
    except Exception:  # no screen, an old pygame: the line on stderr has said it
        pass


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


def open_services(folder: Path | None = None) -> Services:
    """The player's services as a start of the game makes them: the folder's lock first, then the
    files, statistics and sound, and the crash log watching.  Raises ``AlreadyOpen``."""
    from game.app.stage.services import Services

    services = Services.for_player(folder)
    services.crash.install()
    return services


class Marks:
    """The moments of a start (``--smoke`` prints them): seconds since this module was imported."""

    def __init__(self) -> None:
        self.times: list[tuple[str, float]] = []

    def mark(self, name: str) -> None:
        self.times.append((name, time.perf_counter()))

    def line(self) -> str:
        parts, last = [], START
        for name, at in self.times:
            parts.append(f"{name} {at - last:.3f} s")
            last = at
        return f"smoke: {', '.join(parts)}; cpu {time.process_time():.3f} s"


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke or args.screenshots:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.screenshots:
        return screenshots(args.screenshots)
    problem = display_problem()
    if problem is not None:  # a window nobody can see would be a game nobody can play or close
        print(problem, file=sys.stderr)
        return 1
    from game.app.config import paths

    smoke_home = None
    folder = None
    if args.smoke and not os.environ.get(paths.ENV_HOME):
        # a full start (settings, sound, statistics) that leaves the player's own folder alone
        smoke_home = tempfile.TemporaryDirectory(prefix="gin-rummy-smoke-")
        folder = Path(smoke_home.name)
    try:
        return play(args, folder)
    finally:
        if smoke_home is not None:
            with contextlib.suppress(OSError):
                smoke_home.cleanup()


def screenshots(folder: str) -> int:
    """``--screenshots``: every scene to a PNG file in ``folder``."""
    from game.app.pictures.screenshots import render_all, render_settings

    try:
        shots = render_all(folder) + render_settings(folder)
    except OSError as e:
        print(f"main.py: error: cannot write pictures to {folder!r}: {e.strerror or e}", file=sys.stderr)
        return 1
    missing = [p for p in shots if not p.is_file()]
    for p in shots:
        print(p)
    if missing:
        print(f"main.py: error: {len(missing)} picture(s) could not be written, e.g. {missing[0]}", file=sys.stderr)
        return 1
    return 0


def play(args: argparse.Namespace, folder: Path | None) -> int:
    """Open the data folder and the window, show the menu and run the game (or ``--smoke``)."""
    marks = Marks()
    from game.app.config.settings import speed
    from game.app.program.app import App
    from game.app.program.flow_lesson import offer_lesson
    from game.app.storage import AlreadyOpen

    marks.mark("imports")
    try:
        services = open_services(folder)
    except AlreadyOpen as e:
        _show_already_open(e.folder)
        return EXIT_ALREADY_OPEN
    except OSError as e:  # no data folder can be used at all
        print(f"main.py: error: the data folder cannot be used: {e}", file=sys.stderr)
        return 1
    marks.mark("services")
    try:
        app = App(size=args.size, fullscreen=args.fullscreen, services=services, first_match_guide=True)
    except Exception as exc:  # no window at all (a display that refuses us): say so rather than a trace
        import pygame

        if not isinstance(exc, pygame.error):
            raise
        print(f"Gin Rummy could not open its window: {exc}", file=sys.stderr)
        services.close()
        return 1
    marks.mark("window")
    if not args.smoke and pygame_driver() in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        print(NO_DISPLAY, file=sys.stderr)  # SDL fell back to a driver that shows nothing
        app.close()
        return 1
    if args.animation:
        app.settings = app.settings.with_(animation=args.animation)
        app.pace = speed(app.settings)
    app.nav.seed = args.seed
    app.nav.to_menu()
    marks.mark("menu")
    if args.smoke:
        return smoke(app, marks)
    offer_lesson(app)  # a new player is offered the first lesson, once
    return app.run()


def smoke(app, marks: Marks) -> int:
    """Say when the menu's first frame is on screen (with the moments of the start), then run a few
    more frames, with what loads behind the menu, and leave."""
    app.frame(1 / 60)
    marks.mark("first frame")
    ok = app.top is not None and app.top.name == "menu"
    print(f"smoke: menu reached in {time.perf_counter() - START:.2f} s" if ok else "smoke: menu not reached",
          flush=True)
    print(marks.line(), flush=True)
    for _ in range(4):
        app.frame(1 / 60)
    if ok and (app.top is None or app.top.name != "menu"):
        print("smoke: the menu did not stay", flush=True)
        ok = False
    app.close()
    return 0 if ok else 1


def pygame_driver() -> str:
    import pygame

    try:
        return str(pygame.display.get_driver())
    except pygame.error:
        return ""


if __name__ == "__main__":
    sys.exit(main())
