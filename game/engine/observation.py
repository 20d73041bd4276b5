"""What one seated player may see: the only view that bots and hot-seat screens get."""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .core import Phase
from .rules import Rules
from .scoring import HandResult
from .state import MatchState


@dataclass(frozen=True)
class Observation:
    player: int
    phase: Phase
    to_act: int | None
    dealer: int
    hand_no: int
    rules: Rules
    knock_limit: int
    hand: tuple[Card, ...]
    opponent_hand_size: int
    discard_pile: tuple[Card, ...]  # bottom first; every card in it has been seen face up
    stock_size: int
    out_of_play: tuple[Card, ...]  # the refused first upcard under the classic rule
    upcard: Card | None  # the first upcard of this hand
    offer_stage: int
    stock_only: bool
    taken_card: Card | None  # what this player took from the discard pile this turn
    forbidden_discard: Card | None
    opponent_picks: tuple[Card, ...]  # cards the opponent took from the discard pile and still holds
    opponent_pick_count: int  # how many times the opponent took from the discard pile this hand
    own_picks: tuple[Card, ...]
    turns: int
    scores: tuple[int, int]
    hands_won: tuple[int, int]
    last_result: HandResult | None
    history: tuple[HandResult, ...]
    legal_actions: tuple[Action, ...]  # empty unless this player is to act; discards, then knocks, then big gin
    deal_commitment: str | None = None  # the commitment to this hand's secret: public from the deal on

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.player

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


def observe(state: MatchState, player: int) -> Observation:
    if player not in (0, 1):
        raise ValueError("player must be 0 or 1")
    opp = 1 - player
    acting = state.to_act == player or (state.to_act is None and state.phase is Phase.HAND_OVER)
    # Every decision builds one: filling the fields at once skips the frozen class's guarded
    # assignment of each of its 27 fields, and gives the same value.
    obs = object.__new__(Observation)
    obs.__dict__.update(
        player=player,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        hand_no=state.hand_no,
        rules=state.rules,
        knock_limit=state.knock_limit,
        hand=tuple(state.hands[player]),
        opponent_hand_size=len(state.hands[opp]),
        discard_pile=tuple(state.discard),
        stock_size=len(state.stock),
        out_of_play=tuple(state.out_of_play),
        upcard=state.upcard,
        offer_stage=state.offer_stage,
        stock_only=state.stock_only,
        taken_card=state.taken_card if state.to_act == player else None,
        forbidden_discard=state.forbidden_discard() if state.to_act == player else None,
        opponent_picks=tuple(state.held_picks(opp)),
        opponent_pick_count=len(state.picks[opp]),
        own_picks=tuple(state.held_picks(player)),
        turns=state.turns,
        scores=(state.scores[0], state.scores[1]),
        hands_won=(state.hands_won[0], state.hands_won[1]),
        last_result=state.last_result,
        history=tuple(state.history),
        legal_actions=tuple(state.legal_actions()) if acting else (),
        deal_commitment=state.deal_commitment,
    )
    return obs
