"""The history screen's files: a match or a hand exported for replay, the deals exported for checking
(``python3 -m game.verify``) to a folder the player picks, and history files imported."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang.i18n import tr, wtr
from game.app.records.deal_export import deal_lines, picked_folder, write_deals
from game.app.records.history import HandEntry, History, MatchEntry
from game.engine.record import RecordError

log = logging.getLogger(__name__)


def file_dialog(app: Any, title_key: str, object_id: str, start: Path | None, folders: bool) -> Any:
    """pygame-gui's file dialog in the middle of the window, its buttons in the player's language."""
    lay = app.layout
    w, h = min(lay.w - 2 * lay.margin, lay.px(640)), min(lay.h - 2 * lay.margin, lay.px(480))
    rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
    dialog = pygame_gui.windows.UIFileDialog(
        rect, app.ui, window_title=wtr(title_key),
        initial_file_path=str(start if start is not None and start.is_dir() else Path.home()),
        allow_existing_files_only=not folders, allow_picking_directories=folders,
        object_id=ObjectID(object_id=object_id))
    # pygame-gui would write its own (English) words on these buttons; deleting is not its job here
    dialog.ok_button.set_text(wtr("button.ok"))
    dialog.cancel_button.set_text(wtr("button.cancel"))
    dialog.delete_button.hide()
    return dialog


class HistoryFiles:
    """Mixed into the history screen: what it writes and reads."""

    app: Any
    history: History
    entry: MatchEntry | None
    entries: list[MatchEntry]
    hands: list[HandEntry]
    selected: int
    page: int
    dialog: Any
    dialog_kind: str

    if TYPE_CHECKING:  # the history screen's own
        def current(self) -> Any: ...

        def load(self) -> None: ...

        def rebuild_ui(self) -> None: ...

        def per_page(self) -> int: ...

    # ------------------------------------------------------------------ for replay

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

    # ------------------------------------------------------------------ the deals, for checking

    def deals_to_export(self) -> tuple[list[str], int | None]:
        """The lines of the hand chosen (or of the whole match), and that hand's number."""
        cur = self.current()
        if self.entry is None:  # the list of matches: the whole match chosen
            if not isinstance(cur, MatchEntry) or not cur.hands_open:
                return [], None
            return deal_lines(h.record for h in self.history.hands(cur.match_id)), None
        if not self.entry.hands_open:
            return [], None
        if isinstance(cur, HandEntry):
            return deal_lines([cur.record]), cur.hand_no
        return deal_lines(h.record for h in self.hands), None

    def ask_export_deals(self) -> None:
        if self.dialog is not None:
            return
        if not self.deals_to_export()[0]:
            self.app.toast(tr("history.no_deals"), 4.0)
            return
        self.dialog_kind = "deals"
        self.dialog = file_dialog(self.app, "history.deals_title", "#deals_dialog", self.history.folder, True)

    def export_deals_to(self, folder: str | Path) -> Path | None:
        lines, hand_no = self.deals_to_export()
        if not lines:
            self.app.toast(tr("history.no_deals"), 4.0)
            return None
        try:
            path = write_deals(picked_folder(str(folder)), lines, hand_no)
        except OSError as e:
            log.warning("the deals could not be written: %s", e)
            self.app.toast(tr("history.deals_failed"), 4.0)
            return None
        self.app.toast(tr("history.deals_saved", n=len(lines), file=str(path)), 6.0)
        return path

    # ------------------------------------------------------------------ import

    def ask_import(self) -> None:
        if self.dialog is not None or not self.history.available:
            return
        self.dialog_kind = "import"
        self.dialog = file_dialog(self.app, "history.import_title", "#import_dialog", self.history.folder, False)

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
        selected = next((i for i, e in enumerate(self.entries) if e.match_id == entry.match_id), 0)
        self.selected = selected
        self.page = selected // self.per_page()
        self.rebuild_ui()

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
