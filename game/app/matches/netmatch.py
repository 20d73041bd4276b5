"""A match with a friend on another machine, as the table scenes play it: the friend's seat is moved by the
session (as a computer's seat is moved by its bot), every move of this seat goes through the session, and the
engine state is the session's, with stand-ins for the cards this seat cannot see.

The session is polled on the main thread only (``arrived``, ``next_hand``); what happened to the line (a pause,
the friend back, the end) comes out as words for the table (``take_notices``).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.app.lang.i18n import has, tr
from game.engine import Action, Discard, DrawStock, Event, PassUpcard, Phase, TimerMove, best_discard
from game.net.errors import NOTICES
from game.net.session import Notice, Session

from .match import HandsFlow, Match
from .meta import MatchMeta

FRIEND_SECONDS = 2.0  # how long the next deal is "dealing" before the friend is said to be awaited


def reason_words(word: str) -> str:
    """The words for why an online match stopped: the protocol's notice, or the line's own reason."""
    return tr(word if word in NOTICES else "net.reason." + word)


@dataclass
class NetMatch(Match):
    """One seat of an online match (``session.seat`` is the person here)."""

    session: Session = field(kw_only=True)

    def __post_init__(self) -> None:
        self.resume = self.session.state
        super().__post_init__()
        self.queue: list[Notice] = []
        self.words: list[str] = []
        self.line_down = False  # the line dropped and has not come back yet
        self.dealt: list[Event] = []  # the next hand's deal, heard while waiting for it
        self.keepers: list[Callable[[dict[str, object]], object]] = []  # told each hand checked by both
        self.on_checked: list[Callable[[], object]] = []  # told each hand checked by both (``session.true_hand``)
        self.on_end: list[Callable[[str], object]] = []  # told once why the match stopped before its end
        self.info = MatchMeta("online", names=self.session.names, seat=self.session.seat, match_id=self.info.match_id)
        self.stopped = False
        self.going_on: HandsFlow | None = None  # where to go once the next hand is dealt (the player asked for it)
        self.asked_at = 0.0  # when the player asked for the next hand
        self.hand_was = 0  # the session's hand then

    @property
    def home(self) -> int:
        return self.session.seat

    def is_bot(self, seat: int | None) -> bool:
        """The friend's seat, and this one while its move waits on the friend (a card to unlock)."""
        return seat is not None and (seat != self.session.seat or not self.session.my_turn)

    def name(self, seat: int) -> str:
        return self.session.names[seat] or tr("menu.name1_default" if seat == 0 else "menu.name2_default")

    def say(self, key: str, seat: int, **params: object) -> str:
        """A sentence about ``seat``: the second-person form for the person at this screen ("You knock")."""
        if seat == self.session.seat and has(key + ".you"):
            return tr(key + ".you", **params)
        return tr(key, name=self.name(seat), **params)

    def after_hand(self, flow: HandsFlow) -> None:
        """The next hand once both have dealt it (the result screen stays, its frames go on, while they deal);
        the menu when the friend is gone."""
        if self.going_on is None:
            self.going_on, self.asked_at, self.hand_was = flow, time.monotonic(), self.session.hand
        self.idle()

    def idle(self) -> None:
        """Each frame between hands: the session heard, the next deal asked for once the player is ready, and on
        to the table once both have dealt it, never waiting inside the frame."""
        self.dealt += self._events()
        flow = self.going_on
        if flow is None:
            return
        if self.session.over:
            self.going_on = None
            flow.to_menu()
            return
        if self.session.between_hands:
            self.session.next_hand()
        if self.session.hand > self.hand_was and self.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self.going_on = None
            flow.deal_next_hand(self)

    def waiting(self) -> str | None:
        """What the next hand waits for, in words ("Dealing…", then the friend), or None when not asked for."""
        if self.going_on is None:
            return None
        if time.monotonic() - self.asked_at < FRIEND_SECONDS:
            return tr("net.dealing")
        return tr("net.waiting_for", name=self.name(1 - self.session.seat))

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action, player: int | None) -> list[Event]:
        """This seat's move through the session (``IllegalAction``: refused, nothing sent); its events."""
        if isinstance(action, TimerMove):
            action = self._timer_move()
        self.session.play(action)
        events = self._events()
        self._tell(action, events)
        return events

    def _timer_move(self) -> Action:
        """What the turn clock plays online, one step at a time: pass, draw from the stock, the best discard."""
        st = self.state
        if st.phase is Phase.UPCARD_OFFER:
            return PassUpcard()
        if st.phase is Phase.DRAW:
            return DrawStock()
        legal = [a for a in st.legal_actions() if isinstance(a, Discard)]
        best = Discard(best_discard(list(st.hands[self.session.seat])).card)
        return best if best in legal else legal[0]

    def _events(self) -> list[Event]:
        """What the session has to say now: its events (the state follows), the rest kept for later."""
        events: list[Event] = []
        for notice in self.queue + self.session.poll(0):
            if notice.kind == "event" and notice.event is not None:
                events.append(notice.event)
            elif notice.kind in ("paused", "resumed"):
                self.words.append(tr("net." + notice.kind))
                self.line_down = notice.kind == "paused"
            elif notice.kind == "ended":
                self.words.append(reason_words(notice.word))
                self._stop(notice.word)
            elif notice.kind == "hand_over" and self.session.records:
                for keep in self.keepers:  # the hand's whole exchange, for tools/check_online.py
                    keep(self.session.records[-1])
                for told in self.on_checked:
                    told()
        self.queue = []
        if self.session.state is not None:
            self.state = self.session.state
        return events

    def arrived(self) -> tuple[list[Event], int] | None:
        events = self._events()
        if not events:
            return None
        self._tell(None, events)
        mover = next((getattr(e, "player", None) for e in events if getattr(e, "player", None) is not None), None)
        return events, mover if isinstance(mover, int) else 1 - self.session.seat

    def leave(self) -> None:
        self._stop("left")
        self.session.close()

    def _stop(self, word: str) -> None:
        """Say once why the match stopped, unless it was played to its end."""
        if not self.stopped and not self.session.match_over:
            self.stopped = True
            for told in self.on_end:
                told(word)

    def take_notices(self) -> list[str]:
        words, self.words = self.words, []
        return words

    def standstill(self) -> str | None:
        if self.line_down and not self.stopped:
            return tr("status.line_down", name=self.name(1 - self.session.seat))
        return None

    def next_hand(self, source: object = None, by_player: bool = True) -> list[Event]:
        """The hand the friend and this side have just dealt (``idle`` saw it dealt)."""
        events, self.dealt = self.dealt, []
        self._tell(None, events)
        return events
