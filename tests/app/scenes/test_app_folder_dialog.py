"""The export folder dialog: a sensible first folder, hidden folders last, a typed existing (even empty)
folder taken with OK lit, and its small buttons' tips in the player's language."""
import pygame
import pygame_gui
import pytest
from helpers.apps import _apps

from game.app.config.settings import Settings
from game.app.lang import i18n
from game.app.program.app import App
from game.app.scenes.folder_dialog import first_folder
from game.app.scenes.history_files import file_dialog

pytestmark = pytest.mark.usefixtures("close_apps")


def _app(lang: str = "en") -> App:
    app = App(size=(800, 600), settings=Settings(language=lang, animation="instant"))
    _apps.append(app)
    return app


def test_the_first_folder_is_the_one_asked_for_else_documents_else_home(tmp_path):
    asked = tmp_path / "asked"
    asked.mkdir()
    assert first_folder(asked, home=tmp_path) == asked
    assert first_folder(tmp_path / "gone", home=tmp_path) == tmp_path
    (tmp_path / "Documents").mkdir()
    assert first_folder(None, home=tmp_path) == tmp_path / "Documents"


def test_hidden_folders_come_last(tmp_path):
    for name in (".cache", "beta", ".config", "alpha"):
        (tmp_path / name).mkdir()
    dialog = file_dialog(_app(), "history.deals_title", "#deals_dialog", tmp_path, True)
    names = [item[0] if isinstance(item, tuple) else item for item in dialog.current_file_list]
    assert names[:2] == ["alpha", "beta"] and sorted(names[2:]) == [".cache", ".config"]


def test_a_typed_empty_folder_lights_ok(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    dialog = file_dialog(_app(), "history.deals_title", "#deals_dialog", tmp_path, True)
    dialog.ok_button.disable()
    dialog.file_path_text_line.set_text(str(empty))
    dialog.process_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=str(empty),
                                            ui_element=dialog.file_path_text_line))
    assert dialog.ok_button.is_enabled and dialog.current_file_path == empty


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_small_buttons_tips_are_translated(tmp_path, lang):
    dialog = file_dialog(_app(lang), "history.deals_title", "#deals_dialog", tmp_path, True)
    assert dialog.refresh_button.tool_tip_text == i18n.wtr("files.refresh")
    assert dialog.home_button.tool_tip_text == i18n.wtr("files.home")
    assert "pygame-gui" not in dialog.parent_directory_button.tool_tip_text


@pytest.mark.parametrize("object_id", ["#deals_dialog", "#import_dialog"])
def test_the_dialog_and_its_list_are_opaque(tmp_path, object_id):
    dialog = file_dialog(_app(), "history.deals_title", object_id, tmp_path, True)
    assert dialog.background_colour.a == 255  # the screen behind does not show through
    assert dialog.file_selection_list.background_colour.a == 255
