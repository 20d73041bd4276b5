"""A particle picture of the opponent's hand, read from what the opponent did this hand.

The table view (``knowledge.TableView``) scales each unseen card by a few fixed factors.  This module
instead keeps a few hundred guessed stories of the opponent's hand (the ten cards it was dealt and
each unseen card it drew) and weighs each by how likely a plain player (one that takes a face-up card
that melds, throws the card that leaves the least deadwood and knocks when it may) would have done
what the opponent did: every face-up card it took or let go, every throw, every turn it did not
knock.  The likelihoods are softened (``take_slip``, ``throw_temper``, ``knock_slip``) so a player of
another style only blurs the picture.  Every deal is equally likely, so a story's weight is just that
likelihood; after each throw the stories are resampled and moved by a Metropolis step (one card of a
story swapped for an unseen one, or two of its cards swapping their places, the whole story replayed).

Only the events a seat is told reach it: it never sees a hidden card.  It is a measurement, not a
bot's part: ``bench/bench_reading.py`` compares its chances with the table view's (it reads a little
better, at a few hundred times the cost; ``docs/bots.md``).
"""
from __future__ import annotations

import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.bots.knowledge import FULL, bits, melds_in  # noqa: E402
from game.engine import (  # noqa: E402
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    Knocked,
    Rules,
    UpcardDecision,
    UpcardRetired,
)
from game.engine.melds import best_discard_key, deadwood_of_mask  # noqa: E402

OFFER, STOCK, THROW, NO_KNOCK = range(4)
Step = tuple[int, int, int]  # (kind, card, extra): extra is 1 for an offer taken, the forbidden mask of a throw


class HandPosterior:
    """Weighted stories of the opponent's hand, updated from one seat's events.

    A story is a list of cards: the ten dealt to the opponent, then one for each of its stock
    draws.  ``hands`` holds each story's hand now (with the face-up cards it took), ``weights``
    the stories' weights.
    """

    def __init__(
        self,
        seat: int,
        rules: Rules,
        rng: random.Random,
        particles: int = 200,
        moves: int = 1,
        take_slip: float = 0.05,
        throw_temper: float = 1.5,
        knock_slip: float = 0.05,
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.rng = rng
        self.n = particles
        self.moves = moves
        self.log_take = math.log(take_slip)
        self.throw_temper = throw_temper
        self.log_knock = math.log(knock_slip)
        self.active = False
        self.limit = 10
        self.mine = 0
        self.pile: list[int] = []
        self.retired = 0
        self.steps: list[Step] = []  # what the opponent did, as this seat saw it
        self.stories: list[list[int]] = []
        self.hands: list[int] = []
        self.weights: list[float] = []
        self.loglik: list[float] = []
        self._stock_draw = False
        self._forbid = 0
        self._refused = -1
        self._check_knock = False

    # ---------------------------------------------------------------- following the hand

    def unseen(self) -> int:
        """Cards this seat has not seen: the opponent's hand and the stock."""
        m = self.mine | self.retired
        for c in self.pile:
            m |= 1 << c
        return FULL & ~m

    def on_event(self, event: Event) -> None:
        if self._check_knock and not (isinstance(event, Knocked) and event.player != self.seat):
            self._check_knock = False
            self._weigh_no_knock()
        if isinstance(event, HandDealt):
            self._deal(event)
            return
        if not self.active:
            return
        me = self.seat
        if isinstance(event, UpcardDecision):
            if event.player == me:
                if event.taken:
                    self._pop_pile(event.card)
                    self.mine |= 1 << event.card
            else:
                self._offer(int(event.card), event.taken)
        elif isinstance(event, UpcardRetired):
            self._pop_pile(event.card)
            self.retired |= 1 << event.card
        elif isinstance(event, Drew):
            if event.player == me:
                if event.card is None:
                    return
                self.mine |= 1 << event.card
                if event.source == "discard":
                    self._pop_pile(event.card)
                else:
                    self._seen_in_stock(int(event.card))
            elif event.source == "discard" and event.card is not None:
                self._offer(int(event.card), True)
            else:
                if self.pile and self.pile[-1] != self._refused:
                    self._offer(self.pile[-1], False)
                self._stock_draw = True
                self.steps.append((STOCK, -1, 0))
        elif isinstance(event, Discarded):
            if event.player == me:
                self.mine &= ~(1 << event.card)
                self.pile.append(int(event.card))
            else:
                self._opp_discard(int(event.card))
        elif isinstance(event, (Knocked, HandEnded)):
            self.active = False

    def _pop_pile(self, card: int) -> None:
        if self.pile and self.pile[-1] == card:
            self.pile.pop()
        elif card in self.pile:
            self.pile.remove(card)

    def _deal(self, event: HandDealt) -> None:
        mine = event.hands[self.seat]
        self.active = mine is not None
        if mine is None:
            return
        self.limit = event.knock_limit
        self.mine = sum(1 << c for c in mine)
        self.pile = [int(event.upcard)]
        self.retired = 0
        self.steps = []
        self._stock_draw = False
        self._forbid = 0
        self._refused = -1
        self._check_knock = False
        pool = list(bits(self.unseen()))
        rng = self.rng
        self.stories = [rng.sample(pool, 10) for _ in range(self.n)]
        self.hands = [sum(1 << c for c in s) for s in self.stories]
        self.weights = [1.0] * self.n
        self.loglik = [0.0] * self.n

    def _seen_in_stock(self, card: int) -> None:
        """This seat drew ``card`` from the stock: no story may have it in the opponent's hand."""
        bit = 1 << card
        ws = self.weights
        for i, h in enumerate(self.hands):
            if h & bit:
                ws[i] = 0.0
        self._settle(move=True)

    def _offer(self, card: int, taken: bool) -> None:
        """The opponent took (or let go) the face-up ``card``."""
        forbid = 1 << card if taken and not self.rules.may_discard_taken_card else 0
        self.steps.append((OFFER, card, int(taken)))
        slip = math.exp(self.log_take)
        ws = self.weights
        ll = self.loglik
        for i, h in enumerate(self.hands):
            if melds_in(h, card) != taken:
                ws[i] *= slip
                ll[i] += self.log_take
        if taken:
            self._pop_pile(card)
            self.hands = [h | 1 << card for h in self.hands]
            self._forbid = forbid
            self._refused = -1
        else:
            self._refused = card
        self._settle(move=False)

    def _throw_loglik(self, hand11: int, card: int, forbid: int) -> float:
        least = best_discard_key(hand11, forbid)[1]
        gap = deadwood_of_mask(hand11 ^ (1 << card)) - least
        return -self.throw_temper * gap if gap > 0 else 0.0

    def _opp_discard(self, card: int) -> None:
        bit = 1 << card
        unseen = self.unseen()  # the thrown card is still unseen here
        ws = self.weights
        ll = self.loglik
        hands = self.hands
        forbid = self._forbid
        if self._stock_draw:
            rng = self.rng
            for i, h in enumerate(hands):
                pool = unseen & ~h
                if h & bit:
                    options = list(bits(pool))
                    x = rng.choice(options) if options else card
                    h11 = h | 1 << x
                    t = self._throw_loglik(h11, card, 0)
                    ws[i] *= math.exp(t)
                else:
                    x = card
                    h11 = h | bit
                    t = self._throw_loglik(h11, card, 0)
                    ws[i] *= math.exp(t) / max(1, bin(pool).count("1"))
                ll[i] += t
                self.stories[i].append(x)
                hands[i] = h11 ^ bit
        else:
            for i, h in enumerate(hands):
                if h & bit:
                    t = self._throw_loglik(h, card, forbid)
                    ws[i] *= math.exp(t)
                    ll[i] += t
                    hands[i] = h ^ bit
                else:  # cannot be: it threw a card this story does not hold
                    ws[i] = 0.0
        self.steps.append((THROW, card, 0 if self._stock_draw else forbid))
        self.pile.append(card)
        self._stock_draw = False
        self._forbid = 0
        self._refused = -1
        self._check_knock = True
        self._settle(move=True)

    def _weigh_no_knock(self) -> None:
        limit = self.limit
        slip = math.exp(self.log_knock)
        ws = self.weights
        ll = self.loglik
        self.steps.append((NO_KNOCK, -1, 0))
        for i, h in enumerate(self.hands):
            if deadwood_of_mask(h) <= limit:
                ws[i] *= slip
                ll[i] += self.log_knock
        self._settle(move=True)

    # ---------------------------------------------------------------- keeping the stories varied

    def _settle(self, move: bool) -> None:
        ws = self.weights
        total = sum(ws)
        n = self.n
        if total <= 0.0:
            self._restart()
            return
        ess = total * total / sum(w * w for w in ws)
        if ess < n / 2:
            self._resample(total)
            if move:
                for _ in range(self.moves):
                    self._move_all()
        else:
            f = n / total
            self.weights = [w * f for w in ws]

    def _resample(self, total: float) -> None:
        n = self.n
        step = total / n
        u = self.rng.random() * step
        ws = self.weights
        picks = []
        acc = ws[0]
        j = 0
        for k in range(n):
            target = u + k * step
            while acc < target and j < n - 1:
                j += 1
                acc += ws[j]
            picks.append(j)
        self.stories = [list(self.stories[j]) for j in picks]
        self.hands = [self.hands[j] for j in picks]
        self.loglik = [self.loglik[j] for j in picks]
        self.weights = [1.0] * n

    def replay(self, story: list[int]) -> tuple[float, int]:
        """(log-likelihood of everything the opponent did, its hand now) for one story; -inf if the
        story cannot be (it throws a card it does not hold, or holds a card twice)."""
        hand = 0
        for c in story[:10]:
            hand |= 1 << c
        nxt = 10
        ll = 0.0
        for kind, card, extra in self.steps:
            if kind == OFFER:
                if melds_in(hand, card) != bool(extra):
                    ll += self.log_take
                if extra:
                    hand |= 1 << card
            elif kind == STOCK:
                if nxt >= len(story):
                    break  # the draw of the turn now being played
                x = 1 << story[nxt]
                if hand & x:
                    return -math.inf, hand
                hand |= x
                nxt += 1
            elif kind == THROW:
                if not hand >> card & 1:
                    return -math.inf, hand
                ll += self._throw_loglik(hand, card, extra)
                hand ^= 1 << card
            elif deadwood_of_mask(hand) <= self.limit:
                ll += self.log_knock
        return ll, hand

    def _move_all(self) -> None:
        rng = self.rng
        unseen = self.unseen()
        for i, story in enumerate(self.stories):
            hand = self.hands[i]
            s = rng.randrange(len(story))
            new = list(story)
            c = story[s]
            if hand >> c & 1:  # still held: swap it for an unseen card outside the hand
                pool = unseen & ~hand
                if not pool:
                    continue
                options = list(bits(pool))
                new[s] = rng.choice(options)
            else:  # thrown since: it trades places with another card of the story
                t = rng.randrange(len(story))
                if t == s:
                    continue
                new[s], new[t] = new[t], new[s]
            ll, h = self.replay(new)
            if ll == -math.inf:
                continue
            if ll >= self.loglik[i] or rng.random() < math.exp(ll - self.loglik[i]):
                self.stories[i] = new
                self.hands[i] = h
                self.loglik[i] = ll

    def _restart(self) -> None:
        """Every story was ruled out: draw fresh ones that fit the throws, then move them."""
        rng = self.rng
        known = 0
        thrown: list[int] = []
        for kind, card, extra in self.steps:
            if kind == OFFER and extra:
                known |= 1 << card
            elif kind == THROW:
                if known >> card & 1:
                    known ^= 1 << card
                else:
                    thrown.append(card)
        pool = list(bits(self.unseen() & ~known))
        size = 10 - bin(known).count("1")
        stories, hands, lls = [], [], []
        for _ in range(self.n):
            ll, h, story = -math.inf, 0, []
            for _ in range(20):
                story = thrown + rng.sample(pool, min(size, len(pool)))
                rng.shuffle(story)
                ll, h = self.replay(story)
                if ll > -math.inf:
                    break
            stories.append(story)
            hands.append(h)
            lls.append(ll if ll > -math.inf else -1e9)
        self.stories, self.hands, self.loglik = stories, hands, lls
        self.weights = [1.0] * self.n
        for _ in range(3):
            self._move_all()

    # ---------------------------------------------------------------- reading it

    def card_chances(self) -> list[float]:
        """Chance of each card being in the opponent's hand."""
        out = [0.0] * 52
        total = sum(self.weights)
        for h, w in zip(self.hands, self.weights, strict=True):
            for c in bits(h):
                out[c] += w
        return [x / total for x in out] if total else out

    def danger(self, card: int) -> float:
        """Chance that ``card`` would join a meld in the opponent's hand."""
        total = hit = 0.0
        for h, w in zip(self.hands, self.weights, strict=True):
            total += w
            if melds_in(h, card):
                hit += w
        return hit / total if total else 0.0
