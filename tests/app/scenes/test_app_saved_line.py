"""The menu's Continue line names the people in the order their scores follow, in every language."""
import pytest

from game.app.lang import bidi, i18n
from game.app.matches.meta import MatchMeta
from game.app.scenes.savedmatch import saved_summary
from game.engine import MatchState, preset


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _state(mine: int, theirs: int, human: int) -> MatchState:
    state, _ = MatchState.new(preset("van"), seed=3)
    state.scores[human], state.scores[1 - human] = mine, theirs
    return state


@pytest.mark.parametrize("lang, you", [("en", "You"), ("fa", "تو"), ("ru", "Вы")])
def test_against_the_computer_the_player_and_the_score_come_first(lang, you):
    i18n.set_language(lang)
    meta = MatchMeta("bot", bot_level="hard", bot_seat=1)
    line = i18n.numbers(saved_summary(_state(37, 12, meta.human_seat), meta))
    mine, theirs = i18n.numbers("37"), i18n.numbers("12")
    computer = i18n.tr("seat.computer")
    # the reading order: the player, the player's score, the computer's score, the computer
    order = [line.index(you), line.index(mine), line.index(theirs), line.index(computer)]
    assert order == sorted(order), line
    assert not bidi.has_rtl(line) or lang == "fa"


def test_friends_are_named_in_the_order_of_their_scores():
    meta = MatchMeta("hotseat", names=("Ava", "Ben"))
    line = saved_summary(_state(37, 12, meta.human_seat), meta)
    assert line.index("Ava") < line.index("Ben") < line.index("37") < line.index("12")
