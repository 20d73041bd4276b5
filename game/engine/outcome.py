"""Whether a match is decided, and its final score, under the match's way of scoring.

One game ends when a player reaches the target ahead of the other; Hollywood ends when all three of
its games are closed (``hollywood.py``).  The end of a hand, a loaded save and the invariants all ask
here, so they cannot disagree.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import hollywood
from .rules import Rules
from .scoring import FinalScore, HandResult, final_score


def settle(
    rules: Rules, scores: Sequence[int], hands_won: Sequence[int], history: Sequence[HandResult]
) -> FinalScore | None:
    """The final score when the match is decided, else None."""
    if rules.hollywood:
        return hollywood.final(rules, history)
    if max(scores) < rules.target or scores[0] == scores[1]:
        return None
    winner = 0 if scores[0] > scores[1] else 1
    return final_score(rules, (scores[0], scores[1]), (hands_won[0], hands_won[1]), winner)
