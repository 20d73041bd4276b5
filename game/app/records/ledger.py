"""One truth for what happened: the statistics, the hand history and the saved match agree after a
kill at any moment.

Every move's records (the statistics' hand and match rows, the history's hand and match lines) are
written in one transaction (``Stats.batch``), so a kill leaves all of them or none.  The saved match
is a separate file, written after that transaction: at the end of a match the game waits for the
transaction, then drops the save (or, when the database took no write, leaves the match-over marker
for the next start).  A kill in between leaves a live save of a match the records already hold as
over; ``settle_at_start`` drops it, so a finished match is never offered again, and records a match
from its marker.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.engine import MatchState

if TYPE_CHECKING:
    from game.app.records.stats import Stats
    from game.app.storage.store import Store

log = logging.getLogger(__name__)


def settle_at_start(store: Store, stats: Stats) -> None:
    """Make the save agree with the records before the first menu: a marker's match is recorded (the
    statistics and the history's end together) and then dropped; a live save of a match the records
    hold as over is dropped."""
    finished = store.take_finished_match()
    if finished is not None:
        state, meta = finished
        if stats.record_finished(state, meta, also=lambda: end_in_history(stats, state, meta.match_id)):
            store.clear_match()  # the records hold it now: the marker has done its work
        return
    if not store.has_match():
        return
    match_id = store.saved_match_id()
    if match_id and (stats.knows_match(match_id) or _over_in_history(stats, match_id)):
        log.warning("the saved match %s is already recorded as over: it is not offered again", match_id)
        store.clear_match()


def end_in_history(stats: Stats, state: MatchState, match_id: str) -> None:
    """The history's end of a finished match (queued: inside ``Stats.batch`` it joins that transaction)."""
    from game.app.records.history import History  # only when there is something to settle: not on every start

    if state.final is not None:
        History(stats).end_match(match_id, (state.scores[0], state.scores[1]), state.final.winner)


def _over_in_history(stats: Stats, match_id: str) -> bool:
    from game.app.records.history import History

    entry = History(stats).match(match_id)
    return entry is not None and entry.finished
