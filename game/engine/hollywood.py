"""Hollywood scoring: three games kept on one sheet, each settled on its own.

The scheme follows Hoyle (as in "The New Complete Hoyle"): a player's first won hand is entered in
game 1, the second in games 1 and 2, the third and every later one in all three.  A game closes
when a player's total in it reaches the target; it is then settled like a one-game match (the game
bonus, a box bonus for each hand entered in it, the shutout doubling).  Once a game is closed, later
wins go only to the games still open, and "if a player was shut out in one game, his next score is
entered as the first score in the next game in progress".  Both are one rule: a win is entered in
every open game the player has scored in, and as his first score in the first open game he has not.
The match ends when all three games are closed.

The sheet is a pure function of the rules and the hand history, so a loaded save or a replay
recomputes it rather than storing it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules
from .scoring import FinalScore, HandResult, final_score

GAMES = 3


@dataclass(frozen=True)
class Entry:
    """One won hand on the sheet: who won it, its points and the games (0, 1, 2) it was entered in."""

    hand_no: int
    player: int
    points: int
    games: tuple[int, ...]


@dataclass(frozen=True)
class Game:
    """One of the three games: each player's points and boxes in it, and its settlement once closed."""

    points: tuple[int, int]
    boxes: tuple[int, int]
    final: FinalScore | None  # None while the game is open

    @property
    def closed(self) -> bool:
        return self.final is not None


@dataclass(frozen=True)
class Sheet:
    """The Hollywood score sheet after a run of hands."""

    entries: tuple[Entry, ...]
    games: tuple[Game, Game, Game]

    @property
    def over(self) -> bool:
        return all(g.closed for g in self.games)


def sheet(rules: Rules, history: Sequence[HandResult]) -> Sheet:
    """Enter every won hand of ``history`` in its games, closing each game at ``rules.target``."""
    points = [[0, 0] for _ in range(GAMES)]
    boxes = [[0, 0] for _ in range(GAMES)]
    finals: list[FinalScore | None] = [None] * GAMES
    scored: list[set[int]] = [set(), set()]  # the games each player has an entry in
    entries: list[Entry] = []
    for result in history:
        p = result.winner
        if p is None:
            continue
        open_games = [g for g in range(GAMES) if finals[g] is None]
        if not open_games:
            break
        first_new = [g for g in open_games if g not in scored[p]][:1]
        games = tuple(g for g in open_games if g in scored[p] or g in first_new)
        scored[p].update(games)
        for g in games:
            points[g][p] += result.points
            boxes[g][p] += 1
        entries.append(Entry(result.hand_no, p, result.points, games))
        for g in games:
            if points[g][p] >= rules.target:
                finals[g] = _settle_game(rules, points[g], boxes[g], p)
    built = tuple(Game((points[g][0], points[g][1]), (boxes[g][0], boxes[g][1]), finals[g]) for g in range(GAMES))
    return Sheet(tuple(entries), (built[0], built[1], built[2]))


def _settle_game(rules: Rules, points: list[int], boxes: list[int], winner: int) -> FinalScore:
    one_game = rules.with_(hollywood=False)
    return final_score(one_game, (points[0], points[1]), (boxes[0], boxes[1]), winner)


def final(rules: Rules, history: Sequence[HandResult]) -> FinalScore | None:
    """The match's result once all three games are closed, else None.

    The totals add up the three games' settled totals; the winner has the larger sum, and on equal
    sums the one who won more of the three games.
    """
    done = sheet(rules, history)
    if not done.over:
        return None
    games = [g.final for g in done.games if g.final is not None]

    def total(field: str, p: int) -> int:
        return sum(getattr(f, field)[p] for f in games)

    totals = (total("totals", 0), total("totals", 1))
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    else:
        winner = 0 if sum(f.winner == 0 for f in games) >= 2 else 1
    return FinalScore(
        winner=winner,
        hand_points=(total("hand_points", 0), total("hand_points", 1)),
        line_bonus=(total("line_bonus", 0), total("line_bonus", 1)),
        game_bonus=(total("game_bonus", 0), total("game_bonus", 1)),
        shutout=any(f.shutout for f in games),
        totals=totals,
        margin=totals[winner] - totals[1 - winner],
        games=tuple(games),
    )
