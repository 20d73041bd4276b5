"""The controller: one window, one UI manager, a stack of scenes, and the loop.

Logic advances in fixed 1/120 s steps from an accumulator (long frames are clamped), rendering
happens once per frame capped at the display rate, and slow work (bot thinking, hints) runs on a
worker thread so a frame never waits.

A window being resized sends a stream of new sizes.  The screens are laid out again only once the
size has held for ``SETTLE`` seconds (or the player clicks or types); until then each frame is drawn
at the last laid-out size and shown scaled to fit the window.  Laying out at a new size drops what
was built for the old one, and once the card painter has caught up the freed memory is given back
(``memory.release``).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pygame

from game.app.animation.table import CardTable
from game.app.lang import i18n, text
from game.app.looks import cardart, felt
from game.app.looks.cardart import CardStyle
from game.app.looks.surfcache import CACHE
from game.app.scenes.result_layout import SCALE as RESULT_SCALE
from game.app.shell import memory, paths
from game.app.shell.flow import Flow
from game.app.shell.layout import Layout
from game.app.shell.resources import ICON
from game.app.shell.scene import Navigator, Scene
from game.app.shell.services import Services
from game.app.shell.settings import Settings, speed
from game.app.shell.uitheme import Managers

log = logging.getLogger(__name__)

STEP = 1.0 / 120.0
MAX_FRAME = 0.25
SETTLE = 0.2  # seconds a new window size holds before the screens are laid out for it
TIDY = 1.5  # at the latest, seconds after a new layout before the old size's memory is given back
# input that settles a resize at once: it is meant for the screen as the player now sees it
SETTLES_RESIZE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.FINGERDOWN)


SOUND_OF_CUE = {"deal": "shuffle", "timer_urgent": "tick"}  # other cues are named like their sound


class App:
    """The window, the loop, the scene stack and the toast.

    ``services`` (storage, statistics, sound, the crash log) are handed in: ``Services.for_player()``
    in the real game, silent ones (the default) for tests and pictures, which then touch neither the
    disk nor the speakers.  Where to go next is ``nav``'s business (``flow.Flow``).
    """

    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 bots: Any = None, fullscreen: bool = False, fps: int | None = None,
                 services: Services | None = None, first_match_guide: bool = False) -> None:
        memory.tune()  # before the threads start
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
        self.stack: list[Scene] = []
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="think")
        self.clock = pygame.time.Clock()
        self.acc = 0.0
        self.running = True
        self.time = 0.0  # logic time in seconds
        self.frames = 0
        self.toast_text = ""
        self.toast_until = 0.0
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

    # ------------------------------------------------------------------ window

    def _display_rate(self) -> int:
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (pygame.error, AttributeError):
            rate = 0
        return rate if 30 <= rate <= 360 else 60

    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.fullscreen:
            try:
                sizes = pygame.display.get_desktop_sizes()
                full = sizes[0] if sizes else size
            except pygame.error:
                full = size
            screen = pygame.display.set_mode(full, pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        return screen

    def _make_layout(self) -> Layout:
        return Layout(self.screen.get_size(), self.settings.card_size == "large", mirror=i18n.is_rtl())

    @property
    def card_style(self) -> CardStyle:
        s = self.settings
        return CardStyle(four_colour=s.four_colour, high_contrast=s.high_contrast, back=s.card_back,
                         face=s.card_face)

    def prerender_cards(self) -> None:
        """Paint the faces of every card size the table uses now, on the card painter's thread."""
        lay = self.layout
        sizes = [(round(lay.cw * s), round(lay.ch * s)) for s in (1.0, lay.opp_scale, RESULT_SCALE, 0.62, 0.7)]
        cardart.prerender(sizes, self.card_style)

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

    def on_resize(self, size: tuple[int, int], rebuild: bool = False) -> None:
        """Lay every screen out for ``size`` now (window events go through ``settle_resize``)."""
        self.resizing, self._stage = None, None
        size = (max(320, int(size[0])), max(240, int(size[1])))
        if self.screen.get_size() != size:
            self.screen = self._open_window(size)
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        resized = self.screen.get_size() != (self.layout.w, self.layout.h)
        if resized:  # what was drawn for the old size goes before the new size's surfaces are built beside it
            CACHE.drop_sized()
            text.reset()
        old_ui = self.ui
        self.layout = self._make_layout()
        self.ui = self._managers.for_layout(self.layout)
        self.table.relayout(self.layout)
        for scene in self.stack:
            if old_ui is not self.ui or rebuild:
                scene.clear_ui()
            scene.resize()
        if resized:  # the old screens' widgets and UI manager, which only reference cycles still hold
            memory.release()
        self._tidy_in = TIDY
        self.prerender_cards()

    def settle_resize(self) -> None:
        """Lay the screens out for the size the window was resized to, if it has not been yet."""
        if self.resizing is not None:
            self.on_resize(self.resizing)

    def _tidy(self) -> None:
        """The painter has caught up with a new size: hand back what the old size's surfaces left."""
        self._tidy_in = None
        memory.trim()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.settings.fullscreen != self.fullscreen:
            self.settings = self.settings.with_(fullscreen=self.fullscreen)
            self.services.store.save_settings(self.settings)
        self.screen = self._open_window(self.windowed_size)
        self.on_resize(self.screen.get_size())

    # ------------------------------------------------------------------ bots and threads

    @property
    def bots(self):
        if self._bots is None:
            import game.bots as bots

            self._bots = bots
        return self._bots

    def think(self, fn: Callable, *args) -> Future:
        return self.worker.submit(fn, *args)

    # ------------------------------------------------------------------ scenes

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def set_scene(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].cover()
        self.stack.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack or (scene is not None and self.stack[-1] is not scene):
            return
        self.stack.pop().exit()
        if self.stack:
            self.stack[-1].uncover()

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

    def toast(self, message: str, seconds: float = 2.6) -> None:
        self.toast_text = message
        self.toast_until = self.time + seconds

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

    def draw(self) -> None:
        screen = self.screen
        size = (self.layout.w, self.layout.h)
        if self.resizing is None or screen.get_size() == size:
            self._stage = None
            self._draw(screen)
            return
        # the window has its new size, the screens not yet: draw as laid out, show it scaled to fit
        if self._stage is None or self._stage.get_size() != size:
            self._stage = pygame.Surface(size, 0, screen)
        self._draw(self._stage)
        sw, sh = screen.get_size()
        k = min(sw / size[0], sh / size[1])
        rect = pygame.Rect(0, 0, max(1, round(size[0] * k)), max(1, round(size[1] * k)))
        rect.center = (sw // 2, sh // 2)
        screen.fill(felt.colour(dark=True))
        try:
            pygame.transform.smoothscale(self._stage, rect.size, screen.subsurface(rect))
        except ValueError:  # a display of fewer than 24 bits a pixel
            pygame.transform.scale(self._stage, rect.size, screen.subsurface(rect))

    def _draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(surface)
        self.ui.draw_ui(surface)
        if self.toast_text and self.time < self.toast_until:
            self._draw_toast(surface)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = lay.font(18)
        w = min(lay.w - lay.margin * 4, text.measure(self.toast_text, size)[0] + lay.px(36))
        rect = pygame.Rect(0, 0, w, round(size * 2.2))
        rect.center = (lay.w // 2, round(lay.hand_y - lay.ch / 2 - lay.lift - size * 1.6))
        pill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (10, 14, 12, 225), pill.get_rect(), border_radius=rect.height // 2)
        pygame.draw.rect(pill, (226, 195, 92, 255), pill.get_rect(), 2, border_radius=rect.height // 2)
        surface.blit(pill, rect)
        text.draw(surface, self.toast_text, size, (245, 240, 225), rect.center, max_width=rect.width - lay.px(20))

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
            self.prerender_cards()

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
        while self.stack:
            try:
                self.stack.pop().exit()
            except Exception:
                log.exception("a scene failed to close")
        self.worker.shutdown(wait=False, cancel_futures=True)
        self.services.close()

    def save_screenshot(self, path: str | Path | None = None, announce: bool = True) -> Path:
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            folder = self.screenshot_dir or paths.data_dir() / "screenshots"
            path = folder / f"gin-rummy-{stamp}-{self.frames}.png"
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
            if announce:
                self.toast(i18n.tr("misc.screenshot_saved", path=str(path)), 5.0)
        except (OSError, pygame.error) as exc:
            log.warning("screenshot failed: %s", exc)
        return path

