"""What a seat may not know, and every card inside what a bot is handed: the hidden-information checks."""
from __future__ import annotations

import dataclasses

from game.engine import Card, HandResult, MatchState, Phase


def _secret_of(state: MatchState, seat: int) -> int:
    """Cards that seat may not know now: the stock, and the opponent's hand unless it was shown."""
    secret = 0
    for c in state.stock:
        secret |= 1 << c
    if state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        opp = 1 - seat
        public = set(state.held_picks(opp))
        for c in state.hands[opp]:
            if c not in public:
                secret |= 1 << c
    return secret


def _cards_in(thing, hand_no, found, seen_ids):
    """Every card inside ``thing`` (walking dataclasses, tuples, lists, dicts), except old hands' results."""
    if isinstance(thing, Card):
        found.add(int(thing))
        return
    if isinstance(thing, (str, int, float, bool)) or thing is None or id(thing) in seen_ids:
        return
    seen_ids.add(id(thing))
    assert not isinstance(thing, MatchState), "a bot was handed the match state"
    if isinstance(thing, HandResult) and thing.hand_no < hand_no:
        return  # a finished hand's showdown is public history
    if dataclasses.is_dataclass(thing):
        for f in dataclasses.fields(thing):
            _cards_in(getattr(thing, f.name), hand_no, found, seen_ids)
    elif isinstance(thing, dict):
        for k, v in thing.items():
            _cards_in(k, hand_no, found, seen_ids)
            _cards_in(v, hand_no, found, seen_ids)
    elif isinstance(thing, (list, tuple, set, frozenset)):
        for v in thing:
            _cards_in(v, hand_no, found, seen_ids)
