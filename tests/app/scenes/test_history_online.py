"""An online match in the history list: the friend named as online, and one that stopped early said abandoned."""
from __future__ import annotations

import pytest

from game.app.lang import i18n
from game.app.records.history import MatchEntry
from game.app.scenes.history_draw import outcome_words, who


def _entry(finished: bool) -> MatchEntry:
    return MatchEntry(match_id="abc", started_at=1.0, updated_at=2.0, mode="online", opponent="online",
                      names=("Sara", "Ali"), seat=1, preset="classic", target=100, scores=(40, 12), hands=2,
                      finished=finished, winner=0 if finished else None)


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_an_online_match_is_listed_with_the_friend_online_and_an_early_end_abandoned(lang):
    i18n.set_language(lang)
    try:
        assert "Sara" in who(_entry(True)) and who(_entry(True)) != "Sara"  # the friend, marked online
        assert outcome_words(_entry(False))[0] == i18n.tr("history.abandoned")  # never taken up again
        assert outcome_words(_entry(True))[0] == i18n.tr("stats.lost")  # the guest's side: Sara won
        assert _entry(False).hands_open  # every card was opened by both, hand by hand
    finally:
        i18n.set_language("en")
