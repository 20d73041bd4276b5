"""The invariants of a match: what every state reached by legal play satisfies.

Loading a save and building a position both end with ``check_state``, so a state that could not
have come from legal play is refused (``SaveError``) before anyone uses it.
"""
from __future__ import annotations

from .core import IN_PLAY, MatchCore, Phase
from .dealing import hand_knock_limit
from .errors import SaveError
from .outcome import settle


def check_state(s: MatchCore) -> None:
    """Raise SaveError when ``s`` could not have come from legal play."""
    _check_deck(s)
    sizes = [len(h) for h in s.hands]
    phase = s.phase
    if phase in (Phase.UPCARD_OFFER, Phase.DRAW):
        if sizes != [10, 10]:
            raise SaveError(f"each hand must hold 10 cards in the {phase.value} phase, not {sizes}")
        if s.to_act not in (0, 1):
            raise SaveError("someone must be to act")
    elif phase is Phase.DISCARD:
        if s.to_act not in (0, 1) or sizes[s.to_act] != 11 or sizes[1 - s.to_act] != 10:
            raise SaveError(f"the player to discard must hold 11 cards and the other 10, not {sizes}")
    else:
        if s.to_act is not None:
            raise SaveError("nobody acts between hands")
        if sorted(sizes) not in ([10, 10], [10, 11]):
            raise SaveError(f"hands of {sizes} cards cannot end a hand")
    if phase is Phase.UPCARD_OFFER:
        if s.offer_stage not in (0, 1) or len(s.discard) != 1 or s.rules.upcard_offer == "none":
            raise SaveError("the upcard offer is not in a possible state")
        expected = s.non_dealer if s.offer_stage == 0 else s.dealer
        if s.to_act != expected:
            raise SaveError("the upcard is offered to the wrong player")
    if s.offer_stage not in (0, 1):
        raise SaveError("offer_stage must be 0 or 1")
    if len(s.out_of_play) > 1:
        raise SaveError("at most the first upcard leaves play")
    if len(s.stock) > 31:
        raise SaveError("the stock cannot hold more than 31 cards")
    if phase in IN_PLAY:
        # a turn that ends at the dead-hand count ends the hand: only a stock draw reaches it
        least = s.rules.dead_hand_stock + (0 if phase is Phase.DISCARD and s.taken_card is None else 1)
        if len(s.stock) < least:
            raise SaveError("the stock is too small for a hand still in play")
    if s.taken_card is not None and (
        phase is not Phase.DISCARD or s.to_act is None or s.taken_card not in s.hands[s.to_act]
    ):
        raise SaveError("the card taken this turn must be in the hand of the player discarding")
    if s.upcard is None and phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        raise SaveError("a hand in play must have an upcard")
    if s.knock_limit > 10:
        raise SaveError("the knock limit cannot exceed 10")
    if phase in IN_PLAY and s.upcard is not None:
        expected = hand_knock_limit(s.rules, s.upcard)
        if s.knock_limit != expected:
            raise SaveError(f"the knock limit {s.knock_limit} does not follow the rules (it should be {expected})")
    _check_scores(s)


def _check_deck(s: MatchCore) -> None:
    """Every card of the deck exactly once."""
    every = s.all_cards()
    if len(every) != 52:
        raise SaveError(f"the match holds {len(every)} cards, not 52")
    if len(set(every)) != 52:
        seen, twice = set(), []
        for c in every:
            if c in seen:
                twice.append(str(c))
            seen.add(c)
        raise SaveError(f"a card appears twice: {', '.join(sorted(set(twice)))}")


def _check_scores(s: MatchCore) -> None:
    """The scores and hands won add up to the history, and the match is over exactly when it should be."""
    phase = s.phase
    decided = settle(s.rules, s.scores, s.hands_won, s.history) is not None
    if phase is Phase.MATCH_OVER and not decided:
        if s.rules.hollywood:
            raise SaveError("the match is marked over but a Hollywood game is still open")
        raise SaveError("the match is marked over but nobody reached the target")
    if phase is not Phase.MATCH_OVER and decided:
        if s.rules.hollywood:
            raise SaveError("all three Hollywood games are closed but the match is not over")
        raise SaveError("a player has reached the target but the match is not over")
    if sum(r.points for r in s.history if r.winner == 0) != s.scores[0] or sum(
        r.points for r in s.history if r.winner == 1
    ) != s.scores[1]:
        raise SaveError("the scores do not add up to the hand history")
    if [sum(1 for r in s.history if r.winner == p) for p in (0, 1)] != s.hands_won:
        raise SaveError("hands won do not match the hand history")
