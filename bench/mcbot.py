"""A yardstick that does not knock at once: a determinized Monte Carlo player.

For every decision it guesses the opponent's hand and the stock order (``samples`` times, from what
its own seat has seen: ``TableView.sample_opponent``), plays the rest of the hand out from each
candidate move with the simple policies of ``bench/playout.py`` (take a face-up card that makes a
meld, throw the least-deadwood card, knock as soon as possible), and picks the move with the best
average score.  Every candidate is tried on the same guesses.  It knocks only when knocking scores
better than playing on.

Not a game level: ``bench/bench_strength.py`` and ``bench/bench_bots.py`` play it by the name ``mc``
(through ``make_level`` below, which knows the game's levels too).
"""
from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.playout import Policy, knock_points, play_out, stock_of  # noqa: E402
from game.bots.base import Bot, forbid_mask  # noqa: E402
from game.bots.knowledge import TableView, bits  # noqa: E402
from game.engine import Card, Observation  # noqa: E402
from game.engine.melds import best_discard_key, deadwood_of_mask  # noqa: E402
from game.sim import make_level as game_level  # noqa: E402


class MonteCarloBot(Bot):
    level = "mc"

    def __init__(
        self, seed: int | str | None = None, rng: random.Random | None = None, samples: int = 64, throws: int = 3
    ) -> None:
        super().__init__(seed, rng)
        self.samples = samples
        self.throws = throws  # the discards compared: the lowest-deadwood few
        self._plan: tuple[int, int, int, int, bool] | None = None

    def _guesses(self, obs: Observation, view: TableView) -> list[tuple[int, list[int]]]:
        out = []
        for _ in range(self.samples):
            opp = view.sample_opponent(self.rng, 0)
            out.append((opp, stock_of(view.unseen, opp, self.rng)))
        return out

    def _policy(self, obs: Observation) -> Policy:
        k = obs.knock_limit
        return Policy(limit=k, me_knock=k, opp_knock=k, late=0)

    def _after_throw(self, obs: Observation, rest: int, d: int, knock: bool, opp: int, stock: list[int],
                     thrown: int) -> float:
        if knock:
            return knock_points(obs.rules, d, rest, opp)
        return play_out(obs.rules, rest, opp, stock, thrown, self._policy(obs))

    def _settle(self, obs: Observation, hand11: int, forbid: int, opp: int, stock: list[int]) -> float:
        """Value of eleven cards under the rollout policy: throw the least deadwood, knock if allowed."""
        c, d = best_discard_key(hand11, forbid)
        rest = hand11 ^ (1 << c)
        knock = d == 0 or d <= obs.knock_limit
        return self._after_throw(obs, rest, d, knock, opp, stock, c)

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        if top is None:
            return False
        view = TableView(obs, self.memory)
        hand = view.hand
        forbid = 0 if obs.rules.may_discard_taken_card else 1 << top
        take = stock = 0.0
        for opp, order in self._guesses(obs, view):
            take += self._settle(obs, hand | 1 << top, forbid, opp, order)
            if len(order) > obs.rules.dead_hand_stock:
                stock += self._settle(obs, hand | 1 << order[-1], 0, opp, order[:-1])
        return take > stock

    def choose_discard(self, obs: Observation) -> Card:
        view = TableView(obs, self.memory)
        hand = view.hand
        forbid = forbid_mask(obs)
        options = sorted((deadwood_of_mask(hand ^ (1 << c)), c) for c in bits(hand & ~forbid))
        candidates = [(d, c, False) for d, c in options[: self.throws]]
        d0, c0 = options[0]
        if d0 <= obs.knock_limit:
            candidates.append((d0, c0, True))
        totals = [0.0] * len(candidates)
        for opp, order in self._guesses(obs, view):
            for i, (d, c, knock) in enumerate(candidates):
                totals[i] += self._after_throw(obs, hand ^ (1 << c), d, knock, opp, order, c)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        _, card, knock = candidates[best]
        if d0 == 0:
            card, knock = c0, True  # gin
        self._plan = (obs.hand_no, obs.turns, obs.player, card, knock)
        return Card(card)

    def knock(self, obs: Observation, card: Card) -> bool:
        plan = self._plan
        if plan is not None and plan[:4] == (obs.hand_no, obs.turns, obs.player, int(card)):
            return plan[4]
        return True


def make_level(level: str, seed: int | str) -> Bot:
    """``game.sim.make_level`` with the Monte Carlo bot added as ``mc``."""
    if level == "mc":
        return MonteCarloBot(seed=seed)
    return game_level(level, seed)
