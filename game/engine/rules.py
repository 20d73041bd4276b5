"""Every point where rule books differ, as one immutable ``Rules`` value; presets are named values."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

UPCARD_OFFERS = ("none", "classic", "hoyle")
DEALER_RULES = ("alternate", "loser")
FIRST_DEALERS = ("lot", "computer")
TIMER_CHOICES = (0, 15, 20, 30, 40, 60)
TURN_LIMIT = 200  # every preset and the simulator: far beyond any hand that ends by itself (docs/variants.md)
BOT_TURN_LIMIT = TURN_LIMIT
TURN_LIMIT_RANGE = (60, 10_000)
PAIRS_SCORINGS = ("net", "sum")
THREE_DEALERS = ("next", "loser")
PAIRS_TARGET = 125


@dataclass(frozen=True)
class Rules:
    """The switches.  ``target`` is the match target; ``turn_timer`` is seconds per turn, 0 for off."""

    target: int = 100
    knock_limit: int = 10
    oklahoma: bool = False  # the first upcard's value sets the knock limit; an ace means gin only
    gin_bonus: int = 25
    undercut_bonus: int = 25
    tie_is_undercut: bool = True  # False: an equal count goes to the knocker (who scores 0)
    big_gin_bonus: int | None = 31  # None: big gin scores as a plain gin
    dead_hand_stock: int = 2  # the hand is dead when a turn ends with this many stock cards
    may_discard_taken_card: bool = False
    upcard_offer: str = "none"  # none | classic (refused upcard leaves play) | hoyle (it stays)
    dealer_rule: str = "alternate"  # alternate | loser (the loser of a scored hand deals)
    first_dealer: str = "lot"  # lot | computer (hot-seat always draws lots)
    turn_timer: int = 40
    game_bonus: int = 0  # to the match winner
    line_bonus: int = 0  # per hand won, to each player, at the end of the match
    shutout_double: bool = False  # winner's total doubles when the loser scored nothing
    straight_gin: bool = False  # no knocking: only gin (or big gin) ends a hand
    hollywood: bool = False  # three games scored at once (``hollywood.py``); each game to ``target``
    turn_limit: int = TURN_LIMIT  # 0: off; else a hand that reaches this many turns ends as a dead hand

    def __post_init__(self) -> None:
        problems = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float) or (isinstance(value, bool) and f.type != "bool"):
                problems.append(f"{f.name} must be a whole number, not {value!r}")
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))
        if not isinstance(self.target, int) or not 1 <= self.target <= 10_000:
            problems.append(f"target must be a whole number from 1 to 10000, not {self.target!r}")
        if self.knock_limit not in range(0, 11):
            problems.append(f"knock_limit must be 0..10, not {self.knock_limit!r}")
        if self.gin_bonus not in (20, 25):
            problems.append(f"gin_bonus must be 20 or 25, not {self.gin_bonus!r}")
        if self.undercut_bonus not in (10, 20, 25):
            problems.append(f"undercut_bonus must be 10, 20 or 25, not {self.undercut_bonus!r}")
        if self.big_gin_bonus not in (None, 31, 50):
            problems.append(f"big_gin_bonus must be none, 31 or 50, not {self.big_gin_bonus!r}")
        if self.dead_hand_stock not in (2, 3):
            problems.append(f"dead_hand_stock must be 2 or 3, not {self.dead_hand_stock!r}")
        if self.upcard_offer not in UPCARD_OFFERS:
            problems.append(f"upcard_offer must be one of {UPCARD_OFFERS}, not {self.upcard_offer!r}")
        if self.dealer_rule not in DEALER_RULES:
            problems.append(f"dealer_rule must be one of {DEALER_RULES}, not {self.dealer_rule!r}")
        if self.first_dealer not in FIRST_DEALERS:
            problems.append(f"first_dealer must be one of {FIRST_DEALERS}, not {self.first_dealer!r}")
        if self.turn_timer not in TIMER_CHOICES:
            problems.append(f"turn_timer must be one of {TIMER_CHOICES}, not {self.turn_timer!r}")
        if self.game_bonus not in (0, 100):
            problems.append(f"game_bonus must be 0 or 100, not {self.game_bonus!r}")
        if self.turn_limit != 0 and not TURN_LIMIT_RANGE[0] <= self.turn_limit <= TURN_LIMIT_RANGE[1]:
            problems.append(f"turn_limit must be 0 (off) or {TURN_LIMIT_RANGE[0]}..{TURN_LIMIT_RANGE[1]}, "
                            f"not {self.turn_limit!r}")
        if self.line_bonus not in (0, 25):
            problems.append(f"line_bonus must be 0 or 25, not {self.line_bonus!r}")
        for name in ("oklahoma", "tie_is_undercut", "may_discard_taken_card", "shutout_double", "straight_gin",
                     "hollywood"):
            if not isinstance(getattr(self, name), bool):
                problems.append(f"{name} must be true or false")
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))

    def with_(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule switches: {sorted(unknown)}")
        return cls(**data)

    @property
    def preset_name(self) -> str:
        """The name of the preset the switches match (whatever the target, timer and turn limit), else 'custom'."""
        for name, preset in PRESETS.items():
            same = replace(self, target=preset.target, turn_timer=preset.turn_timer,
                           turn_limit=preset.turn_limit) == preset
            if same and self.target in TARGET_CHOICES[name]:
                return name
        return "custom"


VAN = Rules()
CLASSIC = Rules(
    target=100,
    big_gin_bonus=None,
    upcard_offer="classic",
    dealer_rule="loser",
    first_dealer="computer",
    turn_timer=0,
)
# Straight gin and Hollywood as the classic table plays them, with Hoyle's scorekeeping bonuses
# (100 for a game, 25 a box, a shutout doubled); Hollywood's three games go to 100 each.
STRAIGHT = replace(CLASSIC, straight_gin=True, game_bonus=100, line_bonus=25, shutout_double=True)
HOLLYWOOD = replace(CLASSIC, hollywood=True, game_bonus=100, line_bonus=25, shutout_double=True)
PRESETS: dict[str, Rules] = {"van": VAN, "classic": CLASSIC, "straight": STRAIGHT, "hollywood": HOLLYWOOD}
TARGET_CHOICES: dict[str, tuple[int, ...]] = {
    "van": (100,), "classic": (50, 100), "straight": (100,), "hollywood": (100,),
}


def preset(name: str, target: int | None = None) -> Rules:
    """A preset by name, with one of its target choices."""
    try:
        rules = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose from {sorted(PRESETS)}") from None
    if target is not None:
        if target not in TARGET_CHOICES[name]:
            raise ValueError(f"the {name} preset plays to {TARGET_CHOICES[name]}, not {target}")
        rules = replace(rules, target=target)
    return rules


@dataclass(frozen=True)
class TableRules:
    """How a table of three or two pairs deals and scores, beyond the rules of each two-player hand.

    ``pairs_scoring``: ``net`` (Hoyle: one net score per pair per hand, a box to the pair that won the
    hand) or ``sum`` (each duel's points to its winner's pair, a box per duel won).  ``three_dealer``:
    ``next`` (the deal passes to the next seat) or ``loser`` (the loser of the hand deals next, and so
    sits out).  The table's target is ``Rules.target``; pairs play to ``PAIRS_TARGET`` unless another is
    chosen (``table_target``).
    """

    pairs_scoring: str = "net"
    three_dealer: str = "next"

    def __post_init__(self) -> None:
        problems = []
        if self.pairs_scoring not in PAIRS_SCORINGS:
            problems.append(f"pairs_scoring must be one of {PAIRS_SCORINGS}, not {self.pairs_scoring!r}")
        if self.three_dealer not in THREE_DEALERS:
            problems.append(f"three_dealer must be one of {THREE_DEALERS}, not {self.three_dealer!r}")
        if problems:
            raise ValueError("invalid table rules: " + "; ".join(problems))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> TableRules:
        if not isinstance(data, dict):
            raise ValueError("the table rules must be an object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown table rule switches: {sorted(unknown)}")
        return cls(**data)


TABLE_RULES = TableRules()
LEGACY_TABLE = TableRules(pairs_scoring="sum", three_dealer="next")
"""How tables were scored before the switches existed: saves of that format resume by it."""


def table_target(kind: str, rules: Rules, target: int | None = None) -> Rules:
    """The rules a table plays by: ``target`` when given, else 125 for pairs (Hoyle) and the rules' own for three."""
    if target is None:
        target = PAIRS_TARGET if kind == "pairs" else rules.target
    return rules.with_(target=target)
