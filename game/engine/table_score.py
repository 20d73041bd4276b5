"""A table's score sheet: what each side scores from each hand, and the end of the match.

Three players: each hand is one duel; its winner scores its points and a box.  Two pairs, by default
as Hoyle has the partnership game (``TableRules.pairs_scoring`` ``net``, as the Bicycle rules print
it): one score per pair per hand, the net of its two duels, so that when one partner wins by 12 and
the other loses by 10 the pair wins the hand by 2; the pair that won the hand takes its box; the game
is to 125 (``rules.PAIRS_TARGET``) unless another target is chosen.  The switch ``sum`` keeps the old
way: each duel's points go to its winner's pair, a box per duel won.

The match is decided only once a hand is over (both duels with pairs): the side at or past the target
with the most points wins, sides level at the top play on.  The end adds the bonuses the rules switch
on, per side: a box for each hand won, the game bonus, the shutout doubling.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import TABLE_RULES, Rules, TableRules
from .table_seats import TableHand, side_of


@dataclass(frozen=True)
class ScoredHand:
    """One hand as the sheet enters it: its duels, each side's points from it, the side taking its box."""

    number: int  # 0 for the first hand; with pairs both duels of a hand share it
    duels: tuple[TableHand, ...]
    points: tuple[int, ...]
    box: int | None  # None: nobody won the hand (dead, or a pair's duels cancelled out)
    complete: bool  # False while a pair's second duel is still being played


@dataclass(frozen=True)
class TableFinal:
    """The end of a table match, per side (a seat with three players, a pair with four)."""

    winner: int
    hand_points: tuple[int, ...]
    hands_won: tuple[int, ...]
    line_bonus: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout: bool
    totals: tuple[int, ...]


def duel_gains(kind: str, hand: TableHand) -> tuple[int, ...]:
    """What each side won in one duel."""
    gains = [0] * (2 if kind == "pairs" else 3)
    if hand.winner is not None:
        gains[side_of(kind, hand.winner)] += hand.result.points
    return tuple(gains)


def scored_hands(kind: str, history: Sequence[TableHand], house: TableRules = TABLE_RULES) -> list[ScoredHand]:
    """The sheet's hands after ``history``; the last one may be incomplete (a pair's first duel only)."""
    if kind != "pairs" or house.pairs_scoring == "sum":
        out = []
        for n, hand in enumerate(history):
            box = None if hand.winner is None else side_of(kind, hand.winner)
            out.append(ScoredHand(n, (hand,), duel_gains(kind, hand), box, True))
        return out
    hands = []
    for n, start in enumerate(range(0, len(history), 2)):
        duels = tuple(history[start:start + 2])
        net = sum(duel_gains(kind, h)[0] - duel_gains(kind, h)[1] for h in duels)
        box = None if net == 0 else (0 if net > 0 else 1)
        hands.append(ScoredHand(n, duels, (max(net, 0), max(-net, 0)), box, len(duels) == 2))
    return hands


def side_points(kind: str, history: Sequence[TableHand],
                house: TableRules = TABLE_RULES) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's points and hands won so far (a pair's hand in play counts as it stands)."""
    sides = 2 if kind == "pairs" else 3
    points, won = [0] * sides, [0] * sides
    for hand in scored_hands(kind, history, house):
        for side, p in enumerate(hand.points):
            points[side] += p
        if hand.box is not None:
            won[hand.box] += 1
    return tuple(points), tuple(won)


def table_final(kind: str, rules: Rules, history: Sequence[TableHand],
                house: TableRules = TABLE_RULES) -> TableFinal | None:
    """The table's result when the match is decided after ``history``, else None."""
    if not history:
        return None
    if kind == "pairs" and len(history) % 2:
        return None  # a pair's hand is over when both its duels are
    points, won = side_points(kind, history, house)
    best = max(points)
    if best < rules.target or points.count(best) > 1:
        return None
    winner = points.index(best)
    line = tuple(rules.line_bonus * w for w in won)
    game = tuple(rules.game_bonus if side == winner else 0 for side in range(len(points)))
    totals = [p + lb + g for p, lb, g in zip(points, line, game, strict=True)]
    shutout = rules.shutout_double and all(p == 0 for side, p in enumerate(points) if side != winner)
    if shutout:
        totals[winner] *= 2
    return TableFinal(winner, points, won, line, game, shutout, tuple(totals))
