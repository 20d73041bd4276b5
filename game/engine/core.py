"""What a match holds: its phase and every field of the state, with the plain queries on them.

``MatchCore`` is the data; the modules that change it (``dealing``, ``phases``) and check or store
it (``invariants``, ``save``, ``position``) work on it, and ``MatchState`` (``state.py``) adds the
state machine's methods on top.
"""
from __future__ import annotations

import enum

from .cards import Card
from .fairness import FairDeal
from .rules import Rules
from .scoring import FinalScore, HandResult


class Phase(str, enum.Enum):  # noqa: UP042 - enum.StrEnum needs Python 3.11; the game runs on 3.10
    UPCARD_OFFER = "upcard_offer"
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


IN_PLAY = (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)
"""The phases of a hand being played (the others lie between hands)."""
_DISCARD = Phase.DISCARD  # looked up on every move: a plain name is several times quicker than the enum's


class MatchCore:
    """A whole match's fields.  Seats are 0 and 1; ``to_act`` is whose move it is (None between hands)."""

    def __init__(self, rules: Rules, seed: int, first_dealer: int) -> None:
        self.rules = rules
        self.seed = seed
        self.hand_no = 0  # hands dealt so far, dead hands included
        self.dealer = first_dealer
        self.phase = Phase.HAND_OVER
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []  # top is the end
        self.discard: list[Card] = []  # top is the end
        self.out_of_play: list[Card] = []
        self.upcard: Card | None = None
        self.knock_limit = rules.knock_limit
        self.offer_stage = 0  # 0: non-dealer is asked, 1: dealer is asked
        self.stock_only = False  # Hoyle: after both pass, the first draw is from the stock
        self.taken_card: Card | None = None  # taken from the discard pile this turn
        self.picks: list[list[Card]] = [[], []]  # cards each took from the discard pile this hand
        self.turns = 0
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.history: list[HandResult] = []
        self.last_result: HandResult | None = None
        self.final: FinalScore | None = None
        self.deal: FairDeal | None = None  # the current (or just finished) hand's deal; holds its secret
        self.deal_notice: str | None = None  # why a loaded save's deal was dropped (see save.py)

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def winner(self) -> int | None:
        return self.final.winner if self.final else None

    def forbidden_discard(self) -> Card | None:
        """The card this player may not throw now (just taken from the discard pile), if any."""
        if self.phase is _DISCARD and not self.rules.may_discard_taken_card:
            return self.taken_card
        return None

    def held_picks(self, player: int) -> list[Card]:
        """Cards the player took from the discard pile and still holds: public knowledge."""
        picks = self.picks[player]
        if not picks:
            return []
        hand = self.hands[player]  # a few picks at most: a set of the hand would cost more
        return [c for c in picks if c in hand]

    def all_cards(self) -> list[Card]:
        return self.hands[0] + self.hands[1] + self.stock + self.discard + self.out_of_play

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} hand {self.hand_no} {self.phase.value} to_act={self.to_act} "
            f"scores={self.scores} stock={len(self.stock)}>"
        )
