"""Bots see only what their seat sees: no stock card and no unrevealed opponent card ever reaches them."""

import pytest
from helpers.secrets import _cards_in, _secret_of

from game.bots import Bot, make_bot, play_match
from game.engine import CLASSIC, VAN, Card, Event, Observation


class Recorder(Bot):
    """Wraps a real bot; everything it is given is checked against the live match's secrets at once."""

    def __init__(self, inner: Bot, audit):
        super().__init__(seed=0)
        self.inner = inner
        self.audit = audit  # audit(seat, thing) is called the moment the bot receives ``thing``

    def new_match(self, seat, rules):
        super().new_match(seat, rules)
        self.inner.new_match(seat, rules)

    def on_event(self, event):
        self.audit(self.seat, event)
        self.inner.on_event(event)

    def take_upcard(self, obs):
        self.audit(self.seat, obs)
        return self.inner.take_upcard(obs)

    def draw_from_discard(self, obs):
        self.audit(self.seat, obs)
        return self.inner.draw_from_discard(obs)

    def choose_discard(self, obs):
        self.audit(self.seat, obs)
        return self.inner.choose_discard(obs)

    def knock(self, obs, card):
        self.audit(self.seat, obs)
        return self.inner.knock(obs, card)

    def big_gin(self, obs):
        self.audit(self.seat, obs)
        return self.inner.big_gin(obs)






@pytest.mark.parametrize("rules", [VAN, CLASSIC.with_(target=60), VAN.with_(upcard_offer="hoyle", target=60)])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "simple"])
def test_no_hidden_card_reaches_a_bot(rules, level):
    live: dict = {}
    pending: list = []
    checked: list = []

    def check(seat, thing):
        state = live["state"]
        assert isinstance(thing, (Observation, Event)), f"seat {seat} got a {type(thing).__name__}"
        secret = _secret_of(state, seat)
        found: set[int] = set()
        _cards_in(thing, state.hand_no, found, set())
        leaked = [str(Card(c)) for c in found if secret >> c & 1]
        assert not leaked, f"seat {seat} was shown hidden cards {leaked} in {type(thing).__name__}"
        if isinstance(thing, Observation):
            assert thing.player == seat and thing.hand == tuple(state.hands[seat])
        checked.append(type(thing))

    def audit(seat, thing):
        if "state" in live:
            check(seat, thing)  # the state is live: this is the moment the bot receives it
        else:
            pending.append((seat, thing))  # the first deal is told before the first watch

    def watch(state, events):
        live["state"] = state
        while pending:
            check(*pending.pop(0))

    bots = [Recorder(make_bot(level, seed=1), audit), Recorder(make_bot("hard", seed=2), audit)]
    record = play_match(rules, 21, bots[0], bots[1], watch=watch)
    assert record.winner in (0, 1) and record.fallbacks == [0, 0]
    assert checked.count(Observation) > 50
    assert sum(issubclass(k, Event) for k in checked) > 100


def test_the_secret_check_can_fail():
    """The walker does find a hidden card when one is handed over (so the test above can fail)."""
    from game.engine import new_match, observe

    state, events = new_match(VAN, 4)
    opp_card = state.hands[1][0]
    found: set[int] = set()
    _cards_in(events[0], 0, found, set())  # the full deal event, not the seat's copy
    assert _secret_of(state, 0) >> opp_card & 1 and opp_card in found
    found = set()
    _cards_in(events[0].seen_by(0), 0, found, set())
    assert opp_card not in found
    found = set()
    _cards_in(observe(state, 0), 0, found, set())
    assert not any(_secret_of(state, 0) >> c & 1 for c in found)
