"""The statistics in the picture tour: every page with seeded figures (ten months of matches, people
with long names, five weeks of the deal of the day), then each page empty.  The figures live in a
folder of their own for the length of the tour, so the pictures are the same on every run."""
from __future__ import annotations

import datetime
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

from game.app.matches.meta import MatchMeta
from game.app.pictures.staging import LONG_NAMES
from game.app.program.app import App
from game.app.records import playways
from game.app.records.playways import Person
from game.app.records.stats import Stats
from game.app.scenes.stats import TABS, StatsScene
from game.engine import LEVELS, FinalScore, HandResult, preset
from game.engine.daily import DailyResult, daily_deal

TODAY = "2026-01-14"
NOON = 1_768_392_000.0  # TODAY at 12:00 UTC
RULE_SETS = (("van", 100), ("classic", 100), ("classic", 50), ("straight", 100), ("hollywood", 100))
KINDS = ("knock", "gin", "undercut", "knock", "big_gin", "dead")


def _hand(rng: random.Random, n: int) -> HandResult:
    kind = rng.choice(KINDS)
    if kind == "dead":
        return HandResult(hand_no=n, dealer=n % 2, kind="dead")
    knocker = rng.randrange(2)
    winner = knocker if kind != "undercut" else 1 - knocker
    return HandResult(hand_no=n, dealer=n % 2, kind=kind, knocker=knocker, winner=winner,
                      points=rng.randrange(5, 60), knocker_deadwood=rng.randrange(11),
                      defender_deadwood=rng.randrange(40))


def _matches(stats: Stats, rng: random.Random) -> None:
    """Ten months of matches against each level, two friends here and two online, the player getting better."""
    for n in range(90):
        when = NOON - (300 - n * 3.3) * 86400 - rng.randrange(3600)
        name, target = RULE_SETS[n % len(RULE_SETS)] if n % 3 else RULE_SETS[0]
        rules = preset(name, target)
        if n % 4 == 3:
            meta = MatchMeta("hotseat", names=(LONG_NAMES[0], ("Ava", LONG_NAMES[1])[n % 2]))
        elif n % 10 == 5:  # a friend on another machine, this screen the host
            meta = MatchMeta("online", names=(LONG_NAMES[0], ("Sara", LONG_NAMES[1])[n % 20 == 5]))
        else:
            meta = MatchMeta("bot", ("", ""), bot_level=LEVELS[n % len(LEVELS)], bot_seat=1)
        hands = [_hand(rng, k) for k in range(rng.randrange(3, 9))]
        for h in hands:
            stats.record_hand(meta, rules, h, when=when - 60 * (len(hands) - h.hand_no))
        won = rng.random() < 0.35 + n / 200
        mine = sum(h.points for h in hands if h.winner == 0)
        theirs = sum(h.points for h in hands if h.winner == 1)
        final = FinalScore(0 if won else 1, (mine, theirs), (0, 0), (0, 0), False, (mine, theirs), abs(mine - theirs))
        stats.record_match(meta, rules, final, len(hands), when=when)


def _ways(folder: Path, rng: random.Random) -> None:
    """Counts by way with people, and the deal of the day on most of the last five weeks."""
    for n in range(40):
        way = ("two", "three", "pairs", "hollywood", "straight")[n % 5]
        names = (LONG_NAMES[0], "Ava") if way in ("two", "pairs") else (LONG_NAMES[1],)
        people = [Person(name, rng.random() < 0.55, rng.randrange(60, 260)) for name in names]
        playways.record(folder, way, people[0].won, people=people)
    today = datetime.date.fromisoformat(TODAY)
    for back in range(36, -1, -1):
        if back in (9, 10, 17, 0):  # missed days; today still to play
            continue
        deal = daily_deal((today - datetime.timedelta(days=back)).isoformat())
        won = rng.random() < 0.6
        scores = (rng.randrange(100, 160), rng.randrange(20, 99)) if won else (rng.randrange(20, 99), 100)
        result = DailyResult(deal.day, deal.seed, deal.level, won, scores, rng.randrange(3, 9), {"deals": []})
        playways.record(folder, "daily", won, result, people=[Person(LONG_NAMES[0], won, scores[0])])


def stats_tour(app: App) -> Iterator[str]:
    """The statistics of the tour's own (empty) app, then each page with figures, the calendar a month
    back, and each page empty."""
    app.push(StatsScene(app))
    for _ in range(3):
        app.frame(1 / 60, present=False)
    yield "stats"
    app.pop()
    with tempfile.TemporaryDirectory(prefix="gin-stats-pictures-") as where:
        folder = Path(where)
        rng = random.Random(2026)
        stats = Stats(folder / "stats.sqlite3", background=False)
        try:
            _matches(stats, rng)
            _ways(folder, rng)
            for tab in TABS:
                scene = StatsScene(app, tab, seeded=(stats, folder, TODAY))
                app.push(scene)
                app.frame(1 / 60, present=False)
                yield "stats_" + tab
                if tab == "daily":
                    scene.turn_month(1)
                    app.frame(1 / 60, present=False)
                    yield "stats_daily_earlier"
                app.pop()
        finally:
            stats.close()
        empty = Path(where) / "empty"
        blank = Stats(empty / "stats.sqlite3", background=False)
        try:
            for tab in TABS[1:]:
                app.push(StatsScene(app, tab, seeded=(blank, empty, TODAY)))
                app.frame(1 / 60, present=False)
                yield "stats_empty_" + tab
                app.pop()
        finally:
            blank.close()
