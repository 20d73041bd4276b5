"""Game night in the picture tour: the setup, a hand of three showing who deals and sits out, the pairs'
score sheet a few hands in, the deal of the day on the table, and the history with a finished table of
three and an abandoned table of pairs.  Seeded, so every run shows the same."""
from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import game.bots as bots
from game.app.matches.tablerun import TableRun, TableSetup
from game.app.pictures.shooting import StagedClock
from game.app.pictures.staging import LONG_NAMES, plain_move
from game.app.program.app import App
from game.app.records.history import History
from game.app.records.history_recorder import HistoryRecorder
from game.app.records.history_tables import ABANDONED, TableHistory
from game.app.records.stats import Stats
from game.app.scenes.deal import DealScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.play import PlayScene
from game.app.scenes.tablesheet import TableSheetScene
from game.engine import preset
from game.engine.daily import daily_deal

DAY = "2026-01-01"  # the staged clock's day


def _until(app: App, done, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.frame(1 / 60, present=False)
        time.sleep(0.001)
    raise RuntimeError(f"game night's pictures never got past the {type(app.top).__name__}")


def _at_human_turn(app: App) -> bool:
    top = app.top
    if isinstance(top, TableSheetScene) and not top.playing_alone:
        top.play()
    elif isinstance(top, DealScene):
        top.finish()
    elif isinstance(top, PlayScene) and top.human_turn():
        top.model.clock = 0.0  # the glows start over: the same phase however long the computer took
        return True
    return False


def night_tour(app: App) -> Iterator[str]:
    """Game night's situations, each drawn and ready when its name is yielded."""
    app.scenes.clear_toast()  # a toast of an earlier situation is not game night's
    app.nav.to_menu()
    app.nav.tables.show_game_night()
    app.frame(1 / 60, present=False)
    yield "night_setup"
    three = TableSetup("three", preset("van"), 61, ("person", "easy", "medium"), (LONG_NAMES[0], "", ""))
    app.nav.tables.start_table(three)
    _until(app, lambda: _at_human_turn(app))
    yield "night_three_hand"
    pairs = TableSetup("pairs", preset("van").with_(target=125), 62, ("person", "easy", "person", "hard"),
                       ("Ava", "", LONG_NAMES[1], ""))
    run = TableRun(pairs, bots)
    for _ in range(5):  # five duels: two whole hands and the first duel of the third
        table = run.table
        while (seat := table.to_act) is not None:
            table.apply(plain_move(table.state, want_knock=True), seat)
        run.advance()
    app.nav.tables.run = run
    app.nav.tables.show_sheet()
    app.frame(1 / 60, present=False)
    yield "night_pairs_sheet"
    app.nav.to_menu()
    app.nav.tables.start_daily(daily_deal(DAY))
    _until(app, lambda: _at_human_turn(app))
    yield "night_daily"
    app.nav.to_menu()
    with tempfile.TemporaryDirectory(prefix="gin-rummy-pictures-") as folder:
        stats = Stats(Path(folder) / "stats.sqlite3", background=False)
        try:
            scene = history_with_tables(app, stats)
            yield "night_history"
            scene.select(next(i for i, e in enumerate(scene.entries) if e.table and e.table.state == "finished"))
            scene.open()
            app.frame(1 / 60, present=False)
            yield "night_history_table"
            app.nav.to_menu()
        finally:
            stats.close()


def _played(history: History, setup: TableSetup, duels: int | None = None) -> TableRun:
    """A table played by plain moves to its end (or ``duels`` duels), each duel with a person recorded."""
    run = TableRun(setup, bots, ledger=TableHistory(history, StagedClock()))
    while not run.table.over and (duels is None or len(run.table.history) < duels):
        if run.table.duel_over:
            run.advance()
        if run.headless:
            table = run.table
            while (seat := table.to_act) is not None:
                table.apply(plain_move(table.state, want_knock=True), seat)
            run.note()
            continue
        match = run.duel_match()
        match.listeners.append(HistoryRecorder(history, match, resumed=True, clock=StagedClock()))
        while not run.table.duel_over:
            match.apply(plain_move(match.state, want_knock=True), None)
    return run


def history_with_tables(app: App, stats: Stats) -> HistoryScene:
    """The history (in ``stats``) of a finished table of three and of a table of pairs left after three duels."""
    history = History(stats)
    three = TableSetup("three", preset("van").with_(target=60), 63, ("person", "easy", "medium"),
                       (LONG_NAMES[0], "", ""))
    _played(history, three)
    pairs = TableSetup("pairs", preset("van").with_(target=125), 64, ("person", "hard", "person", "easy"),
                       ("Ava", "", "Ben", ""))
    left = _played(history, pairs, duels=3)
    left.note(ABANDONED)
    scene = HistoryScene(app, history)
    app.push(scene)
    app.frame(1 / 60, present=False)
    return scene
