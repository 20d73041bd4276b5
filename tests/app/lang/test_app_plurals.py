"""Counts take the form their language gives them: Russian three (1 сдача, 3 сдачи, 5 сдач, 21 сдача, 11
сдач), English two, Persian one; every plural key has its three forms in every language."""
import json
from pathlib import Path

import pytest

from game.app.lang import i18n

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("n, form", [(1, "one"), (2, "few"), (4, "few"), (5, "many"), (11, "many"), (12, "many"),
                                     (14, "many"), (21, "one"), (22, "few"), (25, "many"), (101, "one"), (111, "many"),
                                     (0, "many")])
def test_russian_has_three_forms(n, form):
    assert i18n.plural_form(n, "ru") == form


def test_english_and_persian_say_one_for_one_only():
    forms = [i18n.plural_form(n, lang) for lang in ("en", "fa") for n in (1, 2, 5, 21)]
    assert forms == ["one", "many", "many", "many"] * 2


def test_every_plural_key_has_its_three_forms_in_every_language():
    for lang in ("en", "fa", "ru"):
        keys = json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        stems = {k.rsplit(".", 1)[0] for k in keys if k.endswith((".one", ".few", ".many"))}
        assert stems, lang
        for stem in stems:
            assert all(f"{stem}.{form}" in keys for form in ("one", "few", "many")), (lang, stem)


@pytest.mark.parametrize("n, words", [(1, "1 сдача экспортирована"), (3, "3 сдачи экспортированы"),
                                      (5, "5 сдач экспортировано"), (21, "21 сдача экспортирована")])
def test_the_export_toast_in_russian(n, words):
    i18n.set_language("ru")
    try:
        assert i18n.plural("history.deals_saved", n, folder="out") == f"{words} в папку out"
    finally:
        i18n.set_language("en")
