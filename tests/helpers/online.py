"""The online deal's tests: seeded randomness, whole honest hands at the deck level and between two referees."""
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


def referee_pair(seed, rules, dealer=0, wire=None):
    """Two referees of hand 1, shuffled and dealt through the wire form."""
    from game.net.referee import HandReferee

    refs = [HandReferee(0, 1, rules, dealer, randbytes=rand(seed * 7)),
            HandReferee(1, 1, rules, dealer, randbytes=rand(seed * 7 + 1))]
    pump_refs(refs, [(0, m) for m in refs[0].start()], wire)
    return refs


def pump_refs(refs, sent, wire=None):
    """Deliver (seat, message) pairs of one seat, and all they answer, as the game's own loopback does."""
    seats = {seat for seat, _ in sent}
    assert len(seats) <= 1, "one seat's messages at a time"
    if sent:
        lb.pump_referees(refs, seats.pop(), [msg for _, msg in sent], wire)


def choose(state, seat, rng):
    """A plain player: knock when it may, else mostly the stock and the discard that leaves least deadwood."""
    from game.engine import BigGin, Discard, DrawDiscard, DrawStock, Knock, best_discard

    acts = state.legal_actions()
    ends = [a for a in acts if isinstance(a, (Knock, BigGin))]
    if ends:
        return ends[0]
    if DrawStock() in acts:
        return DrawDiscard() if DrawDiscard() in acts and rng.random() < 0.2 else DrawStock()
    if any(isinstance(a, Discard) for a in acts):
        best = Discard(best_discard(state.hands[seat], state.taken_card).card)
        return best if best in acts else next(a for a in acts if isinstance(a, Discard))
    return rng.choice(acts)


def play_referees(seed, rules, dealer=0, wire=None):
    """A whole hand between two honest referees; returns them and the number of moves."""
    rng = random.Random(seed)
    refs = referee_pair(seed, rules, dealer, wire)
    moves = 0
    while not (refs[0].over and refs[1].over):
        seat = refs[0].state.to_act
        pump_refs(refs, [(seat, m) for m in refs[seat].play(choose(refs[seat].state, seat, rng))], wire)
        moves += 1
    return refs, moves


def play_match(seed, rules, most_hands=30):
    """Hands between two honest referees until the match is over (``loopback.play_match``); the last pair
    and the hands played."""
    rng = random.Random(seed)
    refs = lb.play_match(rules, 0, lambda seat, state: choose(state, seat, rng), rand(seed * 100),
                         most_hands=most_hands)
    return refs, refs[0].deck.hand
