"""Hand-made observations shared by the bot tests."""
from __future__ import annotations

from dataclasses import replace

from game.engine import VAN, Phase, new_match, observe, parse_cards


def table(hand: str, pile: str = "", phase: Phase = Phase.DISCARD, rules=VAN, opp_picks: str = "",
          taken: str | None = None, stock_size: int = 20, knock_limit: int | None = None, legal=()):
    """An observation for seat 0 with the given cards (the rest of the fields are plausible)."""
    state, _ = new_match(rules, 1)
    obs = observe(state, 0)
    taken_card = parse_cards(taken)[0] if taken else None
    return replace(
        obs,
        player=0,
        to_act=0,
        phase=phase,
        hand=tuple(parse_cards(hand)),
        discard_pile=tuple(parse_cards(pile)),
        opponent_picks=tuple(parse_cards(opp_picks)),
        opponent_pick_count=len(parse_cards(opp_picks)),
        opponent_hand_size=10,
        out_of_play=(),
        taken_card=taken_card,
        forbidden_discard=None if rules.may_discard_taken_card else taken_card,
        stock_size=stock_size,
        knock_limit=rules.knock_limit if knock_limit is None else knock_limit,
        legal_actions=tuple(legal),
    )
