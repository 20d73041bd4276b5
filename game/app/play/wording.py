"""The table's words for a refused move (from the engine's reason code) and for a hint.

The engine decides what is illegal and says why (``IllegalAction.reason`` and ``params``); this
module only words it, so the table never works the reason out a second time.
"""
from __future__ import annotations

import contextlib

from game.engine import Card, Discarded, Drew, Event, IllegalAction, IllegalReason, Phase

from ..i18n import has, tr
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


def hint_phrase(hint: object) -> str:
    """The advice in the player's language: the bot's reason key, else its English text."""
    key = str(getattr(hint, "key", "") or "")
    params = dict(getattr(hint, "params", {}) or {})
    for k, v in params.items():
        if k in ("card", "avoid"):
            with contextlib.suppress(ValueError):
                params[k] = Card.parse(str(v)).symbol
    body = tr("bot." + key, **params) if key and has("bot." + key) else str(getattr(hint, "text", "") or "")
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
