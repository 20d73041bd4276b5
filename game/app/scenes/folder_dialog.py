"""pygame-gui's file dialog as a player meets it: hidden dot-folders after the others, a typed folder
that exists taken at once (OK lights up, empty or not), the small buttons' tooltips in the player's
language, and a first folder that makes sense (the one asked for, else Documents, else home)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.app.lang.i18n import wtr


def first_folder(start: Path | None, home: Path | None = None) -> Path:
    """Where the dialog opens: ``start`` when it is a folder, else Documents, else home."""
    if start is not None and start.is_dir():
        return start
    home = home if home is not None else Path.home()
    documents = home / "Documents"
    return documents if documents.is_dir() else home


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
