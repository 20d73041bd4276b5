"""The referee between bots and the engine: it asks, checks every answer, and plays whole matches.

``decide`` is what the app calls (from a worker thread) when a bot is to act: it turns the bot's
answers into one engine ``Action`` and replaces any bad answer (an exception, a card not in hand,
a forbidden card, an illegal knock) by the timer move, which is always legal.  Bots only ever
receive their seat's ``Observation`` and ``event.seen_by(seat)`` copies.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    HandEnded,
    HandResult,
    MatchState,
    NextHand,
    Observation,
    PassUpcard,
    Phase,
    Rules,
    TakeUpcard,
    TimerMove,
    new_match,
    observe,
)
from game.engine.actions import DISCARDS, KNOCKS
from game.engine.rules import BOT_TURN_LIMIT

from .base import Bot


def decide_checked(bot: Bot, obs: Observation) -> tuple[Action, str | None]:
    """The bot's move as an engine action, and what was wrong with its answer (None when fine)."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(f"seat {obs.player} has nothing to decide in the {obs.phase.value} phase")
    if obs.phase is _BETWEEN:
        return NextHand(), None
    try:
        action = _ask(bot, obs)
    except Exception as exc:  # a broken bot must not break the game
        return TimerMove(), f"{type(exc).__name__}: {exc}"
    if action in legal:
        return action, None
    return TimerMove(), f"illegal answer {action} in the {obs.phase.value} phase"


def decide(bot: Bot, obs: Observation) -> Action:
    """The bot's move for this observation; a bad answer becomes the timer move and is counted."""
    action, problem = decide_checked(bot, obs)
    if problem is not None:
        bot.fallbacks = getattr(bot, "fallbacks", 0) + 1
    return action


_DRAW_DISCARD = DrawDiscard()
_DRAW_STOCK = DrawStock()
_OVER = frozenset((Phase.HAND_OVER, Phase.MATCH_OVER))
# looked up for every move: plain names are several times quicker than the enum's members
_DRAW, _OFFER, _DISCARD, _BETWEEN, _FINISHED = (Phase.DRAW, Phase.UPCARD_OFFER, Phase.DISCARD, Phase.HAND_OVER,
                                                Phase.MATCH_OVER)


def _ask(bot: Bot, obs: Observation) -> Action:
    legal = obs.legal_actions
    phase = obs.phase
    if phase is _DRAW:
        if _DRAW_DISCARD in legal and _yes(bot.draw_from_discard(obs)):
            return _DRAW_DISCARD
        return _DRAW_STOCK
    if phase is _OFFER:
        return TakeUpcard() if _yes(bot.take_upcard(obs)) else PassUpcard()
    if phase is _DISCARD:
        last = legal[-1]  # the discards come first, then any knocks, then big gin
        if type(last) is BigGin and _yes(bot.big_gin(obs)):
            return last
        card = bot.choose_discard(obs)
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise ValueError(f"choose_discard answered {card!r}, not a card")
        if type(last) is not Discard:
            knock = KNOCKS[card]
            if knock in legal and _yes(bot.knock(obs, Card(card))):
                return knock
        return DISCARDS[card]
    return TimerMove()


def _yes(answer: object) -> bool:
    if not isinstance(answer, bool):
        raise ValueError(f"expected True or False, got {answer!r}")
    return answer


# ---------------------------------------------------------------------------- whole matches


@dataclass
class PlayedMatch:
    """How a bot match went: enough for the simulator's table and for tests."""

    seed: int
    winner: int | None
    scores: tuple[int, int]
    hands: list[HandResult] = field(default_factory=list)
    fallbacks: list[int] = field(default_factory=lambda: [0, 0])
    problems: list[str] = field(default_factory=list)
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    finished: bool = True


def deliver(events: Iterable[Event], bots: Sequence[Bot]) -> None:
    """Tell each bot every event, as its own seat may see it."""
    for ev in events:
        for seat, bot in enumerate(bots):
            bot.on_event(ev.seen_by(seat))


def play_match(
    rules: Rules,
    seed: int,
    bot0: Bot,
    bot1: Bot,
    *,
    check_invariants: bool = False,
    max_hands: int = 400,
    watch: Callable[[MatchState, list[Event]], None] | None = None,
) -> PlayedMatch:
    """Play one match between two bots (bot0 in seat 0) and record it.

    ``check_invariants`` runs the engine's own consistency check after every action (tests use it);
    ``watch`` is told the state and the events after every action (tests use it to audit bots).
    Two bots may never end a hand by themselves: the turn limit is on unless ``rules`` sets one.
    """
    if not rules.turn_limit:
        rules = rules.with_(turn_limit=BOT_TURN_LIMIT)
    bots = (bot0, bot1)
    state, events = new_match(rules, seed)
    for seat, bot in enumerate(bots):
        bot.new_match(seat, rules)
    record = PlayedMatch(seed=seed, winner=None, scores=(0, 0))
    deliver(events, bots)
    if watch:
        watch(state, events)
    while state.phase is not _FINISHED:
        if state.phase is _BETWEEN:
            if state.hand_no + 1 >= max_hands:
                record.finished = False
                break
            events = state.apply(NextHand())
        else:
            actor = state.to_act
            assert actor is not None  # a hand is in play
            seat = actor
            obs = observe(state, seat)
            action, problem = decide_checked(bots[seat], obs)
            record.decisions[seat] += 1
            if problem is not None:
                record.fallbacks[seat] += 1
                bots[seat].fallbacks = getattr(bots[seat], "fallbacks", 0) + 1
                record.problems.append(f"hand {state.hand_no} seat {seat}: {problem}")
            events = state.apply(action, seat)
            if state.phase in _OVER:  # only an action that ends the hand has a result
                record.hands.extend(ev.result for ev in events if isinstance(ev, HandEnded))
        if check_invariants:
            state.check_invariants()
        deliver(events, bots)
        if watch:
            watch(state, events)
    record.winner = state.winner
    record.scores = (state.scores[0], state.scores[1])
    return record
