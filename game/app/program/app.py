"""The controller: one window, one UI manager, a stack of scenes, and the loop.

Logic advances in fixed 1/120 s steps from an accumulator (long frames are clamped), rendering
happens once per frame capped at the display rate, and slow work (bot thinking, hints) runs on a
worker thread so a frame never waits.  The window (resizing, full screen, screenshots) is
``window.Window``; the scene stack and the toast are a ``stack.SceneStack`` it holds.

The menu is on screen before anything it does not need is loaded: once the first frame is up, the
card painter starts on the table's faces, the sound effects are made and the other screens and the
bots are imported, each on a thread of its own (``warmup``).
"""
from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pygame

from game.app.animation.table import CardTable
from game.app.config.resources import ICON
from game.app.config.settings import Settings, speed
from game.app.lang import i18n, text
from game.app.looks import cardart, felt
from game.app.matches.match import BotKit
from game.app.program import memory, warmup
from game.app.program.flow import Flow
from game.app.program.stack import SceneStack
from game.app.program.window import SETTLE, Window
from game.app.stage.scene import Navigator, Scene
from game.app.stage.services import Services
from game.app.stage.uitheme import Managers

SWITCH_INTERVAL = 0.001  # seconds

log = logging.getLogger(__name__)
T = TypeVar("T")

STEP = 1.0 / 120.0
MAX_FRAME = 0.25
# input that settles a resize at once: it is meant for the screen as the player now sees it
SETTLES_RESIZE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.FINGERDOWN)


SOUND_OF_CUE = {"deal": "shuffle", "timer_urgent": "tick"}  # other cues are named like their sound


class App(Window):
    """The window, the loop, the scene stack and the toast.

    ``services`` (storage, statistics, sound, the crash log) are handed in: ``Services.for_player()``
    in the real game, silent ones (the default) for tests and pictures, which then touch neither the
    disk nor the speakers.  Where to go next is ``nav``'s business (``flow.Flow``).
    """

    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 bots: BotKit | None = None, fullscreen: bool = False, fps: int | None = None,
                 services: Services | None = None, first_match_guide: bool = False) -> None:
        memory.tune()  # before the threads start
        cardart.later()  # the first frame before any painting ahead (``after_first_frame``)
        self.services = services or Services.silent()
        if settings is None:
            settings = self.services.store.load_settings()
        self.settings = settings
        i18n.set_language(self.settings.language)
        # fonts from an earlier pygame start are no longer usable, even when the font module was started
        # again since (the card painter's glyphs do that): a new window always starts with fresh fonts
        text.reset()
        pygame.display.init()
        pygame.font.init()
        self.windowed_size = size
        self.fullscreen = fullscreen or self.settings.fullscreen
        try:
            pygame.display.set_icon(pygame.image.load(str(ICON)))
        except (pygame.error, OSError) as exc:  # a missing icon is no reason not to play
            log.warning("window icon unreadable: %s", exc)
        self.screen = self._open_window(size)
        pygame.display.set_caption(i18n.tr("app.title"))
        self.fps = fps or self._display_rate()
        self.resizing: tuple[int, int] | None = None  # a size the window has taken but the screens not yet
        self._quiet = 0.0  # seconds since the window last changed size
        self._stage: pygame.Surface | None = None  # the frame at the laid-out size while resizing
        self._tidy_in: float | None = None  # seconds left before the old size's leftovers are freed
        self._managers = Managers()
        self.layout = self._make_layout()
        self.ui = self._managers.for_layout(self.layout)
        felt.choose(self.settings.felt)
        self.table = CardTable(self.layout, self.card_style, speed(self.settings))
        self.scenes = SceneStack()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="think")
        # a thinking bot or the card painter holds the interpreter for up to this long before a frame
        # gets it back: Python's default 5 ms would blow a frame's budget (frames took 13 ms at p99
        # beside a busy thread; 6 ms at 1 ms)
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.clock = pygame.time.Clock()
        self.acc = 0.0
        self.running = True
        self.time = 0.0  # logic time in seconds
        self.frames = 0
        self.screenshot_dir: Path | None = None  # None: the data folder
        self._bots = bots
        self.on_frame: list[Callable[[App], None]] = []
        self.on_cue: list[Callable[[str], None]] = []  # moments a sound may mark: deal, timer, ...
        self.error_log: Path | None = None
        self.first_match_guide = first_match_guide  # the tips for a new player (the real game asks for them)
        self._failures = 0
        sound = self.services.sound
        sound.set_enabled(self.settings.sound)
        sound.set_volume(self.settings.volume)
        self.on_cue.append(lambda name: sound.play(SOUND_OF_CUE.get(name, name)))
        self.nav: Navigator = Flow(self)

    @property
    def stack(self) -> list[Scene]:
        return self.scenes.scenes

    @property
    def top(self) -> Scene | None:
        return self.scenes.top

    def set_scene(self, scene: Scene) -> None:
        self.scenes.set_scene(scene)

    def push(self, scene: Scene) -> None:
        self.scenes.push(scene)

    def pop(self, scene: Scene | None = None) -> None:
        self.scenes.pop(scene)

    def replace_top(self, scene: Scene) -> None:
        self.scenes.replace_top(scene)

    def toast(self, message: str, seconds: float = 2.6) -> None:
        self.scenes.toast(message, self.time + seconds)

    def _draw(self, surface: pygame.Surface) -> None:
        self.scenes.draw(surface, self.layout, self.ui, self.time)

    def after_first_frame(self) -> None:
        """What the first frame did not need, begun behind it: the table's card faces, the sound
        effects and the other screens."""
        self.prerender_cards()
        self.services.sound.start()
        warmup.start()

    def apply_settings(self, settings: Settings) -> None:
        """Take new settings at once where they can apply (language, looks, sound, speed, full screen)
        and save them; rule changes wait for the next match (the running one keeps its rules)."""
        old, self.settings = self.settings, settings
        self.services.store.save_settings(settings)
        self.services.sound.set_enabled(settings.sound)
        self.services.sound.set_volume(settings.volume)
        i18n.set_language(settings.language)
        pygame.display.set_caption(i18n.tr("app.title"))
        self.table.style = self.card_style
        self.pace = speed(settings)
        felt.choose(settings.felt)
        looks = (old.language, old.card_size, old.four_colour, old.high_contrast, old.card_back, old.card_face,
                 old.felt)
        if settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        elif looks != (settings.language, settings.card_size, settings.four_colour, settings.high_contrast,
                       settings.card_back, settings.card_face, settings.felt):
            self.on_resize(self.screen.get_size(), rebuild=True)

    # ------------------------------------------------------------------ bots and threads

    @property
    def bots(self) -> BotKit:
        if self._bots is None:
            import game.bots as bots

            self._bots = bots
        return self._bots

    def think(self, fn: Callable[..., T], *args: object) -> Future[T]:
        return self.worker.submit(fn, *args)

    @property
    def pace(self) -> float:
        """The animation time multiplier from the settings (0: no animation); the table holds it."""
        return self.table.speed

    @pace.setter
    def pace(self, value: float) -> None:
        self.table.speed = value

    def cue(self, name: str) -> None:
        """Tell listeners (sound, later) that a moment happened; never lets one of them stop the game."""
        for fn in list(self.on_cue):
            try:
                fn(name)
            except Exception:
                log.exception("cue listener failed")

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            size = (int(event.size[0]), int(event.size[1]))
            if self.resizing is None:
                if size == (self.layout.w, self.layout.h):
                    return  # the size it has (a window manager telling what it did)
                cardart.hold()  # no more faces painted ahead for a size about to go
            self.resizing, self._quiet = size, 0.0
            return
        if self.resizing is not None and event.type in SETTLES_RESIZE:
            self.settle_resize()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F12:
                self.save_screenshot()
                return
        self.ui.process_events(event)
        top = self.top
        if top is not None:
            top.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        top = self.top
        if top is not None:
            top.update(dt)

    def frame(self, dt: float | None = None, present: bool = True) -> None:
        """One frame: events, fixed logic steps, one draw.  ``dt`` overrides the clock (tests)."""
        if dt is None:
            dt = self.clock.tick(self.fps) / 1000.0
        dt = min(max(dt, 0.0), MAX_FRAME)
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        if self.resizing is not None:
            self._quiet += dt
            if self._quiet >= SETTLE:
                self.settle_resize()
        elif self._tidy_in is not None:
            self._tidy_in -= dt
            if self._tidy_in <= 0 or cardart.idle():
                self._tidy()
        self.acc += dt
        while self.acc >= STEP:
            self.update(STEP)
            self.acc -= STEP
        self.ui.update(dt)
        self.draw()
        for fn in list(self.on_frame):
            fn(self)
        if present:
            pygame.display.flip()
        self.frames += 1
        if self.frames == 1:  # after the first picture, never during start-up
            self.after_first_frame()

    def run(self) -> int:
        while self.running:
            try:
                self.frame()
            except Exception as error:  # an unexpected error: log it, keep the save, say so on screen
                self.fail(error)
                continue
            if self._failures and self.top is not None and self.top.name != "error":
                self._failures = 0  # the player is back in the game: only failures in a row end it
        self.close()
        return 0

    def fail(self, error: BaseException) -> None:
        """Write the error to the log and show the error screen; a second failure in a row ends the loop."""
        crash = self.services.crash
        where = self.top.name if self.top is not None else "start"
        self.error_log = crash.report(error, f"the {where} scene")
        self._failures += 1
        if self._failures > 2 or where == "error":
            self.running = False
            return
        try:
            self.nav.show_error(self.error_log)
        except Exception as again:
            crash.report(again, "showing the error screen")
            self.running = False

    def close(self) -> None:
        self.running = False
        self.scenes.close()
        self.worker.shutdown(wait=False, cancel_futures=True)
        self.services.close()
