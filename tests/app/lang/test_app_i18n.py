"""Every key the app asks for exists in the English file (literal keys and the families built from parts)."""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[3]
EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))


def sources():
    files = sorted((ROOT / "game" / "app").rglob("*.py"))
    return [(f, f.read_text(encoding="utf-8")) for f in files]


def test_literal_keys_exist():
    missing = []
    for path, src in sources():
        for key in re.findall(r'''(?:tr|wtr|say|has)\(\s*"([a-z_]+(?:\.[a-z0-9_]+)+)"\s*[,)]''', src):
            if key not in EN and not key.startswith("bot."):
                missing.append(f"{path.name}: {key}")
    assert not missing, missing


def test_key_families_are_complete():
    families = {
        "menu.level.{}": ("easy", "medium", "hard"),
        "level.{}": ("easy", "medium", "hard"),
        "menu.preset.{}": ("van", "classic"),
        "menu.preset.{}.about": ("van", "classic"),
        "preset.{}": ("van", "classic", "custom"),
        "button.sort.{}": ("melds", "rank", "suit", "custom"),
        "status.your_{}": ("upcard", "draw", "discard"),
        "status.named_{}": ("upcard", "draw", "discard"),
        "result.title.{}": ("knock", "undercut", "gin", "big_gin", "dead"),
        "result.sum_{}": ("knock", "undercut", "gin", "big_gin"),
        "over.kind.{}": ("knock", "undercut", "gin", "big_gin", "dead"),
    }
    from game.app.scenes.stats import ROWS
    from game.engine.rules import DEALER_RULES, UPCARD_OFFERS

    families.update({
        "rules.v.dealer.{}": DEALER_RULES,
        "rules.v.upcard.{}": UPCARD_OFFERS,
        "stats.kind.{}": ("knock", "undercut", "gin", "big_gin", "dead"),
        "stats.row.{}": ROWS,
        "stats.col.{}": ("date", "opponent", "preset", "score", "result"),
    })
    missing = [f.format(x) for f, xs in families.items() for x in xs if f.format(x) not in EN]
    assert not missing, missing


def test_every_language_has_every_key_the_code_asks_for():
    """A key missing in fa or ru would show English on that screen (tr falls back rather than crash)."""
    tables = {lang: json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("fa", "ru")}
    used = set()
    for _, src in sources():
        used.update(re.findall(r'''(?:tr|wtr|has)\(\s*"([a-z_]+(?:\.[a-z0-9_]+)+)"\s*[,)]''', src))
    used = {k for k in used if k in EN}
    missing = {lang: sorted(used - set(table)) for lang, table in tables.items()}
    assert not any(missing.values()), missing


def test_switching_language_changes_every_lookup_and_unknown_codes_fall_back():
    from game.app.lang import i18n

    try:
        for lang, sample in (("fa", "\u0627"), ("ru", "\u0430")):
            i18n.set_language(lang)
            assert i18n.language() == lang and sample in i18n.tr("stats.reset_question")
        i18n.set_language("xx")
        assert i18n.language() == "en" and i18n.tr("button.back") == EN["button.back"]
        assert not i18n.is_rtl()
    finally:
        i18n.set_language("en")


def test_the_bots_hint_reasons_are_translatable():
    from game.bots.hint import TEXTS

    assert not [k for k in TEXTS if "bot." + k not in EN]


def test_tr_fills_parameters_and_survives_gaps():
    from game.app.lang.i18n import tr

    assert tr("table.deadwood", n=14) == "Deadwood 14"
    assert tr("table.deadwood") == "Deadwood {n}"  # a missing parameter is left visible, not a crash
    assert tr("no.such.key") == "no.such.key"
