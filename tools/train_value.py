#!/usr/bin/env python3
"""Fit the hard bot's learned throw and knock choices (``game/bots/valuemodel.py``) from bot matches.

    python3 -m venv .train && .train/bin/pip install -r tools/requirements-train.txt
    .train/bin/python tools/train_value.py --matches 4000 --workers 2     # writes game/bots/value_weights.py

The hard bot (with ``--params``, e.g. ``learned=3,learned_knock=1``, the learned choices it already has)
plays matches against the simple, medium and hard_v1 bots and itself.  Now and then it explores:

- at a throw that does not knock, it keeps one of the three best hands by its hand-made value at random;
- when it may knock (not gin), it knocks or plays on at random;
- with ``--once``, at most one choice a hand, so the rest of the hand is played as the bot would
  (unbiased, but far fewer explored choices a match).

Each explored choice is written down with the features of every option and, for the fit only, the
opponent's real hand; when the hand ends the row gets the points the hand scored for that seat
(negative when it lost).  Because the choice was random, the points of the option taken less the
options' mean show what the option itself is worth, apart from the luck of the situation: a
least-squares fit (a little ridge; the situation and the opponent's real hand are fitted alongside to
take noise out, then dropped) gives the weights.  numpy is needed here only: the game reads the
weights as plain Python numbers.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import pickle
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.bots import HardBot, make_bot, play_match  # noqa: E402
from game.bots import value_weights as current  # noqa: E402
from game.bots.base import forbid_mask  # noqa: E402
from game.bots.hard import DEFAULTS, V1  # noqa: E402
from game.bots.knowledge import mask_of_cards, meld_cover  # noqa: E402
from game.bots.valuemodel import KNOCK_NAMES, NAMES, features, stage_of  # noqa: E402
from game.engine import VAN, Card, Event, HandEnded, Observation  # noqa: E402
from game.engine.melds import best_discard_key, deadwood_of_mask  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "game", "bots", "value_weights.py")
OPPONENTS = ("simple", "medium", "hard_v1", "self")
TOP = 3  # the learned throw is chosen among the hand-made value's best three
NUISANCE = ("opp_dw", "opp_dw*stage", "opp_can", "opp_can*stage", "opp_loose", "opp_gin_close", "stage", "picks")
"""The situation, with the opponent's real hand (known to the trainer only)."""

Row = tuple[str, list[list[float]], int, list[float], float]  # kind, options' features, taken, situation, points


class Recorder(HardBot):
    """The hard bot, exploring now and then and writing down what it explored."""

    def __init__(
        self, seed: int | str | None = None, explore: float = 0.5, knock_explore: float = 0.5, once: bool = False,
        **params: Any
    ) -> None:
        super().__init__(seed, **params)
        self.knock_explore = knock_explore
        self.once = once  # explore at most one choice a hand: the rest of the hand is played as the bot would
        self.rows: list[Row] = []
        self._open: list[tuple[str, list[list[float]], int, list[float]]] = []
        self.explore = explore
        self.coin = random.Random(f"explore/{seed}")
        self.truth: list[Any] = [None]  # the match state, set by the trainer's watch

    def _situation(self, obs: Observation, stage: float) -> list[float]:
        opp = mask_of_cards(self.truth[0].hands[1 - self.seat])
        od = deadwood_of_mask(opp)
        can = 1.0 if od <= obs.knock_limit else 0.0
        loose = float(bin(opp & ~meld_cover(opp)).count("1"))
        return [float(od), od * stage, can, can * stage, loose, 1.0 if od <= 3 else 0.0, stage,
                float(len(obs.opponent_picks))]

    def choose_discard(self, obs: Observation) -> Card:
        view = self.view(obs)
        mask = view.hand
        forbid = forbid_mask(obs)
        stage = stage_of(obs.stock_size, obs.rules.dead_hand_stock)
        c0, d0 = best_discard_key(mask, forbid)
        done = self.once and bool(self._open)
        if 0 < d0 <= obs.knock_limit and self.knock_explore and not done and self.coin.random() < self.knock_explore:
            c, v = self._best_keep(mask, forbid, view.stock_weights(), view, with_danger=True)
            feats = self.knock_features(obs, view, mask ^ (1 << c0), d0, v)
            knock = self.coin.random() < 0.5
            card = Card(c0 if knock else c)
            self._open.append(("knock", [feats], int(knock), self._situation(obs, stage)))
            self._plan = (obs.hand_no, obs.turns, obs.player, int(card), knock)
            return card
        card, knock = self.plan_discard(obs, view)
        if not knock and not done and self.coin.random() < self.explore:
            draws = view.stock_weights()
            ranked = self.ranked_keeps(mask, forbid, draws, view, True)[:TOP]
            if len(ranked) > 1:
                pick = self.coin.randrange(len(ranked))
                card = Card(ranked[pick][2])
                limit = obs.knock_limit
                feats = [features(mask ^ (1 << c), d, draws, limit, stage, v, cost) for v, d, c, cost in ranked]
                self._open.append(("throw", feats, pick, self._situation(obs, stage)))
        self._plan = (obs.hand_no, obs.turns, obs.player, int(card), knock)
        return card

    def on_event(self, event: Event) -> None:
        super().on_event(event)
        if isinstance(event, HandEnded):
            r = event.result
            pts = 0.0 if r.winner is None else (float(r.points) if r.winner == self.seat else -float(r.points))
            self.rows.extend((kind, f, k, n, pts) for kind, f, k, n in self._open)
            self._open = []


def play(job: tuple[int, str, int, dict[str, float], float, float, bool]) -> list[Row]:
    index, opponent, seat, params, explore, knock_explore, once = job
    me = Recorder(seed=f"train/{index}/a", explore=explore, knock_explore=knock_explore, once=once, **params)
    if opponent == "self":
        other: Any = Recorder(seed=f"train/{index}/b", explore=explore, knock_explore=knock_explore, once=once,
                              **params)
    elif opponent == "hard_v1":
        other = HardBot(seed=f"train/{index}/b", **dict(V1))
    else:
        other = make_bot(opponent, seed=f"train/{index}/b")
    bots = (me, other) if seat == 0 else (other, me)
    recorders = [b for b in bots if isinstance(b, Recorder)]

    def watch(state: Any, events: Any) -> None:
        for r in recorders:
            r.truth[0] = state

    play_match(VAN, 7_000_003 * (index + 1), *bots, watch=watch)
    rows: list[Row] = []
    for r in recorders:
        rows += r.rows
    return rows


def schedule(matches: int, opponents: list[str]) -> list[tuple[int, str, int]]:
    """(match index, opponent, the explorer's seat): each opponent in turn, and against each one the
    explorer sits in seat 0 and seat 1 in turn (so no opponent always meets it from the same seat)."""
    n = len(opponents)
    return [(i, opponents[i % n], i // n % 2) for i in range(matches)]


def fit(rows: list[Row], names: tuple[str, ...], ridge: float, label: str) -> list[float]:
    """Least squares of points on (taken option less the options' mean) plus the situation."""
    import numpy as np

    n = len(names)
    xs = []
    for _, feats, taken, situation, _ in rows:
        if len(feats) == 1:  # a yes/no choice (knock): the option's features count only when taken
            effect = [taken * f - 0.5 * f for f in feats[0]]
            mean = feats[0]
        else:
            mean = [sum(f[i] for f in feats) / len(feats) for i in range(n)]
            effect = [feats[taken][i] - mean[i] for i in range(n)]
        xs.append(effect + [1.0] + situation + mean)
    x = np.array(xs)
    y = np.array([r[4] for r in rows])
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    reg = ridge * np.eye(x.shape[1])
    reg[n, n] = 0.0
    z = x / scale
    inv = np.linalg.inv(z.T @ z + reg)
    w = inv @ z.T @ y / scale
    resid = y - x @ w
    se = np.sqrt(np.diag(inv) * resid.var()) / scale
    r2 = 1.0 - (resid**2).sum() / ((y - y.mean()) ** 2).sum()
    print(f"{label}: {len(rows)} explored choices, R^2 {r2:.3f}")
    for name, v, e in zip(names, w[:n], se[:n], strict=True):
        print(f"  {name:18} {v:+9.4f}  (se {e:.4f})")
    return [float(v) for v in w[:n]]  # a yes/no choice: yes when the effect, sum(w * f), is above 0


def write(path: str, throw: list[float], knock: list[float], note: str) -> None:
    lines = ['"""Weights of the hard bot\'s learned throw and knock choices, written by tools/train_value.py.', "",
             note, '"""', "", "WEIGHTS: tuple[float, ...] = ("]
    lines += [f"    {v!r},  # {name}" for name, v in zip(NAMES, throw, strict=True)]
    lines += [")", "", "KNOCK_WEIGHTS: tuple[float, ...] = ("]
    lines += [f"    {v!r},  # {name}" for name, v in zip(KNOCK_NAMES, knock, strict=True)]
    lines += [")", ""]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(path + ".tmp", path)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--params", default="", help="the playing bot's parameters, e.g. learned=3,learned_knock=1")
    parser.add_argument("--fit", nargs="+", choices=("throw", "knock"), default=["throw", "knock"])
    parser.add_argument("--explore", type=float, default=0.5, help="chance of exploring at a throw")
    parser.add_argument("--knock-explore", type=float, default=0.5, help="chance of exploring at a possible knock")
    parser.add_argument("--once", action="store_true",
                        help="explore at most one choice a hand, so the options are scored under the bot's own play")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--opponents", nargs="+", choices=OPPONENTS, default=list(OPPONENTS))
    parser.add_argument("--dump", help="also write the explored choices to this file (pickle)")
    parser.add_argument("--load", nargs="+", help="fit explored choices written by --dump instead of playing")
    args = parser.parse_args()
    params: dict[str, float] = dict(DEFAULTS)
    for item in filter(None, args.params.split(",")):
        key, value = item.split("=")
        params[key] = float(value)
    rows: list[Row] = []
    if args.load:
        for name in args.load:
            with open(name, "rb") as f:
                rows += pickle.load(f)
    else:
        jobs = [(i, opponent, seat, params, args.explore, args.knock_explore, args.once)
                for i, opponent, seat in schedule(args.matches, args.opponents)]
        start = time.perf_counter()
        with multiprocessing.Pool(args.workers) as pool:
            for part in pool.imap_unordered(play, jobs, chunksize=8):
                rows.extend(part)
        print(f"{args.matches} matches in {time.perf_counter() - start:.0f} s")
    if args.dump:
        with open(args.dump, "wb") as f:
            pickle.dump(rows, f)
    throw = list(current.WEIGHTS)
    knock = list(current.KNOCK_WEIGHTS)
    if "throw" in args.fit:
        throw = fit([r for r in rows if r[0] == "throw"], NAMES, args.ridge, "throw")
    if "knock" in args.fit:
        knock = fit([r for r in rows if r[0] == "knock"], KNOCK_NAMES, args.ridge, "knock")
    if args.load:
        note = f"Fitted from {len(rows)} explored choices saved by --dump."
    else:
        note = f"Fitted from {args.matches} matches played with {args.params or 'the defaults'}."
    write(args.out, throw, knock, note)
    print("wrote", os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
