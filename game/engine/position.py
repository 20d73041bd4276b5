"""A match in a chosen position (for tests, puzzles and tools), built and checked like a loaded save."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias, TypeVar

from .cards import Card, parse_cards
from .core import IN_PLAY, MatchCore, Phase
from .deal_save import deal_to_dict
from .dealing import hand_knock_limit
from .errors import SaveError
from .fairness import FairDeal
from .rules import Rules
from .save import SAVE_FILE, state_from_dict
from .scoring import HandResult

S = TypeVar("S", bound=MatchCore)

CardsLike: TypeAlias = str | Iterable[Card | int | str]
"""Cards as text (``"AS 2S"``) or as a sequence of ``Card`` values, indices or texts."""


def _cards(cards: CardsLike) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in cards]


def build_position(
    cls: type[S],
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
) -> S:
    """A match of class ``cls`` in the given position: see ``MatchState.from_position``."""
    try:
        data = _position_dict(
            rules, hands, stock, discard, dealer, Phase(phase), to_act, out_of_play, upcard, knock_limit,
            offer_stage, stock_only, taken_card, picks, turns, hand_no, seed, history,
        )
        if deal is not None:
            data["deal"] = deal_to_dict(deal)
    except SaveError:
        raise
    except (ValueError, TypeError) as e:
        raise SaveError(f"not a position: {e}") from None
    state = state_from_dict(data, cls)
    if deal is not None and state.deal is None:
        raise SaveError("the upcard and the stock do not follow the hand's deal")
    return state


def _auto_to_act(to_act: str, dealer: int, offer_stage: int, in_play: bool) -> int | None:
    """The seat to act that a position given as ``to_act="auto"`` implies."""
    if to_act != "auto":
        raise ValueError(f"to_act must be a seat, None or 'auto', not {to_act!r}")
    return (dealer if offer_stage == 1 else 1 - dealer) if in_play else None


def _pick_lists(picks: Sequence[CardsLike] | None, taken: Card | None, to_act: int | None) -> list[list[Card]]:
    """Each seat's pickups: as given, else just the card taken this turn by the seat to act."""
    if picks is None:
        pick_lists: list[list[Card]] = [[], []]
        if taken is not None and to_act in (0, 1):
            pick_lists[to_act].append(taken)
        return pick_lists
    if len(picks) != 2:
        raise ValueError("picks must be two lists")
    return [_cards(p) for p in picks]


def _position_dict(
    rules: Rules, hands: Sequence[CardsLike], stock: CardsLike, discard: CardsLike, dealer: int, phase: Phase,
    to_act: int | None | str, out_of_play: CardsLike, upcard: Card | str | None, knock_limit: int | None,
    offer_stage: int, stock_only: bool, taken_card: Card | str | None, picks: Sequence[CardsLike] | None,
    turns: int, hand_no: int | None, seed: int, history: Sequence[HandResult],
) -> dict[str, Any]:
    """The position as a save's data, with the defaults filled in."""
    in_play = phase in IN_PLAY
    if len(hands) != 2:
        raise ValueError("hands must be two hands")
    hand_lists = [_cards(h) for h in hands]
    pile = _cards(discard)
    retired = _cards(out_of_play)
    if isinstance(to_act, str):
        to_act = _auto_to_act(to_act, dealer, offer_stage, in_play)
    default_upcard = pile[0] if pile else (retired[0] if retired else None)
    first = default_upcard if upcard is None else _cards([upcard])[0]
    taken = None if taken_card is None else _cards([taken_card])[0]
    pick_lists = _pick_lists(picks, taken, to_act)
    if knock_limit is None:
        knock_limit = rules.knock_limit if first is None else hand_knock_limit(rules, first)
    history = list(history)
    if hand_no is None:
        hand_no = len(history) if in_play or not history else len(history) - 1
    scores = [sum(r.points for r in history if r.winner == p) for p in (0, 1)]
    won = [sum(1 for r in history if r.winner == p) for p in (0, 1)]
    return {
        **SAVE_FILE.head(),
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
