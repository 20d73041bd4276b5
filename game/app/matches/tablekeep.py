"""A table of three or four kept between runs: its setup (seats, names) and the engine's table save, in one
versioned envelope, so Continue brings back the same seats, names, scores, duel and dealer; a sealed table
keeps its seal too (from the moment it starts, before its first cut), so Continue deals on from it.

The text is written atomically by the store after every move, like a match of two; anything unreadable
is refused whole with ``SaveError`` (the caller sets the file aside and says so).
"""
from __future__ import annotations

import json

from game.app.lang.i18n import tr
from game.engine import Rules, SaveError
from game.engine.fairness_chain import MatchSeal
from game.engine.rules import TableRules
from game.engine.table import Table
from game.engine.table_save import TABLE_FORMAT, table_from_dict, table_to_dict

from .fairdeal import resumed_seal
from .tablerun import TableSetup

KEEP_FORMAT = "gin-rummy-table-resume"
KEEP_VERSION = 1


def table_text(setup: TableSetup, table: Table, seal: MatchSeal | None = None) -> str:
    """The file's text: who sits where, the engine's own table save and the table's seal (its next duels)."""
    head = {"format": KEEP_FORMAT, "version": KEEP_VERSION, "seats": list(setup.seats), "names": list(setup.names),
            "table": table_to_dict(table), "seal": None if seal is None else seal.to_dict()}
    return json.dumps(head, ensure_ascii=False) + "\n"


def read_seal(text: str | bytes, table: Table) -> tuple[MatchSeal | None, bool]:
    """The kept table's seal to deal on from, and whether it was damaged (then dropped: the next duel is
    sealed anew and the seed asked again, as for a match of two).  ``text`` is a kept table ``read_table`` took."""
    data = json.loads(text)
    saved = data.get("seal") if isinstance(data, dict) else None
    if table.state is not None:
        return resumed_seal(saved, table.state)
    try:  # not dealt yet: the seal made when the table started, no link used, its seed still to be asked
        seal = MatchSeal.from_dict(saved)
    except (ValueError, TypeError):
        return None, True
    if seal.used or seal.first_hand != 1 or seal.player_seed is not None:
        return None, True
    return seal, False


def read_table(text: str | bytes) -> tuple[TableSetup, Table]:
    """The kept table and its setup; ``SaveError`` naming the problem when it cannot be used."""
    setup, table = read_kept(text)
    if table.over:
        raise SaveError("the saved table is already over")
    return setup, table


def read_kept(text: str | bytes) -> tuple[TableSetup, Table]:
    """The kept table and its setup, over or not (the start settles one that is over)."""
    try:
        data: object = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError(f"the table save is not valid JSON: {str(e)[:80]}") from None
    if not isinstance(data, dict) or data.get("format") != KEEP_FORMAT:
        raise SaveError("this is not a saved table of this game")
    if data.get("version") != KEEP_VERSION:
        raise SaveError(f"unknown table save version {data.get('version')!r}")
    table = _undealt(data.get("table")) or table_from_dict(data.get("table"))
    seats, names = data.get("seats"), data.get("names", [])
    if not isinstance(seats, list) or not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("the table save's seats are not readable")
    try:
        setup = TableSetup(table.kind, table.rules, table.seed, tuple(seats), tuple(n[:16] for n in names))
    except (ValueError, TypeError) as e:
        raise SaveError(f"the table save's seats are not usable: {e}") from None
    if setup.computers != table.computers:
        raise SaveError("the table save's computers do not sit where the table has them")
    return setup, table


def _undealt(d: object) -> Table | None:
    """A sealed table kept before its first cut (no duel dealt, nothing played), else None."""
    if not isinstance(d, dict) or d.get("format") != TABLE_FORMAT or d.get("duel") is not None:
        return None
    try:
        computers = d.get("computers")
        if d.get("history") != [] or not isinstance(computers, list) or not all(type(c) is int for c in computers):
            raise ValueError("a table kept before its first deal has played no hand")
        table = Table(d["kind"], Rules.from_dict(d["rules"]), d["seed"], computers=frozenset(computers),
                      house=TableRules.from_dict(d["house"]))
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"the table kept before its first deal is not usable: {e}") from None
    if d.get("first") != table.first:
        raise SaveError("the table kept before its first deal has another first dealer than its seed gives")
    return table


def table_line(setup: TableSetup, table: Table) -> str:
    """What Continue resumes: the kind of table, who sits at it and the score (one line)."""
    people = tr("rules.v.list_sep").join(setup.name(s) for s in range(len(setup.seats)))
    scores = " - ".join(str(p) for p in table.scores())
    return tr("menu.saved_table", kind=tr("night." + table.kind), people=people, scores=scores)
