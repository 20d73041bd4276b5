"""Matches counted by the way they were played, and the best result of each day's deal.

One small JSON file in the data folder (``ways.json``): for each way (two players, three, two pairs,
Hollywood, straight gin, the deal of the day) the matches finished and those a person won, and the
best daily result with its public seed and the match's record, so friends can compare by sharing
the file.  A file that cannot be read (damaged, too deep, too big, a link or a pipe) is set aside with a
notice at start (``check``) and before a count would replace it, so its counts are kept for a look;
writes replace the file whole.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypedDict

from game.app.matches.match import Match
from game.app.storage import Store
from game.app.storage.files import Unusable, atomic_write, read_limited, set_aside
from game.app.storage.notices import NOTICE_WAYS, NoticeSink
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


def _read(folder: Path) -> tuple[object, str | None]:
    """(what the file holds, None), or (None, why it cannot be used); (None, None) when there is none."""
    try:
        raw = read_limited(Path(folder) / FILE, 1 << 20)
        if raw is None:
            return None, None
        found = json.loads(raw)
    except (OSError, ValueError, RecursionError) as e:  # Unusable is a ValueError
        return None, str(e) or type(e).__name__
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return None, "not a file of the ways of playing"
    return found, None


def check(folder: Path | None, notices: NoticeSink | None = None) -> str | None:
    """Set an unusable ``ways.json`` aside (``NOTICE_WAYS``), so no screen stumbles on it; why, or None."""
    if folder is None:
        return None
    found, why = _read(folder)
    if why is not None:
        aside = set_aside(Path(folder) / FILE)
        log.warning("the ways of playing could not be read (%s); kept as %s", why, aside)
        if notices is not None and aside is not None:
            notices.add_notice(NOTICE_WAYS, aside, why)
    return why


def load(folder: Path | None) -> Ways:
    """The counts and the kept daily result; an unreadable or odd file gives fresh counts."""
    data = _fresh()
    if folder is None:
        return data
    found, _ = _read(folder)
    if not isinstance(found, dict):
        return data
    ways = found.get("ways")
    for w in WAYS:
        row = ways.get(w) if isinstance(ways, dict) else None
        if isinstance(row, dict) and all(type(row.get(k)) is int and row[k] >= 0 for k in ("played", "won")):
            data["ways"][w] = {"played": row["played"], "won": min(row["won"], row["played"])}
    try:
        data["daily"] = DailyResult.from_dict(found.get("daily")).to_dict() if found.get("daily") else None
    except (ValueError, TypeError, RecursionError):
        data["daily"] = None
    return data


def kept_daily(data: Ways) -> DailyResult | None:
    return DailyResult.from_dict(data["daily"]) if data.get("daily") else None


def record(folder: Path | None, way: str, won: bool, daily: DailyResult | None = None) -> Ways:
    """Count a finished match (and keep a daily result when it beats the day's best); the new data.
    An unreadable file is set aside first, never written over."""
    if folder is not None:
        check(folder)
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
        except (OSError, Unusable):
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
