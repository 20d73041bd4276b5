"""Nothing the app hands a bot lets it rebuild a deal: the bot's seed is derived, never the match seed."""
import random

import game.bots as real_bots
from game.app.matches.match import BOT_SEAT, Match, MatchSetup
from game.engine import Phase, derive_seed, new_match, preset


class Spy:
    """The bots module, recording the seeds the app gives out."""

    def __init__(self) -> None:
        self.seeds: list[object] = []
        self.Advisor = self._advisor

    def make_bot(self, level, seed=None):
        self.seeds.append(seed)
        return real_bots.make_bot(level, seed=seed)

    def _advisor(self, seat, rules, seed=None):
        self.seeds.append(seed)
        return real_bots.Advisor(seat, rules, seed=seed)

    def __getattr__(self, name):
        return getattr(real_bots, name)


def deals(seed: int, hands: int = 5) -> list[tuple]:
    state, _ = new_match(preset("van"), seed, computer_seat=BOT_SEAT)
    out = []
    for _ in range(hands):
        out.append((tuple(state.hands[0]), tuple(state.hands[1]), tuple(state.stock)))
        while state.phase is not Phase.HAND_OVER and state.phase is not Phase.MATCH_OVER:
            state.apply(random.Random(len(out)).choice(state.legal_actions()), state.to_act)
        if state.phase is Phase.MATCH_OVER:
            break
        from game.engine import NextHand

        state.apply(NextHand(), None)
    return out


def test_the_bot_and_the_hint_get_derived_seeds_that_rebuild_no_deal():
    seed = 123456789
    spy = Spy()
    Match(MatchSetup("bot", preset("van"), seed, level="hard"), spy)
    assert spy.seeds, "the app made no bot"
    assert seed not in spy.seeds and str(seed) not in map(str, spy.seeds)
    assert derive_seed(seed, f"bot/{BOT_SEAT}") in spy.seeds
    real = deals(seed, 3)
    for given in spy.seeds:
        assert isinstance(given, int)
        # whatever the bot does with its seed, dealing a match from it gives other cards
        assert deals(given, 3)[0] != real[0]
