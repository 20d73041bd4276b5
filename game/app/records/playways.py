"""Matches counted by the way they were played, and the best result of each day's deal.

One small JSON file in the data folder (``ways.json``): for each way (two players, three, two pairs,
Hollywood, straight gin, the deal of the day) the matches finished and those a person won, and the
best daily result with its public seed and the match's record, so friends can compare by sharing
the file.  Version 2 adds, per way, each person's matches, wins and points (by name as typed; the
computer is not a person), and the deal of the day's best result of every day played (``daybook``);
a version-1 file loads with those empty.  A file that cannot be read (damaged, too deep, too big, a
link or a pipe) is set aside with a notice at start (``check``) and before a count would replace it,
so its counts are kept for a look; writes replace the file whole.
"""
from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple, Protocol, TypedDict

from game.app.matches.match import Match
from game.app.matches.meta import MatchMeta
from game.app.records import daybook
from game.app.records.daybook import DayEntry
from game.app.storage import Store
from game.app.storage.files import Unusable, atomic_write, read_limited, set_aside
from game.app.storage.notices import NOTICE_WAYS, NoticeSink
from game.engine import TABLE_KINDS, DeckSource, FairDeal, MatchState, Rules
from game.engine.daily import DailyDeal, DailyResult, better, daily_deal, utc_day

log = logging.getLogger(__name__)

WAYS = ("two", *TABLE_KINDS, "hollywood", "straight", "daily")  # the ways of playing counted
FILE = "ways.json"
FORMAT = "gin-rummy-ways"
VERSION = 2  # 2: people and days
COUNTED_KEEP = 50  # match ids kept: far more than a start can find to settle
PEOPLE_KEEP = 200  # names kept per way: the most played
NAME_MAX = 64
MAX_COUNT = 10_000_000


class WayCount(TypedDict):
    played: int
    won: int


class PersonCount(TypedDict):
    played: int
    won: int
    points: int  # the person's side's final totals, added up


class Person(NamedTuple):
    """One person of a finished match: the name as typed ("" unnamed), whether their side won, its final total."""

    name: str
    won: bool
    points: int


class Ways(TypedDict):
    """The file's content: the counts of each way, and the kept daily result as ``DailyResult.to_dict`` gives it."""

    format: str
    version: int
    ways: dict[str, WayCount]
    daily: dict[str, object] | None
    counted: list[str]  # the last matches counted, so a count repeated after a kill counts once
    people: dict[str, dict[str, PersonCount]]  # way -> name -> counts
    days: list[DayEntry]  # the deal of the day's best result of each day played, in order


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
    if table in TABLE_KINDS:
        return table
    if rules.hollywood:
        return "hollywood"
    return "straight" if rules.straight_gin else "two"


def _fresh() -> Ways:
    return {"format": FORMAT, "version": VERSION, "ways": {w: {"played": 0, "won": 0} for w in WAYS},
            "daily": None, "counted": [], "people": {w: {} for w in WAYS}, "days": []}


def _count(v: object) -> bool:
    return type(v) is int and 0 <= v <= MAX_COUNT


def _people(found: object) -> dict[str, dict[str, PersonCount]]:
    """Each way's people as read, a damaged line left out."""
    out: dict[str, dict[str, PersonCount]] = {w: {} for w in WAYS}
    for w in WAYS:
        rows = found.get(w) if isinstance(found, dict) else None
        for name, row in (rows.items() if isinstance(rows, dict) else ()):
            if (isinstance(name, str) and len(name) <= NAME_MAX and isinstance(row, dict)
                    and all(_count(row.get(k)) for k in ("played", "won", "points"))):
                out[w][name] = {"played": row["played"], "won": min(row["won"], row["played"]),
                                "points": row["points"]}
    return out


def _add_people(data: Ways, way: str, people: tuple[Person, ...] | list[Person]) -> None:
    """Each person once per match (the same name twice counts once), the computer never (callers leave it
    out); a person without a name counts as "" when alone, and not at all among others (no telling them apart)."""
    rows = data["people"].setdefault(way, {})
    seen: set[str] = set()
    for p in people:
        name = str(p.name).strip()[:NAME_MAX]
        if name in seen or (not name and len(people) > 1):
            continue
        seen.add(name)
        row = rows.setdefault(name, {"played": 0, "won": 0, "points": 0})
        row["played"] += 1
        row["won"] += int(bool(p.won))
        row["points"] = min(MAX_COUNT, row["points"] + max(0, int(p.points)))
    if len(rows) > PEOPLE_KEEP:
        keep = sorted(rows, key=lambda n: (-rows[n]["played"], n))[:PEOPLE_KEEP]
        data["people"][way] = {n: rows[n] for n in keep}


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
    counted = found.get("counted")
    if isinstance(counted, list):
        data["counted"] = [m for m in counted if isinstance(m, str) and m.isalnum() and len(m) <= 64][-COUNTED_KEEP:]
    data["people"] = _people(found.get("people"))
    data["days"] = daybook.read(found.get("days"))
    if data["daily"] is not None and not data["days"]:  # a version-1 file: its kept day is the first of the book
        data["days"] = daybook.add([], DailyResult.from_dict(data["daily"]))
    return data


def kept_daily(data: Ways) -> DailyResult | None:
    return DailyResult.from_dict(data["daily"]) if data.get("daily") else None


def record(folder: Path | None, way: str, won: bool, daily: DailyResult | None = None, match_id: str = "", *,
           people: tuple[Person, ...] | list[Person] = ()) -> Ways:
    """Count a finished match (and keep a daily result when it beats the day's best); the new data.
    ``people``: the persons who played it, each counted under the way by name.  A match already
    counted (``match_id``) is not counted again.  An unreadable file is set aside first, never written over."""
    if folder is not None:
        check(folder)
    data = load(folder)
    if match_id:
        if match_id in data["counted"]:
            return data
        data["counted"] = [*data["counted"], match_id][-COUNTED_KEEP:]
    row = data["ways"][way]
    row["played"] += 1
    row["won"] += int(won)
    if daily is not None and better(daily, kept_daily(data)):
        data["daily"] = daily.to_dict()
    if daily is not None:
        data["days"] = daybook.add(data["days"], daily)
    _add_people(data, way, people)
    _write(folder, data)
    return data


def reset(folder: Path | None) -> Ways:
    """Forget every count, person and day, as Reset statistics asks; the ids of the matches counted are
    kept, so a match counted before the reset is not counted again after a kill."""
    if folder is not None:
        check(folder)
    data = _fresh()
    data["counted"] = load(folder)["counted"]
    _write(folder, data)
    return data


def _write(folder: Path | None, data: Ways) -> None:
    if folder is None:
        return
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        atomic_write(Path(folder) / FILE, json.dumps(data, ensure_ascii=False, indent=1), durable=False)
    except (OSError, Unusable):
        log.exception("the ways of playing could not be written")


def seeded_export(seed: int, hand_no: int, dealer: int) -> str:
    """A seeded hand's deal as a line of the fair-deal export: its secret comes from the public seed."""
    return FairDeal.from_source(DeckSource.seeded(seed, hand_no), hand_no).export_line(dealer)


def daily_of(seed: int, vs_bot: bool, when: float) -> DailyDeal | None:
    """The deal of the day a match against the computer was dealt from, found by its seed among the days
    around ``when`` (a match may have begun the day before); None for any other match."""
    if not vs_bot:
        return None
    moment = datetime.datetime.fromtimestamp(when, datetime.timezone.utc)
    for back in range(-1, 3):
        deal = daily_deal(utc_day(moment - datetime.timedelta(days=back)))
        if deal.seed == seed:
            return deal
    return None


def tally(state: MatchState, meta: MatchMeta, daily: DailyDeal | None) -> tuple[str, bool, DailyResult | None]:
    """A finished match's way, whether the player won, and its daily result when it was the day's deal."""
    me = meta.human_seat
    won = state.final is not None and state.final.winner == me
    is_daily = daily is not None and state.seed == daily.seed and meta.mode == "bot"
    result = None
    if is_daily and daily is not None and state.final is not None:
        mine, theirs = state.final.totals[me], state.final.totals[1 - me]
        hands = {"seed": state.seed, "hands": [r.to_dict() for r in state.history],
                 "deals": [seeded_export(state.seed, r.hand_no, r.dealer) for r in state.history]}
        result = DailyResult(daily.day, daily.seed, daily.level, won, (mine, theirs), len(state.history), hands)
    return way_of(state.rules, daily=is_daily), won, result


def people_of(state: MatchState, meta: MatchMeta) -> tuple[Person, ...]:
    """The persons of a finished two-player match: the player against the computer, or both hot-seat players."""
    if state.final is None:
        return ()
    seats = (meta.human_seat,) if meta.mode == "bot" else (0, 1)
    return tuple(Person(meta.names[s], state.final.winner == s, state.final.totals[s]) for s in seats)


def table_people(kind: str, seats: tuple[str, ...], names: tuple[str, ...], winner: int,
                 totals: tuple[int, ...]) -> tuple[Person, ...]:
    """The persons of a finished table of three (a side a seat) or two pairs (seats 0 and 2, 1 and 3)."""
    def side(seat: int) -> int:
        return seat % 2 if kind == "pairs" else seat

    return tuple(Person(names[i] if i < len(names) else "", side(i) == winner, totals[side(i)])
                 for i, s in enumerate(seats) if s == "person")


def count_finished(folder: Path | None, state: MatchState, meta: MatchMeta, when: float) -> None:
    """Count a finished two-player match now, once (its records are in, its save not yet dropped)."""
    if state.final is None:
        return
    try:
        record(folder, *tally(state, meta, daily_of(state.seed, meta.mode == "bot", when)), match_id=meta.match_id,
               people=people_of(state, meta))
    except Exception:  # a count must never keep the finished match's save in place
        log.exception("the match could not be counted by its way of playing")


def count_way(host: Worker, match: Match, daily: DailyDeal | None = None) -> None:
    """Count a finished two-player match by its way of playing, on the worker thread, unless it was
    counted already (``count_finished``, as the match ended); a daily match against its day's seed also
    offers its result, with the match's hands, as the day's best."""
    if match.state.final is None:
        return
    way, won, result = tally(match.state, match.info, daily)
    host.think(partial(record, people=people_of(match.state, match.info)), folder_of(host.services), way, won, result,
               match.info.match_id)
