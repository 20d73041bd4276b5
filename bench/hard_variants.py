"""The hard-bot variants of docs/bots.md's "Variants tried", kept to replay them; no game level plays them.

``HardVariant`` is the shipped ``HardBot`` plus the switches below, all off by default (so with none set it
plays exactly like the hard bot).  The command plays a variant and its base on the same matches against one
opponent (the same match and bot seeds, seats swapping, as ``python -m game.sim``) and prints the change
match by match, with 95% half-widths:

    python bench/hard_variants.py rollouts=32,roll_knock=3 --base hard_v1 --matches 400 --workers 2
    python bench/hard_variants.py defend=4,learned=5 --matches 2000 --seed 31 --workers 2

``--base hard_v1`` starts from the first release (``hard.V1``), the default from today's hard bot; the
base may carry changes too (``--base-params``), so a row "... on top of the play-outs" is replayed with
the play-out switches in both.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from functools import partial
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.playout import Policy, knock_points, play_out, stock_of  # noqa: E402
from game.bots import Bot, make_bot  # noqa: E402
from game.bots.base import forbid_mask  # noqa: E402
from game.bots.hard import DEFAULTS, V1, Draws, HardBot, Memo, Ranked  # noqa: E402
from game.bots.knowledge import (  # noqa: E402
    TableView,
    bits,
    cards,
    defender_deadwood,
    draw_outlook,
    expected_after_draw,
    layoff_targets,
)
from game.engine import VALUES, VAN, Card, Observation  # noqa: E402
from game.engine.melds import best_discard_key  # noqa: E402
from game.engine.scoring import knock_is_undercut, settle_knock  # noqa: E402

EXPERIMENTS: dict[str, float] = {
    "mix": 0.0,  # weight of the present deadwood against the deadwood expected after one draw
    "mix_late": 0.0,  # the weight of the present deadwood grows to this as the hand goes on
    "gin_reach": 0.0,  # points for each unit of chance that the next draw brings gin, on top of ``reach``
    "deep": 0,  # the best few throws are compared again two draws ahead (in place of the learned throw)
    "rollouts": 0,  # > 0: weigh each possible knock against this many play-outs of the hand going on
    "roll_knock": 0,  # ... in which this seat knocks with this much deadwood or less (0: gin only)
    "roll_late": 4,  # ... or with any legal count once the stock is this short
    "roll_margin": 0.0,  # knock when its expected points beat playing on by at least this
    "roll_draw": 0,  # > 0: a close draw (values within draw_band) is settled by this many play-outs
    "draw_band": 2.0,
    "clamp": 0,  # 1: points past what either side needs to win the match count for nothing
    "finish": 0.0,  # > 0: within this many times (knock limit + 10) points of the target, a low count
    # knocks when the expected score reaches the target (instead of playing on for an undercut)
    "defend": 0.0,  # > 0: among the learned best throws, add this times the points each kept hand is expected
    # to score if the opponent knocks after its next stock draw (sampled; an undercut gains)
    "defend_samples": 16,
}


class HardVariant(HardBot):
    """The hard bot with the experiments of "Variants tried" switchable."""

    level = "hard_variant"
    defaults = {**DEFAULTS, **EXPERIMENTS}

    def __init__(self, seed: int | str | None = None, **params: float) -> None:
        super().__init__(seed, **params)
        self._mix = self.p["mix"]
        self._obs: Observation | None = None  # the decision being thought about

    def view(self, obs: Observation) -> TableView:
        stage = min(1.0, obs.turns / 20.0)
        self._mix = self.p["mix"] + (self.p["mix_late"] - self.p["mix"]) * stage
        self._obs = obs
        return super().view(obs)

    def _value(self, mask: int, dw: int, draws: Draws, memo: Memo | None = None) -> float:
        mix, reach, gin_reach = self._mix, self.p["reach"], self.p["gin_reach"]
        if not (mix or gin_reach):
            return super()._value(mask, dw, draws, memo)
        if memo is not None and mask in memo:
            return memo[mask]
        if reach or gin_reach:
            mean, chance, gin = draw_outlook(mask, draws, dw, self._limit)
            v = mix * dw + (1.0 - mix) * mean - reach * chance - gin_reach * gin
        else:
            v = mix * dw + (1.0 - mix) * expected_after_draw(mask, draws, dw)
        if memo is not None:
            memo[mask] = v
        return v

    # ------------------------------------------------------------ draws settled by play-outs

    def draw_from_discard(self, obs: Observation) -> bool:
        top = obs.top_discard
        if top is None:
            return False
        view = self.view(obs)
        take, after_take, after_stock = self.compare_draw(obs, view)
        if self.p["roll_draw"] and abs(after_take + self.p["take_cost"] - after_stock) < self.p["draw_band"]:
            return self.take_beats_stock(obs, view, top)
        return take

    def _policy(self, obs: Observation) -> Policy:
        habit = self.knock_habit(obs)
        return Policy(limit=obs.knock_limit, me_knock=min(int(self.p["roll_knock"]), obs.knock_limit),
                      opp_knock=obs.knock_limit if habit < 0 else habit, late=int(self.p["roll_late"]))

    def take_beats_stock(self, obs: Observation, view: TableView, top: Card) -> bool:
        """A close draw settled by play-outs: take the face-up card, or draw from the stock?"""
        rules = obs.rules
        policy = self._policy(obs)
        hand = view.hand
        forbid = 0 if rules.may_discard_taken_card else 1 << top
        diff = 0.0
        for opp in self.opponent_samples(obs, view, int(self.p["roll_draw"])):
            stock = stock_of(view.unseen, opp, self.rng)
            c, d = best_discard_key(hand | 1 << top, forbid)
            rest = (hand | 1 << top) ^ (1 << c)
            diff += knock_points(rules, 0, rest, opp) if d == 0 else play_out(rules, rest, opp, stock, c, policy)
            if len(stock) > rules.dead_hand_stock:
                x = stock[-1]
                c, d = best_discard_key(hand | 1 << x, 0)
                rest = (hand | 1 << x) ^ (1 << c)
                stock.pop()
                diff -= knock_points(rules, 0, rest, opp) if d == 0 else play_out(rules, rest, opp, stock, c, policy)
        return diff > 0

    # ------------------------------------------------------------ throws

    def _best_keep(
        self, mask11: int, forbid: int, draws: Draws, view: TableView, with_danger: bool, memo: Memo | None = None
    ) -> tuple[int, float]:
        deep = int(self.p["deep"])
        if not (deep and with_danger):
            return super()._best_keep(mask11, forbid, draws, view, with_danger, memo)
        ranked = self.ranked_keeps(mask11, forbid, draws, view, with_danger, memo)
        if len(ranked) < 2:
            return ranked[0][2], ranked[0][0]
        memo = {} if memo is None else memo
        rescored = sorted((self._value2(mask11 ^ (1 << c), draws, memo) + cost, -VALUES[c], c)
                          for _, _, c, cost in ranked[:deep])
        return rescored[0][2], rescored[0][0]

    def _learned_keys(self, mask11: int, draws: Draws, view: TableView, tops: Ranked) -> list[float]:
        keys = super()._learned_keys(mask11, draws, view, tops)
        if self.p["defend"] and self._obs is not None:
            exposed = self.exposure(self._obs, view, [mask11 ^ (1 << r[2]) for r in tops])
            keys = [k + self.p["defend"] * e for k, e in zip(keys, exposed, strict=True)]
        return keys

    def exposure(self, obs: Observation, view: TableView, keeps: list[int]) -> list[float]:
        """Points each kept ten-card hand in ``keeps`` is expected to score should the opponent knock after
        its next stock draw (by its habit, or the limit while unknown): lost deadwood after layoffs, or an
        undercut won; nothing where it would not knock.  Over sampled opponent hands and stock cards."""
        habit = self.knock_habit(obs)
        limit = obs.knock_limit if habit < 0 else habit
        totals = [0.0] * len(keeps)
        samples = self.opponent_samples(obs, view, int(self.p["defend_samples"]))
        for opp in samples:
            pool = list(bits(view.unseen & ~opp))
            if not pool:
                continue
            drawn = opp | 1 << self.rng.choice(pool)
            c, k = best_discard_key(drawn, 0)
            if k > limit:
                continue
            targets = layoff_targets(cards(drawn ^ (1 << c))) if k else []  # nothing is laid off on gin
            for i, keep in enumerate(keeps):
                totals[i] -= float(settle_knock(obs.rules, k, defender_deadwood(targets, keep)))
        n = max(1, len(samples))
        return [t / n for t in totals]

    # ------------------------------------------------------------ knocks

    def plan_discard(self, obs: Observation, view: TableView) -> tuple[Card, bool]:
        if not self.p["rollouts"] or self.p["learned_knock"]:
            return super().plan_discard(obs, view)  # the learned knock comes first, as it did in the bot
        mask = view.hand
        forbid = forbid_mask(obs)
        c0, d0 = best_discard_key(mask, forbid)
        if d0 == 0:
            return Card(c0), True
        c, _ = self._best_keep(mask, forbid, view.stock_weights(), view, with_danger=True)
        if d0 <= obs.knock_limit and self.knock_beats_play_on(obs, view, mask ^ (1 << c0), d0, mask ^ (1 << c), c):
            return Card(c0), True
        return Card(c), False

    def knock_beats_play_on(self, obs: Observation, view: TableView, rest: int, k: int, keep: int, thrown: int) -> bool:
        """Sample opponent hands and stock orders: is knocking now worth more than playing on?"""
        rules = obs.rules
        policy = self._policy(obs)
        samples = self.opponent_samples(obs, view, int(self.p["rollouts"]))
        targets = layoff_targets(cards(rest))
        if self.p["clamp"]:
            mine, theirs = obs.scores[obs.player], obs.scores[1 - obs.player]
            need, give = max(1, rules.target - mine), max(1, rules.target - theirs)
        else:
            need = give = 1 << 20
        now = later = 0.0
        for opp in samples:
            d = defender_deadwood(targets, opp)
            points = settle_knock(rules, k, d)
            now += -min(-points, give) if knock_is_undercut(rules, k, d) else min(points, need)
            pts = play_out(rules, keep, opp, stock_of(view.unseen, opp, self.rng), thrown, policy)
            later += min(pts, need) if pts > 0 else max(pts, -give)
        return now >= later + self.p["roll_margin"] * len(samples)

    def should_knock(self, obs: Observation, view: TableView, rest: int, k: int) -> bool:
        need = obs.rules.target - obs.scores[obs.player]
        finishing = self.p["finish"] > 0 and need <= self.p["finish"] * (obs.knock_limit + 10)
        if not finishing or k == 0 or k > obs.knock_limit or self.late(obs):
            return super().should_knock(obs, view, rest, k)
        gain, undercut = self.knock_outlook(obs, view, rest, k)
        if k <= self.hold_limit(obs):  # a safe knock that likely ends the match
            return undercut <= self.p["max_undercut"] and gain >= need
        return undercut <= self.p["max_undercut"] and gain >= self.p["min_gain"]


# ---------------------------------------------------------------- paired matches


def make_variant(base: dict[str, float], changes: dict[str, float], level: str, seed: int | str) -> Bot:
    """The simulator's bot maker: ``variant`` and ``base`` are hard variants, any other name a game level."""
    if level in ("variant", "base"):
        return HardVariant(seed=seed, **{**base, **(changes if level == "variant" else {})})
    return make_bot(level, seed=seed)


def parse_params(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key.strip() not in HardVariant.defaults:
            raise SystemExit(f"unknown parameter {key.strip()!r}; known: {', '.join(sorted(HardVariant.defaults))}")
        out[key.strip()] = float(value)
    return out


def per_match(result: dict[str, Any]) -> tuple[float, float]:
    """(1 if A won the match, A's points a hand won minus lost) of one ``game.sim.run_one`` result."""
    hands = result["hands"]
    net = sum(h["points"] if h["winner"] == "a" else -h["points"] for h in hands if h["winner"] is not None)
    return float(result["winner"] == "a"), net / max(1, len(hands))


def paired(base: list[tuple[float, float]], variant: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """(mean change, 95% half-width) of the match wins and of the points a hand, match by match."""
    out = []
    for i in (0, 1):
        diffs = [v[i] - b[i] for b, v in zip(base, variant, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        out.append((mean, 1.96 * sd / math.sqrt(n)))
    return out


def main(argv: list[str] | None = None) -> int:
    from game.sim import run_one

    parser = argparse.ArgumentParser(description="A hard-bot variant against its base, on the same matches.")
    parser.add_argument("params", help="the variant's changes, e.g. rollouts=32,roll_knock=3")
    parser.add_argument("--base", choices=("hard", "hard_v1"), default="hard")
    parser.add_argument("--base-params", default="", help="changes both sides carry, e.g. rollouts=32")
    parser.add_argument("--against", default="simple")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    base = {**(V1 if args.base == "hard_v1" else DEFAULTS), **parse_params(args.base_params)}
    maker = partial(make_variant, base, parse_params(args.params))
    rules = VAN.to_dict()
    results: dict[str, list[tuple[float, float]]] = {}
    for side in ("base", "variant"):
        jobs = [(side, args.against, rules, args.seed, i, maker) for i in range(args.matches)]
        if args.workers > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                results[side] = [per_match(r) for r in pool.imap(run_one, jobs, chunksize=8)]
        else:
            results[side] = [per_match(run_one(job)) for job in jobs]
    (wins, wins_hw), (points, points_hw) = paired(results["base"], results["variant"])
    base_rate = sum(w for w, _ in results["base"]) / args.matches
    print(f"{args.params} over {args.base}{' ' + args.base_params if args.base_params else ''}, "
          f"against {args.against}: {args.matches} matches, seed {args.seed}")
    print(f"wins {wins * 100:+.1f} (±{wins_hw * 100:.1f}) from {base_rate:.1%}, "
          f"points {points:+.2f} (±{points_hw:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
