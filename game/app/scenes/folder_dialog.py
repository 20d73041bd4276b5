"""pygame-gui's file dialog as a player meets it: hidden dot-folders after the others, only folders when a
folder is asked for, a typed folder that exists taken at once (OK lights up, empty or not), the small
buttons' tooltips in the player's language, a first folder that makes sense (the one asked for, else
Documents, else home), and rows, buttons and title sized for the window like the game's own dialogs."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.app.lang.i18n import wtr
from game.app.looks.layout import Layout
from game.app.stage.uitheme import label_width, widget_font

ROW = "#file_display_list.#directory_list_item"  # the list's rows, under the dialog's own id


def first_folder(start: Path | None, home: Path | None = None) -> Path:
    """Where the dialog opens: ``start`` when it is a folder, else Documents, else home."""
    if start is not None and start.is_dir():
        return start
    home = home if home is not None else Path.home()
    documents = home / "Documents"
    return documents if documents.is_dir() else home


def export_start(remembered: str) -> Path | None:
    """The folder the last export went to, when the settings remember one."""
    return Path(remembered) if remembered else None


class FolderDialog(pygame_gui.windows.UIFileDialog):
    """The dialog with the game's manners (pygame-gui's own hooks, pinned in requirements.txt); a path the
    system refuses to look at (a name longer than it allows, a folder it may not read) is only not a valid
    path, instead of an ``OSError`` out of the widget as it is typed."""

    def _create_list_of_directories_and_files_on_current_path(self) -> None:
        super()._create_list_of_directories_and_files_on_current_path()
        names = self.current_file_list

        def hidden(item: object) -> bool:
            name = item[0] if isinstance(item, tuple) else item
            return str(name).startswith(".")

        def folder(item: object) -> bool:
            return not isinstance(item, tuple) or item[1] == "#directory_list_item"

        if self.allow_picking_directories:  # a folder picker: files would only be something not to pick
            names = [i for i in names if folder(i)]
        self.current_file_list = [i for i in names if not hidden(i)] + [i for i in names if hidden(i)]

    def _process_file_path_entry_events(self, event: pygame.event.Event) -> None:
        try:
            super()._process_file_path_entry_events(event)
            if not self.allow_picking_directories or event.type not in (
                    pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                    or event.ui_element != self.file_path_text_line:
                return
            typed = Path(self.file_path_text_line.get_text()).absolute()
            if typed.is_dir():  # an existing folder, even an empty one, is a folder to pick
                self.current_file_path = typed
                self.ok_button.enable()
        except (OSError, ValueError):
            self.ok_button.disable()

    @staticmethod
    def _validate_path_in_existing_directory(path_to_validate: Path) -> bool:
        try:
            return pygame_gui.windows.UIFileDialog._validate_path_in_existing_directory(path_to_validate)
        except (OSError, ValueError):
            return False

    @staticmethod
    def _validate_path_exists_and_of_allowed_type(path_to_validate: Path, allow_directories: bool) -> bool:
        try:
            return pygame_gui.windows.UIFileDialog._validate_path_exists_and_of_allowed_type(
                path_to_validate, allow_directories)
        except (OSError, ValueError):
            return False

    def translate_tips(self) -> None:
        for button, key in ((self.home_button, "files.home"), (self.parent_directory_button, "files.parent"),
                            (self.refresh_button, "files.refresh")):
            button.set_tooltip(wtr(key))

    def fit(self, lay: Layout, dialog_id: str) -> None:
        """Sizes from the window's scale (pygame-gui's are fixed pixels): a title bar that holds its title,
        small buttons and rows as tall as their words, OK and Cancel as tall as the game's buttons."""
        title, _ = widget_font(lay, (f"{dialog_id}.#title_bar",))
        self.title_bar_height = self.title_bar_close_button_width = round(title * 1.7)
        self.rebuild()
        if lay.mirror and self.title_bar is not None:  # a right-to-left title starts at the right
            self.title_bar.text_horiz_alignment = "right"
            self.title_bar.rebuild()
        words, _ = widget_font(lay, (f"{dialog_id}.{ROW}",))
        gap, small = lay.px(8), round(words * 1.7)
        for n, button in enumerate((self.home_button, self.parent_directory_button, self.refresh_button)):
            button.set_dimensions((small, small))
            button.set_relative_position((gap + n * (small + lay.px(6)), gap))
        entry_y = 2 * gap + small
        self.file_path_text_line.set_relative_position((gap, entry_y))
        self.file_path_text_line.set_dimensions((self.get_container().get_size()[0] - 2 * gap,
                                                 self.file_path_text_line.rect.height))
        high = lay.button_h
        widths = [max(lay.px(96), label_width(lay, b.text)) for b in (self.cancel_button, self.ok_button)]
        self.cancel_button.set_dimensions((widths[0], high))
        self.cancel_button.set_relative_position((-widths[0] - gap, -high - gap))
        self.ok_button.set_dimensions((widths[1], high))
        self.ok_button.set_relative_position((-widths[1] - gap, -high - gap))
        inner = self.get_container().get_size()
        list_y = entry_y + self.file_path_text_line.rect.height + gap
        self.file_selection_list.set_relative_position((gap, list_y))
        self.file_selection_list.set_dimensions((inner[0] - 2 * gap, inner[1] - list_y - high - 2 * gap))
        self.file_selection_list.list_item_height = round(words * 1.6)
        self.file_selection_list.set_item_list(self.current_file_list)
        for button in (self.home_button, self.parent_directory_button, self.refresh_button, self.cancel_button,
                       self.ok_button):
            button.rebuild()  # its shape and its words placed again for the new size
