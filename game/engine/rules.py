"""Every point where rule books differ, as one immutable ``Rules`` value; presets are named values.

Each switch is one field declared with ``rule`` (its default and the values it may hold): the checks
here, the settings screen, the simulator's ``--rule`` and the save format all read ``PARAMETERS``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from typing import Any

from .parameters import CUSTOM, Parameter, parameters_of, rule

TURN_LIMIT = 200  # every preset and the simulator: far beyond any hand that ends by itself (docs/variants.md)
BOT_TURN_LIMIT = TURN_LIMIT
PAIRS_TARGET = 125  # Hoyle's partnership game


@dataclass(frozen=True)
class Rules:
    """The switches.  ``target`` is the match target; ``turn_timer`` is seconds per turn, 0 for off.

    To add a switch, add one field here with ``rule(default, choices)`` (``since``: the save format that
    first holds it; ``quiet``: left out of saves while at its default).  The settings screen then offers
    it by the texts ``config/vocab.text_keys`` lists."""

    target: int = rule(100, (50, 100, 150, 200, 250), span=(1, 10_000))
    knock_limit: int = rule(10, range(10, -1, -1))
    oklahoma: bool = rule(False)  # the first upcard's value sets the knock limit; an ace means gin only
    gin_bonus: int = rule(25, (25, 20))
    undercut_bonus: int = rule(25, (25, 20, 10))
    tie_is_undercut: bool = rule(True)  # False: an equal count goes to the knocker (who scores 0)
    big_gin_bonus: int | None = rule(31, (31, 50, None))  # None: big gin scores as a plain gin
    dead_hand_stock: int = rule(2, (2, 3))  # the hand is dead when a turn ends with this many stock cards
    may_discard_taken_card: bool = rule(False)
    upcard_offer: str = rule("none", ("none", "classic", "hoyle"))  # classic: a refused upcard leaves play
    dealer_rule: str = rule("alternate", ("alternate", "loser"))  # loser: the loser of a scored hand deals
    first_dealer: str = rule("lot", ("lot", "computer"))  # hot-seat always draws lots
    turn_timer: int = rule(40, (0, 15, 20, 30, 40, 60))
    game_bonus: int = rule(0, (0, 100))  # to the match winner
    line_bonus: int = rule(0, (0, 25))  # per hand won, to each player, at the end of the match
    shutout_double: bool = rule(False)  # winner's total doubles when the loser scored nothing
    straight_gin: bool = rule(False, since=2)  # no knocking: only gin (or big gin) ends a hand
    hollywood: bool = rule(False, since=2)  # three games scored at once (``hollywood.py``); each game to ``target``
    turn_limit: int = rule(TURN_LIMIT, (0,), span=(60, 10_000))  # a hand this long ends as a dead hand; 0: off

    def __post_init__(self) -> None:
        problems = [why for p in _parameters() if (why := p.problem(getattr(self, p.name))) is not None]
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))

    def with_(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The switches; a quiet one only when it is off its default, so saves and records without it read
        as before."""
        data = asdict(self)
        for p in _parameters():
            if p.quiet and data[p.name] == p.default:
                del data[p.name]
        return data

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
        for p in PRESET_TABLE:
            mine = replace(self, target=p.rules.target, turn_timer=p.rules.turn_timer, turn_limit=p.rules.turn_limit)
            same = mine == p.rules
            if same and self.target in p.targets:
                return p.name
        return CUSTOM


@cache
def _parameters() -> tuple[Parameter, ...]:
    return parameters_of(Rules)


PARAMETERS: tuple[Parameter, ...] = _parameters()
"""Every switch's name, type, default and allowed values, in the order of ``Rules``'s fields."""
PARAMETER: dict[str, Parameter] = {p.name: p for p in PARAMETERS}
UPCARD_OFFERS: tuple[str, ...] = PARAMETER["upcard_offer"].choices
DEALER_RULES: tuple[str, ...] = PARAMETER["dealer_rule"].choices
FIRST_DEALERS: tuple[str, ...] = PARAMETER["first_dealer"].choices
TIMER_CHOICES: tuple[int, ...] = PARAMETER["turn_timer"].choices
TURN_LIMIT_RANGE: tuple[int, int] = PARAMETER["turn_limit"].span or (0, 0)


@dataclass(frozen=True)
class Preset:
    """A named set of switches and the targets it plays to (the first is the default, the last the usual)."""

    name: str
    rules: Rules
    targets: tuple[int, ...]


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
PRESET_TABLE: tuple[Preset, ...] = (
    Preset("van", VAN, (100,)),
    Preset("classic", CLASSIC, (50, 100)),
    Preset("straight", STRAIGHT, (100,)),
    Preset("hollywood", HOLLYWOOD, (100,)),
)
"""The presets, in the order the menu and the settings offer them."""
PRESETS: dict[str, Rules] = {p.name: p.rules for p in PRESET_TABLE}
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
RULE_NAMES: tuple[str, ...] = (*PRESET_NAMES, CUSTOM)
"""What a set of rules is called: a preset's name, or custom."""
TARGET_CHOICES: dict[str, tuple[int, ...]] = {p.name: p.targets for p in PRESET_TABLE}


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

    pairs_scoring: str = rule("net", ("net", "sum"))
    three_dealer: str = rule("next", ("next", "loser"))

    def __post_init__(self) -> None:
        problems = [why for p in _table_parameters() if (why := p.problem(getattr(self, p.name))) is not None]
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


@cache
def _table_parameters() -> tuple[Parameter, ...]:
    return parameters_of(TableRules)


TABLE_PARAMETER: dict[str, Parameter] = {p.name: p for p in _table_parameters()}
"""The table's switches, declared like the rules'."""
PAIRS_SCORINGS: tuple[str, ...] = TABLE_PARAMETER["pairs_scoring"].choices
THREE_DEALERS: tuple[str, ...] = TABLE_PARAMETER["three_dealer"].choices
TABLE_RULES = TableRules()
LEGACY_TABLE = TableRules(pairs_scoring="sum", three_dealer="next")
"""How tables were scored before the switches existed: saves of that format resume by it."""


def table_target(kind: str, rules: Rules, target: int | None = None) -> Rules:
    """The rules a table plays by: ``target`` when given, else 125 for pairs (Hoyle) and the rules' own for three."""
    if target is None:
        target = PAIRS_TARGET if kind == "pairs" else rules.target
    return rules.with_(target=target)
