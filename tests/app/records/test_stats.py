"""Statistics: what is recorded from HandResult/FinalScore comes back right, and a bad database never stops us."""
import json
import random
import sqlite3

import pytest

from game.app.matches.meta import MatchMeta
from game.app.records.stats import MatchRecord, OpponentStats, SilentStats, Stats
from game.app.storage import NOTICE_STATS, Notices
from game.engine import CLASSIC, VAN, FinalScore, HandResult, MatchEnded, new_match

KINDS = ("knock", "undercut", "gin", "big_gin", "dead")


class Sink:
    """Collects the notices the statistics report (the app hands them its store)."""

    def __init__(self) -> None:
        self.notices = Notices()

    def add_notice(self, key, aside=None, detail="", why=""):
        self.notices.add(key, aside, detail, why)

    def take_notices(self):
        return self.notices.take()


@pytest.fixture
def storage():
    return Sink()


@pytest.fixture
def stats(tmp_path, storage):
    s = Stats(tmp_path / "stats.sqlite3", notices=storage, background=False)
    yield s
    s.close()


def random_hand(rng: random.Random, hand_no: int) -> HandResult:
    kind = rng.choice(KINDS)
    if kind == "dead":
        return HandResult(hand_no=hand_no, dealer=rng.randrange(2), kind="dead")
    knocker = rng.randrange(2)
    kdw = 0 if kind in ("gin", "big_gin") else rng.randrange(11)
    if kind == "undercut":
        winner, ddw = 1 - knocker, rng.randrange(kdw + 1)
        points = kdw - ddw + 25
    else:
        winner, ddw = knocker, rng.randrange(kdw + 1, 60) if kind == "knock" else rng.randrange(60)
        points = ddw - kdw if kind == "knock" else ddw + (25 if kind == "gin" else 31)
    return HandResult(hand_no=hand_no, dealer=rng.randrange(2), kind=kind, knocker=knocker, winner=winner,
                      points=points, knocker_deadwood=kdw, defender_deadwood=ddw, sum_text=f"{points}")


def play(stats: Stats, meta: MatchMeta, rules, rng: random.Random, clock: list[float]):
    """Record a match of random hands; return the hands and the final score as recorded."""
    hands, scores = [], [0, 0]
    n = 0
    while max(scores) < rules.target or scores[0] == scores[1]:
        result = random_hand(rng, n)
        clock[0] += 1
        stats.record_hand(meta, rules, result, when=clock[0])
        hands.append(result)
        if result.winner is not None:
            scores[result.winner] += result.points
        n += 1
    winner = 0 if scores[0] > scores[1] else 1
    won = tuple(sum(1 for h in hands if h.winner == p) for p in (0, 1))
    final = FinalScore(winner, tuple(scores), (0, 0), (0, 0), False, tuple(scores), abs(scores[0] - scores[1]))
    clock[0] += 1
    stats.record_match(meta, rules, final, len(hands), when=clock[0])
    return hands, final, won


def expected(key, records):
    """The same numbers, counted the plain way from what was recorded."""
    hands = [(h, me) for m, hs, final, me in records for h in hs]
    matches = [(final, me) for m, hs, final, me in records]
    mine = [h for h, me in hands if h.winner == me]
    knocks = [h.knocker_deadwood for h, me in hands if h.knocker == me]
    best = max(mine, key=lambda h: h.points, default=None)

    def streak(flags):
        best_run = run = 0
        for f in flags:
            run = run + 1 if f else 0
            best_run = max(best_run, run)
        return best_run

    return OpponentStats(
        opponent=key, matches_played=len(matches), matches_won=sum(f.winner == me for f, me in matches),
        hands_played=len(hands), hands_won=len(mine),
        gins=sum(h.kind == "gin" for h in mine), big_gins=sum(h.kind == "big_gin" for h in mine),
        undercuts_given=sum(h.kind == "undercut" for h in mine),
        undercuts_suffered=sum(h.kind == "undercut" and h.winner != me for h, me in hands),
        average_knock_deadwood=round(sum(knocks) / len(knocks), 1) if knocks else None,
        best_hand_points=best.points if best else 0, best_hand_kind=best.kind if best else None,
        longest_win_streak=streak([f.winner == me for f, me in matches]),
        longest_hand_streak=streak([h.winner == me for h, me in hands if h.winner is not None]),
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_per_opponent_numbers_match_a_plain_count(stats, seed):
    rng = random.Random(seed)
    clock = [1000.0]
    records: dict[str, list] = {}
    for _ in range(12):
        if rng.random() < 0.7:
            seat = rng.randrange(2)
            meta = MatchMeta("bot", ("", ""), bot_level=rng.choice(("easy", "medium", "hard")), bot_seat=seat)
        else:
            meta = MatchMeta("hotseat", ("Ali", rng.choice(("Sara", "Саша"))))
        rules = rng.choice((VAN, CLASSIC.with_(target=50)))
        hands, final, _ = play(stats, meta, rules, rng, clock)
        records.setdefault(meta.opponent_key, []).append((meta, hands, final, meta.human_seat))
    lines = stats.opponents()
    assert [s.opponent for s in lines] == sorted(records, key=lambda k: ({"easy": 0, "medium": 1, "hard": 2}
                                                                        .get(k, 3), k.lower()))
    for line in lines:
        assert line == expected(line.opponent, records[line.opponent])


def test_recent_matches_newest_first_with_score_and_preset(stats):
    rng = random.Random(7)
    clock = [0.0]
    metas = []
    for level in ("easy", "hard", "medium", "easy"):
        meta = MatchMeta("bot", ("Me", ""), bot_level=level, bot_seat=1)
        _, final, _ = play(stats, meta, CLASSIC.with_(target=50), rng, clock)
        metas.append((meta, final))
    recent = stats.recent_matches(3)
    assert [r.match_id for r in recent] == [m.match_id for m, _ in reversed(metas)][:3]
    meta, final = metas[-1]
    top = recent[0]
    assert isinstance(top, MatchRecord)
    assert (top.opponent, top.preset, top.target) == ("easy", "classic", 50)
    assert (top.my_total, top.their_total, top.won) == (final.totals[0], final.totals[1], final.winner == 0)
    assert top.names == ("Me", "") and recent[0].finished_at > recent[1].finished_at


def test_a_hand_replayed_after_a_crash_is_counted_once(stats):
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=0)
    result = HandResult(hand_no=0, dealer=0, kind="gin", knocker=1, winner=1, points=40, defender_deadwood=15)
    stats.record_hand(meta, VAN, result)
    stats.record_hand(meta, VAN, result)
    line = stats.opponent("easy")
    assert (line.hands_played, line.hands_won, line.gins, line.best_hand_points) == (1, 1, 1, 40)
    assert line.average_knock_deadwood == 0


def test_events_from_a_real_match_are_recorded(stats):
    """Drive the engine to the end of a match and feed its events: the totals agree with the engine."""
    meta = MatchMeta("hotseat", ("A", "B"))
    rules = VAN.with_(target=30)
    state, _ = new_match(rules, 3)
    rng = random.Random(3)
    for _ in range(20000):
        legal = state.legal_actions()
        if not legal:
            break
        knocks = [a for a in legal if type(a).__name__ in ("Knock", "BigGin")]
        events = state.apply(rng.choice(knocks) if knocks else rng.choice(legal))
        stats.record_events(meta, rules, events)
        if any(isinstance(e, MatchEnded) for e in events):
            break
    assert state.final is not None
    line = stats.opponent("hotseat:B")
    assert line.matches_played == 1 and line.matches_won == int(state.final.winner == 0)
    assert line.hands_played == len(state.history)
    assert line.hands_won == state.hands_won[0]
    [record] = stats.recent_matches()
    assert (record.my_total, record.their_total) == state.final.totals and record.hands == len(state.history)


def test_reset_forgets_everything(stats):
    rng = random.Random(1)
    play(stats, MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1), VAN, rng, [0.0])
    assert stats.opponents()
    stats.reset()
    assert stats.opponents() == [] and stats.recent_matches() == []
    assert stats.opponent("hard") == OpponentStats("hard")


def test_background_writes_are_visible_after_flush(tmp_path):
    s = Stats(tmp_path / "bg.sqlite3", background=True)
    try:
        meta = MatchMeta("bot", ("", ""), bot_level="medium", bot_seat=1)
        for n in range(30):
            s.record_hand(meta, VAN, HandResult(hand_no=n, dealer=0, kind="knock", knocker=0, winner=0, points=n,
                                                knocker_deadwood=5, defender_deadwood=5 + n))
        line = s.opponent("medium")  # queries wait for pending writes
        assert line.hands_played == 30 and line.best_hand_points == 29 and line.average_knock_deadwood == 5
    finally:
        s.close()


def _newer(path):
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


def _foreign_tables(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE matches (something TEXT)")
    conn.commit()
    conn.close()


def _garbage(path):
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)


def _text(path):
    path.write_text(json.dumps({"not": "a database"}))


@pytest.mark.parametrize("damage", [_garbage, _text, _newer, _foreign_tables], ids=lambda f: f.__name__)
def test_a_bad_database_is_set_aside_and_recreated(tmp_path, storage, damage):
    path = tmp_path / "stats.sqlite3"
    damage(path)
    before = path.read_bytes()
    s = Stats(path, notices=storage, background=False)
    try:
        assert s.opponents() == []
        notices = storage.take_notices()
        assert [n.key for n in notices] == [NOTICE_STATS] and notices[0].aside is not None
        kept = sorted(tmp_path.glob("stats.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == before
        s.record_hand(MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1), VAN,
                      HandResult(hand_no=0, dealer=0, kind="dead"))
        assert s.opponent("easy").hands_played == 1
    finally:
        s.close()


def test_a_database_damaged_while_running_is_replaced(tmp_path, storage):
    path = tmp_path / "stats.sqlite3"
    s = Stats(path, notices=storage, background=False)
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    try:
        s.record_hand(meta, VAN, HandResult(hand_no=0, dealer=0, kind="dead"))
        s._conn.execute("DROP TABLE hands")  # as if the file was edited under us
        assert s.opponent("easy").hands_played == 0
        assert [n.key for n in storage.take_notices()] == ["notice.stats_reset"]
        s.record_hand(meta, VAN, HandResult(hand_no=1, dealer=0, kind="dead"))
        assert s.opponent("easy").hands_played == 1
    finally:
        s.close()


def test_without_a_sink_a_reset_is_only_logged(tmp_path, caplog):
    path = tmp_path / "stats.sqlite3"
    _garbage(path)
    s = Stats(path, background=False)
    try:
        assert s.opponents() == [] and "statistics reset" in caplog.text
        assert list(tmp_path.glob("stats.damaged-*"))
    finally:
        s.close()


def test_silent_stats_record_nothing_and_touch_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = SilentStats()
    meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
    rng = random.Random(4)
    play(s, meta, VAN, rng, [0.0])
    s.record_events(meta, VAN, [])
    s.reset()
    s.flush()
    assert s.opponents() == [] and s.recent_matches() == [] and s.recent_matches(3) == []
    assert s.opponent("easy") == OpponentStats("easy")
    s.close()
    assert list(tmp_path.iterdir()) == []


def test_an_abandoned_match_is_kept_as_lost_and_marked(stats):
    meta = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)
    # even a final score that names the player the winner cannot make an abandoned match a win
    final = FinalScore(0, (60, 40), (0, 0), (0, 0), False, (60, 40), 20)
    stats.record_match(meta, VAN, final, 4, when=100.0, abandoned=True)
    finished = MatchMeta("bot", ("", ""), bot_level="hard", bot_seat=1)
    stats.record_match(finished, VAN, final, 6, when=200.0)
    newest, oldest = stats.recent_matches()
    assert (oldest.match_id, oldest.abandoned, oldest.won, oldest.my_total) == (meta.match_id, True, False, 60)
    assert (newest.abandoned, newest.won) == (False, True)
    line = stats.opponent("hard")
    assert (line.matches_played, line.matches_won, line.longest_win_streak) == (2, 1, 1)


# The first release's table of matches, without the ``abandoned`` column.
_V1_MATCHES = """CREATE TABLE matches (match_id TEXT PRIMARY KEY, opponent TEXT NOT NULL, mode TEXT NOT NULL,
    names TEXT NOT NULL, preset TEXT NOT NULL, target INTEGER NOT NULL, my_score INTEGER NOT NULL,
    their_score INTEGER NOT NULL, my_total INTEGER NOT NULL, their_total INTEGER NOT NULL, won INTEGER NOT NULL,
    hands INTEGER NOT NULL, finished_at REAL NOT NULL)"""


def _version_1(path) -> None:
    """A statistics file as the first release wrote it: version 1, one match won and one hand."""
    from game.app.records import stats_rows as module

    conn = sqlite3.connect(path)
    conn.execute(_V1_MATCHES)
    conn.execute(module.SCHEMA.split(";")[1])  # the hands table has not changed
    conn.execute("INSERT INTO matches VALUES ('old', 'easy', 'bot', '[\"Me\", \"\"]', 'van', 100, 120, 30, 220, 30,"
                 " 1, 5, 1000.0)")
    conn.execute("INSERT INTO hands VALUES ('old', 0, 'easy', 'van', 'gin', 1, 1, 45, 0, 20, '45', 900.0)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_a_version_1_file_is_upgraded_in_place_and_keeps_every_record(tmp_path, storage):
    path = tmp_path / "stats.sqlite3"
    _version_1(path)
    s = Stats(path, notices=storage, background=False)
    try:
        [old] = s.recent_matches()
        assert (old.match_id, old.won, old.abandoned, old.my_total, old.names) == ("old", True, False, 220, ("Me", ""))
        assert s.opponent("easy").hands_played == 1 and s.opponent("easy").gins == 1
        meta = MatchMeta("bot", ("", ""), bot_level="easy", bot_seat=1)
        s.record_match(meta, VAN, FinalScore(1, (10, 90), (0, 0), (0, 0), False, (10, 90), 80), 3, when=2000.0,
                       abandoned=True)
        assert [(m.match_id, m.abandoned) for m in s.recent_matches()] == [(meta.match_id, True), ("old", False)]
        assert storage.take_notices() == [] and not list(tmp_path.glob("stats.*-*"))  # nothing set aside
    finally:
        s.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()


def test_a_version_1_file_that_takes_no_writes_is_still_read(tmp_path, storage, monkeypatch):
    path = tmp_path / "stats.sqlite3"
    _version_1(path)
    before = path.read_bytes()
    real = sqlite3.connect
    monkeypatch.setattr("game.app.records.stats.sqlite3.connect",
                        lambda p, *a, **k: real(f"file:{p}?mode=ro", *a, uri=True, **k))
    s = Stats(path, notices=storage, background=False)
    try:
        [old] = s.recent_matches()
        assert (old.match_id, old.won, old.abandoned) == ("old", True, False)
        assert s.opponent("easy").matches_won == 1
    finally:
        s.close()
    assert path.read_bytes() == before
