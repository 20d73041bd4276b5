"""The hard opponent: counts every card, models the opponent's hand and compares moves by lookahead.

How it thinks (a few milliseconds a decision):
- It tracks every card it has seen; the opponent's discards and refusals make cards that meld with
  them less likely in the opponent's hand, their pickups make such cards more likely
  (``knowledge.TableView``).
- A ten-card hand is worth the deadwood expected after one more stock draw, less a bonus for the
  chance that the draw allows a knock (``knowledge.draw_outlook``), so it keeps cards close to melds.
- It draws from the discard pile when the best hand after taking the card beats the hand expected
  after a stock draw (looked at one draw further).
- It throws the card that leaves the best hand; a card likely to join a meld in the opponent's hand
  costs extra, more so one that joins the opponent's pickups, and one that completes a meld from cards
  the opponent showed is thrown only when nothing else can go.
- Before knocking it samples likely opponent hands, lays them off against its own melds, and works
  out the knock's expected score and undercut chance.  A sampled hand must fit what the opponent
  did: it did not knock with it, and it keeps no loose card worth as much as the one it just threw.
- Two choices are then made by a model learned from self-play (``valuemodel``, fitted by
  ``tools/train_value.py``): which of the three best throws to make (late in a hand the cards held
  now count more than the ones hoped for), and whether to knock or play on for gin or for an
  undercut of the opponent's knock (from the sampled outcome, the stage, the deadwood and the
  opponent's habit).  Gin is always taken.  ``V1`` keeps the hand-made rules of the first release.

The variants tried on top of it (play-outs, a look at the opponent's next knock, ...) live in
``bench/hard_variants.py``: no level plays them.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from game.engine import VALUES, Card, Event, HandEnded, Observation, Rules
from game.engine.melds import best_discard_key, deadwood_of_mask
from game.engine.scoring import knock_is_undercut, settle_knock

from .base import Bot, forbid_mask
from .knowledge import (
    RELATED,
    SAME_RANK,
    TableView,
    bits,
    cards,
    completes_meld,
    defender_deadwood,
    draw_outlook,
    expected_after_draw,
    layoff_targets,
)
from .value_weights import KNOCK_WEIGHTS, WEIGHTS
from .valuemodel import features, knock_features, score, stage_of

DEFAULTS: dict[str, float] = {
    "reach": 20.0,  # points for each unit of chance that the next draw brings a knock
    "take_cost": 0.4,  # points a face-up pickup costs for what it tells the opponent
    "danger": 3.0,  # points lost when a throw joins a meld in the opponent's hand
    "wanted": 1.5,  # extra points for throwing a card that plainly joins the opponent's pickups
    "samples": 40,  # opponent hands sampled before knocking
    "improve": 0.5,  # extra cards per opponent turn that a sampled opponent hand has chosen from
    "improve_cap": 3,  # ... at most this many
    "worst_slack": -1,  # a sampled hand keeps no loose card worth more than the last throw plus this
    "tries": 6,  # hands drawn per sample wanted, before the evidence is relaxed
    "max_undercut": 0.1,  # knock only below this undercut chance ...
    "min_gain": 2.0,  # ... and when the expected score of the knock is at least this
    "hold_below": 5,  # with this little deadwood (not gin; scaled to the knock limit) it plays on ...
    "hold_margin": 1,  # ... or, once the opponent's knocking habit is known, this far below it
    "hold_cap": 2,  # ... and at least this far below the knock limit
    "late_stock": 1,  # stock cards left (beyond the dead-hand count) when any safe knock is taken
    "prune": 8,  # discards whose deadwood exceeds the least by more than this are not compared
    "learned": 3,  # > 0: the throw is chosen among the best this many by the learned model (``valuemodel``)
    "learned_knock": 1,  # 1: knock when the learned model says knocking scores more than playing on
}

V1: dict[str, float] = {**DEFAULTS, "learned": 0, "learned_knock": 0, "reach": 12.0, "danger": 0.0, "wanted": 3.0,
                           "late_stock": 6}
"""The hard bot as first released (the yardstick ``hard_v1``), kept fixed while ``DEFAULTS`` move on: it
knocks by the sampled undercut chance and the opponent's habit, no play-outs, nothing learned."""


Draws = list[tuple[int, float]]  # (card, chance it is the next stock card, unnormalised)
Memo = dict[int, float]  # hand values already worked out during one decision
Ranked = list[tuple[float, int, int, float]]  # (value with the throw's cost, deadwood kept, card thrown, the cost)

SURE_FEED = 30.0  # points: never hand the opponent a meld made of cards they picked up


def knock_outcome(rules: Rules, rest: int, k: int, samples: Sequence[int]) -> tuple[float, float]:
    """(expected points of knocking with the ten cards ``rest`` at deadwood ``k``, chance of an undercut)
    against the sampled opponent hands (at least one); points are the knocker's, negative when undercut."""
    targets = layoff_targets(cards(rest))
    total = 0.0
    undercuts = 0
    for opp in samples:
        d = defender_deadwood(targets, opp)
        undercuts += knock_is_undercut(rules, k, d)
        total += settle_knock(rules, k, d)
    n = len(samples)
    return total / n, undercuts / n


class HardBot(Bot):
    level = "hard"
    defaults: ClassVar[dict[str, float]] = DEFAULTS  # the parameters it takes, with their values

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None, **params: float) -> None:
        super().__init__(seed, rng)
        unknown = set(params) - set(self.defaults)
        if unknown:
            raise ValueError(f"unknown hard-bot parameters: {sorted(unknown)}")
        self.p = {**self.defaults, **params}
        self._plan: tuple[int, int, int, int, bool] | None = None
        self._limit = 10  # the knock limit of the hand being thought about
        self._stage = 0.0
        self.opp_knock_counts: list[int] = []  # the opponent's deadwood at its knocks this match
        self.opp_declines: list[int] = []  # deadwood the opponent held, could knock with, and did not

    def new_match(self, seat: int, rules: Rules) -> None:
        super().new_match(seat, rules)
        self.opp_knock_counts = []
        self.opp_declines = []

    def on_event(self, event: Event) -> None:
        super().on_event(event)
        if isinstance(event, HandEnded):
            r = event.result
            if r.knocker is not None and r.knocker != self.seat and r.kind in ("knock", "undercut"):
                self.opp_knock_counts.append(r.knocker_deadwood)
            elif r.knocker == self.seat and r.defender_deadwood_before_layoffs <= self.memory.knock_limit:
                # the hand shown is the one the opponent kept at its last discard without knocking
                self.opp_declines.append(r.defender_deadwood_before_layoffs)

    # ---------------------------------------------------------------- values

    def _value(self, mask: int, dw: int, draws: Draws, memo: Memo | None = None) -> float:
        if memo is not None:
            v = memo.get(mask)
            if v is not None:
                return v
        reach = self.p["reach"]
        if reach:
            mean, chance, _ = draw_outlook(mask, draws, dw, self._limit)
            v = mean - reach * chance
        else:
            v = expected_after_draw(mask, draws, dw)
        if memo is not None:
            memo[mask] = v
        return v

    def _throw_cost(self, view: TableView, card: int) -> float:
        cost = self.p["danger"] * view.danger(card) if self.p["danger"] else 0.0
        known = view.opp_known
        if known and (RELATED[card] | SAME_RANK[card]) & known:
            cost += self.p["wanted"]
            if completes_meld(known, card):
                cost += SURE_FEED  # it would complete a meld the opponent has shown
        return cost

    def view(self, obs: Observation) -> TableView:
        self._limit = obs.knock_limit
        self._stage = stage_of(obs.stock_size, obs.rules.dead_hand_stock)
        return TableView(obs, self.memory)

    # ---------------------------------------------------------------- draw

    def draw_from_discard(self, obs: Observation) -> bool:
        if obs.top_discard is None:
            return False
        return self.compare_draw(obs, self.view(obs))[0]

    def compare_draw(self, obs: Observation, view: TableView) -> tuple[bool, float, float]:
        """(take the face-up card?, value after taking it, expected value after a stock draw)."""
        top = obs.top_discard
        assert top is not None
        draws = view.stock_weights()
        mask = view.hand
        forbid = 0 if obs.rules.may_discard_taken_card else 1 << top
        memo: Memo = {}
        take = self._best_keep(mask | 1 << top, forbid, draws, view, with_danger=False, memo=memo)[1]
        stock = self._value2(mask, draws, memo)
        return take + self.p["take_cost"] < stock, take, stock

    def ranked_keeps(
        self, mask11: int, forbid: int, draws: Draws, view: TableView, with_danger: bool, memo: Memo | None = None
    ) -> Ranked:
        """(value with the throw's cost, deadwood kept, card thrown, the cost) for the allowed throws,
        best first; throws far above the least deadwood are not compared."""
        options = [(deadwood_of_mask(mask11 ^ (1 << c)), c) for c in bits(mask11 & ~forbid)]
        least = min(d for d, _ in options)
        scored = []
        for d, c in options:
            if d > least + self.p["prune"]:
                continue
            cost = self._throw_cost(view, c) if with_danger else 0.0
            scored.append((self._value(mask11 ^ (1 << c), d, draws, memo) + cost, -VALUES[c], c, d, cost))
        scored.sort()
        return [(v, d, c, cost) for v, _, c, d, cost in scored]

    def _best_keep(
        self, mask11: int, forbid: int, draws: Draws, view: TableView, with_danger: bool, memo: Memo | None = None
    ) -> tuple[int, float]:
        """(card to throw, value of the ten cards kept) over the allowed throws."""
        ranked = self.ranked_keeps(mask11, forbid, draws, view, with_danger, memo)
        top = int(self.p["learned"])
        if top > 1 and with_danger and len(ranked) > 1:
            tops = ranked[:top]
            keys = self._learned_keys(mask11, draws, view, tops)
            best = tops[max(range(len(tops)), key=keys.__getitem__)]
            return best[2], best[0]
        return ranked[0][2], ranked[0][0]

    def _learned_keys(self, mask11: int, draws: Draws, view: TableView, tops: Ranked) -> list[float]:
        """The learned model's points for keeping each of the best few throws' hands."""
        return [score(WEIGHTS, features(mask11 ^ (1 << r[2]), r[1], draws, self._limit, self._stage, r[0], r[3]))
                for r in tops]

    def _value2(self, mask: int, draws: Draws, memo: Memo) -> float:
        """The value expected after one more stock draw (and the least-deadwood throw)."""
        total = weight = 0.0
        for x, q in draws:
            c, nd = best_discard_key(mask | 1 << x, 0)
            total += q * self._value((mask | 1 << x) ^ (1 << c), nd, draws, memo)
            weight += q
        return total / weight if weight else self._value(mask, deadwood_of_mask(mask), draws, memo)

    # ---------------------------------------------------------------- discard and knock

    def choose_discard(self, obs: Observation) -> Card:
        card, knock = self.plan_discard(obs, self.view(obs))
        self._plan = (obs.hand_no, obs.turns, obs.player, int(card), knock)
        return card

    def plan_discard(self, obs: Observation, view: TableView) -> tuple[Card, bool]:
        """The card to throw and whether to knock with it."""
        mask = view.hand
        forbid = forbid_mask(obs)
        c0, d0 = best_discard_key(mask, forbid)
        if d0 == 0:
            return Card(c0), True  # gin, whatever decides the other knocks
        learned = bool(self.p["learned_knock"])
        if d0 <= obs.knock_limit and not learned and self.should_knock(obs, view, mask ^ (1 << c0), d0):
            return Card(c0), True
        c, v = self._best_keep(mask, forbid, view.stock_weights(), view, with_danger=True)
        if d0 <= obs.knock_limit and learned:
            knock = self.learned_knock(obs, view, mask ^ (1 << c0), d0, v)
            return (Card(c0), True) if knock else (Card(c), False)
        return Card(c), False

    def learned_knock(self, obs: Observation, view: TableView, rest: int, k: int, play_on: float) -> bool:
        """Knock with ``rest`` (deadwood ``k``, not gin) rather than play on with a hand worth ``play_on``?"""
        if self.late(obs):  # the hand is nearly dead: any knock expected to score beats none
            return self.knock_outlook(obs, view, rest, k)[0] > 0
        return score(KNOCK_WEIGHTS, self.knock_features(obs, view, rest, k, play_on)) > 0

    def late(self, obs: Observation) -> bool:
        """So few stock cards are left that any knock expected to score is taken."""
        return obs.stock_size <= obs.rules.dead_hand_stock + self.p["late_stock"]

    def knock_features(self, obs: Observation, view: TableView, rest: int, k: int, play_on: float) -> list[float]:
        """What the learned knock decision looks at: knocking with ``rest`` (deadwood ``k``) or playing on
        with a hand of hand-made value ``play_on``."""
        gain, undercut = self.knock_outlook(obs, view, rest, k)
        hold = k <= self.hold_limit(obs)
        known = self.knock_habit(obs) >= 0
        return knock_features(k, gain, undercut, self._stage, hold, known, play_on)

    def knock(self, obs: Observation, card: Card) -> bool:
        plan = self._plan
        if plan is not None and plan[:4] == (obs.hand_no, obs.turns, obs.player, int(card)):
            return plan[4]
        view = self.view(obs)
        rest = view.hand ^ (1 << card)
        return self.should_knock(obs, view, rest, deadwood_of_mask(rest))

    def opponent_samples(self, obs: Observation, view: TableView, n: int) -> list[int]:
        """Likely opponent hands, drawn by the card weights and kept only if they fit what the
        opponent did: a hand that could have knocked by the opponent's own habit is dropped (it did
        not knock), and so is one still holding a loose card worth as much as the card it just threw
        (it would rather have thrown that one).  When the evidence fits too few drawn hands, the
        hands that break only the second test fill up, then plain random ones."""
        mem = self.memory
        current = mem.hand_no == obs.hand_no
        turns = len(mem.opp_discards) if current else obs.turns // 2
        extra = min(int(round(self.p["improve"] * turns)), int(self.p["improve_cap"]))
        habit = self.knock_habit(obs) if turns else -1
        cap = VALUES[mem.opp_discards[-1]] + self.p["worst_slack"] if current and mem.opp_discards else 99
        out: list[int] = []
        loose: list[int] = []
        for _ in range(int(self.p["tries"]) * n):
            opp = view.sample_opponent(self.rng, extra)
            d = deadwood_of_mask(opp)
            if habit >= 0 and d <= habit:
                continue
            if d and d - best_discard_key(opp, 0)[1] > cap:  # its worst card beats the one it threw
                if len(loose) < n:
                    loose.append(opp)
                continue
            out.append(opp)
            if len(out) == n:
                break
        if len(out) < n // 4:
            out += loose[: n - len(out)]
        if len(out) < n // 4:  # the evidence fits few likely hands: fall back on plain random ones
            out += [view.sample_opponent(self.rng, 0) for _ in range(n - len(out))]
        return out

    def hold_limit(self, obs: Observation) -> int:
        """Play on with this much deadwood or less: the opponent's own knock would be undercut."""
        habit = self.knock_habit(obs)
        if habit < 0:
            return int(obs.knock_limit * self.p["hold_below"] // 10)
        return int(min(habit - self.p["hold_margin"], obs.knock_limit - self.p["hold_cap"]))

    def knock_habit(self, obs: Observation) -> int:
        """The deadwood the opponent seems to knock at (-1: unknown): the most it knocked with this
        match, below the least it was seen to hold without knocking."""
        if not self.opp_knock_counts:
            return -1
        habit = max(self.opp_knock_counts)
        if self.opp_declines:
            habit = min(habit, min(self.opp_declines) - 1)
        return min(habit, obs.knock_limit)

    def knock_outlook(self, obs: Observation, view: TableView, rest: int, k: int) -> tuple[float, float]:
        """(expected points of knocking now, chance of being undercut), from sampled opponent hands."""
        samples = self.opponent_samples(obs, view, max(1, int(self.p["samples"])))
        return knock_outcome(obs.rules, rest, k, samples)

    def should_knock(self, obs: Observation, view: TableView, rest: int, k: int) -> bool:
        if k == 0:
            return True
        if k > obs.knock_limit:
            return False
        late = self.late(obs)
        if not late and k <= self.hold_limit(obs):
            return False
        gain, undercut = self.knock_outlook(obs, view, rest, k)
        if late:
            return gain > 0
        return undercut <= self.p["max_undercut"] and gain >= self.p["min_gain"]
