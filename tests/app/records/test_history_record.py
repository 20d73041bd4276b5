"""The hand history in the statistics database: every hand recorded (against the computer and hot-seat),
replayable to its result, bounded, checked when read, carried over a resume, exported and imported;
practice mode's undo restores the exact earlier state and keeps the match out of the win statistics."""
from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest

import game.bots as bots
from game.app.matches.match import BOT_SEAT, Match, MatchSetup
from game.app.program.listeners import attach
from game.app.records import history as hist
from game.app.records.history import HISTORY_KEEP, History, flush_exports
from game.app.records.history_recorder import HistoryRecorder
from game.app.records.stats import Stats
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage import SilentStore
from game.bots import decide, make_bot
from game.engine import VAN, MatchState, NextHand, Phase, preset
from game.engine.record import RecordError, replay
from game.engine.record_file import load_file

PLAY = (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)


@pytest.fixture
def stats(tmp_path):
    s = Stats(tmp_path / "stats.sqlite3", background=False)
    yield s
    s.close()


def services_with(stats) -> Services:
    return Services(store=SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog())


class Human:
    """A player in front of the screen, played by a simple bot that hears its seat's events."""

    def __init__(self, match: Match, seat: int = 0, level: str = "simple", seed: int = 5) -> None:
        self.seats = {seat: make_bot(level, seed=seed)} if match.vs_bot else {
            s: make_bot(level, seed=seed + s) for s in (0, 1)}
        for s, b in self.seats.items():
            b.new_match(s, match.rules)
        match.listeners.insert(0, self.hear)

    def hear(self, match, action, events) -> None:
        for s, b in self.seats.items():
            for e in events:
                b.on_event(e.seen_by(s))

    def move(self, match: Match):
        seat = match.state.to_act
        return decide(self.seats[seat], match.observe(seat))


def new_match(stats, mode="bot", rules=VAN, seed=1, practice=False, keep=HISTORY_KEEP, level="hard"):
    setup = MatchSetup(mode, rules, seed, level=level, names=("Ava", "Ben"))
    match = Match(setup, bots)
    recorder = attach(match, services_with(stats), practice=practice, keep=keep)
    return match, recorder, Human(match)


def step(match: Match, human: Human) -> None:
    st = match.state
    if st.phase is Phase.HAND_OVER:
        match.apply(NextHand(), None)
    elif match.is_bot(st.to_act):
        match.apply(match.bot_decide(), BOT_SEAT)
    else:
        match.apply(human.move(match), st.to_act)


def play_hands(match, human, hands=None, moves=None) -> None:
    done = len(match.state.history)
    n = 0
    while match.state.phase is not Phase.MATCH_OVER:
        if hands is not None and len(match.state.history) - done >= hands and match.state.phase is Phase.HAND_OVER:
            return
        if moves is not None and n >= moves:
            return
        step(match, human)
        n += 1


@pytest.mark.parametrize("mode", ["bot", "hotseat"])
def test_every_hand_is_recorded_and_replays_to_its_result(stats, mode):
    match, _, human = new_match(stats, mode, rules=preset("classic", 50), seed=4)
    play_hands(match, human)
    st = match.state
    history = History(stats)
    [entry] = history.matches()
    assert entry.match_id == match.info.match_id and entry.mode == mode and entry.finished
    assert entry.scores == tuple(st.scores) and entry.winner == st.winner and entry.hands == len(st.history)
    assert entry.won == (st.winner == match.info.human_seat) and entry.hands_open
    hands = history.hands(entry.match_id)
    assert [h.hand_no for h in hands] == [r.hand_no for r in st.history]
    for h, result in zip(hands, st.history, strict=True):
        assert h.ok and replay(h.record).result == result
    assert entry.opponent == ("hard" if mode == "bot" else "hotseat") and entry.names == ("Ava", "Ben")


def test_a_hotseat_match_opens_its_hands_only_once_over(stats):
    match, _, human = new_match(stats, "hotseat", seed=2)
    play_hands(match, human, hands=1)
    [entry] = History(stats).matches()
    assert not entry.finished and not entry.hands_open
    assert History(stats).hands(entry.match_id)  # kept all the same


@pytest.mark.slow
def test_recording_never_waits_for_the_disk(tmp_path):
    """With the statistics' writer held up, a whole hand still plays at once: every write waits in line."""
    slow = Stats(tmp_path / "slow.sqlite3", background=True)
    gate = threading.Event()
    slow.use(lambda conn: gate.wait(120), write=True)
    try:
        match, recorder, human = new_match(slow, seed=3)
        hand = threading.Thread(target=play_hands, args=(match, human), kwargs={"hands": 1}, daemon=True)
        hand.start()
        hand.join(60)  # the writer stays held until the hand is over: a hand that waited for it never ends
        assert not hand.is_alive() and not gate.is_set() and match.state.history
    finally:
        gate.set()
    slow.flush()
    [h] = History(slow).hands(match.info.match_id)
    assert replay(h.record).result == match.state.history[0]
    slow.close()


def test_only_the_newest_matches_are_kept(stats):
    ids = []
    clock = [1000.0]

    def tick():
        clock[0] += 1
        return clock[0]

    for seed in range(1, 7):
        setup = MatchSetup("bot", VAN.with_(target=1), seed, level="easy")
        match = Match(setup, bots)
        human = Human(match)
        rec = HistoryRecorder(History(stats), match, keep=3, clock=tick)
        match.listeners.append(rec)
        play_hands(match, human)
        ids.append(match.info.match_id)
    kept = [e.match_id for e in History(stats).matches()]
    assert kept == ids[::-1][:3]  # newest first
    conn = sqlite3.connect(stats.path)
    stray = conn.execute("SELECT COUNT(*) FROM history_hands WHERE match_id NOT IN (SELECT match_id FROM "
                         "history_matches)").fetchone()[0]
    conn.close()
    assert stray == 0


def test_a_damaged_record_is_listed_as_damaged_never_a_crash(stats):
    match, _, human = new_match(stats, seed=6)
    play_hands(match, human, hands=3)
    mid = match.info.match_id
    stats.flush()
    conn = sqlite3.connect(stats.path)
    conn.execute("UPDATE history_hands SET record = substr(record, 1, 60) WHERE hand_no = 0")
    row = conn.execute("SELECT record FROM history_hands WHERE hand_no = 1").fetchone()[0]
    tampered = json.loads(row)
    tampered["moves"] = "0xAS " + tampered["moves"]
    conn.execute("UPDATE history_hands SET record = ? WHERE hand_no = 1", (json.dumps(tampered),))
    conn.execute("INSERT INTO history_matches SELECT 'broken', started_at, updated_at, mode, opponent, 'not json', "
                 "seat, preset, target, scores, hands, finished, winner, practice_mode, practice, imported "
                 "FROM history_matches")
    conn.commit()
    conn.close()
    history = History(stats)
    assert [e.match_id for e in history.matches()] == [mid]  # the broken row is skipped
    hands = history.hands(mid)
    assert [h.ok for h in hands] == [False, False, True]
    assert all(h.problem for h in hands[:2]) and hands[2].record is not None
    text = history.files.export_text(mid)
    assert text is not None and len(load_file(text).hands) == 1  # only what replays leaves the game


def test_a_resumed_match_keeps_recording_the_same_hand(stats):
    match, _, human = new_match(stats, seed=8)
    play_hands(match, human, hands=1)
    match.apply(NextHand(), None)
    play_hands(match, human, moves=7)
    assert match.state.phase in PLAY
    saved = MatchState.from_json(match.state.to_json())
    before = match.state.to_dict()
    again = Match.resumed(saved, match.info, bots)
    recorder = attach(again, services_with(stats), resumed=True)
    assert recorder.record is not None and len(recorder.record.moves) == 7
    assert replay(recorder.record).last.to_dict()["hands"] == before["hands"]
    human = Human(again)
    play_hands(again, human, hands=1)
    hands = History(stats).hands(match.info.match_id)
    assert len(hands) == 2 and replay(hands[1].record).result == again.state.history[1]
    assert hands[1].record.moves[:7] == recorder.last.moves[:7]


def test_a_resume_without_a_usable_record_records_the_next_hands(stats):
    match, _, human = new_match(stats, seed=9)
    play_hands(match, human, moves=5)
    History(stats).forget(match.info.match_id)
    again = Match.resumed(MatchState.from_json(match.state.to_json()), match.info, bots)
    recorder = attach(again, services_with(stats), resumed=True)
    assert recorder.record is None
    human = Human(again)
    play_hands(again, human, hands=2)
    hands = History(stats).hands(match.info.match_id)
    assert [h.hand_no for h in hands] == [1]  # the hand in play when the record was lost is left out


def test_export_then_import_gives_the_same_hands(stats, tmp_path):
    match, _, human = new_match(stats, rules=preset("classic", 50), seed=10)
    play_hands(match, human)
    mine = History(stats)
    mid = match.info.match_id
    records = [h.record for h in mine.hands(mid)]
    path = mine.files.export(mid)
    one = mine.files.export(mid, hand_no=records[1].hand_no, when=time.time() + 5)
    assert flush_exports()
    assert path is not None and path.parent == stats.path.parent / hist.EXPORT_FOLDER and path.is_file()
    assert all(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    other_stats = Stats(tmp_path / "other" / "stats.sqlite3", background=False)
    try:
        theirs = History(other_stats)
        entry, loaded = theirs.files.import_file(path)
        assert not loaded.problems and [h.record for h in theirs.hands(mid)] == records
        [listed] = theirs.matches()
        source = mine.match(mid)
        assert listed.imported and not source.imported
        for field in ("match_id", "mode", "opponent", "names", "seat", "preset", "target", "scores", "finished",
                      "winner"):
            assert getattr(listed, field) == getattr(source, field), field
        theirs.files.import_file(path)  # the same file again replaces, it does not double
        assert len(theirs.matches()) == 1 and len(theirs.hands(mid)) == len(records)
        assert [h.record for h in History(other_stats).hands(mid)] == records
        assert [r.hand_no for r in load_file(one.read_bytes()).hands] == [records[1].hand_no]
    finally:
        other_stats.close()


def test_a_damaged_file_is_refused_with_a_reason(stats, tmp_path):
    history = History(stats)
    for name, content in (("empty.jsonl", b""), ("text.jsonl", b"hello\nworld\n"), ("binary.jsonl", bytes(range(256))),
                          ("big.jsonl", b"{" * (hist.IMPORT_LIMIT + 10))):
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(RecordError):
            history.files.import_file(path)
    with pytest.raises(RecordError):
        history.files.import_file(tmp_path / "missing.jsonl")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "text.jsonl")
    with pytest.raises(RecordError, match="link"):  # only a regular file is read, never through a link
        history.files.import_file(tmp_path / "link.jsonl")
    assert history.matches() == []


def test_newer_history_tables_are_left_alone(stats):
    match, _, human = new_match(stats, seed=11)
    play_hands(match, human, hands=1)
    conn = sqlite3.connect(stats.path)
    conn.execute("UPDATE history_info SET value = '99' WHERE key = 'schema'")
    conn.commit()
    conn.close()
    history = History(stats)
    assert history.matches() == [] and history.hands(match.info.match_id) == []
    play_hands(match, human, hands=1)  # recording goes on without touching them
    conn = sqlite3.connect(stats.path)
    assert conn.execute("SELECT COUNT(*) FROM history_hands").fetchone()[0] == 1
    conn.close()
    assert stats.opponents()  # the statistics themselves still work


def test_silent_statistics_keep_no_history():
    match = Match(MatchSetup("bot", VAN, 1, level="easy"), bots)
    recorder = attach(match, Services.silent())
    human = Human(match)
    play_hands(match, human, hands=1)
    assert not recorder.history.available and recorder.last is not None
    assert History(Services.silent().stats).matches() == []


# ---------------------------------------------------------------------------------------------- practice


def human_decisions(match, human, recorder, count):
    """Play on, keeping the exact state at each of the player's decisions (the last ``count`` of this hand)."""
    seen = []
    while len(seen) < count and match.state.phase in PLAY:
        st = match.state
        if not match.is_bot(st.to_act):
            seen.append(st.to_dict())
        step(match, human)
    return seen


def test_undo_restores_the_exact_earlier_state(stats):
    match, recorder, human = new_match(stats, seed=12, practice=True)
    assert recorder.practice_mode and not recorder.practice
    seen = human_decisions(match, human, recorder, 6)
    assert len(seen) == 6 and match.state.phase in PLAY
    while match.is_bot(match.state.to_act):  # the player's turn: undo is pressed then
        step(match, human)
    now = match.state.to_dict()
    if now == seen[-1]:
        seen.pop()
    for want in reversed(seen[-3:]):
        assert recorder.can_undo(match) and recorder.undo(match)
        assert match.state.to_dict() == want
        assert not match.is_bot(match.state.to_act)
    assert recorder.practice
    # the game goes on from there: the rebuilt computer plays, and the hand is recorded as played
    human = Human(match, seed=9)
    play_hands(match, human, hands=1)
    [h] = History(stats).hands(match.info.match_id)
    assert replay(h.record).result == match.state.history[0]
    assert History(stats).match(match.info.match_id).practice


def test_undo_goes_back_no_further_than_the_hands_first_decision(stats):
    match, recorder, human = new_match(stats, seed=13, practice=True)
    while match.is_bot(match.state.to_act):
        step(match, human)
    start = match.state.to_dict()
    assert not recorder.can_undo(match)  # nothing of the player's to take back yet
    step(match, human)
    assert recorder.undo(match) and match.state.to_dict() == start
    assert not recorder.undo(match)


def test_a_match_with_an_undo_is_kept_out_of_the_win_statistics(stats):
    practised, recorder, human = new_match(stats, seed=14, practice=True, rules=VAN.with_(target=30))
    play_hands(practised, human, hands=1)
    practised.apply(NextHand(), None)
    human_decisions(practised, human, recorder, 2)
    while practised.is_bot(practised.state.to_act):
        step(practised, human)
    assert recorder.undo(practised)
    play_hands(practised, Human(practised, seed=3))
    honest, _, human2 = new_match(stats, seed=15, practice=True, rules=VAN.with_(target=30))
    play_hands(honest, human2)
    conn = sqlite3.connect(stats.path)
    counted = {r[0] for r in conn.execute("SELECT match_id FROM hands UNION SELECT match_id FROM matches")}
    conn.close()
    assert practised.info.match_id not in counted and honest.info.match_id in counted
    entries = {e.match_id: e for e in History(stats).matches()}
    assert entries[practised.info.match_id].practice and not entries[honest.info.match_id].practice
    assert entries[honest.info.match_id].practice_mode


def test_undo_is_only_for_practice_against_the_computer(stats):
    match, recorder, human = new_match(stats, seed=16)
    human_decisions(match, human, recorder, 2)
    assert not recorder.can_undo(match) and not recorder.undo(match)
    seat_match, seat_recorder, seat_human = new_match(stats, "hotseat", seed=17, practice=True)
    human_decisions(seat_match, seat_human, seat_recorder, 3)
    assert not seat_recorder.practice_mode and not seat_recorder.undo(seat_match)
