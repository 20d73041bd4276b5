"""The table's log: what a seat is told about an event, as one line of text (empty: nothing to say).

A pure function of the event, the viewer and a way to word a sentence about a seat, so it can be
tested without pygame or a window.
"""
from __future__ import annotations

from typing import Protocol

from game.app.lang.i18n import tr
from game.engine import Discarded, Drew, Event, HandEnded, HandResult, Knocked, Rules, UpcardDecision, UpcardRetired


class Sayer(Protocol):
    def __call__(self, key: str, seat: int, **params: object) -> str: ...


KNOCK_KEYS = {"knock": "log.knocked", "gin": "log.gin", "big_gin": "log.big_gin"}


def describe(e: Event, say: Sayer, rules: Rules | None = None) -> str:
    """The log line for ``e``, the same for both seats: every move of either player is told, and a card
    drawn from the stock is never named (the log shows only what both seats may see).

    Under ``rules`` with no big-gin bonus (classic) eleven melded cards are logged as a gin."""
    if isinstance(e, Drew):
        if e.source == "stock":
            return say("log.drew_stock", e.player)
        assert e.card is not None
        return say("log.drew_discard", e.player, card=e.card.symbol)
    if isinstance(e, Discarded):
        if e.auto:
            return say("log.timer", e.player)
        return say("log.discarded", e.player, card=e.card.symbol)
    if isinstance(e, UpcardDecision):
        key = "log.took_upcard" if e.taken else "log.passed_upcard"
        return say(key, e.player, card=e.card.symbol)
    if isinstance(e, UpcardRetired):
        return tr("log.upcard_retired", card=e.card.symbol)
    if isinstance(e, Knocked):
        kind = "gin" if e.kind == "big_gin" and rules is not None and rules.big_gin_bonus is None else e.kind
        return say(KNOCK_KEYS[kind], e.player)
    if isinstance(e, HandEnded) and e.result.kind == "dead":
        return dead_hand(e.result, "log.dead_stock", "log.dead_turns")
    return ""


def dead_hand(result: HandResult, stock_key: str, turns_key: str) -> str:
    """Why a dead hand ended, worded with ``stock_key`` (the stock ran out) or ``turns_key`` (the rules'
    turn limit was reached, ``{n}`` turns): the log and the result screen say the same as the engine."""
    if result.dead_reason == "turn_limit":
        return tr(turns_key, n=result.turns)
    return tr(stock_key)
