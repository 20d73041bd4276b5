"""One truth for what happened: the statistics, the hand history and the saved match agree after a
kill at any moment.

Every move's records (the statistics' hand and match rows, the history's hand and match lines) are
written in one transaction (``Stats.batch``), so a kill leaves all of them or none.  The saved match
is a separate file, written after that transaction: at the end of a match the game waits for the
transaction, then drops the save (or, when the database took no write, leaves the match-over marker
for the next start).  A kill in between leaves a live save of a match the records already hold as
over; ``settle_at_start`` drops it, so a finished match is never offered again, and records a match
from its marker.  The count of the match's way of playing (``ways.json``) is written between the
records and the save's removal, and a count is made once per match: the start counts a match the
records hold as over and the count missed (from its marker whole; from a live save, the count and the
win without the day's best result, which needs the last hand).

A table of three or four goes the same way: its line in the history (``history_tables``) is written with
its last duel's records, the table is counted by its way (``count_table``, once by its id), then its file
(``table.json``) is dropped.  ``settle_table`` finishes at the next start what a kill cut short: a kept
table the history holds as finished is counted and dropped, one kept over is recorded first, one the
player left (abandoned) is dropped, and one that cannot be read is set aside with a notice.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.records import playways
from game.engine import MatchState

if TYPE_CHECKING:
    from game.app.matches.meta import MatchMeta
    from game.app.records.history_tables import TableLine
    from game.app.records.stats import Stats
    from game.app.storage.store import Store

log = logging.getLogger(__name__)


def settle_at_start(store: Store, stats: Stats, clock: Callable[[], float] = time.time) -> None:
    """Make the save agree with the records before the first menu: a marker's match is recorded (the
    statistics and the history's end together), counted by its way, and then dropped; a live save of a
    match the records hold as over is counted by its way (once) and dropped."""
    settle_table(store, stats, clock)
    finished = store.take_finished_match()
    if finished is not None:
        state, meta = finished
        if stats.record_finished(state, meta, also=lambda: end_in_history(stats, state, meta.match_id)):
            playways.count_finished(store.folder, state, meta, clock())
            store.clear_match()  # the records hold it now: the marker has done its work
        return
    if not store.has_match():
        return
    match_id = store.saved_match_id()
    if match_id and (stats.knows_match(match_id) or _over_in_history(stats, match_id)):
        log.warning("the saved match %s is already recorded as over: it is not offered again", match_id)
        _count_over(store, stats, match_id, clock)
        store.clear_match()


def end_in_history(stats: Stats, state: MatchState, match_id: str) -> None:
    """The history's end of a finished match (queued: inside ``Stats.batch`` it joins that transaction)."""
    from game.app.records.history import History  # only when there is something to settle: not on every start

    if state.final is not None:
        History(stats).end_match(match_id, (state.scores[0], state.scores[1]), state.final.winner)


def _count_over(store: Store, stats: Stats, match_id: str, clock: Callable[[], float]) -> None:
    """Count the way of a match the records hold as finished (not abandoned) from its live save and its
    history entry; ``ways.json`` skips a match it has counted already."""
    from game.app.records.history import History

    entry = History(stats).match(match_id)
    saved = store.load_match() if entry is not None and entry.finished and entry.winner is not None else None
    if entry is None or saved is None:
        return
    state, meta = saved
    daily = playways.daily_of(state.seed, meta.mode == "bot", clock())
    way = playways.way_of(state.rules, daily=daily is not None)
    # a live save holds the match before its last hand: each person's side as the history has it
    people = playways.people_of(state, meta) or _people_over(meta, entry.winner, entry.scores)
    playways.record(store.folder, way, entry.winner == entry.seat, None, match_id, people=people)


def _people_over(meta: MatchMeta, winner: int | None, scores: tuple[int, int]) -> tuple[playways.Person, ...]:
    seats = (meta.human_seat,) if meta.mode == "bot" else (0, 1)
    return tuple(playways.Person(meta.names[s], winner == s, scores[s]) for s in seats)


def _over_in_history(stats: Stats, match_id: str) -> bool:
    from game.app.records.history import History

    entry = History(stats).match(match_id)
    return entry is not None and entry.finished


def count_table(folder: Path | None, match_id: str, line: TableLine) -> None:
    """Count a finished table by its way of playing, once (``ways.json`` knows the ids it counted); won when
    a person's side won.  Made before the table's file is dropped, so a kill in between loses no count."""
    if line.state != "finished" or line.winner is None:
        return
    people = playways.table_people(line.kind, line.seats, line.names, line.winner, line.scores)
    try:
        playways.record(folder, line.kind, line.person_won, match_id=match_id, people=people)
    except Exception:  # a count must never keep the finished table's file in place
        log.exception("the table could not be counted by its way of playing")


def settle_table(store: Store, stats: Stats, clock: Callable[[], float] = time.time) -> None:
    """Make the kept table agree with the records before the first menu (see the module's note)."""
    raw = store.load_table()
    if raw is None:
        return
    # only when a table is kept: the history and the table's modules stay out of an ordinary start
    from game.app.matches.tablekeep import read_kept
    from game.app.matches.tablerun import record_id
    from game.app.records.history import History
    from game.app.records.history_tables import FINISHED, PLAYING, TableHistory, line_of

    try:
        setup, table = read_kept(raw)
    except Exception as exc:  # an untrusted file: never a crash, kept aside with a notice
        log.warning("the kept table could not be used: %s", exc)
        store.refuse_table(exc)
        return
    match_id = record_id(table)
    entry = History(stats).match(match_id)
    line = entry.table if entry is not None else None
    if table.over and (line is None or line.state != FINISHED):
        TableHistory(History(stats), clock).note(match_id, setup, table)
        if not stats.flush(2.0):
            return  # not in the records yet: the file stays for the next start
        line = line_of(setup.seats, setup.names, table)
    if line is None or line.state == PLAYING:
        return
    log.warning("the kept table %s is already recorded as %s: it is not offered again", match_id, line.state)
    count_table(store.folder, match_id, line)
    store.save_table(None)
    store.flush(2.0)
