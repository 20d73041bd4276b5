"""A table of three or four is kept like a match: after every move, offered by Continue with its kind and
its people, back exactly (seats, names, scores, duel, dealer); Leave, Esc and closing the window keep it,
and starting something else over it asks first."""
from __future__ import annotations

import json

import pygame
import pytest
from helpers.apps import KeepDriver, drop, store

from game.app.matches.tablekeep import read_table, table_text
from game.app.matches.tablerun import TableSetup
from game.engine import IN_PLAY, VAN, SaveError
from game.engine.table import Table

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


def _start_three(d, seats=("person", "easy", "easy")):
    d.press("#game_night")
    d.press("#night_three")
    for seat, kind in enumerate(seats):
        d.press(f"#seat{seat}_{kind}")
    d.press("#night_start")
    assert d.top.name == "table_sheet"


def _moves(d, n):
    """``n`` steps of the table through its screens (the person plays the first legal move)."""
    table = d.app.nav.tables.run.table
    for _ in range(4000):
        if n <= 0 or table.over:
            return
        name = d.top.name
        if name == "table_sheet":
            d.frame() if d.top.playing_alone else d.key(pygame.K_RETURN)
        elif name == "deal":
            d.key(pygame.K_SPACE)
        elif name in ("curtain", "result"):
            d.key(pygame.K_RETURN)
        elif name == "play" and d.state.phase in IN_PLAY and d.top.human_turn():
            assert d.top.human_action(d.state.legal_actions()[0])
            n -= 1
            d.frame(2)
        else:
            d.frame()
    pytest.fail("the table did not move on")


def _snapshot(run):
    t = run.table
    return (run.setup.seats, tuple(run.setup.name(s) for s in range(len(run.setup.seats))), t.scores(),
            len(t.history), t.duel.seats, t.duel.dealer, t.state.to_dict())


def test_a_killed_table_comes_back_exactly_and_continue_names_it(monkeypatch):
    d = KeepDriver(monkeypatch, seed=700)
    _start_three(d)
    _moves(d, 25)
    before = _snapshot(d.app.nav.tables.run)
    drop(d)  # killed: only what reached the disk is there

    d2 = KeepDriver(monkeypatch)
    assert d2.top.name == "menu" and d2.top.can_continue
    assert d2.top.saved_table.startswith("Three players")
    assert "Player 1" in d2.top.saved_table
    d2.press("#continue_match")
    assert _snapshot(d2.app.nav.tables.run) == before
    _moves(d2, 3)  # it goes on and keeps being kept
    store(d2).flush()
    setup, table = read_table(store(d2).load_table())
    assert table.state.to_dict() == d2.app.nav.tables.run.table.state.to_dict()


@pytest.mark.parametrize("way", ["leave", "esc_sheet", "window"])
def test_every_way_out_of_a_table_keeps_it(monkeypatch, way):
    d = KeepDriver(monkeypatch, seed=710)
    _start_three(d)
    _moves(d, 4)
    if way == "esc_sheet":
        d.app.nav.show_table_sheet()
        d.key(pygame.K_ESCAPE)
        assert d.top.name == "menu"
    elif way == "leave":
        d.key(pygame.K_ESCAPE)
        assert d.top.name == "pause"
        d.press("#leave")
        assert d.top.name == "confirm"
        d.press("#confirm_yes")
        assert d.top.name == "menu"
    before = None
    if way == "window":
        d.post(pygame.QUIT)
        d.frame()
        assert not d.app.running  # the window closes: the loop ends and closes the app, as ``run`` does
        before = _snapshot(d.app.nav.tables.run)
        d.app.close()
        d = KeepDriver(monkeypatch)
    assert d.top.name == "menu" and d.top.can_continue and d.top.saved_table is not None
    if before is not None:  # what Continue will bring back is the table as the window closed on it
        setup, table = d.app.nav.tables.saved()
        assert (setup.seats, table.scores(), len(table.history), table.state.to_dict()) == (
            before[0], before[2], before[3], before[6])
    d.press("#continue_match")
    assert d.app.nav.tables.run is not None


def test_the_days_deal_asks_before_it_replaces_a_kept_table(monkeypatch):
    d = KeepDriver(monkeypatch, seed=720)
    _start_three(d)
    _moves(d, 2)
    d.app.nav.to_menu()
    d.frame()
    d.press("#game_night")
    d.press("#night_daily")
    assert d.top.name == "confirm"  # asked first, the table still kept
    assert store(d).load_table() is not None
    d.press("#confirm_yes")
    assert d.app.nav.tables.daily is not None
    store(d).flush()
    assert store(d).load_table() is None


def test_a_damaged_or_foreign_table_save_is_refused_whole():
    setup = TableSetup("pairs", VAN, 5, ("person", "easy", "person", "easy"), ("Ann", "", "Bo", ""))
    table, _ = Table.new("pairs", VAN, 5, computers=setup.computers)
    text = table_text(setup, table)
    back, again = read_table(text)
    assert back == setup and again.state.to_dict() == table.state.to_dict()
    data = json.loads(text)
    for broken in ({**data, "format": "x"}, {**data, "seats": ["person", "person", "person", "easy"]},
                   {**data, "version": 9}, {**data, "seats": "person"}):
        with pytest.raises(SaveError):
            read_table(json.dumps(broken))
    with pytest.raises(SaveError):
        read_table("{not json")


def test_the_days_deal_is_kept_and_comes_back_as_the_days_deal(monkeypatch):
    d = KeepDriver(monkeypatch, seed=730)
    d.press("#game_night")
    d.press("#night_daily")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    d.wait(lambda: d.top.name == "play")
    deal = d.app.nav.tables.daily
    assert any(note.startswith(f"Deal of the day {deal.day}") and str(deal.seed) in note
               for note in d.top.table_notes())
    drop(d)

    d2 = KeepDriver(monkeypatch)
    assert d2.top.can_continue
    d2.press("#continue_match")
    assert d2.app.nav.tables.daily == deal and d2.app.nav.match.state.seed == deal.seed
    d2.wait(lambda: d2.top.name == "play")
    assert any(str(deal.seed) in note for note in d2.top.table_notes())
