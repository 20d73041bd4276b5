"""The figures the database keeps are exactly the figures counted from the rows: after hands and matches in
and out of time order, hands recorded again, rows deleted, changed or bad, and a hand-edited kept row."""
from __future__ import annotations

import random
import sqlite3

import pytest

from game.app.matches.meta import MatchMeta
from game.app.records import stats_sql, stats_summary
from game.app.records.stats import Stats
from game.engine import VAN, FinalScore, HandResult

KINDS = ("knock", "undercut", "gin", "big_gin", "dead")


def a_hand(rng: random.Random, hand_no: int) -> HandResult:
    kind = rng.choice(KINDS)
    if kind == "dead":
        return HandResult(hand_no=hand_no, dealer=0, kind="dead")
    knocker = rng.randrange(2)
    winner = knocker if kind != "undercut" else 1 - knocker
    return HandResult(hand_no=hand_no, dealer=0, kind=kind, knocker=knocker, winner=winner,
                      points=rng.choice((0, 10, 25, rng.randrange(150))), knocker_deadwood=rng.randrange(11),
                      defender_deadwood=rng.randrange(60))


def counted(stats: Stats) -> dict:
    """What the rows give, as the screen was counted before the kept figures."""
    return stats.use(lambda conn: stats_sql.figures(conn, "abandoned"))


def kept(stats: Stats, key: str | None = None) -> dict:
    return stats.use(lambda conn: stats_summary.figures(conn, "abandoned", key)[0])


def metas(rng: random.Random) -> MatchMeta:
    if rng.random() < 0.7:
        return MatchMeta("bot", ("", ""), bot_level=rng.choice(("easy", "medium", "hard")), bot_seat=rng.randrange(2))
    return MatchMeta("hotseat", ("Ali", rng.choice(("Sara", "Саша"))))


@pytest.mark.parametrize("seed", range(6))
def test_the_kept_figures_are_the_counted_figures(tmp_path, seed):
    rng = random.Random(seed)
    stats = Stats(tmp_path / "stats.sqlite3", background=False)
    clock = 1_000_000.0
    recorded: list[tuple[MatchMeta, HandResult, float]] = []
    for step in range(120):
        meta = metas(rng)
        roll = rng.random()
        if roll < 0.55:  # a hand, mostly in time order, sometimes back in time or at the same moment
            clock += rng.choice((1.0, 1.0, 1.0, 0.0, -50.0))
            hand = a_hand(rng, step)
            stats.record_hand(meta, VAN, hand, when=clock)
            recorded.append((meta, hand, clock))
        elif roll < 0.7:
            clock += rng.choice((1.0, 1.0, -30.0))
            mine = rng.randrange(200)
            final = FinalScore(rng.randrange(2), (mine, 10), (0, 0), (0, 0), False, (mine, 10), abs(mine - 10))
            stats.record_match(meta, VAN, final, 3, when=clock, abandoned=rng.random() < 0.1 and final.winner == 1)
        elif roll < 0.78 and recorded:  # a hand recorded again (a resume): the row is replaced
            meta, hand, when = rng.choice(recorded)
            stats.record_hand(meta, VAN, hand, when=when)
        elif roll < 0.84:  # a row deleted or changed by hand, or a bad one put in
            what = rng.choice(("DELETE FROM hands WHERE rowid = (SELECT MIN(rowid) FROM hands)",
                               "UPDATE hands SET won = 1 - won WHERE rowid = (SELECT MAX(rowid) FROM hands)",
                               "UPDATE matches SET won = 1 - won WHERE rowid = (SELECT MIN(rowid) FROM matches)",
                               "INSERT INTO hands VALUES ('x', 1, 'easy', 'van', 'gin', 1, 1, 999, 0, 0, 's', 5.0)"))
            stats.use(lambda conn, sql=what: conn.execute(sql), write=True)
        elif roll < 0.9:
            stats.use(lambda conn: stats_summary.refresh(conn, "abandoned", False), write=True)
        assert kept(stats) == counted(stats), step
    for key in counted(stats):
        assert kept(stats, key) == {key: counted(stats)[key]}
    stats.close()


def test_a_hand_edited_kept_row_is_not_believed(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3", background=False)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    for n in range(5):
        stats.record_hand(meta, VAN, a_hand(random.Random(n), n), when=1000.0 + n)
    truth = counted(stats)
    for edit in ("UPDATE figures_kept SET hands_played = -4", "UPDATE figures_kept SET gins = 'many'",
                 "UPDATE figures_kept SET best_points = 12, best_kind = NULL"):
        conn = sqlite3.connect(tmp_path / "stats.sqlite3")
        conn.execute(edit)
        conn.commit()
        conn.close()
        assert kept(stats) == truth
    stats.close()


def test_a_file_of_many_hands_opens_its_statistics_from_the_kept_rows(tmp_path, monkeypatch):
    stats = Stats(tmp_path / "stats.sqlite3", background=False)
    meta = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)
    for n in range(40):
        stats.record_hand(meta, VAN, a_hand(random.Random(n), n), when=1000.0 + n)
    truth = counted(stats)
    stats.close()
    again = Stats(tmp_path / "stats.sqlite3", background=False)
    again.check()  # opened, swept and its kept rows made again, as at a start
    monkeypatch.setattr(stats_sql, "figures", lambda *a, **k: pytest.fail("counted from the rows"))
    assert {line.opponent: line for line in again.opponents()} == truth
    again.close()
