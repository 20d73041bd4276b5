"""The online table keeps its match in this machine's records: a hand played at the app's table is in the history
with the friend's true cards, and a friend who leaves leaves the match abandoned, never won or lost by play."""
from __future__ import annotations

import pytest
import test_app_netmatch
from test_app_netmatch import Friend, _play

from game.app.records.history import History
from game.app.records.online_recorder import end_reason
from game.app.records.stats import Stats
from game.app.scenes.result import ResultScene
from game.engine.record import replay

pytestmark = pytest.mark.usefixtures("close_apps")
friend_host = test_app_netmatch.friend_host  # the friend hosts as Ann, the app joins as Bob


def test_a_hand_at_the_online_table_is_in_the_history_with_the_friends_true_cards(monkeypatch, friend_host,
                                                                                  tmp_path):
    stats = Stats(tmp_path / "s.sqlite3", background=False)
    real = test_app_netmatch.Driver
    monkeypatch.setattr(test_app_netmatch, "Driver", lambda *a, **k: _with(real(*a, **k), stats))
    d, session = test_app_netmatch._join(monkeypatch, friend_host)
    friend = Friend(session, 11)
    try:
        _play(d, lambda: isinstance(d.top, ResultScene))
        _play(d, lambda: bool(History(stats).matches()) and len(History(stats).hands(
            History(stats).matches()[0].match_id)) == 1)
    finally:
        friend.leave()
    [entry] = History(stats).matches()
    assert entry.mode == "online" and entry.seat == 1 and entry.names == ("Ann", "Bob")
    [kept] = History(stats).hands(entry.match_id)
    assert kept.record is not None
    assert replay(kept.record).last.last_result == session.state.history[0]
    # the friend's checked result, melds and all: a replay over stand-ins for the friend's cards would not give it
    stats.close()


def test_a_friend_who_leaves_leaves_the_match_abandoned_in_the_records(monkeypatch, friend_host, tmp_path):
    from game.app.scenes.play import PlayScene

    stats = Stats(tmp_path / "s.sqlite3", background=False)
    real = test_app_netmatch.Driver
    monkeypatch.setattr(test_app_netmatch, "Driver", lambda *a, **k: _with(real(*a, **k), stats))
    d, session = test_app_netmatch._join(monkeypatch, friend_host)
    friend = Friend(session, 12)
    _play(d, lambda: isinstance(d.top, PlayScene), 5)
    friend.leave()
    _play(d, lambda: bool(stats.recent_matches()), 5)
    [row] = stats.recent_matches()
    assert row.abandoned and not row.won and row.opponent == "online:Ann"
    assert end_reason(stats, row.match_id) == "left"
    stats.close()


def _with(driver, stats):
    """The app keeps its records in the test's database from the start."""
    driver.app.services.stats = stats
    return driver
