"""The menu's paragraphs (a way of playing, an opponent) keep within their lines and leave no word alone
on a last line, in every language at a small and a large window."""
import pytest
from helpers.apps import _apps

from game.app.config.vocab import LEVELS, RULE_NAMES
from game.app.lang import i18n, text
from game.app.pictures.shooting import picture_app
from game.app.scenes.menu import MenuScene, paragraph_fit

pytestmark = pytest.mark.usefixtures("close_apps")


def _lines(key: str, width: int, size: int) -> list[str]:
    words = i18n.tr(key)
    size, width = paragraph_fit(words, width, size, 2)
    return text.wrap(words, size, width)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_no_word_is_left_alone_on_a_last_line(lang, size):
    app = picture_app(size, lang)
    _apps.append(app)
    app.nav.to_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    lay, rects = app.layout, menu.controls
    paragraphs = [(f"menu.preset.{p}.about", rects.about_rect, lay.font(14)) for p in RULE_NAMES]
    paragraphs += [(f"menu.level.{level}.about", rects.level_rect, lay.font(15)) for level in LEVELS]
    for key, rect, font_size in paragraphs:
        lines = _lines(key, rect.width, font_size)
        assert len(lines) <= 2, (key, lines)
        assert len(lines) == 1 or len(lines[-1].split()) > 1, (key, lines)


def test_the_russian_hollywood_line_once_left_a_word_alone():
    i18n.set_language("ru")
    try:
        words = i18n.tr("menu.preset.hollywood.about")
        for width in range(300, 900, 7):  # whatever width the window gives, evened lines end in two words
            size, fitted = paragraph_fit(words, width, 14, 2)
            lines = text.wrap(words, size, fitted)
            assert len(lines) == 1 or len(lines[-1].split()) > 1, (width, lines)
    finally:
        i18n.set_language("en")
