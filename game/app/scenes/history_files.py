"""The history screen's files: a match or a hand exported, a history file imported (a dialog or a drop)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang.i18n import tr, wtr
from game.app.records.history import HandEntry, History, MatchEntry
from game.engine.record import RecordError

log = logging.getLogger("game.app.scenes.history")


class HistoryFileActions:
    """Export and import for ``HistoryScene``."""

    if TYPE_CHECKING:
        app: Any
        history: History
        entry: MatchEntry | None
        entries: list[MatchEntry]
        hands: list[HandEntry]
        selected: int
        page: int
        dialog: Any

        def current(self) -> Any: ...

        def rows(self) -> list[Any]: ...

        def pages(self) -> int: ...

        def per_page(self) -> int: ...

        def shown(self) -> list[tuple[int, Any]]: ...

        def body_rect(self) -> pygame.Rect: ...

        def panel_rect(self) -> pygame.Rect: ...

        def row_h(self) -> int: ...

        def row_rect(self, slot: int) -> pygame.Rect: ...

        def load(self) -> None: ...

        def rebuild_ui(self) -> None: ...

    def export_match(self) -> None:
        cur = self.current()
        entry = self.entry if self.entry is not None else cur if isinstance(cur, MatchEntry) else None
        if entry is None:
            return
        if not entry.hands_open:
            self.app.toast(tr("history.hotseat_hidden"), 3.5)
            return
        self._exported(self.history.export(entry.match_id))

    def export_hand(self) -> None:
        cur = self.current()
        if self.entry is not None and isinstance(cur, HandEntry) and cur.ok:
            self._exported(self.history.export(self.entry.match_id, cur.hand_no))

    def _exported(self, path: Path | None) -> None:
        if path is None:
            self.app.toast(tr("history.export_failed"))
        else:
            self.app.toast(tr("history.exported", file=str(path)), 5.0)

    def ask_import(self) -> None:
        if self.dialog is not None or not self.history.available:
            return
        lay = self.app.layout
        w, h = min(lay.w - 2 * lay.margin, lay.px(640)), min(lay.h - 2 * lay.margin, lay.px(480))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
        folder = self.history.folder
        start = str(folder) if folder is not None and folder.is_dir() else None
        self.dialog = pygame_gui.windows.UIFileDialog(
            rect, self.app.ui, window_title=wtr("history.import_title"), initial_file_path=start,
            allow_existing_files_only=True, object_id=ObjectID(object_id="#import_dialog"))
        # pygame-gui would write its own (English) words on these buttons; deleting is not its job here
        self.dialog.ok_button.set_text(wtr("button.ok"))
        self.dialog.cancel_button.set_text(wtr("button.cancel"))
        self.dialog.delete_button.hide()

    def import_path(self, path: str | Path) -> None:
        try:
            entry, loaded = self.history.import_file(path)
        except RecordError as e:
            log.warning("import refused: %s", e)
            self.app.toast(tr("history.import_refused"), 4.0)
            return
        if loaded.problems:
            log.warning("import left out: %s", "; ".join(loaded.problems))
            self.app.toast(tr("history.imported_some", n=len(loaded.hands), bad=len(loaded.problems)), 4.0)
        else:
            self.app.toast(tr("history.imported_done", n=len(loaded.hands)), 3.0)
        self.entry = None
        self.hands = []
        self.load()
        self.selected = next((i for i, e in enumerate(self.entries) if e.match_id == entry.match_id), 0)
        self.page = self.selected // self.per_page()
        self.rebuild_ui()
