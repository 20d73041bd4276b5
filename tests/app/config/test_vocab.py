"""Every closed vocabulary is defined once, and its values reach the files exactly as before."""
import itertools
import json
import pathlib

import game.bots
from game.app.config import vocab
from game.app.config.settings import ANIMATION_CHOICES, SETTINGS_FORMAT, Settings, settings_from_dict, speed
from game.app.lang import bidi, i18n
from game.app.matches.meta import MatchMeta
from game.app.storage import match_text, parse_match
from game.engine import VAN, new_match

# The settings file as the game has always written it for the defaults: the format must not drift.
DEFAULT_FILE = {
    "format": "gin-rummy-settings", "version": 1, "language": "en", "level": "medium", "rules": VAN.to_dict(),
    "animation": "normal", "sound": True, "volume": 0.8, "card_size": "normal", "four_colour": False,
    "high_contrast": False, "card_back": "blue", "card_face": "classic", "felt": "green", "fullscreen": False,
    "ask_before_knock": False, "cut_for_me": False, "practice": False, "history_keep": 200,
    "guide_shown": False, "lesson_done": False, "names": ["", ""], "night_names": ["", "", "", ""],
}


def test_the_vocabularies_and_their_values():
    assert vocab.LANGUAGES == ("en", "fa", "ru") and sorted(vocab.RTL_LANGUAGES) == ["fa"]
    assert vocab.LEVELS == ("easy", "medium", "hard") == game.bots.LEVELS
    assert vocab.MODES == ("bot", "hotseat", "online")
    assert vocab.ANIMATION_CHOICES == ("slow", "normal", "fast", "instant") == ANIMATION_CHOICES
    assert set(vocab.ANIMATION_FACTORS) == set(vocab.ANIMATION_CHOICES)
    assert vocab.CARD_SIZES == ("normal", "large") and vocab.CARD_BACKS == ("blue", "red", "green")
    assert vocab.CARD_FACES == ("classic", "large_print") and vocab.FELTS == ("green", "blue", "burgundy")
    assert set(vocab.SORT_CYCLE) < set(vocab.SORT_MODES) and "custom" in vocab.SORT_MODES
    for lang in vocab.LANGUAGES:
        assert bidi.is_rtl_language(lang) == vocab.is_rtl_language(lang)
        i18n.set_language(lang)
        assert i18n.is_rtl() == (lang in vocab.RTL_LANGUAGES)
    i18n.set_language("en")


def test_animation_speeds_scale_durations():
    assert [speed(Settings(animation=a)) for a in ANIMATION_CHOICES] == [1.6, 1.0, 0.55, 0.0]


def test_the_default_settings_file_is_unchanged():
    assert json.loads(json.dumps(Settings().to_dict())) == DEFAULT_FILE
    assert list(Settings().to_dict()) == list(DEFAULT_FILE)
    assert DEFAULT_FILE["format"] == SETTINGS_FORMAT


def test_every_vocabulary_value_round_trips_through_the_settings_file():
    choices = itertools.product(vocab.LANGUAGES, vocab.LEVELS, vocab.ANIMATION_CHOICES, vocab.CARD_SIZES,
                                vocab.CARD_BACKS, vocab.CARD_FACES, vocab.FELTS)
    for language, level, animation, card_size, card_back, card_face, felt in choices:
        settings = Settings(language=language, level=level, animation=animation, card_size=card_size,
                            card_back=card_back, card_face=card_face, felt=felt)
        text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2)
        data = json.loads(text)
        assert (data["language"], data["level"], data["animation"], data["card_size"], data["card_back"]) == (
            language, level, animation, card_size, card_back)
        assert all(type(data[k]) is str for k in ("language", "level", "animation", "card_size", "card_back"))
        assert settings_from_dict(data) == (settings, [])


def test_modes_and_levels_round_trip_through_the_saved_match():
    state, _ = new_match(VAN, 3, computer_seat=1)
    metas = [MatchMeta("bot", ("A", ""), bot_level=level, bot_seat=seat)
             for level in vocab.LEVELS for seat in (0, 1)] + [MatchMeta("hotseat", ("A", "B"))]
    for meta in metas:
        text = match_text(state, meta)
        saved = json.loads(text)["meta"]
        assert saved == {"mode": meta.mode, "names": list(meta.names), "bot_level": meta.bot_level,
                         "bot_seat": meta.bot_seat, "match_id": meta.match_id}
        assert parse_match(text)[1] == meta


def test_every_word_of_the_engines_vocabularies_is_in_every_language():
    """The keys come from the declaration, so a switch, preset or level added there is checked here too."""
    root = pathlib.Path(__file__).resolve().parents[3] / "assets" / "i18n"
    keys = vocab.text_keys()
    assert "settings.rule.knock_limit" in keys and "settings.upcard_offer.hoyle" in keys
    assert "menu.preset.hollywood.about" in keys and "menu.level.hard.about" in keys
    assert "settings.rule.turn_limit" not in keys  # not a player's choice: the simulator's guard
    for lang in vocab.LANGUAGES:
        table = json.loads((root / f"{lang}.json").read_text(encoding="utf-8"))
        assert [k for k in keys if k not in table] == [], lang


def test_the_games_vocabularies_are_the_engines():
    import game.engine

    assert vocab.LEVELS is game.engine.LEVELS and (*vocab.LEVELS, "hotseat") == vocab.OPPONENTS
    assert (*game.engine.PRESET_NAMES, "custom") == vocab.RULE_NAMES and vocab.TABLE_KINDS == ("three", "pairs")
