"""The match listener that records every hand into the hand history (``history.History``), and
practice mode's undo.

``match_listeners.attach`` makes one when a match starts or resumes.  In practice mode it also takes
moves back (``undo``): the hand's record is replayed up to the player's previous decision and the
computer is rebuilt from what its seat was told up to there.  A match with an undo is marked practice
and its hands leave the statistics.
"""
from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from game.app.records.history import HISTORY_KEEP, History, MatchEntry
from game.engine import (
    IN_PLAY,
    Action,
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    HandResult,
    Knocked,
    MatchEnded,
    MatchState,
    NextHand,
    UpcardDecision,
)
from game.engine.record import HandRecord, RecordError, replay

if TYPE_CHECKING:
    from game.app.matches.match import Match

log = logging.getLogger(__name__)



CATCH_UP = 2  # moves the save may be ahead of the recorded hand after a kill
_SAME = ("hands", "stock", "discard", "out_of_play", "phase", "to_act", "turns", "picks", "taken_card", "dealer",
         "stock_only", "offer_stage")


def _same(a: MatchState, b: MatchState) -> bool:
    return all(getattr(a, k) == getattr(b, k) for k in _SAME)


def _catch_up(record: HandRecord, last: MatchState, state: MatchState, depth: int) -> HandRecord | None:
    """``record`` with the moves (at most ``depth``) that lead from its position ``last`` to ``state``."""
    if depth <= 0 or last.phase not in IN_PLAY or last.to_act is None:
        return None
    seat = last.to_act
    for action in last.legal_actions():
        after = copy.deepcopy(last)
        try:
            after.apply(action, seat)
            longer = record.with_move(seat, action)
        except Exception:  # not a move a record keeps
            continue
        if _same(after, state):
            return longer
        found = _catch_up(longer, after, state, depth - 1)
        if found is not None:
            return found
    return None


def _mover(events: Iterable[Event]) -> int | None:
    for e in events:
        if isinstance(e, (Drew, Discarded, UpcardDecision, Knocked)):
            return e.player
    return None


class HistoryRecorder:
    """The match listener that records every hand, and practice mode's undo.

    It is made when a match starts or resumes (``match_listeners.attach``); it keeps the record of
    the hand in play in memory and hands every change to the history's writer.
    """

    def __init__(self, history: History, match: Match, *, practice_mode: bool = False, keep: int = HISTORY_KEEP,
                 resumed: bool = False, clock: Callable[[], float] = time.time, saved_hand: str | None = None) -> None:
        self.history = history
        self.clock = clock
        meta = match.info
        self.match_id = meta.match_id
        self.seat = meta.human_seat
        self.vs_bot = meta.mode == "bot"
        self.practice_mode = practice_mode and self.vs_bot
        self.practice = False  # a move was taken back: the match is kept out of the statistics
        self.record: HandRecord | None = None
        self.last: HandRecord | None = None  # the last finished hand of this session
        state = match.state
        self.to_act = state.to_act
        known = history.match(self.match_id) if resumed else None  # a new match has a new id: nothing to read
        if known is not None:
            self.practice_mode = known.practice_mode
            self.practice = known.practice
        now = clock()
        names = meta.names
        history.begin_match(MatchEntry(
            match_id=self.match_id, started_at=now, updated_at=now, mode=meta.mode,
            opponent=(meta.bot_level or "") if self.vs_bot else "hotseat", names=(names[0], names[1]),
            seat=self.seat, preset=state.rules.preset_name, target=state.rules.target,
            scores=(state.scores[0], state.scores[1]), hands=len(state.history), finished=False, winner=None,
            practice_mode=self.practice_mode, practice=self.practice), keep)
        if state.phase not in IN_PLAY:
            return
        try:
            self.record = HandRecord.at_deal(state)
        except RecordError:
            self.record = self._from_save(saved_hand, state) or self._resumed(state)

    @staticmethod
    def _from_save(text: str | None, state: MatchState) -> HandRecord | None:
        """The record the save kept with its state, when it leads exactly there."""
        if text is None:
            return None
        try:
            record = HandRecord.from_json(text)
            return record if not record.complete and _same(replay(record).last, state) else None
        except (RecordError, ValueError, TypeError, KeyError) as e:
            log.warning("the saved hand's record is unusable: %s", e)
            return None

    def _resumed(self, state: MatchState) -> HandRecord | None:
        """The record of the hand in play from the history, brought to exactly ``state``.

        The save and the database are written apart, so after a kill either may be a move or two
        ahead: a record that went further is cut back to the save, and moves the save has that the
        record lacks are found among the legal moves.
        """
        record = self.history.partial(self.match_id, state.hand_no)
        if record is None:
            return None
        play = replay(record)
        for i in range(len(play) - 1, -1, -1):
            if _same(play.steps[i].state, state):
                return record.cut(i)
        return _catch_up(record, play.last, state, CATCH_UP)

    # ------------------------------------------------------------------ the listener

    def __call__(self, match: Match, action: Action | None, events: list[Event]) -> None:
        state = match.state
        seat = self.to_act
        self.to_act = state.to_act
        if any(isinstance(e, HandDealt) for e in events):
            try:
                self.record = HandRecord.at_deal(state)
            except RecordError:
                self.record = None
            if self.record is not None:
                self.history.save_hand(self.match_id, self.record)
            return
        if action is None or isinstance(action, NextHand) or self.record is None:
            return
        if seat is None:
            seat = _mover(events)
        if seat is None:
            return
        record = self.record.with_move(seat, action)
        result = next((e.result for e in events if isinstance(e, HandEnded)), None)
        if result is not None:
            record = record.finished(result, state.revealed_deal())
            self.last = record
            self.record = None
        else:
            self.record = record
        scores = (state.scores[0], state.scores[1])
        now = self.clock()
        self.history.save_hand(self.match_id, record, scores if result is not None else None, when=now)
        final = next((e.final for e in events if isinstance(e, MatchEnded)), None)
        if final is not None:
            self.history.end_match(self.match_id, scores, final.winner, when=now)

    # ------------------------------------------------------------------ practice: undo

    def undo_point(self) -> int | None:
        """The move to take back to (the player's previous decision in this hand), or None."""
        if not self.practice_mode or self.record is None:
            return None
        mine = [i for i, m in enumerate(self.record.moves) if m.seat == self.seat]
        return mine[-1] if mine else None

    def can_undo(self, match: Match) -> bool:
        return self.undo_point() is not None and match.state.phase in IN_PLAY

    def undo(self, match: Match) -> bool:
        """Take the game back to the player's previous decision: the hand's record replayed up to there,
        the computer and the hint told again only what their seats saw up to there."""
        point = self.undo_point()
        if point is None or self.record is None or match.state.phase not in IN_PLAY:
            return False
        record = self.record.cut(point)
        play = replay(record)
        earlier: list[HandResult] = list(match.state.history)
        state = play.state(len(play) - 1)
        state.seed = match.state.seed
        state.history = earlier
        state.scores = list(match.state.scores)
        state.hands_won = list(match.state.hands_won)
        state.deal = match.state.deal  # the same hand: its sealed deal (secret and cut) stays with it

        def told(seat: int) -> list[Event]:
            return [HandEnded(r, (0, 0)) for r in earlier] + play.seen_events(seat, point)

        match.rewind(state, told)
        self.record = record
        self.to_act = state.to_act
        if not self.practice:
            self.practice = True
            self.history.mark_practice(self.match_id)
        self.history.save_hand(self.match_id, record)
        return True
