"""Taking pictures of the real app: an app made for them, a screen drawn only once every face on it is
painted, a fixed clock for the staged history (``StagedClock``, handed to the services), frames run until
something holds."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.app.config.settings import Settings
from game.app.config.vocab import Language
from game.app.looks import cardart
from game.app.pictures.staging import (
    MemoryStore,
    SampleStats,
)
from game.app.program.app import App
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound

LANGUAGES: tuple[Language, ...] = ("en", "fa", "ru")
SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1280, 720), (1920, 1080))


def picture_app(size: tuple[int, int], language: Language = "en") -> App:
    """An app for pictures and audits: instant animation, a store in memory, sample statistics."""
    services = Services(store=MemoryStore(), stats=SampleStats(), sound=SilentSound(), crash=SilentCrashLog())
    app = App(size=size, settings=Settings(language=language, animation="instant"), services=services)
    app.nav.fair = False  # the tour deals from seeds, so it shows the same cards every time
    return app


def painted(app: App) -> None:
    """Draw the screen once every card face it shows is finished: the sizes the table uses are painted
    first, then whatever a draw still asks the painter for (a preview, a picture of the rules) is painted
    and drawn again, so a picture never catches a face in its quick form."""
    cardart.wait(30)  # first what the screen has asked for already (a cached preview asks only once)
    app.prerender_cards()
    cardart.wait(30)
    for _ in range(8):
        app.draw()
        if cardart.idle():
            return
        cardart.wait(30)


class StagedClock:
    """The staged history's clock: a fixed day, a minute later at each reading, so its dates are the same
    on every run."""

    def __init__(self, start: float = 1_767_261_600.0) -> None:  # 2026-01-01 10:00 UTC
        self.now = start

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


def save_picture(app: App, path: Path) -> Path:
    app.scenes.clear_toast()
    painted(app)
    return app.save_screenshot(path, announce=False)


def run_until(app: App, cond: Callable[[], bool], limit: int = 900, dt: float = 1 / 60) -> bool:
    """Run frames until ``cond()`` holds (False if it never did)."""
    for _ in range(limit):
        if cond():
            return True
        app.frame(dt, present=False)
    return cond()
