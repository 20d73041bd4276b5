"""The turn logic as a table: for each phase, what may be played, why an action is refused, and playing it.

Each row of ``PHASES`` holds one phase's three functions, which sit side by side below.  ``apply``
asks ``why_illegal`` first, so an illegal action raises ``IllegalAction`` before anything changes.
A hand ends here (a knock, gin, big gin or a dead hand) with its score, the next dealer and, at the
target, the end of the match; ``dealing.py`` deals the next one.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .actions import (
    DISCARDS,
    KNOCKS,
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
from .cards import Card, mask_of
from .core import MatchCore, Phase
from .dealing import deal
from .declared import knock_kind, lay_out, why_not_declared
from .errors import IllegalAction, IllegalReason
from .events import (
    Discarded,
    Drew,
    Event,
    HandEnded,
    Knocked,
    MatchEnded,
    UpcardDecision,
    UpcardRetired,
)
from .fairness import DeckSource
from .melds import best_discard_key, deadwood_of_mask
from .meldsearch import throw_floor
from .outcome import settle
from .scoring import HandResult, score_knock


@dataclass(frozen=True)
class PhaseRules:
    """One phase's row: its legal actions, why an action is refused in it, and playing a legal one."""

    legal: Callable[[MatchCore], list[Action]]
    check: Callable[[MatchCore, Action], IllegalAction | None]  # after the checks every phase shares
    apply: Callable[[MatchCore, Action], list[Event]]  # only ever given a legal action


# ---------------------------------------------------------------- the questions every phase shares

# set and asked on every move: plain names are several times quicker than the enum's members
_DRAW, _DISCARD, _BETWEEN, _FINISHED = Phase.DRAW, Phase.DISCARD, Phase.HAND_OVER, Phase.MATCH_OVER


def legal_actions(s: MatchCore) -> list[Action]:
    """The moves allowed now; after the draw: the discards, then the knocks, then big gin."""
    return PHASES[s.phase].legal(s)


def why_illegal(s: MatchCore, action: object, player: int | None = None) -> IllegalAction | None:
    """Why ``apply(s, action, player)`` would be refused, as the error it would raise; None if legal.

    Pure: it changes nothing and raises nothing, so a UI can ask before acting.
    """
    if not isinstance(action, Action):
        return IllegalAction(f"not an action: {action!r}", IllegalReason.NOT_AN_ACTION, {"value": action}, action)
    if s.phase is _FINISHED:
        return IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, action)
    to_act = s.to_act
    if player is not None and to_act is not None and player != to_act:
        return IllegalAction(
            f"it is player {to_act}'s turn, not player {player}'s",
            IllegalReason.NOT_YOUR_TURN,
            {"player": player, "to_act": to_act},
            action,
        )
    return PHASES[s.phase].check(s, action)


def apply(s: MatchCore, action: Action, player: int | None = None) -> list[Event]:
    """Play ``action`` (for ``player`` when given, which must be the one to act).

    An illegal action raises ``IllegalAction`` (with its ``reason``) and changes nothing.
    """
    error = why_illegal(s, action, player)
    if error is not None:
        raise error
    return PHASES[s.phase].apply(s, action)


def _listed(s: MatchCore, action: Action) -> IllegalAction | None:
    """None when ``action`` is among the phase's legal actions, else why it is the wrong phase for it."""
    if action in PHASES[s.phase].legal(s):
        return None
    return IllegalAction(
        f"{action} is not allowed in the {s.phase.value.replace('_', ' ')} phase",
        IllegalReason.WRONG_PHASE,
        {"phase": s.phase, "action": type(action).__name__},
        action,
    )


def _actor(s: MatchCore) -> int:
    """The seat to act, in a phase where someone must."""
    if s.to_act is None:
        raise AssertionError(f"nobody is to act in the {s.phase.value} phase")
    return s.to_act


# ---------------------------------------------------------------- phase: upcard offer


def _legal_offer(s: MatchCore) -> list[Action]:
    return [TakeUpcard(), PassUpcard()]


def _check_offer(s: MatchCore, action: Action) -> IllegalAction | None:
    return None if isinstance(action, TimerMove) else _listed(s, action)


def _apply_offer(s: MatchCore, action: Action) -> list[Event]:
    p = _actor(s)
    if isinstance(action, TakeUpcard):
        card = s.discard.pop()
        s.hands[p].append(card)
        s.picks[p].append(card)
        s.taken_card = card
        s.phase = _DISCARD
        return [UpcardDecision(p, card, True)]
    # a pass, or the timer passing for the player
    card = s.discard[-1]
    events: list[Event] = [UpcardDecision(p, card, False)]
    if s.offer_stage == 0:
        s.offer_stage = 1
        s.to_act = s.dealer
        return events
    if s.rules.upcard_offer == "classic":
        s.out_of_play.append(s.discard.pop())
        events.append(UpcardRetired(card))
    else:
        s.stock_only = True
    s.phase = _DRAW
    s.to_act = s.non_dealer
    return events


# ---------------------------------------------------------------- phase: draw


def _legal_draw(s: MatchCore) -> list[Action]:
    if s.discard and not s.stock_only:
        return [_DRAW_STOCK, _DRAW_DISCARD]
    return [_DRAW_STOCK]


_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()


def _check_draw(s: MatchCore, action: Action) -> IllegalAction | None:
    if isinstance(action, (TimerMove, DrawStock)):  # the stock can always be drawn from
        return None
    if isinstance(action, DrawDiscard):
        if s.stock_only:
            return IllegalAction(
                "both passed the upcard: the first draw must come from the stock",
                IllegalReason.FIRST_DRAW_FROM_STOCK,
                {},
                action,
            )
        if not s.discard:
            return IllegalAction("the discard pile is empty", IllegalReason.DISCARD_PILE_EMPTY, {}, action)
        return None
    return _listed(s, action)


def _apply_draw(s: MatchCore, action: Action) -> list[Event]:
    p = _actor(s)
    if isinstance(action, TimerMove):
        card = s.stock[-1]
        _apply_draw(s, DrawStock())
        return [Drew(p, "stock", card, auto=True)] + _apply_discard(s, TimerMove(), auto=True)
    s.stock_only = False
    if isinstance(action, DrawStock):
        card = s.stock.pop()
        s.taken_card = None
        source = "stock"
    else:
        card = s.discard.pop()
        s.taken_card = card
        s.picks[p].append(card)
        source = "discard"
    s.hands[p].append(card)
    s.phase = _DISCARD
    return [Drew(p, source, card)]


# ---------------------------------------------------------------- phase: discard


def _legal_discard(s: MatchCore) -> list[Action]:
    hand = s.hands[_actor(s)]
    mask = mask_of(hand)
    forbidden = s.forbidden_discard()
    actions: list[Action] = []
    knocks: list[Action] = []
    # most turns allow no knock at all: the least deadwood any throw leaves says so without pricing
    # each, and the cards in no meld often rule a knock out before that is searched
    limit = s.knock_limit
    forbid = 0 if forbidden is None else 1 << forbidden
    can_knock = throw_floor(mask) <= limit and best_discard_key(mask, forbid)[1] <= limit
    if not can_knock:
        if forbidden is None:
            return [DISCARDS[c] for c in hand]
        return [DISCARDS[c] for c in hand if c != forbidden]
    for c in hand:
        if c == forbidden:
            continue
        actions.append(DISCARDS[c])
        if deadwood_of_mask(mask ^ (1 << c)) <= limit:
            knocks.append(KNOCKS[c])
    # eleven melded cards can throw one and keep no deadwood, so big gin needs a knock to be possible
    if deadwood_of_mask(mask) == 0:
        knocks.append(BigGin())
    return actions + knocks


def _check_discard(s: MatchCore, action: Action) -> IllegalAction | None:
    if isinstance(action, TimerMove):
        return None
    if s.to_act is not None and isinstance(action, (Discard, Knock, BigGin)):
        return _why_not_discard(s, action, s.to_act)
    return _listed(s, action)


def _why_not_discard(s: MatchCore, action: Discard | Knock | BigGin, player: int) -> IllegalAction | None:
    hand = s.hands[player]
    if isinstance(action, BigGin):
        left = deadwood_of_mask(mask_of(hand))
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
        return IllegalAction(f"{card} is not in your hand", IllegalReason.CARD_NOT_IN_HAND, {"card": card}, action)
    if card == s.forbidden_discard():
        return IllegalAction(
            f"{card} was just taken from the discard pile and cannot be thrown back this turn",
            IllegalReason.THROW_BACK_FORBIDDEN,
            {"card": card},
            action,
        )
    if isinstance(action, Discard):
        return None
    left = deadwood_of_mask(mask_of(hand) ^ (1 << card))
    limit = s.knock_limit
    if left <= limit:  # a layout by hand is checked only once the best one could knock
        return why_not_declared(mask_of(hand) ^ (1 << card), mask_of(s.hands[1 - player]), limit, action)
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


def _apply_discard(s: MatchCore, action: Action, auto: bool = False) -> list[Event]:
    p = _actor(s)
    hand = s.hands[p]
    if isinstance(action, TimerMove):
        forbidden = s.forbidden_discard()
        c, _ = best_discard_key(mask_of(hand), 0 if forbidden is None else 1 << forbidden)
        action, auto = Discard(Card(c)), True
    if isinstance(action, BigGin):
        s.turns += 1  # the turn ends without a discard
        # where big gin has no bonus of its own (classic), eleven melded cards simply are gin
        kind = "big_gin" if s.rules.big_gin_bonus is not None else "gin"
        big: list[Event] = [Knocked(p, None, kind)]
        return big + _end_by_knock(s, p, kind, None)
    if not isinstance(action, (Discard, Knock)):
        raise AssertionError(f"{action} reached the discard phase")
    card = action.card
    hand.remove(card)
    s.discard.append(card)
    s.taken_card = None
    s.turns += 1
    if isinstance(action, Knock):
        kind = knock_kind(mask_of(hand), action)
        ended: list[Event] = [Discarded(p, card, auto), Knocked(p, card, kind)]
        return ended + _end_by_knock(s, p, kind, action)
    events: list[Event] = [Discarded(p, card, auto)]
    by_stock, by_limit = len(s.stock) <= s.rules.dead_hand_stock, 0 < s.rules.turn_limit <= s.turns
    if by_stock or by_limit:
        return events + _end_hand(s, HandResult(hand_no=s.hand_no, dealer=s.dealer, kind="dead", turns=s.turns,
                                                turn_limit=not by_stock))
    s.to_act = 1 - p
    s.phase = _DRAW
    return events


# ---------------------------------------------------------------- the end of a hand


def _end_by_knock(s: MatchCore, knocker: int, kind: str, knock: Knock | None) -> list[Event]:
    show = lay_out(s.hands[knocker], s.hands[1 - knocker], kind, knock)
    result = score_knock(s.rules, kind, knocker, show, s.hand_no, s.dealer, None if knock is None else knock.card,
                          s.turns)
    return _end_hand(s, result)


def _end_hand(s: MatchCore, result: HandResult) -> list[Event]:
    s.last_result = result
    s.history.append(result)
    s.to_act = None
    s.taken_card = None
    if result.winner is not None:
        s.scores[result.winner] += result.points
        s.hands_won[result.winner] += 1
        if s.rules.dealer_rule == "alternate":
            s.dealer = 1 - s.dealer
        else:
            s.dealer = 1 - result.winner  # the loser deals
    events: list[Event] = [HandEnded(result, (s.scores[0], s.scores[1]))]
    s.final = settle(s.rules, s.scores, s.hands_won, s.history)
    if s.final is not None:
        s.phase = _FINISHED
        events.append(MatchEnded(s.final))
    else:
        s.phase = _BETWEEN
    return events


# ---------------------------------------------------------------- phase: between hands


def _legal_between(s: MatchCore) -> list[Action]:
    return [NextHand()]


def _check_between(s: MatchCore, action: Action) -> IllegalAction | None:
    return _listed(s, action)


def _apply_between(s: MatchCore, action: Action, source: DeckSource | None = None) -> list[Event]:
    s.hand_no += 1
    return deal(s, source)


def next_hand(s: MatchCore, source: DeckSource | None = None, player: int | None = None) -> list[Event]:
    """Deal the next hand, like ``apply(s, NextHand())``, from ``source`` when given."""
    error = why_illegal(s, NextHand(), player)
    if error is not None:
        raise error
    return _apply_between(s, NextHand(), source)


# ---------------------------------------------------------------- phase: match over


def _legal_over(s: MatchCore) -> list[Action]:
    return []


def _check_over(s: MatchCore, action: Action) -> IllegalAction | None:  # pragma: no cover - refused before
    return IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, action)


def _apply_over(s: MatchCore, action: Action) -> list[Event]:  # pragma: no cover - nothing is legal
    raise IllegalAction("the match is over", IllegalReason.MATCH_OVER, {}, action)


PHASES: Mapping[Phase, PhaseRules] = {
    Phase.UPCARD_OFFER: PhaseRules(_legal_offer, _check_offer, _apply_offer),
    Phase.DRAW: PhaseRules(_legal_draw, _check_draw, _apply_draw),
    Phase.DISCARD: PhaseRules(_legal_discard, _check_discard, _apply_discard),
    Phase.HAND_OVER: PhaseRules(_legal_between, _check_between, _apply_between),
    Phase.MATCH_OVER: PhaseRules(_legal_over, _check_over, _apply_over),
}
