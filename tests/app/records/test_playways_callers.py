"""Every place that counts a finished match by its way of playing also counts its people: the end of a
match (the services), the next start after a kill (the ledger), the screen's count (the flow) and a
finished table of three or two pairs (the ledger, before the table's file goes)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from helpers.apps import attached_match

import game.bots as bots
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.staging import plain_move
from game.app.records import playways
from game.app.stage.services import Services
from game.engine import VAN, Phase

pytestmark = pytest.mark.usefixtures("close_apps")




def _play_out(match):
    while match.state.phase is not Phase.MATCH_OVER:
        state = match.state
        if state.phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            match.apply(plain_move(state, want_knock=True), state.to_act)


def test_the_end_of_a_match_counts_the_player_by_name(tmp_path):
    setup = MatchSetup("bot", VAN.with_(target=10), 11, "easy", names=("Ava", ""))
    services, match, _ = attached_match(tmp_path, setup)
    _play_out(match)
    services.close()
    me = match.info.human_seat
    final = match.state.final
    people = playways.load(tmp_path)["people"]["two"]
    assert people == {"Ava": {"played": 1, "won": int(final.winner == me), "points": final.totals[me]}}


def test_a_hot_seat_match_counts_both_people_once_after_a_kill(tmp_path, monkeypatch):
    setup = MatchSetup("hotseat", VAN.with_(target=10), 12, names=("Ava", "Bo"))
    services, match, saves = attached_match(tmp_path, setup)
    monkeypatch.setattr(playways, "count_finished", lambda *a: None)  # killed before ways.json was written
    _play_out(match)
    monkeypatch.undo()
    services.close()
    last_live = [s for s in saves if '"over": true' not in s[:300]][-1]
    (tmp_path / "match.json").write_text(last_live, encoding="utf-8")  # and before the save was dropped
    for _ in range(2):  # the next start counts it (the ledger), the one after does not again
        Services.for_player(tmp_path).close()
    people = playways.load(tmp_path)["people"]["two"]
    winner = match.state.final.winner
    assert set(people) == {"Ava", "Bo"}
    assert [people[n]["played"] for n in ("Ava", "Bo")] == [1, 1]
    assert [people[n]["won"] for n in ("Ava", "Bo")] == [int(winner == 0), int(winner == 1)]
    assert people["Ava"]["points"] + people["Bo"]["points"] > 0


def test_the_screen_s_count_passes_the_people_and_counts_once(tmp_path):
    match = Match(MatchSetup("hotseat", VAN.with_(target=10), 13, names=("Ava", "Bo")), bots)
    _play_out(match)
    ran = []
    host = SimpleNamespace(services=SimpleNamespace(store=None),
                           think=lambda fn, *args: ran.append(fn(*args)))
    playways.count_way(host, match)  # a store that keeps nothing: the counts come back, unwritten
    data = ran[0]
    final = match.state.final
    assert data["people"]["two"] == {
        "Ava": {"played": 1, "won": int(final.winner == 0), "points": final.totals[0]},
        "Bo": {"played": 1, "won": int(final.winner == 1), "points": final.totals[1]}}


def test_a_finished_table_counts_each_person_at_it_once(tmp_path):
    from game.app.records.history_tables import TableLine
    from game.app.records.ledger import count_table

    line = TableLine("pairs", ("person", "person", "easy", "hard"), ("Ava", "Bo"), (80, 240), 1, "finished")
    count_table(tmp_path, "table1", line)
    count_table(tmp_path, "table1", line)  # the start after a kill counts it again: once all the same
    data = playways.load(tmp_path)
    assert data["ways"]["pairs"] == {"played": 1, "won": 1}
    assert data["people"]["pairs"] == {"Ava": {"played": 1, "won": 0, "points": 80},
                                       "Bo": {"played": 1, "won": 1, "points": 240}}
