"""The window: its size and full screen, laying the screens out for a new size, and its pictures.

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
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.app.config import paths
from game.app.lang import i18n, text
from game.app.looks import cardart, felt
from game.app.looks.cardart import CardStyle
from game.app.looks.layout import Layout
from game.app.looks.surfcache import CACHE
from game.app.program import memory

if TYPE_CHECKING:
    from pygame_gui import UIManager

    from game.app.animation.table import CardTable
    from game.app.config.settings import Settings
    from game.app.program.stack import SceneStack
    from game.app.stage.services import Services
    from game.app.stage.uitheme import Managers

log = logging.getLogger(__name__)

SETTLE = 0.2  # seconds a new window size holds before the screens are laid out for it
TIDY = 1.5  # at the latest, seconds after a new layout before the old size's memory is given back


class Window:
    """The app's window half (``App`` mixes it in): what it needs of the app is declared here."""

    screen: pygame.Surface
    layout: Layout
    settings: Settings
    services: Services
    fullscreen: bool
    windowed_size: tuple[int, int]
    resizing: tuple[int, int] | None
    _stage: pygame.Surface | None
    _tidy_in: float | None
    _managers: Managers
    ui: UIManager
    table: CardTable
    scenes: SceneStack
    frames: int
    screenshot_dir: Path | None
    _draw: Callable[[pygame.Surface], None]  # the scenes and the toast
    toast: Callable[..., None]

    @property
    def card_style(self) -> CardStyle:
        s = self.settings
        return CardStyle(four_colour=s.four_colour, high_contrast=s.high_contrast, back=s.card_back,
                         face=s.card_face)

    def prerender_cards(self) -> None:
        """Paint the faces of every card size the table uses now, on the card painter's thread."""
        from game.app.scenes.result_layout import SCALE as RESULT_SCALE

        lay = self.layout
        sizes = [(round(lay.cw * s), round(lay.ch * s)) for s in (1.0, lay.opp_scale, RESULT_SCALE, 0.62, 0.7)]
        cardart.prerender(sizes, self.card_style)

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
        for scene in self.scenes.scenes:
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
