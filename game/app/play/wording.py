"""The table's words for a refused move (from the engine's reason code), for a hint, and for the way a
hand ends.

The engine decides what is illegal and says why (``IllegalAction.reason`` and ``params``); this
module only words it, so the table never works the reason out a second time.  Under rules with no
big-gin bonus (classic) eleven melded cards are a gin, and every word the players see says so
(``ending_kind``).
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterable

from game.app.lang.i18n import has, tr
from game.engine import Card, Discarded, Drew, Event, IllegalAction, IllegalReason, Observation, Phase, Rules

from .eventlog import Sayer

_DRAWS = ("DrawStock", "DrawDiscard")
_THROWS = ("Discard", "Knock", "BigGin")


def _symbol(value: object) -> str:
    return value.symbol if isinstance(value, Card) else str(value)


def refusal(error: IllegalAction) -> str:
    p = error.params
    reason = error.reason
    if reason is IllegalReason.THROW_BACK_FORBIDDEN:
        return tr("why.taken_card", card=_symbol(p.get("card")))
    if reason in (IllegalReason.KNOCK_TOO_MUCH_DEADWOOD, IllegalReason.KNOCK_NOT_ALLOWED_GIN_ONLY):
        return tr("why.cannot_knock", card=_symbol(p.get("card")), n=p.get("deadwood"), limit=p.get("limit"))
    if reason is IllegalReason.FIRST_DRAW_FROM_STOCK:
        return tr("why.stock_only")
    if reason is IllegalReason.WRONG_PHASE:
        phase, action = p.get("phase"), p.get("action")
        if phase is Phase.UPCARD_OFFER:
            return tr("why.upcard_first")
        if phase is Phase.DISCARD and action in _DRAWS:
            return tr("why.choose_card")
        if phase is Phase.DRAW and action in _THROWS:
            return tr("why.draw_first")
    return tr("why.not_your_turn")


_DISCARD_HINTS = ("hint.discard_deadwood", "hint.discard_keep", "hint.no_knock")


def goes_with(card: Card, others: Iterable[Card]) -> list[Card]:
    """The cards of ``others`` that ``card`` could meld with: the same rank, or the same suit close by."""
    return [c for c in others if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)]


def opponent_clause(card: Card, obs: Observation) -> str:
    """What the hinted throw hands the opponent, from what the table shows: the cards they took."""
    picks = list(getattr(obs, "opponent_picks", ()) or ())
    if not picks:
        return tr("hint.opponent_took_nothing")
    shown = ", ".join(c.symbol for c in picks)
    if goes_with(card, picks):
        return tr("hint.opponent_may_want", picks=shown)
    return tr("hint.opponent_not_collecting", picks=shown)


def hint_phrase(hint: object, obs: Observation | None = None) -> str:
    """The advice in the player's language: the bot's reason key, else its English text.

    With the observation the hint was given for, a throw's reason also says what it hands the opponent
    (the hint weighs the cards the opponent took, as the hard bot does), and classic rules call eleven
    melded cards a gin."""
    key = str(getattr(hint, "key", "") or "")
    params = dict(getattr(hint, "params", {}) or {})
    for k, v in params.items():
        if k in ("card", "avoid"):
            with contextlib.suppress(ValueError):
                params[k] = Card.parse(str(v)).symbol
    rules = getattr(obs, "rules", None)
    if key == "hint.big_gin" and ending_kind("big_gin", rules) == "gin":
        key = "hint.gin_eleven"
    body = tr("bot." + key, **params) if key and has("bot." + key) else str(getattr(hint, "text", "") or "")
    card = getattr(getattr(hint, "action", None), "card", None)
    if body and obs is not None and key in _DISCARD_HINTS and isinstance(card, Card):
        body = tr("hint.with_opponent", reason=body, opponent=opponent_clause(card, obs))
    return tr("hint.prefix", text=body) if body else tr("hint.none")


def timer_announcement(events: list[Event], seat: int, say: Sayer) -> str:
    """What the clock did for ``seat``, said on the table.  A card drawn from the stock stays unnamed:
    in hot-seat the next player may already be looking."""
    thrown = next((e.card for e in events if isinstance(e, Discarded) and e.auto), None)
    if thrown is None:
        return say("table.timer_passed", seat)
    if any(isinstance(e, Drew) and e.auto for e in events):
        return say("table.timer_drew_threw", seat, card=thrown.symbol)
    return say("table.timer_threw", seat, card=thrown.symbol)


def ending_kind(kind: str, rules: Rules | None) -> str:
    """How a hand's ending is named to the players: with no big-gin bonus (classic rules) eleven melded
    cards are announced, logged and scored as a gin, so ``big_gin`` reads ``gin``."""
    if kind == "big_gin" and getattr(rules, "big_gin_bonus", 0) is None:
        return "gin"
    return kind


def knock_label(label_key: str, rules: Rules | None) -> str:
    """The Knock button's label key under ``rules`` (``button.big_gin`` is ``button.gin`` in classic)."""
    if label_key == "button.big_gin" and ending_kind("big_gin", rules) == "gin":
        return "button.gin"
    return label_key


def knock_question(label_key: str, card: Card | None, rules: Rules | None) -> tuple[str, str]:
    """(the question asked before a knock, the key of its yes button) for the Knock button's label key."""
    if label_key == "button.big_gin":
        if ending_kind("big_gin", rules) == "gin":
            return tr("confirm.gin_eleven"), "button.gin"
        return tr("confirm.big_gin"), "button.big_gin"
    symbol = card.symbol if card is not None else ""
    if label_key == "button.gin":
        return tr("confirm.gin", card=symbol), "button.gin"
    return tr("confirm.knock", card=symbol), "button.knock"
