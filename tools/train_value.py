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

With ``--labels fork`` it does not explore: it plays as it would, and at each throw among its best
three and each possible knock the trainer, who knows the whole deal, copies the match and plays every
option out to the end of the hand (both bots as they would play, the stock shuffled the same way for
every option), so every option gets its own points.  Such a row needs no situation to take out, and a
policy's worth can be read off rows it did not play: the fit is checked on held-out rows against the
weights in place.  About ten matches a minute on two cores.

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
import copy
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
from game.bots.base import Bot, forbid_mask  # noqa: E402
from game.bots.hard import DEFAULTS, V1  # noqa: E402
from game.bots.knowledge import mask_of_cards, meld_cover  # noqa: E402
from game.bots.referee import decide_checked, deliver  # noqa: E402
from game.bots.valuemodel import KNOCK_NAMES, NAMES, features, score, stage_of  # noqa: E402
from game.engine import (  # noqa: E402
    IN_PLAY,
    VAN,
    Action,
    Card,
    Discard,
    Event,
    HandEnded,
    Knock,
    MatchState,
    Observation,
    observe,
)
from game.engine.melds import best_discard_key, deadwood_of_mask  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "game", "bots", "value_weights.py")
OPPONENTS = ("simple", "medium", "hard_v1", "self")
TOP = 3  # the learned throw is chosen among the hand-made value's best three
NUISANCE = ("opp_dw", "opp_dw*stage", "opp_can", "opp_can*stage", "opp_loose", "opp_gin_close", "stage", "picks")
"""The situation, with the opponent's real hand (known to the trainer only)."""

Row = tuple[str, list[list[float]], int, list[float], float]  # kind, options' features, taken, situation, points
Forked = tuple[str, list[list[float]], list[float]]  # kind, options' features, each option's points
"""A knock row has one feature vector and two points: knocking, then playing on."""


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
                options = throw_options(mask, ranked, draws, obs.knock_limit, stage)
                self._open.append(("throw", options, pick, self._situation(obs, stage)))
        self._plan = (obs.hand_no, obs.turns, obs.player, int(card), knock)
        return card

    def on_event(self, event: Event) -> None:
        super().on_event(event)
        if isinstance(event, HandEnded):
            r = event.result
            pts = 0.0 if r.winner is None else (float(r.points) if r.winner == self.seat else -float(r.points))
            self.rows.extend((kind, f, k, n, pts) for kind, f, k, n in self._open)
            self._open = []


class Forker(HardBot):
    """The hard bot as it plays; at its learned choices each option is played out to the end of the hand.

    The play-outs copy the match and both bots, so the match itself goes on exactly as it would have
    (the bot's random draws are put back after them)."""

    def __init__(self, seed: int | str | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self.forked: list[Forked] = []
        self.game: list[Any] = [None, ()]  # the match state and both bots, set by the trainer
        self.coin = random.Random(f"fork/{seed}")
        self.forking = True

    def choose_discard(self, obs: Observation) -> Card:
        card = super().choose_discard(obs)
        if self.forking and self._plan is not None:
            plan, state = self._plan, self.rng.getstate()
            self._label(obs, plan[4])
            self._plan = plan
            self.rng.setstate(state)
        return card

    def _label(self, obs: Observation, knock: bool) -> None:
        view = self.view(obs)
        mask = view.hand
        forbid = forbid_mask(obs)
        c0, d0 = best_discard_key(mask, forbid)
        if d0 == 0:
            return  # gin is always taken
        draws = view.stock_weights()
        order = self.coin.random()  # one shuffle of the stock, the same for every option
        if d0 <= obs.knock_limit:
            c, v = self._best_keep(mask, forbid, draws, view, with_danger=True)
            feats = self.knock_features(obs, view, mask ^ (1 << c0), d0, v)
            points = [self.play_out(Knock(Card(c0)), order), self.play_out(Discard(Card(c)), order)]
            self.forked.append(("knock", [feats], points))
        if knock:
            return
        ranked = self.ranked_keeps(mask, forbid, draws, view, True)[:TOP]
        if len(ranked) > 1:
            stage = stage_of(obs.stock_size, obs.rules.dead_hand_stock)
            options = throw_options(mask, ranked, draws, obs.knock_limit, stage)
            self.forked.append(("throw", options, [self.play_out(Discard(Card(c)), order) for _, _, c, _ in ranked]))

    def play_out(self, action: Action, order: float) -> float:
        """Points this seat scores when it plays ``action`` now and both bots play the hand out."""
        state: MatchState = self.game[0].copy()
        random.Random(order).shuffle(state.stock)
        bots = [fork_of(b) for b in self.game[1]]
        deliver(state.apply(action, self.seat), bots)
        while state.phase in IN_PLAY:
            seat = state.to_act
            assert seat is not None
            move, _ = decide_checked(bots[seat], observe(state, seat))
            deliver(state.apply(move, seat), bots)
        r = state.last_result
        if r is None or r.winner is None:
            return 0.0
        return float(r.points) if r.winner == self.seat else -float(r.points)


def throw_options(mask: int, ranked: list[tuple[float, int, int, float]], draws: list[tuple[int, float]],
                  limit: int, stage: float) -> list[list[float]]:
    """The learned throw's features of each ranked throw's kept hand (``HardBot.ranked_keeps`` rows)."""
    return [features(mask ^ (1 << c), d, draws, limit, stage, v, cost) for v, d, c, cost in ranked]


def fork_of(bot: Bot) -> Bot:
    """A copy of ``bot`` that plays on from here as it would (a Forker's copy does not fork again)."""
    if isinstance(bot, Forker):
        twin = copy.deepcopy(bot, {id(bot.forked): [], id(bot.game): [None, ()]})
        twin.forking = False
        return twin
    return copy.deepcopy(bot)


def play_forked(job: tuple[int, str, int, dict[str, float]]) -> list[Forked]:
    index, opponent, seat, params = job
    me = Forker(seed=f"train/{index}/a", **params)
    other: Any = Forker(seed=f"train/{index}/b", **params) if opponent == "self" else opponent_bot(opponent, index)
    bots = (me, other) if seat == 0 else (other, me)
    forkers = [b for b in bots if isinstance(b, Forker)]
    for f in forkers:
        f.game[1] = bots

    def watch(state: Any, events: Any) -> None:
        for f in forkers:
            f.game[0] = state

    play_match(VAN, 7_000_003 * (index + 1), *bots, watch=watch)
    return [row for f in forkers for row in f.forked]


def opponent_bot(opponent: str, index: int) -> Bot:
    if opponent == "hard_v1":
        frozen: dict[str, Any] = dict(V1)
        return HardBot(seed=f"train/{index}/b", **frozen)
    return make_bot(opponent, seed=f"train/{index}/b")


def play(job: tuple[int, str, int, dict[str, float], float, float, bool]) -> list[Row]:
    index, opponent, seat, params, explore, knock_explore, once = job
    me = Recorder(seed=f"train/{index}/a", explore=explore, knock_explore=knock_explore, once=once, **params)
    if opponent == "self":
        other: Any = Recorder(seed=f"train/{index}/b", explore=explore, knock_explore=knock_explore, once=once,
                              **params)
    else:
        other = opponent_bot(opponent, index)
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
    w = solve(xs, [r[4] for r in rows], ridge, names, f"{label}: {len(rows)} explored choices", free=n)
    return w[:n]  # a yes/no choice: yes when the effect, sum(w * f), is above 0


def solve(
    xs: list[list[float]], ys: list[float], ridge: float, names: tuple[str, ...], title: str = "", free: int = -1
) -> list[float]:
    """Ridge least squares on standardised columns (column ``free``, the intercept, is not shrunk);
    with a ``title``, prints the fit and each named weight with its standard error."""
    import numpy as np

    x = np.array(xs)
    y = np.array(ys)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    reg = ridge * np.eye(x.shape[1])
    if free >= 0:
        reg[free, free] = 0.0
    z = x / scale
    inv = np.linalg.inv(z.T @ z + reg)
    w = inv @ z.T @ y / scale
    if title:
        resid = y - x @ w
        se = np.sqrt(np.diag(inv) * resid.var()) / scale
        r2 = 1.0 - (resid**2).sum() / ((y - y.mean()) ** 2).sum()
        print(f"{title}, R^2 {r2:.3f}")
        for name, v, e in zip(names, w, se, strict=False):
            print(f"  {name:18} {v:+9.4f}  (se {e:.4f})")
    return [float(v) for v in w]


def fit_forked(rows: list[Forked], names: tuple[str, ...], ridge: float, title: str = "") -> list[float]:
    """Least squares of each option's points less the options' mean on its features less theirs; for a
    knock, of knocking's points less playing on's on the knock's features."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for kind, feats, points in rows:
        if kind == "knock":
            xs.append(feats[0])
            ys.append(points[0] - points[1])
            continue
        k = len(feats)
        mean = [sum(f[i] for f in feats) / k for i in range(len(names))]
        for f, p in zip(feats, points, strict=True):
            xs.append([a - b for a, b in zip(f, mean, strict=True)])
            ys.append(p - sum(points) / k)
    return solve(xs, ys, ridge, names, title)


def worth(rows: list[Forked], weights: list[float] | tuple[float, ...]) -> list[float]:
    """Row by row, the points of the option ``weights`` choose, over the options' mean."""
    w = tuple(weights)
    out = []
    for kind, feats, points in rows:
        mean = sum(points) / len(points)
        if kind == "knock":
            out.append((points[0] if score(w, feats[0]) > 0 else points[1]) - mean)
        else:
            keys = [score(w, f) for f in feats]
            out.append(points[keys.index(max(keys))] - mean)
    return out


def held_out(rows: list[Forked], names: tuple[str, ...], ridge: float, now: tuple[float, ...], label: str) -> None:
    """Print what the weights in place are worth on the rows, and what a fit on one half gains over them
    on the other half (both ways)."""
    def mean_ci(values: list[float]) -> str:
        n = len(values)
        m = sum(values) / n
        sd = (sum((v - m) ** 2 for v in values) / max(1, n - 1)) ** 0.5
        return f"{m:+.3f} ±{1.96 * sd / n ** 0.5:.3f}"

    halves = rows[0::2], rows[1::2]
    gains: list[float] = []
    for train, test in (halves, halves[::-1]):
        if not train or not test:
            continue
        w = fit_forked(train, names, ridge)
        gains += [a - b for a, b in zip(worth(test, w), worth(test, now), strict=True)]
    print(f"{label}: {len(rows)} forked choices; the weights in place win {mean_ci(worth(rows, now))} points a "
          f"choice over the options' mean; fitted on one half, the other half gains {mean_ci(gains) if gains else '-'}")


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
    parser.add_argument("--labels", choices=("explore", "fork"), default="explore",
                        help="explore choices at random, or play every option out (fork)")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--opponents", nargs="+", choices=OPPONENTS, default=list(OPPONENTS))
    parser.add_argument("--dump", help="also write the explored (or forked) choices to this file (pickle)")
    parser.add_argument("--load", nargs="+", help="fit choices written by --dump instead of playing")
    args = parser.parse_args()
    params: dict[str, float] = dict(DEFAULTS)
    for item in filter(None, args.params.split(",")):
        key, value = item.split("=")
        params[key] = float(value)
    rows: list[Any] = []
    if args.load:
        for name in args.load:
            with open(name, "rb") as f:
                rows += pickle.load(f)
    else:
        plan = schedule(args.matches, args.opponents)
        work: Any = play_forked if args.labels == "fork" else play
        jobs = [(i, opponent, seat, params) if args.labels == "fork" else
                (i, opponent, seat, params, args.explore, args.knock_explore, args.once) for i, opponent, seat in plan]
        start = time.perf_counter()
        with multiprocessing.Pool(args.workers) as pool:
            for part in pool.imap_unordered(work, jobs, chunksize=1 if args.labels == "fork" else 8):
                rows.extend(part)
        print(f"{args.matches} matches in {time.perf_counter() - start:.0f} s")
    if args.dump:
        with open(args.dump, "wb") as f:
            pickle.dump(rows, f)
    forked = bool(rows) and len(rows[0]) == 3
    throw = list(current.WEIGHTS)
    knock = list(current.KNOCK_WEIGHTS)
    for kind, names, now in (("throw", NAMES, current.WEIGHTS), ("knock", KNOCK_NAMES, current.KNOCK_WEIGHTS)):
        if kind not in args.fit:
            continue
        mine = [r for r in rows if r[0] == kind]
        if forked:
            held_out(mine, names, args.ridge, now, kind)
            weights = fit_forked(mine, names, args.ridge, f"{kind}: {len(mine)} forked choices")
        else:
            weights = fit(mine, names, args.ridge, kind)
        if kind == "throw":
            throw = weights
        else:
            knock = weights
    what = "forked" if forked else "explored"
    if args.load:
        note = f"Fitted from {len(rows)} {what} choices saved by --dump."
    else:
        note = f"Fitted from {args.matches} matches ({what} choices) played with {args.params or 'the defaults'}."
    write(args.out, throw, knock, note)
    print("wrote", os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
