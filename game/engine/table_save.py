"""The save format of a three- or four-player table, and reading either kind of saved match.

A table is saved as its kind, rules, table switches, seed and first dealer, the finished duels (who
played and the hand's result) and the duel in play as an ordinary two-player save, which keeps the
hand's sealed deal (its secret, cut and player's seed), so a sealed table resumes exactly.  Who plays
each duel follows from the switches and the hands before it, so a save whose seats disagree with the
rotation is refused.  Version 1, from before the switches, resumes by the way it was played then
(``rules.LEGACY_TABLE``: pairs adding their duels, the deal passing to the next seat).
"""
from __future__ import annotations

import json
from typing import Any

from .core import IN_PLAY
from .errors import SaveError
from .rules import LEGACY_TABLE, Rules, TableRules
from .save import FORMAT as MATCH_FORMAT
from .save import MAX_SAVE_BYTES, check_save_size, state_from_dict, state_to_dict
from .scoring import HandResult
from .state import MatchState
from .table import KINDS, Table, TableHand, duel_after, table_final

TABLE_FORMAT = "gin-rummy-table"
TABLE_VERSION = 2
MAX_TABLE_HANDS = 10_000


def table_to_dict(t: Table) -> dict[str, Any]:
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "kind": t.kind,
        "rules": t.rules.to_dict(),
        "house": t.house.to_dict(),
        "seed": t.seed,
        "first": t.first,
        "computers": sorted(t.computers),
        "history": [{"seats": list(h.duel.seats), "result": h.result.to_dict()} for h in t.history],
        "duel": None if t.state is None else state_to_dict(t.state),
    }


def _table_from_fields(d: dict[str, Any]) -> Table:
    version = d.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("the table save has no usable version")
    if version > TABLE_VERSION:
        raise SaveError(f"the table was saved by a newer version of the game (format {version})")
    kind = d["kind"]
    if kind not in KINDS:
        raise SaveError(f"unknown table kind {kind!r}")
    first = d["first"]
    if type(first) is not int or not 0 <= first < (3 if kind == "three" else 2):
        raise SaveError(f"the first dealer {first!r} is not a seat of this table")
    computers = d.get("computers", [])
    if not isinstance(computers, list) or not all(type(x) is int for x in computers):
        raise SaveError("the computer's seats must be a list of seats")
    house = TableRules.from_dict(d["house"]) if version >= 2 else LEGACY_TABLE
    table = Table(kind, Rules.from_dict(d["rules"]), d["seed"], first, frozenset(computers), house)
    history = d["history"]
    if not isinstance(history, list) or len(history) > MAX_TABLE_HANDS:
        raise SaveError(f"the table's history must be a list of at most {MAX_TABLE_HANDS} hands")
    for hand_no, entry in enumerate(history):
        duel = table.upcoming_duel
        if not isinstance(entry, dict) or entry.get("seats") != list(duel.seats):
            raise SaveError(f"hand {hand_no} was not played by the seats whose turn it was")
        table.history.append(TableHand(hand_no, duel, HandResult.from_dict(entry["result"])))
        table.final = table_final(kind, table.rules, table.history, house)
        if table.final is not None and hand_no != len(history) - 1:
            raise SaveError("the table played on after the match was decided")
    return table


def table_from_dict(d: Any) -> Table:
    """A table from its save's data, checked; ``SaveError`` naming the problem if it cannot be."""
    if not isinstance(d, dict) or d.get("format") != TABLE_FORMAT:
        raise SaveError("this is not a saved Gin Rummy table")
    try:
        table = _table_from_fields(d)
        duel = state_from_dict(d["duel"], MatchState)
    except SaveError:
        raise
    except (KeyError, TypeError) as e:
        raise SaveError(f"the table save is missing or has a wrong field: {e}") from None
    except ValueError as e:
        raise SaveError(str(e)) from None
    dealt_by = duel.history[-1].dealer if duel.phase not in IN_PLAY and duel.history else duel.dealer
    finished = table.history[:duel.hand_no]
    expected = duel_after(table.kind, table.house, table.first, finished, table.computers)
    if duel.rules != table.duel_rules or duel.seed != table.seed or dealt_by != expected.dealer or duel.history[:-1]:
        raise SaveError("the duel in play does not belong to this table")
    if duel.phase not in IN_PLAY:
        if not table.history or duel.history != [table.history[-1].result] or duel.hand_no != len(table.history) - 1:
            raise SaveError("the finished duel is not the table's last hand")
    elif duel.history or duel.hand_no != len(table.history) or table.final is not None:
        raise SaveError("the duel in play is not the table's next hand")
    table.state = duel
    return table


def load_saved(text: str | bytes) -> MatchState | Table:
    """A saved two-player match or table, told apart by its format (``SaveError`` for anything else)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError("a save must be text")
    check_save_size(text)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError(f"the save is not valid JSON: {str(e)[:80]}") from None
    if isinstance(data, dict) and data.get("format") == TABLE_FORMAT:
        return table_from_dict(data)
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return state_from_dict(data, MatchState)
    raise SaveError("this is not a saved Gin Rummy match")


def table_dumps(t: Table) -> str:
    text = json.dumps(table_to_dict(t), ensure_ascii=False, indent=1)
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError("the table is too large to save")
    return text
