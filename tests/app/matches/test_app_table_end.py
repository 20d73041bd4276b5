"""A table ends as cleanly as a match of two: its own finished line in the history (people, scores, winner,
its duels under it) written in one transaction with its last duel's records, counted by its way of playing
before its file is dropped; a table left for something else is listed as abandoned."""
from __future__ import annotations

import contextlib

import pygame
import pytest
from helpers.apps import KeepDriver, store
from test_app_table_keep import _moves, _start_three
from test_app_tables import _drive

import game.bots as bots
from game.app.matches.tablerun import TableRun, TableSetup
from game.app.records import playways
from game.app.records.history import History
from game.engine import VAN
from game.engine.record_file import load_file

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


class _Ledger:
    """A ledger that notes whether each write came inside its batch."""

    def __init__(self) -> None:
        self.open = False
        self.seen: list[tuple[str, bool]] = []

    @contextlib.contextmanager
    def batch(self):
        self.open = True
        try:
            yield
        finally:
            self.open = False

    def note(self, match_id, setup, table, state=None):
        self.seen.append(("line", self.open))


def test_a_duels_records_and_the_tables_line_go_in_one_transaction():
    ledger = _Ledger()
    setup = TableSetup("three", VAN, 12, ("person", "person", "person"))
    run = TableRun(setup, bots, ledger=ledger)
    kept = []
    run.changed = lambda r: kept.append(ledger.open)
    match = run.duel_match()
    match.listeners.append(lambda m, a, e: ledger.seen.append(("records", ledger.open)))
    from game.app.pictures.staging import plain_move

    while not run.table.duel_over:
        match.apply(plain_move(match.state), None)
    assert ledger.seen and all(inside for _, inside in ledger.seen)  # every record and the line: inside
    assert ledger.seen[-1] == ("line", True) and [w for w, _ in ledger.seen].count("line") == 1
    assert kept and not any(kept)  # the table's save comes after the transaction


def test_a_finished_table_is_in_the_history_as_finished_and_counted_before_its_file_goes(monkeypatch):
    d = KeepDriver(monkeypatch, seed=740)
    d.app.apply_settings(d.app.settings.with_(rules=d.app.settings.rules.with_(target=30)))
    _start_three(d, seats=("person", "easy", "easy"))
    run = d.app.nav.tables.run
    s = store(d)
    real_save = s.save_table
    at_drop = []

    def save(text):
        if text is None:  # the table's file goes: its end is recorded and counted already
            d.app.services.stats.flush()
            at_drop.append((playways.load(s.folder), History(d.app.services.stats).match(run.record_id)))
        real_save(text)

    monkeypatch.setattr(s, "save_table", save)
    _drive(d, 10_000, lambda d: None)
    table = run.table
    assert table.over
    assert len(at_drop) == 1
    ways, entry = at_drop[0]
    assert ways["ways"]["three"]["played"] == 1 and run.record_id in ways["counted"]
    assert ways["ways"]["three"]["won"] == int(table.final.winner == 0)
    line = entry.table
    assert entry.finished and line.state == "finished" and line.winner == table.final.winner
    assert line.scores == table.final.totals and line.seats == ("person", "easy", "easy")
    person_duels = {h.hand_no for h in table.history if 0 in h.duel.seats}
    hands = History(d.app.services.stats).hands(run.record_id)
    assert {h.hand_no for h in hands} == person_duels and set(line.duels) == person_duels
    s.flush()
    assert s.load_table() is None
    assert d.top.name == "table_sheet"
    d.key(pygame.K_ESCAPE)  # out of the finished table: nothing is kept or offered
    d.frame(2)
    assert d.top.name == "menu" and not d.top.can_continue


def test_a_table_left_for_the_days_deal_is_listed_as_abandoned(monkeypatch):
    d = KeepDriver(monkeypatch, seed=750)
    _start_three(d, seats=("person", "easy", "person"))
    run = d.app.nav.tables.run
    entry = History(d.app.services.stats).match(run.record_id)
    assert entry is not None and entry.table.state == "playing" and not entry.hands_open  # two people: hidden
    _moves(d, 6)
    d.app.nav.to_menu()
    d.frame()
    d.press("#game_night")
    d.press("#night_daily")
    assert d.top.name == "confirm"
    d.press("#confirm_yes")
    entry = History(d.app.services.stats).match(run.record_id)
    assert entry is not None and entry.table is not None and entry.table.state == "abandoned"
    assert not entry.finished and entry.table.people == 2
    store(d).flush()
    assert store(d).load_table() is None


def test_the_history_screen_lists_a_finished_and_an_abandoned_table(monkeypatch, tmp_path):
    from game.app.pictures.nightshots import history_with_tables
    from game.app.records.stats import Stats

    d = KeepDriver(monkeypatch, seed=760)
    stats = Stats(tmp_path / "tables.sqlite3", background=False)
    history_with_tables(d.app, stats)
    d.frame(2)
    scene = d.top
    assert scene.name == "history"
    tables = [e for e in scene.entries if e.table is not None]
    assert {e.table.state for e in tables} == {"finished", "abandoned"}
    cells = [scene.drawing.match_cells(e) for e in tables]
    words = {c[4][0] for c in cells}
    assert "abandoned" in words and any(w.endswith(" won") for w in words)
    assert any("Ava" in c[1][0] and "Ben" in c[1][0] for c in cells)  # the people of the table of pairs
    finished = next(i for i, e in enumerate(scene.entries) if e.table is not None and e.table.state == "finished")
    scene.select(finished)
    d.key(pygame.K_RETURN)
    assert scene.entry is not None and scene.hands  # its duels under it
    first = scene.hands[0]
    named = scene.drawing.hand_cells(first)
    assert named[1][0] == "You" or "Computer" in named[1][0]  # the duel's dealer, named as the duel named it
    assert scene.tools["#history_coach"].is_enabled  # a duel against the computer: the coach may look
    assert not scene.tools["#history_export"].is_enabled  # a table goes out duel by duel, each a match of two
    files = scene.history.files
    assert files.export_text(scene.entry.match_id) is None
    header = load_file(files.export_text(scene.entry.match_id, first.hand_no).encode()).header
    assert header.mode == "bot" and header.opponent in ("easy", "medium") and header.names[header.seat] == "Alexandra"
    d.key(pygame.K_RETURN)
    assert d.top.name == "replay" and d.top.entry.vs_bot and d.top.entry.table is None
    stats.close()
