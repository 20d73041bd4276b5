"""Every visible string comes from here: ``tr(key, **params)`` looks the key up in the language file.

Language files are flat JSON objects (``assets/i18n/<lang>.json``) with the same keys in each.  A
missing key falls back to English, then to the key itself, so a gap never crashes the game.
"""
from __future__ import annotations

import copy
import json
import logging

from game.app.config.resources import FONT_BOLD, FONT_REGULAR, I18N
from game.app.config.vocab import RTL_LANGUAGES
from game.app.lang import bidi

log = logging.getLogger(__name__)

DEFAULT = "en"

_tables: dict[str, dict[str, str]] = {}
_current = DEFAULT


def _load(lang: str) -> dict[str, str]:
    if lang not in _tables:
        try:
            data = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("a language file must hold one JSON object")
            _tables[lang] = {str(k): str(v) for k, v in data.items()}
        except (OSError, ValueError) as exc:
            log.warning("language %s unavailable: %s", lang, exc)
            _tables[lang] = {}
    return _tables[lang]


def available() -> list[str]:
    return sorted(p.stem for p in I18N.glob("*.json"))


def set_language(lang: str) -> None:
    global _current
    _current = lang if _load(lang) else DEFAULT


def language() -> str:
    return _current


def is_rtl() -> bool:
    return _current in RTL_LANGUAGES


def has(key: str) -> bool:
    return key in _load(_current) or key in _load(DEFAULT)


def plural_form(n: int, lang: str | None = None) -> str:
    """Which form a count takes: Russian has three (1 сдача, 2 сдачи, 5 сдач), English two, and Persian
    keeps the noun singular after a number (its three forms read alike)."""
    if (lang or _current) == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    return "one" if n == 1 else "many"


def plural(key: str, n: int, **params: object) -> str:
    """The text of ``key.one``, ``key.few`` or ``key.many`` for ``n`` things (every language has all three)."""
    return tr(f"{key}.{plural_form(n)}", n=n, **params)


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def tr(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled from ``params``."""
    text = _load(_current).get(key)
    if text is None:
        text = _load(DEFAULT).get(key)
        if text is None:
            log.warning("missing translation key %s", key)
            return key
    if not params:
        return text
    try:
        return text.format_map(_Keep(params))
    except (ValueError, IndexError):
        return text


# --- pygame-gui widgets ---------------------------------------------------------------------------

# Every theme block that shows text; each gets the per-language font list (pygame-gui otherwise
# falls back, for fa, to its own font, which has no Persian letters).
WIDGET_BLOCKS = ("defaults", "label", "button", "text_box", "text_entry_line", "drop_down_menu",
                 "selection_list", "horizontal_slider", "window", "tool_tip", "check_box")


def numbers(text: str) -> str:
    """``text`` with its numbers in the digits of the current language (Persian digits on a Persian screen)
    and, on a Persian screen, Persian punctuation between phrases."""
    return bidi.localize(text, _current)


def equation(text: str) -> str:
    """A sum such as "28 - 9 = 19" inside a sentence: left to right on every screen, as Persian writes
    mathematics (and as the score sheet's own column shows it), never mirrored by the sentence around it."""
    return bidi.ltr_isolate(text) if is_rtl() else text


def widget_text(text: str) -> str:
    """Text for a pygame-gui widget in the current language: numbers in its digits, pre-ordered for the
    right-to-left font."""
    return bidi.prepare_for_widget(numbers(text), _current)


def persian_widget_text(text: str) -> str:
    """Persian text for a widget that shapes right to left in every language (``PERSIAN_EVERYWHERE``)."""
    return bidi.prepare_for_widget(bidi.localize(text, "fa"), "fa")


def wtr(key: str, **params: object) -> str:
    """``tr`` for a widget: the translated text, ready for the widget's font."""
    return widget_text(tr(key, **params))


# Widgets that show a Persian word whatever the screen's language (the language choice "فارسی"): their
# font shapes right to left in every language.  And the other way round, widgets whose text is Latin
# whatever the language (a player's name typed in Latin letters on a Persian screen).
PERSIAN_EVERYWHERE = ("#set_language_fa",)
LATIN_EVERYWHERE = ("@name_ltr",) + tuple(  # and the paths and file names of the file dialogs
    f"{dialog}.{part}" for dialog in ("#import_dialog", "#deals_dialog")
    for part in ("#file_path_text_line", "#file_display_list.#directory_list_item",
                 "#file_display_list.#file_list_item"))


def _font_list(block: object, default: dict, persian: bool = False, latin: bool = False) -> list[dict[str, str]]:
    base = block if isinstance(block, dict) else default
    size = int(base.get("size", default.get("size", 17)))
    fonts = bidi.widget_fonts(size, str(FONT_REGULAR), str(FONT_BOLD))
    if persian or latin:
        same = next(f for f in fonts if (f.get("direction") == "rtl") == persian)
        fonts = [{**same, "locale": f["locale"]} for f in fonts]
    for f in fonts:
        for flag in ("bold", "italic"):
            if flag in base:
                f[flag] = str(base[flag])
    return fonts


def widget_theme(theme: dict) -> dict:
    """The theme with every font block made a font list: DejaVu for each language, right to left for fa.

    Paths are absolute (a theme's paths would otherwise be read from the working directory).
    Blocks already holding a list are kept, so applying this twice changes nothing.
    """
    out = copy.deepcopy(theme) if isinstance(theme, dict) else {}
    default = out.get("defaults", {}).get("font", {"size": "17"})
    if not isinstance(default, dict):
        default = {"size": "17"}
    for name in WIDGET_BLOCKS:
        out.setdefault(name, {})
    for name, block in out.items():
        if not isinstance(block, dict):
            continue
        font = block.get("font", default)
        if not isinstance(font, list):
            block["font"] = _font_list(font, default, name in PERSIAN_EVERYWHERE, name in LATIN_EVERYWHERE)
    return out


def widget_font_sizes(theme: dict) -> tuple[int, ...]:
    sizes = set()
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for f in fonts if isinstance(fonts, list) else [fonts or {}]:
            if isinstance(f, dict) and "size" in f:
                sizes.add(int(f["size"]))
    return tuple(sorted(sizes))
