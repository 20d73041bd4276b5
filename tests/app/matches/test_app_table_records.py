"""A table's duels with a person in them are in the statistics and the hand history, under the table's id
(its way of playing and its seed) and the duel's number, with the people's names; a duel between two
computers is on the table's sheet only.  After a kill the resumed table records each duel once."""
from __future__ import annotations

import json
import sqlite3

import pytest
from helpers.apps import KeepDriver, drop, store
from test_app_table_keep import _moves, _start_three

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


def _records(folder, match_id):
    conn = sqlite3.connect(folder / "stats.sqlite3")
    try:
        stats = {n for (n,) in conn.execute("SELECT hand_no FROM hands WHERE match_id = ?", (match_id,))}
        history = {n for (n,) in conn.execute(
            "SELECT hand_no FROM history_hands WHERE match_id = ? AND complete = 1", (match_id,))}
        names = [json.loads(r[0]) for r in conn.execute("SELECT names FROM history_matches WHERE match_id = ?",
                                                        (match_id,))]
    finally:
        conn.close()
    return stats, history, names


def _people_duels(run):
    """The finished duels of the table a person played in."""
    return {h.hand_no for h in run.table.history if any(s not in run.setup.computers for s in h.duel.seats)}


def test_each_duel_a_person_plays_is_recorded_once_even_across_a_kill(monkeypatch):
    d = KeepDriver(monkeypatch, seed=710)
    _start_three(d, seats=("person", "easy", "medium"))
    run = d.app.nav.tables.run
    assert run.record_id.startswith("three")  # the way of playing is in the records' id
    _moves(d, 30)
    folder = store(d).folder
    drop(d)
    assert not run.table.over, "the table ended: nothing to continue"
    kept = _people_duels(run)
    assert kept, "the person finished no duel: the test would show nothing"
    stats, history, names = _records(folder, run.record_id)
    # the records may be one move ahead of the save (the duel it ended), never behind it
    assert kept <= stats and stats == history and len(stats - kept) <= 1
    assert names and names[0][0] == run.setup.name(0)

    d = KeepDriver(monkeypatch, seed=711)
    assert d.top.can_continue
    d.press("#continue_match")
    again = d.app.nav.tables.run
    assert again.record_id == run.record_id
    _moves(d, 60)
    folder = store(d).folder
    drop(d)
    stats, history, _ = _records(folder, again.record_id)
    kept = _people_duels(again)
    assert kept <= stats and stats == history and len(stats - kept) <= 1
    sits_out_only = {h.hand_no for h in again.table.history} - kept  # computers' own duels
    assert not sits_out_only & stats
