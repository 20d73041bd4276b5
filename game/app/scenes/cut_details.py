"""The cut screen's details, shown on demand: the match's whole seal (to read, copy or save before the
cut), its fingerprint, and the player's seed, typed or made by "New seed" here (docs/fairness.md), each
term explained in a short phrase.  Hex digits stay Latin in every language (they are drawn literally)."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import text, typed
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, panel
from game.app.matches.fairdeal import grouped
from game.app.stage.scene import Host
from game.app.storage.files import atomic_write

if TYPE_CHECKING:
    from game.engine.fairness_chain import MatchSeal

log = logging.getLogger(__name__)

SEED_LIMIT = 120  # characters the field takes (the scheme allows 256 bytes of UTF-8)


def seal_lines(commitment: str) -> tuple[str, str]:
    """The 64 hex digits as two lines of four groups of eight."""
    return grouped(commitment[:32], 8), grouped(commitment[32:], 8)


def copy_text(value: str) -> bool:
    """Put ``value`` on the clipboard; False when the system has none for us."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(value)
        return True
    except (pygame.error, AttributeError, NotImplementedError) as e:
        log.info("no clipboard: %s", e)
        return False


def save_seal(folder: Path | None, sealed: MatchSeal, when: float | None = None) -> Path | None:
    """Write the seal to a small text file in ``folder``; None when it cannot be written."""
    if folder is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    path = folder / f"seal-{stamp}.txt"
    body = f"commitment {sealed.commitment}\nfingerprint {sealed.fingerprint}\n"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(path, body)
    except OSError as e:
        log.warning("the seal could not be saved: %s", e)
        return None
    return path


class CutPanelHost(Protocol):
    """The cut screen as its details panel uses it: the program, a way to add buttons, and the seal's two errands."""

    @property
    def app(self) -> Host: ...

    @property
    def widgets(self) -> list[pygame_gui.core.UIElement]: ...

    def button(self, rect: pygame.Rect, key: str, object_id: str, action: Callable[[], None],
               class_id: str | None = None, text: str | None = None,
               tip: str | None = None) -> pygame_gui.elements.UIButton: ...

    def copy_seal(self) -> None: ...

    def save_seal(self) -> None: ...

    def make_seed(self) -> None: ...


class CutDetails:
    """The details panel: where it sits, its widgets (seed field, copy, save) and its drawing."""

    def __init__(self, scene: CutPanelHost, rect: pygame.Rect) -> None:
        self.scene = scene
        self.rect = rect
        self.entry: pygame_gui.elements.UITextEntryLine | None = None

    def rows(self) -> dict[str, int]:
        lay = self.scene.app.layout
        top, line = self.rect.top + lay.px(16), lay.font(15) * 1.5
        return {"label": round(top + line * 0.5), "hex1": round(top + line * 1.5), "hex2": round(top + line * 2.5),
                "print": round(top + line * 3.6), "buttons": round(top + line * 4.4),
                "seed_label": round(top + line * 4.4 + lay.button_h + lay.px(16)),
                "entry": round(top + line * 5.0 + lay.button_h + lay.px(16))}

    def needed_height(self) -> int:
        """How tall the panel must be for all it shows (the note wrapped to its width)."""
        lay = self.scene.app.layout
        size = lay.font(13)
        notes = len(text.wrap(tr("cut.seed_note"), size, self.rect.width - lay.px(24)))
        bottom = self.rows()["entry"] + lay.button_h + lay.px(14) + round(size * 1.35) * notes + lay.px(8)
        return bottom - self.rect.top

    def build(self, seed: str) -> None:
        scene, lay = self.scene, self.scene.app.layout
        rows = self.rows()
        words = max(text.measure(tr(k), lay.font(19))[0] for k in ("cut.copy", "cut.save"))
        bw = min(max(round(lay.col_w * 1.1), words + lay.px(48)), (self.rect.width - lay.px(60)) // 2)
        gap = lay.px(12)
        x = self.rect.centerx - bw - gap // 2
        scene.button(lay.rect(x, rows["buttons"], bw, lay.button_h), "cut.copy", "#cut_copy", scene.copy_seal,
                     class_id="@tool")
        scene.button(lay.rect(x + bw + gap, rows["buttons"], bw, lay.button_h), "cut.save", "#cut_save",
                     scene.save_seal, class_id="@tool")
        nw = min(text.measure(tr("cut.new_seed"), lay.font(19))[0] + lay.px(52), self.rect.width // 3)
        ew = self.rect.width - lay.px(48) - nw - gap
        left = self.rect.centerx - (ew + gap + nw) / 2
        ex, nx = left, left + ew + gap  # mirrored by the layout in a right-to-left language
        self.entry = pygame_gui.elements.UITextEntryLine(
            lay.rect(ex, rows["entry"], ew, lay.button_h), scene.app.ui,
            object_id=ObjectID(class_id="@name_ltr", object_id="#cut_seed"))
        scene.button(lay.rect(nx, rows["entry"], nw, lay.button_h), "cut.new_seed", "#cut_new_seed", scene.make_seed,
                     class_id="@tool")
        typed.guard(self.entry, SEED_LIMIT)
        self.entry.set_text(typed.clean(seed, SEED_LIMIT))
        scene.widgets.append(self.entry)
        # the field takes the keys at once, its text cursor blinking at the end of the seed
        scene.app.ui.set_focus_set(self.entry)
        self.entry.edit_position = len(self.entry.get_text())
        self.entry.cursor_has_moved_recently = True  # drawn from the next frame on, not after a first blink

    def show_seed(self, seed: str) -> None:
        if self.entry is not None:
            self.entry.set_text(seed[:SEED_LIMIT])

    def seed(self) -> str | None:
        return None if self.entry is None else self.entry.get_text()

    def is_entry(self, element: object) -> bool:
        return element is not None and element is self.entry

    def draw(self, surface: pygame.Surface, sealed: MatchSeal) -> None:
        lay = self.scene.app.layout
        panel(surface, self.rect, radius=lay.px(12))
        rows = self.rows()
        cx, width = self.rect.centerx, self.rect.width - lay.px(24)
        text.draw(surface, tr("cut.seal_label"), lay.font(14), INK_DIM, (cx, rows["label"]), max_width=width)
        for key, line in zip(("hex1", "hex2"), seal_lines(sealed.commitment), strict=True):
            text.draw(surface, line, lay.font(18), INK, (cx, rows[key]), bold=True, max_width=width, literal=True)
        text.draw(surface, tr("cut.fingerprint", seal=sealed.fingerprint), lay.font(15), GOLD, (cx, rows["print"]),
                  max_width=width, literal=True)
        text.draw(surface, tr("cut.seed_label"), lay.font(14), INK_DIM, (cx, rows["seed_label"]), max_width=width)
        size = lay.font(13)
        top = rows["entry"] + lay.button_h + lay.px(14)
        for i, line in enumerate(text.wrap(tr("cut.seed_note"), size, width)):
            y = top + round(size * 1.35) * i
            if y > self.rect.bottom - size:
                break
            text.draw(surface, line, size, INK_DIM, (cx, y))
