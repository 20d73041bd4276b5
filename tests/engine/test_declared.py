"""A knock laid out by hand: the knocker's own melds, the defender's chosen layoffs, each refusal's reason."""
import pytest
from helpers.positions import rig

from game.engine import (
    CLASSIC,
    DECK,
    Action,
    IllegalAction,
    IllegalReason,
    Knock,
    MatchState,
    Phase,
    TakeUpcard,
    parse_cards,
)
from game.engine.declared import knock_from_text, layout_text
from game.engine.record import HandRecord, RecordedMove, replay
from game.engine.scoring import settle_knock

# The knocker: the run 3H-6H, the sevens, AC 2D 3S loose (6), KD to throw.  The best layout leaves 6.
KNOCKER = "3H 4H 5H 6H 7S 7C 7D AC 2D 3S KD"
# The defender: the kings melded; 2H, 7H and 8H can go on the run; 51 before layoffs.
DEFENDER = "KS KC KH 7H 8H 2H QS JS 5C 9C"


def cards(text):
    return tuple(parse_cards(text))


def melds(*texts):
    return tuple(cards(t) for t in texts)


def knock_position(knocker=KNOCKER, defender=DEFENDER):
    return rig(CLASSIC, hands=(knocker, defender), dealer=1, phase=Phase.DISCARD)


def knock(*, melds=None, layoffs=None):
    return Knock(parse_cards("KD")[0], melds, layoffs)


def result_of(action, state=None):
    state = state or knock_position()
    state.apply(action, 0)
    return state.last_result


def test_an_undeclared_knock_lays_out_the_best_as_before():
    r = result_of(knock())
    assert r.knocker_deadwood == 6 and r.defender_deadwood_before_layoffs == 51
    assert {c for c, _ in r.layoffs} == set(cards("2H 7H 8H")) and r.defender_deadwood == 34
    assert r.points == 34 - 6 == settle_knock(CLASSIC, 6, 34)


def test_the_knockers_own_melds_and_the_defenders_own_layoffs_are_scored_by_the_rules():
    own = melds("4H 5H 6H", "7S 7C 7D")  # 3H left loose: 9 deadwood, and 2H no longer fits
    r = result_of(knock(melds=own, layoffs=cards("7H 8H")))
    assert r.kind == "knock" and [set(m) for m in r.knocker_melds] == [set(m) for m in own]
    assert set(r.knocker_deadwood_cards) == set(cards("3H AC 2D 3S")) and r.knocker_deadwood == 9
    assert [(str(c), i) for c, i in r.layoffs] == [("7H", 0), ("8H", 0)]
    assert r.defender_deadwood == 2 + 10 + 10 + 5 + 9 == 36
    assert r.winner == 0 and r.points == settle_knock(CLASSIC, 9, 36) == 27


def test_a_defender_may_keep_a_card_that_could_be_laid_off():
    r = result_of(knock(layoffs=cards("7H")))  # 8H and 2H kept back
    assert [str(c) for c, _ in r.layoffs] == ["7H"] and r.defender_deadwood == 44
    assert r.points == settle_knock(CLASSIC, 6, 44) == 38
    nothing = result_of(knock(layoffs=()))
    assert nothing.layoffs == () and nothing.defender_deadwood == 51 and nothing.points == 45


def test_own_melds_alone_leave_the_defenders_layoffs_to_the_engine():
    r = result_of(knock(melds=melds("4H 5H 6H", "7S 7C 7D")))
    assert {c for c, _ in r.layoffs} == set(cards("7H 8H")) and r.defender_deadwood == 36


def test_a_layout_by_hand_can_turn_the_knock_into_an_undercut():
    # the defender keeps 6 after laying off; the knocker lays out 9: the defender undercuts
    defender = "KS KC KH 7H 8H 2H QS QC QH 6C"
    state = knock_position(defender=defender)
    r = result_of(knock(melds=melds("4H 5H 6H", "7S 7C 7D"), layoffs=cards("7H 8H")), state)
    assert r.defender_deadwood == 2 + 6 and r.kind == "undercut" and r.winner == 1
    assert r.points == -settle_knock(CLASSIC, 9, 8) == 1 + 25


@pytest.mark.parametrize("action,reason,params", [
    (knock(melds=melds("3H 4H 6H", "7S 7C 7D")), IllegalReason.MELD_NOT_VALID, {"meld": cards("3H 4H 6H")}),
    (knock(melds=melds("3H 4H 5H", "7S 7C KD")), IllegalReason.MELD_CARD_NOT_IN_HAND, {"card": cards("KD")[0]}),
    (knock(melds=melds("3H 4H 5H", "4H 5H 6H")), IllegalReason.MELD_CARD_TWICE, {"card": cards("4H")[0]}),
    (knock(melds=melds("3H 4H 5H", "7S 7C 7D")), IllegalReason.ARRANGEMENT_TOO_MUCH_DEADWOOD,
     {"deadwood": 12, "limit": 10}),
    (knock(melds=melds("4H 5H 6H", "7S 7C 7D"), layoffs=cards("2H")), IllegalReason.LAYOFF_NO_PLACE,
     {"card": cards("2H")[0]}),
    (knock(layoffs=cards("KS")), IllegalReason.LAYOFF_NO_PLACE, {"card": cards("KS")[0]}),
    (knock(layoffs=cards("AC")), IllegalReason.LAYOFF_NOT_DEFENDERS, {"card": cards("AC")[0]}),
    (knock(layoffs=cards("7H 7H")), IllegalReason.LAYOFF_CARD_TWICE, {"card": cards("7H")[0]}),
])
def test_an_arrangement_against_the_rules_is_refused_with_its_reason_and_changes_nothing(action, reason, params):
    state = knock_position()
    before = state.to_dict()
    error = state.why_illegal(action, 0)
    assert error is not None and error.reason is reason and error.params == params and str(error)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action, 0)
    assert raised.value.reason is reason and raised.value.action == action
    assert state.to_dict() == before and state.phase is Phase.DISCARD


def test_nothing_is_laid_off_against_gin():
    state = knock_position(knocker="3H 4H 5H 6H 7S 7C 7D AS 2S 3S KD")
    error = state.why_illegal(knock(layoffs=cards("7H")), 0)
    assert error is not None and error.reason is IllegalReason.LAYOFF_AFTER_GIN
    r = result_of(knock(layoffs=()), state)
    assert r.kind == "gin" and r.layoffs == () and r.points == 25 + r.defender_deadwood


def test_a_knock_the_best_layout_refuses_is_refused_first():
    state = knock_position(knocker="3H 4H 5H 6H 7S 7C 7D TC 2D 3S KD")  # 15 at best
    error = state.why_illegal(knock(melds=melds("3H 4H 5H 6H", "7S 7C 7D")), 0)
    assert error is not None and error.reason is IllegalReason.KNOCK_TOO_MUCH_DEADWOOD


def test_the_choices_survive_the_record_and_the_action_form():
    action = knock(melds=melds("4H 5H 6H", "7S 7C 7D"), layoffs=cards("7H 8H"))
    assert Action.from_dict(action.to_dict()) == action
    assert Action.from_dict(knock().to_dict()) == knock() != action
    assert knock_from_text("KD" + layout_text(action)) == action
    assert knock_from_text("KD" + layout_text(knock(layoffs=()))) == knock(layoffs=())
    move = RecordedMove(0, action)
    assert move.token == "0kKD:4H5H6H.7S7C7D:7H8H" and RecordedMove.parse(move.token) == move
    for bad in ("0kKD:4H5H6H", "0kKD:4H5:*", "0kKD:*:ZZ", "0kKD::*:"):
        with pytest.raises(ValueError):
            RecordedMove.parse(bad)


def test_a_replayed_hand_shows_the_arrangement_chosen():
    hands = ("3H 4H 5H 6H 7S 7C 7D AC 2D KD", DEFENDER)
    named = set(parse_cards(" ".join(hands) + " 3S"))
    rest = [c for c in DECK if c not in named]
    state = MatchState.from_position(CLASSIC, hands, rest, ["3S"], dealer=1, phase=Phase.UPCARD_OFFER)
    record = HandRecord.at_deal(state)
    action = knock(melds=melds("4H 5H 6H", "7S 7C 7D"), layoffs=cards("7H 8H"))
    for seat, move in ((0, TakeUpcard()), (0, action)):
        state.apply(move, seat)
        record = record.with_move(seat, move)
    record = record.finished(state.last_result)
    again = replay(HandRecord.from_json(record.to_json()))
    shown = again.steps[-1].state.last_result
    assert shown == state.last_result and shown.knocker_deadwood == 9 and shown.points == 27
    assert again.steps[-1].move.action == action
