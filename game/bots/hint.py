"""Advice for a human player: the hard bot's move with a one-line reason.

The reason is a message key with parameters (the app translates it) plus an English rendering.
Card parameters are card codes such as "KS"; the English text shows them as "K♠".
``hint(obs)`` works from the observation alone; an ``Advisor`` that hears the hand's events also
knows the opponent's discards and refusals, and gives the same advice the hard bot would play.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    Knock,
    NextHand,
    Observation,
    PassUpcard,
    Phase,
    Rules,
    TakeUpcard,
)
from game.engine.melds import best_discard_key, deadwood_of_mask

from .base import forbid_mask
from .hard import HardBot
from .knowledge import melds_in

TEXTS: dict[str, str] = {
    "hint.wait": "Nothing to do now: it is not your turn.",
    "hint.next_hand": "Deal the next hand.",
    "hint.take_meld": "Take the {card}: it completes a meld.",
    "hint.take_lower": "Take the {card}: it brings your deadwood down to {deadwood}.",
    "hint.pass_upcard": "Pass the {card}: it does not help your hand enough.",
    "hint.draw_stock": "Draw from the stock: the {card} does not help your hand enough.",
    "hint.draw_stock_only": "Draw from the stock: it is the only draw allowed now.",
    "hint.big_gin": "Claim big gin: all eleven of your cards are in melds.",
    "hint.gin": "Throw the {card} and go gin: no deadwood is left.",
    "hint.knock": "Knock with the {card}: your {deadwood} deadwood likely beats the opponent's.",
    "hint.no_knock": (
        "Throw the {card} and play on: a knock with {deadwood} deadwood risks an undercut or gains little."
    ),
    "hint.discard_deadwood": "Throw the {card}: it leaves the least deadwood, {deadwood}.",
    "hint.discard_safe": "Throw the {card}: the {avoid} could help the opponent, who seems to collect it.",
    "hint.discard_keep": "Throw the {card} ({deadwood} deadwood): the {avoid} would leave {least}, but it is closer "
                         "to a meld.",
}


@dataclass(frozen=True)
class Hint:
    """One piece of advice: the move, and its reason as a message key, parameters and English."""

    action: Action | None
    key: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        shown = {k: (Card.parse(str(v)).symbol if k in ("card", "avoid") else v) for k, v in self.params.items()}
        return TEXTS[self.key].format(**shown)


class Advisor:
    """A hard bot kept beside a human seat: it hears that seat's events and advises on request.

    It keeps its own memory and randomness, so an app may call it from a worker thread as long as
    events and requests for one advisor are not interleaved from two threads.
    """

    def __init__(self, seat: int, rules: Rules, seed: int | str = "hint") -> None:
        self.bot = HardBot(seed=seed)
        self.bot.new_match(seat, rules)

    def on_event(self, event: Event) -> None:
        self.bot.on_event(event)

    def advise(self, obs: Observation) -> Hint:
        return _advise(self.bot, obs)


def hint(obs: Observation) -> Hint:
    """The hard bot's advice for this observation (its memory rebuilt from the observation only)."""
    bot = HardBot(seed=f"hint/{obs.hand_no}/{obs.turns}/{obs.player}")
    bot.new_match(obs.player, obs.rules)
    return _advise(bot, obs)


def _advise(bot: HardBot, obs: Observation) -> Hint:
    legal = obs.legal_actions
    if not legal:
        return Hint(None, "hint.wait")
    if obs.phase is Phase.HAND_OVER:
        return Hint(NextHand(), "hint.next_hand")
    if obs.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
        return _advise_draw(bot, obs)
    return _advise_discard(bot, obs)


def _advise_draw(bot: HardBot, obs: Observation) -> Hint:
    top = obs.top_discard
    offer = obs.phase is Phase.UPCARD_OFFER
    if top is None:
        return Hint(DrawStock(), "hint.draw_stock_only")
    if not offer and DrawDiscard() not in obs.legal_actions:
        return Hint(DrawStock(), "hint.draw_stock_only")
    view = bot.view(obs)
    take, _, _ = bot.compare_draw(obs, view)
    card = str(top)
    if take:
        action = TakeUpcard() if offer else DrawDiscard()
        mask = view.hand
        forbid = 0 if obs.rules.may_discard_taken_card else 1 << top
        _, after = best_discard_key(mask | 1 << top, forbid)
        if melds_in(mask, top) and after < deadwood_of_mask(mask):
            return Hint(action, "hint.take_meld", {"card": card})
        return Hint(action, "hint.take_lower", {"card": card, "deadwood": after})
    if offer:
        return Hint(PassUpcard(), "hint.pass_upcard", {"card": card})
    return Hint(DrawStock(), "hint.draw_stock", {"card": card})


def _advise_discard(bot: HardBot, obs: Observation) -> Hint:
    legal = obs.legal_actions
    if BigGin() in legal:
        return Hint(BigGin(), "hint.big_gin")
    view = bot.view(obs)
    card, knock = bot.plan_discard(obs, view)
    mask = view.hand
    left = deadwood_of_mask(mask ^ (1 << card))
    params = {"card": str(card), "deadwood": left}
    if knock and Knock(card) in legal:
        return Hint(Knock(card), "hint.gin" if left == 0 else "hint.knock", params)
    least_card, least = best_discard_key(mask, forbid_mask(obs))
    if any(isinstance(a, Knock) for a in legal):
        return Hint(Discard(card), "hint.no_knock", {"card": str(card), "deadwood": least})
    if least_card == card or left == least:
        return Hint(Discard(card), "hint.discard_deadwood", params)
    if bot._throw_cost(view, least_card) > bot._throw_cost(view, card) + 1.0:
        return Hint(Discard(card), "hint.discard_safe", {"card": str(card), "avoid": str(Card(least_card))})
    return Hint(Discard(card), "hint.discard_keep", {**params, "avoid": str(Card(least_card)), "least": least})
