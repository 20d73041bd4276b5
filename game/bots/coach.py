"""The coach: the hard bot's judgement of one player's decisions in a recorded hand.

For every decision of the player the coach rebuilds what that player could see at the moment (the
engine's observation, and the events as that seat was told them) and nothing else, asks the hard bot
which move it prefers, and estimates what the move played cost in points:

- draws compare the hard bot's values of the hand after taking the face-up card and after a stock
  draw (expected deadwood, which a knock turns into points one for one);
- throws compare the values of the hands kept, plus the points a throw hands the opponent when it
  completes a meld with cards the opponent picked up;
- knocks compare the expected score of the knock (over sampled opponent hands that fit what the
  player saw) with the expected score of playing on, estimated by playing the hand out from the same
  samples with plain policies (``rollout``).

A decision is costly when the preferred move is worth at least ``MARGIN`` points more.  Reasons are
message keys with parameters (``TEXTS`` holds the English; card parameters are card codes such as
"KS", several separated by spaces), as for the hint.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engine import (
    VALUES,
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    HandEnded,
    HandResult,
    Knock,
    Observation,
    PassUpcard,
    Phase,
    TakeUpcard,
    observe,
)
from game.engine.melds import deadwood_of_mask
from game.engine.record import HandRecord, Replay, replay

from .coach_knocks import knock_score, play_on, stock_for
from .hard import HardBot
from .knowledge import MELD_PAIRS, TableView, bits, completes_meld, melds_in

MARGIN = 2.0  # points: a move is costly when the preferred one is worth at least this much more
KNOCK_MARGIN = 4.0  # ... and this much for knocking or not (the estimate of playing on is rougher)
SAMPLES = 120  # opponent hands sampled, and hands played out, for a knock decision

TEXTS: dict[str, str] = {
    "coach.missed_meld": "The {card} completed a meld: taking it was better.",
    "coach.missed_take": "Taking the {card} was better: it brings your hand closer to melds.",
    "coach.needless_take": "Drawing from the stock was better: the {card} did not help enough, and taking it "
                           "showed the opponent what you collect.",
    "coach.needless_upcard": "Passing the {card} was better: it did not help your hand enough.",
    "coach.feed": "The {card} completes a meld with the {with} the opponent picked up: the {better} was the "
                  "safer throw.",
    "coach.near_meld": "The {card} was one card short of a meld with the {with}: the {better} was the better throw.",
    "coach.deadwood": "The {better} was the better throw: it leaves {deadwood} deadwood instead of {yours}.",
    "coach.keep": "The {better} was the better throw: it keeps your hand closer to melds.",
    "coach.knock_card": "Knocking with the {better} was better: it leaves {deadwood} deadwood instead of {yours}.",
    "coach.undercut": "Knocking with {yours} deadwood risked an undercut (about {chance}% likely): throwing the "
                      "{better} and playing on was worth more.",
    "coach.knock_early": "Knocking with {yours} deadwood was too early: playing on for gin or a lower count was "
                         "worth more.",
    "coach.knock_late": "Knocking with the {better} ({deadwood} deadwood) was better: playing on gave the opponent "
                        "time to knock or undercut.",
    "coach.big_gin": "All eleven cards were in melds: claiming big gin was better.",
    "coach.agree": "The hard bot agrees with this move.",
    "coach.agree_feed": "The hard bot agrees: throwing the {lowest} left less deadwood ({least} instead of "
                        "{yours}), but it completed a meld with the {with} the opponent picked up.",
    "coach.agree_picks": "The hard bot agrees: throwing the {lowest} left less deadwood ({least} instead of "
                         "{yours}), but the opponent picked up the {with}, which it goes with.",
    "coach.agree_pair": "The hard bot agrees: throwing the {lowest} left less deadwood ({least} instead of "
                        "{yours}), but it was one card short of a meld with the {with}.",
    "coach.safer": "The {better} was the better throw, though it leaves {deadwood} deadwood instead of {yours}: the "
                   "{card} goes with the {with} the opponent picked up.",
    "coach.pair": "The {better} was the better throw, though it leaves {deadwood} deadwood instead of {yours}: the "
                  "{card} was one card short of a meld with the {with}.",
    "coach.summary": "{n} costly moves, about {points} points.",
    "coach.summary_one": "1 costly move, about {points} points.",
    "coach.summary_none": "No costly moves: well played.",
    "coach.summary_none_gin": "No costly moves. The {points} points went to the opponent's gin: it came before "
                              "your cards did (you still held {deadwood} deadwood).",
    "coach.summary_none_knock": "No costly moves. The opponent knocked first while you still held {deadwood} "
                                "deadwood, which scored them {points}: the cards you drew did not come together "
                                "in time.",
    "coach.summary_none_undercut": "No costly moves. The undercut cost {points} points: the opponent's deadwood "
                                   "was down to {deadwood} when you knocked, which the cards did not show.",
}
CARD_PARAMS = ("card", "better", "with", "lowest")


def _symbols(codes: str) -> str:
    return " ".join(Card.parse(c).symbol for c in codes.split())


@dataclass(frozen=True)
class Judgement:
    """One decision of the player: the move played, the move the hard bot prefers, and the cost.

    ``index`` is the move's place in the record (it was played from replay position ``index``);
    ``cost`` is the estimated points lost by the move played against the preferred one (0 when the
    bot agrees or prefers it by less than nothing); ``key`` and ``params`` say why.
    """

    index: int
    played: Action
    preferred: Action
    cost: float
    key: str
    params: dict[str, str | int] = field(default_factory=dict)
    margin: float = MARGIN

    @property
    def costly(self) -> bool:
        return self.played != self.preferred and self.cost >= self.margin

    @property
    def points(self) -> int:
        return max(1, round(self.cost)) if self.costly else 0

    @property
    def text(self) -> str:
        shown = {k: (_symbols(v) if k in CARD_PARAMS and isinstance(v, str) else v) for k, v in self.params.items()}
        return TEXTS[self.key].format(**shown)


@dataclass(frozen=True)
class Review:
    """The coach's view of one hand from ``seat``: every judged decision, in order."""

    seat: int
    hand_no: int
    judgements: tuple[Judgement, ...]
    result: HandResult | None = None

    @property
    def costly(self) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.costly)

    @property
    def points(self) -> int:
        return sum(j.points for j in self.costly)

    @property
    def summary(self) -> tuple[str, dict[str, int]]:
        n = len(self.costly)
        if n == 0:
            return self.what_cost()
        if n == 1:
            return "coach.summary_one", {"points": self.points}
        return "coach.summary", {"n": n, "points": self.points}

    @property
    def text(self) -> str:
        key, params = self.summary
        return TEXTS[key].format(**params)

    def what_cost(self) -> tuple[str, dict[str, int]]:
        """With no costly move: what lost a lost hand, however few its points (the opponent's gin, the cards
        that did not come, an undercut), since a loss is never "well played"; a won or dead hand is."""
        r = self.result
        if r is None or r.winner is None or r.winner == self.seat:
            return "coach.summary_none", {}
        if r.kind in ("gin", "big_gin"):
            return "coach.summary_none_gin", {"points": r.points, "deadwood": r.defender_deadwood}
        if r.kind == "undercut":
            return "coach.summary_none_undercut", {"points": r.points, "deadwood": r.defender_deadwood}
        return "coach.summary_none_knock", {"points": r.points, "deadwood": r.defender_deadwood}

    def at(self, index: int) -> Judgement | None:
        """The judgement of the move at ``index`` (None when that move was not judged)."""
        return next((j for j in self.judgements if j.index == index), None)


# ---------------------------------------------------------------------------------------------- the review


def review(record: HandRecord, seat: int, earlier: Iterable[HandResult] = (), *,
           bot: HardBot | None = None, watch: Callable[[Replay], None] | None = None) -> Review:
    """Judge ``seat``'s decisions in a finished (or unfinished) hand.

    ``earlier`` are the results of the match's earlier hands (public once over: the opponent's
    knocking habit comes from them).  ``bot`` is the judge (a fresh hard bot by default); it hears
    only the seat's copies of the events and gets only the seat's observations.
    """
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    play = replay(record)
    if watch is not None:
        watch(play)
    judge = bot if bot is not None else HardBot(seed=f"coach/{record.hand_no}/{seat}")
    judge.new_match(seat, record.rules)
    for result in earlier:
        if result.hand_no < record.hand_no:
            judge.on_event(HandEnded(result, (0, 0)))
    rng = random.Random(f"coach/{record.hand_no}/{seat}/rollouts")
    told = 0
    out: list[Judgement] = []
    for i, move in enumerate(record.moves):
        if move.seat != seat:
            continue
        for step in play.steps[told: i + 1]:
            for e in step.events:
                judge.on_event(e.seen_by(seat))
        told = i + 1
        j = judge_move(judge, observe(play.steps[i].state, seat), move.action, i, rng)
        if j is not None:
            out.append(j)
    return Review(seat, record.hand_no, tuple(out), play.result)


def judge_move(bot: HardBot, obs: Observation, played: Action, index: int = 0,
               rng: random.Random | None = None) -> Judgement | None:
    """The hard bot's judgement of ``played`` from this observation (None: not a decision it judges,
    such as the turn clock's move or a draw with no choice).  ``bot`` has heard the seat's events."""
    if played not in obs.legal_actions:
        return None
    rng = rng if rng is not None else random.Random(f"coach/{obs.hand_no}/{obs.turns}/{obs.player}")
    if obs.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
        return _judge_draw(bot, obs, played, index)
    if obs.phase is Phase.DISCARD:
        return _judge_discard(bot, obs, played, index, rng)
    return None


def _judge_draw(bot: HardBot, obs: Observation, played: Action, index: int) -> Judgement | None:
    offer = obs.phase is Phase.UPCARD_OFFER
    top = obs.top_discard
    if top is None or (not offer and DrawDiscard() not in obs.legal_actions):
        return None
    view = bot.view(obs)
    take, v_take, v_stock = bot.compare_draw(obs, view)
    took = isinstance(played, (TakeUpcard, DrawDiscard))
    take_action: Action = TakeUpcard() if offer else DrawDiscard()
    other: Action = PassUpcard() if offer else DrawStock()
    preferred = take_action if take else other
    params: dict[str, str | int] = {"card": str(top)}
    if took == take:
        return Judgement(index, played, preferred, 0.0, "coach.agree", params)
    cost = abs(v_take + bot.p["take_cost"] - v_stock)
    if take:
        key = "coach.missed_meld" if melds_in(view.hand, top) else "coach.missed_take"
    else:
        key = "coach.needless_upcard" if offer else "coach.needless_take"
    return Judgement(index, played, preferred, cost, key, params)


def _judge_discard(bot: HardBot, obs: Observation, played: Action, index: int,
                   rng: random.Random) -> Judgement | None:
    legal = obs.legal_actions
    view = bot.view(obs)
    mask = view.hand
    if BigGin() in legal:
        if isinstance(played, BigGin):
            return Judgement(index, played, played, 0.0, "coach.agree")
        bonus = obs.rules.big_gin_bonus if obs.rules.big_gin_bonus is not None else obs.rules.gin_bonus
        if isinstance(played, Knock):
            cost = float(bonus - obs.rules.gin_bonus)  # gin instead: the same count, a smaller bonus
        else:
            samples = bot.opponent_samples(obs, view, SAMPLES)
            cost = bonus + sum(deadwood_of_mask(s) for s in samples) / max(1, len(samples))
        return Judgement(index, played, BigGin(), cost, "coach.big_gin")
    if not isinstance(played, (Discard, Knock)):
        return None
    card, knock = bot.plan_discard(obs, view)
    preferred: Action = Knock(card) if knock else Discard(card)
    mine = played.card
    knocked = isinstance(played, Knock)
    d_mine = deadwood_of_mask(mask ^ (1 << mine))
    d_best = deadwood_of_mask(mask ^ (1 << card))
    base: dict[str, str | int] = {"card": str(mine), "better": str(card), "yours": d_mine, "deadwood": d_best}
    if played == preferred:
        return _agree(view, obs, played, mine, index, base)
    if not knocked and not knock:
        return _judge_throw(bot, obs, view, played, preferred, index, base)
    samples = bot.opponent_samples(obs, view, SAMPLES)
    rules = obs.rules
    if knocked and knock:
        gain_mine, _ = knock_score(rules, mask ^ (1 << mine), d_mine, samples)
        gain_best, _ = knock_score(rules, mask ^ (1 << card), d_best, samples)
        return Judgement(index, played, preferred, gain_best - gain_mine, "coach.knock_card", base, KNOCK_MARGIN)
    limit = obs.knock_limit
    hold = bot.hold_limit(obs)
    late = rules.dead_hand_stock + int(bot.p["late_stock"])
    habit = bot.knock_habit(obs)
    stocks = [stock_for(view, s, rng) for s in samples]
    if knocked:  # the bot plays on: throwing its card and going on is weighed against this knock
        gain, undercut = knock_score(rules, mask ^ (1 << mine), d_mine, samples)
        on = play_on(rules, limit, mask ^ (1 << card), card, samples, stocks, hold, late, habit)
        chance = round(undercut * 100)
        key = "coach.undercut" if undercut >= 0.25 else "coach.knock_early"
        return Judgement(index, played, preferred, on - gain, key, {**base, "chance": chance}, KNOCK_MARGIN)
    gain, _ = knock_score(rules, mask ^ (1 << card), d_best, samples)
    on = play_on(rules, limit, mask ^ (1 << mine), mine, samples, stocks, hold, late, habit)
    return Judgement(index, played, preferred, gain - on, "coach.knock_late", base, KNOCK_MARGIN)


def _judge_throw(bot: HardBot, obs: Observation, view: TableView, played: Discard | Knock, preferred: Action,
                 index: int, base: dict[str, str | int]) -> Judgement:
    mine = played.card
    better = getattr(preferred, "card", mine)
    mask = view.hand
    draws = view.stock_weights()

    def worth(c: int) -> float:
        return bot._value(mask ^ (1 << c), deadwood_of_mask(mask ^ (1 << c)), draws)

    fed, partners = feed_points(view, mine)
    fed_better, _ = feed_points(view, better)
    cost = (worth(mine) + fed) - (worth(better) + fed_better)
    if fed > fed_better:
        return Judgement(index, played, preferred, cost, "coach.feed", {**base, "with": partners})
    d_mine, d_better = deadwood_of_mask(mask ^ (1 << mine)), deadwood_of_mask(mask ^ (1 << better))
    if d_mine > d_better:
        return Judgement(index, played, preferred, cost, "coach.deadwood", base)
    if d_mine < d_better:  # the player's throw left less deadwood: say what the count does not show
        picks = picked_partners(view, mine)
        if picks:
            return Judgement(index, played, preferred, cost, "coach.safer", {**base, "with": picks})
        pair = near_meld(view, mine)
        if pair:
            return Judgement(index, played, preferred, cost, "coach.pair", {**base, "with": pair})
    near = near_meld(view, mine)
    if near and not near_meld(view, better):
        return Judgement(index, played, preferred, cost, "coach.near_meld", {**base, "with": near})
    return Judgement(index, played, preferred, cost, "coach.keep", base)


def _agree(view: TableView, obs: Observation, played: Action, mine: int, index: int,
           base: dict[str, str | int]) -> Judgement:
    """The bot plays the same: and when another throw left less deadwood, why this one was right."""
    forbidden = obs.forbidden_discard
    throws = [int(c) for c in obs.hand if c != forbidden]
    lowest = min(throws, key=lambda c: (deadwood_of_mask(view.hand ^ (1 << c)), -VALUES[c]))
    least = deadwood_of_mask(view.hand ^ (1 << lowest))
    if isinstance(played, Knock) or least >= int(base["yours"]):
        return Judgement(index, played, played, 0.0, "coach.agree", base)
    params = {**base, "lowest": str(Card(lowest)), "least": least}
    fed, partners = feed_points(view, lowest)
    if fed:
        return Judgement(index, played, played, 0.0, "coach.agree_feed", {**params, "with": partners})
    picks = picked_partners(view, lowest)
    if picks:
        return Judgement(index, played, played, 0.0, "coach.agree_picks", {**params, "with": picks})
    pair = near_meld(view, lowest)
    if pair:
        return Judgement(index, played, played, 0.0, "coach.agree_pair", {**params, "with": pair})
    return Judgement(index, played, played, 0.0, "coach.agree", base)


# ---------------------------------------------------------------------------------------------- card sense


def picked_partners(view: TableView, card: int) -> str:
    """The cards the opponent picked up that ``card`` goes with (the same rank, or the same suit within
    two), as codes: throwing it may help them ("" when it goes with none)."""
    c = Card(card)
    known = [Card(k) for k in bits(view.opp_known)]
    return " ".join(str(k) for k in known if k.rank == c.rank or (k.suit == c.suit and abs(k.rank - c.rank) <= 2))



def feed_points(view: TableView, card: int) -> tuple[float, str]:
    """Points a throw hands the opponent when it completes a meld with two cards they picked up
    (their deadwood drops by those two cards), and those cards as codes ("" when it completes none)."""
    known = view.opp_known
    if not known or not completes_meld(known, card):
        return 0.0, ""
    best: tuple[int, int, int] | None = None
    for a, b in MELD_PAIRS[card]:
        if known >> a & 1 and known >> b & 1:
            worth = VALUES[a] + VALUES[b]
            if best is None or worth > best[0]:
                best = (worth, a, b)
    if best is None:
        return 0.0, ""
    return float(best[0]), f"{Card(best[1])} {Card(best[2])}"


def near_meld(view: TableView, card: int) -> str:
    """The card of the hand that ``card`` pairs with toward a meld whose missing card can still come
    (neither in the discard pile nor out of play nor picked up by the opponent), as a code; "" if none."""
    hand = view.hand & ~(1 << card)
    live = view.unseen
    for a, b in MELD_PAIRS[card]:
        for have, need in ((a, b), (b, a)):
            if hand >> have & 1 and live >> need & 1:
                return str(Card(have))
    return ""


__all__ = ["MARGIN", "KNOCK_MARGIN", "TEXTS", "Judgement", "Review", "judge_move", "review"]
