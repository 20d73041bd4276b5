"""The match as a state machine: the phase, the legal actions of whoever acts, and apply().

For each phase one legal-actions function and one apply function sit side by side.  An illegal
action raises ``IllegalAction`` before anything changes.  Every deal comes from a ``FairDeal``
(``fairness.py``): by default its secret is derived from the match seed and the hand number, so a
match replays exactly and whoever holds a seed derived for another label (a bot) cannot rebuild
the deals; a caller can instead supply a fresh secret and the player's cut (``DeckSource``) for a
provably fair deal.
"""
from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    TimerMove,
)
from .cards import VALUES, Card, mask_of, parse_cards
from .events import (
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    Knocked,
    MatchEnded,
    UpcardDecision,
    UpcardRetired,
)
from .fairness import DeckSource, FairDeal, dealt_hands
from .melds import best_discard_key, deadwood_of_mask, showdown
from .rules import Rules
from .scoring import FinalScore, HandResult, final_score, score_knock
from .seeds import derive_seed


class IllegalReason(str, enum.Enum):  # noqa: UP042 - enum.StrEnum needs Python 3.11; the game runs on 3.10
    """Why an action is refused: a stable code a UI can translate; ``IllegalAction.params`` fills it in.

    The parameters each code carries (all in ``IllegalAction.params``):

    - ``NOT_AN_ACTION``: ``value`` (what was passed).
    - ``MATCH_OVER``: nothing.
    - ``NOT_YOUR_TURN``: ``player`` (who tried), ``to_act`` (whose turn it is).
    - ``WRONG_PHASE``: ``phase`` (a ``Phase``), ``action`` (the action's class name, e.g. ``"Discard"``).
    - ``CARD_NOT_IN_HAND``: ``card``.
    - ``THROW_BACK_FORBIDDEN``: ``card`` (just taken from the discard pile).
    - ``KNOCK_TOO_MUCH_DEADWOOD``: ``card``, ``deadwood`` (left after throwing it), ``limit``.
    - ``KNOCK_NOT_ALLOWED_GIN_ONLY``: ``card``, ``deadwood``, ``limit`` (0: only gin ends this hand).
    - ``BIG_GIN_NOT_MELDED``: ``deadwood`` (of the eleven cards).
    - ``FIRST_DRAW_FROM_STOCK``: nothing (both passed the upcard under the Hoyle rule).
    - ``DISCARD_PILE_EMPTY``: nothing.
    - ``OTHER``: never raised by the engine; the default for an ``IllegalAction`` built elsewhere.
    """

    NOT_AN_ACTION = "not_an_action"
    MATCH_OVER = "match_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    THROW_BACK_FORBIDDEN = "throw_back_forbidden"
    KNOCK_TOO_MUCH_DEADWOOD = "knock_too_much_deadwood"
    KNOCK_NOT_ALLOWED_GIN_ONLY = "knock_not_allowed_gin_only"
    BIG_GIN_NOT_MELDED = "big_gin_not_melded"
    FIRST_DRAW_FROM_STOCK = "first_draw_from_stock"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    OTHER = "other"


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left as it was.

    ``str(error)`` is an English sentence; ``reason`` is an ``IllegalReason`` and ``params`` the values
    that sentence names (see ``IllegalReason``), so a UI can say it in any language.  ``action`` is
    the refused action.
    """

    def __init__(
        self,
        message: str,
        reason: IllegalReason = IllegalReason.OTHER,
        params: Mapping[str, object] | None = None,
        action: object = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = IllegalReason(reason)
        self.params: dict[str, object] = dict(params or {})
        self.action = action

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, IllegalReason, dict[str, object], object]]:
        return (type(self), (self.message, self.reason, self.params, self.action))


class Phase(str, enum.Enum):  # noqa: UP042 - enum.StrEnum needs Python 3.11; the game runs on 3.10
    UPCARD_OFFER = "upcard_offer"
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


CardsLike: TypeAlias = str | Iterable[Card | int | str]
"""Cards as text (``"AS 2S"``) or as a sequence of ``Card`` values, indices or texts."""


def _cards(cards: CardsLike) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in cards]


def oklahoma_limit(upcard: int, cap: int = 10) -> int:
    """Knock limit under Oklahoma: the upcard's value; an ace means gin only."""
    if upcard % 13 == 0:
        return 0
    return min(VALUES[upcard], cap)


class MatchState:
    """A whole match.  Seats are 0 and 1; ``to_act`` is whose move it is (None between hands)."""

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
        if rules.first_dealer == "computer" and computer_seat in (0, 1):
            dealer = computer_seat
        else:
            dealer = random.Random(derive_seed(seed, "lot")).randrange(2)
        state = cls(rules, seed, dealer)
        return state, state._deal(source)

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
        from .save import SaveError, deal_to_dict

        try:
            data = cls._position_dict(
                rules, hands, stock, discard, dealer, Phase(phase), to_act, out_of_play, upcard, knock_limit,
                offer_stage, stock_only, taken_card, picks, turns, hand_no, seed, history,
            )
            if deal is not None:
                data["deal"] = deal_to_dict(deal)
        except SaveError:
            raise
        except (ValueError, TypeError) as e:
            raise SaveError(f"not a position: {e}") from None
        from .save import state_from_dict

        state = state_from_dict(data)
        if deal is not None and state.deal is None:
            raise SaveError("the upcard and the stock do not follow the hand's deal")
        return state

    @staticmethod
    def _position_dict(
        rules: Rules,
        hands: Sequence[CardsLike],
        stock: CardsLike,
        discard: CardsLike,
        dealer: int,
        phase: Phase,
        to_act: int | None | str,
        out_of_play: CardsLike,
        upcard: Card | str | None,
        knock_limit: int | None,
        offer_stage: int,
        stock_only: bool,
        taken_card: Card | str | None,
        picks: Sequence[CardsLike] | None,
        turns: int,
        hand_no: int | None,
        seed: int,
        history: Sequence[HandResult],
    ) -> dict[str, Any]:
        from .save import FORMAT, VERSION

        in_play = phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)
        if len(hands) != 2:
            raise ValueError("hands must be two hands")
        hand_lists = [_cards(h) for h in hands]
        pile = _cards(discard)
        retired = _cards(out_of_play)
        if isinstance(to_act, str):
            if to_act != "auto":
                raise ValueError(f"to_act must be a seat, None or 'auto', not {to_act!r}")
            to_act = (dealer if offer_stage == 1 else 1 - dealer) if in_play else None
        default_upcard = pile[0] if pile else (retired[0] if retired else None)
        first = default_upcard if upcard is None else _cards([upcard])[0]
        taken = None if taken_card is None else _cards([taken_card])[0]
        if picks is None:
            pick_lists: list[list[Card]] = [[], []]
            if taken is not None and to_act in (0, 1):
                pick_lists[to_act].append(taken)
        else:
            if len(picks) != 2:
                raise ValueError("picks must be two lists")
            pick_lists = [_cards(p) for p in picks]
        if knock_limit is None:
            knock_limit = rules.knock_limit
            if rules.oklahoma and first is not None:
                knock_limit = oklahoma_limit(first, rules.knock_limit)
        history = list(history)
        if hand_no is None:
            hand_no = len(history) if in_play or not history else len(history) - 1
        scores = [sum(r.points for r in history if r.winner == p) for p in (0, 1)]
        won = [sum(1 for r in history if r.winner == p) for p in (0, 1)]
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules.to_dict(),
            "seed": seed,
            "hand_no": hand_no,
            "dealer": dealer,
            "phase": phase.value,
            "to_act": to_act,
            "hands": [[str(c) for c in h] for h in hand_lists],
            "stock": [str(c) for c in _cards(stock)],
            "discard": [str(c) for c in pile],
            "out_of_play": [str(c) for c in retired],
            "upcard": None if first is None else str(first),
            "knock_limit": knock_limit,
            "offer_stage": offer_stage,
            "stock_only": stock_only,
            "taken_card": None if taken is None else str(taken),
            "picks": [[str(c) for c in p] for p in pick_lists],
            "turns": turns,
            "scores": scores,
            "hands_won": won,
            "history": [r.to_dict() for r in history],
            "last_result_in_history": not in_play and bool(history),
        }
        return data

    def copy(self) -> MatchState:
        return MatchState.from_dict(self.to_dict())

    # ------------------------------------------------------------------ queries

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def winner(self) -> int | None:
        return self.final.winner if self.final else None

    def forbidden_discard(self) -> Card | None:
        """The card this player may not throw now (just taken from the discard pile), if any."""
        if self.phase is Phase.DISCARD and not self.rules.may_discard_taken_card:
            return self.taken_card
        return None

    def held_picks(self, player: int) -> list[Card]:
        """Cards the player took from the discard pile and still holds: public knowledge."""
        hand = set(self.hands[player])
        return [c for c in self.picks[player] if c in hand]

    def _actor(self) -> int:
        """The seat to act, in a phase where someone must."""
        if self.to_act is None:
            raise AssertionError(f"nobody is to act in the {self.phase.value} phase")
        return self.to_act

    def legal_actions(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        return self.why_illegal(action, player) is None

    def why_illegal(self, action: object, player: int | None = None) -> IllegalAction | None:
        """Why ``apply(action, player)`` would be refused, as the error it would raise; None if legal.

        Pure: it changes nothing and raises nothing, so a UI can ask before acting.
        """
        if not isinstance(action, Action):
            return IllegalAction(f"not an action: {action!r}", IllegalReason.NOT_AN_ACTION, {"value": action}, action)
        if self.phase is Phase.MATCH_OVER:
            return IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, action)
        to_act = self.to_act
        if player is not None and to_act is not None and player != to_act:
            return IllegalAction(
                f"it is player {to_act}'s turn, not player {player}'s",
                IllegalReason.NOT_YOUR_TURN,
                {"player": player, "to_act": to_act},
                action,
            )
        phase = self.phase
        if isinstance(action, TimerMove):
            if phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
                return None
        elif phase is Phase.DISCARD and to_act is not None and isinstance(action, (Discard, Knock, BigGin)):
            return self._why_not_discard(action, to_act)
        elif phase is Phase.DRAW and isinstance(action, DrawDiscard):
            if self.stock_only:
                return IllegalAction(
                    "both passed the upcard: the first draw must come from the stock",
                    IllegalReason.FIRST_DRAW_FROM_STOCK,
                    {},
                    action,
                )
            if not self.discard:
                return IllegalAction("the discard pile is empty", IllegalReason.DISCARD_PILE_EMPTY, {}, action)
            return None
        elif action in _LEGAL[phase](self):
            return None
        return IllegalAction(
            f"{action} is not allowed in the {phase.value.replace('_', ' ')} phase",
            IllegalReason.WRONG_PHASE,
            {"phase": phase, "action": type(action).__name__},
            action,
        )

    def _why_not_discard(self, action: Discard | Knock | BigGin, player: int) -> IllegalAction | None:
        hand = self.hands[player]
        mask = mask_of(hand)
        if isinstance(action, BigGin):
            left = deadwood_of_mask(mask)
            if left == 0:
                return None
            return IllegalAction(
                f"big gin needs all eleven cards in melds ({left} deadwood is left)",
                IllegalReason.BIG_GIN_NOT_MELDED,
                {"deadwood": left},
                action,
            )
        card = action.card
        if card not in hand:
            return IllegalAction(
                f"{card} is not in your hand", IllegalReason.CARD_NOT_IN_HAND, {"card": card}, action
            )
        if card == self.forbidden_discard():
            return IllegalAction(
                f"{card} was just taken from the discard pile and cannot be thrown back this turn",
                IllegalReason.THROW_BACK_FORBIDDEN,
                {"card": card},
                action,
            )
        if isinstance(action, Discard):
            return None
        left = deadwood_of_mask(mask ^ (1 << card))
        limit = self.knock_limit
        if left <= limit:
            return None
        params: dict[str, object] = {"card": card, "deadwood": left, "limit": limit}
        if limit == 0:
            return IllegalAction(
                f"cannot knock: throwing {card} leaves {left} deadwood, the limit is 0: only gin ends this hand",
                IllegalReason.KNOCK_NOT_ALLOWED_GIN_ONLY,
                params,
                action,
            )
        return IllegalAction(
            f"cannot knock: throwing {card} leaves {left} deadwood, the limit is {limit}",
            IllegalReason.KNOCK_TOO_MUCH_DEADWOOD,
            params,
            action,
        )

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Play ``action`` (for ``player`` when given, which must be the one to act).

        An illegal action raises ``IllegalAction`` (with its ``reason``) and changes nothing.
        """
        error = self.why_illegal(action, player)
        if error is not None:
            raise error
        return _APPLY[self.phase](self, action)

    # ------------------------------------------------------------------ the deal

    def _deal(self, source: DeckSource | None = None) -> list[Event]:
        if source is None:
            source = DeckSource.seeded(self.seed, self.hand_no)
        deal = FairDeal.from_source(source, self.hand_no)
        order = deal.order
        self.deal = deal
        hands = dealt_hands(order, self.dealer)
        self.hands = [list(hands[0]), list(hands[1])]
        self.upcard = order[20]
        self.discard = [order[20]]
        self.stock = list(reversed(order[21:]))  # the top (drawn first) is the end of the list
        self.out_of_play = []
        self.picks = [[], []]
        self.taken_card = None
        self.stock_only = False
        self.turns = 0
        self.offer_stage = 0
        self.knock_limit = (
            oklahoma_limit(self.upcard, self.rules.knock_limit) if self.rules.oklahoma else self.rules.knock_limit
        )
        self.phase = Phase.UPCARD_OFFER if self.rules.upcard_offer != "none" else Phase.DRAW
        self.to_act = self.non_dealer
        self.last_result = None
        return [
            HandDealt(
                hand_no=self.hand_no,
                dealer=self.dealer,
                upcard=self.upcard,
                hands=(tuple(self.hands[0]), tuple(self.hands[1])),
                knock_limit=self.knock_limit,
                stock_size=len(self.stock),
                commitment=deal.commitment,
            )
        ]

    # ------------------------------------------------------------------ phase: upcard offer

    def _legal_offer(self) -> list[Action]:
        return [TakeUpcard(), PassUpcard()]

    def _apply_offer(self, action: Action) -> list[Event]:
        p = self._actor()
        if isinstance(action, TakeUpcard):
            card = self.discard.pop()
            self.hands[p].append(card)
            self.picks[p].append(card)
            self.taken_card = card
            self.phase = Phase.DISCARD
            return [UpcardDecision(p, card, True)]
        card = self.discard[-1]
        events: list[Event] = [UpcardDecision(p, card, False)]
        if self.offer_stage == 0:
            self.offer_stage = 1
            self.to_act = self.dealer
            return events
        if self.rules.upcard_offer == "classic":
            self.out_of_play.append(self.discard.pop())
            events.append(UpcardRetired(card))
        else:
            self.stock_only = True
        self.phase = Phase.DRAW
        self.to_act = self.non_dealer
        return events

    # ------------------------------------------------------------------ phase: draw

    def _legal_draw(self) -> list[Action]:
        if self.discard and not self.stock_only:
            return [DrawStock(), DrawDiscard()]
        return [DrawStock()]

    def _apply_draw(self, action: Action) -> list[Event]:
        if isinstance(action, TimerMove):
            p = self._actor()
            card = self.stock[-1]
            self._apply_draw(DrawStock())
            return [Drew(p, "stock", card, auto=True)] + self._apply_discard(TimerMove(), auto=True)
        p = self._actor()
        self.stock_only = False
        if isinstance(action, DrawStock):
            card = self.stock.pop()
            self.taken_card = None
            source = "stock"
        else:
            card = self.discard.pop()
            self.taken_card = card
            self.picks[p].append(card)
            source = "discard"
        self.hands[p].append(card)
        self.phase = Phase.DISCARD
        return [Drew(p, source, card)]

    # ------------------------------------------------------------------ phase: discard

    def _legal_discard(self) -> list[Action]:
        hand = self.hands[self._actor()]
        mask = mask_of(hand)
        forbidden = self.forbidden_discard()
        actions: list[Action] = []
        knocks: list[Action] = []
        for c in hand:
            if c == forbidden:
                continue
            actions.append(Discard(c))
            if deadwood_of_mask(mask ^ (1 << c)) <= self.knock_limit:
                knocks.append(Knock(c))
        if deadwood_of_mask(mask) == 0:
            knocks.append(BigGin())
        return actions + knocks

    def _apply_discard(self, action: Action, auto: bool = False) -> list[Event]:
        p = self._actor()
        hand = self.hands[p]
        if isinstance(action, TimerMove):
            forbidden = self.forbidden_discard()
            c, _ = best_discard_key(mask_of(hand), 0 if forbidden is None else 1 << forbidden)
            action, auto = Discard(Card(c)), True
        if isinstance(action, BigGin):
            big: list[Event] = [Knocked(p, None, "big_gin")]
            return big + self._end_by_knock(p, "big_gin", None)
        if not isinstance(action, (Discard, Knock)):
            raise AssertionError(f"{action} reached the discard phase")
        card = action.card
        hand.remove(card)
        self.discard.append(card)
        self.taken_card = None
        self.turns += 1
        if isinstance(action, Knock):
            kind = "gin" if deadwood_of_mask(mask_of(hand)) == 0 else "knock"
            ended: list[Event] = [Discarded(p, card, auto), Knocked(p, card, kind)]
            return ended + self._end_by_knock(p, kind, card)
        events: list[Event] = [Discarded(p, card, auto)]
        if len(self.stock) <= self.rules.dead_hand_stock:
            return events + self._end_hand(
                HandResult(hand_no=self.hand_no, dealer=self.dealer, kind="dead", turns=self.turns)
            )
        self.to_act = 1 - p
        self.phase = Phase.DRAW
        return events

    # ------------------------------------------------------------------ ends of hands

    def _end_by_knock(self, knocker: int, kind: str, card: Card | None) -> list[Event]:
        if kind == "big_gin":
            self.turns += 1
        show = showdown(self.hands[knocker], self.hands[1 - knocker], allow_layoffs=(kind == "knock"))
        result = score_knock(self.rules, kind, knocker, show, self.hand_no, self.dealer, card, self.turns)
        return self._end_hand(result)

    def _end_hand(self, result: HandResult) -> list[Event]:
        self.last_result = result
        self.history.append(result)
        self.to_act = None
        self.taken_card = None
        if result.winner is not None:
            self.scores[result.winner] += result.points
            self.hands_won[result.winner] += 1
            if self.rules.dealer_rule == "alternate":
                self.dealer = 1 - self.dealer
            else:
                self.dealer = 1 - result.winner  # the loser deals
        events: list[Event] = [HandEnded(result, (self.scores[0], self.scores[1]))]
        target = self.rules.target
        if max(self.scores) >= target and self.scores[0] != self.scores[1]:
            winner = 0 if self.scores[0] > self.scores[1] else 1
            self.final = final_score(
                self.rules, (self.scores[0], self.scores[1]), (self.hands_won[0], self.hands_won[1]), winner
            )
            self.phase = Phase.MATCH_OVER
            events.append(MatchEnded(self.final))
        else:
            self.phase = Phase.HAND_OVER
        return events

    # ------------------------------------------------------------------ phase: between hands

    def _legal_between(self) -> list[Action]:
        return [NextHand()]

    def _apply_between(self, action: Action) -> list[Event]:
        self.hand_no += 1
        return self._deal()

    def next_hand(self, source: DeckSource | None = None, player: int | None = None) -> list[Event]:
        """Deal the next hand, like ``apply(NextHand())``, from ``source`` when given.

        ``source`` is a fresh secret (whose commitment was shown) and the cut the player chose;
        without it the deal comes from the seed.  Refused like ``NextHand`` (``IllegalAction``).
        """
        error = self.why_illegal(NextHand(), player)
        if error is not None:
            raise error
        self.hand_no += 1
        return self._deal(source)

    # ------------------------------------------------------------------ the fair deal

    @property
    def deal_commitment(self) -> str | None:
        """The commitment of the hand being played (or just over): public from the deal on."""
        if self.deal is None or self.deal.hand_no != self.hand_no:
            return None
        return self.deal.commitment

    def deal_follows_cards(self) -> bool:
        """Whether ``deal`` is this hand's deal and the upcard and the undrawn stock follow its order.

        Play only ever draws from the top of the stock, so this holds for every dealt hand unless
        the position was edited (a hand-edited save loses its deal: it cannot be exported).
        """
        deal = self.deal
        if deal is None or deal.hand_no != self.hand_no:
            return False
        order = deal.order
        left = len(self.stock)
        return left <= 31 and self.upcard == order[20] and self.stock == list(reversed(order[52 - left :]))

    def revealed_deal(self) -> FairDeal | None:
        """The finished hand's deal, secret included; None while the hand is in play."""
        if self.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) or not self.deal_follows_cards():
            return None
        return self.deal

    def export_hand(self) -> str:
        """The finished hand as one JSON line for ``python3 -m game.verify`` (see docs/fairness.md).

        Raises ValueError while the hand is still in play (its secret stays hidden until it ends).
        """
        deal = self.revealed_deal()
        if deal is None or self.last_result is None:
            raise ValueError("only a finished hand can be exported: its secret stays hidden until it ends")
        return deal.export_line(self.last_result.dealer)

    def _legal_over(self) -> list[Action]:
        return []

    def _apply_over(self, action: Action) -> list[Event]:  # pragma: no cover - nothing is legal
        raise IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, action)

    # ------------------------------------------------------------------ invariants, save, load

    def all_cards(self) -> list[Card]:
        return self.hands[0] + self.hands[1] + self.stock + self.discard + self.out_of_play

    def check_invariants(self) -> None:
        """Raise ValueError when the state could not have come from legal play."""
        from .save import check_state

        check_state(self)

    def to_dict(self) -> dict[str, Any]:
        from .save import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        from .save import state_from_dict

        return state_from_dict(data)

    def to_json(self) -> str:
        from .save import dumps

        return dumps(self)

    @classmethod
    def from_json(cls, text: str) -> MatchState:
        from .save import loads

        return loads(text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (
            f"<MatchState hand {self.hand_no} {self.phase.value} to_act={self.to_act} "
            f"scores={self.scores} stock={len(self.stock)}>"
        )


_LEGAL: dict[Phase, Callable[[MatchState], list[Action]]] = {
    Phase.UPCARD_OFFER: MatchState._legal_offer,
    Phase.DRAW: MatchState._legal_draw,
    Phase.DISCARD: MatchState._legal_discard,
    Phase.HAND_OVER: MatchState._legal_between,
    Phase.MATCH_OVER: MatchState._legal_over,
}
_APPLY: dict[Phase, Callable[[MatchState, Action], list[Event]]] = {
    Phase.UPCARD_OFFER: lambda s, a: s._apply_offer(PassUpcard() if isinstance(a, TimerMove) else a),
    Phase.DRAW: MatchState._apply_draw,
    Phase.DISCARD: MatchState._apply_discard,
    Phase.HAND_OVER: MatchState._apply_between,
    Phase.MATCH_OVER: MatchState._apply_over,
}


def new_match(
    rules: Rules, seed: int, computer_seat: int | None = None, source: DeckSource | None = None
) -> tuple[MatchState, list[Event]]:
    """A new match with its first hand dealt (from ``source`` when given, else from the seed)."""
    return MatchState.new(rules, seed, computer_seat, source)


def why_illegal(state: MatchState, action: object, player: int | None = None) -> IllegalAction | None:
    """Why ``state.apply(action, player)`` would be refused (the error it would raise), or None if legal."""
    return state.why_illegal(action, player)
