"""A bot match played with a hand record kept beside the engine's own results."""
from __future__ import annotations

from game.bots import decide, deliver, make_bot
from game.engine import (
    HandEnded,
    NextHand,
    Phase,
    new_match,
    observe,
)
from game.engine.record import HandRecord


def play_recorded(rules, seed, levels=("hard", "simple"), hands=None):
    """Play a bot match, keeping a record of every hand beside the engine's own results and final hands."""
    state, events = new_match(rules, seed)
    bots = [make_bot(levels[0], seed=1), make_bot(levels[1], seed=2)]
    for s, b in enumerate(bots):
        b.new_match(s, rules)
    deliver(events, bots)
    record = HandRecord.at_deal(state)
    out = []
    while state.phase is not Phase.MATCH_OVER and (hands is None or len(out) < hands):
        if state.phase is Phase.HAND_OVER:
            events = state.apply(NextHand())
            deliver(events, bots)
            record = HandRecord.at_deal(state)
            continue
        seat = state.to_act
        action = decide(bots[seat], observe(state, seat))
        events = state.apply(action, seat)
        deliver(events, bots)
        record = record.with_move(seat, action)
        for e in events:
            if isinstance(e, HandEnded):
                record = record.finished(e.result)
                out.append((record, e.result, [list(h) for h in state.hands], state.to_dict()))
    return out
