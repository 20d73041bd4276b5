"""Statistics rows are checked before they are counted or shown: a row of the wrong type or out of any
range is left out, reported once, kept in a copy of the file as it was and taken out of the live file;
the statistics screen opens whatever the database holds, as often as the player likes."""
from __future__ import annotations

import sqlite3

import pygame
import pytest
from helpers.apps import frames, make_app

from game.app.config import paths
from game.app.matches.meta import MatchMeta
from game.app.records.stats import MatchRecord, OpponentStats, Stats
from game.app.records.stats_rows import valid_hand, valid_match
from game.app.scenes.stats import StatsScene, date_text
from game.app.storage import NOTICE_STATS, NOTICE_STATS_ROWS, Notices
from game.engine import VAN, FinalScore, HandResult

pytestmark = pytest.mark.usefixtures("close_apps")

META = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)


class Sink:
    def __init__(self) -> None:
        self.notices = Notices()

    def add_notice(self, key, aside=None, detail="", why=""):
        self.notices.add(key, aside, detail, why)

    def take(self):
        return self.notices.take()


@pytest.fixture(autouse=True)
def _fresh_pygame():
    """Each test starts pygame afresh: no font of an earlier test's pygame carries over."""
    pygame.quit()
    yield


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path / "home"))


def fill(path) -> None:
    s = Stats(path, background=False)
    for n in range(4):
        s.record_hand(META, VAN, HandResult(hand_no=n, dealer=0, kind="knock", knocker=0, winner=0, points=10 + n,
                                            knocker_deadwood=4, defender_deadwood=14 + n, sum_text="x"), when=100 + n)
    s.record_match(META, VAN, FinalScore(0, (110, 0), (0, 0), (0, 0), False, (110, 0), 110), 4, when=200)
    other = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)
    s.record_match(other, VAN, FinalScore(1, (20, 105), (0, 0), (0, 0), False, (20, 105), 85), 6, when=300)
    s.close()


EDITS = {
    "a date that is a word": "UPDATE matches SET finished_at = 'yesterday' WHERE finished_at = 300",
    "a date beyond any calendar": "UPDATE matches SET finished_at = 1e300 WHERE finished_at = 300",
    "points beyond any hand": "UPDATE hands SET points = 1e300 WHERE hand_no = 3",
    "a negative score": "UPDATE matches SET my_total = -5 WHERE finished_at = 300",
    "a text where a number goes": "UPDATE hands SET hand_no = 'three' WHERE hand_no = 3",
    "an unknown kind of hand": "UPDATE hands SET kind = 'marvellous' WHERE hand_no = 3",
    "names that are no list": "UPDATE matches SET names = '7' WHERE finished_at = 300",
    "an opponent that is a number": "UPDATE hands SET opponent = 12 WHERE hand_no = 3",
    "a result that is neither won nor lost": "UPDATE matches SET won = 7 WHERE finished_at = 300",
    "a date that is not a number": "UPDATE hands SET played_at = x'00ff' WHERE hand_no = 3",
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_bad_row_is_left_out_reported_once_and_kept_in_a_copy(tmp_path, edit):
    path = tmp_path / "stats.sqlite3"
    fill(path)
    conn = sqlite3.connect(path)
    conn.execute(EDITS[edit])
    conn.commit()
    conn.close()
    before = path.read_bytes()
    sink = Sink()
    s = Stats(path, notices=sink, background=False)
    try:
        line = s.opponent("hard")
        recent = s.recent_matches()
        assert line.matches_played + line.hands_played == 5  # one of the six rows left out
        assert all(type(m.finished_at) is float and m.finished_at < 1e12 for m in recent)
        [notice] = sink.take()
        assert notice.key == NOTICE_STATS_ROWS and notice.aside != path
        copy = sqlite3.connect(notice.aside)  # the file as it was, bad row and all
        assert copy.execute("SELECT COUNT(*) FROM hands").fetchone()[0] + copy.execute(
            "SELECT COUNT(*) FROM matches").fetchone()[0] == 6
        copy.close()
        assert s.opponents() == [line] and sink.take() == []  # said once
    finally:
        s.close()
    again = Stats(path, notices=sink, background=False)  # the live file is clean: nothing to say next time
    try:
        assert again.opponent("hard") == line and sink.take() == []
    finally:
        again.close()
    assert before != path.read_bytes()


def test_without_a_copy_the_bad_rows_stay_and_are_only_skipped(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite3"
    fill(path)
    conn = sqlite3.connect(path)
    conn.execute(EDITS["a date that is a word"])
    conn.commit()
    conn.close()
    monkeypatch.setattr(Stats, "_copy_aside", lambda self, conn: None)  # as when the folder takes no file
    sink = Sink()
    s = Stats(path, notices=sink, background=False)
    try:
        assert s.opponent("hard").matches_played == 1
        [notice] = sink.take()
        assert notice.key == NOTICE_STATS_ROWS and notice.aside == path  # the file itself keeps them
        assert s.opponent("hard").matches_played == 1 and sink.take() == []
    finally:
        s.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT COUNT(*) FROM matches WHERE finished_at = 'yesterday'").fetchone()[0] == 1
    conn.close()


def test_row_checks_take_only_what_the_game_writes():
    good_hand = (1, "abc", 0, "easy", "van", "gin", 1, 1, 40, 0, 15, "40", 1000.0)
    assert valid_hand(good_hand) is not None
    for at, bad in ((2, -1), (2, True), (3, "someone"), (5, "gin!"), (6, 2), (8, 151), (9, 111), (12, float("inf")),
                    (12, float("nan")), (12, -1.0), (1, "")):
        row = list(good_hand)
        row[at] = bad
        assert valid_hand(tuple(row)) is None, (at, bad)
    good_match = (1, "abc", "hotseat:Ann", "hotseat", '["Bo", "Ann"]', "classic", 50, 60, 10, 60, 10, 1, 3, 5.0, 0)
    assert valid_match(good_match) is not None
    assert valid_match(good_match[:11] + (0,) + good_match[12:14] + (1,)) is not None  # abandoned, so lost
    for at, bad in ((4, '["one"]'), (4, "{"), (6, 0), (6, 10001), (11, 2), (12, 0), (13, "yesterday"), (3, "online"),
                    (14, 2), (14, None), (14, 1)):  # the last: a match both won and abandoned
        row = list(good_match)
        row[at] = bad
        assert valid_match(tuple(row)) is None, (at, bad)


def test_the_statistics_screen_opens_again_and_again_on_bad_rows(monkeypatch, tmp_path):
    path = tmp_path / "stats.sqlite3"
    fill(path)
    conn = sqlite3.connect(path)
    for statement in EDITS.values():
        conn.execute(statement)
    conn.commit()
    conn.close()
    app = make_app(monkeypatch)
    sink = Sink()
    app.services.stats = Stats(path, notices=sink, background=False)
    app.nav.to_menu()
    for _ in range(4):
        app.push(StatsScene(app))
        frames(app, 3)
        assert app.top.name == "stats"
        app.top.back()
        frames(app, 2)
        assert app.top.name == "menu"
    assert [n.key for n in sink.take()] == [NOTICE_STATS_ROWS]
    app.services.stats.close()


class Garbage:
    """A statistics service gone wrong: odd values, or an error, whatever the screen asks."""

    def __init__(self, fail: bool) -> None:
        self.fail = fail

    def opponents(self):
        if self.fail:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return [OpponentStats(opponent="hard", best_hand_points=5, best_hand_kind="marvellous")]

    def recent_matches(self, limit=10):
        return [MatchRecord("x", "yesterday", "hard", ("", ""), "van", 100, 1, 2, True, 3),  # type: ignore[arg-type]
                MatchRecord("y", 1e300, "hard", ("", ""), "odd", 100, 1, 2, False, 3)]

    def reset(self):
        pass

    def close(self):
        pass


@pytest.mark.parametrize("fail", [False, True])
def test_the_screen_never_stops_on_what_it_is_handed(monkeypatch, fail):
    app = make_app(monkeypatch)
    app.services.stats = Garbage(fail)
    app.nav.to_menu()
    for _ in range(3):
        app.push(StatsScene(app))
        frames(app, 3)
        assert app.top.name == "stats"
        app.top.back()
    assert date_text("yesterday") == "-" and date_text(1e300) == "-" and date_text(0) != "-"


def test_a_damaged_database_is_told_at_the_first_menu(tmp_path):
    from game.app.stage.services import Services

    (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
    services = Services.for_player(tmp_path)
    try:
        assert [n.key for n in services.store.take_notices()] == [NOTICE_STATS]  # checked at the start
    finally:
        services.close()
        pygame.mixer.quit()
