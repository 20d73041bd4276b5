"""A correction to the hard bot's choice of throw, learned from self-play.

The hand-made value of a kept hand (deadwood expected after one more draw, less a bonus for the
chance of a knock) ranks the throws; among its best few, ``score`` picks the one the learned model
expects to score most.  The model is linear over a few card-sense features of each kept hand and the
stage of the hand; ``tools/train_value.py`` fits it to the points hands really scored when the bot
kept one of its best few hands at random (so the difference between them is not confounded by the
situation), and writes the weights into ``value_weights.py``: the bots read no file.
"""
from __future__ import annotations

from game.engine import VALUES

from .knowledge import bits, completion_mask, draw_outlook, meld_cover

NAMES = (
    "value", "cost", "dw", "mean", "chance", "gin", "loose", "outs", "high_loose", "low",
    "dw*stage", "mean*stage", "chance*stage", "gin*stage", "outs*stage", "low*stage", "high_loose*stage",
)
"""The features, in the order of the weights (``value``: the hand-made value, lower is better;
``cost``: what the throw risks feeding the opponent)."""


def stage_of(stock_size: int, dead_hand_stock: int) -> float:
    """0 at the deal (31 stock cards), 1 when the stock is down to the dead-hand count."""
    span = 31 - dead_hand_stock
    return min(1.0, max(0.0, (31 - stock_size) / span)) if span > 0 else 1.0


def features(
    mask: int, dw: int, draws: list[tuple[int, float]], limit: int, stage: float, value: float, cost: float
) -> list[float]:
    """The feature vector of keeping the ten cards ``mask`` (deadwood ``dw``) with ``draws`` to come."""
    mean, chance, gin = draw_outlook(mask, draws, dw, limit)
    loose_mask = mask & ~meld_cover(mask)
    loose = bin(loose_mask).count("1")
    high_loose = sum(1 for c in bits(loose_mask) if VALUES[c] >= 8)
    completing = completion_mask(mask)
    total = hit = 0.0
    for x, q in draws:
        total += q
        if completing >> x & 1:
            hit += q
    outs = hit / total if total else 0.0
    low = float(max(0, 8 - dw))
    s = stage
    return [
        value, cost, float(dw), mean, chance, gin, float(loose), outs, float(high_loose), low,
        dw * s, mean * s, chance * s, gin * s, outs * s, low * s, high_loose * s,
    ]


def score(weights: tuple[float, ...], feats: list[float]) -> float:
    """Points the model expects from keeping this hand, up to a constant shared by every throw compared."""
    return sum(w * f for w, f in zip(weights, feats, strict=True))


KNOCK_NAMES = (
    "bias", "k", "gain", "undercut", "stage", "k*stage", "gain*stage", "hold", "habit_known", "play_on",
    "play_on*stage",
)
"""The features of a knock decision, in the order of ``KNOCK_WEIGHTS``: the deadwood ``k`` knocked with,
the sampled knock's expected points and undercut chance, whether ``k`` is low enough to play on for an
undercut by the opponent's habit, and the hand-made value of the best hand kept when playing on."""


def knock_features(
    k: int, gain: float, undercut: float, stage: float, hold: bool, habit_known: bool, play_on: float
) -> list[float]:
    s = stage
    return [
        1.0, float(k), gain, undercut, s, k * s, gain * s, float(hold), float(habit_known), play_on, play_on * s,
    ]

