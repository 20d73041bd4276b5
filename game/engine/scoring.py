"""How a finished hand and a finished match are scored."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .knock import KnockShowdown
from .rules import Rules

KINDS = ("knock", "undercut", "gin", "big_gin", "dead")
# No hand can score more: big gin's 50 plus at most 98 deadwood (ten unmatched cards worth ten or nine).
MAX_HAND_POINTS = 150
_MAX_DEADWOOD = 110  # eleven cards of ten
_MAX_HAND_NO = 100_000
_MAX_TURNS = 100_000


@dataclass(frozen=True)
class HandResult:
    """A hand's ending, public to both players once the hand is over.

    ``kind`` is knock, undercut, gin, big_gin or dead.  ``winner`` scores ``points`` (None on a
    dead hand).  For a dead hand no cards are shown.  ``sum_text`` is the sum a player can check.
    """

    hand_no: int
    dealer: int
    kind: str
    knocker: int | None = None
    winner: int | None = None
    points: int = 0
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    knocker_deadwood_cards: tuple[Card, ...] = ()
    knocker_deadwood: int = 0
    defender_melds: tuple[tuple[Card, ...], ...] = ()
    defender_deadwood_cards: tuple[Card, ...] = ()
    defender_deadwood: int = 0
    defender_deadwood_before_layoffs: int = 0
    layoffs: tuple[tuple[Card, int], ...] = ()
    bonus: int = 0
    sum_text: str = ""
    discard: Card | None = None  # the knocker's last discard (None on big gin)
    turns: int = 0
    turn_limit: bool = False  # a dead hand ended by the rules' turn limit, not by the stock

    @property
    def dead_reason(self) -> str | None:
        """Why a dead hand ended, for the words on screen: ``turn_limit`` or ``stock``; None when it was won."""
        if self.kind != "dead":
            return None
        return "turn_limit" if self.turn_limit else "stock"

    @property
    def defender(self) -> int | None:
        return None if self.knocker is None else 1 - self.knocker

    def to_dict(self) -> dict[str, Any]:
        def cards(cs: Iterable[Card]) -> list[str]:
            return [str(c) for c in cs]

        return {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "knocker_melds": [cards(m) for m in self.knocker_melds],
            "knocker_deadwood_cards": cards(self.knocker_deadwood_cards),
            "knocker_deadwood": self.knocker_deadwood,
            "defender_melds": [cards(m) for m in self.defender_melds],
            "defender_deadwood_cards": cards(self.defender_deadwood_cards),
            "defender_deadwood": self.defender_deadwood,
            "defender_deadwood_before_layoffs": self.defender_deadwood_before_layoffs,
            "layoffs": [[str(c), i] for c, i in self.layoffs],
            "bonus": self.bonus,
            "sum_text": self.sum_text,
            "discard": None if self.discard is None else str(self.discard),
            "turns": self.turns,
        } | ({"turn_limit": True} if self.turn_limit else {})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandResult:
        if not isinstance(d, dict):
            raise ValueError("a hand result must be an object")

        def cards(xs: Any) -> tuple[Card, ...]:
            if not isinstance(xs, list):
                raise ValueError("a card list must be a list")
            return tuple(Card.parse(str(x)) for x in xs)

        def opt_seat(x: Any) -> int | None:
            if x is None:
                return None
            if type(x) is not int or x not in (0, 1):
                raise ValueError(f"a seat must be 0 or 1, not {x!r}")
            return x

        def num(x: Any, most: int = _MAX_DEADWOOD) -> int:
            if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                raise ValueError(f"expected a whole number, not {str(x)[:40]!r}")
            if x > most:
                raise ValueError(f"a number in a hand result is out of range (at most {most})")
            return x

        kind = d.get("kind")
        if kind not in KINDS:
            raise ValueError(f"unknown hand ending {kind!r}")
        return cls(
            hand_no=num(d["hand_no"], _MAX_HAND_NO),
            dealer=opt_seat(d["dealer"]) or 0,
            kind=kind,
            knocker=opt_seat(d.get("knocker")),
            winner=opt_seat(d.get("winner")),
            points=num(d.get("points", 0), MAX_HAND_POINTS),
            knocker_melds=tuple(cards(m) for m in d.get("knocker_melds", [])),
            knocker_deadwood_cards=cards(d.get("knocker_deadwood_cards", [])),
            knocker_deadwood=num(d.get("knocker_deadwood", 0)),
            defender_melds=tuple(cards(m) for m in d.get("defender_melds", [])),
            defender_deadwood_cards=cards(d.get("defender_deadwood_cards", [])),
            defender_deadwood=num(d.get("defender_deadwood", 0)),
            defender_deadwood_before_layoffs=num(d.get("defender_deadwood_before_layoffs", 0)),
            layoffs=tuple((Card.parse(str(c)), num(i, 10)) for c, i in d.get("layoffs", [])),
            bonus=num(d.get("bonus", 0)),
            sum_text=str(d.get("sum_text", "")),
            discard=None if d.get("discard") is None else Card.parse(str(d["discard"])),
            turns=num(d.get("turns", 0), _MAX_TURNS),
            turn_limit=_flag(d.get("turn_limit", False)) and kind == "dead",
        )


def _flag(x: Any) -> bool:
    if not isinstance(x, bool):
        raise ValueError("turn_limit in a hand result must be true or false")
    return x


def knock_is_undercut(rules: Rules, k: int, d: int) -> bool:
    """The defender wins a knock at deadwood ``k`` (not gin) when left with ``d`` after layoffs."""
    return not (d > k or (d == k and not rules.tie_is_undercut))


def settle_knock(rules: Rules, k: int, d: int) -> int:
    """Points of a knock at deadwood ``k`` (0: gin) against ``d`` after layoffs, as the knocker's gain:
    negative when the defender undercuts.  The one place the settlement rule is written."""
    if k == 0:
        return rules.gin_bonus + d
    if knock_is_undercut(rules, k, d):
        return -(k - d + rules.undercut_bonus)
    return d - k


def score_knock(rules: Rules, kind: str, knocker: int, show: KnockShowdown, hand_no: int, dealer: int,
                discard: Card | None, turns: int) -> HandResult:
    """Score a knock, gin or big gin from its showdown (defender's deadwood counted after layoffs)."""
    k = show.knocker_deadwood
    d = show.defender_deadwood
    defender = 1 - knocker
    if kind == "big_gin":
        bonus = rules.big_gin_bonus if rules.big_gin_bonus is not None else rules.gin_bonus
        winner, points, text = knocker, bonus + d, f"{bonus} + {d} = {bonus + d}"
    elif kind == "gin":
        bonus = rules.gin_bonus
        winner, points, text = knocker, bonus + d, f"{bonus} + {d} = {bonus + d}"
    elif not knock_is_undercut(rules, k, d):
        kind, bonus = "knock", 0
        winner, points, text = knocker, d - k, f"{d} - {k} = {d - k}"
    else:
        kind, bonus = "undercut", rules.undercut_bonus
        diff = k - d
        winner, points = defender, diff + bonus
        text = f"{diff} + {bonus} = {points}"
    return HandResult(
        hand_no=hand_no,
        dealer=dealer,
        kind=kind,
        knocker=knocker,
        winner=winner,
        points=points,
        knocker_melds=show.knocker.melds,
        knocker_deadwood_cards=show.knocker.deadwood_cards,
        knocker_deadwood=k,
        defender_melds=show.defender.melds,
        defender_deadwood_cards=show.defender.deadwood_cards,
        defender_deadwood=d,
        defender_deadwood_before_layoffs=show.defender_deadwood_before_layoffs,
        layoffs=show.layoffs,
        bonus=bonus,
        sum_text=text,
        discard=discard,
        turns=turns,
    )


@dataclass(frozen=True)
class FinalScore:
    """A finished match's totals with the scorekeeping bonuses the rules switch on."""

    winner: int
    hand_points: tuple[int, int]
    line_bonus: tuple[int, int]
    game_bonus: tuple[int, int]
    shutout: bool
    totals: tuple[int, int]
    margin: int = field(default=0)
    games: tuple[FinalScore, ...] = ()  # Hollywood: each of the three games' own settlement


def final_score(rules: Rules, points: tuple[int, int], hands_won: tuple[int, int], winner: int) -> FinalScore:
    line = (rules.line_bonus * hands_won[0], rules.line_bonus * hands_won[1])
    game = (rules.game_bonus if winner == 0 else 0, rules.game_bonus if winner == 1 else 0)
    totals = [points[p] + line[p] + game[p] for p in (0, 1)]
    shutout = rules.shutout_double and points[1 - winner] == 0
    if shutout:
        totals[winner] *= 2
    return FinalScore(
        winner=winner,
        hand_points=(points[0], points[1]),
        line_bonus=line,
        game_bonus=game,
        shutout=shutout,
        totals=(totals[0], totals[1]),
        margin=totals[winner] - totals[1 - winner],
    )
