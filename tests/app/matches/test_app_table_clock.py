"""The turn clock of a table's duel after Continue: as for a match of two, the person's turn starts again
with the rules' full time once the cards rest, runs, and at zero plays the timer move through the table,
which is kept at once."""
from __future__ import annotations

import pytest
from helpers.apps import KeepDriver, drop, store
from test_app_table_keep import _moves, _start_three

from game.app.matches.tablekeep import read_table
from game.app.play.driver import clock_scale

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


def _my_turn(d):
    d.wait(lambda: d.top.name == "play" and d.top.human_turn() and d.top.clock.key is not None)
    while d.app.table.busy:
        d.frame()
    d.frame()


def test_a_resumed_table_duel_has_its_turn_clock_and_its_timer_move(monkeypatch):
    d = KeepDriver(monkeypatch, seed=720)
    _start_three(d)
    _moves(d, 3)
    drop(d)

    d = KeepDriver(monkeypatch, seed=721)
    d.press("#continue_match")
    run = d.app.nav.tables.run
    _my_turn(d)
    limit = run.table.rules.turn_timer
    assert limit > 0 and d.top.match.run is run  # the duel on screen is the kept table's
    full = limit * clock_scale(d.app)
    assert d.top.clock.full(d.top.model) == full and d.top.clock.left > full - 0.1
    before = (run.table.hand_no, run.table.state.turns, run.table.state.to_act, run.table.state.phase)
    left = d.top.clock.left
    d.app.frame(1.0, present=False)
    assert d.top.clock.left < left  # it runs
    for _ in range(int(full * 4) + 8):
        d.app.frame(0.25, present=False)
        now = (run.table.hand_no, run.table.state.turns, run.table.state.to_act, run.table.state.phase)
        if now != before:
            break
    assert now != before, "the clock ran out and nothing was played"
    store(d).flush()
    _, kept = read_table(store(d).load_table())
    assert kept.state.to_dict() == run.table.state.to_dict()  # the timer's move is kept like any other
