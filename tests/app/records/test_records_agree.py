"""One truth after a kill: the save and the database are written apart, so either may be a move ahead
of the other; whichever it is, the resumed match leaves the statistics and the history agreeing, and a
match the records hold as over is never offered again."""
from __future__ import annotations

import sqlite3

import pytest
from helpers.apps import attached_match

import game.bots as bots
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.staging import plain_move
from game.app.program import listeners as match_listeners
from game.app.records.history import History
from game.app.stage.services import Services
from game.app.storage import match_text
from game.engine import VAN, MatchState, Phase

pytestmark = pytest.mark.usefixtures("close_apps")


def disagreements(folder):
    conn = sqlite3.connect(folder / "stats.sqlite3")
    try:
        stats = {(m, n) for m, n in conn.execute("SELECT match_id, hand_no FROM hands")}
        history = {(m, n) for m, n in conn.execute("SELECT match_id, hand_no FROM history_hands WHERE complete = 1")}
        over = {r[0] for r in conn.execute("SELECT match_id FROM matches")}
        ended = {r[0] for r in conn.execute("SELECT match_id FROM history_matches WHERE finished = 1")}
    finally:
        conn.close()
    return stats ^ history, over ^ ended


def play(match, until):
    """Moves (and next hands) until ``until(state)`` holds; every save's text, in order."""
    state = match.state
    while not until(match.state):
        state = match.state
        if state.phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            match.apply(plain_move(state, want_knock=True), state.to_act)


def start(folder, seed=11, target=25):
    return attached_match(folder, MatchSetup("bot", VAN.with_(target=target), seed, "easy"))


def resume(folder, save_text):
    (folder / "match.json").write_text(save_text, encoding="utf-8")
    services = Services.for_player(folder)
    loaded = services.store.load_match()
    if loaded is None:
        return services, None
    match = Match.resumed(*loaded, bots)
    match_listeners.attach(match, services, resumed=True)
    return services, match


@pytest.mark.parametrize("behind", [1, 2])
def test_a_save_behind_the_end_of_a_hand_plays_it_again_and_the_records_follow(tmp_path, behind):
    services, match, saves = start(tmp_path)
    play(match, lambda s: s.phase is Phase.HAND_OVER)
    services.close()
    assert disagreements(tmp_path) == (set(), set())
    services, again = resume(tmp_path, saves[-1 - behind])  # the kill came before the last saves were in place
    play(again, lambda s: s.phase is Phase.HAND_OVER)
    services.close()
    assert disagreements(tmp_path) == (set(), set())


@pytest.mark.parametrize("ahead", [1, 2])  # the database alone: the moves are found among the legal ones
def test_a_save_ahead_of_the_database_goes_on_recording_the_same_hand(tmp_path, ahead):
    services, match, saves = start(tmp_path)
    play(match, lambda s: s.turns >= 4)
    services.close()
    state = match.state
    extra = MatchState.from_json(state.to_json())
    meta = match.info
    for _ in range(ahead):  # moves the save took that the database never heard of
        extra.apply(plain_move(extra, want_knock=False), extra.to_act)
    services, again = resume(tmp_path, match_text(extra, meta))
    history = History(services.stats)
    recorder_record = history.partial(meta.match_id, extra.hand_no)
    assert recorder_record is not None
    play(again, lambda s: s.phase is Phase.HAND_OVER)
    services.close()
    assert disagreements(tmp_path) == (set(), set())
    services = Services.for_player(tmp_path)
    [hand] = [h for h in History(services.stats).hands(meta.match_id) if h.hand_no == extra.hand_no]
    assert hand.ok and len(hand.record.moves) >= extra.turns  # the whole hand, the caught-up moves too
    services.close()


def test_a_save_of_a_match_the_records_hold_as_over_is_never_offered(tmp_path):
    services, match, saves = start(tmp_path, target=10)
    play(match, lambda s: s.phase is Phase.MATCH_OVER)
    services.close()
    assert disagreements(tmp_path) == (set(), set())
    last_live = [s for s in saves if '"over": true' not in s[:300]][-1]
    (tmp_path / "match.json").write_text(last_live, encoding="utf-8")  # killed before the save was dropped
    services = Services.for_player(tmp_path)
    try:
        assert not services.store.has_match() and services.store.load_match() is None
        assert services.store.take_notices() == []
    finally:
        services.close()


def ways_two(folder):
    from game.app.records import playways

    return playways.load(folder)["ways"]["two"]


def test_a_finished_match_is_counted_by_its_way_before_its_save_goes_and_only_once(tmp_path):
    from game.app.records import playways

    services, match, saves = start(tmp_path, target=10)
    cleared = []
    real_clear = services.store.clear_match

    def clear():
        cleared.append(ways_two(tmp_path)["played"])  # what ways.json holds as the save goes
        real_clear()

    services.store.clear_match = clear
    play(match, lambda s: s.phase is Phase.MATCH_OVER)
    won = match.state.final.winner == match.info.human_seat
    assert cleared == [1] and ways_two(tmp_path) == {"played": 1, "won": int(won)}
    playways.record(tmp_path, "two", won, None, match.info.match_id)  # the screen's count comes after: no twice
    services.close()
    assert ways_two(tmp_path) == {"played": 1, "won": int(won)}


def test_a_kill_between_the_records_and_the_count_is_counted_at_the_next_start_once(tmp_path, monkeypatch):
    from game.app.records import playways

    services, match, saves = start(tmp_path, target=10)
    monkeypatch.setattr(playways, "count_finished", lambda *a: None)  # killed before ways.json was written
    play(match, lambda s: s.phase is Phase.MATCH_OVER)
    monkeypatch.undo()
    won = match.state.final.winner == match.info.human_seat
    services.close()
    assert ways_two(tmp_path) == {"played": 0, "won": 0}
    last_live = [s for s in saves if '"over": true' not in s[:300]][-1]
    (tmp_path / "match.json").write_text(last_live, encoding="utf-8")  # and before the save was dropped
    for _ in range(2):
        services = Services.for_player(tmp_path)
        try:
            assert not services.store.has_match()
            assert ways_two(tmp_path) == {"played": 1, "won": int(won)}
        finally:
            services.close()
