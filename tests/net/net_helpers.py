"""Seeded randomness and a whole honest hand at the deck level, shared by the network's tests."""
import random

from game.net import loopback as lb


def rand(seed):
    return random.Random(seed).randbytes


def play_hand(seed=1, dealer="A", wire=None, draws=6):
    """Deal, then ``draws`` turns: the player to draw takes the next stock card and shows a card of its hand."""
    a, b = lb.deal_pair(1, dealer, rand(seed), rand(seed + 1000), wire)
    sides = {"A": a, "B": b}
    drawer = "B" if dealer == "A" else "A"
    for turn in range(draws):
        position = 21 + turn
        me, other = sides[drawer], sides["B" if drawer == "A" else "A"]
        lb.pump(a, b, lb.send(me, me.deal_to(position, drawer)), wire)
        lb.pump(a, b, lb.send(other, other.deal_to(position, drawer)), wire)
        lb.pump(a, b, lb.send(me, me.show([position])), wire)
        other.claim(position, me.card_at(position))
        drawer = other.seat
    return a, b
