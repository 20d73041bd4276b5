"""The history screen's files: a match or a hand exported for replay, the deals exported for checking
(``python3 -m game.verify``) to a folder the player picks, and history files imported."""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import typed
from game.app.lang.i18n import plural, tr, wtr
from game.app.records.deal_export import picked_folder, write_deals
from game.app.stage.scene import Host
from game.engine.record import RecordError

from .folder_dialog import FolderDialog, export_start, first_folder
from .history_rows import HistoryRows

log = logging.getLogger(__name__)
PATH_LIMIT = 512  # characters the path field takes (more than most systems allow; a longer line is too wide to draw)


def file_dialog(app: Host, title_key: str, object_id: str, start: Path | None,
                folders: bool) -> pygame_gui.windows.UIFileDialog:
    """pygame-gui's file dialog in the middle of the window, its buttons in the player's language."""
    lay = app.layout
    w, h = min(lay.w - 2 * lay.margin, lay.px(640)), min(lay.h - 2 * lay.margin, lay.px(480))
    rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
    dialog = FolderDialog(
        rect, app.ui, window_title=wtr(title_key), initial_file_path=str(first_folder(start)),
        allow_existing_files_only=not folders, allow_picking_directories=folders,
        object_id=ObjectID(object_id=object_id))
    dialog.translate_tips()
    # pygame-gui would write its own (English) words on these buttons; deleting is not its job here
    dialog.ok_button.set_text(wtr("button.ok"))
    dialog.cancel_button.set_text(wtr("button.cancel"))
    dialog.delete_button.hide()
    dialog.fit(lay, object_id)
    typed.guard(dialog.file_path_text_line, PATH_LIMIT)
    return dialog


class HistoryFiles:
    """What the history screen writes and reads, for the ``rows`` it shows; ``rebuild`` builds the
    screen's buttons again after an import changed the list."""

    def __init__(self, app: Host, rows: HistoryRows, rebuild: Callable[[], None]) -> None:
        self.app = app
        self.rows = rows
        self.history = rows.history
        self.rebuild = rebuild
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.dialog_kind = "import"

    # ------------------------------------------------------------------ for replay

    def export_match(self) -> None:
        entry = self.rows.match_chosen()
        if entry is None:
            return
        if not entry.hands_open:
            self.app.toast(tr("history.hotseat_hidden"), 3.5)
            return
        self._exported(self.history.files.export(entry.match_id))

    def export_hand(self) -> None:
        hand = self.rows.hand_chosen()
        if self.rows.entry is not None and hand is not None:
            self._exported(self.history.files.export(self.rows.entry.match_id, hand.hand_no))

    def _exported(self, path: Path | None) -> None:
        if path is None:
            self.app.toast(tr("history.export_failed"))
        else:
            self.app.toast(tr("history.exported", file=str(path)), 5.0)

    # ------------------------------------------------------------------ the deals, for checking

    def ask_export_deals(self) -> None:
        if self.dialog is not None:
            return
        if not self.rows.deals()[0]:
            self.app.toast(tr("history.no_deals"), 4.0)
            return
        self.dialog_kind = "deals"
        self.dialog = file_dialog(self.app, "history.deals_title", "#deals_dialog",
                                  export_start(self.app.settings.export_folder), True)

    def export_deals_to(self, folder: str | Path) -> Path | None:
        lines, hand_no = self.rows.deals()
        if not lines:
            self.app.toast(tr("history.no_deals"), 4.0)
            return None
        try:
            path = write_deals(picked_folder(str(folder)), lines, hand_no)
        except OSError as e:
            log.warning("the deals could not be written: %s", e)
            self.app.toast(tr("history.deals_failed"), 4.0)
            return None
        self.app.apply_settings(self.app.settings.with_(export_folder=str(path.parent)))
        self.app.toast(plural("history.deals_saved", len(lines), folder=path.parent.name or str(path.parent)), 6.0)
        return path

    # ------------------------------------------------------------------ import

    def ask_import(self) -> None:
        if self.dialog is not None or not self.history.available:
            return
        self.dialog_kind = "import"
        self.dialog = file_dialog(self.app, "history.import_title", "#import_dialog", self.history.folder, False)

    def import_path(self, path: str | Path) -> None:
        try:
            entry, loaded = self.history.files.import_file(path)
        except RecordError as e:
            log.warning("import refused: %s", e)
            self.app.toast(tr("history.import_refused"), 4.0)
            return
        if loaded.problems:
            log.warning("import left out: %s", "; ".join(loaded.problems))
            self.app.toast(tr("history.imported_some", n=len(loaded.hands), bad=len(loaded.problems)), 4.0)
        else:
            self.app.toast(tr("history.imported_done", n=len(loaded.hands)), 3.0)
        self.rows.show_match(entry.match_id)
        self.rebuild()

    # ------------------------------------------------------------------ the dialog

    def dialog_event(self, event: pygame.event.Event) -> bool:
        """Whether the open file dialog took ``event`` (a path picked, or the dialog closed)."""
        if self.dialog is None:
            return False
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            if self.dialog_kind == "deals":
                self.export_deals_to(event.text)
            else:
                self.import_path(event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return True
        return False

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
