"""The export folder dialog: a sensible first folder (the last one used, else Documents, else home), only
folders, hidden folders last, a typed existing (even empty) folder taken with OK lit, its small buttons'
tips in the player's language, rows that never overlap at any window size, and a toast that names the
folder, not its path."""
import shutil
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest
from helpers.apps import _apps

from game.app.config.settings import Settings
from game.app.lang import i18n
from game.app.program.app import App
from game.app.scenes.folder_dialog import first_folder
from game.app.scenes.history_files import HistoryFiles, file_dialog

pytestmark = pytest.mark.usefixtures("close_apps")


def _app(lang: str = "en", size: tuple[int, int] = (800, 600)) -> App:
    app = App(size=size, settings=Settings(language=lang, animation="instant"))
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


def _names(dialog) -> list[str]:
    return [item[0] if isinstance(item, tuple) else item for item in dialog.current_file_list]


def test_a_folder_picker_lists_folders_only_and_the_import_lists_files_too(tmp_path):
    (tmp_path / "kept").mkdir()
    (tmp_path / "notes.txt").write_text("x")
    app = _app()
    assert _names(file_dialog(app, "history.deals_title", "#deals_dialog", tmp_path, True)) == ["kept"]
    assert _names(file_dialog(app, "history.import_title", "#import_dialog", tmp_path, False)) == ["kept", "notes.txt"]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_rows_and_buttons_hold_their_words_at_every_size(tmp_path, lang, size):
    for name in ("Documents", "Downloads", "Music", "Pictures"):
        (tmp_path / name).mkdir()
    dialog = file_dialog(_app(lang, size), "history.deals_title", "#deals_dialog", tmp_path, True)
    rows = [b for b in dialog.file_selection_list.item_list_container.elements if b.visible]
    assert len(rows) == 4
    for row in rows:
        assert row.rect.height >= row.font.size("Dg")[1], "a row lower than its words"
    for a, b in zip(rows, rows[1:], strict=False):
        assert a.rect.bottom <= b.rect.top + 1, "rows on top of each other"
    for button in (dialog.ok_button, dialog.cancel_button, dialog.home_button):
        assert button.rect.height >= button.font.size("Dg")[1]
    assert dialog.title_bar is not None and dialog.title_bar.rect.height >= dialog.title_bar.font.size("Dg")[1]
    inside = dialog.get_container().get_rect()
    for part in (dialog.file_selection_list, dialog.file_path_text_line, dialog.ok_button, dialog.cancel_button):
        assert inside.contains(part.rect), part
    assert not dialog.file_selection_list.rect.colliderect(dialog.ok_button.rect)


def _files(app: App, tmp_path) -> HistoryFiles:
    history = SimpleNamespace(folder=tmp_path / ".hidden-history")
    rows = SimpleNamespace(history=history, deals=lambda: (['{"deal": 1}'], 0))
    return HistoryFiles(app, rows, lambda: None)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang, said", [("en", "1 hand exported to the folder picked"),
                                        ("ru", "1 сдача экспортирована в папку picked"),
                                        ("fa", "۱ دست در پوشه‌ی picked ذخیره شد")])
def test_the_toast_names_the_folder_not_its_path(tmp_path, lang, said):
    picked = tmp_path / "picked"
    picked.mkdir()
    app = _app(lang)
    path = _files(app, tmp_path).export_deals_to(str(picked))
    assert path is not None and path.parent == picked and path.read_text(encoding="utf-8") == '{"deal": 1}\n'
    assert i18n.numbers(app.scenes.toast_text) == said
    assert str(tmp_path) not in app.scenes.toast_text


def test_the_dialog_opens_where_the_last_export_went(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    picked = tmp_path / "somewhere" / "picked"
    picked.mkdir(parents=True)
    app = _app()
    files = _files(app, tmp_path)
    files.ask_export_deals()
    assert files.dialog is not None and files.dialog.current_directory_path == str(tmp_path.resolve())
    files.close_dialog()
    files.export_deals_to(str(picked))
    assert app.settings.export_folder == str(picked)
    files.ask_export_deals()
    assert files.dialog is not None and files.dialog.current_directory_path == str(picked.resolve())
    files.close_dialog()
    shutil.rmtree(picked)  # a remembered folder since removed: the sensible default again
    files.ask_export_deals()
    assert files.dialog is not None and files.dialog.current_directory_path == str(tmp_path.resolve())
