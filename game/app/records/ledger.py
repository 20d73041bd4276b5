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
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.records import playways
from game.engine import MatchState

if TYPE_CHECKING:
    from game.app.matches.meta import MatchMeta
    from game.app.records.stats import Stats
    from game.app.storage.store import Store

log = logging.getLogger(__name__)


def settle_at_start(store: Store, stats: Stats, clock: Callable[[], float] = time.time) -> None:
    """Make the save agree with the records before the first menu: a marker's match is recorded (the
    statistics and the history's end together), counted by its way, and then dropped; a live save of a
    match the records hold as over is counted by its way (once) and dropped."""
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
