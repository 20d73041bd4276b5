"""Every cheat of the deal is caught and named: the party, the step and the notice."""
import pytest
from helpers.online import play_hand, rand

from game.net import cipher
from game.net import loopback as lb
from game.net.deck import DeckSide, shuffled
from game.net.errors import DealError
from game.net.messages import message


def _caught(action):
    with pytest.raises(DealError) as caught:
        action()
    return caught.value


def _named(error, notice, party, step):
    assert (error.notice, error.party, error.step) == (notice, party, step), str(error)


def _first_deck(points):
    return message("deck", 1, 0, stage=1, points=[p.hex() for p in points])


def _honest_deck_1(seed=1):
    return [cipher.lock(cipher.new_key(rand(seed)), p) for p in cipher.CARD_POINTS]


def test_a_deck_with_a_card_twice_is_refused_at_once():
    deck = _honest_deck_1()
    deck[5] = deck[9]
    _named(_caught(lambda: DeckSide("B", 1, "A").receive(_first_deck(deck))), "net.duplicate_card", "A", "deck 1")


@pytest.mark.parametrize("bad", [cipher.CARD_POINTS[3], (1).to_bytes(32, "little"), bytes(32),
                                 (2).to_bytes(32, "little")])
def test_a_deck_with_a_card_in_the_clear_or_a_point_outside_the_group_is_refused(bad):
    deck = _honest_deck_1()
    deck[0] = bad
    _named(_caught(lambda: DeckSide("B", 1, "A").receive(_first_deck(deck))), "net.bad_point", "A", "deck 1")


class Substituting(DeckSide):
    """Seat A slipping a second king of spades in, under another key, for the ace of clubs."""

    def start(self):
        deck = [cipher.lock(self._key, p) for p in cipher.CARD_POINTS]
        deck[0] = cipher.lock(cipher.new_key(), cipher.CARD_POINTS[51])
        return [self._put(1, shuffled(deck, self._rand))]


def test_a_replaced_or_duplicated_card_is_caught_when_drawn_or_at_the_end():
    seen = set()
    for seed in range(8):
        a = Substituting("A", 1, "A", rand(seed))
        b = DeckSide("B", 1, "A", rand(seed + 50))
        try:
            lb.pump(a, b, lb.send(a, a.start()))
            lb.finish(a, b)
        except DealError as error:
            assert error.party == "A"
            assert (error.notice, error.step) in {("net.bad_key", "keys"), ("net.forged_deck", "deck 1")}
            seen.add(error.notice)
        else:
            pytest.fail("the forged deck went through")
    assert seen == {"net.bad_key", "net.forged_deck"}


class WrongRekey(DeckSide):
    """Seat B putting one position's lock on with a key it will not reveal."""

    def _next_pass(self, stage):
        sent = super()._next_pass(stage)
        if stage == 4:
            self.decks[4][51] = cipher.lock(cipher.new_key(), self.decks[4][51])
            sent["points"][51] = self.decks[4][51].hex()
        return sent


def test_a_pass_the_revealed_keys_do_not_give_is_caught_at_the_end():
    a, b = DeckSide("A", 1, "A", rand(1)), WrongRekey("B", 1, "A", rand(2))
    lb.pump(a, b, lb.send(a, a.start()))
    a.reveal()
    _named(_caught(lambda: a.receive(b.reveal()[0])), "net.bad_key", "B", "deck 4")


def _tampered_keys(change):
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    b.deal_to(21, "B")
    sent = a.deal_to(21, "B")[0]
    change(sent, a)
    return lambda: b.receive(sent)


def test_a_wrong_key_for_a_draw_is_caught_when_it_comes():
    def wrong(sent, a):
        sent["keys"][0] = cipher.new_key().hex()
    _named(_caught(_tampered_keys(wrong)), "net.bad_key", "A", "keys")


def test_a_key_used_twice_is_caught():
    def reused(sent, a):
        sent["keys"][0] = a._keys[0].hex()  # position 0's key, which B already has
    _named(_caught(_tampered_keys(reused)), "net.reused_key", "A", "keys")


def test_a_zero_or_unreduced_key_is_caught():
    def zero(sent, a):
        sent["keys"][0] = "00" * 32
    _named(_caught(_tampered_keys(zero)), "net.bad_key", "A", "keys")


def test_a_key_of_an_earlier_hand_is_caught():
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    lb.finish(a, b)
    old = a._keys[30]
    a2, b2 = DeckSide("A", 2, "B", rand(3), a.book), DeckSide("B", 2, "B", rand(4), b.book)
    lb.pump(a2, b2, lb.send(a2, a2.start()))
    b2.deal_to(21, "B")
    sent = a2.deal_to(21, "B")[0]
    sent["keys"][0] = old.hex()
    _named(_caught(lambda: b2.receive(sent)), "net.reused_key", "A", "keys")


def test_a_key_revealed_at_the_end_that_differs_from_the_one_sent_is_caught():
    a, b = play_hand(seed=2, draws=2)
    sent = a.reveal()[0]
    sent["keys"][0] = cipher.new_key().hex()  # position 0 went to B with another key
    _named(_caught(lambda: b.receive(sent)), "net.changed_key", "A", "reveal")


def test_a_reveal_that_reuses_a_key_is_caught():
    a, b = play_hand(seed=2, draws=2)
    sent = a.reveal()[0]
    sent["keys"][40] = sent["keys"][41]
    _named(_caught(lambda: b.receive(sent)), "net.reused_key", "A", "reveal")
    sent["keys"][40] = sent["key"]


def test_a_revealed_first_key_that_does_not_give_the_first_deck_is_caught():
    a, b = play_hand(seed=2, draws=2)
    sent = a.reveal()[0]
    sent["key"] = cipher.new_key().hex()
    _named(_caught(lambda: b.receive(sent)), "net.forged_deck", "A", "deck 1")


def test_a_card_claimed_that_the_deck_says_is_another_is_caught():
    a, b = play_hand(seed=3, draws=1)  # B drew position 21 and showed it
    shown = a.card_at(21)
    _named(_caught(lambda: a.claim(21, (shown + 1) % 52)), "net.wrong_card", "B", "claim")
    _named(_caught(lambda: a.claim(30, shown)), "net.withheld_key", "B", "claim")
    a.claim(21, shown)


@pytest.mark.parametrize("forge, notice", [
    (lambda msg: {**msg, "seq": msg["seq"] - 1}, "net.replayed"),
    (lambda msg: {**msg, "seq": msg["seq"] + 1}, "net.replayed"),
    (lambda msg: {**msg, "hand": 2}, "net.wrong_hand"),
    (lambda msg: {**msg, "stage": 1}, "net.out_of_turn"),
    (lambda msg: {**msg, "stage": 2}, "net.out_of_turn"),
    (lambda msg: message("keys", 1, msg["seq"], to="both", positions=[0], keys=["11" * 32]), "net.out_of_turn"),
    (lambda msg: message("reveal", 1, msg["seq"], key="11" * 32, keys=["22" * 32] * 52), "net.out_of_turn"),
    (lambda msg: message("move", 1, msg["seq"], action="knock", card=-1, position=-1), "net.out_of_turn"),
])
def test_out_of_turn_replayed_or_foreign_messages_are_refused(forge, notice):
    a, b = DeckSide("A", 1, "A", rand(1)), DeckSide("B", 1, "A", rand(2))
    first = a.start()[0]
    assert b.receive(first)  # B answers deck 1 with deck 2
    second = {**first, "seq": 1}
    error = _caught(lambda: b.receive(forge(second)))
    assert error.notice == notice and error.party == "A"


def test_keys_for_a_card_of_this_side_or_of_the_stock_are_refused():
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    for position, to in ((1, "both"), (1, "you"), (30, "both"), (30, "you")):  # 1: A's own card; 30: stock
        forged = message("keys", 1, a._received, to=to, positions=[position], keys=[cipher.new_key().hex()])
        error = _caught(lambda forged=forged: a.receive(forged))
        assert error.notice == "net.out_of_turn" and error.party == "B"
        a._received -= 1


def test_a_reveal_holding_a_key_of_this_side_or_of_an_earlier_hand_is_caught():
    a, b = lb.deal_pair(1, "A", rand(1), rand(2))
    lb.finish(a, b)
    for borrowed in (lambda a2, b2: b2._keys[45], lambda a2, b2: a._keys[45]):
        a2, b2 = DeckSide("A", 2, "B", rand(3), a.book.copy()), DeckSide("B", 2, "B", rand(4), b.book.copy())
        lb.pump(a2, b2, lb.send(a2, a2.start()))
        sent = a2.reveal()[0]
        sent["keys"][45] = borrowed(a2, b2).hex()  # position 45: never given during the hand
        _named(_caught(lambda b2=b2, sent=sent: b2.receive(sent)), "net.reused_key", "A", "reveal")
