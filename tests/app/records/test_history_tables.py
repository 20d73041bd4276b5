"""A table of three or four in the history: its own line (people, scores, winner, finished or abandoned), and
the start settling a kept table that a kill left behind: recorded once, counted once by its way, dropped; a
damaged one set aside with a notice; a stray temporary file of it removed."""
from __future__ import annotations

import json
import sqlite3

import pytest

from game.app.config import paths
from game.app.matches.tablekeep import table_text
from game.app.matches.tablerun import TableSetup, record_id
from game.app.pictures.staging import plain_move
from game.app.records import playways
from game.app.records.history import History
from game.app.records.history_tables import ABANDONED, FINISHED, PLAYING, TableHistory, TableLine, line_of
from game.app.records.stats import Stats
from game.app.stage.services import Services
from game.app.storage.notices import NOTICE_MATCH
from game.engine import VAN
from game.engine.table import Table

SETUP = TableSetup("three", VAN.with_(target=30), 77, ("person", "easy", "medium"), ("Ann",))


def _played(setup: TableSetup = SETUP) -> tuple[Table, str]:
    """A table played to its end by plain moves, and its kept text just before its last move."""
    table, _ = Table.new(setup.kind, setup.rules, setup.seed, computers=setup.computers)
    before = table_text(setup, table)
    for _ in range(20_000):
        if table.over:
            return table, before
        if table.duel_over:
            table.advance()
            continue
        before = table_text(setup, table)
        assert table.state is not None and table.to_act is not None
        table.apply(plain_move(table.state), table.to_act)
    raise AssertionError("the table never ended")


def _note(folder, table, state=None, setup=SETUP):
    stats = Stats(folder / paths.STATS_FILE)
    TableHistory(History(stats)).note(record_id(table), setup, table, state)
    stats.close()


def _ways(folder):
    return playways.load(folder)


def _entry(folder, match_id):
    stats = Stats(folder / paths.STATS_FILE)
    try:
        return History(stats).match(match_id)
    finally:
        stats.close()


def _start(folder) -> Services:
    services = Services.for_player(folder)
    services.close()
    return services


def test_the_line_says_who_sat_where_and_comes_back_whole():
    table, _ = _played()
    line = line_of(SETUP.seats, SETUP.names, table)
    assert line.state == FINISHED and line.winner == table.final.winner
    assert line.scores == table.final.totals and line.names == ("Ann", "", "")
    person_duels = {h.hand_no for h in table.history if 0 in h.duel.seats}
    assert set(line.duels) == person_duels and all(0 in seats for seats in line.duels.values())
    assert line.person_won == (table.final.winner == 0)
    assert TableLine.from_json(line.to_json()) == line
    broken = json.loads(line.to_json())
    for bad in ({**broken, "winner": 5}, {**broken, "seats": ["person", "easy"]}, {**broken, "state": "lost"},
                {**broken, "duels": [[0, 0, 9]]}):
        with pytest.raises((ValueError, TypeError)):
            TableLine.from_json(json.dumps(bad))


def test_a_finished_and_an_abandoned_table_are_listed_as_such(tmp_path):
    table, _ = _played()
    _note(tmp_path, table)
    left, _ = Table.new("pairs", VAN, 5, computers=frozenset({1, 3}))
    pairs = TableSetup("pairs", VAN, 5, ("person", "easy", "person", "hard"), ("Ann", "", "Bo", ""))
    _note(tmp_path, left, ABANDONED, pairs)
    entry = _entry(tmp_path, record_id(table))
    assert entry is not None and entry.finished and entry.table.state == FINISHED
    assert entry.target == 30 and entry.table.scores == table.final.totals
    gone = _entry(tmp_path, record_id(left))
    assert gone is not None and not gone.finished and gone.table.state == ABANDONED
    assert gone.table.people == 2 and gone.hands_open  # left: its duels may be looked at
    # a damaged line is left out: the row shows as the match it is
    conn = sqlite3.connect(tmp_path / paths.STATS_FILE)
    conn.execute("UPDATE history_tables SET line = '{' WHERE match_id = ?", (record_id(left),))
    conn.commit()
    conn.close()
    assert _entry(tmp_path, record_id(left)).table is None


def test_a_table_killed_after_its_last_records_is_counted_once_and_dropped_at_the_next_start(tmp_path):
    table, before = _played()
    _note(tmp_path, table)  # the last duel's records and the table's end went in; the kill came before the drop
    (tmp_path / paths.TABLE_FILE).write_text(before)
    _start(tmp_path)
    assert not (tmp_path / paths.TABLE_FILE).exists()  # never offered again
    ways = _ways(tmp_path)
    assert ways["ways"]["three"]["played"] == 1 and record_id(table) in ways["counted"]
    assert ways["ways"]["three"]["won"] == int(table.final.winner == 0)
    (tmp_path / paths.TABLE_FILE).write_text(before)  # the same table again (a copy put back): counted once
    _start(tmp_path)
    assert _ways(tmp_path)["ways"]["three"]["played"] == 1
    assert not (tmp_path / paths.TABLE_FILE).exists()


def test_a_table_kept_over_is_recorded_counted_and_dropped_at_the_start(tmp_path):
    table, _ = _played()
    (tmp_path / paths.TABLE_FILE).write_text(table_text(SETUP, table))
    _start(tmp_path)
    assert not (tmp_path / paths.TABLE_FILE).exists()
    entry = _entry(tmp_path, record_id(table))
    assert entry is not None and entry.table.state == FINISHED and entry.table.winner == table.final.winner
    assert _ways(tmp_path)["ways"]["three"]["played"] == 1


def test_a_table_still_being_played_stays_for_continue(tmp_path):
    _, before = _played()
    started, _ = Table.new(SETUP.kind, SETUP.rules, SETUP.seed, computers=SETUP.computers)
    _note(tmp_path, started)  # the history holds it as being played
    assert _entry(tmp_path, record_id(started)).table.state == PLAYING
    (tmp_path / paths.TABLE_FILE).write_text(before)
    _start(tmp_path)
    assert (tmp_path / paths.TABLE_FILE).read_text() == before
    assert _ways(tmp_path)["ways"]["three"]["played"] == 0


def test_a_table_left_for_something_else_is_dropped_if_a_kill_kept_it(tmp_path):
    table, before = _played()
    _note(tmp_path, table, ABANDONED)
    (tmp_path / paths.TABLE_FILE).write_text(before)
    _start(tmp_path)
    assert not (tmp_path / paths.TABLE_FILE).exists()
    assert _ways(tmp_path)["ways"]["three"]["played"] == 0  # left, not finished: not counted


def test_a_damaged_kept_table_is_set_aside_with_a_notice_and_temporary_files_go(tmp_path):
    (tmp_path / paths.TABLE_FILE).write_text('{"format": "gin-rummy-table-resume", "version": 1, "table": [')
    stray = tmp_path / (paths.TABLE_FILE + ".abc123.tmp")
    stray.write_text("half a table")
    services = Services.for_player(tmp_path)
    notices = services.store.take_notices()
    services.close()
    assert not (tmp_path / paths.TABLE_FILE).exists() and not stray.exists()
    assert list(tmp_path.glob("table.damaged-*"))
    assert [n.key for n in notices] == [NOTICE_MATCH]
