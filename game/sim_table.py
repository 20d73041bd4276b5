"""Headless three- and four-player tables for ``python -m game.sim --players 3`` or ``--pairs``.

Each table has its own seed; the levels given sit in turn in every seat (table ``i`` moves them ``i``
seats on), so the seat order evens out; at a table of pairs the first and third levels stay partners.
Every duel is dealt from a sealed deck as a person's hand is: a secret (drawn here from the table's
seed), the cut and the player's seed phrase (``duel_source``); ``--fair-records DIR`` writes each
table's exported hands to ``DIR/match-<seed>.jsonl`` for ``python -m game.verify``.
The report gives each level's match wins (a pair's win counts for both its players), hands won,
points per hand played and the hands that ended each way.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from game.bots import make_bot
from game.engine import HandEnded, Rules
from game.engine.fairness import CUT_MAX, DeckSource
from game.engine.rules import TABLE_RULES, TableRules
from game.engine.scoring import KINDS  # how a hand ends
from game.engine.seeds import derive_bytes, derive_seed
from game.engine.table import DUELS_PER_HAND, SEATS, Table, side_of


def duel_source(table_seed: int, duel_no: int) -> DeckSource:
    """Duel ``duel_no``'s sealed deck: a secret, a cut and a seed phrase, as a person gives them, here from the seed."""
    cut = random.Random(derive_seed(table_seed, f"sim/cut/{duel_no}")).randrange(CUT_MAX + 1)
    return DeckSource(derive_bytes(table_seed, f"sim/secret/{duel_no}"), cut, f"table {table_seed} hand {duel_no}")


def run_table(kind: str, levels: tuple[str, ...], rules_dict: dict, seed: int, index: int,
              house: TableRules = TABLE_RULES, records: str | None = None) -> dict:
    """Play table ``index``: ``levels`` rotated ``index`` seats on; the result per level slot.  ``records``
    is a folder for the table's exported hands, or None."""
    n = SEATS[kind]
    shift = index % n
    seat_slot = [(seat - shift) % n for seat in range(n)]  # which of ``levels`` sits in each seat
    table_seed = seed * 1_000_003 + index
    from game.bots.table_play import play_table
    from game.sim import write_records

    def source(duel_no: int) -> DeckSource:
        return duel_source(table_seed, duel_no)

    lines: list[str] = []

    def keep(table: Table, events: list) -> None:
        if table.state is not None and any(isinstance(e, HandEnded) for e in events):
            lines.append(table.state.export_hand())

    table, events = Table.new(kind, Rules.from_dict(rules_dict), table_seed, source(0), house=house)
    bots = [make_bot(levels[seat_slot[seat]], seed=f"{table_seed}/{seat}") for seat in range(n)]
    record = play_table(table, events, bots, watch=keep if records else None, sources=source)
    if records:
        write_records(records, table_seed, lines)
    won, played, points = [0] * n, [0] * n, [0] * n
    ends = dict.fromkeys(KINDS, 0)
    for hand in record.hands:
        ends[hand.result.kind] += 1
        for seat in hand.duel.seats:
            played[seat_slot[seat]] += 1
        if hand.winner is not None:
            won[seat_slot[hand.winner]] += 1
            points[seat_slot[hand.winner]] += hand.result.points
    winners = [] if record.final is None else [
        seat_slot[seat] for seat in range(n) if side_of(kind, seat) == record.final.winner
    ]
    return {"winners": winners, "won": won, "played": played, "points": points, "ends": ends,
            "hands": len(record.hands), "fallbacks": sum(record.fallbacks), "finished": record.final is not None}


@dataclass
class TableSummary:
    kind: str
    levels: tuple[str, ...]
    tables: int = 0
    unfinished: int = 0
    match_wins: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    hands: int = 0
    fallbacks: int = 0

    def __post_init__(self) -> None:
        n = len(self.levels)
        self.match_wins, self.won, self.played, self.points = [0] * n, [0] * n, [0] * n, [0] * n

    def add(self, r: dict) -> None:
        self.tables += 1
        self.unfinished += not r["finished"]
        for slot in r["winners"]:
            self.match_wins[slot] += 1
        for name in ("won", "played", "points"):
            mine = getattr(self, name)
            for slot, x in enumerate(r[name]):
                mine[slot] += x
        for k, x in r["ends"].items():
            self.ends[k] += x
        self.hands += r["hands"]
        self.fallbacks += r["fallbacks"]


def simulate_tables(kind: str, levels: tuple[str, ...], rules: Rules, tables: int, seed: int,
                    house: TableRules = TABLE_RULES, records: str | None = None) -> TableSummary:
    if len(levels) != SEATS[kind]:
        raise ValueError(f"a {kind} table needs {SEATS[kind]} levels, not {len(levels)}")
    summary = TableSummary(kind, levels)
    for index in itertools.count():
        if index >= tables:
            break
        summary.add(run_table(kind, levels, rules.to_dict(), seed, index, house, records))
    return summary


def format_tables(s: TableSummary, rules_name: str, target: int, house: TableRules = TABLE_RULES) -> str:
    if s.kind == "three":
        what = f"three players, the dealer sitting out, the deal passing to the {house.three_dealer} seat"
        if house.three_dealer == "loser":
            what = "three players, the dealer sitting out, the loser of each hand dealing the next"
    else:
        scoring = "a net score per hand" if house.pairs_scoring == "net" else "the sum of their duels"
        what = f"two pairs (seats 0+2 and 1+3), {scoring}"
    rows = [f"{s.tables} tables of {what} to {target}, preset {rules_name}"]
    if s.kind == "pairs":
        rows.append(f"partners: {s.levels[0]} (0) with {s.levels[2]} (2), {s.levels[1]} (1) with {s.levels[3]} (3)")
    rows += ["",
            f"{'level (slot)':18}{'match wins':>12}{'hands won':>12}{'of played':>11}{'points/hand':>13}"]
    for slot, level in enumerate(s.levels):
        played = s.played[slot]
        rows.append(
            f"{f'{level} ({slot})':18}{s.match_wins[slot] / max(1, s.tables):>12.1%}"
            f"{s.won[slot] / max(1, played):>12.1%}{played:>11}{s.points[slot] / max(1, played):>13.2f}"
        )
    ended = ", ".join(f"{k.replace('_', ' ')} {s.ends[k] / max(1, s.hands):.1%}" for k in KINDS)
    duels = DUELS_PER_HAND[s.kind]  # a pairs hand is two duels; the rows above count duels played
    count = f"{s.hands // duels} hands of two duels" if duels == 2 else f"{s.hands} hands"
    rows += ["", f"{'hands per table':18}{s.hands / duels / max(1, s.tables):.2f} ({count})",
             f"{'how duels ended' if duels == 2 else 'how hands ended':18}{ended}",
             f"{'referee fallbacks':18}{s.fallbacks}"]
    if s.unfinished:
        rows.append(f"{'unfinished tables':18}{s.unfinished}")
    return "\n".join(rows)
