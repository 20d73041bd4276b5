"""Every closed vocabulary of the game, declared here once; everything else is built from these.

The rule switches follow OpenSpiel's ``parameter_specification``: each field of ``Rules`` carries a
``Parameter`` (name, type, default, the values it may hold), so the engine's checks, the settings
screen's choices, the simulator's ``--rule`` and the save checks all read one table.  The other
vocabularies are ``Literal`` types with their values as a tuple (``typing.get_args`` of the type, so
the two cannot drift apart), in the order a screen offers them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import Field, dataclass, field, fields
from typing import Any, Literal, TypeVar, get_args

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = get_args(Level)
"""The computer opponents a player chooses from (the bots also have a yardstick, ``simple``)."""

Opponent = Literal[Level, "hotseat"]
OPPONENTS: tuple[Opponent, ...] = get_args(Opponent)
"""Whom a two-player match is against: a level, or a friend at the same screen."""

TableKind = Literal["three", "pairs"]
TABLE_KINDS: tuple[TableKind, ...] = get_args(TableKind)
"""The bigger tables: three players with the dealer sitting out, or two pairs."""
TABLE_SEATS: dict[str, int] = {"three": 3, "pairs": 4}
"""How many sit at each kind of table."""
TABLE_DUELS: dict[str, int] = {"three": 1, "pairs": 2}
"""How many two-player duels make one hand at each kind of table."""

CUSTOM = "custom"
"""What rules that match no preset are called."""

T = TypeVar("T")
BOOL = (False, True)
_SPEC = "parameter"  # the key of a field's metadata that holds its parameter's spelling


@dataclass(frozen=True)
class Parameter:
    """One rule switch: ``choices`` are the values offered, in the order offered; ``span``, when set,
    allows any whole number in that range too (a target of 37 is fine, the screen offers 50 to 250).
    ``since`` is the save format that first holds the switch; a ``quiet`` switch is written only when off
    its default, so files from before it read the same."""

    name: str
    kind: type
    default: Any
    choices: tuple[Any, ...]
    span: tuple[int, int] | None = None
    since: int = 1
    quiet: bool = False

    @property
    def offered(self) -> bool:
        """Whether a player chooses it (a settings row): it has more than one value to offer."""
        return len(self.choices) > 1

    def problem(self, value: object) -> str | None:
        """Why ``value`` cannot be this switch's, or None when it can."""
        if self.kind is bool:
            return None if isinstance(value, bool) else f"{self.name} must be true or false"
        if value is None:
            return None if None in self.choices else f"{self.name} must be {self.allowed()}, not None"
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"{self.name} must be a whole number, not {value!r}"
        if not isinstance(value, self.kind):
            return f"{self.name} must be {self.allowed()}, not {value!r}"
        if value in self.choices or (self.span and isinstance(value, int) and self.span[0] <= value <= self.span[1]):
            return None
        return f"{self.name} must be {self.allowed()}, not {value!r}"

    def allowed(self) -> str:
        """The values in words, e.g. ``one of 31, 50, none`` or ``0 or from 60 to 10000``."""
        words = ", ".join("none" if c is None else str(c) for c in self.choices)
        if self.span is None:
            return "one of " + words
        span = f"from {self.span[0]} to {self.span[1]}"
        inside = all(isinstance(c, int) and self.span[0] <= c <= self.span[1] for c in self.choices)
        return span if inside else f"{words} or {span}"

    def read(self, value: object) -> object:
        """A value typed as a word (``true``, ``none``, ``3``) as this switch's type; other values as they are."""
        if not isinstance(value, str) or self.kind is str:
            return value
        word = value.strip().lower()
        if word in ("none", "null") and None in self.choices:
            return None
        if self.kind is bool and word in ("true", "false", "on", "off"):
            return word in ("true", "on")
        if self.kind is int and word.lstrip("-").isdigit():
            return int(word)
        return value


def rule(default: T, choices: Iterable[T] = (), span: tuple[int, int] | None = None, since: int = 1,
         quiet: bool = False) -> T:
    """A ``Rules`` field with its parameter: a switch is declared by this one line (see ``rules.py``)."""
    offered = tuple(choices) or (BOOL if isinstance(default, bool) else (default,))
    spec = {"choices": offered, "span": span, "since": since, "quiet": quiet}
    return field(default=default, metadata={_SPEC: spec})


def parameters_of(cls: type) -> tuple[Parameter, ...]:
    """The parameters of a dataclass whose fields were declared with ``rule``, in field order."""
    return tuple(_parameter(f) for f in fields(cls))


def _parameter(f: Field[Any]) -> Parameter:
    spec = f.metadata[_SPEC]
    kind = type(next(v for v in (f.default, *spec["choices"]) if v is not None))
    return Parameter(f.name, kind, f.default, spec["choices"], spec["span"], spec["since"], spec["quiet"])
