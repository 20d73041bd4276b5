"""The match as a state machine: ``MatchState``, whose methods are the engine's public surface.

``MatchState`` holds the fields of ``MatchCore`` (``core.py``) and hands each question to the module
that answers it: the turn logic, one phase beside the next, is in ``phases.py``; dealing and the
fair deal in ``dealing.py``; the save format in ``save.py``; chosen positions in ``position.py``;
the invariants in ``invariants.py``.  An illegal action raises ``IllegalAction`` before anything
changes.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import dealing, phases, position, save
from .actions import Action
from .cards import Card
from .core import MatchCore, Phase
from .errors import IllegalAction
from .events import Event
from .fairness import DeckSource, FairDeal
from .invariants import check_state
from .position import CardsLike
from .rules import Rules
from .scoring import HandResult


class MatchState(MatchCore):
    """A whole match.  Seats are 0 and 1; ``to_act`` is whose move it is (None between hands)."""

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls, rules: Rules, seed: int, computer_seat: int | None = None, source: DeckSource | None = None
    ) -> tuple[MatchState, list[Event]]:
        """A new match with its first hand dealt.  ``computer_seat`` is the bot's seat, if any.

        ``source`` (a fresh secret and the player's cut) deals the first hand provably fairly;
        without it the deal comes from the seed.  The seed always draws the first dealer's lot.
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be an int")
        state = cls(rules, seed, dealing.first_dealer(rules, seed, computer_seat))
        return state, dealing.deal(state, source)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[CardsLike],
        stock: CardsLike,
        discard: CardsLike,
        *,
        dealer: int,
        phase: Phase | str = Phase.DRAW,
        to_act: int | None | str = "auto",
        out_of_play: CardsLike = (),
        upcard: Card | str | None = None,
        knock_limit: int | None = None,
        offer_stage: int = 0,
        stock_only: bool = False,
        taken_card: Card | str | None = None,
        picks: Sequence[CardsLike] | None = None,
        turns: int = 0,
        hand_no: int | None = None,
        seed: int = 0,
        history: Sequence[HandResult] = (),
        deal: FairDeal | None = None,
    ) -> MatchState:
        """A match in a chosen position (for tests, puzzles and tools), checked like a loaded save.

        ``hands`` are the two seats' cards; ``stock`` and ``discard`` are listed bottom first, so the
        last card of ``stock`` is the next one drawn and the last of ``discard`` is the top of the
        pile.  Cards may be ``Card`` values or text (``"AS 2S 3S"`` or ``["AS", "2S"]``).  All 52
        cards must be somewhere.

        Defaults: ``to_act`` is the non-dealer while a hand is in play (the dealer when
        ``offer_stage`` is 1) and nobody between hands; ``upcard`` is the bottom card of the discard
        pile (else the card out of play); ``knock_limit`` follows the rules and the upcard;
        ``picks`` (cards each seat took from the pile this hand) hold just ``taken_card``;
        ``hand_no`` counts the hands in ``history``; the scores and hands won add up ``history``,
        and after a hand the last entry of ``history`` is the result shown.  ``deal`` (optional) is
        the hand's ``FairDeal``: the upcard and the stock must then follow its deck order.

        Raises ``SaveError`` (a ``ValueError``) naming the problem when the position could not arise
        in legal play.
        """
        return position.build_position(
            cls, rules, hands, stock, discard, dealer=dealer, phase=phase, to_act=to_act,
            out_of_play=out_of_play, upcard=upcard, knock_limit=knock_limit, offer_stage=offer_stage,
            stock_only=stock_only, taken_card=taken_card, picks=picks, turns=turns, hand_no=hand_no,
            seed=seed, history=history, deal=deal,
        )

    def copy(self) -> MatchState:
        return MatchState.from_dict(self.to_dict())

    # ------------------------------------------------------------------ play (phases.py)

    def legal_actions(self) -> list[Action]:
        return phases.legal_actions(self)

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        return self.why_illegal(action, player) is None

    def why_illegal(self, action: object, player: int | None = None) -> IllegalAction | None:
        """Why ``apply(action, player)`` would be refused, as the error it would raise; None if legal.

        Pure: it changes nothing and raises nothing, so a UI can ask before acting.
        """
        return phases.why_illegal(self, action, player)

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Play ``action`` (for ``player`` when given, which must be the one to act).

        An illegal action raises ``IllegalAction`` (with its ``reason``) and changes nothing.
        """
        return phases.apply(self, action, player)

    def next_hand(self, source: DeckSource | None = None, player: int | None = None) -> list[Event]:
        """Deal the next hand, like ``apply(NextHand())``, from ``source`` when given.

        ``source`` is a fresh secret (whose commitment was shown) and the cut the player chose;
        without it the deal comes from the seed.  Refused like ``NextHand`` (``IllegalAction``).
        """
        return phases.next_hand(self, source, player)

    # ------------------------------------------------------------------ the fair deal (dealing.py)

    @property
    def deal_commitment(self) -> str | None:
        """The commitment of the hand being played (or just over): public from the deal on."""
        return dealing.deal_commitment(self)

    def deal_follows_cards(self) -> bool:
        """Whether ``deal`` is this hand's deal and the upcard and the undrawn stock follow its order."""
        return dealing.deal_follows_cards(self)

    def revealed_deal(self) -> FairDeal | None:
        """The finished hand's deal, secret included; None while the hand is in play."""
        return dealing.revealed_deal(self)

    def export_hand(self) -> str:
        """The finished hand as one JSON line for ``python3 -m game.verify`` (see docs/fairness.md).

        Raises ValueError while the hand is still in play (its secret stays hidden until it ends).
        """
        return dealing.export_hand(self)

    # ------------------------------------------------------------------ invariants, save, load

    def check_invariants(self) -> None:
        """Raise ValueError (a ``SaveError``) when the state could not have come from legal play."""
        check_state(self)

    def to_dict(self) -> dict[str, Any]:
        return save.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        return save.state_from_dict(data, cls)

    def to_json(self) -> str:
        return save.dumps(self)

    @classmethod
    def from_json(cls, text: str) -> MatchState:
        return save.loads(text, cls)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable


def new_match(
    rules: Rules, seed: int, computer_seat: int | None = None, source: DeckSource | None = None
) -> tuple[MatchState, list[Event]]:
    """A new match with its first hand dealt (from ``source`` when given, else from the seed)."""
    return MatchState.new(rules, seed, computer_seat, source)


def why_illegal(state: MatchState, action: object, player: int | None = None) -> IllegalAction | None:
    """Why ``state.apply(action, player)`` would be refused (the error it would raise), or None if legal."""
    return state.why_illegal(action, player)
