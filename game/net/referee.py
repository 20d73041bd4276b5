"""One seat's referee of an online hand: the engine over the deal dealt by both, every move judged.

Sans-IO like the deck: ``play`` turns this seat's move into messages, ``receive`` judges the peer's.
A card leaves a hand only by showing its position (the keys open it, and it must be the card named);
a draw from the stock is the next position, opened for the drawer alone; a knock shows both hands.
The engine runs on this seat's stand-in state (``game.net.standin``) and refuses an illegal move;
at the hand's end both reveal their keys, every step of the deal is checked, and the hand is played
again from the true deal through the engine, which must give the same result.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    HandDealt,
    HandResult,
    IllegalAction,
    Knock,
    MatchState,
    NextHand,
    PassUpcard,
    Phase,
    Rules,
    TakeUpcard,
)
from game.net.deck import UPCARD, DeckSide, KeyBook, dealt_positions
from game.net.errors import DealError
from game.net.standin import StandIns, replay

MOVES: dict[str, type[Action]] = {"take_upcard": TakeUpcard, "pass_upcard": PassUpcard, "draw_stock": DrawStock,
                                  "draw_discard": DrawDiscard, "discard": Discard, "knock": Knock, "big_gin": BigGin}
NAMES = {cls: name for name, cls in MOVES.items()}
Out = list[dict[str, Any]]


class HandReferee:
    """Seat 0 (the deck's "A") or 1 of one hand, dealt by ``dealer`` (a seat), under ``rules``.

    ``hand`` counts from 1 (the engine's ``hand_no`` is one less); ``history`` is the match's hands so far.
    """

    def __init__(self, seat: int, hand: int, rules: Rules, dealer: int, book: KeyBook | None = None,
                 randbytes: Callable[[int], bytes] | None = None, history: Sequence[HandResult] = ()) -> None:
        self.seat, self.peer, self.rules, self.dealer = seat, 1 - seat, rules, dealer
        self.deck = DeckSide("AB"[seat], hand, "AB"[dealer], randbytes, book)
        self.history = tuple(history)
        self.view: StandIns | None = None
        self.moves: list[tuple[Action, int]] = []
        self.holder: dict[int, int] = {}
        self.next_stock = UPCARD + 1
        self.pending: Action | None = None
        self.checked = False
        self.events: list[Event] = []  # what this seat has seen happen, as ``Event.seen_by`` gives it

    @property
    def state(self) -> MatchState | None:
        """This seat's engine state (stand-ins for what it cannot see), once its cards are dealt."""
        return None if self.view is None else self.view.state

    def start(self) -> Out:
        return self.deck.start()

    # ------------------------------------------------------------------ this seat's moves

    def play(self, action: Action) -> Out:
        """This seat's move: the messages that carry it (and show what it must show); ``IllegalAction`` if refused."""
        if self.view is None or self.pending is not None:
            raise ValueError("the hand is not ready for a move")
        if type(action) not in NAMES or (isinstance(action, Knock) and action.declared):
            raise ValueError(f"{action} is not a move of an online hand (a knock is laid out by the engine)")
        problem = self.view.state.why_illegal(action, self.seat)
        if problem is not None:
            raise problem
        out: Out = []
        position = -1
        if isinstance(action, DrawStock):
            position = self.next_stock
            out += self.deck.deal_to(position, self.deck.seat)
            self.pending = action
        elif isinstance(action, (Discard, Knock)):
            position = self._position(action.card)
            shown = self._hand_positions(self.seat) if isinstance(action, Knock) else [position]
            out += self.deck.show([j for j in shown if j not in self.deck.given])
        elif isinstance(action, BigGin):
            out += self.deck.show([j for j in self._hand_positions(self.seat) if j not in self.deck.given])
        card = getattr(action, "card", None)
        out.append(self.deck.note("move", action=NAMES[type(action)], card=-1 if card is None else int(card),
                                  position=position))
        if isinstance(action, (Knock, BigGin)):
            self.pending = action
        if self.pending is None:
            out += self._apply(action, self.seat)
        return out + self._settle()

    def _position(self, card: int) -> int:
        assert self.view is not None
        return self.view.layout.index(card)

    def _hand_positions(self, seat: int) -> list[int]:
        assert self.view is not None
        return sorted(self._position(c) for c in self.view.state.hands[seat])

    def _apply(self, action: Action, seat: int) -> Out:
        assert self.view is not None
        if isinstance(action, DrawStock):
            self.holder[self.next_stock] = seat
            self.next_stock += 1
        elif isinstance(action, (DrawDiscard, TakeUpcard)):
            self.holder[self._position(self.view.state.discard[-1])] = seat
        self.events += [event.seen_by(self.seat) for event in self.view.state.apply(action, seat)]
        self.moves.append((action, seat))
        return self.deck.reveal() if self.over else []

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    # ------------------------------------------------------------------ the peer's messages

    def receive(self, msg: dict[str, Any]) -> Out:
        """A checked message from the peer; what to send back.  ``DealError`` names what the peer did wrong."""
        if msg["type"] == "notice":
            self.deck.take(msg)
            raise DealError("net.peer_stopped", self.deck.peer, "notice", f"{msg['notice']}: {msg['detail']}")
        if msg["type"] == "reveal" and not self.over:
            self.deck.take(msg)
            raise DealError("net.out_of_turn", self.deck.peer, "reveal", "keys revealed before the hand is over")
        if msg["type"] != "move":
            out = self.deck.receive(msg)
            if self.view is None:
                self._open_view()
            elif self.deck.order is not None and not self.checked:
                self._check_replay()
            return out + self._settle()
        self.deck.take(msg)
        return self._on_move(msg)

    def _open_view(self) -> None:
        mine = dealt_positions(self.deck.seat, self.deck.dealer) + [UPCARD]
        if all(j in self.deck.cards for j in mine):
            self.view = StandIns({j: self.deck.cards[j] for j in mine}, self.rules, self.dealer,
                                 self.deck.hand - 1, self.history)
            s = self.view.state
            hands = (tuple(s.hands[0]), tuple(s.hands[1]))
            self.events.append(HandDealt(s.hand_no, s.dealer, Card(self.deck.cards[UPCARD]), hands, s.knock_limit,
                                         len(s.stock)).seen_by(self.seat))
            for j in dealt_positions(self.deck.seat, self.deck.dealer):
                self.holder[j] = self.seat
            for j in dealt_positions(self.deck.peer, self.deck.dealer):
                self.holder[j] = self.peer

    def _settle(self) -> Out:
        """Learn every card opened since, and play this seat's waiting move once its keys are in."""
        if self.view is None:
            return []
        for j, card in self.deck.cards.items():
            if j not in self.view.known:
                self.view.learn(j, card)
        action, self.pending = self.pending, None
        if action is None:
            return []
        needed = [self.next_stock] if isinstance(action, DrawStock) else self._hand_positions(self.peer)
        if any(j not in self.deck.cards for j in needed):
            self.pending = action
            return []
        return self._apply(action, self.seat)

    def _on_move(self, msg: dict[str, Any]) -> Out:
        step = f"move {msg['action']}"
        if self.view is None or self.pending is not None or msg["action"] not in MOVES:
            raise DealError("net.out_of_turn", self.deck.peer, step, "a move that was not due")
        kind = MOVES[msg["action"]]
        out: Out = []
        carries = (kind in (Discard, Knock), kind in (Discard, Knock, DrawStock))
        if (msg["card"] >= 0, msg["position"] >= 0) != carries:
            raise DealError("net.malformed", self.deck.peer, step, "a card or a position where the move has none")
        if kind in (Discard, Knock):
            position, card = msg["position"], msg["card"]
            if self.holder.get(position) != self.peer:
                raise DealError("net.wrong_card", self.deck.peer, step, f"position {position} is not in its hand")
            self.deck.claim(position, card)
            action: Action = kind(Card(card))
        else:
            action = kind()
            if kind is DrawStock and msg["position"] != self.next_stock:
                raise DealError("net.out_of_turn", self.deck.peer, step, f"the stock's next card is {self.next_stock}")
        problem = self.view.state.why_illegal(action, self.peer)
        if problem is not None:
            raise DealError("net.illegal_move", self.deck.peer, step, str(problem))
        if kind is DrawStock:
            out += self.deck.deal_to(self.next_stock, self.deck.peer)
        if kind in (Knock, BigGin):
            missing = [j for j in self._hand_positions(self.peer) if j not in self.deck.cards]
            if missing:
                raise DealError("net.withheld_key", self.deck.peer, step, f"its hand is not shown: {missing}")
            out += self.deck.show([j for j in self._hand_positions(self.seat) if j not in self.deck.given])
        return out + self._apply(action, self.peer)

    def take_events(self) -> list[Event]:
        """The events this seat has seen since the last call (for its player, a bot or a screen)."""
        events, self.events = self.events, []
        return events

    def overdue(self) -> DealError | None:
        """What the peer owes now (a deck, keys, its hand at a knock, a move, its reveal), as the error to end
        on when the caller's clock says it waited long enough; None when nothing is owed."""
        owed = self.deck.overdue()
        if owed is not None or self.view is None:
            return owed
        peer = self.deck.peer
        if isinstance(self.pending, (Knock, BigGin)):
            missing = [j for j in self._hand_positions(self.peer) if j not in self.deck.cards]
            return DealError("net.withheld_key", peer, "knock", f"its hand is not shown: {missing}")
        if not self.over and self.view.state.to_act == self.peer:
            return DealError("net.stalled", peer, "move", "its move did not come")
        return None

    def stop(self, error: DealError) -> Out:
        """The notice to send the peer when the hand ends on ``error`` (this side's last message)."""
        return [self.deck.note("notice", notice=error.notice, detail=error.detail[:400])]

    # ------------------------------------------------------------------ the hand's end

    def _check_replay(self) -> None:
        assert self.view is not None and self.deck.order is not None
        try:
            result = replay(self.rules, self.deck.order, self.dealer, self.deck.hand - 1, self.history, self.moves)
        except IllegalAction as exc:
            raise DealError("net.illegal_move", self.deck.peer, "replay", f"the true deal refuses: {exc}") from None
        if result != self.view.state.last_result:
            raise DealError("net.wrong_card", self.deck.peer, "replay", "the true deal gives another result")
        self.checked = True

    @property
    def result(self) -> HandResult | None:
        """The hand's result once the whole deal is checked and the replay agrees; None before."""
        return self.view.state.last_result if self.checked and self.view is not None else None

    def following(self) -> tuple[int, tuple[HandResult, ...]] | None:
        """The next hand's dealer and the match's history so far, or None while unchecked or when the match is over.

        The next ``HandReferee`` is ``HandReferee(seat, hand + 1, rules, dealer, book, history=history)``
        with the same ``KeyBook``, so no key of this hand serves again.
        """
        if self.result is None or self.view is None or self.view.state.phase == Phase.MATCH_OVER:
            return None
        ahead = self.view.state.copy()
        ahead.apply(NextHand())
        return ahead.dealer, tuple(ahead.history)
