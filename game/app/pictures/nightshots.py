"""Game night in the picture tour: the setup, a hand of three showing who deals and sits out, the pairs'
score sheet a few hands in, and the deal of the day on the table.  Seeded, so every run shows the same."""
from __future__ import annotations

import time
from collections.abc import Iterator

import game.bots as bots
from game.app.matches.tablerun import TableRun, TableSetup
from game.app.pictures.staging import LONG_NAMES, plain_move
from game.app.program.app import App
from game.app.scenes.deal import DealScene
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
