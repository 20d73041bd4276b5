"""What a table's hand says on the table: who deals and sits out (and nobody playing wears the Dealer badge),
the pair's other duel, and the table's hand number (a pairs hand is both duels)."""
from __future__ import annotations

import game.bots as bots
from game.app.matches.tablerun import TableRun, TableSetup
from game.app.pictures.staging import plain_move
from game.engine import VAN


def _finish_duel(run):
    table = run.table
    while not table.duel_over:
        table.apply(plain_move(table.state, want_knock=True), table.to_act)
    run.advance()


def test_three_players_the_dealer_sits_out_and_wears_no_badge_at_the_duel():
    setup = TableSetup("three", VAN, 41, ("person", "person", "person"), ("Ann", "Bo", "Cy"))
    run = TableRun(setup, bots)
    for _ in range(3):
        match = run.duel_match()
        out = run.table.duel.sitting_out[0]
        assert match.table_note() == f"{setup.name(out)} deals and sits this hand out"
        assert not match.deals(0) and not match.deals(1)
        assert match.hand_line().startswith(f"Hand {run.table.hand_no + 1} ")
        _finish_duel(run)


def test_pairs_a_hand_is_both_duels_and_names_the_other_duel():
    setup = TableSetup("pairs", VAN, 42, ("person", "easy", "person", "easy"), ("Ann", "", "Bo", ""))
    run = TableRun(setup, bots)
    lines = []
    for _ in range(4):
        match = run.duel_match()
        a, b = run.table.duel.sitting_out
        assert match.table_note() == f"The other duel: {setup.name(a)} against {setup.name(b)}"
        assert match.deals(match.state.dealer) and not match.deals(1 - match.state.dealer)
        lines.append(match.hand_line().split(" · ")[0])
        _finish_duel(run)
    assert lines == ["Hand 1", "Hand 1", "Hand 2", "Hand 2"]
