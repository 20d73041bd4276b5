"""Matches counted by the way they were played, and the best result of each day's deal.

One small JSON file in the data folder (``ways.json``): for each way (two players, three, two pairs,
Hollywood, straight gin, the deal of the day) the matches finished and those a person won, and the
best daily result with its public seed and the match's record, so friends can compare by sharing
the file.  A file that cannot be read counts as empty; writes replace the file whole.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypedDict

from game.app.matches.match import Match
from game.app.storage import Store
from game.app.storage.files import atomic_write, read_limited
from game.engine import DeckSource, FairDeal, Rules
from game.engine.daily import DailyDeal, DailyResult, better

log = logging.getLogger(__name__)

WAYS = ("two", "three", "pairs", "hollywood", "straight", "daily")
FILE = "ways.json"
FORMAT = "gin-rummy-ways"


class WayCount(TypedDict):
    played: int
    won: int


class Ways(TypedDict):
    """The file's content: the counts of each way, and the kept daily result as ``DailyResult.to_dict`` gives it."""

    format: str
    version: int
    ways: dict[str, WayCount]
    daily: dict[str, object] | None


class Worker(Protocol):
    """What counting a match needs of the program: its services (where files live) and its worker thread."""

    @property
    def services(self) -> object: ...

    def think(self, fn: Callable[..., object], *args: object) -> object: ...


def folder_of(services: object) -> Path | None:
    """Where the services keep their files; None for a store that keeps nothing (tests, pictures)."""
    store = getattr(services, "store", None)
    return store.folder if isinstance(store, Store) else None


def way_of(rules: Rules, table: str | None = None, daily: bool = False) -> str:
    """Which way of playing a match counts under."""
    if daily:
        return "daily"
    if table in ("three", "pairs"):
        return table
    if rules.hollywood:
        return "hollywood"
    return "straight" if rules.straight_gin else "two"


def _fresh() -> Ways:
    return {"format": FORMAT, "version": 1, "ways": {w: {"played": 0, "won": 0} for w in WAYS}, "daily": None}


def load(folder: Path | None) -> Ways:
    """The counts and the kept daily result; an unreadable or odd file gives fresh counts."""
    data = _fresh()
    if folder is None:
        return data
    try:
        raw = read_limited(Path(folder) / FILE, 1 << 20)
        found = json.loads(raw) if raw else None
    except (OSError, ValueError):
        log.exception("the ways of playing could not be read")
        return data
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return data
    ways = found.get("ways")
    for w in WAYS:
        row = ways.get(w) if isinstance(ways, dict) else None
        if isinstance(row, dict) and all(type(row.get(k)) is int and row[k] >= 0 for k in ("played", "won")):
            data["ways"][w] = {"played": row["played"], "won": min(row["won"], row["played"])}
    try:
        data["daily"] = DailyResult.from_dict(found.get("daily")).to_dict() if found.get("daily") else None
    except ValueError:
        data["daily"] = None
    return data


def kept_daily(data: Ways) -> DailyResult | None:
    return DailyResult.from_dict(data["daily"]) if data.get("daily") else None


def record(folder: Path | None, way: str, won: bool, daily: DailyResult | None = None) -> Ways:
    """Count a finished match (and keep a daily result when it beats the day's best); the new data."""
    data = load(folder)
    row = data["ways"][way]
    row["played"] += 1
    row["won"] += int(won)
    if daily is not None and better(daily, kept_daily(data)):
        data["daily"] = daily.to_dict()
    if folder is not None:
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
            atomic_write(Path(folder) / FILE, json.dumps(data, ensure_ascii=False, indent=1), durable=False)
        except OSError:
            log.exception("the ways of playing could not be written")
    return data


def seeded_export(seed: int, hand_no: int, dealer: int) -> str:
    """A seeded hand's deal as a line of the fair-deal export: its secret comes from the public seed."""
    return FairDeal.from_source(DeckSource.seeded(seed, hand_no), hand_no).export_line(dealer)


def count_way(host: Worker, match: Match, daily: DailyDeal | None = None) -> None:
    """Count a finished two-player match by its way of playing, on the worker thread; a daily match
    against its day's seed also offers its result, with the match's hands, as the day's best."""
    state = match.state
    if state.final is None:
        return
    me = match.info.human_seat
    won = state.final.winner == me
    is_daily = daily is not None and state.seed == daily.seed and match.vs_bot
    result = None
    if is_daily and daily is not None:
        mine, theirs = state.final.totals[me], state.final.totals[1 - me]
        hands = {"seed": state.seed, "hands": [r.to_dict() for r in state.history],
                 "deals": [seeded_export(state.seed, r.hand_no, r.dealer) for r in state.history]}
        result = DailyResult(daily.day, daily.seed, daily.level, won, (mine, theirs), len(state.history), hands)
    folder = folder_of(host.services)
    host.think(record, folder, way_of(state.rules, daily=is_daily), won, result)
