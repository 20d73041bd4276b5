"""Every visible string comes from here: ``tr(key, **params)`` looks the key up in the language file.

Language files are flat JSON objects (``assets/i18n/<lang>.json``) with the same keys in each.  A
missing key falls back to English, then to the key itself, so a gap never crashes the game.
"""
from __future__ import annotations

import json
import logging

from .resources import I18N

log = logging.getLogger(__name__)

DEFAULT = "en"
RTL_LANGUAGES = frozenset({"fa"})

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
