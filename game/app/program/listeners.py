"""What the services hear of a match: a save after every action, the statistics of finished hands
and matches, the hand history, and the sound of each move.  Silent services make all of it do nothing.

A move's statistics and history go to the database in one transaction (``records.ledger``).  The
save of a move is queued at once and is in place (renamed; the sync to the disk follows) before the
screen can show the move: on a busy machine the writer thread may lag, so the move waits for it
(``SAVE_AHEAD_SECONDS`` at most), and a killed game loses at most the move in flight.  The move that
ends a match waits (briefly, once per match) for its records, then drops the save, so a finished
match is never offered again.  When saving fails during play, ``tell`` (a toast) says so once, and
again when it works once more.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.lang.i18n import tr
from game.app.matches.match import event_sounds
from game.app.records.history import HISTORY_KEEP, History
from game.app.records.history_recorder import HistoryRecorder
from game.app.records.online_recorder import OnlineRecorder
from game.app.stage.services import FINISH_SECONDS
from game.engine import Action, Event, HandEnded, MatchEnded

SAVE_AHEAD_SECONDS = 1.0  # the longest a move waits for its save to be in place before it is shown

if TYPE_CHECKING:
    from game.app.matches.match import Match
    from game.app.matches.netmatch import NetMatch
    from game.app.stage.services import Services


def hand_text(recorder: HistoryRecorder) -> str | None:
    """The record of the hand in play, for the save (so a resume needs nothing the database may lack)."""
    return recorder.record.to_json() if recorder.record is not None else None


def cannot_save_text(why: str) -> str:
    """The toast when progress stops being saved during play."""
    return tr("notice.cannot_save_short", why=tr(why))


def attach_duel(match: Match, services: Services, *, keep: int = HISTORY_KEEP) -> HistoryRecorder:
    """A table's duel with a person in it: each move's statistics and history in one transaction, in place
    before the table's save (which the table's run writes), so a kill leaves the records at most a move
    ahead of the save, and the duel replayed from the save records the same hand once.  The duel's match id is
    the table's, its hand number the duel's; a duel between two computers is in the table's sheet only."""
    recorder = HistoryRecorder(History(services.stats), match, keep=keep, resumed=True, clock=services.clock)

    def keep_(m: Match, action: Action | None, events: list[Event]) -> None:
        with services.stats.batch():
            recorder(m, action, events)
            services.stats.record_events(m.info, m.state.rules, events)
        # the table's save keeps no record of the hand in play, so it must never run ahead of the history's:
        # the records are in place before the save is written (longer for a duel's end)
        ended = any(isinstance(e, HandEnded) for e in events)
        services.stats.flush(FINISH_SECONDS if ended else SAVE_AHEAD_SECONDS)

    match.listeners.append(keep_)
    return recorder


def attach_online(match: NetMatch, services: Services, *, keep: int = HISTORY_KEEP) -> OnlineRecorder:
    """An online match in the statistics and the history as a local one: each hand once both have checked it,
    with its true cards; an early end kept as abandoned with its reason."""
    recorder = OnlineRecorder(History(services.stats), services.stats, match.info, match.session, keep=keep,
                              clock=services.clock)
    match.on_checked.append(recorder.hand_checked)
    match.on_end.append(recorder.ended)
    return recorder


def attach(match: Match, services: Services, *, practice: bool = False, keep: int = HISTORY_KEEP,
           resumed: bool = False, tell: Callable[[str], object] | None = None) -> HistoryRecorder:
    """Save after every action, record finished hands and matches (a practice match with a move taken
    back is left out of the statistics), record every hand in the history, and sound the moves.
    ``practice`` turns on practice mode's undo; ``keep`` is how many matches the history keeps;
    ``tell`` shows a short message (the app's toast): it hears once that saving fails, and once that it works again."""
    meta = match.info
    recorder = HistoryRecorder(History(services.stats), match, practice_mode=practice, keep=keep, resumed=resumed,
                               clock=services.clock,
                               saved_hand=services.store.saved_hand if resumed else None)

    def keep_(m: Match, action: Action | None, events: list[Event]) -> None:
        with services.stats.batch():  # the history and the statistics of a move: one transaction
            recorder(m, action, events)
            if not recorder.practice:
                services.stats.record_events(meta, m.state.rules, events)
        if any(isinstance(e, MatchEnded) for e in events):
            services.match_finished(m.state, meta)  # the records first, then no save at all
        else:
            if any(isinstance(e, HandEnded) for e in events):
                services.stats.flush(FINISH_SECONDS)  # a save past a hand's end never runs ahead of its records
            services.store.save_match(m.state, meta, hand_text(recorder), m.chain)
            services.store.flush(SAVE_AHEAD_SECONDS)  # ahead of the screen, however busy the machine
        if tell is not None:
            why = services.store.take_trouble()
            if why is not None:
                tell(cannot_save_text(why))
            if services.store.take_saving_back():
                tell(tr("notice.saving_back_short"))

    def sounds(m: Match, action: Action | None, events: list[Event]) -> None:
        for name in event_sounds(events):
            services.sound.play(name)

    match.listeners.append(keep_)
    match.listeners.append(sounds)
    services.store.save_match(match.state, meta, hand_text(recorder), match.chain)
    return recorder
