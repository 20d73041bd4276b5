"""Every text entry takes random Unicode (zero-width and bidi marks, combining marks, lone surrogates,
long pastes) without an exception, and a name is kept normalised."""
from __future__ import annotations

import logging
import unicodedata

import pygame
import pytest
from helpers.apps import Driver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pygame_gui.elements import ui_text_entry_line

from game.app.config.settings import Settings
from game.app.lang import text, typed
from game.app.lang.i18n import tr
from game.app.pictures.screenshots import picture_app
from game.app.program.app import App
from game.app.records.stats import Stats
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage import SilentStore

pytestmark = pytest.mark.usefixtures("close_apps")

MARKS = "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\u034f"
COMBINING = "\u0301\u0308\u064b\u0670\u20dd"
IGNORABLE = "\u17b4\u180b\ufe0f\uffa0\ufffc\U000e0100"
ODD = st.sampled_from(list(MARKS + COMBINING + IGNORABLE + "\x00\u2028\u3164\U0001f600") + ["\ud800", "\udfff"])
PIECE = st.one_of(ODD, st.characters(), st.sampled_from(["a", "ب", "Я", " ", "۵"]))
TYPED = st.lists(PIECE, max_size=12).map("".join)
PASTE = st.one_of(TYPED, st.sampled_from(["\u200b" * 10_000, "ب\u200c" * 5_000, "x" * 10_000]))
ACTIONS = st.lists(st.tuples(st.sampled_from(["type", "paste", "back", "home", "set"]), PASTE), max_size=6)
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


@pytest.fixture
def errors():
    handler = Errors()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


def fiddle(d: Driver, entry, actions, monkeypatch) -> None:
    """The player clicks into ``entry`` and types, pastes, deletes and moves about in it."""
    entry.focus()
    for what, chars in actions:
        if what == "type":
            d.post(pygame.TEXTINPUT, text=chars)
            d.frame()
        elif what == "paste":
            monkeypatch.setattr(ui_text_entry_line, "clipboard_paste", lambda chars=chars: chars)
            d.key(pygame.K_v, mod=pygame.KMOD_CTRL)
        elif what == "back":
            d.key(pygame.K_BACKSPACE)
        elif what == "home":
            d.key(pygame.K_HOME)
        else:
            entry.set_text(typed.clean(chars, entry.length_limit or 10_000))
        d.frame()
        text.measure(entry.get_text(), 20)  # the game draws what was typed (a name, a seed) itself too


def test_one_zero_width_character_in_an_empty_name_breaks_nothing(monkeypatch, errors):
    for mark in ("\u200b", "\u200c", "\u200d", "\u200e", "\ufeff", "\u2066"):
        d = Driver(monkeypatch, app=picture_app((800, 600), "fa"))
        d.press("#opponent_hotseat")
        entry = d.widget("#name1")
        entry.set_text("")
        fiddle(d, entry, [("type", mark)], monkeypatch)
        d.press("#start")
        d.frame(3)
        assert d.top.name != "error" and not errors.seen
        assert d.app.nav.match.setup.names[0] == "" and d.app.nav.match.name(0) == tr("menu.name1_default")
        d.app.close()


@FUZZ
@given(actions=ACTIONS)
def test_the_hot_seat_names_take_anything(monkeypatch, errors, actions):
    d = Driver(monkeypatch, app=picture_app((800, 600), "fa"))
    d.press("#opponent_hotseat")
    for oid in ("#name1", "#name2"):
        fiddle(d, d.widget(oid), actions, monkeypatch)
    d.press("#start")
    d.frame(3)
    assert d.top.name != "error" and not errors.seen
    for seat, name in enumerate(d.app.nav.match.setup.names):
        assert name == typed.normal_name(name) and len(name) <= typed.NAME_LIMIT
        assert name or d.app.nav.match.name(seat) == tr(f"menu.name{seat + 1}_default")
    d.app.close()


@FUZZ
@given(actions=ACTIONS)
def test_the_seed_on_the_cut_screen_takes_anything(monkeypatch, errors, actions):
    d = Driver(monkeypatch, seed=5)
    d.app.nav.fair = True
    d.press("#opponent_easy")
    d.press("#start")
    assert d.top.name == "cut"
    d.press("#cut_details")
    fiddle(d, d.widget("#cut_seed"), actions, monkeypatch)
    d.press("#cut_details")  # the seed typed is kept
    d.frame(2)
    assert d.top.name == "cut" and not errors.seen
    d.app.close()


@FUZZ
@given(actions=ACTIONS)
def test_the_file_dialogs_path_takes_anything(monkeypatch, errors, tmp_path_factory, actions):
    stats = Stats(tmp_path_factory.mktemp("stats") / "stats.sqlite3", background=False)
    services = Services(store=SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog())
    d = Driver(monkeypatch, app=App(size=(800, 600), settings=Settings(animation="instant"), services=services))
    d.app.nav.show_history()
    d.frame()
    d.top.files.ask_import()
    d.frame(2)
    dialog = d.top.dialog
    assert dialog is not None
    fiddle(d, dialog.file_path_text_line, actions, monkeypatch)
    d.key(pygame.K_RETURN)
    d.frame(2)
    assert d.top.name == "history" and not errors.seen
    d.app.close()


@given(raw=st.text(alphabet=PIECE, max_size=40))
def test_a_name_is_trimmed_and_drawable_or_empty(raw):
    name = typed.normal_name(raw)
    assert name == name.strip() and len(name) <= typed.NAME_LIMIT
    assert not any(typed.refused(c) for c in name)
    assert name == "" or typed.visible(name[0])
    assert typed.normal_name(name) == name


def test_only_invisible_characters_make_no_name():
    assert typed.normal_name("\u200c\u200b \u0301 \u2066") == ""
    assert typed.normal_name("  Ann \u200b ") == "Ann"
    assert typed.normal_name("علی\u200cرضا") == "علیرضا"
    assert unicodedata.category(typed.normal_name("e\u0301")) == "Ll"


def test_a_saved_or_table_name_of_invisible_characters_reads_as_the_default():
    from game.app.matches.match import MatchSetup
    from game.app.matches.tablerun import TableSetup
    from game.engine import preset

    hidden = "\u200b\u200c\u2066"
    assert MatchSetup("hotseat", preset("van"), 1, names=(hidden, " Ann\u200b ")).player_name(0) == tr(
        "menu.name1_default")
    assert MatchSetup("hotseat", preset("van"), 1, names=(hidden, " Ann\u200b ")).player_name(1) == "Ann"
    table = TableSetup("three", preset("van"), 1, ("person", "person", "easy"), names=(hidden, "\ud800Bo"))
    assert table.name(0) == tr("night.player_name", n=1) and table.name(1) == "Bo"
